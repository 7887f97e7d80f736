"""The Python enums and the C++ encoding (types.hpp) agree; versions agree."""

from __future__ import annotations

import redouble
from redouble import Card, Rank, Seat, Side, Strain, Suit, _core


def test_enum_values_match_core() -> None:
    c = _core.constants
    for suit in Suit:
        assert c[suit.name] == suit
    assert c["NOTRUMP"] == Strain.NOTRUMP
    for seat in Seat:
        assert c[seat.name] == seat
    for side in Side:
        assert c[side.name] == side
    assert c["TWO"] == Rank.TWO
    assert c["ACE"] == Rank.ACE


def test_card_layout_matches_core() -> None:
    c = _core.constants
    assert c["NUM_CARDS"] == 52
    assert c["NUM_RANKS"] == len(Rank)
    assert c["SUIT_MASK"] == 0x1FFF
    assert c["FULL_DECK"] == (1 << 52) - 1
    assert c["CARD_ID_SA"] == Card.parse("SA") == 51
    assert c["RANK_CHARS"] == redouble.cards.RANK_CHARS
    assert c["SUIT_CHARS"] == "".join(s.letter for s in Suit)
    assert c["SEAT_CHARS"] == "".join(s.letter for s in Seat)


def test_strains_extend_suits() -> None:
    for suit in Suit:
        assert Strain(int(suit)).suit is suit
        assert suit.strain == Strain(int(suit))
    assert Strain.NOTRUMP.suit is None


def test_version_agrees_with_core() -> None:
    assert redouble.__version__ == _core.__version__
