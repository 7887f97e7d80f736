// File formats in the core: the PBN deal-only scanner, bytes in, an (N, 4) uint64 array out.
#include <string>
#include <vector>

#include "bindings.hpp"
#include "redouble/pbn_scan.hpp"

namespace redouble::bindings {

void bind_formats(py::module_& m) {
  m.def(
      "scan_pbn_deals",
      [](const py::bytes& data) {
        // Copy out of the Python object, then scan without the GIL.
        const std::string text = data;
        std::vector<std::uint64_t> masks;
        {
          py::gil_scoped_release release;
          scan_pbn_deals(text, masks);
        }
        const auto rows = static_cast<py::ssize_t>(masks.size() / 4);
        py::array_t<std::uint64_t> out({rows, py::ssize_t{4}});
        std::copy(masks.begin(), masks.end(), out.mutable_data());
        return out;
      },
      py::arg("data"),
      "The hand masks (N, E, S, W) of every board's Deal tag in PBN bytes, as (N, 4) uint64.");
}

}  // namespace redouble::bindings
