// Fisher–Yates dealing over 52 cards, predeal, the board cycle and the recorded deal procedure.
#include "redouble/dealer.hpp"

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "dispatch/engine.hpp"
#include "redouble/card_set.hpp"
#include "redouble/errors.hpp"

namespace redouble {

int board_vulnerability(long long board) noexcept {
  // The standard cycle repeats every 16 boards; rows of four shift by one each time.
  static constexpr int kVul[16] = {0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2};
  return kVul[(board % 16 + 15) % 16];  // (board - 1) mod 16, with no overflow at the lowest
}

Hands random_deal(Rng& rng, int dealer) noexcept {
  // "Inside-out" Fisher–Yates: the card drawn at step p is the card that ends at pack position
  // p, which the rotation gives to seat (dealer + 1 + p) % 4. Drawing positions 51 down to 0
  // makes pack position 51 (the last card dealt) go to the dealer.
  std::uint8_t pack[52];
  for (int i = 0; i < 52; ++i) pack[i] = static_cast<std::uint8_t>(i);
  Hands hands{};
  for (int p = 51; p > 0; --p) {
    const std::uint32_t j = rng.below(static_cast<std::uint32_t>(p + 1));
    const std::uint8_t card = pack[j];
    pack[j] = pack[p];
    hands[static_cast<std::size_t>((dealer + 1 + p) & 3)] |= card_bit(card);
  }
  hands[static_cast<std::size_t>((dealer + 1) & 3)] |= card_bit(pack[0]);
  return hands;
}

Hands board_deal(std::uint64_t seed, std::uint64_t board) noexcept {
  Rng rng(seed, board);
  return random_deal(rng, board_dealer(static_cast<long long>(board)));
}

namespace {

/// board_deal(seed, board) into out[0..3], the batch's fast path; returns false (and the
/// caller deals the board through board_deal) if a draw would have needed Lemire's rejection
/// step, which happens about once in 10^8 draws. The same stream and the same arithmetic as
/// random_deal, arranged for speed: the generator's state lives in registers (no Rng object
/// with its spare-half bookkeeping), each 64-bit output serves two positions in a row exactly
/// as Rng::below's halves do, and the loop is unrolled by four so that each position's seat is
/// a constant and the four hands are registers rather than an indexed array. The (seed, board)
/// setup, five splitmix64 steps, was measured at about a tenth of the old per-deal cost: the
/// cost was the generic loop, not the stream setup, so the streams stay as they are and every
/// pinned deal with them.
inline bool fast_board_deal(std::uint64_t seed, std::uint64_t board, std::uint64_t* out) noexcept {
  std::uint64_t st[4];
  stream_state(seed, board, st);
  std::uint8_t pack[52];
  for (int i = 0; i < 52; ++i) pack[i] = static_cast<std::uint8_t>(i);
  // rel[k]: the hand of the seat k + 1 places after the dealer (position p goes to p % 4).
  std::uint64_t rel0 = 0, rel1 = 0, rel2 = 0, rel3 = 0;
  bool rejected = false;
  const auto step = [&](std::uint32_t draw, int p, std::uint64_t& hand) {
    const auto n = static_cast<std::uint32_t>(p + 1);
    const std::uint64_t m = static_cast<std::uint64_t>(draw) * n;
    rejected |= static_cast<std::uint32_t>(m) < n;  // Rng::below would look further
    const auto j = static_cast<std::size_t>(m >> 32);
    const std::uint8_t card = pack[j];
    pack[j] = pack[p];
    hand |= card_bit(card);
  };
  for (int p = 51; p > 3; p -= 4) {  // positions 51 .. 4: seats 3, 2, 1, 0 after the dealer
    const std::uint64_t a = xoshiro_next(st);
    step(static_cast<std::uint32_t>(a), p, rel3);
    step(static_cast<std::uint32_t>(a >> 32), p - 1, rel2);
    const std::uint64_t b = xoshiro_next(st);
    step(static_cast<std::uint32_t>(b), p - 2, rel1);
    step(static_cast<std::uint32_t>(b >> 32), p - 3, rel0);
  }
  const std::uint64_t a = xoshiro_next(st);
  step(static_cast<std::uint32_t>(a), 3, rel3);
  step(static_cast<std::uint32_t>(a >> 32), 2, rel2);
  step(static_cast<std::uint32_t>(xoshiro_next(st)), 1, rel1);
  rel0 |= card_bit(pack[0]);
  const int dealer = board_dealer(static_cast<long long>(board));
  out[(dealer + 1) & 3] = rel0;
  out[(dealer + 2) & 3] = rel1;
  out[(dealer + 3) & 3] = rel2;
  out[dealer] = rel3;
  return !rejected;
}

}  // namespace

void deals_batch(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                 std::uint64_t* out) noexcept {
  // The kernel's dealer: the x86-64-v3 kernel deals eight boards at a time in AVX2 lanes
  // (dispatch/deal_lanes.cpp), the baseline one with deals_batch_scalar below.
  detail::active_kernel().deals(seed, first_board, n, out);
}

void detail::deals_batch_scalar(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                                std::uint64_t* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    if (fast_board_deal(seed, first_board + i, out + 4 * i)) continue;
    const Hands h = board_deal(seed, first_board + i);
    for (std::size_t s = 0; s < 4; ++s) out[4 * i + s] = h[s];
  }
}

void deals_batch_parallel(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                          std::uint64_t* out, int threads) {
  // Every board is a pure function of (seed, board), so contiguous shares give the same deals as
  // one thread; no two threads write the same cache line but at a share's edge, once.
  const std::size_t most = std::max<std::size_t>(1, n / kMinDealsPerThread);
  const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), most);
  if (t <= 1) {
    deals_batch(seed, first_board, n, out);
    return;
  }
  const std::size_t share = (n + t - 1) / t;
  std::vector<std::thread> pool;
  pool.reserve(t - 1);
  try {
    for (std::size_t k = 1; k < t; ++k) {
      const std::size_t begin = std::min(n, k * share);
      const std::size_t count = std::min(n, begin + share) - begin;
      pool.emplace_back([=] { deals_batch(seed, first_board + begin, count, out + 4 * begin); });
    }
  } catch (...) {
    for (auto& th : pool) th.join();
    throw;
  }
  deals_batch(seed, first_board, std::min(n, share), out);
  for (auto& th : pool) th.join();
}

void deals_batch_reference(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                           std::uint64_t* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const Hands h = board_deal(seed, first_board + i);
    for (std::size_t s = 0; s < 4; ++s) out[4 * i + s] = h[s];
  }
}

Hands predeal(Rng& rng, const Hands& predealt, int hand_size) {
  if (hand_size < 0 || hand_size > 13) throw InvalidDeal("hand size must be 0..13");
  std::uint64_t used = 0;
  for (int s = 0; s < 4; ++s) {
    const std::uint64_t h = predealt[static_cast<std::size_t>(s)];
    if (h & ~kFullDeck) throw InvalidDeal("predealt mask has bits above 51");
    if (h & used) throw InvalidDeal("a predealt card is given to two seats");
    if (count(h) > hand_size)
      throw InvalidDeal(std::string("seat ") + kSeatChars[s] + " is predealt " +
                        std::to_string(count(h)) + " cards, more than " +
                        std::to_string(hand_size));
    used |= h;
  }
  std::uint8_t pool[52];
  int n = 0;
  for_each_card(kFullDeck & ~used, [&](int c) { pool[n++] = static_cast<std::uint8_t>(c); });
  // Shuffle the undealt cards, then fill each seat's gap in seat order. Any fixed filling order
  // is uniform because the pool order is.
  for (int p = n - 1; p > 0; --p) {
    const std::uint32_t j = rng.below(static_cast<std::uint32_t>(p + 1));
    std::swap(pool[p], pool[j]);
  }
  Hands hands = predealt;
  int k = 0;
  for (int s = 0; s < 4; ++s) {
    auto& h = hands[static_cast<std::size_t>(s)];
    while (count(h) < hand_size) h |= card_bit(pool[k++]);
  }
  return hands;
}

DealRecord deal_procedure(Rng& rng, int dealer) {
  if (dealer < 0 || dealer > 3) throw InvalidDeal("dealer must be a seat 0..3");
  DealRecord rec;
  rec.dealer = dealer;
  for (int i = 0; i < 52; ++i)
    rec.shuffled[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  for (int p = 51; p > 0; --p) {
    const std::uint32_t j = rng.below(static_cast<std::uint32_t>(p + 1));
    std::swap(rec.shuffled[static_cast<std::size_t>(p)], rec.shuffled[j]);
  }
  // The cut leaves at least four cards in each packet (seed 004; Auction 1912 law 32).
  rec.cut = 4 + static_cast<int>(rng.below(45));
  for (int i = 0; i < 52; ++i)
    rec.pack[static_cast<std::size_t>(i)] =
        rec.shuffled[static_cast<std::size_t>((i + rec.cut) % 52)];
  for (int i = 0; i < 52; ++i)
    rec.seats[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((dealer + 1 + i) & 3);
  return rec;
}

}  // namespace redouble
