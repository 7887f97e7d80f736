"""Seeded dealing: one deal, numpy batches, predeal, and the deal as the laws describe it.

The generator is xoshiro256** seeded through splitmix64 (see ``cpp/include/redouble/random.hpp``).
Every board number has its own stream, so a ``(seed, board)`` pair defines a deal forever and
a batch is the same whatever way it is split.

>>> deal(seed=1, board=1) == Deal.from_array(deals(1, seed=1)[0])
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias, TypeVar, overload

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import as_index, as_int, shown
from .cards import Card, CardSet, Seat
from .deal import Board, Deal, DealRecord
from .errors import InvalidDealError, InvalidDealTypeError

__all__ = [
    "board",
    "deal",
    "deal_by_the_laws",
    "deals",
    "predeal",
    "random_seed",
]

_U64 = 2**64
#: Most deals one batch call returns (far beyond any memory: 32 bytes a deal).
MAX_BATCH = 2**40


def random_seed() -> int:
    """A fresh 64-bit seed from the operating system (for callers who want a new deal)."""
    return int.from_bytes(os.urandom(8), "little")


def _check_seed(seed: int) -> int:
    return as_int(seed, "seed", type_error=InvalidDealTypeError) % _U64


def _check_board(number: int) -> int:
    n = as_int(number, "board number", type_error=InvalidDealTypeError)
    if not 0 <= n < _U64:
        raise InvalidDealError(f"board number must be an int in 0 .. 2**64-1, got {shown(number)}")
    return n


def _check_count(n: object) -> int:
    count = as_int(n, "number of deals", type_error=InvalidDealTypeError)
    if not 0 <= count <= MAX_BATCH:
        raise InvalidDealError(f"number of deals must be 0 .. 2**40, got {shown(n)}")
    return count


def deal(seed: int, board: int = 1) -> Deal:
    """The deal of board `board` under `seed` (dealt from the board's dealer's left).

    Raises:
        InvalidDealError: if seed or board is not an int.
    """
    return Deal(_core.board_deal(_check_seed(seed), _check_board(board)))


def board(seed: int, number: int) -> Board:
    """Board `number` under `seed`, with dealer and vulnerability from the 16-board cycle."""
    return Board.from_number(number, deal(seed, number))


def deals(
    n: int, seed: int, *, first_board: int = 1, threads: int | None = 1
) -> npt.NDArray[np.uint64]:
    """`n` deals as an ``(n, 4) uint64`` array: boards first_board, first_board + 1, ...

    Row i equals ``deal(seed, first_board + i).masks``. The GIL is released while dealing.
    `threads` deals on that many threads (None: every core this process may use); every board
    is its own stream, so the array is the same for any thread count. Small batches use fewer
    threads than asked (a thread gets at least about 16 000 deals).

    Raises:
        InvalidDealError: if n is negative or above 2**40, first_board not 0 .. 2**64-1, or
            threads not 1 .. 256.
        TypeError: if an argument is not an int (an
            :class:`~redouble.errors.InvalidDealTypeError`).
    """
    count = _check_count(n)
    s, b = _check_seed(seed), _check_board(first_board)
    return _core.deals_batch(s, b, count, _check_threads(threads))


def _check_threads(threads: object) -> int:
    if threads is None:
        try:
            return min(len(os.sched_getaffinity(0)), _core.MAX_DEAL_THREADS)
        except AttributeError:  # pragma: no cover - not on Linux
            return min(os.cpu_count() or 1, _core.MAX_DEAL_THREADS)
    t = as_int(threads, "threads", type_error=InvalidDealTypeError)
    if not 1 <= t <= _core.MAX_DEAL_THREADS:
        raise InvalidDealError(
            f"threads must be 1 .. {_core.MAX_DEAL_THREADS} or None, got {shown(t)}"
        )
    return t


def _hand_mask(hand: PredealtHand) -> int:
    """The mask of a predealt hand (a hand string, a card list, a CardSet or a mask)."""
    if isinstance(hand, str):
        t = hand.strip()
        if "." in t or t == "-":
            return CardSet.from_pbn_hand(t).mask
        return CardSet(t.split()).mask
    if isinstance(hand, CardSet):
        return hand.mask
    return CardSet(hand).mask


#: A predealt hand: a hand string ("AKQ2.T98.76.5432", "AK..."), a card list ("SA HK", or
#: cards, ids or card texts), a :class:`CardSet` or a mask.
PredealtHand: TypeAlias = CardSet | str | int | Iterable[Card | int | str]
#: The key type of :func:`predeal`'s cards by seat: :class:`Seat` values or seat numbers. A
#: constrained type variable, because a mapping's key type must match exactly for a type checker
#: (a ``dict[Seat, str]`` is no ``Mapping[Seat | int, str]``), and it gives a dict literal of
#: mixed hands (strings and card sets) its type from the call.
SeatKey = TypeVar("SeatKey", Seat, int)


# Overloads: with `n` None (or left out) predeal gives one Deal, with an int `n` an array, so a
# user's type checker knows which without a cast.
@overload
def predeal(
    fixed: Mapping[SeatKey, PredealtHand],
    seed: int,
    *,
    board: int = 1,
    n: None = None,
    accept: Callable[[Deal], bool] | None = None,
    max_tries: int = 1_000_000,
) -> Deal: ...


@overload
def predeal(
    fixed: Mapping[SeatKey, PredealtHand],
    seed: int,
    *,
    board: int = 1,
    n: int,
    accept: Callable[[Deal], bool] | None = None,
    max_tries: int = 1_000_000,
) -> npt.NDArray[np.uint64]: ...


def predeal(
    fixed: Mapping[SeatKey, PredealtHand],
    seed: int,
    *,
    board: int = 1,
    n: int | None = None,
    accept: Callable[[Deal], bool] | None = None,
    max_tries: int = 1_000_000,
) -> Deal | npt.NDArray[np.uint64]:
    """Deals in which each seat of `fixed` holds the given cards, the rest dealt at random.

    `fixed` maps seats to a hand string ("AKQ2.T98.76.5432", partial allowed: "AK..."), a
    space-separated card list ("SA HK"), a :class:`CardSet` or a mask. With `n` None, returns one
    :class:`Deal`; otherwise an ``(n, 4) uint64`` array. `accept`, if given, filters deals
    (rejection sampling over successive boards; at most `max_tries` deals are tried).

    Raises:
        InvalidDealError: if fixed cards overlap, a seat is given more than 13, or no deal out of
            `max_tries` is accepted.
    """
    if not isinstance(fixed, Mapping):
        raise TypeError(f"fixed must be a mapping of seats to hands, not {type(fixed).__name__}")
    if accept is not None and not callable(accept):
        raise TypeError(f"accept must be callable or None, not {type(accept).__name__}")
    max_tries = as_int(max_tries, "max_tries")
    if max_tries < 1:
        raise InvalidDealError(f"max_tries must be positive, got {shown(max_tries)}")
    masks = [0, 0, 0, 0]
    for seat, hand in fixed.items():
        masks[as_index(seat, "a seat of fixed", 0, 3)] |= _hand_mask(hand)
    s, b = _check_seed(seed), _check_board(board)
    want = 1 if n is None else _check_count(n)
    if accept is None:
        arr = _core.predeal_batch(s, b, want, masks, 13)
    else:
        rows: list[npt.NDArray[np.uint64]] = []
        tried = 0
        chunk = max(64, want)
        while len(rows) < want:
            if tried >= max_tries:
                raise InvalidDealError(f"no deal accepted in {shown(max_tries)} tries")
            batch = _core.predeal_batch(s, (b + tried) % _U64, chunk, masks, 13)
            tried += chunk
            rows.extend(r for r in batch if accept(Deal.from_array(r)))
        arr = np.array(rows[:want], dtype=np.uint64).reshape(want, 4)
    return Deal.from_array(arr[0]) if n is None else arr


def deal_by_the_laws(seed: int, dealer: Seat | int, *, board: int = 1) -> DealRecord:
    """Shuffle, cut and deal as the laws describe, recording every step.

    The pack is shuffled; the dealer's right-hand opponent cuts, leaving at least four cards in
    each packet; the dealer completes the cut and deals one card at a time, face down, in
    rotation from his left, the last card to himself (Auction Bridge (1912), Laws 32-35; Bridge (Elwell, 1907), The Deal).

    >>> rec = deal_by_the_laws(seed=7, dealer=Seat.SOUTH)
    >>> rec.cutter, rec.dealt[-1][0], rec.check()
    (<Seat.EAST: 1>, <Seat.SOUTH: 2>, [])
    """
    dealer = Seat(as_index(dealer, "dealer", 0, 3))
    _, shuffled, cut, pack, seats = _core.deal_procedure(
        _check_seed(seed), _check_board(board), int(dealer)
    )
    return DealRecord(
        dealer=dealer,
        dealt=tuple((Seat(st), Card(c)) for st, c in zip(seats, pack, strict=True)),
        cut=int(cut),
        shuffled=tuple(Card(c) for c in shuffled),
    )
