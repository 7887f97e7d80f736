"""Par under the historical codes, per deal, side by side in one run (ratios in the summary):

* Auction Bridge (1912) par (``pars(tables, "auction_1912", ...)``), the one being timed;
* the same with the pre-optimisation implementation (``tests/reference_auction_par.py``, kept
  as the tests' oracle) put in its place: the speed-up of the rewrite;
* Bridge (Elwell, 1906) par of the same deals: five declarations and a doubling conversation,
  the cost floor of a historical par (the same conversion of rows and results around it).

All three run on the same fixed deals, redouble's own DD tables of seeded boards
(``tests/data/par_tables.npz``), dealers in turn, units: deals. One warm-up round first: both
auction implementations keep their scores in caches shared across deals (the library's scorer
is slow next to a tree), which a long batch fills early on; the rounds then time the steady
state. The first few hundred deals of a fresh process cost more (about 20 ms a deal on the
2-core development machine, for either implementation), while those caches fill.

With ``--benchmark-disable`` (the CI smoke run) the counts are tiny.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from redouble import dealing
from redouble.analysis import par_historical, pars

DATA = Path(__file__).parent.parent / "tests" / "data" / "par_tables.npz"


def _smoke(config: pytest.Config) -> bool:
    return bool(config.getoption("benchmark_disable", default=False))


@functools.cache
def _deals(n: int) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Tables, hand masks and dealers of the first ``n`` stored boards."""
    with np.load(DATA) as f:
        seed, boards, tables = int(f["seed"]), f["boards"][:n], f["tables"][:n]
    masks = np.array([dealing.deal(seed=seed, board=int(b)).masks for b in boards], np.uint64)
    return tables, masks, [i % 4 for i in range(n)]


def _run(benchmark: Any, law: str, n: int, rounds: int) -> None:
    tables, masks, dealers = _deals(n)
    got = benchmark.pedantic(
        lambda: pars(tables, law, dealer=dealers, deals=masks),
        rounds=rounds,
        iterations=1,
        warmup_rounds=1,
    )
    assert len(got) == n


@pytest.mark.benchmark(group="historical par")
def test_auction_par(benchmark: Any, request: pytest.FixtureRequest) -> None:
    n = 10 if _smoke(request.config) else 1_000
    benchmark.extra_info.update(compare="auction par (per deal)", engine="redouble", units=n)
    _run(benchmark, "auction_1912", n, rounds=5)


@pytest.mark.benchmark(group="historical par")
def test_auction_par_before_the_rewrite(
    benchmark: Any, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = pytest.importorskip("reference_auction_par", reason="tests/ not on the path")
    n = 5 if _smoke(request.config) else 200
    monkeypatch.setattr(par_historical, "auction_par", reference.auction_par)
    benchmark.extra_info.update(
        compare="auction par (per deal)", engine="auction par before the rewrite", units=n
    )
    _run(benchmark, "auction_1912", n, rounds=3)


@pytest.mark.benchmark(group="historical par")
def test_bridge_1906_par(benchmark: Any, request: pytest.FixtureRequest) -> None:
    n = 10 if _smoke(request.config) else 1_000
    benchmark.extra_info.update(compare="auction par (per deal)", engine="Bridge 1906 par", units=n)
    _run(benchmark, "bridge_1906", n, rounds=5)
