// Contract-bridge par of DD tables (see redouble/par.hpp). A line-for-line port of
// python/redouble/analysis/par.py's _solve, which stays the reference: same game, same order of
// the listed contracts.
#include "redouble/par.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "redouble/errors.hpp"

namespace redouble {

namespace {

constexpr int kContracts = 35;  // k = 5 * (level - 1) + strain, 1C..7NT in bidding order
constexpr int kNegInf = -1000000000;

constexpr int level_of(int k) noexcept { return k / 5 + 1; }
constexpr int strain_of(int k) noexcept { return k % 5; }

int score_of(int level, int strain, int doubled, bool vulnerable, int tricks) noexcept;

// Every score the par game needs (undoubled or doubled, either vulnerability, 0..13 tricks),
// computed once: looked up ~150 times per table.
struct ScoreTable {
  static constexpr std::size_t kSize = std::size_t{2} * 2 * kContracts * 14;
  std::array<int, kSize> v{};
  ScoreTable() {
    for (int vul = 0; vul < 2; ++vul)
      for (int dbl = 0; dbl < 2; ++dbl)
        for (int k = 0; k < kContracts; ++k)
          for (int t = 0; t < 14; ++t)
            v[index(vul != 0, dbl, k, t)] = score_of(level_of(k), strain_of(k), dbl, vul != 0, t);
  }
  static constexpr std::size_t index(bool vul, int dbl, int k, int t) noexcept {
    const int i = ((static_cast<int>(vul) * 2 + dbl) * kContracts + k) * 14 + t;
    return static_cast<std::size_t>(i);
  }
  int operator()(bool vul, int dbl, int k, int t) const noexcept {
    return v[index(vul, dbl, k, t)];
  }
};

const ScoreTable& scores() {
  static const ScoreTable table;
  return table;
}

}  // namespace

int duplicate_score(int level, int strain, int doubled, bool vulnerable, int tricks) noexcept {
  return score_of(level, strain, doubled, vulnerable, tricks);
}

namespace {

int score_of(int level, int strain, int doubled, bool vulnerable, int tricks) noexcept {
  const int need = level + 6;
  if (tricks >= need) {
    const int per = strain < 2 ? 20 : 30;
    const int mult = doubled == 0 ? 1 : (doubled == 1 ? 2 : 4);
    const int points = (per * level + (strain == 4 ? 10 : 0)) * mult;
    int score = points + (points >= 100 ? (vulnerable ? 500 : 300) : 50);
    if (level == 6) score += vulnerable ? 750 : 500;
    if (level == 7) score += vulnerable ? 1500 : 1000;
    const int over = tricks - need;
    if (doubled != 0)
      score += over * (vulnerable ? 200 : 100) * doubled + 50 * doubled;
    else
      score += over * per;
    return score;
  }
  const int down = need - tricks;
  if (doubled == 0) return -down * (vulnerable ? 100 : 50);
  int pen = 0;
  if (vulnerable) {
    pen = 200 + 300 * (down - 1);
  } else {
    static constexpr std::array<int, 4> kFirst{0, 100, 300, 500};
    pen = kFirst[static_cast<std::size_t>(std::min(down, 3))] + 300 * std::max(0, down - 3);
  }
  return -pen * doubled;
}

}  // namespace

int contract_par(const std::uint8_t* table, int vulnerability, int first,
                 std::vector<ParCode>* contracts) {
  const auto tricks = [table](int strain, int seat) {
    return static_cast<int>(table[static_cast<std::size_t>(strain * 4 + seat)]);
  };
  const ScoreTable& score = scores();
  const std::array<bool, 2> vul{(vulnerability & 1) != 0, (vulnerability & 2) != 0};
  // best[s][strain]: the side's declarer takes the more tricks. sc[s][k]: side s's score if
  // contract k stands, undoubled when it makes and doubled when it goes down.
  std::array<std::array<int, 5>, 2> best{};
  std::array<std::array<int, kContracts>, 2> sc{};
  for (int s = 0; s < 2; ++s) {
    auto& b = best[static_cast<std::size_t>(s)];
    for (int st = 0; st < 5; ++st)
      b[static_cast<std::size_t>(st)] = std::max(tricks(st, s), tricks(st, s + 2));
    for (int k = 0; k < kContracts; ++k) {
      const int t = b[static_cast<std::size_t>(strain_of(k))];
      const int level = level_of(k);
      sc[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)] =
          score(vul[static_cast<std::size_t>(s)], t < level + 6 ? 1 : 0, k, t);
    }
  }
  // w[s][k]: side s's value after it bids k, the other side to act (pass or outbid);
  // r[s][k]: the best s gets by bidding some contract >= k. Backward induction from 7NT.
  std::array<std::array<int, kContracts>, 2> w{};
  std::array<std::array<int, kContracts + 1>, 2> r{};
  r[0][kContracts] = kNegInf;
  r[1][kContracts] = kNegInf;
  for (int k = kContracts - 1; k >= 0; --k) {
    const auto ku = static_cast<std::size_t>(k);
    for (std::size_t s = 0; s < 2; ++s) w[s][ku] = std::min(sc[s][ku], -r[1 - s][ku + 1]);
    for (std::size_t s = 0; s < 2; ++s) r[s][ku] = std::max(r[s][ku + 1], w[s][ku]);
  }
  const auto d = static_cast<std::size_t>(first);
  const std::size_t o = 1 - d;
  const int value_first = std::max(-std::max(0, r[o][0]), r[d][0]);
  const int value_ns = d == 0 ? value_first : -value_first;
  if (value_ns == 0) return 0;
  const std::size_t p = value_ns > 0 ? 0 : 1;
  const std::size_t q = 1 - p;
  const int s_par = std::abs(value_ns);
  const std::size_t start = contracts->size();

  // Making contracts: per strain and declarer the lowest level that scores the par, with no
  // standing opponents' bid above it that would do better for them.
  std::array<bool, kContracts + 1> no_better_above{};
  bool ok = true;
  for (int k = kContracts - 1; k >= 0; --k) {
    const auto ku = static_cast<std::size_t>(k);
    no_better_above[ku] = ok;
    ok = ok && -sc[q][ku] >= s_par;
  }
  no_better_above[kContracts] = true;
  for (int st = 0; st < 5; ++st) {
    // At most one level per declarer; two declarers at one level share an entry.
    std::array<int, 2> level_of_dec{0, 0};
    for (std::size_t i = 0; i < 2; ++i) {
      const int dec = static_cast<int>(p + 2 * i);
      const int t = tricks(st, dec);
      for (int level = 1; level <= t - 6; ++level) {
        const int k = 5 * (level - 1) + st;
        if (score(vul[p], 0, k, t) == s_par && no_better_above[static_cast<std::size_t>(k)]) {
          level_of_dec[i] = level;
          break;
        }
      }
    }
    const auto emit = [&](int level, unsigned decs, int dec) {
      contracts->push_back(pack_par_contract(level, st, decs, false, tricks(st, dec) - level - 6));
    };
    const int a = level_of_dec[0], b = level_of_dec[1];
    const int pa = static_cast<int>(p), pb = static_cast<int>(p + 2);
    if (a != 0 && a == b) {
      emit(a, (1U << p) | (1U << (p + 2)), pa);
    } else if (a != 0 && (b == 0 || a < b)) {
      emit(a, 1U << p, pa);
      if (b != 0) emit(b, 1U << (p + 2), pb);
    } else if (b != 0) {
      emit(b, 1U << (p + 2), pb);
      if (a != 0) emit(a, 1U << p, pa);
    }
  }
  if (contracts->size() > start) return value_ns;

  // Sacrifices: the opponents' doubled contract scoring the par, with no making contract of
  // the par side above it that scores more.
  std::array<bool, kContracts + 1> p_better_above{};
  ok = true;
  for (int k = kContracts - 1; k >= 0; --k) {
    const auto ku = static_cast<std::size_t>(k);
    p_better_above[ku] = !ok;
    ok = ok && sc[p][ku] <= s_par;
  }
  const auto good = [&](int k2) {
    const auto ku = static_cast<std::size_t>(k2);
    return -sc[q][ku] == s_par && w[q][ku] == -s_par && !p_better_above[ku];
  };
  std::array<bool, kContracts> sac{};
  bool any = false;
  for (int c = 0; c < kContracts; ++c) {
    const auto cu = static_cast<std::size_t>(c);
    if (w[p][cu] != s_par || sc[p][cu] <= s_par) continue;
    for (int st = 0; st < 5; ++st) {
      // The lowest contract in strain st that outbids c.
      const int k2 = c + 1 + (((st - (c + 1) % 5) % 5 + 5) % 5);
      if (k2 < kContracts && good(k2)) {
        sac[static_cast<std::size_t>(k2)] = true;
        any = true;
      }
    }
  }
  if (!any) {
    // A preemptive sacrifice: the opponents bid first, at their lowest useful level.
    for (int st = 0; st < 5; ++st) {
      for (int level = 1; level <= 7; ++level) {
        const int k2 = 5 * (level - 1) + st;
        if (good(k2)) {
          sac[static_cast<std::size_t>(k2)] = true;
          break;
        }
      }
    }
  }
  for (int k2 = 0; k2 < kContracts; ++k2) {
    if (!sac[static_cast<std::size_t>(k2)]) continue;
    const int st = strain_of(k2);
    const int t = best[q][static_cast<std::size_t>(st)];
    unsigned decs = 0;
    for (const std::size_t dec : {q, q + 2})
      if (tricks(st, static_cast<int>(dec)) == t) decs |= 1U << dec;
    contracts->push_back(pack_par_contract(level_of(k2), st, decs, true, t - level_of(k2) - 6));
  }
  return value_ns;
}

void contract_pars(const std::uint8_t* tables, const std::uint8_t* vulnerability,
                   const std::uint8_t* first, std::size_t n, std::int32_t* scores,
                   std::int64_t* offsets, std::vector<ParCode>* contracts) {
  // Checked before anything is written, so a bad row leaves the outputs untouched.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < 20; ++j)
      if (tables[20 * i + j] > 13)
        throw Error("tables must hold trick counts 0..13 (row " + std::to_string(i) + ")");
    if (vulnerability[i] > 3)
      throw Error("vulnerability codes must be 0..3 (row " + std::to_string(i) + ")");
    if (first[i] > 1)
      throw Error("first side must be 0 (NS) or 1 (EW) (row " + std::to_string(i) + ")");
  }
  contracts->clear();
  contracts->reserve(n * 2);
  offsets[0] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    scores[i] = contract_par(tables + 20 * i, vulnerability[i], first[i], contracts);
    offsets[i + 1] = static_cast<std::int64_t>(contracts->size());
  }
}

}  // namespace redouble
