// Hand features (HCP, suit lengths, controls, losing-trick count, quick tricks, balanced and
// semi-balanced shape) and the constraint programs the constrained dealer runs on them.
// Per-suit values come from 8192-entry tables indexed by the 13-bit holding, built once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "redouble/deal.hpp"

namespace redouble {

/// Feature ids, in the order of the columns hand_features() writes.
enum HandFeature : int {
  kFeatHcp = 0,    ///< high-card points, A=4 K=3 Q=2 J=1
  kFeatClubs = 1,  ///< suit lengths, clubs..spades (ids 1..4 = suit + 1)
  kFeatDiamonds = 2,
  kFeatHearts = 3,
  kFeatSpades = 4,
  kFeatControls = 5,      ///< A=2, K=1
  kFeatLtc = 6,           ///< losing-trick count
  kFeatQt2 = 7,           ///< quick tricks, in halves (AK=4, AQ=3, A=2, KQ=2, Kx=1)
  kFeatBalanced = 8,      ///< 4333, 4432 or 5332
  kFeatSemiBalanced = 9,  ///< no void or singleton and no suit over six (adds 5422, 6322)
  kFeatLongest = 10,      ///< length of the longest suit
  kFeatShortest = 11,     ///< length of the shortest suit
  kNumFeatures = 12,
};

/// All features of one hand, indexed by HandFeature.
std::array<int, kNumFeatures> hand_features(std::uint64_t hand) noexcept;

/// Features of every hand of n deals (deals: n*4 masks) into out[(i*4+seat)*kNumFeatures + f].
void batch_features(const std::uint64_t* deals, std::size_t n, std::int16_t* out) noexcept;

/// One instruction of a constraint program, run on a stack of booleans (postfix order).
struct ConstraintOp {
  int op = 0;         ///< 0: push (sum of feature over seats in seat_mask) in [lo, hi];
                      ///< 1: and; 2: or; 3: not; 4: push true
  int seat_mask = 0;  ///< bit s set: seat s contributes (op 0)
  int feature = 0;    ///< HandFeature (op 0)
  int lo = 0;
  int hi = 0;
};

/// A checked constraint program (stack depth and operands validated at construction).
class ConstraintProgram {
 public:
  /// Throws Error if the program is malformed (bad op, feature, seat mask or stack use).
  explicit ConstraintProgram(std::vector<ConstraintOp> ops);
  /// Whether the deal satisfies the program.
  bool accepts(const Hands& hands) const noexcept;

 private:
  std::vector<ConstraintOp> ops_;
  int seats_used_ = 0;
};

/// Deals of boards first_board, first_board+1, ... (each its own (seed, board) stream; with
/// predeal when any predealt mask is non-zero, else exactly the board's plain deal) that the
/// program accepts, until `want` are found or `max_tries` boards were tried. Writes the deals
/// (4 masks each) and their board numbers; returns the number found. Runs on up to `threads`
/// threads (fewer if the system refuses one); the result does not depend on the count.
std::size_t constrained_deals(std::uint64_t seed, std::uint64_t first_board, std::size_t want,
                              std::uint64_t max_tries, const Hands& predealt,
                              const ConstraintProgram& program, std::uint64_t* deals_out,
                              std::uint64_t* boards_out, std::uint64_t* tried_out, int threads = 1);

}  // namespace redouble
