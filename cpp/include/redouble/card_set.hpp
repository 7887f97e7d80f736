// CardSet helpers over the 52-bit card mask (see types.hpp): counting, iterating, and the
// highest/lowest card of a holding. Header-only and constexpr; no state.
#pragma once

#include <bit>
#include <cstdint>

#include "redouble/types.hpp"

namespace redouble {

/// Number of cards in a mask.
constexpr int count(std::uint64_t mask) noexcept { return std::popcount(mask); }
/// Lowest card id in a non-empty mask.
constexpr int lowest_card(std::uint64_t mask) noexcept { return std::countr_zero(mask); }
/// Highest card id in a non-empty mask.
constexpr int highest_card(std::uint64_t mask) noexcept { return 63 - std::countl_zero(mask); }
/// The cards of one suit of a mask, left in place.
constexpr std::uint64_t suit_cards(std::uint64_t mask, int suit) noexcept {
  return mask & (kSuitMask << (kNumRanks * suit));
}
/// Calls f(card) for each card of the mask, lowest first.
template <class F>
constexpr void for_each_card(std::uint64_t mask, F&& f) {
  while (mask) {
    f(std::countr_zero(mask));
    mask &= mask - 1;
  }
}

}  // namespace redouble
