"""Dealing speed: redouble's batch dealer against endplay's generate_deals, in the same run."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import redouble

BATCH = 200_000
REFERENCE_BATCH = 2_000


@pytest.mark.benchmark(group="dealing")
def test_redouble_batch_deals(benchmark: Any) -> None:
    benchmark.extra_info.update(compare="dealing (per deal)", engine="redouble", units=BATCH)
    arr = benchmark(redouble.deals, BATCH, 1)
    assert arr.shape == (BATCH, 4)
    assert np.all(np.bitwise_or.reduce(arr[:100], axis=1) == np.uint64((1 << 52) - 1))


@pytest.mark.benchmark(group="dealing")
def test_redouble_single_deal(benchmark: Any) -> None:
    benchmark.extra_info.update(compare="dealing one Deal object", engine="redouble", units=1)
    d = benchmark(redouble.deal, 7, 3)
    assert d.is_full


@pytest.mark.benchmark(group="dealing")
def test_endplay_generate_deals(benchmark: Any) -> None:
    pytest.importorskip("endplay", reason="the reference is not installed: pip install .[bench]")
    from endplay.dealer import generate_deals

    benchmark.extra_info.update(
        compare="dealing (per deal)", engine="endplay", units=REFERENCE_BATCH
    )

    def run() -> list[Any]:
        return list(generate_deals(produce=REFERENCE_BATCH, seed=1))

    deals = benchmark(run)
    assert len(deals) == REFERENCE_BATCH
