// The Solver class: solve / solve_cards / dd_table / dd_tables (numpy batch) / analyse_play, all
// with the GIL released around the search. Arguments are converted and copied, and outputs
// allocated, while the GIL is held; the search touches no Python object.
#include <cstring>
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

}  // namespace

void bind_solver(py::module_& m) {
  py::class_<Solver>(m, "Solver")
      .def(py::init([](std::size_t tt_bytes) {
             return std::make_unique<Solver>(SolverOptions{tt_bytes});
           }),
           py::arg("tt_bytes") = SolverOptions{}.tt_bytes)
      .def(
          "solve",
          [](Solver& s, const Position& p) {
            // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): a real copy
            const Position copy = p;  // the caller's Position may change once the GIL is free
            py::gil_scoped_release release;
            return s.solve(copy);
          },
          py::arg("position"))
      .def(
          "solve_cards",
          [](Solver& s, const Position& p) {
            // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): as in solve
            const Position copy = p;
            py::gil_scoped_release release;
            return s.solve_cards(copy);
          },
          py::arg("position"))
      .def(
          "dd_table",
          [](Solver& s, const HandsTuple& hands) {
            DdTable t;
            {
              py::gil_scoped_release release;
              t = s.dd_table(hands);
            }
            return table_array(t);
          },
          py::arg("hands"))
      .def(
          "dd_tables",
          [](Solver& s, const py::array_t<std::uint64_t, py::array::c_style>& deals, int threads) {
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
              s.dd_tables(in.data(), n, dst, threads);
            }
            return out;
          },
          py::arg("deals"), py::arg("threads") = 0)
      .def(
          "analyse_play",
          [](Solver& s, const HandsTuple& hands, int strain, int leader,
             const std::vector<int>& plays) {
            py::gil_scoped_release release;
            return s.analyse_play(hands, strain, leader, plays);
          },
          py::arg("hands"), py::arg("strain"), py::arg("leader"), py::arg("plays"))
      .def("stats", [](const Solver& s) { return stats_dict(s.stats()); })
      .def("reset_stats", &Solver::reset_stats)
      .def("clear_table", &Solver::clear_table)
      .def("table_bytes", &Solver::table_bytes);
}

}  // namespace redouble::bindings
