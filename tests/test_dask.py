"""redouble.dask: Dask arrays equal to the local functions for any chunking and any number of
workers, and Parquet jobs that skip what is written and survive a killed worker.

The cluster tests run a small ``distributed.LocalCluster`` (2 worker processes, 1 thread each).
Everything skips, saying why, when the ``.[distributed]`` extra is not installed."""

from __future__ import annotations

import itertools
import logging
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import redouble
from redouble.analysis import AnalysisError, features, par_scores, pars
from redouble.errors import InvalidDealError, RedoubleError
from redouble.solver import dd_tables

_WHY = 'the distributed extra is not installed: pip install "redouble[distributed]"'
dask = pytest.importorskip("dask", reason=_WHY)
da = pytest.importorskip("dask.array", reason=_WHY)
distributed = pytest.importorskip("distributed", reason=_WHY)
pytest.importorskip("pyarrow.parquet", reason=_WHY)
rd = pytest.importorskip("redouble.dask")

SEED = 2026
N_SOLVED = 10  # deals solved in the tests: few, the machine is small and shared
KILL_JOB = 6  # boards of the job whose worker is killed


@pytest.fixture(scope="module")
def local() -> dict[str, Any]:
    """The local results for boards 1..N_SOLVED of SEED, computed once."""
    arr = redouble.deals(N_SOLVED, SEED)
    tables = dd_tables(arr)
    boards = [redouble.board(SEED, b) for b in range(1, N_SOLVED + 1)]
    par = par_scores(
        pars(
            tables,
            dealer=[b.dealer for b in boards],
            vulnerability=[b.vulnerability for b in boards],
        )
    )
    return {"deals": arr, "tables": tables, "par": par, "features": features(arr)}


def _partition(draw: Any, n: int) -> tuple[int, ...]:
    cuts = sorted(draw(st.lists(st.integers(0, n), max_size=6)))
    bounds = [0, *cuts, n]
    return tuple(b - a for a, b in itertools.pairwise(bounds))


@st.composite
def _chunkings(draw: Any, max_n: int = 40) -> tuple[int, tuple[int, ...] | int]:
    n = draw(st.integers(0, max_n))
    if draw(st.booleans()):
        return n, draw(st.integers(1, max_n + 1))
    return n, _partition(draw, n)


# --- Equal to the local functions for any chunking (in-process scheduler). ---


@settings(max_examples=60, deadline=None)
@given(
    chunking=_chunkings(),
    seed=st.integers(0, 2**64 - 1),
    first=st.one_of(st.integers(0, 2**64 - 1), st.just(2**64 - 3)),
)
def test_deals_equal_local_deals_for_any_chunking(
    chunking: tuple[int, Any], seed: int, first: int
) -> None:
    n, chunks = chunking
    got = rd.deals(n, seed, chunks=chunks, first_board=first).compute(scheduler="sync")
    assert got.dtype == np.uint64
    assert np.array_equal(got, redouble.deals(n, seed, first_board=first))


@settings(max_examples=25, deadline=None)
@given(chunking=_chunkings(max_n=30), seed=st.integers(0, 2**64 - 1))
def test_features_equal_local_features_for_any_chunking(
    chunking: tuple[int, Any], seed: int
) -> None:
    n, chunks = chunking
    got = rd.features(rd.deals(n, seed, chunks=chunks))
    assert list(got) == list(features(redouble.deals(0, 1)))
    (computed,) = dask.compute(got, scheduler="sync")
    want = features(redouble.deals(n, seed))
    for name, values in want.items():
        assert computed[name].dtype == values.dtype, name
        assert np.array_equal(computed[name], values), name


@pytest.mark.parametrize("chunks", [1, (4, 0, 6)])
def test_dd_tables_equal_local_tables(local: dict[str, Any], chunks: Any) -> None:
    # The threaded scheduler runs two blocks at once in this process: they take turns on the
    # batch pool, which refuses a second concurrent run.
    tables = rd.dd_tables(rd.deals(N_SOLVED, SEED, chunks=chunks))
    got = tables.compute(scheduler="threads", num_workers=2)
    assert got.dtype == np.uint8
    assert np.array_equal(got, local["tables"])


def test_dd_tables_of_a_numpy_array_and_with_threads(local: dict[str, Any]) -> None:
    got = rd.dd_tables(local["deals"][:3], threads=1).compute(scheduler="sync")
    assert np.array_equal(got, local["tables"][:3])
    # A numpy integer is a thread count, as in redouble.solver.dd_tables; a bool is not.
    got = rd.dd_tables(local["deals"][:3], threads=np.int64(1)).compute(scheduler="sync")
    assert np.array_equal(got, local["tables"][:3])
    with pytest.raises(TypeError, match="threads"):
        rd.dd_tables(local["deals"][:3], threads=True)


@pytest.mark.parametrize("chunks", [2, (7, 3)])
def test_pars_equal_local_pars(local: dict[str, Any], chunks: Any) -> None:
    tables = da.from_array(local["tables"], chunks=(chunks, 5, 4))
    dealer, vul = rd.board_cycle(N_SOLVED, chunks=3)
    got = rd.pars(tables, dealer=dealer, vulnerability=vul).compute(scheduler="sync")
    assert got.dtype == np.int32
    assert np.array_equal(got, local["par"])
    # Per-row codes as a list, and one value for every row.
    codes = [int(b) for b in np.asarray(dealer)]
    listed = rd.pars(tables, dealer=codes, vulnerability=np.asarray(vul)).compute(scheduler="sync")
    assert np.array_equal(listed, local["par"])
    one = rd.pars(tables, dealer="E", vulnerability="Both").compute(scheduler="sync")
    assert np.array_equal(one, par_scores(pars(local["tables"], dealer=1, vulnerability=3)))
    ns = rd.pars(tables, first="NS", vulnerability="NS").compute(scheduler="sync")
    assert np.array_equal(ns, par_scores(pars(local["tables"], first="NS", vulnerability="NS")))


@pytest.mark.parametrize("first", [1, 13, 2**64 - 20])
def test_board_cycle_follows_the_boards(first: int) -> None:
    dealer, vul = rd.board_cycle(19, chunks=5, first_board=first)
    boards = [redouble.Board.from_number(first + i, redouble.deal(1, 1)) for i in range(19)]
    assert np.asarray(dealer).tolist() == [int(b.dealer) for b in boards]
    assert np.asarray(vul).tolist() == [int(b.vulnerability) for b in boards]


def test_bad_arguments_raise_before_anything_runs() -> None:
    with pytest.raises(RedoubleError, match="chunks must add up"):
        rd.deals(5, 1, chunks=(2, 2))
    with pytest.raises(RedoubleError, match="chunks must be positive"):
        rd.deals(5, 1, chunks=0)
    with pytest.raises(TypeError, match="chunks"):
        rd.deals(5, 1, chunks=True)
    with pytest.raises(TypeError, match="chunks"):
        rd.deals(5, 1, chunks=2.5)
    with pytest.raises(TypeError, match="seed"):
        rd.deals(5, "1")
    with pytest.raises(InvalidDealError, match="number of deals"):
        rd.deals(-1, 1)
    with pytest.raises(TypeError, match="deals must be a Dask or numpy array"):
        rd.dd_tables([[1, 2, 3, 4]])
    with pytest.raises(RedoubleError, match="shape"):
        rd.dd_tables(da.zeros((3, 5), dtype=np.uint64))
    with pytest.raises(RedoubleError, match="uint64"):
        rd.features(da.zeros((3, 4), dtype=np.uint32))
    with pytest.raises(TypeError, match="threads"):
        rd.dd_tables(da.zeros((3, 4), dtype=np.uint64), threads="2")
    tables = da.zeros((3, 5, 4), dtype=np.uint8)
    with pytest.raises(AnalysisError, match="law"):
        rd.pars(tables, "no such code", dealer="N")
    with pytest.raises(AnalysisError, match="par is defined for contract"):
        rd.pars(tables, "contract_rubber", dealer="N")
    with pytest.raises(AnalysisError, match="dealer is required"):
        rd.pars(tables)
    with pytest.raises(AnalysisError, match="one entry per table"):
        rd.pars(tables, dealer=[0, 1])
    with pytest.raises(AnalysisError, match="seat"):
        rd.pars(tables, dealer=[0, 1, 7])
    with pytest.raises(InvalidDealError, match="start at 1"):
        rd.board_cycle(3, first_board=0)


# --- Jobs written to Parquet (in-process scheduler). ---


def _stamps(directory: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(directory.iterdir())}


def _check_job_output(directory: Path, local: dict[str, Any], n: int) -> None:
    got = rd.read_parquet(directory)
    assert got["board"].tolist() == list(range(1, n + 1))
    hands = np.stack([got[h] for h in ("north", "east", "south", "west")], axis=1)
    assert np.array_equal(hands, local["deals"][:n])
    for st_, strain in enumerate(("C", "D", "H", "S", "NT")):
        for seat, letter in enumerate("NESW"):
            assert np.array_equal(got[f"dd_{strain}_{letter}"], local["tables"][:n, st_, seat])
    assert np.array_equal(got["par"], local["par"][:n])
    assert np.array_equal(got["hcp_W"], local["features"]["hcp"][:n, 3])
    assert np.array_equal(got["quick_tricks_S"], local["features"]["quick_tricks"][:n, 2])
    assert not [p for p in directory.iterdir() if p.name.endswith(".tmp")]


def test_parquet_job_skips_written_chunks(local: dict[str, Any], tmp_path: Path) -> None:
    with dask.config.set(scheduler="sync"):
        names = rd.write_parquet(tmp_path, 7, SEED, chunk=3)
        assert names == [
            "boards-00000000000000000001-00000000000000000003.parquet",
            "boards-00000000000000000004-00000000000000000006.parquet",
            "boards-00000000000000000007-00000000000000000007.parquet",
        ]
        _check_job_output(tmp_path, local, 7)
        before = _stamps(tmp_path)
        assert rd.write_parquet(tmp_path, 7, SEED, chunk=3) == names
        assert _stamps(tmp_path) == before  # nothing rewritten
        # A lost chunk is redone and nothing else is touched; a larger n extends the job.
        (tmp_path / names[1]).unlink()
        # Board 7 is written already: only 8..9 are new.
        extended = rd.write_parquet(tmp_path, 9, SEED, chunk=3)
        assert extended == [
            *names,
            "boards-00000000000000000008-00000000000000000009.parquet",
        ]
        after = _stamps(tmp_path)
        assert after[names[0]] == before[names[0]]
        assert after[names[2]] == before[names[2]]
        _check_job_output(tmp_path, local, 9)
        # Another chunk size finds everything written.
        assert rd.write_parquet(tmp_path, 9, SEED, chunk=4) == extended
        assert _stamps(tmp_path) == after
        with pytest.raises(RedoubleError, match="another job"):
            rd.write_parquet(tmp_path, 9, SEED + 1, chunk=3)
        with pytest.raises(RedoubleError, match="another job"):
            rd.write_parquet(tmp_path, 9, SEED, chunk=3, columns=["deals"])
    pd = pytest.importorskip("pandas", reason="pandas is not installed")
    frame = pd.read_parquet(tmp_path)  # the directory is plain Parquet
    assert frame["board"].tolist() == list(range(1, 10))


def test_parquet_job_columns_and_gaps(tmp_path: Path, local: dict[str, Any]) -> None:
    with dask.config.set(scheduler="sync"):
        rd.write_parquet(tmp_path, 6, SEED, chunk=2, columns=["deals"], first_board=3)
    got = rd.read_parquet(tmp_path, columns=["west"])
    assert list(got) == ["board", "west"]
    assert np.array_equal(got["west"], redouble.deals(6, SEED, first_board=3)[:, 3])
    (tmp_path / "boards-00000000000000000005-00000000000000000006.parquet").unlink()
    with pytest.raises(RedoubleError, match=r"boards 5\.\.6 are missing"):
        rd.read_parquet(tmp_path)
    with pytest.raises(RedoubleError, match="columns must be among"):
        rd.write_parquet(tmp_path / "x", 2, 1, columns=["dds"])
    with pytest.raises(TypeError, match="chunk"):
        rd.write_parquet(tmp_path / "x", 2, 1, chunk=1.5)
    (tmp_path / "empty").mkdir()
    with pytest.raises(RedoubleError, match="no chunk files"):
        rd.read_parquet(tmp_path / "empty")


# --- On a LocalCluster of worker processes. ---


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: 8787 may be taken
        silence_logs=logging.CRITICAL,
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_cluster_results_equal_local(client: Any, local: dict[str, Any]) -> None:
    # Deals and features (cheap) in two chunkings, the tables and par (dear) in a third.
    for chunks in (3, (4, 0, 5, 1)):
        darr = rd.deals(N_SOLVED, SEED, chunks=chunks)
        got_deals, got_feats = dask.compute(darr, rd.features(darr))
        assert np.array_equal(got_deals, local["deals"])
        for name, values in local["features"].items():
            assert np.array_equal(got_feats[name], values), name
    chunks = (1, 6, 3)
    darr = rd.deals(N_SOLVED, SEED, chunks=chunks)
    tables = rd.dd_tables(darr, threads=1)
    dealer, vul = rd.board_cycle(N_SOLVED, chunks=chunks)
    par = rd.pars(tables, dealer=dealer, vulnerability=vul)
    feats = rd.features(darr)
    got_deals, got_tables, got_par, got_feats = dask.compute(darr, tables, par, feats)
    assert np.array_equal(got_deals, local["deals"])
    assert np.array_equal(got_tables, local["tables"])
    assert np.array_equal(got_par, local["par"])
    for name, values in local["features"].items():
        assert np.array_equal(got_feats[name], values), name
    # Both worker processes took part.
    assert len(client.scheduler_info()["workers"]) == 2


def test_killed_worker_chunk_is_redone(client: Any, local: dict[str, Any], tmp_path: Path) -> None:
    pids = client.run(os.getpid)
    assert len(pids) == 2
    pool = ThreadPoolExecutor(1)
    job = pool.submit(rd.write_parquet, tmp_path, KILL_JOB, SEED, chunk=2, threads=1, client=client)
    # Wait until a worker is busy with a chunk whose file is not written yet, then kill it.
    killed = None
    deadline = time.monotonic() + 60
    while killed is None and time.monotonic() < deadline and not job.done():
        for address, keys in client.processing().items():
            chunks = [k for k in keys if str(k).startswith("redouble-chunk-")]
            pending = [
                k
                for k in chunks
                if not (tmp_path / rd._chunk_name(*map(int, str(k).split("-")[-2:]))).exists()
            ]
            if pending and address in pids:
                os.kill(pids[address], signal.SIGKILL)
                killed = (address, pending[0])
                break
        time.sleep(0.05)
    names = job.result(timeout=120)
    pool.shutdown()
    assert killed is not None, "no chunk was seen running"
    # The worker really died: the nanny started a new process in its place.
    assert pids[killed[0]] not in client.run(os.getpid).values()
    _check_job_output(tmp_path, local, KILL_JOB)
    assert len(names) == KILL_JOB // 2


def test_pars_under_an_older_code_use_the_deals(local: dict[str, Any]) -> None:
    """Bridge (Elwell, 1906) scores honours from the cards: par needs the deals, chunked as
    the tables or not, and equals the local batch's."""
    tables = da.from_array(local["tables"][:6], chunks=(2, 5, 4))
    deals = da.from_array(local["deals"][:6], chunks=(3, 4))
    got = rd.pars(tables, "bridge_1906", dealer="S", deals=deals).compute(scheduler="sync")
    want = par_scores(pars(local["tables"][:6], "bridge_1906", dealer=2, deals=local["deals"][:6]))
    assert np.array_equal(got, want)
    with pytest.raises(RedoubleError, match=r"^par under Bridge \(Elwell, 1906\) needs deals"):
        rd.pars(tables, "bridge_1906", dealer="S")
