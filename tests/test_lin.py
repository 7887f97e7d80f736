"""LIN reading and writing, and LIN <-> PBN conversion (redouble.formats.lin)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

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


def random_lin_record(seed: int) -> BoardRecord:
    """A seeded board holding only what LIN carries: names, deal, auction, play, claim."""
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
    play = PlayRecord.from_order(declarer.lho, order, contract.strain, is_complete=claim is None)
    return BoardRecord(
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
        result=claim,
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
    with pytest.raises(FormatError, match="line break"):
        lin.dumps(read(GAMES / "sample.pbn")[:1])
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
    rec = lin.loads("vg|Final,Open,1,16|qx|o1|md|3SA,SK,SQ,SJ|nt|nice hand|")[0]
    assert rec.tags == (("Lin_vg", "Final,Open,1,16"), ("Lin_qx", "o1"))
    assert rec.commentary == ("nice hand",)
    assert lin.loads(lin.dumps([rec])) == [rec]


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
