// Move generation and ordering for the search: fixed-capacity move lists, equivalent-card
// collapsing (cards of one hand adjacent among the cards still out are one move), heuristic
// ordering by position in the trick, and a killer table remembering the card that last caused a
// cut-off in a similar situation (bridge-solver's "cut-off cache", a cousin of chess killers).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "canonical.hpp"

namespace redouble::detail {

/// One candidate play: a representative card and the run of equivalent cards it stands for.
struct Move {
  std::uint64_t seq;  ///< the equivalent cards (same hand, adjacent among cards still out)
  int card;           ///< the card played for the run (its lowest)
  int score;          ///< ordering score, higher first
};

/// At most 13 distinct plays exist; no allocation.
struct MoveList {
  std::array<Move, kNumRanks> moves;
  int size = 0;
};

/// Splits `playable` into runs of equivalent cards. `others` are the cards still out that
/// `playable`'s owner does not hold (including any already on the table this trick): a card of
/// `others` between two of ours separates them; so does a suit boundary (the sentinel bits).
inline void generate_runs(std::uint64_t playable, std::uint64_t others, MoveList& list) noexcept {
  const std::uint64_t stops = others | kSentinels;
  list.size = 0;
  while (playable) {
    const std::uint64_t low = playable & (~playable + 1);
    const std::uint64_t above = stops & ~((low << 1) - 1);
    const std::uint64_t next = above & (~above + 1);
    const std::uint64_t run = playable & (next - low);
    list.moves[static_cast<std::size_t>(list.size++)] = Move{run, bottom_card(low), 0};
    playable &= ~run;
  }
}

/// The run of `playable` (cards split into runs as by generate_runs) that holds `card`; 0 if
/// `playable` does not hold it. Lets a node try its killer's move before generating the others
/// (most nodes cut off on it and never generate them): generate_runs(playable & ~run, others)
/// then lists exactly the other moves, in the order generate_runs gives them, because a run's
/// ends are fixed by the stops (`others` and the suit sentinels), not by the other cards.
inline std::uint64_t run_of(std::uint64_t playable, std::uint64_t others, int card) noexcept {
  const std::uint64_t b = ibit(card);
  if (!(playable & b)) return 0;
  const std::uint64_t stops = others | kSentinels;
  const std::uint64_t above = stops & ~((b << 1) - 1);
  const std::uint64_t next = above & (~above + 1);  // never 0: bit 61 is a sentinel
  // The run starts just above the highest stop below the card (bit 0 if none: countl_zero(0)
  // is 64), computed without a branch.
  const std::uint64_t from = std::uint64_t{1} << (64 - std::countl_zero(stops & (b - 1)));
  return playable & (next - from);
}

/// Are `playable`'s cards (non-empty) more than one run (as generate_runs splits them)? Yes
/// exactly when a stop, a card of `others` or a suit's sentinel, lies between the lowest and the
/// highest of them: one mask test, where a node has a choice to make (and a killer to look up).
inline bool has_choice(std::uint64_t playable, std::uint64_t others) noexcept {
  return ((others | kSentinels) & (ibit(top_card(playable)) - (playable & (~playable + 1)))) != 0;
}

/// What the ordering heuristics look at.
struct OrderContext {
  const std::uint64_t* hands;  ///< the four hands now
  std::uint64_t all;           ///< cards held at the start of this trick
  int strain;                  ///< 0..3 trump suit, 4 no trump
  int seat;                    ///< seat to play
  int pos;                     ///< 0 lead, 1..3 follow
  int lead_suit;               ///< suit led (pos > 0)
  int win_card;                ///< card winning the trick so far (pos > 0)
  int win_seat;                ///< its seat (pos > 0)
};

/// Does card a beat card b (b played earlier to the trick)?
inline bool beats(int a, int b, int strain) noexcept {
  return isuit(a) == isuit(b) ? a > b : isuit(a) == strain;
}

/// Scores every move of `list` and sorts it, best first. Heuristics, in the spirit of DDS's and
/// bridge-solver's move ordering: leads cash winners, lead towards partner's tenaces and give
/// partner ruffs, and avoid suits the opponents ruff; followers win as cheaply as possible,
/// duck when partner is winning or cannot be beaten, ruff low, and discard from long weak suits.
void order_moves(const OrderContext& ctx, MoveList& list) noexcept;

/// Killer table: for a hashed situation, the card that last refuted the other choices.
/// Ordering only, so collisions cost speed, never correctness. Direct-mapped, no allocation
/// after construction.
class KillerTable {
 public:
  static constexpr int kBits = 15;
  /// Card stored for the key, or -1.
  int lookup(std::uint64_t key) const noexcept {
    const std::uint32_t s = slots_[index(key)];
    return (s >> 8) == check(key) ? static_cast<int>(s & 0xFFu) : -1;
  }
  void store(std::uint64_t key, int card) noexcept {
    slots_[index(key)] = check(key) << 8 | static_cast<std::uint32_t>(card);
  }
  void clear() noexcept { slots_.fill(0); }
  /// Hints the CPU to start loading the slot of `key` (a lookup soon follows).
  void prefetch(std::uint64_t key) const noexcept {
#if defined(__GNUC__)
    __builtin_prefetch(&slots_[index(key)]);
#else
    (void)key;
#endif
  }

 private:
  static std::uint64_t mix(std::uint64_t key) noexcept {
    key ^= key >> 31;
    key *= 0xD6E8FEB86659FD93ull;
    key ^= key >> 32;
    return key;
  }
  static std::size_t index(std::uint64_t key) noexcept {
    return static_cast<std::size_t>(mix(key) & ((1u << kBits) - 1));
  }
  /// The slot's check: 24 bits of the key's hash, never 0 (0 marks an empty slot).
  static std::uint32_t check(std::uint64_t key) noexcept {
    return static_cast<std::uint32_t>(mix(key) >> 40) | 1u;
  }
  /// Per slot: the check in bits 8..31, the card (0..63) in bits 0..7.
  std::array<std::uint32_t, std::size_t{1} << kBits> slots_{};
};

/// Key of the killer slot for a node: the lead uses the leader's and partner's hands; a follower
/// holding the suit led uses that suit's cards still out, the card winning so far and its seat;
/// a follower who is void uses its own hand and the winning card. Every key includes the strain:
/// the table lives across the 20 searches of a DD table, and a card that refuted in one strain
/// (a ruff, a cash) is a poor first try in another (keys without it cost a fifth more nodes).
inline std::uint64_t killer_key(const OrderContext& ctx, bool follows) noexcept {
  std::uint64_t tag = static_cast<std::uint64_t>(ctx.pos | ctx.seat << 2 | (follows ? 16 : 0)) |
                      static_cast<std::uint64_t>(ctx.strain) << 13;
  std::uint64_t base;
  if (ctx.pos == 0) {
    const std::uint64_t pd = ctx.hands[(ctx.seat + 2) & 3];
    base = ctx.hands[ctx.seat] ^ ((pd << 7) | (pd >> 57)) * 0x9E3779B97F4A7C15ull;
  } else {
    tag |= static_cast<std::uint64_t>(ctx.win_card) << 5 | static_cast<std::uint64_t>(ctx.win_seat)
                                                               << 11;
    base = follows ? (ctx.all & suit_bits(ctx.lead_suit)) : ctx.hands[ctx.seat];
  }
  return base ^ (tag + 1) * 0xC2B2AE3D27D4EB4Full;
}

}  // namespace redouble::detail
