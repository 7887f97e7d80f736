// Exports the encoding of types.hpp so tests/test_constants.py can check the Python enums.
#include "bindings.hpp"
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

  // How this binary was built, for test and benchmark reports.
  py::dict build;
#ifdef __POPCNT__
  build["popcnt"] = true;
#else
  build["popcnt"] = false;
#endif
#ifdef __BMI2__
  build["bmi2"] = true;
#else
  build["bmi2"] = false;
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
