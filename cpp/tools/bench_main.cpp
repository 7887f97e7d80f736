// Python-free solver benchmark: solves a fixed list of deals (seeded boards, or PBN deal strings
// read from a file, one per line, optionally followed by 20 expected results to check) and prints
// per-deal node counts, a node-count signature and the time. Its instruction counts are stable
// under `valgrind --tool=callgrind`, which makes it the profiling driver for the search.
//
//   redouble_bench [--deals N] [--seed S] [--mode table|single] [--tt-mb M] [--file F] [-v]
//   file lines: "N:AKQ.. ... [e0 .. e19]" with e in [strain][declarer] order (C D H S N x N E S W)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "redouble/deal.hpp"
#include "redouble/dealer.hpp"
#include "redouble/position.hpp"
#include "redouble/solver.hpp"

namespace {

struct Case {
  redouble::Hands hands{};
  std::vector<int> expected;  // 20 values or empty
};

std::vector<Case> read_file(const char* path) {
  std::vector<Case> cases;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string first, h1, h2, h3, h4;
    ls >> h1 >> h2 >> h3 >> h4;
    Case c;
    c.hands = redouble::parse_pbn_deal(h1 + " " + h2 + " " + h3 + " " + h4);
    int v;
    while (ls >> v) c.expected.push_back(v);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 20;
  std::uint64_t seed = 1;
  bool single = false;
  bool verbose = false;
  std::size_t tt_mb = 64;
  const char* file = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--deals") deals = std::atoi(next());
    else if (a == "--seed") seed = std::strtoull(next(), nullptr, 10);
    else if (a == "--mode") single = std::strcmp(next(), "single") == 0;
    else if (a == "--tt-mb") tt_mb = std::strtoull(next(), nullptr, 10);
    else if (a == "--file") file = next();
    else if (a == "-v") verbose = true;
    else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  std::vector<Case> cases;
  if (file) {
    cases = read_file(file);
  } else {
    for (int b = 1; b <= deals; ++b)
      cases.push_back(Case{redouble::board_deal(seed, static_cast<std::uint64_t>(b)), {}});
  }
  redouble::Solver solver(redouble::SolverOptions{tt_mb << 20});
  std::uint64_t signature = 0;
  int mismatches = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const std::uint64_t before = solver.stats().nodes;
    const auto t1 = std::chrono::steady_clock::now();
    std::string result;
    if (single) {
      // One strain (NT), one leader (West, i.e. South declares): the single-solve benchmark.
      // Cold table per deal, like the Python benchmark's single solves.
      redouble::Position p(c.hands, redouble::kNoTrump, 3);
      solver.clear_table();
      const std::uint64_t searches = solver.stats().searches;
      const int tricks = solver.solve(p);
      result = std::to_string(tricks) + " (" +
               std::to_string(solver.stats().searches - searches) + " searches)";
    } else {
      const redouble::DdTable t = solver.dd_table(c.hands);
      for (int s = 0; s < 5; ++s) {
        for (int d = 0; d < 4; ++d) {
          const int v = t[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)];
          result += std::to_string(v) + (s * 4 + d < 19 ? " " : "");
          if (!c.expected.empty() && c.expected[static_cast<std::size_t>(s * 4 + d)] != v) {
            ++mismatches;
            std::printf("MISMATCH deal %zu strain %d declarer %d: got %d want %d\n", i, s, d, v,
                        c.expected[static_cast<std::size_t>(s * 4 + d)]);
          }
        }
      }
    }
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
    const std::uint64_t nodes = solver.stats().nodes - before;
    signature = signature * 31 + nodes;
    if (verbose) std::printf("%3zu %10llu nodes %8.2f ms  %s\n", i, (unsigned long long)nodes, ms,
                             result.c_str());
  }
  const double total =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const redouble::SolveStats& s = solver.stats();
  std::printf("deals %zu  mode %s  time %.1f ms (%.2f ms/deal)\n", cases.size(),
              single ? "single" : "table", total, total / static_cast<double>(cases.size()));
  std::printf("nodes %llu  searches %llu  tt probes %llu hits %llu stores %llu  cutoffs %llu "
              "quick %llu\n",
              (unsigned long long)s.nodes, (unsigned long long)s.searches,
              (unsigned long long)s.tt_probes, (unsigned long long)s.tt_hits,
              (unsigned long long)s.tt_stores, (unsigned long long)s.cutoffs,
              (unsigned long long)s.quick_cutoffs);
  std::printf("signature %llu\n", (unsigned long long)signature);
  if (mismatches) std::printf("MISMATCHES %d\n", mismatches);
  return mismatches ? 1 : 0;
}
