"""Neutral, immutable records of boards as files hold them: what was written, not a game.

The readers of :mod:`redouble.formats` produce :class:`BoardRecord` values and the writers
consume them. A record is a faithful, typed transcription of one board of a file: it does not
check that the auction or the play is legal under any law set (that is the game's job), but
every value in it is well formed.

Call tokens
-----------
A :class:`Call` holds one normalised *token*. The grammar is redouble's one grammar for call
text (:func:`redouble.auction.parse_call_text`, with a level always required): case and
whitespace are ignored on input, a suit symbol (``♠``) reads as its letter, and the canonical
spelling is on the right::

    pass       = "P" | "PASS" | "-P-" | "NO BID" -> "Pass"   (and Bridge's "Content", ...)
    double     = "X" | "D" | "DBL" | "DOUBLE"     -> "X"
    redouble   = "XX" | "R" | "RDBL" | "REDOUBLE" -> "XX"
    bid        = level declaration                -> e.g. "1C", "3NT", "2RS"
    level      = "1" .. "7"
    declaration= "C" | "D" | "H" | "S"            (the four suits)
               | "N" | "NT"                       -> "NT" (no trump)
               | "R" | "RS"                       -> "RS" (Auction Bridge (1912)'s Royal Spades)
    placeholder= "-" | "+"                        (kept verbatim: no call recorded / calls
                                                   not given, as PBN writes them)

Annotations ride with a call or a card as a tuple of verbatim strings in file order: PBN's
suffix annotations ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!`` (LIN's alert mark ``!`` is the same
string), numeric annotation glyphs ``$n``, and irregularity marks ``^`` plus a letter (PBN
§3.9; redouble keeps the letter as written and does not interpret it). An explanation (a PBN
``[Note]`` or a LIN ``an|``) is the call's ``note`` text.

Contracts
---------
:class:`Contract` text (:func:`redouble.auction.parse_contract_text`'s grammar) is ``"Pass"``
(passed out) or ``[level] declaration "X"*n``: ``"4HX"``,
``"3NT"``, ``"2RSXX"``. The level may be missing for Bridge (Elwell, 1906), which has no levels, and
``n`` may exceed two because Bridge allows doubling "and so on".

Bridge (Elwell, 1906) declarations
-----------------------------------
A :class:`DeclarationRecord` lists the statements of Bridge's make and doubling as
``seat:statement`` words, e.g. ``"S:Pass N:H E:X S:X"``: the dealer makes a declaration
(``C D H S NT``) or says ``Pass`` to leave it to his partner, who must then make it; after the
make each doubling statement is ``X`` (double, redouble, double again...) and each refusal is
``Pass`` ("May I lead?", "Satisfied").

>>> Call.parse("1n").token, Call.parse("r").token, Call.parse("2 royals").token
('1NT', 'XX', '2RS')
>>> str(Contract.parse("4hx")), Contract.parse("HXXX").doublings
('4HX', 3)
"""

from __future__ import annotations

import codecs
import dataclasses
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._check import as_index, as_iterable, as_pair, as_seat, as_str, shown
from ..auction import CallKind, parse_call_text, parse_contract_text
from ..cards import Card, CardSet, Seat, Strain
from ..deal import Deal, Vulnerability
from ..errors import FormatError

__all__ = [
    "DECLARATION_STRAINS",
    "AuctionRecord",
    "BoardRecord",
    "Boards",
    "Call",
    "CallRecord",
    "Contract",
    "ContractRecord",
    "DDTable",
    "DeclarationRecord",
    "PlayRecord",
    "PlayedCard",
    "TableRecord",
    "check_encodable",
    "check_errors_mode",
    "parse_annotations",
    "read_text",
    "split_annotations",
]

#: A double-dummy table in redouble's layout: ``table[strain][seat]`` (strain C D H S NT,
#: seat N E S W), tricks for that declarer.
DDTable = tuple[tuple[int, int, int, int], ...]

#: Declaration symbols in canonical spelling and the strain each plays in.
DECLARATION_STRAINS: dict[str, Strain] = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
    "RS": Strain.SPADES,
}

_DECLARATION_SPELLINGS = {
    "C": "C",
    "CLUB": "C",
    "CLUBS": "C",
    "D": "D",
    "DIAMOND": "D",
    "DIAMONDS": "D",
    "H": "H",
    "HEART": "H",
    "HEARTS": "H",
    "S": "S",
    "SPADE": "S",
    "SPADES": "S",
    "N": "NT",
    "NT": "NT",
    "NOTRUMP": "NT",
    "NOTRUMPS": "NT",
    "R": "RS",
    "RS": "RS",
    "ROYAL": "RS",
    "ROYALS": "RS",
    "ROYALSPADE": "RS",
    "ROYALSPADES": "RS",
}
_PLACEHOLDERS = {"-", "+"}
_CALL_TOKENS = {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
# ASCII digits only, and few of them: int() must never see "²" or a 5,000-digit number.
_ANNOTATION_RE = re.compile(r"=[0-9]{1,6}=|\$[0-9]{1,3}|!!|\?\?|!\?|\?!|!|\?|\^[A-Za-z]")
_CARD_RE = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)


def split_annotations(text: str) -> tuple[str, str]:
    """Split a token into its body and the annotation characters glued to its end.

    ``"1C!"`` gives ``("1C", "!")``, ``"SA=1=$2"`` gives ``("SA", "=1=$2")``.
    """
    for i, ch in enumerate(text):
        if ch in "=$!?^":
            return text[:i], text[i:]
    return text, ""


def parse_annotations(text: str) -> list[str]:
    """The annotations in a run such as ``"=1=$2!"``, in order.

    Raises:
        FormatError: if the text is not a run of annotations.
    """
    out: list[str] = []
    pos = 0
    while pos < len(text):
        m = _ANNOTATION_RE.match(text, pos)
        if not m:
            raise FormatError(f"bad annotation {shown(text[pos:])}")
        out.append(m.group(0))
        pos = m.end()
    return out


def _check_annotations(annotations: tuple[str, ...]) -> None:
    for a in annotations:
        if not isinstance(a, str) or _ANNOTATION_RE.fullmatch(a) is None or a.startswith("="):
            raise FormatError(f"bad annotation {shown(a)} (expected !, ?, $n or ^letter)")


# ---------------------------------------------------------------------------------------------
# Calls and contracts
# ---------------------------------------------------------------------------------------------

# Readers normalise the same few hundred spellings millions of times: remember them. Only
# valid spellings are cached (an error is raised before the cache stores anything), and the
# cache is bounded, so hostile input cannot grow it without limit.
_NORMAL_CALLS: dict[str, str] = {}
_NORMAL_CARDS: dict[str, str] = {}
_CACHE_LIMIT = 4096


def _normalise_call(text: str) -> str:
    if not isinstance(text, str):  # the grammar's own type error, naming the argument
        parse_call_text(text, argument="call")
    hit = _NORMAL_CALLS.get(text)
    if hit is None:
        hit = Call._normalise(text)
        if len(_NORMAL_CALLS) < _CACHE_LIMIT:
            _NORMAL_CALLS[text] = hit
    return hit


def _normalise_card(text: str) -> str:
    if not isinstance(text, str):  # before the cache, which would take any hashable key
        raise TypeError(f"card must be a str, not {type(text).__name__}")
    hit = _NORMAL_CARDS.get(text)
    if hit is None:
        hit = PlayedCard._normalise(text)
        if len(_NORMAL_CARDS) < _CACHE_LIMIT:
            _NORMAL_CARDS[text] = hit
    return hit


@dataclass(frozen=True)
class CallRecord:
    """One call of an auction as a normalised token, with its note and annotations.

    Raises:
        FormatError: if the token is not in the grammar (see the module docstring).
    """

    #: The canonical token: "Pass", "X", "XX", a bid such as "1NT" or "2RS", or "-"/"+".
    token: str
    #: The explanation attached to the call (PBN note text, LIN ``an|``), if any.
    note: str | None = None
    #: Suffix annotations, NAGs and irregularity marks, verbatim, in file order.
    annotations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if Call.normalise(self.token) != self.token:
            raise FormatError(
                f"call token {shown(self.token)} is not canonical; use Call.parse "
                f"(canonical: {shown(Call.normalise(self.token))})"
            )
        object.__setattr__(self, "annotations", tuple(self.annotations))
        _check_annotations(self.annotations)

    @staticmethod
    def normalise(text: str) -> str:
        """The canonical spelling of a call token ("p" -> "Pass", "1n" -> "1NT").

        Raises:
            FormatError: if the text is not a call.
        """
        return _normalise_call(text)

    @staticmethod
    def _normalise(text: str) -> str:
        # The grammar is redouble.auction's (parse_call_text), with a level always required,
        # so "D" and "R" are double and redouble; the placeholders are the files' own.
        if isinstance(text, str) and text.strip() in _PLACEHOLDERS:
            return text.strip()
        read = parse_call_text(text, level_required=True, argument="call", error=FormatError)
        if read.kind is not CallKind.BID:
            return _CALL_TOKENS[read.kind]
        declaration = _DECLARATION_SPELLINGS.get(read.name or "")
        if declaration is None:
            raise FormatError(
                f"not a call: {shown(text)} (expected Pass, X, XX or a bid like 1NT, 2RS)"
            )
        return f"{read.level}{declaration}"

    @classmethod
    def parse(cls, text: str, *, note: str | None = None, annotations: Sequence[str] = ()) -> Call:
        """A call from any accepted spelling; annotations glued to the token are split off.

        Raises:
            FormatError: if the text is not a call.
            IllegalCallTypeError: if `text` is not a str (a TypeError).
        """
        if not isinstance(text, str):  # the grammar's own type error, naming the argument
            parse_call_text(text, argument="call")
        body, rest = split_annotations(text.strip())
        found = [a for a in parse_annotations(rest) if not a.startswith("=")]
        return cls(cls.normalise(body), note, (*found, *annotations))

    @property
    def is_pass(self) -> bool:
        """Whether the call is a pass."""
        return self.token == "Pass"

    @property
    def is_double(self) -> bool:
        """Whether the call is a double."""
        return self.token == "X"

    @property
    def is_redouble(self) -> bool:
        """Whether the call is a redouble."""
        return self.token == "XX"

    @property
    def is_placeholder(self) -> bool:
        """Whether the token is a placeholder ("-" or "+") rather than a call."""
        return self.token in _PLACEHOLDERS

    @property
    def is_bid(self) -> bool:
        """Whether the call is a bid (a level and a declaration)."""
        return self.token[0].isdigit()

    @property
    def level(self) -> int | None:
        """The level of a bid, else None."""
        return int(self.token[0]) if self.is_bid else None

    @property
    def declaration(self) -> str | None:
        """The declaration symbol of a bid ("C" ... "NT", "RS"), else None."""
        return self.token[1:] if self.is_bid else None

    @property
    def strain(self) -> Strain | None:
        """The play strain of a bid (Royal Spades play as spades), else None."""
        d = self.declaration
        return None if d is None else DECLARATION_STRAINS[d]

    def __str__(self) -> str:
        return self.token


# The record's former name, kept for existing code: in redouble.auction, Call is the
# game's call; here the file's (issue 14: each name means one thing).
Call = CallRecord


@dataclass(frozen=True)
class ContractRecord:
    """A contract as files state it: level, declaration and number of doublings, or passed out.

    Raises:
        FormatError: for a level outside 1..7, an unknown declaration or negative doublings.
    """

    #: 1..7, or None when passed out or for a Bridge (Elwell, 1906) make, which has no level.
    level: int | None
    #: Declaration symbol ("C", "D", "H", "S", "NT", "RS"); None when passed out.
    declaration: str | None
    #: 0 undoubled, 1 doubled, 2 redoubled, more for Bridge's unlimited doubling.
    doublings: int = 0

    def __post_init__(self) -> None:
        if self.declaration is None:
            if self.level is not None or self.doublings:
                raise FormatError("a passed-out contract has no level and no doublings")
            return
        if self.declaration not in DECLARATION_STRAINS:
            raise FormatError(f"unknown declaration {shown(self.declaration)}")
        if self.level is not None and not 1 <= self.level <= 7:
            raise FormatError(f"contract level must be 1..7, got {shown(self.level)}")
        if self.doublings < 0:
            raise FormatError("doublings must be >= 0")

    @classmethod
    def passed_out(cls) -> Contract:
        """The contract of a board passed out."""
        return cls(None, None, 0)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse "Pass", "4HX", "3NTXX", "2RS" or a level-less Bridge make such as "HXX".

        Raises:
            FormatError: if the text is not a contract.
            IllegalCallTypeError: if `text` is not a str (a TypeError).
        """
        read = parse_contract_text(text, argument="contract", error=FormatError)
        if read.kind is CallKind.PASS:
            return cls.passed_out()
        declaration = _DECLARATION_SPELLINGS.get(read.name or "")
        if declaration is None:
            raise FormatError(f"not a contract: {shown(text)} (expected e.g. 4HX, 3NT, Pass)")
        return cls(read.level, declaration, read.doublings)

    @property
    def is_passed_out(self) -> bool:
        """Whether the board was passed out."""
        return self.declaration is None

    @property
    def strain(self) -> Strain | None:
        """The play strain, or None when passed out."""
        return None if self.declaration is None else DECLARATION_STRAINS[self.declaration]

    def __str__(self) -> str:
        if self.declaration is None:
            return "Pass"
        return f"{self.level or ''}{self.declaration}{'X' * self.doublings}"


# The record's former name, kept for existing code: in redouble.auction, Contract is the
# game's contract; here the file's (issue 14: each name means one thing).
Contract = ContractRecord


# ---------------------------------------------------------------------------------------------
# Auction
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionRecord:
    """The calls of an auction, starting with seat `first` (normally the dealer)."""

    first: Seat
    calls: tuple[Call, ...] = ()
    #: False when the file marks the auction as unfinished (PBN ``*``).
    is_complete: bool = True

    def __post_init__(self) -> None:
        # as_index, not Seat(...): a bool would be taken for East and a str or a float end in
        # a bare ValueError. The calls are checked here, not later in a writer.
        object.__setattr__(
            self, "first", Seat(as_index(self.first, "first", 0, 3, error=FormatError))
        )
        object.__setattr__(self, "calls", _items(self.calls, "calls", Call))

    def seats(self) -> Iterator[tuple[Seat, Call]]:
        """(seat, call) for each call, in order."""
        for i, call in enumerate(self.calls):
            yield self.first.next(i), call

    def final_contract(self) -> tuple[Contract, Seat | None] | None:
        """The contract and declarer under the contract-bridge rule, when the auction is over.

        The declarer is the first of the declaring side to name the final declaration.
        Historical law sets decide this themselves (Auction Bridge (1912), Law 46 differs); this is
        what LIN, which only carries modern auctions, needs. None if the auction has not
        ended with a bid (or four passes) followed by three passes.
        """
        calls = [c for c in self.calls if not c.is_placeholder]
        if len(calls) < 4 or not all(c.is_pass for c in calls[-3:]):
            return None
        last_bid = None
        doublings = 0
        for i, c in enumerate(calls):
            if c.is_bid:
                last_bid, doublings = i, 0
            elif c.is_double:
                doublings = 1
            elif c.is_redouble:
                doublings = 2
        if last_bid is None:
            return (Contract.passed_out(), None)
        bid = calls[last_bid]
        side = (int(self.first) + last_bid) & 1
        declarer = None
        for i, c in enumerate(calls):
            seat = self.first.next(i)
            if (int(seat) & 1) == side and c.is_bid and c.declaration == bid.declaration:
                declarer = seat
                break
        return (Contract(bid.level, bid.declaration, doublings), declarer)


# ---------------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------------


def _items(values: object, name: str, kind: type) -> tuple[Any, ...]:
    """`values` as a tuple, each of type `kind`.

    Raises:
        TypeError: naming `name`, if `values` is not iterable (a str is not taken as one) or
            an item is of another type.
    """
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a sequence, not {type(values).__name__}")
    out = tuple(values)
    for v in out:
        if not isinstance(v, kind) or isinstance(v, str | bytes):
            raise TypeError(f"{name} must hold {kind.__name__} items, not {type(v).__name__}")
    return out


def _tag_pairs(tags: object) -> tuple[tuple[str, str], ...]:
    """A record's other tags as (name, value) pairs of text.

    Raises:
        TypeError: `tags` is not an iterable of pairs (a str is not), or a name or value is not
            a str (a tag's text is written as given, so ``None`` or ``5`` would be written as
            the text "None" or "5": the caller says which text it means).
    """
    if isinstance(tags, str | bytes) or not isinstance(tags, Iterable):
        raise TypeError(f"tags must be (name, value) pairs, not {type(tags).__name__}")
    pairs = []
    for i, pair in enumerate(tags):
        name, value = as_pair(pair, f"tags[{i}]", "a (name, value) pair")
        for part, text in (("name", name), ("value", value)):
            if not isinstance(text, str):
                raise TypeError(f"tags[{i}]'s {part} must be a str, not {shown(text)}")
        pairs.append((str(name), str(value)))
    return tuple(pairs)


@dataclass(frozen=True)
class PlayedCard:
    """One place in a trick: a card, or a placeholder when no card is recorded there.

    Raises:
        FormatError: if the token is not a card ("SA", "H7") or "-"/"+".
    """

    #: "SA", "HT", ... (suit then rank, ten as T), or "-" / "+" for no card given.
    token: str
    note: str | None = None
    annotations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if PlayedCard.normalise(self.token) != self.token:
            raise FormatError(
                f"card token {shown(self.token)} is not canonical; use PlayedCard.parse"
            )
        object.__setattr__(self, "annotations", tuple(self.annotations))
        _check_annotations(self.annotations)

    @staticmethod
    def normalise(text: str) -> str:
        """The canonical spelling of a card token ("s10" -> "ST").

        Raises:
            FormatError: if the text is not a card or placeholder.
        """
        return _normalise_card(text)

    @staticmethod
    def _normalise(text: str) -> str:
        t = text.strip().upper()
        if t in _PLACEHOLDERS:
            return t
        m = _CARD_RE.match(t)
        if not m:
            raise FormatError(f"not a card: {shown(text)} (expected suit then rank, e.g. SA, H7)")
        return m.group(1) + ("T" if m.group(2) == "10" else m.group(2))

    @classmethod
    def parse(cls, text: str, *, note: str | None = None) -> PlayedCard:
        """A played card from a token such as "sa" or "D7!".

        Raises:
            FormatError: if the text is not a card.
            TypeError: if `text` is not a str.
        """
        if not isinstance(text, str):
            raise TypeError(f"card must be a str, not {type(text).__name__}")
        body, rest = split_annotations(text.strip())
        found = [a for a in parse_annotations(rest) if not a.startswith("=")]
        return cls(cls.normalise(body), note, tuple(found))

    @classmethod
    def of(cls, card: Card) -> PlayedCard:
        """The played card for a :class:`~redouble.cards.Card` (or its index 0..51).

        Raises:
            InvalidDealError: an index out of range.
            TypeError: not a card or an int (a float is refused, never truncated).
        """
        return cls(str(Card(card)))

    @property
    def card(self) -> Card | None:
        """The card, or None for a placeholder."""
        return None if self.token in _PLACEHOLDERS else Card.parse(self.token)

    def __str__(self) -> str:
        return self.token


def _winner(trick: Sequence[tuple[Seat, Card]], strain: Strain) -> Seat:
    led = trick[0][1].suit
    trump = strain.suit

    def key(item: tuple[Seat, Card]) -> tuple[int, int]:
        card = item[1]
        if trump is not None and card.suit == trump:
            return (2, int(card.rank))
        return (1, int(card.rank)) if card.suit == led else (0, 0)

    return max(trick, key=key)[0]


@dataclass(frozen=True)
class PlayRecord:
    """The play as PBN lays it out: one row per trick, columns by seat from the opening leader.

    Column ``i`` of every row is the card of seat ``leader.next(i)``, whoever led that trick;
    :meth:`in_order` recovers the order of play given the strain.
    """

    #: The opening leader (PBN ``[Play]`` tag value).
    leader: Seat
    tricks: tuple[tuple[PlayedCard, ...], ...] = ()
    #: False when the file ends the play early (PBN ``*``, e.g. after a claim).
    is_complete: bool = True

    def __post_init__(self) -> None:
        leader = as_index(self.leader, "leader", 0, 3, error=FormatError)  # as for AuctionRecord
        object.__setattr__(self, "leader", Seat(leader))
        rows = _items(self.tricks, "tricks", Sequence)
        object.__setattr__(self, "tricks", tuple(_items(t, "tricks", PlayedCard) for t in rows))
        for t in self.tricks:
            if not 1 <= len(t) <= 4:
                raise FormatError(f"a trick row holds 1 to 4 places, got {len(t)}")

    def in_order(self, strain: Strain) -> list[tuple[Seat, PlayedCard]]:
        """Every recorded place as (seat, played card) in the order of play.

        The leader of each trick after the first is the winner of the previous one under
        `strain`. Placeholders keep their place; a trick whose cards are all placeholders
        leaves the lead where it was.
        """
        out: list[tuple[Seat, PlayedCard]] = []
        leader = self.leader
        for row in self.tricks:
            order = [
                (leader.next(k), row[(int(leader.next(k)) - int(self.leader)) % 4])
                for k in range(4)
                if (int(leader.next(k)) - int(self.leader)) % 4 < len(row)
            ]
            out.extend(order)
            real = [(s, pc.card) for s, pc in order if pc.card is not None]
            if len(row) == 4 and real:
                leader = _winner([(s, c) for s, c in real if c is not None], strain)
        return out

    @classmethod
    def from_order(
        cls,
        leader: Seat,
        cards: Sequence[PlayedCard],
        strain: Strain,
        *,
        is_complete: bool = True,
    ) -> PlayRecord:
        """Lay out cards given in the order of play (as LIN lists them) into seat columns.

        Raises:
            FormatError: if a card is a placeholder (the order would be ambiguous).
            TypeError: the leader, the strain or a card is of a wrong type.
        """
        # As in __post_init__: as_index, not Seat(...), and the cards' type checked first.
        leader = Seat(as_index(leader, "leader", 0, 3, error=FormatError))
        if not isinstance(strain, Strain):
            strain = Strain(as_index(strain, "strain", 0, 4, error=FormatError))
        cards = _items(cards, "cards", PlayedCard)
        rows: list[tuple[PlayedCard, ...]] = []
        current = leader
        for start in range(0, len(cards), 4):
            chunk = cards[start : start + 4]
            places: dict[int, PlayedCard] = {}
            trick: list[tuple[Seat, Card]] = []
            for k, pc in enumerate(chunk):
                c = pc.card
                if c is None:
                    raise FormatError("a card in playing order cannot be a placeholder")
                seat = current.next(k)
                places[(int(seat) - int(leader)) % 4] = pc
                trick.append((seat, c))
            if len(chunk) == 4:
                rows.append(tuple(places[i] for i in range(4)))
                current = _winner(trick, strain)
            else:
                # A partial last trick: fill the columns before the last card with "-".
                width = max(places) + 1
                rows.append(tuple(places.get(i, PlayedCard("-")) for i in range(width)))
        return cls(leader, tuple(rows), is_complete)


# ---------------------------------------------------------------------------------------------
# Historical declarations and other sections
# ---------------------------------------------------------------------------------------------

_BRIDGE_DECLARATIONS = ("C", "D", "H", "S", "NT")


@dataclass(frozen=True)
class DeclarationRecord:
    """Bridge (Elwell, 1906)'s make and doubling statements, as ``(seat, statement)`` pairs.

    Statements: a declaration symbol (``C D H S NT``), ``Pass`` (the dealer leaves the make to
    his partner; afterwards, a refusal to double) or ``X`` (one doubling).

    Raises:
        FormatError: if the statements do not start with a make by the dealer, or by his
            partner after the dealer's pass, or a seat names no seat.
        TypeError: if the statements are not (seat, statement) pairs of a seat and a str.
    """

    statements: tuple[tuple[Seat, str], ...]

    def __post_init__(self) -> None:
        items = as_iterable(self.statements, "statements", "a list of (seat, statement) pairs")
        pairs: list[tuple[Seat, str]] = []
        for i, item in enumerate(items):
            seat, word = as_pair(item, f"statements[{i}]", "a (seat, statement) pair")
            pairs.append(
                (
                    as_seat(seat, f"statements[{i}]'s seat"),
                    as_str(word, f"statements[{i}]'s statement"),
                )
            )
        st = tuple(pairs)
        object.__setattr__(self, "statements", st)
        if not st:
            raise FormatError("a declaration needs at least the make")
        words = [w for _, w in st]
        for w in words:
            if w not in (*_BRIDGE_DECLARATIONS, "Pass", "X"):
                raise FormatError(
                    f"bad declaration statement {shown(w)} (expected C D H S NT Pass X)"
                )
        if words[0] == "Pass":
            if len(st) < 2 or words[1] not in _BRIDGE_DECLARATIONS:
                raise FormatError("after the dealer's pass his partner must make the declaration")
            if st[1][0] != st[0][0].partner:
                raise FormatError("only the dealer's partner may make after the dealer's pass")
            rest = words[2:]
        elif words[0] in _BRIDGE_DECLARATIONS:
            rest = words[1:]
        else:
            raise FormatError("the declaration must start with the dealer's make or pass")
        if any(w in _BRIDGE_DECLARATIONS for w in rest):
            raise FormatError("only one declaration may be made")

    @classmethod
    def parse(cls, text: str) -> DeclarationRecord:
        """Parse a ``[Declaration]`` tag value such as ``"S:Pass N:H E:X"``.

        Raises:
            FormatError: on bad syntax or an impossible sequence.
            TypeError: if `text` is not a str.
        """
        if not isinstance(text, str):
            raise TypeError(f"declaration must be a str, not {type(text).__name__}")
        out: list[tuple[Seat, str]] = []
        for word in text.split():
            seat, sep, stmt = word.partition(":")
            if not sep:
                raise FormatError(f"declaration statement {shown(word)} needs a seat: e.g. S:H")
            s = stmt.upper()
            s = "Pass" if s in ("PASS", "P") else _DECLARATION_SPELLINGS.get(s, s)
            out.append((Seat.parse(seat), s))
        return cls(tuple(out))

    @property
    def dealer(self) -> Seat:
        """The dealer (who speaks first)."""
        return self.statements[0][0]

    @property
    def is_passed(self) -> bool:
        """Whether the dealer left the make to his partner."""
        return self.statements[0][1] == "Pass"

    @property
    def maker(self) -> Seat:
        """The seat that made the declaration."""
        return self.statements[1 if self.is_passed else 0][0]

    @property
    def declaration(self) -> str:
        """The declaration made ("C", "D", "H", "S" or "NT")."""
        return self.statements[1 if self.is_passed else 0][1]

    @property
    def doublings(self) -> int:
        """How many times the make was doubled (double, redouble, ...)."""
        return sum(1 for _, w in self.statements if w == "X")

    def __str__(self) -> str:
        return " ".join(f"{s.letter}:{w}" for s, w in self.statements)


@dataclass(frozen=True)
class TableRecord:
    """A PBN supplemental section redouble does not interpret (e.g. ``ScoreTable``), verbatim."""

    name: str
    #: The tag value: the column descriptions, e.g. ``"Rank\\2R;PairId_NS;MP_NS"``.
    header: str
    #: Each data line's tokens; quoted strings keep their quotes.
    rows: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(tuple(r) for r in self.rows))
        if not isinstance(self.name, str) or not isinstance(self.header, str):
            raise FormatError("a table's name and header are strings")
        if not all(isinstance(x, str) for r in self.rows for x in r):
            raise FormatError("a table's cells are strings")


# ---------------------------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------------------------

PartialHands = tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None]


@dataclass(frozen=True)
class BoardRecord:
    """Everything a file says about one board, typed where redouble understands it.

    ``tags`` keeps every other tag pair in file order, unknown ones verbatim (Event, Site,
    player names, Scoring, OptimumScore, ...). Typed fields are None when the file does not
    state them.

    Raises:
        FormatError: if both ``deal`` and ``partial_hands`` are given, or a field is malformed.
    """

    tags: tuple[tuple[str, str], ...] = ()
    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    #: The deal, when every hand is given.
    deal: Deal | None = None
    #: The known hands by seat when the file leaves some unknown (PBN ``-``); else None.
    partial_hands: PartialHands | None = None
    auction: AuctionRecord | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    #: Tricks taken by the declarer (PBN ``Result``).
    result: int | None = None
    #: PBN ``Score`` tag, verbatim (e.g. "NS 620").
    score: str | None = None
    play: PlayRecord | None = None
    #: Total tricks the declarer claimed (LIN ``mc``; PBN: Result after a play ending ``*``).
    claim: int | None = None
    dd_table: DDTable | None = None
    tables: tuple[TableRecord, ...] = ()
    #: The law set's name as written (``[LawSet "auction_1912"]``), e.g. for ``laws.get``.
    law_set: str | None = None
    #: Bridge (Elwell, 1906)'s make and doubling (``[Declaration "S:Pass N:H E:X"]``).
    declaration: DeclarationRecord | None = None
    commentary: tuple[str, ...] = field(default=())
    #: Where each commentary stood: the name of the tag (or section) it followed, ``""``
    #: before the first tag (PBN); or, from LIN, ``"mb:K"`` after the K-th call (``"mb:0"``
    #: before the first), ``"pc:K"`` after the K-th card played, ``"mc:K"`` after a claim
    #: made after the K-th card.
    #: Each writer places the other format's anchors as near as it can (see lin and pbn).
    #: Empty when not known; the PBN writer then puts it at the end, LIN's before the
    #: auction.
    commentary_after: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", _tag_pairs(self.tags))
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "commentary", tuple(self.commentary))
        object.__setattr__(self, "commentary_after", tuple(self.commentary_after))
        if self.commentary_after and len(self.commentary_after) != len(self.commentary):
            raise FormatError("commentary_after needs one entry per commentary (or none)")
        # as_index, not Seat(...): a bool would be taken for East and a float end in a bare
        # ValueError.
        for name in ("dealer", "declarer"):
            v = getattr(self, name)
            if v is not None:
                object.__setattr__(self, name, Seat(as_index(v, name, 0, 3, error=FormatError)))
        if self.vulnerability is not None:
            v = as_index(self.vulnerability, "vulnerability", 0, 3, error=FormatError)
            object.__setattr__(self, "vulnerability", Vulnerability(v))
        if self.deal is not None and self.partial_hands is not None:
            raise FormatError("give either deal or partial_hands, not both")
        if self.partial_hands is not None and len(self.partial_hands) != 4:
            raise FormatError("partial_hands needs four entries (N, E, S, W)")
        for name in ("board", "result", "claim"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                raise FormatError(f"{name} must be a non-negative int, got {shown(v)}")
        for name in ("result", "claim"):
            v = getattr(self, name)
            if v is not None and v > 13:
                raise FormatError(f"{name} must be 0..13 tricks, got {shown(v)}")
        if self.dd_table is not None:
            shape = "dd_table must be 5 strains x 4 seats of 0..13 tricks"
            if isinstance(self.dd_table, str | bytes) or not isinstance(self.dd_table, Iterable):
                raise TypeError(f"{shape}, not {type(self.dd_table).__name__}")
            rows = list(self.dd_table)
            if len(rows) != 5 or not all(isinstance(r, Iterable) for r in rows):
                raise FormatError(shape)
            # as_index, not int(): a float such as 7.9 is refused, not truncated to 7 tricks.
            t = tuple(
                tuple(as_index(x, "dd_table", 0, 13, error=FormatError) for x in r) for r in rows
            )
            if any(len(r) != 4 for r in t):
                raise FormatError(shape)
            object.__setattr__(self, "dd_table", t)

    def tag(self, name: str) -> str | None:
        """The value of the first other tag called `name` (any case), or None."""
        low = name.lower()
        for k, v in self.tags:
            if k.lower() == low:
                return v
        return None

    def hand(self, seat: Seat | int) -> CardSet | None:
        """The cards of `seat`, or None when the file does not give them."""
        if self.deal is not None:
            return self.deal.hand(seat)
        if self.partial_hands is not None:
            return self.partial_hands[int(seat)]
        return None

    def replace(self, **changes: Any) -> BoardRecord:
        """A copy with some fields changed.

        Raises:
            FormatError: if the result is malformed.
        """
        # New commentary without new places: where the old stood says nothing of it.
        if (
            "commentary" in changes
            and "commentary_after" not in changes
            and len(tuple(changes["commentary"])) != len(self.commentary_after)
        ):
            changes["commentary_after"] = ()
        return dataclasses.replace(self, **changes)

    def plays(self) -> list[tuple[Seat, Card]]:
        """The cards played, in order, using the contract's strain (needs contract and play).

        Raises:
            FormatError: if the record has play but no contract to order it by.
        """
        if self.play is None:
            return []
        strain = self.contract.strain if self.contract is not None else None
        if strain is None:
            raise FormatError("the order of play needs the contract's strain")
        return [(s, pc.card) for s, pc in self.play.in_order(strain) if pc.card is not None]


class Boards(list[BoardRecord]):
    """The boards a reader returned (a list), with the problems it skipped past.

    With ``errors="skip"`` a malformed board is left out and its
    :class:`~redouble.errors.FormatError` (with line and column) is kept in
    :attr:`problems`; with the default ``errors="strict"`` the first one is raised and
    :attr:`problems` is always empty.
    """

    def __init__(self, boards: Iterable[BoardRecord] = (), problems: Iterable[FormatError] = ()):
        super().__init__(boards)
        #: The errors of the boards left out, in file order.
        self.problems: list[FormatError] = list(problems)


def check_errors_mode(errors: str) -> bool:
    """Whether `errors` asks to skip bad boards ("skip") rather than raise ("strict").

    Raises:
        FormatError: for any other value.
        TypeError: if `errors` is not a string.
    """
    if not isinstance(errors, str):
        raise TypeError(f"errors must be 'strict' or 'skip', not {type(errors).__name__}")
    if errors not in ("strict", "skip"):
        raise FormatError(f"errors must be 'strict' or 'skip', got {shown(errors)}")
    return errors == "skip"


def check_encodable(text: str, what: str) -> None:
    """Refuse text that cannot be written as UTF-8 (a lone surrogate from JSON escapes).

    Raises:
        FormatError: naming the first character that cannot be encoded.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise FormatError(
            f"{what} holds {shown(text[e.start])} at offset {e.start}, which no file can hold"
        ) from None


def _record_error(index: int, record: BoardRecord, error: FormatError) -> FormatError:
    """A writer's refusal of the `index`-th record (from 0) of many, naming which it is."""
    board = "" if record.board is None else f" (board {record.board})"
    return FormatError(f"record {index + 1}{board}: {error}")


def read_text(source: Any, encoding: str | None, default: str) -> str:
    """The whole text of a path or handle (text or binary), decoded.

    With no `encoding`: a UTF-8 byte-order mark means UTF-8; otherwise `default`, where
    ``"auto"`` means UTF-8 if the bytes are valid UTF-8 and ISO-8859-1 if not.

    Raises:
        FormatError: for bytes that `encoding` cannot decode (with line and column) or a
            file that cannot be opened.
        TypeError: for a source that is neither a path nor a file.
    """
    if encoding is not None and not isinstance(encoding, str):
        raise TypeError(f"encoding must be a str or None, not {type(encoding).__name__}")
    if isinstance(source, str | os.PathLike):
        try:
            with open(source, "rb") as fh:
                data: str | bytes = fh.read()
        except OSError as e:
            raise FormatError(
                f"cannot open {shown(os.fspath(source), 200)}: {e.strerror}"
            ) from None
    elif hasattr(source, "read"):
        data = source.read()
    else:
        raise TypeError(f"source must be a path or a file, not {type(source).__name__}")
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if not isinstance(data, bytes):
        raise TypeError(f"the file gave {type(data).__name__}, not text or bytes")
    codec = encoding
    if codec is None:
        if data.startswith(codecs.BOM_UTF8):
            codec = "utf-8-sig"
        elif default == "auto":
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return data.decode("latin-1")
        else:
            codec = default
    try:
        codecs.lookup(codec)
    except LookupError:
        raise FormatError(f"unknown encoding {shown(codec)}") from None
    try:
        return data.decode(codec).removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        # The "-sig" codecs report positions after the byte-order mark they drop.
        sig = codecs.lookup(codec).name == "utf-8-sig" and data.startswith(codecs.BOM_UTF8)
        at = e.start + (3 if sig else 0)
        start = data.rfind(b"\n", 0, at) + 1
        line = data.count(b"\n", 0, at) + 1
        column = len(data[start:at].decode(codec, errors="replace")) + 1
        raise FormatError(
            f"byte 0x{data[at]:02x} is not valid {codec}", line=line, column=column
        ) from None
