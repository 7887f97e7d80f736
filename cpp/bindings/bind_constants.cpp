// Exports the encoding of types.hpp so tests/test_constants.py can check the Python enums.
#include "bindings.hpp"
#include "redouble/dispatch.hpp"
#include "redouble/types.hpp"

namespace redouble::bindings {

void bind_constants(py::module_& m) {
  py::dict c;
  c["CLUBS"] = static_cast<int>(Suit::Clubs);
  c["DIAMONDS"] = static_cast<int>(Suit::Diamonds);
  c["HEARTS"] = static_cast<int>(Suit::Hearts);
  c["SPADES"] = static_cast<int>(Suit::Spades);
  c["NOTRUMP"] = static_cast<int>(Strain::NoTrump);
  c["NORTH"] = static_cast<int>(Seat::North);
  c["EAST"] = static_cast<int>(Seat::East);
  c["SOUTH"] = static_cast<int>(Seat::South);
  c["WEST"] = static_cast<int>(Seat::West);
  c["NS"] = static_cast<int>(Side::NS);
  c["EW"] = static_cast<int>(Side::EW);
  c["TWO"] = static_cast<int>(Rank::Two);
  c["ACE"] = static_cast<int>(Rank::Ace);
  c["NUM_CARDS"] = kNumCards;
  c["NUM_RANKS"] = kNumRanks;
  c["SUIT_MASK"] = kSuitMask;
  c["FULL_DECK"] = kFullDeck;
  c["RANK_CHARS"] = kRankChars;
  c["SUIT_CHARS"] = kSuitChars;
  c["SEAT_CHARS"] = kSeatChars;
  c["CARD_ID_SA"] = card_id(3, 12);
  m.attr("constants") = c;

  // How this binary was built, and which search kernel runs, for test and benchmark reports.
  py::dict build;
  // popcnt/bmi2: does the search in use have the instructions (the dispatched kernel or a build
  // for the building CPU)?
  const std::string features = solver_kernel_features();
#ifdef __POPCNT__
  build["popcnt"] = true;
#else
  build["popcnt"] = features.find("popcnt") != std::string::npos;
#endif
#ifdef __BMI2__
  build["bmi2"] = true;
#else
  build["bmi2"] = features.find("bmi2") != std::string::npos;
#endif
  build["kernel"] = solver_kernel();
  build["kernel_features"] = features;
  build["kernels"] = solver_kernels();
#ifdef REDOUBLE_CXX_FLAGS
  build["cxx_flags"] = REDOUBLE_CXX_FLAGS;
#endif
#ifdef NDEBUG
  build["optimized"] = true;
#else
  build["optimized"] = false;
#endif
#ifdef __VERSION__
  build["compiler"] = __VERSION__;
#endif
  m.attr("build_info") = build;
}

}  // namespace redouble::bindings
