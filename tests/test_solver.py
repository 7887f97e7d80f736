"""The solver against reference data (DDS results) and its API: solve, solve_cards, dd_table,
analyse_play, statistics, reuse and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import redouble.solver as rs
from redouble import Card, CardSet, Deal, InvalidDealError, Position, Seat, Strain
from redouble.errors import IllegalPlayError, RedoubleError

DATA = Path(__file__).parent / "data"
STRAINS = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "N": 4}
SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}


def load_tables(path: Path) -> tuple[list[Deal], np.ndarray]:
    """Deals and expected tables of a dd_tables file (``dd[declarer][strain]``), as
    ``(N, 5, 4)`` arrays in our ``[strain][declarer]`` layout."""
    records: list[dict[str, Any]] = json.loads(path.read_text())
    deals = [Deal.from_pbn(r["pbn"]) for r in records]
    expected = np.zeros((len(records), 5, 4), dtype=np.uint8)
    for i, r in enumerate(records):
        for decl, row in r["dd"].items():
            for strain, tricks in row.items():
                expected[i, STRAINS[strain], SEATS[decl]] = tricks
    return deals, expected


def load_solves(path: Path) -> list[tuple[Deal, int, int, int]]:
    """(deal, leader, strain, tricks the side on lead takes) from a solve-file."""
    out = []
    for r in json.loads(path.read_text()):
        deal = Deal.from_pbn(r["pbn"])
        for leader, row in r["solve"].items():
            for strain, tricks in row.items():
                out.append((deal, SEATS[leader], STRAINS[strain], tricks))
    return out


def test_dd_tables_agree_with_reference_file() -> None:
    deals, expected = load_tables(DATA / "dd_tables_100.json")
    batch = np.array([d.masks for d in deals], dtype=np.uint64)
    got = rs.dd_tables(batch, threads=2)
    bad = [i for i in range(len(deals)) if not np.array_equal(got[i], expected[i])]
    assert not bad, f"deals {bad} differ, first: {deals[bad[0]].to_pbn()}"


def test_dd_table_single_deal_matches_reference() -> None:
    deals, expected = load_tables(DATA / "dd_tables_100.json")
    for i in (4, 8):  # cheap deals
        assert np.array_equal(rs.dd_table(deals[i]), expected[i])


@pytest.mark.parametrize("case", range(25))
def test_8card_positions_agree_with_reference_file(case: int) -> None:
    solves = load_solves(DATA / "dd_8card_25.json")
    per_deal = len(solves) // 25
    solver = rs.Solver(tt_bytes=8 << 20)
    for deal, leader, strain, tricks in solves[case * per_deal : (case + 1) * per_deal]:
        assert solver.solve(Position(deal, strain, leader)) == tricks


def test_dd_table_layout_and_dtype() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = rs.dd_table(deal)
    assert table.shape == (5, 4)
    assert table.dtype == np.uint8
    assert table[Strain.NOTRUMP, Seat.NORTH] == 13
    assert table[Strain.SPADES, Seat.EAST] == 0


def test_solve_counts_the_trick_in_progress() -> None:
    # One card each: North leads the spade ace and wins whatever happens.
    deal = Deal.from_pbn("N:A... K... Q... J...")
    assert rs.solve(Position(deal, Strain.NOTRUMP, Seat.NORTH)) == 1
    hands = [CardSet(), CardSet(["SK"]), CardSet(["SQ"]), CardSet(["SJ"])]
    mid = Position(hands, Strain.NOTRUMP, Seat.NORTH, ["SA"])
    assert mid.to_play == Seat.EAST
    assert rs.solve(mid) == 0  # East's side loses the trick on the table


def test_solve_on_completed_position_is_zero() -> None:
    p = Position(Deal.from_pbn("N:A... K... Q... J..."), Strain.NOTRUMP, Seat.NORTH)
    for card in ("SA", "SK", "SQ", "SJ"):
        p.play(card)
    assert rs.solve(p) == 0
    assert rs.solve_cards(p) == {}


def test_solve_cards_reports_every_legal_card_and_equivalents_together() -> None:
    deal = Deal.from_pbn("N:AKQ.2.. JT9.3.. 876.4.. 543.5..")
    p = Position(deal, Strain.NOTRUMP, Seat.NORTH)
    values = rs.solve_cards(p)
    assert set(values) == {Card.parse(c) for c in ("SA", "SK", "SQ", "H2")}
    assert values[Card.parse("SA")] == values[Card.parse("SK")] == values[Card.parse("SQ")] == 3
    assert max(values.values()) == rs.solve(p)


def test_solve_cards_follow_suit_only() -> None:
    deal = Deal.from_pbn("N:A.2.. K.3.. Q.4.. J.5..")
    p = Position(deal, Strain.NOTRUMP, Seat.NORTH, [])
    p.play("SA")
    assert set(rs.solve_cards(p)) == {Card.parse("SK")}


def test_analyse_play_marks_a_defensive_mistake() -> None:
    # Find an opening lead worse than the best one; after it the declaring side gains.
    for deal, leader, strain, _ in load_solves(DATA / "dd_8card_25.json"):
        p = Position(deal, strain, leader)
        values = rs.solve_cards(p)
        worst = min(values, key=lambda c: values[c])
        if values[worst] < max(values.values()):
            analysis = rs.analyse_play(deal, strain, leader, [worst])
            assert analysis[1] - analysis[0] == max(values.values()) - values[worst]
            return
    pytest.fail("no position with a losing lead in the file")


def test_analyse_play_values_follow_the_solver() -> None:
    deal = Deal.from_pbn("N:AK2.A2.. QJ3.K3.. T94.Q4.. 875.J5..")
    plays = ["S3", "S4", "S5", "SA"]
    values = rs.analyse_play(deal, Strain.NOTRUMP, Seat.EAST, plays)
    p = Position(deal, Strain.NOTRUMP, Seat.EAST)
    solver = rs.Solver()
    start = solver.solve(p)  # for EW, the side on lead
    assert values[0] == p.tricks_left - start
    for card in plays:
        p.play(card)
    ns_side_to_play = p.to_play.side == 0
    rest = solver.solve(p)
    won_ns = 1  # North's ace took the first trick
    assert values[-1] == won_ns + (rest if ns_side_to_play else p.tricks_left - rest)


def test_analyse_play_rejects_illegal_cards() -> None:
    deal = Deal.from_pbn("N:A.2.. K.3.. Q.4.. J.5..")
    with pytest.raises(IllegalPlayError):
        rs.analyse_play(deal, Strain.NOTRUMP, Seat.NORTH, ["SA", "H3"])
    with pytest.raises(IllegalPlayError):
        rs.analyse_play(deal, Strain.NOTRUMP, Seat.NORTH, ["XX"])


def test_stats_count_work_and_reset() -> None:
    solver = rs.Solver(tt_bytes=4 << 20)
    assert solver.stats.nodes == 0
    deal = Deal.from_pbn("N:AK2.A2.. QJ3.K3.. T94.Q4.. 875.J5..")
    solver.dd_table(deal)
    s = solver.stats
    assert s.nodes > 0
    assert s.searches >= 20
    assert s.tt_probes >= s.tt_hits
    solver.reset_stats()
    assert solver.stats.nodes == 0


def test_solver_reuse_gives_same_answers() -> None:
    deals, expected = load_tables(DATA / "dd_tables_100.json")
    solver = rs.Solver(tt_bytes=16 << 20)
    first = solver.dd_table(deals[4])
    solver.dd_table(deals[8])
    assert np.array_equal(solver.dd_table(deals[4]), first)
    assert np.array_equal(first, expected[4])
    solver.clear_table()
    assert np.array_equal(solver.dd_table(deals[4]), first)


_PEAK_SCRIPT = """
import resource, sys
import redouble, redouble.solver as rs
tt = int(sys.argv[1])
batch = redouble.deals(4, 7)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
solver = rs.Solver(tt_bytes=tt)
solver.dd_tables(batch, threads=1)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((after - before) * 1024)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux only")
def test_peak_memory_of_a_solver_stays_within_its_table_size() -> None:
    # A fresh process: the solver's own growth of the peak resident set, for a small and a
    # large table. The table plus the killer table and per-trick frames (well under 1 MiB).
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    for tt in (4 << 20, 64 << 20):
        out = subprocess.run(
            [sys.executable, "-c", _PEAK_SCRIPT, str(tt)],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            timeout=300,
        )
        grown = int(out.stdout.strip())
        assert grown <= tt + (2 << 20), f"tt_bytes={tt}: peak grew by {grown} bytes"


_HUGE_PAGES_SCRIPT = """
import mmap, re
import redouble, redouble.solver as rs

def advised():
    # (size, AnonHugePages) in KiB of each mapping advised to use huge pages ("hg").
    out, size, huge = [], 0, 0
    with open("/proc/self/smaps") as f:
        for line in f:
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                size = huge = 0
            elif line.startswith("Size:"):
                size = int(line.split()[1])
            elif line.startswith("AnonHugePages:"):
                huge = int(line.split()[1])
            elif line.startswith("VmFlags:") and " hg" in line:
                out.append((size, huge))
    return out

control = mmap.mmap(-1, 8 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
control.madvise(mmap.MADV_HUGEPAGE)
control.write(b"x" * (8 << 20))
granted = max((h for s, h in advised() if s == 8 << 10), default=0)
solver = rs.Solver(tt_bytes=64 << 20)
solver.dd_table(redouble.deal(7, 1))
print(granted, max((h for s, h in advised() if s >= 32 << 10), default=-1))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="transparent huge pages are Linux's")
def test_the_table_asks_for_huge_pages_where_the_kernel_grants_them() -> None:
    # The table's probes land anywhere in tens of MiB: on 4 KiB pages most also miss the TLB
    # (huge pages took 0.91x the time, bench/README.md). A control mapping advised the same way
    # tells whether this kernel grants huge pages at all (THP "never", or no free 2 MiB pages).
    import mmap

    if not hasattr(mmap, "MADV_HUGEPAGE"):
        pytest.skip("this Python's mmap cannot advise huge pages")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-c", _HUGE_PAGES_SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=300,
    )
    granted, table = (int(x) for x in out.stdout.split())
    if granted == 0:
        pytest.skip("the kernel grants no transparent huge pages here (control mapping)")
    assert table > 0, f"no huge page in the solver's table (control mapping got {granted} KiB)"


def test_table_size_is_configurable_and_bounded() -> None:
    small = rs.Solver(tt_bytes=1 << 20)
    assert 0 < small.table_bytes <= 1 << 20
    assert rs.Solver().table_bytes <= rs.DEFAULT_TT_BYTES
    with pytest.raises(RedoubleError):
        rs.Solver(tt_bytes=0)


def test_dd_table_rejects_bad_deals() -> None:
    with pytest.raises(InvalidDealError):
        rs.dd_table([1, 1, 2, 4])  # a card held twice
    with pytest.raises(InvalidDealError):
        rs.dd_table([1, 2, 4 | 8, 16])  # unequal hands
    with pytest.raises(InvalidDealError):
        rs.dd_table([1, 2, 4])  # type: ignore[list-item]
    with pytest.raises(InvalidDealError):
        rs.dd_table([1 << 60, 2, 4, 8])


def test_solve_rejects_non_positions() -> None:
    with pytest.raises(TypeError):
        rs.solve("N:A... K... Q... J...")  # type: ignore[arg-type]
