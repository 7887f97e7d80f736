// Opens a kernel translation unit (CMake generates one per search source and kernel: include
// this, the source, then kernel_end.hpp). Everything the source includes from outside the solver
// (the standard library, the public headers) is included here first, before the instruction set
// changes, so that inline and template code shared with the rest of the library is compiled for
// the baseline CPU whatever kernel instantiates it (GCC and Clang attach the target options of
// the point of definition). The search's own code follows in namespace redouble::REDOUBLE_KERNEL_NS
// (`detail` is renamed), so no symbol of one kernel can stand in for another's at link time.
// No include guard: once per translation unit, by design.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#endif

#include "redouble/card_set.hpp"
#include "redouble/deal.hpp"
#include "redouble/dealer.hpp"
#include "redouble/errors.hpp"
#include "redouble/position.hpp"
#include "redouble/random.hpp"
#include "redouble/solver.hpp"
#include "redouble/types.hpp"

#if defined(REDOUBLE_KERNEL_X86_64_V3)
// x86-64-v3's integer extensions and AVX2 (the search is scalar but for two steps of the table's
// probe, search.cpp's matches and chains_agreeing; AVX2 otherwise helps the compiler's own
// copies and clears).
// canonical.hpp and search.cpp read the REDOUBLE_KERNEL_ macros, since the target pragma does
// not define __POPCNT__, __BMI2__ and __AVX2__ in C++.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,lzcnt,bmi,bmi2,avx,avx2,fma"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,lzcnt,bmi,bmi2,avx,avx2,fma")
#endif
#define REDOUBLE_KERNEL_POPCNT 1
#define REDOUBLE_KERNEL_BMI2 1
#define REDOUBLE_KERNEL_AVX2 1
#endif

#define detail REDOUBLE_KERNEL_NS
