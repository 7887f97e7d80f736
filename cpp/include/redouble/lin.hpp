// LIN (Bridge Base Online's format) in the core: the lexer and board splitter of the record
// reader, the typing of a common board into a compact form, and the deal-only fast path.
// python/redouble/formats/lin.py holds the reference reader these follow rule for rule (its
// lines, keys, limits, errors and board boundaries); anything less common than what
// type_lin_board() accepts is left to that reference, so that its errors stay the only ones.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace redouble {

/// One key|value| pair: the key in lower case, the value as UTF-8 bytes of the input.
struct LinPair {
  std::array<char, 4> key{};
  std::size_t key_len = 0;
  std::string_view value;
  std::size_t line = 0;
  std::size_t column = 0;  // in code points, from 1

  [[nodiscard]] std::string_view key_view() const { return {key.data(), key_len}; }
};

/// What the lexer or the board splitter refuses. The message is composed by the caller (the
/// reference quotes some of the text with Python's repr).
enum class LinErrorKind : std::uint8_t {
  kLineTooLong,     // "line longer than {4 * max_value} characters"
  kBadKey,          // "expected a LIN key and '|', got {text[:20]!r}" (text: up to the '|')
  kBadKeyNoBar,     // the same, text: the rest of the line (to be right-stripped)
  kValueNotClosed,  // "value of {text}| is not closed by '|' on its line"
  kValueTooLong,    // "value of {text}| longer than {max_value} characters"
  kTooManyPairs,    // "a board holds more than {max_pairs} pairs"
  kNoDeal,          // "a LIN board without md| (the deal)"
};

struct LinError {
  LinErrorKind kind = LinErrorKind::kBadKey;
  std::string_view text;
  std::size_t line = 0;
  std::size_t column = 0;
};

/// Receives the boards of scan_lin() in file order.
class LinSink {
 public:
  LinSink() = default;
  LinSink(const LinSink&) = default;
  LinSink& operator=(const LinSink&) = default;
  LinSink(LinSink&&) = default;
  LinSink& operator=(LinSink&&) = default;
  virtual ~LinSink() = default;
  /// A board ends: `problem` is its first error (a lexing error, too many pairs, or no md|),
  /// else null and `pairs` are its pairs (valid until the call returns).
  virtual void board(const LinError* problem, const std::vector<LinPair>& pairs) = 0;
  /// Strict mode only: the first lexing error; scanning stops after it.
  virtual void error(const LinError& error) = 0;
};

/// Splits UTF-8 `text` into lines as Python's str.splitlines() does, lexes each line into
/// pairs and groups them into boards (a board ends at qx|, pn| or md| once it has its md|).
/// With `skip`, an error marks its board as bad and lexing goes on at the next line; without,
/// the first lexing error goes to sink.error() and ends the scan.
void scan_lin(std::string_view text, bool skip, std::size_t max_value, std::size_t max_pairs,
              LinSink& sink);

/// A common board, typed: every field as the reference's _board() gives it.
struct LinFastBoard {
  /// Tags in file order: name (0..3 the player tags South, West, North, East; 4 "Lin_" + key,
  /// 5 "Lin_pn", 6 "Lin_ah") and value.
  struct Tag {
    int name = 0;
    std::string_view key;
    std::string_view value;
  };
  std::vector<Tag> tags;
  long board = -1;
  int dealer = -1;         // Seat (N 0, E 1, S 2, W 3) or -1
  int vulnerability = -1;  // 0 none, 1 NS, 2 EW, 3 both, or -1
  bool has_deal = false;
  std::array<std::uint64_t, 4> deal{};  // N, E, S, W
  /// Calls: 5 * (level - 1) + strain (C D H S NT) for bids, 35 pass, 36 X, 37 XX; + 38 alerted.
  std::vector<std::uint8_t> calls;
  std::vector<std::pair<std::size_t, std::string_view>> notes;  // call index, an| text
  /// The final contract: -1 none (no auction or not finished), -2 passed out, else
  /// 5 * (level - 1) + strain + 35 * doublings.
  int contract = -1;
  int declarer = -1;
  /// The play in PBN columns from the opening leader, a card as suit * 13 + rank, 255 for a
  /// "-" before the last card of a partial last trick; has_play false when there is none.
  bool has_play = false;
  int leader = -1;
  std::vector<std::uint8_t> play;
  std::size_t play_last = 0;  // the width of a partial last trick's row, 0 if none
  int claim = -1;
  std::vector<std::string_view> commentary;
};

/// Types a board the reference would read without an error, in the common spellings; false
/// (with `out` unspecified) for anything else, which the reference then reads or refuses.
bool type_lin_board(const std::vector<LinPair>& pairs, LinFastBoard& out);

/// The deal of every md| of a LIN text (lexed as the reader does, strictly): four hand masks
/// (N, E, S, W; 0 for an unknown hand, the fourth filled in when three hands hold 13 cards)
/// per md| that gives a hand, appended to `out` in file order. Throws ParseError (with the
/// line) on a lexing error or a malformed hand, InvalidDeal on a card in two hands or a hand
/// of more than 13 cards.
void scan_lin_deals(std::string_view text, std::vector<std::uint64_t>& out);

}  // namespace redouble
