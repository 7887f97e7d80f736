// The transposition table a Solver owns: bounds on the tricks the side on lead takes, stored
// at trick boundaries for a *pattern* of positions rather than one position. A pattern fixes the
// strain, the seat on lead, the suit lengths of every hand (the shape) and, in each suit, who holds
// the k highest cards still out; lower cards are "small" and may be held by anyone the shape
// allows. This is the generalisation of DDS's winning-ranks entries, organised like bridge-solver's
// shape -> relative-rank pattern cache (see search.cpp for why a bound holds across a pattern).
// A position with no trump left is stored under no trump, whatever the contract's strain: its
// play is no trump's, and a DD table's suit searches then share its no-trump search's patterns.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
#include <immintrin.h>
#endif

namespace redouble::detail {

/// Bits of Pattern::top holding k, the number of top cards the pattern fixes in the suit.
inline constexpr std::uint32_t kTopCount = 15;

/// The bits of a left-aligned owner code that its k highest cards occupy (k = 0..15). The 32
/// ones shifted down in 64 bits give 0 for k = 0 without a test (a 32-bit shift by 32 would be
/// undefined): a shift and a truncation where the test cost a compare and a select, on every
/// suit of every pattern a probe compares.
constexpr std::uint32_t top_mask(std::uint32_t k) noexcept {
  return static_cast<std::uint32_t>(0xFFFFFFFF00000000ull >> (2 * k));
}

/// One stored pattern with its bounds (24 bytes).
struct Pattern {
  /// Per suit: the owner code of the suit's k highest cards *left-aligned* (the highest card in
  /// bits 31..30, canonical.hpp's code shifted up), and k in bits 0..3. Left alignment lets a
  /// probe compare a suit with one mask, whatever the suit's length (see matches in search.cpp).
  std::uint32_t top[4];
  std::uint8_t lower;  ///< tricks the side on lead surely takes
  std::uint8_t upper;  ///< tricks the side on lead takes at most
  std::uint8_t pad[2];
  std::uint32_t child;  ///< chain of more specific patterns (0 = none)
};
static_assert(sizeof(Pattern) == 24);

/// Does pattern g fix a subset of what pattern n fixes (so every position n matches, g does)?
inline bool generalizes(const Pattern& g, const Pattern& n) noexcept {
  for (int s = 0; s < 4; ++s) {
    const std::uint32_t kg = g.top[s] & kTopCount;
    const std::uint32_t m = top_mask(kg);
    if (kg > (n.top[s] & kTopCount) || ((n.top[s] ^ g.top[s]) & m)) return false;
  }
  return true;
}

#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
/// The four suits at once: the bits in which `other`'s codes differ from `top`'s among top's
/// top cards (each suit's k highest cards out, k in the code's low bits); all zero where they
/// agree. AVX2 shifts each lane by its own count, so the four masks come from the four k's in
/// one instruction (top_mask(k) is the complement of the ones shifted down 2k). The table's
/// probe (a pattern against a position) and its insertion (a pattern against another) use it.
inline __m128i top_cards_diff(__m128i top, __m128i other) noexcept {
  const __m128i twice_k =
      _mm_slli_epi32(_mm_and_si128(top, _mm_set1_epi32(static_cast<int>(kTopCount))), 1);
  const __m128i below = _mm_srlv_epi32(_mm_set1_epi32(-1), twice_k);
  return _mm_andnot_si128(below, _mm_xor_si128(top, other));
}
#endif

/// Patterns live in chains of chunks (two cache lines each): one chain per shape, and below
/// each pattern a chain of the more specific patterns it generalises (bridge-solver's pattern
/// tree): a probe that finds a pattern not matching skips everything below it.
struct PatternChunk {
  static constexpr int kSize = 5;
  Pattern patterns[kSize];
  std::uint32_t next;   ///< index of the next (older) chunk, 0 = none
  std::uint32_t count;  ///< patterns used in this chunk
};
static_assert(sizeof(PatternChunk) == 128);

/// A shape's entry: the shape (suit lengths per hand), leader and strain, and its chain.
/// The index entry of one (shape, leader, strain): one cache line holding the chains of its
/// patterns, split by which suits' top cards a pattern fixes (suit mask m) and who holds them
/// (two bits a suit). A probe reads this line, skips the chains whose top-card owners disagree
/// with the position, and walks only the rest: a shape's hundreds of patterns shrink to a handful
/// of candidates. A shape with more than kChains chains continues in further buckets found
/// under key + 32, key + 64, ...
struct ShapeBucket {
  static constexpr int kChains = 8;
  std::uint64_t shape;       ///< 0 marks an empty bucket (no position at a boundary has shape 0)
  std::uint8_t key;          ///< leader * 8 + strain + 1, plus 32 per continuation
  std::uint8_t count;        ///< chains used
  std::uint16_t generation;  ///< table generation that wrote it; older ones count as empty
  std::uint32_t pad;
  std::uint16_t tags[kChains];   ///< (sig << 5) | (mask + 1) of each chain
  std::uint32_t heads[kChains];  ///< first chunk of each chain
};
static_assert(sizeof(ShapeBucket) == 64);

/// The key layout of a ShapeBucket (the shape is stored beside it): bits 0..2 hold strain + 1
/// (1..5; 0 is never a key), bits 3..4 the seat on lead, bits 5..7 the continuation number of a
/// shape whose chains overflow one bucket (0..6, so a key stays below 256).
inline constexpr unsigned kKeyLeaderShift = 3;
inline constexpr unsigned kKeyContinuation = 32;  ///< added per continuation bucket
inline constexpr unsigned kKeyLimit = 256;        ///< keys are bytes

/// The key of the first bucket of (leader, strain); continuation buckets add kKeyContinuation.
constexpr std::uint8_t bucket_key(int leader, int strain) noexcept {
  return static_cast<std::uint8_t>((static_cast<unsigned>(leader) << kKeyLeaderShift) +
                                   static_cast<unsigned>(strain) + 1u);
}
static_assert(bucket_key(3, 4) == 3 * 8 + 4 + 1 && bucket_key(3, 4) < kKeyContinuation);

/// Tag of the chain for suit mask m (bit s: the pattern fixes suit s's top card) and sig (two
/// bits per suit: the seat holding that top card).
constexpr std::uint16_t chain_tag(unsigned mask, unsigned sig) noexcept {
  return static_cast<std::uint16_t>((sig << 5) | (mask + 1));
}

/// Fixed-capacity two-level table: an open-addressing index of shapes (one cache line each),
/// each with unbounded pattern trees drawn from one preallocated pool, so a shape keeps all its
/// patterns (a shape sees hundreds of distinct top-card patterns early in a deal, far more than
/// any fixed bucket holds). When the pool or the index fills up, the whole table is flushed (DDS
/// resets its table the same way when memory runs out); bounds are never wrong, only forgotten.
/// Never allocates after construction.
class TranspositionTable {
 public:
  /// Allocates about `bytes` in all (one eighth for the index, the rest for the pool).
  explicit TranspositionTable(std::size_t bytes);

  /// Forget everything. O(1): bumps the generation, so every bucket reads as empty (the index
  /// is zeroed only when the 16-bit generation wraps).
  void clear() noexcept;
  /// Bytes allocated.
  std::size_t bytes() const noexcept {
    return bucket_count_ * sizeof(ShapeBucket) + chunk_count_ * sizeof(PatternChunk);
  }
  /// Number of flushes since construction (a sign the table is too small).
  std::uint64_t flushes() const noexcept { return flushes_; }

  /// The bucket of (shape, key), or nullptr.
  const ShapeBucket* find(std::uint64_t shape, std::uint8_t key) const noexcept {
    for (std::size_t i = index(shape, key);; i = (i + 1) & bucket_mask_) {
      const ShapeBucket& b = buckets_[i];
      if (b.generation != generation_) return nullptr;
      if (b.shape == shape && b.key == key) return &b;
    }
  }
  /// Hints the CPU to start loading the bucket of (shape, key) (a probe soon follows).
  void prefetch(std::uint64_t shape, std::uint8_t key) const noexcept {
#if defined(__GNUC__)
    __builtin_prefetch(&buckets_[index(shape, key)]);
#else
    (void)shape;
    (void)key;
#endif
  }
  /// Hints the CPU to start loading chunk i.
  void prefetch_chunk(std::uint32_t i) const noexcept {
#if defined(__GNUC__)
    __builtin_prefetch(&chunks_[i]);
#else
    (void)i;
#endif
  }
  /// The chunk with index i (1..).
  const PatternChunk& chunk(std::uint32_t i) const noexcept { return chunks_[i]; }

  /// Stores bounds for a pattern: tightens the same pattern if stored, else adds it.
  void store(std::uint64_t shape, std::uint8_t key, const Pattern& p) noexcept;

 private:
  ShapeBucket& bucket(std::uint64_t shape, std::uint8_t key) noexcept;
  void insert(std::uint32_t* head, const Pattern& p) noexcept;
  std::size_t index(std::uint64_t shape, std::uint8_t key) const noexcept {
    std::uint64_t h = (shape ^ (static_cast<std::uint64_t>(key) << 56)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<std::size_t>(h >> 16) & bucket_mask_;
  }
  /// The zeroed block holding the index and the pool (mapped from the kernel, or calloc's),
  /// released by its destructor.
  struct Block {
    void* base = nullptr;
    std::size_t size = 0;
    bool mapped = false;
    Block() = default;
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;
    ~Block();
  };
  Block memory_;
  ShapeBucket* buckets_ = nullptr;
  PatternChunk* chunks_ = nullptr;
  std::size_t bucket_count_ = 0;
  std::size_t bucket_mask_ = 0;
  std::size_t buckets_used_ = 0;
  std::size_t chunk_count_ = 0;
  std::size_t chunks_used_ = 1;  // chunk 0 is never handed out: 0 means "no next chunk"
  std::uint64_t flushes_ = 0;
  std::uint16_t generation_ = 1;
};

}  // namespace redouble::detail
