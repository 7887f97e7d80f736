"""Argument checks shared by the public API: wrong type → TypeError, bad value → our error.

Every public function checks its arguments here before it changes any state or calls the core,
so a hostile caller gets a :class:`TypeError` naming the argument for a wrong type and a
:class:`~redouble.errors.RedoubleError` subclass naming it for a value out of range — never a
silently truncated float, a bool taken for 0 or 1, or a pybind11 conversion error. numpy integer
scalars are accepted wherever an int is.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import InvalidDealError, InvalidDealTypeError, RedoubleError

if TYPE_CHECKING:
    from .cards import Card, Seat

__all__ = [
    "CheckedEnumType",
    "as_bool",
    "as_card",
    "as_index",
    "as_int",
    "as_iterable",
    "as_pair",
    "as_seat",
    "as_str",
    "is_pandas",
    "shown",
]


_LINE_BREAK = re.compile(r"\s*[\r\n]\s*")


def shown(value: object, limit: int = 40, *, as_hex: bool = False) -> str:
    """`value` for an error message, whatever the caller passed: a str's repr cut short after
    `limit` characters, an int of more than 128 bits by its size alone (Python refuses to write
    an int of over 4300 digits, so quoting one would raise a bare ValueError in place of ours),
    anything else by its repr, cut short the same way. `as_hex` writes a shorter int in hex
    (a card mask)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "..."
    if isinstance(value, int) and not isinstance(value, bool):
        bits = abs(value).bit_length()
        if bits > 128:
            return f"{'a negative' if value < 0 else 'an'} int of {bits} bits"
        return f"{value:#x}" if as_hex else repr(value)
    try:
        text = repr(value)
    except ValueError:  # an int too long to write inside a container (a list, a dict)
        return f"a {type(value).__name__} holding an int too long to write"
    # A multi-line repr (a numpy array of two dimensions) on one line: a message is one line.
    # A str's repr escapes its own line breaks, so only the repr's layout is joined, in a
    # bounded head of it (the pattern is slow on a long run of spaces).
    head = _LINE_BREAK.sub(" ", text[: 4 * limit])
    if len(head) <= limit and len(text) <= 4 * limit:
        return head
    return head[:limit] + "..."


def as_bool(value: object, name: str) -> bool:
    """`value` as a Python bool: a bool or a numpy bool; never an int or an array, whose truth
    would be a guess (or, for an array, numpy's bare ValueError).

    Raises:
        TypeError: naming `name`, for any other type.
    """
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return bool(value)


def as_int(value: object, name: str, *, type_error: type[TypeError] = TypeError) -> int:
    """`value` as a Python int: an int, an IntEnum or a numpy integer; never a bool or a float.

    Raises:
        TypeError (or `type_error`): naming `name`, for any other type.
    """
    if isinstance(value, bool | np.bool_):
        raise type_error(f"{name} must be an int, not a bool ({value!r})")
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise type_error(f"{name} must be an int, not {type(value).__name__}") from None


def as_index(
    value: object,
    name: str,
    lo: int,
    hi: int,
    *,
    error: type[RedoubleError] = RedoubleError,
    type_error: type[TypeError] = TypeError,
) -> int:
    """`value` as an int in ``lo .. hi`` (both included).

    Raises:
        TypeError (or `type_error`): if `value` is not an int (see :func:`as_int`).
        RedoubleError (or `error`): naming `name`, if it is out of range.
    """
    i = as_int(value, name, type_error=type_error)
    if not lo <= i <= hi:
        raise error(f"{name} must be {lo}..{hi}, got {shown(i)}")
    return i


def as_str(value: object, name: str) -> str:
    """`value` itself if it is a str (a subclass's overrides are not trusted: plain str out).

    Raises:
        TypeError: naming `name`, for any other type (bytes included).
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return str.__str__(value)


def as_seat(value: object, name: str) -> Seat:
    """`value` as a seat (see :meth:`~redouble.cards.Seat.of`) for an argument not itself
    called "seat" (a dealer, a leader): its errors are prefixed with `name`, since "not a seat"
    alone does not say which argument was meant.

    Raises:
        TypeError: naming `name`, for a wrong type.
        RedoubleError: (Seat.of's FormatError) naming `name`, for a bad value.
    """
    from .cards import Seat  # at run time: cards imports this module

    try:
        return Seat.of(value)  # type: ignore[arg-type]
    except RedoubleError as e:
        raise type(e)(f"{name}: {e}") from None
    except TypeError as e:
        raise TypeError(f"{name}: {e}") from None


def as_card(value: object, name: str = "card") -> Card:
    """`value` as a card: a Card, its name ("SA") or its index 0..51. Every error names `name`,
    the argument the caller passed it as ("card", "elect", "cards[1]"): :class:`Card`'s own
    messages speak of a "card id", an argument no caller ever passed.

    The index goes to :class:`Card` as it is, not through ``int()``: a float or a bool is
    refused there (a TypeError), never truncated into a card.

    Raises:
        TypeError: (an :class:`~redouble.errors.InvalidDealTypeError`) `value` is not a Card,
            a str or an int (bytes, a float, a bool, None...).
        FormatError: `value` is a str that names no card.
        InvalidDealError: `value` is an index outside 0..51.
    """
    from .cards import Card  # at run time: cards imports this module

    if isinstance(value, str):
        try:
            return Card.parse(value)
        except RedoubleError as e:
            raise type(e)(f"{name}: {e}") from None
    try:
        return Card(value)  # type: ignore[arg-type]  # Card refuses what is not an int
    except InvalidDealTypeError:
        raise InvalidDealTypeError(
            f"{name} must be a Card, a card's name ('SA') or its index 0..51, "
            f"not {type(value).__name__}"
        ) from None
    except InvalidDealError:
        raise InvalidDealError(
            f"{name} must be a card's index 0..51 (or a Card or its name), not {shown(value)}"
        ) from None


def as_iterable(value: object, name: str, what: str) -> Iterable[Any]:
    """`value` itself if it can be iterated: the TypeError for anything else names the
    argument (Python's own says only "'NoneType' object is not iterable").

    Raises:
        TypeError: naming `name` and what it must be (`what`, e.g. "a list of deals").
    """
    if not isinstance(value, Iterable):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return value


def as_pair(value: object, name: str, what: str) -> Sequence[Any]:
    """`value` itself if it is a sequence of two items (a tuple or a list; not a str or bytes,
    whose two characters would pass for a pair).

    Raises:
        TypeError: naming `name` and what it must be (`what`, e.g. "a (seat, statement) pair").
    """
    if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != 2:
        raise TypeError(f"{name} must be {what}, not {shown(value)}")
    return value


def is_pandas(value: object, kind: str) -> bool:
    """Whether `value` is a pandas object of class `kind` ("DataFrame", "Series") or a subclass,
    told without importing pandas (an optional extra)."""
    return any(
        c.__name__ == kind and c.__module__.split(".")[0] == "pandas" for c in type(value).__mro__
    )


class CheckedEnumType(enum.EnumType):
    """Metaclass of the public enums (declared as ``class Seat(IntEnum,
    metaclass=CheckedEnumType)``): a value that names no member raises our errors, not the
    enum's bare ValueError.

    ``Seat(9)`` or ``Phase("nonsense")``, a value of the right kind that names no member, raises
    a :class:`~redouble.errors.RedoubleError` (a ValueError, as the enum's own error is) listing
    the values there are; a value of another kind (``Seat(None)``, ``Seat("N")`` for an
    int-valued enum) raises a TypeError that says what the enum takes, and for a name points to
    the class's ``parse`` or ``of`` where it has one. A numpy array is a TypeError before any
    lookup: the enum's own lookup compares an unhashable value with every member, and an
    array's comparison raises numpy's bare ValueError ("truth value ... ambiguous") or, for a
    one-element array, finds a member by its truth.

    The checks run only once the enum's own lookup has failed, so what it finds is found as
    before (a numpy integer equal to a member's value is that member).
    """

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API (``Enum("Name", "A B")``), not a lookup
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, np.ndarray):
            raise TypeError(f"{cls.__name__}() takes one value, not a numpy array")
        try:
            return super().__call__(value)
        except ValueError:
            # No member has this value; raised outside the handler, so that the enum's
            # "... is not a valid ..." does not come along as the context of ours.
            pass
        raise _refusal(cls, value)


def _refusal(cls: Any, value: object) -> Exception:
    """The error for `value`, which names no member of the enum `cls`: a TypeError for a value
    of another kind than the members', else a RedoubleError listing the values there are."""
    members = list(cls)
    kinds = {type(m.value) for m in members}
    accepted: tuple[type, ...] = tuple(kinds)
    if int in kinds:
        accepted += (np.integer,)
    if isinstance(value, bool | np.bool_) or not isinstance(value, accepted):
        takes = " or ".join(sorted(k.__name__ for k in kinds))
        article = "an" if takes[0] in "aeiou" else "a"
        helpers = [h for h in ("of", "parse") if callable(getattr(cls, h, None))]
        hint = f" (for a name use {cls.__name__}.{helpers[0]})" if helpers else ""
        return TypeError(
            f"{cls.__name__}() takes {article} {takes} value, not {type(value).__name__}{hint}"
        )
    values = ", ".join(repr(m.value) for m in members[:12])
    if len(members) > 12:
        values += ", ..."
    return RedoubleError(f"{shown(value)} is not a valid {cls.__name__} (values: {values})")
