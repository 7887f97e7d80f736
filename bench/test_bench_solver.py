"""Solver speed against DDS (through endplay) on the same seeded deals, in the same run.

``test_per_deal_ratio_against_dds`` times every deal with both engines (one thread each) and
prints the per-deal ratio redouble / DDS for the full 20-result table and for a single solve
(no trump, West leading), with their median, geometric mean and totals; it also checks that the
two engines agree. The paired pytest-benchmark tests feed the conftest's ratio summary. With
``--benchmark-disable`` (the CI smoke run) only a few deals are used. Nothing asserts a time.

The deals come from several seeds so that a change that helps one deal list only shows up:
2024 (the list every earlier figure used), 4051, and a seed that rotates every day (printed
with the results; set ``REDOUBLE_BENCH_SEEDS=2024,4051,...`` to repeat a run). Tuning of the
search is measured on other seeds (the C++ driver's 1, 3, 5, 7, 11, 77; see bench/README.md).
Times are the process's CPU time (``time.process_time``), so other programs on a shared
machine count less; not the calling thread's, because DDS computes a DD table on a worker
thread of its own (one, with ``SetMaxThreads(1)``). ``test_hard_deals_against_dds`` times the
deals listed in ``hard_deals.txt``, the ones that were worst for redouble, as a list of its own.
Each deal's time is the fastest of ``REDOUBLE_BENCH_PASSES`` passes over the list (default 3;
the smoke run makes one), for both engines alike.
"""

from __future__ import annotations

import datetime
import math
import os
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import redouble
import redouble.solver as rs

SEED = 2024
DEALS_PER_SEED = 70  # full run: 210 deals over three seeds
SMOKE_DEALS = 3  # with --benchmark-disable
HARD_DEALS = Path(__file__).parent / "hard_deals.txt"
PAIR_DEALS = 10  # deals per round in the paired benchmarks
STRAINS = "CDHSN"


def _seeds() -> list[int]:
    """The benchmark's seeds: fixed ones and one that changes every day, or the environment's."""
    env = os.environ.get("REDOUBLE_BENCH_SEEDS")
    if env:
        return [int(x) for x in env.split(",")]
    return [SEED, 4051, 10_000 + datetime.date.today().toordinal() % 10_000]


def _disabled(config: pytest.Config) -> bool:
    return bool(config.getoption("benchmark_disable", default=False))


@pytest.fixture(scope="module")
def dds() -> Any:
    """endplay's DDS bindings, limited to one thread so the comparison is one core to one."""
    pytest.importorskip("endplay", reason="the reference is not installed: pip install .[bench]")
    import endplay._dds as raw
    import endplay.dds as dds_mod

    raw.SetMaxThreads(1)
    return dds_mod


def _endplay_deal(row: np.ndarray) -> Any:
    from endplay.types import Deal as EDeal

    return EDeal(redouble.Deal.from_array(row).to_pbn())


def _dds_table(dds: Any, deal: Any) -> np.ndarray:
    """endplay's table as our (5, 4) [strain][declarer] array."""
    from endplay.types import Denom, Player

    t = dds.calc_dd_table(deal)
    out = np.zeros((5, 4), dtype=np.uint8)
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    for s, denom in enumerate(denoms):
        for d, player in enumerate(players):
            out[s, d] = t[denom, player]
    return out


def _dds_solve(dds: Any, deal: Any) -> int:
    """Tricks the side on lead (West, no trump) takes, by DDS's SolveBoard (best card only)."""
    from endplay.dds.solve import SolveMode
    from endplay.types import Denom, Player

    deal.first = Player.west
    deal.trump = Denom.nt
    solved = dds.solve_board(deal, SolveMode.OptimalOne)
    return int(max(tricks for _, tricks in solved))


def _percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank rule."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _summary(name: str, ratios: list[float], ours: float, theirs: float) -> str:
    gmean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    return (
        f"{name}: {len(ratios)} deals, redouble {ours * 1e3 / len(ratios):.1f} ms/deal, "
        f"DDS {theirs * 1e3 / len(ratios):.1f} ms/deal, total ratio {ours / theirs:.3f}, "
        f"per-deal ratio median {statistics.median(ratios):.3f}, "
        f"p90 {_percentile(ratios, 0.9):.3f}, p99 {_percentile(ratios, 0.99):.3f}, "
        f"worst {max(ratios):.3f}, best {min(ratios):.3f}, geometric mean {gmean:.3f}"
    )


def _worst(name: str, ratios: list[float], pbns: list[str], k: int = 5) -> str:
    """The k deals with the highest ratio, as lines for hard_deals.txt."""
    order = sorted(range(len(ratios)), key=lambda i: -ratios[i])[:k]
    return "\n".join(f"# {name} {ratios[i]:.2f}x\n{pbns[i]}" for i in order)


def test_per_deal_ratio_against_dds(
    dds: Any, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    per_seed = SMOKE_DEALS if _disabled(request.config) else DEALS_PER_SEED
    seeds = _seeds()
    batch = np.concatenate([redouble.deals(per_seed, seed) for seed in seeds])
    passes = 1 if _disabled(request.config) else _passes()
    _compare(dds, batch, f"seeds {seeds}, {per_seed} deals each", capsys, passes)


def test_hard_deals_against_dds(
    dds: Any, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    if not HARD_DEALS.exists():
        pytest.skip(f"no {HARD_DEALS.name}: copy the worst deals a full run prints into it")
    pbns = [
        line for line in HARD_DEALS.read_text().splitlines() if line and not line.startswith("#")
    ]
    if _disabled(request.config):
        pbns = pbns[:1]
    batch = np.stack([redouble.Deal.from_pbn(p).to_array() for p in pbns])
    passes = 1 if _disabled(request.config) else _passes()
    _compare(dds, batch, f"hard deals ({HARD_DEALS.name})", capsys, passes)


def _passes() -> int:
    """Timing passes per deal (``REDOUBLE_BENCH_PASSES``, default 3): each deal's time is the
    fastest of them, for both engines alike."""
    n = int(os.environ.get("REDOUBLE_BENCH_PASSES", "3"))
    if n < 1:
        raise ValueError(f"REDOUBLE_BENCH_PASSES must be at least 1, got {n}")
    return n


def _compare(
    dds: Any, batch: np.ndarray, title: str, capsys: pytest.CaptureFixture[str], passes: int = 1
) -> None:
    """Times every deal of batch with both engines, checks the answers, prints the ratios.

    The whole list is timed `passes` times over (tables, then single solves, each pass in
    deal order, so no engine is ever handed the deal it just solved and both start every deal
    cold), and each deal's time per engine is the fastest of its passes: on a shared machine one
    timing of one deal moves by up to a third, which the per-deal percentiles would otherwise
    report as the engines' difference.
    """
    n = len(batch)
    solver = rs.Solver()
    lines = [
        (
            f"{'deal':>4} {'table ms':>9} {'DDS ms':>8} {'ratio':>6}   "
            f"{'solve ms':>9} {'DDS ms':>8} {'ratio':>6}"
        )
    ]
    edeals = [_endplay_deal(batch[i]) for i in range(n)]
    deals = [redouble.Deal.from_array(batch[i]) for i in range(n)]
    inf = float("inf")
    table_ours, table_dds = [inf] * n, [inf] * n
    solve_ours, solve_dds = [inf] * n, [inf] * n
    for _ in range(passes):
        for i in range(n):
            start = time.process_time()
            table = solver.dd_table(deals[i])
            a = time.process_time() - start
            start = time.process_time()
            ref = _dds_table(dds, edeals[i])
            b = time.process_time() - start
            assert np.array_equal(table, ref), f"deal {i} differs from DDS: {deals[i].to_pbn()}"
            table_ours[i], table_dds[i] = min(table_ours[i], a), min(table_dds[i], b)
        # Single solves in a pass of their own: DDS keeps its table when it is handed the deal
        # it solved last, so solving right after its DD table would time a warm table against
        # our cold one. With one deal the table just timed is that deal's: an untimed solve of
        # another deal (the same hands one seat round, never the same deal) empties DDS's table
        # first; so does it between passes, whose first deal is the last one's successor.
        _dds_solve(dds, _endplay_deal(np.roll(batch[0], 1)))
        for i in range(n):
            position = redouble.Position(deals[i], redouble.Strain.NOTRUMP, redouble.Seat.WEST)
            solver.clear_table()  # a single solve starts cold
            start = time.process_time()
            tricks = solver.solve(position)
            c = time.process_time() - start
            start = time.process_time()
            ref_tricks = _dds_solve(dds, edeals[i])
            d = time.process_time() - start
            assert tricks == ref_tricks, f"deal {i}: solve {tricks}, DDS {ref_tricks}"
            solve_ours[i], solve_dds[i] = min(solve_ours[i], c), min(solve_dds[i], d)
        _dds_solve(dds, _endplay_deal(np.roll(batch[0], 1)))
    t_ratios = [a / b for a, b in zip(table_ours, table_dds, strict=True)]
    s_ratios = [c / d for c, d in zip(solve_ours, solve_dds, strict=True)]
    t_ours, t_dds, s_ours, s_dds = (sum(x) for x in (table_ours, table_dds, solve_ours, solve_dds))
    for i in range(n):
        a, b, c, d = table_ours[i], table_dds[i], solve_ours[i], solve_dds[i]
        lines.append(
            f"{i:4d} {a * 1e3:9.1f} {b * 1e3:8.1f} {a / b:6.2f}   "
            f"{c * 1e3:9.1f} {d * 1e3:8.1f} {c / d:6.2f}"
        )
    title += f", each deal's time the fastest of {passes} pass{'es' if passes > 1 else ''}"
    pbns = [d.to_pbn() for d in deals]
    with capsys.disabled():
        print(f"\n{title}: {redouble._core.build_info}")
        print("\n".join(lines))
        print(_summary("DD table (20 results)", t_ratios, t_ours, t_dds))
        print(_summary("single solve (NT, West leads)", s_ratios, s_ours, s_dds))
        print("worst deals:\n" + _worst("table", t_ratios, pbns))
        print(_worst("single", s_ratios, pbns))


@pytest.mark.benchmark(group="solver")
def test_redouble_dd_table(benchmark: Any) -> None:
    batch = redouble.deals(PAIR_DEALS, SEED)
    deals = [redouble.Deal.from_array(r) for r in batch]
    solver = rs.Solver()
    benchmark.extra_info.update(compare="dd table (per deal)", engine="redouble", units=PAIR_DEALS)
    benchmark.pedantic(lambda: [solver.dd_table(d) for d in deals], rounds=1, iterations=1)


@pytest.mark.benchmark(group="solver")
def test_dds_dd_table(benchmark: Any, dds: Any) -> None:
    batch = redouble.deals(PAIR_DEALS, SEED)
    edeals = [_endplay_deal(r) for r in batch]
    benchmark.extra_info.update(compare="dd table (per deal)", engine="dds", units=PAIR_DEALS)
    benchmark.pedantic(lambda: [dds.calc_dd_table(d) for d in edeals], rounds=1, iterations=1)


@pytest.mark.benchmark(group="solver")
def test_redouble_single_solve(benchmark: Any) -> None:
    batch = redouble.deals(PAIR_DEALS, SEED)
    positions = [
        redouble.Position(redouble.Deal.from_array(r), redouble.Strain.NOTRUMP, redouble.Seat.WEST)
        for r in batch
    ]
    solver = rs.Solver()

    def run() -> None:
        for p in positions:
            solver.clear_table()
            solver.solve(p)

    benchmark.extra_info.update(
        compare="single solve (per deal)", engine="redouble", units=PAIR_DEALS
    )
    benchmark.pedantic(run, rounds=1, iterations=1)


@pytest.mark.benchmark(group="solver")
def test_dds_single_solve(benchmark: Any, dds: Any) -> None:
    batch = redouble.deals(PAIR_DEALS, SEED)
    edeals = [_endplay_deal(r) for r in batch]
    benchmark.extra_info.update(compare="single solve (per deal)", engine="dds", units=PAIR_DEALS)
    benchmark.pedantic(lambda: [_dds_solve(dds, d) for d in edeals], rounds=1, iterations=1)
