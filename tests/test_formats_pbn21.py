"""Issue 16's defects, each against a small file of our own that exercises a PBN 2.1 rule."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from redouble.cards import Seat
from redouble.deal import Deal
from redouble.errors import FormatError, RedoubleError
from redouble.formats import lin, pbn, read, reads, write, writes
from redouble.formats.records import AuctionRecord, BoardRecord, Call, Contract, PlayRecord

DATA = Path(__file__).parent / "data" / "formats"
DEAL = "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"


def test_s3_8_comment_inside_a_section_does_not_end_it() -> None:
    rec = read(DATA / "comment_in_section.pbn")[0]
    assert rec.auction is not None
    assert [c.token for c in rec.auction.calls] == ["1D", "1S", "2H", "Pass", "Pass", "Pass"]
    assert rec.commentary == (
        " East overcalls on a four-card suit",
        "the lead",
        " second trick",
        "first pair",
    )
    assert rec.play is not None
    assert [p.token for p in rec.play.tricks[0]] == ["SA", "S3", "S2", "S4"]
    assert rec.tables[0].rows == (("1", "2", "-500"), ("3", "4", '"110"'))
    assert pbn.loads(pbn.dumps([rec])) == [rec]


def test_s3_4_15_result_forms_and_s3_4_13_irregular_declarer() -> None:
    boards = read(DATA / "result_forms.pbn")
    assert [b.result for b in boards] == [11, 4, 9, 9, 9]
    assert boards[0].tag("Result") == "NS 11"
    assert boards[4].declarer is Seat.SOUTH
    assert boards[4].tag("Declarer") == "^S"
    text = pbn.dumps(boards)
    assert '[Result "NS 9 EW 4"]' in text
    assert '[Declarer "^S"]' in text
    assert pbn.loads(text) == boards
    # The other side's count alone: the declarer takes the rest of the 13.
    assert pbn.result_tricks("EW 4", Seat.NORTH) == 9
    for bad in ("NS", "NS 14", "NS 9 NS 4", "NS 9 EW 5", "9 tricks", "²"):
        with pytest.raises(FormatError):
            pbn.result_tricks(bad, Seat.NORTH)


def test_s4_8_tag_inheritance() -> None:
    boards = read(DATA / "inheritance.pbn")
    # "#" on the first board: nothing to inherit, the value is empty.
    assert boards[0].tag("Event") == ""
    assert boards[1].tag("Event") == "Pairs"
    # "#" takes the last board that had the tag, not only the board before.
    assert boards[2].tag("Event") is None
    assert boards[3].tag("Event") == "Pairs"
    # "##": "use this text in all subsequent games", which need not repeat the tag; a later
    # value redefines it for the games after it ("the next 24 boards are played at the next
    # day").
    assert [b.tag("Date") for b in boards] == [
        None,
        "2026.01.01",
        "2026.01.01",
        "2026.01.02",
        "2026.01.02",
    ]
    assert boards[2].tags == (("Date", "2026.01.01"),)
    assert boards[4].tags == (("Date", "2026.01.02"),)
    assert boards[4].commentary_after == ("",)
    # Written out, every board states its date.
    assert pbn.loads(pbn.dumps(boards)) == boards


@pytest.mark.parametrize("name", ["Dealer", "Deal", "Contract", "Auction", "Play", "note"])
def test_s4_8_tags_a_board_states_itself_cannot_use_hash_hash(name: str) -> None:
    # "The tags that are forbidden to use '#' (see above), are also forbidden to use ##."
    with pytest.raises(FormatError, match="cannot begin with '##'") as e:
        pbn.loads(f'[Board "1"]\n[{name} "##N"]\n')
    assert (e.value.line, e.value.column) == (2, 1)


def test_s5_7_partial_optimum_result_table_and_rows_over_lines() -> None:
    first, second = read(DATA / "partial_ort.pbn")
    assert first.dd_table is None
    assert first.tables[0].name == "OptimumResultTable"
    assert first.tables[0].rows == (("N", "NT", "9"), ("S", "NT", "9"), ("E", "S", "4"))
    assert pbn.loads(pbn.dumps([first])) == [first]
    # Checked where it speaks against DoubleDummyTricks, which gives the whole table.
    assert second.dd_table is not None
    assert second.tables == ()
    bad = (DATA / "partial_ort.pbn").read_text().replace("W  C 6", "W  C 7")
    with pytest.raises(FormatError, match="disagrees"):
        pbn.loads(bad)


@pytest.mark.parametrize("name", ["latin1.pbn", "utf8_bom.pbn", "utf8.pbn"])
def test_s2_2_character_sets(name: str) -> None:
    rec = read(DATA / name)[0]
    assert rec.tag("Event") == "Coupe de l'été".replace("'", "")
    assert rec.tag("North") == "François Müller"


def test_s2_2_encoding_parameter_and_decoding_errors_name_line_and_column() -> None:
    raw = (DATA / "latin1.pbn").read_bytes()
    assert read(io.BytesIO(raw), "pbn", encoding="latin-1")[0].tag("North") == "François Müller"
    with pytest.raises(FormatError, match="not valid utf-8") as e:
        read(io.BytesIO(raw), "pbn", encoding="utf-8")
    assert (e.value.line, e.value.column) == (2, 19)
    with pytest.raises(FormatError, match="not valid utf-8") as e:
        read(io.BytesIO(b'[Event "ok"]\n[Site "\xe9"]\n'), "lin", encoding="utf-8")
    assert (e.value.line, e.value.column) == (2, 8)
    with pytest.raises(FormatError, match="unknown encoding"):
        read(io.BytesIO(raw), "pbn", encoding="no-such-codec")


def test_cli_converts_a_latin1_file(tmp_path: Path) -> None:
    from redouble.cli import main

    status = main(["convert", str(DATA / "latin1.pbn"), str(tmp_path / "x.json")])
    assert status == 0
    assert "François" in (tmp_path / "x.json").read_text(encoding="utf-8")


def test_lin_writer_writes_the_dealer_of_an_auction_without_a_deal() -> None:
    """Issue 16 defect 6: an auction and no deal gave md|,,,| and read back as an error."""
    rec = BoardRecord(auction=AuctionRecord(Seat.WEST, (Call("1NT"),) + (Call("Pass"),) * 3))
    back = lin.loads(lin.dumps([rec]))[0]
    assert back.dealer is Seat.WEST
    assert back.auction == rec.auction
    assert back.deal is None
    assert back.partial_hands is None


def test_pbn_to_lin_carries_contract_declarer_and_result_without_an_auction() -> None:
    """Issue 16 defect 7: they were dropped; now they travel and come back."""
    rec = BoardRecord(
        tags=(("Event", "Pairs"),),
        board=3,
        deal=Deal.from_pbn(DEAL),
        contract=Contract.parse("4HX"),
        declarer=Seat.EAST,
        result=8,
        score="NS 500",
        dd_table=((7, 6, 7, 6),) * 5,
    )
    back = lin.loads(lin.dumps([rec]))[0]
    assert lin.lin_view(back) == lin.lin_view(rec)
    assert back.contract == rec.contract
    assert back.result == 8
    assert back.tag("Event") == "Pairs"


def test_pbn_to_lin_carries_the_result_of_a_board_played_to_the_end(tmp_path: Path) -> None:
    """Issue 16 defect 7: Result was kept only when the play ended in a claim."""
    rec = read(DATA / "played_result.pbn")[0]
    assert rec.play is not None
    assert rec.play.is_complete
    assert (rec.result, rec.claim) == (11, None)
    back = lin.loads(lin.dumps([rec]))[0]
    assert (back.contract, back.declarer, back.result) == (rec.contract, rec.declarer, 11)
    assert back.auction == rec.auction
    assert back.play == rec.play
    again = pbn.loads(pbn.dumps([back]))[0]
    assert (again.contract, again.declarer, again.result) == (rec.contract, rec.declarer, 11)


def test_cli_convert_to_lin_fails_on_what_lin_cannot_carry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 defect 7: the conversion exited 0 having lost data; now it fails, one line."""
    from redouble.cli import main

    status = main(["convert", str(DATA / "comment_in_section.pbn"), str(tmp_path / "x.lin")])
    err = capsys.readouterr().err
    assert status != 0
    assert "ScoreTable" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.lin").exists()


def test_pbn_to_lin_refuses_what_it_cannot_carry_naming_it() -> None:
    base = BoardRecord(deal=Deal.from_pbn(DEAL), dealer=Seat.NORTH)
    play = PlayRecord(Seat.EAST, ((pbn.PlayedCard("SA", "why"),),), False)
    cases = [
        (base.replace(tables=(pbn.TableRecord("ScoreTable", "A", (("1",),)),)), "ScoreTable"),
        (
            base.replace(contract=Contract.parse("3NT"), declarer=Seat.NORTH, play=play),
            "notes",
        ),
        (
            base.replace(auction=AuctionRecord(Seat.NORTH, (Call("1C"),), is_complete=False)),
            "unfinished",
        ),
    ]
    for rec, what in cases:
        with pytest.raises(FormatError, match=what):
            lin.dumps([rec])
    with pytest.raises(FormatError, match="ScoreTable"):
        writes([cases[0][0]], "lin")


def test_contract_is_derived_from_a_complete_auction() -> None:
    rec = read(DATA / "contract_from_auction.pbn")[0]
    assert rec.contract == Contract.parse("3NTX")
    assert rec.declarer is Seat.EAST
    assert rec.claim == 9
    assert rec.plays()[0] == (Seat.SOUTH, pbn.PlayedCard("D2").card)
    assert lin.loads(lin.dumps([rec]))[0].contract == rec.contract


def test_minor_defects_empty_tags_partial_hands_and_commentary_places() -> None:
    rec = read(DATA / "empty_tags.pbn")[0]
    text = pbn.dumps([rec])
    for tag in ('[Site "?"]', '[Dealer "?"]', '[Deal ""]', '[Result "?"]', '[Contract ""]'):
        assert tag in text
    assert pbn.loads(text) == [rec]
    lines = text.splitlines()
    assert lines[1] == "{before the first tag}"
    assert lines[lines.index('[Board "7"]') + 1] == "{after the board number}"
    # A board without a deal keeps none after LIN and back.
    plain = BoardRecord(board=1)
    again = pbn.loads(pbn.dumps(lin.loads(lin.dumps([plain]))))[0]
    assert again.deal is None
    assert again.partial_hands is None
    assert "[Deal" not in pbn.dumps([again])
    # A partial deal with a 14-card hand is refused.
    with pytest.raises(FormatError, match="13 cards"):
        pbn.loads('[Deal "N:AKQJT98765432.A.. - - -"]\n')
    with pytest.raises(FormatError, match="13 cards"):
        lin.loads("md|3SAKQJT98765432HA,,,|")


def test_errors_skip_returns_good_boards_and_problems_with_lines() -> None:
    with pytest.raises(FormatError, match="3NR"):
        read(DATA / "skip_bad_board.pbn")
    boards = read(DATA / "skip_bad_board.pbn", errors="skip")
    assert [b.board for b in boards] == [1, 3]
    assert len(boards.problems) == 1
    assert boards.problems[0].line == 6
    lin_text = "md|3SA,SK,SQ,SJ|\nmd|3SA,SK,SQ,SJ|mb|9X|\nmd|3SA,SK,SQ,SJ|ah|Board 3|\n"
    skipped = reads(lin_text, "lin", errors="skip")
    assert len(skipped) == 2
    assert skipped[1].board == 3
    assert skipped.problems[0].line == 2
    with pytest.raises(FormatError, match="errors"):
        reads(lin_text, "lin", errors="ignore")


def test_write_refuses_tag_names_and_values_pbn_cannot_hold(tmp_path: Path) -> None:
    for tags, what in (
        ((("a b]", "x"),), "tag name"),
        ((("Event", "#"),), "inherit"),
        ((("Board", "2"),), "disagrees"),
        ((("Auction", "N"),), "disagrees"),
    ):
        with pytest.raises(FormatError, match=what):
            write([BoardRecord(tags=tags)], tmp_path / "x.pbn")
        assert not (tmp_path / "x.pbn").exists()


def test_deal_only_fast_path_matches_the_reader() -> None:
    """pbn.load_deals: the core's scanner gives the reader's deals, skips commentary and
    quoted strings, resolves '#' and names the line of an error."""
    text = (Path(__file__).parent / "data" / "games" / "sample.pbn").read_text()
    text += '\n{ [Deal "N:garbage"] }\n[Board "9"]\n[Deal "#"]\n[Event "x [Deal \\"y\\"]"]\n'
    boards = pbn.loads(text)
    arr = pbn.loads_deals(text)
    want = [
        [0 if h is None else h.mask for h in (b.hand(s) for s in Seat)]
        for b in boards
        if b.deal is not None or b.partial_hands is not None
    ]
    assert arr.dtype.name == "uint64"
    assert arr.tolist() == want
    assert pbn.load_deals(DATA / "empty_tags.pbn").shape == (0, 4)
    with pytest.raises(FormatError, match="line 2"):
        pbn.loads_deals('[Board "1"]\n[Deal "N:AKQ"]\n')
    with pytest.raises(FormatError, match="ASCII"):
        pbn.loads_deals('[Deal "N:AKé.T98.765.432 - - -"]\n')
    with pytest.raises(RedoubleError, match="13 cards"):
        pbn.loads_deals('[Deal "N:AKQJT98765432.A.. - - -"]\n')
