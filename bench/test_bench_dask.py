"""redouble.dask on this machine, printed as ratios from one run (nothing asserts a time):

* DD tables of the same deals on a LocalCluster of 1 worker process against 2 (each worker one
  thread, its batch pool one thread), blocks of CHUNK deals: the speed-up of a second process;
* the same job on 1 worker against the local batch (``solver.dd_tables(threads=1)``, timed
  before and after the cluster runs, as the load of a shared machine drifts): the Dask cost
  of a job in time and in CPU (the workers', and the scheduler's apart), and per chunk with
  one deal per chunk;
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
DEALS, SMOKE_DEALS = 20, 4
CHUNK = 5
IDLE_SECONDS = 3.0
CHEAP, CHEAP_CHUNKS, SMOKE_CHEAP_CHUNKS = 200_000, 200, 10


class _Run:
    """One timed run: wall time, the workers' CPU time, this process's CPU time, the result.

    This process's CPU is the local batch's own work, or, for a Dask run, the scheduler's and
    the client's (a LocalCluster's scheduler runs here)."""

    def __init__(self, fn: Callable[[], Any], client: Any = None) -> None:
        def workers_cpu() -> float:
            return sum(client.run(time.process_time).values()) if client is not None else 0.0

        w0, c0, t0 = workers_cpu(), time.process_time(), time.perf_counter()
        self.result = fn()
        self.wall = time.perf_counter() - t0
        self.here_cpu = time.process_time() - c0
        self.workers_cpu = workers_cpu() - w0


def _cluster(workers: int) -> Any:
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: 8787 may be taken
        silence_logs=logging.CRITICAL,
    )


def test_dask_scaling_and_chunk_overhead(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    smoke = bool(request.config.getoption("benchmark_disable", default=False))
    n = SMOKE_DEALS if smoke else DEALS
    cheap_chunks = SMOKE_CHEAP_CHUNKS if smoke else CHEAP_CHUNKS
    batch = redouble.deals(n, SEED)
    # The local batch before and after the cluster runs: the machine's load drifts.
    local_before = _Run(lambda: rs.dd_tables(batch, threads=1))
    cheap_local = _Run(lambda: redouble.deals(CHEAP, SEED))

    runs: dict[str, _Run] = {}
    for workers in (1, 2):
        with _cluster(workers) as cluster, distributed.Client(cluster) as client:
            client.run(rs.set_pool, threads=1)  # each worker's pool built before timing
            client.run(importlib.import_module, "redouble.dask")
            rd.features(rd.deals(8, 1, chunks=1))["hcp"].compute()  # a first job, untimed
            job = rd.dd_tables(rd.deals(n, SEED, chunks=CHUNK), threads=1)
            runs[f"{workers}"] = _Run(job.compute, client)
            # What idle workers burn (heartbeats, the profiler's sampling), per second.
            runs[f"idle {workers}"] = _Run(lambda: time.sleep(IDLE_SECONDS), client)
            if workers == 1:
                per_deal = rd.dd_tables(rd.deals(n, SEED, chunks=1), threads=1)
                runs["chunks of 1"] = _Run(per_deal.compute, client)
                darr = rd.deals(CHEAP, SEED, chunks=CHEAP // cheap_chunks)
                runs["cheap"] = _Run(darr.compute, client)
    local_after = _Run(lambda: rs.dd_tables(batch, threads=1))
    for name, run in runs.items():
        if name.startswith("idle"):
            continue
        want = cheap_local.result if name == "cheap" else local_before.result
        assert np.array_equal(run.result, want), name
    assert np.array_equal(local_after.result, local_before.result)
    local_wall = (local_before.wall + local_after.wall) / 2
    local_cpu = (local_before.here_cpu + local_after.here_cpu) / 2
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    one, two, small = runs["1"], runs["2"], runs["chunks of 1"]
    cheap = runs["cheap"]
    with capsys.disabled():
        print(
            f"\nredouble.dask, {n} DD tables in chunks of {CHUNK} (load average {load:.1f}, "
            f"{os.cpu_count()} cores), each worker 1 thread with a 1-thread pool:\n"
            f"  local batch {local_before.wall:.2f} s before and {local_after.wall:.2f} s after "
            f"the cluster runs (CPU {local_cpu:.2f} s)\n"
            f"  1 worker {one.wall:.2f} s ({one.wall / local_wall:.2f}x the local batch); "
            f"2 workers {two.wall:.2f} s (speed-up {one.wall / two.wall:.2f}x over 1 worker)\n"
            f"  CPU against the local batch's: workers {one.workers_cpu / local_cpu:.2f}x "
            f"(1 worker), {two.workers_cpu / local_cpu:.2f}x (2 workers); scheduler and client "
            f"{one.here_cpu:.2f} s and {two.here_cpu:.2f} s; idle, the workers take "
            f"{runs['idle 1'].workers_cpu / IDLE_SECONDS:.3f} (1) and "
            f"{runs['idle 2'].workers_cpu / IDLE_SECONDS:.3f} (2) CPU seconds a second\n"
            f"  chunks of 1 deal on 1 worker: {small.wall:.2f} s, "
            f"{small.wall / local_wall:.2f}x the local batch, "
            f"{(small.wall - local_wall) / n * 1000:.0f} ms a chunk over it; workers' CPU "
            f"{small.workers_cpu / local_cpu:.2f}x the local batch's\n"
            f"  dealing {CHEAP} deals in {cheap_chunks} chunks on 1 worker: "
            f"{cheap.wall:.2f} s against {cheap_local.wall:.2f} s locally, "
            f"{(cheap.wall - cheap_local.wall) / cheap_chunks * 1000:.1f} ms a chunk over it"
        )
