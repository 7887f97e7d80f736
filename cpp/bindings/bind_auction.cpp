// The Auction class (legal calls as a 64-bit mask, faults as small ints) and its rules.
#include "bindings.hpp"
#include "redouble/auction.hpp"
#include "redouble/errors.hpp"

namespace redouble::bindings {

void bind_auction(py::module_& m) {
  m.attr("PASS") = kPass;
  m.attr("DOUBLE") = kDouble;
  m.attr("REDOUBLE") = kRedouble;
  m.attr("FIRST_BID") = kFirstBid;

  m.def(
      "make_auction_rules",
      [](const std::vector<int>& trick_values, bool by_value, bool dealer_must_bid, int max_level,
         int passes_to_close) {
        if (trick_values.empty() || trick_values.size() > kMaxDeclarations)
          throw IllegalCall("an auction needs 1 to 8 declarations");
        // A bid's value is level x trick value (1912 law 44): bounded so it cannot overflow.
        for (const int v : trick_values) checked_index(v, 0, 1 << 20, "a trick value");
        AuctionRules r;
        r.num_declarations = static_cast<int>(trick_values.size());
        for (std::size_t i = 0; i < trick_values.size(); ++i) r.trick_value[i] = trick_values[i];
        r.by_value = by_value;
        r.dealer_must_bid = dealer_must_bid;
        r.max_level = checked_index(max_level, 1, 7, "max_level");
        r.passes_to_close = checked_index(passes_to_close, 1, 3, "passes_to_close");
        return r;
      },
      py::arg("trick_values"), py::arg("by_value"), py::arg("dealer_must_bid"),
      py::arg("max_level") = 7, py::arg("passes_to_close") = 3);
  py::class_<AuctionRules>(m, "AuctionRules")
      .def_property_readonly("num_declarations",
                             [](const AuctionRules& r) { return r.num_declarations; })
      .def_property_readonly("by_value", [](const AuctionRules& r) { return r.by_value; });

  py::class_<Auction>(m, "Auction")
      .def(py::init<const AuctionRules&, int>(), py::arg("rules"), py::arg("dealer"))
      .def("dealer", &Auction::dealer)
      .def("to_call", &Auction::to_call)
      .def("calls", &Auction::calls)
      .def("num_calls", &Auction::num_calls)
      .def(
          "fault", [](const Auction& a, int c) { return static_cast<int>(a.fault(c)); },
          py::arg("call"))
      .def("legal_calls", &Auction::legal_calls)
      .def("call", &Auction::call, py::arg("call"))
      .def("undo", &Auction::undo)
      .def("is_complete", &Auction::is_complete)
      .def("is_passed_out", &Auction::is_passed_out)
      .def("last_bid", &Auction::last_bid)
      .def("last_bidder", &Auction::last_bidder)
      .def("doubling", &Auction::doubling)
      .def("declarer", &Auction::declarer)
      .def(
          "is_higher",
          [](const Auction& a, long long x, long long y) {
            const int last = a.num_calls() - 1;
            return a.is_higher(checked_index(x, kFirstBid, last, "a (a bid id)"),
                               checked_index(y, kFirstBid, last, "b (a bid id)"));
          },
          py::arg("a"), py::arg("b"))
      .def("copy", [](const Auction& a) { return Auction(a); });
  m.def(
      "describe_fault",
      [](long long f) {
        return describe(static_cast<CallFault>(
            checked_index(f, 0, static_cast<int>(CallFault::AlreadyRedoubled), "fault")));
      },
      py::arg("fault"));
}

}  // namespace redouble::bindings
