// Analysis: hand features on numpy batches and the constrained dealer (GIL released).
#include <cstring>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "redouble/batch.hpp"
#include "redouble/errors.hpp"
#include "redouble/features.hpp"
#include "redouble/par.hpp"

namespace redouble::bindings {

namespace {

ConstraintProgram make_program(const std::vector<std::array<int, 5>>& ops) {
  std::vector<ConstraintOp> v;
  v.reserve(ops.size());
  for (const auto& o : ops) v.push_back(ConstraintOp{o[0], o[1], o[2], o[3], o[4]});
  return ConstraintProgram(std::move(v));
}

std::vector<std::uint64_t> copy_deals(const py::array_t<std::uint64_t, py::array::c_style>& deals) {
  if (deals.ndim() != 2 || deals.shape(1) != 4) throw Error("deals must have shape (N, 4)");
  const auto n = static_cast<std::size_t>(deals.shape(0));
  std::vector<std::uint64_t> in(n * 4);
  if (n) std::memcpy(in.data(), deals.data(), n * 4 * sizeof(std::uint64_t));
  return in;
}

}  // namespace

void bind_analysis(py::module_& m) {
  m.attr("MAX_BATCH_THREADS") = kMaxBatchThreads;
  m.attr("MIN_WORKER_TABLE_BYTES") = kMinWorkerTableBytes;
  py::class_<BatchPool>(m, "BatchPool")
      .def(py::init<int, std::size_t>(), py::arg("threads"), py::arg("memory_bytes"))
      .def("resize", &BatchPool::resize, py::arg("threads"), py::arg("memory_bytes"))
      .def("threads", &BatchPool::threads)
      .def("memory_bytes", &BatchPool::memory_bytes)
      .def(
          "run",
          // Solves into the caller's arrays (out: (N, 5, 4) uint8, done: (N,) uint8), so the
          // tables finished before an interrupt stay with the caller. `progress` (or None) is
          // called every poll with the number of finished tables; signals are checked too. Returns
          // True when all tables are done; a pending KeyboardInterrupt (or an exception from
          // `progress`) is raised after the workers have stopped.
          [](BatchPool& pool, const py::array_t<std::uint64_t, py::array::c_style>& deals,
             py::array_t<std::uint8_t, py::array::c_style> out,
             py::array_t<std::uint8_t, py::array::c_style> done, const py::object& progress) {
            const std::vector<std::uint64_t> in = copy_deals(deals);
            const std::size_t n = in.size() / 4;
            if (out.ndim() != 3 || static_cast<std::size_t>(out.shape(0)) != n ||
                out.shape(1) != 5 || out.shape(2) != 4)
              throw Error("out must have shape (N, 5, 4)");
            if (done.ndim() != 1 || static_cast<std::size_t>(done.shape(0)) != n)
              throw Error("done must have shape (N,)");
            if (!out.writeable() || !done.writeable())
              throw Error("out and done must be writeable arrays");
            std::uint8_t* dst = out.mutable_data();
            std::uint8_t* flags = done.mutable_data();
            std::size_t last = static_cast<std::size_t>(-1);
            auto poll = [&](std::size_t finished) {
              py::gil_scoped_acquire gil;
              if (PyErr_CheckSignals() != 0) throw py::error_already_set();
              // Every poll, not only when a table finished: a caller's deadline check (the
              // service's time limit) then runs within 50 ms even while one table takes long.
              if (!progress.is_none()) {
                last = finished;
                progress(finished);
              }
              return true;
            };
            bool complete = false;
            {
              py::gil_scoped_release release;
              complete = pool.run(in.data(), n, dst, flags, poll);
            }
            if (!progress.is_none() && last != n) progress(n);
            return complete;
          },
          // out and done without conversion: a converted copy (another dtype, a strided view)
          // would receive the tables and be thrown away, the caller's arrays left as they were.
          py::arg("deals"), py::arg("out").noconvert(), py::arg("done").noconvert(),
          py::arg("progress") = py::none());
  m.attr("NUM_FEATURES") = static_cast<int>(kNumFeatures);
  m.def(
      "batch_features",
      [](const py::array_t<std::uint64_t, py::array::c_style>& deals) {
        const std::vector<std::uint64_t> in = copy_deals(deals);
        const std::size_t n = in.size() / 4;
        py::array_t<std::int16_t> out(
            {static_cast<py::ssize_t>(n), py::ssize_t{4}, static_cast<py::ssize_t>(kNumFeatures)});
        std::int16_t* dst = out.mutable_data();
        {
          py::gil_scoped_release release;
          batch_features(in.data(), n, dst);
        }
        return out;
      },
      py::arg("deals"),
      "Features of every hand: (N, 4) uint64 in, (N, 4, NUM_FEATURES) int16 out.");
  m.def(
      "constraint_mask",
      [](const py::array_t<std::uint64_t, py::array::c_style>& deals,
         const std::vector<std::array<int, 5>>& ops) {
        const ConstraintProgram prog = make_program(ops);
        const std::vector<std::uint64_t> in = copy_deals(deals);
        const std::size_t n = in.size() / 4;
        py::array_t<bool> out(static_cast<py::ssize_t>(n));
        bool* dst = out.mutable_data();
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < n; ++i) {
            Hands h;
            for (std::size_t s = 0; s < 4; ++s) h[s] = in[4 * i + s];
            dst[i] = prog.accepts(h);
          }
        }
        return out;
      },
      py::arg("deals"), py::arg("program"), "Which deals of a batch a constraint program accepts.");
  m.def(
      "constrained_deals",
      [](std::uint64_t seed, std::uint64_t first_board, std::int64_t want, std::uint64_t max_tries,
         const HandsTuple& predealt, const std::vector<std::array<int, 5>>& ops, int threads) {
        if (want < 0) throw Error("number of deals must be >= 0");
        // Beyond this the buffers' sizes overflow (or std::vector's length_error escapes as a
        // bare ValueError); the Python layer asks for at most one slice's worth.
        if (want > kMaxBatch) throw Error("number of deals must be at most 2**40");
        const ConstraintProgram prog = make_program(ops);
        std::vector<std::uint64_t> deals(static_cast<std::size_t>(want) * 4);
        std::vector<std::uint64_t> boards(static_cast<std::size_t>(want));
        std::uint64_t tried = 0;
        std::size_t found = 0;
        {
          py::gil_scoped_release release;
          found = constrained_deals(seed, first_board, static_cast<std::size_t>(want), max_tries,
                                    predealt, prog, deals.data(), boards.data(), &tried, threads);
        }
        py::array_t<std::uint64_t> d({static_cast<py::ssize_t>(found), py::ssize_t{4}});
        py::array_t<std::uint64_t> b(static_cast<py::ssize_t>(found));
        if (found) {
          std::memcpy(d.mutable_data(), deals.data(), found * 4 * sizeof(std::uint64_t));
          std::memcpy(b.mutable_data(), boards.data(), found * sizeof(std::uint64_t));
        }
        return py::make_tuple(d, b, tried);
      },
      py::arg("seed"), py::arg("first_board"), py::arg("want"), py::arg("max_tries"),
      py::arg("predealt"), py::arg("program"), py::arg("threads") = 1,
      "Deals the program accepts, with their board numbers: (deals, boards, boards tried).");
  m.def(
      "contract_pars",
      // Contract-bridge par of a batch (redouble/par.hpp): tables (N, 5, 4), vulnerability and
      // first (N,), all uint8. Returns (scores (N,) int32 for NS, offsets (N + 1,) int64,
      // contracts (M,) uint16 packed as redouble::ParCode); row i's contracts are
      // contracts[offsets[i]:offsets[i + 1]].
      [](const py::array_t<std::uint8_t, py::array::c_style>& tables,
         const py::array_t<std::uint8_t, py::array::c_style>& vulnerability,
         const py::array_t<std::uint8_t, py::array::c_style>& first) {
        if (tables.ndim() != 3 || tables.shape(1) != 5 || tables.shape(2) != 4)
          throw Error("tables must have shape (N, 5, 4)");
        const auto n = static_cast<std::size_t>(tables.shape(0));
        if (vulnerability.ndim() != 1 || static_cast<std::size_t>(vulnerability.shape(0)) != n)
          throw Error("vulnerability must have shape (N,)");
        if (first.ndim() != 1 || static_cast<std::size_t>(first.shape(0)) != n)
          throw Error("first must have shape (N,)");
        py::array_t<std::int32_t> scores(static_cast<py::ssize_t>(n));
        py::array_t<std::int64_t> offsets(static_cast<py::ssize_t>(n + 1));
        std::vector<ParCode> codes;
        {
          std::int32_t* s = scores.mutable_data();
          std::int64_t* o = offsets.mutable_data();
          py::gil_scoped_release release;
          contract_pars(tables.data(), vulnerability.data(), first.data(), n, s, o, &codes);
        }
        py::array_t<std::uint16_t> contracts(static_cast<py::ssize_t>(codes.size()));
        if (!codes.empty())
          std::memcpy(contracts.mutable_data(), codes.data(), codes.size() * sizeof(ParCode));
        return py::make_tuple(scores, offsets, contracts);
      },
      py::arg("tables"), py::arg("vulnerability"), py::arg("first"),
      "Contract-bridge par of (N, 5, 4) uint8 tables: (scores, offsets, packed contracts).");
}

}  // namespace redouble::bindings
