"""Batch DD tables: dd_tables on seeded deals with 1 and 2 threads, and the speed-up between
them (printed). With ``--benchmark-disable`` (the CI smoke run) only a few deals are used."""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np
import pytest

import redouble
import redouble.solver as rs

SEED = 99
DEALS = 40
SMOKE_DEALS = 4


def _n(config: pytest.Config) -> int:
    return SMOKE_DEALS if config.getoption("benchmark_disable", default=False) else DEALS


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.benchmark(group="batch")
def test_dd_tables_threads(benchmark: Any, threads: int, request: pytest.FixtureRequest) -> None:
    n = _n(request.config)
    batch = redouble.deals(n, SEED)
    benchmark.extra_info.update(threads=threads, units=n)
    out = benchmark.pedantic(lambda: rs.dd_tables(batch, threads=threads), rounds=1, iterations=1)
    assert out.shape == (n, 5, 4)


def test_two_thread_speedup(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    n = _n(request.config)
    batch = redouble.deals(n, SEED)
    times = {}
    results = {}
    for threads in (1, 2):
        start = time.perf_counter()
        results[threads] = rs.dd_tables(batch, threads=threads)
        times[threads] = time.perf_counter() - start
    assert np.array_equal(results[1], results[2])
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with capsys.disabled():
        print(
            f"\ndd_tables on {n} deals: 1 thread {times[1]:.2f} s, 2 threads {times[2]:.2f} s, "
            f"speed-up {times[1] / times[2]:.2f}x ({cores} cores available)"
        )
