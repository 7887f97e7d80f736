"""Tests that kill the PBN-reading mutations issue 20 found surviving, through the public
reader (``redouble.formats.reads``): a trick count of 14 accepted in an
``OptimumResultTable``, and ``?`` no longer read as an unknown value. Double-dummy tables read
from text are compared with the values the text states, entry by entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble.cards import Seat, Strain
from redouble.errors import FormatError
from redouble.formats import lin, pbn, reads, writes
from redouble.formats.json_format import record_from_dict
from redouble.formats.lin import lin_view
from redouble.formats.records import BoardRecord, DeclarationRecord

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


# The Python reference reader (``redouble.formats.pbn.PbnReader``) is what the core's lexer is
# checked against, but the public readers use the core; the tests below run through both, so
# a mistake in either shows. Each case states what PBN 2.1 (or the reader's `Limits`) asks.


@pytest.fixture(params=["core", "python"])
def lexer(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both PBN lexers: the core's (the default) and the Python reference."""
    monkeypatch.setattr(pbn, "_LEXER", request.param)
    return str(request.param)


B1 = '[Board "1"]\n'
AUCTION = B1 + '[Auction "N"]\n1C 1D 1H 1S\n'  # 2 tag pairs and 4 tokens: 6 parts

# (board text, limits, the error's message, line, column); None: the board is read.
LEXING = {
    # A string token (PBN 2.1 section 3.1.1) runs to its closing quote on the same line.
    "unterminated string": (B1 + '[Auction "N"]\n1NT "abc\n', {}, "unterminated string", 3, 5),
    # A tag pair is [Name "value"] (section 3.1).
    "malformed tag pair": (B1 + "[Deal x]\n", {}, "malformed tag pair", 2, 1),
    # Commentary {...} may span lines but must close (section 3.8).
    "open commentary": (B1 + "{abc\n\nxyz\n", {}, "never closed", 2, 1),
    # Limits.max_line: the line '[Event "abcdefgh"]' has 18 characters.
    "line of max_line": (B1 + '[Event "abcdefgh"]\n', {"max_line": 18}, None, 0, 0),
    "line over max_line": (B1 + '[Event "abcdefgh"]\n', {"max_line": 17}, "line longer", 2, 18),
    # Limits.max_commentary counts a commentary's text and a line end per line.
    "commentary of max": (B1 + "{abcdef}\n", {"max_commentary": 7}, None, 0, 0),
    "commentary over max": (B1 + "{abcdef}\n", {"max_commentary": 6}, "exceeds 6", 2, 1),
    "comment of max": (B1 + ";abcdef\n", {"max_commentary": 7}, None, 0, 0),
    "comment over max": (B1 + ";abcdef\n", {"max_commentary": 6}, "exceeds 6", 2, 1),
    # Limits.max_section_tokens: the fourth token, 1S at column 10, is one too many.
    "tokens of max": (AUCTION, {"max_section_tokens": 4}, None, 0, 0),
    "tokens over max": (AUCTION, {"max_section_tokens": 3}, "more than 3 tokens", 3, 10),
    "quoted token over max": (
        B1 + '[Auction "N"]\n1C 1D "x" 1S\n', {"max_section_tokens": 3}, "more than 3 tokens",
        3, 11,
    ),
    # Limits.max_board_parts: tag pairs and tokens; the board stops where the count is full.
    "parts of max": (AUCTION, {"max_board_parts": 6}, None, 0, 0),
    "parts over max": (AUCTION, {"max_board_parts": 5}, "more than 5 parts", 3, 9),
    "parts over max, one line": (
        B1 + '[Auction "N"] 1C 1D 1H 1S\n', {"max_board_parts": 4}, "more than 4 parts", 2, 20,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(LEXING))
def test_lexing_errors_and_limits_at_their_bounds(lexer: str, case: str) -> None:
    """Each lexing error names its line and column, and each limit of `Limits` admits a
    board exactly at it and refuses one past it; the core and the reference agree."""
    text, limits, message, line, column = LEXING[case]
    if message is None:
        assert len(pbn.loads(text, limits=pbn.Limits(**limits))) == 1
        return
    with pytest.raises(FormatError, match=message) as e:
        pbn.loads(text, limits=pbn.Limits(**limits))
    assert (e.value.line, e.value.column) == (line, column)


def test_a_limit_of_one_is_the_smallest() -> None:
    """`Limits`: every bound is at least 1; 1 is accepted and 0 refused, naming the bound."""
    fields = ("max_line", "max_section_tokens", "max_board_parts", "max_commentary")
    assert pbn.Limits(**dict.fromkeys(fields, 1)) is not None
    for f in fields:
        with pytest.raises(FormatError, match=f"{f} must be at least 1, got 0"):
            pbn.Limits(**{f: 0})


def test_lin_md_with_two_full_hands_is_a_partial_deal() -> None:
    """LIN ``md|``: a hand left empty is unknown; only three full hands imply the fourth, so
    two full hands make a partial deal, not a completed one."""
    two = "md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,,|"
    (rec,) = reads(two, "lin")
    assert rec.deal is None
    assert rec.partial_hands is not None
    # Indexed N, E, S, W: the first two hands of md| are South's and West's.
    assert [h is None for h in rec.partial_hands] == [True, True, False, False]
    three = "md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863,|"
    (full,) = reads(three, "lin")
    assert full.deal is not None
    assert full.partial_hands is None


def test_lin_load_takes_the_encoding_by_keyword_only(tmp_path: Path) -> None:
    """`lin.load(source, *, encoding=...)`: the encoding is named, never positional."""
    path = tmp_path / "one.lin"
    path.write_text(LIN.format(card="D3"), encoding="utf-8")
    assert len(lin.load(path, encoding="utf-8")) == 1
    assert len(lin.load(source=path)) == 1
    with pytest.raises(TypeError):
        lin.load(path, "utf-8")  # type: ignore[misc]


def test_lin_view_takes_the_dealer_from_the_auction() -> None:
    """LIN states the dealer with the deal (``md|``), so a record with no dealer but an
    auction reads back from LIN with the auction's first caller as the dealer."""
    (rec,) = reads(B1 + '[Auction "E"]\n1NT Pass Pass Pass\n', "pbn")
    assert rec.dealer is None
    assert lin_view(rec).dealer is Seat.EAST
    (given,) = reads(B1 + '[Dealer "E"]\n[Auction "E"]\n1NT Pass Pass Pass\n', "pbn")
    assert lin_view(given).dealer is Seat.EAST


def test_json_auction_with_an_unknown_key_is_refused_naming_it() -> None:
    """The JSON format's auction object has the keys first, calls and complete only."""
    with pytest.raises(FormatError, match=r"unknown keys \['bogus'\]"):
        record_from_dict({"auction": {"first": "N", "calls": [], "bogus": 1}})


@pytest.mark.parametrize(
    "deal",
    [
        "N:AKQJ\x00.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "N:AKQJ\u00e9.T98.765.432 - - -",
    ],
)
def test_json_deal_string_with_a_nul_or_non_ascii_is_refused_as_such(deal: str) -> None:
    """A PBN deal string (PBN 2.1 section 3.4.11) holds ASCII letters only: a NUL, which the
    core's byte parser would take for the end, or a non-ASCII letter is refused by name."""
    with pytest.raises(FormatError, match="holds only ASCII letters"):
        record_from_dict({"deal": deal})


def test_lin_writer_marks_the_end_of_each_trick_with_pg() -> None:
    """BBO's LIN writes ``pg||`` after each trick's four ``pc|`` cards (and after the
    auction), never inside a trick."""
    text = (Path(__file__).parent / "data" / "formats" / "played_result.pbn").read_text()
    out = writes(reads(text, "pbn"), "lin")
    play = out[out.index("pc|") :]
    tricks = play.split("pg||")
    assert all(t.count("pc|") == 4 for t in tricks if "pc|" in t)
    assert play.count("pg||") == 13


def test_lin_carries_no_contract_tag_when_the_auction_implies_it() -> None:
    """LIN has no place for a contract: it is the auction's final bid. A record whose contract
    and declarer are the auction's writes no ``tg|Contract`` or ``tg|Declarer`` pair."""
    text = (Path(__file__).parent / "data" / "formats" / "played_result.pbn").read_text()
    (rec,) = reads(text, "pbn")
    assert rec.contract is not None
    assert rec.declarer is not None
    out = writes([rec], "lin")
    assert "tg|Contract=" not in out
    assert "tg|Declarer=" not in out


@pytest.mark.parametrize(
    ("text", "written"),
    [
        (r"a\b", r"a\b"),  # a lone backslash is a plain character
        (r"C:\x\y", r"C:\x\y"),
        ("a\\", "a\\\\"),  # at the end it would escape the closing quote
        (r"a\\b", r"a\\\b"),  # before a backslash or a quote it is escaped
        (r"a\"b", r"a\\\"b"),
    ],
)
def test_pbn_writes_a_backslash_escaped_only_where_the_reader_needs_it(
    text: str, written: str
) -> None:
    """PBN 2.1, section 3.2: in a tag value, a backslash escapes only a quote or a backslash;
    the writer escapes a backslash just where a reader would otherwise take it as an escape,
    so the value reads back unchanged."""
    board = pbn.loads(f'[Event "{written}"]\n[Deal "{DEAL}"]\n')[0]
    assert dict(board.tags)["Event"] == text
    out = pbn.dumps([board])
    assert f'[Event "{written}"]' in out.splitlines()
    assert dict(pbn.loads(out)[0].tags)["Event"] == text


def test_lin_writes_pn_where_the_names_it_holds_stand() -> None:
    """The LIN writer keeps the order of a record's pairs: ``pn|`` stands where the first player
    name it holds stood. A name LIN cannot hold in ``pn|`` (one with a comma) travels as
    ``tg|`` and does not move ``pn|`` before the pairs that came ahead of the names."""
    import dataclasses

    text = "zz|q|pn|s,w,n,e|md|1S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|"
    board = lin.loads(text)[0]
    board = dataclasses.replace(board, tags=(("North", "a,b"), *board.tags))
    out = lin.dumps([board])
    assert out.index("zz|q|") < out.index("pn|s,w,n,e|")
    assert "tg|North=a,b|" in out
    again = lin.loads(out)[0]
    assert [name for name, _ in again.tags][:2] == ["Lin_zz", "South"]


def test_lin_load_deals_takes_the_encoding_by_keyword_only(tmp_path: Path) -> None:
    path = tmp_path / "one.lin"
    path.write_text("md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|\n")
    assert lin.load_deals(path, encoding="latin-1").shape == (1, 4)
    with pytest.raises(TypeError):
        lin.load_deals(path, "latin-1")  # type: ignore[misc]


def test_lin_view_fills_the_fourth_hand_from_three_full_ones() -> None:
    """LIN gives a deal's fourth hand only by leaving it out (BBO writes three hands), so the
    view of a board with three full hands and one unknown is the full deal."""
    full = pbn.loads(f'[Deal "{DEAL}"]\n')[0].deal
    assert full is not None
    north_unknown = DEAL.replace("N:K843.T542.J6.863 ", "N:- ")
    board = pbn.loads(f'[Deal "{north_unknown}"]\n')[0]
    assert board.deal is None
    assert board.partial_hands is not None
    view = lin_view(board)
    assert view.deal == full
    assert view.partial_hands is None


def test_an_optimum_result_table_error_points_at_the_start_of_its_row() -> None:
    """PBN 2.1, section 5.7: a row of declarer, strain and tricks that does not read is
    reported at the row's first token, not at the token that failed; here the row spans two
    lines (section 5.1 allows it), so the failing strain stands on the next line."""
    rows = "N NT 13\nN\n  Q 12\n"
    text = (
        f'[Board "1"]\n[Deal "{DEAL}"]\n'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n' + rows
    )
    with pytest.raises(FormatError, match="not a strain") as e:
        pbn.loads(text)
    assert (e.value.line, e.value.column) == (5, 1)


@pytest.mark.parametrize("declarer", ["N", "E", "S"])
def test_lin_refuses_play_not_led_by_the_declarers_left_hand_opponent(declarer: str) -> None:
    """LIN's ``pc|`` cards carry no seat: the play is read as starting with the declarer's
    left-hand opponent. A record whose play starts elsewhere (here West declares in the file,
    North leads; the declarer is changed) cannot be written without changing who played what."""
    text = (Path(__file__).parent / "data" / "formats" / "played_result.pbn").read_text()
    changed = text.replace('[Declarer "W"]', f'[Declarer "{declarer}"]')
    assert changed != text
    record = reads(changed, "pbn")[0]
    assert record.play is not None
    assert record.play.leader is Seat.NORTH
    with pytest.raises(FormatError, match="left-hand opponent, not NORTH"):
        writes([record], "lin")
    # The file as it stands (North leads, West declares) is written and read back the same.
    assert reads(writes(reads(text, "pbn"), "lin"), "lin")[0].play == reads(text, "pbn")[0].play


@pytest.mark.parametrize("rows", [4, 6])
def test_a_dd_table_of_other_than_five_strains_is_refused(rows: int) -> None:
    """A record's double-dummy table is five strains by four declarers: a sixth row (as a
    table with a header row read as data would give) is refused, not kept."""
    with pytest.raises(FormatError, match="5 strains x 4 seats"):
        BoardRecord(dd_table=[[7, 6, 7, 6]] * rows)
    assert BoardRecord(dd_table=[[7, 6, 7, 6]] * 5).dd_table == ((7, 6, 7, 6),) * 5


def test_lin_names_after_a_vugraph_header_keep_their_place_after_its_tags() -> None:
    """A vg| header and the pn| right after it give their tags at one place: the header's
    tags come first, then the names, whatever the tags are called (here a tg| states the
    event, so the header's first tag is its stage), and the file's order survives a rewrite."""
    text = (
        "vg|Final,Seg 1,I,1,16,Home,0,Away,0|pn|s1,w1,n1,e1|tg|Event=Given|qx|o1|md|3SA,SK,SQ,SJ|"
    )
    (record,) = lin.loads(text)
    names = [name for name, _ in record.tags]
    assert names == [
        "Room", "Lin_vg", "Stage", "Scoring", "HomeTeam", "VisitTeam",
        "South", "West", "North", "East", "Event",
    ]  # fmt: skip
    assert lin.loads(lin.dumps([record])) == [record]


def test_a_bridge_declaration_passed_to_partner_is_read_and_a_bare_pass_refused() -> None:
    """Bridge (Elwell, 1906), Law 45: the dealer may pass the make to his partner, who must then
    make it; the pass and the make are the whole declaration, and a pass alone is refused."""
    record = DeclarationRecord(((Seat.NORTH, "Pass"), (Seat.SOUTH, "NT")))
    assert [w for _, w in record.statements] == ["Pass", "NT"]
    with pytest.raises(FormatError, match="partner must make the declaration"):
        DeclarationRecord(((Seat.NORTH, "Pass"),))


@pytest.mark.parametrize(
    ("text", "made", "maker"),
    [("S:H", "H", Seat.SOUTH), ("S:NT W:X", "NT", Seat.SOUTH), ("S:Pass N:C E:X", "C", Seat.NORTH)],
)
def test_a_bridge_declaration_names_the_make_whoever_made_it(
    text: str, made: str, maker: Seat
) -> None:
    """Bridge (Elwell, 1906), Law 45: the declaration is the dealer's make, or his
    partner's after the dealer's pass; a doubling after it is no declaration."""
    record = DeclarationRecord.parse(text)
    assert (record.declaration, record.maker) == (made, maker)


@pytest.mark.parametrize("item", ["NS", b"NS", (Seat.NORTH,), ("N", "S", "NT"), None, 7], ids=repr)
def test_a_declaration_statement_must_be_a_seat_and_statement_pair(item: object) -> None:
    with pytest.raises(
        TypeError, match=r"^statements\[1\] must be a \(seat, statement\) pair, not "
    ):
        DeclarationRecord(((Seat.NORTH, "NT"), item))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [51, 66, 6, 57])  # declared by North, South, East, West
def test_lin_reference_reader_counts_a_board_played_out_for_the_declarers_side(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The core counts its own tricks; the reference reader and the writer count with
    # _played_result, which must credit the declarer's side (not always East-West). The
    # writer carries no Result tag where the play gives the result.
    from test_lin import random_lin_record

    record = random_lin_record(seed)
    assert record.play is not None
    assert len(record.play.tricks) == 13
    assert record.claim is None
    text = lin.dumps([record])
    assert "tg|" not in text
    monkeypatch.setattr(lin, "_LEXER", "python")
    assert lin.loads(text) == [record]


def test_a_pbn_deal_with_a_non_ascii_letter_is_refused_by_name(lexer: str) -> None:
    # PBN 2.1 section 3.4.11: a deal is ASCII; the letter is named, not left to the core's
    # byte parser.
    with pytest.raises(FormatError, match="a PBN deal holds 'é' at offset 6"):
        pbn.loads('[Deal "N:AKQJé.T98.765.432 - - -"]\n')


def test_a_ragged_table_on_the_first_line_is_read_by_line(lexer: str) -> None:
    # Rows that do not divide into the header's columns are taken line by line (PBN 2.1
    # section 5.1), the first line's tokens a row even on the text's first line.
    (record,) = pbn.loads('[ScoreTable "Rank;Score"] 1 2 3\n4 5\n')
    assert record.tables[0].rows == (("1", "2", "3"), ("4", "5"))
