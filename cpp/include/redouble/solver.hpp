// The exact double-dummy solver: Solver owns its transposition table and answers "how many
// tricks does the side to play take with best play by all four hands" for any Position, every
// legal card's value, the 20-result DD table of a deal and numpy-style batches of tables.
// The search itself lives in cpp/src/solver/ (one file per technique); this is the facade.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "redouble/errors.hpp"
#include "redouble/position.hpp"

namespace redouble {

namespace detail {
class Engine;
}  // namespace detail

/// The search's techniques (see cpp/src/solver/search.cpp), each of which can be switched off
/// at run time to measure what it is worth (the bench driver's --no-... flags). Every answer is
/// the same with any of them off; only the work changes. All on by default, and an "on" costs
/// one predictable branch: node counts with all on are those of the search without switches.
struct SearchTechniques {
  /// Pattern transposition table: bounds probed and stored at trick boundaries.
  bool transposition_table = true;
  /// Quick tricks of the side on lead and sure tricks of the other side at lead nodes.
  bool quick_tricks = true;
  /// Second hand's sure tricks decide a node before its moves are generated.
  bool second_hand_bound = true;
  /// High in the tree, leads whose trick played out hits a bound or the table are tried first.
  bool lead_lookahead = true;
  /// Heuristic move ordering (cash winners, finesse, duck, ruff low, discard from length).
  bool move_ordering = true;
  /// Killer table: the card that last caused a cut-off in a similar situation is tried first.
  bool killer_moves = true;
  /// Cards of one hand adjacent among the cards still out are searched as one move.
  bool equivalent_cards = true;
  /// After a failing card, lower cards of its suit the answer did not depend on are skipped.
  bool skip_irrelevant = true;
  /// The first null-window search of a position starts from a point-count guess (else from
  /// half the tricks left).
  bool guess = true;
  /// The side on lead needs every trick in no trump: the lengths of the suits it tops must hold
  /// them (DDS's later-tricks idea, proved in cpp/src/solver/bounds.hpp).
  bool later_tricks = true;
  /// In that bound, the suits the defenders top hold no trick for the side on lead (DDS's form);
  /// off: at most two (the bound's first, weaker form).
  bool later_tricks_dds = true;
  /// In that bound, a suit the side on lead tops counts only its run from the top where a
  /// defender keeps the next card guarded behind the run (no finesse, and no squeeze with one
  /// suit to keep; proved in cpp/src/solver/bounds.hpp). Off: the bound without it.
  bool later_tricks_guards = true;
  /// In a trump contract whose top trump the side on lead holds, the defenders' second trump
  /// kept guarded (behind the top one, against it bare, or with the third beside it) is a sure
  /// trick for them (bridge-solver's slow trump tricks; proved in cpp/src/solver/bounds.hpp).
  bool guarded_trump = true;
  /// Once no trump is left a position is stored in the table as a no-trump one, where a DD
  /// table's other searches find it (its no-trump search runs first).
  bool trumpless_as_notrump = true;
};

/// Construction-time settings of a Solver.
struct SolverOptions {
  /// Bytes of transposition table the solver allocates (rounded down to a power-of-two number
  /// of buckets, at least one). The table is the solver's only large allocation.
  std::size_t tt_bytes = std::size_t{64} << 20;
  /// Techniques the search uses (all by default).
  SearchTechniques techniques{};
};

/// Counters the search keeps in every build (the node-count signature test needs them).
/// All counts accumulate until reset_stats().
struct SolveStats {
  std::uint64_t searches = 0;       ///< null-window searches ("can NS take >= t?") started
  std::uint64_t nodes = 0;          ///< positions visited (cards to play or leads to choose)
  std::uint64_t tt_probes = 0;      ///< transposition-table look-ups at trick boundaries
  std::uint64_t tt_hits = 0;        ///< look-ups whose stored bound decided the search
  std::uint64_t tt_stores = 0;      ///< bounds written to the table
  std::uint64_t cutoffs = 0;        ///< move loops left early (a card reached the target)
  std::uint64_t quick_cutoffs = 0;  ///< boundaries decided by quick/sure-trick bounds
};

/// Thrown by a Solver call whose CancelToken was cancelled or expired. The Solver stays usable:
/// its table keeps only bounds of finished searches, and the next call reloads its position.
class SearchCancelled : public Error {
 public:
  using Error::Error;
};

/// Stops a search from another thread. Pass it to a Solver call; cancel() (any thread, any
/// time, before or during the call) or the deadline passing makes that call throw
/// SearchCancelled within a few thousand nodes (well under a millisecond of search). One token
/// may serve several calls; once cancelled or expired it stops every call given it. The search
/// reads it with a relaxed atomic load (and the clock) every thousand lead nodes, which costs
/// nothing measurable.
class CancelToken {
 public:
  using Clock = std::chrono::steady_clock;
  /// A token without a deadline: only cancel() stops the calls given it.
  CancelToken() = default;
  /// A token that also expires at `deadline`.
  explicit CancelToken(Clock::time_point deadline) noexcept
      : deadline_ns_(deadline.time_since_epoch().count()) {}
  CancelToken(const CancelToken&) = delete;
  CancelToken& operator=(const CancelToken&) = delete;
  /// Ask every call given this token to stop (safe from any thread).
  void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
  /// Has cancel() been called?
  bool cancelled() const noexcept { return cancelled_.load(std::memory_order_relaxed); }
  /// Has cancel() been called or the deadline passed?
  bool stopped() const noexcept {
    return cancelled() || Clock::now().time_since_epoch().count() >= deadline_ns_;
  }
  /// Throws SearchCancelled, saying why, if stopped().
  void throw_if_stopped() const {
    if (!stopped()) return;
    throw SearchCancelled(cancelled() ? "the search was cancelled"
                                      : "the search ran past its time limit");
  }

 private:
  std::atomic<bool> cancelled_{false};
  Clock::rep deadline_ns_ = std::numeric_limits<Clock::rep>::max();
};

/// A deal's double-dummy table: [strain][declarer seat], tricks declarer takes.
using DdTable = std::array<std::array<std::uint8_t, kNumSeats>, kNumStrains>;

/// The exact double-dummy solver.
///
/// Thread-safety: one Solver must not be used from two threads at once; a call that finds
/// the solver busy throws std::runtime_error instead of corrupting its table. Use one Solver
/// per thread (dd_tables() does this for you).
class Solver {
 public:
  /// Allocates the transposition table (options.tt_bytes).
  explicit Solver(SolverOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// Tricks the side to play takes from here with best play by all four hands, counting the
  /// trick in progress (if any) and all later ones. Works at a trick boundary or mid-trick.
  ///
  /// Every search call takes an optional CancelToken: when it is cancelled or expires, the call
  /// throws SearchCancelled (the solver's table stays valid).
  int solve(const Position& position, const CancelToken* cancel = nullptr);

  /// The value (as solve() counts it, for the side to play now) of every legal card, as
  /// (card id, tricks) pairs in increasing card order. Cards adjacent in rank among those
  /// still out are searched once and reported with the same value.
  std::vector<std::pair<int, int>> solve_cards(const Position& position,
                                               const CancelToken* cancel = nullptr);

  /// DD table of a deal given as four disjoint hands of equal size (1..13 cards): for each
  /// strain and declarer, the tricks declarer takes when declarer's LHO leads. The table is
  /// shared by the 20 searches. Throws InvalidDeal on overlapping or unequal hands.
  DdTable dd_table(const std::array<std::uint64_t, kNumSeats>& hands,
                   const CancelToken* cancel = nullptr);

  /// DD tables of n deals (deals: n*4 masks, row-major by seat) into out (n*20 bytes, laid
  /// out [deal][strain][declarer]). Uses `threads` workers (<= 0: hardware concurrency), each
  /// with its own table sized like this one; this solver serves as worker 0. Deals are handed
  /// out dynamically; results do not depend on the thread count. On an invalid deal, throws
  /// InvalidDeal naming the first bad index (other deals may be filled or not).
  void dd_tables(const std::uint64_t* deals, std::size_t n, std::uint8_t* out, int threads,
                 const CancelToken* cancel = nullptr);

  /// Replays `plays` from the start of a deal (strain, opening leader) and returns, for each
  /// prefix of 0..plays.size() cards, the total tricks the declaring side (the side not on
  /// opening lead) takes with best play from there on, counting tricks already won. A drop
  /// between entries i and i+1 means card i was a double-dummy mistake by the declaring side,
  /// a rise a mistake by the defence. Throws InvalidDeal / IllegalPlay on bad input.
  std::vector<int> analyse_play(const std::array<std::uint64_t, kNumSeats>& hands, int strain,
                                int leader, const std::vector<int>& plays,
                                const CancelToken* cancel = nullptr);

  /// Counters accumulated since construction or the last reset_stats(), as of the last call
  /// that ended: a call adds its counts when it returns or throws, so a copy read from another
  /// thread during a search is consistent (the counts of whole calls), never a torn mixture.
  SolveStats stats() const;
  /// Zero the counters (a call running meanwhile adds all of its counts when it ends).
  void reset_stats();
  /// Forget every stored bound (the next search starts from an empty table).
  void clear_table();
  /// The options this solver was built with.
  const SolverOptions& options() const noexcept { return options_; }
  /// Bytes actually allocated for the transposition table.
  std::size_t table_bytes() const noexcept;

 private:
  class BusyGuard;
  class CallStats;
  SolverOptions options_;
  mutable std::mutex stats_mutex_;  // guards stats_: read from any thread, written as calls end
  SolveStats stats_;
  std::unique_ptr<detail::Engine> engine_;
  std::atomic<bool> busy_{false};
};

}  // namespace redouble
