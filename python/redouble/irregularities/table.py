"""The table as it lies in a lenient game (``Game(strict=False)``), irregular cards included.

A strict :class:`~redouble.game.Game` plays its cards on a :class:`~redouble.play.Position`,
which refuses what the laws forbid. A lenient game lets the players do what they did at the
table, so it keeps the cards on a looser model, owned by this module (internal):

- :class:`_TablePlay`: the hands, the trick on the table (seat -> card) and the tricks quitted,
  accepting revokes, leads out of turn, premature plays, a surplus card out of its holder's
  hand and tricks with a card omitted; and what the game asks of the cards as they lie:
  following suit, the penalty obligations that apply to a play and the plays complying with
  them, a trick taken back or reopened, a short trick completed;
- :class:`_Revoke`: the record of an irregular card (a revoke, a penalty not complied with)
  that the revoke penalty may follow;
- :func:`_exposed_cards`: the exposed cards still liable to be called.

Judging irregularities is not done here: the referee (:mod:`~redouble.irregularities.referee`,
:mod:`~redouble.irregularities.judging`) rules on a read-only view of this table, the game
raises and settles the rulings and its log records every action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card, CardSet, Seat, Side, Strain, Suit
from ..deal import Deal
from ..errors import RedoubleError
from ..play import Position, Trick
from ..scoring import PerSide
from .catalogue import Irregularity, Obligation, ObligationKind
from .helpers import trick_winner_of

# The penalties waiting on a play: each obligation, with the trick it is for (None: the next
# play or lead it applies to, whenever that comes).
_Obligations = list[tuple[Obligation, int | None]]


@dataclass
class _Revoke:
    """An irregular card that the revoke penalty may follow (internal)."""

    seat: Seat
    trick: int
    card: Card
    kind: Irregularity
    ruling: int
    established: bool = False
    corrected: bool = False
    forfeited: bool = False
    obligation: Obligation | None = None
    questioned: bool = False  # A85: asked about before the trick was quitted


class _TablePlay:
    """The cards as they lie: hands, the trick on the table (seat -> card), tricks quitted.

    Unlike :class:`Position` it accepts revokes, leads out of turn, premature plays and tricks
    with a card omitted; legality is judged by the game, not here (internal).
    """

    def __init__(self, deal: Deal, strain: Strain, leader: Seat) -> None:
        self.hands = list(deal.masks)
        self.strain = strain
        self.leader = leader
        self.rightful = leader
        self.cards: dict[Seat, Card] = {}
        self.order: list[Seat] = []
        self.tricks: list[Trick] = []

    def holds(self, seat: Seat, card: Card) -> bool:
        return bool(self.hands[seat] >> int(card) & 1)

    def hand(self, seat: Seat) -> CardSet:
        return CardSet(self.hands[seat])

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[self.leader].suit if self.leader in self.cards else None

    def is_full(self) -> bool:
        return len(self.cards) == 4

    def expected(self) -> Seat:
        """Who should play next: the rightful leader, or the next seat round from the leader."""
        if not self.cards:
            return self.rightful
        if self.is_full():
            return self.winner()
        for k in range(1, 4):
            seat = self.leader.next(k)
            if seat not in self.cards:
                return seat
        return self.winner()

    def winner(self) -> Seat:
        return trick_winner_of(self.cards, self.leader, self.strain)

    def add(self, seat: Seat, card: Card) -> None:
        self.hands[seat] &= ~card.mask
        self.cards[seat] = card
        self.order.append(seat)

    def take_back(self, seat: Seat) -> Card:
        card = self.cards.pop(seat)
        self.order.remove(seat)
        self.hands[seat] |= card.mask
        return card

    def gather(self) -> Trick:
        winner = self.winner()
        seats = [self.leader.next(k) for k in range(4) if self.leader.next(k) in self.cards]
        trick = Trick(self.leader, tuple(self.cards[s] for s in seats), winner)
        self.tricks.append(trick)
        self.cards, self.order = {}, []
        self.leader = self.rightful = winner
        return trick

    def won(self) -> PerSide:
        ns = sum(1 for t in self.tricks if t.winner.side is Side.NS)
        return PerSide(ns, len(self.tricks) - ns)

    def position(self) -> Position | None:
        leader = self.winner() if self.is_full() else (self.leader if self.cards else self.rightful)
        trick = [] if self.is_full() else [self.cards[s] for s in self._rotation()]
        try:
            return Position(self.hands, self.strain, leader, trick)
        except RedoubleError:
            return None

    def _rotation(self) -> list[Seat]:
        return [self.leader.next(k) for k in range(4) if self.leader.next(k) in self.cards]

    def trick_in_rotation(self) -> list[Card]:
        return [self.cards[s] for s in self._rotation()]

    # -- what the game asks of the cards as they lie ----------------------------------------------
    def follow(self, seat: Seat, lead: bool) -> CardSet:
        """The cards `seat` may play without revoking: the suit led if he holds it, else any."""
        hand = self.hand(seat)
        led = None if lead else self.led_suit
        if led is not None and hand.suit(led):
            return hand.suit(led)
        return hand

    def applicable(
        self,
        obligations: Sequence[tuple[Obligation, int | None]],
        defenders: Sequence[Seat],
        seat: Seat,
        lead: bool,
    ) -> _Obligations:
        """The `obligations` on `seat`'s next card (a lead when `lead`); one on no seat is on
        the next lead of a defender (`defenders`: the declarer's adversaries)."""
        out = []
        for o, trick in obligations:
            if o.seat is None and not (lead and seat in defenders):
                continue
            if o.seat is not None and o.seat != seat:
                continue
            if o.on_lead_only and not lead:
                continue
            if trick is not None and (trick != len(self.tricks) or (lead and not o.on_lead_only)):
                continue
            out.append((o, trick))
        return out

    def allowed(self, o: Obligation, seat: Seat, follow: CardSet, lead: bool) -> CardSet:
        """The plays complying with `o`; empty when it cannot be complied with (Auction Bridge
        (1912), Laws 74, 79)."""
        t = self
        hand = t.hand(seat)
        k = o.kind
        if k is ObligationKind.PLAY_CARD:
            return CardSet(c for c in follow if c == o.card)
        if k is ObligationKind.NOT_PLAY_CARD:
            return CardSet(c for c in follow if c != o.card)
        if k is ObligationKind.LEAD_SUIT:
            return hand.suit(o.suit) if o.suit is not None else CardSet()
        if k is ObligationKind.NOT_LEAD_SUIT:
            return CardSet(c for c in hand if c.suit != o.suit)
        led = t.led_suit
        if led is None or not hand.suit(led):
            return CardSet()
        suit = sorted(hand.suit(led), key=lambda c: int(c.rank))
        if k is ObligationKind.HIGHEST:
            return CardSet([suit[-1]])
        if k is ObligationKind.LOWEST:
            return CardSet([suit[0]])

        def wins(card: Card) -> bool:
            cards = {**t.cards, seat: card}
            return trick_winner_of(cards, t.leader, t.strain) == seat

        if k is ObligationKind.WIN:
            return CardSet(c for c in follow if wins(c))
        return CardSet(c for c in follow if not wins(c))

    def regular_plays(
        self,
        obligations: Sequence[tuple[Obligation, int | None]],
        defenders: Sequence[Seat],
        seat: Seat,
        *,
        lead: bool,
    ) -> CardSet:
        """The regular plays of `seat`: following suit, and complying with each obligation on
        his card that can be complied with."""
        follow = self.follow(seat, lead)
        allowed = follow
        for o, _ in self.applicable(obligations, defenders, seat, lead):
            ok = self.allowed(o, seat, follow, lead) & allowed
            if ok:
                allowed = ok
        return allowed

    def take_back_all(self) -> None:
        """Every card of the trick on the table goes back to its holder; the rightful leader
        leads again."""
        for s in list(reversed(self.order)):
            self.take_back(s)
        self.leader = self.rightful

    def reopen_last_trick(self) -> None:
        """Auction Bridge (1912), Law 85: a revoke asked about before its trick was quitted is
        corrected afterwards: the trick comes back to the table as it was played, and the card (of
        the other side) led to the following trick goes back to its holder, without penalty
        [redouble's decision]."""
        t = self
        for seat in reversed(list(t.order)):
            t.take_back(seat)
        trick = t.tricks.pop()
        seats = [trick.leader.next(k) for k in range(len(trick.cards))]
        t.cards = dict(zip(seats, trick.cards, strict=True))
        t.order = seats
        t.leader = t.rightful = trick.leader

    def complete_short_trick(self, index: int, seat: Seat) -> None:
        """Auction Bridge (1912), Law 81: the trick `index`, quitted without `seat`'s card, takes
        the card left over in his hand at the end of the play (the deal standing)."""
        t = self
        surplus = Card(t.hands[seat].bit_length() - 1)
        t.hands[seat] &= ~surplus.mask
        old = t.tricks[index]
        # The trick was short: rebuild it by seat with the surplus card in the gap.
        cards: dict[Seat, Card] = {}
        seats = [old.leader.next(k) for k in range(4) if old.leader.next(k) != seat]
        for s, c in zip(seats, old.cards, strict=False):
            cards[s] = c
        cards[seat] = surplus
        order = [old.leader.next(k) for k in range(4)]
        winner = trick_winner_of(cards, old.leader, t.strain)
        t.tricks[index] = Trick(old.leader, tuple(cards[s] for s in order), winner)


def _exposed_cards(
    callable_: Mapping[Seat, set[Card]], t: _TablePlay | None
) -> dict[Seat, CardSet]:
    """The exposed cards liable to be called and still held (by `t`'s hands, once the play has
    begun), by holder (internal)."""
    out: dict[Seat, CardSet] = {}
    for seat, cards in callable_.items():
        held = [c for c in cards if t is None or t.holds(seat, c)]
        if held:
            out[seat] = CardSet(held)
    return out
