// Position: the mutable state of card play — the cards each seat still holds, the strain, the
// current trick (which may already hold 1-3 cards), tricks won per side — with follow-suit
// legality, play/undo and perft. Also the free function that resolves a trick's winner.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "redouble/types.hpp"

namespace redouble {

/// Seat that wins a trick of `n` (1..4) cards led by `leader` under `strain` (0..4).
/// cards[i] was played by seat (leader + i) % 4. Highest trump wins, else highest of the suit led.
int trick_winner(const int* cards, int n, int leader, int strain) noexcept;

/// The play state of one deal. Not thread-safe; cheap to copy.
class Position {
 public:
  /// hands: the cards each seat still holds (excluding cards already on the table);
  /// strain 0..4; leader: the seat that led (or will lead) the current trick;
  /// trick: cards already played to the current trick, in order from the leader (0..3).
  /// Throws InvalidDeal if hands overlap, hand sizes do not fit a trick in progress, or a
  /// trick card is also held; IllegalPlay if the trick cards do not follow suit where the
  /// hands show they could have (a revoke is not detectable, so this is not checked).
  Position(const std::array<std::uint64_t, 4>& hands, int strain, int leader,
           const std::vector<int>& trick = {});

  /// Cards still held by `seat` (not counting any on the table).
  std::uint64_t hand(int seat) const noexcept { return hands_[static_cast<std::size_t>(seat)]; }
  const std::array<std::uint64_t, 4>& hands() const noexcept { return hands_; }
  int strain() const noexcept { return strain_; }
  /// Seat that led the current trick.
  int leader() const noexcept { return leader_; }
  /// Seat whose turn it is to play.
  int to_play() const noexcept { return (leader_ + trick_len_) & 3; }
  /// Number of cards on the table in the current trick (0..3).
  int trick_size() const noexcept { return trick_len_; }
  /// i-th card of the current trick (0 = the lead).
  int trick_card(int i) const noexcept { return trick_[static_cast<std::size_t>(i)]; }
  /// Tricks won by a side since this Position was created.
  int tricks_won(int side) const noexcept { return tricks_[static_cast<std::size_t>(side)]; }
  /// Tricks still to be completed, counting the one in progress.
  int tricks_left() const noexcept;
  /// Mask of the cards the seat to play may legally play (follow suit if able).
  std::uint64_t legal_plays() const noexcept;
  /// True when no card remains to be played.
  bool is_complete() const noexcept { return tricks_left() == 0; }
  /// Number of plays made since construction that undo() can take back.
  int history_size() const noexcept { return static_cast<int>(history_.size()); }
  /// Card played at step i since construction.
  int history_card(int i) const { return history_.at(static_cast<std::size_t>(i)).card; }

  /// Play a card for the seat to play. Throws IllegalPlay (card not held, or a revoke).
  /// Returns the seat that won the trick if this card completed it, else -1.
  int play(int card);
  /// Take back the last play made through this object and return its card.
  /// Throws IllegalPlay if there is none.
  int undo();
  /// Number of legal play sequences of exactly `depth` cards (or ending at completion).
  /// `poll` (if set) is called every kPerftPollNodes inner nodes, so that a caller can stop a
  /// long count (the Python binding checks for Ctrl-C there): an exception it throws ends the
  /// count, and the cards played so far are taken back before it propagates, leaving the
  /// position as it was.
  std::uint64_t perft(int depth, const std::function<void()>& poll = {});
  /// Inner nodes (depth >= 2) between two calls of perft's poll: a few hundred microseconds of
  /// counting, so a poll costs nothing measurable and comes often enough for a person's Ctrl-C.
  static constexpr int kPerftPollNodes = 4096;

 private:
  struct Undo {
    std::int8_t card;
    std::int8_t winner;                // seat that won the trick this card completed, or -1
    std::array<std::int8_t, 4> trick;  // the trick before it was cleared
    std::int8_t leader;                // leader of the trick this card belongs to
  };
  struct PerftPoll {
    const std::function<void()>& poll;
    int countdown;
  };
  std::uint64_t perft_rec(int depth, PerftPoll& poll);

  std::array<std::uint64_t, 4> hands_{};
  std::array<int, 4> trick_{};
  std::array<int, 2> tricks_{};
  int strain_ = kNoTrump;
  int leader_ = 0;
  int trick_len_ = 0;
  std::vector<Undo> history_;
};

}  // namespace redouble
