// Cheap, sound trick bounds at a trick boundary, used to stop the search before generating moves:
// quick tricks the side on lead can cash from the leader's hand (a lower bound, DDS's QuickTricks
// idea) and sure tricks the other side cannot be stopped from taking (an upper bound on the side on
// lead, bridge-solver's "other side" tricks). Each also reports the cards whose ranks the bound
// relies on, so a cut-off it causes can be stored as a pattern (see search.cpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "canonical.hpp"

namespace redouble::detail {

/// Number of highest cards of `suit_all` (one suit's cards still out) held in `hand`, counting
/// from the top until a card of another hand.
inline int top_run(std::uint64_t suit_all, std::uint64_t hand) noexcept {
  int run = 0;
  while (suit_all) {
    const int c = top_card(suit_all);
    if (!(hand & ibit(c))) break;
    ++run;
    suit_all ^= ibit(c);
  }
  return run;
}

/// Tricks the leader can take by cashing winners from its own hand, one after another, keeping
/// the lead throughout. Sound because each counted card is, when led, the highest card of its
/// suit still out (or, once the other three hands are void there, the only one), and in a trump
/// contract a side suit is cashed only as many rounds as every opponent holding trumps can follow.
/// Cashing one suit never shortens an opponent's holding in another it could later ruff: a
/// trump-holding opponent who showed out would have made that suit's cap zero.
/// rel receives the cards whose ranks the count depends on (the top winners counted).
inline int quick_tricks(const std::uint64_t* hands, std::uint64_t all, int leader, int strain,
                        std::uint64_t& rel) noexcept {
  const std::uint64_t me = hands[leader];
  const std::uint64_t pd = hands[(leader + 2) & 3];
  const std::uint64_t lho = hands[(leader + 1) & 3];
  const std::uint64_t rho = hands[(leader + 3) & 3];
  const bool has_trump = strain < kNumSuits;
  const std::uint64_t tmask = has_trump ? suit_bits(strain) : 0;
  const bool lho_trumps = (lho & tmask) != 0;
  const bool rho_trumps = (rho & tmask) != 0;
  int total = 0;
  rel = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint64_t sb = suit_bits(s);
    const std::uint64_t mine = me & sb;
    if (!mine) continue;
    const std::uint64_t suit_all = all & sb;
    const int run = top_run(suit_all, me);
    if (run == 0) continue;
    int tricks = run;
    const int others = std::max({popcount(pd & sb), popcount(lho & sb), popcount(rho & sb)});
    // Once the other hands are void, the leader's remaining cards in the suit win as well.
    if (run >= others) tricks = popcount(mine);
    if (s != strain) {
      // An opponent with trumps ruffs once void: cash no more rounds than it can follow.
      if (lho_trumps) tricks = std::min(tricks, popcount(lho & sb));
      if (rho_trumps) tricks = std::min(tricks, popcount(rho & sb));
    }
    if (tricks <= 0) continue;
    total += tricks;
    rel |= keep_top(suit_all, run);
  }
  return std::min(total, popcount(me));
}

/// Tricks the side NOT on lead is sure to take whatever happens. Sound arguments only:
/// - trumps: the highest trumps, if one opponent of the leader holds the top `run` of them, each
///   wins the trick it is played to (nothing still out can beat it), so that side takes `run`;
/// - no trump: if in every suit the leader holds, the highest card is an opponent's, the first
///   trick goes to them; if one opponent holds all those top cards it also cashes the rest.
/// rel receives the cards whose ranks the bound depends on.
inline int sure_tricks_against(const std::uint64_t* hands, std::uint64_t all, int leader,
                               int strain, std::uint64_t& rel) noexcept {
  const std::uint64_t me = hands[leader];
  const std::uint64_t pd = hands[(leader + 2) & 3];
  const std::uint64_t lho = hands[(leader + 1) & 3];
  const std::uint64_t rho = hands[(leader + 3) & 3];
  rel = 0;
  if (strain < kNumSuits) {
    const std::uint64_t tall = all & suit_bits(strain);
    if (!tall) return 0;
    const int top = top_card(tall);
    const std::uint64_t holder = (lho & ibit(top)) ? lho : (rho & ibit(top)) ? rho : 0;
    if (!holder) return 0;
    const int run = top_run(tall, holder);
    rel = keep_top(tall, run);
    return run;
  }
  std::uint64_t tops = 0;
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

}  // namespace redouble::detail
