// Deal validation and the PBN deal-string codec.
#include "redouble/deal.hpp"

#include <cctype>

#include "redouble/card_set.hpp"
#include "redouble/errors.hpp"

namespace redouble {

void validate_deal(const Hands& hands, bool full) {
  std::uint64_t seen = 0;
  for (int s = 0; s < 4; ++s) {
    const std::uint64_t h = hands[static_cast<std::size_t>(s)];
    if (h & ~kFullDeck) throw InvalidDeal("hand mask has bits above 51");
    if (h & seen) {
      const int c = lowest_card(h & seen);
      throw InvalidDeal(std::string("card ") + kSuitChars[card_suit(c)] + kRankChars[card_rank(c)] +
                        " is held by two seats");
    }
    seen |= h;
  }
  const int n = count(hands[0]);
  for (int s = 0; s < 4; ++s) {
    const int k = count(hands[static_cast<std::size_t>(s)]);
    if (full && k != 13)
      throw InvalidDeal(std::string("seat ") + kSeatChars[s] + " holds " + std::to_string(k) +
                        " cards, not 13");
    if (k != n)
      throw InvalidDeal(std::string("hands must be of equal size: ") + kSeatChars[0] + " holds " +
                        std::to_string(n) + ", " + kSeatChars[s] + " holds " + std::to_string(k));
  }
}

namespace {

// A character of the caller's text as an error message shows it: printable ASCII in quotes,
// anything else (a NUL, a byte of a UTF-8 or Latin-1 character) as a \xNN escape, so the message
// stays valid text and is never cut short.
std::string quoted_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte \\x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

int seat_from_char(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
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

int rank_from_char(char c) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int r = 0; r < kNumRanks; ++r)
    if (kRankChars[r] == u) return r;
  return -1;
}

}  // namespace

Hands parse_pbn_deal(std::string_view text) {
  std::size_t i = 0;
  auto skip_ws = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  skip_ws();
  if (i + 1 >= text.size() || text[i + 1] != ':' || seat_from_char(text[i]) < 0)
    throw ParseError("deal string must start with a seat and a colon, e.g. 'N:'");
  const int first = seat_from_char(text[i]);
  i += 2;
  Hands hands{};
  std::uint64_t seen = 0;
  for (int k = 0; k < 4; ++k) {
    skip_ws();
    if (i >= text.size())
      throw ParseError("deal string has " + std::to_string(k) + " hands, expected 4");
    const int seat = (first + k) & 3;
    std::uint64_t mask = 0;
    if (text[i] == '-') {
      ++i;
    } else {
      int suit = 3;  // PBN lists spades, hearts, diamonds, clubs
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) {
        const char c = text[i];
        if (c == '.') {
          if (--suit < 0) throw ParseError("a hand has more than four suits (too many '.')");
          ++i;
          continue;
        }
        int rank;
        if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') {
          rank = 8;
          ++i;
        } else {
          rank = rank_from_char(c);
        }
        if (rank < 0)
          throw ParseError("unexpected character " + quoted_char(c) + " at offset " +
                           std::to_string(i) + " of the deal string");
        const std::uint64_t bit = card_bit(card_id(suit, rank));
        if ((mask | seen) & bit)
          throw InvalidDeal(std::string("card ") + kSuitChars[suit] + kRankChars[rank] +
                            " appears twice in the deal string");
        mask |= bit;
        ++i;
      }
      if (suit != 0) throw ParseError("a hand must list four suits separated by '.'");
    }
    seen |= mask;
    hands[static_cast<std::size_t>(seat)] = mask;
  }
  skip_ws();
  if (i != text.size()) throw ParseError("deal string has more than four hands");
  return hands;
}

std::string format_pbn_hand(std::uint64_t mask) {
  std::string out;
  for (int suit = 3; suit >= 0; --suit) {
    const unsigned h = holding(mask, suit);
    for (int r = kNumRanks - 1; r >= 0; --r)
      if (h & (1u << r)) out += kRankChars[r];
    if (suit) out += '.';
  }
  return out;
}

std::string format_pbn_deal(const Hands& hands, int first_seat) {
  std::string out{kSeatChars[first_seat & 3], ':'};
  for (int k = 0; k < 4; ++k) {
    if (k) out += ' ';
    out += format_pbn_hand(hands[static_cast<std::size_t>((first_seat + k) & 3)]);
  }
  return out;
}

}  // namespace redouble
