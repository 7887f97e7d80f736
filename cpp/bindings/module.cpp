// The compiled module redouble._core: version, then each API area in dependency order.
#include "bindings.hpp"

#ifndef REDOUBLE_VERSION
#define REDOUBLE_VERSION "0.0.0"
#endif

PYBIND11_MODULE(_core, m) {
  m.doc() = "redouble's C++ core: cards, dealing, card play and the double-dummy solver.";
  m.attr("__version__") = REDOUBLE_VERSION;
  using namespace redouble::bindings;
  bind_errors(m);
  bind_constants(m);
  bind_cards(m);
  bind_dealer(m);
  bind_auction(m);
  bind_play(m);
  bind_solver(m);
  bind_formats(m);
  bind_analysis(m);
  bind_lin(m);
}
