// Seeded dealing: single deals, numpy batches (GIL released), predeal and the recorded procedure.
#include "bindings.hpp"
#include "redouble/dealer.hpp"
#include "redouble/errors.hpp"

namespace redouble::bindings {

/// Most threads one deals_batch call may use.
constexpr int kMaxDealThreads = 256;

void bind_dealer(py::module_& m) {
  m.def("board_dealer", &board_dealer, py::arg("board"));
  m.def("board_vulnerability", &board_vulnerability, py::arg("board"));
  m.def("board_deal", &board_deal, py::arg("seed"), py::arg("board"),
        "The deal of (seed, board): four hand masks.");
  m.def(
      "deals_batch",
      [](std::uint64_t seed, std::uint64_t first_board, std::int64_t n, int threads) {
        if (n < 0) throw Error("number of deals must be >= 0");
        if (n > kMaxBatch) throw Error("number of deals must be at most 2**40");
        if (threads < 1 || threads > kMaxDealThreads)
          throw Error("threads must be 1.." + std::to_string(kMaxDealThreads) + ", got " +
                      std::to_string(threads));
        py::array_t<std::uint64_t> out({static_cast<py::ssize_t>(n), py::ssize_t{4}});
        std::uint64_t* ptr = out.mutable_data();
        {
          py::gil_scoped_release release;
          deals_batch_parallel(seed, first_board, static_cast<std::size_t>(n), ptr, threads);
        }
        return out;
      },
      py::arg("seed"), py::arg("first_board"), py::arg("n"), py::arg("threads") = 1,
      "n deals (boards first_board, first_board+1, ...) as an (n, 4) uint64 array, dealt on "
      "`threads` threads (the same deals for any count).");
  m.attr("MAX_DEAL_THREADS") = kMaxDealThreads;
  m.def(
      "predeal_batch",
      [](std::uint64_t seed, std::uint64_t first_board, std::int64_t n, const Hands& predealt,
         int hand_size) {
        if (n < 0) throw Error("number of deals must be >= 0");
        if (n > kMaxBatch) throw Error("number of deals must be at most 2**40");
        py::array_t<std::uint64_t> out({static_cast<py::ssize_t>(n), py::ssize_t{4}});
        std::uint64_t* ptr = out.mutable_data();
        // Validate once with the GIL held so errors surface before any work.
        {
          Rng probe(seed, first_board);
          (void)predeal(probe, predealt, hand_size);
        }
        {
          py::gil_scoped_release release;
          for (std::int64_t i = 0; i < n; ++i) {
            Rng rng(seed, first_board + static_cast<std::uint64_t>(i));
            const Hands h = predeal(rng, predealt, hand_size);
            for (std::size_t s = 0; s < 4; ++s) ptr[4 * i + static_cast<std::int64_t>(s)] = h[s];
          }
        }
        return out;
      },
      py::arg("seed"), py::arg("first_board"), py::arg("n"), py::arg("predealt"),
      py::arg("hand_size") = 13,
      "n deals honouring the predealt cards, one per (seed, board) stream.");
  m.def(
      "deal_procedure",
      [](std::uint64_t seed, std::uint64_t board, int dealer) {
        Rng rng(seed, board);
        const DealRecord r = deal_procedure(rng, dealer);
        return py::make_tuple(r.dealer, r.shuffled, r.cut, r.pack, r.seats);
      },
      py::arg("seed"), py::arg("board"), py::arg("dealer"),
      "Shuffle, cut and deal as the laws describe: (dealer, shuffled, cut, pack, seats).");
}

}  // namespace redouble::bindings
