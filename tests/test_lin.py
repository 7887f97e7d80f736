"""LIN reading and writing, and LIN <-> PBN conversion (redouble.formats.lin)."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.cards import Card, CardSet, Seat
from redouble.deal import Deal, Vulnerability
from redouble.dealing import board as make_board
from redouble.errors import FormatError
from redouble.formats import lin, pbn, read, write
from redouble.formats.records import (
    AuctionRecord,
    BoardRecord,
    Call,
    Contract,
    DeclarationRecord,
    PlayedCard,
    PlayRecord,
)
from redouble.play import Position

GAMES = Path(__file__).parent / "data" / "games"
ALERTS = (
    "pn|Sue South,West+Player,Ned+North,Ed East|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,"
    "SK843HT542DJ6C863|sv|n|ah|Board+7|mb|p|mb|1C!|an|5+ clubs|mb|p|mb|1H!|an|Four+hearts|"
    "mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|D2|pc|D3|pc|DJ|pc|DQ|pc|CA|pc|C5|pc|CK|pc|C3|mc|9|\n"
)
_BIDS = [f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT")]


def random_lin_record(seed: int, commented: bool = False) -> BoardRecord:
    """A seeded board holding only what LIN carries: names, deal, auction, play, claim, and the
    result they give; `commented`: with commentary at random places among them (LIN's
    anchors, in the order a reader meets them)."""
    rng = random.Random(seed)
    b = make_board(seed, seed % 16 + 1)
    calls: list[Call] = [Call("Pass") for _ in range(rng.randrange(4))]
    k = rng.randrange(8)
    while k < len(_BIDS):
        note = "conventional" if rng.random() < 0.15 else None
        calls.append(Call(_BIDS[k], note, ("!",) if note or rng.random() < 0.1 else ()))
        if rng.random() < 0.2:
            calls.append(Call("X"))
        if rng.random() < 0.4:
            break
        calls.append(Call("Pass"))
        k += rng.randrange(1, 5)
    calls += [Call("Pass")] * 3
    auction = AuctionRecord(b.dealer, tuple(calls))
    final = auction.final_contract()
    assert final is not None
    contract, declarer = final
    assert declarer is not None
    assert contract.strain is not None
    # Random legal play, the tricks ruled by the library's own Position.
    position = Position(b.deal, contract.strain, declarer.lho)
    order: list[PlayedCard] = []
    n = rng.randrange(14)
    for _ in range(4 * n):
        card = rng.choice(sorted(position.legal_plays()))
        position.play(card)
        order.append(PlayedCard.of(card))
    claim = None if n == 13 or rng.random() < 0.3 else rng.randrange(14)
    # LIN's result: the claim, or the declarer's tricks in a play of all thirteen.
    result = claim
    if n == 13:
        result = position.tricks_won(int(declarer) & 1)
    play = PlayRecord.from_order(declarer.lho, order, contract.strain, is_complete=claim is None)
    places = ["mb:0"] + [f"mb:{k}" for k in range(1, len(calls) + 1)]
    places += [f"pc:{k}" for k in range(1, len(order) + 1)] + [f"mc:{len(order)}"] * (
        claim is not None
    )
    chosen = sorted(rng.sample(range(len(places)), rng.randrange(4))) if commented else []
    return BoardRecord(
        commentary=tuple(f"note {k} on board {seed} é" for k in range(len(chosen))),
        commentary_after=tuple(places[k] for k in chosen),
        tags=(("South", "Sue"), ("West", "Wes"), ("North", "Ned"), ("East", "Ed")),
        board=b.number,
        dealer=b.dealer,
        vulnerability=b.vulnerability,
        deal=b.deal,
        auction=auction,
        contract=contract,
        declarer=declarer,
        play=play if order or claim is not None else None,
        claim=claim,
        result=result,
    )


def test_reader_reads_deal_dealer_auction_alerts_play_and_claim() -> None:
    rec = lin.loads(ALERTS)[0]
    assert rec.dealer is Seat.NORTH
    assert rec.board == 7
    assert rec.vulnerability is Vulnerability.NS
    assert rec.deal == Deal.from_pbn(
        "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"
    )
    assert rec.tag("South") == "Sue South"
    assert rec.auction is not None
    assert rec.auction.calls[1] == Call("1C", "5+ clubs", ("!",))
    assert (str(rec.contract), rec.declarer) == ("3NT", Seat.EAST)
    assert (rec.claim, rec.result) == (9, 9)
    assert rec.play is not None
    assert rec.play.leader is Seat.SOUTH
    assert not rec.play.is_complete
    assert rec.plays()[4] == (Seat.EAST, Card.parse("CA"))


def test_md_dealer_digit_maps_one_to_south_and_hands_run_south_west_north_east() -> None:
    for digit, seat in zip("1234", (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST), strict=True):
        rec = lin.loads(f"md|{digit}SAKQJHAKQJDAKQJCA,S2,,S3|")[0]
        assert rec.dealer is seat
        assert rec.partial_hands is not None
        assert len(rec.hand(Seat.SOUTH) or ()) == 13
        assert rec.hand(Seat.WEST) == CardSet([Card.parse("S2")])
        assert rec.hand(Seat.NORTH) is None
        assert rec.hand(Seat.EAST) == CardSet([Card.parse("S3")])


def test_missing_fourth_hand_is_the_rest_of_the_pack() -> None:
    rec = lin.loads(ALERTS)[0]
    assert rec.deal is not None
    assert rec.deal.is_full


def test_lin_round_trips_exactly() -> None:
    records = lin.loads(ALERTS) + [random_lin_record(seed) for seed in range(200)]
    assert lin.loads(lin.dumps(records)) == records


def test_lin_to_pbn_and_back_keeps_the_board() -> None:
    records = [random_lin_record(seed) for seed in range(100)]
    back = lin.loads(lin.dumps(pbn.loads(pbn.dumps(records))))
    for mine, again in zip(records, back, strict=True):
        assert set(again.tags) == set(mine.tags)
        assert again.replace(tags=mine.tags, play=None) == mine.replace(play=None)
        assert again.plays() == mine.plays()


def test_pbn_to_lin_converts_sample_board(tmp_path: Path) -> None:
    first = [read(GAMES / "sample.pbn")[0].replace(commentary=())]
    # Its commentary runs over two lines: nt| is free text, which LIN lets span lines.
    whole = read(GAMES / "sample.pbn")[:1]
    assert "nt|Commentary on\ntwo lines|" in lin.dumps(whole)
    assert lin.loads(lin.dumps(whole))[0].commentary == ("Commentary on\ntwo lines",)
    write(first, tmp_path / "one.lin")
    rec = read(tmp_path / "one.lin")[0]
    assert rec.deal == first[0].deal
    assert rec.contract == first[0].contract
    assert rec.claim == 9
    assert rec.auction is not None
    assert first[0].auction is not None
    assert [c.token for c in rec.auction.calls] == [c.token for c in first[0].auction.calls]
    assert rec.auction.calls[1].note == "5+ clubs"


def test_writer_refuses_what_lin_cannot_carry() -> None:
    royal = BoardRecord(
        dealer=Seat.SOUTH, auction=AuctionRecord(Seat.SOUTH, (Call("1RS"),) + (Call("Pass"),) * 3)
    )
    with pytest.raises(FormatError, match="Royal"):
        lin.dumps([royal])
    bridge = BoardRecord(dealer=Seat.SOUTH, declaration=DeclarationRecord.parse("S:H"))
    with pytest.raises(FormatError, match="1906"):
        lin.dumps([bridge])
    with pytest.raises(FormatError, match=r"\|"):
        lin.dumps([BoardRecord(tags=(("South", "a|b"),))])


@pytest.mark.parametrize(
    ("name", "line", "column", "match"),
    [
        ("malformed_call.lin", 1, 87, "not a call"),
        ("malformed_value.lin", 2, 22, "key"),
    ],
)
def test_reader_reports_line_and_column_of_malformed_lin(
    name: str, line: int, column: int, match: str
) -> None:
    with pytest.raises(FormatError, match=match) as e:
        read(GAMES / name)
    assert (e.value.line, e.value.column) == (line, column)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("md|3SA,SK,SQ,SJ|mb|1C|an|x|an|y|", "second"),
        ("an|x|md|3SA,SK,SQ,SJ|", "explains no call"),
        ("md|3SA,SA,,|", "given twice|two hands"),
        ("md|3SAKQJHAKQJDAKQJCA,S2,S3,|pc|S2|", "finished auction"),
        ("md|3SA,SK,SQ,SJ|sv|q|", "vulnerability"),
        ("md|3SA,SK,SQ,SJ|mc|14|", "0..13"),
        ("pn|a,b,c,d|", "without md"),
    ],
)
def test_reader_rejects_malformed_lin(text: str, match: str) -> None:
    with pytest.raises(FormatError, match=match):
        lin.loads(text)


def test_unknown_keys_are_kept_and_written_back() -> None:
    rec = lin.loads("bn|1,2,3|mp|-7.2|md|3SA,SK,SQ,SJ|nt|nice hand|")[0]
    assert rec.tags == (("Lin_bn", "1,2,3"), ("Lin_mp", "-7.2"))
    assert rec.commentary == ("nice hand",)
    assert lin.loads(lin.dumps([rec])) == [rec]


@pytest.mark.parametrize(
    "tags",
    [
        (("Lin_zz", "1"),),
        (("Lin_zz", "1"), ("South", "s"), ("West", "w"), ("North", "n"), ("East", "e")),
        (("Lin_vg", "Cup,R1,I"), ("Event", "Cup"), ("Stage", "R1"), ("Scoring", "IMP")),
    ],
)
def test_a_later_board_with_unknown_keys_stays_its_own_board(
    tags: tuple[tuple[str, str], ...],
) -> None:
    # Nothing carries into the second board (no players, no room), so a writer that put its
    # raw keys first would leave them before its md|, where they read as the first board's;
    # it begins with a key that starts a board (vg| is one: a match header begins a segment).
    first, second = lin.loads("md|3SA,SK,SQ,SJ|\nmd|1SA,SK,SQ,SJ|")
    second = second.replace(tags=tags)
    text = lin.dumps([first, second])
    assert text.splitlines()[1][:2] in lin._STARTS_BOARD
    want = [lin.lin_view(first), lin.lin_view(second)]
    assert [lin.lin_view(r) for r in lin.loads(text)] == want
    with _python_lexer():
        assert [lin.lin_view(r) for r in lin.loads(text)] == want


def test_two_boards_on_two_lines_split_at_the_next_deal() -> None:
    text = ALERTS + ALERTS.replace("Board+7", "Board 8")
    assert [r.board for r in lin.loads(text)] == [7, 8]


def test_contract_from_auction_uses_first_namer_of_the_strain() -> None:
    calls = tuple(
        Call.parse(c) for c in ["1H", "P", "2C", "P", "2H", "P", "4H", "X", "P", "P", "P"]
    )
    final = AuctionRecord(Seat.NORTH, calls).final_contract()
    assert final == (Contract(4, "H", 1), Seat.NORTH)
    assert AuctionRecord(Seat.NORTH, (Call("Pass"),) * 4).final_contract() == (
        Contract.passed_out(),
        None,
    )


def test_reads_files_written_by_endplay() -> None:
    boards = read(GAMES / "endplay_boards.lin")
    pbn_boards = read(GAMES / "endplay_boards.pbn")
    assert [b.board for b in boards] == [1, 2, 3]
    for a, b in zip(boards, pbn_boards, strict=True):
        assert a.deal == b.deal
        assert a.dealer == b.dealer
        assert a.vulnerability == b.vulnerability
        assert a.contract == b.contract
        assert a.declarer == b.declarer
    assert boards[1].auction is not None
    assert boards[1].auction.calls[1] == Call("Pass", "takeout", ("!",))
    assert boards[0].plays() == pbn_boards[0].plays()


def test_endplay_reads_our_files() -> None:
    el = pytest.importorskip("endplay.parsers.lin")
    records = [random_lin_record(seed) for seed in range(20)]
    theirs = el.loads(lin.dumps(records))
    assert len(theirs) == len(records)
    for mine, other in zip(records, theirs, strict=True):
        assert mine.deal is not None
        assert mine.contract is not None
        assert mine.declarer is not None
        assert other.deal.to_pbn() == mine.deal.to_pbn()
        assert other.board_num == mine.board
        assert other.contract.level == mine.contract.level
        assert other.contract.declarer.abbr == mine.declarer.letter
        assert len(other.play) == len(mine.plays())


# ---------------------------------------------------------------------------------------------
# Vugraph files (BBO's match records): one vg| header, pn| with the open and closed rooms'
# players, boards marked qx|o<N>| or qx|c<N>|.
# ---------------------------------------------------------------------------------------------

VUGRAPH = GAMES / "vugraph_match.lin"
_OPEN = {"South": "Rossi", "West": "Bianchi", "North": "Verdi", "East": "Neri"}
_CLOSED = {"South": "Smith", "West": "Jones", "North": "Brown", "East": "Davis"}
_HEADER = {
    "Event": "Bermuda Bowl 2025",
    "Stage": "Final Segment 1",
    "Scoring": "IMP",
    "HomeTeam": "Italy",
    "VisitTeam": "USA",
}


@contextlib.contextmanager
def _python_lexer() -> Iterator[None]:
    old, lin._LEXER = lin._LEXER, "python"
    try:
        yield
    finally:
        lin._LEXER = old


def _names(record: BoardRecord) -> dict[str, str]:
    return {n: v for n, v in record.tags if n in ("South", "West", "North", "East")}


def test_vugraph_file_gives_every_board_its_room_players_and_match() -> None:
    boards = lin.load(VUGRAPH)
    assert [(b.board, b.tag("Room")) for b in boards] == [
        (1, "Open"),
        (1, "Closed"),
        (2, "Open"),  # no ah|: the number is qx|'s
        (2, "Closed"),
        (3, "Open"),
        (3, "Closed"),
    ]
    # pn| at the top names both rooms; the pn| before board 3 brings Ferro and Miller in.
    assert [_names(b) for b in boards] == [
        _OPEN,
        _CLOSED,
        _OPEN,
        _CLOSED,
        {**_OPEN, "West": "Ferro"},
        {**_CLOSED, "East": "Miller"},
    ]
    for b in boards:
        assert {n: b.tag(n) for n in _HEADER} == _HEADER
    first = dict(boards[0].tags)
    assert first["Lin_vg"] == "Bermuda Bowl 2025,Final Segment 1,I,1,3,Italy,0,USA,10.5"
    assert first["Lin_rs"].startswith("3NN+1,3NN,")
    assert all(
        n not in ("Lin_vg", "Lin_rs", "Lin_pn", "Lin_qx") for b in boards[1:] for n, _ in b.tags
    )
    assert [(str(b.contract), b.declarer, b.claim, b.result) for b in boards] == [
        ("3NT", Seat.NORTH, 10, 10),
        ("3NT", Seat.NORTH, 9, 9),
        ("4S", Seat.EAST, 9, 9),
        ("4S", Seat.EAST, 10, 10),
        ("2H", Seat.SOUTH, 8, 8),
        ("1NT", Seat.SOUTH, 7, 7),
    ]
    assert boards[2].commentary == ("Verdi: a quiet start",)
    assert boards[0].auction is not None
    assert boards[0].auction.calls[0].note == "15-17"


def test_vugraph_file_reads_the_same_every_way_and_round_trips() -> None:
    boards = lin.load(VUGRAPH)
    text = VUGRAPH.read_text()
    assert list(lin.iter_boards(VUGRAPH)) == boards
    assert lin.loads(text) == boards
    written = lin.dumps(boards)
    assert lin.loads(written) == boards
    lines = written.splitlines()
    # BBO's layout: the match header, then each board from its qx| with its own players.
    assert lines[0].startswith("vg|Bermuda Bowl 2025,")
    assert "pn|Rossi,Bianchi,Verdi,Neri|qx|o1|" in lines[0]
    assert [line[:6] for line in lines[1:]] == ["qx|c1|", "qx|o2|", "qx|c2|", "qx|o3|", "qx|c3|"]
    assert "pn|Smith,Jones,Brown,Miller|" in lines[5]
    assert "tg|" not in written  # the match's tags ride on vg|, not as redouble's tg|
    # To PBN and back: the rooms, players and match survive as PBN's own tags.
    again = lin.loads(lin.dumps(pbn.loads(pbn.dumps(boards))))
    assert [sorted(b.tags) for b in again] == [sorted(b.tags) for b in boards]
    assert [b.replace(tags=()) for b in again] == [b.replace(tags=()) for b in boards]


def test_four_names_hold_until_the_next_pn() -> None:
    deal = "md|3SA,SK,SQ,SJ|"
    boards = lin.loads(
        f"pn|a,b,c,d|{deal}\n{deal}\nqx|c2|{deal}\npn|e,,g,h|{deal}\n{deal}\npn|,,,|{deal}\n{deal}"
    )
    expected = [
        {"South": "a", "West": "b", "North": "c", "East": "d"},
        {"South": "a", "West": "b", "North": "c", "East": "d"},
        {"South": "a", "West": "b", "North": "c", "East": "d"},  # four names: every room
        {"South": "e", "North": "g", "East": "h"},
        {"South": "e", "North": "g", "East": "h"},
        {},  # pn| with no names: the players are unknown from here on
        {},
    ]
    assert [_names(b) for b in boards] == expected
    assert lin.loads(lin.dumps(boards)) == boards


def test_eight_names_without_a_room_name_the_open_room() -> None:
    rec = lin.loads("pn|a,b,c,d,e,f,g,h|md|3SA,SK,SQ,SJ|")[0]
    assert _names(rec) == {"South": "a", "West": "b", "North": "c", "East": "d"}
    assert rec.tag("Room") is None


def test_ah_gives_the_board_number_over_qx() -> None:
    rec = lin.loads("qx|c5|md|3SA,SK,SQ,SJ|ah|Board 7|")[0]
    assert (rec.board, rec.tag("Room")) == (7, "Closed")
    assert lin.loads(lin.dumps([rec])) == [rec]


def test_qx_reads_a_label_after_the_board_and_either_case() -> None:
    recs = lin.loads("qx|o1,Board 1|md|3SA,SK,SQ,SJ|\nqx|C12 |md|3SA,SK,SQ,SJ|")
    assert [(r.board, r.tag("Room")) for r in recs] == [(1, "Open"), (12, "Closed")]


@pytest.mark.parametrize(
    "label", ["A1", "x1", "", "o", "oX", "1", "o-1", "o1234567890", "o 1 2", "B12 Level 2"]
)
def test_a_qx_that_names_no_room_is_kept_as_the_boards_name(label: str) -> None:
    """BBO teaching files (movies) name each problem by its qx| (qx|A1|, a name their ^*G
    links give too; one such file, not copied here as its repository reserves all rights, is
    described in tests/data/README.md, "formats/real/"): a qx| that is not a vugraph room says
    no room and no board number, and is no reason to lose the board."""
    text = f"md|3SA,SK,SQ,SJ|\nst||qx|{label}|md|3SA,SK,SQ,SJ|mb|1S|mb|p|mb|p|mb|p|"
    first, second = lin.loads(text)
    assert first.tags == ()
    assert second.tags == (("Lin_qx", label),)
    assert (second.board, second.tag("Room"), str(second.contract)) == (None, None, "1S")
    # Written back as the qx| that starts the board.
    written = lin.dumps([first, second])
    assert f"\nqx|{label}|" in written
    assert lin.loads(written) == [first, second]


def test_two_qx_in_one_board_are_refused() -> None:
    with pytest.raises(FormatError, match=r"second qx\|") as info:
        lin.loads("qx|o1|qx|c1|md|3SA,SK,SQ,SJ|")
    assert (info.value.line, info.value.column) == (1, 7)
    for text in ("qx|A1|qx|o1|md|3SA,SK,SQ,SJ|", "qx|o1|qx|A1|md|3SA,SK,SQ,SJ|"):
        with pytest.raises(FormatError, match=r"second qx\|"):
            lin.loads(text)


@pytest.mark.parametrize(
    ("vg", "tags"),
    [
        ("Trials", {"Event": "Trials"}),
        ("Trials,,P", {"Event": "Trials", "Scoring": "MP"}),
        (
            "Trials,R2,B,1,x,A,,B,",
            {"Event": "Trials", "Stage": "R2", "Scoring": "BAM", "HomeTeam": "A", "VisitTeam": "B"},
        ),
        (
            "Trials,R2,Z,1,16,A,0,B,0,,,extra",
            {"Event": "Trials", "Stage": "R2", "HomeTeam": "A", "VisitTeam": "B"},
        ),
        (",,,,,,,,", {}),
        ("", {}),
    ],
)
def test_vg_is_read_leniently(vg: str, tags: dict[str, str]) -> None:
    rec = lin.loads(f"vg|{vg}|qx|o1|md|3SA,SK,SQ,SJ|")[0]
    assert {n: v for n, v in rec.tags if n in _HEADER} == tags
    assert rec.tag("Lin_vg") == vg
    assert lin.loads(lin.dumps([rec])) == [rec]


@pytest.mark.parametrize("pn", ["a,b,c", "a,b,c,d,", "a,b,c,d,e,f,g", ",", "a,b,c,d,e,f,g,h,i"])
def test_pn_of_another_count_is_kept_verbatim_and_clears_the_players(pn: str) -> None:
    boards = lin.loads(f"pn|w,x,y,z|md|3SA,SK,SQ,SJ|\npn|{pn}|md|3SA,SK,SQ,SJ|\nmd|3SA,SK,SQ,SJ|")
    assert boards[1].tags == (("Lin_pn", pn),)
    assert boards[2].tags == ()
    assert lin.loads(lin.dumps(boards)) == boards


def test_writer_clears_players_a_board_does_not_have() -> None:
    named, bare = lin.loads("pn|a,b,c,d|md|3SA,SK,SQ,SJ|\npn|,,,|md|3SA,SK,SQ,SJ|")
    assert _names(bare) == {}
    text = lin.dumps([named, bare])
    assert text.splitlines()[1].startswith("pn|,,,|")
    assert lin.loads(text) == [named, bare]
    assert "pn|" not in lin.write_board(bare)  # alone, nothing carries


def test_room_without_a_board_or_of_another_name_travels_as_a_tag() -> None:
    base = lin.loads("md|3SA,SK,SQ,SJ|")[0]
    for record in (
        base.replace(tags=(("Room", "Open"),)),
        base.replace(board=4, tags=(("Room", "Lounge"),)),
    ):
        text = lin.write_board(record)
        assert "qx|" not in text
        assert "tg|Room=" in text
        assert lin.loads(text) == [record]


def test_writer_refuses_a_match_board_that_drops_the_match_header() -> None:
    boards = lin.load(VUGRAPH)
    second = boards[1].replace(tags=tuple(t for t in boards[1].tags if t[0] != "Event"))
    with pytest.raises(FormatError, match="tags"):
        lin.dumps([boards[0], second])
    # Alone, nothing carries: the board is written as it is.
    assert [lin.lin_view(r) for r in lin.loads(lin.write_board(second))] == [lin.lin_view(second)]
    # A changed header value is written as redouble's tg| and read back over the match's.
    renamed = boards[1].replace(
        tags=tuple((n, "Other") if n == "Event" else (n, v) for n, v in boards[1].tags)
    )
    back = lin.loads(lin.dumps([boards[0], renamed]))
    assert lin.lin_view(back[1]) == lin.lin_view(renamed)
    assert lin.loads(lin.dumps(back)) == back  # and stable from then on


# A file of concatenated vugraph segments: each segment's vg|, rs| and pn| come after the
# last board of the segment before and belong to the boards that follow.
SEGMENTS = GAMES / "vugraph_segments.lin"
_SEGMENT_2 = {**_HEADER, "Stage": "Final Segment 2"}
_DEAL = "md|3SA,SK,SQ,SJ|"


def test_concatenated_segments_give_each_segment_its_header_and_players() -> None:
    boards = lin.load(SEGMENTS)
    assert [(b.board, b.tag("Room")) for b in boards] == [
        (n, room) for n in (1, 2, 4, 5) for room in ("Open", "Closed")
    ]
    stages = [b.tag("Stage") for b in boards]
    assert stages == ["Final Segment 1"] * 4 + ["Final Segment 2"] * 4
    for b in boards[4:]:
        assert {n: b.tag(n) for n in _HEADER} == _SEGMENT_2
    # Each segment's header and results ride on its first board, as the file's first do.
    with_vg = [
        (k, b.tag("Lin_vg"), b.tag("Lin_rs")) for k, b in enumerate(boards) if b.tag("Lin_vg")
    ]
    assert with_vg == [
        (0, "Bermuda Bowl 2025,Final Segment 1,I,1,2,Italy,0,USA,10.5", "3NN+1,3NN,4SE-1,4SE="),
        (4, "Bermuda Bowl 2025,Final Segment 2,I,4,5,Italy,21,USA,24.5", "3NS=,3NS+1,1NE=,2SE-1"),
    ]
    assert sum(b.tag("Lin_rs") is not None for b in boards) == 2
    # Segment 2's pn| names its own players (Ferro for Bianchi, Miller for Davis).
    assert [_names(b) for b in boards] == [_OPEN, _CLOSED] * 2 + [
        {**_OPEN, "West": "Ferro"},
        {**_CLOSED, "East": "Miller"},
    ] * 2
    # The comment after segment 1's last claim, before the next vg|, is that board's.
    assert boards[3].commentary == ("Brown: 4S made, 10 IMPs to USA",)
    assert [(str(b.contract), b.declarer, b.result) for b in boards[4:]] == [
        ("3NT", Seat.SOUTH, 9),
        ("3NT", Seat.SOUTH, 10),
        ("1NT", Seat.EAST, 7),
        ("2S", Seat.EAST, 7),
    ]
    assert boards[7].auction is not None
    assert [c.note for c in boards[7].auction.calls if c.note] == ["15-17", "transfer"]


def test_concatenated_segments_read_the_same_every_way_and_round_trip() -> None:
    boards = lin.load(SEGMENTS)
    text = SEGMENTS.read_text()
    with _python_lexer():
        assert lin.loads(text) == boards
        assert lin.load(SEGMENTS) == boards
    assert list(lin.iter_boards(SEGMENTS)) == boards
    assert list(lin.iter_boards(io.BytesIO(text.encode()))) == boards
    written = lin.dumps(boards)
    assert lin.loads(written) == boards
    # Each segment begins as BBO begins it: its header, results and players, then qx|.
    lines = written.splitlines()
    assert lines[4].startswith("vg|Bermuda Bowl 2025,Final Segment 2,")
    assert "|rs|3NS=,3NS+1,1NE=,2SE-1|pn|Rossi,Ferro,Verdi,Neri|qx|o4|" in lines[4]
    # Each segment alone reads as it does in the whole file.
    first, second = text.split("vg|")[1:]
    assert lin.loads("vg|" + first) == boards[:4]
    assert lin.loads("vg|" + second) == boards[4:]


def test_a_new_match_header_drops_the_players_of_the_segment_before() -> None:
    text = f"pn|a,b,c,d,e,f,g,h|vg|Cup,R1,I|qx|o1|{_DEAL}\nvg|Cup,R2,I|qx|c1|{_DEAL}\n{_DEAL}"
    boards = lin.loads(text)
    assert [_names(b) for b in boards] == [
        {"South": "a", "West": "b", "North": "c", "East": "d"},
        {},  # a new segment without its pn|: its players are unknown, not R1's
        {},
    ]
    assert [b.tag("Stage") for b in boards] == ["R1", "R2", None]  # no room, no header
    with _python_lexer():
        assert lin.loads(text) == boards
    assert lin.loads(lin.dumps(boards)) == boards
    # The pn| may stand before or after its vg|: either is the new segment's.
    for order in (f"pn|w,x,y,z|vg|Cup,R2,I|qx|c1|{_DEAL}", f"vg|Cup,R2,I|pn|w,x,y,z|qx|c1|{_DEAL}"):
        second = lin.loads(f"pn|a,b,c,d|qx|o1|{_DEAL}\n{order}")[1]
        assert _names(second) == {"South": "w", "West": "x", "North": "y", "East": "z"}
        assert second.tag("Stage") == "R2"


def test_keys_after_a_board_other_than_a_segment_header_stay_with_it() -> None:
    # BBO writes commentary, claims and display keys inside a board, after its deal; a key
    # redouble does not know cannot be told from those, so it stays where it stands too.
    boards = lin.loads(
        f"qx|o1|{_DEAL}mb|p|mb|p|mb|p|mb|p|pg||nt|flat|zz|1|pg||\nqx|c1|{_DEAL}mc|0|pg||zz|2|"
    )
    assert [(b.commentary, b.tag("Lin_zz")) for b in boards] == [(("flat",), "1"), ((), "2")]
    assert boards[1].claim == 0
    # rs| begins a board like vg|: a results list is its segment's, never the board before's.
    first, second = lin.loads(f"{_DEAL}rs|3NS=,|pn|a,b,c,d|{_DEAL}")
    assert (first.tag("Lin_rs"), second.tag("Lin_rs")) == (None, "3NS=,")
    assert lin.loads(lin.dumps([first, second])) == [first, second]


@pytest.mark.parametrize(
    ("tail", "header"),
    [
        ("vg|Trials|", {"Event": "Trials"}),  # too few fields: the rest of the old header goes
        ("vg||", {}),
        ("vg|Trials,R2,I|rs||", {"Event": "Trials", "Stage": "R2", "Scoring": "IMP"}),
        ("rs||", _HEADER),  # an empty results list alone: the header carries on
    ],
)
def test_a_short_segment_header_is_read_leniently(tail: str, header: dict[str, str]) -> None:
    text = VUGRAPH.read_text() + f"{tail}qx|o4|{_DEAL}\nqx|c4|{_DEAL}"
    boards = lin.loads(text)
    assert len(boards) == 8
    for b in boards[6:]:
        assert {n: v for n, v in b.tags if n in _HEADER} == header
    assert boards[6].tag("Lin_rs") == ("" if "rs|" in tail else None)
    assert boards[5].tags == lin.load(VUGRAPH)[5].tags  # nothing joined the board before
    with _python_lexer():
        assert lin.loads(text) == boards
    assert lin.loads(lin.dumps(boards)) == boards


@pytest.mark.parametrize(
    "tail",
    [
        "vg|Trials,R2,I|rs|1NS=|pn|a,b,c,d,e,f,g,h|pg||\n",  # a segment with no board
        "vg|Trials,R2,I|rs|1NS=|pn|a,b,c,d,e,f,g,h|pg||\nqx|o4|st||",  # cut before its md|
    ],
)
def test_a_truncated_segment_is_a_board_without_its_deal(tail: str) -> None:
    text = VUGRAPH.read_text() + tail
    line = VUGRAPH.read_text().count("\n") + 1
    for reader in (contextlib.nullcontext, _python_lexer):
        with reader(), pytest.raises(FormatError, match=r"without md\|") as info:
            lin.loads(text)
        assert (info.value.line, info.value.column) == (line, 1)
        with reader():
            boards = lin.loads(text, errors="skip")
        assert boards == lin.load(VUGRAPH)
        assert [str(e) for e in boards.problems] == [str(info.value)]
    problems: list[FormatError] = []
    streamed = list(lin.iter_boards(io.StringIO(text), errors="skip", problems=problems))
    assert streamed == lin.load(VUGRAPH)
    assert len(problems) == 1


_NAME = st.sampled_from(["", "ann", "bo b", "Cé", "d_d"])
_PN = st.one_of(
    st.none(),
    st.lists(_NAME, min_size=4, max_size=4),
    st.lists(_NAME, min_size=8, max_size=8),
    st.lists(_NAME, min_size=1, max_size=9).filter(lambda n: len(n) not in (4, 8)),
)


_VG = st.one_of(
    st.none(), st.lists(st.sampled_from(["", "Cup", "R1", "I", "P", "9", "T"]), max_size=10)
)


@settings(max_examples=60, deadline=None)
@given(
    vg=_VG,
    boards=st.lists(
        st.tuples(
            _PN,
            st.sampled_from(["o", "c", None]),
            st.integers(1, 40),
            st.booleans(),
            st.sampled_from([None, "", "x,1"]),
            _VG,
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_random_match_files_carry_players_and_header_as_the_format_says(
    vg: list[str] | None,
    boards: list[tuple[list[str] | None, str | None, int, bool, str | None, list[str] | None]],
) -> None:
    lines = []
    players: list[str] | None = None
    header: dict[str, str] = {}
    expected = []
    for k, (pn, room, number, ah, raw, segment) in enumerate(boards):
        # The first board may carry the file's vg|, a later one a new segment's vg| and rs|
        # (after the board before's last key, as in concatenated files): a new header, and
        # no players carried in from the segment before.
        here = vg if k == 0 else segment
        line = ""
        if here is not None:
            line = f"vg|{','.join(here)}|" + (f"rs|{k}|" if k else "")
            header = dict(lin._vg_tags(",".join(here)))
            players = None
        if pn is not None:
            line += f"pn|{','.join(pn)}|"
            players = pn if len(pn) in (4, 8) and any(pn) else None
        line += f"qx|{room}{number}|" if room else ""
        line += "md|3SA,SK,SQ,SJ|" + (f"ah|Board {number + 1}|" if ah else "")
        # A key redouble does not know, after md| so that it is this board's: the writer
        # must keep it there and not before md|, where it would join the board before.
        line += f"zz|{raw}|" if raw is not None else ""
        lines.append(line)
        four = (
            []
            if players is None
            else players[4:]
            if room == "c" and len(players) == 8
            else players[:4]
        )
        want = {t: n for t, n in zip(("South", "West", "North", "East"), four, strict=False) if n}
        carried = header if room or here is not None else {}
        results = str(k) if k and here is not None else None
        room_tag = {"o": "Open", "c": "Closed", None: None}[room]
        expected.append((want, carried, room_tag, results))
    text = "\n".join(lines)
    read = lin.loads(text)
    for record, (want, carried, room_tag, results), (_, _, number, ah, raw, _) in zip(
        read, expected, boards, strict=True
    ):
        assert _names(record) == want
        assert {n: v for n, v in record.tags if n in _HEADER} == carried
        assert record.tag("Room") == room_tag
        assert record.board == (number + 1 if ah else number if room_tag else None)
        assert record.tag("Lin_zz") == raw
        assert record.tag("Lin_rs") == results
    with _python_lexer():
        assert lin.loads(text) == read
    assert list(lin.iter_boards(io.StringIO(text))) == read
    assert lin.loads(lin.dumps(read)) == read


def test_a_raw_pn_is_written_where_its_tag_stands_not_at_an_earlier_equal_value() -> None:
    # A tag before Lin_pn holding the same text (here Event) is not the players' tag: the pn|
    # goes where Lin_pn stands, after the key carried before it.
    from redouble import deal
    from redouble.formats import BoardRecord, writes

    tags = (("Event", "x,y,z"), ("Lin_zz", "1"), ("Lin_pn", "x,y,z"))
    text = writes([BoardRecord(board=1, deal=deal(1, 1), tags=tags)], "lin")
    assert text.startswith("zz|1|pn|x,y,z|")


@pytest.mark.parametrize("lexer", ["core", "python"])
def test_a_byte_order_mark_is_no_column(lexer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Text read whole and the same text streamed (which drops the mark) name the same column,
    # the one an editor shows: the mark is not a character of the line.
    monkeypatch.setattr(lin, "_LEXER", lexer)
    plain = "pn|a,b,c,d|md|zz|\n"
    where = set()
    for text in (plain, "\ufeff" + plain):
        for reader in (lin.loads, lambda t: list(lin.load(io.StringIO(t)))):
            with pytest.raises(FormatError) as err:
                reader(text)
            where.add((err.value.line, err.value.column))
    assert where == {(1, 12)}
