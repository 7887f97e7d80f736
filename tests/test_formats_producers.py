"""Shapes that other programs' files take, each in a small file or text of our own that copies
the shape (the producer is named where it is known), read as the standard they follow says."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

from redouble.cards import Seat, Strain
from redouble.errors import FormatError
from redouble.formats import PlayedCard, PlayRecord, lin, pbn, reads, writes

DATA = Path(__file__).parent / "data" / "formats"

# The double-dummy tricks of the deal in ort_headers.pbn, by declarer (N S E W) and strain
# (NT S H D C), as the file states them.
ORT_TRICKS = {
    "N": (7, 7, 6, 6, 8),
    "S": (7, 7, 6, 6, 8),
    "E": (5, 5, 7, 7, 4),
    "W": (5, 5, 7, 6, 4),
}
ORT_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def test_optimum_result_table_is_read_whatever_widths_its_header_gives() -> None:
    """PBN 2.1 §5.7: the table's columns are Declarer, Denomination and Result; the width and
    alignment after a column's name only lay it out. BridgeComposer writes Result\\1R when every
    count has one digit, double-dummy import files write no widths: both are the full table."""
    first, second, third = pbn.loads((DATA / "ort_headers.pbn").read_text())
    for rec in (first, second):
        assert rec.dd_table is not None, rec.board
        assert rec.tables == ()
        for seat, counts in ORT_TRICKS.items():
            for strain, n in zip(ORT_STRAINS, counts, strict=True):
                assert rec.dd_table[strain][Seat.parse(seat)] == n, (rec.board, seat, strain)
    # A table of other columns under the same name is some other table: kept as it stands.
    assert third.dd_table is None
    assert [(t.name, t.header, t.rows) for t in third.tables] == [
        (
            "OptimumResultTable",
            "Declarer;Denomination;Result;Score",
            (("N", "NT", "7", "-50"), ("N", "S", "7", "-50")),
        )
    ]
    # Written out, each reads back the same (the full tables under PBN's own header).
    boards = [first, second, third]
    assert pbn.loads(pbn.dumps(boards)) == boards
    assert reads(writes([first, second], "json"), "json") == [first, second]


# A board of BBO's hand records (the LIN its "My hands" pages give): played to the last card,
# so with no mc| claim; the cards of each suit low to high, East's hand left to the rest of the
# pack. East declares 4H; the tricks of the play give East-West ten.
BBO_TRICKS = (
    "CK C8 CT CA",
    "DA DK D7 DJ",
    "HA HQ H7 HJ",
    "HK HT H6 SQ",
    "DQ D8 D5 DT",
    "SJ SK SA ST",
    "S9 S8 S5 S4",
    "S6 S7 C9 CQ",
    "D9 D4 D6 D3",
    "C7 C2 CJ C3",
    "H8 H4 C5 H9",
    "H5 H2 S3 C4",
    "H3 C6 D2 S2",
)
BBO_PLAYED_OUT = (
    "pn|Sam,Wes,Nora,Ed|st||md|4S4KH28TQD68KC6JQK,S369AH467D2357C38,S278TQHJD9TJC457T,|rh||"
    "ah|Board 2|sv|n|mb|1H|mb|p|mb|2H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||"
    + "".join("".join(f"pc|{c}|" for c in t.split()) + "pg||" for t in BBO_TRICKS)
    + "\n"
)


def test_lin_board_played_to_the_end_has_the_result_its_play_gives() -> None:
    """LIN has no result key: a claim (mc|) states one, and a board played to its last card
    has the tricks its play gives the declarer, as BBO's viewer counts them."""
    (rec,) = lin.loads(BBO_PLAYED_OUT)
    with mock.patch.object(lin, "_LEXER", "python"):  # the reference reader counts the same
        assert lin.loads(BBO_PLAYED_OUT) == [rec]
    assert (str(rec.contract), rec.declarer) == ("4H", Seat.EAST)
    assert rec.play is not None
    assert rec.play.is_complete
    assert sum(len(t) for t in rec.play.tricks) == 52
    assert (rec.claim, rec.result) == (None, 10)
    # PBN states it; LIN gives it back from the play alone (no tg|Result| beside it).
    assert '[Result "10"]' in pbn.dumps([rec])
    assert [pbn.pbn_view(b) for b in pbn.loads(pbn.dumps([rec]))] == [pbn.pbn_view(rec)]
    text = lin.dumps([rec])
    assert "tg|" not in text
    assert lin.loads(text) == [rec]
    # A stated result the play does not give (a trick conceded, a ruling) is kept beside it.
    ruled = rec.replace(result=9)
    assert "tg|Result=9|" in lin.dumps([ruled])
    assert lin.loads(lin.dumps([ruled])) == [ruled]
    # Play that stops short of the last card, with no claim, states no result.
    cut = BBO_PLAYED_OUT.replace("pc|S2|pg||", "")
    assert lin.loads(cut)[0].result is None


def test_a_writer_refusing_one_board_of_many_names_it() -> None:
    """pbntools writes the tricks a claim saved as rows of "- - - -"; PBN holds them, LIN
    cannot. Converting a file of many boards, the refusal names which board stops it."""
    played = lin.loads(BBO_PLAYED_OUT)[0]
    assert played.play is not None
    cut = played.play.tricks[:11] + ((PlayedCard("-"),) * 4,) * 2
    claimed = played.replace(board=7, play=PlayRecord(played.play.leader, cut), result=11)
    boards = [played, claimed]
    assert pbn.loads(pbn.dumps(boards))[1].play == claimed.play
    with pytest.raises(FormatError, match=r"^record 2 \(board 7\): LIN cannot hold this board"):
        lin.dumps(boards)
    with pytest.raises(FormatError, match=r"^record 1: PBN cannot hold the tag name"):
        pbn.dumps([played.replace(board=None, tags=(("Bad name", "x"),))])
