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

Every :class:`Solver` search takes ``cancel=``, a :class:`CancelToken`: cancelling it from
another thread, or its time limit passing, stops the search within a fraction of a millisecond
with :class:`~redouble.errors.SearchCancelledError` (the GIL is free during the search).
"""

from __future__ import annotations

import math
import numbers
import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import as_index, as_int, as_iterable, is_pandas, shown
from .cards import Card, CardSet, Seat, Strain
from .deal import Deal
from .errors import (
    BatchInterrupted,
    IllegalPlayError,
    InvalidDealError,
    InvalidDealTypeError,
    RedoubleError,
)
from .play import Position

__all__ = [
    "DEFAULT_TT_BYTES",
    "MAX_TT_BYTES",
    "MIN_TT_BYTES",
    "BatchInterrupted",
    "CancelToken",
    "SolveStats",
    "Solver",
    "analyse_play",
    "dd_table",
    "dd_tables",
    "iter_dd_tables",
    "pool_info",
    "set_pool",
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
            raise InvalidDealError(f"a hand must be a 52-bit card mask, got {shown(h)}")
        masks.append(m)
    return masks


def _batch(deals: Any) -> npt.NDArray[np.uint64]:
    """Checks and converts a batch of deals to a C-contiguous ``(N, 4) uint64`` array."""
    if is_pandas(deals, "DataFrame"):
        # A pandas DataFrame of four mask columns: iterating one yields its column names.
        deals = deals.to_numpy()
    if isinstance(deals, np.ndarray):
        if deals.dtype.kind != "u" or deals.dtype.itemsize != 8:
            raise InvalidDealError(
                f"deals must be a uint64 array of shape (N, 4), got dtype {deals.dtype}"
            )
        # A big-endian array (read from a file as '>u8') holds the same masks: converted, not
        # refused (and not read byte-swapped by the core).
        arr = deals.astype(np.uint64, copy=False)
    else:
        rows = [
            list(d.masks) if isinstance(d, Deal) else d
            for d in as_iterable(deals, "deals", "an array or a list of deals")
        ]
        try:
            arr = np.asarray(rows, dtype=np.uint64) if rows else np.zeros((0, 4), np.uint64)
        except (OverflowError, TypeError, ValueError) as e:
            # numpy's reason may quote the value (int() quotes 200 characters of a str): the
            # first row numpy refuses is named and quoted cut short instead.
            for i, row in enumerate(rows):
                try:
                    np.asarray(row, dtype=np.uint64)
                except (OverflowError, TypeError, ValueError):
                    raise InvalidDealError(
                        f"deals[{i}] must be a Deal or four card masks, got {shown(row)}"
                    ) from None
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


class CancelToken:
    """Stops :class:`Solver` searches from another thread, or after a time limit.

    Pass it as ``cancel=`` to a :class:`Solver` call. Once :meth:`cancel` is called (from any
    thread, before or during the call) or `timeout` seconds have passed since the token was
    made, every call given it raises :class:`~redouble.errors.SearchCancelledError`: a call
    already searching stops within a few thousand nodes (well under a millisecond), and the
    solver stays usable, its table holding only bounds of finished searches.

    Args:
        timeout: seconds from now after which the token stops its calls (None: never; only
            :meth:`cancel` does).

    Raises:
        RedoubleError: if `timeout` is negative or not finite.
        TypeError: if it is not a number.
    """

    __slots__ = ("_token",)

    def __init__(self, *, timeout: float | None = None) -> None:
        seconds = None
        if timeout is not None:
            # numbers.Real: numpy's floats and ints too (np.float32 is no float subclass).
            if isinstance(timeout, bool | np.bool_) or not isinstance(timeout, numbers.Real):
                raise TypeError(f"timeout must be a number or None, got {type(timeout).__name__}")
            if isinstance(timeout, numbers.Integral):
                # An int too large for a float (10**400) is a deadline past any search, not
                # float()'s OverflowError; the core clamps far deadlines anyway.
                seconds = float(max(-1, min(int(timeout), 2**53)))
            else:
                seconds = float(timeout)
            if not math.isfinite(seconds) or seconds < 0:
                raise RedoubleError(f"timeout must be a finite number >= 0, got {shown(timeout)}")
        self._token = _core.CancelToken(seconds)

    def __repr__(self) -> str:
        return f"<CancelToken cancelled={self.cancelled} stopped={self.stopped}>"

    def cancel(self) -> None:
        """Stop every call given this token (safe from any thread)."""
        self._token.cancel()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` has been called."""
        return bool(self._token.cancelled)

    @property
    def stopped(self) -> bool:
        """Whether :meth:`cancel` has been called or the time limit has passed."""
        return bool(self._token.stopped)


def _token_core(cancel: CancelToken | None) -> Any:
    if cancel is None:
        return None
    if not isinstance(cancel, CancelToken):
        raise TypeError(f"cancel must be a CancelToken or None, got {type(cancel).__name__}")
    return cancel._token


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
    with the same solver raises :class:`RuntimeError`. Every search takes ``cancel=``, a
    :class:`CancelToken` that stops it (:class:`~redouble.errors.SearchCancelledError`).
    """

    __slots__ = ("_solver", "_tt_bytes")

    def __init__(self, *, tt_bytes: int = DEFAULT_TT_BYTES) -> None:
        size = as_int(tt_bytes, "tt_bytes")
        if not MIN_TT_BYTES <= size <= MAX_TT_BYTES:
            raise RedoubleError(
                f"tt_bytes must be {MIN_TT_BYTES} (1 MiB) .. {MAX_TT_BYTES} (1 TiB), got {shown(size)}"
            )
        self._solver = _core.Solver(size)
        self._tt_bytes = size

    def __reduce__(self) -> tuple[Any, ...]:
        # Only the configuration travels: the other side gets a solver of the same table
        # size with an empty table and zero counters (a table is a cache, often of 64 MiB
        # or more, and worth nothing to another process's deals).
        return (_solver_from_config, (self._tt_bytes,))

    def __repr__(self) -> str:
        return f"Solver(tt_bytes={self._tt_bytes})"

    @property
    def table_bytes(self) -> int:
        """Bytes allocated for the transposition table."""
        return int(self._solver.table_bytes())

    @property
    def stats(self) -> SolveStats:
        """Counters accumulated since construction or :meth:`reset_stats`.

        A call adds its counts when it returns (or raises), so reading them from another
        thread while this solver searches gives the counts of the calls already finished.
        """
        return SolveStats(**self._solver.stats())

    def reset_stats(self) -> None:
        """Zero the counters."""
        self._solver.reset_stats()

    def clear_table(self) -> None:
        """Forget every stored bound."""
        self._solver.clear_table()

    def solve(self, position: Position, *, cancel: CancelToken | None = None) -> int:
        """Tricks the side to play takes from `position` on, with best play by all four hands.

        Counts the trick in progress (if any) and every later trick.

        Raises:
            TypeError: if `position` is not a :class:`~redouble.play.Position`.
            SearchCancelledError: if `cancel` stopped the search.
        """
        return int(self._solver.solve(_position_core(position), _token_core(cancel)))

    def solve_cards(
        self, position: Position, *, cancel: CancelToken | None = None
    ) -> dict[Card, int]:
        """The value of every legal card: tricks the side to play takes after playing it.

        Values count like :meth:`solve` (the trick in progress included). Cards adjacent in
        rank among those still out are equivalent and get the same value. Keys are in card
        order; an empty dict when no card is left to play. Raises
        :class:`~redouble.errors.SearchCancelledError` if `cancel` stopped the search.
        """
        values = self._solver.solve_cards(_position_core(position), _token_core(cancel))
        return {Card(c): int(v) for c, v in values}

    def dd_table(
        self, deal: Deal | Sequence[int | CardSet], *, cancel: CancelToken | None = None
    ) -> npt.NDArray[np.uint8]:
        """The ``(5, 4) uint8`` DD table ``[strain][declarer]`` of a deal.

        `deal` is a :class:`~redouble.deal.Deal` or four hand masks of equal size (a partial
        deal gives the tricks out of its hand size).

        Raises:
            InvalidDealError: if the hands overlap or differ in size.
            SearchCancelledError: if `cancel` stopped the search.
        """
        masks = _masks_of(deal)
        return self._solver.dd_table(masks, _token_core(cancel))

    def dd_tables(
        self, deals: Any, *, threads: int | None = None, cancel: CancelToken | None = None
    ) -> npt.NDArray[np.uint8]:
        """DD tables of a batch: ``(N, 4) uint64`` masks in, ``(N, 5, 4) uint8`` tables out.

        `deals` is a ``uint64`` array of any order or byte order, a pandas DataFrame of four
        such columns, rows of four masks, or a sequence of :class:`~redouble.deal.Deal`. Runs `threads` workers (default: every core this process
        may use), this solver being one of them; the GIL is released. The results do not
        depend on the number of threads.

        Raises:
            InvalidDealError: on a wrong dtype or shape, or an invalid deal (its row is named).
            RedoubleError: if `threads` is not 1..256.
            TypeError: if `threads` is not an int (numpy integers are ints here).
            SearchCancelledError: if `cancel` stopped the search (every worker stops).
        """
        token = _token_core(cancel)
        count = _default_threads() if threads is None else _check_threads(threads)
        arr = _batch(deals)
        return self._solver.dd_tables(arr, count, token)

    def analyse_play(
        self,
        deal: Deal | Sequence[int | CardSet],
        strain: Strain | int,
        leader: Seat | int,
        plays: Iterable[Card | str | int],
        *,
        cancel: CancelToken | None = None,
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
            SearchCancelledError: if `cancel` stopped the search.
        """
        token = _token_core(cancel)
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
                raise IllegalPlayError(f"not a card: {shown(c)} ({e})") from None
        out = self._solver.analyse_play(_masks_of(deal), strain_i, leader_i, cards, token)
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


# --- The module's batch pool: worker threads and their tables persist across calls. ---

#: Default transposition-table budget of the module's pool, shared by its workers.
DEFAULT_POOL_BYTES = 256 << 20

# Held while the pool is resized and for the whole of each batch it runs: the pool runs one
# batch at a time and cannot be resized during one, so threads calling the module's functions
# at once take turns (each batch using the whole pool) instead of getting "already running" or
# "cannot be resized" errors. Re-entrant: a progress callback that starts a batch gets the
# pool's own refusal rather than a deadlock.
_pool_lock = threading.RLock()
_pool: Any = None


def _check_threads(threads: object) -> int:
    """`threads` as an int 1..MAX_BATCH_THREADS (a numpy integer too): TypeError for a bool,
    float or str, RedoubleError for a count out of range."""
    count = as_int(threads, "threads")
    if not 1 <= count <= _core.MAX_BATCH_THREADS:
        raise RedoubleError(
            f"threads must be 1..{_core.MAX_BATCH_THREADS} (at most {_core.MAX_BATCH_THREADS} "
            f"worker threads), got {shown(count)}"
        )
    return count


def set_pool(*, threads: int | None = None, memory: int | None = None) -> None:
    """Resize the module's batch pool (used by :func:`dd_tables` and :func:`iter_dd_tables`).

    Args:
        threads: worker threads (default: every core this process may use; at most 256).
        memory: bytes of transposition tables shared equally by the workers (default 256 MiB;
            each worker needs at least 1 MiB).

    Raises:
        RedoubleError: on a bad count or budget, or if a thread cannot be started (the pool is
            then rebuilt on the next batch).
    """
    global _pool
    t = _default_threads() if threads is None else _check_threads(threads)
    mem = DEFAULT_POOL_BYTES if memory is None else as_int(memory, "memory")
    if mem < t * _core.MIN_WORKER_TABLE_BYTES or mem >= 2**63:
        raise RedoubleError(
            f"memory must give each of {shown(t)} workers at least "
            f"{_core.MIN_WORKER_TABLE_BYTES} bytes, got {shown(memory)}"
        )
    with _pool_lock:
        try:
            if _pool is None:
                _pool = _core.BatchPool(t, mem)
            else:
                _pool.resize(t, mem)
        except RedoubleError:
            # Thread or memory refused: a failed resize leaves the pool without workers, so it
            # is dropped and the next batch builds a new one (keeping it made every later
            # batch fail with "no workers").
            if _pool is not None and _pool.threads() == 0:
                _pool = None
            raise


def pool_info() -> dict[str, int]:
    """The module pool's ``threads`` and ``memory`` (bytes of tables); zeros before first use."""
    if _pool is None:
        return {"threads": 0, "memory": 0}
    return {"threads": int(_pool.threads()), "memory": int(_pool.memory_bytes())}


def _get_pool(threads: int | None) -> Any:
    want = None if threads is None else _check_threads(threads)
    if _pool is None or _pool.threads() == 0 or (want is not None and want != _pool.threads()):
        set_pool(
            threads=want,
            memory=None
            if _pool is None
            else max(int(_pool.memory_bytes()), (want or 1) * _core.MIN_WORKER_TABLE_BYTES),
        )
    return _pool


def _progress_callback(progress: Any, total: int, offset: int = 0) -> Any:
    """A core callback (finished count) from `progress`: a callable(done, total), True or None."""
    if progress is None or progress is False:
        return None
    if progress is True:
        try:
            from tqdm import tqdm  # type: ignore[import-untyped]
        except ImportError:
            raise RedoubleError(
                "progress=True needs tqdm (pip install 'redouble[progress]'); "
                "or pass a callable(done, total)"
            ) from None
        bar = tqdm(total=total, unit="deal")

        def show(done: int) -> None:
            bar.update(offset + done - bar.n)
            if offset + done >= total:
                bar.close()

        return show
    if not callable(progress):
        raise TypeError(
            f"progress must be a callable(done, total), True or None, got {shown(progress)}"
        )

    def call(done: int) -> None:
        progress(offset + done, total)

    return call


def dd_tables(
    deals: Any, threads: int | None = None, *, progress: Any = None
) -> npt.NDArray[np.uint8]:
    """DD tables of a ``(N, 4) uint64`` batch on the module's persistent worker pool.

    `threads` resizes the pool (see :func:`set_pool`); `progress` is a callable
    ``(done, total)`` called about every 50 ms, or True for a tqdm bar (``.[progress]``).
    Ctrl-C stops the batch within a unit of work (one strain of one deal) and raises
    :class:`BatchInterrupted`, a :class:`KeyboardInterrupt` whose ``tables`` and ``done``
    hold what was finished. Calls from several threads take turns, each batch using the whole
    pool. `deals` may also be a pandas DataFrame of four uint64 mask columns.

    Raises:
        InvalidDealError: on a wrong dtype or shape, or an invalid deal (its row is named).
        RedoubleError: if `threads` is not 1..256.
        TypeError: if `threads` is not an int.
        BatchInterrupted: on Ctrl-C.
    """
    arr = _batch(deals)
    if threads is not None:
        _check_threads(threads)
    n = len(arr)
    out = np.zeros((n, 5, 4), np.uint8)
    done = np.zeros(n, np.uint8)
    cb = _progress_callback(progress, n)
    try:
        with _pool_lock:
            _get_pool(threads).run(arr, out, done, cb)
    except KeyboardInterrupt:
        finished = done.astype(bool)
        out[~finished] = 0  # a row cut off part-way holds some strains only
        raise BatchInterrupted(out, finished) from None
    return out


def iter_dd_tables(
    deals: Any, *, chunk: int = 1000, threads: int | None = None, progress: Any = None
) -> Iterator[npt.NDArray[np.uint8]]:
    """DD tables of a batch, yielded `chunk` deals at a time as each chunk finishes.

    `deals` is an ``(N, 4)`` array or any iterable of rows or :class:`~redouble.deal.Deal`
    (read lazily, `chunk` at a time, so a generator over a file larger than memory works).
    Each yielded array is ``(k, 5, 4) uint8`` for the next k <= chunk deals, in order.

    Raises:
        InvalidDealError: on a bad deal (its row within the chunk is named).
        BatchInterrupted: on Ctrl-C (with the current chunk's finished tables).
    """
    chunk = as_int(chunk, "chunk")
    if chunk < 1:
        raise RedoubleError(f"chunk must be >= 1, got {shown(chunk)}")
    if is_pandas(deals, "DataFrame"):
        deals = deals.to_numpy()  # iterated as it is, a DataFrame yields its column names
    total = len(deals) if isinstance(deals, np.ndarray | Sequence) else 0
    if isinstance(deals, np.ndarray):
        arr = _batch(deals)
        pieces: Iterable[Any] = (arr[i : i + chunk] for i in range(0, len(arr), chunk))
    else:
        pieces = _chunks(deals, chunk)
    seen = 0
    for piece in pieces:
        batch = _batch(piece)
        out = np.zeros((len(batch), 5, 4), np.uint8)
        done = np.zeros(len(batch), np.uint8)
        cb = _progress_callback(progress, max(total, seen + len(batch)), seen)
        try:
            with _pool_lock:
                _get_pool(threads).run(batch, out, done, cb)
        except KeyboardInterrupt:
            raise BatchInterrupted(out, done.astype(bool)) from None
        seen += len(batch)
        yield out


def _chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    buf: list[Any] = []
    for item in items:
        buf.append(item)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def analyse_play(
    deal: Deal | Sequence[int | CardSet],
    strain: Strain | int,
    leader: Seat | int,
    plays: Iterable[Card | str | int],
) -> list[int]:
    """Declaring side's double-dummy tricks after each card (see :meth:`Solver.analyse_play`)."""
    return _default_solver().analyse_play(deal, strain, leader, plays)


def _solver_from_config(tt_bytes: int) -> Solver:
    """A new solver with an empty table of `tt_bytes` bytes (how a pickled solver is rebuilt)."""
    return Solver(tt_bytes=tt_bytes)
