// Dealing speed in C++, one thread: the kernel's batch dealer (deals_batch, the path behind
// redouble.deals) against the plain one-board_deal-per-board loop (deals_batch_reference), the
// (seed, board) stream setup alone and the generator alone, interleaved in one run; checks
// that both batch paths give identical deals. Times are CPU time of this process, so other
// programs on a shared machine do not count (they still slow the caches). Prints M deals/s
// per round and the median ratio fast/reference.
//
//   redouble_dealing_bench [--deals N] [--rounds R] [--seed S]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "redouble/dealer.hpp"
#include "redouble/dispatch.hpp"
#include "redouble/random.hpp"

namespace {

double cpu_s() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

template <class F>
double mdeals_per_s(std::size_t n, F&& f) {
  const double t0 = cpu_s();
  f();
  return static_cast<double>(n) / (cpu_s() - t0) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = 2'000'000;
  int rounds = 5;
  std::uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::puts("usage: redouble_dealing_bench [--deals N] [--rounds R] [--seed S]");
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s needs a value\n", a.c_str());
      return 2;
    }
    const char* v = argv[++i];
    if (a == "--deals")
      n = std::strtoull(v, nullptr, 10);
    else if (a == "--rounds")
      rounds = std::atoi(v);
    else if (a == "--seed")
      seed = std::strtoull(v, nullptr, 10);
    else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  std::vector<std::uint64_t> fast(4 * n), ref(4 * n);
  std::vector<double> ratios;
  volatile std::uint64_t sink = 0;
  // The batch dealer is the kernel's (REDOUBLE_KERNEL=baseline forces the scalar one).
  std::printf("kernel: %s\n", redouble::solver_kernel());
  std::printf("round  batch M/s  reference M/s  setup-only M/s  generator-only M/s\n");
  for (int r = 0; r < rounds; ++r) {
    const double f = mdeals_per_s(n, [&] { redouble::deals_batch(seed, 1, n, fast.data()); });
    const double g =
        mdeals_per_s(n, [&] { redouble::deals_batch_reference(seed, 1, n, ref.data()); });
    const double setup = mdeals_per_s(n, [&] {
      std::uint64_t acc = 0;
      std::uint64_t st[4];
      for (std::size_t i = 0; i < n; ++i) {
        redouble::stream_state(seed, i + 1, st);
        acc += st[0] ^ st[3];
      }
      sink = acc;
    });
    const double gen = mdeals_per_s(n, [&] {
      // 26 outputs a deal, as the batch uses: the generator's share of the cost.
      std::uint64_t st[4];
      redouble::stream_state(seed, 1, st);
      std::uint64_t acc = 0;
      for (std::size_t i = 0; i < 26 * n; ++i) acc += redouble::xoshiro_next(st);
      sink = acc;
    });
    ratios.push_back(f / g);
    std::printf("%5d  %9.2f  %13.2f  %14.2f  %18.2f\n", r, f, g, setup, gen);
  }
  std::sort(ratios.begin(), ratios.end());
  const bool same = fast == ref;
  std::printf(
      "median ratio batch/reference %.2fx over %d rounds of %zu deals; deals identical: %s\n",
      ratios[ratios.size() / 2], rounds, n, same ? "yes" : "NO");
  return same ? 0 : 1;
}
