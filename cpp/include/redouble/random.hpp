// The only random number generator of redouble: xoshiro256** (Blackman & Vigna) seeded through
// splitmix64. Every generator is an object the caller owns; there is no global generator.
// Stream for a (seed, board) pair: splitmix64 started at mix(seed) + board * golden gamma, its
// first four outputs as the xoshiro state. Changing any of this changes every pinned deal.
#pragma once

#include <cstdint>

namespace redouble {

/// splitmix64 step: advances `state` and returns a well-mixed 64-bit value.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// xoshiro256** generator. Deterministic for a given seed; not thread-safe (one per thread).
class Rng {
 public:
  /// Seeds from one 64-bit value (through splitmix64).
  explicit constexpr Rng(std::uint64_t seed) noexcept { reseed(seed, 0); }
  /// Seeds the stream of (seed, board): every board number has its own independent stream.
  constexpr Rng(std::uint64_t seed, std::uint64_t board) noexcept { reseed(seed, board); }

  /// Restarts the generator on the stream of (seed, board).
  constexpr void reseed(std::uint64_t seed, std::uint64_t board) noexcept {
    std::uint64_t pre = seed;
    std::uint64_t sm = splitmix64(pre) + board * 0x9E3779B97F4A7C15ull;
    for (auto& w : s_) w = splitmix64(sm);
  }

  /// Next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform integer in [0, n) for 0 < n < 2^32, without bias (Lemire's multiply-and-reject).
  /// Uses 32 bits per draw, keeping the other half of each 64-bit output for the next draw.
  constexpr std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(next32()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }
  constexpr std::uint32_t next32() noexcept {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    const std::uint64_t v = next();
    spare_ = static_cast<std::uint32_t>(v >> 32);
    has_spare_ = true;
    return static_cast<std::uint32_t>(v);
  }

  std::uint64_t s_[4]{};
  std::uint32_t spare_ = 0;
  bool has_spare_ = false;
};

}  // namespace redouble
