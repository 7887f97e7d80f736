"""dd_tables on numpy batches: dtype/shape validation, no mutation of the caller's array, and
agreement with a loop of single dd_table calls."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import redouble.solver as rs
from redouble import Deal, InvalidDealError
from redouble.dealing import deals


def test_batch_equals_loop_of_single_tables(endings: Callable[..., np.ndarray]) -> None:
    batch = endings(12)
    got = rs.dd_tables(batch, threads=1)
    assert got.shape == (12, 5, 4)
    assert got.dtype == np.uint8
    for i in range(12):
        assert np.array_equal(got[i], rs.dd_table([int(x) for x in batch[i]]))


def test_full_deals_batch() -> None:
    batch = deals(3, 7)
    got = rs.dd_tables(batch, threads=2)
    for i in range(3):
        assert np.array_equal(got[i], rs.dd_table(Deal.from_array(batch[i])))
        assert (got[i, :, 0] + got[i, :, 1] <= 13 + 13).all()


def test_caller_array_is_not_mutated(endings: Callable[..., np.ndarray]) -> None:
    batch = endings(5)
    before = batch.copy()
    rs.dd_tables(batch, threads=2)
    assert np.array_equal(batch, before)


def test_empty_batch() -> None:
    out = rs.dd_tables(np.zeros((0, 4), dtype=np.uint64))
    assert out.shape == (0, 5, 4)
    assert out.dtype == np.uint8


def test_accepts_non_contiguous_views_and_rows_of_deals(endings: Callable[..., np.ndarray]) -> None:
    batch = endings(6)
    wide = np.zeros((6, 8), dtype=np.uint64)
    wide[:, ::2] = batch
    assert np.array_equal(rs.dd_tables(wide[:, ::2]), rs.dd_tables(batch))
    as_deals = [Deal([int(x) for x in row]) for row in batch]
    assert np.array_equal(rs.dd_tables(as_deals), rs.dd_tables(batch))


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((3, 4), dtype=np.int64),
        np.zeros((3, 4), dtype=np.float64),
        np.zeros((3, 4), dtype=np.uint32),
        np.zeros((3,), dtype=np.uint64),
        np.zeros((3, 5), dtype=np.uint64),
        np.zeros((2, 4, 1), dtype=np.uint64),
    ],
    ids=["int64", "float64", "uint32", "1d", "5cols", "3d"],
)
def test_wrong_dtype_or_shape_is_a_clear_value_error(bad: np.ndarray) -> None:
    with pytest.raises(InvalidDealError, match=r"uint64|shape"):
        rs.dd_tables(bad)
    with pytest.raises(ValueError):
        rs.dd_tables(bad)


def test_invalid_deal_names_its_row(endings: Callable[..., np.ndarray]) -> None:
    batch = endings(4)
    batch[2, 1] = batch[2, 0]  # a card held twice
    with pytest.raises(InvalidDealError, match="deal 2"):
        rs.dd_tables(batch)
    bad_bits = endings(2)
    bad_bits[1, 3] |= np.uint64(1 << 60)
    with pytest.raises(InvalidDealError, match="deal 1"):
        rs.dd_tables(bad_bits)


def test_bad_thread_count(endings: Callable[..., np.ndarray]) -> None:
    with pytest.raises(ValueError):
        rs.dd_tables(endings(1), threads=0)


def test_rows_of_python_ints_and_negative_values(endings: Callable[..., np.ndarray]) -> None:
    rows = [[int(x) for x in r] for r in endings(2)]
    assert rs.dd_tables(rows).shape == (2, 5, 4)
    with pytest.raises(InvalidDealError):
        rs.dd_tables([[-1, 0, 0, 0]])
