// Heuristic move ordering (see move_order.hpp). Only the order of the moves depends on this
// file, never the result of a search: a bad guess here costs nodes, not correctness.
#include "move_order.hpp"

#include <utility>

namespace redouble::detail {
namespace {

/// Every weight of the move ordering in one place. Scores are compared only with each other, so
/// what matters is how the terms rank against one another; the comments at each use say where
/// a value was measured. Changing any of them changes node counts (tests/data/signature.json).
struct MoveWeights {
  // Leads.
  int middle_of_holding = 4;         ///< a run that is neither our top nor our bottom card
  int opponent_ruffs = -60;          ///< a side suit an opponent is void in and can ruff
  int cash_master = 30;              ///< our top run holds the suit's master
  int under_own_master = -5;         ///< leading a lower run when we hold the master
  int low_to_partners_second = 57;   ///< ... our lowest run, when partner holds the second card
  int low_to_partners_master = 40;   ///< our lowest run towards partner's master
  int finesse_through_lho = 30;      ///< low towards partner's card over RHO, LHO holding the top
  int free_finesse_for_rho = -10;    ///< leading away from the card RHO's master sits over
  int tenace_over_rho = -30;         ///< leading from our master and third card, RHO the second
  int drop_second = 30;              ///< towards our master when an opponent's second is bare
  int guarded_second_rho = -20;      ///< towards our master when RHO holds the second, guarded
  int partner_ruffs = 60;            ///< a side suit partner is void in and can ruff
  int nothing_to_draw = -15;         ///< a trump lead when the opponents have no trumps
  int nt_opponent_choice = -10;      ///< per opponents' choice of reply, no trump
  int side_suit_length = 4;          ///< per card our side holds in a side suit, trump contract
  int side_opponent_choice = -4;     ///< per opponents' choice of reply in a side suit
  int trump_opponent_choice = -3;    ///< per opponents' choice of reply to a trump lead
  int next_two_partners_nt = 20;     ///< the opponents hold the master, partner the next two (NT)
  int next_two_partners = 10;        ///< ... in a trump contract
  int next_two_split = 10;           ///< ... the next two split between us (trumps, partner 2+)
  int knock_out_master = 10;         ///< the top of our run of the next two cards
  int towards_partners_winner = 10;  ///< our lowest run, partner beating the opponents (trumps)
  int partner_void_nt = -10;         ///< a suit partner is void in, no trump
  int towards_partners_tenace = 20;  ///< low to partner's master and third, LHO the second (trumps)
  // Ruffs and discards (a follower void in the suit led); the card's rank is subtracted.
  int ruff_partners_winner = -50;  ///< ruffing a trick partner wins safely
  int overruff = 90;               ///< the lowest trump that beats a trump already played
  int underruff = -60;             ///< a trump that cannot beat the one played
  int ruff_wins = 90;              ///< a ruff no one after us can beat
  int ruff_may_lose = 80;          ///< a ruff LHO may still overruff
  int discard_from_length = 40;    ///< the lowest card of a suit, plus the length terms
  int discard_length = 2;          ///< per card of our length over partner's in that suit
  int discard_other = -20;         ///< any other discard
};
inline constexpr MoveWeights kWeights{};

/// Compiled once for no trump and once for the trump suits (HasTrump), as score_follows is:
/// neither then carries the other's tests (order_moves chooses by the strain).
template <bool HasTrump>
void score_leads(const OrderContext& ctx, MoveList& list) noexcept {
  const std::uint64_t* h = ctx.hands;
  const int seat = ctx.seat;
  const std::uint64_t me = h[seat];
  const std::uint64_t pd = h[(seat + 2) & 3];
  const std::uint64_t lho = h[(seat + 1) & 3];
  const std::uint64_t rho = h[(seat + 3) & 3];
  constexpr bool has_trump = HasTrump;
  const int strain = HasTrump ? ctx.strain : kNoTrump;
  const std::uint64_t tmask = has_trump ? suit_bits(strain) : 0;
  const int tricks = popcount(me);
  // Most terms depend on the suit alone, a few on whether the move is our top or lowest run:
  // each suit's terms are worked out once for its moves (adjacent in the list, as generate_runs
  // lists them; a new group starts wherever the suit changes), then every move adds the terms
  // of its own runs. The scores are the same as term by term per move, for fewer instructions.
  for (int i = 0; i < list.size;) {
    const int s = isuit(list.moves[static_cast<std::size_t>(i)].card);
    const std::uint64_t sb = suit_bits(s);
    const std::uint64_t mine = me & sb, pds = pd & sb, lhos = lho & sb, rhos = rho & sb;
    const std::uint64_t all_s = ctx.all & sb;
    const int top = top_card(all_s);
    const std::uint64_t rest = all_s & ~ibit(top);                 // the suit's other cards
    const std::uint64_t second = rest ? ibit(top_card(rest)) : 0;  // its second card (0: none)
    const std::uint64_t our_top = ibit(top_card(mine));
    const std::uint64_t our_bottom = ibit(bottom_card(mine));
    int base = 0;                 // every lead of the suit
    int top_run = 0;              // a lead from our top run
    int low_run = 0;              // a lead from our lowest run
    int low_not_top = 0;          // a lead from our lowest run that is not also our top run
    std::uint64_t knock_out = 0;  // a lead from the run holding this card
    if (has_trump && s != strain && ((!lhos && (lho & tmask)) || (!rhos && (rho & tmask)))) {
      base += kWeights.opponent_ruffs;
    }
    // Weights of the next terms tuned on the C++ driver (seeds 1, 7, 11, 20 boards each; cash
    // 50 -> 20 and partner's ruff 35 -> 60: nodes per table -6.5%; held-out seeds 3 and 5
    // -1.2% and -2.0%; single NT solves of 100 boards of seed 2024, the benchmark's own seed
    // and so not held out, -7.6%). Cash is 30 since the joint tuning at the tenace below.
    // Our side holds the master; who holds the second card? (DDS's no-trump lead weights look
    // at the same.) Found by following hard deal 1 down beside DDS's node counts, where cashing
    // masters cost thousands of nodes more than the play that kept them. A bare second card
    // falls under the master: cash it (the leader's top run, or the low run towards partner's
    // master). A guarded one on the leader's right (RHO plays after partner, so the master can
    // not capture it on this lead) is better left: the master keeps it from taking a trick until
    // RHO has to lead the suit or play before the master's hand, while leading the suit now only
    // promotes it. Weights measured at the tenace below.
    if (((me | pd) & ibit(top)) && second) {
      int at_master = 0;  // for the run led at the master: ours, or the low one towards it
      if ((lho & second) ? popcount(lhos) == 1 : (rho & second) && popcount(rhos) == 1)
        at_master = kWeights.drop_second;
      else if (rho & second)
        at_master = kWeights.guarded_second_rho;
      ((me & ibit(top)) ? top_run : low_run) += at_master;
    }
    if (me & ibit(top)) {
      base += kWeights.under_own_master;
      top_run += kWeights.cash_master - kWeights.under_own_master;
      // We hold the master and partner the next card (A opposite K): lead low towards partner's
      // card, keeping the master as a later entry and the suit's tricks unblocked, rather than
      // cash it first. Found by following the worst single solve (hard deal 11) down its
      // costliest branch beside DDS's own node counts: the cash failed there at 2,420 nodes
      // where the low lead succeeded at 4. Measured (C++ driver, node counts): single NT solves
      // of seeds 1, 7, 11 (40 boards each) -6.1%, hard deals -18%, tables of seed 1 -3.3%;
      // held out: single solves of seeds 3, 5, 77 -2.0%, tables of seed 3 -4.5%. Weights 30,
      // 60, 90, 120 and 200 gave -3.9%, -6.3%, -6.0%, -4.9% and -3.4% on the tuning singles.
      // The joint tuning at the tenace below moved it to 57.
      if (pd & second) low_not_top += kWeights.low_to_partners_second;
      // Our tenace over RHO (we hold the master and the third card, RHO the second: AQ over
      // the king): any lead of the suit from our hand gives up the finesse that a lead from
      // partner's hand takes; prefer the leads that can put partner on lead. These three terms
      // came from hard deal 1, and with them every weight of this file was tuned again together
      // (coordinate descent on the C++ driver's node counts: 80 single NT solves of each of
      // seeds 1, 7, 11 and 10 DD tables of each of seeds 1 and 7; cash 20 -> 30, partner's
      // second 75 -> 57, free finesse -20 -> -10, middle of a holding -10 -> 4): nodes -6.9% on
      // those singles, -7.2% on those tables. Held out: 100 single NT solves of each of seeds 3,
      // 5, 77, 13 -4.4%, 10 DD tables of each of seeds 3, 5, 13 -1.5%; the hard deals (looked at
      // only) -13.9% single, -3.4% tables. Tried and not kept: a bonus for leading the top of our
      // sequence under the opponents' master (DDS's "second best" lead), +1 to +9% on the
      // tuning singles; DDS's lead killer by trick and seat as a bonus, +1% to +30%.
      if (rho & second) {
        const std::uint64_t third = rest & ~second;
        if (third && (me & ibit(top_card(third)))) base += kWeights.tenace_over_rho;
      }
    } else if (pd & ibit(top)) {
      low_run += kWeights.low_to_partners_master;
      // Partner's tenace over LHO (partner holds the master and the third card, LHO the
      // second): our low lead lets partner finesse. Suit contracts only (in no trump no weight
      // helped): tuning tables -1.3%, held out (seeds 3, 5, 13, 77, 21, 33, 40) -0.7%, one seed
      // of seven higher (+0.1%).
      if (has_trump && second && (lho & second)) {
        const std::uint64_t third = rest & ~second;
        if (third && (pd & ibit(top_card(third)))) low_run += kWeights.towards_partners_tenace;
      }
    } else {
      // Leading low through LHO's master towards partner's second-best card, if partner's card
      // beats everything RHO holds: the finesse position.
      if (pds && (lho & ibit(top)) && (!rhos || top_card(pds) > top_card(rhos)))
        low_run += kWeights.finesse_through_lho;
      // Leading away from a card that RHO's master sits over gives RHO a free finesse.
      if ((rho & ibit(top)) && (mine & second)) base += kWeights.free_finesse_for_rho;
      // Partner ruffs.
      if (has_trump && s != strain && !pds && (pd & tmask) && lhos && rhos)
        low_run += kWeights.partner_ruffs;
    }
    if (has_trump && s == strain && !((lho | rho) & tmask)) base += kWeights.nothing_to_draw;
    // Setting up tricks (the terms of DDS's lead weights for a suit whose master the opponents
    // hold): if our side holds the next two cards, one round drives the master out and our
    // side holds the suit's master in the next; from a run of those two cards our lead itself
    // knocks the master out. And in a trump contract, a low lead towards partner's card that
    // beats every card of the suit the opponents hold wins the trick unless it is ruffed
    // (scored above). Measured (C++ driver, node counts, coordinate descent on seeds 1, 7, 11:
    // single NT solves of 40 boards each and DD tables of 10): held out, single solves of
    // seeds 3, 5, 77, 13, 21, 33 -5.1% in all, DD tables of seeds 3, 5, 13, 77, 21, 33 -3.2%
    // in all, every seed lower in both; each term left out alone gave less on its list.
    // Also tried there and not kept: the same for the opponents' bare master (trumps -1% on
    // the tuning tables, +0.2% held out), and towards a master when LHO's second is guarded.
    if (!((me | pd) & ibit(top)) && second) {
      const std::uint64_t below = rest & ~second;
      const std::uint64_t third = below ? ibit(top_card(below)) : 0;
      if (third) {
        if ((pd & second) && (pd & third)) {
          base += has_trump ? kWeights.next_two_partners : kWeights.next_two_partners_nt;
        } else if (has_trump && popcount(pds) > 1 &&
                   (((me & second) && (pd & third)) || ((pd & second) && (me & third)))) {
          base += kWeights.next_two_split;
        }
        if ((me & second) && (me & third)) knock_out = second;
      }
    }
    if (has_trump && pds && (!(lhos | rhos) || top_card(pds) > top_card(lhos | rhos)))
      low_run += kWeights.towards_partners_winner;
    // No trump: a suit partner is void in gives partner a discard, not a trick (DDS's no-trump
    // lead weights mark it down the same way).
    if (!has_trump && !pds) base += kWeights.partner_void_nt;
    // The size of the proof, not only the chance of success: once a lead works, the search
    // still has to try every reply of the opponents to it, and each distinct reply opens its
    // own subtree. An opponent following suit chooses among its cards of the suit; one that is
    // void may discard anything (counted as r + 1 cards, r the tricks left, after DDS's NT lead
    // weights, which estimate the tree by the opponents' alternatives the same way). So of the
    // leads that work, prefer the suits where the opponents have the fewest choices, rather
    // than running a long suit they cannot follow. Weights measured on the C++ driver (seeds
    // 1, 7, 11, 20 boards each, and 100 single NT solves of seed 77), replacing a term that
    // rewarded our own length in no trump: nodes per table -12% and single NT solves -33% on
    // seeds 3 and 5 (held out) and 2024 (the benchmark's seed, not held out). In a trump contract,
    // side suits our side is long in still come first (set-up tricks; a void opponent there mostly
    // ruffs, scored above), and trump leads are weighed by the opponents' trump holdings.
    const int opp_choices =
        (lhos ? popcount(lhos) : tricks + 1) + (rhos ? popcount(rhos) : tricks + 1);
    if (!has_trump)
      base += kWeights.nt_opponent_choice * opp_choices;
    else if (s != strain)
      base += kWeights.side_suit_length * (popcount(mine) + popcount(pds)) +
              kWeights.side_opponent_choice * opp_choices;
    else
      base += kWeights.trump_opponent_choice * opp_choices;
    // The suit's moves: each adds the terms of the runs it is.
    for (; i < list.size; ++i) {
      Move& m = list.moves[static_cast<std::size_t>(i)];
      if (isuit(m.card) != s) break;
      const bool is_top = (m.seq & our_top) != 0;
      const bool is_low = (m.seq & our_bottom) != 0;
      int score = base + popcount(m.seq);
      if (is_top) score += top_run;
      if (is_low) score += is_top ? low_run : low_run + low_not_top;
      if (!is_top && !is_low) score += kWeights.middle_of_holding;
      if (m.seq & knock_out) score += kWeights.knock_out_master;
      m.score = score;
    }
  }
}

/// Reverses moves [from, to) of a list.
inline void reverse_moves(MoveList& list, int from, int to) noexcept {
  for (--to; from < to; ++from, --to)
    std::swap(list.moves[static_cast<std::size_t>(from)], list.moves[static_cast<std::size_t>(to)]);
}

/// Orders the follows (returns false: the list is already in its final order) or scores the
/// discards and ruffs (returns true: sort by score).
template <bool HasTrump>
bool score_follows(const OrderContext& ctx, MoveList& list) noexcept {
  const std::uint64_t* h = ctx.hands;
  const int seat = ctx.seat;
  const std::uint64_t me = h[seat];
  const std::uint64_t pd = h[(seat + 2) & 3];
  const std::uint64_t lho = h[(seat + 1) & 3];
  constexpr bool has_trump = HasTrump;
  const int strain = HasTrump ? ctx.strain : kNoTrump;
  const std::uint64_t tmask = has_trump ? suit_bits(strain) : 0;
  const int lead = ctx.lead_suit;
  const int wc = ctx.win_card;
  const std::uint64_t lb = suit_bits(lead);
  const std::uint64_t mine_l = me & lb, lho_l = lho & lb;
  const bool partner_winning = ctx.win_seat == ((seat + 2) & 3);
  // Can LHO (still to play unless we are last) take the trick from the current winner?
  bool lho_beats = false;
  if (ctx.pos < 3) {
    if (lho_l)
      lho_beats = isuit(wc) == lead && top_card(lho_l) > wc;
    else if (lho & tmask)
      lho_beats = isuit(wc) != strain || top_card(lho & tmask) > wc;
  }

  if (mine_l) {
    const bool can_win = isuit(wc) == lead && top_card(mine_l) > wc;
    bool duck = !can_win;
    if (can_win) {
      if (partner_winning) {
        duck = !lho_beats;
      } else if (ctx.pos == 1) {
        // Second hand low: duck when partner's card wins anyway, or when the fourth hand holds
        // a card above our best (winning now would only feed it). The second condition cut
        // nodes per table by 14% (seeds 1, 7, 11, 20 boards each; held out: seeds 3 and 5
        // -5% and -17%; single NT solves of 100 boards of seed 2024, the benchmark's, -10%).
        const std::uint64_t pd_l = pd & lb;
        duck = (pd_l && top_card(pd_l) > wc && (!lho_l || top_card(pd_l) > top_card(lho_l))) ||
               (lho_l && top_card(lho_l) > top_card(mine_l));
        // Cover an honour with an honour (no trump): when the leader's jack, queen or king
        // (ranks 9 and up) is led and partner cannot beat it, win over it even where the third
        // hand holds more; covering promotes partner's lower cards. Single NT solves, held-out
        // seeds 3, 5, 77, 13, 21, 33: -1.75% nodes in all, every seed lower; DD tables -0.2%
        // (in suit contracts too: tables of seeds 3 and 5 +1.3% and +1.4%, so no trump only).
        if (!has_trump && irank(wc) >= 9 && !(pd_l && top_card(pd_l) > wc)) duck = false;
      }
    }
    // Following suit the order is built directly, no scores and no sort: generate_runs lists
    // one suit's moves lowest first, which is already the order for a duck (lowest first).
    if (duck) return false;
    // Win: as cheaply as possible if that also beats LHO's best, else with the lowest card that
    // does (the top card when none does), then the other winners highest first; the winning
    // moves (the upper part of the list) go first, then the others lowest first.
    // No move left that wins: the only winning run was tried first (the killer) and failed.
    // The losers stay lowest first (as before this bound, when the scan stopped on the slot
    // the killer's removal left stale, and the rotations below cancelled out).
    int w = 0;
    while (w < list.size && list.moves[static_cast<std::size_t>(w)].card < wc) ++w;
    if (w == list.size) return false;
    const int lowest_higher = list.moves[static_cast<std::size_t>(w)].card;
    const bool cheap = ctx.pos == 3 || !lho_l || lowest_higher > top_card(lho_l);
    // Not cheap: the lowest card that beats LHO's best too, if we hold one, then the other
    // winners highest first. (Our run's lowest card beats LHO's card exactly when the whole
    // run does: no card out lies inside a run.) Found following a bad single solve down
    // beside DDS: third hand with KT86 over North's low card and South's bare nine went up
    // with the king, where the ten wins the trick and keeps the king; before this rule the top
    // card came first (nodes: single solves of seeds 1, 7, 11, 3, 5, 77, 13 -2.3% in all,
    // tables of seeds 1, 7, 11, 3, 5 -2.1%, the hard deals -13.6% and -2.5%).
    // If no card of ours beats LHO's best, force it out as cheaply as possible: the lowest card
    // that beats LHO's second card (DDS's follow weights do the same), then as before. Nodes:
    // tables of seeds 1, 7, 11, 3, 5, 13, 77 -0.5% (seed 5 +0.2%, the others lower), of 21,
    // 33, 40 -0.9%; single solves of seeds 1, 7, 11, 3, 5, 77, 13 -0.6% (seed 1 +0.04%), of
    // 21, 33, 40, 41 +1.0% (seed 40 +8.2%, the others lower).
    const auto lowest_over = [&list, w](int card) {
      int i = w;
      while (i < list.size && list.moves[static_cast<std::size_t>(i)].card < card) ++i;
      return i == list.size ? -1 : i;
    };
    int over = -1;
    if (!cheap) {
      over = lowest_over(top_card(lho_l));
      const std::uint64_t lho_rest = lho_l & ~ibit(top_card(lho_l));
      if (over < 0 && lho_rest) over = lowest_over(top_card(lho_rest));
    }
    if (w == 0) {
      if (!cheap) reverse_moves(list, 0, list.size);
    } else {
      // Rotate [losers | winners] into [winners | losers] by three reversals; for a win with
      // the top card the winners stay reversed (highest first).
      reverse_moves(list, 0, w);
      reverse_moves(list, w, list.size);
      reverse_moves(list, 0, list.size);
      if (!cheap) reverse_moves(list, 0, list.size - w);
    }
    if (over >= 0) {
      // The winners are now highest first in [0, size - w): the card found above sits at
      // size - 1 - over; bring it to the front, the others keeping their order.
      const int at = list.size - 1 - over;
      const Move m = list.moves[static_cast<std::size_t>(at)];
      for (int j = at; j > 0; --j)
        list.moves[static_cast<std::size_t>(j)] = list.moves[static_cast<std::size_t>(j - 1)];
      list.moves[0] = m;
    }
    return false;
  }

  // Void in the suit led: ruff, or discard.
  const bool partner_safe = partner_winning && !lho_beats;
  for (int i = 0; i < list.size; ++i) {
    Move& m = list.moves[static_cast<std::size_t>(i)];
    const int s = isuit(m.card);
    const int rank = irank(m.card);
    if (s == strain) {
      if (partner_safe) {
        m.score = kWeights.ruff_partners_winner - rank;
      } else if (isuit(wc) == strain) {
        m.score = (m.card > wc ? kWeights.overruff : kWeights.underruff) - rank;
      } else if (ctx.pos == 3 || lho_l || !(lho & tmask) || m.card > top_card(lho & tmask)) {
        // Also a ruff above every trump LHO holds: LHO cannot overruff it, so the cheapest
        // such ruff comes before the lower ones LHO could beat (DDS's ruff weights do the same).
        // Nodes: tables of seeds 1, 7, 11, 3, 5, 13, 77 -1.0% (seed 3 +0.4%, the others
        // lower), of 21, 33, 40, 41 -1.2% (every seed lower), the hard deals -0.5%.
        m.score = kWeights.ruff_wins - rank;
      } else {
        m.score = kWeights.ruff_may_lose - rank;
      }
      continue;
    }
    const std::uint64_t sb = suit_bits(s);
    const std::uint64_t mine_s = me & sb;
    if (m.card == bottom_card(mine_s) && m.card != top_card(ctx.all & sb)) {
      // Discard the lowest card of a long suit that partner is short in: our length counts
      // for the discard, partner's against it (nodes per table -3.7% on seeds 1, 7, 11 and
      // -5.1%, -2.5% on held-out seeds 3 and 5; single NT solves -4.1% and +1.8% on two sets
      // of 100 boards). A penalty for suits where our side holds the master cost 4% more.
      // A singleton master is no small card: discarding it throws a trick away, and ranking
      // it with the long suits' small cards (its length term is often the same) had it tried
      // first (seed 2024's worst single solve, 2026-12-06). As "any other discard": singles
      // -0.6..-3.0% nodes (seeds 1, 7, 11; held out 3, 5, 77, 13), tables -0.1..-1.5%.
      m.score = kWeights.discard_from_length +
                kWeights.discard_length * (popcount(mine_s) - popcount(pd & sb));
    } else {
      m.score = kWeights.discard_other - rank;
    }
  }
  return true;
}

}  // namespace

void order_moves(const OrderContext& ctx, MoveList& list) noexcept {
  if (list.size <= 1) return;
  if (ctx.pos == 0) {
    if (ctx.strain < kNumSuits)
      score_leads<true>(ctx, list);
    else
      score_leads<false>(ctx, list);
  } else if (!(ctx.strain < kNumSuits ? score_follows<true>(ctx, list)
                                      : score_follows<false>(ctx, list))) {
    return;
  }
  // Insertion sort, stable: at most 13 moves.
  for (int i = 1; i < list.size; ++i) {
    const Move m = list.moves[static_cast<std::size_t>(i)];
    int j = i;
    while (j > 0 && list.moves[static_cast<std::size_t>(j - 1)].score < m.score) {
      list.moves[static_cast<std::size_t>(j)] = list.moves[static_cast<std::size_t>(j - 1)];
      --j;
    }
    list.moves[static_cast<std::size_t>(j)] = m;
  }
}

}  // namespace redouble::detail
