// The PBN deal-only scanner (see pbn_scan.hpp). One pass over the bytes with a few states;
// the idea of scanning for one tag without tokenising the rest is python-chess's
// "skip_game" reader, applied to PBN's lexical rules (PBN 2.1 sections 2.3, 3.3, 3.8).
#include "redouble/pbn_scan.hpp"

#include <bit>
#include <string>

#include "redouble/deal.hpp"
#include "redouble/errors.hpp"

namespace redouble {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }

bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

bool is_deal_name(std::string_view name) {
  if (name.size() != 4) return false;
  const char* want = "deal";
  for (std::size_t i = 0; i < 4; ++i) {
    char c = name[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != want[i]) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

[[noreturn]] void fail(const std::string& what, std::size_t line) {
  throw ParseError(what + " (line " + std::to_string(line) + ")");
}

}  // namespace

void scan_pbn_deals(std::string_view text, std::vector<std::uint64_t>& out) {
  const std::size_t n = text.size();
  std::size_t i = 0;
  std::size_t line = 1;
  bool line_start = true;
  std::string previous;  // the last Deal value, for "#"
  std::string value;
  while (i < n) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = true;
      ++i;
      continue;
    }
    if (line_start && c == '%') {  // a directive line
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    line_start = false;
    if (c == ';') {  // comment to the end of the line
      while (i < n && text[i] != '\n') ++i;
    } else if (c == '{') {  // commentary, possibly over several lines
      const std::size_t start_line = line;
      ++i;
      while (i < n && text[i] != '}') {
        if (text[i] == '\n') ++line;
        ++i;
      }
      if (i >= n) fail("commentary '{' is never closed", start_line);
      ++i;
    } else if (c == '"') {  // a quoted token of a table
      ++i;
      while (i < n && text[i] != '"' && text[i] != '\n')
        i += (text[i] == '\\' && i + 1 < n) ? 2 : 1;
      if (i < n && text[i] == '"') ++i;
    } else if (c == '[') {
      std::size_t j = i + 1;
      while (j < n && is_space(text[j]) && text[j] != '\n') ++j;
      const std::size_t name_start = j;
      while (j < n && is_name_char(text[j])) ++j;
      const std::string_view name = text.substr(name_start, j - name_start);
      while (j < n && is_space(text[j]) && text[j] != '\n') ++j;
      if (name.empty() || j >= n || text[j] != '"')
        fail("malformed tag pair (expected [Name \"value\"])", line);
      ++j;
      value.clear();
      while (j < n && text[j] != '"' && text[j] != '\n') {
        if (text[j] == '\\' && j + 1 < n && (text[j + 1] == '"' || text[j + 1] == '\\')) ++j;
        value.push_back(text[j]);
        ++j;
      }
      if (j >= n || text[j] != '"') fail("malformed tag pair (expected [Name \"value\"])", line);
      ++j;
      while (j < n && is_space(text[j]) && text[j] != '\n') ++j;
      if (j >= n || text[j] != ']') fail("malformed tag pair (expected [Name \"value\"])", line);
      i = j + 1;
      if (!is_deal_name(name)) continue;
      std::string_view v = trim(value);
      if (v == "#") {
        v = previous;
      } else if (v.size() >= 2 && v.substr(0, 2) == "##") {
        fail("a Deal value cannot be built from '##'", line);
      }
      previous.assign(v);
      if (v.empty() || v == "?") continue;
      for (char ch : v) {
        // Only ASCII reaches the deal parser: its messages quote the byte, and a byte of a
        // multi-byte character there would not be valid text on the Python side.
        if (static_cast<unsigned char>(ch) >= 0x80 || ch == '\0')
          fail("a PBN deal holds only ASCII letters, digits, '.', '-' and spaces", line);
      }
      Hands hands;
      try {
        hands = parse_pbn_deal(v);
      } catch (const ParseError& e) {
        fail(e.what(), line);
      } catch (const InvalidDeal& e) {
        throw InvalidDeal(std::string(e.what()) + " (line " + std::to_string(line) + ")");
      }
      for (std::uint64_t h : hands) {
        if (std::popcount(h) > 13)
          throw InvalidDeal("a hand holds at most 13 cards (line " + std::to_string(line) + ")");
        out.push_back(h);
      }
    } else {
      ++i;
    }
  }
}

}  // namespace redouble
