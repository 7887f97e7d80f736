"""Analysis benchmarks, side by side in one run (ratios in the terminal summary):

* constrained dealing, North 15-17 balanced: ``constrained_deals`` (the constraint runs in the
  core) against today's ``predeal(accept=...)`` with a plain-Python predicate and against
  endplay's ``generate_deals`` with the same constraint (units: accepted deals);
* many small DD batches: the module's persistent pool against a call that starts new threads
  and new tables each time (``Solver.dd_tables``) (units: batches);
* par of a batch of DD tables against DDS's ``DealerParBin`` through endplay (units: tables).

With ``--benchmark-disable`` (the CI smoke run) the counts are tiny.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import redouble
import redouble.solver as rs
from redouble import Seat, dealing
from redouble.analysis import constrained_deals, pars

TEXT = "N.hcp in 15..17 and N.balanced"
ENDPLAY_TEXT = (
    "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
)


def _smoke(config: pytest.Config) -> bool:
    return bool(config.getoption("benchmark_disable", default=False))


_HONOURS = [sum(1 << (13 * s + r) for s in range(4)) for r in (12, 11, 10, 9)]
_BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def _north_15_17_balanced(deal: redouble.Deal) -> bool:
    m = deal.masks[int(Seat.NORTH)]
    hcp = sum(w * (m & h).bit_count() for w, h in zip((4, 3, 2, 1), _HONOURS, strict=True))
    shape = tuple(sorted(((m >> (13 * s)) & 0x1FFF).bit_count() for s in range(4))[::-1])
    return 15 <= hcp <= 17 and shape in _BALANCED


@pytest.mark.benchmark(group="constrained dealing")
def test_constrained_deals_core(benchmark: Any, request: pytest.FixtureRequest) -> None:
    n = 200 if _smoke(request.config) else 100_000
    benchmark.extra_info.update(compare="constrained dealing", engine="redouble", units=n)
    got = benchmark.pedantic(lambda: constrained_deals(TEXT, n, seed=1), rounds=1, iterations=1)
    assert len(got.deals) == n


@pytest.mark.benchmark(group="constrained dealing")
def test_constrained_deals_predeal_accept(benchmark: Any, request: pytest.FixtureRequest) -> None:
    n = 20 if _smoke(request.config) else 2_000
    benchmark.extra_info.update(compare="constrained dealing", engine="predeal(accept)", units=n)
    got = benchmark.pedantic(
        lambda: dealing.predeal({}, seed=1, n=n, accept=_north_15_17_balanced, max_tries=10**8),
        rounds=1,
        iterations=1,
    )
    assert len(got) == n


@pytest.mark.benchmark(group="constrained dealing")
def test_constrained_deals_endplay(benchmark: Any, request: pytest.FixtureRequest) -> None:
    dealer = pytest.importorskip("endplay.dealer", reason="endplay (reference) not installed")
    n = 5 if _smoke(request.config) else 300
    benchmark.extra_info.update(compare="constrained dealing", engine="endplay", units=n)
    got = benchmark.pedantic(
        lambda: list(dealer.generate_deals(ENDPLAY_TEXT, produce=n, seed=1)),
        rounds=1,
        iterations=1,
    )
    assert len(got) == n


def _endings(n: int, cards: int) -> np.ndarray:
    """Partial deals: each hand's `cards` lowest cards of seeded deals (cheap to solve)."""
    out = dealing.deals(n, seed=5).copy()
    for row in out:
        for s in range(4):
            m, keep = int(row[s]), 0
            for _ in range(cards):
                low = m & -m
                keep |= low
                m ^= low
            row[s] = keep
    return out


@pytest.mark.parametrize("engine", ["pool", "new threads per call"])
@pytest.mark.benchmark(group="small batches")
def test_many_small_batches(benchmark: Any, engine: str, request: pytest.FixtureRequest) -> None:
    batches = 5 if _smoke(request.config) else 100
    deals = _endings(4 * batches, 5)
    solver = rs.Solver()
    rs.set_pool(threads=2)

    def run() -> None:
        for i in range(batches):
            part = deals[4 * i : 4 * i + 4]
            if engine == "pool":
                rs.dd_tables(part, threads=2)
            else:
                solver.dd_tables(part, threads=2)

    benchmark.extra_info.update(
        compare="small batches",
        engine="redouble" if engine == "pool" else "per-call threads",
        units=batches,
    )
    benchmark.pedantic(run, rounds=3, iterations=1)


def _tables(n: int) -> np.ndarray:
    rng = np.random.default_rng(1)
    base = np.clip(np.round(rng.normal(6.5, 2.6, (n, 5, 1))), 0, 13).astype(np.int64)
    t = np.concatenate([base, 13 - base, base, 13 - base], axis=2)
    return np.clip(t + rng.integers(-1, 2, (n, 5, 4)), 0, 13).astype(np.uint8)


@pytest.mark.benchmark(group="par")
def test_pars_redouble(benchmark: Any, request: pytest.FixtureRequest) -> None:
    n = 50 if _smoke(request.config) else 2_000
    tables = _tables(n)
    benchmark.extra_info.update(compare="par", engine="redouble", units=n)
    # A warm-up round for both engines (first-call set-up: redouble's decoded-contract cache).
    benchmark.pedantic(
        lambda: pars(tables, dealer=0, vulnerability=0), rounds=7, iterations=1, warmup_rounds=1
    )


@pytest.mark.benchmark(group="par")
def test_pars_dds(benchmark: Any, request: pytest.FixtureRequest) -> None:
    pytest.importorskip("endplay", reason="endplay (reference) not installed")
    import endplay._dds as dds

    n = 50 if _smoke(request.config) else 2_000
    tables = _tables(n)
    results = []
    for t in tables:
        r = dds.ddTableResults()
        for strain in range(5):
            for seat in range(4):
                r.resTable[(3, 2, 1, 0, 4)[strain]][seat] = int(t[strain][seat])
        results.append(r)

    def run() -> None:
        for r in results:
            m = dds.parResultsMaster()
            dds.DealerParBin(r, m, 0, 0)

    benchmark.extra_info.update(compare="par", engine="DDS (endplay)", units=n)
    benchmark.pedantic(run, rounds=7, iterations=1, warmup_rounds=1)
