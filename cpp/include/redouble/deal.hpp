// Deal: four hand masks indexed by seat. Validation (full 52-card deals and partial deals with
// equal hand sizes), the PBN deal-string codec ("N:AKQ2.T98.76.5432 ..."), and the bijection
// between full deals and the integers 0 .. 52!/(13!)^4 - 1 (the 29-digit deal number).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "redouble/types.hpp"

namespace redouble {

/// Four hand masks indexed by seat.
using Hands = std::array<std::uint64_t, 4>;

/// Throws InvalidDeal unless the hands are disjoint 52-bit masks of equal size;
/// with `full`, each must hold exactly 13 cards.
void validate_deal(const Hands& hands, bool full);

/// Parses a PBN deal string: "F:h1 h2 h3 h4", F the first seat (N/E/S/W, case-insensitive),
/// hands clockwise from F, each "spades.hearts.diamonds.clubs" with ranks AKQJT98765432
/// ("10" accepted for T). A hand may be "-" (unknown/empty). Throws ParseError on bad syntax,
/// InvalidDeal on duplicated cards. Does not require 13 cards per hand.
Hands parse_pbn_deal(std::string_view text);

/// Formats hands as a PBN deal string starting with `first_seat`.
std::string format_pbn_deal(const Hands& hands, int first_seat = 0);

/// Formats one hand as "spades.hearts.diamonds.clubs".
std::string format_pbn_hand(std::uint64_t mask);

/// The deal number as two 64-bit halves (high, low); unsigned 128-bit inside.
struct DealIndex {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
};

/// Number of distinct full deals, 52!/(13!)^4.
DealIndex deal_count() noexcept;
/// The index of a full deal (each card, lowest id first, ranks the seats N<E<S<W).
/// Throws InvalidDeal unless the deal is full.
DealIndex deal_to_index(const Hands& hands);
/// The full deal with that index. Throws InvalidDeal if index >= deal_count().
Hands deal_from_index(DealIndex index);

}  // namespace redouble
