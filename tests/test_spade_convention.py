"""The Spade Convention of Bridge (Elwell, 1906), a house agreement played by the game.

"Where players agree 'not to play spades' the rule is, that if the spade make is not doubled,
the hand shall be played where either side is 20 or over." The agreement is the law-set flag
``spade_convention_agreed``; the game records it in its log so that a replay plays it too.
"""

from __future__ import annotations

import json

import pytest

from redouble import laws
from redouble.deal import Deal
from redouble.game import Game, GameError, Phase
from redouble.scoring import PerSide, is_played_under_spade_convention

# N: S AKQJ H T98 D 765 C 432    E: S T98 H 765 D 432 C AKQJ
# S: S 765 H 432 D AKQJ C T98    W: S 432 H AKQJ D T98 C 765
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
AGREED = laws.get("bridge_1906", spade_convention_agreed=True)


def _declare(g: Game, make: str, *doubling: str) -> None:
    """The dealer makes `make`; then the doubling calls, then "Satisfied" until it ends."""
    n = g.hand_number
    g.call(make)
    for c in doubling:
        g.call(c)
    while g.phase is Phase.DECLARE and g.hand_number == n:
        g.call("P")


def _play_hand(g: Game) -> None:
    n = g.hand_number
    while g.hand_number == n and g.phase is Phase.PLAY:
        g.act(min(g.legal_actions()))


def test_the_convention_is_a_house_agreement_off_by_default() -> None:
    assert laws.get("bridge_1906").spade_convention is None
    rules = AGREED.spade_convention
    assert rules is not None
    assert (rules.declaration, rules.min_score_to_play, rules.only_if_undoubled) == ("S", 20, True)
    g = Game("bridge_1906", deals=[DEAL] * 2)
    _declare(g, "S")
    assert g.phase is Phase.PLAY  # without the agreement spades are played
    assert is_played_under_spade_convention("bridge_1906", "S", {"NS": 0, "EW": 0})
    assert not is_played_under_spade_convention(AGREED, "S", {"NS": 0, "EW": 0})


@pytest.mark.parametrize("strict", [True, False])
def test_undoubled_spades_below_20_are_not_played_and_score_nothing(strict: bool) -> None:
    g = Game(AGREED, deals=[DEAL] * 3, strict=strict)
    _declare(g, "S")
    (result,) = g.results
    assert result.contract is not None
    assert result.contract.declaration == "S"
    assert result.score is None
    assert result.tricks == ()
    assert g.totals == PerSide()
    assert g.hand_number == 2
    assert g.phase is Phase.DECLARE
    assert g.dealer.letter == "E"  # the deal passes to the left
    event = next(e for e in g.log if e.kind == "spade_convention")
    assert event.data == {"number": 1, "played": False}
    assert event.seat is not None
    assert event.seat.letter == "N"
    # The agreement travels with the log: a replay plays the convention again.
    start = g.log[0].data
    assert start["flags"] == {"spade_convention_agreed": True}
    again = Game.from_json(g.to_json())
    assert again.law_set.spade_convention is not None
    assert again.log == g.log


def test_other_makes_and_doubled_spades_are_played() -> None:
    g = Game(AGREED, deals=[DEAL] * 3)
    _declare(g, "H")
    assert g.phase is Phase.PLAY
    g = Game(AGREED, deals=[DEAL] * 3)
    _declare(g, "S", "X")  # the eldest hand doubles the spade make
    assert g.contract is not None
    assert g.contract.doublings == 1
    assert g.phase is Phase.PLAY


def test_spades_are_played_once_a_side_has_20_toward_game() -> None:
    g = Game(AGREED, deals=[DEAL] * 4)
    _declare(g, "H")  # North deals; East-West take 16 (worked out: see the scores below)
    _play_hand(g)
    _declare(g, "S")  # East deals: EW at 16, below 20: not played
    assert g.results[-1].score is None
    _declare(g, "C")  # South deals clubs: EW score 4 more
    _play_hand(g)
    toward = [r.score.trick_score for r in g.results if r.score is not None]
    assert toward == [PerSide(0, 16), PerSide(0, 4)]
    _declare(g, "S")  # West deals: EW at 20: the spade make is played
    assert g.phase is Phase.PLAY
    assert g.contract is not None
    assert g.contract.declaration == "S"


def test_a_log_with_unknown_flags_does_not_replay() -> None:
    g = Game(AGREED, deals=[DEAL] * 2)
    record = json.loads(g.to_json())
    record["events"][0]["data"]["flags"] = {"no_such_flag": True}
    with pytest.raises(GameError, match="event 0"):
        Game.from_json(json.dumps(record))
    record["events"][0]["data"]["flags"] = ["spade_convention_agreed"]
    with pytest.raises(GameError, match="flags"):
        Game.from_json(json.dumps(record))
