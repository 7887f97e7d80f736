// The batch dealer of the x86-64-v3 kernel: board_deal for eight boards at once, their
// generators in AVX2 lanes (two sets of four), each board's Fisher–Yates pass then run alone
// on the indices its lanes drew. The same (seed, board) streams, the same draws and the same
// pack moves as board_deal, so the same deals; the baseline kernel deals with the scalar path
// in dealer.cpp, the reference this one is tested against. A kernel source (see
// kernel_begin.hpp): compiled once per kernel, empty where AVX2 is not the kernel's target.
#if defined(REDOUBLE_KERNEL_X86_64_V3) || (defined(REDOUBLE_KERNEL_BASELINE) && defined(__AVX2__))

namespace redouble::detail {
namespace {

// Lanes of one generator set, and sets run side by side: two independent dependency chains
// keep the vector units busy while one set's xoshiro step waits on its previous one.
constexpr int kLanes = 4;
constexpr int kSets = 2;
constexpr int kOutputs = 26;  // 64-bit outputs a deal uses: 51 draws of 32 bits
constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;

/// a * c mod 2^64 in each 64-bit lane (AVX2 has no 64-bit multiply): the three partial
/// products of the 32-bit halves that reach the low 64 bits.
inline __m256i mul64(__m256i a, std::uint64_t c) noexcept {
  const __m256i lo = _mm256_set1_epi64x(static_cast<long long>(c & 0xFFFFFFFFull));
  const __m256i hi = _mm256_set1_epi64x(static_cast<long long>(c >> 32));
  const __m256i cross =
      _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), lo), _mm256_mul_epu32(a, hi));
  return _mm256_add_epi64(_mm256_mul_epu32(a, lo), _mm256_slli_epi64(cross, 32));
}

/// splitmix64's output function on a state already advanced (random.hpp's splitmix64).
inline __m256i splitmix_out(__m256i z) noexcept {
  z = mul64(_mm256_xor_si256(z, _mm256_srli_epi64(z, 30)), 0xBF58476D1CE4E5B9ull);
  z = mul64(_mm256_xor_si256(z, _mm256_srli_epi64(z, 27)), 0x94D049BB133111EBull);
  return _mm256_xor_si256(z, _mm256_srli_epi64(z, 31));
}

template <int K>
inline __m256i rotl(__m256i x) noexcept {
  return _mm256_or_si256(_mm256_slli_epi64(x, K), _mm256_srli_epi64(x, 64 - K));
}

/// xoshiro256**'s step (random.hpp's xoshiro_next) in each lane; the multiplications by 5 and 9
/// as shifts and adds.
inline __m256i xoshiro(__m256i* s) noexcept {
  const __m256i x5 = _mm256_add_epi64(_mm256_slli_epi64(s[1], 2), s[1]);
  const __m256i r = rotl<7>(x5);
  const __m256i result = _mm256_add_epi64(_mm256_slli_epi64(r, 3), r);
  const __m256i t = _mm256_slli_epi64(s[1], 17);
  s[2] = _mm256_xor_si256(s[2], s[0]);
  s[3] = _mm256_xor_si256(s[3], s[1]);
  s[1] = _mm256_xor_si256(s[1], s[2]);
  s[0] = _mm256_xor_si256(s[0], s[3]);
  s[2] = _mm256_xor_si256(s[2], t);
  s[3] = rotl<45>(s[3]);
  return result;
}

/// The pack before shuffling, padded to two vector widths for a cheap copy.
alignas(64) constexpr std::uint8_t kPack[64] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0};

/// One board's Fisher–Yates pass (dealer.cpp's fast_board_deal) on its drawn indices:
/// idx[2k] and idx[2k + 1] are the draws of output k, for positions 51 - 2k and 50 - 2k, each
/// at a stride of 2 * kLanes 32-bit words from the last output's.
inline void place(const std::uint32_t* idx, int dealer, std::uint64_t* out) noexcept {
  alignas(64) std::uint8_t pack[64];
  _mm256_store_si256(reinterpret_cast<__m256i*>(pack),
                     _mm256_load_si256(reinterpret_cast<const __m256i*>(kPack)));
  _mm256_store_si256(reinterpret_cast<__m256i*>(pack + 32),
                     _mm256_load_si256(reinterpret_cast<const __m256i*>(kPack + 32)));
  std::uint64_t rel0 = 0, rel1 = 0, rel2 = 0, rel3 = 0;
  const auto step = [&](std::uint32_t j, int p, std::uint64_t& hand) {
    const std::uint8_t card = pack[j];
    pack[j] = pack[p];
    hand |= std::uint64_t{1} << card;
  };
  constexpr int kStride = 2 * kLanes;
  // Unrolled in full (GCC and Clang read this pragma): constant offsets, no loop counter.
  for (int k = 0; k < 24; k += 2) {  // positions 51 - 2k .. 48 - 2k: seats 3, 2, 1, 0
    const int p = 51 - 2 * k;
    step(idx[k * kStride], p, rel3);
    step(idx[k * kStride + 1], p - 1, rel2);
    step(idx[(k + 1) * kStride], p - 2, rel1);
    step(idx[(k + 1) * kStride + 1], p - 3, rel0);
  }
  step(idx[24 * kStride], 3, rel3);
  step(idx[24 * kStride + 1], 2, rel2);
  step(idx[25 * kStride], 1, rel1);
  rel0 |= std::uint64_t{1} << pack[0];
  out[(dealer + 1) & 3] = rel0;
  out[(dealer + 2) & 3] = rel1;
  out[(dealer + 3) & 3] = rel2;
  out[dealer] = rel3;
}

}  // namespace

void deals_lanes(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                 std::uint64_t* out) noexcept {
  constexpr std::size_t kGroup = static_cast<std::size_t>(kLanes * kSets);
  std::uint64_t pre = seed;
  // The splitmix64 state of board b's stream before its four outputs: mix(seed) + b * gamma.
  const std::uint64_t base = splitmix64(pre) + first_board * kGamma;
  __m256i sm[kSets];
  for (int t = 0; t < kSets; ++t) {
    const auto lane = [&](int l) {
      return static_cast<long long>(base + static_cast<std::uint64_t>(t * kLanes + l) * kGamma);
    };
    sm[t] = _mm256_set_epi64x(lane(3), lane(2), lane(1), lane(0));
  }
  const __m256i group_step = _mm256_set1_epi64x(static_cast<long long>(kGroup * kGamma));
  alignas(32) std::uint32_t idx[kSets][kOutputs][2 * kLanes];
  std::size_t i = 0;
  for (; i + kGroup <= n; i += kGroup) {
    __m256i s[kSets][4];
    for (int t = 0; t < kSets; ++t) {
      __m256i z = sm[t];
      for (auto& w : s[t]) {
        z = _mm256_add_epi64(z, _mm256_set1_epi64x(static_cast<long long>(kGamma)));
        w = splitmix_out(z);
      }
      sm[t] = _mm256_add_epi64(sm[t], group_step);
    }
    // Lemire's bounded draw j = (draw * n) >> 32 needs its rejection step only when the low
    // half of the product is below n <= 52; the running minimum of the low halves (the even
    // 32-bit words of each product) finds the boards where it might have, which are then dealt
    // by board_deal itself.
    __m256i low_min[kSets];
    for (auto& m : low_min) m = _mm256_set1_epi32(-1);
#pragma GCC unroll 26
    for (int k = 0; k < kOutputs; ++k) {
      const __m256i n_lo = _mm256_set1_epi64x(52 - 2 * k);
      const __m256i n_hi = _mm256_set1_epi64x(51 - 2 * k);
      for (int t = 0; t < kSets; ++t) {
        const __m256i a = xoshiro(s[t]);
        const __m256i m_lo = _mm256_mul_epu32(a, n_lo);
        const __m256i m_hi = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), n_hi);
        low_min[t] = _mm256_min_epu32(low_min[t], m_lo);
        if (k + 1 < kOutputs) low_min[t] = _mm256_min_epu32(low_min[t], m_hi);
        // Even words: the low draw's index, odd words: the high draw's.
        _mm256_store_si256(reinterpret_cast<__m256i*>(idx[t][k]),
                           _mm256_blend_epi32(_mm256_srli_epi64(m_lo, 32), m_hi, 0xAA));
      }
    }
    for (int t = 0; t < kSets; ++t) {
      alignas(32) std::uint32_t mins[2 * kLanes];
      _mm256_store_si256(reinterpret_cast<__m256i*>(mins), low_min[t]);
      for (int l = 0; l < kLanes; ++l) {
        const std::size_t b = i + static_cast<std::size_t>(t * kLanes + l);
        const std::uint64_t board = first_board + b;
        if (mins[2 * l] < 52) {
          const Hands h = board_deal(seed, board);
          for (std::size_t q = 0; q < 4; ++q) out[4 * b + q] = h[q];
        } else {
          place(&idx[t][0][2 * l], board_dealer(static_cast<long long>(board)), out + 4 * b);
        }
      }
    }
  }
  for (; i < n; ++i) {  // the last n % 8 boards
    const Hands h = board_deal(seed, first_board + i);
    for (std::size_t q = 0; q < 4; ++q) out[4 * i + q] = h[q];
  }
}

}  // namespace redouble::detail

#endif
