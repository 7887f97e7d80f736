// The auction: call encoding, the rules that vary by law set (how bids are ordered, whether
// the dealer may pass, how often a bid may be doubled), the legal calls of a state, and the
// final declaration with its declarer. Used for Auction Bridge 1912 and contract bridge; Bridge
// (1906) has no auction and its make-or-pass declaring lives in the Python layer.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace redouble {

/// Call ids: 0 pass, 1 double, 2 redouble, then bids 3 + (level-1)*D + d, where d indexes the
/// law set's declarations (in the law set's order) and D is their number. Fits a uint64 mask.
inline constexpr int kPass = 0;
inline constexpr int kDouble = 1;
inline constexpr int kRedouble = 2;
inline constexpr int kFirstBid = 3;
inline constexpr int kMaxDeclarations = 8;

/// What varies between codes of law, as plain data.
struct AuctionRules {
  /// Number of declarations (5 in contract bridge, 6 in Auction 1912 with Royal Spades).
  int num_declarations = 5;
  /// Undoubled value of each trick over six, per declaration.
  std::array<int, kMaxDeclarations> trick_value{};
  /// Auction 1912 law 44: a bid is higher if level x trick value is greater, or equal with
  /// more tricks. Otherwise (contract bridge) higher level, or same level and a later
  /// declaration in the law set's order.
  bool by_value = false;
  /// Auction 1912 law 42: the dealer must declare and may not pass.
  bool dealer_must_bid = false;
  /// Highest level that may be bid (seven odd tricks).
  int max_level = 7;
  /// Passes that close the auction after a bid (three in every code here).
  int passes_to_close = 3;
};

/// Why a call is not legal now (0 = legal). The Python layer maps each to the law that says so.
enum class CallFault : std::uint8_t {
  None = 0,
  AuctionClosed,      ///< the auction is over
  UnknownCall,        ///< not a call id of these rules
  DealerMustBid,      ///< the dealer's first call may not be a pass (1912 law 42)
  Insufficient,       ///< a bid not higher than the last (1912 law 44; contract Law 27)
  NothingToDouble,    ///< no bid yet, or the last bid already doubled
  DoubleOwnSide,      ///< doubling one's own side's bid (1912 law 54)
  AlreadyDoubled,     ///< the last bid is already doubled or redoubled
  NotDoubled,         ///< redouble of a bid that is not doubled
  RedoubleOpponents,  ///< redoubling an opponent's bid (one's partner's double, 1912 law 54)
  AlreadyRedoubled,   ///< the bid is already redoubled
};

/// The state of one auction. Cheap to copy; not thread-safe.
class Auction {
 public:
  /// Throws IllegalCall if the rules are out of range (declarations 1..8, levels 1..7).
  Auction(const AuctionRules& rules, int dealer);

  const AuctionRules& rules() const noexcept { return rules_; }
  int dealer() const noexcept { return dealer_; }
  /// Seat whose turn it is.
  int to_call() const noexcept { return (dealer_ + static_cast<int>(calls_.size())) & 3; }
  const std::vector<int>& calls() const noexcept { return calls_; }
  /// Number of call ids under these rules (3 + 7 * declarations).
  int num_calls() const noexcept { return kFirstBid + rules_.max_level * rules_.num_declarations; }

  /// Why `call` is not legal for the seat to call now (CallFault::None if it is).
  CallFault fault(int call) const noexcept;
  /// Bit i set when call id i is legal now.
  std::uint64_t legal_calls() const noexcept;
  /// Make a call for the seat to call. Throws IllegalCall naming the fault.
  void call(int call);
  /// Take back the last call. Throws IllegalCall if there is none.
  void undo();

  /// True once a bid has been followed by the closing passes, or all four passed.
  bool is_complete() const noexcept;
  /// True when every seat passed and nothing was bid (never, where the dealer must bid).
  bool is_passed_out() const noexcept;

  /// The last bid (call id), or -1 if none.
  int last_bid() const noexcept { return last_bid_; }
  /// Seat that made the last bid, or -1.
  int last_bidder() const noexcept { return last_bidder_; }
  /// 0 undoubled, 1 doubled, 2 redoubled (for the last bid).
  int doubling() const noexcept { return doubling_; }
  /// Declarer of the last bid: the member of the bidder's side who first named its
  /// declaration (1912 law 46; contract). -1 if there is no bid.
  int declarer() const noexcept;

  /// True if bid a is higher than bid b under these rules (both bid ids).
  bool is_higher(int a, int b) const noexcept;
  /// Level (1..7) of a bid id.
  int level_of(int bid) const noexcept { return (bid - kFirstBid) / rules_.num_declarations + 1; }
  /// Declaration index of a bid id.
  int declaration_of(int bid) const noexcept { return (bid - kFirstBid) % rules_.num_declarations; }
  /// Bid id of a level and declaration index.
  int bid_id(int level, int declaration) const noexcept {
    return kFirstBid + (level - 1) * rules_.num_declarations + declaration;
  }

 private:
  struct Undo {
    int last_bid, last_bidder, doubling, trailing_passes;
  };
  AuctionRules rules_;
  int dealer_;
  std::vector<int> calls_;
  std::vector<Undo> undo_;
  int last_bid_ = -1;
  int last_bidder_ = -1;
  int doubling_ = 0;
  int trailing_passes_ = 0;
};

/// A short English description of a fault (the Python layer adds the law citation).
std::string describe(CallFault fault);

}  // namespace redouble
