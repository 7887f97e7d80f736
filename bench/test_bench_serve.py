"""Load test of ``redouble serve``: a real server process on 127.0.0.1, started and stopped here.

A bounded load generator (asyncio + httpx, C clients each sending its next request as soon as
the last is answered) sends single solves (a full deal at the opening lead) and DD tables at
1, 4 and 16 concurrent clients; each phase stops after ``REQUESTS`` answers or ``PHASE_S``
seconds. Printed per phase: requests/s, p50 and p99 latency, errors (asserted 0). The same
deals solved in this process through the library, each just before the same request is
sent, give the service's overhead as a ratio (served / direct, median and p90 per request). Then a sustained mixed run, with the
server's resident memory (``VmRSS``) before and after.

    pip install ".[serve,bench]" && pytest bench/test_bench_serve.py -s

With ``--benchmark-disable`` (CI's smoke run) every phase is a few requests.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip(
    "httpx", reason="the serve extra is not installed: pip install '.[serve]'"
)
pytest.importorskip("starlette", reason="the serve extra is not installed: pip install '.[serve]'")
pytest.importorskip("uvicorn", reason="the serve extra is not installed: pip install '.[serve]'")

from serve_process import running_server

import redouble
from redouble import Position, Seat, Strain, solver

SEED = 31
REQUESTS = 64
PHASE_S = 40.0
SUSTAINED = 600
SUSTAINED_S = 180.0
SMOKE = {"requests": 4, "sustained": 8}


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")  # pragma: no cover


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    args = ["--log-level", "warning", "--timeout", "120", "--max-batch", "64"]
    with running_server(args, log) as (base, proc):
        yield base, proc.pid
    assert "Traceback" not in log.read_text(), log.read_text()


def _bodies(kind: str, n: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for b in range(1, n + 1):
        pbn = redouble.deal(SEED, b).to_pbn()
        if kind == "solve":
            out.append(("/v1/solve", {"deal": pbn, "strain": "NT", "leader": "W"}))
        else:
            out.append(("/v1/dd-table", {"deal": pbn}))
    return out


async def _load(
    base: str, bodies: list[tuple[str, dict[str, Any]]], clients: int, limit_s: float
) -> dict[str, Any]:
    """Send `bodies` (in order, each once) with `clients` concurrent clients; stop at `limit_s`."""
    latencies: list[float] = []
    errors = 0
    queue = list(reversed(bodies))
    stop = time.monotonic() + limit_s
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as client:

        async def worker() -> None:
            nonlocal errors
            while queue and time.monotonic() < stop:
                path, body = queue.pop()
                t0 = time.perf_counter()
                try:
                    r = await client.post(path, json=body)
                    ok = r.status_code == 200
                except httpx.HTTPError:
                    ok = False
                latencies.append(time.perf_counter() - t0)
                errors += not ok

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        wall = time.perf_counter() - start
    latencies.sort()
    n = len(latencies)
    return {
        "n": n,
        "errors": errors,
        "rps": n / wall,
        "p50": statistics.median(latencies),
        "p99": latencies[min(n - 1, int(0.99 * n))],
        "wall": wall,
    }


def _paired(
    base: str, kind: str, bodies: list[tuple[str, dict[str, Any]]]
) -> list[tuple[float, float]]:
    """Per request, (direct, served) seconds: each request's work done through the library in
    this process, then sent to the server, one after the other, so both see the same load."""
    s = solver.Solver()
    pairs = []
    with httpx.Client(base_url=base, timeout=300) as client:
        for path, body in bodies:
            deal = redouble.Deal.from_pbn(body["deal"])
            t0 = time.perf_counter()
            if kind == "solve":
                s.solve(Position(deal, Strain.NOTRUMP, Seat.WEST))
            else:
                solver.dd_tables([deal])
            t1 = time.perf_counter()
            assert client.post(path, json=body).status_code == 200
            t2 = time.perf_counter()
            pairs.append((t1 - t0, t2 - t1))
    return pairs


@pytest.mark.parametrize("kind", ["solve", "table"])
def test_served_throughput_and_latency(
    server: tuple[str, int],
    kind: str,
    request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str],
) -> None:
    base, _ = server
    smoke = request.config.getoption("benchmark_disable", default=False)
    n = SMOKE["requests"] if smoke else REQUESTS
    bodies = _bodies(kind, n)
    asyncio.run(_load(base, bodies[:2], 1, PHASE_S))  # warm the threads' solvers
    rows = []
    for clients in (1, 4, 16):
        got = asyncio.run(_load(base, bodies, clients, PHASE_S))
        assert got["errors"] == 0, got
        rows.append((clients, got))
    pairs = _paired(base, kind, bodies[: min(len(bodies), 32)])
    ratios = sorted(served / direct for direct, served in pairs)
    total = sum(served for _, served in pairs) / sum(direct for direct, _ in pairs)
    added = statistics.median(served - direct for direct, served in pairs)
    with capsys.disabled():
        print(f"\nredouble serve, {kind} (seed {SEED}, full deals), {os.cpu_count()} cores:")
        for clients, got in rows:
            print(
                f"  {clients:2d} clients: {got['n']:4d} requests, {got['rps']:7.1f} req/s, "
                f"p50 {got['p50'] * 1000:7.1f} ms, p99 {got['p99'] * 1000:7.1f} ms, "
                f"errors {got['errors']}"
            )
        print(
            f"  served / direct library call, paired per request over {len(ratios)}: "
            f"total {total:.2f}x, median {statistics.median(ratios):.2f}x, "
            f"p90 {ratios[int(0.9 * (len(ratios) - 1))]:.2f}x; "
            f"median time added {added * 1000:.1f} ms"
        )


def test_memory_after_a_sustained_run(
    server: tuple[str, int], request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    base, pid = server
    smoke = request.config.getoption("benchmark_disable", default=False)
    total = SMOKE["sustained"] if smoke else SUSTAINED
    mix = _bodies("solve", 40) + _bodies("table", 40)
    bad = [("/v1/dd-table", {"deal": "N:not a deal"}), ("/v1/solve", {"deal": 3})]
    asyncio.run(_load(base, mix, 16, PHASE_S * 1.5))  # warm: every thread's table touched
    before = _rss_kib(pid)
    bodies = [mix[i % len(mix)] for i in range(total)]
    got = asyncio.run(_load(base, bodies, 16, SUSTAINED_S))
    after = _rss_kib(pid)
    # Bad input along the way: refused, and nothing kept.
    refused = asyncio.run(_load(base, bad * 50, 16, PHASE_S))
    final = _rss_kib(pid)
    assert got["errors"] == 0, got
    assert refused["errors"] == refused["n"]  # every bad request got its 4xx (counted as "error")
    with capsys.disabled():
        print(
            f"\nsustained run: {got['n']} mixed requests at 16 clients, {got['rps']:.1f} req/s, "
            f"errors {got['errors']}; server RSS {before / 1024:.1f} MiB before, "
            f"{after / 1024:.1f} MiB after, {final / 1024:.1f} MiB after {refused['n']} bad requests"
        )
