"""Deal and Board: validation, PBN deal strings, deal numbers, diagrams, transformations."""

from __future__ import annotations

import random

import pytest

import redouble
from redouble import (
    DEAL_COUNT,
    Board,
    Card,
    CardSet,
    Deal,
    FormatError,
    InvalidDealError,
    Seat,
    Suit,
    Vulnerability,
    deal,
)

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_from_pbn_reads_hands_clockwise_from_the_first_seat() -> None:
    d = Deal.from_pbn(PBN)
    assert d[Seat.NORTH].to_pbn() == "AKQJ.T98.765.432"
    assert d[Seat.WEST].to_pbn() == "432.AKQJ.T98.765"
    e = Deal.from_pbn("E:" + PBN[2:])
    assert e[Seat.EAST] == d[Seat.NORTH]
    assert e[Seat.NORTH] == d[Seat.WEST]


@pytest.mark.parametrize("first", list(Seat))
def test_pbn_round_trip_any_first_seat(first: Seat) -> None:
    for s in range(20):
        d = deal(seed=s, board=1)
        assert Deal.from_pbn(d.to_pbn(first)) == d
        assert d.to_pbn(first).startswith(first.letter + ":")


def test_pbn_accepts_variations() -> None:
    d = Deal.from_pbn(PBN)
    assert Deal.from_pbn("n:" + PBN[2:].lower()) == d
    assert Deal.from_pbn("  " + PBN.replace("T", "10") + "  ") == d


def test_partial_deals_need_equal_hand_sizes() -> None:
    d = Deal.from_pbn("N:AK... QJ... T9... 87...")
    assert d.hand_size == 2
    assert not d.is_full
    with pytest.raises(InvalidDealError):
        Deal.from_pbn("N:AKQ... QJ... T9... 87...")
    assert Deal.from_pbn("N:- - - -").hand_size == 0


@pytest.mark.parametrize(
    "text",
    [
        "AKQJ.T98.765.432",  # no seat
        "X:AKQJ.T98.765.432 - - -",  # bad seat
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ",  # too few hands
        "N:AKQJ.T98.765 - - -",  # three suits
        "N:AKQJ.T98.765.432.2 - - -",  # five suits
        "N:AKQZ.T98.765.432 - - -",  # bad rank
        PBN + " 2...",  # five hands
    ],
)
def test_malformed_deal_strings_raise_format_error(text: str) -> None:
    with pytest.raises(FormatError):
        Deal.from_pbn(text)


def test_duplicated_card_is_an_invalid_deal() -> None:
    with pytest.raises(InvalidDealError, match="twice"):
        Deal.from_pbn("N:AKQJ.T98.765.432 A98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_fourteen_card_hand_is_invalid() -> None:
    n = CardSet.from_pbn_hand("AKQJT.T98.765.432").mask
    with pytest.raises(InvalidDealError):
        Deal([n, 0, 0, 0])
    with pytest.raises(InvalidDealError):
        Deal.from_pbn("N:AKQJT.98.765.432 98.765.432.AKQJT 765.432.AKQJ.T98 432.AKQJT.T98.765")


def test_deal_rejects_wrong_structure() -> None:
    with pytest.raises(InvalidDealError):
        Deal([1, 2, 4])
    with pytest.raises(InvalidDealError):
        Deal([1 << 52, 0, 0, 0])
    with pytest.raises(InvalidDealError):
        Deal.from_pbn(123)  # type: ignore[arg-type]


def test_deal_is_an_immutable_value() -> None:
    d = Deal.from_pbn(PBN)
    assert d == Deal(d.masks)
    assert hash(d) == hash(Deal(d.masks))
    assert eval(repr(d)) == d
    with pytest.raises(AttributeError):
        d._masks = (0, 0, 0, 0)  # type: ignore[misc]
    masks = list(d.masks)
    Deal(masks)
    assert masks == list(d.masks)  # the caller's list is untouched


def test_deal_from_mapping() -> None:
    d = Deal.from_pbn(PBN)
    assert Deal({s: d[s].to_pbn() for s in Seat}) == d


def test_seat_of() -> None:
    d = Deal.from_pbn(PBN)
    assert d.seat_of("SA") is Seat.NORTH
    assert d.seat_of(Card.parse("HA")) is Seat.WEST


def test_index_round_trip_random_deals() -> None:
    for s in range(200):
        d = deal(seed=s, board=s + 1)
        i = d.index
        assert 0 <= i < DEAL_COUNT
        assert Deal.from_index(i) == d


def test_index_boundaries() -> None:
    assert DEAL_COUNT == 53644737765488792839237440000
    first = Deal.from_index(0)
    last = Deal.from_index(DEAL_COUNT - 1)
    assert first.index == 0
    assert last.index == DEAL_COUNT - 1
    # Cards in id order, lowest seat first: index 0 gives North the 13 lowest cards (clubs).
    assert first[Seat.NORTH] == CardSet.from_pbn_hand("...AKQJT98765432")
    assert last[Seat.WEST] == CardSet.from_pbn_hand("...AKQJT98765432")
    for bad in (-1, DEAL_COUNT, DEAL_COUNT + 5):
        with pytest.raises(InvalidDealError):
            Deal.from_index(bad)


def test_index_is_a_bijection_on_random_numbers() -> None:
    r = random.Random(5)
    for _ in range(200):
        i = r.randrange(DEAL_COUNT)
        assert Deal.from_index(i).index == i


def test_index_of_partial_deal_is_an_error() -> None:
    with pytest.raises(InvalidDealError):
        _ = Deal.from_pbn("N:AK... QJ... T9... 87...").index


def test_rotate_and_swap_suits() -> None:
    d = Deal.from_pbn(PBN)
    r = d.rotate(1)
    assert r[Seat.EAST] == d[Seat.NORTH]
    assert d.rotate(4) == d
    sw = d.swap_suits(Suit.SPADES, Suit.CLUBS)
    assert sw[Seat.NORTH].to_pbn() == "432.T98.765.AKQJ"
    assert sw.swap_suits(Suit.CLUBS, Suit.SPADES) == d


def test_diagram_lays_out_four_hands() -> None:
    d = Deal.from_pbn(PBN)
    text = d.diagram()
    lines = text.splitlines()
    assert lines[0].strip() == "North"
    assert lines[1].strip() == "♠ A K Q J"
    assert "West" in lines[5]
    assert "East" in lines[5]
    assert lines[6].startswith("♠ 4 3 2")
    assert lines[6].endswith("♠ 10 9 8")
    assert lines[10].strip() == "South"
    ascii_text = d.diagram(unicode=False)
    assert "♠" not in ascii_text
    assert "S A K Q J" in ascii_text


def test_board_cycle() -> None:
    d = Deal.from_pbn(PBN)
    expect_vul = [
        "None",
        "NS",
        "EW",
        "All",
        "NS",
        "EW",
        "All",
        "None",
        "EW",
        "All",
        "None",
        "NS",
        "All",
        "None",
        "NS",
        "EW",
    ]
    for n in range(1, 33):
        b = Board.from_number(n, d)
        assert b.dealer is Seat((n - 1) % 4)
        assert b.vulnerability.pbn == expect_vul[(n - 1) % 16]
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH)
    assert not Vulnerability.NS.is_vulnerable(Seat.EAST)
    with pytest.raises(InvalidDealError):
        Board.from_number(0, d)


@pytest.mark.parametrize(
    "text", ["N:é.AKQ.2.3 - - -", "N:\x00AKQ... - - -", "N:\u00b2... - - -", "N:\udcff... - - -"]
)
def test_from_pbn_with_non_ascii_or_nul_raises_our_error_naming_the_character(text: str) -> None:
    # A character of a multi-byte UTF-8 sequence or a NUL once made a UnicodeDecodeError, or a
    # message cut short, instead of our error.
    with pytest.raises(FormatError, match=r"unexpected character .+ at offset 2 "):
        Deal.from_pbn(text)


@pytest.mark.parametrize(("text", "byte"), [("N:é.AKQ.2.3 - - -", "c3"), ("N:\x00AKQ - - -", "00")])
def test_core_deal_parser_escapes_the_bytes_it_quotes(text: str, byte: str) -> None:
    # The compiled core is checked on its own, whatever the Python layer checks first.
    with pytest.raises(FormatError, match=rf"unexpected character byte \\x{byte} at offset 2 "):
        redouble._core.parse_pbn_deal(text)
