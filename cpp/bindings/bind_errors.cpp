// Translates the core's exceptions into redouble.errors classes (ValueError subclasses).
#include "bindings.hpp"
#include "redouble/errors.hpp"

namespace redouble::bindings {

namespace {

// The Python classes live in redouble/errors.py so they can carry docstrings and be raised by
// pure-Python code too; they are looked up when an error is raised, which is rare.
void raise_as(const char* name, const std::exception& e) {
  py::object cls = py::module_::import("redouble.errors").attr(name);
  PyErr_SetString(cls.ptr(), e.what());
}

}  // namespace

void bind_errors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InvalidDeal& e) {
      raise_as("InvalidDealError", e);
    } catch (const IllegalPlay& e) {
      raise_as("IllegalPlayError", e);
    } catch (const IllegalCall& e) {
      raise_as("IllegalCallError", e);
    } catch (const ParseError& e) {
      raise_as("FormatError", e);
    } catch (const Error& e) {
      raise_as("RedoubleError", e);
    }
  });
}

}  // namespace redouble::bindings
