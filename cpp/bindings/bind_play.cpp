// The Position class (mutable play state) and trick resolution.
#include "bindings.hpp"
#include "redouble/errors.hpp"
#include "redouble/deal.hpp"
#include "redouble/position.hpp"

namespace redouble::bindings {

void bind_play(py::module_& m) {
  m.def(
      "trick_winner",
      [](const std::vector<int>& cards, int leader, int strain) {
        if (cards.empty() || cards.size() > 4) throw IllegalPlay("a trick holds 1 to 4 cards");
        return trick_winner(cards.data(), static_cast<int>(cards.size()), leader, strain);
      },
      py::arg("cards"), py::arg("leader"), py::arg("strain"),
      "Seat winning the (partial) trick led by `leader` under `strain`.");

  py::class_<Position>(m, "Position")
      .def(py::init<const Hands&, int, int, const std::vector<int>&>(), py::arg("hands"),
           py::arg("strain"), py::arg("leader"), py::arg("trick") = std::vector<int>{})
      .def("hand", &Position::hand, py::arg("seat"))
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
      .def("tricks_won", &Position::tricks_won, py::arg("side"))
      .def("tricks_left", &Position::tricks_left)
      .def("legal_plays", &Position::legal_plays)
      .def("is_complete", &Position::is_complete)
      .def("history_size", &Position::history_size)
      .def("play", &Position::play, py::arg("card"))
      .def("undo", &Position::undo)
      .def("perft", &Position::perft, py::arg("depth"),
           py::call_guard<py::gil_scoped_release>())
      .def("copy", [](const Position& p) { return Position(p); });
}

}  // namespace redouble::bindings
