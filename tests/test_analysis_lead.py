"""Single-dummy analysis against a direct loop of the solver on the same sampled deals."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from redouble import Deal, Seat, Strain
from redouble.analysis import (
    AnalysisError,
    constrained_deals,
    contract_analysis,
    contract_score,
    lead_analysis,
)
from redouble.cli import main
from redouble.play import Position
from redouble.solver import Solver

HAND = "KQ52.T98.A76.J43"
AUCTION = "S.hcp in 15..17 and S.balanced and N.hcp >= 8"


def test_lead_analysis_equals_a_direct_solve_cards_loop() -> None:
    got = lead_analysis(HAND, "W", "3NT", constraints=AUCTION, n=5, seed=4, threads=2)
    sample = constrained_deals(AUCTION, 5, seed=4, predeal={Seat.WEST: HAND})
    solver = Solver()
    per_card: dict[int, list[int]] = {}
    for row in sample.deals:
        values = solver.solve_cards(Position(Deal.from_array(row), Strain.NOTRUMP, Seat.WEST))
        for card, tricks in values.items():
            per_card.setdefault(int(card), []).append(tricks)
    assert len(got.leads) == 13
    assert {int(r.card) for r in got.leads} == set(per_card)
    for r in got.leads:
        t = per_card[int(r.card)]
        assert r.tricks == pytest.approx(np.mean(t))
        assert r.p_set == pytest.approx(np.mean([x >= 5 for x in t]))
        want = np.mean([-contract_score(3, 4, 0, False, 13 - x) for x in t])
        assert r.score == pytest.approx(want)
        assert r.stderr == pytest.approx(np.std(t, ddof=1) / np.sqrt(5))
    assert [r.tricks for r in got.leads] == sorted((r.tricks for r in got.leads), reverse=True)
    # Reproducible by seed, whatever the thread count.
    again = lead_analysis(HAND, "W", "3NT", constraints=AUCTION, n=5, seed=4, threads=1)
    assert (again.tricks == got.tricks).all()
    assert "Opening lead by West against 3NT" in got.table()
    # In a notebook: a bar per lead, the best leads in the accent colour.
    svg = ET.fromstring(got._repr_svg_())
    assert "against 3NT" in "".join(svg.itertext())
    bars = svg.findall("{http://www.w3.org/2000/svg}g[@class='bar']")
    assert [b.get("data-label") for b in bars] == [str(r.card) for r in got.leads]
    assert [float(b.get("data-value") or "nan") for b in bars] == pytest.approx(
        [r.tricks for r in got.leads]
    )


def test_contract_analysis_equals_a_direct_solve_loop() -> None:
    decl, dummy = "AK2.KQ3.A5432.32", "QJ3.AJ2.KQ6.7654"
    got = contract_analysis(decl, dummy, "3NT", declarer="S", n=4, seed=2)
    sample = constrained_deals("true", 4, seed=2, predeal={Seat.SOUTH: decl, Seat.NORTH: dummy})
    solver = Solver()
    tricks = [
        13 - solver.solve(Position(Deal.from_array(r), Strain.NOTRUMP, Seat.WEST))
        for r in sample.deals
    ]
    assert got.tricks == pytest.approx(np.mean(tricks))
    assert got.p_make == pytest.approx(np.mean([t >= 9 for t in tricks]))
    assert got.distribution.tolist() == np.bincount(tricks, minlength=14).tolist()


def test_single_dummy_bad_arguments() -> None:
    with pytest.raises(AnalysisError, match="contract"):
        lead_analysis(HAND, "W", "8NT", n=2)
    with pytest.raises(AnalysisError, match="13 cards"):
        lead_analysis("KQ52.T98.A76.", "W", "3NT", n=2)
    with pytest.raises(AnalysisError, match="law"):
        lead_analysis(HAND, "W", "3NT", n=2, law="auction_1912")
    with pytest.raises(TypeError):
        lead_analysis(HAND, "W", "3NT", n=2.5)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="share cards"):
        contract_analysis(HAND, HAND, "3NT", n=2)


def test_cli_lead_and_par(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lead", HAND, "3NT", "-n", "2", "--seed", "3"]) == 0
    assert "Opening lead by West against 3NT, 2 deals" in capsys.readouterr().out
    deal = "N:AKQ2.T98.76.5432 J53.AK7.AKQ.QJT9 T876.Q6543.5.A76 94.J2.JT98432.K8"
    assert main(["par", deal, "--vul", "NS", "--dealer", "E"]) == 0
    assert "par -130: 2D+2 by EW" in capsys.readouterr().out
    assert main(["lead", HAND, "3NT", "--constraints", "S.hcp >"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("redouble: error: column 8")
    assert len(err.strip().splitlines()) == 1
