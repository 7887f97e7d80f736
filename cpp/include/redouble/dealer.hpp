// Dealing: random full deals (one, or a batch into a caller's buffer), deals with some cards
// predealt, the board cycle (dealer and vulnerability of board n), and the dealing procedure the
// laws describe (shuffle, cut by the dealer's right-hand opponent, one card at a time in
// rotation from the dealer's left, the last card to the dealer), recorded step by step.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "redouble/deal.hpp"
#include "redouble/random.hpp"

namespace redouble {

/// Dealer of board `board` (1-based) in the standard 16-board cycle: N, E, S, W, N, ...
constexpr int board_dealer(long long board) noexcept {
  // (board - 1) mod 4 without computing board - 1, which overflows for the lowest long long.
  return static_cast<int>((board % 4 + 3) % 4);
}
/// Vulnerability of board `board` in the standard cycle: 0 none, 1 NS, 2 EW, 3 both.
int board_vulnerability(long long board) noexcept;

/// A uniformly random full deal drawn from `rng`. The pack is shuffled (Fisher–Yates) and
/// dealt one card at a time from the left of `dealer`, the last card to the dealer.
Hands random_deal(Rng& rng, int dealer = 0) noexcept;

/// The deal of board `board` under `seed`: random_deal on the (seed, board) stream, dealt by
/// the board's dealer. A (seed, board) pair defines a deal forever.
Hands board_deal(std::uint64_t seed, std::uint64_t board) noexcept;

/// Fills out[4*i .. 4*i+3] with board_deal(seed, first_board + i) for i < n.
/// Pure function of its arguments: any split of the range gives the same deals.
void deals_batch(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                 std::uint64_t* out) noexcept;
/// deals_batch on `threads` threads (the calling one included), each dealing one contiguous
/// share of the range: the same deals as deals_batch whatever the thread count. Batches
/// smaller than kMinDealsPerThread a thread use fewer threads. Throws std::system_error if a
/// thread cannot be started (after joining those that were).
void deals_batch_parallel(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                          std::uint64_t* out, int threads);
/// Fewest deals worth a thread of their own (about a millisecond of dealing).
inline constexpr std::size_t kMinDealsPerThread = std::size_t{1} << 14;
/// deals_batch the plain way, one board_deal per board: the reference that the C++ tests and
/// the dealing benchmark (cpp/tools/dealing_bench.cpp) compare the fast path with.
void deals_batch_reference(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                           std::uint64_t* out) noexcept;

/// A deal in which seat s holds at least predealt[s], the other cards dealt uniformly at
/// random so that every seat ends with `hand_size` cards. Throws InvalidDeal if the predealt
/// hands overlap or a seat is given more than hand_size cards.
Hands predeal(Rng& rng, const Hands& predealt, int hand_size = 13);

/// What happened during one law-faithful deal, for display or audit.
struct DealRecord {
  int dealer = 0;
  /// The pack after shuffling, top card first.
  std::array<std::uint8_t, 52> shuffled{};
  /// Cards lifted off the top by the cutter (the dealer's right-hand opponent), 4..48.
  int cut = 0;
  /// The pack after the cut (bottom packet placed on top), i.e. the order of dealing.
  std::array<std::uint8_t, 52> pack{};
  /// Seat receiving the i-th card dealt (pack[i]).
  std::array<std::uint8_t, 52> seats{};
};

/// Shuffles, cuts (leaving at least four cards in each packet) and deals as the laws describe.
DealRecord deal_procedure(Rng& rng, int dealer);

}  // namespace redouble
