// The Position class (mutable play state) and trick resolution.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "bindings.hpp"
#include "redouble/deal.hpp"
#include "redouble/errors.hpp"
#include "redouble/position.hpp"

namespace redouble::bindings {

namespace {

/// The play state that equality and hashing compare: the cards each seat holds, the strain,
/// the leader, the cards on the table and the tricks won per side (not how play got there).
bool same_state(const Position& a, const Position& b) {
  if (a.hands() != b.hands() || a.strain() != b.strain() || a.leader() != b.leader() ||
      a.trick_size() != b.trick_size() || a.tricks_won(0) != b.tricks_won(0) ||
      a.tricks_won(1) != b.tricks_won(1))
    return false;
  for (int i = 0; i < a.trick_size(); ++i)
    if (a.trick_card(i) != b.trick_card(i)) return false;
  return true;
}

std::size_t state_hash(const Position& p) {
  // FNV-1a over the fields same_state compares.
  std::uint64_t h = 1469598103934665603ULL;
  const auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ULL;
  };
  for (const std::uint64_t m : p.hands()) mix(m);
  mix(static_cast<std::uint64_t>(p.strain()));
  mix(static_cast<std::uint64_t>(p.leader()));
  for (int i = 0; i < p.trick_size(); ++i) mix(static_cast<std::uint64_t>(p.trick_card(i)) + 64);
  mix(static_cast<std::uint64_t>(p.tricks_won(0)) << 8 |
      static_cast<std::uint64_t>(p.tricks_won(1)));
  return static_cast<std::size_t>(h);
}

/// Pickled state: the position as it was set up (hands, strain, leader, trick) and every card
/// played since, in order; rebuilt by replaying them, so the copy undoes as far back.
py::tuple start_state(const Position& p) {
  Position start = p;
  std::vector<int> plays(static_cast<std::size_t>(p.history_size()));
  for (int i = 0; i < p.history_size(); ++i) plays[static_cast<std::size_t>(i)] = p.history_card(i);
  while (start.history_size() > 0) start.undo();
  std::vector<int> trick;
  trick.reserve(static_cast<std::size_t>(start.trick_size()));
  for (int i = 0; i < start.trick_size(); ++i) trick.push_back(start.trick_card(i));
  return py::make_tuple(start.hands(), start.strain(), start.leader(), trick, plays);
}

Position from_start_state(const py::tuple& state) {
  if (state.size() != 5) throw InvalidDeal("a Position's state is a tuple of five items");
  HandsTuple hands{};
  std::vector<int> trick;
  std::vector<int> plays;
  int strain = 0;
  int leader = 0;
  try {
    hands = state[0].cast<HandsTuple>();
    strain = state[1].cast<int>();
    leader = state[2].cast<int>();
    trick = state[3].cast<std::vector<int>>();
    plays = state[4].cast<std::vector<int>>();
  } catch (const py::cast_error&) {
    throw InvalidDeal("a Position's state is (hands, strain, leader, trick, plays) of ints");
  }
  Position p(hands, checked_index(strain, 0, kNoTrump, "strain"),
             checked_index(leader, 0, 3, "leader"), trick);
  for (const int c : plays) p.play(c);
  return p;
}

}  // namespace

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
             t.reserve(static_cast<std::size_t>(p.trick_size()));
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
            // A deep count runs for hours: Ctrl-C must stop it. The signal handler only sets
            // a flag while the GIL is released, so the count takes the GIL to check signals,
            // at most every kSignalPoll (taking it more often would slow a count that other
            // Python threads compete with for the GIL), as BatchPool.run does.
            using Clock = std::chrono::steady_clock;
            static constexpr auto kSignalPoll = std::chrono::milliseconds(50);
            Clock::time_point next = Clock::now() + kSignalPoll;
            const std::function<void()> poll = [&next] {
              const Clock::time_point now = Clock::now();
              if (now < next) return;
              next = now + kSignalPoll;
              py::gil_scoped_acquire gil;
              if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            };
            py::gil_scoped_release release;
            return copy.perft(depth, poll);
          },
          py::arg("depth"))
      .def("copy", [](const Position& p) { return Position(p); })
      .def(
          "__eq__", [](const Position& a, const Position& b) { return same_state(a, b); },
          py::is_operator())
      .def("__hash__", &state_hash)
      .def(py::pickle(&start_state, &from_start_state));
}

}  // namespace redouble::bindings
