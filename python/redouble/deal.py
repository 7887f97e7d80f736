"""Deals, boards and the record of a deal made by the laws' procedure.

A :class:`Deal` is an immutable value: four hands indexed by :class:`~redouble.cards.Seat`.
Full deals hold 13 cards a hand; partial deals (endings) hold fewer, equally many per hand.

>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> d[Seat.NORTH].hcp(), Deal.from_index(d.index) == d
(10, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import CheckedEnumType, as_bool, as_card, as_index, as_int, as_pair, as_str, shown
from ._jsondoc import JsonDocument
from .cards import RANK_CHARS, Card, CardSet, Seat, Side, Suit
from .errors import FormatError, InvalidDealError, InvalidDealTypeError, RedoubleError

__all__ = [
    "DEAL_COUNT",
    "Board",
    "Deal",
    "DealRecord",
    "NewDealReason",
    "Vulnerability",
]

_high, _low = _core.deal_count()
#: Number of distinct full deals, 52!/(13!)^4 (a 29-digit number).
DEAL_COUNT: int = (_high << 64) | _low
del _high, _low


def _seat(value: object, name: str = "seat") -> Seat:
    """A seat argument: a Seat or an int 0..3 (numpy integers too); else TypeError/our error."""
    return Seat(as_index(value, name, 0, 3))


def _board_number(number: object) -> int:
    """A board number argument: a positive int of any size."""
    n = as_int(number, "board number", type_error=InvalidDealTypeError)
    if n < 1:
        raise InvalidDealError(f"board number must be a positive int, got {shown(number)}")
    return n


def _hand_mask(hand: object, name: str) -> int:
    """A hand as a 52-bit mask: a CardSet, or an int (numpy integers too) within 52 bits."""
    if isinstance(hand, CardSet):
        return hand.mask
    m = as_int(hand, name, type_error=InvalidDealTypeError)
    if m < 0 or m >> 52:
        raise InvalidDealError(
            f"{name} must be a card mask within 52 bits, got {shown(m, as_hex=True)}"
        )
    return m


class Vulnerability(IntEnum, metaclass=CheckedEnumType):
    """Which sides are vulnerable (duplicate and Chicago scoring)."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, side: Side | Seat) -> bool:
        """Whether a side (or the side of a seat) is vulnerable.

        Raises:
            RedoubleError: if `side` is not a seat 0..3 (a side 0..1 is a seat too).
            TypeError: if it is not an int.
        """
        s = Side(as_index(side, "side", 0, 3) & 1)
        return bool(self & (1 << s))

    @classmethod
    def of_board(cls, number: int) -> Vulnerability:
        """The vulnerability of board `number` in the standard 16-board cycle.

        Raises:
            InvalidDealError: if the number is not a positive int.
            TypeError: if it is not an int (an :class:`~redouble.errors.InvalidDealTypeError`).
        """
        # The cycle repeats every 16 boards: reduce first, so any size of int is fine.
        return cls(_core.board_vulnerability((_board_number(number) - 1) % 16 + 1))

    @property
    def pbn(self) -> str:
        """The PBN tag value: None, NS, EW or All."""
        return ("None", "NS", "EW", "All")[self]


class Deal(JsonDocument):
    """Four hands indexed by seat: an immutable, hashable value.

    Construct from masks (``Deal((n, e, s, w))``), a mapping of seats to hands, or
    :meth:`from_pbn`.

    Raises:
        InvalidDealError: if hands overlap or are of unequal size.
    """

    _json_kind: ClassVar[str] = "deal"

    __slots__ = ("_masks",)
    _masks: tuple[int, int, int, int]

    def __init__(self, hands: Sequence[int | CardSet] | Mapping[Seat, int | CardSet | str]) -> None:
        if isinstance(hands, Mapping):
            masks = [0, 0, 0, 0]
            for seat, hand in hands.items():
                h = CardSet.from_pbn_hand(hand) if isinstance(hand, str) else hand
                masks[_seat(seat)] = _hand_mask(h, "hand")
        else:
            if isinstance(hands, str | bytes | bytearray) or not isinstance(hands, Iterable):
                raise InvalidDealTypeError(
                    "hands must be four hand masks or a mapping of seats to hands, "
                    f"not {type(hands).__name__}"
                )
            items = list(hands)
            if len(items) != 4:
                raise InvalidDealError("a deal needs exactly four hands (N, E, S, W)")
            masks = [_hand_mask(h, "hand") for h in items]
        _core.validate_deal(masks, False)
        object.__setattr__(self, "_masks", tuple(masks))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal string, e.g. ``"N:AKQ2.T98.76.5432 ..."`` (any first seat).

        Raises:
            FormatError: on bad syntax.
            InvalidDealError: on duplicated cards or hands of unequal size.
            TypeError: if `text` is not a str (an :class:`~redouble.errors.InvalidDealTypeError`).
        """
        if not isinstance(text, str):
            raise InvalidDealTypeError(f"a PBN deal string must be str, not {type(text).__name__}")
        text = str.__str__(text)
        if not text.isascii():  # PBN deals are ASCII; a lone surrogate cannot even reach the core
            at = next(i for i, ch in enumerate(text) if not ch.isascii())
            raise FormatError(
                f"unexpected character {text[at]!a} at offset {at} of the deal string"
            )
        return cls(_core.parse_pbn_deal(text))

    @classmethod
    def from_index(cls, index: int) -> Deal:
        """The full deal with the given number, 0 <= index < DEAL_COUNT.

        Raises:
            InvalidDealError: if the index is out of range.
            TypeError: if it is not an int (an :class:`~redouble.errors.InvalidDealTypeError`).
        """
        index = as_int(index, "deal index", type_error=InvalidDealTypeError)
        if not 0 <= index < DEAL_COUNT:
            raise InvalidDealError(
                f"deal index must be in 0 .. {DEAL_COUNT - 1}, got {shown(index)}"
            )
        return cls(_core.deal_from_index(index >> 64, index & (2**64 - 1)))

    @classmethod
    def from_array(cls, row: npt.ArrayLike) -> Deal:
        """A deal from a row of a ``(N, 4) uint64`` batch.

        Raises:
            InvalidDealError: on a wrong shape or an invalid deal.
            TypeError: if the row is not of integers (floats and bools are not truncated).
        """
        try:
            arr = np.asarray(row)
        except (ValueError, OverflowError) as e:  # ragged or unconvertible rows
            raise InvalidDealError(f"a deal row must be four hand masks: {e}") from None
        if arr.shape != (4,):
            raise InvalidDealError(f"a deal row must have shape (4,), got {arr.shape}")
        if arr.dtype.kind not in "uiO":
            raise InvalidDealTypeError(f"a deal row must hold integers, got dtype {arr.dtype}")
        return cls(list(arr))

    # -- access ------------------------------------------------------------------------------
    @property
    def masks(self) -> tuple[int, int, int, int]:
        """The four hand masks, indexed by seat."""
        return self._masks

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards held by a seat.

        Raises:
            RedoubleError: if `seat` is not 0..3.
            TypeError: if it is not an int.
        """
        return CardSet(self._masks[_seat(seat)])

    def __getitem__(self, seat: Seat | int) -> CardSet:
        return self.hand(seat)

    def hands(self) -> Iterator[tuple[Seat, CardSet]]:
        """(seat, hand) for N, E, S, W."""
        for s in Seat:
            yield s, self.hand(s)

    @property
    def hand_size(self) -> int:
        """Cards in each hand (13 for a full deal)."""
        return self._masks[0].bit_count()

    @property
    def is_full(self) -> bool:
        """Whether every hand holds 13 cards."""
        return self.hand_size == 13

    def seat_of(self, card: Card | str) -> Seat | None:
        """The seat holding a card, or None if nobody holds it."""
        c = Card.parse(card) if isinstance(card, str) else Card(card)
        for s in Seat:
            if self._masks[s] & c.mask:
                return s
        return None

    @property
    def index(self) -> int:
        """The deal number, 0 <= index < DEAL_COUNT (full deals only).

        Raises:
            InvalidDealError: for a partial deal.
        """
        high, low = _core.deal_to_index(self._masks)
        return int((high << 64) | low)

    def to_array(self) -> npt.NDArray[np.uint64]:
        """The masks as a ``(4,) uint64`` array."""
        return np.array(self._masks, dtype=np.uint64)

    # -- transformations -----------------------------------------------------------------------
    def rotate(self, steps: int = 1) -> Deal:
        """The deal with every hand moved `steps` seats clockwise (N's hand to E for 1)."""
        steps = as_int(steps, "steps")
        return Deal([self._masks[(s - steps) % 4] for s in range(4)])

    def swap_suits(self, a: Suit | int, b: Suit | int) -> Deal:
        """The deal with the holdings of suits `a` and `b` exchanged in every hand."""
        a, b = as_index(a, "a (a suit)", 0, 3), as_index(b, "b (a suit)", 0, 3)
        out = []
        for m in self._masks:
            ha, hb = (m >> 13 * a) & 0x1FFF, (m >> 13 * b) & 0x1FFF
            m &= ~((0x1FFF << 13 * a) | (0x1FFF << 13 * b))
            out.append(m | ha << 13 * b | hb << 13 * a)
        return Deal(out)

    # -- text ----------------------------------------------------------------------------------
    def to_pbn(self, first: Seat | int = Seat.NORTH) -> str:
        """The PBN deal string starting with seat `first`.

        Raises:
            RedoubleError: if `first` is not a seat 0..3.
            TypeError: if it is not an int.
        """
        return str(_core.format_pbn_deal(self._masks, _seat(first, "first")))

    def diagram(self, *, unicode: bool = True) -> str:
        """The deal laid out as bridge columns print it: North on top, West and East, South.

        Each hand is four lines, spades first; ``unicode=False`` uses S/H/D/C letters.
        """
        marks = "♠♥♦♣" if as_bool(unicode, "unicode") else "SHDC"

        def lines(seat: Seat) -> list[str]:
            hand = self.hand(seat)
            out = []
            for mark, suit in zip(marks, (3, 2, 1, 0), strict=True):
                h = hand.holding(suit)
                ranks = " ".join(
                    ("10" if r == 8 else RANK_CHARS[r]) for r in range(12, -1, -1) if h >> r & 1
                )
                out.append(f"{mark} {ranks or '—' if unicode else ranks or '-'}")
            return out

        width = max(len(x) for s in Seat for x in lines(s))
        pad = " " * (width + 2)
        n, e, s, w = (lines(x) for x in Seat)
        rows = [pad + "North"] + [pad + x for x in n]
        rows.append("West".ljust(width + 2) + " " * width + "  East")
        rows += [wl.ljust(width + 2) + " " * width + "  " + el for wl, el in zip(w, e, strict=True)]
        rows += [pad + "South"] + [pad + x for x in s]
        return "\n".join(r.rstrip() for r in rows)

    # -- value semantics -----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._masks == other._masks

    def __hash__(self) -> int:
        return hash(("Deal", self._masks))

    def __repr__(self) -> str:
        return f"Deal.from_pbn('{self.to_pbn()}')"

    def __str__(self) -> str:
        return self.to_pbn()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deal, (self._masks,))

    # -- the laws' new-deal conditions -----------------------------------------------------------
    @staticmethod
    def check(record: DealRecord, *, code: str = "auction_1912") -> list[NewDealReason]:
        """Why a dealt record requires a new deal (or a fresh cut), citing the law.

        `code` picks the citations: ``"auction_1912"`` (Auction Bridge (1912), Laws 32 and 37),
        ``"bridge_1906"`` (Bridge (Elwell, 1906), Law 38 (a-f)) or ``"bridge_1907"`` (Bridge (Elwell, 1907), adds 38 g).
        An empty list means the deal stands.

        Raises:
            RedoubleError: for an unknown code (a ValueError).
            TypeError: `record` is not a :class:`DealRecord`, or `code` not a str.
        """
        if not isinstance(record, DealRecord):
            raise TypeError(f"record must be a DealRecord, not {type(record).__name__}")
        return record.check(code=code)

    # -- pictures (drawn by redouble.display) ----------------------------------------------------
    def _repr_svg_(self) -> str:
        from .display import deal_svg

        return deal_svg(self)

    def __rich__(self) -> Any:
        from .display import rich_diagram

        return rich_diagram(self)


@dataclass(frozen=True)
class NewDealReason:
    """One reason a deal must be redealt (or the pack cut again), with its law."""

    law: str
    reason: str
    #: True when the law makes a new deal compulsory; False when a player must claim it.
    compulsory: bool = True
    #: True when only a fresh cut is required, not a new deal.
    recut_only: bool = False


# Law citations per code for each fault that DealRecord.check detects. Bridge 1906 (Elwell, 1906)
# lacks the "last card to the dealer" clause, which the 1907 text (Elwell, 1907) adds as 38 (g).
_CITATIONS: dict[str, dict[str, str]] = {
    "auction_1912": {
        "rotation": "Auction Bridge (1912), Law 37 (a)",
        "imperfect": "Auction Bridge (1912), Law 37 (b)",
        "too_many": "Auction Bridge (1912), Law 37 (d)",
        "uncut": "Auction Bridge (1912), Law 37 (f)",
        "last_card": "Auction Bridge (1912), Law 37 (g)",
        "cut": "Auction Bridge (1912), Law 32",
    },
    "bridge_1906": {
        "rotation": "Bridge (Elwell, 1906), Law 38 (a)",
        "imperfect": "Bridge (Elwell, 1906), Law 38 (b)",
        "too_many": "Bridge (Elwell, 1906), Law 38 (d)",
        "uncut": "Bridge (Elwell, 1906), Law 38 (f)",
        "cut": "Bridge (Elwell, 1907), The Deal",
    },
    "bridge_1907": {
        "rotation": "Bridge (Elwell, 1907), A New Deal (a)",
        "imperfect": "Bridge (Elwell, 1907), A New Deal (b)",
        "too_many": "Bridge (Elwell, 1907), A New Deal (d)",
        "uncut": "Bridge (Elwell, 1907), A New Deal (f)",
        "last_card": "Bridge (Elwell, 1907), A New Deal (g)",
        "cut": "Bridge (Elwell, 1907), The Deal",
    },
}


@dataclass(frozen=True)
class DealRecord:
    """What happened during one deal: the cut and every card dealt, in order.

    Made by :func:`redouble.dealing.deal_by_the_laws`, or by an app recording a real deal
    (which may be faulty: :meth:`check` says what the laws require then).
    """

    #: The seat dealing.
    dealer: Seat
    #: Cards dealt, in order: (seat receiving it, card); a card may be given as a Card, its name
    #: ("SA") or its index.
    dealt: tuple[tuple[Seat, Card], ...]
    #: Cards lifted off the top by the cutter (dealer's right), or None if the pack was not cut.
    cut: int | None = None
    #: The pack after shuffling, top first (before the cut), when known.
    shuffled: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        # A record may be faulty (check() says how), but each entry must be a seat and a card:
        # checked here so that check() and deal never meet a float, a None or seat 9.
        object.__setattr__(self, "dealer", _seat(self.dealer, "dealer"))
        if isinstance(self.dealt, str | bytes) or not isinstance(self.dealt, Iterable):
            raise TypeError(f"dealt must be (seat, card) pairs, not {type(self.dealt).__name__}")
        dealt = []
        for i, item in enumerate(self.dealt):
            seat, card = as_pair(item, f"dealt[{i}]", "a (seat, card) pair")
            dealt.append((_seat(seat, f"dealt[{i}]'s seat"), as_card(card, f"dealt[{i}]'s card")))
        object.__setattr__(self, "dealt", tuple(dealt))
        if self.cut is not None:
            object.__setattr__(self, "cut", as_index(self.cut, "cut", 0, 52))
        if isinstance(self.shuffled, str | bytes) or not isinstance(self.shuffled, Iterable):
            raise TypeError(f"shuffled must be cards, not {type(self.shuffled).__name__}")
        object.__setattr__(
            self,
            "shuffled",
            tuple(as_card(c, f"shuffled[{i}]") for i, c in enumerate(self.shuffled)),
        )

    @property
    def cutter(self) -> Seat:
        """Who cuts: the dealer's right-hand opponent."""
        return Seat(self.dealer).rho

    @property
    def deal(self) -> Deal:
        """The hands as dealt.

        Raises:
            InvalidDealError: if the record does not make a valid deal (see :meth:`check`).
        """
        masks = [0, 0, 0, 0]
        for seat, card in self.dealt:
            if any(m & Card(card).mask for m in masks):
                raise InvalidDealError(f"card {Card(card)} was dealt twice")
            masks[int(seat)] |= Card(card).mask
        d = Deal(masks)
        if not d.is_full:
            raise InvalidDealError("the record does not deal 13 cards to each seat")
        return d

    def check(self, *, code: str = "auction_1912") -> list[NewDealReason]:
        """Why this record requires a new deal or a fresh cut; empty if the deal stands.

        Raises:
            RedoubleError: for an unknown code (see :meth:`Deal.check`).
            TypeError: `code` is not a str.
        """
        if as_str(code, "code") not in _CITATIONS:
            raise RedoubleError(f"unknown code {shown(code)}; expected one of {sorted(_CITATIONS)}")
        law = _CITATIONS[code]
        out: list[NewDealReason] = []
        dealer = Seat(self.dealer)
        if self.cut is None:
            out.append(
                NewDealReason(
                    law["uncut"],
                    "the pack was not cut; a new deal if an adversary points it out before "
                    "the deal is complete and before looking at his cards",
                    compulsory=False,
                )
            )
        elif not 4 <= self.cut <= 48:
            out.append(
                NewDealReason(
                    law["cut"],
                    f"the cut left {min(self.cut, 52 - self.cut)} card(s) in a packet; "
                    "each packet must hold at least four: cut again",
                    recut_only=True,
                )
            )
        cards = [Card(c) for _, c in self.dealt]
        dup = sorted(c for c, k in Counter(cards).items() if k > 1)
        missing = sorted(set(range(52)) - set(cards))
        if dup or missing or len(cards) != 52:
            what = []
            if dup:
                what.append("duplicated " + " ".join(str(Card(c)) for c in dup))
            if missing:
                what.append("missing " + " ".join(str(Card(c)) for c in missing))
            if len(cards) != 52:
                what.append(f"{len(cards)} cards dealt")
            out.append(NewDealReason(law["imperfect"], "the pack is imperfect: " + "; ".join(what)))
        counts = [0, 0, 0, 0]
        for seat, _ in self.dealt:
            counts[int(seat)] += 1
        for s in Seat:
            if counts[s] > 13:
                out.append(
                    NewDealReason(law["too_many"], f"{s.name.title()} was dealt {counts[s]} cards")
                )
        for i, (seat, _) in enumerate(self.dealt):
            if Seat(seat) != dealer.next(1 + i):
                out.append(
                    NewDealReason(
                        law["rotation"],
                        f"card {i + 1} went to {Seat(seat).name.title()}, not "
                        f"{dealer.next(1 + i).name.title()}: cards must be dealt one at a time "
                        "in rotation from the dealer's left",
                    )
                )
                break
        if "last_card" in law and self.dealt and Seat(self.dealt[-1][0]) != dealer:
            out.append(NewDealReason(law["last_card"], "the last card did not reach the dealer"))
        return out


@dataclass(frozen=True)
class Board(JsonDocument):
    """A deal with its board number, dealer and vulnerability (standard 16-board cycle)."""

    _json_kind: ClassVar[str] = "board"

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    def __post_init__(self) -> None:
        object.__setattr__(self, "number", _board_number(self.number))
        if not isinstance(self.deal, Deal):
            raise TypeError(f"deal must be a Deal, not {type(self.deal).__name__}")
        object.__setattr__(self, "dealer", _seat(self.dealer, "dealer"))
        vul = as_index(self.vulnerability, "vulnerability", 0, 3)
        object.__setattr__(self, "vulnerability", Vulnerability(vul))

    @classmethod
    def from_number(cls, number: int, deal: Deal) -> Board:
        """A board whose dealer and vulnerability follow the standard cycle for `number`.

        Raises:
            InvalidDealError: if the number is not positive.
            TypeError: if it is not an int (an :class:`~redouble.errors.InvalidDealTypeError`).
        """
        number = _board_number(number)
        return cls(
            number,
            deal,
            Seat(_core.board_dealer((number - 1) % 16 + 1)),  # the cycle repeats every 16
            Vulnerability.of_board(number),
        )

    # -- pictures (drawn by redouble.display) ----------------------------------------------------
    def _repr_svg_(self) -> str:
        from .display import board_svg

        return board_svg(self)
