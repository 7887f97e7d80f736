// Python-free solver benchmark: solves a fixed list of deals (seeded boards, or PBN deal strings
// read from a file, one per line, optionally followed by 20 expected results to check) and prints
// per-deal node counts, a node-count signature and the time. Its instruction counts are stable
// under `valgrind --tool=callgrind`, which makes it the profiling driver for the search. The
// --no-... switches turn the search's techniques off one at a time (SearchTechniques in
// redouble/solver.hpp), and --ablation runs the list once with everything on and once with each
// technique off, printing the table that bench/README.md quotes. Run with --help for the usage.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "redouble/deal.hpp"
#include "redouble/dealer.hpp"
#include "redouble/position.hpp"
#include "redouble/solver.hpp"

namespace {

constexpr const char* kUsage = R"usage(usage: redouble_bench [options]

Solves a fixed list of deals with one Solver on one thread and prints what the search did.

Deals:
  --deals N        boards 1..N of the seed (default 20)
  --seed S         seed of the boards (default 1)
  --file F         read deals from F instead: one "N:hand hand hand hand" per line, optionally
                   followed by the 20 expected DD results in [strain][declarer] order
                   (C D H S N x N E S W); '#' starts a comment line
Work:
  --mode table     the 20-result DD table of every deal (default)
  --mode single    one solve per deal: no trump, West on lead, cold table
  --tt-mb M        transposition table size in MiB (default 64)
Techniques (all on by default; each answer is the same with any of them off):
  --no-tt          no transposition table
  --no-quick       no quick/sure-trick bounds at lead nodes
  --no-second-hand no second-hand sure-trick bound
  --no-lookahead   no lookahead ordering of leads high in the tree
  --no-ordering    no heuristic move ordering
  --no-killers     no killer moves
  --no-runs        every card its own move (no equivalent-card runs)
  --no-skip        no skipping of cards made irrelevant by a failed card
  --no-guess       first search of a position from half the tricks, not a point-count guess
  --no-later-tricks no "need every trick" bound (the side on lead needing all tricks in no
                   trump fails when the suits it tops are too short)
  --no-later-dds   that bound in its first form: up to two tricks in the defenders' suits,
                   not none (DDS's form)
  --no-later-guards that bound without guards (a suit the side tops counts only its run
                   where a defender keeps the next card guarded behind it)
  --no-guarded-trump no sure trick for the defenders' guarded second trump (the side on lead
                   holds the top trump; the defenders' second sits behind it, or faces it bare,
                   or is held with the third)
  --no-trumpless-nt positions with no trump left are stored under their strain, not as no
                   trump ones (so a table's searches share none of them)
  --ablation       run the list with all techniques on, then with each one off (except the
                   table, which makes full deals intractable), and print a Markdown table
Output (times are CPU milliseconds of this process, not wall-clock time):
  -v               one line per deal: index, nodes, milliseconds, result
                   (table: 20 values as in --file; single: tricks and null-window searches)
  summary lines    "deals D  mode M  time T ms (t ms/deal)", then the search's counters
                   (nodes, searches, table probes/hits/stores, cut-offs, quick cut-offs), then
                   "signature X", a hash of the per-deal node counts that changes whenever the
                   search does; "MISMATCHES K" and exit status 1 if a --file result disagreed.
)usage";

/// Milliseconds of CPU time this process has used: on a shared machine the wall clock counts
/// other programs' time too, the CPU clock only ours (the driver runs on one thread).
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

struct Case {
  redouble::Hands hands{};
  std::vector<int> expected;  // 20 values or empty
};

std::vector<Case> read_file(const char* path) {
  std::vector<Case> cases;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(2);
  }
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string h1, h2, h3, h4;
    ls >> h1 >> h2 >> h3 >> h4;
    Case c;
    std::string deal = h1;
    for (const std::string* h : {&h2, &h3, &h4}) deal.append(" ").append(*h);
    c.hands = redouble::parse_pbn_deal(deal);
    int v;
    while (ls >> v) c.expected.push_back(v);
    cases.push_back(c);
  }
  return cases;
}

struct RunResult {
  double ms = 0;
  redouble::SolveStats stats;
  std::uint64_t signature = 0;
  int mismatches = 0;
};

RunResult run(const std::vector<Case>& cases, const redouble::SolverOptions& options, bool single,
              bool verbose) {
  redouble::Solver solver(options);
  RunResult out;
  const double t0 = cpu_ms();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const std::uint64_t before = solver.stats().nodes;
    const double t1 = cpu_ms();
    std::string result;
    if (single) {
      // One strain (NT), one leader (West, i.e. South declares): the single-solve benchmark.
      // Cold table per deal, like the Python benchmark's single solves.
      const redouble::Position p(c.hands, redouble::kNoTrump, 3);
      solver.clear_table();
      const std::uint64_t searches = solver.stats().searches;
      const int tricks = solver.solve(p);
      result = std::to_string(tricks) + " (" + std::to_string(solver.stats().searches - searches) +
               " searches)";
    } else {
      const redouble::DdTable t = solver.dd_table(c.hands);
      for (std::size_t k = 0; k < 20; ++k) {
        const int v = t[k / 4][k % 4];
        result += std::to_string(v) + (k < 19 ? " " : "");
        if (!c.expected.empty() && c.expected[k] != v) {
          ++out.mismatches;
          std::printf("MISMATCH deal %zu strain %zu declarer %zu: got %d want %d\n", i, k / 4,
                      k % 4, v, c.expected[k]);
        }
      }
    }
    const double ms = cpu_ms() - t1;
    const std::uint64_t nodes = solver.stats().nodes - before;
    out.signature = out.signature * 31 + nodes;
    if (verbose)
      std::printf("%3zu %10llu nodes %8.2f ms  %s\n", i, static_cast<unsigned long long>(nodes), ms,
                  result.c_str());
  }
  out.ms = cpu_ms() - t0;
  out.stats = solver.stats();
  return out;
}

/// The switches of the driver, in SearchTechniques order.
struct Switch {
  const char* flag;
  bool redouble::SearchTechniques::*member;
};
constexpr Switch kSwitches[] = {
    {"--no-tt", &redouble::SearchTechniques::transposition_table},
    {"--no-quick", &redouble::SearchTechniques::quick_tricks},
    {"--no-second-hand", &redouble::SearchTechniques::second_hand_bound},
    {"--no-lookahead", &redouble::SearchTechniques::lead_lookahead},
    {"--no-ordering", &redouble::SearchTechniques::move_ordering},
    {"--no-killers", &redouble::SearchTechniques::killer_moves},
    {"--no-runs", &redouble::SearchTechniques::equivalent_cards},
    {"--no-skip", &redouble::SearchTechniques::skip_irrelevant},
    {"--no-guess", &redouble::SearchTechniques::guess},
    {"--no-later-tricks", &redouble::SearchTechniques::later_tricks},
    {"--no-later-dds", &redouble::SearchTechniques::later_tricks_dds},
    {"--no-later-guards", &redouble::SearchTechniques::later_tricks_guards},
    {"--no-guarded-trump", &redouble::SearchTechniques::guarded_trump},
    {"--no-trumpless-nt", &redouble::SearchTechniques::trumpless_as_notrump},
};

}  // namespace

int main(int argc, char** argv) {
  int deals = 20;
  std::uint64_t seed = 1;
  bool single = false;
  bool verbose = false;
  bool ablation = false;
  std::size_t tt_mb = 64;
  const char* file = nullptr;
  redouble::SolverOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&] {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value (see --help)\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    const auto sw = std::find_if(std::begin(kSwitches), std::end(kSwitches),
                                 [&](const Switch& s) { return a == s.flag; });
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (sw != std::end(kSwitches)) {
      options.techniques.*(sw->member) = false;
    } else if (a == "--deals") {
      deals = std::atoi(next());
    } else if (a == "--seed") {
      seed = std::strtoull(next(), nullptr, 10);
    } else if (a == "--mode") {
      const std::string m = next();
      if (m != "single" && m != "table") {
        std::fprintf(stderr, "--mode is table or single, not %s\n", m.c_str());
        return 2;
      }
      single = m == "single";
    } else if (a == "--tt-mb") {
      tt_mb = std::strtoull(next(), nullptr, 10);
    } else if (a == "--file") {
      file = next();
    } else if (a == "--ablation") {
      ablation = true;
    } else if (a == "-v") {
      verbose = true;
    } else {
      std::fprintf(stderr, "unknown argument %s (see --help)\n", a.c_str());
      return 2;
    }
  }
  options.tt_bytes = tt_mb << 20;
  std::vector<Case> cases;
  if (file) {
    cases = read_file(file);
  } else {
    for (int b = 1; b <= deals; ++b)
      cases.push_back(Case{redouble::board_deal(seed, static_cast<std::uint64_t>(b)), {}});
  }
  if (cases.empty()) {
    std::fprintf(stderr, "no deals\n");
    return 2;
  }

  if (ablation) {
    const RunResult base = run(cases, options, single, false);
    std::printf("| technique off | nodes | nodes vs all on | time ms | time vs all on |\n");
    std::printf("|---|---:|---:|---:|---:|\n");
    std::printf("| (none: all on) | %llu | 1.00x | %.0f | 1.00x |\n",
                static_cast<unsigned long long>(base.stats.nodes), base.ms);
    for (const Switch& s : kSwitches) {
      if (s.member == &redouble::SearchTechniques::transposition_table) continue;
      redouble::SolverOptions off = options;
      off.techniques.*(s.member) = false;
      const RunResult r = run(cases, off, single, false);
      std::printf("| %s | %llu | %.2fx | %.0f | %.2fx |\n", s.flag + 5,
                  static_cast<unsigned long long>(r.stats.nodes),
                  static_cast<double>(r.stats.nodes) / static_cast<double>(base.stats.nodes), r.ms,
                  r.ms / base.ms);
      std::fflush(stdout);
    }
    return 0;
  }

  const RunResult r = run(cases, options, single, verbose);
  const redouble::SolveStats& s = r.stats;
  std::printf("deals %zu  mode %s  time %.1f ms (%.2f ms/deal)\n", cases.size(),
              single ? "single" : "table", r.ms, r.ms / static_cast<double>(cases.size()));
  std::printf(
      "nodes %llu  searches %llu  tt probes %llu hits %llu stores %llu  cutoffs %llu "
      "quick %llu\n",
      static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.searches),
      static_cast<unsigned long long>(s.tt_probes), static_cast<unsigned long long>(s.tt_hits),
      static_cast<unsigned long long>(s.tt_stores), static_cast<unsigned long long>(s.cutoffs),
      static_cast<unsigned long long>(s.quick_cutoffs));
  std::printf("signature %llu\n", static_cast<unsigned long long>(r.signature));
  if (r.mismatches) std::printf("MISMATCHES %d\n", r.mismatches);
  return r.mismatches ? 1 : 0;
}
