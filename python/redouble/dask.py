"""Dask arrays of deals, DD tables, par scores and hand features, and jobs that survive restarts.

This module owns redouble's Dask layer (the ``.[distributed]`` extra: ``dask[array]``,
``distributed``, ``pyarrow``). Nothing here is computed until Dask is asked to: each function
returns a lazy :class:`dask.array.Array` whose blocks are made on the workers by the same
compiled code as the local functions, so every result equals the local one for any chunking
and any number of workers:

* :func:`deals` deals block by block from the per-board streams (row *i* is board
  ``first_board + i`` whichever block holds it), so chunk boundaries never change a deal;
* :func:`dd_tables` solves each block with the worker's persistent batch pool (all its
  cores, the GIL released), one block at a time per worker process;
* :func:`pars` and :func:`features` run the local batch functions block by block;
* :func:`write_parquet` runs a whole job (deals, tables, par, features) chunk by chunk into
  a directory of Parquet files named by board range, each written atomically; a re-run skips
  the chunks already there, and a chunk whose worker died is redone by the scheduler.
  :func:`read_parquet` reads the directory back and checks that no board is missing.

Only plain data (ints, strings, numpy arrays) crosses between processes: law sets, seats and
vulnerabilities travel as their names and codes.

Run it on a cluster by creating a :class:`distributed.Client` first (``Client("tcp://host:8786")``);
without one, Dask's local threaded scheduler runs the blocks in this process.
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import re
import threading
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from . import dealing as _dealing
from . import solver as _solver
from ._check import as_int, shown
from .analysis._common import AnalysisError, as_seat, as_vulnerability
from .analysis.features import _feature_from_raw, _from_raw
from .analysis.features import features as _local_features
from .analysis.par import _check_law, _first_side, par_scores
from .analysis.par import pars as _local_pars
from .deal import Vulnerability
from .errors import InvalidDealError, RedoubleError

__all__ = [
    "COLUMN_GROUPS",
    "DEFAULT_CHUNK",
    "board_cycle",
    "dd_tables",
    "deals",
    "features",
    "pars",
    "read_parquet",
    "write_parquet",
]

#: Deals per block when no `chunks` is given: a block of DD tables is then a few minutes of one
#: core (see the README's "Beyond one machine" for how to choose).
DEFAULT_CHUNK = 1000

#: The groups of columns :func:`write_parquet` can write (besides ``board``, always written).
COLUMN_GROUPS = ("deals", "dd", "par", "features")

_EXTRA_HINT = 'redouble.dask needs the distributed extra: pip install "redouble[distributed]"'
_U64 = 2**64
_STRAINS = ("C", "D", "H", "S", "NT")
_SEATS = ("N", "E", "S", "W")
_HANDS = ("north", "east", "south", "west")
# The batch pool runs one batch at a time (a concurrent run raises): tasks of one worker
# process that run in parallel threads take turns, each using every core of the pool.
_POOL_TURN = threading.Lock()
_JOB_FILE = "_redouble_job.json"
# Chunk files: boards-<first>-<last>.parquet, board numbers zero-padded to 20 digits so that
# the names sort in board order (pyarrow and pandas read a directory in name order).
_CHUNK_RE = re.compile(r"^boards-(\d{20})-(\d{20})\.parquet$")
_JOB_VERSION = 1


def _import(name: str) -> Any:
    """Imports a module of the extra, or raises ImportError saying how to install it."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise ImportError(f"{_EXTRA_HINT} ({e})") from e


def _da() -> Any:
    return _import("dask.array")


def _check_chunks(chunks: object, n: int) -> tuple[int, ...]:
    """Row chunks for `n` rows: a positive int (block size) or a sequence summing to n."""
    if isinstance(chunks, bool):
        raise TypeError("chunks must be an int or a sequence of ints, not bool")
    if isinstance(chunks, int | np.integer):
        size = int(chunks)
        if size < 1:
            raise RedoubleError(f"chunks must be positive, got {shown(chunks)}")
        full, rest = divmod(n, size)
        return (size,) * full + ((rest,) if rest else ()) if n else (0,)
    if isinstance(chunks, Sequence) and not isinstance(chunks, str):
        sizes = []
        for c in chunks:
            if isinstance(c, bool) or not isinstance(c, int | np.integer):
                raise TypeError(f"chunks must hold ints, got {type(c).__name__}")
            if c < 0:
                raise RedoubleError(f"chunks must not be negative, got {shown(c)}")
            sizes.append(int(c))
        if sum(sizes) != n:
            raise RedoubleError(f"chunks must add up to n = {n}, got {shown(sum(sizes))}")
        return tuple(sizes) if sizes else (0,)
    raise TypeError(f"chunks must be an int or a sequence of ints, not {type(chunks).__name__}")


def _check_threads(threads: object) -> int | None:
    if threads is None:
        return None
    # A numpy integer is an int here, as in redouble.solver (a bool or a float is not).
    count = as_int(threads, "threads")
    if not 1 <= count <= _core.MAX_BATCH_THREADS:
        raise RedoubleError(f"threads must be 1..{_core.MAX_BATCH_THREADS}, got {shown(count)}")
    return count


# --- Block functions: module-level, so workers import them by name (redouble is installed
# there too) and only their plain arguments travel. ---


def _deal_block(seed: int, first_board: int, block_info: Any = None) -> npt.NDArray[np.uint64]:
    start, stop = block_info[None]["array-location"][0]
    return _dealing.deals(stop - start, seed, first_board=(first_board + start) % _U64)


def _dd_block(block: npt.NDArray[np.uint64], threads: int | None) -> npt.NDArray[np.uint8]:
    with _POOL_TURN:
        return _solver.dd_tables(block, threads=threads)


def _features_block(block: npt.NDArray[np.uint64]) -> npt.NDArray[np.int16]:
    raw: npt.NDArray[np.int16] = _core.batch_features(_solver._batch(block))
    return raw


def _feature_block(raw: npt.NDArray[np.int16], name: str) -> npt.NDArray[Any]:
    return _feature_from_raw(raw, name)


def _par_block(
    tables: npt.NDArray[np.uint8], *rows: Any, law: str, first: str, dealer: Any, vul: Any
) -> npt.NDArray[np.int32]:
    # Per-row dealers and vulnerabilities come as blocks (in that order, where given).
    it = iter(rows)
    d = next(it) if dealer is None else dealer
    v = next(it) if vul is None else vul
    cards = next(it, None)  # the deals, for the older codes' par
    d = None if isinstance(d, int) and d < 0 else d
    found = _local_pars(tables, law, dealer=d, vulnerability=v, first=first, deals=cards)
    return par_scores(found)


def _cycle_block(first_board: int, what: str, block_info: Any = None) -> npt.NDArray[np.int8]:
    start, stop = block_info[None]["array-location"][0]
    # Position of each board in the 16-board cycle, from Python ints (no overflow).
    pos = ((first_board + start - 1) % 16 + np.arange(stop - start)) % 16
    table = _DEALER_CYCLE if what == "dealer" else _VUL_CYCLE
    out: npt.NDArray[np.int8] = table[pos]
    return out


_DEALER_CYCLE = np.array([int(_core.board_dealer(b)) for b in range(1, 17)], dtype=np.int8)
_VUL_CYCLE = np.array([int(Vulnerability.of_board(b)) for b in range(1, 17)], dtype=np.int8)


# --- The public arrays. ---


def deals(n: int, seed: int, *, chunks: Any = DEFAULT_CHUNK, first_board: int = 1) -> Any:
    """`n` seeded deals as a lazy ``(n, 4) uint64`` Dask array, dealt block by block.

    Row *i* is ``redouble.deal(seed, first_board + i)`` (board numbers wrap at 2**64), the same
    as row *i* of :func:`redouble.deals`, whatever the chunks. `chunks` is the rows per block
    (an int) or the size of each block (a sequence adding up to `n`).

    Raises:
        InvalidDealError: if n, seed or first_board is out of range (as :func:`redouble.deals`).
        RedoubleError: on bad chunks.
        TypeError: on an argument of the wrong type.
        ImportError: if Dask is not installed.
    """
    count = _dealing._check_count(n)
    s = _dealing._check_seed(seed)
    b = _dealing._check_board(first_board)
    rows = _check_chunks(chunks, count)
    da = _da()
    return da.map_blocks(
        _deal_block,
        s,
        b,
        chunks=(rows, (4,)),
        dtype=np.uint64,
        meta=np.empty((0, 4), np.uint64),
        name="redouble-deals-" + _import("dask.base").tokenize(s, b, rows),
    )


def _as_dask(arr: Any, what: str, ndim: int, width: tuple[int, ...], dtypes: str) -> Any:
    """A Dask array of shape (N, *width) with one block across the other axes."""
    da = _da()
    if isinstance(arr, np.ndarray):
        arr = da.from_array(arr, chunks=(DEFAULT_CHUNK, *width))
    if not isinstance(arr, da.Array):
        raise TypeError(f"{what} must be a Dask or numpy array, not {type(arr).__name__}")
    if arr.ndim != ndim or tuple(arr.shape[1:]) != width:
        shape = ", ".join(["N", *map(str, width)])
        raise RedoubleError(f"{what} must have shape ({shape}), got {arr.shape}")
    if arr.dtype.kind not in dtypes:
        raise RedoubleError(f"{what} has the wrong dtype {arr.dtype}")
    return arr.rechunk(dict.fromkeys(range(1, ndim), -1)) if ndim > 1 else arr


def dd_tables(darr: Any, *, threads: int | None = None) -> Any:
    """DD tables of a Dask array of deals: a lazy ``(N, 5, 4) uint8`` Dask array.

    Each block is solved by the worker's persistent batch pool (see
    :func:`redouble.solver.dd_tables`) with `threads` threads (default: every core the worker
    process may use); blocks of one worker process take turns on its pool, so run one worker
    process per machine (``nthreads=1``) and let the pool use the cores. `darr` is an ``(N, 4)
    uint64`` Dask array (a numpy array is split into blocks of :data:`DEFAULT_CHUNK`).

    Raises:
        RedoubleError: on a wrong shape or dtype (an invalid deal raises
            :class:`~redouble.errors.InvalidDealError` when its block is computed).
        TypeError: if `darr` is not an array or `threads` not an int.
    """
    t = _check_threads(threads)
    arr = _as_dask(darr, "deals", 2, (4,), "u")
    if arr.dtype != np.uint64:
        raise RedoubleError(f"deals must be uint64, got {arr.dtype}")
    return _da().blockwise(
        _dd_block,
        "ijk",
        arr,
        "il",
        new_axes={"j": 5, "k": 4},
        concatenate=True,
        dtype=np.uint8,
        meta=np.empty((0, 5, 4), np.uint8),
        threads=t,
    )


def features(darr: Any) -> dict[str, Any]:
    """Hand features of a Dask array of deals: a dict of lazy Dask arrays.

    The keys, shapes and dtypes are those of :func:`redouble.analysis.features`; the core
    computes each block once, whichever features are then computed together
    (``dask.compute(*result.values())``).

    Raises:
        RedoubleError: on a wrong shape or dtype.
        TypeError: if `darr` is not an array.
    """
    arr = _as_dask(darr, "deals", 2, (4,), "u")
    if arr.dtype != np.uint64:
        raise RedoubleError(f"deals must be uint64, got {arr.dtype}")
    da = _da()
    nf = int(_core.NUM_FEATURES)
    raw = da.blockwise(
        _features_block,
        "ijf",
        arr,
        "il",
        new_axes={"j": 4, "f": nf},
        concatenate=True,
        dtype=np.int16,
        meta=np.empty((0, 4, nf), np.int16),
    )
    sample = _from_raw(np.zeros((0, 4, nf), np.int16))
    out: dict[str, Any] = {}
    for name, empty in sample.items():
        if empty.ndim == 3:
            out[name] = raw.map_blocks(
                _feature_block, name, dtype=empty.dtype, chunks=(*raw.chunks[:2], (4,)), meta=empty
            )
        else:
            out[name] = raw.map_blocks(
                _feature_block, name, dtype=empty.dtype, drop_axis=2, meta=empty
            )
    return out


def _per_row_codes(value: Any, what: str, conv: Any, n: int, row_chunks: Any) -> tuple[Any, Any]:
    """(scalar code, None) for one value for all rows, or (None, Dask array) per row."""
    da = _da()
    if isinstance(value, da.Array | np.ndarray | list | tuple):
        arr = value if isinstance(value, da.Array) else np.asarray(value)
        if arr.ndim != 1 or arr.shape[0] != n:
            raise AnalysisError(f"{what} must have one entry per table ({n}), got {arr.shape}")
        if not isinstance(arr, da.Array):
            # Checked here, eagerly; per-row Dask arrays are checked block by block.
            arr = np.array([int(conv(v, what)) for v in arr.tolist()], dtype=np.int8)
            arr = da.from_array(arr, chunks=(row_chunks,))
        return None, arr.rechunk((row_chunks,))
    return int(conv(value, what)), None


def pars(
    tables: Any,
    law: str = "contract",
    *,
    dealer: Any = None,
    vulnerability: Any = Vulnerability.NONE,
    first: str = "dealer",
    deals: Any = None,
) -> Any:
    """NS par scores of a Dask array of DD tables: a lazy ``(N,) int32`` Dask array.

    Row *i* is ``par_scores(pars(tables[i:i+1], ...))[0]`` of
    :mod:`redouble.analysis`. `dealer` and `vulnerability` are one value for every row or a
    per-row sequence or array (Dask or numpy) of seat and vulnerability codes;
    :func:`board_cycle` gives them for consecutive boards. `first` is "dealer", "NS" or "EW".
    The older codes (Auction Bridge, Bridge) score honours from the cards, so their par needs
    `deals`, the ``(N, 4) uint64`` deals the tables were solved from (Dask or numpy).

    Raises:
        AnalysisError: on a bad law, seat, vulnerability or shape (a ``ValueError``).
        TypeError: on an argument of the wrong type.
    """
    law, historical = _check_law(law)
    if not isinstance(first, str):
        raise TypeError(f"first must be 'dealer', 'NS' or 'EW', got {type(first).__name__}")
    arr = _as_dask(tables, "tables", 3, (5, 4), "iu")
    n, rows = arr.shape[0], arr.chunks[0]
    if first.strip().lower() == "dealer":
        if dealer is None:
            raise AnalysisError("dealer is required for dealer par (first='dealer')")
        d_code, d_rows = _per_row_codes(dealer, "dealer", as_seat, n, rows)
    else:
        _first_side(first, None)
        d_code, d_rows = -1, None
    v_code, v_rows = _per_row_codes(vulnerability, "vulnerability", as_vulnerability, n, rows)
    args: list[Any] = [arr, "ijk"]
    for extra in (d_rows, v_rows):
        if extra is not None:
            args += [extra, "i"]
    if historical is not None:
        if deals is None:
            raise AnalysisError(
                f"par under {historical.short_title} needs deals= (honours come from the cards)"
            )
        cards = _as_dask(deals, "deals", 2, (4,), "u")
        if cards.shape[0] != n:
            raise AnalysisError(f"deals has {cards.shape[0]} rows, tables {n}")
        args += [cards.rechunk({0: rows}), "il"]
    return _da().blockwise(
        _par_block,
        "i",
        *args,
        concatenate=True,
        dtype=np.int32,
        meta=np.empty((0,), np.int32),
        law=law,
        first=first,
        dealer=d_code,
        vul=v_code,
    )


def board_cycle(n: int, *, chunks: Any = DEFAULT_CHUNK, first_board: int = 1) -> tuple[Any, Any]:
    """Dealer and vulnerability codes of boards first_board .. first_board + n - 1.

    Two lazy ``(n,) int8`` Dask arrays (seat codes, vulnerability codes) by the standard
    16-board cycle, as :meth:`redouble.Board.from_number` gives them; chunk them as the deals.

    Raises:
        InvalidDealError: if first_board is not 1 .. 2**64-1 or n out of range.
    """
    count = _dealing._check_count(n)
    b = _dealing._check_board(first_board)
    if b == 0:
        raise InvalidDealError("board numbers of the cycle start at 1, got first_board 0")
    rows = _check_chunks(chunks, count)
    da = _da()
    dealer, vul = (
        da.map_blocks(
            _cycle_block,
            b,
            what,
            chunks=(rows,),
            dtype=np.int8,
            meta=np.empty((0,), np.int8),
            name=f"redouble-cycle-{what}-" + _import("dask.base").tokenize(b, rows),
        )
        for what in ("dealer", "vulnerability")
    )
    return dealer, vul


# --- Jobs written chunk by chunk. ---


def _chunk_name(first: int, last: int) -> str:
    return f"boards-{first:020d}-{last:020d}.parquet"


def _chunk_table(
    seed: int, first: int, count: int, groups: tuple[str, ...], threads: int | None
) -> Any:
    """The pyarrow table of one chunk: boards first .. first + count - 1."""
    pa = _import("pyarrow")
    boards = np.arange(count, dtype=np.uint64) + np.uint64(first)
    cols: dict[str, Any] = {"board": boards}
    arr = _dealing.deals(count, seed, first_board=first)
    if "deals" in groups:
        for seat, name in enumerate(_HANDS):
            cols[name] = arr[:, seat]
    tables = None
    if "dd" in groups or "par" in groups:
        with _POOL_TURN:
            tables = _solver.dd_tables(arr, threads=threads)
    if "dd" in groups and tables is not None:
        for st, strain in enumerate(_STRAINS):
            for seat, letter in enumerate(_SEATS):
                cols[f"dd_{strain}_{letter}"] = tables[:, st, seat]
    if "par" in groups and tables is not None:
        pos = ((first - 1) % 16 + np.arange(count)) % 16
        dealer, vul = _DEALER_CYCLE[pos], _VUL_CYCLE[pos]
        cols["dealer"] = dealer
        cols["vulnerability"] = vul
        cols["par"] = par_scores(_local_pars(tables, dealer=dealer, vulnerability=vul))
    if "features" in groups:
        found = _local_features(arr)
        for name, values in found.items():
            if values.ndim == 2:
                for seat, letter in enumerate(_SEATS):
                    cols[f"{name}_{letter}"] = values[:, seat]
    return pa.table(cols)


def _write_chunk(
    directory: str, seed: int, first: int, count: int, groups: tuple[str, ...], threads: int | None
) -> str:
    """Computes and writes one chunk file atomically; returns its name."""
    pq = _import("pyarrow.parquet")
    name = _chunk_name(first, first + count - 1)
    final = os.path.join(directory, name)
    if os.path.exists(final):  # written by an earlier or concurrent run
        return name
    table = _chunk_table(seed, first, count, groups, threads)
    # A hidden temporary name (readers skip names starting with "."), unique to this attempt,
    # then an atomic rename: a reader or a re-run sees the whole chunk or nothing, even if this
    # worker dies half-way through the write.
    tmp = os.path.join(directory, f".{name}.{uuid.uuid4().hex}.tmp")
    try:
        pq.write_table(table, tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, final)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return name


def _existing_chunks(directory: Path) -> dict[tuple[int, int], str]:
    found = {}
    for entry in os.listdir(directory):
        m = _CHUNK_RE.match(entry)
        if m:
            found[int(m.group(1)), int(m.group(2))] = entry
    return found


def _check_groups(columns: Iterable[str]) -> tuple[str, ...]:
    if isinstance(columns, str):
        columns = (columns,)
    groups = []
    for c in columns:
        if not isinstance(c, str):
            raise TypeError(f"columns must hold group names, got {type(c).__name__}")
        if c not in COLUMN_GROUPS:
            raise RedoubleError(f"columns must be among {', '.join(COLUMN_GROUPS)}; got {shown(c)}")
        if c not in groups:
            groups.append(c)
    return tuple(g for g in COLUMN_GROUPS if g in groups)


def _check_job(directory: Path, seed: int, groups: tuple[str, ...]) -> None:
    """Records the job's seed and columns in the directory, or checks them against a re-run."""
    job = {"format": _JOB_VERSION, "seed": seed, "columns": list(groups)}
    path = directory / _JOB_FILE
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise RedoubleError(f"{path} is not a redouble job file: {e}") from None
        if old != job:
            raise RedoubleError(
                f"{shown(os.fspath(directory), 200)} holds another job (seed {old.get('seed')}, columns "
                f"{old.get('columns')}); use a new directory for seed {shown(seed)}, columns {list(groups)}"
            )
        return
    tmp = directory / f".{_JOB_FILE}.{uuid.uuid4().hex}.tmp"
    tmp.write_text(json.dumps(job) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def write_parquet(
    directory: str | os.PathLike[str],
    n: int,
    seed: int,
    *,
    chunk: int = DEFAULT_CHUNK,
    first_board: int = 1,
    columns: Iterable[str] = COLUMN_GROUPS,
    threads: int | None = None,
    client: Any = None,
) -> list[str]:
    """Deal, solve and write boards first_board .. first_board + n - 1 to Parquet, chunk by chunk.

    Each chunk of `chunk` boards is one task: dealt on its worker, solved there by the batch
    pool (`threads` as in :func:`dd_tables`), and written to
    ``directory/boards-<first>-<last>.parquet`` through a temporary file and an atomic rename.
    A re-run (the same seed and columns) skips the boards already written, whatever chunk size
    wrote them, so a job stopped part-way is finished by running it again, and extended by a
    larger `n`; a chunk whose worker dies is redone by the Dask scheduler on another worker. The directory reads back with
    :func:`read_parquet` (or ``pandas.read_parquet(directory)``).

    Columns: ``board`` (uint64) and, by `columns`, ``deals`` (``north`` .. ``west``: uint64 card
    masks), ``dd`` (``dd_<strain>_<declarer>``, e.g. ``dd_NT_S``: uint8 tricks), ``par``
    (``dealer``, ``vulnerability`` by the 16-board cycle, ``par``: the NS dealer-par score,
    int32) and ``features`` (``<feature>_<seat>``, e.g. ``hcp_N``, for each per-hand feature of
    :func:`redouble.analysis.features`).

    `client` is a :class:`distributed.Client` (default: Dask's current scheduler, which is the
    most recently created client if there is one). Returns the names of the chunk files that
    hold this job's boards, in board order.

    Raises:
        RedoubleError: on a bad argument or a directory holding another job (another seed or
            columns).
        TypeError: on an argument of the wrong type.
    """
    dask = _import("dask")
    _import("dask.base")
    _import("pyarrow.parquet")
    if not isinstance(directory, str | os.PathLike):
        raise TypeError(f"directory must be a path, not {type(directory).__name__}")
    count = _dealing._check_count(n)
    s = _dealing._check_seed(seed)
    b = _dealing._check_board(first_board)
    if isinstance(chunk, bool) or not isinstance(chunk, int):
        raise TypeError(f"chunk must be an int, got {type(chunk).__name__}")
    if chunk < 1:
        raise RedoubleError(f"chunk must be positive, got {shown(chunk)}")
    if b == 0 or b + count - 1 >= _U64:
        raise RedoubleError(
            f"boards {shown(first_board)} .. {shown(first_board)} + n - 1 must lie in 1 .. 2**64-1 for a job"
        )
    t = _check_threads(threads)
    groups = _check_groups(columns)
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    _check_job(path, s, groups)
    # The boards still to do: the job's chunks less any boards an earlier run wrote (with this
    # chunk size or another), so a re-run writes only what is missing.
    covered = sorted(_existing_chunks(path))
    todo = []
    for start in range(b, b + count, chunk):
        lo, hi = start, min(start + chunk, b + count) - 1
        for c_lo, c_hi in covered:
            if c_hi < lo or c_lo > hi:
                continue
            if c_lo > lo:
                todo.append((lo, c_lo - lo))
            lo = max(lo, c_hi + 1)
        if lo <= hi:
            todo.append((lo, hi - lo + 1))
    # Keys name the job (directory, seed, columns) and the boards, so two jobs never share a task.
    job_token = dask.base.tokenize(str(path.resolve()), s, groups, t)
    tasks = [
        dask.delayed(_write_chunk, pure=True)(
            str(path),
            s,
            first,
            size,
            groups,
            t,
            dask_key_name=f"redouble-chunk-{job_token}-{first}-{first + size - 1}",
        )
        for first, size in todo
    ]
    if tasks:
        dask.compute(*tasks, **({} if client is None else {"scheduler": client}))
    last = b + count - 1
    return [
        name for (lo, hi), name in sorted(_existing_chunks(path).items()) if lo <= last and hi >= b
    ]


def read_parquet(
    directory: str | os.PathLike[str], *, columns: Sequence[str] | None = None
) -> dict[str, npt.NDArray[Any]]:
    """The columns of a :func:`write_parquet` directory as numpy arrays, in board order.

    `columns` picks columns by name (``board`` always comes too).

    Raises:
        RedoubleError: if the directory holds no chunk, or boards are missing between the
            first and the last chunk (their range is named).
    """
    pq = _import("pyarrow.parquet")
    pa = _import("pyarrow")
    path = Path(directory)
    if not path.is_dir():
        raise RedoubleError(f"{shown(os.fspath(directory), 200)} is not a directory")
    found = sorted(_existing_chunks(path).items())
    if not found:
        raise RedoubleError(
            f"{shown(os.fspath(directory), 200)} holds no chunk files (boards-<first>-<last>.parquet)"
        )
    for ((_, hi), _name), ((lo, _), _next) in itertools.pairwise(found):
        if lo != hi + 1:
            raise RedoubleError(
                f"{shown(os.fspath(directory), 200)}: boards {hi + 1}..{lo - 1} are missing"
            )
    want = None if columns is None else ["board", *(c for c in columns if c != "board")]
    table = pa.concat_tables([pq.read_table(path / name, columns=want) for _, name in found])
    return {name: table.column(name).to_numpy() for name in table.column_names}
