// The persistent DD-table worker pool (see redouble/batch.hpp).
#include "redouble/batch.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <string>
#include <system_error>

#include "../dispatch/engine.hpp"  // the Engine of the kernel in use
#include "redouble/deal.hpp"
#include "redouble/errors.hpp"
#include "redouble/solver.hpp"

namespace redouble {

namespace {
/// Deals per worker from which a batch hands out whole deals rather than single strains.
constexpr std::size_t kWholeDealsPerWorker = 8;
}  // namespace

struct BatchPool::Job {
  const std::uint64_t* deals = nullptr;
  std::size_t units = 0;
  bool whole_deals = false;  ///< a unit is a deal's whole table, not one strain of it
  std::uint8_t* out = nullptr;
  std::uint8_t* done = nullptr;
  std::vector<std::atomic<std::uint8_t>>* strains_done = nullptr;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> tables_done{0};
  std::atomic<bool> cancel{false};
  std::exception_ptr error;
  std::mutex error_mu;
};

BatchPool::BatchPool(int threads, std::size_t memory_bytes) { start(threads, memory_bytes); }

BatchPool::~BatchPool() { stop_all(); }

void BatchPool::resize(int threads, std::size_t memory_bytes) {
  if (running_.load()) throw Error("the batch pool cannot be resized while a batch runs");
  stop_all();
  start(threads, memory_bytes);
}

void BatchPool::start(int threads, std::size_t memory_bytes) {
  if (threads < 1 || threads > kMaxBatchThreads)
    throw Error("threads must be 1.." + std::to_string(kMaxBatchThreads) + ", got " +
                std::to_string(threads));
  const std::size_t share = memory_bytes / static_cast<std::size_t>(threads);
  if (share < kMinWorkerTableBytes)
    throw Error("memory budget of " + std::to_string(memory_bytes) + " bytes gives each of " +
                std::to_string(threads) + " workers less than the " +
                std::to_string(kMinWorkerTableBytes >> 20) + " MiB minimum table");
  {
    std::lock_guard lock(mu_);
    quit_ = false;
  }
  engines_.clear();
  try {
    for (int i = 0; i < threads; ++i) engines_.push_back(std::make_unique<detail::Engine>(share));
  } catch (const std::bad_alloc&) {
    engines_.clear();
    throw Error("could not allocate " + std::to_string(memory_bytes) +
                " bytes of transposition tables");
  }
  for (int i = 0; i < threads; ++i) {
    try {
      workers_.emplace_back([this, i] { worker_loop(static_cast<std::size_t>(i)); });
    } catch (const std::system_error& e) {
      // Joinable threads must be joined before anything is thrown (else std::terminate).
      stop_all();
      throw Error("could not start worker thread " + std::to_string(i + 1) + " of " +
                  std::to_string(threads) + ": " + e.what());
    }
  }
  memory_ = share * static_cast<std::size_t>(threads);
}

void BatchPool::stop_all() {
  {
    std::lock_guard lock(mu_);
    quit_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_)
    if (t.joinable()) t.join();
  workers_.clear();
  engines_.clear();
  memory_ = 0;
}

void BatchPool::worker_loop(std::size_t index) {
  std::uint64_t seen = 0;
  for (;;) {
    Job* job = nullptr;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [&] { return quit_ || (job_ != nullptr && generation_ != seen); });
      if (quit_) return;
      seen = generation_;
      job = job_;
      ++active_;
    }
    detail::Engine& engine = *engines_[index];
    SolveStats stats;
    try {
      for (;;) {
        if (job->cancel.load(std::memory_order_relaxed)) break;
        const std::size_t u = job->next.fetch_add(1, std::memory_order_relaxed);
        if (u >= job->units) break;
        if (job->whole_deals) {
          // The deal's five strains on one table, no trump first, as Solver::dd_table does:
          // the suit searches then find its no-trump patterns (positions with no trump left).
          Hands h;
          std::copy_n(job->deals + 4 * u, 4, h.begin());
          engine.clear_table();
          bool complete = true;
          for (const int strain : {kNoTrump, 0, 1, 2, 3}) {
            if (job->cancel.load(std::memory_order_relaxed)) {
              complete = false;
              break;
            }
            const auto row = detail::dd_strain(engine, stats, h, strain);
            std::copy(row.begin(), row.end(),
                      job->out + 4 * (u * kNumStrains + static_cast<std::size_t>(strain)));
          }
          if (complete) {
            job->done[u] = 1;
            job->tables_done.fetch_add(1, std::memory_order_release);
          }
          continue;
        }
        const std::size_t deal = u / kNumStrains;
        Hands h;
        std::copy_n(job->deals + 4 * deal, 4, h.begin());
        engine.clear_table();
        const auto row = detail::dd_strain(engine, stats, h, static_cast<int>(u % kNumStrains));
        std::copy(row.begin(), row.end(), job->out + 4 * u);
        if ((*job->strains_done)[deal].fetch_add(1, std::memory_order_acq_rel) + 1 == kNumStrains) {
          job->done[deal] = 1;
          job->tables_done.fetch_add(1, std::memory_order_release);
        }
      }
    } catch (...) {
      std::lock_guard lock(job->error_mu);
      if (!job->error) job->error = std::current_exception();
      job->cancel.store(true);
    }
    {
      std::lock_guard lock(mu_);
      --active_;
    }
    finished_.notify_all();
  }
}

bool BatchPool::run(const std::uint64_t* deals, std::size_t n, std::uint8_t* out,
                    std::uint8_t* done, const std::function<bool(std::size_t)>& poll, int poll_ms) {
  if (running_.exchange(true)) throw Error("this batch pool is already running a batch");
  struct Release {
    std::atomic<bool>& flag;
    ~Release() { flag.store(false); }
  } release{running_};
  if (workers_.empty()) throw Error("the batch pool has no workers (a resize failed)");
  for (std::size_t i = 0; i < n; ++i) {
    Hands h;
    std::copy_n(deals + 4 * i, 4, h.begin());
    try {
      validate_deal(h, false);
    } catch (const InvalidDeal& e) {
      throw InvalidDeal("deal " + std::to_string(i) + ": " + e.what());
    }
  }
  std::vector<std::atomic<std::uint8_t>> strains_done(n);
  for (std::size_t i = 0; i < n; ++i) {
    strains_done[i].store(0);
    done[i] = 0;
  }
  Job job;
  job.deals = deals;
  // Whole deals as units when there are enough of them to keep every worker busy to the end
  // (a deal's strains then share one table, as in Solver::dd_table); a few deals are split
  // into their five strains, so that one slow deal does not leave the other workers idle.
  job.whole_deals = n >= kWholeDealsPerWorker * workers_.size();
  job.units = job.whole_deals ? n : n * kNumStrains;
  job.out = out;
  job.done = done;
  job.strains_done = &strains_done;
  {
    std::lock_guard lock(mu_);
    job_ = &job;
    ++generation_;
  }
  wake_.notify_all();
  bool stopped = false;
  std::unique_lock lock(mu_);
  for (;;) {
    // Finished when every unit is handed out and no worker is still inside the job; a
    // worker that has not woken yet finds the counter exhausted and leaves at once.
    const bool all_out = job.next.load() >= job.units || job.cancel.load();
    if (all_out && active_ == 0) break;
    finished_.wait_for(lock, std::chrono::milliseconds(poll_ms));
    if (!stopped && !job.cancel.load()) {
      lock.unlock();
      bool go_on = true;
      try {
        go_on = poll(job.tables_done.load(std::memory_order_acquire));
      } catch (...) {
        job.cancel.store(true);
        lock.lock();
        finished_.wait(lock, [&] { return active_ == 0; });
        job_ = nullptr;
        throw;
      }
      lock.lock();
      if (!go_on) {
        stopped = true;
        job.cancel.store(true);
      }
    }
  }
  job_ = nullptr;
  lock.unlock();
  if (job.error) std::rethrow_exception(job.error);
  return !stopped && job.tables_done.load() == n;
}

}  // namespace redouble
