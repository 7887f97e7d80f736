// Shared declarations of the binding layer: the only code that knows Python. Each bind_<area>
// file defines one bind_<area>(module) function; module.cpp calls them in dependency order.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>

namespace py = pybind11;

namespace redouble::bindings {

/// Four hand masks as they cross the boundary (a 4-tuple of ints).
using HandsTuple = std::array<std::uint64_t, 4>;

void bind_errors(py::module_& m);
void bind_constants(py::module_& m);
void bind_cards(py::module_& m);
void bind_dealer(py::module_& m);
void bind_auction(py::module_& m);
void bind_play(py::module_& m);
void bind_solver(py::module_& m);
void bind_analysis(py::module_& m);

}  // namespace redouble::bindings
