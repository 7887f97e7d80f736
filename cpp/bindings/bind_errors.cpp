// Translates the core's exceptions into redouble.errors classes (ValueError subclasses).
#include "bindings.hpp"
#include "redouble/errors.hpp"

namespace redouble::bindings {

namespace {

// The Python classes live in redouble/errors.py so they can carry docstrings and be raised by
// pure-Python code too; they are looked up when an error is raised, which is rare.
// A message may quote the caller's text, which need not be valid UTF-8 (half of a multi-byte
// character, a Latin-1 byte): it is decoded with backslash escapes, so the caller always gets
// our error and never a UnicodeDecodeError raised while reporting it.
void raise_as(const char* name, const std::exception& e) {
  py::object cls = py::module_::import("redouble.errors").attr(name);
  const std::string what = e.what();
  PyObject* message =
      PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()), "backslashreplace");
  if (message == nullptr) {
    PyErr_Clear();
    PyErr_SetString(cls.ptr(), "(an error whose message could not be decoded)");
    return;
  }
  PyErr_SetObject(cls.ptr(), message);
  Py_DECREF(message);
}

}  // namespace

void bind_errors(py::module_&) {
  // By value: pybind11's translator type is void (*)(std::exception_ptr).
  // NOLINTNEXTLINE(performance-unnecessary-value-param)
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
