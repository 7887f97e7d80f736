"""Rubbers, Chicago, duplicate and progressive tallies, and the score sheet."""

from __future__ import annotations

import pytest

from redouble import laws
from redouble.cards import Seat, Side
from redouble.scoring import (
    Chicago,
    DuplicateTally,
    PerSide,
    ProgressiveTally,
    Rubber,
    ScoringInputError,
    score_hand,
)


def test_auction_rubber_played_hand_by_hand() -> None:
    rubber = Rubber("auction_1912")
    rubber.score_hand("3NT", "N", (9, 4), honours={"N": 3})  # 30 + 30 aces: game
    assert rubber.games == PerSide(1, 0)
    assert rubber.toward_game == PerSide()
    rubber.score_hand("3H", "E", (4, 9))  # EW 24 part-score
    assert rubber.toward_game == PerSide(0, 24)
    rubber.score_hand("4D", "S", (11, 2))  # NS 35: second game, EW's 24 wiped
    assert rubber.is_complete
    assert rubber.winner is Side.NS
    assert not rubber.third_game_played
    assert rubber.rubber_bonus == 250
    assert rubber.totals == PerSide(30 + 30 + 35 + 250, 24)
    assert rubber.difference == 345 - 24
    with pytest.raises(ScoringInputError, match="over"):
        rubber.score_hand("1H", "N", (7, 6))


def test_part_scores_stop_counting_when_a_game_is_won() -> None:
    rubber = Rubber("auction_1912")
    rubber.record({"NS": 20}, {})
    rubber.record({"EW": 30}, {})
    assert rubber.toward_game == PerSide(0, 0)
    rubber.record({"NS": 12}, {})
    assert rubber.games == PerSide(0, 1)  # the earlier 20 no longer counts
    kept = Rubber(laws.get("auction_1912", partscore_reset_on_game=False))
    kept.record({"NS": 20}, {})
    kept.record({"EW": 30}, {})
    kept.record({"NS": 12}, {})
    assert kept.games == PerSide(1, 1)


def test_third_game_and_its_bonus() -> None:
    rubber = Rubber("bridge_1906")
    for points in ({"NS": 32}, {"EW": 36}, {"NS": 8}, {"NS": 24}):
        rubber.record(points, {})
    assert rubber.third_game_played
    assert rubber.winner is Side.NS
    assert rubber.totals == PerSide(32 + 8 + 24 + 100, 36)
    assert rubber.game_winners == (Side.NS, Side.EW, Side.NS)


def test_bridge_revoking_side_cannot_pass_28() -> None:
    rubber = Rubber("bridge_1906")
    rubber.record({"NS": 20}, {})
    hand = rubber.score_hand("H", "N", (11, 2), revokes={"NS": 1})  # 8 tricks after penalty
    assert hand.trick_score.ns == 8
    assert hand.game_won_by is None
    assert rubber.toward_game == PerSide(28, 0)
    assert rubber.games == PerSide(0, 0)


def test_rubber_add_reapplies_the_revoke_limit() -> None:
    rubber = Rubber("bridge_1906")
    rubber.record({"NS": 24}, {})
    hand = score_hand("bridge_1906", "NT", "N", (10, 3), revokes={"NS": 1})  # prior not given
    assert hand.trick_score.ns == 12
    rubber.add(hand)
    assert rubber.toward_game.ns == 28
    assert rubber.games.ns == 0


def test_both_sides_revoke_neither_wins_game_in_bridge() -> None:
    rubber = Rubber("bridge_1906")
    rubber.record({"NS": 20}, {})
    rubber.score_hand("NT", "N", (10, 3), revokes={"NS": 1, "EW": 1})
    assert rubber.toward_game.ns == 28
    assert rubber.games == PerSide(0, 0)


def test_rubber_refuses_other_law_sets_and_sets_without_rubbers() -> None:
    with pytest.raises(ScoringInputError, match="games and rubbers"):
        Rubber("bridge_duplicate")
    with pytest.raises(ScoringInputError, match="games and rubbers"):
        Rubber("contract")
    with pytest.raises(laws.LawSetError, match="unknown law set"):
        Rubber("whist")
    rubber = Rubber("auction_1912")
    with pytest.raises(ScoringInputError, match="scored under"):
        rubber.add(score_hand("bridge_1906", "H", "N", (7, 6)))
    with pytest.raises(ScoringInputError, match="supplies"):
        rubber.score_hand("1H", "N", (7, 6), prior_trick_score={"NS": 10})
    with pytest.raises(ScoringInputError, match="negative"):
        rubber.record({"NS": -4}, {})


def test_single_game_bonus_three_handed() -> None:
    game = Rubber("bridge_three_handed", single_game=True)
    game.record({"EW": 32}, {"EW": 16})
    assert game.is_complete
    assert game.rubber_bonus == 50
    assert game.totals == PerSide(0, 98)
    with pytest.raises(ScoringInputError, match="single games"):
        Rubber("auction_1912", single_game=True)


def test_contract_rubber_vulnerability_bonus_and_honours() -> None:
    rubber = Rubber("contract_rubber")
    first = rubber.score_hand("4S", "N", (10, 3), honours={"N": 4, "E": 1})
    assert first.trick_score.ns == 120
    assert first.honour_column.ns == 100
    assert rubber.vulnerable == frozenset({Side.NS})
    down = rubber.score_hand("4HX", "S", (8, 5))  # vulnerable now: 200 + 300
    assert down.honour_column.ew == 500
    rubber.score_hand("3NT", "E", (4, 9), honours={"W": 4})
    rubber.score_hand("2S", "N", (8, 5))
    assert rubber.toward_game == PerSide(60, 0)
    assert rubber.unfinished_totals() == rubber.totals.add(Side.NS, 100)
    rubber.score_hand("5C", "S", (11, 2))  # 60 + 100: second game for NS, 2-1
    assert rubber.winner is Side.NS
    assert rubber.rubber_bonus == 500
    two_nil = Rubber("contract_rubber")
    two_nil.record({"NS": 100}, {})
    assert two_nil.unfinished_totals() == PerSide(100 + 300, 0)
    two_nil.record({"NS": 120}, {})
    assert two_nil.rubber_bonus == 700


def test_chicago() -> None:
    chicago = Chicago(first_dealer="N")
    assert chicago.vulnerable_on(1) == frozenset()
    assert chicago.vulnerable_on(2) == frozenset({Side.EW})  # dealer East
    assert chicago.vulnerable_on(3) == frozenset({Side.NS})  # dealer South
    assert chicago.vulnerable_on(4) == frozenset(Side)
    chicago.score_hand("2S", "N", (8, 5))  # 60 part-score
    chicago.score_hand("2NT", "S", (8, 5))  # 70: game with the 60, NS not vulnerable: 300
    assert chicago.totals == PerSide(60 + 70 + 300, 0)
    assert chicago.toward_game == PerSide()
    chicago.score_hand("4H", "E", (2, 11))  # 120 + 30 overtrick, EW not vulnerable: 300
    assert chicago.totals.ew == 120 + 30 + 300
    chicago.score_hand("1NT", "W", (6, 7))  # fourth deal part-score: 40 + 100
    assert chicago.totals.ew == 450 + 40 + 100
    assert chicago.is_complete
    with pytest.raises(ScoringInputError, match="all the deals"):
        chicago.score_hand("1NT", "W", (6, 7))
    with pytest.raises(ScoringInputError, match="1 to 4"):
        chicago.vulnerable_on(5)
    with pytest.raises(ScoringInputError, match="no Chicago"):
        Chicago("contract_rubber")


def test_duplicate_tally_and_imps() -> None:
    tally = DuplicateTally("contract")
    first = tally.add(
        score_hand("contract", "4S", "N", (10, 3), vulnerable="NS"),  # team A NS: +620
        score_hand("contract", "4S", "N", (9, 4), vulnerable="NS"),  # team A EW: +100
    )
    assert first.team_a_net == 720
    tally.add(
        score_hand("contract", "3NT", "E", (4, 9)),  # team A NS: -400
        score_hand("contract", "2NT", "E", (4, 9)),  # team A EW: +150
    )
    assert tally.team_a_net == 720 - 250
    assert tally.team_b_net == -470
    assert tally.team_a_imps == 12 - 6
    with pytest.raises(ScoringInputError, match="rubbers"):
        DuplicateTally("auction_1912")


def test_historical_duplicate_tally() -> None:
    tally = DuplicateTally("bridge_duplicate")
    comparison = tally.add(
        score_hand("bridge_duplicate", "NT", "N", (9, 4), honours={"N": 2, "S": 1, "E": 1}),
        score_hand("bridge_duplicate", "H", "N", (10, 3), honours={"N": 2, "S": 1, "E": 1}),
    )
    assert comparison.table1_points == PerSide(66, 0)
    assert comparison.team_a_net == 18
    assert tally.boards == (comparison,)


def test_progressive_tally_with_players() -> None:
    tally = ProgressiveTally()
    hand = score_hand("bridge_progressive", "H", "N", (9, 4))  # NS 24
    tally.add(hand, {Seat.NORTH: "1", Seat.EAST: "2", Seat.SOUTH: "3", Seat.WEST: "4"})
    tally.add(hand, {"N": "2", "E": "1", "S": "4", "W": "3"})
    assert tally.won == {"1": 24, "2": 24, "3": 24, "4": 24}
    assert tally.net == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert tally.winners == ("1", "2", "3", "4")


def test_score_sheet_above_and_below_the_line() -> None:
    rubber = Rubber("auction_1912")
    rubber.score_hand("3NT", "N", (9, 4), honours={"N": 3})
    rubber.score_hand("3H", "E", (4, 9), honours={"E": 4, "W": 1})
    rubber.score_hand("4D", "S", (11, 2))
    sheet = rubber.score_sheet()
    lines = sheet.splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("=="))
    above, below = lines[:line], lines[line + 1 :]
    assert any("250" in text and "rubber bonus" in text for text in above)
    assert any("72" in text for text in above)  # EW's honours
    assert any("24" in text and "3H" in text for text in below)
    assert any("game 2: NS" in text for text in below)
    assert lines[-1] == "NS win the rubber by 249"
    assert "345" in sheet
    assert "96" in sheet
    assert str(rubber) == sheet
    assert "Rubber in progress" in Rubber("bridge_1906").score_sheet()
