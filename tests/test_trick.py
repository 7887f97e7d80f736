"""Trick winners and follow-suit legality across all five strains."""

from __future__ import annotations

import random

import pytest

from redouble import Card, IllegalPlayError, Seat, Strain, trick_winner


def _reference_winner(cards: list[Card], leader: Seat, strain: Strain) -> Seat:
    """Straight from the laws: the highest trump wins, else the highest card of the suit led."""
    led = cards[0].suit
    trumps = [c for c in cards if strain is not Strain.NOTRUMP and c.suit == int(strain)]
    pool = trumps or [c for c in cards if c.suit == led]
    best = max(pool, key=lambda c: c.rank)
    return leader.next(cards.index(best))


@pytest.mark.parametrize("strain", list(Strain))
def test_trick_winner_matches_the_rule_on_random_tricks(strain: Strain) -> None:
    r = random.Random(int(strain))
    for _ in range(2000):
        n = r.randint(1, 4)
        cards = [Card(c) for c in r.sample(range(52), n)]
        leader = Seat(r.randrange(4))
        assert trick_winner(cards, leader, strain) is _reference_winner(cards, leader, strain)


def test_specific_tricks() -> None:
    c = Card.parse
    # Hearts led, a small trump wins in spades, loses at no trump.
    trick = [c("HK"), c("HA"), c("S2"), c("H3")]
    assert trick_winner(trick, Seat.NORTH, Strain.SPADES) is Seat.SOUTH
    assert trick_winner(trick, Seat.NORTH, Strain.NOTRUMP) is Seat.EAST
    # A discard of a higher card in another suit never wins.
    assert trick_winner([c("D2"), c("CA")], Seat.WEST, Strain.HEARTS) is Seat.WEST
    # Over-ruff.
    assert trick_winner([c("D2"), c("C3"), c("C4")], Seat.EAST, Strain.CLUBS) is Seat.WEST
    # Trumps led: highest trump.
    assert trick_winner(["S2", "SK", "SQ", "HA"], Seat.SOUTH, Strain.SPADES) is Seat.WEST


def test_trick_winner_rejects_bad_tricks() -> None:
    with pytest.raises(IllegalPlayError):
        trick_winner([], Seat.NORTH, Strain.NOTRUMP)
    with pytest.raises(IllegalPlayError):
        trick_winner(["S2"] * 5, Seat.NORTH, Strain.NOTRUMP)
