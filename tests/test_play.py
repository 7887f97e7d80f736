"""Position: legal plays, play/undo, tricks won, mid-trick starts, illegal plays."""

from __future__ import annotations

import random

import pytest

from redouble import (
    Card,
    CardSet,
    Deal,
    IllegalPlayError,
    InvalidDealError,
    Position,
    RedoubleError,
    Seat,
    Side,
    Strain,
    deal,
    trick_winner,
)

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _snapshot(p: Position) -> tuple[object, ...]:
    return (
        tuple(p.hand(s) for s in Seat),
        p.leader,
        p.to_play,
        p.trick,
        p.tricks_won(Side.NS),
        p.tricks_won(Side.EW),
        p.tricks,
    )


def test_opening_lead_may_be_any_card() -> None:
    p = Position(Deal.from_pbn(PBN), Strain.NOTRUMP, Seat.EAST)
    assert p.to_play is Seat.EAST
    assert p.legal_plays() == p.hand(Seat.EAST)


def test_must_follow_suit_when_able() -> None:
    p = Position(Deal.from_pbn(PBN), Strain.NOTRUMP, Seat.EAST)
    p.play("DT" if "DT" in p.hand(Seat.EAST) else "D4")
    assert p.legal_plays() == p.hand(Seat.SOUTH).suit(1)
    with pytest.raises(IllegalPlayError, match="follow suit"):
        p.play("SA" if "SA" in p.hand(Seat.SOUTH) else next(iter(p.hand(Seat.SOUTH).suit(3))))


def test_void_may_discard_anything() -> None:
    d = Deal.from_pbn("N:A... .A.. ..A. ...A")
    p = Position(d, Strain.NOTRUMP, Seat.NORTH)
    p.play("SA")
    assert p.legal_plays() == p.hand(Seat.EAST)
    p.play("HA")
    p.play("DA")
    assert p.play("CA") is Seat.NORTH
    assert p.is_complete()
    assert p.tricks_won(Side.NS) == 1


def test_playing_a_card_not_held_is_refused_and_changes_nothing() -> None:
    p = Position(Deal.from_pbn(PBN), Strain.SPADES, Seat.WEST)
    before = _snapshot(p)
    with pytest.raises(IllegalPlayError, match="does not hold"):
        p.play("SA")
    assert _snapshot(p) == before


def test_trick_completion_moves_the_lead_to_the_winner() -> None:
    p = Position(Deal.from_pbn(PBN), Strain.HEARTS, Seat.WEST)
    for card in ["HA", "HT", "H7", "H4"]:
        p.play(card)
    assert p.tricks[0].winner is Seat.WEST
    assert p.leader is Seat.WEST
    assert p.tricks_won(Side.EW) == 1
    assert p.tricks[0].cards == tuple(Card.parse(c) for c in ["HA", "HT", "H7", "H4"])


def test_random_playouts_and_full_undo_restore_exactly() -> None:
    r = random.Random(1)
    for seed in range(30):
        d = deal(seed, 1)
        p = Position(d, Strain(seed % 5), Seat(seed % 4))
        start = _snapshot(p)
        states = [start]
        played = []
        while not p.is_complete():
            c = r.choice(list(p.legal_plays()))
            played.append(c)
            p.play(c)
            states.append(_snapshot(p))
        assert p.tricks_won(Side.NS) + p.tricks_won(Side.EW) == 13
        assert len(p.tricks) == 13
        while played:
            assert p.undo() == played.pop()
            states.pop()
            assert _snapshot(p) == states[-1]
        assert _snapshot(p) == start
        with pytest.raises(IllegalPlayError, match="nothing to undo"):
            p.undo()


def test_mid_trick_start() -> None:
    # West led the SK, North played the SQ, East (void) discarded the H3; South is to play.
    hands = [CardSet.from_pbn_hand(h).mask for h in ("2...", "..2.", "3.2..", "...2")]
    p = Position(hands, Strain.NOTRUMP, Seat.WEST, trick=["SK", "SQ", "H3"])
    assert p.to_play is Seat.SOUTH
    assert p.trick == (Card.parse("SK"), Card.parse("SQ"), Card.parse("H3"))
    assert p.legal_plays() == CardSet(["S3"])
    assert p.play("S3") is Seat.WEST
    assert p.tricks_won(Side.EW) == 1
    assert p.tricks_left == 1
    p.undo()
    assert p.to_play is Seat.SOUTH
    assert len(p.trick) == 3


def test_mid_trick_validation() -> None:
    n, e, s, w = (CardSet.from_pbn_hand(h).mask for h in ("2...", "..2.", "3.2..", "...2"))
    with pytest.raises(InvalidDealError, match="hand sizes"):
        Position([n, e, s, w], Strain.NOTRUMP, Seat.WEST, trick=["SK"])
    with pytest.raises(InvalidDealError):
        Position([n, e, s, w], Strain.NOTRUMP, Seat.WEST, trick=["S2", "SQ", "H3"])  # S2 held
    # East discarded on a spade lead but still holds a spade: a visible revoke.
    e_spade = CardSet.from_pbn_hand("4...").mask
    with pytest.raises(IllegalPlayError, match="revokes"):
        Position([n, e_spade, s, w], Strain.NOTRUMP, Seat.WEST, trick=["SK", "SQ", "H3"])
    with pytest.raises(InvalidDealError):
        Position([n, e, s, w], 7, Seat.WEST)


def test_copy_is_independent() -> None:
    p = Position(deal(3, 1), Strain.CLUBS, Seat.NORTH)
    q = p.copy()
    q.play(next(iter(q.legal_plays())))
    assert p.trick == ()
    assert len(q.trick) == 1


def test_position_does_not_change_callers_list() -> None:
    masks = list(deal(4, 1).masks)
    trick: list[str] = []
    p = Position(masks, Strain.HEARTS, Seat.SOUTH, trick=trick)
    p.play(next(iter(p.legal_plays())))
    assert masks == list(deal(4, 1).masks)
    assert trick == []


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (
            b"SA",
            TypeError,
            r"^card must be a Card, a card's name \('SA'\) or its index 0\.\.51, not bytes$",
        ),
        (None, TypeError, r"^card must be a Card.*not NoneType$"),
        (1.5, TypeError, r"^card must be a Card.*not float$"),
        (60, RedoubleError, r"^card must be a card's index 0\.\.51 .*not 60$"),
        ("ZZ", RedoubleError, r"^card: not a card: 'ZZ'"),
    ],
)
def test_position_card_errors_name_the_argument(value: object, error: type, message: str) -> None:
    # The errors name the caller's argument ("card"), not Card's own "card id".
    p = Position(deal(1), Strain.NOTRUMP, Seat.WEST)
    before = _snapshot(p)
    with pytest.raises(error, match=message):
        p.play(value)  # type: ignore[arg-type]
    if error is TypeError:
        with pytest.raises(TypeError, match=message):
            p.is_legal(value)  # type: ignore[arg-type]
    assert _snapshot(p) == before


def test_trick_winner_names_the_bad_card() -> None:
    with pytest.raises(RedoubleError, match=r"^cards\[1\] must be a card's index 0\.\.51"):
        trick_winner(["SA", 99], Seat.NORTH, Strain.NOTRUMP)
    with pytest.raises(TypeError, match=r"^cards\[0\] must be a Card"):
        trick_winner([b"SA"], Seat.NORTH, Strain.NOTRUMP)  # type: ignore[list-item]
