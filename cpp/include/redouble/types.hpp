// The one encoding of redouble: suits, strains, seats, sides, ranks, card ids and card masks.
// Every other file (C++ and Python) takes its numbers from here; tests/test_constants.py checks
// that the Python enums agree with the values exported from this header.
//
//   Suit    CLUBS=0 DIAMONDS=1 HEARTS=2 SPADES=3   (modern bidding order; historical codes
//           order declarations by trick value, which comes from the law set, never from here)
//   Strain  the four suits, then NOTRUMP=4           (the five play strains the solver knows)
//   Seat    NORTH=0 EAST=1 SOUTH=2 WEST=3            (clockwise: LHO=+1, partner=+2, RHO=+3 mod 4)
//   Side    NS=0 EW=1                                 (= seat & 1)
//   Rank    TWO=0 ... ACE=12
//   Card    suit*13 + rank, 0..51; also the bit index in a 64-bit card mask
//   Hand    uint64 mask, bits 0..51; holding in suit s = (mask >> 13*s) & 0x1FFF
//   Deal    four masks indexed by seat, pairwise disjoint (52 cards, or fewer in an ending)
//   DD table uint8[5][4] indexed [strain][declarer seat]; batches (N, 5, 4)
#pragma once

#include <cstdint>

namespace redouble {

/// A suit, in the modern bidding order.
enum class Suit : std::uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3 };
/// A play strain: a trump suit or no trump.
enum class Strain : std::uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3, NoTrump = 4 };
/// A seat at the table, clockwise from North.
enum class Seat : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };
/// A partnership.
enum class Side : std::uint8_t { NS = 0, EW = 1 };
/// A card rank, deuce lowest.
enum class Rank : std::uint8_t {
  Two = 0,
  Three,
  Four,
  Five,
  Six,
  Seven,
  Eight,
  Nine,
  Ten,
  Jack,
  Queen,
  King,
  Ace = 12
};

inline constexpr int kNumSuits = 4;
inline constexpr int kNumStrains = 5;
inline constexpr int kNumSeats = 4;
inline constexpr int kNumSides = 2;
inline constexpr int kNumRanks = 13;
inline constexpr int kNumCards = 52;
inline constexpr int kNumTricks = 13;
/// Bits of one suit's holding inside a card mask.
inline constexpr std::uint64_t kSuitMask = 0x1FFFull;
/// All 52 cards.
inline constexpr std::uint64_t kFullDeck = (1ull << kNumCards) - 1;
/// Strain value used for no trump in loops over ints.
inline constexpr int kNoTrump = 4;

/// Characters used in text forms (PBN order of ranks and the suit letters).
inline constexpr char kRankChars[] = "23456789TJQKA";
inline constexpr char kSuitChars[] = "CDHS";
inline constexpr char kStrainChars[] = "CDHSN";
inline constexpr char kSeatChars[] = "NESW";

/// Seat arithmetic on ints 0..3.
constexpr int lho(int seat) noexcept { return (seat + 1) & 3; }
constexpr int partner(int seat) noexcept { return (seat + 2) & 3; }
constexpr int rho(int seat) noexcept { return (seat + 3) & 3; }
constexpr int side_of(int seat) noexcept { return seat & 1; }

/// Card id helpers: id = suit*13 + rank.
constexpr int card_id(int suit, int rank) noexcept { return suit * kNumRanks + rank; }
constexpr int card_suit(int card) noexcept { return card / kNumRanks; }
constexpr int card_rank(int card) noexcept { return card % kNumRanks; }
constexpr std::uint64_t card_bit(int card) noexcept { return 1ull << card; }

/// The holding of one suit in a mask, as 13 rank bits.
constexpr unsigned holding(std::uint64_t mask, int suit) noexcept {
  return static_cast<unsigned>((mask >> (kNumRanks * suit)) & kSuitMask);
}

}  // namespace redouble
