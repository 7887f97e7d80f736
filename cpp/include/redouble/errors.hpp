// Exceptions thrown by the redouble core. The bindings translate each to the Python class of
// the same meaning (redouble.errors); the core never prints, exits or returns error codes.
#pragma once

#include <stdexcept>
#include <string>

namespace redouble {

/// Base of every error the core throws on bad input.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
/// A deal or hand that breaks the rules (duplicate, missing or too many cards).
class InvalidDeal : public Error {
 public:
  using Error::Error;
};
/// A card played out of turn, not held, or revoking.
class IllegalPlay : public Error {
 public:
  using Error::Error;
};
/// A call the auction rules forbid.
class IllegalCall : public Error {
 public:
  using Error::Error;
};
/// Text that cannot be parsed (deal strings, cards).
class ParseError : public Error {
 public:
  using Error::Error;
};

}  // namespace redouble
