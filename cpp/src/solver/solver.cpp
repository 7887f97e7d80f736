// Solver facade: validation, the busy flag, the DD-table driver (20 searches sharing one table,
// each seeded with the previous leader's answer), per-card values, play analysis and the
// threaded batch (one Engine per worker, deals handed out through an atomic counter).
#include "redouble/solver.hpp"

#include <algorithm>
#include <bit>
#include <exception>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>

#include "../dispatch/engine.hpp"  // the Engine of the kernel in use
#include "redouble/deal.hpp"
#include "redouble/errors.hpp"

namespace redouble {

std::array<std::uint8_t, kNumSeats> detail::dd_strain(detail::Engine& engine, SolveStats& stats,
                                                      const Hands& hands, int strain) {
  std::array<std::uint8_t, kNumSeats> row{};
  const int r = std::popcount(hands[0]);
  if (r == 0) return row;
  int guess = -1;
  // North, South, East, West: partners on lead usually give the same answer and the two
  // sides differ by at most a trick or so, so the previous answer is the best MTD guess.
  for (const int leader : {0, 2, 1, 3}) {
    engine.load(hands, strain, leader, nullptr, 0);
    const int ns = engine.solve_ns(guess < 0 ? engine.guess_ns() : guess, stats);
    guess = ns;
    const int declarer = rho(leader);
    row[static_cast<std::size_t>(declarer)] =
        static_cast<std::uint8_t>(side_of(declarer) == 0 ? ns : r - ns);
  }
  return row;
}

/// Marks the solver busy for the duration of a call; a second concurrent call throws.
class Solver::BusyGuard {
 public:
  explicit BusyGuard(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true, std::memory_order_acquire))
      throw std::runtime_error(
          "this Solver is already running a search in another thread; use one Solver per thread");
  }
  ~BusyGuard() { busy_.store(false, std::memory_order_release); }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  std::atomic<bool>& busy_;
};

namespace {

void add_stats(SolveStats& to, const SolveStats& from) {
  to.searches += from.searches;
  to.nodes += from.nodes;
  to.tt_probes += from.tt_probes;
  to.tt_hits += from.tt_hits;
  to.tt_stores += from.tt_stores;
  to.cutoffs += from.cutoffs;
  to.quick_cutoffs += from.quick_cutoffs;
}

}  // namespace

/// One call's counters: the search counts into them, and they are added to the solver's under
/// its lock when the call ends (returns or throws), so stats() never reads a search's counters
/// while it writes them.
class Solver::CallStats {
 public:
  explicit CallStats(Solver& solver) : solver_(solver) {}
  ~CallStats() {
    const std::lock_guard<std::mutex> lock(solver_.stats_mutex_);
    add_stats(solver_.stats_, counts);
  }
  CallStats(const CallStats&) = delete;
  CallStats& operator=(const CallStats&) = delete;
  SolveStats counts;

 private:
  Solver& solver_;
};

namespace {

/// Gives the engine a call's cancel token for the call's duration (the engine must not keep a
/// pointer to a token the caller may free), and refuses to start with a token already stopped.
class CancelScope {
 public:
  CancelScope(detail::Engine& engine, const CancelToken* cancel) : engine_(engine) {
    if (cancel) cancel->throw_if_stopped();
    engine_.set_cancel(cancel);
  }
  ~CancelScope() { engine_.set_cancel(nullptr); }
  CancelScope(const CancelScope&) = delete;
  CancelScope& operator=(const CancelScope&) = delete;

 private:
  detail::Engine& engine_;
};

/// Tricks the side to play at `position` takes from here (see Solver::solve).
int solve_position(detail::Engine& engine, SolveStats& stats, const Position& position) {
  if (position.is_complete()) return 0;
  int trick[3] = {0, 0, 0};
  const int n = position.trick_size();
  for (int i = 0; i < n; ++i) trick[i] = position.trick_card(i);
  engine.load(position.hands(), position.strain(), position.leader(), trick, n);
  const int ns = engine.solve_ns(engine.guess_ns(), stats);
  return side_of(position.to_play()) == 0 ? ns : engine.tricks_left() - ns;
}

DdTable dd_table_of(detail::Engine& engine, SolveStats& stats, const Hands& hands) {
  DdTable table{};
  // A new deal: patterns of the last one would rarely match and only crowd the table.
  engine.clear_table();
  // No trump first: once no trump is left a suit search's positions are no-trump ones, stored
  // as such (Engine's table_strain), and the no-trump search has stored the most of them.
  for (const int strain : {kNoTrump, 0, 1, 2, 3})
    table[static_cast<std::size_t>(strain)] = detail::dd_strain(engine, stats, hands, strain);
  return table;
}

}  // namespace

Solver::Solver(SolverOptions options)
    : options_(options),
      engine_(std::make_unique<detail::Engine>(options.tt_bytes, options.techniques)) {}

Solver::~Solver() = default;

SolveStats Solver::stats() const {
  const std::lock_guard<std::mutex> lock(stats_mutex_);
  return stats_;
}

void Solver::reset_stats() {
  const std::lock_guard<std::mutex> lock(stats_mutex_);
  stats_ = SolveStats{};
}

std::size_t Solver::table_bytes() const noexcept { return engine_->table().bytes(); }

void Solver::clear_table() {
  BusyGuard guard(busy_);
  engine_->clear();
}

int Solver::solve(const Position& position, const CancelToken* cancel) {
  BusyGuard guard(busy_);
  CallStats calls(*this);
  CancelScope scope(*engine_, cancel);
  return solve_position(*engine_, calls.counts, position);
}

std::vector<std::pair<int, int>> Solver::solve_cards(const Position& position,
                                                     const CancelToken* cancel) {
  BusyGuard guard(busy_);
  CallStats calls(*this);
  CancelScope scope(*engine_, cancel);
  std::vector<std::pair<int, int>> values;
  const std::uint64_t legal = position.legal_plays();
  if (!legal) return values;
  const int seat = position.to_play();
  const int side = side_of(seat);
  const int r = position.tricks_left();
  // Cards still out that the seat to play does not hold, the table included: a card of these
  // between two of ours makes them different plays.
  std::uint64_t others = 0;
  for (int s = 0; s < kNumSeats; ++s)
    if (s != seat) others |= position.hand(s);
  for (int i = 0; i < position.trick_size(); ++i) others |= card_bit(position.trick_card(i));
  detail::MoveList runs;
  detail::generate_runs(detail::to_internal(legal), detail::to_internal(others), runs);
  for (int i = 0; i < runs.size; ++i) {
    const detail::Move& m = runs.moves[static_cast<std::size_t>(i)];
    Position next = position;
    const int winner = next.play(detail::card_to_external(m.card));
    const int rest = solve_position(*engine_, calls.counts, next);
    int value;
    if (winner >= 0) {
      // The card completed the trick: count it, then what the side takes from the rest.
      const int rest_ours = side_of(next.to_play()) == side ? rest : (r - 1) - rest;
      value = (side_of(winner) == side ? 1 : 0) + rest_ours;
    } else {
      value = side_of(next.to_play()) == side ? rest : r - rest;
    }
    for (std::uint64_t run = m.seq; run; run &= run - 1)
      values.emplace_back(detail::card_to_external(std::countr_zero(run)), value);
  }
  std::sort(values.begin(), values.end());
  return values;
}

DdTable Solver::dd_table(const std::array<std::uint64_t, kNumSeats>& hands,
                         const CancelToken* cancel) {
  BusyGuard guard(busy_);
  validate_deal(hands, false);
  CallStats calls(*this);
  CancelScope scope(*engine_, cancel);
  return dd_table_of(*engine_, calls.counts, hands);
}

void Solver::dd_tables(const std::uint64_t* deals, std::size_t n, std::uint8_t* out, int threads,
                       const CancelToken* cancel) {
  BusyGuard guard(busy_);
  auto hands_at = [deals](std::size_t i) {
    Hands h;
    std::copy_n(deals + 4 * i, 4, h.begin());
    return h;
  };
  // Validate everything before solving anything, so a bad row fails fast and cleanly.
  for (std::size_t i = 0; i < n; ++i) {
    try {
      validate_deal(hands_at(i), false);
    } catch (const InvalidDeal& e) {
      throw InvalidDeal("deal " + std::to_string(i) + ": " + e.what());
    }
  }
  CallStats calls(*this);
  CancelScope scope(*engine_, cancel);
  auto put = [out](std::size_t i, const DdTable& t) {
    std::uint8_t* dst = out + 20 * i;
    for (std::size_t s = 0; s < 5; ++s)
      for (std::size_t d = 0; d < 4; ++d) dst[s * 4 + d] = t[s][d];
  };
  auto put_strain = [out](std::size_t unit, const std::array<std::uint8_t, kNumSeats>& row) {
    std::uint8_t* dst = out + 4 * unit;  // unit = deal * 5 + strain: rows are contiguous
    for (std::size_t d = 0; d < 4; ++d) dst[d] = row[d];
  };
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::size_t workers =
      std::min<std::size_t>(static_cast<std::size_t>(threads), n * kNumStrains);
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) put(i, dd_table_of(*engine_, calls.counts, hands_at(i)));
    return;
  }
  // Dynamic hand-out: deals differ a lot in cost, so a shared counter balances better than
  // fixed chunks, and the unit is one strain of one deal (a fifth of a table), so that a slow
  // deal handed out last leaves the other workers less to wait for (40 deals on two threads:
  // whole deals 1.72-1.79x, strains 1.95-1.97x). Each worker solves with its own table and a
  // unit never depends on another, so the answers cannot depend on how work was shared.
  const std::size_t units = n * kNumStrains;
  std::atomic<std::size_t> next{0};
  std::vector<SolveStats> stats(workers);
  std::vector<std::exception_ptr> errors(workers);
  auto work = [&](detail::Engine& engine, std::size_t w) {
    // Counters live on the worker's own stack while it searches: adjacent elements of `stats`
    // share cache lines, and bumping them on every node made two threads barely faster than
    // one (false sharing).
    SolveStats local;
    for (;;) {
      const std::size_t u = next.fetch_add(1, std::memory_order_relaxed);
      if (u >= units) break;
      engine.clear_table();
      put_strain(u, detail::dd_strain(engine, local, hands_at(u / kNumStrains),
                                      static_cast<int>(u % kNumStrains)));
    }
    stats[w] = local;
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (std::size_t w = 1; w < workers; ++w) {
    try {
      pool.emplace_back([&, w] {
        try {
          detail::Engine engine(options_.tt_bytes, options_.techniques);
          engine.set_cancel(cancel);
          work(engine, w);
        } catch (...) {
          errors[w] = std::current_exception();
          next.store(units);
        }
      });
    } catch (const std::system_error&) {
      // The system refused another thread: the started workers (joined below) and this one
      // share the work, which any number of workers finishes with the same answers. Throwing
      // here with joinable threads alive would std::terminate the process.
      break;
    }
  }
  try {
    work(*engine_, 0);
  } catch (...) {
    errors[0] = std::current_exception();
    next.store(units);
  }
  for (auto& t : pool) t.join();
  for (const auto& s : stats) add_stats(calls.counts, s);
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

std::vector<int> Solver::analyse_play(const std::array<std::uint64_t, kNumSeats>& hands, int strain,
                                      int leader, const std::vector<int>& plays,
                                      const CancelToken* cancel) {
  BusyGuard guard(busy_);
  Position position(hands, strain, leader);
  CallStats calls(*this);
  CancelScope scope(*engine_, cancel);
  const int declaring = side_of(rho(leader));
  int won = 0;
  auto value = [&] {
    const int rest = solve_position(*engine_, calls.counts, position);
    return won + (side_of(position.to_play()) == declaring ? rest : position.tricks_left() - rest);
  };
  std::vector<int> out;
  out.reserve(plays.size() + 1);
  out.push_back(value());
  for (const int card : plays) {
    const int winner = position.play(card);
    if (winner >= 0 && side_of(winner) == declaring) ++won;
    out.push_back(value());
  }
  return out;
}

}  // namespace redouble
