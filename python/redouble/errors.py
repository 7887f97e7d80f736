"""The exceptions redouble raises.

Every error caused by bad input is a :class:`RedoubleError` and also a :class:`ValueError`, so
callers can catch either. The C++ core's exceptions arrive as these same classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AnalysisError",
    "AnalysisInterrupted",
    "BatchInterrupted",
    "ClubError",
    "ConstraintError",
    "DisplayError",
    "FormatError",
    "GameError",
    "IllegalCallError",
    "IllegalCallTypeError",
    "IllegalPlayError",
    "InvalidDealError",
    "InvalidDealTypeError",
    "IrregularityError",
    "LawSetError",
    "LawSetTypeError",
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


class LawSetTypeError(LawSetError, TypeError):
    """A law set name that is not a str, or a bid level that is not an int.

    A :class:`TypeError`, as the error contract asks of every wrong type; also a
    :class:`LawSetError`, which these calls raised before, so older handlers still match.
    """


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


# The errors of the optional layers live here too, so that one module holds every exception
# redouble raises (each is re-exported where it is raised).
class DisplayError(RedoubleError):
    """A value that cannot be drawn: a table of the wrong shape, bar values that are not numbers."""


class AnalysisError(RedoubleError):
    """A bad argument to an analysis function (a :class:`ValueError`)."""


class ConstraintError(AnalysisError):
    """A constraint text that cannot be parsed or compiled.

    Attributes:
        column: 1-based column of the problem in the text.
    """

    def __init__(self, message: str, column: int) -> None:
        self.column = column
        self.message = message
        super().__init__(f"column {column}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its own arguments, so it crosses a process (Dask, pickle) intact.
        return (type(self), (self.message, self.column))


class AnalysisInterrupted(KeyboardInterrupt):
    """Ctrl-C during an analysis batch: a :class:`KeyboardInterrupt` that keeps the finished work.

    Raised by :func:`~redouble.analysis.pars`, :func:`~redouble.analysis.constrained_deals`,
    :func:`~redouble.analysis.lead_analysis` and :func:`~redouble.analysis.contract_analysis`
    (:func:`redouble.solver.dd_tables` raises its own :class:`BatchInterrupted`).

    Attributes:
        partial: what the call would have returned for the work finished: the list of
            :class:`~redouble.analysis.Par` so far, the deals found so far, or the analysis
            of the deals solved so far (None when nothing was finished).
        done: how many items (tables, deals found, deals solved) were finished.
        total: how many were asked for.
    """

    def __init__(self, partial: Any, done: int, total: int) -> None:
        super().__init__(f"interrupted: {done} of {total} finished")
        self.partial = partial
        self.done = done
        self.total = total

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.partial, self.done, self.total))


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a batch: a :class:`KeyboardInterrupt` that keeps the finished work.

    Attributes:
        tables: the ``(N, 5, 4) uint8`` results; rows not finished are zero.
        done: ``(N,) bool``, True for each finished row.
    """

    def __init__(self, tables: npt.NDArray[np.uint8], done: npt.NDArray[np.bool_]) -> None:
        super().__init__(f"batch interrupted: {int(done.sum())} of {len(done)} tables finished")
        self.tables = tables
        self.done = done

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.tables, self.done))
