// LIN (Bridge Base Online's format) in the core: the lexer and board splitter of the record
// reader, the typing of a common board into a compact form, and the deal-only fast path.
// python/redouble/formats/lin.py holds the reference reader these follow rule for rule (its
// lines, keys, limits, errors and board boundaries); anything less common than what
// type_lin_board() accepts is left to that reference, so that its errors stay the only ones.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
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
  kBadByte,         // "byte 0x{byte:02x} is not valid {codec}" (LinStream: text names the codec)
  kValueNotClosedAtEnd,  // "value of {text}| is not closed by '|' before the end of the text"
};

/// A free-text value (at|, nt|, an|, mn|) that runs past the end of its line, as the lexer
/// carries it to the next line: such a value ends at its closing '|' whatever the lines.
struct LinOpenValue {
  bool open = false;
  std::array<char, 4> key{};  // as written
  std::size_t key_len = 0;
  std::size_t line = 0;
  std::size_t column = 0;
  std::size_t length = 0;  // code points so far, line breaks included
  std::size_t start = 0;   // where the value begins: a byte of the line (then of the text)

  [[nodiscard]] std::string_view key_view() const { return {key.data(), key_len}; }
};

struct LinError {
  LinErrorKind kind = LinErrorKind::kBadKey;
  std::string_view text;
  std::size_t line = 0;
  std::size_t column = 0;
  unsigned char byte = 0;  // kBadByte: the first byte that cannot be decoded
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
/// pairs (a free-text value, LinOpenValue's, running on over the lines to its closing '|')
/// and groups them into boards (a board ends at qx|, pn|, md|, vg| or rs| once it has its
/// md|).
/// With `skip`, an error marks its board as bad and lexing goes on at the next line; without,
/// the first lexing error goes to sink.error() and ends the scan.
void scan_lin(std::string_view text, bool skip, std::size_t max_value, std::size_t max_pairs,
              LinSink& sink);

/// Groups pairs into boards as scan_lin() does (a board ends at qx|, pn|, md|, vg| or rs|
/// once it has its md|), for a lexer that hands them over one at a time. Pairs' values must
/// stay valid until their board has gone to the sink; an error's text is copied.
class LinBoardSplitter {
 public:
  LinBoardSplitter(bool skip, std::size_t max_pairs) : skip_(skip), max_pairs_(max_pairs) {}
  /// The next pair; false once the scan has stopped (strict mode, too many pairs).
  bool pair(const LinPair& p, LinSink& sink);
  /// A lexing error: strict, it goes to sink.error() and stops the scan (false); with skip it
  /// marks the current board as bad (its first error is kept) and the scan goes on.
  bool error(const LinError& e, LinSink& sink);
  /// The end of the input: the last board goes to the sink.
  void finish(LinSink& sink);
  /// The pairs of the board being read (their lines are the ones a streaming lexer keeps).
  [[nodiscard]] const std::vector<LinPair>& current() const { return current_; }
  [[nodiscard]] bool stopped() const { return stopped_; }

 private:
  void end_board(LinSink& sink);

  bool skip_;
  std::size_t max_pairs_;
  std::vector<LinPair> current_;
  bool has_deal_ = false;
  bool bad_ = false;
  bool stopped_ = false;
  LinError first_bad_;
  std::string first_bad_text_;
};

/// Reads LIN in chunks, in memory bounded by the longest line and the largest board (a value
/// over lines is held up to `max_value` code points, then refused), whatever
/// the input's length: the same pairs, boards and errors (with their lines and columns in the
/// whole input) as scan_lin() gives for the input's decoded text in one piece.
class LinStream {
 public:
  /// How bytes are decoded. kText: UTF-8 already (a Python str's, lone surrogates allowed);
  /// kUtf8: strict UTF-8, an invalid byte is a kBadByte error that ends the scan, whatever
  /// `skip`; kLatin1: ISO-8859-1; kAuto: UTF-8 up to the first byte that is not valid UTF-8
  /// and ISO-8859-1 from that byte on (a byte-order mark means strict UTF-8).
  enum class Codec : std::uint8_t { kText, kUtf8, kLatin1, kAuto };

  /// `drop_bom`: a byte-order mark at the start is not part of the text (kUtf8 and kAuto
  /// always drop it, kLatin1 never has one).
  LinStream(Codec codec, bool drop_bom, bool skip, std::size_t max_value, std::size_t max_pairs);

  /// The next bytes of the input; what they complete goes to `sink` (with `final`, the rest).
  void feed(std::string_view data, bool final, LinSink& sink);

 private:
  bool decode(std::string_view data, bool final);
  void split(bool final, LinSink& sink);
  void line(std::string_view text, std::string_view brk, LinSink& sink);

  Codec codec_;
  bool drop_bom_;
  bool sig_ = false;   // kAuto turned kUtf8 by a byte-order mark
  bool start_ = true;  // the byte-order mark not yet decided
  std::string carry_;  // raw bytes held back: an unfinished UTF-8 sequence, a possible mark
  std::string text_;   // decoded text not yet split into lines, from text_start_
  std::size_t text_start_ = 0;
  std::size_t scanned_ = 0;  // text_ up to here holds no line break
  bool overlong_ = false;    // the current line is too long: its text is dropped
  std::size_t line_no_ = 0;
  std::size_t max_value_;
  std::size_t newlines_ = 0;  // kUtf8 positions, as a decoder counts them: '\n' seen
  std::size_t column_ = 0;    // and code points since the last '\n'
  bool failed_ = false;
  LinError bad_byte_;
  std::deque<std::pair<std::size_t, std::string>> lines_;  // lines the current board's pairs lie in
  LinOpenValue open_;                                      // a free-text value running over lines
  std::string pending_;                                    // its text so far
  LinBoardSplitter boards_;
};

/// A common board, typed: every field as the reference's _board() gives it.
struct LinFastBoard {
  /// Tags in file order: name (0..3 the player tags South, West, North, East; 4 "Lin_" + key,
  /// 6 "Lin_ah"; 5, once "Lin_pn", is no longer given: such boards are the reference's) and value;
  /// a board with a qx| begins with name 7, "Room", valued "Open" or "Closed".
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
  /// The declarer's tricks when the play holds all thirteen tricks, else -1 (a LIN board
  /// played to its last card without a claim has this as its result).
  int played = -1;
  int claim = -1;
  std::vector<std::string_view> commentary;
  /// Where each nt| stood, as lin.py's reader gives it: after the `count`-th call ("mb:K",
  /// count 0 before the first), after the `count`-th card ("pc:K") or after a claim made
  /// after the `count`-th card ("mc:K"), whichever the board gave last before it.
  struct Place {
    enum Kind : std::uint8_t { kCall, kCard, kClaim } kind = kCall;
    std::size_t count = 0;
  };
  std::vector<Place> commentary_after;
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
