// The Solver class: solve / solve_cards / dd_table / dd_tables (numpy batch) / analyse_play, all
// with the GIL released around the search, each with an optional CancelToken that another
// thread (or a deadline) uses to stop it: the call then raises SearchCancelledError. Arguments are
// converted and copied, and outputs allocated, while the GIL is held; the search touches no Python
// object.
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "redouble/position.hpp"
#include "redouble/solver.hpp"

namespace redouble::bindings {

namespace {

py::dict stats_dict(const SolveStats& s) {
  py::dict d;
  d["searches"] = s.searches;
  d["nodes"] = s.nodes;
  d["tt_probes"] = s.tt_probes;
  d["tt_hits"] = s.tt_hits;
  d["tt_stores"] = s.tt_stores;
  d["cutoffs"] = s.cutoffs;
  d["quick_cutoffs"] = s.quick_cutoffs;
  return d;
}

py::array_t<std::uint8_t> table_array(const DdTable& t) {
  py::array_t<std::uint8_t> out({5, 4});
  auto view = out.mutable_unchecked<2>();
  for (py::ssize_t s = 0; s < 5; ++s)
    for (py::ssize_t d = 0; d < 4; ++d)
      view(s, d) = t[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)];
  return out;
}

/// A token with an optional time limit in seconds from now (None: no deadline).
std::unique_ptr<CancelToken> make_token(std::optional<double> timeout) {
  if (!timeout) return std::make_unique<CancelToken>();
  if (!std::isfinite(*timeout) || *timeout < 0)
    throw py::value_error("timeout must be a finite number of seconds >= 0");
  // Clamp far deadlines (a year) so the time point cannot overflow.
  const double seconds = std::min(*timeout, 3.2e7);
  const auto d = std::chrono::duration_cast<CancelToken::Clock::duration>(
      std::chrono::duration<double>(seconds));
  return std::make_unique<CancelToken>(CancelToken::Clock::now() + d);
}

}  // namespace

void bind_solver(py::module_& m) {
  // Registered after bind_errors' translator, so tried before it (pybind11 tries the newest
  // first): a cancelled search gets its own class rather than the generic RedoubleError.
  // NOLINTNEXTLINE(performance-unnecessary-value-param): pybind11's translator type takes it so
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const SearchCancelled& e) {
      py::object cls = py::module_::import("redouble.errors").attr("SearchCancelledError");
      PyErr_SetString(cls.ptr(), e.what());
    }
  });

  py::class_<CancelToken>(m, "CancelToken")
      .def(py::init(&make_token), py::arg("timeout") = py::none())
      .def("cancel", &CancelToken::cancel)
      .def_property_readonly("cancelled", &CancelToken::cancelled)
      .def_property_readonly("stopped", &CancelToken::stopped);

  py::class_<Solver>(m, "Solver")
      .def(py::init([](std::size_t tt_bytes) {
             return std::make_unique<Solver>(SolverOptions{tt_bytes});
           }),
           py::arg("tt_bytes") = SolverOptions{}.tt_bytes)
      .def(
          "solve",
          [](Solver& s, const Position& p, const CancelToken* cancel) {
            // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): a real copy
            const Position copy = p;  // the caller's Position may change once the GIL is free
            py::gil_scoped_release release;
            return s.solve(copy, cancel);
          },
          py::arg("position"), py::arg("cancel") = py::none())
      .def(
          "solve_cards",
          [](Solver& s, const Position& p, const CancelToken* cancel) {
            // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): as in solve
            const Position copy = p;
            py::gil_scoped_release release;
            return s.solve_cards(copy, cancel);
          },
          py::arg("position"), py::arg("cancel") = py::none())
      .def(
          "dd_table",
          [](Solver& s, const HandsTuple& hands, const CancelToken* cancel) {
            DdTable t;
            {
              py::gil_scoped_release release;
              t = s.dd_table(hands, cancel);
            }
            return table_array(t);
          },
          py::arg("hands"), py::arg("cancel") = py::none())
      .def(
          "dd_tables",
          [](Solver& s, const py::array_t<std::uint64_t, py::array::c_style>& deals, int threads,
             const CancelToken* cancel) {
            if (deals.ndim() != 2 || deals.shape(1) != 4)
              throw py::value_error("deals must have shape (N, 4), got ndim " +
                                    std::to_string(deals.ndim()));
            const auto n = static_cast<std::size_t>(deals.shape(0));
            // Copy the input: other Python threads may write to it while the GIL is released.
            std::vector<std::uint64_t> in(n * 4);
            if (n) std::memcpy(in.data(), deals.data(), n * 4 * sizeof(std::uint64_t));
            py::array_t<std::uint8_t> out(
                {static_cast<py::ssize_t>(n), py::ssize_t{5}, py::ssize_t{4}});
            std::uint8_t* dst = out.mutable_data();
            {
              py::gil_scoped_release release;
              s.dd_tables(in.data(), n, dst, threads, cancel);
            }
            return out;
          },
          py::arg("deals"), py::arg("threads") = 0, py::arg("cancel") = py::none())
      .def(
          "analyse_play",
          [](Solver& s, const HandsTuple& hands, int strain, int leader,
             const std::vector<int>& plays, const CancelToken* cancel) {
            py::gil_scoped_release release;
            return s.analyse_play(hands, strain, leader, plays, cancel);
          },
          py::arg("hands"), py::arg("strain"), py::arg("leader"), py::arg("plays"),
          py::arg("cancel") = py::none())
      .def("stats", [](const Solver& s) { return stats_dict(s.stats()); })
      .def("reset_stats", &Solver::reset_stats)
      .def("clear_table", &Solver::clear_table)
      .def("table_bytes", &Solver::table_bytes);
}

}  // namespace redouble::bindings
