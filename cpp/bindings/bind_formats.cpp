// File formats in the core: the PBN deal-only scanner, bytes in, an (N, 4) uint64 array out;
// and the PBN lexer of the record reader, bytes in, each board's tags, section tokens and
// comments out as compact tuples (python/redouble/formats/pbn.py builds the records).
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

namespace redouble::bindings {

namespace {

// PBN tokenising for the record reader (python/redouble/formats/pbn.py, PbnReader is the
// reference): the same lines, decoding, tokens, limits, errors and recovery, so that the
// reader's records and FormatErrors do not depend on which path read the file. Text is held
// as code points so that columns count characters, as Python's do.

using Text = std::u32string;

// Python's str.isspace(), which the reference's str.strip(), str.isspace() and regex \s use.
bool py_space(char32_t c) {
  switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x1C:
    case 0x1D:
    case 0x1E:
    case 0x1F:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

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

  // The board read so far goes out: "#" resolved, section tokens grouped under their tag.
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
    for (Part& p : parts_) {
      if (p.kind == 0) {
        close_section();
        const std::u32string_view name = text_of(p);
        const std::u32string_view written = value_of(p);
        Text& low = low_;
        low.assign(name);
        for (auto& c : low)
          if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
        Text& value = value_;
        auto it = inherited_.find(low);
        if (written.size() == 1 && written[0] == '#') {
          // PBN 2.1 section 4.8: the last board that had the tag; none yet: empty.
          value.assign(it == inherited_.end() ? Text{} : it->second);
        } else if (written.size() >= 2 && written[0] == '#' && written[1] == '#') {
          // "##": the earlier value is the prefix, the rest of this one follows it.
          value.assign(it == inherited_.end() ? Text{} : it->second);
          value.append(written.substr(2));
        } else {
          value.assign(written);
        }
        if (it == inherited_.end()) {
          inherited_.emplace(low, value);
        } else {
          it->second.assign(value);
        }
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
          static const Text deal = from_ascii("deal");
          if (low == deal && canonical_deal(value, hands))
            masks = py::make_tuple(hands[0], hands[1], hands[2], hands[3]);
          groups.append(
              py::make_tuple(0, token(name), token(value), p.line, p.column, masks, py::none()));
        }
      } else if (p.kind == 1) {
        if (!in_section) {
          if (!error) error = LexError{"", p.line, p.column, Text(text_of(p))};
          continue;
        }
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
    reset();
    if (error) {
      py::object text = py::none();
      if (error->text) text = to_py(*error->text);
      out.append(py::make_tuple(py::make_tuple(error->message, error->line, error->column, text),
                                py::none()));
    } else {
      out.append(py::make_tuple(py::none(), groups));
    }
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
      .def("feed", &PbnLexer::feed, py::arg("data"), py::arg("final"),
           "The boards that `data` completes (all the rest when `final`), as (error, groups).");
}

}  // namespace redouble::bindings
