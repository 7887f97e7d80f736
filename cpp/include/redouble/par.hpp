// Contract-bridge par (duplicate scoring) of DD tables, in batches: the bidding game between the
// two sides over the 35 contracts, solved by backward induction from 7NT, and the par contracts
// listed as DDS's Par/DealerPar list them. python/redouble/analysis/par.py holds the same
// definition in Python (the reference the tests compare this with).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace redouble {

/// Duplicate score of a contract for the declaring side (Laws of Duplicate Bridge, Law 77):
/// strain 0..4 = clubs, diamonds, hearts, spades, no trump; doubled 0, 1 (doubled) or 2
/// (redoubled); tricks = what declarer takes. Negative when the contract goes down.
int duplicate_score(int level, int strain, int doubled, bool vulnerable, int tricks) noexcept;

/// One par contract, packed in 16 bits: level (bits 0-2, 1..7), strain (bits 3-5, 0..4),
/// declarers (bits 6-9, one bit per seat N=0..W=3), doubled (bit 10), result + 16 (bits 11-15:
/// tricks over or, negative, under the contract).
using ParCode = std::uint16_t;

/// Packs one par contract (see ParCode).
constexpr ParCode pack_par_contract(int level, int strain, unsigned declarers, bool doubled,
                                    int result) noexcept {
  return static_cast<ParCode>(static_cast<unsigned>(level) | (static_cast<unsigned>(strain) << 3U) |
                              (declarers << 6U) | (static_cast<unsigned>(doubled) << 10U) |
                              (static_cast<unsigned>(result + 16) << 11U));
}

/// Par of one DD table. table[strain * 4 + seat] are declarer's tricks (strain 0..4 as above,
/// seat N, E, S, W); vulnerability bit 0 = NS vulnerable, bit 1 = EW; first = the side (0 NS,
/// 1 EW) that has the first chance to bid (the dealer's side for dealer par). Appends the par
/// contracts to *contracts and returns the par score for NS (0 when the deal is passed out, and
/// then no contract is appended).
int contract_par(const std::uint8_t* table, int vulnerability, int first,
                 std::vector<ParCode>* contracts);

/// Par of n tables (tables: n * 20 bytes, each as in contract_par; vulnerability and first: one
/// per table). Writes scores[i] and offsets[0..n] (row i's contracts are
/// contracts[offsets[i]..offsets[i + 1]]), replacing *contracts. Throws Error on a trick count
/// over 13, a vulnerability over 3 or a side over 1.
void contract_pars(const std::uint8_t* tables, const std::uint8_t* vulnerability,
                   const std::uint8_t* first, std::size_t n, std::int32_t* scores,
                   std::int64_t* offsets, std::vector<ParCode>* contracts);

}  // namespace redouble
