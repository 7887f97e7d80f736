// Deal strings and deal numbers across the boundary (hands as 4-tuples of ints).
#include "bindings.hpp"
#include "redouble/deal.hpp"

namespace redouble::bindings {

void bind_cards(py::module_& m) {
  m.def("validate_deal", &validate_deal, py::arg("hands"), py::arg("full"),
        "Raise InvalidDealError unless the hands are disjoint, of equal size (13 if full).");
  m.def("parse_pbn_deal", &parse_pbn_deal, py::arg("text"),
        "Parse a PBN deal string into four hand masks indexed by seat.");
  m.def("format_pbn_deal", &format_pbn_deal, py::arg("hands"), py::arg("first_seat") = 0,
        "Format four hand masks as a PBN deal string.");
  m.def("format_pbn_hand", &format_pbn_hand, py::arg("mask"),
        "Format one hand mask as 'spades.hearts.diamonds.clubs'.");
  m.def(
      "deal_count",
      [] {
        const DealIndex d = deal_count();
        return py::make_tuple(d.high, d.low);
      },
      "52!/(13!)^4 as (high, low) 64-bit halves.");
  m.def(
      "deal_to_index",
      [](const Hands& h) {
        const DealIndex d = deal_to_index(h);
        return py::make_tuple(d.high, d.low);
      },
      py::arg("hands"), "The deal number of a full deal as (high, low) 64-bit halves.");
  m.def(
      "deal_from_index",
      [](std::uint64_t high, std::uint64_t low) {
        return deal_from_index({high, low});
      },
      py::arg("high"), py::arg("low"), "The full deal with the given number.");
}

}  // namespace redouble::bindings
