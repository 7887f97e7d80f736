// Shared declarations of the binding layer: the only code that knows Python. Each bind_<area>
// file defines one bind_<area>(module) function; module.cpp calls them in dependency order.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <string>

#include "redouble/errors.hpp"

namespace py = pybind11;

namespace redouble::bindings {

/// Four hand masks as they cross the boundary (a 4-tuple of ints).
using HandsTuple = std::array<std::uint64_t, 4>;

/// `value` as an int if lo <= value <= hi, else throws Error (RedoubleError in Python) naming
/// it. The core trusts its callers' seats, sides and indices (they index arrays), so every one
/// that crosses the boundary from Python is checked here, whatever the Python layer checked.
inline int checked_index(long long value, int lo, int hi, const char* what) {
  if (value < lo || value > hi)
    throw Error(std::string(what) + " must be " + std::to_string(lo) + ".." + std::to_string(hi) +
                ", got " + std::to_string(value));
  return static_cast<int>(value);
}

/// Most deals one batch call may ask for: far beyond any memory, and low enough that the
/// output's size in bytes cannot overflow.
inline constexpr long long kMaxBatch = 1LL << 40;

void bind_errors(py::module_& m);
void bind_constants(py::module_& m);
void bind_cards(py::module_& m);
void bind_dealer(py::module_& m);
void bind_auction(py::module_& m);
void bind_play(py::module_& m);
void bind_solver(py::module_& m);
void bind_formats(py::module_& m);
void bind_analysis(py::module_& m);
void bind_lin(py::module_& m);

}  // namespace redouble::bindings
