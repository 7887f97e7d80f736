// Auction legality: sufficiency under the law set's ordering, double/redouble rules, closing.
#include "redouble/auction.hpp"

#include "redouble/errors.hpp"

namespace redouble {

Auction::Auction(const AuctionRules& rules, int dealer) : rules_(rules), dealer_(dealer) {
  if (rules.num_declarations < 1 || rules.num_declarations > kMaxDeclarations)
    throw IllegalCall("an auction needs 1 to 8 declarations");
  if (rules.max_level < 1 || rules.max_level > 7) throw IllegalCall("max level must be 1..7");
  if (rules.passes_to_close < 1 || rules.passes_to_close > 3)
    throw IllegalCall("passes to close must be 1..3");
  if (num_calls() > 64) throw IllegalCall("too many calls for a 64-bit call mask");
  if (dealer < 0 || dealer > 3) throw IllegalCall("dealer must be a seat 0..3");
}

bool Auction::is_higher(int a, int b) const noexcept {
  const int la = level_of(a), lb = level_of(b);
  const int da = declaration_of(a), db = declaration_of(b);
  if (rules_.by_value) {
    // Law 44: compare the undoubled value; on equal value the bid naming more tricks is higher.
    const int va = la * rules_.trick_value[static_cast<std::size_t>(da)];
    const int vb = lb * rules_.trick_value[static_cast<std::size_t>(db)];
    if (va != vb) return va > vb;
    return la > lb;
  }
  return la != lb ? la > lb : da > db;
}

bool Auction::is_complete() const noexcept {
  if (last_bid_ < 0) return calls_.size() >= 4;  // passed out (only where a pass may open)
  return trailing_passes_ >= rules_.passes_to_close;
}

bool Auction::is_passed_out() const noexcept { return last_bid_ < 0 && calls_.size() >= 4; }

int Auction::declarer() const noexcept {
  if (last_bid_ < 0) return -1;
  const int side = last_bidder_ & 1;
  const int decl = declaration_of(last_bid_);
  for (std::size_t i = 0; i < calls_.size(); ++i) {
    const int c = calls_[i];
    const int seat = (dealer_ + static_cast<int>(i)) & 3;
    if (c >= kFirstBid && (seat & 1) == side && declaration_of(c) == decl) return seat;
  }
  return last_bidder_;
}

CallFault Auction::fault(int call) const noexcept {
  if (is_complete()) return CallFault::AuctionClosed;
  if (call < 0 || call >= num_calls()) return CallFault::UnknownCall;
  const int seat = to_call();
  if (call == kPass) {
    if (rules_.dealer_must_bid && calls_.empty()) return CallFault::DealerMustBid;
    return CallFault::None;
  }
  if (call == kDouble) {
    if (last_bid_ < 0) return CallFault::NothingToDouble;
    if ((last_bidder_ & 1) == (seat & 1)) return CallFault::DoubleOwnSide;
    if (doubling_ > 0) return CallFault::AlreadyDoubled;
    return CallFault::None;
  }
  if (call == kRedouble) {
    if (last_bid_ < 0 || doubling_ == 0) return CallFault::NotDoubled;
    if ((last_bidder_ & 1) != (seat & 1)) return CallFault::RedoubleOpponents;
    if (doubling_ > 1) return CallFault::AlreadyRedoubled;
    return CallFault::None;
  }
  if (last_bid_ >= 0 && !is_higher(call, last_bid_)) return CallFault::Insufficient;
  return CallFault::None;
}

std::uint64_t Auction::legal_calls() const noexcept {
  std::uint64_t mask = 0;
  const int n = num_calls();
  for (int c = 0; c < n; ++c)
    if (fault(c) == CallFault::None) mask |= 1ull << c;
  return mask;
}

void Auction::call(int c) {
  const CallFault f = fault(c);
  if (f != CallFault::None) throw IllegalCall(describe(f));
  undo_.push_back({last_bid_, last_bidder_, doubling_, trailing_passes_});
  calls_.push_back(c);
  if (c == kPass) {
    ++trailing_passes_;
  } else {
    trailing_passes_ = 0;
    if (c == kDouble) {
      doubling_ = 1;
    } else if (c == kRedouble) {
      doubling_ = 2;
    } else {
      last_bid_ = c;
      last_bidder_ = (dealer_ + static_cast<int>(calls_.size()) - 1) & 3;
      doubling_ = 0;
    }
  }
}

void Auction::undo() {
  if (calls_.empty()) throw IllegalCall("no call to take back");
  const Undo u = undo_.back();
  undo_.pop_back();
  calls_.pop_back();
  last_bid_ = u.last_bid;
  last_bidder_ = u.last_bidder;
  doubling_ = u.doubling;
  trailing_passes_ = u.trailing_passes;
}

std::string describe(CallFault fault) {
  switch (fault) {
    case CallFault::None:
      return "legal";
    case CallFault::AuctionClosed:
      return "the auction is over";
    case CallFault::UnknownCall:
      return "not a call of this law set";
    case CallFault::DealerMustBid:
      return "the dealer must declare and may not pass";
    case CallFault::Insufficient:
      return "a declaration must be higher than the last one";
    case CallFault::NothingToDouble:
      return "there is no declaration to double";
    case CallFault::DoubleOwnSide:
      return "a player may not double his own side's declaration";
    case CallFault::AlreadyDoubled:
      return "the declaration is already doubled";
    case CallFault::NotDoubled:
      return "only a doubled declaration may be redoubled";
    case CallFault::RedoubleOpponents:
      return "only the declaring side may redouble (not a partner's double)";
    case CallFault::AlreadyRedoubled:
      return "the declaration is already redoubled";
  }
  return "illegal call";
}

}  // namespace redouble
