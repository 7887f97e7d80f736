// The solver's internal card layout and its rank-relative (canonical) view of a position.
// Inside the search a suit occupies 16 bits (card = suit*16 + rank) so that suit extraction is a
// shift and bit 13 of each suit can serve as a sentinel; the public 13-bit layout (types.hpp) is
// converted at the facade. A suit's "owner code" lists, from its highest remaining card down, the
// seat holding each card (2 bits a card): the rank-relative key of the transposition table.
#pragma once

#include <bit>
#include <cstdint>
// PDEP is one fast instruction on Intel and on AMD from Zen 3; Zen 1 and 2 microcode it
// (tens to hundreds of cycles), so a build tuned for them keeps the loop.
#if (defined(__BMI2__) || defined(REDOUBLE_KERNEL_BMI2)) && !defined(__znver1__) && \
    !defined(__znver2__)
#define REDOUBLE_FAST_PDEP 1
#include <immintrin.h>
#endif

#include "redouble/types.hpp"

namespace redouble::detail {

/// REDOUBLE_UNROLL_SUITS before a loop over the four suits unrolls it, so that each suit's shifts
/// and masks become constants. GCC left these loops rolled; unrolling four of bounds.hpp and three
/// of search.cpp cut 2.2% to 2.6% of the search's instructions (callgrind, singles and tables).
#if defined(__clang__)
#define REDOUBLE_UNROLL_SUITS _Pragma("unroll 4")
#elif defined(__GNUC__)
#define REDOUBLE_UNROLL_SUITS _Pragma("GCC unroll 4")
#else
#define REDOUBLE_UNROLL_SUITS
#endif

/// Bits per suit in the internal layout.
inline constexpr int kSuitSpan = 16;
/// The 13 rank bits of suit 0 in the internal layout.
inline constexpr std::uint64_t kRankBits = 0x1FFFull;
/// Bit 13 of every suit: never a card, used to stop runs from crossing a suit.
inline constexpr std::uint64_t kSentinels = 0x2000200020002000ull;

constexpr int icard(int suit, int rank) noexcept { return suit * kSuitSpan + rank; }
constexpr int isuit(int card) noexcept { return card >> 4; }
constexpr int irank(int card) noexcept { return card & 15; }
constexpr std::uint64_t ibit(int card) noexcept { return 1ull << card; }
/// Mask of one suit's card bits in the internal layout.
constexpr std::uint64_t suit_bits(int suit) noexcept { return kRankBits << (kSuitSpan * suit); }
/// One suit of a mask, shifted down to bits 0..12.
constexpr unsigned suit_of(std::uint64_t mask, int suit) noexcept {
  return static_cast<unsigned>((mask >> (kSuitSpan * suit)) & kRankBits);
}
/// Highest card of a non-empty mask (internal id).
inline int top_card(std::uint64_t mask) noexcept { return 63 - std::countl_zero(mask); }
/// Lowest card of a non-empty mask (internal id).
inline int bottom_card(std::uint64_t mask) noexcept { return std::countr_zero(mask); }
/// Bit count. Without the POPCNT instruction (a portable build) std::popcount becomes a call
/// into libgcc; the inline SWAR sum is cheaper in the search's inner loops.
inline int popcount(std::uint64_t mask) noexcept {
#if defined(__POPCNT__) || defined(REDOUBLE_KERNEL_POPCNT)
  return std::popcount(mask);
#else
  mask -= (mask >> 1) & 0x5555555555555555ull;
  mask = (mask & 0x3333333333333333ull) + ((mask >> 2) & 0x3333333333333333ull);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((mask * 0x0101010101010101ull) >> 56);
#endif
}

/// Public 13-bit-per-suit mask -> internal 16-bit-per-suit mask.
constexpr std::uint64_t to_internal(std::uint64_t m) noexcept {
  return (m & kRankBits) | (((m >> 13) & kRankBits) << 16) | (((m >> 26) & kRankBits) << 32) |
         (((m >> 39) & kRankBits) << 48);
}
/// Internal mask -> public 13-bit-per-suit mask.
constexpr std::uint64_t to_external(std::uint64_t m) noexcept {
  return (m & kRankBits) | (((m >> 16) & kRankBits) << 13) | (((m >> 32) & kRankBits) << 26) |
         (((m >> 48) & kRankBits) << 39);
}
constexpr int card_to_internal(int card) noexcept {
  return icard(card / kNumRanks, card % kNumRanks);
}
constexpr int card_to_external(int card) noexcept { return isuit(card) * kNumRanks + irank(card); }

/// The `k` highest cards of a mask that holds cards of one suit only (0 <= k).
inline std::uint64_t keep_top(std::uint64_t suit_cards, int k) noexcept {
  const int drop = popcount(suit_cards) - k;
  if (drop <= 0) return suit_cards;
#if defined(REDOUBLE_FAST_PDEP)
  // Deposit k ones into the k highest set bits: one instruction instead of a loop that clears
  // the lowest bit `drop` times (the loop showed up at ~8% of the table-hit path).
  return _pdep_u64(~0ull << drop, suit_cards);
#else
  for (int i = drop; i > 0; --i) suit_cards &= suit_cards - 1;
  return suit_cards;
#endif
}

/// Owner code of one suit: for each card of `all` in that suit, highest first, the seat that
/// holds it (owner[card]), two bits each; the highest card ends up in the highest bits.
inline std::uint32_t owner_code(std::uint64_t all, int suit, const std::uint8_t* owner) noexcept {
  std::uint64_t cards = all & suit_bits(suit);
  std::uint32_t code = 0;
  while (cards) {
    int c = top_card(cards);
    code = (code << 2) | owner[c];
    cards ^= ibit(c);
  }
  return code;
}

/// Removes `card` from an owner code, given the suit's cards (still including `card`).
/// Its slot is the number of cards below it; the code above the slot moves down two bits.
inline std::uint32_t code_remove(std::uint32_t code, std::uint64_t suit_cards, int card) noexcept {
  const int below = popcount(suit_cards & (ibit(card) - 1));
  const std::uint32_t low_mask = (1u << (2 * below)) - 1;
  return ((code >> (2 * below + 2)) << (2 * below)) | (code & low_mask);
}

/// Suit lengths of the four hands packed 4 bits each (seat*16 + suit*4): the shape key.
inline std::uint64_t shape_of(const std::uint64_t* hands) noexcept {
  std::uint64_t shape = 0;
  for (int seat = 0; seat < kNumSeats; ++seat)
    for (int suit = 0; suit < kNumSuits; ++suit)
      shape |= static_cast<std::uint64_t>(popcount(hands[seat] & suit_bits(suit)))
               << (seat * 16 + suit * 4);
  return shape;
}
/// The shape field of (seat, suit).
constexpr std::uint64_t shape_unit(int seat, int suit) noexcept {
  return 1ull << (seat * 16 + suit * 4);
}

}  // namespace redouble::detail
