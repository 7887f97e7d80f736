// LIN in the core, bound: UTF-8 bytes in, the boards out as compact tuples that
// python/redouble/formats/lin.py turns into records (typed where the core could type the
// board, else its pairs for the reference reader), and the deal-only scan to (N, 4) uint64.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bindings.hpp"
#include "redouble/lin.hpp"

namespace redouble::bindings {

namespace {

// A Python str of UTF-8 bytes (lone surrogates allowed: a Python str's own "surrogatepass").
py::str to_str(std::string_view s) {
  bool ascii = true;
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
      break;
    }
  PyObject* o = nullptr;
  if (ascii) {
    o = PyUnicode_New(static_cast<py::ssize_t>(s.size()), 0x7F);
    if (o != nullptr) std::copy(s.begin(), s.end(), static_cast<char*>(PyUnicode_DATA(o)));
  } else {
    o = PyUnicode_DecodeUTF8(s.data(), static_cast<py::ssize_t>(s.size()), "surrogatepass");
  }
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

class Collector : public LinSink {
 public:
  Collector() = default;

  void board(const LinError* problem, const std::vector<LinPair>& pairs) override {
    if (problem != nullptr) {
      out_.append(py::make_tuple(1, error_tuple(*problem)));
    } else if (type_lin_board(pairs, fast_)) {
      out_.append(py::make_tuple(2, fast_tuple()));
    } else {
      py::list raw(pairs.size());
      for (std::size_t k = 0; k < pairs.size(); ++k) {
        const LinPair& p = pairs[k];
        raw[k] = py::make_tuple(short_str(p.key_view()), to_str(p.value), p.line, p.column);
      }
      out_.append(py::make_tuple(3, raw));
    }
  }

  void error(const LinError& e) override { out_.append(py::make_tuple(0, error_tuple(e))); }

  py::list take() {
    py::list out = std::move(out_);
    out_ = py::list();
    return out;
  }

 private:
  static py::tuple error_tuple(const LinError& e) {
    return py::make_tuple(static_cast<int>(e.kind), to_str(e.text), e.line, e.column,
                          static_cast<int>(e.byte));
  }

  // Names, short values and keys recur board after board: one str per spelling (bounded).
  py::object short_str(std::string_view s) {
    if (s.size() > 24) return to_str(s);
    key_.assign(s);
    auto it = interned_.find(key_);
    if (it != interned_.end()) return it->second;
    py::object o = to_str(s);
    if (interned_.size() < 4096) interned_.emplace(key_, o);
    return o;
  }

  py::object tag_name(const LinFastBoard::Tag& t) {
    static constexpr std::array<std::string_view, 8> kNames = {"South", "West",   "North",  "East",
                                                               "",      "Lin_pn", "Lin_ah", "Room"};
    if (t.name != 4) return short_str(kNames[static_cast<std::size_t>(t.name)]);
    std::string name = "Lin_";
    name.append(t.key);
    return short_str(name);
  }

  py::tuple fast_tuple() {
    const LinFastBoard& b = fast_;
    py::list tags(b.tags.size());
    for (std::size_t k = 0; k < b.tags.size(); ++k)
      tags[k] = py::make_tuple(tag_name(b.tags[k]), short_str(b.tags[k].value));
    py::object deal = py::none();
    if (b.has_deal) deal = py::make_tuple(b.deal[0], b.deal[1], b.deal[2], b.deal[3]);
    py::list notes(b.notes.size());
    for (std::size_t k = 0; k < b.notes.size(); ++k)
      notes[k] = py::make_tuple(b.notes[k].first, to_str(b.notes[k].second));
    py::object play = py::none();
    if (b.has_play) play = py::bytes(reinterpret_cast<const char*>(b.play.data()), b.play.size());
    py::list commentary(b.commentary.size());
    for (std::size_t k = 0; k < b.commentary.size(); ++k) commentary[k] = to_str(b.commentary[k]);
    py::list places(b.commentary_after.size());
    for (std::size_t k = 0; k < b.commentary_after.size(); ++k) {
      const LinFastBoard::Place& at = b.commentary_after[k];
      // A board holds at most max_pairs pairs, so the count is small: the text is short.
      std::string text = at.kind == LinFastBoard::Place::kCall   ? "mb:"
                         : at.kind == LinFastBoard::Place::kCard ? "pc:"
                                                                 : "mc:";
      text.append(std::to_string(at.count));
      places[k] = short_str(text);
    }
    py::object board = py::none();
    if (b.board >= 0) board = py::int_(b.board);
    return py::make_tuple(tags, board, b.dealer, b.vulnerability, deal,
                          py::bytes(reinterpret_cast<const char*>(b.calls.data()), b.calls.size()),
                          notes, b.contract, b.declarer, play, b.play_last, b.played, b.claim,
                          commentary, places);
  }

  py::list out_;
  LinFastBoard fast_;
  std::string key_;
  std::unordered_map<std::string, py::object> interned_;
};

// The streaming reader: chunks in, the events of the boards they complete out (read_lin's).
class LinReader {
 public:
  LinReader(int codec, bool drop_bom, bool skip, std::size_t max_value, std::size_t max_pairs)
      : stream_(codec_of(codec), drop_bom, skip, max_value, max_pairs) {}

  py::list feed(const py::bytes& data, bool final) {
    stream_.feed(static_cast<std::string_view>(data), final, collector_);
    return collector_.take();
  }

 private:
  static LinStream::Codec codec_of(int codec) {
    if (codec < 0 || codec > 3) throw py::value_error("codec must be 0, 1, 2 or 3");
    return static_cast<LinStream::Codec>(codec);
  }

  LinStream stream_;
  Collector collector_;
};

}  // namespace

void bind_lin(py::module_& m) {
  m.def(
      "read_lin",
      [](const py::bytes& data, bool skip, std::size_t max_value, std::size_t max_pairs) {
        const std::string_view text = static_cast<std::string_view>(data);
        Collector collector;
        scan_lin(text, skip, max_value, max_pairs, collector);
        return collector.take();
      },
      py::arg("data"), py::arg("skip"), py::arg("max_value"), py::arg("max_pairs"),
      "The boards of LIN text (UTF-8 bytes) as the record reader's events (see "
      "redouble.formats.lin, its only user).");
  m.def(
      "scan_lin_deals",
      [](const py::bytes& data) {
        const std::string text = data;
        std::vector<std::uint64_t> masks;
        {
          py::gil_scoped_release release;
          scan_lin_deals(text, masks);
        }
        const auto rows = static_cast<py::ssize_t>(masks.size() / 4);
        py::array_t<std::uint64_t> out({rows, py::ssize_t{4}});
        std::copy(masks.begin(), masks.end(), out.mutable_data());
        return out;
      },
      py::arg("data"),
      "The hand masks (N, E, S, W) of every md| in LIN text (UTF-8 bytes), as (N, 4) uint64.");
  py::class_<LinReader>(m, "LinReader",
                        "LIN bytes in chunks to the record reader's events, in bounded memory "
                        "(redouble.formats.lin is its only user).")
      .def(py::init<int, bool, bool, std::size_t, std::size_t>(), py::arg("codec"),
           py::arg("drop_bom"), py::arg("skip"), py::arg("max_value"), py::arg("max_pairs"))
      .def("feed", &LinReader::feed, py::arg("data"), py::arg("final"),
           "The events of the boards that `data` completes (all the rest when `final`): codec "
           "0 UTF-8 text, 1 strict UTF-8, 2 ISO-8859-1, 3 UTF-8 up to the first invalid byte "
           "and ISO-8859-1 from there.");
}

}  // namespace redouble::bindings
