// Which build of the solver's search runs: the kernels compiled into this library (a portable
// baseline, and on x86-64 one for CPUs with POPCNT/LZCNT/BMI1/BMI2/AVX2) and the one chosen at
// first use from the running CPU's features. The REDOUBLE_KERNEL environment variable, read
// once, can force a kernel ("baseline", or "x86-64-v3" where the CPU has it).
#pragma once

#include <string>
#include <vector>

namespace redouble {

/// Name of the search kernel in use: "baseline", "x86-64-v3", or "native" (a build with
/// REDOUBLE_NATIVE, tuned to the building CPU).
const char* solver_kernel() noexcept;
/// Instruction-set extensions the kernel in use was compiled for, e.g. "popcnt,lzcnt,bmi,bmi2".
const char* solver_kernel_features() noexcept;
/// Names of every kernel compiled into this library, baseline first.
std::vector<std::string> solver_kernels();

}  // namespace redouble
