// The bijection between full deals and 0 .. 52!/(13!)^4 - 1. Cards are taken in id order; each
// card's seat is a digit in a mixed-radix system whose weights are the numbers of ways to deal
// the remaining cards (multinomial coefficients), so consecutive indices differ in the last
// cards first. Arithmetic is unsigned 128-bit (the count is about 5.4e28 < 2^96).
#include <array>

#include "redouble/card_set.hpp"
#include "redouble/deal.hpp"
#include "redouble/errors.hpp"

namespace redouble {

namespace {

// GCC and Clang provide a 128-bit integer; __extension__ keeps -Wpedantic quiet about it.
__extension__ typedef unsigned __int128 u128;  // NOLINT(modernize-use-using): see above

// Binomial coefficients up to 52 choose k; the largest, C(52,26), fits easily in 64 bits.
struct Binomials {
  std::array<std::array<std::uint64_t, 53>, 53> c{};
  constexpr Binomials() {
    for (int n = 0; n <= 52; ++n) {
      c[static_cast<std::size_t>(n)][0] = 1;
      for (int k = 1; k <= n; ++k)
        c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
            c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
            (k < n ? c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)] : 0);
    }
  }
};
constexpr Binomials kBinom{};

std::uint64_t binom(int n, int k) {
  return kBinom.c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

// Ways to deal r[0]+..+r[3] distinct cards so that seat s receives r[s].
u128 ways(const std::array<int, 4>& r) {
  const int n = r[0] + r[1] + r[2] + r[3];
  return static_cast<u128>(binom(n, r[0])) * binom(n - r[0], r[1]) * binom(r[2] + r[3], r[2]);
}

u128 to_u128(DealIndex d) { return (static_cast<u128>(d.high) << 64) | d.low; }
DealIndex from_u128(u128 v) {
  return {static_cast<std::uint64_t>(v >> 64), static_cast<std::uint64_t>(v)};
}

}  // namespace

DealIndex deal_count() noexcept { return from_u128(ways({13, 13, 13, 13})); }

DealIndex deal_to_index(const Hands& hands) {
  validate_deal(hands, true);
  std::array<int, 4> r{13, 13, 13, 13};
  u128 index = 0;
  for (int c = 0; c < kNumCards; ++c) {
    int seat = 0;
    while (!(hands[static_cast<std::size_t>(seat)] & card_bit(c))) ++seat;
    // Every deal that gives this card to a lower seat comes first.
    for (int t = 0; t < seat; ++t) {
      if (r[static_cast<std::size_t>(t)] == 0) continue;
      --r[static_cast<std::size_t>(t)];
      index += ways(r);
      ++r[static_cast<std::size_t>(t)];
    }
    --r[static_cast<std::size_t>(seat)];
  }
  return from_u128(index);
}

Hands deal_from_index(DealIndex index) {
  u128 rest = to_u128(index);
  if (rest >= to_u128(deal_count())) throw InvalidDeal("deal index must be below 52!/(13!)^4");
  std::array<int, 4> r{13, 13, 13, 13};
  Hands hands{};
  for (int c = 0; c < kNumCards; ++c) {
    for (int t = 0; t < 4; ++t) {
      if (r[static_cast<std::size_t>(t)] == 0) continue;
      --r[static_cast<std::size_t>(t)];
      const u128 w = ways(r);
      if (rest < w) {
        hands[static_cast<std::size_t>(t)] |= card_bit(c);
        break;
      }
      rest -= w;
      ++r[static_cast<std::size_t>(t)];
    }
  }
  return hands;
}

}  // namespace redouble
