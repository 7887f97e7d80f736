// File formats in the core: the PBN deal-only scanner, bytes in, an (N, 4) uint64 array out;
// and the PBN lexer of the record reader, bytes in, each board's tags, section tokens and
// comments out as compact tuples, or a common board's typed fields made of shared objects
// (python/redouble/formats/pbn.py builds the records).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "redouble/pbn_scan.hpp"
#include "redouble/text.hpp"

namespace redouble::bindings {

namespace {

// PBN tokenising for the record reader (python/redouble/formats/pbn.py, PbnReader is the
// reference): the same lines, decoding, tokens, limits, errors and recovery, so that the
// reader's records and FormatErrors do not depend on which path read the file. Text is held
// as code points so that columns count characters, as Python's do.

using Text = std::u32string;

bool name_char(char32_t c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Strict UTF-8 (no overlong forms, no surrogates, at most U+10FFFF), as Python decodes it;
// `surrogates` lets lone surrogates through (a Python str's "surrogatepass" bytes). Returns
// false with `bad` at the first byte of the first invalid sequence.
bool decode_utf8(std::string_view s, Text& out, std::size_t& bad, bool surrogates = false) {
  out.clear();
  std::size_t i = 0;
  const std::size_t n = s.size();
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  auto cont = [&](std::size_t k, unsigned lo, unsigned hi) {
    return k < n && byte(k) >= lo && byte(k) <= hi;
  };
  while (i < n) {
    const unsigned b = byte(i);
    if (b < 0x80) {
      out.push_back(b);
      ++i;
    } else if (b >= 0xC2 && b <= 0xDF && cont(i + 1, 0x80, 0xBF)) {
      out.push_back(((b & 0x1FU) << 6) | (byte(i + 1) & 0x3FU));
      i += 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      const unsigned lo = b == 0xE0 ? 0xA0 : 0x80;
      const unsigned hi = b == 0xED && !surrogates ? 0x9F : 0xBF;
      if (!cont(i + 1, lo, hi) || !cont(i + 2, 0x80, 0xBF)) {
        bad = i;
        return false;
      }
      out.push_back(((b & 0x0FU) << 12) | ((byte(i + 1) & 0x3FU) << 6) | (byte(i + 2) & 0x3FU));
      i += 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
      const unsigned lo = b == 0xF0 ? 0x90 : 0x80;
      const unsigned hi = b == 0xF4 ? 0x8F : 0xBF;
      if (!cont(i + 1, lo, hi) || !cont(i + 2, 0x80, 0xBF) || !cont(i + 3, 0x80, 0xBF)) {
        bad = i;
        return false;
      }
      out.push_back(((b & 0x07U) << 18) | ((byte(i + 1) & 0x3FU) << 12) |
                    ((byte(i + 2) & 0x3FU) << 6) | (byte(i + 3) & 0x3FU));
      i += 4;
    } else {
      bad = i;
      return false;
    }
  }
  return true;
}

py::str to_py(const char32_t* p, std::size_t n) {
  char32_t widest = 0;
  for (std::size_t k = 0; k < n; ++k) widest |= p[k];
  if (widest < 0x80) {
    // Most of a file is ASCII: build the compact str directly.
    PyObject* a = PyUnicode_New(static_cast<py::ssize_t>(n), 0x7F);
    if (a == nullptr) throw py::error_already_set();
    auto* out = static_cast<Py_UCS1*>(PyUnicode_DATA(a));
    for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<Py_UCS1>(p[k]);
    return py::reinterpret_steal<py::str>(a);
  }
  PyObject* o = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, p, static_cast<py::ssize_t>(n));
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

py::str to_py(const Text& t) { return to_py(t.data(), t.size()); }

Text from_ascii(std::string_view s) { return {s.begin(), s.end()}; }

// `low`: the tag's name in lower case.
bool is_section(const Text& low) {
  static const Text auction = from_ascii("auction");
  static const Text play = from_ascii("play");
  static const Text table = from_ascii("table");
  return low == auction || low == play ||
         (low.size() > 5 && low.compare(low.size() - 5, 5, table) == 0);
}

// A Deal value in the one spelling every writer uses ("N:AKQ.JT9.876.5432 ..." with upper-case
// ranks, all four hands of 13 distinct cards): its masks N, E, S, W in CardSet's layout
// (bit suit * 13 + rank, spades the highest suit). Anything else is left to the reference.
bool canonical_deal(const Text& v, std::array<std::uint64_t, 4>& hands) {
  static const std::string_view ranks = "23456789TJQKA";
  static const std::string_view seats = "NESW";
  if (v.size() < 2 || v[1] != ':') return false;
  const auto first = seats.find(static_cast<char>(v[0] < 0x80 ? v[0] : 0));
  if (first == std::string_view::npos) return false;
  hands = {0, 0, 0, 0};
  std::uint64_t all = 0;
  std::size_t i = 2;
  for (int k = 0; k < 4; ++k) {
    if (k > 0) {
      if (i >= v.size() || v[i] != ' ') return false;
      while (i < v.size() && v[i] == ' ') ++i;
    }
    std::uint64_t mask = 0;
    for (int suit = 3; suit >= 0; --suit) {
      while (i < v.size() && v[i] != '.' && v[i] != ' ') {
        const auto r = ranks.find(static_cast<char>(v[i] < 0x80 ? v[i] : 0));
        if (r == std::string_view::npos || v[i] == 0) return false;
        const std::uint64_t bit = std::uint64_t{1} << (suit * 13 + static_cast<int>(r));
        if ((mask & bit) != 0) return false;
        mask |= bit;
        ++i;
      }
      if (suit > 0) {
        if (i >= v.size() || v[i] != '.') return false;
        ++i;
      }
    }
    if (std::popcount(mask) != 13 || (all & mask) != 0) return false;
    all |= mask;
    hands[(first + static_cast<std::size_t>(k)) % 4] = mask;
  }
  return i == v.size();
}

// One tag, data token or comment of the board being read; its text (and a tag's value) lie in
// the board's arena, so that a token costs no allocation of its own.
struct Part {
  int kind;  // 0 tag, 1 data, 2 comment
  std::size_t text_off;
  std::size_t text_len;
  std::size_t value_off;
  std::size_t value_len;
  std::size_t line;
  std::size_t column;
};

struct LexError {
  std::string message;
  std::size_t line;
  std::size_t column;
  // For "unexpected text ... outside a section": the text, which Python quotes (repr).
  std::optional<Text> text;
};

std::string utf8(const Text& t) {
  std::string out;
  for (char32_t c : t) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (c >> 18)));
      out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

// The shared objects a typed board is made of (see PbnLexer::set_palette).
struct Palette {
  std::vector<py::object> seats;            // N, E, S, W
  std::vector<py::object> vulnerabilities;  // None, NS, EW, Both
  std::vector<py::object> calls;            // Pass, X, XX, 1C, 1D, 1H, 1S, 1NT, 2C, ... 7NT
  std::vector<py::object> cards;            // S2..SA, H2..HA, D2..DA, C2..CA
};

class PbnLexer {
 public:
  // codec: 0 UTF-8 where valid, else ISO-8859-1 (a byte-order mark means UTF-8); 1 UTF-8;
  // 2 ISO-8859-1. text: the bytes are a Python str's UTF-8 (no byte-order-mark rule).
  PbnLexer(bool text, int codec, std::size_t max_line, std::size_t max_section_tokens,
           std::size_t max_board_parts, std::size_t max_commentary)
      : text_(text),
        codec_(codec),
        max_line_(max_line),
        max_section_tokens_(max_section_tokens),
        max_board_parts_(max_board_parts),
        max_commentary_(max_commentary) {}

  // From now on a common board goes out as its typed fields, made of these objects.
  void set_palette(const py::sequence& seats, const py::sequence& vulnerabilities,
                   const py::sequence& calls, const py::sequence& cards) {
    auto take = [](const py::sequence& s, std::size_t n, const char* what) {
      if (s.size() != n)
        throw py::value_error(std::string(what) + " needs " + std::to_string(n) + " objects");
      std::vector<py::object> out;
      for (const auto& o : s) out.push_back(py::reinterpret_borrow<py::object>(o));
      return out;
    };
    palette_ = Palette{take(seats, 4, "seats"), take(vulnerabilities, 4, "vulnerabilities"),
                       take(calls, 38, "calls"), take(cards, 52, "cards")};
  }

  // The boards completed by `data` (and, when `final`, by the end of the input), each as
  // (error, groups): see pbn.py's _core_boards for the layout.
  py::list feed(const py::bytes& data, bool final) {
    py::list out;
    const std::string_view chunk = static_cast<std::string_view>(data);
    // A line is at most `cap` bytes before it is known to be too long (4 bytes a character
    // at most), so memory stays bounded whatever the input.
    const std::size_t cap = (max_line_ + 2) * 4;
    std::size_t i = 0;
    while (i < chunk.size()) {
      const auto nl = chunk.find('\n', i);
      const std::size_t end = nl == std::string_view::npos ? chunk.size() : nl;
      if (!overlong_) {
        pending_.append(chunk.substr(i, end - i));
        if (pending_.size() >= cap) {
          overlong_ = true;
          pending_.clear();
        }
      }
      if (nl == std::string_view::npos) break;
      line_done(out);
      i = nl + 1;
    }
    if (final) {
      if (overlong_ || !pending_.empty()) line_done(out);
      finish_board(out);
    }
    return out;
  }

 private:
  void line_done(py::list& out) {
    ++lineno_;
    const std::size_t n = lineno_;
    const bool overlong = overlong_;
    overlong_ = false;
    std::string raw;
    raw.swap(pending_);
    auto too_long = [&] {
      line_error(LexError{"line longer than " + std::to_string(max_line_) + " characters", n,
                          max_line_ + 1});
    };
    if (overlong) {
      too_long();
      return;
    }
    std::string_view bytes = raw;
    std::size_t bad = 0;
    if (text_) {
      decode_utf8(bytes, line_, bad, true);
      if (line_.size() >= max_line_ + 2) {
        too_long();
        return;
      }
    } else {
      if (bytes.size() >= (max_line_ + 2) * 4) {
        too_long();
        return;
      }
      if (n == 1 && bytes.substr(0, 3) == "\xEF\xBB\xBF") {
        bytes.remove_prefix(3);
        if (codec_ == 0) codec_ = 1;
      }
      if (codec_ == 2 || (codec_ == 0 && !decode_utf8(bytes, line_, bad))) {
        line_.assign(bytes.begin(), bytes.end());
        for (auto& c : line_) c = static_cast<unsigned char>(c);
      } else if (codec_ == 1 && !decode_utf8(bytes, line_, bad)) {
        Text before;
        std::size_t ignored = 0;
        decode_utf8(bytes.substr(0, bad), before, ignored);
        char hex[8];
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(bytes[bad]));
        line_error(
            LexError{std::string("byte 0x") + hex + " is not valid utf-8", n, before.size() + 1});
        return;
      }
    }
    while (!line_.empty() && (line_.back() == '\r' || line_.back() == '\n')) line_.pop_back();
    if (n == 1 && !line_.empty() && line_[0] == 0xFEFF) line_.erase(0, 1);
    if (line_.size() > max_line_) {
      too_long();
      return;
    }
    lex_line(out, n);
  }

  void line_error(LexError e) {
    if (!error_) error_ = std::move(e);
    parts_.clear();
    arena_.clear();
  }

  void add(int kind, const char32_t* text, std::size_t len, std::size_t line, std::size_t column,
           const Text* value = nullptr) {
    Part p{kind, arena_.size(), len, 0, 0, line, column};
    arena_.append(text, len);
    if (value != nullptr) {
      p.value_off = arena_.size();
      p.value_len = value->size();
      arena_ += *value;
    }
    parts_.push_back(p);
  }

  std::u32string_view text_of(const Part& p) const {
    return {arena_.data() + p.text_off, p.text_len};
  }

  std::u32string_view value_of(const Part& p) const {
    return {arena_.data() + p.value_off, p.value_len};
  }

  void fail(const std::string& message, std::size_t line, std::size_t column) {
    if (!error_) error_ = LexError{message, line, column};
    parts_.clear();
    arena_.clear();
  }

  void lex_line(py::list& out, std::size_t n) {
    const Text& line = line_;
    const std::size_t size = line.size();
    if (!comment_) {
      bool blank = true;
      for (char32_t c : line)
        if (!py_space(c)) {
          blank = false;
          break;
        }
      if (blank) {
        if (!parts_.empty() || error_) finish_board(out);
        return;
      }
      if (line[0] == '%') return;
    }
    if (error_ && !comment_ && line.find(U'{') == Text::npos) return;
    if (!comment_ && !error_) {
      bool special = false;
      for (char32_t c : line)
        if (c == '[' || c == '{' || c == ';' || c == '"') {
          special = true;
          break;
        }
      if (!special) {
        // A line of plain tokens (most of a section), as the reference's fast branch.
        auto& words = words_;
        words.clear();
        std::size_t i = 0;
        while (i < size) {
          while (i < size && py_space(line[i])) ++i;
          if (i >= size) break;
          std::size_t j = i;
          while (j < size && !py_space(line[j])) ++j;
          words.emplace_back(i, j);
          i = j;
        }
        if (section_tokens_ + words.size() <= max_section_tokens_ &&
            parts_.size() + words.size() <= max_board_parts_) {
          section_tokens_ += words.size();
          for (auto [a, b] : words) add(1, line.data() + a, b - a, n, a + 1);
          return;
        }
      }
    }
    std::size_t i = 0;
    if (comment_ && size == 0) comment_text_.emplace_back();
    while (i < size) {
      if (!error_ && parts_.size() >= max_board_parts_) {
        fail("a board holds more than " + std::to_string(max_board_parts_) + " parts", n, i + 1);
        break;
      }
      if (comment_) {
        const auto end = line.find(U'}', i);
        const Text piece = end == Text::npos ? line.substr(i) : line.substr(i, end - i);
        comment_size_ += piece.size() + 1;
        if (!error_ && comment_size_ > max_commentary_)
          fail("a board's commentary exceeds " + std::to_string(max_commentary_) + " characters",
               comment_line_, comment_column_);
        if (!error_) comment_text_.push_back(piece);
        if (end == Text::npos) break;
        if (!error_) {
          Text joined;
          for (std::size_t k = 0; k < comment_text_.size(); ++k) {
            if (k > 0) joined.push_back('\n');
            joined += comment_text_[k];
          }
          add(2, joined.data(), joined.size(), comment_line_, comment_column_);
        }
        comment_ = false;
        comment_text_.clear();
        i = end + 1;
        continue;
      }
      const char32_t ch = line[i];
      if (py_space(ch)) {
        ++i;
      } else if (ch == '[') {
        // [ \s* name \s* "value" \s* ]  (the reference's _TAG_RE)
        std::size_t j = i + 1;
        while (j < size && py_space(line[j])) ++j;
        const std::size_t name_start = j;
        while (j < size && name_char(line[j])) ++j;
        const std::size_t name_end = j;
        while (j < size && py_space(line[j])) ++j;
        bool ok = name_end > name_start && j < size && line[j] == '"';
        std::size_t value_start = j + 1;
        std::size_t value_end = 0;
        if (ok) {
          j = value_start;
          while (j < size && line[j] != '"') j += (line[j] == '\\' && j + 1 < size) ? 2 : 1;
          // A lone backslash at the end cannot be part of the value: no closing quote.
          ok = j < size && line[j] == '"';
          value_end = j;
          ++j;
        }
        if (ok) {
          while (j < size && py_space(line[j])) ++j;
          ok = j < size && line[j] == ']';
        }
        if (!ok) {
          fail("malformed tag pair (expected [Name \"value\"])", n, i + 1);
          break;
        }
        if (!error_) {
          Text value;
          for (std::size_t k = value_start; k < value_end; ++k) {
            if (line[k] == '\\' && k + 1 < value_end && (line[k + 1] == '"' || line[k + 1] == '\\'))
              ++k;
            value.push_back(line[k]);
          }
          add(0, line.data() + name_start, name_end - name_start, n, i + 1, &value);
        }
        section_tokens_ = 0;
        i = j + 1;
      } else if (ch == '{') {
        comment_ = true;
        comment_text_.clear();
        comment_line_ = n;
        comment_column_ = i + 1;
        ++i;
      } else if (ch == ';') {
        comment_size_ += size - i;
        if (!error_ && comment_size_ > max_commentary_)
          fail("a board's commentary exceeds " + std::to_string(max_commentary_) + " characters", n,
               i + 1);
        if (!error_) add(2, line.data() + i + 1, size - i - 1, n, i + 1);
        break;
      } else {
        ++section_tokens_;
        if (!error_ && section_tokens_ > max_section_tokens_) {
          fail("a section holds more than " + std::to_string(max_section_tokens_) + " tokens", n,
               i + 1);
          break;
        }
        if (ch == '"') {
          std::size_t j = i + 1;
          while (j < size && line[j] != '"') j += (line[j] == '\\' && j + 1 < size) ? 2 : 1;
          if (j >= size || line[j] != '"') {
            fail("unterminated string", n, i + 1);
            break;
          }
          if (!error_) add(1, line.data() + i, j + 1 - i, n, i + 1);
          i = j + 1;
        } else {
          std::size_t j = i;
          while (j < size && !py_space(line[j]) && line[j] != '[' && line[j] != '{' &&
                 line[j] != ';')
            ++j;
          if (!error_) add(1, line.data() + i, j - i, n, i + 1);
          i = j;
        }
      }
    }
  }

  py::object token(std::u32string_view t) {
    // Files repeat a few hundred spellings (calls, cards, tag names, short values): share one
    // str per spelling (bounded).
    if (t.size() > 16) return to_py(t.data(), t.size());
    key_.assign(t);
    auto it = interned_.find(key_);
    if (it != interned_.end()) return it->second;
    py::object s = to_py(t.data(), t.size());
    if (interned_.size() < 4096) interned_.emplace(key_, s);
    return s;
  }

  // The board read so far goes out: "#" resolved, then either the finished fields of a common
  // board (when the reader asked for records, see typed_board) or each tag, section with its
  // tokens, and comment as a group.
  void finish_board(py::list& out) {
    if (comment_ && !error_)
      error_ = LexError{"commentary '{' is never closed", comment_line_, comment_column_};
    comment_ = false;
    comment_text_.clear();
    if (parts_.empty() && !error_) {
      reset();
      return;
    }
    std::optional<LexError> error = std::move(error_);
    resolve_values(error);
    py::object board = py::none();
    if (!error && palette_) board = typed_board();
    if (!error && board.is_none()) board = groups();
    reset();
    if (error) {
      py::object text = py::none();
      if (error->text) text = to_py(*error->text);
      out.append(py::make_tuple(py::make_tuple(error->message, error->line, error->column, text),
                                py::none()));
    } else {
      out.append(py::make_tuple(py::none(), board));
    }
  }

  // Tag values in file order with "#" and "##" resolved (a changed value goes to the arena's
  // end), the tags set by "##" added where the board lacks them, and the first data token
  // outside a section or "##" where the standard forbids it found.
  // PBN 2.1 section 4.8: "#" takes the value of the tag in the nearest previous game that had
  // it ("" if none). A value beginning with "##" gives the text after "##", to be used in all
  // subsequent games, so that they need not repeat the tag; the tag may still be redefined
  // later (the new value then holds for the games after it). Neither is allowed for Dealer,
  // Vulnerable, Deal, Declarer, Contract, Auction, Play and the notes; "##" there is refused
  // ("#" is read, as it always was, from the previous board).
  void resolve_values(std::optional<LexError>& error) {
    static const std::array<std::string_view, 8> own{"dealer",   "vulnerable", "deal", "declarer",
                                                     "contract", "auction",    "play", "note"};
    bool in_section = false;
    std::vector<Text> present;
    std::size_t first_tag = parts_.size();
    for (std::size_t k = 0; k < parts_.size(); ++k) {
      Part& p = parts_[k];
      if (p.kind == 0) {
        first_tag = std::min(first_tag, k);
        Text& low = low_;
        low.assign(text_of(p));
        for (auto& c : low)
          if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
        present.push_back(low);
        Text& value = value_;
        value.assign(value_of(p));
        auto it = inherited_.find(low);
        const bool header = value.size() >= 2 && value[0] == '#' && value[1] == '#';
        bool forbidden = false;
        if (value.size() == 1 && value[0] == '#') {
          value.assign(it == inherited_.end() ? Text{} : it->second);
        } else if (header) {
          value.erase(0, 2);
          for (std::string_view name : own) forbidden = forbidden || ascii_is(low, name);
          if (forbidden && !error)
            error = LexError{
                "a " + utf8(Text(text_of(p))) + " value cannot begin with '##' (PBN 2.1 \u00a74.8)",
                p.line, p.column, std::nullopt};
        }
        if (value != value_of(p)) {
          p.value_off = arena_.size();
          p.value_len = value.size();
          arena_ += value;
        }
        if (it == inherited_.end()) {
          inherited_.emplace(low, value);
        } else {
          it->second.assign(value);
        }
        auto h = headers_.begin();
        while (h != headers_.end() && h->first != low) ++h;
        if (h != headers_.end()) {
          h->second = Header{Text(text_of(p)), p.line, p.column};
        } else if (header && !forbidden) {
          headers_.emplace_back(low, Header{Text(text_of(p)), p.line, p.column});
        }
        in_section = is_section(low);
      } else if (p.kind == 1 && !in_section && !error) {
        error = LexError{"", p.line, p.column, Text(text_of(p))};
      }
    }
    std::vector<Part> implied;
    for (const auto& [low, h] : headers_) {
      bool here = false;
      for (const Text& t : present) here = here || t == low;
      if (here) continue;
      Part p{0, arena_.size(), h.name.size(), 0, 0, h.line, h.column};
      arena_ += h.name;
      p.value_off = arena_.size();
      const Text& value = inherited_.at(low);
      p.value_len = value.size();
      arena_ += value;
      implied.push_back(p);
    }
    parts_.insert(parts_.begin() + static_cast<std::ptrdiff_t>(first_tag), implied.begin(),
                  implied.end());
  }

  // Each tag, section (with its tokens) and comment as a group (pbn.py's _Group).
  py::list groups() {
    py::list groups;
    py::list texts;
    std::string positions;
    bool in_section = false;
    // The section's group takes its place when its tag is read (a comment inside the section
    // comes after it, as in the reference) and gets its tokens when the next tag is read.
    std::size_t open_index = 0;
    py::object open_name;
    py::object open_value;
    std::size_t open_line = 0;
    std::size_t open_column = 0;
    auto close_section = [&] {
      if (!in_section) return;
      groups[open_index] = py::make_tuple(1, open_name, open_value, open_line, open_column, texts,
                                          py::bytes(positions));
      texts = py::list();
      positions.clear();
      in_section = false;
    };
    static const Text deal = from_ascii("deal");
    for (const Part& p : parts_) {
      if (p.kind == 0) {
        close_section();
        const std::u32string_view name = text_of(p);
        const Text value(value_of(p));
        Text& low = low_;
        low.assign(name);
        for (auto& c : low)
          if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
        if (is_section(low)) {
          in_section = true;
          open_index = groups.size();
          groups.append(py::none());
          open_name = token(name);
          open_value = token(value);
          open_line = p.line;
          open_column = p.column;
        } else {
          py::object masks = py::none();
          std::array<std::uint64_t, 4> hands{};
          if (low == deal && canonical_deal(value, hands))
            masks = py::make_tuple(hands[0], hands[1], hands[2], hands[3]);
          groups.append(
              py::make_tuple(0, token(name), token(value), p.line, p.column, masks, py::none()));
        }
      } else if (p.kind == 1) {
        if (!in_section) continue;  // an error already (resolve_values)
        texts.append(token(text_of(p)));
        const std::array<std::uint32_t, 2> at{static_cast<std::uint32_t>(p.line),
                                              static_cast<std::uint32_t>(p.column)};
        positions.append(reinterpret_cast<const char*>(at.data()), sizeof at);
      } else {
        // A comment does not end a section (PBN 2.1 section 3.8).
        const std::u32string_view text = text_of(p);
        groups.append(py::make_tuple(2, to_py(text.data(), text.size()), py::str(""), p.line,
                                     p.column, py::none(), py::none()));
      }
    }
    close_section();
    return groups;
  }

  // -- The typed board -------------------------------------------------------------------------
  // What pbn.py's _fast_record makes of a board, for the boards every writer writes: the tags
  // Board, Dealer, Vulnerable, Deal, Declarer, Contract, Result and Score (exact case, once
  // each) in their plain spellings, an Auction and a Play of canonical calls and cards ("Pass",
  // "X", "XX", "1C".."7NT"; "SA".."C2"), AP, note references "=n=" with their notes, a final
  // "*", comments, and any other tag kept verbatim. Anything else (another spelling, a table,
  // a value RecordBuilder would refuse) gives None and the board goes out as groups, so the
  // records never depend on which path built them (tests/test_pbn_core.py).

  struct Note {
    std::uint32_t number;
    const Part* part;
    std::size_t text_start;  // in the value, after the colon
    bool used;
  };

  struct Places {
    const Part* tag = nullptr;
    int seat = -1;
    bool complete = true;
    std::vector<std::uint8_t> codes;
    std::vector<std::pair<std::size_t, std::uint32_t>> refs;  // (place, note number)
    std::vector<Note> notes;
  };

  static int seat_code(std::u32string_view v) {
    if (v.size() != 1) return -1;
    switch (v[0]) {
      case 'N':
        return 0;
      case 'E':
        return 1;
      case 'S':
        return 2;
      case 'W':
        return 3;
      default:
        return -1;
    }
  }

  static bool ascii_is(std::u32string_view v, std::string_view s) {
    if (v.size() != s.size()) return false;
    for (std::size_t k = 0; k < s.size(); ++k)
      if (v[k] != static_cast<unsigned char>(s[k])) return false;
    return true;
  }

  static int strain_code(std::u32string_view v) {
    static constexpr std::array<std::string_view, 5> strains{"C", "D", "H", "S", "NT"};
    for (std::size_t k = 0; k < strains.size(); ++k)
      if (ascii_is(v, strains[k])) return static_cast<int>(k);
    return -1;
  }

  // 0 Pass, 1 X, 2 XX, 3 + 5 * (level - 1) + strain (C D H S NT) for a bid; -1 otherwise.
  static int call_code(std::u32string_view t) {
    if (ascii_is(t, "Pass")) return 0;
    if (ascii_is(t, "X")) return 1;
    if (ascii_is(t, "XX")) return 2;
    if (t.size() < 2 || t[0] < '1' || t[0] > '7') return -1;
    const int strain = strain_code(t.substr(1));
    return strain < 0 ? -1 : 3 + 5 * static_cast<int>(t[0] - '1') + strain;
  }

  // suit (S H D C) * 13 + rank (2..A); -1 otherwise.
  static int card_code(std::u32string_view t) {
    static constexpr std::string_view suits = "SHDC";
    static constexpr std::string_view ranks = "23456789TJQKA";
    if (t.size() != 2 || t[0] >= 0x80 || t[1] >= 0x80) return -1;
    const auto s = suits.find(static_cast<char>(t[0]));
    const auto r = ranks.find(static_cast<char>(t[1]));
    if (s == std::string_view::npos || r == std::string_view::npos) return -1;
    return static_cast<int>(s * 13 + r);
  }

  // "=n=" for n in 1..99 written without a leading zero; 0 otherwise.
  static std::uint32_t note_ref(std::u32string_view t) {
    if (t.size() < 3 || t.size() > 4 || t.front() != '=' || t.back() != '=' || t[1] == '0')
      return 0;
    std::uint32_t n = 0;
    for (std::size_t k = 1; k + 1 < t.size(); ++k) {
      if (t[k] < '0' || t[k] > '9') return 0;
      n = n * 10 + static_cast<std::uint32_t>(t[k] - '0');
    }
    return n;
  }

  // A value RecordBuilder reads as given: not empty, not "?", no surrounding space.
  static bool plain(std::u32string_view v) {
    return !v.empty() && !(v.size() == 1 && v[0] == '?') && !py_space(v.front()) &&
           !py_space(v.back());
  }

  static bool digits(std::u32string_view v, std::size_t most, std::uint64_t& n) {
    if (v.empty() || v.size() > most) return false;
    n = 0;
    for (char32_t c : v) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + (c - '0');
    }
    return true;
  }

  static int vulnerable_code(std::u32string_view v) {
    std::string up;
    for (char32_t c : v) {
      if (c >= 0x80) return -1;  // Python's upper() maps some letters to ASCII ones
      up.push_back(static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c));
    }
    if (up == "NONE" || up == "LOVE" || up == "-") return 0;
    if (up == "NS") return 1;
    if (up == "EW") return 2;
    if (up == "ALL" || up == "BOTH") return 3;
    return -1;
  }

  // "Pass" or level, strain and "", "X" or "XX", as Contract.parse reads them.
  static bool plain_contract(std::u32string_view v) {
    if (ascii_is(v, "Pass")) return true;
    if (v.size() < 2 || v[0] < '1' || v[0] > '7') return false;
    std::u32string_view rest = v.substr(1);
    std::size_t x = 0;
    while (x < rest.size() && rest[rest.size() - 1 - x] == 'X') ++x;
    return x <= 2 && strain_code(rest.substr(0, rest.size() - x)) >= 0;
  }

  bool section_tokens(Places& s, const Part& p, bool auction) {
    const std::u32string_view t = text_of(p);
    if (!s.complete) return false;  // text after '*'
    if (t.size() == 1 && t[0] == '*') {
      s.complete = false;
      return true;
    }
    if (const std::uint32_t ref = note_ref(t); ref != 0) {
      if (s.codes.empty() || (!s.refs.empty() && s.refs.back().first == s.codes.size() - 1))
        return false;
      s.refs.emplace_back(s.codes.size() - 1, ref);
      return true;
    }
    if (auction && ascii_is(t, "AP")) {
      s.codes.insert(s.codes.end(), 3, 0);
      return true;
    }
    const int code = auction ? call_code(t) : card_code(t);
    if (code < 0) return false;
    s.codes.push_back(static_cast<std::uint8_t>(code));
    return true;
  }

  static bool add_note(Places& s, const Part& p, std::u32string_view v) {
    std::size_t k = 0;
    std::uint32_t number = 0;
    while (k < v.size() && k < 7 && v[k] >= '0' && v[k] <= '9')
      number = number * 10 + (v[k++] - '0');
    if (k == 0 || k > 6 || k >= v.size() || v[k] != ':') return false;
    for (const Note& n : s.notes)
      if (n.number == number) return false;
    s.notes.push_back(Note{number, &p, k + 1, false});
    return true;
  }

  py::object typed_board() {
    static const std::array<std::string_view, 8> typed_names{
        "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Score"};
    static const std::array<std::string_view, 14> slow_names{
        "board", "dealer", "vulnerable", "deal", "declarer",          "contract", "result",
        "score", "note",   "auction",    "play", "doubledummytricks", "lawset",   "declaration"};
    std::array<const Part*, 8> typed{};
    std::vector<const Part*> others;
    std::vector<std::pair<const Part*, const Part*>> comments;  // (comment, the tag before)
    std::array<Places, 2> sections;
    int current = -1;  // the section whose tokens come next: 0 Auction, 1 Play
    int note_section = -1;
    const Part* last = nullptr;
    std::array<std::uint64_t, 4> hands{};
    std::uint64_t board = 0;
    std::uint64_t result = 0;
    for (const Part& p : parts_) {
      if (p.kind == 2) {
        comments.emplace_back(&p, last);
        continue;
      }
      if (p.kind == 1) {
        if (current < 0 || !section_tokens(sections[current], p, current == 0)) return py::none();
        continue;
      }
      const std::u32string_view name = text_of(p);
      const std::u32string_view v = value_of(p);
      current = -1;
      last = &p;
      if (ascii_is(name, "Auction") || ascii_is(name, "Play")) {
        const int k = name.size() == 7 ? 0 : 1;
        Places& s = sections[k];
        if (s.tag != nullptr || (s.seat = seat_code(v)) < 0) return py::none();
        s.tag = &p;
        current = note_section = k;
        continue;
      }
      if (ascii_is(name, "Note")) {
        if (note_section < 0 || !add_note(sections[note_section], p, v)) return py::none();
        last = sections[note_section].tag;
        continue;
      }
      std::size_t t = 0;
      while (t < typed_names.size() && !ascii_is(name, typed_names[t])) ++t;
      if (t == typed_names.size()) {
        Text& low = low_;
        low.assign(name);
        for (auto& c : low)
          if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
        if (is_section(low)) return py::none();
        for (std::string_view slow : slow_names)
          if (ascii_is(low, slow)) return py::none();
        others.push_back(&p);
        continue;
      }
      if (typed[t] != nullptr) return py::none();
      typed[t] = &p;
      if (t == 7) continue;  // Score: verbatim
      if (t == 3) {
        if (!canonical_deal(Text(v), hands)) return py::none();
        continue;
      }
      if (!plain(v)) return py::none();
      bool ok = true;
      if (t == 0) {
        ok = digits(v, 10, board) && board <= 1000000000;
      } else if (t == 1 || t == 4) {
        ok = seat_code(v) >= 0;
      } else if (t == 2) {
        ok = vulnerable_code(v) >= 0;
      } else if (t == 5) {
        ok = plain_contract(v);
      } else if (t == 6) {
        ok = digits(v, 2, result) && result <= 13;
      }
      if (!ok) return py::none();
    }
    // Every note reference needs its note.
    for (Places& s : sections) {
      for (auto [place, number] : s.refs) {
        bool found = false;
        for (Note& n : s.notes)
          if (n.number == number) {
            n.used = found = true;
          }
        if (!found) return py::none();
      }
    }

    // The board is a common one: its fields.
    const auto& pal = *palette_;
    py::list tags;
    for (const Part* p : others)
      tags.append(py::make_tuple(token(text_of(*p)), token(value_of(*p))));
    py::object note_name = py::str("Note");
    for (const Places& s : sections)
      for (const Note& n : s.notes) {
        if (n.used) continue;
        const std::u32string_view text = value_of(*n.part).substr(n.text_start);
        Text joined = from_ascii(std::to_string(n.number));
        joined.push_back(':');
        joined += text;
        tags.append(py::make_tuple(note_name, to_py(joined)));
      }
    auto seat_of = [&](const Part* p) -> py::object {
      return p == nullptr ? py::none() : pal.seats[seat_code(value_of(*p))];
    };
    py::object masks = py::none();
    if (typed[3] != nullptr) masks = py::make_tuple(hands[0], hands[1], hands[2], hands[3]);
    auto places = [&](const Places& s, bool auction) -> py::object {
      if (s.tag == nullptr) return py::none();
      const auto& objects = auction ? pal.calls : pal.cards;
      const std::size_t n = s.codes.size();
      py::tuple items;
      if (auction) {
        items = py::tuple(n);
        for (std::size_t k = 0; k < n; ++k) items[k] = objects[s.codes[k]];
      } else {
        items = py::tuple((n + 3) / 4);
        for (std::size_t r = 0; r * 4 < n; ++r) {
          py::tuple row(std::min<std::size_t>(4, n - r * 4));
          for (std::size_t k = 0; k < row.size(); ++k) row[k] = objects[s.codes[r * 4 + k]];
          items[r] = row;
        }
      }
      py::list refs;
      for (auto [place, number] : s.refs)
        for (const Note& note : s.notes)
          if (note.number == number) {
            const std::u32string_view text = value_of(*note.part).substr(note.text_start);
            refs.append(py::make_tuple(place, to_py(text.data(), text.size())));
          }
      return py::make_tuple(pal.seats[s.seat], items, py::bool_(s.complete), py::tuple(refs));
    };
    py::tuple commentary(comments.size());
    py::tuple anchors(comments.size());
    py::str nothing("");
    for (std::size_t k = 0; k < comments.size(); ++k) {
      const std::u32string_view text = text_of(*comments[k].first);
      commentary[k] = to_py(text.data(), text.size());
      anchors[k] =
          comments[k].second == nullptr ? py::object(nothing) : token(text_of(*comments[k].second));
    }
    auto value_or_none = [&](const Part* p) -> py::object {
      return p == nullptr ? py::none() : py::object(token(value_of(*p)));
    };
    return py::make_tuple(
        py::tuple(tags), typed[0] == nullptr ? py::object(py::none()) : py::int_(board),
        seat_of(typed[1]),
        typed[2] == nullptr ? py::object(py::none())
                            : pal.vulnerabilities[vulnerable_code(value_of(*typed[2]))],
        masks, seat_of(typed[4]), value_or_none(typed[5]),
        typed[6] == nullptr ? py::object(py::none()) : py::int_(result), value_or_none(typed[7]),
        places(sections[0], true), places(sections[1], false), commentary, anchors);
  }

  void reset() {
    parts_.clear();
    arena_.clear();
    error_.reset();
    comment_size_ = 0;
    section_tokens_ = 0;
  }

  bool text_;
  int codec_;
  std::size_t max_line_;
  std::size_t max_section_tokens_;
  std::size_t max_board_parts_;
  std::size_t max_commentary_;
  std::string pending_;
  bool overlong_ = false;
  std::size_t lineno_ = 0;
  Text line_;
  std::vector<Part> parts_;
  Text arena_;
  std::vector<std::pair<std::size_t, std::size_t>> words_;
  Text key_;
  Text low_;
  Text value_;
  std::optional<LexError> error_;
  bool comment_ = false;
  std::vector<Text> comment_text_;
  std::size_t comment_line_ = 0;
  std::size_t comment_column_ = 0;
  std::size_t comment_size_ = 0;
  std::size_t section_tokens_ = 0;
  std::map<Text, Text> inherited_;
  std::unordered_map<Text, py::object> interned_;
  std::optional<Palette> palette_;
  struct Header {
    Text name;  // as last written
    std::size_t line;
    std::size_t column;
  };
  std::vector<std::pair<Text, Header>> headers_;  // tags set by "##", in file order
};

}  // namespace

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

  py::class_<PbnLexer>(m, "PbnLexer",
                       "PBN bytes to boards of tags, section tokens and comments (the record "
                       "reader's lexer; redouble.formats.pbn is its only user).")
      .def(py::init<bool, int, std::size_t, std::size_t, std::size_t, std::size_t>(),
           py::arg("text"), py::arg("codec"), py::arg("max_line"), py::arg("max_section_tokens"),
           py::arg("max_board_parts"), py::arg("max_commentary"))
      .def("set_palette", &PbnLexer::set_palette, py::arg("seats"), py::arg("vulnerabilities"),
           py::arg("calls"), py::arg("cards"),
           "From now on a common board goes out as typed fields made of these shared objects "
           "(seats N E S W; vulnerabilities None NS EW Both; the 38 calls Pass X XX 1C..7NT; "
           "the 52 cards S2..SA H2..HA D2..DA C2..CA).")
      .def("feed", &PbnLexer::feed, py::arg("data"), py::arg("final"),
           "The boards that `data` completes (all the rest when `final`), as (error, groups).");
}

}  // namespace redouble::bindings
