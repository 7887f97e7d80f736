// Card play bookkeeping: follow-suit legality, trick resolution, play/undo and perft.
#include "redouble/position.hpp"

#include <bit>
#include <string>

#include "redouble/card_set.hpp"
#include "redouble/errors.hpp"

namespace redouble {

int trick_winner(const int* cards, int n, int leader, int strain) noexcept {
  int best = 0;
  for (int i = 1; i < n; ++i) {
    const int s = card_suit(cards[i]);
    const int bs = card_suit(cards[best]);
    if (s == bs) {
      if (cards[i] > cards[best]) best = i;
    } else if (s == strain) {
      best = i;  // the first trump on a plain-suit trick
    }
  }
  return (leader + best) & 3;
}

namespace {

std::string card_name(int card) {
  return std::string{kSuitChars[card_suit(card)], kRankChars[card_rank(card)]};
}

}  // namespace

Position::Position(const std::array<std::uint64_t, 4>& hands, int strain, int leader,
                   const std::vector<int>& trick)
    : hands_(hands), strain_(strain), leader_(leader) {
  if (strain < 0 || strain > kNoTrump) throw InvalidDeal("strain must be 0..4");
  if (leader < 0 || leader > 3) throw InvalidDeal("leader must be a seat 0..3");
  if (trick.size() > 3) throw InvalidDeal("a trick in progress holds at most 3 cards");
  std::uint64_t seen = 0;
  for (int s = 0; s < 4; ++s) {
    if (hands[static_cast<std::size_t>(s)] & ~kFullDeck)
      throw InvalidDeal("hand mask has bits above 51");
    if (hands[static_cast<std::size_t>(s)] & seen) throw InvalidDeal("a card is held by two seats");
    seen |= hands[static_cast<std::size_t>(s)];
  }
  trick_len_ = static_cast<int>(trick.size());
  for (int i = 0; i < trick_len_; ++i) {
    const int c = trick[static_cast<std::size_t>(i)];
    if (c < 0 || c >= kNumCards) throw InvalidDeal("trick card must be 0..51");
    if (seen & card_bit(c))
      throw InvalidDeal("trick card " + card_name(c) + " is also held or played twice");
    seen |= card_bit(c);
    trick_[static_cast<std::size_t>(i)] = c;
  }
  // Seats that already played to the trick hold one card fewer than the others.
  const int n0 = count(hands[static_cast<std::size_t>(leader)]) + (trick_len_ > 0 ? 1 : 0);
  for (int i = 0; i < 4; ++i) {
    const int seat = (leader + i) & 3;
    const int expect = n0 - (i < trick_len_ ? 1 : 0);
    if (count(hands[static_cast<std::size_t>(seat)]) != expect)
      throw InvalidDeal("hand sizes do not fit a trick with " + std::to_string(trick_len_) +
                        " card(s) played");
  }
  if (trick_len_ > 0 && n0 == 0) throw InvalidDeal("no cards to play");
  // A follower who discarded must not hold the suit led now either (he could not have held
  // it then); this is the only revoke a position can show.
  if (trick_len_ > 1) {
    const int led = card_suit(trick_[0]);
    for (int i = 1; i < trick_len_; ++i) {
      const int seat = (leader + i) & 3;
      if (card_suit(trick_[static_cast<std::size_t>(i)]) != led &&
          suit_cards(hands[static_cast<std::size_t>(seat)], led))
        throw IllegalPlay("trick card " + card_name(trick_[static_cast<std::size_t>(i)]) +
                          " revokes: that seat still holds the suit led");
    }
  }
}

int Position::tricks_left() const noexcept {
  return count(hands_[static_cast<std::size_t>(leader_)]) + (trick_len_ > 0 ? 1 : 0);
}

std::uint64_t Position::legal_plays() const noexcept {
  const std::uint64_t hand = hands_[static_cast<std::size_t>(to_play())];
  if (trick_len_ == 0) return hand;
  const std::uint64_t follow = suit_cards(hand, card_suit(trick_[0]));
  return follow ? follow : hand;
}

int Position::play(int card) {
  if (card < 0 || card >= kNumCards) throw IllegalPlay("card must be 0..51");
  const int seat = to_play();
  const std::uint64_t bit = card_bit(card);
  if (!(hands_[static_cast<std::size_t>(seat)] & bit))
    throw IllegalPlay(std::string(1, kSeatChars[seat]) + " does not hold " + card_name(card));
  if (!(legal_plays() & bit))
    throw IllegalPlay(std::string(1, kSeatChars[seat]) + " must follow suit: " + card_name(card) +
                      " revokes");
  Undo u{};
  u.card = static_cast<std::int8_t>(card);
  u.winner = -1;
  u.leader = static_cast<std::int8_t>(leader_);
  hands_[static_cast<std::size_t>(seat)] &= ~bit;
  trick_[static_cast<std::size_t>(trick_len_++)] = card;
  int winner = -1;
  if (trick_len_ == 4) {
    winner = trick_winner(trick_.data(), 4, leader_, strain_);
    for (int i = 0; i < 4; ++i)
      u.trick[static_cast<std::size_t>(i)] =
          static_cast<std::int8_t>(trick_[static_cast<std::size_t>(i)]);
    u.winner = static_cast<std::int8_t>(winner);
    ++tricks_[static_cast<std::size_t>(side_of(winner))];
    leader_ = winner;
    trick_len_ = 0;
  }
  history_.push_back(u);
  return winner;
}

int Position::undo() {
  if (history_.empty()) throw IllegalPlay("nothing to undo");
  const Undo u = history_.back();
  history_.pop_back();
  if (u.winner >= 0) {
    --tricks_[static_cast<std::size_t>(side_of(u.winner))];
    for (int i = 0; i < 4; ++i)
      trick_[static_cast<std::size_t>(i)] = u.trick[static_cast<std::size_t>(i)];
    trick_len_ = 4;
    leader_ = u.leader;
  }
  --trick_len_;
  hands_[static_cast<std::size_t>(to_play())] |= card_bit(u.card);
  return u.card;
}

std::uint64_t Position::perft_rec(int depth, PerftPoll& poll) {
  if (depth == 0 || is_complete()) return 1;
  std::uint64_t moves = legal_plays();
  if (depth == 1) return static_cast<std::uint64_t>(count(moves));
  if (poll.poll && --poll.countdown == 0) {
    poll.countdown = kPerftPollNodes;
    poll.poll();
  }
  std::uint64_t total = 0;
  for_each_card(moves, [&](int c) {
    play(c);
    total += perft_rec(depth - 1, poll);
    undo();
  });
  return total;
}

std::uint64_t Position::perft(int depth, const std::function<void()>& poll) {
  if (depth < 0) throw IllegalPlay("perft depth must be >= 0");
  const std::size_t start = history_.size();
  PerftPoll state{poll, kPerftPollNodes};
  try {
    return perft_rec(depth, state);
  } catch (...) {
    // The poll stopped the count midway: take back the cards the count played.
    while (history_.size() > start) undo();
    throw;
  }
}

}  // namespace redouble
