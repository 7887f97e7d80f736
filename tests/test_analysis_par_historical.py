"""Par under Auction Bridge (1912) and Bridge (Elwell, 1906): brute force and hand-worked cases.

The brute force here is written separately from :mod:`redouble.analysis.par_historical`: it
plays the four players' actual auction (or, in Bridge, the make and the doubling conversation)
call by call, with the legal calls of each code, the three closing passes and every doubling
sequence, and scores every final contract through :func:`redouble.scoring.score_hand` with the
deal itself (honours and chicane read from the cards). Its only shared assumption is the
definition's choice of declarer (Law 46): the dealer plays the suit of his compulsory opening,
otherwise the partner who takes more tricks.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from redouble import dealing, laws, solver
from redouble.analysis import AnalysisError, par, pars
from redouble.deal import Deal
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.scoring import score_hand

CASES = Path(__file__).parent / "data" / "par_historical_cases.json"

# Auction Bridge (1912), Law 4: trick values, and the strain each declaration plays in.
_AUCTION_TV = {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}
_PLAYS_AS = {"S": 3, "C": 0, "D": 1, "H": 2, "R": 3, "NT": 4}


@functools.cache
def _sample(n: int, seed: int) -> tuple[list[Deal], np.ndarray]:
    deals = [dealing.deal(seed=seed, board=b) for b in range(1, n + 1)]
    tables = solver.dd_tables(np.array([d.masks for d in deals], dtype=np.uint64))
    return deals, tables


def _auction_brute(law: Any, deal: Deal, table: np.ndarray, dealer: int) -> int:
    """NS value of the four-player auction, searched call by call."""
    bids = sorted(
        ((lv, sym) for sym in _AUCTION_TV for lv in range(1, 8)),
        key=lambda b: (b[0] * _AUCTION_TV[b[1]], b[0]),
    )

    def declarer(strain: int, seat: int, opening: int) -> int:
        side = seat & 1
        if side == dealer & 1 and strain == opening:
            return dealer
        a, b = table[strain][side], table[strain][side + 2]
        return side if a >= b else side + 2

    @functools.cache
    def final(k: int, seat: int, x: int, opening: int) -> int:
        level, sym = bids[k]
        strain = _PLAYS_AS[sym]
        dec = declarer(strain, seat, opening)
        t = int(table[strain][dec])
        tricks = {"NS": t, "EW": 13 - t} if dec % 2 == 0 else {"NS": 13 - t, "EW": t}
        one_spade = k == 0 and seat == dealer  # only the dealer can open the lowest bid
        s = score_hand(
            law,
            f"{level}{sym}{'X' * x}",
            dec,
            tricks,
            deal=deal,
            dealer_original_one_spade=one_spade,
        )
        return s.score_for("NS")

    @functools.cache
    def node(k: int, seat: int, x: int, actor: int, passes: int, opening: int) -> int:
        # Last bid k by `seat` doubled x times; `actor` to call after `passes` passes.
        if passes == 3:
            return final(k, seat, x, opening)
        values = [node(k, seat, x, (actor + 1) % 4, passes + 1, opening)]
        for k2 in range(k + 1, len(bids)):
            values.append(node(k2, actor, 0, (actor + 1) % 4, 0, opening))
        adverse = (actor & 1) != (seat & 1)
        if x == 0 and adverse:
            values.append(node(k, seat, 1, (actor + 1) % 4, 0, opening))
        if x == 1 and not adverse:
            values.append(node(k, seat, 2, (actor + 1) % 4, 0, opening))
        return max(values) if actor % 2 == 0 else min(values)

    # The dealer must declare (Law 42): no pass at the first call.
    firsts = [
        node(k, dealer, 0, (dealer + 1) % 4, 0, _PLAYS_AS[bids[k][1]]) for k in range(len(bids))
    ]
    return max(firsts) if dealer % 2 == 0 else min(firsts)


def _bridge_brute(law: Any, deal: Deal, table: np.ndarray, dealer: int, cap: int) -> int:
    """NS value of the make (dealer or his partner) and the conversation, to `cap` doublings."""
    limit = law.doubling.max_doublings
    top = cap if limit is None else min(cap, limit)
    three = law.name == "BRIDGE_THREE_HANDED"
    leader = (dealer + 1) % 4

    def value(sym: str, x: int) -> int:
        strain = _PLAYS_AS[sym]
        t = int(table[strain][dealer])
        tricks = {"NS": t, "EW": 13 - t} if dealer % 2 == 0 else {"NS": 13 - t, "EW": t}
        return score_hand(law, sym + "X" * x, dealer, tricks, deal=deal).score_for("NS")

    @functools.cache
    def talk(sym: str, x: int, speakers: tuple[int, ...]) -> int:
        # `speakers`: who may still double at this turn, in order; none left: the make stands.
        if not speakers:
            return value(sym, x)
        seat, rest = speakers[0], speakers[1:]
        values = [talk(sym, x, rest)]
        if x < top:
            makers = (dealer, (dealer + 2) % 4)
            if x % 2 == 0:  # the adversaries double; in three-handed only the leader
                nxt = makers if not three else ()
            else:
                nxt = (leader,) if three else (leader, (leader + 2) % 4)
            values.append(talk(sym, x + 1, nxt))
        return max(values) if seat % 2 == 0 else min(values)

    adversaries = (leader,) if three else (leader, (leader + 2) % 4)
    pick = max if dealer % 2 == 0 else min
    made = pick(talk(d.symbol, 0, adversaries) for d in law.declarations)
    # Passing the make: the partner chooses among the same makes, or in Bridge for Three
    # Players dummy must make the compulsory declaration.
    if three:
        forced = compulsory_declaration(law, deal.masks[(dealer + 2) % 4])
        passed = talk(forced.symbol, 0, adversaries)
    else:
        passed = pick(talk(d.symbol, 0, adversaries) for d in law.declarations)
    return pick(made, passed)


def test_auction_par_equals_brute_force() -> None:
    law = laws.get("auction_1912")
    deals, tables = _sample(4, seed=1912)
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        dealer = i % 4
        got = par(table, "auction_1912", dealer=dealer, deal=deal)
        assert got.score == _auction_brute(law, deal, table, dealer), (i, str(got))


@pytest.mark.parametrize(
    "name", ["bridge_1906", "bridge_1907", "bridge_duplicate", "bridge_progressive", "three_handed"]
)
def test_bridge_par_equals_brute_force(name: str) -> None:
    law = laws.get(name)
    deals, tables = _sample(12, seed=1906)
    got = pars(tables, name, dealer=[i % 4 for i in range(12)], deals=deals)
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        assert got[i].score == _bridge_brute(law, deal, table, i % 4, cap=5), (i, str(got[i]))


def test_bridge_par_with_a_doubling_limit() -> None:
    for limit in (0, 1, 3):
        law = laws.get("bridge_1906", bridge_max_doublings=limit)
        deals, tables = _sample(6, seed=7)
        for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
            got = par(table, law, dealer=i % 4, deal=deal)
            assert got.score == _bridge_brute(law, deal, table, i % 4, cap=5)


def test_par_contracts_score_the_par() -> None:
    law = laws.get("auction_1912")
    deals, tables = _sample(6, seed=12)
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        p = par(deal, law, dealer=i % 4) if i == 0 else par(table, law, dealer=i % 4, deal=deal)
        assert p.contracts, str(p)  # the dealer must declare: never passed out
        for c in p.contracts:
            side = "NS" if int(c.declarers[0]) % 2 == 0 else "EW"
            t = int(table[int(c.strain)][int(c.declarers[0])])
            tricks = {side: t, ("EW" if side == "NS" else "NS"): 13 - t}
            spec = f"{c.level}{c.declaration}{'X' * c.doublings}"
            assert c.result == t - 6 - c.level
            # The One Spade limit can only apply to the lowest declaration, 1S by the dealer.
            one_spade = spec.startswith("1S") and int(c.declarers[0]) == i % 4
            s = score_hand(
                law, spec, c.declarers[0], tricks, deal=deal, dealer_original_one_spade=one_spade
            )
            assert s.score_for("NS") == p.score, (str(p), str(c))


def _cases() -> list[dict[str, Any]]:
    return list(json.loads(CASES.read_text())["cases"])


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["id"])
def test_hand_worked_cases(case: dict[str, Any]) -> None:
    deal = Deal.from_pbn(case["deal"])
    table = solver.dd_table(deal)
    for strain, seat, tricks in case["dd_tricks"]:
        assert int(table[strain][seat]) == tricks  # the working's trick counts
    p = par(deal, case["law"], dealer=case["dealer"])
    assert p.score == case["par_ns"], str(p)
    shown = {str(c) for c in p.contracts}
    for expected in case["par_contracts_include"]:
        assert expected in shown, (expected, shown)


def test_historical_par_errors() -> None:
    deals, tables = _sample(1, seed=3)
    with pytest.raises(AnalysisError, match="deal"):
        par(tables[0], "auction_1912", dealer="N")
    # The law set is named as a reader finds the code, not by its id.
    with pytest.raises(
        AnalysisError, match=r"^dealer is required for par under Bridge \(Elwell, 1906\)$"
    ):
        par(deals[0], "bridge_1906")
    with pytest.raises(
        AnalysisError, match=r"^dealer is required for par under Auction Bridge \(1912\)$"
    ):
        par(deals[0], "auction_1912")
    with pytest.raises(AnalysisError, match=r"^par under Auction Bridge \(1912\) counts honours"):
        par(tables[0], "auction_1912", dealer="N")
    with pytest.raises(AnalysisError, match="law"):
        par(tables[0], "whist", dealer="N")
    with pytest.raises(AnalysisError, match="deals"):
        pars(tables, "auction_1912", dealer="N")
    with pytest.raises(AnalysisError, match="one entry per table"):
        pars(tables, "auction_1912", dealer="N", deals=deals * 2)
    with pytest.raises(TypeError, match="deal"):
        par(tables[0], "auction_1912", dealer="N", deal="N:...")  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="first must be 'dealer'"):
        par(deals[0], "auction_1912", dealer="N", first="EW")
    with pytest.raises(TypeError, match="law"):
        par(tables[0], 1912, dealer="N")  # type: ignore[arg-type]


def test_pars_accepts_masks_and_matches_par() -> None:
    deals, tables = _sample(3, seed=5)
    masks = np.array([d.masks for d in deals], dtype=np.uint64)
    batch = pars(tables, "auction_1912", dealer="E", deals=masks)
    assert [b.score for b in batch] == [
        par(t, "auction_1912", dealer="E", deal=d).score for t, d in zip(tables, deals, strict=True)
    ]
    assert all(b.law == "AUCTION_WCNY_1912" for b in batch)


def test_cli_par_with_a_historical_law(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from redouble.cli import main

    case = _cases()[0]
    buf = io.StringIO()
    assert (
        main(["par", case["deal"], "--law", case["law"], "--dealer", case["dealer"]], out=buf) == 0
    )
    assert f"par {case['par_ns']:+d}: H by N, 13 tricks" in buf.getvalue()
    assert main(["par", case["deal"], "--law", "contract_chicago"], out=io.StringIO()) != 0
    assert "par is defined for" in capsys.readouterr().err


@pytest.mark.parametrize("law", ["auction_1912", "bridge_1906", "bridge_duplicate"])
def test_a_vulnerability_is_refused_where_the_law_set_has_none(law: str) -> None:
    d = dealing.board(5, 1).deal
    t = solver.Solver().dd_table(d)
    with pytest.raises(AnalysisError, match=r"vulnerability: .* has no vulnerability.*got NS"):
        par(t, law, dealer="N", vulnerability="NS", deal=d)
    with pytest.raises(AnalysisError, match=r"vulnerability: .*got Both"):
        pars(t[None], law, dealer="N", vulnerability=["Both"], deals=[d])
    # "None" is no claim: the same par as without it.
    assert par(t, law, dealer="N", vulnerability="None", deal=d) == par(t, law, dealer="N", deal=d)
