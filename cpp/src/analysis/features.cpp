// Hand features and the constrained dealing loop (see redouble/features.hpp).
#include "redouble/features.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "redouble/dealer.hpp"
#include "redouble/errors.hpp"

namespace redouble {

namespace {

// Per-holding values (13-bit holding, bit 12 = ace), computed once.
struct SuitTables {
  std::array<std::uint8_t, 8192> hcp{}, controls{}, losers{}, qt2{};
  SuitTables() {
    for (int h = 0; h < 8192; ++h) {
      const bool a = h & (1 << 12), k = h & (1 << 11), q = h & (1 << 10), j = h & (1 << 9);
      const int len = std::popcount(static_cast<unsigned>(h));
      const auto i = static_cast<std::size_t>(h);
      hcp[i] = static_cast<std::uint8_t>(4 * a + 3 * k + 2 * q + j);
      controls[i] = static_cast<std::uint8_t>(2 * a + k);
      // Losing-trick count: only the first three cards count; an honour is a winner only when
      // the holding is long enough to protect it (A in a singleton, A/K in a doubleton).
      int l = 0;
      if (len == 1)
        l = a ? 0 : 1;
      else if (len == 2)
        l = 2 - a - k;
      else if (len >= 3)
        l = 3 - a - k - q;
      losers[i] = static_cast<std::uint8_t>(l);
      int t = 0;  // quick tricks in halves
      if (a && k)
        t = 4;
      else if (a && q)
        t = 3;
      else if (a || (k && q))  // an ace, or king-queen: one quick trick each
        t = 2;
      else if (k && len >= 2)
        t = 1;
      qt2[i] = static_cast<std::uint8_t>(t);
    }
  }
};

const SuitTables& tables() {
  static const SuitTables t;
  return t;
}

inline int suit_holding(std::uint64_t hand, int suit) {
  return static_cast<int>((hand >> (13 * suit)) & kSuitMask);
}

}  // namespace

std::array<int, kNumFeatures> hand_features(std::uint64_t hand) noexcept {
  const SuitTables& t = tables();
  std::array<int, kNumFeatures> f{};
  int len[4];
  for (int s = 0; s < 4; ++s) {
    const auto h = static_cast<std::size_t>(suit_holding(hand, s));
    f[kFeatHcp] += t.hcp[h];
    f[kFeatControls] += t.controls[h];
    f[kFeatLtc] += t.losers[h];
    f[kFeatQt2] += t.qt2[h];
    len[s] = std::popcount(h);
    f[static_cast<std::size_t>(kFeatClubs) + static_cast<std::size_t>(s)] = len[s];
  }
  const int longest = std::max({len[0], len[1], len[2], len[3]});
  const int shortest = std::min({len[0], len[1], len[2], len[3]});
  int doubletons = 0;
  for (int s = 0; s < 4; ++s) doubletons += len[s] == 2;
  f[kFeatLongest] = longest;
  f[kFeatShortest] = shortest;
  // 4333, 4432, 5332: no suit shorter than 2 or longer than 5, at most one doubleton.
  f[kFeatBalanced] = shortest >= 2 && longest <= 5 && doubletons <= 1;
  f[kFeatSemiBalanced] = shortest >= 2 && longest <= 6;
  return f;
}

void batch_features(const std::uint64_t* deals, std::size_t n, std::int16_t* out) noexcept {
  for (std::size_t i = 0; i < 4 * n; ++i) {
    const auto f = hand_features(deals[i]);
    for (std::size_t k = 0; k < kNumFeatures; ++k)
      out[i * kNumFeatures + k] = static_cast<std::int16_t>(f[k]);
  }
}

ConstraintProgram::ConstraintProgram(std::vector<ConstraintOp> ops) : ops_(std::move(ops)) {
  int depth = 0;
  for (const auto& o : ops_) {
    switch (o.op) {
      case 0:
        if (o.feature < 0 || o.feature >= kNumFeatures)
          throw Error("constraint program: bad feature " + std::to_string(o.feature));
        if (o.seat_mask <= 0 || o.seat_mask > 15)
          throw Error("constraint program: bad seat mask " + std::to_string(o.seat_mask));
        seats_used_ |= o.seat_mask;
        ++depth;
        break;
      case 4:
        ++depth;
        break;
      case 1:
      case 2:
        if (depth < 2) throw Error("constraint program: stack underflow");
        --depth;
        break;
      case 3:
        if (depth < 1) throw Error("constraint program: stack underflow");
        break;
      default:
        throw Error("constraint program: bad op " + std::to_string(o.op));
    }
    if (depth > 256) throw Error("constraint program: too deep");
  }
  if (depth != 1) throw Error("constraint program must leave exactly one value");
}

bool ConstraintProgram::accepts(const Hands& hands) const noexcept {
  std::array<std::array<int, kNumFeatures>, 4> feats;
  for (int s = 0; s < 4; ++s)
    if (seats_used_ & (1 << s))
      feats[static_cast<std::size_t>(s)] = hand_features(hands[static_cast<std::size_t>(s)]);
  bool stack[257];
  int top = 0;
  for (const auto& o : ops_) {
    switch (o.op) {
      case 0: {
        int v = 0;
        for (int s = 0; s < 4; ++s)
          if (o.seat_mask & (1 << s))
            v += feats[static_cast<std::size_t>(s)][static_cast<std::size_t>(o.feature)];
        stack[top++] = v >= o.lo && v <= o.hi;
        break;
      }
      case 1:
        --top;
        stack[top - 1] = stack[top - 1] && stack[top];
        break;
      case 2:
        --top;
        stack[top - 1] = stack[top - 1] || stack[top];
        break;
      case 3:
        stack[top - 1] = !stack[top - 1];
        break;
      default:
        stack[top++] = true;
    }
  }
  return stack[0];
}

std::size_t constrained_deals(std::uint64_t seed, std::uint64_t first_board, std::size_t want,
                              std::uint64_t max_tries, const Hands& predealt,
                              const ConstraintProgram& program, std::uint64_t* deals_out,
                              std::uint64_t* boards_out, std::uint64_t* tried_out, int threads) {
  const bool with_predeal = predealt[0] | predealt[1] | predealt[2] | predealt[3];
  if (with_predeal) {
    Rng probe(seed, first_board);
    (void)predeal(probe, predealt, 13);  // validates once, throws InvalidDeal
  }
  auto deal_of = [&](std::uint64_t board) {
    if (!with_predeal) return board_deal(seed, board);
    Rng rng(seed, board);
    return predeal(rng, predealt, 13);
  };
  // Rounds of `threads` contiguous blocks of boards; each block keeps its accepted deals in
  // board order, and blocks are appended in order, so the output is the same sequential scan
  // whatever the thread count (the boards after the n-th accepted one are simply dropped).
  constexpr std::uint64_t kBlock = 8192;
  threads = std::max(1, std::min(threads, 64));
  struct Block {
    std::vector<std::uint64_t> deals, boards;
  };
  std::vector<Block> blocks(static_cast<std::size_t>(threads));
  std::size_t found = 0;
  std::uint64_t tried = 0;
  while (found < want && tried < max_tries) {
    const std::uint64_t round_start = tried;
    auto run_block = [&](std::size_t b) {
      Block& blk = blocks[b];
      blk.deals.clear();
      blk.boards.clear();
      const std::uint64_t lo = round_start + b * kBlock;
      const std::uint64_t hi = std::min(max_tries, lo + kBlock);
      for (std::uint64_t t = lo; t < hi; ++t) {
        const std::uint64_t board = first_board + t;
        const Hands h = deal_of(board);
        if (!program.accepts(h)) continue;
        blk.deals.insert(blk.deals.end(), h.begin(), h.end());
        blk.boards.push_back(board);
      }
    };
    const std::size_t nblocks = static_cast<std::size_t>(std::min<std::uint64_t>(
        static_cast<std::uint64_t>(threads), (max_tries - round_start + kBlock - 1) / kBlock));
    std::vector<std::thread> pool;
    std::size_t started = 1;
    for (; started < nblocks; ++started) {
      try {
        pool.emplace_back(run_block, started);
      } catch (const std::system_error&) {
        break;  // no more threads: the calling thread does the rest of this round
      }
    }
    run_block(0);
    for (std::size_t b = started; b < nblocks; ++b) run_block(b);
    for (auto& t : pool) t.join();
    for (std::size_t b = 0; b < nblocks && found < want; ++b) {
      const Block& blk = blocks[b];
      for (std::size_t k = 0; k < blk.boards.size() && found < want; ++k) {
        std::copy_n(blk.deals.begin() + static_cast<std::ptrdiff_t>(4 * k), 4,
                    deals_out + 4 * found);
        boards_out[found] = blk.boards[k];
        ++found;
        tried = blk.boards[k] - first_board + 1;
      }
      if (found < want) tried = std::min(max_tries, round_start + (b + 1) * kBlock);
    }
  }
  *tried_out = tried;
  return found;
}

}  // namespace redouble
