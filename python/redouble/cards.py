"""Suits, strains, seats, sides, ranks, cards and card sets.

The numeric values are redouble's one encoding (see ``cpp/include/redouble/types.hpp``):
a card's id is ``suit * 13 + rank`` and also its bit in a 52-bit card mask.

>>> Card.parse("SA").suit is Suit.SPADES
True
>>> CardSet.from_pbn_hand("AK.Q..T9").hcp()
9
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from enum import IntEnum
from typing import Any, ClassVar, Self

import numpy as np

from ._check import CheckedEnumType, as_index, as_int, as_str, shown
from .errors import FormatError, InvalidDealError, InvalidDealTypeError

__all__ = [
    "RANK_CHARS",
    "Card",
    "CardSet",
    "Rank",
    "Seat",
    "Side",
    "Strain",
    "Suit",
]

RANK_CHARS = "23456789TJQKA"
_SUIT_LETTERS = "CDHS"
_SUIT_SYMBOLS = "♣♦♥♠"
# Ranks in a suit (a card's id is suit * _RANKS + rank) and cards in the pack.
_RANKS = len(RANK_CHARS)
_CARDS = 4 * _RANKS
_FULL_DECK = (1 << _CARDS) - 1
_SUIT_MASK = 0x1FFF


class _NamedIntEnum(IntEnum, metaclass=CheckedEnumType):
    """An IntEnum that prints as its name: ``str(Seat.NORTH)`` and ``f"{Seat.NORTH}"`` give
    ``NORTH`` (a numeric format, ``f"{seat:d}"``, still gives the number)."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdeEfFgGnoxX%":
            return format(int(self), spec)
        return format(self.name, spec)


class Suit(_NamedIntEnum):
    """A suit, in the modern bidding order (historical orderings come from the law set)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter name: C, D, H or S."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """Unicode suit symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def strain(self) -> Strain:
        """The strain in which this suit is trumps."""
        return Strain(int(self))

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or symbol ("S", "s", "♠").

        Raises:
            FormatError: if the text names no suit.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip().upper()
        if len(t) == 1 and t in _SUIT_LETTERS:
            return cls(_SUIT_LETTERS.index(t))
        if len(t) == 1 and t in _SUIT_SYMBOLS + "♧♢♡♤":
            return cls(("♣♦♥♠♧♢♡♤".index(t)) % 4)
        raise FormatError(f"not a suit: {shown(text)} (expected C, D, H, S or a suit symbol)")


class Strain(_NamedIntEnum):
    """A play strain: one of the suits as trumps, or no trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """Short name: C, D, H, S or NT."""
        return "NT" if self is Strain.NOTRUMP else _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """Suit symbol, or NT."""
        return "NT" if self is Strain.NOTRUMP else _SUIT_SYMBOLS[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trump."""
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Parse "C", "D", "H", "S", "N" or "NT" (any case) or a suit symbol.

        Raises:
            FormatError: if the text names no strain.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip().upper()
        if t in ("N", "NT", "NOTRUMP", "NO TRUMP", "NO TRUMPS"):
            return cls.NOTRUMP
        try:
            return Suit.parse(t).strain
        except FormatError:
            raise FormatError(f"not a strain: {shown(text)} (expected C, D, H, S or NT)") from None


class Side(_NamedIntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side."""
        return (Seat(int(self)), Seat(int(self) + 2))

    @property
    def opponents(self) -> Side:
        """The other side."""
        return Side(1 - int(self))


class Seat(_NamedIntEnum):
    """A seat at the table, clockwise from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        """One-letter name: N, E, S or W."""
        return "NESW"[self]

    @property
    def lho(self) -> Seat:
        """The seat on the left (next to play)."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> Seat:
        """The seat on the right."""
        return Seat((self + 3) % 4)

    @property
    def side(self) -> Side:
        """This seat's partnership."""
        return Side(self & 1)

    def next(self, steps: int = 1) -> Seat:
        """The seat `steps` places to the left (clockwise).

        Raises:
            TypeError: if `steps` is not an int.
        """
        return Seat((self + as_int(steps, "steps")) % 4)

    @classmethod
    def of(cls, value: Seat | int | str) -> Seat:
        """A seat from a Seat, its number 0..3, or its name ("N", "north").

        Raises:
            FormatError: if the value names no seat.
            TypeError: if it is neither a str nor an int.
        """
        if isinstance(value, str):
            return cls.parse(value)
        if not 0 <= as_int(value, "seat") <= 3:
            raise FormatError(f"not a seat: {shown(value)} (expected N, E, S, W or 0..3)")
        return cls(as_int(value, "seat"))

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Parse "N", "E", "S", "W" or the full name, any case.

        Raises:
            FormatError: if the text names no seat.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip().upper()
        for seat in cls:
            if t in (seat.letter, seat.name):
                return seat
        raise FormatError(f"not a seat: {shown(text)} (expected N, E, S or W)")


class Rank(_NamedIntEnum):
    """A card rank, deuce lowest, ace highest (in play)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One-character name: 2-9, T, J, Q, K, A."""
        return RANK_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank character ("A", "t", "10", "7").

        Raises:
            FormatError: if the text names no rank.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip().upper()
        if t == "10":
            t = "T"
        if len(t) == 1 and t in RANK_CHARS:
            return cls(RANK_CHARS.index(t))
        raise FormatError(f"not a rank: {shown(text)} (expected 2-9, T, J, Q, K or A)")


class Card(int):
    """A playing card: an int ``suit * 13 + rank`` with bridge names.

    >>> Card.parse("H10"), Card.of(Suit.HEARTS, Rank.TEN) == Card.parse("HT")
    (Card.parse('HT'), True)
    """

    __slots__ = ()

    def __new__(cls, card_id: int) -> Self:
        """Make a card from its id 0..51.

        Raises:
            InvalidDealError: if the id is out of range.
            TypeError: if it is not an int (an :class:`~redouble.errors.InvalidDealTypeError`).
        """
        i = as_int(card_id, "card id", type_error=InvalidDealTypeError)
        if not 0 <= i < _CARDS:
            raise InvalidDealError(f"card id must be an int 0..51, not {shown(card_id)}")
        return super().__new__(cls, i)

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        """The card of a suit and rank.

        Raises:
            InvalidDealError: if the suit is not 0..3 or the rank not 0..12.
            TypeError: if either is not an int.
        """
        s = as_index(suit, "suit", 0, 3, error=InvalidDealError, type_error=InvalidDealTypeError)
        r = as_index(
            rank, "rank", 0, _RANKS - 1, error=InvalidDealError, type_error=InvalidDealTypeError
        )
        return cls(s * _RANKS + r)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card: suit then rank ("SA", "h10", "♠K") or rank then suit ("AS").

        Raises:
            FormatError: if the text is not a card.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip()
        if len(t) >= 2:
            for suit_part, rank_part in ((t[0], t[1:]), (t[-1], t[:-1])):
                try:
                    return cls.of(Suit.parse(suit_part), Rank.parse(rank_part))
                except FormatError:
                    continue
        raise FormatError(f"not a card: {shown(text)} (expected e.g. 'SA', 'H7', 'DT')")

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(int(self) // _RANKS)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(int(self) % _RANKS)

    @property
    def mask(self) -> int:
        """The card's bit in a card mask."""
        return 1 << int(self)

    def symbol(self) -> str:
        """Name with a Unicode suit symbol, e.g. ``♠A``."""
        return self.suit.symbol + self.rank.char

    def __str__(self) -> str:
        return self.suit.letter + self.rank.char

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (int(self),))


def _suit_arg(suit: object) -> int:
    return as_index(suit, "suit", 0, 3)


def _mask_of(cards: Iterable[Card | int | str]) -> int:
    if isinstance(cards, bytes | bytearray | memoryview) or not isinstance(cards, Iterable):
        raise InvalidDealTypeError(
            f"cards must be a mask or an iterable of cards, not {type(cards).__name__}"
        )
    mask = 0
    for c in cards:
        card = Card.parse(c) if isinstance(c, str) else Card(c)
        if mask & card.mask:
            raise InvalidDealError(f"card {card} appears twice")
        mask |= card.mask
    return mask


class CardSet(AbstractSet[Card]):
    """An immutable, hashable set of cards over a 52-bit mask.

    Supports the set operators (``&``, ``|``, ``-``, ``^``) and comparisons of
    :class:`collections.abc.Set`. Iteration is by card id (clubs deuce first).

    >>> h = CardSet.from_pbn_hand("AKQ..JT9.2")
    >>> len(h), Card.parse("SK") in h, str(h)
    (7, True, 'AKQ..JT9.2')
    """

    __slots__ = ("_mask",)
    _mask: int
    _HCP: ClassVar[dict[int, int]] = {12: 4, 11: 3, 10: 2, 9: 1}

    def __init__(self, cards: Iterable[Card | int | str] | int = 0) -> None:
        """Make a set from a mask (int) or from cards (Card, id or text such as "SA").

        Raises:
            InvalidDealError: if the mask has bits above 51 or a card is repeated.
        """
        if isinstance(cards, bool | np.bool_):
            raise InvalidDealTypeError("a card set is a mask or an iterable of cards, not a bool")
        if isinstance(cards, int | np.integer):
            mask = as_int(cards, "card mask")
            if mask < 0 or mask & ~_FULL_DECK:
                raise InvalidDealError(
                    f"card mask must be within 52 bits, got {shown(mask, as_hex=True)}"
                )
        else:
            mask = _mask_of(cards)
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def from_pbn_hand(cls, text: str) -> CardSet:
        """Parse a hand as "spades.hearts.diamonds.clubs" ("AKQ2.T98.76.5432"; "-" is empty).

        Raises:
            FormatError: on bad syntax.
            TypeError: if `text` is not a str.
        """
        t = as_str(text, "text").strip()
        if t == "-":
            return cls()
        parts = t.split(".")
        if len(parts) != 4:
            raise FormatError(f"a hand needs four suits separated by '.', got {shown(text)}")
        mask = 0
        for suit, part in zip((3, 2, 1, 0), parts, strict=True):
            p = part.upper().replace("10", "T")
            for ch in p:
                if ch not in RANK_CHARS:
                    raise FormatError(f"unexpected character {shown(ch)} in hand {shown(text)}")
                bit = 1 << (suit * _RANKS + RANK_CHARS.index(ch))
                if mask & bit:
                    raise FormatError(f"rank {shown(ch)} repeated in hand {shown(text)}")
                mask |= bit
        return cls(mask)

    @classmethod
    def full_deck(cls) -> CardSet:
        """All 52 cards."""
        return cls(_FULL_DECK)

    @property
    def mask(self) -> int:
        """The 52-bit card mask."""
        return self._mask

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except FormatError:
                return False
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < _CARDS:
            return bool(self._mask >> card & 1)
        return False

    def __iter__(self) -> Iterator[Card]:
        m = self._mask
        while m:
            low = m & -m
            yield Card(low.bit_length() - 1)
            m ^= low

    def __reversed__(self) -> Iterator[Card]:
        m = self._mask
        while m:
            top = m.bit_length() - 1
            yield Card(top)
            m ^= 1 << top

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return super().__eq__(other)

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> CardSet:  # type: ignore[override]
        return cls(it)

    def __and__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & other._mask)
        result = super().__and__(other)  # type: ignore[operator]
        return NotImplemented if result is NotImplemented else CardSet(result)

    def __or__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask | other._mask)
        result = super().__or__(other)  # type: ignore[operator]
        return NotImplemented if result is NotImplemented else CardSet(result)

    def __sub__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & ~other._mask)
        result = super().__sub__(other)  # type: ignore[operator]
        return NotImplemented if result is NotImplemented else CardSet(result)

    def __xor__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask ^ other._mask)
        result = super().__xor__(other)  # type: ignore[operator]
        return NotImplemented if result is NotImplemented else CardSet(result)

    def __bool__(self) -> bool:
        return self._mask != 0

    def holding(self, suit: Suit | int) -> int:
        """The cards of one suit as 13 rank bits (deuce = bit 0)."""
        return (self._mask >> (_RANKS * _suit_arg(suit))) & _SUIT_MASK

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self._mask & (_SUIT_MASK << (_RANKS * _suit_arg(suit))))

    def length(self, suit: Suit | int) -> int:
        """Number of cards held in a suit."""
        return self.holding(suit).bit_count()

    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return (self.length(3), self.length(2), self.length(1), self.length(0))

    def hcp(self) -> int:
        """Milton Work high-card points: A=4, K=3, Q=2, J=1."""
        total = 0
        for suit in range(4):
            h = self.holding(suit)
            # Bits 12, 11, 10, 9: ace, king, queen, jack (Rank), in line for speed.
            total += 4 * (h >> 12 & 1) + 3 * (h >> 11 & 1) + 2 * (h >> 10 & 1) + (h >> 9 & 1)
        return total

    def to_pbn(self) -> str:
        """The hand as "spades.hearts.diamonds.clubs", highest rank first."""
        return ".".join(
            "".join(RANK_CHARS[r] for r in range(Rank.ACE, -1, -1) if self.holding(s) >> r & 1)
            for s in (3, 2, 1, 0)
        )

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"CardSet.from_pbn_hand('{self.to_pbn()}')"

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet, (self._mask,))
