"""The exact double-dummy solver.

:class:`Solver` owns a transposition table (sized at construction) and answers, with best play
by all four hands: how many tricks the side to play takes from a :class:`~redouble.play.Position`
(:meth:`Solver.solve`), what every legal card is worth (:meth:`Solver.solve_cards`), the
20-result table of a deal (:meth:`Solver.dd_table`), tables for a numpy batch of deals on all
cores (:meth:`Solver.dd_tables`) and where a played sequence went wrong
(:meth:`Solver.analyse_play`). The module-level functions do the same with a per-thread default
solver.

A DD table is a ``(5, 4) uint8`` array indexed ``[strain][declarer seat]`` (strains C D H S NT,
seats N E S W): the tricks declarer takes when declarer's left-hand opponent leads.

A :class:`Solver` must not be used from two threads at once (a second concurrent call raises
:class:`RuntimeError`); use one solver per thread, as the module-level functions do.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import as_index, as_int
from .cards import Card, CardSet, Seat, Strain
from .deal import Deal
from .errors import IllegalPlayError, InvalidDealError, InvalidDealTypeError, RedoubleError
from .play import Position

__all__ = [
    "DEFAULT_TT_BYTES",
    "MAX_TT_BYTES",
    "MIN_TT_BYTES",
    "SolveStats",
    "Solver",
    "analyse_play",
    "dd_table",
    "dd_tables",
    "solve",
    "solve_cards",
]

#: Transposition-table size of a solver built without ``tt_bytes`` (64 MiB).
DEFAULT_TT_BYTES = 64 << 20
#: Smallest table a :class:`Solver` accepts (1 MiB). Smaller tables were accepted once and made
#: full deals a hundred times slower (a 1-byte table: 30 s for one DD table). Full deals want
#: 16 MiB or more (1 MiB costs them about 14x the time of the default); endings need far less.
MIN_TT_BYTES = 1 << 20
#: Largest table a :class:`Solver` accepts (1 TiB).
MAX_TT_BYTES = 1 << 40


@dataclass(frozen=True)
class SolveStats:
    """Search counters accumulated by a :class:`Solver` (kept in every build).

    Attributes:
        searches: null-window searches ("can NS take at least t tricks?") started.
        nodes: positions visited.
        tt_probes: transposition-table look-ups (at trick boundaries).
        tt_hits: look-ups whose stored bound decided the search.
        tt_stores: bounds written to the table.
        cutoffs: move loops left early because a card reached the target.
        quick_cutoffs: trick boundaries decided by quick-trick / sure-trick bounds.
    """

    searches: int
    nodes: int
    tt_probes: int
    tt_hits: int
    tt_stores: int
    cutoffs: int
    quick_cutoffs: int


def _masks_of(deal: Deal | Sequence[int | CardSet]) -> list[int]:
    if isinstance(deal, Deal):
        return list(deal.masks)
    if isinstance(deal, str | bytes | bytearray) or not isinstance(deal, Iterable):
        raise InvalidDealTypeError(
            f"deal must be a Deal or four hand masks, not {type(deal).__name__}"
        )
    hands = list(deal)
    if len(hands) != 4:
        raise InvalidDealError(f"a deal needs four hands, got {len(hands)}")
    masks = []
    for h in hands:
        m = (
            h.mask
            if isinstance(h, CardSet)
            else as_int(h, "a hand", type_error=InvalidDealTypeError)
        )
        if not 0 <= m < 2**52:
            raise InvalidDealError(f"a hand must be a 52-bit card mask, got {h!r}")
        masks.append(m)
    return masks


def _batch(deals: Any) -> npt.NDArray[np.uint64]:
    """Checks and converts a batch of deals to a C-contiguous ``(N, 4) uint64`` array."""
    if isinstance(deals, np.ndarray):
        if deals.dtype != np.uint64:
            raise InvalidDealError(
                f"deals must be a uint64 array of shape (N, 4), got dtype {deals.dtype}"
            )
        arr = deals
    else:
        rows = [list(d.masks) if isinstance(d, Deal) else d for d in deals]
        try:
            arr = np.asarray(rows, dtype=np.uint64) if rows else np.zeros((0, 4), np.uint64)
        except (OverflowError, TypeError, ValueError) as e:
            raise InvalidDealError(f"deals must be rows of four card masks: {e}") from None
    if arr.ndim != 2 or arr.shape[1] != 4:
        raise InvalidDealError(f"deals must have shape (N, 4), got {arr.shape}")
    # A copy only when needed (never written to: the caller's array is left alone).
    return np.ascontiguousarray(arr)


def _default_threads() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _position_core(position: Position) -> Any:
    if not isinstance(position, Position):
        raise TypeError(f"expected a redouble.Position, got {type(position).__name__}")
    return position._pos


class Solver:
    """An exact double-dummy solver with its own transposition table.

    Args:
        tt_bytes: size of the transposition table in bytes, from :data:`MIN_TT_BYTES` (1 MiB)
            to :data:`MAX_TT_BYTES` (1 TiB); default 64 MiB. A bigger table helps only on the
            hardest deals.

    Raises:
        RedoubleError: if `tt_bytes` is out of that range.
        TypeError: if it is not an int.

    Not thread-safe: use one solver per thread. A call made while another thread is searching
    with the same solver raises :class:`RuntimeError`.
    """

    __slots__ = ("_solver",)

    def __init__(self, *, tt_bytes: int = DEFAULT_TT_BYTES) -> None:
        size = as_int(tt_bytes, "tt_bytes")
        if not MIN_TT_BYTES <= size <= MAX_TT_BYTES:
            raise RedoubleError(
                f"tt_bytes must be {MIN_TT_BYTES} (1 MiB) .. {MAX_TT_BYTES} (1 TiB), got {size}"
            )
        self._solver = _core.Solver(size)

    @property
    def table_bytes(self) -> int:
        """Bytes allocated for the transposition table."""
        return int(self._solver.table_bytes())

    @property
    def stats(self) -> SolveStats:
        """Counters accumulated since construction or :meth:`reset_stats`."""
        return SolveStats(**self._solver.stats())

    def reset_stats(self) -> None:
        """Zero the counters."""
        self._solver.reset_stats()

    def clear_table(self) -> None:
        """Forget every stored bound."""
        self._solver.clear_table()

    def solve(self, position: Position) -> int:
        """Tricks the side to play takes from `position` on, with best play by all four hands.

        Counts the trick in progress (if any) and every later trick.

        Raises:
            TypeError: if `position` is not a :class:`~redouble.play.Position`.
        """
        return int(self._solver.solve(_position_core(position)))

    def solve_cards(self, position: Position) -> dict[Card, int]:
        """The value of every legal card: tricks the side to play takes after playing it.

        Values count like :meth:`solve` (the trick in progress included). Cards adjacent in
        rank among those still out are equivalent and get the same value. Keys are in card
        order; an empty dict when no card is left to play.
        """
        return {Card(c): int(v) for c, v in self._solver.solve_cards(_position_core(position))}

    def dd_table(self, deal: Deal | Sequence[int | CardSet]) -> npt.NDArray[np.uint8]:
        """The ``(5, 4) uint8`` DD table ``[strain][declarer]`` of a deal.

        `deal` is a :class:`~redouble.deal.Deal` or four hand masks of equal size (a partial
        deal gives the tricks out of its hand size).

        Raises:
            InvalidDealError: if the hands overlap or differ in size.
        """
        return self._solver.dd_table(_masks_of(deal))

    def dd_tables(self, deals: Any, *, threads: int | None = None) -> npt.NDArray[np.uint8]:
        """DD tables of a batch: ``(N, 4) uint64`` masks in, ``(N, 5, 4) uint8`` tables out.

        `deals` is a C- or F-ordered ``uint64`` array, or rows of four masks, or a sequence of
        :class:`~redouble.deal.Deal`. Runs `threads` workers (default: every core this process
        may use), this solver being one of them; the GIL is released. The results do not
        depend on the number of threads.

        Raises:
            InvalidDealError: on a wrong dtype or shape, or an invalid deal (its row is named).
        """
        arr = _batch(deals)
        if threads is None:
            threads = _default_threads()
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise RedoubleError(f"threads must be a positive int or None, got {threads!r}")
        return self._solver.dd_tables(arr, threads)

    def analyse_play(
        self,
        deal: Deal | Sequence[int | CardSet],
        strain: Strain | int,
        leader: Seat | int,
        plays: Iterable[Card | str | int],
    ) -> list[int]:
        """Double-dummy value before and after each card of a played sequence.

        Entry i is the total number of tricks the declaring side (the side of `leader`'s
        right-hand opponent) takes with best play after the first i cards of `plays`, tricks
        already won included; the list has ``len(plays) + 1`` entries. A drop from entry i to
        i + 1 marks card i as a double-dummy mistake by the declaring side, a rise as one by
        the defence.

        Raises:
            InvalidDealError: on a bad deal, strain or leader.
            IllegalPlayError: if a card is not held by the seat to play or revokes, or names no
                card.
            TypeError: if an argument is of the wrong type.
        """
        strain_i = as_index(strain, "strain", 0, 4, error=InvalidDealError)
        leader_i = as_index(leader, "leader", 0, 3, error=InvalidDealError)
        if isinstance(plays, str | bytes | bytearray) or not isinstance(plays, Iterable):
            raise TypeError(f"plays must be a sequence of cards, not {type(plays).__name__}")
        cards: list[int] = []
        for c in plays:
            if not isinstance(c, str):
                as_int(c, "a card of plays")  # a TypeError for floats, None, bools
            try:
                cards.append(int(Card.parse(c) if isinstance(c, str) else Card(c)))
            except RedoubleError as e:
                raise IllegalPlayError(f"not a card: {c!r} ({e})") from None
        out = self._solver.analyse_play(_masks_of(deal), strain_i, leader_i, cards)
        return [int(v) for v in out]


_local = threading.local()


def _default_solver() -> Solver:
    """This thread's default solver (created on first use, kept for reuse)."""
    solver: Solver | None = getattr(_local, "solver", None)
    if solver is None:
        solver = Solver()
        _local.solver = solver
    return solver


def solve(position: Position) -> int:
    """Tricks the side to play takes from `position` (see :meth:`Solver.solve`)."""
    return _default_solver().solve(position)


def solve_cards(position: Position) -> dict[Card, int]:
    """The value of every legal card (see :meth:`Solver.solve_cards`)."""
    return _default_solver().solve_cards(position)


def dd_table(deal: Deal | Sequence[int | CardSet]) -> npt.NDArray[np.uint8]:
    """The ``(5, 4) uint8`` DD table of a deal (see :meth:`Solver.dd_table`)."""
    return _default_solver().dd_table(deal)


def dd_tables(deals: Any, threads: int | None = None) -> npt.NDArray[np.uint8]:
    """DD tables of a ``(N, 4) uint64`` batch on `threads` cores (see :meth:`Solver.dd_tables`)."""
    return _default_solver().dd_tables(deals, threads=threads)


def analyse_play(
    deal: Deal | Sequence[int | CardSet],
    strain: Strain | int,
    leader: Seat | int,
    plays: Iterable[Card | str | int],
) -> list[int]:
    """Declaring side's double-dummy tricks after each card (see :meth:`Solver.analyse_play`)."""
    return _default_solver().analyse_play(deal, strain, leader, plays)
