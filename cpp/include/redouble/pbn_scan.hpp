// The PBN deal-only fast path: every board's Deal tag of a PBN text, straight to hand masks,
// without building records. Commentary, quoted strings and directives are skipped so that a
// "[Deal ...]" inside them is not taken for a tag.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace redouble {

/// Appends four hand masks (N, E, S, W; 0 for a hand given as "-") per Deal tag of `text` to
/// `out`, in file order. "#" repeats the previous Deal value (PBN 2.1 section 4.8); an empty or
/// "?" value gives no row. Throws ParseError (with the line) on a malformed tag pair or deal
/// string, InvalidDeal on a card in two hands or a hand of more than 13 cards.
void scan_pbn_deals(std::string_view text, std::vector<std::uint64_t>& out);

}  // namespace redouble
