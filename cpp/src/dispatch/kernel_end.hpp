// Closes a kernel translation unit opened by kernel_begin.hpp.
#undef detail
#if defined(REDOUBLE_KERNEL_X86_64_V3)
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
