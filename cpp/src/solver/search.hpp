// The search engine behind Solver: the play state in the internal layout, the null-window
// alpha-beta search "can NS take at least `need` of the remaining tricks?" with its pattern
// transposition table, and the MTD-style driver that turns those yes/no answers into an exact
// trick count. One Engine per Solver; it owns the table and the killer table, nothing global.
#pragma once

#include <array>
#include <cstdint>

#include "move_order.hpp"
#include "redouble/deal.hpp"
#include "redouble/solver.hpp"
#include "transposition_table.hpp"

namespace redouble::detail {

/// Per-trick state, indexed by trick number since the root. Frames are written going down
/// and simply abandoned going up, so nothing needs undoing but the hands.
struct TrickFrame {
  std::uint64_t all = 0;    ///< cards held at the start of the trick (incl. those played to it)
  std::uint64_t shape = 0;  ///< suit lengths at the start of the trick (boundary frames)
  // Where PDEP is fast the owner codes are not kept here but taken from `all` where the table
  // needs them (Engine::aligned_code); these two are then unused.
  std::array<std::uint32_t, 4> code{};  ///< owner code per suit of `all` (canonical.hpp)
  std::array<int, 4> len{};             ///< cards of `all` per suit
  std::array<int, 4> cards{};           ///< cards played to the trick, by position
  int leader = 0;
};

class Engine {
 public:
  explicit Engine(std::size_t tt_bytes, const SearchTechniques& techniques = {});

  /// Loads a position: hands in the public 13-bit layout (cards on the table excluded), strain
  /// 0..4, the seat that led the current trick, and the 0..3 cards (public ids) on the table.
  /// The caller has validated it (Position does).
  void load(const std::array<std::uint64_t, 4>& hands, int strain, int leader, const int* trick,
            int trick_len);
  /// Tricks still to be completed, counting the one in progress.
  int tricks_left() const noexcept { return tricks_left_; }
  /// Exact number of the remaining tricks NS take, by repeated null-window searches starting
  /// at `guess`. Accumulates counters into `stats`.
  int solve_ns(int guess, SolveStats& stats);
  /// A starting guess for solve_ns from high-card points and trump length.
  int guess_ns() const noexcept;

  /// The token the next searches poll (nullptr: none). A cancelled search throws
  /// SearchCancelled from inside the recursion; the engine is reloaded by the next load(), and
  /// the table only ever holds bounds of finished subtrees, so nothing needs undoing.
  void set_cancel(const CancelToken* cancel) noexcept {
    cancel_ = cancel;
    poll_countdown_ = kPollLeadNodes;
  }

  TranspositionTable& table() noexcept { return tt_; }
  void clear() noexcept;
  /// Forget the stored bounds (keeps the killer table, which only orders moves).
  void clear_table() noexcept { tt_.clear(); }

 private:
  // Every search returns a fail-soft bound v on the tricks NS take from the start of the
  // current trick: v >= need means "NS take at least v", v < need "NS take at most v".
  template <bool Ablate, bool Trumps>
  int root_search(int need, std::uint64_t& rel);
  template <bool Ablate, bool Trumps>
  int lead_node(int tk, int need, std::uint64_t& rel);
  /// Compiled once per position in the trick (Pos 1..3: second, third, fourth hand), so that
  /// each carries only its own tests (the second hand's bound, the trick's completion).
  template <bool Ablate, bool Trumps, int Pos>
  int follow_node(int tk, int need, int win_card, int win_seat, std::uint64_t& rel);
  int last_trick(const TrickFrame& f, std::uint64_t& rel) noexcept;
  /// How a lead node was decided without a search.
  enum class Bound { kNone, kQuick, kTable };
  /// The bounds a lead node tries before generating moves: quick tricks for the side on lead,
  /// sure tricks for the other side, then the table. When one decides "NS >= need", sets
  /// `value` (NS terms) and `rel` and says which; f is the node's (derived) frame, r its tricks.
  template <bool Ablate, bool Trumps>
  Bound bound_at_lead(const TrickFrame& f, int r, int need, int& value,
                      std::uint64_t& rel) noexcept;
  /// Lookahead ordering of the leads: plays each lead's trick out with the followers' first
  /// choices and moves to the front, keeping their order, the leads after which the next lead
  /// node's bounds or table already decide "NS >= need" for the leader's side.
  template <bool Ablate, bool Trumps>
  void promote_probed_leads(int tk, int need, MoveList& list) noexcept;
  /// The move loop of lead and follow nodes. Tries `first` (a move already taken out of the
  /// list, if its card is not -1), then the list, ordering it first when `order` is set; fail-soft
  /// for the side to play (`is_max`: NS), with `r` tricks left, skipping cards made irrelevant by
  /// the children's rel. `play(card, rel)` plays a card and searches on. A cut-off by another move
  /// than the killer's is remembered under `kkey` when `remember` is set. (Every caller passes
  /// true since forced follows skip the loop; without the parameter GCC 12 inlined differently
  /// and the tables of seed 3 took 7.8% more instructions, so it stays.)
  template <bool Ablate, bool Trumps, class MakeCtx, class Play>
  int try_moves(MoveList& list, const MakeCtx& make_ctx, Move first, std::uint64_t later,
                std::uint64_t others, bool order, int killer, std::uint64_t kkey, bool remember,
                int need, bool is_max, int r, Play&& play, std::uint64_t& rel);
  void derive_frame(int tk) noexcept;
  /// The strain a trick-boundary position's patterns are stored under: once no trump is left the
  /// play is no trump's (a trick goes to the highest card of the suit led), so such a position
  /// is stored and probed as a no-trump one and a DD table's suit searches find what its no-trump
  /// search stored (the shape, in the key, says no trump is left).
  template <bool Ablate, bool Trumps>
  int table_strain(const TrickFrame& f) const noexcept {
    return on<Ablate>(&SearchTechniques::trumpless_as_notrump) ? play_strain<Trumps>(f)
                                                               : strain<Trumps>();
  }
  /// The strain whose rules the rest of the play follows from frame f: no trump once no trump is
  /// left (a trick then goes to the highest card of the suit led). The bounds work under it.
  template <bool Trumps>
  int play_strain(const TrickFrame& f) const noexcept {
    return Trumps && !(f.all & suit_bits(strain_)) ? kNoTrump : strain<Trumps>();
  }
  /// The strain searched, a constant in no trump: the search functions are compiled once for no
  /// trump (Trumps = false) and once for the trump suits, so that neither carries the other's
  /// tests (callgrind: single no-trump solves -2.1% instructions, tables unchanged).
  template <bool Trumps>
  int strain() const noexcept {
    return Trumps ? strain_ : kNoTrump;
  }
  /// Lead nodes between two reads of the cancel token: about 4 nodes each, so a read every few
  /// thousand nodes (a fraction of a millisecond), and a clock read that often costs nothing.
  static constexpr int kPollLeadNodes = 1024;
  /// Throws SearchCancelled if the token says stop (called every kPollLeadNodes lead nodes).
  void poll_cancel();
  /// The cards that split `hand`'s cards into runs of equivalent ones: the other cards still
  /// out, or, with equivalent_cards off, every card (each card is then a move of its own).
  template <bool Ablate>
  std::uint64_t others_of(std::uint64_t all, std::uint64_t hand) const noexcept {
    return on<Ablate>(&SearchTechniques::equivalent_cards) ? all & ~hand : ~std::uint64_t{0};
  }
  /// Is a technique in use? The search functions are instantiated twice for each strain kind
  /// (see strain()): Ablate = false when every technique is on (no switch is even read: the
  /// ablation switches cost nothing there), Ablate = true otherwise.
  template <bool Ablate>
  bool on(bool SearchTechniques::*technique) const noexcept {
    return !Ablate || on_.*technique;
  }
  /// The owner code of suit `s` of f.all, left-aligned (the highest card in bits 31..30, zeros
  /// below the suit's last card): the form the table compares and stores.
  std::uint32_t aligned_code(const TrickFrame& f, int s) const noexcept {
#if defined(REDOUBLE_FAST_PDEP)
    // The owners' low and high bits of the suit's cards, lowest card first, interleaved: the
    // code right-aligned, from f.all alone. A lead node thus derives no codes (about 80
    // instructions for its trick's four cards) and the table pays about ten a suit.
    const std::uint64_t cards = f.all & suit_bits(s);
    const auto lo = static_cast<std::uint32_t>(_pext_u64(owner_lo_, cards));
    const auto hi = static_cast<std::uint32_t>(_pext_u64(owner_hi_, cards));
    const std::uint32_t code = _pdep_u32(lo, 0x55555555u) | _pdep_u32(hi, 0xAAAAAAAAu);
    // In 64 bits, so that an empty suit (a shift by 32) gives 0 without a test.
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(code)
                                      << (32 - 2 * popcount(cards)));
#else
    const auto si = static_cast<std::size_t>(s);
    return f.len[si] ? f.code[si] << (32 - 2 * f.len[si]) : 0u;
#endif
  }
  template <bool Ablate, bool Trumps>
  void store(const TrickFrame& f, std::uint8_t key, int lead_value, int lneed, int r,
             std::uint64_t& rel) noexcept;

  TranspositionTable tt_;
  KillerTable killers_;
  std::array<std::uint64_t, 4> hands_{};
  std::array<std::uint8_t, 64> owner_{};
  /// Cards whose owner's seat number has bit 0 set (East, West) and bit 1 set (South, West):
  /// fixed for a loaded position, like owner_.
  std::uint64_t owner_lo_ = 0;
  std::uint64_t owner_hi_ = 0;
  std::array<TrickFrame, kNumTricks + 1> frames_{};
  int strain_ = kNoTrump;
  int root_pos_ = 0;
  int root_win_card_ = 0;
  int root_win_seat_ = 0;
  int tricks_left_ = 0;
  SolveStats* stats_ = nullptr;
  const CancelToken* cancel_ = nullptr;
  int poll_countdown_ = kPollLeadNodes;
  SearchTechniques on_;  ///< techniques in use (all on unless an ablation turns one off)
  bool all_on_ = true;   ///< every technique on: solve_ns runs the Ablate = false search
};

/// The four results of one strain (by declarer), each leader's search seeded with the previous
/// leader's answer: the unit of work of every DD-table batch (the Solver's and the pool's).
/// Patterns and killers are keyed by strain, so strains share nothing in the table.
std::array<std::uint8_t, kNumSeats> dd_strain(Engine& engine, SolveStats& stats, const Hands& hands,
                                              int strain);

}  // namespace redouble::detail
