"""Tests that kill the PBN-reading mutations issue 20 found surviving, through the public
reader (``redouble.formats.reads``): a trick count of 14 accepted in an
``OptimumResultTable``, and ``?`` no longer read as an unknown value. Double-dummy tables read
from text are compared with the values the text states, entry by entry."""

from __future__ import annotations

import pytest

from redouble.cards import Seat, Strain
from redouble.errors import FormatError
from redouble.formats import reads

DEAL = "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"

# An OptimumResultTable as PBN 2.1 (section 3.4.12, "Declarer;Denomination\2R;Result\2R")
# writes it: one row per declarer and denomination. Every entry differs from the others, and
# the extremes 0 and 13 both occur, so a misplaced or clipped entry shows.
ORT_ROWS = {
    ("N", "NT"): 13, ("N", "S"): 12, ("N", "H"): 8, ("N", "D"): 4, ("N", "C"): 0,
    ("S", "NT"): 11, ("S", "S"): 1, ("S", "H"): 10, ("S", "D"): 6, ("S", "C"): 2,
    ("E", "NT"): 3, ("E", "S"): 9, ("E", "H"): 7, ("E", "D"): 5, ("E", "C"): 1,
    ("W", "NT"): 5, ("W", "S"): 4, ("W", "H"): 2, ("W", "D"): 7, ("W", "C"): 3,
}  # fmt: skip
STRAINS = {"NT": Strain.NOTRUMP, "S": Strain.SPADES, "H": Strain.HEARTS, "D": Strain.DIAMONDS,
           "C": Strain.CLUBS}  # fmt: skip


def _board(rows: dict[tuple[str, str], int], extra: str = "") -> str:
    body = "\n".join(f"{seat} {strain} {n}" for (seat, strain), n in rows.items())
    return (
        f'[Board "1"]\n[Deal "{DEAL}"]\n{extra}'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
        f"{body}\n"
    )


def test_optimum_result_table_values_are_read_as_stated() -> None:
    """PBN 2.1, OptimumResultTable: each row's result is the tricks that declarer takes in that
    denomination; the record keeps exactly the values stated."""
    (rec,) = reads(_board(ORT_ROWS), "pbn")
    assert rec.dd_table is not None
    for (seat, strain), n in ORT_ROWS.items():
        assert rec.dd_table[STRAINS[strain]][Seat.parse(seat)] == n, (seat, strain)


@pytest.mark.parametrize("bad", ["14", "15", "-1", "x"])
def test_optimum_result_table_refuses_a_trick_count_above_13(bad: str) -> None:
    """A deal has thirteen tricks: a result of 14 (or more, or not a number) is no result."""
    text = _board(ORT_ROWS).replace("N NT 13", f"N NT {bad}")
    with pytest.raises(FormatError, match="trick count") as e:
        reads(text, "pbn")
    assert e.value.line == 4  # the row's line, after Board, Deal and the table's tag


def test_double_dummy_tricks_values_are_read_as_stated() -> None:
    """PBN 2.1, DoubleDummyTricks: 20 hexadecimal digits, declarers N S E W, each with the
    denominations NT S H D C."""
    digits = "dc840b1a623975154273"  # N: dc840, S: b1a62, E: 39751, W: 54273
    (rec,) = reads(f'[Board "1"]\n[Deal "{DEAL}"]\n[DoubleDummyTricks "{digits}"]\n', "pbn")
    assert rec.dd_table is not None
    seats, strains = "NSEW", ["NT", "S", "H", "D", "C"]
    for i, digit in enumerate(digits):
        seat, strain = seats[i // 5], strains[i % 5]
        assert rec.dd_table[STRAINS[strain]][Seat.parse(seat)] == int(digit, 16), (seat, strain)
        assert ORT_ROWS[seat, strain] == int(digit, 16)  # the same table as ORT_ROWS
    # Both given and equal: accepted; the table is the one both state.
    (both,) = reads(_board(ORT_ROWS, f'[DoubleDummyTricks "{digits}"]\n'), "pbn")
    assert both.dd_table == rec.dd_table


QUESTION_MARKS = """[Event "?"]
[Site "?"]
[Date "?"]
[Board "?"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "?"]
[Vulnerable "?"]
[Deal "?"]
[Scoring "?"]
[Declarer "?"]
[Contract "?"]
[Result "?"]
[DoubleDummyTricks "?"]
[Auction "?"]
[Play "?"]
"""


def test_question_mark_is_an_unknown_value() -> None:
    """PBN 2.1, section 3.2: a tag value "?" means the value is unknown. Every typed tag
    read as "?" is left unset (None), never parsed as a seat, contract or number."""
    (rec,) = reads(QUESTION_MARKS, "pbn")
    for field in ("board", "dealer", "vulnerability", "deal", "declarer", "contract", "result",
                  "dd_table", "auction", "play"):  # fmt: skip
        assert getattr(rec, field) is None, field
    # The same tags with real values are read, so the test above is not vacuous.
    known = (
        QUESTION_MARKS.replace('[Declarer "?"]', '[Declarer "E"]')
        .replace('[Result "?"]', '[Result "9"]')
        .replace('[Contract "?"]', '[Contract "3NT"]')
    )
    (rec,) = reads(known, "pbn")
    assert (rec.declarer, rec.result, str(rec.contract)) == (Seat.EAST, 9, "3NT")


# Survivors of the sampled mutation run (.ci/mutation.py), killed.

LIN = (
    "pn|S,W,N,E|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|sv|n|"
    "mb|1N|mb|p|mb|p|mb|p|pc|D2|pc|{card}|"
)


@pytest.mark.parametrize("card", ["-", "D3!", "D3?"])
def test_lin_pc_needs_a_plain_card(card: str) -> None:
    """LIN ``pc|`` plays one card: no placeholder, no annotation (those are PBN's)."""
    assert reads(LIN.format(card="D3"), "lin")[0].play is not None
    with pytest.raises(FormatError, match="needs a card"):
        reads(LIN.format(card=card), "lin")


def test_play_in_order_of_a_trick_left_unfinished() -> None:
    """PBN 2.1, the play section: each row lists a trick's cards by seat, in columns starting
    with the opening leader's; a row cut short (the play ending early, ``*``) holds its first
    columns, and the order of play follows each trick's winner."""
    from redouble.formats.records import PlayedCard, PlayRecord

    def row(*cards: str) -> tuple[PlayedCard, ...]:
        return tuple(PlayedCard.parse(c) for c in cards)

    # East leads; the columns are E S W N. West wins trick 1 with the heart ace; the short
    # second row fills its first two columns, East's and South's.
    play = PlayRecord(Seat.EAST, (row("H2", "H3", "HA", "H4"), row("C2", "C3")), False)
    got = [(s, pc.token) for s, pc in play.in_order(Strain.NOTRUMP)]
    assert got == [
        (Seat.EAST, "H2"), (Seat.SOUTH, "H3"), (Seat.WEST, "HA"), (Seat.NORTH, "H4"),
        (Seat.EAST, "C2"), (Seat.SOUTH, "C3"),
    ]  # fmt: skip


def test_play_from_the_order_of_play_pads_a_short_last_trick() -> None:
    """LIN lists the cards in the order of play; PBN's play section puts them in seat columns
    (the opening leader's first), a short last trick filled with ``-`` before its last card."""
    from redouble.formats.records import PlayedCard, PlayRecord

    cards = [PlayedCard.parse(c) for c in ("H2", "H3", "HA", "H4", "C2", "C3")]
    play = PlayRecord.from_order(Seat.EAST, cards, Strain.NOTRUMP, is_complete=False)
    assert [[pc.token for pc in row] for row in play.tricks] == [
        ["H2", "H3", "HA", "H4"],
        ["-", "-", "C2", "C3"],  # West, who won trick 1, leads C2; North follows
    ]
    real = [(s, pc.token) for s, pc in play.in_order(Strain.NOTRUMP) if pc.card is not None]
    assert real[4:] == [(Seat.WEST, "C2"), (Seat.NORTH, "C3")]
