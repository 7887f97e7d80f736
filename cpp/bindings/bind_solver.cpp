// Placeholder until the solver lands (issue 3): binds nothing yet.
#include "bindings.hpp"

namespace redouble::bindings {

void bind_solver(py::module_&) {}

}  // namespace redouble::bindings
