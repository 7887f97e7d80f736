// Null-window alpha-beta search over card plays with a pattern transposition table, and the
// MTD-style driver on top of it.
//
// The question every search answers is "can NS take at least `need` of the remaining tricks?"
// (a null window, as in DDS's ABsearch and bridge-solver's MinMax). A yes/no answer prunes far
// more than a full alpha-beta window, and the driver (Plaat's MTD(f): probe, then move the target
// towards the answer) needs only two or three searches from a good guess, all sharing one table.
//
// Relevant cards. Beside its answer every call returns `rel`, a set of cards whose ranks the
// answer depends on: the answer stays true in every position with the same strain, leader and
// suit lengths per hand in which, in each suit, the cards down to the lowest card of `rel` are
// held by the same seats ("the top segment"). This is DDS's winning-ranks idea. The rules that
// keep it sound:
//  - a completed trick adds its winning card if it beat another card of its own suit (a card
//    that won by being the only one of its suit, or the only trump, won by shape, not rank);
//  - a node that fails for the side to play needs the union of every child tried; a node that
//    succeeds needs only the child that succeeded;
//  - a table hit returns the top segment of the matching pattern, a quick-trick cut-off the
//    winners it counted;
//  - a failing move stands for its whole run of equivalent cards (same hand, adjacent among the
//    cards out at the start of the trick): if the answer after it depends on a card of the run,
//    the whole run joins rel. The node's answer then covers the run's other cards only while
//    they stay one move, and the segment keeps them so (their ranks, and the absence of other
//    hands' cards between them). This is DDS's rule of adding a winning card's "sequence",
//    applied where the search relied on the equivalence; it replaced bridge-solver's wider rule,
//    which extends every stored segment through the run of its lowest card's owner (nodes
//    -2.7% per table, -5.6% per single solve);
//  - a stored segment that reaches the bottom of its suit drops the suit's lowest run, one
//    hand's cards, which the suit lengths already fix.
// Mapping the cards of such a position one-to-one (segment cards to themselves, each hand's small
// cards in order) maps the whole proof tree onto it with every trick won by the same side.
#include "search.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "bounds.hpp"
#include "canonical.hpp"

#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
#include <immintrin.h>
#endif

namespace redouble::detail {
namespace {

/// Lead nodes with at least this many tricks left order their leads by lookahead
/// (promote_probed_leads). A failed first lead high in the tree costs a whole subtree, the probe
/// a few bound evaluations per lead. Measured (C++ driver, 20 boards seed 1, table mode): from
/// 13 down to 8 tricks, nodes fell 61.6M -> 59.3, 57.8, 57.4, 56.4, 54.8, 53.6M while the time
/// was best at 11 (0.94x the time without probing); single NT solves gained ~2% nodes, no time.
constexpr int kProbeTricks = 11;

/// In a trump suit, a lead node whose side on lead needs at least this many tricks asks the
/// table before counting quick tricks, and counts them only when the table does not decide.
/// The count rarely reaches such targets (three tables of seed 3, trump-suit lead nodes: 20,000
/// of 192,000 with a target of 3, 7,800 of 303,000 with 4 or more, against 87,000 of 286,000
/// with 1 or 2), and the table decides more than half of them, so most counts there were wasted;
/// the other side's sure tricks still come first, and where both would decide, the table's pattern
/// now stands for the count's. Tables of seeds 1, 7, 11, 3, 5: nodes +0.11%; callgrind (tables of
/// seeds 7 and 3) -4.2% and -4.3% instructions. Time less than that, since the count no longer
/// hides the probe's cache miss: the sum of per-deal fastest times over 10-15 interleaved runs
/// 0.966x to 0.995x (tables of seeds 5, 7, 11, 21, 33; about 0.985x in all). From 2: nodes +0.45%,
/// no faster; from 4: nodes unchanged, -2.9%/-2.5% instructions. In no trump, where the count
/// decides far more often, the same from 4 or 5 tricks cut 1.6-2.6% of the instructions of
/// single solves and none of their time.
constexpr int kTableFirstNeed = 3;

/// Cards of c's suit that need not be tried after c: if the child's relevant cards in the suit
/// are all above c (or there are none), any lower card of the suit gives the same answer,
/// because c's own rank did not matter (bridge-solver's "min relevant rank").
inline std::uint64_t irrelevant_after(int c, std::uint64_t crel) noexcept {
  const std::uint64_t sb = suit_bits(isuit(c));
  const std::uint64_t rs = crel & sb;
  if (!rs) return sb;
  const int b = bottom_card(rs);
  return c < b ? (ibit(b) - 1) & sb : 0;
}

/// The relevant cards a failed move passes up: its child's, and its whole run of equivalent
/// cards if the child's touch the run (the run must stay one move wherever the answer is
/// reused; see the header comment). Shared by try_moves and the forced follow.
inline std::uint64_t failed_rel(std::uint64_t crel, std::uint64_t run) noexcept {
  return (crel & run) ? crel | run : crel;
}

/// Moves the move containing `card` (if any) to the front, keeping the others in order.
inline void promote(MoveList& list, int card) noexcept {
  if (card < 0) return;
  for (int i = 0; i < list.size; ++i) {
    if (list.moves[static_cast<std::size_t>(i)].seq & ibit(card)) {
      const Move m = list.moves[static_cast<std::size_t>(i)];
      for (int j = i; j > 0; --j)
        list.moves[static_cast<std::size_t>(j)] = list.moves[static_cast<std::size_t>(j - 1)];
      list.moves[0] = m;
      return;
    }
  }
}

/// For a suit mask m, the bits of the 2-bit-per-suit owner signature that m covers.
constexpr std::array<unsigned, 16> kSigMask = [] {
  std::array<unsigned, 16> t{};
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned s = 0; s < 4; ++s)
      if (m & (1u << s)) t[m] |= 3u << (2 * s);
  return t;
}();

#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
/// kSigMask's 16 entries as bytes, for a byte shuffle.
alignas(16) constexpr std::array<std::uint8_t, 16> kSigMaskBytes = [] {
  std::array<std::uint8_t, 16> t{};
  for (std::size_t m = 0; m < 16; ++m) t[m] = static_cast<std::uint8_t>(kSigMask[m]);
  return t;
}();

/// Bit i set for each of a bucket's eight chain tags whose owner signature agrees with
/// `owners` on the suits the chain fixes: (tag >> 5) == (owners & kSigMask[(tag & 31) - 1]).
inline unsigned chains_agreeing(const std::uint16_t* tags, unsigned owners) noexcept {
  const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(tags));
  // (tag & 31) - 1 is the chain's suit mask, 0..15: in each lane's low byte, 0 in its high byte.
  const __m128i index = _mm_sub_epi16(_mm_and_si128(t, _mm_set1_epi16(31)), _mm_set1_epi16(1));
  const __m128i table = _mm_load_si128(reinterpret_cast<const __m128i*>(kSigMaskBytes.data()));
  const __m128i mask = _mm_and_si128(_mm_shuffle_epi8(table, index), _mm_set1_epi16(0xFF));
  const __m128i own = _mm_and_si128(_mm_set1_epi16(static_cast<short>(owners)), mask);
  const __m128i eq = _mm_cmpeq_epi16(own, _mm_srli_epi16(t, 5));
  // One byte per lane (signed saturation keeps 0 and -1), one bit per byte; no PEXT, which
  // Zen 1 and 2 run slowly.
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(eq, _mm_setzero_si128())));
}
#endif

/// Does a stored pattern match the position at a trick boundary? Same shape is given; compare,
/// suit by suit, the owners of the pattern's top cards with the position's. `aligned` holds the
/// position's owner codes left-aligned, so one mask per suit selects the pattern's top cards;
/// the four comparisons are combined without branches (a probe walks many patterns, and early
/// exits mispredicted).
inline bool matches(const Pattern& e, const std::uint32_t* aligned) noexcept {
#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
  const __m128i diff = top_cards_diff(_mm_loadu_si128(reinterpret_cast<const __m128i*>(e.top)),
                                      _mm_loadu_si128(reinterpret_cast<const __m128i*>(aligned)));
  return _mm_testz_si128(diff, diff) != 0;
#else
  std::uint32_t diff = 0;
  for (std::size_t s = 0; s < 4; ++s)
    diff |= (aligned[s] ^ e.top[s]) & top_mask(e.top[s] & kTopCount);
  return diff == 0;
#endif
}

/// Walks a chain of the pattern tree for a pattern that matches the position and whose bounds
/// decide "leader's side >= lneed". A pattern that does not match rules out its whole subtree;
/// one that matches without deciding sends the walk into its more specific children.
const Pattern* find_pattern(const TranspositionTable& tt, std::uint32_t head,
                            const std::uint32_t* aligned, int lneed) noexcept {
  for (std::uint32_t c = head; c; c = tt.chunk(c).next) {
    const PatternChunk& chunk = tt.chunk(c);
    for (std::uint32_t j = 0; j < chunk.count; ++j) {
      const Pattern& e = chunk.patterns[j];
      const bool decides = e.lower >= lneed || e.upper < lneed;
      if (!decides && !e.child) continue;
      if (!matches(e, aligned)) continue;
      if (decides) return &e;
      if (const Pattern* d = find_pattern(tt, e.child, aligned, lneed)) return d;
    }
  }
  return nullptr;
}

}  // namespace

Engine::Engine(std::size_t tt_bytes, const SearchTechniques& techniques)
    : tt_(tt_bytes), on_(techniques) {
  const SearchTechniques all{};
  all_on_ = std::memcmp(&on_, &all, sizeof all) == 0;
}

void Engine::poll_cancel() {
  poll_countdown_ = kPollLeadNodes;
  cancel_->throw_if_stopped();
}

void Engine::clear() noexcept {
  tt_.clear();
  killers_.clear();
}

void Engine::load(const std::array<std::uint64_t, 4>& hands, int strain, int leader,
                  const int* trick, int trick_len) {
  strain_ = strain;
  owner_.fill(0);
  std::uint64_t all = 0;
  std::array<std::uint64_t, 4> start_hands{};
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const std::uint64_t h = to_internal(hands[static_cast<std::size_t>(seat)]);
    hands_[static_cast<std::size_t>(seat)] = h;
    start_hands[static_cast<std::size_t>(seat)] = h;
    all |= h;
    for (std::uint64_t m = h; m; m &= m - 1)
      owner_[static_cast<std::size_t>(bottom_card(m))] = static_cast<std::uint8_t>(seat);
  }
  TrickFrame& f = frames_[0];
  f.leader = leader;
  root_pos_ = trick_len;
  root_win_card_ = 0;
  root_win_seat_ = leader;
  for (int i = 0; i < trick_len; ++i) {
    const int c = card_to_internal(trick[i]);
    const int seat = (leader + i) & 3;
    f.cards[static_cast<std::size_t>(i)] = c;
    owner_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(seat);
    start_hands[static_cast<std::size_t>(seat)] |= ibit(c);
    all |= ibit(c);
    if (i == 0 || beats(c, root_win_card_, strain)) {
      root_win_card_ = c;
      root_win_seat_ = seat;
    }
  }
  owner_lo_ = start_hands[1] | start_hands[3];
  owner_hi_ = start_hands[2] | start_hands[3];
  f.all = all;
  f.shape = shape_of(start_hands.data());
  for (int s = 0; s < kNumSuits; ++s) {
    f.code[static_cast<std::size_t>(s)] = owner_code(all, s, owner_.data());
    f.len[static_cast<std::size_t>(s)] = popcount(all & suit_bits(s));
  }
  tricks_left_ = popcount(hands_[static_cast<std::size_t>((leader + trick_len) & 3)]);
}

int Engine::guess_ns() const noexcept {
  // High-card points and, in a suit, the trump fit: a rough guess is enough, each trick of
  // error costs one extra null-window search.
  int points[2] = {0, 0};
  int trumps[2] = {0, 0};
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const std::uint64_t h = hands_[static_cast<std::size_t>(seat)];
    for (std::uint64_t m = h; m; m &= m - 1) {
      const int rank = irank(bottom_card(m));
      if (rank >= 9) points[seat & 1] += rank - 8;
    }
    if (strain_ < kNumSuits) trumps[seat & 1] += popcount(h & suit_bits(strain_));
  }
  const int r = tricks_left_;
  if (!on_.guess) return r / 2;
  const double share = (points[0] + 0.5) / (points[0] + points[1] + 1.0) +
                       0.04 * static_cast<double>(trumps[0] - trumps[1]);
  const int g = static_cast<int>(std::lround(share * r));
  return std::clamp(g, 0, r);
}

int Engine::solve_ns(int guess, SolveStats& stats) {
  stats_ = &stats;
  int lo = 0;
  int hi = tricks_left_;
  // MTD(f) on a null-window search: test "NS >= beta", move the bracket to the fail-soft bound
  // the search returns, and test next just beyond it. One trick at a time: a search that
  // succeeds is cheap only near the true value, so jumping ahead (doubling the step) cost more
  // in overshooting searches than it saved on poor guesses.
  int beta = std::clamp(guess, 1, std::max(hi, 1));
  // All techniques on (the normal case) runs the instantiation without any switch tests, and
  // no trump its own (Engine::strain).
  const bool trumps = strain_ < kNumSuits;
  while (lo < hi) {
    ++stats.searches;
    std::uint64_t rel = 0;
    const int v =
        all_on_
            ? (trumps ? root_search<false, true>(beta, rel) : root_search<false, false>(beta, rel))
            : (trumps ? root_search<true, true>(beta, rel) : root_search<true, false>(beta, rel));
    if (v >= beta) {
      lo = std::min(v, hi);
      beta = std::min(hi, lo + 1);
    } else {
      hi = std::max(v, lo);
      beta = std::max(lo + 1, hi);
    }
  }
  return lo;
}

template <bool Ablate, bool Trumps>
int Engine::root_search(int need, std::uint64_t& rel) {
  if (root_pos_ == 0) return lead_node<Ablate, Trumps>(0, need, rel);
  switch (root_pos_) {
    case 1:
      return follow_node<Ablate, Trumps, 1>(0, need, root_win_card_, root_win_seat_, rel);
    case 2:
      return follow_node<Ablate, Trumps, 2>(0, need, root_win_card_, root_win_seat_, rel);
    default:
      return follow_node<Ablate, Trumps, 3>(0, need, root_win_card_, root_win_seat_, rel);
  }
}

void Engine::derive_frame(int tk) noexcept {
  const TrickFrame& p = frames_[static_cast<std::size_t>(tk - 1)];
  TrickFrame& f = frames_[static_cast<std::size_t>(tk)];
  std::uint64_t all = p.all;
  std::uint64_t shape = p.shape;
#if !defined(REDOUBLE_FAST_PDEP)
  f.code = p.code;
  f.len = p.len;
#endif
  for (int i = 0; i < 4; ++i) {
    const int c = p.cards[static_cast<std::size_t>(i)];
    const int s = isuit(c);
#if !defined(REDOUBLE_FAST_PDEP)
    auto& code = f.code[static_cast<std::size_t>(s)];
    code = code_remove(code, all & suit_bits(s), c);
    --f.len[static_cast<std::size_t>(s)];
#endif
    all ^= ibit(c);
    shape -= shape_unit((p.leader + i) & 3, s);
  }
  f.all = all;
  f.shape = shape;
}

int Engine::last_trick(const TrickFrame& f, std::uint64_t& rel) noexcept {
  int win_seat = f.leader;
  int win = bottom_card(hands_[static_cast<std::size_t>(win_seat)]);
  std::uint64_t trick = ibit(win);
  for (int i = 1; i < 4; ++i) {
    const int seat = (f.leader + i) & 3;
    const int c = bottom_card(hands_[static_cast<std::size_t>(seat)]);
    trick |= ibit(c);
    if (beats(c, win, strain_)) {
      win = c;
      win_seat = seat;
    }
  }
  rel = popcount(trick & suit_bits(isuit(win))) > 1 ? ibit(win) : 0;
  return (win_seat & 1) == 0 ? 1 : 0;
}

template <bool Ablate, bool Trumps>
Engine::Bound Engine::bound_at_lead(const TrickFrame& f, int r, int need, int& value,
                                    std::uint64_t& rel) noexcept {
  // Work in the leader's terms: the table stores bounds on the tricks of the side on lead.
  // "NS >= need" is "leader's side >= lneed" when NS leads, and its negation when EW leads.
  const int leader = f.leader;
  const bool ns_leads = (leader & 1) == 0;
  const int lneed = ns_leads ? need : r - need + 1;
  // A bound on the leader's side's tricks, in NS terms.
  const auto to_ns = [ns_leads, r](int lead_tricks) {
    return ns_leads ? lead_tricks : r - lead_tricks;
  };
  const auto key = bucket_key(leader, table_strain<Ablate, Trumps>(f));
  const bool table = on<Ablate>(&SearchTechniques::transposition_table);
  // Start loading the table's bucket, then do the quick-trick arithmetic while it arrives.
  if (table) tt_.prefetch(f.shape, key);
  // With no trump left the tricks follow no trump's rules, and no trump's plans (split honours,
  // entries in suits the leader tops) apply; the shape, which every stored pattern fixes, says
  // no trump is left.
  const int bstrain = play_strain<Trumps>(f);
  // In a trump suit the quick tricks reach a target of kTableFirstNeed or more tricks so rarely
  // that the table is asked first there (see kTableFirstNeed).
  const bool table_first = Trumps && table && bstrain < kNumSuits && lneed >= kTableFirstNeed;
  if (on<Ablate>(&SearchTechniques::quick_tricks)) {
    std::uint64_t qrel = 0;
    // In no trump, quick_tricks only where its cap (bounds.hpp) reaches the target: callgrind,
    // single solves of seeds 1 and 13 -1.6% and -2.2% instructions, tables of seeds 7 and 3
    // -0.3% and -0.9%, node counts unchanged. In trump contracts too few calls are skipped:
    // with the cap there as well, tables of seed 7 +1.0%.
    const int quick =
        table_first || (bstrain == kNoTrump &&
                        quick_tricks_cap(hands_.data(), f.all, f.shape, leader, bstrain) < lneed)
            ? 0
            : quick_tricks(hands_.data(), f.all, f.shape, leader, bstrain, qrel);
    if (quick >= lneed) {
      rel = qrel;
      value = to_ns(quick);
      return Bound::kQuick;
    }
    // One trick is all the side on lead needs: a guarded trump of its own may give it, or a
    // ruff in partner's hand.
    if (lneed == 1 && bstrain < kNumSuits) {
      if (on<Ablate>(&SearchTechniques::guarded_trump) &&
          guarded_trump(hands_.data(), f.all & suit_bits(strain<Trumps>()), f.shape, leader & 1,
                        leader, strain<Trumps>(), qrel)) {
        rel = qrel;
        value = to_ns(1);
        return Bound::kQuick;
      }
      if (ruff_trick(hands_.data(), f.all & suit_bits(strain<Trumps>()), f.shape, leader,
                     strain<Trumps>(), qrel)) {
        rel = qrel;
        value = to_ns(1);
        return Bound::kQuick;
      }
    }
    const int most = r - sure_tricks_against(hands_.data(), f.all, f.shape, leader, bstrain,
                                             on<Ablate>(&SearchTechniques::guarded_trump), qrel);
    if (most < lneed) {
      rel = qrel;
      value = to_ns(most);
      return Bound::kQuick;
    }
  }
  // The side on lead needs every trick: in no trump (or with no trump left) the lengths of the
  // suits it tops may not hold enough tricks (bounds.hpp's all_tricks_cap, with its proof).
  if (lneed == r && on<Ablate>(&SearchTechniques::later_tricks) && bstrain == kNoTrump) {
    std::uint64_t lrel = 0;
    const bool dds_form = on<Ablate>(&SearchTechniques::later_tricks_dds);
    const bool guards = on<Ablate>(&SearchTechniques::later_tricks_guards);
    if (all_tricks_cap(hands_.data(), f.all, f.shape, leader, dds_form, guards, lrel) < r) {
      rel = lrel;
      value = to_ns(r - 1);
      return Bound::kQuick;
    }
  }
  if (!table) return Bound::kNone;

  ++stats_->tt_probes;
  const Pattern* e = nullptr;
  std::uint32_t aligned[4];
  {
    // Owners of each suit's top card: a chain's patterns all fix some suits' top cards (its
    // mask) with given owners (its sig); only chains that agree with the position are walked.
    unsigned owners = 0;
    REDOUBLE_UNROLL_SUITS
    for (std::size_t s = 0; s < 4; ++s) {
      aligned[s] = aligned_code(f, static_cast<int>(s));
      owners |= (aligned[s] >> 30) << (2 * s);
    }
    for (unsigned cont = key; cont < kKeyLimit && !e; cont += kKeyContinuation) {
      const ShapeBucket* b = tt_.find(f.shape, static_cast<std::uint8_t>(cont));
      if (!b) break;
      // Chains whose top-card owners agree with the position; start loading them all before
      // walking the first (each is a likely cache miss).
      std::uint32_t heads[ShapeBucket::kChains];
      int n = 0;
#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
      // The eight tags at once (SSSE3's byte shuffle looks the masks up): a bit per chain whose
      // owners agree, walked in the tags' order as the loop below does.
      for (unsigned agree = chains_agreeing(b->tags, owners) & ((1u << b->count) - 1); agree;
           agree &= agree - 1) {
        const int i = std::countr_zero(agree);
        heads[n++] = b->heads[i];
        tt_.prefetch_chunk(b->heads[i]);
      }
#else
      for (int i = 0; i < b->count; ++i) {
        const unsigned tag = b->tags[i];
        if ((tag >> 5) != (owners & kSigMask[(tag & 31u) - 1])) continue;
        heads[n++] = b->heads[i];
        tt_.prefetch_chunk(b->heads[i]);
      }
#endif
      for (int i = 0; i < n && !e; ++i) e = find_pattern(tt_, heads[i], aligned, lneed);
      if (b->count < ShapeBucket::kChains) break;
    }
  }
  if (!e) {
    if (table_first && on<Ablate>(&SearchTechniques::quick_tricks)) {
      std::uint64_t qrel = 0;
      const int quick = quick_tricks(hands_.data(), f.all, f.shape, leader, bstrain, qrel);
      if (quick >= lneed) {
        rel = qrel;
        value = to_ns(quick);
        return Bound::kQuick;
      }
    }
    return Bound::kNone;
  }
  std::uint64_t seg = 0;
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s)
    seg |= keep_top(f.all & suit_bits(s),
                    static_cast<int>(e->top[static_cast<std::size_t>(s)] & kTopCount));
  rel = seg;
  value = to_ns(e->lower >= lneed ? e->lower : e->upper);
  return Bound::kTable;
}

template <bool Ablate, bool Trumps>
void Engine::promote_probed_leads(int tk, int need, MoveList& list) noexcept {
  TrickFrame& f = frames_[static_cast<std::size_t>(tk)];
  const int leader = f.leader;
  const bool is_max = (leader & 1) == 0;
  std::array<Move, kNumRanks> hits;
  std::array<Move, kNumRanks> misses;
  int nh = 0;
  int nm = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[static_cast<std::size_t>(i)];
    // Play the trick out with each follower's first choice (killer, else the ordering's).
    std::array<int, 4> played{};
    played[0] = m.card;
    f.cards[0] = m.card;
    hands_[static_cast<std::size_t>(leader)] ^= ibit(m.card);
    const int lead_suit = isuit(m.card);
    int wc = m.card;
    int ws = leader;
    for (int pos = 1; pos < 4; ++pos) {
      const int seat = (leader + pos) & 3;
      const std::uint64_t hand = hands_[static_cast<std::size_t>(seat)];
      const std::uint64_t follow = hand & suit_bits(lead_suit);
      const std::uint64_t playable = follow ? follow : hand;
      const std::uint64_t others = others_of<Ablate>(f.all, hand);
      // The lowest run, the first that generate_runs lists; with a choice (more than one run),
      // the killer's move if the follower holds it (it would be promoted to the front of the
      // ordered list), else the ordering's first: moves generated and ordered only then.
      int c = bottom_card(playable);
      if (has_choice(playable, others) && on<Ablate>(&SearchTechniques::move_ordering)) {
        const OrderContext ctx{
            hands_.data(), f.all, strain<Trumps>(), seat, pos, lead_suit, wc, ws};
        const int killer = on<Ablate>(&SearchTechniques::killer_moves)
                               ? killers_.lookup(killer_key(ctx, follow != 0))
                               : -1;
        const std::uint64_t krun = killer >= 0 ? run_of(playable, others, killer) : 0;
        if (krun) {
          c = bottom_card(krun);
        } else {
          MoveList replies;
          generate_runs(playable, others, replies);
          order_moves(ctx, replies);
          c = replies.moves[0].card;
        }
      }
      played[static_cast<std::size_t>(pos)] = c;
      f.cards[static_cast<std::size_t>(pos)] = c;
      hands_[static_cast<std::size_t>(seat)] ^= ibit(c);
      if (beats(c, wc, strain<Trumps>())) {
        wc = c;
        ws = seat;
      }
    }
    // Would the next trick's bounds or table already give the leader's side its target?
    const int won = (ws & 1) == 0 ? 1 : 0;
    const int rest = need - won;
    TrickFrame& next = frames_[static_cast<std::size_t>(tk) + 1];
    next.leader = ws;
    derive_frame(tk + 1);
    const int r1 = popcount(hands_[static_cast<std::size_t>(ws)]);
    bool hit;
    if (rest <= 0) {
      hit = is_max;
    } else if (rest > r1) {
      hit = !is_max;
    } else {
      int value = 0;
      std::uint64_t prel = 0;
      hit = bound_at_lead<Ablate, Trumps>(next, r1, rest, value, prel) != Bound::kNone &&
            ((value + won >= need) == is_max);
    }
    for (int pos = 0; pos < 4; ++pos) {
      const auto p = static_cast<std::size_t>(pos);
      hands_[static_cast<std::size_t>((leader + pos) & 3)] ^= ibit(played[p]);
    }
    if (hit)
      hits[static_cast<std::size_t>(nh++)] = m;
    else
      misses[static_cast<std::size_t>(nm++)] = m;
  }
  if (nh == 0) return;
  int k = 0;
  for (int i = 0; i < nh; ++i)
    list.moves[static_cast<std::size_t>(k++)] = hits[static_cast<std::size_t>(i)];
  for (int i = 0; i < nm; ++i)
    list.moves[static_cast<std::size_t>(k++)] = misses[static_cast<std::size_t>(i)];
}

template <bool Ablate, bool Trumps, class MakeCtx, class Play>
int Engine::try_moves(MoveList& list, const MakeCtx& make_ctx, Move first, std::uint64_t later,
                      std::uint64_t others, bool order, int killer, std::uint64_t kkey,
                      bool remember, int need, bool is_max, int r, Play&& play,
                      std::uint64_t& rel) {
  // Fail-soft: the max side keeps the best child bound, the min side the worst; once a child
  // reaches the target for the side to play, its bound alone is the answer.
  int result = is_max ? 0 : r;
  rel = 0;
  std::uint64_t skip = 0;
  int tried = 0;
  // A failing move stands for its whole run of equivalent cards (failed_rel).
  const auto failed = [&](const Move& m, std::uint64_t crel) {
    rel |= failed_rel(crel, m.seq);
    if (on<Ablate>(&SearchTechniques::skip_irrelevant)) skip |= irrelevant_after(m.card, crel);
  };
  if (first.card >= 0) {
    std::uint64_t crel = 0;
    const int v = play(first.card, crel);
    if ((v >= need) == is_max) {
      rel = crel;
      ++stats_->cutoffs;
      return v;
    }
    result = v;
    failed(first, crel);
    tried = 1;
    // The other moves, generated only now that the first one failed (see run_of).
    if (later) generate_runs(later, others, list);
  }
  if (order && list.size > 1 && on<Ablate>(&SearchTechniques::move_ordering))
    order_moves(make_ctx(), list);
  for (int i = 0; i < list.size; ++i) {
    const int c = list.moves[static_cast<std::size_t>(i)].card;
    if (ibit(c) & skip) continue;
    std::uint64_t crel = 0;
    const int v = play(c, crel);
    if ((v >= need) == is_max) {
      result = v;
      rel = crel;
      ++stats_->cutoffs;
      if (remember && on<Ablate>(&SearchTechniques::killer_moves) && (i + tried > 0 || killer < 0))
        killers_.store(kkey, c);
      break;
    }
    result = is_max ? std::max(result, v) : std::min(result, v);
    failed(list.moves[static_cast<std::size_t>(i)], crel);
  }
  return result;
}

template <bool Ablate, bool Trumps>
int Engine::lead_node(int tk, int need, std::uint64_t& rel) {
  TrickFrame& f = frames_[static_cast<std::size_t>(tk)];
  const int leader = f.leader;
  const int r = popcount(hands_[static_cast<std::size_t>(leader)]);
  if (need <= 0) {
    rel = 0;
    return 0;
  }
  if (need > r) {
    rel = 0;
    return r;
  }
  ++stats_->nodes;
  if (cancel_ && --poll_countdown_ == 0) poll_cancel();
  if (tk > 0) derive_frame(tk);
  if (r == 1) return last_trick(f, rel);

  const bool ns_leads = (leader & 1) == 0;
  const auto key = bucket_key(leader, table_strain<Ablate, Trumps>(f));
  {
    int value = 0;
    switch (bound_at_lead<Ablate, Trumps>(f, r, need, value, rel)) {
      case Bound::kQuick:
        ++stats_->quick_cutoffs;
        return value;
      case Bound::kTable:
        ++stats_->tt_hits;
        return value;
      case Bound::kNone:
        break;
    }
  }
  const int lneed = ns_leads ? need : r - need + 1;
  const auto to_ns = [ns_leads, r](int lead_tricks) {
    return ns_leads ? lead_tricks : r - lead_tricks;
  };

  const std::uint64_t hand = hands_[static_cast<std::size_t>(leader)];
  const std::uint64_t others = others_of<Ablate>(f.all, hand);
  MoveList list;
  const OrderContext ctx{hands_.data(), f.all, strain<Trumps>(), leader, 0, 0, 0, 0};
  const std::uint64_t kkey = killer_key(ctx, false);
  const int killer = on<Ablate>(&SearchTechniques::killer_moves) ? killers_.lookup(kkey) : -1;

  const auto play = [&](int c, std::uint64_t& crel) {
    hands_[static_cast<std::size_t>(leader)] ^= ibit(c);
    f.cards[0] = c;
    const int v = follow_node<Ablate, Trumps, 1>(tk, need, c, leader, crel);
    hands_[static_cast<std::size_t>(leader)] ^= ibit(c);
    return v;
  };
  Move first{0, -1, 0};
  std::uint64_t later = 0;
  // Without the lookahead every lead node orders lazily, as those below kProbeTricks do.
  const bool probe = r >= kProbeTricks && on<Ablate>(&SearchTechniques::lead_lookahead);
  const std::uint64_t krun = !probe && killer >= 0 ? run_of(hand, others, killer) : 0;
  if (krun) {
    first = Move{krun, bottom_card(krun), 0};  // lazy ordering, as in follow_node
    later = hand & ~krun;
  } else {
    generate_runs(hand, others, list);
  }
  if (probe) {
    if (on<Ablate>(&SearchTechniques::move_ordering)) order_moves(ctx, list);
    // The killer first, then the lookahead over every lead, the killer's included: the leads
    // it finds decided move ahead of a killer it does not (the killer stays first among them
    // when it is one). The killer used to stay first whatever the lookahead found: nodes then
    // 0.8% more on single solves of seeds 1, 7, 11, 3, 5 (1.1% on 77, 13, 21, 33, 40) and 0.6%
    // more on tables of seeds 1, 7, 11, 3, 5 (the same on 13, 77, 21, 33).
    promote(list, killer);
    if (list.size > 1) promote_probed_leads<Ablate, Trumps>(tk, need, list);
  }
  const auto make_ctx = [&ctx] { return ctx; };
  const int result = try_moves<Ablate, Trumps>(list, make_ctx, first, later, others, !probe, killer,
                                               kkey, true, need, ns_leads, r, play, rel);
  store<Ablate, Trumps>(f, key, to_ns(result), lneed, r, rel);
  return result;
}

template <bool Ablate, bool Trumps, int Pos>
int Engine::follow_node(int tk, int need, int win_card, int win_seat, std::uint64_t& rel) {
  constexpr int pos = Pos;
  TrickFrame& f = frames_[static_cast<std::size_t>(tk)];
  const int seat = (f.leader + pos) & 3;
  ++stats_->nodes;
  const int lead_suit = isuit(f.cards[0]);
  const std::uint64_t hand = hands_[static_cast<std::size_t>(seat)];
  const std::uint64_t follow = hand & suit_bits(lead_suit);
  const std::uint64_t playable = follow ? follow : hand;
  const std::uint64_t others = others_of<Ablate>(f.all, hand);
  // A choice only where the playable cards are more than one run; only then is there a killer.
  const bool choice = has_choice(playable, others);
  const OrderContext ctx{hands_.data(), f.all,     strain<Trumps>(), seat,
                         pos,           lead_suit, win_card,         win_seat};
  // The killer slot is a likely cache miss (about a quarter of this function's time was spent
  // waiting for it): start loading it before the bound.
  const std::uint64_t kkey = choice ? killer_key(ctx, follow != 0) : 0;
  if (choice && on<Ablate>(&SearchTechniques::killer_moves)) killers_.prefetch(kkey);
  if constexpr (Pos == 1) {
    if (on<Ablate>(&SearchTechniques::second_hand_bound)) {
      // Second hand: the tricks its side is sure of (bounds.hpp) may already decide the target,
      // the cut that the side not on lead otherwise lacks at the lead node above.
      std::uint64_t qrel = 0;
      // As at the lead: with no trump left (in the frame's cards), no trump's rules.
      const int bstrain = play_strain<Trumps>(f);
      const int q = second_hand_tricks(hands_.data(), f.all, seat, f.cards[0], bstrain, qrel,
                                       (seat & 1) == 0 ? need : popcount(hand) - need + 1);
      if (q > 0) {
        const int r = popcount(hand);
        if ((seat & 1) == 0 ? q >= need : r - q < need) {
          ++stats_->quick_cutoffs;
          rel = qrel;
          return (seat & 1) == 0 ? q : r - q;
        }
      }
    }
  }
  // Plays c and searches on; returns the child's bound (NS tricks from this trick's start).
  const auto play = [&](int c, std::uint64_t& crel) {
    hands_[static_cast<std::size_t>(seat)] ^= ibit(c);
    f.cards[static_cast<std::size_t>(pos)] = c;
    const bool wins = beats(c, win_card, strain<Trumps>());
    const int wc = wins ? c : win_card;
    const int ws = wins ? seat : win_seat;
    int v;
    if constexpr (Pos < 3) {
      v = follow_node<Ablate, Trumps, Pos + 1>(tk, need, wc, ws, crel);
    } else {
      frames_[static_cast<std::size_t>(tk) + 1].leader = ws;
      const int won = (ws & 1) == 0 ? 1 : 0;
      v = lead_node<Ablate, Trumps>(tk + 1, need - won, crel) + won;
      const std::uint64_t trick = ibit(f.cards[0]) | ibit(f.cards[1]) | ibit(f.cards[2]) | ibit(c);
      if (popcount(trick & suit_bits(isuit(wc))) > 1) crel |= ibit(wc);
    }
    hands_[static_cast<std::size_t>(seat)] ^= ibit(c);
    return v;
  };
  if (!choice) {
    // A forced play (a third of the follow nodes): what try_moves does with a one-move list,
    // without the list and the loop. The same cut-offs and rel: a run that fails is wholly
    // relevant if the child's rel touches it. Callgrind: -1.8% to -2.2% instructions on the
    // four lists, node counts unchanged.
    std::uint64_t crel = 0;
    const int v = play(bottom_card(playable), crel);
    if ((v >= need) == ((seat & 1) == 0)) {
      ++stats_->cutoffs;
      rel = crel;
    } else {
      rel = failed_rel(crel, playable);
    }
    return v;
  }
  const int killer = on<Ablate>(&SearchTechniques::killer_moves) ? killers_.lookup(kkey) : -1;

  // Lazy ordering (bridge-solver's): the killer's move is tried before the others are scored,
  // and most nodes cut off on it, so most never pay for the ordering.
  // The killer's move is taken without generating the others (run_of), which wait until it
  // fails.
  MoveList list;
  Move first{0, -1, 0};
  std::uint64_t later = 0;
  const std::uint64_t krun = killer >= 0 ? run_of(playable, others, killer) : 0;
  if (krun) {
    first = Move{krun, bottom_card(krun), 0};
    later = playable & ~krun;
  } else {
    generate_runs(playable, others, list);
  }
  // The ordering's context is built only where a node orders: its address escapes into
  // order_moves, and building it on every follow node's stack cost about 15 instructions a node.
  const auto make_ctx = [&] {
    return OrderContext{hands_.data(), f.all,     strain<Trumps>(), seat,
                        pos,           lead_suit, win_card,         win_seat};
  };
  return try_moves<Ablate, Trumps>(list, make_ctx, first, later, others, true, killer, kkey, true,
                                   need, (seat & 1) == 0, popcount(hand), play, rel);
}

template <bool Ablate, bool Trumps>
void Engine::store(const TrickFrame& f, std::uint8_t key, int lead_value, int lneed, int r,
                   std::uint64_t& rel) noexcept {
  // lead_value is the fail-soft bound in the leader's terms: a lower bound when it reaches
  // lneed, an upper bound when it does not.
  Pattern e{};
  if (lead_value >= lneed) {
    e.lower = static_cast<std::uint8_t>(lead_value);
    e.upper = static_cast<std::uint8_t>(r);
  } else {
    e.lower = 0;
    e.upper = static_cast<std::uint8_t>(lead_value);
  }
  std::uint64_t segment = 0;
  REDOUBLE_UNROLL_SUITS
  for (int s = 0; s < kNumSuits; ++s) {
    const auto si = static_cast<std::size_t>(s);
    const std::uint64_t rs = rel & suit_bits(s);
    if (!rs) continue;
    const std::uint64_t all_s = f.all & suit_bits(s);
    const int b = bottom_card(rs);
    const std::uint32_t code = aligned_code(f, s);
    int k = popcount(all_s & ~(ibit(b) - 1));
    if (k == popcount(all_s)) {
      // The segment reaches the bottom: the suit's lowest run (one hand's cards) is implied
      // by the shape, so leave it out (bridge-solver's rule) and equal patterns merge. The
      // code is left-aligned: the k-th card from the top sits in bits 33-2k..32-2k.
      const std::uint32_t bottom = (code >> (32 - 2 * k)) & 3u;
      while (k > 0 && ((code >> (32 - 2 * k)) & 3u) == bottom) --k;
    }
    const auto uk = static_cast<std::uint32_t>(k);
    e.top[si] = (code & top_mask(uk)) | uk;
    segment |= keep_top(all_s, k);
  }
  rel = segment;
  if (!on<Ablate>(&SearchTechniques::transposition_table)) return;
  ++stats_->tt_stores;
  tt_.store(f.shape, key, e);
}

}  // namespace redouble::detail
