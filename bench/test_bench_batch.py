"""Batch DD tables: dd_tables on seeded deals with 1 and 2 threads, and the speed-up between
them (printed); and the thread scaling of dd_tables beside DDS's own batch call on 1, 2, 4, ...
threads up to every core the process may use (printed). With ``--benchmark-disable`` (the CI
smoke run) only a few deals are used."""

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


def _thread_counts(cores: int) -> list[int]:
    """1, 2, 4, ... up to `cores`, and `cores` itself."""
    counts = [1]
    while counts[-1] * 2 <= cores:
        counts.append(counts[-1] * 2)
    if counts[-1] != cores:
        counts.append(cores)
    return counts


def test_thread_scaling_against_dds(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wall time of the same DD tables with 1, 2, 4, ... threads, up to the cores available:
    ours through ``dd_tables`` (the persistent pool), DDS's through endplay's ``calc_all_tables``
    (``CalcAllTables`` after ``SetMaxThreads``), each engine's speed-up over its own one thread
    printed side by side; every table is checked against DDS's. ``REDOUBLE_SCALING_ROUNDS``
    (default 1) repeats the whole sweep, thread counts interleaved round by round, and the
    speed-ups are taken from each count's median time: on a shared machine a single round can
    catch a slow spell on one count and print a speed-up above the thread count. The README's
    many-core figure is this, on that machine: ``REDOUBLE_SCALING_DEALS=400 pytest
    bench/test_bench_batch.py -s -k scaling`` (the default is 200 deals; the smoke run uses a
    few)."""
    pytest.importorskip("endplay", reason="the reference engine: pip install '.[bench]'")
    import endplay._dds as raw
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    smoke = request.config.getoption("benchmark_disable", default=False)
    n = SMOKE_DEALS if smoke else int(os.environ.get("REDOUBLE_SCALING_DEALS", "200"))
    rounds = 1 if smoke else max(1, int(os.environ.get("REDOUBLE_SCALING_ROUNDS", "1")))
    batch = redouble.deals(n, SEED)
    edeals = [EDeal(redouble.Deal.from_array(row).to_pbn()) for row in batch]
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    # One CalcAllTables call takes at most MAXNOOFTABLES deals with all five strains (DDS's limit
    # is on tables times strains); DDS spreads each call's tables over its threads.
    chunk = int(raw.MAXNOOFTABLES)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    counts = _thread_counts(cores or 1)
    ours: dict[int, list[float]] = {t: [] for t in counts}
    theirs: dict[int, list[float]] = {t: [] for t in counts}
    try:
        for _ in range(rounds):
            for threads in counts:
                start = time.perf_counter()
                tables = rs.dd_tables(batch, threads=threads)
                ours[threads].append(time.perf_counter() - start)
                raw.SetMaxThreads(threads)
                start = time.perf_counter()
                ref = [
                    t for i in range(0, n, chunk) for t in calc_all_tables(edeals[i : i + chunk])
                ]
                theirs[threads].append(time.perf_counter() - start)
                expected = np.array(
                    [[[t[d, p] for p in players] for d in denoms] for t in ref], dtype=np.uint8
                )
                assert np.array_equal(tables, expected), f"{threads} threads: tables differ"
    finally:
        raw.SetMaxThreads(1)  # the other benchmarks time DDS on one thread
    ours_m = {t: float(np.median(v)) for t, v in ours.items()}
    theirs_m = {t: float(np.median(v)) for t, v in theirs.items()}
    with capsys.disabled():
        print(
            f"\nthread scaling, {n} DD tables, {cores} cores available, wall time "
            f"(median of {rounds} round{'s' if rounds > 1 else ''}, counts interleaved):"
        )
        print(f"{'threads':>7} {'redouble s':>11} {'speed-up':>9} {'DDS s':>8} {'speed-up':>9}")
        for threads in counts:
            print(
                f"{threads:7d} {ours_m[threads]:11.2f} {ours_m[1] / ours_m[threads]:8.2f}x "
                f"{theirs_m[threads]:8.2f} {theirs_m[1] / theirs_m[threads]:8.2f}x"
            )
        if rounds > 1:
            spread = ", ".join(f"{t}: {min(ours[t]):.2f}-{max(ours[t]):.2f} s" for t in counts)
            print(f"redouble's spread over the rounds: {spread}")
