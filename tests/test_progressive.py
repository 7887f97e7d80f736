"""Progressive Bridge (Elwell, 1906): players numbered by table, a stated number of hands a
round, partners cut at each table, individual points won and lost, best net wins; players
move between tables as in Progressive Euchre (winners up a table; table 1's losers to the
last table).

The two-table example below was worked by hand from those rules, hand by hand (the trick
values of Bridge: spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12 a trick over six;
no honours held, so each hand scores only its odd tricks, for whichever side wins them).
"""

from __future__ import annotations

import pytest

from redouble.errors import LawSetError
from redouble.scoring import HandScore, ProgressiveSession, ScoringInputError, score_hand


def _hand(contract: str, declarer: str, ns: int) -> HandScore:
    return score_hand(
        "bridge_progressive", contract, declarer, {"NS": ns, "EW": 13 - ns}, honours={}
    )


# Round 1. Table 1: 1 and 3 cut North-South, 2 and 4 East-West. Table 2: 5 and 7, 6 and 8.
T1R1 = {"N": "1", "E": "2", "S": "3", "W": "4"}
T2R1 = {"N": "5", "E": "6", "S": "7", "W": "8"}
ROUND_1 = [
    (1, _hand("H", "N", 9), T1R1),  # hearts, NS 9 tricks: 3 x 8 = 24 to 1 and 3
    (1, _hand("C", "E", 5), T1R1),  # clubs, EW 8 tricks: 2 x 4 = 8 to 2 and 4
    (2, _hand("D", "S", 7), T2R1),  # diamonds, NS 7: 1 x 6 = 6 to 5 and 7
    (2, _hand("S", "W", 3), T2R1),  # spades, EW 10: 4 x 2 = 8 to 6 and 8
]
# Table 1: 1-3 have 24, 2-4 have 8: 1 and 3 stay, 2 and 4 go to the last table (2).
# Table 2: 5-7 have 6, 6-8 have 8: 6 and 8 move up to table 1, 5 and 7 stay.
# Round 2. Table 1 (1, 3, 6, 8) cuts 1 and 6 against 3 and 8; table 2 (5, 7, 2, 4) 2 and 5
# against 4 and 7.
T1R2 = {"N": "1", "E": "3", "S": "6", "W": "8"}
T2R2 = {"N": "2", "E": "4", "S": "5", "W": "7"}
ROUND_2 = [
    (1, _hand("NT", "N", 10), T1R2),  # no trumps, NS 10: 4 x 12 = 48 to 1 and 6
    (1, _hand("H", "E", 8), T1R2),  # East's hearts fail, NS take 8: 2 x 8 = 16 to 1 and 6
    (2, _hand("C", "N", 7), T2R2),  # clubs, NS 7: 4 to 2 and 5
    (2, _hand("D", "W", 4), T2R2),  # diamonds, EW 9: 3 x 6 = 18 to 4 and 7
]
# Won and lost, player by player (each wins his side's points and loses the other side's):
#   1: won 24 + 48 + 16 = 88, lost 8            net  80
#   2: won 8 + 4 = 12,        lost 24 + 18 = 42 net -30
#   3: won 24,                lost 8 + 48 + 16 = 72  net -48
#   4: won 8 + 18 = 26,       lost 24 + 4 = 28  net  -2
#   5: won 6 + 4 = 10,        lost 8 + 18 = 26  net -16
#   6: won 8 + 48 + 16 = 72,  lost 6            net  66
#   7: won 6 + 18 = 24,       lost 8 + 4 = 12   net  12
#   8: won 8,                 lost 6 + 48 + 16 = 70  net -62
WON = {"1": 88, "2": 12, "3": 24, "4": 26, "5": 10, "6": 72, "7": 24, "8": 8}
LOST = {"1": 8, "2": 42, "3": 72, "4": 28, "5": 26, "6": 6, "7": 12, "8": 70}


def test_hand_scores_of_the_example_are_the_hand_worked_ones() -> None:
    points = [h.deal_points.to_dict() for _, h, _ in ROUND_1 + ROUND_2]
    assert points == [
        {"NS": 24, "EW": 0},
        {"NS": 0, "EW": 8},
        {"NS": 6, "EW": 0},
        {"NS": 0, "EW": 8},
        {"NS": 48, "EW": 0},
        {"NS": 16, "EW": 0},
        {"NS": 4, "EW": 0},
        {"NS": 0, "EW": 18},
    ]


def test_two_tables_two_rounds_movement_and_tally() -> None:
    session = ProgressiveSession(tables=2, hands_per_round=2)
    assert session.tables == (("1", "2", "3", "4"), ("5", "6", "7", "8"))
    for table, hand, seats in ROUND_1:
        session.record(table, hand, seats)
    assert session.end_round() == (("1", "3", "6", "8"), ("2", "4", "5", "7"))
    assert session.round == 2
    for table, hand, seats in ROUND_2:
        session.record(table, hand, seats)
    # Table 1: 1-6 have 64, 3-8 none: 1 and 6 stay, 3 and 8 go down; table 2: 4-7 (18) beat
    # 2-5 (4): 4 and 7 move up.
    assert session.end_round() == (("1", "4", "6", "7"), ("2", "3", "5", "8"))
    assert session.won == WON
    assert session.lost == LOST
    assert session.net == {p: WON[p] - LOST[p] for p in WON}
    assert sum(session.net.values()) == 0
    assert session.winners == ("1",)
    assert session.rounds[0] == (1, 1, {frozenset({"1", "3"}): 24, frozenset({"2", "4"}): 8})
    sheet = session.score_sheet().splitlines()
    assert sheet[1].split() == ["1", "88", "8", "80"]
    assert sheet[-1].split() == ["8", "8", "70", "-62"]


def test_three_tables_move_winners_up_and_the_head_tables_losers_to_the_foot() -> None:
    session = ProgressiveSession(tables=3, hands_per_round=1, players=list("ABCDEFGHIJKL"))
    seats = [dict(zip("NESW", session.tables[t], strict=True)) for t in range(3)]
    session.record(1, _hand("H", "N", 9), seats[0])  # NS (A, C) win table 1
    session.record(2, _hand("H", "N", 4), seats[1])  # EW (F, H) win table 2
    session.record(3, _hand("H", "N", 9), seats[2])  # NS (I, K) win table 3
    assert session.end_round() == (
        ("A", "C", "F", "H"),  # table 1's winners stay, table 2's come up
        ("E", "G", "I", "K"),  # table 2's losers stay, table 3's winners come up
        ("B", "D", "J", "L"),  # table 1's losers go to the foot, table 3's losers stay
    )


def test_a_tie_at_a_table_is_decided_by_the_players() -> None:
    session = ProgressiveSession(tables=2, hands_per_round=2)
    for _ in range(2):
        session.record(1, _hand("H", "N", 9), T1R1)  # 24 NS each time
    session.record(2, _hand("H", "N", 7), T2R1)  # NS 7 tricks: 8 to 5 and 7
    session.record(2, _hand("H", "E", 6), T2R1)  # EW 7 tricks: 8 to 6 and 8: a tie
    with pytest.raises(ScoringInputError, match="table 2 tie on 8"):
        session.end_round()
    with pytest.raises(ScoringInputError, match="table 2 tie"):
        session.end_round(ties={2: "1"})  # not a player of table 2
    assert session.rounds == ()  # the refusals changed nothing
    assert session.end_round(ties={2: "8"}) == (("1", "3", "6", "8"), ("2", "4", "5", "7"))


def test_one_table_nobody_moves_and_partners_are_cut_again() -> None:
    session = ProgressiveSession(tables=1, hands_per_round=1)
    session.record(1, _hand("H", "N", 9), {"N": "1", "E": "2", "S": "3", "W": "4"})
    assert session.end_round() == (("1", "2", "3", "4"),)
    session.record(1, _hand("H", "N", 9), {"N": "1", "E": "3", "S": "2", "W": "4"})
    assert session.net == {"1": 48, "2": 0, "3": 0, "4": -48}


def test_bad_entries_are_refused_before_anything_changes() -> None:
    session = ProgressiveSession(tables=2, hands_per_round=1)
    hand = _hand("H", "N", 9)
    with pytest.raises(ScoringInputError, match="four players of table 1"):
        session.record(1, hand, {"N": "1", "E": "2", "S": "3", "W": "5"})
    with pytest.raises(ScoringInputError, match="table must be from 1 to 2"):
        session.record(3, hand, {"N": "1", "E": "2", "S": "3", "W": "4"})
    # Both law sets are named as a reader finds them, not by their ids.
    with pytest.raises(
        ScoringInputError,
        match=r"under Bridge \(Elwell, 1906\), not Progressive Bridge \(Elwell, 1906\)$",
    ):
        session.record(1, score_hand("bridge_1906", "H", "N", {"NS": 9, "EW": 4}), T1R1)
    with pytest.raises(ScoringInputError, match="not played their 1 hand"):
        session.end_round()
    assert session.won == {}
    session.record(1, hand, T1R1)
    with pytest.raises(ScoringInputError, match="has played its 1 hand"):
        session.record(1, hand, T1R1)
    two = ProgressiveSession(tables=1, hands_per_round=2)
    two.record(1, hand, T1R1)
    with pytest.raises(ScoringInputError, match="partners"):
        two.record(1, hand, {"N": "1", "E": "3", "S": "2", "W": "4"})
    with pytest.raises(TypeError, match="tables"):
        ProgressiveSession(tables="2", hands_per_round=1)  # type: ignore[arg-type]
    with pytest.raises(ScoringInputError, match="hands_per_round"):
        ProgressiveSession(tables=1, hands_per_round=0)
    with pytest.raises(ScoringInputError, match="players"):
        ProgressiveSession(tables=1, hands_per_round=1, players=["a", "b", "c", "c"])
    with pytest.raises(ScoringInputError, match="progressive tally"):
        ProgressiveSession("bridge_1906", tables=1, hands_per_round=1)
    with pytest.raises(LawSetError):
        ProgressiveSession("no_such_laws", tables=1, hands_per_round=1)
