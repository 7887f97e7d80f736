// LIN in the core (see lin.hpp): lines, pairs and boards as python/redouble/formats/lin.py
// splits them, the typing of common boards, and the deal-only scan. Text is UTF-8 (a Python
// str's, lone surrogates allowed); columns and lengths count code points, as Python's do.
#include "redouble/lin.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "redouble/errors.hpp"
#include "redouble/text.hpp"

namespace redouble {
namespace {

// The code point at byte `i` of valid UTF-8 and its length in bytes.
char32_t code_point(std::string_view s, std::size_t i, std::size_t& len) {
  const auto b = [&](std::size_t k) {
    return static_cast<char32_t>(static_cast<unsigned char>(s[k]));
  };
  const char32_t c = b(i);
  if (c < 0x80 || i + 1 >= s.size()) {
    len = 1;
    return c;
  }
  if (c < 0xE0) {
    len = 2;
    return ((c & 0x1FU) << 6) | (b(i + 1) & 0x3FU);
  }
  if (c < 0xF0 && i + 2 < s.size()) {
    len = 3;
    return ((c & 0x0FU) << 12) | ((b(i + 1) & 0x3FU) << 6) | (b(i + 2) & 0x3FU);
  }
  if (i + 3 < s.size()) {
    len = 4;
    return ((c & 0x07U) << 18) | ((b(i + 1) & 0x3FU) << 12) | ((b(i + 2) & 0x3FU) << 6) |
           (b(i + 3) & 0x3FU);
  }
  len = 1;
  return c;
}

// Code points in s[from, to): every byte but a continuation byte starts one.
std::size_t count_code_points(std::string_view s, std::size_t from, std::size_t to) {
  std::size_t n = 0;
  for (std::size_t k = from; k < to; ++k)
    if ((static_cast<unsigned char>(s[k]) & 0xC0U) != 0x80U) ++n;
  return n;
}

// The length in bytes of the line break at s[i] as str.splitlines() knows them, 0 if none.
std::size_t line_break(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  switch (c) {
    case '\r':
      return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
    case '\n':
    case 0x0B:
    case 0x0C:
    case 0x1C:
    case 0x1D:
    case 0x1E:
      return 1;
    case 0xC2:
      return i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85 ? 2 : 0;
    case 0xE2:
      return i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                     (static_cast<unsigned char>(s[i + 2]) == 0xA8 ||
                      static_cast<unsigned char>(s[i + 2]) == 0xA9)
                 ? 3
                 : 0;
    default:
      return 0;
  }
}

bool ascii_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool ascii_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// [A-Za-z][A-Za-z0-9]{0,2}
bool key_ok(std::string_view k) {
  if (k.empty() || k.size() > 3 || !ascii_alpha(k[0])) return false;
  for (char c : k.substr(1))
    if (!ascii_alpha(c) && !ascii_digit(c)) return false;
  return true;
}

// Free-text keys, whose value may run over lines (lin.py's _MULTILINE).
bool multiline_key(std::string_view key) {
  if (key.size() != 2) return false;
  const char a = lower(key[0]);
  const char b = lower(key[1]);
  return (b == 't' && (a == 'a' || a == 'n')) || (b == 'n' && (a == 'a' || a == 'm'));
}

// Text after a line's last pair that the reader skips (lin.py's _pairs): it holds no '|'
// (the caller knows) and is not a key whose pair was cut short, a key followed by spaces.
bool display_tail(std::string_view rest) {
  std::size_t j = 0;
  while (j < rest.size() && (ascii_alpha(rest[j]) || ascii_digit(rest[j]))) ++j;
  if (!key_ok(rest.substr(0, j))) return true;
  for (std::size_t len = 1; j < rest.size(); j += len)
    if (!py_space(code_point(rest, j, len))) return true;
  return false;
}

// Lexes one line (without its break) into pairs from byte `from` (past a value carried from
// the lines before, which is then the line's first pair); on_pair(pair) and on_error(error)
// -> false to stop, and then lex_line() returns false. A free-text value not closed on the
// line sets `open` (its start a byte of the line, its length without the line's break).
template <class OnPair, class OnError>
bool lex_line(std::string_view line, std::size_t line_no, std::size_t from, std::size_t max_value,
              OnPair& on_pair, OnError& on_error, LinOpenValue& open) {
  const std::size_t n = line.size();
  std::size_t i = from;
  if (line_no == 1 && from == 0 && line.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  if (n > max_value * 4 && count_code_points(line, 0, n) > max_value * 4)
    return on_error(LinError{LinErrorKind::kLineTooLong, {}, line_no, 1});
  bool paired = from != 0;
  // Columns: code points before byte i, counted as i advances; a byte-order mark is not a
  // character of the line (an editor shows none), so columns start after it, as when a
  // stream drops it.
  std::size_t counted_to = i == 3 && from == 0 ? 3 : 0;
  std::size_t counted = 0;
  auto column = [&](std::size_t at) {
    counted += count_code_points(line, counted_to, at);
    counted_to = at;
    return counted + 1;
  };
  while (i < n) {
    std::size_t len = 1;
    if (py_space(code_point(line, i, len))) {
      i += len;
      continue;
    }
    const std::size_t col = column(i);
    const std::size_t bar = line.find('|', i);
    if (bar == std::string_view::npos) {
      if (paired && display_tail(line.substr(i))) return true;
      return on_error(LinError{LinErrorKind::kBadKeyNoBar, line.substr(i), line_no, col});
    }
    const std::string_view key = line.substr(i, bar - i);
    if (!key_ok(key)) return on_error(LinError{LinErrorKind::kBadKey, key, line_no, col});
    const std::size_t close = line.find('|', bar + 1);
    if (close == std::string_view::npos && multiline_key(key)) {
      open.open = true;
      open.key_len = key.size();
      std::copy(key.begin(), key.end(), open.key.begin());
      open.line = line_no;
      open.column = col;
      open.start = bar + 1;
      open.length = count_code_points(line, bar + 1, n);
      return true;
    }
    if (close == std::string_view::npos)
      return on_error(LinError{LinErrorKind::kValueNotClosed, key, line_no, col});
    const std::string_view value = line.substr(bar + 1, close - bar - 1);
    if (value.size() > max_value && count_code_points(value, 0, value.size()) > max_value)
      return on_error(LinError{LinErrorKind::kValueTooLong, key, line_no, col});
    LinPair p;
    p.key_len = key.size();
    for (std::size_t k = 0; k < key.size(); ++k) p.key[k] = lower(key[k]);
    p.value = value;
    p.line = line_no;
    p.column = col;
    if (!on_pair(p)) return false;
    paired = true;
    i = close + 1;
  }
  return true;
}

// The pair of an open value now closed, `value` its whole text.
LinPair closed_pair(const LinOpenValue& open, std::string_view value) {
  LinPair p;
  p.key_len = open.key_len;
  for (std::size_t k = 0; k < open.key_len; ++k) p.key[k] = lower(open.key[k]);
  p.value = value;
  p.line = open.line;
  p.column = open.column;
  return p;
}

// The error of an open value that grew past `max_value` code points.
LinError too_long(const LinOpenValue& open) {
  return LinError{LinErrorKind::kValueTooLong, open.key_view(), open.line, open.column};
}

// Lexes a whole text's lines into pairs (see lex_line); a free-text value runs on over the
// lines until its closing '|', its line breaks part of its text.
template <class OnPair, class OnError>
void lex_lin(std::string_view text, std::size_t max_value, OnPair on_pair, OnError on_error) {
  std::size_t pos = 0;
  std::size_t line_no = 0;
  const std::size_t size = text.size();
  LinOpenValue open;
  while (pos < size) {
    std::size_t end = pos;
    std::size_t brk = 0;
    while (end < size) {
      const auto c = static_cast<unsigned char>(text[end]);
      if ((c < 0x20 || c == 0xC2 || c == 0xE2) && (brk = line_break(text, end)) != 0) break;
      ++end;
    }
    const std::string_view line = text.substr(pos, end - pos);
    const std::size_t start = pos;
    pos = end + brk;
    ++line_no;
    std::size_t from = 0;
    if (open.open) {
      if (line.size() > max_value * 4 && count_code_points(line, 0, line.size()) > max_value * 4) {
        open.open = false;  // the open value goes with its line (lex_line refuses it)
      } else {
        const std::size_t bar = line.find('|');
        const std::size_t piece = bar == std::string_view::npos ? pos : start + bar;
        open.length += count_code_points(text, start, piece);
        if (open.length > max_value) {
          open.open = false;
          if (!on_error(too_long(open))) return;
          continue;
        }
        if (bar == std::string_view::npos) continue;
        open.open = false;
        if (!on_pair(closed_pair(open, text.substr(open.start, piece - open.start)))) return;
        from = bar + 1;
      }
    }
    if (!lex_line(line, line_no, from, max_value, on_pair, on_error, open)) return;
    if (open.open) {
      open.start += start;
      open.length += count_code_points(text, end, pos);
      if (open.length > max_value) {
        open.open = false;
        if (!on_error(too_long(open))) return;
      }
    }
  }
  if (open.open)
    on_error(LinError{LinErrorKind::kValueNotClosedAtEnd, open.key_view(), open.line, open.column});
}

// The keys that begin a board once the current one has its deal: the deal itself, the
// players and the vugraph room, and a vugraph segment's header (vg|, then its rs| list of
// results), which BBO writes before the segment's first board and which is that board's (a
// file of concatenated segments). Any other key stays with the board it follows (lin.py).
bool starts_board(std::string_view key) {
  return key == "qx" || key == "pn" || key == "md" || key == "vg" || key == "rs";
}

// LIN's dealer digits and hand order: South, West, North, East as Seat numbers.
constexpr std::array<int, 4> kLinSeats = {2, 3, 0, 1};

int rank_of(char c) {
  switch (upper(c)) {
    case 'T':
      return 8;
    case 'J':
      return 9;
    case 'Q':
      return 10;
    case 'K':
      return 11;
    case 'A':
      return 12;
    default:
      return c >= '2' && c <= '9' ? c - '2' : -1;
  }
}

int suit_of(char c) {
  switch (upper(c)) {
    case 'C':
      return 0;
    case 'D':
      return 1;
    case 'H':
      return 2;
    case 'S':
      return 3;
    default:
      return -1;
  }
}

std::string line_suffix(std::size_t line) { return " (line " + std::to_string(line) + ")"; }

// A common md| value (dealer digit, hands of suit letters and ranks in either case, no
// spaces): false for anything else.
bool fast_md(std::string_view v, int& dealer, std::array<std::uint64_t, 4>& hands, int& known) {
  dealer = -1;
  if (!v.empty() && v[0] >= '1' && v[0] <= '4') {
    dealer = kLinSeats[static_cast<std::size_t>(v[0] - '1')];
    v.remove_prefix(1);
  }
  hands = {0, 0, 0, 0};
  std::array<bool, 4> given{};
  std::size_t part = 0;
  std::uint64_t seen = 0;
  int suit = -1;
  std::uint64_t mask = 0;
  bool any = false;
  auto close = [&]() {
    if (part < 4) {
      if (any) {
        if ((seen & mask) != 0 || std::popcount(mask) > 13) return false;
        seen |= mask;
        hands[static_cast<std::size_t>(kLinSeats[part])] = mask;
        given[static_cast<std::size_t>(kLinSeats[part])] = true;
      }
    } else if (any) {
      return false;  // a fifth hand
    }
    ++part;
    suit = -1;
    mask = 0;
    any = false;
    return true;
  };
  for (char c : v) {
    if (c == ',') {
      if (!close()) return false;
      continue;
    }
    if (part >= 4) return false;  // text after a fourth comma
    const int s = suit_of(c);
    if (s >= 0) {
      suit = s;
      any = true;
      continue;
    }
    const int r = rank_of(c);
    if (r < 0 || suit < 0) return false;
    const std::uint64_t bit = std::uint64_t{1} << (suit * 13 + r);
    if ((mask & bit) != 0) return false;
    mask |= bit;
  }
  if (!close()) return false;
  known = 0;
  int full = 0;
  for (std::size_t s = 0; s < 4; ++s) {
    if (given[s]) {
      ++known;
      if (std::popcount(hands[s]) == 13) ++full;
    }
  }
  if (known == 3 && full == 3) {
    for (std::size_t s = 0; s < 4; ++s)
      if (!given[s]) hands[s] = ((std::uint64_t{1} << 52) - 1) & ~seen;
    known = 4;
  } else if (known == 4 && full != 4) {
    return false;  // the reference's Deal refuses it
  }
  return known == 0 || known == 4;
}

// p, d, r or a bid of level and C D H S N, in either case, optionally alerted ("!").
int fast_call(std::string_view v) {
  int alert = 0;
  if (!v.empty() && v.back() == '!') {
    alert = 38;
    v.remove_suffix(1);
  }
  if (v.size() == 1) {
    switch (lower(v[0])) {
      case 'p':
        return 35 + alert;
      case 'd':
        return 36 + alert;
      case 'r':
        return 37 + alert;
      default:
        return -1;
    }
  }
  if (v.size() != 2 || v[0] < '1' || v[0] > '7') return -1;
  int strain = suit_of(v[1]);
  if (upper(v[1]) == 'N') strain = 4;
  if (strain < 0) return -1;
  return 5 * (v[0] - '1') + strain + alert;
}

// Several calls in one mb| value, as BBO's teaching files write a whole auction ("1nppp"), in
// their plain spelling only: bids of a level digit and a strain letter, and the single letters
// p, d and r, with no alert, space or comma between them. Spelled so, a value splits one way (a
// digit always starts a two-letter bid, any other letter is a call of its own), which is the
// split the reference finds; any other value (words such as "pass" or "dbl", "nt", alerts,
// separators) is left to the reference. Appends the calls, or nothing and false.
bool fast_calls(std::string_view v, std::vector<std::uint8_t>& calls) {
  // The reference tries no split of a value longer than this (far more than any auction's 319
  // calls): it is refused as a call, and the reference says so.
  constexpr std::size_t kMaxSplit = std::size_t{1} << 10;
  if (v.size() > kMaxSplit) return false;
  const std::size_t start = calls.size();
  for (std::size_t i = 0; i < v.size();) {
    const bool bid = v[i] >= '1' && v[i] <= '7';
    const char l = lower(v[i]);
    const std::size_t n = bid ? 2 : 1;
    const int c = bid || l == 'p' || l == 'd' || l == 'r' ? fast_call(v.substr(i, n)) : -1;
    if (c < 0 || i + n > v.size()) {
      calls.resize(start);
      return false;
    }
    calls.push_back(static_cast<std::uint8_t>(c));
    i += n;
  }
  if (calls.size() - start >= 2) return true;
  calls.resize(start);
  return false;
}

int fast_card(std::string_view v) {
  if (v.size() < 2 || v.size() > 3) return -1;
  const int s = suit_of(v[0]);
  if (s < 0) return -1;
  int r = -1;
  if (v.size() == 2) {
    r = rank_of(v[1]);
  } else if (v[1] == '1' && v[2] == '0') {
    r = 8;
  }
  return r < 0 ? -1 : s * 13 + r;
}

// A plain qx| value: the room letter (o open, c closed, either case) and 1 to 9 digits, then
// nothing or a comma and a label, which is display text: 0 open, 1 closed, -1 anything else
// (spaces, a malformed value: the reference reads or refuses those).
int fast_qx(std::string_view v, long& number) {
  if (v.empty()) return -1;
  const char letter = lower(v[0]);
  if (letter != 'o' && letter != 'c') return -1;
  std::size_t i = 1;
  number = 0;
  while (i < v.size() && ascii_digit(v[i])) {
    if (i > 9) return -1;  // more than nine digits
    number = number * 10 + (v[i] - '0');
    ++i;
  }
  if (i == 1 || (i < v.size() && v[i] != ',')) return -1;
  return letter == 'o' ? 0 : 1;
}

// ^\s*board[\s+]*([0-9]{1,9})\s*$ (case-insensitive) on printable ASCII and tabs; -1 no match.
long board_number(std::string_view v) {
  auto space = [](char c) { return c == ' ' || c == '\t'; };
  std::size_t i = 0;
  while (i < v.size() && space(v[i])) ++i;
  static constexpr std::string_view kBoard = "board";
  if (v.size() - i < kBoard.size()) return -1;
  for (std::size_t k = 0; k < kBoard.size(); ++k)
    if (lower(v[i + k]) != kBoard[k]) return -1;
  i += kBoard.size();
  while (i < v.size() && (space(v[i]) || v[i] == '+')) ++i;
  long number = 0;
  std::size_t digits = 0;
  while (i < v.size() && ascii_digit(v[i])) {
    number = number * 10 + (v[i] - '0');
    ++digits;
    ++i;
    if (digits > 9) return -1;
  }
  if (digits == 0) return -1;
  while (i < v.size() && space(v[i])) ++i;
  return i == v.size() ? number : -1;
}

bool plain_ascii(std::string_view v) {
  for (char c : v) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u >= 0x7F) return false;
  }
  return true;
}

// The winner of a full trick of cards (suit * 13 + rank) led by `leader`, under `strain`.
int trick_winner(const std::array<int, 4>& cards, int leader, int strain) {
  const int led = cards[0] / 13;
  int best = 0;
  auto score = [&](int c) {
    if (strain < 4 && c / 13 == strain) return 200 + c % 13;
    return c / 13 == led ? 100 + c % 13 : 0;
  };
  for (int k = 1; k < 4; ++k)
    if (score(cards[static_cast<std::size_t>(k)]) > score(cards[static_cast<std::size_t>(best)]))
      best = k;
  return (leader + best) % 4;
}

}  // namespace

bool LinBoardSplitter::pair(const LinPair& p, LinSink& sink) {
  if (stopped_) return false;
  const std::string_view key = p.key_view();
  if (has_deal_ && starts_board(key)) {
    end_board(sink);
    current_.clear();
    has_deal_ = false;
  }
  if (current_.size() >= max_pairs_)
    return error(LinError{LinErrorKind::kTooManyPairs, {}, p.line, p.column}, sink);
  current_.push_back(p);
  has_deal_ = has_deal_ || key == "md";
  return true;
}

bool LinBoardSplitter::error(const LinError& e, LinSink& sink) {
  if (stopped_) return false;
  if (!skip_) {
    sink.error(e);
    stopped_ = true;
    return false;
  }
  if (!bad_) {
    bad_ = true;
    first_bad_ = e;
    // The error's line may be gone before its board ends.
    first_bad_text_.assign(e.text);
    first_bad_.text = first_bad_text_;
  }
  return true;
}

void LinBoardSplitter::end_board(LinSink& sink) {
  if (bad_) {
    sink.board(&first_bad_, current_);
  } else if (!current_.empty()) {
    if (!has_deal_) {
      const LinError e{LinErrorKind::kNoDeal, {}, current_[0].line, 1};
      sink.board(&e, current_);
    } else {
      sink.board(nullptr, current_);
    }
  }
  bad_ = false;
}

void LinBoardSplitter::finish(LinSink& sink) {
  if (!stopped_ && (!current_.empty() || bad_)) end_board(sink);
  current_.clear();
  has_deal_ = false;
  stopped_ = true;
}

void scan_lin(std::string_view text, bool skip, std::size_t max_value, std::size_t max_pairs,
              LinSink& sink) {
  LinBoardSplitter boards(skip, max_pairs);
  lex_lin(
      text, max_value, [&](const LinPair& p) { return boards.pair(p, sink); },
      [&](const LinError& e) { return boards.error(e, sink); });
  boards.finish(sink);
}

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The length of the longest prefix of `s` that is strict UTF-8 (no overlong forms, no
// surrogates, at most U+10FFFF), as Python's decoder takes it: the start of the first invalid
// sequence. A sequence cut short by the end of `s` is invalid when `final`, else `partial`.
std::size_t valid_utf8(std::string_view s, bool final, bool& partial) {
  partial = false;
  const std::size_t n = s.size();
  auto byte = [&](std::size_t k) {
    return static_cast<unsigned>(static_cast<unsigned char>(s[k]));
  };
  std::size_t i = 0;
  while (i < n) {
    const unsigned b = byte(i);
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t need = 0;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      need = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 2;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    for (std::size_t k = 1; k <= need; ++k) {
      if (i + k >= n) {
        partial = !final;
        return i;
      }
      const unsigned c = byte(i + k);
      if (k == 1 ? (c < lo || c > hi) : (c < 0x80 || c > 0xBF)) return i;
    }
    i += need + 1;
  }
  return n;
}

void append_latin1(std::string_view s, std::string& out) {
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out.push_back(ch);
    } else {
      out.push_back(static_cast<char>(0xC0U | (c >> 6U)));
      out.push_back(static_cast<char>(0x80U | (c & 0x3FU)));
    }
  }
}

}  // namespace

LinStream::LinStream(Codec codec, bool drop_bom, bool skip, std::size_t max_value,
                     std::size_t max_pairs)
    : codec_(codec),
      drop_bom_(codec != Codec::kLatin1 && (drop_bom || codec != Codec::kText)),
      max_value_(max_value),
      boards_(skip, max_pairs) {}

bool LinStream::decode(std::string_view data, bool final) {
  std::string joined;
  if (!carry_.empty()) {
    joined.swap(carry_);
    joined.append(data);
    data = joined;
  }
  if (start_) {
    if (!final && data.size() < kBom.size() && kBom.starts_with(data)) {
      carry_.assign(data);
      return true;
    }
    start_ = false;
    if (drop_bom_ && data.starts_with(kBom)) {
      data.remove_prefix(kBom.size());
      // A decoder asked for UTF-8 reads the mark as the first character of line 1.
      if (codec_ == Codec::kUtf8) column_ = 1;
      if (codec_ == Codec::kAuto) {
        codec_ = Codec::kUtf8;
        sig_ = true;
      }
    }
  }
  if (codec_ == Codec::kText) {
    text_.append(data);
    return true;
  }
  if (codec_ == Codec::kLatin1) {
    append_latin1(data, text_);
    return true;
  }
  bool partial = false;
  const std::size_t good = valid_utf8(data, final, partial);
  const std::string_view valid = data.substr(0, good);
  text_.append(valid);
  if (codec_ == Codec::kUtf8) {
    // Where a decoder would place an error: '\n' lines and code points since the last one.
    for (const char ch : valid) {
      if (ch == '\n') {
        ++newlines_;
        column_ = 0;
      } else if ((static_cast<unsigned char>(ch) & 0xC0U) != 0x80U) {
        ++column_;
      }
    }
  }
  if (good == data.size()) return true;
  if (partial) {
    carry_.assign(data.substr(good));
    return true;
  }
  if (codec_ == Codec::kAuto) {
    codec_ = Codec::kLatin1;
    append_latin1(data.substr(good), text_);
    return true;
  }
  failed_ = true;
  bad_byte_ = LinError{LinErrorKind::kBadByte, sig_ ? "utf-8-sig" : "", newlines_ + 1, column_ + 1,
                       static_cast<unsigned char>(data[good])};
  return false;
}

void LinStream::split(bool final, LinSink& sink) {
  // A line of more bytes than this has more code points than lex_line() allows.
  const std::size_t cap = 16 * max_value_ + 4;
  const std::size_t size = text_.size();
  std::size_t i = scanned_;
  while (i < size) {
    const auto c = static_cast<unsigned char>(text_[i]);
    if (c < 0x20 || c == 0xC2 || c == 0xE2) {
      // A break that the next bytes may lengthen ("\r\n") or complete waits for them.
      if (!final && (((c == '\r' || c == 0xC2) && i + 1 >= size) || (c == 0xE2 && i + 2 >= size)))
        break;
      const std::size_t brk = line_break(text_, i);
      if (brk != 0) {
        line(std::string_view(text_).substr(text_start_, i - text_start_),
             std::string_view(text_).substr(i, brk), sink);
        text_start_ = i + brk;
        i = text_start_;
        if (boards_.stopped()) return;
        continue;
      }
    }
    ++i;
  }
  scanned_ = i;
  if (scanned_ - text_start_ > cap) overlong_ = true;
  if (overlong_) text_start_ = scanned_;  // the line is refused whole: its text is not kept
  if (final && (text_start_ < size || overlong_)) {
    line(std::string_view(text_).substr(text_start_), {}, sink);
    text_start_ = scanned_ = size;
  }
}

void LinStream::line(std::string_view text, std::string_view brk, LinSink& sink) {
  ++line_no_;
  if (overlong_) {
    overlong_ = false;
    open_.open = false;  // the open value goes with its line
    pending_.clear();
    boards_.error(LinError{LinErrorKind::kLineTooLong, {}, line_no_, 1}, sink);
    return;
  }
  auto on_pair = [&](const LinPair& p) { return boards_.pair(p, sink); };
  auto on_error = [&](const LinError& e) { return boards_.error(e, sink); };
  std::size_t from = 0;
  if (open_.open) {
    if (text.size() > max_value_ * 4 && count_code_points(text, 0, text.size()) > max_value_ * 4) {
      open_.open = false;  // lex_line() refuses the line
      pending_.clear();
    } else {
      const std::size_t bar = text.find('|');
      const std::string_view piece = bar == std::string_view::npos ? text : text.substr(0, bar);
      open_.length += count_code_points(piece, 0, piece.size());
      if (bar == std::string_view::npos) open_.length += count_code_points(brk, 0, brk.size());
      if (open_.length > max_value_) {
        open_.open = false;
        pending_.clear();
        boards_.error(too_long(open_), sink);
        return;
      }
      pending_.append(piece);
      if (bar == std::string_view::npos) {
        pending_.append(brk);
        return;
      }
      open_.open = false;
      // The value's own entry, under its key's line, kept while its board needs it.
      lines_.emplace_back(open_.line, std::move(pending_));
      pending_.clear();
      if (!boards_.pair(closed_pair(open_, lines_.back().second), sink)) return;
      from = bar + 1;
    }
  }
  lines_.emplace_back(line_no_, std::string(text));
  lex_line(lines_.back().second, line_no_, from, max_value_, on_pair, on_error, open_);
  if (open_.open) {
    const std::string_view rest = std::string_view(lines_.back().second).substr(open_.start);
    open_.length += count_code_points(brk, 0, brk.size());
    if (open_.length > max_value_) {
      open_.open = false;
      boards_.error(too_long(open_), sink);
    } else {
      pending_.assign(rest);
      pending_.append(brk);
    }
  }
  // Keep only the lines that the current board's pairs lie in.
  const std::vector<LinPair>& current = boards_.current();
  if (current.empty() || current.back().line != line_no_) lines_.pop_back();
  while (!lines_.empty() && (current.empty() || lines_.front().first < current.front().line))
    lines_.pop_front();
}

void LinStream::feed(std::string_view data, bool final, LinSink& sink) {
  if (failed_ || boards_.stopped()) return;
  text_.erase(0, text_start_);
  scanned_ -= text_start_;
  text_start_ = 0;
  const bool decoded = decode(data, final);
  split(decoded && final, sink);
  if (!decoded) {
    if (!boards_.stopped()) sink.error(bad_byte_);
    return;
  }
  if (final) {
    if (open_.open && !boards_.stopped()) {
      open_.open = false;
      boards_.error(
          LinError{LinErrorKind::kValueNotClosedAtEnd, open_.key_view(), open_.line, open_.column},
          sink);
    }
    boards_.finish(sink);
  }
}

bool type_lin_board(const std::vector<LinPair>& pairs, LinFastBoard& out) {
  out.tags.clear();
  out.board = -1;
  out.dealer = -1;
  out.vulnerability = -1;
  out.has_deal = false;
  out.calls.clear();
  out.notes.clear();
  out.contract = -1;
  out.declarer = -1;
  out.has_play = false;
  out.leader = -1;
  out.play.clear();
  out.play_last = 0;
  out.played = -1;
  out.claim = -1;
  out.commentary.clear();
  out.commentary_after.clear();
  LinFastBoard::Place place;  // what the next nt| follows
  std::vector<int> cards;
  cards.reserve(52);
  bool note_on_last = false;
  bool seen_pn = false;
  int room = -1;  // qx|'s: 0 open, 1 closed
  long qx_board = -1;
  for (const LinPair& p : pairs) {
    const std::string_view k = p.key_view();
    const std::string_view v = p.value;
    // A match header, and pn| beyond one of four names with one given, are the reference's:
    // names and the header carry from board to board there (lin.py's _Context). A board of a
    // room (a plain qx|, no pn|: most of a vugraph file) is typed here, and lin.py's
    // _Context.fast gives it what the file carries.
    if (k == "vg") return false;
    if (k == "qx") {
      if (room >= 0 || seen_pn) return false;  // a second qx| is refused by the reference
      room = fast_qx(v, qx_board);
      if (room < 0) return false;
    } else if (k == "pn") {
      if (seen_pn || room >= 0) return false;
      seen_pn = true;
      std::array<std::string_view, 4> names;
      std::size_t count = 0;
      std::size_t start = 0;
      bool four = true;
      for (std::size_t i = 0; i <= v.size(); ++i) {
        if (i == v.size() || v[i] == ',') {
          if (count >= 4) {
            four = false;
            break;
          }
          names[count++] = v.substr(start, i - start);
          start = i + 1;
        }
      }
      if (!four || count != 4) return false;
      bool any = false;
      for (std::size_t s = 0; s < 4; ++s) {
        if (names[s].empty()) continue;
        any = true;
        out.tags.push_back({static_cast<int>(s), {}, names[s]});
      }
      if (!any) return false;
    } else if (k == "md") {
      int known = 0;
      if (!fast_md(v, out.dealer, out.deal, known)) return false;
      out.has_deal = known == 4;
    } else if (k == "sv") {
      if (v.size() != 1) return false;
      switch (lower(v[0])) {
        case 'o':
        case '0':
        case '-':
          out.vulnerability = 0;
          break;
        case 'n':
          out.vulnerability = 1;
          break;
        case 'e':
          out.vulnerability = 2;
          break;
        case 'b':
          out.vulnerability = 3;
          break;
        default:
          return false;
      }
    } else if (k == "ah") {
      if (!plain_ascii(v)) return false;
      const long n = board_number(v);
      if (n >= 0) {
        out.board = n;
      } else {
        out.tags.push_back({6, {}, v});
      }
    } else if (k == "mb") {
      const int c = fast_call(v);
      if (c >= 0) {
        out.calls.push_back(static_cast<std::uint8_t>(c));
      } else if (!fast_calls(v, out.calls)) {
        return false;
      }
      note_on_last = false;
      place = {LinFastBoard::Place::kCall, out.calls.size()};
    } else if (k == "an") {
      if (out.calls.empty() || note_on_last) return false;
      out.notes.emplace_back(out.calls.size() - 1, v);
      note_on_last = true;
    } else if (k == "pc") {
      const int c = fast_card(v);
      if (c < 0) return false;
      cards.push_back(c);
      place = {LinFastBoard::Place::kCard, cards.size()};
    } else if (k == "mc") {
      if (v.empty() || v.size() > 2 || !ascii_digit(v[0]) || (v.size() == 2 && !ascii_digit(v[1])))
        return false;
      const int t = v.size() == 1 ? v[0] - '0' : 10 * (v[0] - '0') + (v[1] - '0');
      if (t > 13) return false;
      out.claim = t;
      place = {LinFastBoard::Place::kClaim, cards.size()};
    } else if (k == "nt") {
      out.commentary.push_back(v);
      out.commentary_after.push_back(place);
    } else if (k == "tg") {
      return false;  // redouble's carried PBN tags: the reference reads them
    } else if (k != "st" && k != "rh" && k != "pg" && k != "sa") {
      out.tags.push_back({4, k, v});
    }
  }
  if (room >= 0) {
    if (out.board < 0) out.board = qx_board;  // ah| gives the number over qx|
    out.tags.insert(out.tags.begin(), {7, {}, room == 0 ? "Open" : "Closed"});
  }
  int strain = -1;
  if (!out.calls.empty()) {
    if (out.dealer < 0) return false;
    // AuctionRecord.final_contract(): the contract-bridge rule.
    const std::size_t n = out.calls.size();
    auto base = [&](std::size_t i) { return out.calls[i] % 38; };
    if (n >= 4 && base(n - 1) == 35 && base(n - 2) == 35 && base(n - 3) == 35) {
      std::size_t last_bid = n;
      int doublings = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const int c = base(i);
        if (c < 35) {
          last_bid = i;
          doublings = 0;
        } else if (c == 36) {
          doublings = 1;
        } else if (c == 37) {
          doublings = 2;
        }
      }
      if (last_bid == n) {
        out.contract = -2;
      } else {
        const int bid = base(last_bid);
        strain = bid % 5;
        out.contract = bid + 35 * doublings;
        const std::size_t side = (static_cast<std::size_t>(out.dealer) + last_bid) & 1U;
        for (std::size_t i = 0; i < n; ++i) {
          const std::size_t seat = (static_cast<std::size_t>(out.dealer) + i) % 4;
          if ((seat & 1U) == side && base(i) < 35 && base(i) % 5 == strain) {
            out.declarer = static_cast<int>(seat);
            break;
          }
        }
      }
    }
  }
  if (!cards.empty() || out.claim >= 0) {
    if (out.declarer < 0 || out.contract < 0) {
      if (!cards.empty()) return false;  // the reference refuses it
    } else {
      // PlayRecord.from_order(): cards in the order of play into columns from the leader.
      out.has_play = true;
      out.leader = (out.declarer + 1) % 4;
      int current = out.leader;
      int won = 0;  // tricks of the declarer's side
      for (std::size_t start = 0; start < cards.size(); start += 4) {
        const std::size_t len = std::min<std::size_t>(4, cards.size() - start);
        std::array<int, 4> places{-1, -1, -1, -1};
        std::array<int, 4> trick{};
        for (std::size_t k = 0; k < len; ++k) {
          const int seat = (current + static_cast<int>(k)) % 4;
          places[static_cast<std::size_t>((seat - out.leader + 4) % 4)] = cards[start + k];
          trick[k] = cards[start + k];
        }
        if (len == 4) {
          for (int c : places) out.play.push_back(static_cast<std::uint8_t>(c));
          current = trick_winner(trick, current, strain);
          if ((current & 1) == (out.declarer & 1)) ++won;
        } else {
          std::size_t width = 0;
          for (std::size_t c = 0; c < 4; ++c)
            if (places[c] >= 0) width = c + 1;
          for (std::size_t c = 0; c < width; ++c)
            out.play.push_back(places[c] < 0 ? 255 : static_cast<std::uint8_t>(places[c]));
          out.play_last = width;
        }
      }
      if (cards.size() == 52) out.played = won;
    }
  }
  return true;
}

void scan_lin_deals(std::string_view text, std::vector<std::uint64_t>& out) {
  lex_lin(
      text, std::size_t{1} << 16,
      [&](const LinPair& p) {
        if (p.key_view() != "md") return true;
        std::string_view v = p.value;
        if (!v.empty() && v[0] >= '1' && v[0] <= '4') v.remove_prefix(1);
        std::array<std::uint64_t, 4> hands{};
        std::array<bool, 4> given{};
        std::uint64_t seen = 0;
        std::size_t part = 0;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= v.size(); ++i) {
          if (i < v.size() && v[i] != ',') continue;
          const std::string_view text_of_hand = v.substr(start, i - start);
          start = i + 1;
          std::uint64_t mask = 0;
          int suit = -1;
          bool any = false;
          for (char c : text_of_hand) {
            if (c == ' ' || c == '\t') continue;
            any = true;
            const int s = suit_of(c);
            if (s >= 0) {
              suit = s;
              continue;
            }
            const int r = rank_of(c);
            if (r < 0 || suit < 0)
              throw ParseError("bad character in LIN hand" + line_suffix(p.line));
            const std::uint64_t bit = std::uint64_t{1} << (suit * 13 + r);
            if ((mask & bit) != 0)
              throw ParseError("a card given twice in a LIN hand" + line_suffix(p.line));
            mask |= bit;
          }
          if (part >= 4) {
            if (any) throw ParseError("md| holds at most four hands" + line_suffix(p.line));
            continue;
          }
          if (any) {
            if ((seen & mask) != 0)
              throw InvalidDeal("a card is in two hands" + line_suffix(p.line));
            if (std::popcount(mask) > 13)
              throw InvalidDeal("a hand holds at most 13 cards" + line_suffix(p.line));
            seen |= mask;
            hands[static_cast<std::size_t>(kLinSeats[part])] = mask;
            given[static_cast<std::size_t>(kLinSeats[part])] = true;
          }
          ++part;
        }
        int known = 0;
        int full = 0;
        for (std::size_t s = 0; s < 4; ++s) {
          if (given[s]) {
            ++known;
            if (std::popcount(hands[s]) == 13) ++full;
          }
        }
        if (known == 0) return true;
        if (known == 3 && full == 3)
          for (std::size_t s = 0; s < 4; ++s)
            if (!given[s]) hands[s] = ((std::uint64_t{1} << 52) - 1) & ~seen;
        out.insert(out.end(), hands.begin(), hands.end());
        return true;
      },
      [&](const LinError& e) -> bool {
        throw ParseError("malformed LIN pair" + line_suffix(e.line));
      });
}

}  // namespace redouble
