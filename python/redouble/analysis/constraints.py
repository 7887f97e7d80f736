"""Constraints on deals: a small expression language, compiled once and run in the C++ core.

A constraint is text such as ``"N.hcp in 15..17 and N.balanced and S.spades >= 5"``:

* a **term** is a hand and a feature, ``N.hcp``; the hand is a seat (``N E S W``, or
  ``north`` ...) or a side (``NS``, ``EW``: the sum over both hands);
* **features**: ``hcp``, ``spades hearts diamonds clubs`` (lengths), ``controls``, ``ltc``,
  ``qt`` / ``quick_tricks`` (halves allowed: ``N.qt >= 2.5``), ``longest``, ``shortest``, and the
  shape tests ``balanced`` and ``semi_balanced`` (one hand only; see
  :mod:`redouble.analysis.features` for every definition);
* a **test** compares a term with a number, ``== != < <= > >=``, or a range,
  ``N.hcp in 15..17`` (both ends included); a shape test stands alone (``N.balanced``);
* tests combine with ``not``, ``and``, ``or`` (in that order of precedence; ``!``, ``&&``,
  ``||`` also work) and parentheses.

Constrained dealing (:func:`constrained_deals`) deals boards ``first_board, first_board + 1, ...``
from their own ``(seed, board)`` streams (with :func:`~redouble.dealing.predeal` when cards are
fixed, else the same deals as :func:`~redouble.dealing.deals`) and keeps those the constraint
accepts, with their board numbers: the same seed gives the same deals forever, and no Python
code runs per deal.

>>> c = Constraint("N.hcp in 15..17 and N.balanced")
>>> got = constrained_deals(c, 3, seed=1)
>>> got.boards.tolist()
[5, 20, 22]
>>> bool(c(got.deals).all())
True

Bad text raises :class:`ConstraintError` (a ``ValueError``) naming the column:

>>> Constraint("N.hcp in 15 17")
Traceback (most recent call last):
...
redouble.errors.ConstraintError: column 13: expected '..' in a range, got '17'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core
from .._check import as_bool, as_int, as_seat, shown
from ..cards import CardSet, Seat
from ..dealing import _check_board, _check_seed, _hand_mask
from ..errors import ConstraintError
from ..solver import _batch, _default_threads
from ._common import AnalysisError, AnalysisInterrupted, progress_reporter
from .features import FEATURE_IDS

__all__ = ["ConstrainedDeals", "Constraint", "ConstraintError", "constrained_deals"]


_SEATS = {
    "n": 1,
    "north": 1,
    "e": 2,
    "east": 2,
    "s": 4,
    "south": 4,
    "w": 8,
    "west": 8,
    "ns": 5,
    "ew": 10,
}
_FEATURES = {
    "hcp": "hcp",
    "spades": "spades",
    "hearts": "hearts",
    "diamonds": "diamonds",
    "clubs": "clubs",
    "controls": "controls",
    "ltc": "ltc",
    "qt": "quick_tricks",
    "quick_tricks": "quick_tricks",
    "longest": "longest",
    "shortest": "shortest",
    "balanced": "balanced",
    "semi_balanced": "semi_balanced",
    "semibalanced": "semi_balanced",
}
_BOOLEAN = {"balanced", "semi_balanced"}
_BIG = 1 << 20
_MAX_TEXT = 10_000
_MAX_DIGITS = 6  # the longest number a constraint holds
# The deepest nesting of parentheses the parser follows: each level is a few Python frames, so
# without a bound a text of thousands of "(" ended in a RecursionError instead of our error.
_MAX_DEPTH = 100

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<range>\.\.)|(?P<op>==|!=|<=|>=|&&|\|\||[<>=!().])"
    r"|(?P<word>[A-Za-z_]+))"
)

_Op = tuple[int, int, int, int, int]


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[tuple[str, str, int]] = []  # (kind, value, column)
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                col = pos + 1 + (len(text[pos:]) - len(text[pos:].lstrip()))
                raise ConstraintError(f"unexpected character {shown(text[col - 1])}", col)
            kind = m.lastgroup or ""
            start = m.start(kind) + 1
            self.toks.append((kind, m.group(kind), start))
            pos = m.end()
        self.i = 0
        self.depth = 0  # parentheses open at the current token
        self.ops: list[_Op] = []

    def peek(self) -> tuple[str, str, int]:
        if self.i < len(self.toks):
            return self.toks[self.i]
        return ("end", "", len(self.text) + 1)

    def take(self) -> tuple[str, str, int]:
        t = self.peek()
        self.i += 1
        return t

    def is_word(self, *words: str) -> bool:
        kind, val, _ = self.peek()
        return (kind == "word" and val.lower() in words) or (kind == "op" and val in words)

    def parse(self) -> list[_Op]:
        if not self.toks:
            raise ConstraintError("empty constraint", 1)
        self.expr()
        kind, val, col = self.peek()
        if kind != "end":
            raise ConstraintError(f"unexpected {shown(val)}", col)
        return self.ops

    def expr(self) -> None:
        self.conj()
        while self.is_word("or", "||"):
            self.take()
            self.conj()
            self.ops.append((2, 0, 0, 0, 0))

    def conj(self) -> None:
        self.unary()
        while self.is_word("and", "&&"):
            self.take()
            self.unary()
            self.ops.append((1, 0, 0, 0, 0))

    def unary(self) -> None:
        # A run of "not"s is counted, not recursed into: "not not ... x" of any length parses.
        nots = 0
        while self.is_word("not", "!"):
            self.take()
            nots += 1
        self.primary()
        self.ops.extend([(3, 0, 0, 0, 0)] * nots)

    def number(self, feature: str) -> int:
        kind, val, col = self.take()
        if kind != "num":
            raise ConstraintError(f"expected a number, got {shown(val or 'the end')}", col)
        # No feature counts near a million; a longer number would reach int() (which refuses
        # over 4300 digits), float() (inf) or the core (beyond its integers) and fail there.
        if len(val.partition(".")[0]) > _MAX_DIGITS:
            raise ConstraintError(f"number {shown(val)} is out of range", col)
        if feature == "quick_tricks":
            halves = float(val) * 2
            if halves != int(halves):
                raise ConstraintError(f"quick tricks count in halves, got {val}", col)
            return int(halves)
        if "." in val:
            raise ConstraintError(f"expected a whole number, got {val}", col)
        return int(val)

    def primary(self) -> None:
        kind, val, col = self.take()
        if kind == "op" and val == "(":
            if self.depth >= _MAX_DEPTH:
                raise ConstraintError(f"parentheses nested more than {_MAX_DEPTH} deep", col)
            self.depth += 1
            self.expr()
            self.depth -= 1
            k2, v2, c2 = self.take()
            if not (k2 == "op" and v2 == ")"):
                raise ConstraintError(f"expected ')', got {shown(v2 or 'the end')}", c2)
            return
        if kind == "word" and val.lower() == "true":
            self.ops.append((4, 0, 0, 0, 0))
            return
        if kind != "word" or val.lower() not in _SEATS:
            raise ConstraintError(
                f"expected a hand (N, E, S, W, NS, EW), 'not' or '(', got {shown(val or 'the end')}",
                col,
            )
        mask = _SEATS[val.lower()]
        k2, v2, c2 = self.take()
        if not (k2 == "op" and v2 == "."):
            raise ConstraintError(
                f"expected '.' after {shown(val)}, got {shown(v2 or 'the end')}", c2
            )
        k3, v3, c3 = self.take()
        if k3 != "word" or v3.lower() not in _FEATURES:
            raise ConstraintError(
                f"unknown feature {shown(v3 or 'the end')} (one of {', '.join(sorted(_FEATURES))})",
                c3,
            )
        feature = _FEATURES[v3.lower()]
        fid = FEATURE_IDS[feature]
        if feature in _BOOLEAN:
            if mask not in (1, 2, 4, 8):
                raise ConstraintError(f"{feature} applies to one hand, not a side", col)
            self.ops.append((0, mask, fid, 1, 1))
            return
        kind4, op, c4 = self.take()
        if kind4 == "word" and op.lower() == "in":
            lo = self.number(feature)
            k5, v5, c5 = self.peek()
            if k5 != "range":
                got = v5 + (self.toks[self.i + 1][1] if self.i + 1 < len(self.toks) else "")
                raise ConstraintError(
                    f"expected '..' in a range, got {shown(got or 'the end')}", c5
                )
            self.take()
            hi = self.number(feature)
            if hi < lo:
                raise ConstraintError(f"empty range {lo}..{hi}", c4)
            self.ops.append((0, mask, fid, lo, hi))
            return
        if kind4 != "op" or op not in ("==", "=", "!=", "<", "<=", ">", ">="):
            raise ConstraintError(
                f"expected a comparison (== != < <= > >= or 'in') after {val}.{v3}, "
                f"got {shown(op or 'the end')}",
                c4,
            )
        v = self.number(feature)
        lo, hi = {
            "==": (v, v),
            "=": (v, v),
            "!=": (v, v),
            "<": (-_BIG, v - 1),
            "<=": (-_BIG, v),
            ">": (v + 1, _BIG),
            ">=": (v, _BIG),
        }[op]
        self.ops.append((0, mask, fid, lo, hi))
        if op == "!=":
            self.ops.append((3, 0, 0, 0, 0))


# What each feature can be in one hand of a full deal, and in a side's two hands (the core's
# units: quick tricks in halves). The ranges may be wider than the truth, never narrower: they
# only let a constraint no deal can satisfy be refused at once instead of after every try.
_RANGES: dict[int, tuple[int, int, int, int]] = {
    FEATURE_IDS["hcp"]: (0, 37, 0, 40),
    FEATURE_IDS["clubs"]: (0, 13, 0, 13),
    FEATURE_IDS["diamonds"]: (0, 13, 0, 13),
    FEATURE_IDS["hearts"]: (0, 13, 0, 13),
    FEATURE_IDS["spades"]: (0, 13, 0, 13),
    FEATURE_IDS["controls"]: (0, 12, 0, 12),
    FEATURE_IDS["ltc"]: (0, 12, 0, 24),
    FEATURE_IDS["quick_tricks"]: (0, 16, 0, 32),
    FEATURE_IDS["balanced"]: (0, 1, 0, 1),
    FEATURE_IDS["semi_balanced"]: (0, 1, 0, 1),
    FEATURE_IDS["longest"]: (4, 13, 8, 26),  # 13 cards in four suits: one has four or more
    FEATURE_IDS["shortest"]: (0, 3, 0, 6),  # ... and one three or fewer
}
_NEVER, _MAYBE, _ALWAYS = 0, 1, 2


def _can_hold(program: list[_Op]) -> int:
    """Whether a compiled program can accept a full deal: _NEVER, _ALWAYS or _MAYBE, judged from
    the features' ranges alone (three-valued: a test whose range misses the feature's is never
    true, one that covers it always; ``not``, ``and``, ``or`` combine them)."""
    stack: list[int] = []
    for kind, mask, fid, lo, hi in program:
        if kind == 0:
            hmin, hmax, smin, smax = _RANGES.get(fid, (-_BIG, _BIG, -_BIG, _BIG))
            fmin, fmax = (hmin, hmax) if mask in (1, 2, 4, 8) else (smin, smax)
            if hi < fmin or lo > fmax:
                stack.append(_NEVER)
            elif lo <= fmin and fmax <= hi:
                stack.append(_ALWAYS)
            else:
                stack.append(_MAYBE)
        elif kind == 4:
            stack.append(_ALWAYS)
        elif kind == 3:
            stack.append(_ALWAYS - stack.pop())
        else:
            b, a = stack.pop(), stack.pop()
            stack.append(min(a, b) if kind == 1 else max(a, b))
    return stack[-1] if stack else _MAYBE


class Constraint:
    """A compiled constraint (see the module docstring for the language).

    Calling it on an ``(N, 4) uint64`` batch returns the ``(N,)`` bool mask of accepted deals.

    Raises:
        ConstraintError: if the text cannot be parsed (the message names the column).
        TypeError: if `text` is not a str.
    """

    __slots__ = ("program", "text")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a constraint must be a str, got {type(text).__name__}")
        if len(text) > _MAX_TEXT:
            raise ConstraintError(f"constraint longer than {_MAX_TEXT} characters", 1)
        self.text = text
        ops = _Parser(text).parse()
        if len(ops) > 4096:
            raise ConstraintError("constraint too long (more than 4096 tests)", 1)
        self.program: list[_Op] = ops
        # The core checks the program too (stack use, features): a bug here must not crash it.
        _core.constraint_mask(np.zeros((0, 4), np.uint64), ops)

    def __call__(self, deals: Any) -> npt.NDArray[np.bool_]:
        """The bool mask of the deals of a batch this constraint accepts."""
        return _core.constraint_mask(_batch(deals), self.program)

    def __repr__(self) -> str:
        return f"Constraint({self.text!r})"


class ConstrainedDeals(NamedTuple):
    """Deals a constraint accepted: ``deals`` ``(n, 4) uint64``, their ``boards`` and ``tried``."""

    deals: npt.NDArray[np.uint64]
    boards: npt.NDArray[np.uint64]
    tried: int


def constrained_deals(
    constraint: Constraint | str,
    n: int,
    *,
    seed: int,
    first_board: int = 1,
    predeal: Mapping[Seat, CardSet | str | int] | None = None,
    max_tries: int = 100_000_000,
    strict: bool = True,
    progress: Any = None,
) -> ConstrainedDeals:
    """The first `n` boards from `first_board` on whose deal satisfies `constraint`.

    Args:
        constraint: a :class:`Constraint` or its text.
        n: how many deals to find.
        seed: the dealing seed.
        first_board: the first board number tried.
        predeal: cards fixed per seat, as for :func:`~redouble.dealing.predeal`.
        max_tries: at most this many boards are dealt.
        strict: if True, finding fewer than `n` deals in `max_tries` boards is an error;
            if False, the deals found are returned.
        progress: a callable ``(found, n)`` (about every 50 ms), or True for a tqdm bar.
            Ctrl-C stops the search within a fraction of a second and raises
            :class:`~redouble.analysis.AnalysisInterrupted`, whose ``partial`` holds the
            deals found so far (a :class:`ConstrainedDeals`).

    Raises:
        ConstraintError: on a bad constraint text.
        AnalysisError: if fewer than `n` deals were found (with `strict`), or a bad argument.
        InvalidDealError: on overlapping or too many predealt cards.
        TypeError: if `n`, `max_tries`, `strict` or a seat of `predeal` is of the wrong type.
        AnalysisInterrupted: on Ctrl-C.
    """
    if isinstance(constraint, str):
        constraint = Constraint(constraint)
    if not isinstance(constraint, Constraint):
        raise TypeError(f"constraint must be a Constraint or str, got {type(constraint).__name__}")
    n = as_int(n, "n")
    if n < 0 or n > 100_000_000:
        raise AnalysisError(f"n must be 0..100000000, got {shown(n)}")
    max_tries = as_int(max_tries, "max_tries")
    if max_tries < 0 or max_tries >= 2**63:
        raise AnalysisError(f"max_tries must be 0..2**63-1, got {shown(max_tries)}")
    strict = as_bool(strict, "strict")
    masks = [0, 0, 0, 0]
    if predeal is not None:
        if not isinstance(predeal, Mapping):
            raise TypeError(
                f"predeal must be a mapping of seats to hands, got {type(predeal).__name__}"
            )
        for seat, hand in predeal.items():
            # as_seat: a seat 7 or None was Enum's bare ValueError, 1.0 and True were East.
            masks[int(as_seat(seat, "a seat of predeal"))] |= _hand_mask(hand)
    seed_v, board = _check_seed(seed), _check_board(first_board)
    if n and _can_hold(constraint.program) == _NEVER:
        # Dealing on would only spend max_tries boards to find nothing (an hcp above 37, a suit
        # longer than 13): say so at once.
        if strict:
            raise AnalysisError(
                f"no deal can satisfy {shown(constraint.text)}: a test asks for more (or less) "
                "than a hand or side can hold"
            )
        return _join([], 0)
    report = progress_reporter(progress, n)
    threads = _default_threads()
    # The core runs a slice of boards at a time so that Ctrl-C (seen between slices) stops
    # the search within a fraction of a second and progress can be shown; boards are dealt
    # from their numbers alone, so slicing changes nothing in what is found.
    parts: list[Any] = []
    found = 0
    tried = 0
    step = _SLICE
    try:
        while found < n and tried < max_tries:
            size = min(step, max_tries - tried)
            # A slice of `size` boards finds at most `size` deals: the core allocates room for
            # what it is asked (n - found alone was gigabytes a slice for a large n). Board
            # numbers wrap at 2**64, as every board's stream does.
            d, b, t = _core.constrained_deals(
                seed_v,
                (board + tried) % 2**64,
                min(n - found, size),
                size,
                masks,
                constraint.program,
                threads,
            )
            parts.append((d, b))
            found += len(d)
            tried += int(t)
            if report is not None:
                report(found)
            if int(t) < size:  # the slice ended on the n-th deal found
                break
    except KeyboardInterrupt:
        partial = _join(parts, tried)
        raise AnalysisInterrupted(partial, len(partial.deals), n) from None
    joined = _join(parts, tried)
    deals, boards = joined.deals, joined.boards
    if strict and len(deals) < n:
        raise AnalysisError(
            f"only {len(deals)} of {shown(n)} deals satisfy {shown(constraint.text)} in {tried} boards "
            "(raise max_tries, or strict=False to keep them)"
        )
    return ConstrainedDeals(deals, boards, int(tried))


_SLICE = 1 << 18  # boards per core call: well under a second on one core


def _join(parts: list[Any], tried: int) -> ConstrainedDeals:
    if not parts:
        return ConstrainedDeals(np.zeros((0, 4), np.uint64), np.zeros(0, np.uint64), tried)
    deals = np.concatenate([d for d, _ in parts]).astype(np.uint64, copy=False)
    boards = np.concatenate([b for _, b in parts]).astype(np.uint64, copy=False)
    return ConstrainedDeals(deals, boards, tried)
