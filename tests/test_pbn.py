"""PBN 2.1 reading, writing and streaming (redouble.formats.pbn)."""

from __future__ import annotations

import doctest
import importlib
import io
import random
from pathlib import Path

import pytest

from redouble.cards import Card, CardSet, Seat, Strain
from redouble.deal import Deal, Vulnerability
from redouble.dealing import board as make_board
from redouble.errors import FormatError
from redouble.formats import pbn, read, write
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
DEAL = "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"
_BIDS = [f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT")]


def random_record(seed: int) -> BoardRecord:
    """A seeded board with a legal-looking auction, legal play and a few annotations."""
    rng = random.Random(seed)
    number = seed % 32 + 1
    b = make_board(seed, number)
    calls: list[Call] = [Call("Pass") for _ in range(rng.randrange(5))]
    if len(calls) < 4:
        k = rng.randrange(6)
        while k < len(_BIDS):
            note = f"note {seed}/{len(calls)}" if rng.random() < 0.1 else None
            ann = ("!",) if rng.random() < 0.1 else ()
            calls.append(Call(_BIDS[k], note, ann))
            if rng.random() < 0.2:
                calls.append(Call("X"))
                if rng.random() < 0.3:
                    calls.append(Call("XX"))
            if rng.random() < 0.4:
                break
            calls.append(Call("Pass"))
            k += rng.randrange(1, 5)
        while calls and calls[-1].is_pass:
            calls.pop()
        calls += [Call("Pass")] * 3
    auction = AuctionRecord(b.dealer, tuple(calls))
    final = auction.final_contract()
    assert final is not None
    contract, declarer = final
    fields: dict[str, object] = {}
    if declarer is not None and contract.strain is not None:
        # Random legal play, the tricks ruled by the library's own Position.
        position = Position(b.deal, contract.strain, declarer.lho)
        order: list[PlayedCard] = []
        tricks = rng.randrange(14)
        for _ in range(4 * tricks):
            card = rng.choice(sorted(position.legal_plays()))
            position.play(card)
            order.append(PlayedCard.of(card))
        complete = tricks == 13 or rng.random() < 0.5
        fields["play"] = PlayRecord.from_order(
            declarer.lho, order, contract.strain, is_complete=complete
        )
        result = rng.randrange(14)
        fields["result"] = result
        if not complete:
            fields["claim"] = result
    if rng.random() < 0.3:
        fields["dd_table"] = tuple(tuple(rng.randrange(14) for _ in range(4)) for _ in range(5))
    return BoardRecord(
        tags=(("Event", f"corpus {seed}"), ("South", "Sue")),
        board=number,
        dealer=b.dealer,
        vulnerability=b.vulnerability,
        deal=b.deal,
        auction=auction,
        contract=contract,
        declarer=declarer,
        **fields,  # type: ignore[arg-type]
    )


def test_reader_reads_every_field_of_the_sample_file() -> None:
    boards = read(GAMES / "sample.pbn")
    assert len(boards) == 4
    first = boards[0]
    assert first.board == 1
    assert first.dealer is Seat.NORTH
    assert first.vulnerability is Vulnerability.NONE
    assert first.deal == Deal.from_pbn(DEAL)
    assert first.tag("event") == "Club pairs"
    assert ("BCFlags", "1f") in first.tags
    assert str(first.contract) == "3NT"
    assert first.declarer is Seat.EAST
    assert first.result == 9
    assert first.score == "EW 400"
    calls = first.auction.calls if first.auction else ()
    assert [c.token for c in calls][:6] == ["Pass", "1C", "Pass", "1H", "Pass", "1NT"]
    assert calls[1].note == "5+ clubs"
    assert calls[5].annotations == ("!",)
    assert calls[7].annotations == ("$3",)
    assert [c.token for c in calls[-3:]] == ["Pass"] * 3
    assert first.commentary == ("Commentary on\ntwo lines",)
    # [DoubleDummyTricks "56865568656757867578"]: declarers N S E W, each NT S H D C.
    assert first.dd_table == ((5, 8, 5, 8), (6, 7, 6, 7), (8, 5, 8, 5), (6, 7, 6, 7), (5, 6, 5, 6))


def test_sample_file_round_trips() -> None:
    boards = read(GAMES / "sample.pbn")
    assert pbn.loads(pbn.dumps(boards)) == boards


def test_hash_value_inherits_previous_boards_tag() -> None:
    boards = read(GAMES / "sample.pbn")
    assert boards[1].tag("Event") == "Club pairs"
    assert boards[1].tag("Date") == "2024.01.15"


def test_hash_value_without_a_previous_board_is_empty() -> None:
    """PBN 2.1 §4.8: '#' on the first board has nothing to inherit, so the value is empty
    (this test replaces one that wanted an error, the defect issue 16 names)."""
    assert pbn.loads('[Event "#"]\n')[0].tag("Event") == ""


def test_typed_tag_names_are_read_in_any_case() -> None:
    second = read(GAMES / "sample.pbn")[1]
    assert second.board == 2
    assert second.dealer is Seat.EAST
    assert second.vulnerability is Vulnerability.NS


def test_semicolon_comment_and_irregularity_mark_are_kept() -> None:
    second = read(GAMES / "sample.pbn")[1]
    assert second.commentary == (" went two down",)
    assert second.auction is not None
    assert second.auction.calls[2].annotations == ("^I",)
    assert second.tables[0].name == "ScoreTable"
    assert second.tables[0].header == "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"
    assert second.tables[0].rows[1] == ("3", "4", '"110"')


def test_play_with_dash_keeps_its_place_and_orders_by_trick_winner() -> None:
    second = read(GAMES / "sample.pbn")[1]
    assert second.play is not None
    assert second.play.tricks[2][0].token == "-"
    assert not second.play.is_complete
    assert second.claim == 8
    plays = second.plays()
    # Trick 1 won by East's HA, so East leads trick 2; North wins it with CA and leads.
    assert plays[4] == (Seat.EAST, Card.parse("C5"))
    assert plays[8] == (Seat.NORTH, Card.parse("DA"))


def test_historical_tags_round_trip() -> None:
    boards = read(GAMES / "sample.pbn")
    auction, bridge = boards[2], boards[3]
    assert auction.law_set == "auction_1912"
    assert auction.contract == Contract(2, "RS", 1)
    assert auction.auction is not None
    assert auction.auction.calls[2].token == "2RS"
    assert auction.auction.calls[2].strain is Strain.SPADES
    assert bridge.law_set == "bridge_1906"
    assert bridge.declaration == DeclarationRecord.parse("W:Pass E:H N:X W:X")
    assert bridge.declaration is not None
    assert (bridge.declaration.maker, bridge.declaration.is_passed) == (Seat.EAST, True)
    assert bridge.declaration.doublings == 2
    assert bridge.contract == Contract(None, "H", 2)
    text = pbn.dumps([auction, bridge])
    assert '[LawSet "auction_1912"]' in text
    assert '[Declaration "W:Pass E:H N:X W:X"]' in text
    assert pbn.loads(text) == [auction, bridge]


def test_partial_deal_keeps_unknown_hands() -> None:
    bridge = read(GAMES / "sample.pbn")[3]
    assert bridge.deal is None
    assert bridge.partial_hands is not None
    assert bridge.hand(Seat.EAST) == CardSet.from_pbn_hand("765.432.AKQJ.T98")
    assert bridge.hand(Seat.NORTH) is None


def test_crlf_and_lf_files_read_the_same(tmp_path: Path) -> None:
    text = (GAMES / "sample.pbn").read_text()
    crlf = tmp_path / "crlf.pbn"
    crlf.write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode())
    assert read(crlf) == read(GAMES / "sample.pbn")


@pytest.mark.parametrize(
    ("name", "line", "column", "match"),
    [
        ("malformed_tag.pbn", 3, 1, "malformed tag"),
        ("malformed_auction.pbn", 4, 9, "not a call"),
        ("malformed_note.pbn", 3, 4, "note 3"),
        ("malformed_deal.pbn", 2, 1, "two seats"),
    ],
)
def test_reader_reports_line_and_column_of_malformed_input(
    name: str, line: int, column: int, match: str
) -> None:
    with pytest.raises(FormatError, match=match) as e:
        read(GAMES / name)
    assert (e.value.line, e.value.column) == (line, column)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('[Auction "N"]\n1C Pass * Pass\n', "after"),
        ('[Board "1"]\nPass\n', "outside a section"),
        ('[Board "1"]\n[Board "2"]\n', "twice"),
        ('[Auction "N"]\n1C =1= =2= AP\n[Note "1:a"]\n[Note "2:b"]\n', "two notes"),
        ('[Board "1"]\n{never closed\n', "never closed"),
        ('[Result "14"]\n', "Result"),
        ('[DoubleDummyTricks "123"]\n', "20 digits"),
        ('[Contract "8NT"]\n', "contract"),
        ('[Declaration "S:Pass S:H"]\n', "partner"),
        ('[Vulnerable "Maybe"]\n', "Vulnerable"),
    ],
)
def test_reader_rejects_what_would_lose_data(text: str, match: str) -> None:
    with pytest.raises(FormatError, match=match) as e:
        pbn.loads(text)
    assert e.value.line is not None


def test_same_typed_tag_twice_with_same_value_is_accepted() -> None:
    assert pbn.loads('[Board "1"]\n[Board "1"]\n')[0].board == 1


def test_dd_tricks_and_optimum_result_table_must_agree() -> None:
    rec = BoardRecord(deal=Deal.from_pbn(DEAL), dd_table=((7, 6, 7, 6),) * 5)
    text = pbn.dumps([rec])
    assert "OptimumResultTable" in text
    assert pbn.loads(text) == [rec]
    only_table = "\n".join(
        line for line in text.splitlines() if not line.startswith("[DoubleDummyTricks")
    )
    assert pbn.loads(only_table) == [rec]
    bad = text.replace('[DoubleDummyTricks "', '[DoubleDummyTricks "0', 1)
    bad = bad.replace('6"]', '"]', 1)
    with pytest.raises(FormatError, match="disagrees"):
        pbn.loads(bad)


def test_dd_tricks_digit_order_is_declarer_nsew_then_nt_s_h_d_c() -> None:
    table = pbn.dd_table_from_pbn("d0000" + "0" * 5 + "0000a" + "0" * 5)
    assert table[Strain.NOTRUMP][Seat.NORTH] == 13
    assert table[Strain.CLUBS][Seat.EAST] == 10
    assert pbn.dd_table_to_pbn(table) == "d0000" + "0" * 5 + "0000a" + "0" * 5


def test_tags_builder_reads_headers_only_and_skip_visitor_skips() -> None:
    reader = pbn.PbnReader(io.StringIO((GAMES / "sample.pbn").read_text()))
    tags = reader.read_tags()
    assert tags is not None
    assert ("Auction", "N") in tags
    assert ("Event", "Club pairs") in tags
    assert reader.skip_board()
    third = reader.read_record()
    assert third is not None
    assert third.board == 3
    assert reader.skip_board()
    assert not reader.skip_board()
    assert reader.read_record() is None


class _CountCalls(pbn.BaseVisitor[int]):
    def begin_board(self) -> pbn.SkipType | None:
        self.calls = 0
        return None

    def visit_section(self, name: str, value: str, tokens: object, line: int, column: int) -> None:
        if name == "Auction":
            self.calls = len(tokens)  # type: ignore[arg-type]

    def result(self) -> int:
        return self.calls


def test_custom_visitor_sees_section_tokens() -> None:
    counts = list(pbn.iter_boards(GAMES / "sample.pbn", _CountCalls))
    assert counts == [12, 8, 7, 0]


def test_generated_corpus_round_trips_exactly() -> None:
    records = [random_record(seed) for seed in range(200)]
    assert pbn.loads(pbn.dumps(records)) == records
    assert any(r.claim is not None for r in records)
    assert any(r.play is not None and r.play.is_complete for r in records)


def test_streaming_reader_reads_thousands_of_boards(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    with path.open("w") as fh:
        fh.write("% PBN 2.1\n")
        for n in range(1, 2001):
            b = make_board(7, n)
            fh.write(
                f'[Event "#"]\n[Board "{n}"]\n[Dealer "{b.dealer.letter}"]\n'
                f'[Deal "{b.deal.to_pbn()}"]\n[Auction "{b.dealer.letter}"]\n1NT Pass 3NT AP\n\n'
                if n > 1
                else f'[Event "Big"]\n[Board "1"]\n[Deal "{b.deal.to_pbn()}"]\n\n'
            )
    assert sum(1 for _ in pbn.iter_boards(path, pbn.SkipVisitor)) == 2000
    last = None
    count = 0
    for count, rec in enumerate(pbn.iter_boards(path), 1):  # noqa: B007
        last = rec
    assert count == 2000
    assert isinstance(last, BoardRecord)
    assert last.board == 2000
    assert last.tag("Event") == "Big"
    assert last.deal == make_board(7, 2000).deal


def test_reader_continues_after_a_malformed_board() -> None:
    reader = pbn.PbnReader(io.StringIO('[Board "x"]\n\n[Board "2"]\n'))
    with pytest.raises(FormatError, match="board number"):
        reader.read_record()
    rec = reader.read_record()
    assert rec is not None
    assert rec.board == 2


def test_write_dispatches_by_extension(tmp_path: Path) -> None:
    records = [random_record(seed) for seed in range(5)]
    write(records, tmp_path / "x.pbn")
    assert read(tmp_path / "x.pbn") == records
    with pytest.raises(FormatError, match="format"):
        read(tmp_path / "x.txt")


def test_call_grammar_normalises_spellings() -> None:
    assert [Call.parse(t).token for t in ("p", "PASS", "d", "x", "r", "xx")] == [
        "Pass",
        "Pass",
        "X",
        "X",
        "XX",
        "XX",
    ]
    assert Call.parse("1n").token == "1NT"
    assert Call.parse("3R").token == "3RS"
    assert Call.parse("1C!").annotations == ("!",)
    with pytest.raises(FormatError):
        Call("1n")
    with pytest.raises(FormatError):
        Call.parse("0C")


def test_reads_files_written_by_endplay() -> None:
    boards = read(GAMES / "endplay_boards.pbn")
    assert [b.board for b in boards] == [1, 2, 3]
    assert [str(b.contract) for b in boards] == ["4S", "1HXX", "3NT"]
    assert boards[1].auction is not None
    assert boards[1].auction.calls[1].note == "takeout"
    assert boards[0].deal == Deal.from_pbn(
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    )
    assert boards[2].play is not None
    assert [p.token for p in boards[2].play.tricks[0]] == ["SK", "S2", "S8", "S3"]


def test_endplay_reads_our_files() -> None:
    ep = pytest.importorskip("endplay.parsers.pbn")
    records = [random_record(seed) for seed in range(20)]
    theirs = ep.loads(pbn.dumps(records))
    assert len(theirs) == len(records)
    for mine, other in zip(records, theirs, strict=True):
        assert mine.deal is not None
        assert other.deal.to_pbn() == mine.deal.to_pbn()
        assert other.board_num == mine.board
        assert len(other.auction) == len(mine.auction.calls if mine.auction else ())
        if mine.contract is not None and mine.declarer is not None:
            assert other.contract.level == mine.contract.level
            assert other.contract.declarer.abbr == mine.declarer.letter


@pytest.mark.parametrize(
    "name",
    [
        "redouble.formats.records",
        "redouble.formats.pbn",
        "redouble.formats.lin",
        "redouble.formats.json_format",
    ],
)
def test_format_modules_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 0
    assert failures == 0


@pytest.mark.parametrize("as_text", [False, True])
def test_streaming_leaves_a_file_it_was_given_open(as_text: bool) -> None:
    # The reader closes only what it opened (a path); the caller's handle stays the caller's.
    data = (GAMES / "sample.pbn").read_bytes()
    handle: io.IOBase = io.StringIO(data.decode("utf-8")) if as_text else io.BytesIO(data)
    assert list(pbn.iter_boards(handle))
    assert not handle.closed
