// Cheap, sound trick bounds at a trick boundary, used to stop the search before generating moves:
// quick tricks the side on lead can cash from the leader's hand (a lower bound, DDS's QuickTricks
// idea) and sure tricks the other side cannot be stopped from taking (an upper bound on the side on
// lead, bridge-solver's "other side" tricks, including a guarded trump behind or against the side
// on lead's top trumps, bridge-solver's "slow" trump tricks), and, when the side on lead needs
// every trick in no trump, a cap on what the suits it tops can hold (DDS's later-tricks idea,
// proved here). Each also reports the cards whose ranks the bound relies on, so a cut-off it causes
// can be stored as a pattern (see search.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "canonical.hpp"

namespace redouble::detail {

/// REDOUBLE_COLD keeps a rarely taken path of a hot function out of line; REDOUBLE_HOT_INLINE
/// keeps the hot function itself inlined where it is called (second_hand_tricks: grown by its
/// trump-contract paths, GCC stopped inlining it into the follow nodes, which cost about 0.6%
/// of all instructions on the tables of seed 1).
#if defined(__GNUC__)
#define REDOUBLE_COLD __attribute__((noinline))
#define REDOUBLE_HOT_INLINE __attribute__((always_inline))
#else
#define REDOUBLE_COLD
#define REDOUBLE_HOT_INLINE
#endif

/// The highest cards of `suit_all` (one suit's cards still out) held in `hand`, counting from the
/// top until a card of another hand.
inline std::uint64_t top_run(std::uint64_t suit_all, std::uint64_t hand) noexcept {
  const std::uint64_t others = suit_all & ~hand;
  if (!others) return suit_all;
  return suit_all & ~((ibit(top_card(others)) << 1) - 1);
}

/// Top trumps of one side (bridge-solver's TopTrumpTricks): if the side holds the `w` highest
/// trumps between its two hands, and its longer trump holding has `m` cards, it takes at least
/// min(w, m) tricks. A trick to which one of those trumps is played is the side's (only the
/// side's own higher trumps beat it), every card is played before the end, and the two hands can
/// always spread them: whenever both must play a trump to the same trick, the longer hand plays
/// a small trump while one remains, so two top trumps fall together only once the longer hand
/// holds nothing but top trumps. `tall` is the trumps still out, `side` the side's two hands.
/// Returns the count and the top trumps it relies on in `rel`.
inline int top_trump_tricks(std::uint64_t tall, std::uint64_t side, int longer,
                            std::uint64_t& rel) noexcept {
  const std::uint64_t run = top_run(tall, side);
  const int w = popcount(run);
  if (w == 0) return 0;
  if (w <= longer) {
    rel = run;
    return w;
  }
  rel = keep_top(run, longer);
  return longer;
}

/// Cards of `seat` in `suit` according to a shape (canonical.hpp's shape_of).
constexpr int shape_len(std::uint64_t shape, int seat, int suit) noexcept {
  return static_cast<int>((shape >> (seat * 16 + suit * 4)) & 15u);
}

/// Tricks the leader's side can take by cashing top winners while keeping control, a sound lower
/// bound (DDS's QuickTricks and bridge-solver's FastTricks count partner's winners reached through
/// an entry the same way; this is our own, more conservative, formulation). Five plans:
///  1. the leader cashes its own winners suit after suit, keeping the lead throughout;
///  2. the leader cashes its winners in the suits it tops (set A), then leads a small card of a
///     suit partner tops (the entry) and partner cashes its winners in the suits it tops (set B).
/// Plan 1 alone is sound because each counted card is, when led, the highest card of its suit
/// still out (or, once the other three hands are void there, the only one), and in a trump
/// contract a side suit is cashed only as many rounds as every opponent holding trumps can follow
/// (so nobody ruffs, and nobody holding trumps ever discards). Cashing one suit never shortens an
/// opponent's holding in another it could later ruff: a trump-holding opponent who showed out
/// would have made that suit's cap zero. Plan 2 adds: A and B are disjoint (a suit's top card is
/// the leader's or partner's), so the leader still holds its entry card after cashing A; partner
/// plays one card to each trick of A, and if it holds at least that many cards it does not cash
/// later it never has to part with one it does (it follows where it must, with cards of A's
/// suits, and discards an uncounted card otherwise: "Partner's spare cards" below); the entry trick
/// is the first round of partner's winners in that suit; once partner is on lead, the leader only
/// follows or discards. In a trump contract neither hand may be forced to ruff the other's winner,
/// which would pass the lead and strand the rest: see "Forced ruffs" in the code. The finesse (no
/// trump only; DDS's QuickTricks counts it too): if in a suit of B partner holds the t >= 1
/// highest cards out (its run, counted t tricks, not extended by long cards), the leader's
/// left-hand opponent the next one (the (t+1)-th) and partner the one after it (the (t+2)-th),
/// and the leader holds a card of the suit, that suit is the entry: the leader leads it, the
/// left-hand opponent plays before partner, and partner wins with the (t+2)-th card if that player
/// keeps the (t+1)-th, else with its top card; either way partner has won the trick and still
/// holds t cards that are the highest out in the suit (its run, or the run less the card played
/// and the (t+2)-th card, which the fallen (t+1)-th promoted), so the suit yields t + 1 tricks
/// where the run counted t (every other card out in it, the leader's included, is below the
/// (t+2)-th, and the right-hand opponent plays after partner without a card that beats it). If the
/// leader and both opponents hold at most t + 1 cards of the suit, they are void after those t + 1
/// rounds, and partner's other cards of it win as well: partner's whole length (b) where the run
/// counted t (DDS's trump-contract finesse adds the same long cards). Partner keeps, beside its
/// run, the (t+2)-th card (or, with the long cards, every card of the suit): the tricks the
/// finesse adds are that many more cards partner may not discard during A.
/// cards). Plan 3 (no trump only; DDS's QuickTricks counts the same split honours):
/// a suit s whose two highest cards out are split between the leader and partner, each holding at
/// least two cards of s (lengths a and b). The leader first cashes its plan-1 winners outside s, as
/// many as partner has cards outside s to follow or discard with (so partner keeps all of s). Then
/// two rounds of s: the hand with the shorter holding wins the first with its honour, the longer
/// one the second. If the leader is the shorter hand it leads its honour and partner plays its
/// lowest card (b >= 2 leaves one below the honour), then leads low to partner's honour; if it
/// is the longer, it leads low to partner's honour, and partner, holding another card, leads
/// back to the leader's. Each round is won by the highest card still out. That is 2 tricks, and
/// the longer hand is on lead. If moreover neither opponent holds more than two cards of s and
/// the shorter hand held exactly two, after two rounds only the longer hand holds s and cashes
/// the rest: max(a, b) tricks. (With three or more in the shorter hand, its last card could
/// overtake and strand the long cards, so only the two rounds count then.)
/// Partner's spare cards (no trump, plans 2 and 4): partner plays one card to each trick of A and
/// must keep only the cards it cashes later, its counted winners of B (and e, and the finesse's
/// third card). In a suit of A it follows with cards of that suit, none of them counted; void,
/// it discards any uncounted card, a small one of a suit of B included (the run counted there
/// does not need it, and long cards counted there are counted cards). So the leader cashes
/// min(A's tricks, partner's uncounted cards) rounds of A, choosing which, and needs no
/// condition; in a trump contract the conditions above stay (a forced ruff is possible).
/// Plan 4 (no trump only; DDS's QuickTricks reaches partner the same way): plan 2 with the entry
/// in a suit s the leader tops. Let e be partner's highest card of s; if it beats every card of
/// s the opponents hold, partner holds more cards of s than the leader cashes rounds of it in A,
/// and the leader holds a card of s below e, then: the leader cashes A (its top cards of s
/// among them), partner following with its lower cards of s and otherwise from its cards
/// outside B other than e (it needs as many as A has tricks); the leader's cards of s below e
/// are not in its run, so it still holds one and leads it; e wins, as only the leader's cards
/// of s beat it; partner cashes B while the leader follows or discards. mine_total + 1 +
/// pd_total tricks, where B may be empty. e's rank matters only against the cards above it.
/// Plan 5, transport (no trump only; DDS's QuickTricks adds several split suits and partner's
/// winners the same way): every plan-3 suit is a self-contained pair of rounds, won first by the
/// shorter hand's honour and then by the longer hand's, that can be started from either hand
/// (from the shorter: it leads its honour, the longer plays low, then it leads low to the
/// longer's honour; from the longer: it leads low to the shorter's honour, which leads back);
/// the remaining honour stays the highest card out of the suit in between, whatever is played
/// elsewhere. So a split suit is also a crossing: the leader cashes A less the split suits (A'),
/// then starts a split suit; partner is on lead after its first round (partner shorter) or its
/// second (partner longer), cashes B less the split suits (B') and, if it was the shorter hand,
/// leads the second round back, the longer hand then cashing its long cards if the suit counts
/// them; then the other split suits, each from whichever hand is on lead. Instead of a split
/// suit the crossing may be plan 2's entry, the finesse (+1) or plan 4's entry (+1). Total
/// v = A' + B' + the split suits' tricks + the crossing's own. Discards: every counted trick
/// takes one card from each of the two hands; the cards the line needs a hand to play (its
/// winners, its cards of the split suits, the entry card, the card led back) are held until
/// then, since a suit of A' is led only by the leader and one of B' only by partner, so a hand
/// follows in the other's suits with cards the line does not need, and discards only when void.
/// With r cards in each hand, a hand playing v cards of which n are needed has r - n others for
/// its v - n other plays: enough when v <= r. If v > r the leader cashes v - r fewer rounds of
/// A' when A' has them (the line is otherwise unchanged), else plan 5 counts nothing.
/// rel receives the cards whose ranks the count depends on (the top winners counted); everything
/// else the count uses (lengths, who holds trumps) is fixed by the shape.
/// `shape` holds the current suit lengths (at a trick boundary, the frame's shape).
/// Compiled once for no trump and once for the trump suits (HasTrump), so that neither carries
/// the other's tests; quick_tricks below chooses by the strain.
template <bool HasTrump>
inline int quick_tricks_in(const std::uint64_t* hands, std::uint64_t all, std::uint64_t shape,
                           int leader, int trump_suit, std::uint64_t& rel) noexcept {
  const std::uint64_t me = hands[leader];
  const std::uint64_t pd = hands[(leader + 2) & 3];
  const int lseat = (leader + 1) & 3;
  constexpr bool has_trump = HasTrump;
  const int strain = HasTrump ? trump_suit : kNoTrump;
  // The lengths seen from the leader (shape_len's seat 0 the leader, 1 its left-hand opponent,
  // 2 partner, 3 its right-hand opponent): every shift is then a constant once the suit loop is
  // unrolled (callgrind: -0.7% of the instructions on singles, -1.2% on tables).
  const std::uint64_t rshape = std::rotr(shape, 16 * leader);
  bool lho_trumps = has_trump && shape_len(rshape, 1, strain) > 0;
  bool rho_trumps = has_trump && shape_len(rshape, 3, strain) > 0;
  if (lho_trumps || rho_trumps) {
    // Drawing trumps (DDS's QuickTricks does the same): if the leader's top trumps outnumber
    // each opponent's trumps, the plans cash them first (plan 1's trump rounds come first, and
    // in plan 2 they are in A), after which no opponent holds a trump: no side suit is capped.
    // The trump run is among the counted cards (rel), and the lengths are the shape's.
    const int most = std::max(shape_len(rshape, 1, strain), shape_len(rshape, 3, strain));
    if (popcount(top_run(all & suit_bits(strain), me)) >= most) lho_trumps = rho_trumps = false;
  }
  int mine_total = 0;  // plan 1 / set A: the leader's tricks
  int mine_side = 0;   // ... of which in side suits (not trumps)
  int pd_total = 0;    // set B: partner's tricks
  int pd_side = 0;     // ... of which in side suits
  bool entry = false;
  std::uint64_t finesse = 0;  // the three top cards of a finesse suit of B (none: 0)
  int finesse_trick = 0;      // the tricks it adds to the suit's run
  std::uint64_t mine_rel = 0;
  std::uint64_t pd_rel = 0;
  std::array<int, 4> my_tricks{};            // plan 1's tricks per suit
  unsigned split_suits = 0;                  // plan 3's suits, with per suit:
  std::array<int, 4> split_tricks{};         // its tricks,
  std::array<std::uint64_t, 4> split_rel{};  // the two top cards
  unsigned entry_suits = 0;                  // plan 4's entry suits, with per suit
  std::array<std::uint64_t, 4> entry_rel{};  // the cards of s from the top down to e
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint64_t suit_all = all & suit_bits(s);
    if (!suit_all) continue;
    const std::uint64_t top = ibit(top_card(suit_all));
    const bool mine = (me & top) != 0;
    if (!mine && !(pd & top)) continue;
    const int lho_len = shape_len(rshape, 1, s);
    const int rho_len = shape_len(rshape, 3, s);
    const int my_len = shape_len(rshape, 0, s);
    const int pd_len = shape_len(rshape, 2, s);
    if (!has_trump && my_len >= 2 && pd_len >= 2) {
      // A plan-3 suit if the second card out is the other hand's (the top is one of ours).
      const std::uint64_t second = ibit(top_card(suit_all & ~top));
      if ((mine ? pd : me) & second) {
        const auto si = static_cast<std::size_t>(s);
        const int o = std::max(lho_len, rho_len);
        split_suits |= 1u << s;
        split_tricks[si] = o <= 2 && std::min(my_len, pd_len) == 2 ? std::max(my_len, pd_len) : 2;
        split_rel[si] = top | second;
      }
    }
    if (!has_trump && mine && pd_len > 0) {
      // A plan-4 entry: partner's highest card of s beats the opponents' cards of s.
      const std::uint64_t e = ibit(top_card(suit_all & ~me));
      if ((pd & e) && (me & suit_all & (e - 1))) {
        entry_suits |= 1u << s;
        entry_rel[static_cast<std::size_t>(s)] = suit_all & ~(e - 1);  // s's cards from e up
      }
    }
    const std::uint64_t run = top_run(suit_all, mine ? me : pd);
    const int run_len = popcount(run);
    int tricks = run_len;
    // Once the other hands are void, the cashing hand's remaining cards win as well.
    const int others = std::max({mine ? pd_len : my_len, lho_len, rho_len});
    const bool long_cards = run_len >= others;
    if (long_cards) tricks = mine ? my_len : pd_len;
    if (s != strain) {
      // An opponent with trumps ruffs once void: cash no more rounds than it can follow.
      if (lho_trumps) tricks = std::min(tricks, lho_len);
      if (rho_trumps) tricks = std::min(tricks, rho_len);
    }
    if (tricks <= 0) continue;
    // Only the top cards that win rounds against other cards of the suit depend on ranks:
    // round i is won by the i-th card of the run, and once the other hands are void (after
    // `others` rounds) any card wins.
    const std::uint64_t ranked = keep_top(run, std::min(tricks, long_cards ? others : run_len));
    if (mine) {
      mine_total += tricks;
      my_tricks[static_cast<std::size_t>(s)] = tricks;
      if (s != strain) mine_side += tricks;
      mine_rel |= ranked;
    } else {
      pd_total += tricks;
      if (s != strain) pd_side += tricks;
      pd_rel |= ranked;
      if (my_len) entry = true;
      // The finesse (see above): one more trick, and that suit is the entry.
      if (!has_trump && !finesse && tricks == run_len && my_len > 0) {
        const std::uint64_t second = ibit(top_card(suit_all & ~run));
        const std::uint64_t rest = suit_all & ~run & ~second;
        if (rest && (hands[lseat] & second) && (pd & ibit(top_card(rest)))) {
          finesse = run | second | ibit(top_card(rest));
          finesse_trick =
              std::max({my_len, lho_len, rho_len}) <= run_len + 1 ? pd_len - run_len : 1;
        }
      }
    }
  }
  // Forced ruffs. A hand void in the suit led that holds nothing but trumps must ruff: the trick
  // is still ours (an opponent holding trumps follows to every round counted, so cannot
  // overruff), but the lead passes to that hand and may strand the winners counted in the other.
  // The plans therefore never rely on such a play: the hand that follows to the cashing hand's
  // side-suit rounds must have a non-trump card for each of them (its followers and discards),
  // unless it holds no trumps at all. Trump rounds are cashed first: the other hand follows with
  // its trumps, and if it runs out of them it can no longer be forced to ruff anything.
  const std::uint64_t tmask = has_trump ? suit_bits(strain) : 0;
  const int pd_trumps = popcount(pd & tmask);
  const int pd_plain = popcount(pd) - pd_trumps;
  // Plan 1: partner follows to the leader's side-suit rounds; cash no more of them than partner
  // has plain cards (the leader chooses which rounds to cash, and the trump rounds need none).
  const int plan1 =
      pd_trumps > 0 ? std::min(mine_side, pd_plain) + (mine_total - mine_side) : mine_total;
  int best = plan1;
  rel = mine_rel;
  // Plan 2, the same for partner during A (its plain cards outside B) and for the leader during
  // B (its plain cards left after A and the entry, if it still holds trumps then).
  // Partner's spare cards as in no trump (see above), with forced ruffs: partner needs as many
  // uncounted cards as A has rounds, and, holding a trump, as many uncounted plain cards as A
  // has side-suit rounds (to follow or discard with, never having to ruff); A has no trump
  // rounds when partner's trumps are counted (then partner tops the trumps, not the leader).
  bool plan2 = false;
  if (has_trump && entry && pd_total > 0) {
    const int my_trumps_after = popcount(me & tmask) - (mine_total - mine_side);
    const int my_plain_after = popcount(me & ~tmask) - mine_side - 1;
    plan2 = mine_total <= popcount(pd) - pd_total &&
            (pd_trumps == 0 || mine_side <= pd_plain - pd_side) &&
            (my_trumps_after <= 0 || pd_side <= my_plain_after);
  }
  // Plan 3, split honours (see above): the candidate suits were found in the loop.
  for (unsigned m = split_suits; m; m &= m - 1) {
    const auto si = static_cast<std::size_t>(std::countr_zero(m));
    const int s = static_cast<int>(si);
    const int outside = std::min(mine_total - my_tricks[si], popcount(pd & ~suit_bits(s)));
    if (outside + split_tricks[si] <= best) continue;
    best = outside + split_tricks[si];
    rel = split_rel[si] | (mine_rel & ~suit_bits(s));
  }
  // Spare cards (no trump): partner needs to keep only the cards it cashes, so the leader cashes
  // as many of A's rounds as partner holds other cards (see "Partner's spare cards" above).
  const int pd_spare = popcount(pd) - pd_total;
  // Plan 4 (see above): partner keeps e and follows to s below it during A.
  for (unsigned m = entry_suits; m; m &= m - 1) {
    const auto si = static_cast<std::size_t>(std::countr_zero(m));
    const int s = static_cast<int>(si);
    if (shape_len(rshape, 2, s) <= my_tricks[si]) continue;
    const int v = std::min(mine_total, pd_spare - 1) + 1 + pd_total;
    if (v <= best) continue;
    best = v;
    rel = mine_rel | pd_rel | entry_rel[si];
  }
  if (!has_trump && entry && pd_total > 0) {
    const int v = std::min(mine_total, pd_spare - finesse_trick) + pd_total + finesse_trick;
    if (v > best) {
      best = v;
      rel = mine_rel | pd_rel | finesse;
    }
  }
  // Plan 5, transport (no trump; see above).
  if (!has_trump && split_suits) {
    int split_all = 0;  // the split suits' tricks
    int runs_mine = 0;  // split suits whose top card is the leader's (a one-card run of A)
    std::uint64_t srel = 0;
    for (unsigned m = split_suits; m; m &= m - 1) {
      const auto si = static_cast<std::size_t>(std::countr_zero(m));
      split_all += split_tricks[si];
      if (me & ibit(top_card(split_rel[si]))) ++runs_mine;
      srel |= split_rel[si];
    }
    const int a_rest = mine_total - runs_mine;  // A less the split suits
    const int b_rest = pd_total - (popcount(static_cast<std::uint64_t>(split_suits)) - runs_mine);
    int bonus = 0;  // the crossing's own trick: a split suit crosses for nothing
    std::uint64_t cross_rel = 0;
    if (finesse) {
      bonus = 1;  // the finesse's two rounds only (its long cards are not needed here)
      cross_rel = finesse;
    }
    for (unsigned m = entry_suits & ~split_suits; m && bonus < 1; m &= m - 1) {
      const auto si = static_cast<std::size_t>(std::countr_zero(m));
      if (shape_len(rshape, 2, static_cast<int>(si)) <= my_tricks[si]) continue;
      bonus = 1;
      cross_rel = entry_rel[si];
    }
    int v = a_rest + split_all + bonus + b_rest;
    const int r = popcount(me);
    if (v > r) v = a_rest >= v - r ? r : 0;  // the leader cashes fewer of A's rounds
    if (v > best) {
      best = v;
      rel = mine_rel | pd_rel | srel | cross_rel;
    }
  }
  if (has_trump && plan2 && mine_total + pd_total + finesse_trick > best) {
    best = mine_total + pd_total + finesse_trick;
    rel = mine_rel | pd_rel | finesse;
  }
  if (has_trump) {
    std::uint64_t trel = 0;
    const int longer = std::max(shape_len(rshape, 0, strain), shape_len(rshape, 2, strain));
    const int top = top_trump_tricks(all & suit_bits(strain), me | pd, longer, trel);
    if (top > best) {
      best = top;
      rel = trel;
    }
    // Trump length: every trump of the side's longer trump hand is played to a different trick,
    // which the side wins unless an opponent plays a trump to it, and each opponent's trump
    // spoils at most one: at least long - (opponents' trumps) tricks, whatever the ranks.
    const int length = std::max(shape_len(rshape, 0, strain), shape_len(rshape, 2, strain)) -
                       shape_len(rshape, 1, strain) - shape_len(rshape, 3, strain);
    if (length > best) {
      best = length;
      rel = 0;
    }
    // A ruff in the short trump hand (DDS's QuickTricks credits it too): the opponents hold no
    // trump, partner holds one and is void in a side suit the leader holds (it adds to the
    // length count above when the leader holds at least as many trumps as partner). The leader
    // leads that suit and partner ruffs: no one can overruff, so the trick is ours, and the leader
    // played no trump to it. Each of the leader's a trumps then goes to a trick of its own, which
    // is ours too (only our side has trumps): a + 1 tricks, by lengths alone.
    const int my_trumps = shape_len(rshape, 0, strain);
    if (shape_len(rshape, 1, strain) == 0 && shape_len(rshape, 3, strain) == 0 && pd_trumps > 0 &&
        my_trumps + 1 > best) {
      for (int s = 0; s < kNumSuits; ++s) {
        if (s == strain || !shape_len(rshape, 0, s) || shape_len(rshape, 2, s)) continue;
        best = my_trumps + 1;
        rel = 0;
        break;
      }
    }
  }
  return best;
}

/// Tricks the leader's side can take by cashing top winners (see quick_tricks_in), in `strain`
/// (0..3 a trump suit, 4 no trump).
inline int quick_tricks(const std::uint64_t* hands, std::uint64_t all, std::uint64_t shape,
                        int leader, int strain, std::uint64_t& rel) noexcept {
  return strain < kNumSuits ? quick_tricks_in<true>(hands, all, shape, leader, strain, rel)
                            : quick_tricks_in<false>(hands, all, shape, leader, strain, rel);
}

/// An upper bound on what quick_tricks returns, from the suits' top cards and the lengths alone:
/// a few dozen instructions where quick_tricks costs a few hundred, so in no trump the search skips
/// quick_tricks where the cap is below the target. Every trick quick_tricks counts outside its
/// trump plans is a round of a suit whose highest card still out the side on lead holds (its runs
/// and long cards, the split honours, plan 4's entry, the finesse), and each round of a suit takes
/// a card of it from the hand that leads it and from the other hand while it has one: at most the
/// longer of the two holdings in rounds. The trump plans (top trumps, trump length, the ruff in the
/// short trump hand) count at most the longer trump holding plus one. This bounds the count, not
/// the tricks the side can take.
inline int quick_tricks_cap(const std::uint64_t* hands, std::uint64_t all, std::uint64_t shape,
                            int leader, int strain) noexcept {
  const int pseat = (leader + 2) & 3;
  const std::uint64_t side = hands[leader] | hands[pseat];
  const std::uint64_t theirs = all & ~side;
  // Bit 15 of each suit's 16 bits: the side's cards of the suit, read as a number, are at least
  // the opponents' (no borrow crosses a suit: cards use bits 0..12). The two sets are disjoint,
  // so that is "the side holds the suit's highest card", or an empty suit (length 0 below).
  constexpr std::uint64_t kHigh = 0x8000800080008000ull;
  const std::uint64_t tops = ((side | kHigh) - theirs) & kHigh;
  const auto mine = static_cast<unsigned>(shape >> (16 * leader));
  const auto pds = static_cast<unsigned>(shape >> (16 * pseat));
  int cap = 0;
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s) {
    const int longer = static_cast<int>(std::max((mine >> (4 * s)) & 15u, (pds >> (4 * s)) & 15u));
    cap += (tops >> (16 * s + 15)) & 1u ? longer : 0;
  }
  if (strain < kNumSuits) {
    const int t =
        static_cast<int>(std::max((mine >> (4 * strain)) & 15u, (pds >> (4 * strain)) & 15u));
    cap = std::max(cap, t + 1);
  }
  return cap;
}

/// The side-suit tricks a hand cashes in a trump contract once it has won the current trick
/// (second_hand_tricks: its top card of the suit led, or a ruff) and cashed its run of top
/// trumps (`rounds` rounds after this trick); quick_tricks' plan 1 from the next trick on, with
/// the lengths each player may hold once this trick is complete. `hh` is that hand, `third` the
/// opponent still to play to this trick (it follows suit, or holds no trump: the callers settle
/// that), `lead_seat` the opponent who led `led_card`; `hands` are the hands now (the card led
/// removed). Argument, suit by suit, for a side suit s in which hh holds the t highest cards
/// still out (in the suit led, t counts those below hh's card to this trick, which the trick
/// takes):
///  - each card of the run is the highest of s still out when hh leads it, so its round is hh's
///    unless someone ruffs. An opponent ruffs only when void in s and holding a trump. The
///    leader's trumps are drawn by hh's trump rounds if he holds no more trumps than there are
///    rounds (he must follow to each while he has trumps), and so are the third hand's (less
///    the one it plays to this trick when a trump is led; it plays none otherwise). An opponent
///    not drawn follows to as many rounds of s as the cards of s it holds after this trick: the
///    leader's as now (his card to this trick is of the suit led), the third hand's as now less
///    one in the suit led (it follows; were it void there, it would hold no trump and cap
///    nothing). Cashing one suit never shortens a trump holder's holding in another (it follows
///    to every round counted), so the rounds of each suit are capped by its own lengths alone.
///  - once no other hand can hold more cards of s than the run has cards (the leader's and the
///    third hand's holdings as above, partner's as now, at most), hh's small cards of s win as
///    well (any card of s wins a round once the others are void in s), under the same caps.
///  - hh's partner follows to hh's rounds. Holding a trump, it could be forced to ruff one of
///    them (void in s, nothing but trumps), which would take the lead from hh: so the side-suit
///    rounds are at most partner's cards outside trumps after this trick (it plays one card to
///    this trick, a card outside trumps if it has one: the callers settle that), as in plan 1.
/// Adds the cards whose ranks matter (the runs' cards that win rounds while another hand may
/// hold the suit) to `r` and returns the tricks.
REDOUBLE_COLD inline int trump_cash_after(const std::uint64_t* hands, std::uint64_t all, int hh,
                                          int lead_seat, int third, int led_card, int strain,
                                          int rounds, std::uint64_t& r) noexcept {
  const std::uint64_t tb = suit_bits(strain);
  const std::uint64_t side_cards = hands[hh] & ~tb;
  if (!side_cards) return 0;
  // Partner's cards outside trumps after this trick: the side-suit rounds it can follow to.
  const std::uint64_t other = hands[hh ^ 2];
  int most_rounds = kNumRanks;
  if (other & tb) {
    most_rounds = popcount(other & ~tb) - 1;
    if (most_rounds <= 0) return 0;
  }
  // The suits whose highest card still out is hh's (most calls find none: stop there).
  const std::uint64_t out = all & ~ibit(led_card);  // the card led leaves with this trick
  unsigned suits = 0;
  for (std::uint64_t m = side_cards; m;) {
    const int s = isuit(top_card(m));
    m &= ~suit_bits(s);
    if (side_cards & ibit(top_card(out & suit_bits(s)))) suits |= 1u << s;
  }
  if (!suits) return 0;
  const int ss = isuit(led_card);
  const bool third_follows = (hands[third] & suit_bits(ss)) != 0;
  const int third_trumps = popcount(hands[third] & tb) - (ss == strain && third_follows ? 1 : 0);
  const bool lead_ruffs = popcount(hands[lead_seat] & tb) > rounds;
  const bool third_ruffs = third_trumps > rounds;
  int side = 0;
  std::uint64_t sr = 0;
  for (; suits; suits &= suits - 1) {
    const int s = std::countr_zero(suits);
    const std::uint64_t sbs = suit_bits(s);
    const std::uint64_t run = top_run(out & sbs, side_cards);
    const int skip = s == ss ? 1 : 0;  // in the suit led, the run's first card wins this trick
    int n = popcount(run) - skip;
    if (n <= 0) continue;
    const int lead_len = popcount(hands[lead_seat] & sbs);
    const int third_len = popcount(hands[third] & sbs) - (skip && third_follows ? 1 : 0);
    const int most = std::max({lead_len, third_len, popcount(other & sbs)});
    std::uint64_t ranked = run;
    if (n >= most) {
      n = popcount(side_cards & sbs) - skip;
      ranked = keep_top(run, most + skip);
    }
    if (lead_ruffs) n = std::min(n, lead_len);
    if (third_ruffs) n = std::min(n, third_len);
    if (n <= 0) continue;
    side += n;
    sr |= keep_top(ranked, n + skip);
  }
  side = std::min(side, most_rounds);
  if (side <= 0) return 0;
  r |= sr;
  return side;
}

/// second_hand_tricks when our side wins the trick by ruffing (see the comments there): the
/// most tricks either hand of ours that can ruff takes by ruffing and cashing after.
REDOUBLE_COLD inline int ruff_then_cash(const std::uint64_t* hands, std::uint64_t all, int seat,
                                        int led_card, int strain, std::uint64_t& rel) noexcept {
  const std::uint64_t sb = suit_bits(isuit(led_card));
  const std::uint64_t tb = suit_bits(strain);
  const int pseat = (seat + 2) & 3;
  const int third = (seat + 1) & 3;
  int best = 0;
  for (const int rs : {seat, pseat}) {
    const std::uint64_t ruffer = hands[rs];
    const std::uint64_t partner = hands[rs ^ 2];
    if ((ruffer & sb) || !(ruffer & tb)) continue;
    best = std::max(best, 1);
    // The other hand of ours must not be forced to ruff too (void, nothing but trumps): it
    // follows, or discards a card outside trumps. Then the ruffer, ruffing with its lowest
    // trump, wins (the third hand follows or holds no trump; no trump is played but ours),
    // whatever the ranks, and leads: it cashes its run of top trumps, every trump it holds once
    // no other hand holds more trumps than that run (each card of the run is the highest trump
    // out when led, and once the others are void any trump wins), then side suits
    // (trump_cash_after).
    if (!(partner & sb) && !(partner & ~tb)) continue;
    const std::uint64_t ruff = ibit(bottom_card(ruffer & tb));
    const std::uint64_t left = ruffer & tb & ~ruff;
    const std::uint64_t run = left ? top_run(all & tb & ~ruff, left) : 0;
    int others = 0;
    for (int h = 0; h < kNumSeats; ++h)
      if (h != rs) others = std::max(others, popcount(hands[h] & tb));
    std::uint64_t cr = 0;
    int v = 1;
    if (run) {
      const int w = popcount(run);
      v += w >= others ? popcount(left) : w;
      cr |= w >= others ? keep_top(run, others) : run;
    }
    v += trump_cash_after(hands, all, rs, (seat + 3) & 3, third, led_card, strain, popcount(run),
                          cr);
    if (v > best) {
      best = v;
      rel = cr;
    }
  }
  return best;
}

/// Tricks the side of the second hand surely takes, counted from the start of the current trick,
/// once a card has been led (DDS's QuickTricksSecondHand idea, our own formulation). The side
/// (`seat` = second hand and its partner, fourth hand) first needs a sure win of this trick:
///  - its highest card of the suit led beats the card led and every card the third hand holds
///    in the suit (cards above it can only be the leader's, who has played), and in a trump
///    contract the third hand cannot ruff (it follows suit, or holds no trumps); or
///  - in a trump contract with a side suit led, one of the two hands is void in it and holds a
///    trump, and the third hand cannot ruff: our ruff wins (we need not overruff each other).
/// In no trump the hand that wins with that top card (hh) keeps the lead and cashes, suit after
/// suit, every card of a run it holds from the top of a suit: each is the highest card out when
/// led, and in no trump nothing can beat it. In the suit led, the run counts from our top card
/// down among the cards still out other than the card led (which leaves with this trick); the
/// trick itself is the run's first card. Once the other hands cannot have more cards of a suit
/// than the run's remaining cards, hh's small cards there win as well. In a trump contract the
/// current trick and hh's run of top trumps are counted; with `want` (the tricks the side needs
/// from this trick on, so the caller can stop on the count), the hand that wins the trick (hh,
/// or the ruffing hand) also cashes side suits (trump_cash_after: quick_tricks' plan 1 from
/// the next trick, with its proof), but only where that count may decide: when the trick and
/// the trumps fall one trick short of `want`, or when a ruff is all the side has and it wants
/// more than one trick. Each such count costs as much as a few follow nodes, and asked of
/// every second hand it cost more than the nodes it saved (measured in bench/README.md,
/// "Sure tricks after the second hand wins"). `want` 0 (the default) counts as before.
/// Returns 0 when no sure win is found; `rel` receives the cards whose ranks the count depends
/// on (the rest, lengths and voids, is fixed by the shape).
/// Compiled once for no trump and once for the trump suits (Trumps), as quick_tricks_in is;
/// second_hand_tricks below chooses by the strain.
template <bool Trumps>
REDOUBLE_HOT_INLINE inline int second_hand_tricks_in(const std::uint64_t* hands, std::uint64_t all,
                                                     int seat, int led_card, int trump_suit,
                                                     std::uint64_t& rel, int want) noexcept {
  const int ss = isuit(led_card);
  const std::uint64_t sb = suit_bits(ss);
  const int pseat = (seat + 2) & 3;
  const int third = (seat + 1) & 3;
  const std::uint64_t ours = (hands[seat] | hands[pseat]) & sb;
  const std::uint64_t third_s = hands[third] & sb;
  constexpr bool trumps = Trumps;
  const int strain = Trumps ? trump_suit : kNoTrump;
  const bool third_ruffs = trumps && ss != strain && !third_s && (hands[third] & suit_bits(strain));
  rel = 0;
  if (third_ruffs) return 0;
  if (!ours || (third_s && top_card(third_s) > top_card(ours)) || top_card(ours) < led_card) {
    // No top card in the suit led: a ruff by either hand of ours still wins the trick.
    if (!trumps || ss == strain) return 0;
    const std::uint64_t tb = suit_bits(strain);
    const bool ruff = (!(hands[seat] & sb) && (hands[seat] & tb)) ||
                      (!(hands[pseat] & sb) && (hands[pseat] & tb));
    if (!ruff) return 0;
    // The ruff is one trick; counting on past it can decide only if the side wants more.
    return want > 1 ? ruff_then_cash(hands, all, seat, led_card, strain, rel) : 1;
  }
  const int t = top_card(ours);
  const int hh = (hands[seat] & ibit(t)) ? seat : pseat;
  const std::uint64_t mine = hands[hh];
  int total = 0;
  std::uint64_t r = 0;
  if (trumps) {
    // hh keeps the lead only if its partner is not forced to ruff this trick (void in the suit
    // led and nothing but trumps): such a ruff still wins the trick, but from the other hand.
    const std::uint64_t other = hands[hh == seat ? pseat : seat];
    const std::uint64_t tb = suit_bits(strain);
    if (ss != strain && !(other & sb) && !(other & ~tb)) {
      rel = ibit(t);
      return 1;
    }
    // On lead, hh cashes its run of top trumps (each the highest trump out when led, so it
    // wins whatever the others play), then side suits (trump_cash_after, after the loop).
    if (ss != strain) {
      total = 1;
      r = ibit(t);
    }
  }
  int trump_rounds = 0;  // hh's top trumps led after this trick
  // No trump: every suit; a trump contract: the trumps (side suits come after the loop).
  const int s_end = trumps ? strain + 1 : kNumSuits;
  for (int s = trumps ? strain : 0; s < s_end; ++s) {
    const std::uint64_t sbs = suit_bits(s);
    const std::uint64_t out = s == ss ? (all & sbs & ~ibit(led_card)) : (all & sbs);
    const std::uint64_t mine_s = mine & sbs;
    if (!mine_s) continue;
    std::uint64_t run = top_run(out, mine);
    if (s == ss && !run) {
      // The leader still holds a higher card: our top card wins this trick only.
      total += 1;
      r |= ibit(t);
      continue;
    }
    if (!run) continue;
    int n = popcount(run);
    // Cards the other three hands still hold in the suit (the leader's card led excluded).
    int others = 0;
    for (int h = 0; h < kNumSeats; ++h)
      if (h != hh) others = std::max(others, popcount(hands[h] & sbs));
    // In the suit led each of them plays one card to this trick if it can; the run loses one.
    // Only the run's cards that win rounds while another hand still holds the suit depend on
    // ranks (in the suit led, this trick's card and one round per card the others hold).
    const int ranked = s == ss ? others + 1 : others;
    if (n >= ranked) {
      n = popcount(mine_s);
      r |= keep_top(run, ranked);
    } else {
      r |= run;
    }
    total += n;
    if (s == strain) trump_rounds = popcount(run) - (ss == strain ? 1 : 0);
  }
  // A trump contract: side suits after the trumps, when one more trick would reach `want`.
  if (trumps && total < want && want - total <= 1)
    total +=
        trump_cash_after(hands, all, hh, (seat + 3) & 3, third, led_card, strain, trump_rounds, r);
  rel = r;
  return total;
}

/// The second hand's sure tricks (see second_hand_tricks_in) in `strain` (0..3 a trump suit,
/// 4 no trump).
REDOUBLE_HOT_INLINE inline int second_hand_tricks(const std::uint64_t* hands, std::uint64_t all,
                                                  int seat, int led_card, int strain,
                                                  std::uint64_t& rel, int want = 0) noexcept {
  return strain < kNumSuits
             ? second_hand_tricks_in<true>(hands, all, seat, led_card, strain, rel, want)
             : second_hand_tricks_in<false>(hands, all, seat, led_card, strain, rel, want);
}

/// A guarded trump (bridge-solver's "slow" trump tricks, generalised and proved here): a sure
/// trick for side S (`side`: the seat parity) when the other side holds the highest trump out.
/// Let T be S's highest trump, j >= 2 its place from the top (the j - 1 trumps above it are all
/// the other side's), and D the player of S holding it. S takes at least one trick when
///  (a) D holds at least j trumps, and the j - 1 higher ones are all in one hand H, which D
///      plays right after (D is H's left-hand opponent): a guarded king behind the ace, a queen
///      and two small behind ace-king;
///  (b) j = 2, D holds at least two trumps, and the top trump (A) is its holder's only trump; or
///  (c) j = 2 and D also holds the third trump out;
/// and, in (a) and (b), if S is on lead, it can lead so that D plays no trump to this trick:
/// D is on lead and holds a card outside trumps, or D's partner is and holds a suit other than
/// trumps in which D holds a card.
///
/// Proof. Consider the tricks until S wins one. The winner of a trick leads the next, so each
/// of them is led by the other side, except this one if S leads it, when, in (a) and (b), D
/// plays no trump to it (its lead is as above). In the others, D plays a trump only following a
/// trump lead or void in the suit led.
///
/// (a) In every trick led by H's side H plays before D (H leads; or H's partner leads, D's
/// partner plays, then H, then D). D's play, whenever he plays a trump: if H has played one of
/// the higher trumps to this trick, a small one; otherwise T, which wins the trick, since only H
/// holds higher trumps and H has played. So D plays small only to a trick in which one of the
/// j - 1 higher trumps falls, at most j - 1 times, and he holds j - 1 small trumps: he keeps T
/// until S wins a trick or every higher trump has fallen; then T is the highest trump out and
/// wins the trick it is played to, and every card is played before the end.
///
/// (b) If D plays right after A's holder, this is (a). Otherwise D plays right before him: last
/// in a trick A's holder leads, second, after the lead only, in one his partner leads. D's play:
/// void in the suit led, discard if he can; when he must play a trump, play the lowest that wins
/// the trick if he is the last to play, else a small one. A trump lead makes A's holder play A
/// (his only trump): A falls in that trick. A trick of another suit that D must ruff: if D plays
/// last and A is not in it, every trump in it is below K (A's holder has no other), so K, or a
/// lower trump if that is enough, wins it for S; if D plays second, the card before his is the
/// lead, a card of that suit, and after D only A's holder can beat D's small trump, only with A.
/// So D plays small only to a trick that S wins or in which A falls; he holds a small trump
/// until then, and K once A has fallen.
///
/// (c) K and Q are in D's hand, which plays one card per trick: a trick to which D plays K or
/// Q either holds A (the other of the two is then the highest trump out) or is won by D (only
/// A beats K; only A or K beats Q). D plays both before the end. (This needs no condition on
/// the lead.)
///
/// rel receives the trumps from the top down to T (and Q in (c)); lengths come from the shape.
inline bool guarded_trump(const std::uint64_t* hands, std::uint64_t tall, std::uint64_t shape,
                          int side, int leader, int strain, std::uint64_t& rel) noexcept {
  const int d1 = side;
  const int d2 = side + 2;
  const std::uint64_t ours = tall & (hands[d1] | hands[d2]);
  if (!ours) return false;
  const int t = top_card(ours);
  const std::uint64_t above = tall & ~((ibit(t) << 1) - 1);  // all the other side's
  if (!above) return false;
  const int d_seat = (hands[d1] & ibit(t)) ? d1 : d2;
  const int h_seat =
      (hands[(side + 1) & 3] & ibit(top_card(above))) ? (side + 1) & 3 : (side + 3) & 3;
  const int j = popcount(above) + 1;
  const int d_len = shape_len(shape, d_seat, strain);
  if (j == 2) {
    const std::uint64_t below = tall & (ibit(t) - 1);
    if (below && (hands[d_seat] & ibit(top_card(below)))) {
      rel = above | ibit(t) | ibit(top_card(below));
      return true;
    }
  }
  const bool one_hand = (hands[h_seat] & above) == above;
  const bool behind = one_hand && d_seat == ((h_seat + 1) & 3) && d_len >= j;
  const bool bare = j == 2 && d_len >= 2 && shape_len(shape, h_seat, strain) == 1;
  if (!behind && !bare) return false;
  if ((leader & 1) == side) {
    // D's side leads this trick: it must be able to lead so that D plays no trump to it.
    bool first = false;
    for (int s = 0; s < kNumSuits && !first; ++s) {
      if (s == strain || !shape_len(shape, leader, s)) continue;
      first = d_seat == leader || shape_len(shape, d_seat, s) > 0;
    }
    if (!first) return false;
  }
  rel = above | ibit(t);
  return true;
}

/// A ruff for one trick (DDS's QuickTricks counts it when one trick is all the side on lead
/// needs): in a trump contract the leader holds a side suit s in which partner is void, and
/// partner holds a trump. The leader leads s; its left-hand opponent follows or plays a trump
/// (ruffs) or discards; partner ruffs; the right-hand opponent follows, ruffs or discards.
/// Partner's trick if no opponent can ruff above it: each opponent either follows s (and so plays
/// no trump) or holds no trump, or partner's highest trump beats every trump that opponent holds
/// (the left-hand opponent's ruff is then overruffed, and the right-hand opponent, playing after
/// partner, cannot beat it). The first case depends on lengths alone (`rel` = 0); the second on
/// the trumps from the top down to partner's highest (`rel`), which must all be ours.
inline bool ruff_trick(const std::uint64_t* hands, std::uint64_t tall, std::uint64_t shape,
                       int leader, int strain, std::uint64_t& rel) noexcept {
  const int pseat = (leader + 2) & 3;
  const int lseat = (leader + 1) & 3;
  const int rseat = (leader + 3) & 3;
  if (shape_len(shape, pseat, strain) == 0) return false;
  const bool lho_trumps = shape_len(shape, lseat, strain) > 0;
  const bool rho_trumps = shape_len(shape, rseat, strain) > 0;
  bool any = false;  // a suit the leader holds and partner is void in
  for (int s = 0; s < kNumSuits; ++s) {
    if (s == strain || !shape_len(shape, leader, s) || shape_len(shape, pseat, s)) continue;
    if ((!lho_trumps || shape_len(shape, lseat, s)) &&
        (!rho_trumps || shape_len(shape, rseat, s))) {
      rel = 0;
      return true;
    }
    any = true;
  }
  if (!any) return false;
  // Partner's highest trump beats every opponent's trump when no opponent's trump lies above it.
  const std::uint64_t above = tall & ~(ibit(top_card(hands[pseat] & tall)) - 1);
  if (above & (hands[lseat] | hands[rseat])) return false;
  rel = above;  // the trumps from partner's highest up
  return true;
}

/// Tricks the side NOT on lead is sure to take whatever happens. Sound arguments only:
/// - trumps: the opponents' top trumps (top_trump_tricks);
/// - trump length, as in quick_tricks, for the opponents' longer trump hand;
/// - trumps, when the side on lead holds the top trump: the opponents' guarded trump
///   (guarded_trump for the side not on lead; `guarded`, the SearchTechniques switch, turns it
///   off);
/// - no trump: if in every suit the leader holds, the highest card is an opponent's, the first
///   trick goes to them; if one opponent holds all those top cards it also cashes the rest.
/// rel receives the cards whose ranks the bound depends on.
inline int sure_tricks_against(const std::uint64_t* hands, std::uint64_t all, std::uint64_t shape,
                               int leader, int strain, bool guarded, std::uint64_t& rel) noexcept {
  const std::uint64_t me = hands[leader];
  const std::uint64_t pd = hands[(leader + 2) & 3];
  const std::uint64_t lho = hands[(leader + 1) & 3];
  const std::uint64_t rho = hands[(leader + 3) & 3];
  rel = 0;
  if (strain < kNumSuits) {
    const std::uint64_t tall = all & suit_bits(strain);
    if (!tall) return 0;
    const std::uint64_t top = ibit(top_card(tall));
    const int longer = std::max(shape_len(shape, (leader + 1) & 3, strain),
                                shape_len(shape, (leader + 3) & 3, strain));
    const int length =
        longer - shape_len(shape, leader, strain) - shape_len(shape, (leader + 2) & 3, strain);
    if (!((lho | rho) & top)) {
      std::uint64_t krel = 0;
      if (length <= 0 && guarded &&
          guarded_trump(hands, tall, shape, (leader + 1) & 1, leader, strain, krel)) {
        rel = krel;
        return 1;
      }
      return std::max(length, 0);
    }
    std::uint64_t trel = 0;
    const int tops = top_trump_tricks(tall, lho | rho, longer, trel);
    if (length >= tops) return length;
    rel = trel;
    return tops;
  }
  std::uint64_t tops = 0;
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint64_t sb = suit_bits(s);
    if (!(me & sb)) continue;
    const int top = top_card(all & sb);
    if ((me | pd) & ibit(top)) return 0;
    tops |= ibit(top);
  }
  if (!tops) return 0;
  rel = tops;
  if ((lho & tops) == tops || (rho & tops) == tops) return popcount(tops);
  return 1;
}

/// "Need every trick" (DDS's LaterTricksMIN/MAX idea, proved here). Only in no trump, or once no
/// trump is left (the trick rules are then no trump's). The side on lead, L, has `r` tricks left;
/// m_s is the longer of L's two holdings in suit s; T_L are the suits whose highest card still
/// out is L's, T_D the other suits with cards out (their top card is a defender's); G is the set
/// of the T_D suits' top cards. Returns cap = sum of m_s over T_L (DDS's form): if cap < r, L
/// cannot take all r tricks. With `dds_form` false, cap adds min(sum of m_s over T_D, 2) (the
/// first form proved here, steps 1-3 alone; kept as an ablation switch).
///
/// Proof. The defenders play τ: (a) holding the highest card out of the suit led, play it (it
/// wins the trick); (b) void in the suit led, discard a card not in G if there is one; (c)
/// holding only cards of G, two of them, keep the one in the suit of the card that will lead the
/// next trick, where that card is already settled (step 4 shows it is); (d) from the first trick
/// at whose start a defender holds three cards, all of G, on: play so that L does not take
/// every trick with one of them led in a T_D suit (step 5 shows the defenders can). Suppose L
/// wins every trick against τ.
///  1. Every trick is led by L (the winner of a trick leads the next) and, in no trump, won by a
///     card of the suit led.
///  2. A trick led in s takes a card of s from L's longer holding there (the hand leading plays
///     s, its partner must follow when it can), and discards only shorten it, so at most m_s
///     tricks are led in s.
///  3. Let trick k be the first trick led in a T_D suit s, t the top card of s (in G). Had t still
///     been out at trick k, its holder would have played it and won (a), and no earlier trick was
///     led in s, so t was discarded to an earlier trick, led in a T_L suit. Let j be the first
///     trick at which a defender, X, discards a card of G. By (b) X holds only cards of G at the
///     start of trick j, one per T_D suit and so at most three (the suit led at j is in T_L):
///     every hand holds n <= 3 cards at trick j, and every trick led in a T_D suit (k and later)
///     is one of the last n - 1 <= 2 tricks. (This alone gives the first form.)
///  4. n = 2: k is the last trick, led by the winner W of trick j with its other card. Its suit
///     s's top t was discarded at trick j, and by X: no card of G was discarded before j, and a
///     second defender discarding one at j would hold two cards of G beside X's two, four T_D
///     suits, with none left to lead trick j in. X plays either after both of L's hands (all is
///     known) or between them, after the leader, whose other card is then known. The second hand
///     wins trick j only with a card of the suit c led at j (no trump): holding one card of c,
///     its other card is known, and which of L's hands wins is settled by the two cards of c;
///     holding two, its other card is of c, in T_L. So the card W leads at trick k is known to X
///     at trick j, or is not in a T_D suit; by (c) X keeps the top card of its suit if X holds
///     it, so t, the top card of the suit led at k, was not discarded: a contradiction.
///  5. n = 3: at the start of trick j, X holds exactly the top cards of three suits, the three
///     T_D suits, and L is to lead; from there (d) applies. That the defenders can keep L from
///     taking all three tricks with one led in X's suits is checked over every such ending (the
///     other nine cards in every suit and rank order, X on the leader's left and on his right:
///     739200 endings, none in which L can force it) by three_tops_endings in
///     cpp/tests/test_core.cpp, which ctest runs, together with a control it must find forcible.
///     So no trick is led in a T_D suit here either. (n = 1 leaves no trick after j.)
///  6. Hence no trick is led in a T_D suit, and r = (tricks led in T_L) <= sum over T_L of m_s.
/// So if cap < r, τ wins the defenders a trick, and L cannot take every trick whatever it does.
///
/// Guards (`guards`; our extension of the bound, proved here; squeezes and finesses are what it
/// must survive). A defender D *guards* a T_L suit s when the highest card of s that L's side
/// does not hold, d, is D's, D holds more cards of s than w_s (the length of L's run in s: L's
/// cards of s from the top down to d), and the whole run is in the hand H that D plays right
/// after (D's right-hand opponent, one of L's hands). With at most two T_D suits, each defender
/// holding no card of G may have one suit it guards (the one whose m_s - w_s is largest) count
/// w_s instead of m_s: both defenders when G is empty, else only the one without its cards.
/// Proof. D holds no card of G, so the first defender to discard one is the other, X, and steps
/// 1-4 stand whatever D plays (with at most two T_D suits step 3 gives n <= 2: step 5 is not
/// needed). Give D, for its counted suit s, this play in place of (a) and (b): (e) in a round of
/// s, play d when it wins the trick, else a small card of s; (f) void in the suit led, discard a
/// card of another suit if it has one, else its lowest card of s. Suppose L wins every trick;
/// then L leads every trick (step 1). Let c be D's cards of s and u H's run cards not yet played.
///  7. While D holds d, a round of s that L wins has a card of H's run in it: otherwise every
///     card of L's side in it is below d (the run is all in H; if u = 0, H holds no card above
///     d), D's partner's too (d is the defenders' highest), D plays after H, and by (e) d wins.
///  8. D holds d until its last card, by induction over the tricks. While D holds a card of
///     another suit it plays cards of s only in rounds of s (f), each of which (7) also takes one
///     of H's run cards (and H may discard run cards): c - u never falls below its start, above 0
///     (c > w_s = u), so D has a small card for each such round. From the first trick at which D
///     holds only cards of s, c is the number of tricks left, and by (e) and (f) D plays its small
///     cards first: d is its last card, played to the last trick.
///  9. So every round of s that L wins takes a card of H's run: at most w_s tricks are led in s,
///     and with step 6 (step 3's count in the first form), r <= the cap with w_s for m_s.
/// Checked against the memo oracle on endings built to have guards (test_guarded_endings in
/// cpp/tests/test_core.cpp).
/// rel receives the top card of every suit: the bound depends on who holds each suit's highest
/// card, and otherwise only on lengths, which the shape fixes; with guards, also each counted
/// guard's run and d (with the top cards and the shape they fix the guard).
inline int all_tricks_cap(const std::uint64_t* hands, std::uint64_t all, std::uint64_t shape,
                          int leader, bool dds_form, bool guards, std::uint64_t& rel) noexcept {
  const std::uint64_t side = hands[leader] | hands[(leader + 2) & 3];
  const int pseat = (leader + 2) & 3;
  const int lho = (leader + 1) & 3;
  int ours = 0;
  int theirs = 0;
  int defender_suits = 0;       // T_D suits
  unsigned holds_g = 0;         // bit k: defender k (0 the leader's left, 1 its right) holds G
  std::array<int, 2> saving{};  // per defender: m_s - w_s of its best guarded suit
  std::array<std::uint64_t, 2> guard_rel{};
  rel = 0;
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint64_t suit_all = all & suit_bits(s);
    if (!suit_all) continue;
    const std::uint64_t top = ibit(top_card(suit_all));
    rel |= top;
    const int m = std::max(shape_len(shape, leader, s), shape_len(shape, pseat, s));
    if (!(side & top)) {
      theirs += m;
      ++defender_suits;
      holds_g |= (hands[lho] & top) ? 1u : 2u;
      continue;
    }
    ours += m;
    const std::uint64_t def = suit_all & ~side;
    if (!guards || !def) continue;
    const std::uint64_t run = top_run(suit_all, side);
    const int w = popcount(run);
    const std::uint64_t d = ibit(top_card(def));
    const int k = (hands[lho] & d) ? 0 : 1;
    const int dseat = k == 0 ? lho : (leader + 3) & 3;
    const auto ki = static_cast<std::size_t>(k);
    if ((run & ~hands[(dseat + 3) & 3]) == 0 && popcount(hands[dseat] & suit_all) > w &&
        m - w > saving[ki]) {
      saving[ki] = m - w;
      guard_rel[ki] = run | d;
    }
  }
  const int cap = dds_form ? ours : ours + std::min(theirs, 2);
  if (!guards || defender_suits > 2) return cap;
  int saved = 0;
  for (std::size_t k = 0; k < 2; ++k) {
    if ((holds_g >> k) & 1u || saving[k] == 0) continue;
    saved += saving[k];
    rel |= guard_rel[k];
  }
  return cap - saved;
}

}  // namespace redouble::detail
