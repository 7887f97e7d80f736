"""The numeric and batch boundary as an analyst (numpy, pandas, threads) and an attacker meet it.

Each test here failed before the fix it names: a batch whose answer depended on its byte order
or container, a thread count or seed of numpy's types refused (or a wrong type refused as a bad
value), the module's batch pool failing when two threads used it or after one refused resize,
constrained dealing that broke past board 2**64 - 1 or asked the core for gigabytes per slice,
and core entry points that dropped their results into a converted copy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import redouble.solver as rs
from redouble import _core, analysis
from redouble.analysis import constraints as constraints_module
from redouble.dealing import deals
from redouble.errors import FormatError, InvalidDealError, RedoubleError


def _layouts(batch: np.ndarray) -> dict[str, np.ndarray]:
    """The same deals in the memory layouts an analyst's arrays arrive in."""
    wide = np.zeros((len(batch), 8), np.uint64)
    wide[:, 1::2] = batch
    read_only = batch.copy()
    read_only.flags.writeable = False
    return {
        "big-endian": batch.astype(">u8"),
        "fortran": np.asfortranarray(batch),
        "strided": wide[:, 1::2],
        "read-only": read_only,
        "big-endian fortran": np.asfortranarray(batch.astype(">u8")),
    }


@pytest.mark.parametrize("layout", list(_layouts(np.zeros((1, 4), np.uint64))))
def test_batch_answers_do_not_depend_on_the_arrays_layout_or_byte_order(
    layout: str, endings: Callable[..., np.ndarray]
) -> None:
    # Big-endian uint64 ('>u8', as read from a file) was refused as "got dtype >u8".
    batch = endings(5)
    arr = _layouts(batch)[layout]
    before = arr.copy()
    constraint = analysis.Constraint("N.hcp >= 3")
    assert np.array_equal(
        rs.Solver(tt_bytes=1 << 20).dd_tables(arr, threads=2), rs.dd_tables(batch)
    )
    assert np.array_equal(rs.dd_tables(arr, threads=1), rs.dd_tables(batch, threads=1))
    got, want = analysis.features(arr), analysis.features(batch)
    assert all(np.array_equal(got[k], want[k]) for k in want)
    assert np.array_equal(constraint(arr), constraint(batch))
    assert np.array_equal(arr, before)  # the caller's array, untouched
    assert arr.dtype == before.dtype


def test_a_pandas_dataframe_of_mask_columns_is_a_batch() -> None:
    # A DataFrame was iterated like a list: its column names were taken for deals.
    pd = pytest.importorskip("pandas")
    batch = deals(6, seed=4)
    frame = pd.DataFrame(batch, columns=list("NESW"))
    assert np.array_equal(analysis.features(frame)["hcp"], analysis.features(batch)["hcp"])
    constraint = analysis.Constraint("N.hcp >= 10")
    assert np.array_equal(constraint(frame), constraint(batch))
    tables = rs.dd_tables(batch, threads=1)
    assert np.array_equal(np.concatenate(list(rs.iter_dd_tables(frame, chunk=4))), tables)
    by_frame = analysis.pars(tables, "auction_1912", dealer="N", deals=frame)
    assert by_frame == analysis.pars(tables, "auction_1912", dealer="N", deals=batch)
    assert list(analysis.to_frame(frame, features="hcp")["deal"]) == list(
        analysis.to_frame(batch)["deal"]
    )
    with pytest.raises(InvalidDealError, match="dtype float64"):
        rs.dd_tables(frame.astype(np.float64), threads=1)


@pytest.mark.parametrize("call", ["solver", "module", "iter"])
def test_thread_counts_take_numpy_ints_and_refuse_wrong_types_as_type_errors(
    call: str, endings: Callable[..., np.ndarray]
) -> None:
    # Solver.dd_tables refused np.int64(2) and took True, 2.0 and "2" for bad values
    # (RedoubleError); the module's functions refused np.int64 with a TypeError.
    batch = endings(2)
    solver = rs.Solver(tt_bytes=1 << 20)

    def run(threads: Any) -> Any:
        if call == "solver":
            return solver.dd_tables(batch, threads=threads)
        if call == "module":
            return rs.dd_tables(batch, threads=threads)
        return np.concatenate(list(rs.iter_dd_tables(batch, chunk=np.int64(1), threads=threads)))

    assert np.array_equal(run(np.int64(2)), rs.dd_tables(batch, threads=1))
    for bad in (True, np.bool_(True), 2.0, "2"):
        with pytest.raises(TypeError, match="threads"):
            run(bad)
    for bad in (0, -1, 1000, 2**70):
        with pytest.raises(RedoubleError, match="threads"):
            run(bad)


def test_the_module_pool_takes_numpy_ints_for_its_size() -> None:
    rs.set_pool(threads=np.int64(1), memory=np.int64(4 << 20))
    assert rs.pool_info() == {"threads": 1, "memory": 4 << 20}
    with pytest.raises(TypeError, match="memory"):
        rs.set_pool(threads=1, memory=4.0e6)  # type: ignore[arg-type]


def test_module_batches_from_several_threads_take_turns(endings: Callable[..., np.ndarray]) -> None:
    # The module's pool runs one batch at a time: a second thread got "already running a
    # batch", or "cannot be resized while a batch runs" when it asked for another thread count.
    batch = endings(6)
    expected = rs.dd_tables(batch, threads=1)
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        for i in range(4):
            try:
                got = rs.dd_tables(batch, threads=1 + (k + i) % 2)
                assert np.array_equal(got, expected)
            except BaseException as e:  # noqa: BLE001 - collected: a thread's failure fails the test
                errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_a_refused_pool_size_leaves_later_batches_working(
    endings: Callable[..., np.ndarray],
) -> None:
    # The refusal left a pool with no workers in place: every later batch without threads=
    # failed with "the batch pool has no workers".
    batch = endings(2)
    expected = rs.dd_tables(batch, threads=1)
    with pytest.raises(RedoubleError, match="allocate"):
        rs.set_pool(threads=1, memory=2**62)
    assert np.array_equal(rs.dd_tables(batch), expected)


def test_constrained_dealing_wraps_board_numbers_past_two_to_the_64() -> None:
    # The second slice asked the core for board 2**64 + 2**18 - 1: pybind11's TypeError.
    got = analysis.constrained_deals(
        "N.hcp >= 37", 1, seed=1, first_board=2**64 - 1, max_tries=(1 << 18) + 2, strict=False
    )
    assert got.tried == (1 << 18) + 2
    assert len(got.deals) == 0
    near = analysis.constrained_deals("N.hcp >= 0", 3, seed=1, first_board=2**64 - 2)
    assert near.boards.tolist() == [2**64 - 2, 2**64 - 1, 0]


def test_constrained_dealing_asks_the_core_for_at_most_a_slice_of_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each slice asked for room for all n - found deals: 4 GB per slice for n = 10**8.
    asked: list[tuple[int, int]] = []
    real = _core.constrained_deals

    class Spy:
        def __getattr__(self, name: str) -> Any:
            return getattr(_core, name)

        @staticmethod
        def constrained_deals(seed: int, board: int, want: int, size: int, *rest: Any) -> Any:
            asked.append((want, size))
            return real(seed, board, want, size, *rest)

    monkeypatch.setattr(constraints_module, "_core", Spy())
    got = analysis.constrained_deals("N.hcp >= 0", 10**8, seed=1, max_tries=1000, strict=False)
    assert len(got.deals) == 1000
    assert asked
    assert all(want <= size for want, size in asked)


def test_constrained_dealing_checks_its_seats_and_flags_by_type() -> None:
    # A seat 7 or None was Enum's bare ValueError; 1.0 and True were taken for East; any
    # truthy strict was True; numpy counts were refused.
    c = analysis.Constraint("N.hcp >= 0")
    with pytest.raises(FormatError, match="a seat of predeal"):
        analysis.constrained_deals(c, 1, seed=1, predeal={7: "SA"})
    for seat in (None, 1.0, True):
        with pytest.raises(TypeError, match="a seat of predeal"):
            analysis.constrained_deals(c, 1, seed=1, predeal={seat: "SA"})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="strict"):
        analysis.constrained_deals(c, 1, seed=1, strict="no")  # type: ignore[arg-type]
    by_name = analysis.constrained_deals(c, np.int64(2), seed=1, predeal={"E": "SA"})
    by_number = analysis.constrained_deals(
        c, 2, seed=1, predeal={np.int64(1): "SA"}, max_tries=np.int64(10)
    )
    assert np.array_equal(by_name.deals, by_number.deals)
    assert all(int(row[1]) & (1 << 51) for row in by_name.deals)  # East holds the ace of spades


def test_par_of_a_ragged_table_is_a_type_error() -> None:
    # numpy's bare ValueError ("inhomogeneous shape") escaped.
    with pytest.raises(TypeError, match="table"):
        analysis.par([[1, 2], [3]], dealer="N")


def test_pars_reads_pandas_series_and_0d_arrays_per_row() -> None:
    # A Series was refused ("dealer must be a Seat, got Series"); a 0-d array raised a bare
    # "len() of unsized object".
    pd = pytest.importorskip("pandas")
    tables = rs.dd_tables(deals(4, seed=2), threads=1)
    dealers, vuls = [0, 1, 2, 3], [3, 2, 1, 0]
    want = analysis.pars(tables, dealer=dealers, vulnerability=vuls)
    got = analysis.pars(
        tables, dealer=pd.Series(dealers, index=[9, 8, 7, 6]), vulnerability=pd.Series(vuls)
    )
    assert got == want
    assert analysis.pars(tables, dealer=np.array(2)) == analysis.pars(tables, dealer=2)


def test_core_pool_refuses_output_arrays_it_would_have_copied(
    endings: Callable[..., np.ndarray],
) -> None:
    # A strided or other-dtype `out` was converted to a copy that received the tables and was
    # dropped: run() returned True and the caller's array stayed zeros.
    batch = endings(2)
    pool = _core.BatchPool(1, 1 << 20)
    done = np.zeros(2, np.uint8)
    strided = np.zeros((4, 5, 4), np.uint8)[::2]
    with pytest.raises(TypeError):
        pool.run(batch, strided, done)
    with pytest.raises(TypeError):
        pool.run(batch, np.zeros((2, 5, 4), np.int64), done)
    read_only = np.zeros((2, 5, 4), np.uint8)
    read_only.flags.writeable = False
    with pytest.raises(RedoubleError, match="writeable"):
        pool.run(batch, read_only, done)
    out = np.zeros((2, 5, 4), np.uint8)
    assert pool.run(batch, out, done)
    assert np.array_equal(out, rs.dd_tables(batch, threads=1))


def test_core_constrained_deals_refuses_a_count_its_buffers_cannot_hold() -> None:
    # std::vector's length_error escaped as a bare ValueError.
    program = analysis.Constraint("N.hcp >= 0").program
    for want in (2**59, 2**62):
        with pytest.raises(RedoubleError, match="at most"):
            _core.constrained_deals(1, 1, want, 10, [0, 0, 0, 0], program, 1)


def test_cancel_token_takes_numpy_numbers_and_huge_ints() -> None:
    # np.float32 and np.int64 were refused; 10**400 raised float()'s OverflowError.
    for timeout in (np.float32(5), np.int64(5), 10**400):
        assert not rs.CancelToken(timeout=timeout).stopped  # type: ignore[arg-type]
    assert rs.CancelToken(timeout=np.float64(0)).stopped
    with pytest.raises(TypeError, match="timeout"):
        rs.CancelToken(timeout=np.bool_(True))  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match="timeout"):
        rs.CancelToken(timeout=-(10**400))


def test_single_dummy_counts_take_numpy_ints() -> None:
    got = analysis.contract_analysis(
        "AKQ2.AK2.AK2.AK2", "J543.543.543.543", "3NT", n=np.int64(1), threads=np.int64(1)
    )
    assert got.n == 1
    with pytest.raises(TypeError, match="n must be an int"):
        analysis.contract_analysis("AKQ2.AK2.AK2.AK2", "J543.543.543.543", "3NT", n=1.0)  # type: ignore[arg-type]
