"""The library's scoring against references from outside it: the Law 77 table transcribed by
hand (``data/law77_table.json``), endplay's scorer, and a plain-Python scorer of the old codes
(``independent_scoring.py``) that shares no code with ``redouble``."""

from __future__ import annotations

import independent_scoring as ind
import pytest

from redouble import Seat
from redouble.game import Game, RandomPlayer
from redouble.scoring import score_hand

STRAINS = ("C", "D", "H", "S", "NT")
GRID = [
    (level, strain, doublings, vulnerable, tricks)
    for level in range(1, 8)
    for strain in STRAINS
    for doublings in range(3)
    for vulnerable in (False, True)
    for tricks in range(14)
]


def test_law77_transcription_spot_values() -> None:
    """A few results anyone can check against the printed Law 77 table by hand."""
    assert ind.law77_score(3, "NT", 0, False, 9) == 400  # 100 + game 300
    assert ind.law77_score(4, "H", 0, True, 10) == 620  # 120 + game 500
    assert ind.law77_score(1, "NT", 1, True, 8) == 380  # 80 + 200 + 50 part score + 50
    assert ind.law77_score(7, "NT", 0, True, 13) == 2220  # 220 + 500 + 1500
    assert ind.law77_score(4, "S", 1, False, 6) == -800  # 100 + 200 + 200 + 300
    assert ind.law77_score(4, "S", 1, True, 6) == -1100  # 200 + 300 x 3
    assert ind.law77_score(7, "NT", 2, False, 0) == -7000  # 200 + 400 + 400 + 600 x 10


def test_score_hand_follows_the_law77_table_on_every_result() -> None:
    """Laws of Duplicate Bridge 2017, Law 77: every contract (7 levels x 5 denominations x
    undoubled/doubled/redoubled) x vulnerability x 0-13 tricks, 2940 results."""
    wrong = []
    for level, strain, doublings, vulnerable, tricks in GRID:
        got = score_hand(
            "contract",
            f"{level}{strain}{'X' * doublings}",
            "S",
            {"NS": tricks, "EW": 13 - tricks},
            vulnerable="NS" if vulnerable else "none",
        ).score_for("NS")
        want = ind.law77_score(level, strain, doublings, vulnerable, tricks)
        if got != want:
            wrong.append((level, strain, doublings, vulnerable, tricks, got, want))
    assert len(GRID) == 2940
    assert not wrong, f"{len(wrong)} results differ, first: {wrong[:3]}"


def test_law77_transcription_against_endplay_on_every_result() -> None:
    """The transcribed table agrees with endplay's scorer (another implementation) on all
    2940 results."""
    endplay = pytest.importorskip("endplay.types")
    denoms = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}
    penalties = ("passed", "doubled", "redoubled")
    wrong = []
    for level, strain, doublings, vulnerable, tricks in GRID:
        contract = endplay.Contract(
            level=level,
            denom=getattr(endplay.Denom, denoms[strain]),
            declarer=endplay.Player.south,
            penalty=getattr(endplay.Penalty, penalties[doublings]),
            result=tricks - 6 - level,
        )
        got = contract.score(endplay.Vul.both if vulnerable else endplay.Vul.none)
        if got != ind.law77_score(level, strain, doublings, vulnerable, tricks):
            wrong.append((level, strain, doublings, vulnerable, tricks, got))
    assert not wrong, f"{len(wrong)} results differ, first: {wrong[:3]}"


# ------------------------------------------------------------------------------------------------
# The old codes: random rubbers scored twice.
# ------------------------------------------------------------------------------------------------

CODES = {"bridge_1906": ind.BRIDGE_1906, "auction_1912": ind.AUCTION_1912}


def _independent_totals(g: Game, name: str) -> dict[str, int]:
    hands = []
    for r in g.results:
        assert r.contract is not None  # neither code has a passed-out deal
        hands.append(
            ind.PlayedHand(
                pbn=r.deal.to_pbn(),
                dealer=r.dealer.letter,
                calls=tuple(str(c) for c in r.calls),
                level=r.contract.level,
                declaration=r.contract.declaration,
                doublings=r.contract.doublings,
                declarer=r.contract.declarer.letter,
                tricks={"NS": r.tricks_won.ns, "EW": r.tricks_won.ew},
            )
        )
    return ind.rubber_totals(CODES[name], hands)


def _check_rubbers(name: str, seeds: range) -> None:
    wrong = []
    for seed in seeds:
        g = Game(name, seed=seed, first_dealer=Seat(seed % 4))
        g.auto_play(RandomPlayer(seed))
        want = _independent_totals(g, name)
        if (g.totals.ns, g.totals.ew) != (want["NS"], want["EW"]):
            wrong.append((seed, (g.totals.ns, g.totals.ew), want))
    assert not wrong, f"{len(wrong)} of {len(seeds)} rubbers differ, first: {wrong[:3]}"


@pytest.mark.parametrize("name", sorted(CODES))
def test_a_few_rubbers_total_as_the_independent_scorer_says(name: str) -> None:
    """Bridge (Elwell, 1906) and Auction Bridge (1912): each side's total of a rubber equals the one
    the plain scorer computes from the laws, hand by hand (a quick subset of the test below,
    for the mutation runs)."""
    _check_rubbers(name, range(1000, 1012))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CODES))
def test_random_rubbers_total_as_the_independent_scorer_says(name: str) -> None:
    """250 random rubbers per code: each side's total equals the plain scorer's."""
    _check_rubbers(name, range(250))
