// Kernel selection: the kernels compiled in (CMake defines REDOUBLE_HAVE_KERNEL_X86_64_V3 when
// it builds the x86-64-v3 one), the choice from the running CPU's features, made once, and the
// REDOUBLE_KERNEL environment variable that can force a kernel (tests compare the answers of
// every kernel this way).
#include "dispatch/engine.hpp"

#include <cstdlib>
#include <cstring>

#include "redouble/dispatch.hpp"

namespace redouble::detail {

std::unique_ptr<KernelEngine> make_kernel_baseline(std::size_t tt_bytes,
                                                   const SearchTechniques& techniques);
#if defined(REDOUBLE_HAVE_KERNEL_X86_64_V3)
std::unique_ptr<KernelEngine> make_kernel_x86_64_v3(std::size_t tt_bytes,
                                                    const SearchTechniques& techniques);
#endif
}  // namespace redouble::detail

// deal_lanes.cpp's batch dealers, in their kernels' namespaces (see kernel_begin.hpp).
#if defined(REDOUBLE_HAVE_KERNEL_X86_64_V3)
namespace redouble::kernel_x86_64_v3 {
void deals_lanes(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                 std::uint64_t* out) noexcept;
}  // namespace redouble::kernel_x86_64_v3
#endif
#if defined(REDOUBLE_NATIVE_BUILD) && defined(__AVX2__)
namespace redouble::kernel_baseline {
void deals_lanes(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                 std::uint64_t* out) noexcept;
}  // namespace redouble::kernel_baseline
#endif

namespace redouble::detail {

namespace {

#if defined(REDOUBLE_NATIVE_BUILD) && defined(__AVX2__)
constexpr Kernel kBaseline{"native", REDOUBLE_NATIVE_FEATURES, &make_kernel_baseline,
                           &kernel_baseline::deals_lanes};
#elif defined(REDOUBLE_NATIVE_BUILD)
constexpr Kernel kBaseline{"native", REDOUBLE_NATIVE_FEATURES, &make_kernel_baseline,
                           &deals_batch_scalar};
#else
constexpr Kernel kBaseline{"baseline", "", &make_kernel_baseline, &deals_batch_scalar};
#endif

#if defined(REDOUBLE_HAVE_KERNEL_X86_64_V3)
constexpr Kernel kV3{"x86-64-v3", "popcnt,lzcnt,bmi,bmi2,avx,avx2,fma", &make_kernel_x86_64_v3,
                     &kernel_x86_64_v3::deals_lanes};

bool cpu_has_v3() noexcept {
  __builtin_cpu_init();
  // LZCNT is not asked for (Clang has no name for it here): every CPU with BMI2 and AVX2 has
  // it (Intel from Haswell, AMD from K10).
  const bool has = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
                   __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2") &&
                   __builtin_cpu_supports("fma");
  // Zen 1 and 2 have BMI2 but run PDEP in microcode (hundreds of cycles), which the kernel's
  // keep_top uses on every table probe: the baseline is faster there.
  return has && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}
#endif

const Kernel& choose() noexcept {
  const char* forced = std::getenv("REDOUBLE_KERNEL");
  if (forced && std::strcmp(forced, "baseline") == 0) return kBaseline;
#if defined(REDOUBLE_HAVE_KERNEL_X86_64_V3)
  // A forced "x86-64-v3" still needs the CPU to have it; anything else means "choose".
  if (cpu_has_v3()) return kV3;
#endif
  return kBaseline;
}

}  // namespace

const Kernel& active_kernel() {
  static const Kernel& kernel = choose();
  return kernel;
}

}  // namespace redouble::detail

namespace redouble {

const char* solver_kernel() noexcept { return detail::active_kernel().name; }

const char* solver_kernel_features() noexcept { return detail::active_kernel().features; }

std::vector<std::string> solver_kernels() {
  std::vector<std::string> names{detail::kBaseline.name};
#if defined(REDOUBLE_HAVE_KERNEL_X86_64_V3)
  names.emplace_back(detail::kV3.name);
#endif
  return names;
}

}  // namespace redouble
