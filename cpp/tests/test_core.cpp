// C++ tests of the core without Python (run by ctest, see CMakeLists.txt's REDOUBLE_TESTS):
// perft counts pinned in tests/data/perft.txt, the solver against a plain minimax oracle on
// small random endings, and properties of the DD table on full deals (agreement with single
// solves, invariance under rotating the seats and relabelling the suits).
//
//   redouble_core_tests PATH/TO/tests/data/perft.txt
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "redouble/card_set.hpp"
#include "redouble/deal.hpp"
#include "redouble/dealer.hpp"
#include "redouble/par.hpp"
#include "redouble/position.hpp"
#include "redouble/random.hpp"
#include "redouble/solver.hpp"
#include "solver/bounds.hpp"
#include "solver/canonical.hpp"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::printf("FAIL %s\n", what.c_str());
  }
}

int strain_of(char c) { return static_cast<int>(std::string("CDHSN").find(c)); }
int seat_of(char c) { return static_cast<int>(std::string("NESW").find(c)); }
int card_of(const std::string& t) {
  return redouble::card_id(static_cast<int>(std::string("CDHS").find(t[0])),
                           static_cast<int>(std::string("23456789TJQKA").find(t[1])));
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep)) out.push_back(item);
  if (!s.empty() && s.back() == sep) out.emplace_back();
  return out;
}

/// perft's poll: called during a long count, its exception stops the count and leaves the
/// position as it was (the Python binding's Ctrl-C); a poll that returns changes no count.
int test_perft_poll() {
  redouble::Position p(redouble::parse_pbn_deal(
                           "N:T843.K2.T93.AQ82 KJ9.953.QJ652.T6 A752.AQ76.AK7.54 Q6.JT84.84.KJ973"),
                       redouble::kNoTrump, 0);
  p.play(redouble::lowest_card(p.legal_plays()));
  const redouble::Position before = p;
  int polls = 0;
  const std::uint64_t plain = p.perft(10);
  check(p.perft(10, [&polls] { ++polls; }) == plain, "perft with a poll that returns");
  check(polls > 1, "perft(10) polls more than once, got " + std::to_string(polls));
  struct Stop {};
  int calls = 0;
  bool stopped = false;
  try {
    p.perft(10, [&calls] {
      if (++calls == 2) throw Stop{};
    });
  } catch (const Stop&) {
    stopped = true;
  }
  check(stopped, "perft lets its poll's exception through");
  check(p.history_size() == before.history_size() && p.hands() == before.hands() &&
            p.trick_size() == before.trick_size() && p.leader() == before.leader() &&
            p.tricks_won(0) == before.tricks_won(0) && p.tricks_won(1) == before.tricks_won(1),
        "perft stopped by its poll leaves the position as it was");
  check(p.perft(10) == plain, "perft after a stopped count");
  return 4;
}

/// Every line of perft.txt: `deal;strain;leader;trick;c1 c2 ...`, ck the legal sequences of k
/// cards. Returns the number of counts checked.
int test_perft(const char* path) {
  std::ifstream in(path);
  check(static_cast<bool>(in), std::string("cannot open ") + path);
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = split(line, ';');
    const redouble::Hands hands = redouble::parse_pbn_deal(f[0]);
    std::vector<int> trick;
    std::istringstream ts(f[3]);
    for (std::string t; ts >> t;) trick.push_back(card_of(t));
    redouble::Position p(hands, strain_of(f[1][0]), seat_of(f[2][0]), trick);
    std::istringstream cs(f[4]);
    int depth = 1;
    for (unsigned long long want; cs >> want; ++depth, ++checked) {
      const std::uint64_t got = p.perft(depth);
      check(got == want, "perft " + f[0] + " depth " + std::to_string(depth) + ": got " +
                             std::to_string(got) + ", want " + std::to_string(want));
    }
  }
  return checked;
}

/// Plain minimax over Position: tricks the side to play now takes from here on.
int oracle(redouble::Position& p) {
  if (p.is_complete()) return 0;
  const int side = p.to_play() & 1;
  int best = -1;
  for (std::uint64_t m = p.legal_plays(); m; m &= m - 1) {
    const int card = redouble::lowest_card(m);
    const int winner = p.play(card);
    int mine = 0;
    if (winner >= 0) mine = (winner & 1) == side ? 1 : 0;
    // After the play the side to play may have changed; count for `side`.
    const int rest = oracle(p);
    const int rest_mine = (p.to_play() & 1) == side ? rest : p.tricks_left() - rest;
    p.undo();
    best = std::max(best, mine + rest_mine);
  }
  return best;
}

/// Exact minimax on bare card masks (public layout), sharing no code with the solver or
/// Position: the yes/no question "can the side of `leader` take `need` more tricks?" with a
/// memo of the answers at trick boundaries (a yes/no search stops at the first card that
/// settles it), asked for need = 1, 2, ... until the answer is no. Fast enough for endings of
/// up to 7 cards a hand.
class MemoOracle {
 public:
  explicit MemoOracle(int strain) : strain_(strain) {}
  /// Tricks the side of `leader` takes from a trick boundary.
  int value(std::array<std::uint64_t, 4>& hands, int leader) {
    int v = 0;
    while (v < redouble::count(hands[0]) && reaches(hands, leader, v + 1)) ++v;
    return v;
  }
  /// Tricks the side of `leader` takes from a trick boundary once it has led `card` (public
  /// layout, one of the leader's cards).
  int value_after_lead(std::array<std::uint64_t, 4>& hands, int leader, int card) {
    const int cards = redouble::count(hands[static_cast<std::size_t>(leader)]);
    hands[static_cast<std::size_t>(leader)] ^= std::uint64_t{1} << card;
    std::array<int, 4> trick{card, 0, 0, 0};
    int v = 0;
    while (v < cards && play(hands, leader, 1, trick, v + 1)) ++v;
    hands[static_cast<std::size_t>(leader)] ^= std::uint64_t{1} << card;
    return v;
  }

 private:
  static int suit(int card) { return card / redouble::kNumRanks; }
  bool reaches(std::array<std::uint64_t, 4>& hands, int leader, int need) {
    if (need <= 0) return true;
    if (need > redouble::count(hands[0])) return false;
    std::string key(reinterpret_cast<const char*>(hands.data()), sizeof hands);
    key.push_back(static_cast<char>(leader));
    key.push_back(static_cast<char>(need));
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::array<int, 4> trick{};
    const bool v = play(hands, leader, 0, trick, need);
    memo_.emplace(std::move(key), v);
    return v;
  }
  // Can the side of `leader` take `need` tricks from this trick on, `pos` cards played?
  bool play(std::array<std::uint64_t, 4>& hands, int leader, int pos, std::array<int, 4>& trick,
            int need) {
    const int seat = (leader + pos) & 3;
    const std::uint64_t hand = hands[static_cast<std::size_t>(seat)];
    std::uint64_t legal = hand;
    if (pos > 0) {
      const std::uint64_t follow = hand & (std::uint64_t{0x1FFF} << (13 * suit(trick[0])));
      if (follow) legal = follow;
    }
    const bool leader_side = (seat & 1) == (leader & 1);
    for (std::uint64_t m = legal; m; m &= m - 1) {
      const int c = redouble::lowest_card(m);
      hands[static_cast<std::size_t>(seat)] ^= std::uint64_t{1} << c;
      trick[static_cast<std::size_t>(pos)] = c;
      bool v;
      if (pos < 3) {
        v = play(hands, leader, pos + 1, trick, need);
      } else {
        int w = 0;
        for (int i = 1; i < 4; ++i) {
          const int a = trick[static_cast<std::size_t>(i)];
          const int b = trick[static_cast<std::size_t>(w)];
          if (suit(a) == suit(b) ? a > b : suit(a) == strain_) w = i;
        }
        const int winner = (leader + w) & 3;
        const int left = redouble::count(hands[0]);
        const bool ours = (winner & 1) == (leader & 1);
        // The winner's side must take need - 1 more (ours), or hold the other side below
        // left - need + 1 (theirs: we still need `need` of the `left` tricks).
        v = ours ? reaches(hands, winner, need - 1) : !reaches(hands, winner, left - need + 1);
      }
      hands[static_cast<std::size_t>(seat)] ^= std::uint64_t{1} << c;
      if (v == leader_side) return v;  // the side to play found its card
    }
    return !leader_side;
  }
  int strain_;
  std::unordered_map<std::string, bool> memo_;
};

/// The one case of DDS's "need every trick" bound that bounds.hpp's argument leaves to a check:
/// a defender X holding only the top cards of three suits, three cards a hand, the side on lead
/// L to lead (no trump). Every such ending is enumerated (the other nine cards in every suit and
/// rank order, X on the leader's left and on his right), and in none can L force "every trick,
/// and at least one led in X's suits": the defenders can always see to it that, if L takes all
/// three tricks, it leads the fourth suit to each. Returns the number of endings checked.
class ThreeTopsEnding {
 public:
  explicit ThreeTopsEnding(const std::array<std::uint64_t, 4>& hands) : hands_(hands) {}

  /// Can the side of `leader` force every trick with a lead outside suit 0 among them?
  bool forced(int leader) { return trick(leader, false); }

 private:
  static int suit(int card) { return card / 13; }

  bool trick(int leader, bool led_other) {
    if (!hands_[0]) return led_other;
    return play(leader, leader, -1, -1, -1, led_other, 0);
  }

  // Seat `seat` plays the `i`-th card of the trick led by `leader`; `best`/`winner` so far.
  bool play(int leader, int seat, int led, int best, int winner, bool led_other, int i) {
    if (i == 4) {
      if ((winner & 1) != (leader & 1)) return false;  // a defender won a trick
      return trick(winner, led_other);
    }
    const std::uint64_t hand = hands_[static_cast<std::size_t>(seat)];
    std::uint64_t options = hand;
    if (led >= 0) {
      const std::uint64_t follow = hand & (std::uint64_t{0x1FFF} << (13 * led));
      if (follow) options = follow;
    }
    const bool ours = (seat & 1) == (leader & 1);
    for (std::uint64_t rest = options; rest; rest &= rest - 1) {
      const int card = std::countr_zero(rest);
      const int s = led >= 0 ? led : suit(card);
      const bool wins = suit(card) == s && card > best;
      hands_[static_cast<std::size_t>(seat)] ^= std::uint64_t{1} << card;
      const bool value = play(leader, (seat + 1) & 3, s, wins ? card : best, wins ? seat : winner,
                              led_other || (led < 0 && s != 0), i + 1);
      hands_[static_cast<std::size_t>(seat)] ^= std::uint64_t{1} << card;
      if (value == ours) return value;  // L finds a way, or the defenders do
    }
    return !ours;
  }

  std::array<std::uint64_t, 4> hands_;
};

/// Enumerates the endings (see ThreeTopsEnding) and returns {endings, endings L forces}. With
/// `control`, X holds the lowest card of the third suit instead of its top, an ending where L
/// can force it, so the check is shown able to find one; `limit` caps the owner orderings.
std::pair<int, int> three_tops_endings(bool control, int limit) {
  // North 0, East 1, South 2 hold the nine other cards; West 3 is X. Each ordering of the nine
  // owners (highest card first), cut into the four suits, is one ending up to ranks.
  std::array<int, 9> owners{0, 0, 0, 1, 1, 1, 2, 2, 2};
  int checked = 0;
  int forced = 0;
  int orderings = 0;
  do {
    for (int a = 0; a <= 9; ++a)
      for (int b = a; b <= 9; ++b)
        for (int c = b; c <= 9; ++c) {
          const std::array<int, 5> cut{0, a, b, c, 9};
          std::array<std::uint64_t, 4> hands{};
          for (int s = 0; s < 4; ++s) {
            int rank = 12;
            if (control && s == 3)
              hands[3] |= std::uint64_t{1} << (13 * s);  // X's lowest card, not the top
            else if (s != 0)
              hands[3] |= std::uint64_t{1} << (13 * s + rank--);  // X's top card
            for (int k = cut[static_cast<std::size_t>(s)]; k < cut[static_cast<std::size_t>(s) + 1];
                 ++k)
              hands[static_cast<std::size_t>(owners[static_cast<std::size_t>(k)])] |=
                  std::uint64_t{1} << (13 * s + rank--);
          }
          for (int leader : {0, 2}) {  // X on South's left, on North's right
            ThreeTopsEnding ending(hands);
            if (ending.forced(leader)) {
              ++forced;
              if (!control)
                check(false, "three top cards squeezed: " + redouble::format_pbn_deal(hands) +
                                 " leader " + std::to_string(leader));
            }
            ++checked;
          }
        }
  } while (++orderings < limit && std::next_permutation(owners.begin(), owners.end()));
  return {checked, forced};
}

int test_three_tops_endings() {
  const auto [checked, forced] = three_tops_endings(false, 1680);
  check(checked == 1680 * 220 * 2, "every three-card ending with three top cards enumerated");
  check(forced == 0, "no three-card ending lets the side on lead squeeze three top cards");
  const auto [control_checked, control_forced] = three_tops_endings(true, 60);
  check(control_checked == 60 * 220 * 2 && control_forced > 0,
        "the check finds the endings of the control, where the side on lead can force it");
  std::printf("three top cards: %d endings, none forced; control: %d of %d forced\n", checked,
              control_forced, control_checked);
  return checked;
}

/// `count` distinct cards (public ids) drawn at random: a Fisher-Yates shuffle of the pack, cut.
std::vector<int> random_cards(redouble::Rng& rng, int count) {
  std::array<int, 52> deck{};
  for (int c = 0; c < 52; ++c) deck[static_cast<std::size_t>(c)] = c;
  for (int c = 51; c > 0; --c)
    std::swap(deck[static_cast<std::size_t>(c)], deck[rng.below(static_cast<unsigned>(c + 1))]);
  return {deck.begin(), deck.begin() + count};
}

/// The cards of `pick` dealt in turn, North first (the pick's order is already random).
redouble::Hands deal_in_turn(const std::vector<int>& pick) {
  redouble::Hands hands{};
  for (std::size_t k = 0; k < pick.size(); ++k) hands[k % 4] |= std::uint64_t{1} << pick[k];
  return hands;
}

/// An ending dealt card by card, `cards` to a hand: give(seat, c) gives c to `seat`, or, when
/// that hand is full, to the next one round the table with room.
struct EndingDealer {
  int cards;
  redouble::Hands hands{};
  std::array<int, 4> n{};
  void give(int seat, int c) {
    while (n[static_cast<std::size_t>(seat)] == cards) seat = (seat + 1) & 3;
    ++n[static_cast<std::size_t>(seat)];
    hands[static_cast<std::size_t>(seat)] |= std::uint64_t{1} << c;
  }
};

/// quick_tricks_cap (bounds.hpp) against quick_tricks itself: the search skips quick_tricks
/// where the cap is below the target, so the cap must never be below the count. Random endings
/// of 1 to 13 cards a hand, dealt to random seats (short endings have many voids: ruffs, entries,
/// long cards), every leader and strain; and a ruff in the short trump hand, the one plan whose
/// count the suits the side tops do not cover. Returns the positions checked; the cap must be
/// reached (equal to the count) somewhere in no trump and in a trump suit, or the check is idle.
int test_quick_tricks_cap(int per_size, std::uint64_t seed) {
  namespace d = redouble::detail;
  redouble::Rng rng(seed);
  int checked = 0;
  std::array<int, 2> tight{};  // no trump, trumps
  const auto check_position = [&](const redouble::Hands& hands, int leader, int strain) {
    std::array<std::uint64_t, 4> ih{};
    for (std::size_t seat = 0; seat < 4; ++seat) ih[seat] = d::to_internal(hands[seat]);
    const std::uint64_t all = ih[0] | ih[1] | ih[2] | ih[3];
    const std::uint64_t shape = d::shape_of(ih.data());
    std::uint64_t rel = 0;
    const int quick = d::quick_tricks(ih.data(), all, shape, leader, strain, rel);
    const int cap = d::quick_tricks_cap(ih.data(), all, shape, leader, strain);
    check(quick <= cap, "quick tricks " + std::to_string(quick) + " above their cap " +
                            std::to_string(cap) + ": " + redouble::format_pbn_deal(hands) +
                            " strain " + std::to_string(strain) + " leader " +
                            std::to_string(leader));
    if (quick == cap && quick > 0) ++tight[strain < redouble::kNumSuits ? 1 : 0];
    ++checked;
    return quick;
  };
  for (int cards = 1; cards <= 13; ++cards) {
    for (int i = 0; i < per_size; ++i) {
      EndingDealer dealer{cards};
      for (int c : random_cards(rng, 4 * cards)) dealer.give(static_cast<int>(rng.below(4)), c);
      for (int strain = 0; strain <= redouble::kNoTrump; ++strain)
        for (int leader = 0; leader < 4; ++leader) check_position(dealer.hands, leader, strain);
    }
  }
  check(tight[0] > 0 && tight[1] > 0, "the cap is reached in no trump and in a trump suit");
  // Spades trump, no trump with East-West: North leads the heart two, South ruffs; North's two
  // trumps then win a trick each. Three tricks, where the suits North-South top hold two.
  const redouble::Hands ruff = redouble::parse_pbn_deal("N:32.2.. .AK..A 4..3.2 .Q.AK.");
  check(check_position(ruff, 0, 3) == 3, "quick tricks count the ruff in the short trump hand");
  return checked;
}

/// Every trick bound of bounds.hpp checked directly against the memo oracle at the root of random
/// endings of 3 to 6 cards a hand, every leader, no trump and spades: quick tricks never exceed
/// the leader's side's value, sure tricks against never exceed the other side's, a guarded
/// trump's side takes a trick, a "need every trick" cap below the tricks left means the side
/// on lead cannot take them all, and the second hand's sure tricks after any card led never
/// exceed its side's value from that trick on. Endings are dealt three ways in turn: at random;
/// each suit's three highest cards to North and South; its two highest to North and South and the
/// third to East or West (so that the plans' entries, split honours and finesses come up often). A
/// cut-off in the search can hide an unsound bound (another line may reach the same value); this
/// check cannot be fooled that way.
int test_bounds_direct(int per_size, std::uint64_t seed) {
  namespace d = redouble::detail;
  redouble::Rng rng(seed);
  int checked = 0;
  // endings where quick tricks, sure tricks, the cap bit; second-hand counts above 0
  std::array<int, 4> counted{};
  for (int cards = 3; cards <= 6; ++cards) {
    for (int i = 0; i < per_size; ++i) {
      std::vector<int> pick = random_cards(rng, 4 * cards);
      std::sort(pick.begin(), pick.end(), std::greater<>());  // suit by suit, highest first
      EndingDealer dealer{cards};
      const int mode = i % 3;
      int order = 0;
      std::vector<int> rest;
      for (std::size_t k = 0; k < pick.size(); ++k) {
        const int c = pick[k];
        order = (k == 0 || pick[k - 1] / 13 != c / 13) ? 0 : order + 1;
        const int ns = 2 * static_cast<int>(rng.below(2));
        // mode 1: a suit's top three cards to one side; mode 2: the top two, and the third
        // to an opponent (a split-honour suit).
        if ((mode == 1 && order < 3) || (mode == 2 && order < 2)) {
          dealer.give(ns, c);
        } else if (mode == 2 && order == 2) {
          dealer.give(1 + ns, c);
        } else {
          rest.push_back(c);
        }
      }
      for (int c : rest) dealer.give(static_cast<int>(rng.below(4)), c);
      const redouble::Hands& hands = dealer.hands;
      std::array<std::uint64_t, 4> ih{};
      for (std::size_t seat = 0; seat < 4; ++seat) ih[seat] = d::to_internal(hands[seat]);
      const std::uint64_t all = ih[0] | ih[1] | ih[2] | ih[3];
      const std::uint64_t shape = d::shape_of(ih.data());
      for (const int strain : {redouble::kNoTrump, 3}) {
        MemoOracle oracle(strain);
        for (int leader = 0; leader < 4; ++leader) {
          std::array<std::uint64_t, 4> h = hands;
          const int want = oracle.value(h, leader);
          const std::string where = redouble::format_pbn_deal(hands) + " strain " +
                                    std::to_string(strain) + " leader " + std::to_string(leader);
          std::uint64_t rel = 0;
          const int quick = d::quick_tricks(ih.data(), all, shape, leader, strain, rel);
          check(quick <= want, "quick tricks " + std::to_string(quick) + " > value " +
                                   std::to_string(want) + ": " + where);
          const int against =
              d::sure_tricks_against(ih.data(), all, shape, leader, strain, true, rel);
          check(against <= cards - want, "sure tricks against " + std::to_string(against) +
                                             " > the other side's " + std::to_string(cards - want) +
                                             ": " + where);
          if (strain < redouble::kNumSuits) {
            if (d::ruff_trick(ih.data(), all & d::suit_bits(strain), shape, leader, strain, rel))
              check(want >= 1, "a ruff in partner's hand, but no trick: " + where);
            for (int side = 0; side < 2; ++side) {
              if (!d::guarded_trump(ih.data(), all & d::suit_bits(strain), shape, side, leader,
                                    strain, rel))
                continue;
              const int side_value = (leader & 1) == side ? want : cards - want;
              check(side_value >= 1,
                    "guarded trump, side " + std::to_string(side) + " takes no trick: " + where);
            }
          } else {
            for (const bool dds_form : {true, false}) {
              for (const bool guards : {true, false}) {
                if (d::all_tricks_cap(ih.data(), all, shape, leader, dds_form, guards, rel) <
                    cards) {
                  check(want < cards, "need-every-trick cap, but all taken: " + where);
                  ++counted[2];
                }
              }
            }
          }
          // The second hand's sure tricks, for every card the leader may lead (counted from
          // the start of the trick, the card led removed from the leader's hand), and for every
          // number of tricks its side may want (in a trump contract the count goes on past the
          // trick and the trumps only where the number asked for may be reached).
          for (std::uint64_t m = hands[static_cast<std::size_t>(leader)]; m; m &= m - 1) {
            const int card = redouble::lowest_card(m);
            const int led = d::card_to_internal(card);
            std::array<std::uint64_t, 4> after = ih;
            after[static_cast<std::size_t>(leader)] ^= std::uint64_t{1} << led;
            int theirs = -1;  // asked of the oracle only when needed
            for (int wanted = 0; wanted <= cards; ++wanted) {
              const int second = d::second_hand_tricks(after.data(), all, (leader + 1) & 3, led,
                                                       strain, rel, wanted);
              if (second == 0) continue;
              if (theirs < 0) theirs = cards - oracle.value_after_lead(h, leader, card);
              check(second <= theirs, "second-hand tricks " + std::to_string(second) +
                                          " > the second hand's side's " + std::to_string(theirs) +
                                          " after card " + std::to_string(card) + " (want " +
                                          std::to_string(wanted) + "): " + where);
              ++counted[3];
            }
          }
          if (quick > 0) ++counted[0];
          if (against > 0) ++counted[1];
          ++checked;
        }
      }
    }
  }
  // The check must have had something to check.
  check(counted[0] > checked / 4 && counted[1] > checked / 8 && counted[2] > 0 &&
            counted[3] > checked / 4,
        "the direct bound check counted too few bounds");
  return checked;
}

/// The "need every trick" bound's guards (bounds.hpp's all_tricks_cap) against the memo oracle, on
/// endings built to have them: in each suit the side on lead (the leader's side, chosen per
/// ending) gets one to three of the highest cards, the next card goes to a defender, and the rest
/// of the suit leans towards that defender and the side's hands (length behind the guard, length
/// to cash), so that guards, finesses against them and squeezes are all common. Endings are
/// dealt until `wanted` positions (ending and leader) have the cap (either form) below the tricks
/// left with the guards and not without them; at each the oracle must find that the side on lead
/// cannot take them all. Returns the positions checked.
int test_guarded_endings(int wanted, std::uint64_t seed) {
  namespace d = redouble::detail;
  redouble::Rng rng(seed);
  int decided = 0;  // positions the guards alone bring below the tricks left, each checked
  int dealt = 0;
  for (; decided < wanted && dealt < 400 * wanted; ++dealt) {
    const int cards = 3 + static_cast<int>(rng.below(4));  // 3 to 6 cards a hand
    std::vector<int> pick = random_cards(rng, 4 * cards);
    std::sort(pick.begin(), pick.end(), std::greater<>());  // suit by suit, highest first
    const int side = static_cast<int>(rng.below(2));        // 0: North-South on lead
    EndingDealer dealer{cards};
    int order = 0;
    int run = 1;
    int guard = 1;
    for (std::size_t k = 0; k < pick.size(); ++k) {
      const int c = pick[k];
      if (k == 0 || pick[k - 1] / 13 != c / 13) {
        order = 0;
        run = 1 + static_cast<int>(rng.below(3));
        guard = side + 1 + 2 * static_cast<int>(rng.below(2));  // a defender's seat
      } else {
        ++order;
      }
      if (order < run) {
        // The run: mostly in one hand, sometimes split (a finesse for the defenders to fear).
        dealer.give(rng.below(4) == 0 ? side + 2 * static_cast<int>(rng.below(2)) : side, c);
      } else if (order == run || rng.below(3) == 0) {
        dealer.give(guard & 3, c);
      } else if (rng.below(2) == 0) {
        dealer.give(side + 2 * static_cast<int>(rng.below(2)), c);  // length for the side
      } else {
        dealer.give(static_cast<int>(rng.below(4)), c);
      }
    }
    const redouble::Hands& hands = dealer.hands;
    std::array<std::uint64_t, 4> ih{};
    for (std::size_t seat = 0; seat < 4; ++seat) ih[seat] = d::to_internal(hands[seat]);
    const std::uint64_t all = ih[0] | ih[1] | ih[2] | ih[3];
    const std::uint64_t shape = d::shape_of(ih.data());
    MemoOracle oracle(redouble::kNoTrump);
    for (int leader = 0; leader < 4; ++leader) {
      std::uint64_t rel = 0;
      bool guards_alone = false;
      for (const bool dds_form : {true, false}) {
        const int with = d::all_tricks_cap(ih.data(), all, shape, leader, dds_form, true, rel);
        const int without = d::all_tricks_cap(ih.data(), all, shape, leader, dds_form, false, rel);
        check(with <= without, "the guards raised the cap: " + redouble::format_pbn_deal(hands));
        if (with < cards && without >= cards) guards_alone = true;
      }
      if (!guards_alone) continue;
      std::array<std::uint64_t, 4> h = hands;
      check(oracle.value(h, leader) < cards,
            "need-every-trick cap with guards, but all taken: " + redouble::format_pbn_deal(hands) +
                " leader " + std::to_string(leader));
      ++decided;
    }
  }
  check(decided >= wanted, "too few endings in which the guards decide");
  std::printf("guarded endings: %d dealt, %d decided by the guards alone\n", dealt, decided);
  return decided;
}

/// The "need every trick" bound (SearchTechniques::later_tricks) against the memo oracle: random
/// endings of 3 to 7 cards a hand, every strain and every leader, half of them with the top
/// cards given mostly to one side so that the question "all the tricks?" is asked often. The
/// solver with the bound and without it must both agree with the oracle, and the bound must
/// have changed the search somewhere (else this test would not test it).
int test_later_tricks(int per_size, std::uint64_t seed) {
  redouble::Rng rng(seed);
  redouble::SearchTechniques without;
  without.later_tricks = false;
  redouble::SearchTechniques two;  // the bound's first form: at most two tricks in T_D suits
  two.later_tricks_dds = false;
  redouble::Solver on(redouble::SolverOptions{std::size_t{4} << 20, {}});
  redouble::Solver off(redouble::SolverOptions{std::size_t{4} << 20, without});
  redouble::Solver first(redouble::SolverOptions{std::size_t{4} << 20, two});
  redouble::SearchTechniques unguarded_techniques;  // the bound without its guards
  unguarded_techniques.later_tricks_guards = false;
  redouble::Solver unguarded(redouble::SolverOptions{std::size_t{4} << 20, unguarded_techniques});
  int checked = 0;
  for (int cards = 3; cards <= 7; ++cards) {
    for (int i = 0; i < per_size; ++i) {
      std::vector<int> pick = random_cards(rng, 4 * cards);
      redouble::Hands hands{};
      if (i % 2 == 1) {
        // Biased: the higher ranks mostly to North-South, with some noise.
        std::vector<std::pair<int, int>> keyed;
        keyed.reserve(pick.size());
        for (int c : pick) keyed.emplace_back(c % 13 + static_cast<int>(rng.below(7)), c);
        std::sort(keyed.begin(), keyed.end(), std::greater<>());
        EndingDealer dealer{cards};
        for (const auto& [k, c] : keyed) {
          int seat = static_cast<int>(rng.below(4));
          if (rng.below(10) < 6) seat = 2 * static_cast<int>(rng.below(2));
          dealer.give(seat, c);
        }
        hands = dealer.hands;
      } else {
        hands = deal_in_turn(pick);
      }
      for (int strain = 0; strain < 5; ++strain) {
        MemoOracle oracle(strain);
        for (int leader = 0; leader < 4; ++leader) {
          std::array<std::uint64_t, 4> h = hands;
          const int want = oracle.value(h, leader);
          const redouble::Position p(hands, strain, leader);
          const std::string where = redouble::format_pbn_deal(hands) + " strain " +
                                    std::to_string(strain) + " leader " + std::to_string(leader);
          check(on.solve(p) == want, "later tricks on: " + where);
          check(off.solve(p) == want, "later tricks off: " + where);
          check(first.solve(p) == want, "later tricks, first form: " + where);
          check(unguarded.solve(p) == want, "later tricks without guards: " + where);
          ++checked;
        }
      }
    }
  }
  check(on.stats().nodes != off.stats().nodes, "the later-tricks bound changed no search");
  check(on.stats().nodes != first.stats().nodes, "the bound's DDS form changed no search");
  check(on.stats().nodes != unguarded.stats().nodes, "the bound's guards changed no search");
  std::printf("later tricks: nodes with the bound %llu, its first form %llu, without %llu\n",
              static_cast<unsigned long long>(on.stats().nodes),
              static_cast<unsigned long long>(first.stats().nodes),
              static_cast<unsigned long long>(off.stats().nodes));
  return checked;
}

/// Quick tricks' split honours (bounds.hpp, plan 3) and finesse (plan 2) against the memo oracle:
/// random no-trump endings of 4 to 7 cards a hand in which, suit by suit, the two highest cards
/// are dealt one to North and one to South, or (every other ending) the highest and third to one
/// of them and the second to East or West (or the two highest and the fourth, the third to East
/// or West: a finesse under a run of two), every leader,
/// solved with all techniques and with quick tricks off; first, the case the plan must not count
/// (a shorter hand of three cards whose last one overtakes the long cards, which a first version
/// counted: 240 random full deals caught it, this random sample alone did not).
int test_split_honours(int per_size, std::uint64_t seed) {
  redouble::Rng rng(seed);
  redouble::SearchTechniques no_quick;
  no_quick.quick_tricks = false;
  redouble::Solver on(redouble::SolverOptions{std::size_t{4} << 20, {}});
  redouble::Solver off(redouble::SolverOptions{std::size_t{4} << 20, no_quick});
  int checked = 0;
  {
    // The blocked case: North leads; spades A98 opposite K543, each opponent two. Two rounds
    // leave South on lead with two spades and North with the 9, which overtakes the third round
    // and strands South's last spade: three tricks, not four.
    const redouble::Hands hands = redouble::parse_pbn_deal("N:A98.2.. QJ.KQ.. K543... T7.AJ..");
    std::array<std::uint64_t, 4> h = hands;
    const int want = MemoOracle(redouble::kNoTrump).value(h, 0);
    check(want == 3, "the blocked split-honour ending is worth three tricks to North-South");
    check(on.solve(redouble::Position(hands, redouble::kNoTrump, 0)) == want,
          "the blocked split-honour ending");
    ++checked;
  }
  {
    // The finesse: South leads a small spade towards North's AQ. With the king on South's left
    // (West) North wins the first spade either way and then the other: two tricks. With it on
    // South's right (East) there is no finesse: one.
    for (const auto& [pbn, want_ns] :
         {std::pair<const char*, int>{"N:AQ.2.. 4.AK.. 3.43.. K5...4", 2},
          std::pair<const char*, int>{"N:AQ.2.. K5...4 3.43.. 4.AK..", 1}}) {
      const redouble::Hands hands = redouble::parse_pbn_deal(pbn);
      std::array<std::uint64_t, 4> h = hands;
      const int want = MemoOracle(redouble::kNoTrump).value(h, 2);
      check(want == want_ns, std::string("the finesse ending's value: ") + pbn);
      check(on.solve(redouble::Position(hands, redouble::kNoTrump, 2)) == want,
            std::string("the finesse ending: ") + pbn);
      ++checked;
    }
  }
  {
    // The finesse under a run of two: South leads its spade towards North's AKJ2 with the
    // queen on South's left (West, Q54) and East's T9 short: North wins the first round with
    // the jack or, if West plays the queen, the king, and cashes the rest: all four. Quick
    // tricks must count them (the run's two, the finesse's third, the long card), which a
    // finesse limited to a run of one does not.
    namespace d = redouble::detail;
    const redouble::Hands hands = redouble::parse_pbn_deal("N:AKJ2... T9.KQ.. 3.876.. Q54.A..");
    std::array<std::uint64_t, 4> h = hands;
    const int want = MemoOracle(redouble::kNoTrump).value(h, 2);
    check(want == 4, "the finesse under a run of two is worth four tricks to North-South");
    std::array<std::uint64_t, 4> ih{};
    for (std::size_t seat = 0; seat < 4; ++seat) ih[seat] = d::to_internal(hands[seat]);
    std::uint64_t rel = 0;
    const int quick = d::quick_tricks(ih.data(), ih[0] | ih[1] | ih[2] | ih[3],
                                      d::shape_of(ih.data()), 2, redouble::kNoTrump, rel);
    check(quick == 4,
          "quick tricks count the finesse under a run of two: " + std::to_string(quick) + " of 4");
    check(on.solve(redouble::Position(hands, redouble::kNoTrump, 2)) == want,
          "the finesse under a run of two");
    ++checked;
  }
  for (int cards = 4; cards <= 7; ++cards) {
    for (int i = 0; i < per_size; ++i) {
      // The cards in play: 4 * cards of a shuffled pack (public ids, suit * 13 + rank).
      std::vector<int> pick = random_cards(rng, 4 * cards);
      std::sort(pick.begin(), pick.end(), std::greater<>());  // suit by suit, highest first
      redouble::Hands hands{};
      std::array<int, 4> n{};
      const auto give = [&](int seat, int c) {
        ++n[static_cast<std::size_t>(seat)];
        hands[static_cast<std::size_t>(seat)] |= std::uint64_t{1} << c;
      };
      std::vector<int> rest;
      // Odd endings are finesse layouts: a suit's highest and third-highest cards to one of North
      // and South, its second to East or West (quick tricks' finesse when the other one leads);
      // every other one of those has a run of two above the opponent's card instead (the two
      // highest and the fourth to one hand, the third to East or West).
      const bool finesse = i % 2 == 1;
      const int run = finesse && i % 4 == 3 ? 2 : 1;
      int north_first = 0;  // drawn per suit: which of North and South gets its highest card
      int east_second = 0;  // ... and, in a finesse layout, which of East and West the second
      int order = 0;        // the card's place in its suit, from the top
      for (std::size_t k = 0; k < pick.size(); ++k) {
        const int c = pick[k];
        order = (k == 0 || pick[k - 1] / 13 != c / 13) ? 0 : order + 1;
        if (order == 0) {
          north_first = static_cast<int>(rng.below(2));
          east_second = static_cast<int>(rng.below(2));
        }
        int seat = -1;
        if (!finesse && order < 2) {
          // The two highest cards, one to North (0), one to South (2).
          seat = ((order == 0) == (north_first == 1)) ? 0 : 2;
        } else if (finesse && order < run + 2) {
          const int side = north_first == 1 ? 0 : 2;
          seat = order == run ? (east_second == 1 ? 1 : 3) : side;
        }
        if (seat >= 0 && n[static_cast<std::size_t>(seat)] < cards) {
          give(seat, c);
          continue;
        }
        rest.push_back(c);
      }
      for (int c : rest) {
        int seat = static_cast<int>(rng.below(4));
        while (n[static_cast<std::size_t>(seat)] == cards) seat = (seat + 1) & 3;
        give(seat, c);
      }
      MemoOracle oracle(redouble::kNoTrump);
      for (int leader = 0; leader < 4; ++leader) {
        std::array<std::uint64_t, 4> h = hands;
        const int want = oracle.value(h, leader);
        const redouble::Position p(hands, redouble::kNoTrump, leader);
        const std::string where =
            redouble::format_pbn_deal(hands) + " leader " + std::to_string(leader);
        check(on.solve(p) == want, "split honours, quick tricks on: " + where);
        check(off.solve(p) == want, "split honours, quick tricks off: " + where);
        ++checked;
      }
    }
  }
  return checked;
}

/// A guarded trump (bounds.hpp's guarded_trump) against the memo oracle: random trump endings
/// of 3 to 7 cards a hand in which North-South hold the highest trump out and the East-West
/// player holding their side's highest trump, T, holds another trump or the next one down (the
/// bound's cases, and near misses where it must not fire: T's holder on the wrong side of the
/// higher trumps, or too short). Each is solved with every player on lead (North-South: the
/// bound for the defenders; East-West: for the side on lead, which must also be able to lead
/// without T's holder ruffing), with the bound and without; both must agree with the oracle,
/// the bound must have changed the search, and each case must have been dealt, including T
/// below two higher trumps (a queen and two small behind ace-king).
int test_guarded_trump(int per_size, std::uint64_t seed) {
  redouble::Rng rng(seed);
  redouble::SearchTechniques without;
  without.guarded_trump = false;
  redouble::Solver on(redouble::SolverOptions{std::size_t{4} << 20, {}});
  redouble::Solver off(redouble::SolverOptions{std::size_t{4} << 20, without});
  int checked = 0;
  // behind with T second, behind with T third or lower, bare top trump, with the third, none
  std::array<int, 5> cases{};
  for (int cards = 3; cards <= 7; ++cards) {
    for (int i = 0; i < per_size;) {
      const int trump = static_cast<int>(rng.below(4));
      std::vector<int> pick = random_cards(rng, 4 * cards);
      redouble::Hands hands{};
      if (i % 3 == 0) {
        // A third of them stacked: the two highest trumps drawn to North (or South), the
        // next three to the player on that hand's left, the rest at random.
        const int h = 2 * static_cast<int>(rng.below(2));
        std::sort(pick.begin(), pick.end(), [trump](int x, int y) {
          const bool tx = x / 13 == trump;
          const bool ty = y / 13 == trump;
          return tx != ty ? tx : x > y;
        });
        EndingDealer dealer{cards};
        for (std::size_t k = 0; k < pick.size(); ++k) {
          const int c = pick[k];
          int seat = static_cast<int>(rng.below(4));
          if (c / 13 == trump && k < 2) seat = h;
          if (c / 13 == trump && k >= 2 && k < 5) seat = (h + 1) & 3;
          dealer.give(seat, c);
        }
        hands = dealer.hands;
      } else {
        hands = deal_in_turn(pick);
      }
      const std::uint64_t suit = std::uint64_t{0x1FFF} << (13 * trump);
      const auto owner = [&](int c) {
        int seat = 0;
        while (!(hands[static_cast<std::size_t>(seat)] >> c & 1)) ++seat;
        return seat;
      };
      std::array<int, 4> len{};
      for (int seat = 0; seat < 4; ++seat)
        len[static_cast<std::size_t>(seat)] =
            std::popcount(hands[static_cast<std::size_t>(seat)] & suit);
      // The trumps from the top: those of North-South, then T.
      std::vector<int> order;
      for (std::uint64_t m = (hands[0] | hands[1] | hands[2] | hands[3]) & suit; m;) {
        const int c = 63 - std::countl_zero(m);
        m ^= std::uint64_t{1} << c;
        order.push_back(c);
      }
      std::size_t j = 0;
      while (j < order.size() && (owner(order[j]) & 1) == 0) ++j;
      if (j == 0 || j == order.size()) continue;  // East-West hold the top trump, or none
      const int d = owner(order[j]);
      const bool with_third = j == 1 && j + 1 < order.size() && owner(order[j + 1]) == d;
      if (len[static_cast<std::size_t>(d)] < 2 && !with_third) continue;
      ++i;
      const int h = owner(order[0]);
      bool one_hand = true;
      for (std::size_t k = 1; k < j; ++k) one_hand = one_hand && owner(order[k]) == h;
      const bool behind = one_hand && d == ((h + 1) & 3) &&
                          len[static_cast<std::size_t>(d)] >= static_cast<int>(j) + 1;
      const bool bare = j == 1 && len[static_cast<std::size_t>(h)] == 1;
      ++cases[static_cast<std::size_t>(with_third ? 3 : behind ? (j == 1 ? 0 : 1) : bare ? 2 : 4)];
      for (int leader = 0; leader < 4; ++leader) {
        std::array<std::uint64_t, 4> hh = hands;
        const int want = MemoOracle(trump).value(hh, leader);
        const redouble::Position p(hands, trump, leader);
        const std::string where = redouble::format_pbn_deal(hands) + " strain " +
                                  std::to_string(trump) + " leader " + std::to_string(leader);
        check(on.solve(p) == want, "guarded trump on: " + where);
        check(off.solve(p) == want, "guarded trump off: " + where);
        ++checked;
      }
    }
  }
  check(on.stats().nodes != off.stats().nodes, "the guarded-trump bound changed no search");
  check(cases[0] > 0 && cases[1] > 0 && cases[2] > 0 && cases[3] > 0 && cases[4] > 0,
        "every guarded-trump case was dealt");
  std::printf(
      "guarded trump: behind the ace %d, behind two or more %d, bare top trump %d, with "
      "the third %d, none %d; nodes with the bound %llu, without %llu\n",
      cases[0], cases[1], cases[2], cases[3], cases[4],
      static_cast<unsigned long long>(on.stats().nodes),
      static_cast<unsigned long long>(off.stats().nodes));
  return checked;
}

/// Random endings of `cards` cards a hand, some with a trick in progress.
int test_endings(int cards, int count, std::uint64_t seed,
                 const redouble::SearchTechniques& techniques = {}) {
  redouble::Rng rng(seed);
  redouble::Solver solver(redouble::SolverOptions{std::size_t{1} << 20, techniques});
  int checked = 0;
  for (int i = 0; i < count; ++i) {
    const redouble::Hands full = redouble::random_deal(rng, 0);
    redouble::Hands hands{};
    for (int s = 0; s < 4; ++s) {
      std::uint64_t h = full[static_cast<std::size_t>(s)];
      for (int k = 0; k < cards; ++k) {
        hands[static_cast<std::size_t>(s)] |= h & (~h + 1);
        h &= h - 1;
      }
    }
    const int strain = static_cast<int>(rng.below(5));
    const int leader = static_cast<int>(rng.below(4));
    redouble::Position p(hands, strain, leader);
    // Play 0..2 cards of the first trick (the lowest legal card) to test mid-trick solves.
    const int played = static_cast<int>(rng.below(3));
    for (int k = 0; k < played; ++k) p.play(redouble::lowest_card(p.legal_plays()));
    std::vector<int> trick;
    trick.reserve(3);
    for (int k = 0; k < p.trick_size(); ++k) trick.push_back(p.trick_card(k));
    std::array<std::uint64_t, 4> now = p.hands();
    const redouble::Position q(now, strain, leader, trick);
    redouble::Position o = q;
    const int want = oracle(o);
    const int got = solver.solve(q);
    const std::string where = redouble::format_pbn_deal(now) + " strain " + std::to_string(strain) +
                              " leader " + std::to_string(leader);
    check(got == want,
          "solve " + where + ": got " + std::to_string(got) + ", oracle " + std::to_string(want));
    // Every card's value agrees with the oracle after that card.
    for (const auto& [card, value] : solver.solve_cards(q)) {
      redouble::Position c = q;
      const int side = c.to_play() & 1;
      const int winner = c.play(card);
      const int won = winner >= 0 && (winner & 1) == side ? 1 : 0;
      const int rest = oracle(c);
      const int mine = (c.to_play() & 1) == side ? rest : c.tricks_left() - rest;
      check(value == won + mine, "solve_cards " + where + " card " + std::to_string(card));
    }
    ++checked;
  }
  return checked;
}

/// Rotates the deal one seat clockwise (North's hand to East, ...).
redouble::Hands rotate(const redouble::Hands& h) { return {h[3], h[0], h[1], h[2]}; }

/// Relabels the suits by a permutation (suit s becomes perm[s]).
redouble::Hands relabel(const redouble::Hands& h, const std::array<int, 4>& perm) {
  redouble::Hands out{};
  for (std::size_t seat = 0; seat < 4; ++seat)
    for (int s = 0; s < 4; ++s)
      out[seat] |= static_cast<std::uint64_t>(redouble::holding(h[seat], s))
                   << (13 * perm[static_cast<std::size_t>(s)]);
  return out;
}

int test_tables(int count) {
  redouble::Solver solver;
  int checked = 0;
  for (int b = 1; b <= count; ++b) {
    const redouble::Hands h = redouble::board_deal(17, static_cast<std::uint64_t>(b));
    const redouble::DdTable t = solver.dd_table(h);
    const redouble::DdTable r = solver.dd_table(rotate(h));
    const std::array<int, 4> perm{3, 2, 1, 0};
    const redouble::DdTable p = solver.dd_table(relabel(h, perm));
    const std::string deal = redouble::format_pbn_deal(h);
    for (int s = 0; s < 5; ++s) {
      const auto ss = static_cast<std::size_t>(s);
      const auto ps = static_cast<std::size_t>(s < 4 ? perm[ss] : 4);
      for (int d = 0; d < 4; ++d) {
        const auto ds = static_cast<std::size_t>(d);
        const int v = t[ss][ds];
        check(v >= 0 && v <= 13, "table range " + deal);
        check(r[ss][static_cast<std::size_t>((d + 1) & 3)] == v, "rotation " + deal);
        check(p[ps][ds] == v, "suit relabelling " + deal);
      }
    }
    // One column against single solves: declarer's tricks are 13 minus the leader's side's.
    for (int s = 0; s < 5; ++s) {
      const redouble::Position lead(h, s, redouble::lho(0));
      const int defence = solver.solve(lead);
      check(t[static_cast<std::size_t>(s)][0] == 13 - defence, "single solve " + deal);
    }
    ++checked;
  }
  return checked;
}

/// A CancelToken stops a search from another thread (SearchCancelled) and the solver then
/// still gives the same answers as a fresh one; a token already cancelled refuses to start.
int test_cancel() {
  int checked = 0;
  redouble::Solver solver(redouble::SolverOptions{std::size_t{1} << 20});
  std::vector<std::uint64_t> deals(std::size_t{4} * 40);
  redouble::deals_batch(77, 1, 40, deals.data());
  std::vector<std::uint8_t> out(std::size_t{20} * 40);
  redouble::CancelToken token;
  std::thread canceller([&token] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    token.cancel();
  });
  bool stopped = false;
  try {
    solver.dd_tables(deals.data(), 40, out.data(), 1, &token);
  } catch (const redouble::SearchCancelled&) {
    stopped = true;
  }
  canceller.join();
  check(stopped, "cancel from another thread stops 40 tables on a 1 MiB table");
  ++checked;
  const redouble::Hands h{deals[0], deals[1], deals[2], deals[3]};
  redouble::Solver fresh;
  check(solver.dd_table(h) == fresh.dd_table(h), "a solver after a cancelled search");
  const redouble::Position p(h, redouble::kNoTrump, 3);
  check(solver.solve(p) == fresh.solve(p), "a single solve after a cancelled search");
  bool refused = false;
  try {
    solver.solve(p, &token);
  } catch (const redouble::SearchCancelled&) {
    refused = true;
  }
  check(refused, "a cancelled token refuses to start a search");
  return checked + 2;
}

/// The batch dealer's fast path gives exactly the deals of board_deal, board by board.
int test_batch_dealing() {
  int checked = 0;
  for (std::uint64_t seed : {0ull, 1ull, 2024ull, 0xFFFFFFFFFFFFFFFFull, 987654321ull}) {
    const std::size_t n = 20000;
    std::vector<std::uint64_t> fast(4 * n), ref(4 * n);
    redouble::deals_batch(seed, 1, n, fast.data());
    redouble::deals_batch_reference(seed, 1, n, ref.data());
    check(fast == ref, "deals_batch vs board_deal, seed " + std::to_string(seed));
    for (std::size_t i = 0; i < n; i += 997) {
      const redouble::Hands h = redouble::board_deal(seed, i + 1);
      for (std::size_t s = 0; s < 4; ++s) check(fast[4 * i + s] == h[s], "board_deal");
    }
    checked += static_cast<int>(n);
  }
  // Ranges that start and end inside a group of the lanes' eight boards, and ranges around
  // boards whose draws leave the fast paths: seed 1's board 1118877 (a product's low half
  // below 52, which the lanes check for), 1242771 (below n, which the scalar path checks for)
  // and 10948680 (a draw Lemire's method rejects, so that the stream moves on by one).
  const std::pair<std::uint64_t, std::uint64_t> starts[] = {
      {3, 1}, {3, 2}, {3, 7}, {1, 1118870}, {1, 1242765}, {1, 10948677}, {1, 10948680}};
  for (const auto& [seed, first] : starts) {
    for (std::size_t n : {1u, 7u, 8u, 9u, 15u, 17u, 24u}) {
      std::vector<std::uint64_t> fast(4 * n), ref(4 * n);
      redouble::deals_batch(seed, first, n, fast.data());
      redouble::deals_batch_reference(seed, first, n, ref.data());
      check(fast == ref, "deals_batch vs board_deal, seed " + std::to_string(seed) + " from " +
                             std::to_string(first) + ", " + std::to_string(n) + " deals");
      checked += static_cast<int>(n);
    }
  }
  return checked;
}

// Duplicate scores worked by hand from Law 77's tables, and the par of two small tables.
int test_par() {
  using redouble::duplicate_score;
  struct Case {
    int level, strain, doubled;
    bool vul;
    int tricks, score;
  };
  const std::array<Case, 12> cases{{
      {4, 3, 0, false, 10, 420},   // game, major
      {3, 4, 0, true, 9, 600},     // vulnerable 3NT
      {2, 0, 0, false, 9, 110},    // part score + overtrick
      {1, 4, 1, false, 7, 180},    // 1NTX=: 80 + 50 part-score + 50 for the insult
      {2, 2, 1, false, 8, 470},    // 2HX= : 120 counts as game
      {1, 1, 2, true, 9, 1030},    // 1DXX+2 vulnerable: 80 + 50 + 2 * 400 + 100
      {6, 3, 0, true, 12, 1430},   // small slam
      {7, 4, 0, false, 13, 1520},  // grand slam
      {3, 4, 1, true, 7, -500},    // vulnerable doubled down 2
      {4, 3, 1, false, 6, -800},   // not vulnerable doubled down 4: 100 + 200 + 200 + 300
      {5, 1, 2, false, 8, -1000},  // redoubled down 3
      {3, 0, 0, true, 7, -200},    // undoubled down 2, vulnerable
  }};
  int checked = 0;
  for (const Case& c : cases) {
    check(duplicate_score(c.level, c.strain, c.doubled, c.vul, c.tricks) == c.score,
          "duplicate_score " + std::to_string(c.level) + " " + std::to_string(c.strain));
    ++checked;
  }
  // NS make 4S (10 tricks) and EW nothing: par +420, 4S= by N and S.
  std::array<std::uint8_t, 20> t{7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6, 6, 10, 3, 10, 3, 9, 4, 9, 4};
  std::vector<redouble::ParCode> codes;
  check(redouble::contract_par(t.data(), 0, 0, &codes) == 420, "par +420");
  check(codes.size() == 1 && codes[0] == redouble::pack_par_contract(4, 3, 0b0101U, false, 0),
        "par contract 4S= by NS");
  // Nobody makes anything: passed out, no contract.
  t.fill(6);
  codes.clear();
  check(redouble::contract_par(t.data(), 3, 1, &codes) == 0 && codes.empty(), "passed out");
  return checked + 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: redouble_core_tests PATH/TO/perft.txt\n");
    return 2;
  }
  const int perft = test_perft(argv[1]);
  std::printf("perft: %d counts checked\n", perft);
  check(perft >= 40, "perft.txt holds at least 40 counts");
  std::printf("perft stopped by its poll: %d checks\n", test_perft_poll());
  int endings = 0;
  for (int cards = 1; cards <= 4; ++cards)
    endings += test_endings(cards, 150, 1000 + static_cast<std::uint64_t>(cards));
  std::printf("endings against the oracle: %d\n", endings);
  // Each technique off in turn (the bench driver's ablation switches): same answers.
  using T = redouble::SearchTechniques;
  int ablated = 0;
  for (bool T::*member :
       {&T::transposition_table, &T::quick_tricks, &T::second_hand_bound, &T::lead_lookahead,
        &T::move_ordering, &T::killer_moves, &T::equivalent_cards, &T::skip_irrelevant, &T::guess,
        &T::later_tricks, &T::later_tricks_dds, &T::later_tricks_guards, &T::guarded_trump,
        &T::trumpless_as_notrump}) {
    T techniques;
    techniques.*member = false;
    ablated += test_endings(4, 60, 2000 + static_cast<std::uint64_t>(ablated), techniques);
  }
  std::printf("endings with one technique off: %d\n", ablated);
  std::printf("bounds checked directly against the memo oracle: %d\n",
              test_bounds_direct(90, 9091));
  std::printf("later-tricks endings against the memo oracle: %d\n", test_later_tricks(40, 4242));
  std::printf("guarded endings against the memo oracle: %d\n", test_guarded_endings(600, 2718));
  std::printf("split-honour endings against the memo oracle: %d\n", test_split_honours(60, 777));
  std::printf("guarded-trump endings against the memo oracle: %d\n", test_guarded_trump(60, 4711));
  std::printf("quick-trick caps checked against the count: %d\n", test_quick_tricks_cap(40, 515));
  std::printf("three-card endings, one defender with three top cards: %d\n",
              test_three_tops_endings());
  std::printf("batch deals equal to board_deal: %d\n", test_batch_dealing());
  std::printf("par checks: %d\n", test_par());
  std::printf("cancel checks: %d\n", test_cancel());
  const int tables = test_tables(6);
  std::printf("full deals, table properties: %d\n", tables);
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("all passed\n");
  return 0;
}
