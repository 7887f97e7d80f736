"""Card play: the mutable :class:`Position` (follow suit, tricks, play/undo) and trick records.

>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> p = Position(d, Strain.SPADES, leader=Seat.EAST)
>>> p.play("ST"); p.to_play
<Seat.SOUTH: 2>
>>> sorted(map(str, p.legal_plays()))
['S5', 'S6', 'S7']
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from . import _core
from ._check import as_card, as_index, as_int, shown
from ._jsondoc import JsonDocument
from .cards import Card, CardSet, Seat, Side, Strain
from .deal import Deal
from .errors import IllegalPlayError, InvalidDealError, InvalidDealTypeError, RedoubleError

__all__ = ["Position", "Trick", "trick_winner"]


def _mask(hand: int | CardSet) -> int:
    if isinstance(hand, CardSet):
        return hand.mask
    m = as_int(hand, "each of hands", type_error=InvalidDealTypeError)
    if m < 0 or m >> 52:
        raise InvalidDealError(
            f"hands must be card masks within 52 bits, got {shown(m, as_hex=True)}"
        )
    return m


def _cards(cards: object, name: str) -> list[int]:
    if isinstance(cards, str | bytes | bytearray) or not isinstance(cards, Iterable):
        raise TypeError(f"{name} must be a sequence of cards, not {type(cards).__name__}")
    return [int(as_card(c, f"{name}[{i}]")) for i, c in enumerate(cards)]


def trick_winner(
    cards: Sequence[Card | str | int], leader: Seat | int, strain: Strain | int
) -> Seat:
    """The seat winning a (possibly partial) trick led by `leader` under `strain`.

    Raises:
        IllegalPlayError: if the trick does not hold 1 to 4 cards.
        RedoubleError: if `leader` is not a seat 0..3 or `strain` not 0..4 (or a card is bad).
        TypeError: if an argument is of the wrong type.
    """
    ids = _cards(cards, "cards")
    leader_i = as_index(leader, "leader", 0, 3)
    strain_i = as_index(strain, "strain", 0, 4)
    if not 1 <= len(ids) <= 4:
        raise IllegalPlayError(f"a trick holds 1 to 4 cards, got {len(ids)}")
    return Seat(_core.trick_winner(ids, leader_i, strain_i))


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in playing order, who won."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def player_of(self, index: int) -> Seat:
        """The seat that played the `index`-th card."""
        return self.leader.next(index)


class Position(JsonDocument):
    """The state of card play: hands left, strain, current trick, tricks won.

    A position may start mid-trick: `trick` lists the cards already played to it, from the
    leader. `hands` is a :class:`Deal` (possibly partial) of the cards still held, or four masks.

    Threads may share a position: a play or undo is one step that no other thread sees half
    done (a lock guards the core state and the record of tricks together), and :meth:`perft`
    counts on a copy while the GIL is released.

    Raises:
        InvalidDealError: if the hands and trick do not fit together.
        IllegalPlayError: if a trick card is a visible revoke.
    """

    _json_kind: ClassVar[str] = "position"

    __slots__ = ("_lock", "_pos", "_tricks")

    def __init__(
        self,
        hands: Deal | Sequence[int | CardSet],
        strain: Strain | int,
        leader: Seat | int,
        trick: Iterable[Card | str | int] = (),
    ) -> None:
        if isinstance(hands, Deal):
            masks: Sequence[int] = hands.masks
        elif isinstance(hands, str | bytes | bytearray) or not isinstance(hands, Iterable):
            raise InvalidDealTypeError(
                f"hands must be a Deal or four hand masks, not {type(hands).__name__}"
            )
        else:
            masks = [_mask(h) for h in hands]
        if len(masks) != 4:
            raise InvalidDealError("a position needs four hands")
        strain_i = as_index(strain, "strain", 0, 4, error=InvalidDealError)
        leader_i = as_index(leader, "leader", 0, 3, error=InvalidDealError)
        self._pos = _core.Position(list(masks), strain_i, leader_i, _cards(trick, "trick"))
        self._tricks: list[Trick] = []
        self._lock = threading.Lock()

    @classmethod
    def _wrap(cls, core: Any, tricks: list[Trick]) -> Position:
        obj = cls.__new__(cls)
        obj._pos = core
        obj._tricks = list(tricks)
        obj._lock = threading.Lock()
        return obj

    def copy(self) -> Position:
        """An independent copy (its undo history included)."""
        with self._lock:
            return Position._wrap(self._pos.copy(), self._tricks)

    # -- value semantics: equality, hashing, pickling, JSON --------------------------------------
    def _core_copy(self) -> Any:
        with self._lock:  # a copy, so that comparing two positions never holds both locks
            return self._pos.copy()

    def _start_state(self) -> tuple[Any, ...]:
        """How this position was set up and what was played since, in order:
        ``(hands, strain, leader, trick, plays)``, the arguments that rebuild it (the core's
        pickled state)."""
        hands, strain, leader, trick, plays = self._core_copy().__getstate__()
        return (tuple(hands), strain, leader, tuple(trick), tuple(plays))

    def __eq__(self, other: object) -> bool:
        """Equal when the play states are: the same cards held by each seat, strain, leader,
        cards on the table and tricks won per side (however each position got there)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self is other or bool(self._core_copy() == other._core_copy())

    def __hash__(self) -> int:
        """A hash of the play state (see :meth:`__eq__`): it changes when a card is played,
        so a position must not be played while it is a dict key or in a set."""
        return hash(self._core_copy())

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as set up plus the plays, and rebuilt by replaying them, so the copy can
        # undo as far back as the original and lists the same completed tricks.
        return (_position_from_state, self._start_state())

    # -- state ---------------------------------------------------------------------------------
    @property
    def strain(self) -> Strain:
        """The strain being played."""
        return Strain(self._pos.strain())

    @property
    def leader(self) -> Seat:
        """The seat that led (or leads) the current trick."""
        return Seat(self._pos.leader())

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return Seat(self._pos.to_play())

    @property
    def trick(self) -> tuple[Card, ...]:
        """Cards already played to the current trick, from the leader."""
        return tuple(Card(c) for c in self._pos.trick())

    def hand(self, seat: Seat | int) -> CardSet:
        """Cards still held by a seat.

        Raises:
            RedoubleError: if `seat` is not 0..3.
            TypeError: if it is not an int.
        """
        return CardSet(self._pos.hand(as_index(seat, "seat", 0, 3)))

    @property
    def deal(self) -> Deal:
        """The cards still held, as a (partial) deal; raises if a trick is in progress."""
        return Deal(self._pos.hands())

    def tricks_won(self, side: Side | int) -> int:
        """Tricks won by a side since this position was set up.

        Raises:
            RedoubleError: if `side` is not 0..1.
            TypeError: if it is not an int.
        """
        return int(self._pos.tricks_won(int(Side(as_index(side, "side", 0, 1)))))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return int(self._pos.tricks_left())

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Tricks completed through this object, in order."""
        return tuple(self._tricks)

    def is_complete(self) -> bool:
        """Whether every card has been played."""
        return bool(self._pos.is_complete())

    def legal_plays(self) -> CardSet:
        """The cards the seat to play may play: its cards of the suit led, if any, else all."""
        return CardSet(self._pos.legal_plays())

    def is_legal(self, card: Card | str | int) -> bool:
        """Whether the seat to play may play `card` now (False for text or ids that are no card).

        Raises:
            TypeError: if `card` is neither a str nor an int.
        """
        try:
            return as_card(card) in self.legal_plays()
        except TypeError:
            raise  # a wrong type (InvalidDealTypeError is also one of our errors): not "False"
        except RedoubleError:
            return False

    # -- moves ---------------------------------------------------------------------------------
    def play(self, card: Card | str | int) -> Seat | None:
        """Play a card for the seat to play; returns the trick's winner if it completed one.

        Raises:
            IllegalPlayError: if the card is not held or revokes. The position is unchanged.
            InvalidDealError: if `card` is no card (an id outside 0..51).
            FormatError: if `card` is text that names no card.
            TypeError: if `card` is neither a str nor an int (a float is not truncated).
        """
        c = as_card(card)
        with self._lock:
            leader, before = self.leader, self.trick
            winner = self._pos.play(int(c))
            if winner < 0:
                return None
            self._tricks.append(Trick(leader, (*before, c), Seat(winner)))
        return Seat(winner)

    def undo(self) -> Card:
        """Take back the last card played through this object and return it.

        Raises:
            IllegalPlayError: if nothing can be undone.
        """
        with self._lock:
            if self._pos.history_size() == 0:
                raise IllegalPlayError("nothing to undo")
            completed = self._pos.trick_size() == 0
            card = Card(self._pos.undo())
            if completed:
                self._tricks.pop()
        return card

    def perft(self, depth: int) -> int:
        """Number of legal play sequences of `depth` cards (shorter if play ends first): a
        depth past the cards left counts the sequences to the end of the play.

        A deep count from a full deal takes far longer than anyone waits: Ctrl-C (SIGINT)
        stops it within a fraction of a second with :class:`KeyboardInterrupt`, the position
        left as it was.

        Raises:
            IllegalPlayError: if depth is negative.
            TypeError: if it is not an int.

        Safe to call while other threads use this position: the count runs on a copy.
        """
        d = as_int(depth, "depth")
        if d < 0:
            raise IllegalPlayError(f"perft depth must be >= 0, got {shown(d)}")
        # No sequence is longer than the cards still held (and the core takes a C int).
        left = sum(int(h).bit_count() for h in self._pos.hands())
        return int(self._pos.perft(min(d, left)))

    def __repr__(self) -> str:
        return (
            f"<Position {self.strain.letter} to_play={self.to_play.letter} "
            f"trick={[str(c) for c in self.trick]} NS={self.tricks_won(0)} EW={self.tricks_won(1)}>"
        )

    # -- pictures (drawn by redouble.display) ----------------------------------------------------
    def _repr_svg_(self) -> str:
        from .display import position_svg

        return position_svg(self)


def _position_from_state(
    hands: Sequence[int], strain: int, leader: int, trick: Sequence[int], plays: Sequence[int]
) -> Position:
    """A position set up from `hands`, `strain`, `leader` and `trick`, then `plays` played."""
    p = Position(hands, strain, leader, trick)
    for card in plays:
        p.play(card)
    return p
