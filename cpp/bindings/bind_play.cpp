// The Position class (mutable play state) and trick resolution.
#include "bindings.hpp"
#include "redouble/deal.hpp"
#include "redouble/errors.hpp"
#include "redouble/position.hpp"

namespace redouble::bindings {

void bind_play(py::module_& m) {
  m.def(
      "trick_winner",
      [](const std::vector<int>& cards, int leader, int strain) {
        if (cards.empty() || cards.size() > 4) throw IllegalPlay("a trick holds 1 to 4 cards");
        for (const int c : cards) checked_index(c, 0, kNumCards - 1, "a trick card");
        return trick_winner(cards.data(), static_cast<int>(cards.size()),
                            checked_index(leader, 0, 3, "leader"),
                            checked_index(strain, 0, kNoTrump, "strain"));
      },
      py::arg("cards"), py::arg("leader"), py::arg("strain"),
      "Seat winning the (partial) trick led by `leader` under `strain`.");

  py::class_<Position>(m, "Position")
      .def(py::init<const Hands&, int, int, const std::vector<int>&>(), py::arg("hands"),
           py::arg("strain"), py::arg("leader"), py::arg("trick") = std::vector<int>{})
      .def(
          "hand",
          [](const Position& p, long long seat) {
            return p.hand(checked_index(seat, 0, 3, "seat"));
          },
          py::arg("seat"))
      .def("hands", &Position::hands)
      .def("strain", &Position::strain)
      .def("leader", &Position::leader)
      .def("to_play", &Position::to_play)
      .def("trick_size", &Position::trick_size)
      .def("trick",
           [](const Position& p) {
             std::vector<int> t;
             for (int i = 0; i < p.trick_size(); ++i) t.push_back(p.trick_card(i));
             return t;
           })
      .def(
          "tricks_won",
          [](const Position& p, long long side) {
            return p.tricks_won(checked_index(side, 0, 1, "side"));
          },
          py::arg("side"))
      .def("tricks_left", &Position::tricks_left)
      .def("legal_plays", &Position::legal_plays)
      .def("is_complete", &Position::is_complete)
      .def("history_size", &Position::history_size)
      .def("play", &Position::play, py::arg("card"))
      .def("undo", &Position::undo)
      .def(
          "perft",
          [](const Position& p, int depth) {
            // perft plays and undoes cards: on a copy, so that another thread using this
            // Position while the GIL is released sees (and corrupts) nothing.
            Position copy = p;
            py::gil_scoped_release release;
            return copy.perft(depth);
          },
          py::arg("depth"))
      .def("copy", [](const Position& p) { return Position(p); });
}

}  // namespace redouble::bindings
