"""Par for contract bridge: against DDS (through endplay) on real and synthetic DD tables.

The real tables (``tests/data/par_tables.npz``) are redouble's own DD tables of the boards listed
in the file under seed 2026, stored to keep the test fast; a few are re-solved here to show where
they came from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from redouble import dealing, solver
from redouble.analysis import AnalysisError, contract_score, par, pars
from redouble.scoring import score_hand

DATA = Path(__file__).parent / "data" / "par_tables.npz"
_DDS_VUL = {0: 0, 1: 2, 2: 3, 3: 1}  # redouble's Vulnerability -> DDS's code
_DDS_TO_STRAIN = {0: 4, 1: 3, 2: 2, 3: 1, 4: 0}  # DDS contract denom (NT S H D C) -> strain


def _dds() -> Any:
    pytest.importorskip("endplay", reason="endplay (the DDS reference) is not installed")
    import endplay._dds as dds

    return dds


def _dds_table(dds: Any, table: np.ndarray) -> Any:
    res = dds.ddTableResults()
    for strain in range(5):
        for seat in range(4):
            # ddTableResults is indexed [denom S H D C NT][seat]
            res.resTable[(3, 2, 1, 0, 4)[strain]][seat] = int(table[strain][seat])
    return res


def _from_master(m: Any, sign: int) -> tuple[int, list[tuple[int, int, str, int]]]:
    out = []
    for i in range(m.number):
        c = m.contracts[i]
        if c.level == 0:
            continue
        seats = {0: "N", 1: "E", 2: "S", 3: "W", 4: "NS", 5: "EW"}[c.seats]
        out.append((c.level, _DDS_TO_STRAIN[c.denom], seats, c.overTricks - c.underTricks))
    return sign * m.score, sorted(out)


def _ours(p: Any) -> tuple[int, list[tuple[int, int, str, int]]]:
    return p.score, sorted(
        (c.level, int(c.strain), "".join(s.letter for s in c.declarers), c.result)
        for c in p.contracts
    )


def _dds_dealer_par(dds: Any, table: np.ndarray, dealer: int, vul: int) -> Any:
    m = dds.parResultsMaster()
    dds.DealerParBin(_dds_table(dds, table), m, dealer, _DDS_VUL[vul])
    return _from_master(m, 1)


def _real_tables() -> np.ndarray:
    with np.load(DATA) as f:
        return f["tables"]


def test_stored_tables_are_redoubles_own() -> None:
    with np.load(DATA) as f:
        seed, boards, tables = int(f["seed"]), f["boards"], f["tables"]
    assert len(tables) >= 2000
    assert len(set(boards.tolist())) == len(boards)
    rows = [0, len(boards) // 2, len(boards) - 1]
    deals = np.array([dealing.deal(seed=seed, board=int(boards[r])).masks for r in rows], np.uint64)
    assert (solver.dd_tables(deals) == tables[rows]).all()


def test_dealer_par_equals_dds_on_real_deals() -> None:
    dds = _dds()
    tables = _real_tables()
    assert len(tables) >= 2000
    # Two (dealer, vulnerability) pairs per deal, so each of the 16 is used 250 times.
    combos = [(i, k) for i in range(len(tables)) for k in (i % 16, (7 * i + 3) % 16)]
    got = pars(
        tables[[i for i, _ in combos]],
        dealer=[k // 4 for _, k in combos],
        vulnerability=[k % 4 for _, k in combos],
    )
    for (i, k), p in zip(combos, got, strict=True):
        want = _dds_dealer_par(dds, tables[i], k // 4, k % 4)
        assert _ours(p) == want, (i, k // 4, k % 4)


def test_sides_par_equals_dds() -> None:
    dds = _dds()
    for table in _real_tables()[:200]:
        for vul in range(4):
            arr = (dds.parResultsMaster * 2)()
            dds.SidesParBin(_dds_table(dds, table), arr, _DDS_VUL[vul])
            for side, first in ((0, "NS"), (1, "EW")):
                # DDS gives each side's result from that side's point of view.
                want = _from_master(arr[side], -1 if side else 1)
                assert _ours(par(table, first=first, vulnerability=vul)) == want


def _synthetic(rng: np.random.Generator) -> np.ndarray:
    """A DD-table-like array: NS and EW tricks sum to about 13, partners within one trick."""
    t = np.zeros((5, 4), np.uint8)
    for strain in range(5):
        base = int(np.clip(np.round(rng.normal(6.5, 2.6)), 0, 13))
        for seat in range(4):
            v = base if seat % 2 == 0 else 13 - base
            t[strain][seat] = int(np.clip(v + rng.integers(-1, 2) * (rng.random() < 0.3), 0, 13))
    return t


def _game_value(table: np.ndarray, vul: int, first: int) -> int:
    """The bidding game's value for NS, by plain recursion (independent of the module's DP)."""
    best = [[max(int(table[st][s]), int(table[st][s + 2])) for st in range(5)] for s in (0, 1)]

    def final(k: int, side: int) -> int:
        lv, st = k // 5 + 1, k % 5
        t = best[side][st]
        v = bool(vul >> side & 1)
        return contract_score(lv, st, 0 if t >= lv + 6 else 1, v, t)

    memo: dict[tuple[int, int], int] = {}

    def after_bid(k: int, side: int) -> int:  # value for `side`, which just bid k
        if (k, side) not in memo:
            v = final(k, side)
            for k2 in range(k + 1, 35):
                v = min(v, -after_bid(k2, 1 - side))
            memo[k, side] = v
        return memo[k, side]

    second = max([0] + [after_bid(k, 1 - first) for k in range(35)])
    value = max([-second] + [after_bid(k, first) for k in range(35)])
    return value if first == 0 else -value


def test_dealer_par_against_dds_on_synthetic_tables() -> None:
    """Odd tables: DDS's case analysis and the full game agree on all but a handful.

    Where they differ, our score must be the bidding game's value (checked by an independent
    recursion); the known DDS departures are listing 1NT one level higher (2NT= for 1NT+1) and
    an occasional sacrifice reported with a wrong undertrick count.
    """
    dds = _dds()
    rng = np.random.default_rng(2026)
    n, differ = 3000, 0
    for i in range(n):
        table = _synthetic(rng)
        dealer, vul = i % 4, (i // 4) % 4
        p = par(table, dealer=dealer, vulnerability=vul)
        if _ours(p) != _dds_dealer_par(dds, table, dealer, vul):
            differ += 1
            assert p.score == _game_value(table, vul, dealer & 1), i
    assert differ <= n // 200


def test_par_score_is_the_game_value() -> None:
    rng = np.random.default_rng(7)
    for i in range(300):
        table = _synthetic(rng)
        assert par(table, dealer=i % 4, vulnerability=i // 4 % 4).score == _game_value(
            table, i // 4 % 4, i % 4 & 1
        )


def test_contract_score_matches_scoring_module() -> None:
    rng = np.random.default_rng(3)
    for _ in range(400):
        level, strain, dbl = (
            int(rng.integers(1, 8)),
            int(rng.integers(0, 5)),
            int(rng.integers(0, 3)),
        )
        vul, tricks = bool(rng.integers(0, 2)), int(rng.integers(0, 14))
        text = f"{level}{'CDHS'[strain] if strain < 4 else 'NT'}{'X' * dbl}"
        hs = score_hand(
            "contract", text, "N", (tricks, 13 - tricks), vulnerable="NS" if vul else None
        )
        want = hs.score_for("NS")
        assert contract_score(level, strain, dbl, vul, tricks) == want, text


def test_par_of_a_deal_and_passed_out() -> None:
    with np.load(DATA) as f:
        board = int(f["boards"][0])
    deal = dealing.deal(seed=2026, board=board)
    assert par(deal, dealer="N", vulnerability="None") == par(
        _real_tables()[0], dealer="N", vulnerability="None"
    )
    flat = np.full((5, 4), 6, np.uint8)
    p = par(flat, dealer="E", vulnerability="Both")
    assert p.score == 0
    assert p.contracts == ()
    assert p.side is None


def test_par_bad_arguments() -> None:
    t = np.full((5, 4), 6, np.uint8)
    with pytest.raises(AnalysisError, match="dealer"):
        par(t, vulnerability="NS")
    with pytest.raises(AnalysisError, match="vulnerability"):
        par(t, dealer="N", vulnerability="sometimes")
    with pytest.raises(AnalysisError, match="shape"):
        par(np.zeros((4, 5), np.uint8), dealer="N")
    with pytest.raises(AnalysisError, match="law"):
        par(t, "whist", dealer="N")
    with pytest.raises(TypeError):
        par(t, dealer=1.5)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="one entry per table"):
        pars(np.zeros((3, 5, 4), np.uint8), dealer=[0, 1])
