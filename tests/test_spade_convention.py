"""The Spade Convention of Bridge (Elwell, 1906), a house agreement played by the game, with
its penalty for playing a hand the convention leaves unplayed (II).

"Where players agree 'not to play spades' the rule is, that if the spade make is not doubled,
the hand shall be played where either side is 20 or over." The agreement is the law-set flag
``spade_convention_agreed``; the game records it in its log so that a replay plays it too.
"""

from __future__ import annotations

import json

import pytest

from redouble import laws
from redouble.cards import Card, Seat
from redouble.deal import Deal
from redouble.game import Game, GameError, Phase
from redouble.irregularities import Irregularity, IrregularityError, Ruling
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


# ------------------------------------------------------------------------------------------------
# Spade Convention II: "If the third hand player ask, 'Shall I play?' or should he lead out of
# turn, or should the eldest hand lead without asking permission to play, the spade maker may
# take two on the score or may call a lead and require the hand to be played out."
# ------------------------------------------------------------------------------------------------

PREMATURE = Irregularity.SPADE_CONVENTION_PREMATURE_PLAY
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _premature(g: Game) -> list[Ruling]:
    return [r for r in g.rulings if r.kind is PREMATURE]


def test_the_strict_game_refuses_the_premature_acts() -> None:
    g = Game(AGREED, deals=[DEAL] * 2)
    g.call("S")
    before = list(g.log)
    with pytest.raises(GameError, match="strict"):
        g.remark(PREMATURE, seat=W)
    with pytest.raises(GameError, match="no card is due"):
        g.play("CA", seat=E)
    with pytest.raises(GameError, match="no card is due"):
        g.play("C7", seat=W)
    assert list(g.log) == before
    assert g.phase is Phase.DECLARE


@pytest.mark.parametrize("strict", [True, False])
def test_the_unplayed_score_flag_gives_the_makers_side_its_points(strict: bool) -> None:
    """Spade Convention I does not say what an unplayed hand scores; the flag
    spade_convention_unplayed_score (our decision, 0 by default) enters that many points on the
    trick score of the maker's side, and the deal passes on as after a hand not played."""
    law = laws.get("bridge_1906", spade_convention_agreed=True, spade_convention_unplayed_score=6)
    g = Game(law, deals=[DEAL] * 3, strict=strict)
    g.call("P")  # North passes the make to South: NS are the makers
    while g.phase is Phase.DECLARE and g.hand_number == 1:
        g.call("S" if g.to_act is S else "P")
    assert g.totals == PerSide(6, 0)
    event = next(e for e in g.log if e.kind == "spade_convention")
    assert event.data == {"number": 1, "played": False, "penalty": {"NS": 6, "EW": 0}}
    assert (g.hand_number, g.dealer) == (2, E)
    _declare(g, "S")  # East's spades: EW are the makers now
    assert g.totals == PerSide(6, 6)
    again = Game.from_json(g.to_json())
    assert again.log == g.log
    assert again.totals == g.totals


@pytest.mark.parametrize(
    ("value", "error"),
    [(-1, laws.LawSetError), ("6", TypeError), (True, TypeError), (6.0, TypeError)],
)
def test_the_unplayed_score_flag_must_be_a_count_of_points(value: object, error: type) -> None:
    with pytest.raises(error, match="spade_convention_unplayed_score"):
        laws.get("bridge_1906", spade_convention_unplayed_score=value)


def test_take_two_is_two_toward_game_for_the_makers_side() -> None:
    """The maker (here the dealer's partner, the make passed to him) takes two on the score:
    two below the line, counted toward game, the hand not played, the deal passing on."""
    g = Game(AGREED, deals=[DEAL] * 3, strict=False)
    g.call("P")  # North passes the make to South
    g.call("S")
    g.play("C7", seat=W)  # the third hand leads out of turn
    (r,) = _premature(g)
    assert (r.offender, r.claimants, r.data["act"]) == (W, (S,), "third_hand_leads")
    with pytest.raises(IrregularityError, match="may not decide"):
        g.decide("take_two", seat=N)  # only the spade maker chooses
    g.decide("take_two", seat=S)
    assert g.totals == PerSide(2, 0)
    event = next(e for e in g.log if e.kind == "spade_convention")
    assert event.data == {"number": 1, "played": False, "penalty": {"NS": 2, "EW": 0}}
    score_event = next(e for e in g.log if e.kind == "score")
    assert score_event.data["trick_score"] == {"NS": 2, "EW": 0}
    assert (g.hand_number, g.dealer) == (2, E)
    _declare(g, "S")  # East's spades: NS at 2, below 20: still not played
    assert g.results[-1].score is None
    assert g.hand_number == 3
    assert Game.from_json(g.to_json()).log == g.log


def test_call_lead_plays_the_hand_out_undoubled_with_the_suit_called() -> None:
    g = Game(AGREED, deals=[DEAL] * 2, strict=False)
    g.call("S")
    g.call("P")  # the eldest hand asks "May I lead?" ...
    g.remark(PREMATURE, seat=W)  # ... and the third hand asks "Shall I play?"
    (r,) = _premature(g)
    assert r.data == {"act": "third_hand_asks"}
    g.decide("call_lead", seat=N, suit="D")
    assert g.phase is Phase.PLAY
    assert g.contract is not None
    assert (g.contract.declaration, g.contract.doublings) == ("S", 0)
    assert g.to_act == E
    assert g.legal_actions() == [Card.parse(c) for c in ("D2", "D3", "D4")]
    while g.phase is Phase.PLAY:
        g.act(min(g.legal_actions()))
    result = g.results[0]
    assert len(result.tricks) == 13
    assert result.score is not None
    assert Game.from_json(g.to_json()).log == g.log


def test_no_penalty_where_the_hand_is_to_be_played() -> None:
    """A doubled spade make, or one made with a side at 20, is played: the question is not the
    convention's, and a lead during the doubling is Law 56's or Law 60's."""
    g = Game(AGREED, deals=[DEAL] * 2, strict=False)
    g.call("S")
    g.call("X")  # the eldest hand doubles
    with pytest.raises(GameError, match="Spade Convention"):
        g.remark(PREMATURE, seat=W)
    g.play("C7", seat=W)
    assert not _premature(g)
    assert [r.kind for r in g.rulings] == [Irregularity.LEAD_DURING_DECLARING]
    # Without the agreement there is no convention to break.
    g = Game("bridge_1906", deals=[DEAL] * 2, strict=False)
    g.call("S")
    with pytest.raises(GameError, match="Spade Convention"):
        g.remark(PREMATURE, seat=W)
    g.play("CA", seat=E)
    assert [r.kind for r in g.rulings] == [Irregularity.LEAD_DURING_DECLARING]
    # A make other than spades.
    g = Game(AGREED, deals=[DEAL] * 2, strict=False)
    g.call("H")
    g.play("CA", seat=E)
    assert [r.kind for r in g.rulings] == [Irregularity.LEAD_DURING_DECLARING]


def test_only_the_third_hands_question_is_penalised() -> None:
    g = Game(AGREED, deals=[DEAL] * 2, strict=False)
    g.call("S")
    before = list(g.log)
    for seat in (E, S, N):  # the eldest hand's question is "May I lead?", his pass
        with pytest.raises(GameError, match="third hand"):
            g.remark(PREMATURE, seat=seat)
    assert list(g.log) == before
    # Auction Bridge has no such law.
    a = Game("auction_1912", deals=[DEAL] * 2, strict=False)
    a.call("1S")
    with pytest.raises(IrregularityError, match="no law"):
        a.remark(PREMATURE, seat=W)


def test_consulting_pays_the_penalty() -> None:
    """Bridge (Elwell, 1906), Law 97: partners who consult lose the penalty; the doubling then
    goes on as it stood, and the make, still undoubled, is not played."""
    g = Game(AGREED, deals=[DEAL] * 2, strict=False)
    g.call("S")
    g.play("CA", seat=E)
    g.decide("take_two", seat=N, consulted=True)
    assert g.totals == PerSide()
    assert g.phase is Phase.DECLARE
    assert g.hand_number == 1
    g.call("P")
    g.call("P")
    assert g.results[0].score is None
    assert g.hand_number == 2
