"""The exceptions redouble raises.

Every error caused by bad input is a :class:`RedoubleError` and also a :class:`ValueError`, so
callers can catch either. The C++ core's exceptions arrive as these same classes.
"""

from __future__ import annotations

__all__ = [
    "ClubError",
    "FormatError",
    "GameError",
    "IllegalCallError",
    "IllegalCallTypeError",
    "IllegalPlayError",
    "InvalidDealError",
    "InvalidDealTypeError",
    "IrregularityError",
    "LawSetError",
    "RedoubleError",
    "ScoringInputError",
    "SearchCancelledError",
]


class RedoubleError(ValueError):
    """Base class of redouble's errors about bad input (a :class:`ValueError`)."""


class InvalidDealError(RedoubleError):
    """A deal, hand or card set breaks the rules: duplicated, missing or too many cards."""


class InvalidDealTypeError(InvalidDealError, TypeError):
    """A card, hand, deal, seed or board number of the wrong type (a float, None, a bool).

    A :class:`TypeError`, as the error contract asks of every wrong type; also an
    :class:`InvalidDealError`, which these calls raised before, so older handlers still match.
    """


class IllegalPlayError(RedoubleError):
    """A card played that the laws do not allow: not held, out of turn, or a revoke."""


class IllegalCallError(RedoubleError):
    """A call (bid, pass, double, redouble, declaration) that the law set does not allow."""


class IllegalCallTypeError(IllegalCallError, TypeError):
    """A call or contract given as something other than text (None, a number, bytes).

    A :class:`TypeError`, as the error contract asks of every wrong type; also an
    :class:`IllegalCallError`, which these calls raised before, so older handlers still match.
    """


class GameError(RedoubleError):
    """An action that does not fit the game's state (wrong phase, wrong seat, bad log)."""


class IrregularityError(RedoubleError):
    """An irregularity or a decision that the laws do not allow (wrong option, wrong claimant,
    nothing to decide): refused with nothing changed."""


class LawSetError(RedoubleError, ValueError):
    """An unknown law set, an unknown declaration, or a law set whose data is inconsistent."""


class ScoringInputError(RedoubleError, ValueError):
    """Input that cannot be scored: bad tricks, honours, contract, revokes or sequence of hands."""


class ClubError(RedoubleError):
    """A table action the laws do not allow (a full table, an unknown or seated player)."""


class FormatError(RedoubleError):
    """Text that cannot be parsed: a card, a hand, a deal string or a file.

    Attributes:
        line: 1-based line number in the input, when known.
        column: 1-based column number in the input, when known.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f" (line {line}" + (f", column {column})" if column is not None else ")")
        super().__init__(message + where)


class SearchCancelledError(RedoubleError):
    """A solver call stopped by its :class:`~redouble.solver.CancelToken`: the token was
    cancelled (from another thread) or its time limit passed. The solver stays usable."""
