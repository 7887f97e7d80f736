"""Declaring and bidding under each law set.

Two procedures, chosen by the law set's data (:attr:`LawSet.bid_order`):

* :class:`Auction` — Auction Bridge (1912) and contract bridge: bids ordered by the law set
  (by value in Auction Bridge (1912), Law 44; by level then strain in contract bridge), doubles and redoubles,
  three passes close. Legality is decided in the C++ core.
* :class:`BridgeDeclaration` — Bridge 1906 (and its three-handed, duplicate and progressive
  variants): the dealer makes the trump or passes the make to his partner, who must make it;
  then the "conversation" of doubles ("May I lead?", "Satisfied"), without limit.

Both speak :class:`Call` values and end in a :class:`Contract`.

>>> from redouble import laws
>>> a = Auction(laws.get("auction_1912"), Seat.NORTH)
>>> for text in "1H P 2H P P P".split():
...     _ = a.call(text)
>>> a.contract
Contract(level=2, declaration='H', doublings=0, declarer=<Seat.NORTH: 0>)
"""

from __future__ import annotations

import copy
import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from . import _core
from ._check import CheckedEnumType, as_bool, as_iterable, as_seat, shown
from .cards import Seat, Strain
from .errors import IllegalCallError, IllegalCallTypeError, RedoubleError
from .laws import BidOrder, DeclarerRule, LawSet
from .laws import get as get_law_set
from .laws.bridge_variants import compulsory_declaration

__all__ = [
    "Auction",
    "Bar",
    "BridgeDeclaration",
    "Call",
    "CallKind",
    "CallText",
    "Contract",
    "Declaring",
    "declaring_procedure",
    "parse_call_text",
    "parse_contract_text",
]


class CallKind(enum.Enum, metaclass=CheckedEnumType):
    """What a call does."""

    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    BID = "bid"


@dataclass(frozen=True)
class Call:
    """A call: pass, double, redouble, or a bid of `level` in a declaration (by its symbol).

    In Bridge 1906 a "bid" has no level (``level`` is None): it is the make of the trump; a
    "pass" by the dealer passes the make to his partner, and in the doubling conversation a
    "pass" is declining to double ("May I lead?", "Satisfied"). Each further doubling there is
    a DOUBLE (the laws' "re-double" is the makers' doubling).
    """

    kind: CallKind
    level: int | None = None
    declaration: str | None = None

    PASS: ClassVar[Call]
    DOUBLE: ClassVar[Call]
    REDOUBLE: ClassVar[Call]

    @classmethod
    def parse(cls, text: str | Call, law_set: LawSet | str | None = None) -> Call:
        """Parse "P", "Pass", "X", "Dbl", "XX", "Rdbl", "1S", "3NT", "2♠", "2R" (Royal Spades)
        or a bare declaration ("H", "NT") for Bridge's make; the grammar is
        :func:`parse_call_text`'s, where "D" and "R" are diamonds and Royal Spades.

        The declaration is resolved against `law_set` (symbol, name or alias) when given.

        Raises:
            IllegalCallError: the text is not a call (of the law set).
            IllegalCallTypeError: `text` is not a str or a Call (also a TypeError).
        """
        if isinstance(text, Call):
            return text
        read = parse_call_text(text, argument="call")
        if read.kind is not CallKind.BID:
            return Call(read.kind)
        assert read.name is not None
        if law_set is None:
            return Call(CallKind.BID, read.level, read.name)
        law = get_law_set(law_set)
        try:
            symbol = law.declaration(read.name).symbol
        except ValueError:
            known = ", ".join(d.symbol for d in law.declarations)
            raise IllegalCallError(
                f"{law.short_title} has no declaration {shown(read.name)} (known: {known})"
            ) from None
        return Call(CallKind.BID, read.level, symbol)

    @property
    def is_bid(self) -> bool:
        """Whether this call names a declaration."""
        return self.kind is CallKind.BID

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.kind is CallKind.PASS:
            return "P"
        if self.kind is CallKind.DOUBLE:
            return "X"
        if self.kind is CallKind.REDOUBLE:
            return "XX"
        return f"{self.level or ''}{self.declaration}"


Call.PASS = Call(CallKind.PASS)
Call.DOUBLE = Call(CallKind.DOUBLE)
Call.REDOUBLE = Call(CallKind.REDOUBLE)


@dataclass(frozen=True)
class Contract:
    """The final declaration: level (None in Bridge), declaration symbol, doublings, declarer.

    `declarer` is the seat that plays the combined hands (Bridge: always the dealer; the maker
    of the trump is :attr:`BridgeDeclaration.maker`).
    """

    level: int | None
    declaration: str
    doublings: int
    declarer: Seat

    @property
    def dummy(self) -> Seat:
        """The declarer's partner."""
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """The player on the declarer's left leads."""
        return self.declarer.lho

    def strain(self, law_set: LawSet | str) -> Strain:
        """The play strain of the declaration under `law_set` (Royal Spades plays as spades)."""
        return get_law_set(law_set).declaration(self.declaration).strain

    def spec(self) -> str:
        """The contract as scoring reads it: "2HX", "3R", "NTXX" (Bridge)."""
        return f"{self.level or ''}{self.declaration}{'X' * self.doublings}"

    def __str__(self) -> str:
        return f"{self.spec()} by {self.declarer.letter}"


# ---------------------------------------------------------------------------------------------
# Call and contract text: the one grammar that every reader of "4S", "3NTX" or "pass" uses
# (Call.parse here, the file records, ContractSpec.parse, single-dummy analysis, the CLI).
# ---------------------------------------------------------------------------------------------

# Suit symbols (solid and outline) read as the suit's letter; the emoji variation selectors that
# some keyboards add after them are dropped.
_SYMBOL_LETTERS = str.maketrans(
    {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
    | {"\ufe0e": None, "\ufe0f": None}
)
_PASS_WORDS = frozenset({"P", "PASS", "NO", "NOBID", "CONTENT", "SATISFIED", "MAYILEAD"})
_DOUBLE_WORDS = frozenset({"X", "DBL", "DOUBLE"})
_REDOUBLE_WORDS = frozenset({"XX", "RDBL", "REDBL", "REDOUBLE"})
_PASSED_OUT_WORDS = frozenset({"P", "PASS", "AP", "ALLPASS", "PASSEDOUT"})
# A level of at most two ASCII digits (the range is checked apart, so that "8H" gets a clear
# message), then a declaration name (at most 20 letters, hyphens in it dropped: "no-trump"); for
# a contract, the doubling X's after it.
_BID_TEXT = re.compile(r"([0-9]{0,2})([A-Z][A-Z-]{0,19})")
_CONTRACT_TEXT = re.compile(r"([0-9]{0,2})([A-Z][A-Z-]{0,19}?)(X*)")
_MAX_LEVEL = 7


@dataclass(frozen=True)
class CallText:
    """A call or contract as its text says it, before a law set (or a file's table of
    spellings) says which declaration :attr:`name` means.

    Read by :func:`parse_call_text` and :func:`parse_contract_text`.
    """

    #: PASS (for a contract: passed out), DOUBLE, REDOUBLE or BID.
    kind: CallKind
    #: The level of a bid, or None when the text names a declaration only (Bridge's make).
    level: int | None = None
    #: The declaration as written: upper case, spaces removed, a suit symbol as its letter
    #: ("S", "NT", "NOTRUMP", "ROYALS"); None unless `kind` is BID.
    name: str | None = None
    #: The X's after a contract's declaration (0 for a call).
    doublings: int = 0


def _text_key(text: object, argument: str, examples: str) -> str | None:
    """`text` upper-cased, without whitespace, suit symbols as letters; None if anything else
    in it is not ASCII (so that no look-alike, such as the long s "ſ" that upper-cases to "S",
    or a digit of another script, is read as a call)."""
    if not isinstance(text, str):
        raise IllegalCallTypeError(
            f"{argument} must be text such as {examples}, not {type(text).__name__}"
        )
    # str.__str__: a str subclass's own split() or upper() is not trusted (see redouble._check).
    key = "".join(str.__str__(text).split()).translate(_SYMBOL_LETTERS)
    return key.upper() if key.isascii() else None


def parse_call_text(
    text: str,
    *,
    level_required: bool = False,
    argument: str = "call",
    error: type[RedoubleError] = IllegalCallError,
) -> CallText:
    """Read a call's text under redouble's one grammar for calls.

    The text is read without regard to case or whitespace ("1 nt" is "1NT"), and a suit symbol
    (``♣ ♦ ♥ ♠``, or the outline ``♧ ♢ ♡ ♤``) reads as its letter::

        call        = pass | double | redouble | bid
        pass        = "P" | "PASS" | "NO BID" | "NO" | "CONTENT" | "SATISFIED" | "MAY I LEAD"
                      | "-"          (hyphens inside a word are ignored: "-P-", "no-bid")
        double      = "X" | "DBL" | "DOUBLE"      and "D" where a bid needs a level
        redouble    = "XX" | "RDBL" | "REDBL" | "REDOUBLE"   and "R" where a bid needs a level
        bid         = [level] declaration        (the level is required if `level_required`)
        level       = "1" .. "7"
        declaration = letters or a suit symbol   ("S", "NT", "N", "notrump", "royals", "♠";
                                                  at most 20; hyphens inside are dropped)

    Any other character that is not ASCII (a look-alike letter, a digit of another script)
    makes the text no call.

    "D" and "R" mean double and redouble only with `level_required` (files: LIN writes ``d``
    and ``r``), since elsewhere a bare "D" is Bridge's make of diamonds and "R" Royal Spades.
    Which declaration a name means is the caller's to decide (a law set's symbols, names and
    aliases; a file format's spellings).

    >>> parse_call_text("2♠")
    CallText(kind=<CallKind.BID: 'bid'>, level=2, name='S', doublings=0)
    >>> parse_call_text("no bid").kind, parse_call_text("r", level_required=True).kind
    (<CallKind.PASS: 'pass'>, <CallKind.REDOUBLE: 'redouble'>)

    Raises:
        IllegalCallError: (or `error`, a :class:`RedoubleError` class) the text is not a call:
            empty, an unknown word, a level outside 1..7 or a missing one.
        IllegalCallTypeError: `text` is not a str (a TypeError naming `argument`).
    """
    level_required = as_bool(level_required, "level_required")
    key = _text_key(text, argument, "'1H', '3NT' or 'P'")
    if key is None:  # not ASCII: no word and no bid matches
        key = "?"
    word = key.replace("-", "")
    if not word:
        if key == "-" and not level_required:
            return CallText(CallKind.PASS)
        raise error(f"empty {argument}" if not key else f"not a {argument}: {shown(text)}")
    if word in _PASS_WORDS:
        return CallText(CallKind.PASS)
    if word in _DOUBLE_WORDS or (level_required and word == "D"):
        return CallText(CallKind.DOUBLE)
    if word in _REDOUBLE_WORDS or (level_required and word == "R"):
        return CallText(CallKind.REDOUBLE)
    m = _BID_TEXT.fullmatch(key)
    if m is None or (level_required and not m.group(1)):
        raise error(f"not a {argument}: {shown(text)} (expected e.g. '1H', '3NT', 'P', 'X', 'XX')")
    level = _level(m.group(1), text, argument, _MAX_LEVEL, error)
    return CallText(CallKind.BID, level, m.group(2).replace("-", ""))


def parse_contract_text(
    text: str,
    *,
    level_required: bool = False,
    max_level: int | None = _MAX_LEVEL,
    argument: str = "contract",
    error: type[RedoubleError] = IllegalCallError,
) -> CallText:
    """Read a contract's text under the grammar of :func:`parse_call_text`'s bids::

        contract    = passed-out | [level] declaration doubling*
        passed-out  = "P" | "PASS" | "AP" | "ALL PASS" | "PASSED OUT"   (kind PASS)
        doubling    = "X"                         ("4HX" doubled, "3NTXX" redoubled; Bridge
                                                   doubles without limit: "HXXX")

    Case, whitespace and suit symbols as there ("4♥x" is "4HX"). `max_level` None leaves the
    level's range to the caller (a law set's), for levels of at most two digits.

    >>> parse_contract_text("7ntxx")
    CallText(kind=<CallKind.BID: 'bid'>, level=7, name='NT', doublings=2)

    Raises:
        IllegalCallError: (or `error`) the text is not a contract.
        IllegalCallTypeError: `text` is not a str (a TypeError naming `argument`).
    """
    key = _text_key(text, argument, "'4S', '3NTX' or 'Pass'")
    if key is None:
        key = "?"
    if key.replace("-", "") in _PASSED_OUT_WORDS:
        return CallText(CallKind.PASS)
    m = _CONTRACT_TEXT.fullmatch(key)
    if m is None or (level_required and not m.group(1)):
        raise error(
            f"cannot read a {argument} from {shown(text)} (expected e.g. '4S', '3NTX', 'Pass')"
        )
    level = _level(m.group(1), text, argument, max_level, error)
    return CallText(CallKind.BID, level, m.group(2).replace("-", ""), len(m.group(3)))


def _level(
    digits: str, text: str, argument: str, top: int | None, error: type[RedoubleError]
) -> int | None:
    if not digits:
        return None
    level = int(digits)
    if top is not None and not 1 <= level <= top:
        raise error(f"not a {argument}: {shown(text)} (a level is 1 to {top})")
    return level


@dataclass(frozen=True)
class Bar:
    """A penalty bar on a seat's calls (an irregularity's penalty, not a law of legality).

    Auction Bridge (1912), Law 50: the partner of a player who made an insufficient or impossible
    declaration may make no further *declaration* (bid) unless an adversary subsequently bids
    or doubles (``lifted_by_adversary``). Law 65: the partner of a player who exposed a card
    before the final declaration may make no further bid *or double* that hand
    (``doubles_too``, never lifted).

    A bar that meets a compulsory declaration: Auction Bridge (1912), Law 42 says the dealer
    "must declare" (he may not pass), and Law 65 bars him from bidding when his partner exposes
    a card after the deal and before he has spoken. The laws do not say which gives way; we
    decide that the dealer makes the *lowest* declaration (One Spade in Auction Bridge (1912), the
    declaration of least value) and nothing else, and that the bar holds for every later bid
    and double. Law 42's duty is met with the least the laws allow, so the bar still takes the
    choice of declaration from the offending side, and the auction goes on (the alternative,
    a pass, is what Law 42 forbids; a new deal would be a penalty no law gives). Law 48 limits
    the loss on the dealer's original One Spade to 100 points, as for any other.
    """

    seat: Seat
    law: str
    doubles_too: bool = False
    lifted_by_adversary: bool = True
    since: int = 0
    """Number of calls in the auction when the bar was imposed."""


def _declaration_index(law: LawSet, symbol: str) -> int:
    decl = law.declaration(symbol)
    return law.declarations.index(decl)


def _bid_id(law: LawSet, c: Call) -> int:
    if not c.is_bid or c.level is None or c.declaration is None:
        raise IllegalCallError(f"{c} is not a bid of {law.short_title}")
    max_level = law.play.max_level or 7
    if not 1 <= c.level <= max_level:
        raise IllegalCallError(
            f"level {shown(c.level)} is impossible: {law.short_title} allows 1 to {max_level}"
        )
    n = len(law.declarations)
    return int(_core.FIRST_BID) + (c.level - 1) * n + _declaration_index(law, c.declaration)


def _rules(law: LawSet) -> Any:
    if law.bid_order is BidOrder.NONE:
        raise IllegalCallError(f"{law.short_title} has no bidding: the trump is made, not bid")
    return _core.make_auction_rules(
        [d.trick_value for d in law.declarations],
        law.bid_order is BidOrder.VALUE_THEN_LEVEL,
        law.play.dealer_must_bid,
        law.play.max_level or 7,
        law.play.passes_to_close or 3,
    )


# Which rule each core fault breaks: (rule object attribute, field) looked up in the law set's
# citations, so the message names the law of the code being played.
_FAULT_CITATION: dict[int, tuple[str, str]] = {
    3: ("play", "dealer_must_bid"),
    4: ("", "bid_order"),
    5: ("doubling", "doublers"),
    6: ("doubling", "may_double_partner"),
    7: ("doubling", "max_doublings"),
    8: ("doubling", "max_doublings"),
    9: ("doubling", "may_double_partner"),
    10: ("doubling", "max_doublings"),
}


def _cite(law: LawSet, fault: int) -> str:
    where = _FAULT_CITATION.get(fault)
    if where is None:
        return ""
    rule_name, field = where
    try:
        if rule_name:
            return str(getattr(law, rule_name).cite(field))
        return str(law.sources[field])
    except (KeyError, AttributeError, ValueError):
        return ""


class Auction:
    """An auction under a bidding law set (Auction Bridge (1912), contract bridge).

    Raises:
        IllegalCallError: the law set has no bidding, or a given call is illegal.
    """

    def __init__(
        self, law_set: LawSet | str, dealer: Seat | int, calls: Iterable[Call | str] = ()
    ) -> None:
        self._law = get_law_set(law_set)
        self._core = _core.Auction(_rules(self._law), int(as_seat(dealer, "dealer")))
        self._n = len(self._law.declarations)
        self._bars: list[Bar] = []
        for c in as_iterable(calls, "calls", "an iterable of calls"):
            self.call(c)

    @property
    def law_set(self) -> LawSet:
        """The law set the auction follows."""
        return self._law

    @property
    def dealer(self) -> Seat:
        """The seat that calls first."""
        return Seat(self._core.dealer())

    @property
    def to_call(self) -> Seat | None:
        """The seat whose turn it is, or None when the auction is over."""
        return None if self.is_complete else Seat(self._core.to_call())

    # -- encoding ------------------------------------------------------------------------------
    def _id(self, c: Call) -> int:
        if c.kind is CallKind.PASS:
            return int(_core.PASS)
        if c.kind is CallKind.DOUBLE:
            return int(_core.DOUBLE)
        if c.kind is CallKind.REDOUBLE:
            return int(_core.REDOUBLE)
        return _bid_id(self._law, c)

    def _call(self, cid: int) -> Call:
        if cid == _core.PASS:
            return Call.PASS
        if cid == _core.DOUBLE:
            return Call.DOUBLE
        if cid == _core.REDOUBLE:
            return Call.REDOUBLE
        k = cid - int(_core.FIRST_BID)
        return Call(CallKind.BID, k // self._n + 1, self._law.declarations[k % self._n].symbol)

    # -- queries -------------------------------------------------------------------------------
    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made so far, from the dealer."""
        return tuple(self._call(c) for c in self._core.calls())

    def legal_calls(self) -> list[Call]:
        """Every call the seat to call may make now (empty once the auction is over)."""
        mask = self._core.legal_calls()
        calls = [self._call(i) for i in range(self._core.num_calls()) if mask >> i & 1]
        if not self._bars:
            return calls
        return [c for c in calls if self._barred_by(c) is None]

    # -- penalty bars (irregularities) ----------------------------------------------------------
    @property
    def bars(self) -> tuple[Bar, ...]:
        """The penalty bars in force now (lifted ones left out)."""
        return tuple(b for b in self._bars if not self._is_lifted(b))

    def bar(self, bar: Bar) -> None:
        """Impose a penalty bar (Auction Bridge (1912), Laws 50, 65); it counts from the calls made
        so far.

        Raises:
            TypeError: `bar` is not a :class:`Bar`.
            IllegalCallError: the auction is over.
        """
        if not isinstance(bar, Bar):
            raise TypeError(f"bar must be a Bar, not {type(bar).__name__}")
        if self.is_complete:
            raise IllegalCallError("the auction is over: no bar can be imposed")
        self._bars.append(
            Bar(
                bar.seat, bar.law, bar.doubles_too, bar.lifted_by_adversary, len(self._core.calls())
            )
        )

    def _is_lifted(self, bar: Bar) -> bool:
        if not bar.lifted_by_adversary:
            return False
        dealer = self.dealer
        for i, cid in enumerate(self._core.calls()):
            if i < bar.since:
                continue
            seat = dealer.next(i)
            if seat.side != bar.seat.side and cid != _core.PASS and cid != _core.REDOUBLE:
                return True
        return False

    def _barred_by(self, c: Call) -> Bar | None:
        seat = self.to_call
        if seat is None or c.kind is CallKind.PASS:
            return None
        for b in self.bars:
            if b.seat != seat:
                continue
            if c.is_bid and c == self._compulsory_declaration():
                return None  # the bar yields to the dealer's compulsory declaration (see Bar)
            if c.is_bid or (b.doubles_too and c.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)):
                return b
        return None

    def _compulsory_declaration(self) -> Call | None:
        """The lowest declaration, when the seat to call may not pass (Auction Bridge (1912),
        Law 42: the dealer must declare), else None."""
        if int(self._core.fault(int(_core.PASS))) == 0:
            return None
        mask = self._core.legal_calls()
        first = int(_core.FIRST_BID)
        bid = next((i for i in range(first, self._core.num_calls()) if mask >> i & 1), None)
        return None if bid is None else self._call(bid)

    def why_illegal(self, call: Call | str) -> str | None:
        """Why `call` is not legal now, citing the law; None if it is legal."""
        try:
            c = Call.parse(call, self._law)
            cid = self._id(c)
        except IllegalCallError as e:
            return str(e)
        fault = int(self._core.fault(cid))
        if fault == 0:
            bar = self._barred_by(c)
            if bar is None:
                return None
            what = "bid or double" if bar.doubles_too else "bid"
            return f"{c}: {bar.seat.name.title()} is barred from any further {what} [{bar.law}]"
        cite = _cite(self._law, fault)
        return f"{c}: {_core.describe_fault(fault)}" + (f" [{cite}]" if cite else "")

    def is_legal(self, call: Call | str) -> bool:
        """Whether `call` may be made now by the seat to call."""
        return self.why_illegal(call) is None

    def is_insufficient(self, call: Call | str) -> bool:
        """Whether `call` is a bid that fails only because it does not overcall the last bid
        (Auction Bridge (1912), Law 50's insufficient declaration)."""
        try:
            c = Call.parse(call, self._law)
            if not c.is_bid:
                return False
            cid = self._id(c)
        except IllegalCallError:
            return False
        return int(self._core.fault(cid)) == 4

    @property
    def bidding(self) -> bool:
        """True: an auction is a bidding (levels, sufficiency, penalty bars, Law 52's
        correction); see :attr:`BridgeDeclaration.bidding`."""
        return True

    def unlogged_calls(self, logged: int) -> tuple[tuple[Seat, Call], ...]:
        """The calls past the first `logged` the procedure made itself: none, an auction
        makes no call of its own (see :meth:`BridgeDeclaration.unlogged_calls`)."""
        return ()

    @property
    def is_complete(self) -> bool:
        """Whether the auction is over (closing passes, or passed out)."""
        return bool(self._core.is_complete())

    @property
    def is_passed_out(self) -> bool:
        """Whether all four passed without a bid (a new deal follows)."""
        return bool(self._core.is_passed_out())

    @property
    def doublings(self) -> int:
        """0, 1 (doubled) or 2 (redoubled), for the last bid."""
        return int(self._core.doubling())

    @property
    def last_bid(self) -> Call | None:
        """The highest bid so far."""
        b = self._core.last_bid()
        return None if b < 0 else self._call(b)

    @property
    def declarer(self) -> Seat | None:
        """Who would play the last bid: the member of its side who first named its declaration
        (at no trump, the player who made it where the law set's flag ``law46_applies_to_nt``
        is off)."""
        d = self._core.declarer()
        if d < 0:
            return None
        play = self._law.play
        if play.declarer is not DeclarerRule.FIRST_TO_NAME_DECLARATION:
            return Seat(self._core.last_bidder())
        # Auction Bridge (1912), Law 46 speaks of the winning *suit*: where the law set does
        # not apply it to no trump (flag law46_applies_to_nt), whoever made it plays it.
        bid = self.last_bid
        if (
            not play.declarer_rule_applies_to_notrump
            and bid is not None
            and bid.declaration is not None
            and self._law.declaration(bid.declaration).is_notrump
        ):
            return Seat(self._core.last_bidder())
        return Seat(d)

    @property
    def contract(self) -> Contract | None:
        """The final declaration once the auction is complete (None if passed out or open)."""
        bid = self.last_bid
        if not self.is_complete or bid is None or bid.declaration is None:
            return None
        declarer = self.declarer
        assert declarer is not None
        return Contract(bid.level, bid.declaration, self.doublings, declarer)

    @property
    def maker(self) -> Seat | None:
        """None: an auction has no make of the trump (see :attr:`BridgeDeclaration.maker`)."""
        return None

    @property
    def history(self) -> tuple[tuple[Seat, Call], ...]:
        """(seat, call) pairs in order."""
        return tuple((self.dealer.next(i), c) for i, c in enumerate(self.calls))

    @property
    def dealer_original_one_spade(self) -> bool:
        """Auction Bridge (1912), Law 48: the dealer's opening One Spade stood, with passes and
        doubles only."""
        calls = self.calls
        if not calls or str(calls[0]) != "1S" or not self.is_complete:
            return False
        return all(not c.is_bid for c in calls[1:])

    # -- changes ---------------------------------------------------------------------------------
    def call(self, call: Call | str) -> Call:
        """Make a call for the seat to call; returns the parsed call.

        Raises:
            IllegalCallError: the call is not legal now (the message cites the law); the auction
                is unchanged.
        """
        c = Call.parse(call, self._law)
        why = self.why_illegal(c)
        if why is not None:
            seat = self.to_call
            who = f"{seat.name.title()}: " if seat is not None else ""
            raise IllegalCallError(who + why)
        self._core.call(self._id(c))
        return c

    def undo(self) -> Call:
        """Take back the last call and return it.

        Raises:
            IllegalCallError: there is no call to take back.
        """
        calls = self.calls
        self._core.undo()
        self._bars = [b for b in self._bars if b.since <= len(calls) - 1]
        return calls[-1]

    def make_by(self, seat: Seat | int, declaration: str) -> Call:
        """An auction has no make of the trump to let stand out of order (see
        :meth:`BridgeDeclaration.make_by`); a bid out of turn is let stand through the game.

        Raises:
            IllegalCallError: always; nothing changes.
        """
        raise IllegalCallError(f"{self._law.short_title} has no make of the trump to let stand")

    def double_by(self, seat: Seat | int) -> Call:
        """An auction has no doubling conversation whose order a double could break (see
        :meth:`BridgeDeclaration.double_by`).

        Raises:
            IllegalCallError: always; nothing changes.
        """
        raise IllegalCallError(f"{self._law.short_title} has no doubling conversation out of order")

    def copy(self) -> Auction:
        """An independent copy (its penalty bars included)."""
        other = Auction.__new__(Auction)
        other._law, other._n = self._law, self._n
        other._core = self._core.copy()
        other._bars = list(self._bars)
        return other

    @classmethod
    def parse(cls, law_set: LawSet | str, text: str) -> Auction:
        """An auction from its string form, "DEALER: call call ...": ``str`` round-trips.

        Raises:
            IllegalCallError: malformed text or an illegal call.
            IllegalCallTypeError: `text` is not a str (also a TypeError).
        """
        dealer, calls = _split_auction_text(text)
        return cls(law_set, dealer, calls)

    def __str__(self) -> str:
        return f"{self.dealer.letter}: " + " ".join(str(c) for c in self.calls)

    def __repr__(self) -> str:
        return f"Auction({self._law.name!r}, {self.dealer!r}, {[str(c) for c in self.calls]!r})"


# ------------------------------------------------------------------------------------------------
# Bridge (Elwell, 1906): the make and the doubling conversation.
# ------------------------------------------------------------------------------------------------


# Bridge (Elwell, 1906) says twice that what is said stands: Law 49 for the make (closing the
# laws of declaring trumps), and a line of its own, after Law 60, for the doubling.
_UNALTERABLE_MAKE = "a declaration once made cannot be altered [Bridge (Elwell, 1906), Law 49]"
_UNALTERABLE_DOUBLING = (
    "a declaration as to doubling or re-doubling once made cannot be altered [Bridge (Elwell, "
    "1906), the line closing the laws of doubling, after Law 60]"
)


def _unalterable_text(declaring: Any) -> str:
    """Why Bridge's last call cannot be taken back: Law 49 for the make (or the dealer's pass
    of it), the doubling laws' closing line for a double, a re-double or a refusal of one."""
    maker = getattr(declaring, "maker", None)
    calls = declaring.calls
    if maker is not None and calls and calls[-1].declaration is None:
        return _UNALTERABLE_DOUBLING
    return _UNALTERABLE_MAKE


class BridgeDeclaration:
    """The make of the trump and the doubling conversation of Bridge (Elwell, 1906), Laws 45-54.

    The dealer makes the trump (a bare declaration, e.g. "H" or "NT") or passes ("P") the make
    to his partner, who must make it. Then the eldest hand may double; if he declines ("May I
    lead?" = pass) his partner may. If doubled, the maker speaks first ("I re-double" = double,
    or "Satisfied" = pass), then his partner; then the adversaries again, the original doubler
    first; and so on, without limit unless the law set caps the doublings.

    In three-handed Bridge (a law set with a compulsory dummy declaration) the dealer is taken to
    be the dummy-holder and his partner the permanent dummy: when the make is passed to
    it, the compulsory declaration is made from its hand (give `deal`); only the leader may
    double; a dealer who has seen both hands may not redouble.

    Raises:
        IllegalCallError: a call out of turn or not allowed.
    """

    def __init__(
        self,
        law_set: LawSet | str,
        dealer: Seat | int,
        calls: Iterable[Call | str] = (),
        *,
        deal: Any = None,
    ) -> None:
        self._law = get_law_set(law_set)
        self._dealer = as_seat(dealer, "dealer")
        self._deal = deal
        self._three = self._law.compulsory_dummy is not None
        self._calls: list[tuple[Seat, Call]] = []
        self._declaration: str | None = None
        self._maker: Seat | None = None
        self._doublings = 0
        self._dealer_saw_dummy = False
        # The doubling conversation: whose turn, and the speaking order of each side.
        self._turn: Seat | None = self._dealer
        self._passes_in_round = 0
        self._original_doubler: Seat | None = None
        self._done = False
        for c in as_iterable(calls, "calls", "an iterable of calls"):
            self.call(c)

    @property
    def law_set(self) -> LawSet:
        """The law set followed."""
        return self._law

    @property
    def dealer(self) -> Seat:
        """The dealer (who always plays the combined hands)."""
        return self._dealer

    @property
    def maker(self) -> Seat | None:
        """Who made the trump: the dealer, or his partner when the make was passed."""
        return self._maker

    @property
    def to_call(self) -> Seat | None:
        """The seat whose turn it is to speak, or None when declaring is over."""
        return None if self._done else self._turn

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made, in order."""
        return tuple(c for _, c in self._calls)

    @property
    def history(self) -> tuple[tuple[Seat, Call], ...]:
        """(seat, call) pairs in order."""
        return tuple(self._calls)

    @property
    def is_complete(self) -> bool:
        """Whether the make and the doubling are settled."""
        return self._done

    @property
    def doublings(self) -> int:
        """How many times the declaration was doubled (x2 each)."""
        return self._doublings

    @property
    def dealer_original_one_spade(self) -> bool:
        """False: Auction Bridge (1912), Law 48's One Spade has no counterpart in Bridge."""
        return False

    @property
    def contract(self) -> Contract | None:
        """The declaration (no level), its doublings, and the dealer as declarer; None until done."""
        if not self._done or self._declaration is None:
            return None
        return Contract(None, self._declaration, self._doublings, self._dealer)

    # -- what a game asks of any declaring (the Declaring protocol) -----------------------------
    @property
    def bidding(self) -> bool:
        """False: the make and the doubling have no levels, no insufficient declaration and
        no penalty bar (see :attr:`Auction.bidding`)."""
        return False

    @property
    def bars(self) -> tuple[Bar, ...]:
        """No penalty bars: Bridge bars no player from the declaring (empty)."""
        return ()

    def bar(self, bar: Bar) -> None:
        """Bridge bars no player from the declaring.

        Raises:
            IllegalCallError: always; nothing changes.
        """
        raise IllegalCallError(
            f"{self._law.short_title} bars no player from the declaring: no bar can be imposed"
        )

    def is_legal(self, call: Call | str) -> bool:
        """Whether `call` may be made now by the seat to speak."""
        return self.why_illegal(call) is None

    def is_insufficient(self, call: Call | str) -> bool:
        """False: a make names no level, so none is insufficient."""
        return False

    def undo(self) -> Call:
        """A declaration once made cannot be altered: the make (Bridge (Elwell, 1906), Law 49),
        nor one as to doubling or re-doubling (the line closing the laws of doubling, after
        Law 60).

        Raises:
            IllegalCallError: always; nothing changes.
        """
        raise IllegalCallError(_unalterable_text(self))

    def copy(self) -> BridgeDeclaration:
        """An independent copy."""
        other = copy.copy(self)
        other._calls = list(self._calls)
        return other

    def unlogged_calls(self, logged: int) -> tuple[tuple[Seat, Call], ...]:
        """The calls of :attr:`history` past the first `logged`, which a game that has logged
        `logged` calls has still to log: after a call made at the table, the three-handed
        compulsory declaration the procedure made itself (Bridge (Elwell, 1906), Bridge for
        Three Players)."""
        return tuple(self._calls[logged:])

    def _doubling_side_order(self) -> tuple[Seat, Seat]:
        """Speaking order of the side whose turn it is to double next."""
        assert self._maker is not None
        adversaries = self._doublings % 2 == 0
        if adversaries:
            first = (
                self._original_doubler if self._original_doubler is not None else self._dealer.lho
            )  # eldest hand first
            return (first, first.partner)
        return (self._maker, self._maker.partner)

    def _may_speak(self, seat: Seat) -> bool:
        if not self._three:
            return True
        # Three-handed: the dummy never speaks in the conversation; only the leader doubles.
        if seat == self._dealer.partner:
            return False
        return not (seat == self._dealer.rho and self._doublings % 2 == 0)

    def legal_calls(self) -> list[Call]:
        """The calls the seat to speak may make now."""
        if self._done:
            return []
        if self._declaration is None:
            decls = [Call(CallKind.BID, None, d.symbol) for d in self._law.declarations]
            if self._turn == self._dealer:
                return [Call.PASS, *decls]
            return decls
        return [Call.PASS, Call.DOUBLE]

    def why_illegal(self, call: Call | str) -> str | None:
        """Why `call` is not allowed now, citing the law; None if it is."""
        if self._done:
            return "declaring is over"
        try:
            c = Call.parse(call, self._law)
        except IllegalCallError as e:
            return str(e)
        if c.kind is CallKind.REDOUBLE:
            c = Call.DOUBLE
        if c in self.legal_calls():
            return None
        if c.is_bid and c.level is not None:
            return f"{c}: {self._law.short_title} has no levels; name the trump only [{self._law.sources.get('bid_order', '')}]"
        if self._declaration is None and c.kind is CallKind.PASS:
            return f"{c}: the dealer's partner must make the trump when it is passed to him [{self._law.play.cite('dealer_may_pass_make_to_partner')}]"
        if c.kind is CallKind.DOUBLE:
            return f"{c}: no further doubling is allowed here [{self._law.doubling.cite('max_doublings')}]"
        return f"{c}: not allowed now"

    def call(self, call: Call | str) -> Call:
        """Speak for the seat whose turn it is; returns the call made.

        Raises:
            IllegalCallError: the call is not allowed now; nothing changes.
        """
        why = self.why_illegal(call)
        if why is not None:
            raise IllegalCallError(why)
        c = Call.parse(call, self._law)
        if c.kind is CallKind.REDOUBLE:
            c = Call.DOUBLE
        seat = self._turn
        assert seat is not None
        self._calls.append((seat, c))
        if self._declaration is None:
            if c.kind is CallKind.PASS:  # the dealer passes the make
                if self._three:
                    if self._deal is None:
                        raise IllegalCallError(
                            "three-handed: give the deal for dummy's declaration"
                        )
                    dummy_hand = self._deal[seat.partner].mask
                    symbol = compulsory_declaration(self._law, dummy_hand).symbol
                    self._calls.append((seat.partner, Call(CallKind.BID, None, symbol)))
                    self._dealer_saw_dummy = True
                    self._make(seat.partner, symbol)
                else:
                    self._turn = seat.partner
                return c
            assert c.declaration is not None
            self._make(seat, c.declaration)
            return c
        # Doubling conversation.
        if c.kind is CallKind.DOUBLE:
            if self._doublings == 0:
                self._original_doubler = seat
            self._doublings += 1
            self._passes_in_round = 0
        else:
            self._passes_in_round += 1
        self._advance()
        return c

    # -- irregularities allowed to stand (Bridge (Elwell, 1906), Laws 46, 54, 59) --------------------------------
    def make_by(self, seat: Seat | int, declaration: str) -> Call:
        """Record a make by `seat` out of order that the eldest hand lets stand (Bridge (Elwell, 1906), Law 46:
        the dealer's partner made the trump without being passed the make); `seat` becomes the
        maker and the doubling conversation begins.

        Raises:
            IllegalCallError: the make is already settled, or the declaration is unknown.
        """
        if self._declaration is not None or self._done:
            raise IllegalCallError("the trump is already made [Bridge (Elwell, 1906), Law 49]")
        c = Call.parse(declaration, self._law)
        if not c.is_bid or c.level is not None or c.declaration is None:
            raise IllegalCallError(
                f"declaration {shown(declaration)} is not a make of {self._law.short_title}"
            )
        who = Seat.of(seat)
        self._calls.append((who, c))
        self._make(who, c.declaration)
        return c

    def double_by(self, seat: Seat | int) -> Call:
        """Record a double out of the conversation's order that the maker lets stand (Bridge (Elwell, 1906)
        Laws 54, 59: the third hand doubled before his partner asked "May I lead?"); the
        re-doubling then continues with the makers.

        Raises:
            IllegalCallError: the conversation is not under way, or `seat` is not an adversary
                of the side whose declaration would be doubled.
        """
        if self._declaration is None or self._done or self._maker is None:
            raise IllegalCallError("no doubling conversation is under way")
        who = Seat.of(seat)
        adversaries = self._doublings % 2 == 0
        doubling_side = self._maker.side.opponents if adversaries else self._maker.side
        if who.side != doubling_side:
            raise IllegalCallError(f"{who.name.title()} may not double here")
        if who not in self._doublers():
            # Out of order is one thing, no right to double at all another: in three-handed
            # Bridge "only one adversary, the leader, can double" (Bridge (Elwell, 1906), Bridge
            # for Three Players), and no double passes a law set's limit.
            raise IllegalCallError(
                f"{who.name.title()} may not double here: {self._no_double(who)}"
            )
        self._calls.append((who, Call.DOUBLE))
        if self._doublings == 0:
            self._original_doubler = who
        self._doublings += 1
        self._passes_in_round = 0
        self._advance()
        return Call.DOUBLE

    def _no_double(self, who: Seat) -> str:
        """Why `who`, on the side to double, has no double now (for messages)."""
        limit = self._law.doubling.max_doublings
        if limit is not None and self._doublings >= limit:
            return f"no further doubling is allowed [{self._law.doubling.cite('max_doublings')}]"
        if self._three and who != self._dealer:
            return "only the leader may double [Bridge (Elwell, 1906), Bridge for Three Players]"
        if self._three:
            return (
                "the dealer has seen the two hands and may not re-double "
                "[Bridge (Elwell, 1906), Bridge for Three Players]"
            )
        return f"no further doubling is allowed [{self._law.doubling.cite('max_doublings')}]"

    def _make(self, seat: Seat, symbol: str) -> None:
        self._declaration = symbol
        self._maker = seat
        self._passes_in_round = 0
        self._advance()

    def _doublers(self) -> list[Seat]:
        """Who of the side to speak next may still double, in speaking order."""
        limit = self._law.doubling.max_doublings
        if limit is not None and self._doublings >= limit:
            return []
        order = [s for s in self._doubling_side_order() if self._may_speak(s)]
        if (
            self._three
            and self._doublings % 2 == 1
            and self._dealer_saw_dummy
            and not self._law.doubling.dealer_who_saw_dummy_may_redouble
        ):
            order = [s for s in order if s != self._dealer]
        return order

    def _advance(self) -> None:
        """Move to the next speaker of the side whose turn it is to double; declaring ends when
        every member of that side has declined, or nobody on it may double."""
        order = self._doublers()
        if self._passes_in_round >= len(order):
            self._done = True
            self._turn = None
        else:
            self._turn = order[self._passes_in_round]

    @classmethod
    def parse(cls, law_set: LawSet | str, text: str, *, deal: Any = None) -> BridgeDeclaration:
        """Declaring from its string form, "DEALER: P H P X P P": ``str`` round-trips.

        Calls the procedure makes itself (three-handed dummy's compulsory make) may be present
        in the text; they are checked, not made twice.

        Raises:
            IllegalCallError: malformed text or a call not allowed.
        """
        dealer, calls = _split_auction_text(text)
        d = cls(law_set, dealer, deal=deal)
        for i, c in enumerate(calls):
            if i < len(d.history):
                if d.history[i][1] != Call.parse(c, d.law_set):
                    raise IllegalCallError(f"call {i + 1} should be {d.history[i][1]}, not {c}")
                continue
            d.call(c)
        return d

    def __str__(self) -> str:
        return f"{self._dealer.letter}: " + " ".join(str(c) for c in self.calls)


@runtime_checkable
class Declaring(Protocol):
    """What a game asks of its declaring, whichever procedure the law set has: an
    :class:`Auction` (bidding) or a :class:`BridgeDeclaration` (the make and the doubling).

    A game holds one of them and asks these alone, not which one it holds.
    """

    @property
    def law_set(self) -> LawSet:
        """The law set the declaring follows."""
        ...

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        ...

    @property
    def to_call(self) -> Seat | None:
        """The seat to speak, or None when declaring is over."""
        ...

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made, in order."""
        ...

    @property
    def history(self) -> tuple[tuple[Seat, Call], ...]:
        """(seat, call) pairs in order."""
        ...

    @property
    def maker(self) -> Seat | None:
        """Who made the trump, where the procedure has a make (Bridge); else None."""
        ...

    @property
    def is_complete(self) -> bool:
        """Whether declaring is over."""
        ...

    @property
    def doublings(self) -> int:
        """How many times the final declaration was doubled."""
        ...

    @property
    def contract(self) -> Contract | None:
        """The final declaration once declaring is over (None when passed out or open)."""
        ...

    @property
    def dealer_original_one_spade(self) -> bool:
        """Auction Bridge (1912), Law 48: the dealer's original One Spade stood (never in
        Bridge)."""
        ...

    @property
    def bidding(self) -> bool:
        """Whether the declaring is a bidding (an :class:`Auction`: levels, insufficient
        declarations, penalty bars, Law 52's correction) rather than Bridge's make and doubling."""
        ...

    @property
    def bars(self) -> tuple[Bar, ...]:
        """The penalty bars in force now (none in Bridge)."""
        ...

    def is_legal(self, call: Call | str) -> bool:
        """Whether `call` may be made now by the seat to speak."""
        ...

    def is_insufficient(self, call: Call | str) -> bool:
        """Whether `call` is a bid that fails only for not overcalling the last bid."""
        ...

    def unlogged_calls(self, logged: int) -> tuple[tuple[Seat, Call], ...]:
        """The calls past the first `logged` that the procedure made itself, for a game that
        has logged `logged` calls to log (the three-handed compulsory declaration)."""
        ...

    def legal_calls(self) -> list[Call]:
        """The calls open to the seat to speak."""
        ...

    def why_illegal(self, call: Call | str) -> str | None:
        """Why `call` is not legal now (citing the law), or None when it is."""
        ...

    def call(self, call: Call | str) -> Call:
        """Make a call for the seat to speak; returns the parsed call."""
        ...

    def bar(self, bar: Bar) -> None:
        """Impose a penalty bar (Auction Bridge (1912), Laws 50, 65); Bridge bars nobody and
        raises IllegalCallError."""
        ...

    def undo(self) -> Call:
        """Take back the last call; Bridge raises IllegalCallError (Bridge (Elwell, 1906), Law
        49: a declaration once made cannot be altered)."""
        ...

    def copy(self) -> Declaring:
        """An independent copy."""
        ...

    def make_by(self, seat: Seat | int, declaration: str) -> Call:
        """Record a make out of order let stand (Bridge (Elwell, 1906), Law 46); an auction
        has no make and raises IllegalCallError."""
        ...

    def double_by(self, seat: Seat | int) -> Call:
        """Record a double out of order let stand (Bridge (Elwell, 1906), Laws 54, 59); an
        auction has no doubling conversation and raises IllegalCallError."""
        ...


def declaring_procedure(
    law_set: LawSet | str, dealer: Seat | int, *, deal: Any = None
) -> Auction | BridgeDeclaration:
    """The declaring procedure of a law set: an :class:`Auction` where the code has bidding,
    else a :class:`BridgeDeclaration`."""
    law = get_law_set(law_set)
    if law.bid_order is BidOrder.NONE:
        return BridgeDeclaration(law, dealer, deal=deal)
    return Auction(law, dealer)


def _split_auction_text(text: str) -> tuple[Seat, list[str]]:
    """Split "N: 1H P 2H P P P" into the dealer and the call tokens.

    Raises:
        IllegalCallError: no "SEAT:" prefix.
        IllegalCallTypeError: `text` is not a str.
    """
    if not isinstance(text, str):
        raise IllegalCallTypeError(f"text must be a str, not {type(text).__name__}")
    head, sep, rest = str.__str__(text).partition(":")
    if not sep:
        raise IllegalCallError(
            f"text: an auction reads 'DEALER: calls', e.g. 'N: 1H P P P'; got {shown(text)}"
        )
    try:
        dealer = Seat.parse(head)
    except ValueError:
        raise IllegalCallError(
            f"text: not a seat: {shown(head.strip())} in {shown(text)}"
        ) from None
    return dealer, rest.split()
