"""Shapes that other programs' files take, each in a small file or text of our own that copies
the shape (the producer is named where it is known), read as the standard they follow says."""

from __future__ import annotations

from pathlib import Path

from redouble.cards import Seat, Strain
from redouble.formats import pbn, reads, writes

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
