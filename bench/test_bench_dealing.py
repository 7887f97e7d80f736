"""Dealing speed: redouble's batch dealer (one thread and every core) against endplay's
generate_deals, in the same run; test_deals_per_second prints the deals/s figures the README
quotes (one core: process CPU time, so other programs on a shared machine do not count; the
kernel in use against the baseline kernel's scalar dealer; one thread against every core)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
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
def test_redouble_batch_deals_every_core(benchmark: Any) -> None:
    benchmark.extra_info.update(
        compare="dealing (per deal)", engine="redouble-threads", units=BATCH
    )
    arr = benchmark(redouble.deals, BATCH, 1, threads=None)
    assert np.array_equal(arr[-100:], redouble.deals(100, 1, first_board=BATCH - 99))


def test_deals_per_second(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """Best of five batches of 2 M deals: one thread (CPU time) with the kernel in use and with
    the baseline kernel's scalar dealer (a child process with REDOUBLE_KERNEL=baseline, since
    the kernel is chosen once per process), and one thread against every core (wall time)."""
    n = 20_000 if request.config.getoption("benchmark_disable", default=False) else 2_000_000
    one = max(_rate(n, time.process_time, threads=1) for _ in range(5))
    scalar = _baseline_rate(n)
    one_wall = max(_rate(n, time.perf_counter, threads=1) for _ in range(5))
    every = max(_rate(n, time.perf_counter, threads=None) for _ in range(5))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    kernel = redouble._core.build_info["kernel"]
    with capsys.disabled():
        print(
            f"\ndealing: {one / 1e6:.1f} M deals/s on one core (CPU time, kernel {kernel}), "
            f"{scalar / 1e6:.1f} M deals/s with the baseline kernel's scalar dealer: "
            f"{one / scalar:.2f}x; wall time {one_wall / 1e6:.1f} M deals/s on 1 thread, "
            f"{every / 1e6:.1f} M deals/s on {cores} threads ({every / one_wall:.2f}x); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
    assert one > 0
    assert scalar > 0
    assert every > 0


def _rate(n: int, clock: Any, *, threads: int | None) -> float:
    start = clock()
    arr = redouble.deals(n, 5, threads=threads)
    elapsed = clock() - start
    assert arr.shape == (n, 4)
    return n / elapsed


_BASELINE_CHILD = """
import sys, time, redouble
n = int(sys.argv[1])
assert redouble._core.build_info["kernel"] in ("baseline", "native")
best = 0.0
for _ in range(5):
    start = time.process_time()
    redouble.deals(n, 5, threads=1)
    best = max(best, n / (time.process_time() - start))
print(best)
"""


def _baseline_rate(n: int) -> float:
    """The one-core rate of the baseline kernel's dealer, measured as _rate measures it."""
    env = {**os.environ, "REDOUBLE_KERNEL": "baseline"}
    out = subprocess.run(
        [sys.executable, "-c", _BASELINE_CHILD, str(n)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return float(out.stdout)


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
