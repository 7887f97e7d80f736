// A persistent pool of DD-table workers: threads and their transposition tables live across
// calls, so many small batches cost no more than one large one. The calling thread only
// coordinates: it waits in short slices, so it can report progress and honour a stop request
// (Ctrl-C in Python) between units of work; finished tables are kept. A unit is a whole deal
// (its strains sharing one table) when there are enough deals to keep every worker busy, else
// one strain of a deal.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace redouble {

namespace detail {
class Engine;
}  // namespace detail

/// Most worker threads a pool accepts (a request above it is refused, not trimmed).
inline constexpr int kMaxBatchThreads = 256;
/// Smallest transposition table a pool worker gets (a smaller budget share is refused): below
/// this the solver slows down by orders of magnitude.
inline constexpr std::size_t kMinWorkerTableBytes = std::size_t{1} << 20;

class BatchPool {
 public:
  /// Starts `threads` workers sharing `memory_bytes` of transposition tables equally. Throws
  /// Error if threads is outside 1..kMaxBatchThreads, a worker's share is below
  /// kMinWorkerTableBytes, or a thread cannot be started (the started ones are joined first).
  BatchPool(int threads, std::size_t memory_bytes);
  ~BatchPool();
  BatchPool(const BatchPool&) = delete;
  BatchPool& operator=(const BatchPool&) = delete;

  /// Stops the workers and starts new ones (same guarantees as the constructor; on failure the
  /// pool is left with no workers and every later run() throws until a resize succeeds).
  void resize(int threads, std::size_t memory_bytes);
  int threads() const noexcept { return static_cast<int>(workers_.size()); }
  std::size_t memory_bytes() const noexcept { return memory_; }

  /// DD tables of n deals (validated first; throws InvalidDeal naming the first bad row) into
  /// out (n*20 bytes); done[i] becomes 1 when table i is complete. Every `poll_ms` the calling
  /// thread calls poll(tables_done); if it returns false the run stops as soon as the workers
  /// finish the strain they are solving and run() returns false. Returns true
  /// when every table is done. One run at a time (a concurrent call throws).
  bool run(const std::uint64_t* deals, std::size_t n, std::uint8_t* out, std::uint8_t* done,
           const std::function<bool(std::size_t)>& poll, int poll_ms = 50);

 private:
  struct Job;
  void start(int threads, std::size_t memory_bytes);
  void stop_all();
  void worker_loop(std::size_t index);

  std::vector<std::thread> workers_;
  std::vector<std::unique_ptr<detail::Engine>> engines_;
  std::size_t memory_ = 0;
  std::mutex mu_;
  std::condition_variable wake_, finished_;
  Job* job_ = nullptr;
  std::uint64_t generation_ = 0;
  int active_ = 0;
  bool quit_ = false;
  std::atomic<bool> running_{false};
};

}  // namespace redouble
