// Allocation, insertion and the flush policy of the transposition table (the probe walks the
// chains inline in search.cpp, where the current position's owner codes are at hand).
#include "transposition_table.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
#include <immintrin.h>
#endif

namespace redouble::detail {

namespace {

// The table's memory comes straight from the kernel on Linux (outside AddressSanitizer builds,
// whose checks cover only the allocator's blocks), so that it can ask for huge pages.
#if defined(__SANITIZE_ADDRESS__)
#define REDOUBLE_TABLE_MMAP 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REDOUBLE_TABLE_MMAP 0
#endif
#endif
#if !defined(REDOUBLE_TABLE_MMAP)
#if defined(__linux__)
#define REDOUBLE_TABLE_MMAP 1
#else
#define REDOUBLE_TABLE_MMAP 0
#endif
#endif

constexpr std::size_t kHugePage = std::size_t{1} << 21;  // x86-64's and arm64's usual 2 MiB

}  // namespace

TranspositionTable::Block::~Block() {
#if REDOUBLE_TABLE_MMAP
  if (mapped) {
    munmap(base, size);
    return;
  }
#endif
  std::free(base);
}

TranspositionTable::TranspositionTable(std::size_t bytes) {
  std::size_t buckets = 256;
  while (buckets * 2 * sizeof(ShapeBucket) <= bytes / 8) buckets *= 2;
  bucket_count_ = buckets;
  bucket_mask_ = buckets - 1;
  const std::size_t index_bytes = buckets * sizeof(ShapeBucket);
  const std::size_t rest = bytes > index_bytes ? bytes - index_bytes : 0;
  chunk_count_ = std::max<std::size_t>(rest / sizeof(PatternChunk), 64);
  // One block: the index, then the pool, both on cache-line boundaries (a chunk is two lines).
  const std::size_t need = index_bytes + chunk_count_ * sizeof(PatternChunk);
  char* start = nullptr;
#if REDOUBLE_TABLE_MMAP
  // Transparent huge pages. A probe lands anywhere in the index and a chain walk anywhere in
  // the pool, so with 4 KiB pages most probes also miss the TLB: 2 MiB pages (where the kernel
  // grants them: THP in "always" or "madvise" mode) took 0.91x the CPU time of single solves
  // and of DD tables (bench/README.md). The mapping starts on a 2 MiB boundary so that whole
  // huge pages fit; its pages, like calloc's, read as zero and cost nothing until touched.
  const std::size_t size = need + kHugePage;
  void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p != MAP_FAILED) {
    memory_.base = p;
    memory_.size = size;
    memory_.mapped = true;
    void* at = p;
    std::size_t space = size;
    start = static_cast<char*>(std::align(kHugePage, need, at, space));
    // Advice only: a kernel without THP refuses it, and the table works the same on 4 KiB pages.
    (void)madvise(start, need, MADV_HUGEPAGE);
  }
#endif
  if (!start) {
    // calloc: for a large table the zero pages come from the OS untouched.
    memory_.base = std::calloc(need + 64, 1);
    if (!memory_.base) throw std::bad_alloc();
    void* at = memory_.base;
    std::size_t space = need + 64;
    start = static_cast<char*>(std::align(64, need, at, space));
  }
  buckets_ = reinterpret_cast<ShapeBucket*>(start);
  chunks_ = reinterpret_cast<PatternChunk*>(start + index_bytes);
}

void TranspositionTable::clear() noexcept {
  // Chunks are reinitialised as they are handed out again; buckets of an older generation read
  // as empty, so only a wrap of the counter needs the index zeroed.
  if (++generation_ == 0) {
    std::memset(static_cast<void*>(buckets_), 0, bucket_count_ * sizeof(ShapeBucket));
    generation_ = 1;
  }
  buckets_used_ = 0;
  chunks_used_ = 1;
}

ShapeBucket& TranspositionTable::bucket(std::uint64_t shape, std::uint8_t key) noexcept {
  std::size_t i = index(shape, key);
  for (;; i = (i + 1) & bucket_mask_) {
    ShapeBucket& b = buckets_[i];
    if (b.generation != generation_) break;
    if (b.shape == shape && b.key == key) return b;
  }
  ShapeBucket& b = buckets_[i];
  b.shape = shape;
  b.key = key;
  b.count = 0;
  b.generation = generation_;
  ++buckets_used_;
  return b;
}

void TranspositionTable::store(std::uint64_t shape, std::uint8_t key, const Pattern& p) noexcept {
  // Worst case the insertion takes one new chunk and a few buckets; flush first rather than
  // midway. Linear probing at most half full keeps probes short.
  if (chunks_used_ + 1 >= chunk_count_ || (buckets_used_ + 8) * 2 > bucket_count_) {
    clear();
    ++flushes_;
  }
  unsigned mask = 0;
  unsigned sig = 0;
  for (int s = 0; s < 4; ++s) {
    if ((p.top[s] & kTopCount) == 0) continue;
    mask |= 1u << s;
    sig |= (p.top[s] >> 30) << (2 * s);
  }
  const std::uint16_t tag = chain_tag(mask, sig);
  for (unsigned cont = key; cont < kKeyLimit; cont += kKeyContinuation) {
    ShapeBucket& b = bucket(shape, static_cast<std::uint8_t>(cont));
    for (int i = 0; i < b.count; ++i) {
      if (b.tags[i] == tag) {
        insert(&b.heads[i], p);
        return;
      }
    }
    if (b.count < ShapeBucket::kChains) {
      b.tags[b.count] = tag;
      b.heads[b.count] = 0;
      insert(&b.heads[b.count++], p);
      return;
    }
  }
  // More than 56 chains for one shape: drop the bound (sound, merely forgotten).
}

namespace {

/// How a stored pattern q relates to a new one p: the same pattern, one that generalises it
/// (q's top cards are a top part of p's, held by the same seats), or neither.
enum class Relation { kNone, kSame, kGeneral };

inline Relation relation(const Pattern& q, const Pattern& p) noexcept {
#if defined(__AVX2__) || defined(REDOUBLE_KERNEL_AVX2)
  // The four suits at once: q generalises p where no suit fixes more cards in q than in p and
  // the owners agree on q's top cards.
  const __m128i qt = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q.top));
  const __m128i pt = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.top));
  const __m128i x = _mm_xor_si128(qt, pt);
  if (_mm_testz_si128(x, x)) return Relation::kSame;
  const __m128i count = _mm_set1_epi32(static_cast<int>(kTopCount));
  const __m128i more = _mm_cmpgt_epi32(_mm_and_si128(qt, count), _mm_and_si128(pt, count));
  const __m128i bad = _mm_or_si128(more, top_cards_diff(qt, pt));
  return _mm_testz_si128(bad, bad) ? Relation::kGeneral : Relation::kNone;
#else
  if (std::memcmp(q.top, p.top, sizeof q.top) == 0) return Relation::kSame;
  return generalizes(q, p) ? Relation::kGeneral : Relation::kNone;
#endif
}

}  // namespace

void TranspositionTable::insert(std::uint32_t* head, const Pattern& p) noexcept {
  for (std::uint32_t c = *head; c; c = chunks_[c].next) {
    PatternChunk& chunk = chunks_[c];
    for (std::uint32_t j = 0; j < chunk.count; ++j) {
      Pattern& q = chunk.patterns[j];
      const Relation rel = relation(q, p);
      if (rel == Relation::kSame) {
        // Same pattern: both bounds hold for every position it matches, so does their
        // intersection.
        q.lower = std::max(q.lower, p.lower);
        q.upper = std::min(q.upper, p.upper);
        return;
      }
      if (rel == Relation::kGeneral) {
        insert(&q.child, p);
        return;
      }
    }
  }
  if (*head && chunks_[*head].count < PatternChunk::kSize) {
    PatternChunk& chunk = chunks_[*head];
    chunk.patterns[chunk.count] = p;
    chunk.patterns[chunk.count++].child = 0;
    return;
  }
  const auto c = static_cast<std::uint32_t>(chunks_used_++);
  PatternChunk& chunk = chunks_[c];
  chunk.patterns[0] = p;
  chunk.patterns[0].child = 0;
  chunk.count = 1;
  chunk.next = *head;
  *head = c;
}

}  // namespace redouble::detail
