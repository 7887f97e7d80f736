"""redouble.dask on this machine, printed as ratios from one run (nothing asserts a time):

* DD tables of the same deals on a LocalCluster of 1 worker process against 2 (each worker one
  thread, its batch pool one thread), blocks of CHUNK deals: the speed-up of a second process;
* the same job on 1 worker against the local batch (``solver.dd_tables(threads=1)``): the
  Dask cost of a job, and per chunk with one deal per chunk;
* the fixed cost of a chunk: dealing (a few ms of work, one task per chunk) in many chunks on
  1 worker, against the same dealing done locally, divided by the number of chunks.

Run: ``pip install ".[distributed]" && pytest bench/test_bench_dask.py -s``. With
``--benchmark-disable`` (the CI smoke run) only a few deals are used. Cluster start-up is not
timed; each worker has imported redouble and built its pool before the clock starts."""

from __future__ import annotations

import importlib
import logging
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import redouble
import redouble.solver as rs

_WHY = 'the distributed extra is not installed: pip install "redouble[distributed]"'
dask = pytest.importorskip("dask", reason=_WHY)
distributed = pytest.importorskip("distributed", reason=_WHY)
rd = pytest.importorskip("redouble.dask")

SEED = 77
DEALS, SMOKE_DEALS = 30, 4
CHUNK = 5
CHEAP, CHEAP_CHUNKS, SMOKE_CHEAP_CHUNKS = 200_000, 200, 10


def _timed(fn: Callable[[], Any], client: Any = None) -> tuple[float, float, Any]:
    """Wall time, CPU time (this process, which runs the scheduler, and every worker) and result."""

    def cpu() -> float:
        workers = client.run(time.process_time) if client is not None else {}
        return time.process_time() + sum(workers.values())

    start_cpu = cpu()
    start = time.perf_counter()
    out = fn()
    wall = time.perf_counter() - start
    return wall, cpu() - start_cpu, out


def _cluster(workers: int) -> Any:
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    )


def test_dask_scaling_and_chunk_overhead(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    smoke = bool(request.config.getoption("benchmark_disable", default=False))
    n = SMOKE_DEALS if smoke else DEALS
    cheap_chunks = SMOKE_CHEAP_CHUNKS if smoke else CHEAP_CHUNKS
    batch = redouble.deals(n, SEED)
    local_time, local_cpu, local = _timed(lambda: rs.dd_tables(batch, threads=1))
    cheap_local, _, cheap = _timed(lambda: redouble.deals(CHEAP, SEED))

    times: dict[str, float] = {}
    cpus: dict[str, float] = {}
    for workers in (1, 2):
        with _cluster(workers) as cluster, distributed.Client(cluster) as client:
            client.run(rs.set_pool, threads=1)  # each worker's pool built before timing
            client.run(importlib.import_module, "redouble.dask")
            rd.features(rd.deals(8, 1, chunks=1))["hcp"].compute()  # a first job, untimed
            job = rd.dd_tables(rd.deals(n, SEED, chunks=CHUNK), threads=1)
            key = f"{workers} workers"
            times[key], cpus[key], got = _timed(job.compute, client)
            assert np.array_equal(got, local)
            if workers == 1:
                per_deal = rd.dd_tables(rd.deals(n, SEED, chunks=1), threads=1)
                times["chunks of 1"], cpus["chunks of 1"], got = _timed(per_deal.compute, client)
                assert np.array_equal(got, local)
                size = CHEAP // cheap_chunks
                darr = rd.deals(CHEAP, SEED, chunks=size)
                times["cheap"], _, got = _timed(darr.compute)
                assert np.array_equal(got, cheap)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    one, two = times["1 workers"], times["2 workers"]
    with capsys.disabled():
        print(
            f"\nredouble.dask, {n} DD tables in chunks of {CHUNK} (load average {load:.1f}, "
            f"{os.cpu_count()} cores): local batch {local_time:.2f} s; 1 worker {one:.2f} s "
            f"({one / local_time:.2f}x the local batch); 2 workers {two:.2f} s "
            f"(speed-up {one / two:.2f}x over 1 worker)\n"
            f"  CPU time (workers and scheduler) against the local batch's: 1 worker "
            f"{cpus['1 workers'] / local_cpu:.2f}x, 2 workers {cpus['2 workers'] / local_cpu:.2f}x, "
            f"chunks of 1 {cpus['chunks of 1'] / local_cpu:.2f}x\n"
            f"  chunks of 1 deal on 1 worker: {times['chunks of 1']:.2f} s, "
            f"{times['chunks of 1'] / local_time:.2f}x the local batch, "
            f"{(times['chunks of 1'] - local_time) / n * 1000:.0f} ms a chunk over it\n"
            f"  dealing {CHEAP} deals in {cheap_chunks} chunks on 1 worker: "
            f"{times['cheap']:.2f} s against {cheap_local:.2f} s locally, "
            f"{(times['cheap'] - cheap_local) / cheap_chunks * 1000:.1f} ms a chunk over it"
        )
