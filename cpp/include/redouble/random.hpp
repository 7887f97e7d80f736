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

/// Seeds `s` with the xoshiro256** state of the (seed, board) stream.
constexpr void stream_state(std::uint64_t seed, std::uint64_t board, std::uint64_t* s) noexcept {
  std::uint64_t pre = seed;
  std::uint64_t sm = splitmix64(pre) + board * 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 4; ++i) s[i] = splitmix64(sm);
}

/// xoshiro256**'s output and state transition on four state words the caller holds (Rng's,
/// or a local array the batch dealer keeps in registers).
constexpr std::uint64_t xoshiro_next(std::uint64_t* s) noexcept {
  const auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
  const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
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
    stream_state(seed, board, s_);
  }

  /// Next 64 random bits.
  constexpr std::uint64_t next() noexcept { return xoshiro_next(s_); }

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
