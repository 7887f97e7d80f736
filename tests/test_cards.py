"""Cards, ranks, seats and the immutable CardSet."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble import Card, CardSet, FormatError, InvalidDealError, Rank, Seat, Side, Strain, Suit


def test_card_ids_follow_the_encoding() -> None:
    assert Card.parse("C2") == 0
    assert Card.parse("CA") == 12
    assert Card.parse("D2") == 13
    assert Card.parse("SA") == 51
    for cid in range(52):
        c = Card(cid)
        assert c.suit * 13 + c.rank == cid
        assert Card.of(c.suit, c.rank) == c


@pytest.mark.parametrize("text", ["SA", "sa", "AS", "♠A", "S A", "SA "])
def test_card_parse_accepts_common_forms(text: str) -> None:
    assert Card.parse(text) == Card.of(Suit.SPADES, Rank.ACE)


def test_card_ten_spellings() -> None:
    assert Card.parse("H10") == Card.parse("HT") == Card.parse("10H")


@pytest.mark.parametrize("text", ["", "S", "X5", "S1", "SAA", "11H", "ZZ"])
def test_card_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(FormatError):
        Card.parse(text)


@pytest.mark.parametrize("bad", [-1, 52, 100, True])
def test_card_id_out_of_range(bad: int) -> None:
    with pytest.raises(InvalidDealError):
        Card(bad)


def test_card_str_and_repr_round_trip() -> None:
    for cid in range(52):
        c = Card(cid)
        assert Card.parse(str(c)) == c
        assert eval(repr(c)) == c
        assert pickle.loads(pickle.dumps(c)) == c


def test_seat_arithmetic() -> None:
    assert Seat.NORTH.lho is Seat.EAST
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.NORTH.rho is Seat.WEST
    assert Seat.WEST.lho is Seat.NORTH
    assert Seat.EAST.side is Side.EW
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert Side.EW.opponents is Side.NS
    assert Seat.parse("west") is Seat.WEST


def test_strain_parse() -> None:
    assert Strain.parse("nt") is Strain.NOTRUMP
    assert Strain.parse("N") is Strain.NOTRUMP
    assert Strain.parse("♥") is Strain.HEARTS
    with pytest.raises(FormatError):
        Strain.parse("X")


def test_cardset_from_pbn_hand_and_back() -> None:
    h = CardSet.from_pbn_hand("AKQ2.T98.76.5432")
    assert len(h) == 13
    assert h.to_pbn() == "AKQ2.T98.76.5432"
    assert h.shape() == (4, 3, 2, 4)
    assert h.hcp() == 9
    assert Card.parse("SQ") in h
    assert "HT" in h
    assert "H2" not in h
    assert eval(repr(h)) == h


def test_cardset_is_an_immutable_hashable_set() -> None:
    a = CardSet(["SA", "SK", "H2"])
    b = CardSet.from_pbn_hand("A...")
    assert a & b == b
    assert (a | b) == a
    assert a - b == CardSet(["SK", "H2"])
    assert a ^ b == CardSet(["SK", "H2"])
    assert b <= a
    assert {a: 1}[CardSet(a.mask)] == 1
    with pytest.raises(AttributeError):
        a._mask = 0  # type: ignore[misc]
    assert [str(c) for c in a] == ["H2", "SK", "SA"]
    assert [str(c) for c in reversed(a)] == ["SA", "SK", "H2"]


def test_cardset_rejects_bad_input() -> None:
    with pytest.raises(InvalidDealError):
        CardSet(1 << 52)
    with pytest.raises(InvalidDealError):
        CardSet(["SA", "SA"])
    with pytest.raises(FormatError):
        CardSet.from_pbn_hand("AKQ.T98.76")
    with pytest.raises(FormatError):
        CardSet.from_pbn_hand("AKX.T98.76.2")
    with pytest.raises(FormatError):
        CardSet.from_pbn_hand("AKA.T98.76.2")


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_cardset_round_trips_any_mask(mask: int) -> None:
    s = CardSet(mask)
    assert CardSet.from_pbn_hand(s.to_pbn()) == s
    assert CardSet(iter(s)) == s
    assert len(s) == (mask).bit_count()
    assert sum(s.length(suit) for suit in Suit) == len(s)
