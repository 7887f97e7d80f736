"""The referee of a lenient game: what each option of a ruling does, as values (internal).

The game (:mod:`redouble.game`) keeps the state machine; when a claimant chooses an option of
a ruling it hands the referee a read-only :class:`HandView` of the hand and gets back an
:class:`Outcome`: the ordered :data:`Effect` values to apply (a new deal, a call made, a card
placed or taken back, a penalty obligation, cards exposed, the play started or conceded...).
The game applies them in one place (``_apply_outcome``), so a remedy never reaches into the
game's state, and a remedy that cannot be applied raises before anything changes.

Options are dispatched through :data:`HANDLERS`, an explicit table from
:class:`~redouble.irregularities.OptionCode` to handler; a test checks that every option of
every code of laws has one. (The idea of an engine that judges a read-only state and returns
the changes, rather than mutating it, is OpenSpiel's ``State``/``DoApplyAction`` split.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from .._check import as_card, shown
from ..auction import Auction, Bar, BridgeDeclaration, Call, CallKind, Contract
from ..cards import Card, CardSet, Seat, Side, Strain, Suit
from ..deal import Deal
from ..errors import IrregularityError
from ..laws import LawSet
from ..play import Trick
from ..scoring import PerSide
from .catalogue import (
    Irregularity,
    IrregularityCode,
    Obligation,
    ObligationKind,
    Option,
    OptionCode,
    Ruling,
)

TRICKS = 13
"""Tricks in a deal."""
TOP_LEVEL = 7
"""The highest level a bid can name (a bid above it is impossible, Auction Bridge (1912), Law
50)."""
_LAW_50 = "Auction Bridge (1912), Law 50"

NO_PENALTY = ("waive", "let_stand", "deal_stands", "accept", "proceed")
"""The options that exact no penalty: what a ruling falls back to when the penalty is lost
(Bridge (Elwell, 1906), Law 97 consultation, Law 102 wrong penalty; dummy's intervention A61,
B63)."""

Pending = tuple[Obligation, int | None]
"""A penalty waiting on a play, with the trick it is for (None: the next play it applies to)."""


def cite(view: HandView, **laws: str) -> str:
    """The law a message names, as a reader finds it in the game's own code: ``cite(view,
    bridge="Law 79", auction_1912="Law 74")`` is "Bridge (Elwell, 1906), Law 79" in a Bridge
    game and "Auction Bridge (1912), Law 74" in an auction; the code's title alone where
    `laws` names none of its laws."""
    law = laws.get(view.code.name)
    return f"{view.code.title}, {law}" if law else view.code.title


# ------------------------------------------------------------------------------------------------
# The read-only view of the hand.
# ------------------------------------------------------------------------------------------------


class TableView(Protocol):
    """The cards as they lie in the play, read-only (what the referee reads of the lenient
    table model, :class:`~redouble.irregularities.table._TablePlay`)."""

    @property
    def leader(self) -> Seat:
        """Who led to the trick on the table (the rightful leader while it is empty)."""
        ...

    @property
    def rightful(self) -> Seat:
        """The rightful leader of the trick on the table."""
        ...

    @property
    def cards(self) -> Mapping[Seat, Card]:
        """The trick on the table: seat -> card."""
        ...

    @property
    def tricks(self) -> Sequence[Trick]:
        """The tricks quitted."""
        ...

    def is_full(self) -> bool:
        """Whether all four cards of the trick on the table are played."""
        ...

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether `seat` still holds `card`."""
        ...

    def follow(self, seat: Seat, lead: bool) -> CardSet:
        """The cards `seat` may play without revoking."""
        ...

    def expected(self) -> Seat:
        """Who should play next."""
        ...

    def applicable(
        self, obligations: Sequence[Pending], defenders: Sequence[Seat], seat: Seat, lead: bool
    ) -> list[Pending]:
        """The `obligations` on `seat`'s next card."""
        ...

    def allowed(self, o: Obligation, seat: Seat, follow: CardSet, lead: bool) -> CardSet:
        """The plays complying with `o` (empty: it cannot be complied with)."""
        ...

    # play (refplay): what the referee reads of the cards for claims, corrections, surplus cards
    @property
    def hands(self) -> Sequence[int]:
        """Each seat's unplayed cards, as masks."""
        ...

    @property
    def strain(self) -> Strain:
        """The strain of the play."""
        ...

    @property
    def order(self) -> Sequence[Seat]:
        """The seats that played to the trick on the table, in the order they played."""
        ...

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick on the table (None while it is empty)."""
        ...

    def hand(self, seat: Seat) -> CardSet:
        """`seat`'s unplayed cards."""
        ...

    def winner(self) -> Seat:
        """Who wins the trick on the table as it lies."""
        ...

    def trick_in_rotation(self) -> list[Card]:
        """The cards of the trick on the table, from its leader round."""
        ...


class RevokeView(Protocol):
    """A revoke (or a penalty not complied with) on record, read-only."""

    @property
    def seat(self) -> Seat:
        """Who revoked."""
        ...

    @property
    def trick(self) -> int:
        """The trick it was made to."""
        ...

    @property
    def card(self) -> Card:
        """The card played."""
        ...

    @property
    def ruling(self) -> int:
        """The ruling that records it."""
        ...

    @property
    def established(self) -> bool:
        """Whether it can no longer be corrected."""
        ...

    @property
    def corrected(self) -> bool:
        """Whether it has been corrected."""
        ...

    @property
    def forfeited(self) -> bool:
        """Whether its penalty is lost (dummy's intervention, Auction Bridge (1912), Law 61; Bridge
        (Elwell, 1906), Law 63)."""
        ...

    @property
    def questioned(self) -> bool:
        """Whether it was asked about before its trick was quitted (Auction Bridge (1912), Law
        85)."""
        ...

    # play (refplay)
    @property
    def kind(self) -> Irregularity:
        """What the card was: a revoke, dummy's revoke, a penalty not complied with."""
        ...

    @property
    def obligation(self) -> Obligation | None:
        """The penalty not complied with (None for a revoke)."""
        ...


class DeclaringView:
    """The declaring as the referee sees it: the questions a game may ask of its
    :class:`~redouble.auction.Auction` or :class:`~redouble.auction.BridgeDeclaration`, and
    none of the calls that change it.

    It holds a snapshot of the game's procedure, copied when the view is built, and offers no
    way to change it: no ``call``, ``bar``, ``undo``, ``make_by`` or ``double_by`` (mypy
    rejects them, and they raise AttributeError), and no attribute can be set. Even reached
    through its private attribute, what it holds is its own copy: the game's declaring is out
    of reach. What the referee wants to try it tries on :meth:`copy`, its own.
    """

    __slots__ = ("_procedure",)
    _procedure: Auction | BridgeDeclaration

    def __init__(self, procedure: Auction | BridgeDeclaration) -> None:
        object.__setattr__(self, "_procedure", procedure.copy())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the declaring the referee sees is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the declaring the referee sees is read-only: {name} cannot go")

    @property
    def law_set(self) -> LawSet:
        """The law set the declaring follows."""
        return self._procedure.law_set

    @property
    def bidding(self) -> bool:
        """Whether the declaring is a bidding (an auction) rather than Bridge's make."""
        return self._procedure.bidding

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return self._procedure.dealer

    @property
    def to_call(self) -> Seat | None:
        """The seat to speak, or None when declaring is over."""
        return self._procedure.to_call

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made, in order."""
        return self._procedure.calls

    @property
    def history(self) -> tuple[tuple[Seat, Call], ...]:
        """(seat, call) pairs in order."""
        return self._procedure.history

    @property
    def maker(self) -> Seat | None:
        """Who made the trump (Bridge); None in an auction."""
        return self._procedure.maker

    @property
    def is_complete(self) -> bool:
        """Whether declaring is over."""
        return self._procedure.is_complete

    @property
    def doublings(self) -> int:
        """How many times the final declaration was doubled."""
        return self._procedure.doublings

    @property
    def contract(self) -> Contract | None:
        """The final declaration once declaring is over."""
        return self._procedure.contract

    @property
    def bars(self) -> tuple[Bar, ...]:
        """The penalty bars in force now (none in Bridge)."""
        return self._procedure.bars

    def why_illegal(self, call: Call | str) -> str | None:
        """Why `call` is not legal now (citing the law), or None when it is."""
        return self._procedure.why_illegal(call)

    def is_legal(self, call: Call | str) -> bool:
        """Whether `call` may be made now by the seat to speak."""
        return self._procedure.is_legal(call)

    def is_insufficient(self, call: Call | str) -> bool:
        """Whether `call` is a bid that fails only for not overcalling the last bid."""
        return self._procedure.is_insufficient(call)

    def copy(self) -> Auction | BridgeDeclaration:
        """An independent copy of the procedure, the referee's own to try calls on."""
        return self._procedure.copy()


class LoggedEvent(Protocol):
    """An event of the game's log as the referee reads it (:class:`redouble.game.Event`)."""

    @property
    def kind(self) -> str:
        """What happened."""
        ...

    @property
    def data(self) -> Mapping[str, Any]:
        """Its details."""
        ...


@dataclass(frozen=True)
class Consent:
    """A double that needs another player's consent (Bridge (Elwell, 1906), Laws 56, 60).

    Bridge (Elwell, 1906), Law 60: after the dealer's right-hand adversary led during the doubling,
    the eldest hand "may only double if the maker of the trump consent" (``consenter`` the maker;
    one consent lifts the bar). Bridge (Elwell, 1906), Law 56: after the eldest hand led before the
    doubling was completed, "his partner may re-double only with the consent of the adversary who
    last doubled" (``consenter`` None: whoever made the last double when he wants to re-double; only
    a double over the other side's re-double needs it, and each such re-double needs a fresh
    consent: ``given``)."""

    law: str
    consenter: Seat | None
    redouble_only: bool = False
    given: bool = False


@dataclass(frozen=True)
class HandView:
    """What the referee sees of the hand in progress; it changes nothing it is shown.

    ``declaring`` is a :class:`DeclaringView` of the game's procedure: the referee asks it
    questions and copies it, and can call on nothing that changes it.
    """

    law: LawSet
    code: IrregularityCode
    phase: str
    dealer: Seat
    deal: Deal
    declaring: DeclaringView
    contract: Contract | None
    table: TableView | None
    revokes: tuple[RevokeView, ...]
    obligations: tuple[Pending, ...]
    omissions: Mapping[int, tuple[Seat, str | None]]
    scores_in_games: bool
    """Whether the session keeps a score toward game a penalty can be entered on (rubbers)."""
    open_rulings: tuple[Ruling, ...] = ()
    """The rulings open, oldest first."""
    calls_in_hand: int = 0
    """The calls logged in the hand so far (a three-handed compulsory declaration included)."""
    toward_game: PerSide = field(default_factory=PerSide)
    """Each side's score toward game in the session (nothing where it keeps none)."""
    attention: frozenset[int] = frozenset()
    """The Law 50 rulings an adversary has called attention to (Auction Bridge (1912), Law 52,
    Case 2): their declarations can no longer be corrected free."""
    consents: Mapping[Seat, Consent] = field(default_factory=dict)
    """Who may double only with another's consent (Bridge (Elwell, 1906), Laws 56, 60)."""
    exposed_in_declaring: tuple[tuple[Seat, Card], ...] = ()
    """The cards exposed during the auction, by their holders (Auction Bridge (1912), Law 65)."""
    hand_log: tuple[LoggedEvent, ...] = ()
    """The events logged in the hand so far, its deal first."""
    # play (refplay)
    exposed: Mapping[Seat, frozenset[Card]] = field(default_factory=dict)
    """The cards exposed and liable to be called, by holder (held or not: the referee checks)."""
    hand_rulings: tuple[Ruling, ...] = ()
    """Every ruling of the hand so far, open or closed, oldest first."""
    claim_played_out: bool = False
    """Whether a claim is being played out (the adversaries chose ``play_out``)."""
    surplus: tuple[tuple[int, Seat, Card], ...] = ()
    """Surplus cards out of their holders' hands (Auction Bridge (1912), Law 82): (trick, holder,
    card), in order."""
    conceded: PerSide | None = None
    """The tricks the adversaries conceded to a claim, once conceded."""


# ------------------------------------------------------------------------------------------------
# The outcomes: what the game changes, in order.
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RaiseRuling:
    """A ruling for the game to raise: its kind, offender and data; the claimants, options
    and note where they are not the rule's own. `revoke`: the card is recorded as a revoke the
    penalty may follow (with the `obligation` not complied with, for a failure to comply)."""

    kind: Irregularity
    offender: Seat | None
    data: Mapping[str, Any] = field(default_factory=dict)
    claimants: tuple[Seat, ...] | None = None
    options: tuple[Option, ...] | None = None
    revoke: bool = False
    obligation: Obligation | None = None
    note: str | None = None


@dataclass(frozen=True)
class LogEvent:
    """An act at the table recorded in the game's log as it was done (a call, an exposed card,
    a remark), before the rulings on it."""

    kind: str
    seat: Seat | None
    data: Mapping[str, Any]


@dataclass(frozen=True)
class RaiseIrregularity:
    """Raise the ruling `request`; where the law decides it at once (Auction Bridge (1912), Laws 37
    (c), 40), `decide` is the option it applies; `void`: the deal is void under it at once (a
    compulsory new-deal ground)."""

    request: RaiseRuling
    decide: str | None = None
    void: bool = False
    void_concluded: bool = False
    """The deal whose play has just concluded is void instead (Auction Bridge (1912), Law 39)."""


@dataclass(frozen=True)
class RegularCall:
    """`call` made in turn by `seat`, as the declaring allows it (a consent to re-double it
    needed is spent: Bridge (Elwell, 1906), Law 56)."""

    call: Call
    seat: Seat


@dataclass(frozen=True)
class CallTakesTurn:
    """An illegal double that is no call but takes the turn: a pass is made for the caller
    (Auction Bridge (1912), Law 54, Case 6)."""


@dataclass(frozen=True)
class ExposedInDeclaring:
    """A card exposed during the auction, remembered for the opening lead (Auction Bridge
    (1912), Law 65: the declarer may prohibit its suit if the offender's partner leads)."""

    seat: Seat
    card: Card


@dataclass(frozen=True)
class ForfeitDeclarerPenalties:
    """Dummy's intervention: the declarer cannot exact the penalties of incidents so far
    (Auction Bridge (1912), Law 61; Bridge (Elwell, 1906), Law 63)."""


@dataclass(frozen=True)
class NeedConsent:
    """`doubler` may double only with a consent (Bridge (Elwell, 1906), Laws 56, 60): the
    maker's (`consenter`), or, with `redouble_only`, the last doubler's for each re-double."""

    doubler: Seat
    law: str
    consenter: Seat | None
    redouble_only: bool = False


# -- declaring (refdecl) --------------------------------------------------------------------------


@dataclass(frozen=True)
class ConsentGiven:
    """The consent `doubler` needs for his next re-double is given (Bridge (Elwell, 1906), Law
    56: good for that re-double only)."""

    doubler: Seat


@dataclass(frozen=True)
class ConsentLifted:
    """The consent `doubler` needed is given once for all: the bar is lifted (Bridge (Elwell,
    1906), Law 60: the maker's consent)."""

    doubler: Seat


@dataclass(frozen=True)
class ConsentSpent:
    """`doubler` re-doubles: the consent he was given is spent, the next re-double needs a
    fresh one (Bridge (Elwell, 1906), Law 56)."""

    doubler: Seat


@dataclass(frozen=True)
class AttentionCalled:
    """An adversary called attention to the declaration of Law 50 ruling `ruling`: it can no
    longer be corrected free (Auction Bridge (1912), Law 52, Case 2)."""

    ruling: int


class Closing(Enum):
    """How open rulings close; the value is the word the game logs (a decided ruling is not
    logged as closed: its decision is)."""

    DECIDED = "decided"
    """Decided by what follows: an option chosen, or a free correction."""
    LAPSED = "lapsed"
    """Lapsed: the penalty can no longer be claimed (its trick is quitted)."""
    FORFEITED = "forfeited"
    """Forfeited: the penalty is lost (dummy's intervention, a consultation, a wrong penalty
    demanded)."""


@dataclass(frozen=True)
class CloseRulings:
    """The open rulings `rulings` (by id) close, each as `how` says. Decided: an option chosen,
    or a free correction (Auction Bridge (1912), Law 52, withdraws the Law 50 ruling on the
    declaration corrected). Lapsed: the penalty can no longer be claimed, its trick quitted
    (Auction Bridge (1912), Laws 76-77). Forfeited: the penalty is lost (dummy's intervention,
    Auction Bridge (1912), Law 61; Bridge (Elwell, 1906), Law 63; a consultation, Law 97; a
    wrong penalty demanded, Law 102)."""

    rulings: tuple[int, ...]
    how: Closing


@dataclass(frozen=True)
class CorrectCall:
    """A declaration corrected (Auction Bridge (1912), Law 52): `call` is made for the seat
    to speak; with `replaces_last`, in place of the last call, which is taken back (the hand's
    count of calls unchanged); else in place of a declaration never made (an insufficient or
    impossible one, only logged), counted as the hand's call."""

    call: Call
    replaces_last: bool


@dataclass(frozen=True)
class AfterCall:
    """A call is made: the declaring goes on, or, complete, ends (the hand passed out, played,
    or not played under the Spade Convention)."""


@dataclass(frozen=True)
class HandNotPlayed:
    """The hand is not played under the Spade Convention (Bridge (Elwell, 1906)): `penalty`,
    where there is one, goes on `maker`'s side's trick score under `label` (Convention II's
    two taken for a premature play; Convention I's unplayed score); the deal passes on."""

    contract: Contract
    maker: Seat
    penalty: PerSide | None
    label: str


@dataclass(frozen=True)
class NotCallable:
    """`seat`'s exposed cards are not called in the play: the declarer's and dummy's (Auction
    Bridge (1912), Laws 67, 72; Bridge (Elwell, 1906), Law 69)."""

    seat: Seat


@dataclass(frozen=True)
class VoidDeal:
    """The deal is void: the same dealer deals again; prior scores stand."""

    ruling: Ruling


@dataclass(frozen=True)
class DealStands:
    """A card omitted (Auction Bridge (1912), Law 81; Bridge (Elwell, 1906), Law 83): the deal
    stands, the short trick completed at the end."""

    trick: int
    seat: Seat


@dataclass(frozen=True)
class DealtBy:
    """A deal out of turn stands: `dealer` is the dealer of the hand, declaring afresh."""

    dealer: Seat


@dataclass(frozen=True)
class DeclaringStands:
    """An act out of turn let stand: the declaring becomes `declaring`, the referee's copy of it
    with the act made as if in order (a call, Auction Bridge (1912), Law 49: the seats passed over
    lose their turn; a make or a double out of order, Bridge (Elwell, 1906), Laws 46, 54, 59)."""

    declaring: Auction | BridgeDeclaration


@dataclass(frozen=True)
class BarPlayer:
    """A player is barred from the declaring."""

    bar: Bar


@dataclass(frozen=True)
class MakeCall:
    """A call made for the offender by the rectification (logged as applied)."""

    call: Call
    seat: Seat | None


@dataclass(frozen=True)
class StartPlay:
    """The declaring ends with `contract`: the play begins."""

    contract: Contract


@dataclass(frozen=True)
class TakeBackTrick:
    """Every card of the trick on the table goes back; the rightful leader leads again."""


@dataclass(frozen=True)
class AddObligation:
    """A penalty waiting on a play, for trick `trick` (None: the next play it applies to)."""

    obligation: Obligation
    trick: int | None


@dataclass(frozen=True)
class ExposeCards:
    """Cards of `seat` exposed and liable to be called."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PlaceCard:
    """`seat`'s card put on the trick (the card called to it, Auction Bridge (1912), Law 70)."""

    seat: Seat
    card: Card


@dataclass(frozen=True)
class GatherLastTrick:
    """The twelfth trick just completed: gathered, and the thirteenth plays itself."""


@dataclass(frozen=True)
class CorrectRevoke:
    """The revoke recorded by ruling `ruling` is corrected (Auction Bridge (1912), Laws 73, 85-86;
    Bridge (Elwell, 1906), Law 91)."""

    ruling: int


@dataclass(frozen=True)
class Concede:
    """The adversaries concede a claim: the remaining tricks go as `tricks`, the play ends."""

    tricks: PerSide


@dataclass(frozen=True)
class PlayOut:
    """A claim is played out (cards thrown down after it are not exposed)."""


@dataclass(frozen=True)
class ElectRevokePenalty:
    """The revoke penalty for `side`'s revokes, as elected: ``"points"`` or ``"tricks"``."""

    side: Side
    how: str


# -- play (refplay): the play's own changes: tricks quitted, revokes and surplus cards -----------


@dataclass(frozen=True)
class QuitTrick:
    """The trick on the table is turned and quitted; the game then asks what that
    establishes and lets lapse (:func:`~redouble.irregularities.play_rulings.judge_quit`)."""


@dataclass(frozen=True)
class OmitCard:
    """Trick `trick` is quitted without `seat`'s card (Auction Bridge (1912), Law 81; Bridge
    (Elwell, 1906), Law 83), until the ruling on it."""

    trick: int
    seat: Seat


@dataclass(frozen=True)
class LapseObligations:
    """The penalties waiting on a play that lapse (their trick is quitted)."""

    pending: tuple[Pending, ...]


@dataclass(frozen=True)
class EstablishRevoke:
    """The revoke at `index` of the view's records can no longer be corrected: its ruling
    lapses; `counts`: it is an established revoke the penalty follows (a card of dummy's
    just stands)."""

    index: int
    counts: bool


@dataclass(frozen=True)
class WithdrawRevoke:
    """The revoke at `index` vanishes with its card taken back; its ruling lapses."""

    index: int


@dataclass(frozen=True)
class ReturnCards:
    """The cards of `seats` on the trick on the table go back to their hands, in that order
    (the rightful leader leads if none is left)."""

    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class RevokeCorrected:
    """The revoke at `index` is corrected: its ruling is decided."""

    index: int


@dataclass(frozen=True)
class ReopenLastTrick:
    """The trick last quitted comes back to the table as it was played (Auction Bridge (1912), Law
    85)."""


@dataclass(frozen=True)
class QuestionRevokes:
    """The revokes at `indices` were asked about ("Having none?", Auction Bridge (1912), Law 85):
    `questioned` says whether quitting their trick still leaves them open."""

    indices: tuple[int, ...]
    questioned: bool


@dataclass(frozen=True)
class SetAsideSurplus:
    """`seat`'s surplus `card` put on trick `trick` (Auction Bridge (1912), Law 82): out of his
    hand, not callable."""

    trick: int
    seat: Seat
    card: Card


@dataclass(frozen=True)
class SurplusFound:
    """The surplus cards are found (Auction Bridge (1912), Law 82): off the record, each ruled on by
    what follows."""


@dataclass(frozen=True)
class RestoreCard:
    """`card` goes back to `seat`'s hand (a surplus card restored, Auction Bridge (1912), Law
    82)."""

    seat: Seat
    card: Card


@dataclass(frozen=True)
class RecordRevokes:
    """Raise `request`; then record a revoke of kind `kind` by its offender, on its ruling,
    for each (trick, card) of `revokes`, established at once when `established`."""

    request: RaiseRuling
    kind: Irregularity
    revokes: tuple[tuple[int, Card], ...]
    established: bool


@dataclass(frozen=True)
class ForfeitRevokes:
    """The revokes at `indices` whose penalty is lost (dummy's intervention, Auction Bridge (1912),
    Law 61; Bridge (Elwell, 1906), Law 63)."""

    indices: tuple[int, ...]


@dataclass(frozen=True)
class CompleteShortTrick:
    """Trick `trick`, quitted without `seat`'s card, takes the card left in his hand (Auction Bridge
    (1912), Law 81)."""

    trick: int
    seat: Seat


PlayEffect = (
    QuitTrick
    | OmitCard
    | LapseObligations
    | EstablishRevoke
    | WithdrawRevoke
    | ReturnCards
    | RevokeCorrected
    | ReopenLastTrick
    | QuestionRevokes
    | SetAsideSurplus
    | SurplusFound
    | RestoreCard
    | RecordRevokes
    | ForfeitRevokes
    | CompleteShortTrick
)
"""The changes the play's own rulings ask of the game (:mod:`~redouble.irregularities.play_rulings`)."""


Effect = (
    VoidDeal
    | DealStands
    | DealtBy
    | DeclaringStands
    | BarPlayer
    | MakeCall
    | StartPlay
    | TakeBackTrick
    | AddObligation
    | ExposeCards
    | PlaceCard
    | GatherLastTrick
    | CorrectRevoke
    | Concede
    | PlayOut
    | ElectRevokePenalty
    | PlayEffect  # play (refplay)
    | LogEvent
    | RaiseIrregularity
    | CloseRulings
    | RegularCall
    | CallTakesTurn
    | ExposedInDeclaring
    | ForfeitDeclarerPenalties
    | NeedConsent
    # declaring (refdecl)
    | ConsentGiven
    | ConsentLifted
    | ConsentSpent
    | AttentionCalled
    | CorrectCall
    | AfterCall
    | HandNotPlayed
    | NotCallable
)
"""One change an outcome asks of the game."""


@dataclass(frozen=True)
class Outcome:
    """What a remedy does: its effects, applied by the game in this order."""

    effects: tuple[Effect, ...] = ()


NOTHING = Outcome()
"""The outcome of an option that is recorded and changes nothing (waive, proceed...)."""


def _outcome(*effects: Effect) -> Outcome:
    return Outcome(tuple(effects))


# ------------------------------------------------------------------------------------------------
# Questions the referee asks of the declaring (also asked by the game when a call is made).
# ------------------------------------------------------------------------------------------------


def side_bids(auction: DeclaringView, side: Side) -> list[Call]:
    """The bids made so far by `side` in `auction`."""
    return [
        call
        for i, call in enumerate(auction.calls)
        if call.is_bid and auction.dealer.next(i).side == side
    ]


def stand_auction(
    law: LawSet, auction: DeclaringView, seat: Seat, call: Call
) -> Auction | BridgeDeclaration | None:
    """`auction` with `seat`'s `call` out of turn let stand (Auction Bridge (1912), Law 49: "as if
    in order"): a copy in which the seats passed over lose their turn, `call` not yet made. None
    when that cannot be (it would close the auction, or the call is not legal there)."""
    if not auction.calls:
        other: Auction | BridgeDeclaration = Auction(law, seat)
        for bar in auction.bars:
            other.bar(bar)
    else:
        other = auction.copy()
        while other.to_call != seat:
            if not other.is_legal(Call.PASS):
                return None
            other.call(Call.PASS)
            if other.is_complete:
                return None
    return other if other.is_legal(call) else None


def _suit_param(params: Mapping[str, Any], option: str) -> Suit:
    suit = params.get("suit")
    if suit is None:
        raise IrregularityError(f"{option}: name the suit called (suit=...)")
    return suit if isinstance(suit, Suit) else Suit.parse(str(suit))


def _offender(ruling: Ruling) -> Seat:
    assert ruling.offender is not None
    return ruling.offender


def _table(view: HandView) -> TableView:
    assert view.table is not None
    return view.table


def _contract(view: HandView) -> Contract:
    assert view.contract is not None
    return view.contract


# ------------------------------------------------------------------------------------------------
# The handlers: each checks what the option needs (raising IrregularityError, nothing changed)
# and returns its outcome.
# ------------------------------------------------------------------------------------------------

Handler = Callable[[HandView, Ruling, Mapping[str, Any]], Outcome]
"""A remedy: (the view, the ruling, the decision's parameters) -> what it does."""


def _new_deal(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    return _outcome(VoidDeal(ruling))


def _deal_stands(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    index = int(ruling.data["trick"])
    seat, _ = view.omissions[index]
    return _outcome(DealStands(index, seat))


def _no_effect(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    """Waive, proceed, compel, void: the choice is recorded and nothing else changes."""
    return NOTHING


def _let_stand(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    if ruling.kind is Irregularity.DEALT_OUT_OF_TURN:
        return _outcome(DealtBy(Seat.parse(str(ruling.data["dealer"]))))
    offender = _offender(ruling)
    if not view.declaring.bidding:
        # B46: the make stands as the partner's; B54, B59: the double stands, the re-doubling
        # continuing with the makers. Made on the referee's copy: the game takes it over.
        bridge = view.declaring.copy()
        if ruling.kind is Irregularity.MAKE_WITHOUT_PERMISSION:
            bridge.make_by(offender, str(ruling.data["declaration"]))
        else:
            bridge.double_by(offender)
        return _outcome(DeclaringStands(bridge))
    call = Call.parse(str(ruling.data["call"]), view.law)
    other = stand_auction(view.law, view.declaring, offender, call)
    if other is None:
        raise IrregularityError("the call cannot stand here")
    other.call(call)
    return _outcome(DeclaringStands(other))


def _sufficient_call(
    view: HandView, ruling: Ruling, params: Mapping[str, Any], *, same: bool
) -> Call:
    """The call that replaces an insufficient bid: the one given (``call=``), else the lowest
    sufficient bid in the same declaration, else a pass (Auction Bridge (1912), Law 50). `same`: the
    penalty's bid must be in the same declaration where one can be."""
    auction = view.declaring
    bad = Call.parse(str(ruling.data["call"]), view.law)
    if params.get("call") is not None:
        call = Call.parse(params["call"], view.law)
    else:
        call = next(
            (
                Call(CallKind.BID, level, bad.declaration)
                for level in range(1, TOP_LEVEL + 1)
                if auction.is_legal(Call(CallKind.BID, level, bad.declaration))
            ),
            Call.PASS,
        )
    why = auction.why_illegal(call)
    if why is not None:
        raise IrregularityError(why)
    if same and call.is_bid and call.declaration != bad.declaration:
        has_same = any(
            auction.is_legal(Call(CallKind.BID, level, bad.declaration))
            for level in range(1, TOP_LEVEL + 1)
        )
        if has_same:
            raise IrregularityError(
                f"the offender must make his bid sufficient: a bid in {bad.declaration} "
                "[Auction Bridge (1912), Law 50; Case 2]"
            )
    return call


def _partner_barred(offender: Seat) -> BarPlayer:
    """Auction Bridge (1912), Law 50: the offender's partner may not bid again (he may double)."""
    return BarPlayer(Bar(offender.partner, _LAW_50, doubles_too=False))


def _penalise(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    offender = _offender(ruling)
    call = _sufficient_call(view, ruling, params, same=True)
    return _outcome(_partner_barred(offender), MakeCall(call, offender))


def _condone(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    call = _sufficient_call(view, ruling, params, same=False)
    return _outcome(MakeCall(call, ruling.offender))


def _accept(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    if ruling.kind is not Irregularity.IMPOSSIBLE_DECLARATION:
        return NOTHING  # accepting the irregular call as made: nothing to do
    auction = view.declaring
    offender = _offender(ruling)
    seven = Call(CallKind.BID, TOP_LEVEL, str(ruling.data["declaration"]))
    if not auction.is_legal(seven):
        raise IrregularityError(f"{seven} is not a sufficient bid here")
    return _outcome(_partner_barred(offender), MakeCall(seven, offender))


def _previous_final(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    auction = view.declaring
    side = _offender(ruling).side.opponents
    calls = auction.calls
    indices = [
        i for i, call in enumerate(calls) if call.is_bid and auction.dealer.next(i).side == side
    ]
    if params.get("call") is not None:
        want = Call.parse(params["call"], view.law)
        indices = [i for i in indices if calls[i] == want]
    if not indices:
        raise IrregularityError("that side has made no such declaration")
    last = indices[-1]
    # The auction as it stood before the next bid after it (its doubles included).
    upto = next((k for k in range(last + 1, len(calls)) if calls[k].is_bid), len(calls))
    trial = Auction(view.law, auction.dealer, calls[:upto])
    bid = calls[last]
    assert bid.declaration is not None
    declarer = trial.declarer
    assert declarer is not None
    return _outcome(StartPlay(Contract(bid.level, bid.declaration, trial.doublings, declarer)))


def _prohibit_suit(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    suit = Suit.parse(str(ruling.data["suit"]))
    leader = _contract(view).opening_leader
    card = as_card(str(ruling.data["card"]))
    effects: list[Effect] = [
        AddObligation(
            Obligation(
                ObligationKind.NOT_LEAD_SUIT, leader, ruling.law, suit=suit, on_lead_only=True
            ),
            0,
        )
    ]
    if ruling.kind is Irregularity.CARD_EXPOSED_BEFORE_LEAD and ruling.offender is not None:
        effects.append(
            AddObligation(
                Obligation(ObligationKind.PLAY_CARD, ruling.offender, ruling.law, card=card), None
            )
        )
    return Outcome(tuple(effects))


def _call_card(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    card = as_card(str(ruling.data["card"]))
    obligation = Obligation(ObligationKind.PLAY_CARD, ruling.offender, ruling.law, card=card)
    return _outcome(AddObligation(obligation, None))


def _call_suit(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    suit = _suit_param(params, "call_suit")
    # B60: a lead called during the declaring is a suit from the eldest hand.
    target = view.dealer.lho if ruling.kind is Irregularity.LEAD_DURING_DECLARING else None
    obligation = Obligation(
        ObligationKind.LEAD_SUIT, target, ruling.law, suit=suit, on_lead_only=True
    )
    if ruling.kind is Irregularity.LEAD_OUT_OF_TURN and view.table is not None:
        return _outcome(TakeBackTrick(), AddObligation(obligation, None))
    return _outcome(AddObligation(obligation, None))


def _treat_as_exposed(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    _table(view)
    card = as_card(str(ruling.data["card"]))
    return _outcome(TakeBackTrick(), ExposeCards(_offender(ruling), (card,)))


def _retract(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    _table(view)
    return _outcome(TakeBackTrick())


def _penalty_on_play(view: HandView, ruling: Ruling, kind: ObligationKind) -> Outcome:
    """A penalty on the next card of the ruling's target: dummy's suggested card (Auction Bridge
    (1912), Law 62), the partner's play to this trick (Auction Bridge (1912), Laws 80, 92), the
    revoker's (Auction Bridge (1912), Law 73)."""
    table = _table(view)
    if ruling.kind is Irregularity.DUMMY_SUGGESTS_CARD:
        card = as_card(str(ruling.data["card"]))
        obligation = Obligation(kind, _contract(view).dummy, ruling.law, card=card)
        return _outcome(AddObligation(obligation, None))
    if ruling.kind is Irregularity.REVOKE_CORRECTED:
        target = ruling.offender
    else:
        target = Seat.parse(str(ruling.data["target"]))
    return _outcome(AddObligation(Obligation(kind, target, ruling.law), len(table.tricks)))


def _on_play(kind: ObligationKind) -> Handler:
    def handler(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
        return _penalty_on_play(view, ruling, kind)

    handler.__doc__ = f"The penalty obliging a {kind.value} play."
    return handler


def _expose(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    card = as_card(str(ruling.data["card"]))
    return _outcome(ExposeCards(_offender(ruling), (card,)))


def _to_trick(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    table = _table(view)
    offender = _offender(ruling)
    _contract(view)
    cards = [as_card(c) for c in ruling.data["cards"]]
    if params.get("card") is None:
        raise IrregularityError("to_trick: name the card called to the trick (card=...)")
    chosen = as_card(params["card"])
    if chosen not in cards:
        raise IrregularityError(f"{chosen} is not one of the cards played together")
    if chosen not in table.follow(offender, not table.cards):
        law = cite(view, bridge="Law 79", auction_1912="Law 74")
        raise IrregularityError(f"calling {chosen} would oblige a revoke [{law}]")
    effects: list[Effect] = [PlaceCard(offender, chosen)]
    if ruling.data.get("exposed"):
        effects.append(ExposeCards(offender, tuple(c for c in cards if c != chosen)))
    effects.append(GatherLastTrick())
    return Outcome(tuple(effects))


def _correct(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    revoke = next((rv for rv in view.revokes if rv.ruling == ruling.id), None)
    table = view.table
    if (
        revoke is None
        or table is None
        or revoke.trick != len(table.tricks)
        or revoke.established
        or revoke.corrected
        or table.cards.get(revoke.seat) != revoke.card
    ):
        raise IrregularityError("this revoke can no longer be corrected")
    return _outcome(CorrectRevoke(ruling.id))


def _concede(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    claimed, remaining = int(ruling.data["tricks"]), int(ruling.data["remaining"])
    side = _contract(view).declarer.side
    conceded = PerSide().add(side, claimed).add(side.opponents, remaining - claimed)
    return _outcome(TakeBackTrick(), Concede(conceded))


def _play_out(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    return _outcome(PlayOut())


def _spade_contract(view: HandView) -> Contract:
    """The undoubled spade make the doubling has reached (Spade Convention II)."""
    declaring = view.declaring
    rules = view.law.spade_convention
    assert rules is not None
    return Contract(None, rules.declaration, declaring.doublings, declaring.dealer)


def _take_two(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    """Spade Convention II: "the spade maker may take two on the score". Two (the law
    set's ``premature_play_option_points``) toward game for the maker's side; the hand is
    then not played and the deal passes, as under Spade Convention I."""
    rules = view.law.spade_convention
    maker = view.declaring.maker
    if rules is None or maker is None or not view.scores_in_games:
        raise IrregularityError("take_two: no spade make scored in games to take two on")
    penalty = PerSide().add(maker.side, rules.premature_play_option_points)
    return _outcome(HandNotPlayed(_spade_contract(view), maker, penalty, "Spade Convention (II)"))


def _call_lead(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
    """Spade Convention II: the maker "may call a lead and require the hand to be played
    out". The text leaves the details open; redouble's decisions: the maker names a suit
    (``suit=``) that the eldest hand, the proper leader, must lead if he can (as Laws 60
    and 76 call a lead); the doubling ends where it stands (the adversaries, who offered
    to play, have given up their double), so the spades are played undoubled; a card led
    prematurely goes back to its hand."""
    suit = _suit_param(params, "call_lead")
    contract = _spade_contract(view)
    obligation = Obligation(
        ObligationKind.LEAD_SUIT, view.dealer.lho, ruling.law, suit=suit, on_lead_only=True
    )
    return _outcome(StartPlay(contract), AddObligation(obligation, None))


def _revoke_penalty(how: str) -> Handler:
    def handler(view: HandView, ruling: Ruling, params: Mapping[str, Any]) -> Outcome:
        return _outcome(ElectRevokePenalty(Side[str(ruling.data["side"])], how))

    handler.__doc__ = f"The revoke penalty elected in {how} (A84)."
    return handler


# What applies each option (an explicit table: tests check every option of every code has one).
HANDLERS: Mapping[OptionCode, Handler] = {
    OptionCode.ACCEPT: _accept,
    OptionCode.CALL_CARD: _call_card,
    OptionCode.CALL_LEAD: _call_lead,
    OptionCode.CALL_SUIT: _call_suit,
    OptionCode.COMPEL: _no_effect,
    OptionCode.CONCEDE: _concede,
    OptionCode.CONDONE: _condone,
    OptionCode.CORRECT: _correct,
    OptionCode.DEAL_STANDS: _deal_stands,
    OptionCode.EXPOSE: _expose,
    OptionCode.HIGHEST: _on_play(ObligationKind.HIGHEST),
    OptionCode.LET_STAND: _let_stand,
    OptionCode.LOSE: _on_play(ObligationKind.LOSE),
    OptionCode.LOWEST: _on_play(ObligationKind.LOWEST),
    OptionCode.NEW_DEAL: _new_deal,
    OptionCode.NOT_PLAY_SUGGESTED: _on_play(ObligationKind.NOT_PLAY_CARD),
    OptionCode.PENALISE: _penalise,
    OptionCode.PLAY_OUT: _play_out,
    OptionCode.PLAY_SUGGESTED: _on_play(ObligationKind.PLAY_CARD),
    OptionCode.POINTS: _revoke_penalty("points"),
    OptionCode.PREVIOUS_FINAL: _previous_final,
    OptionCode.PROCEED: _no_effect,
    OptionCode.PROHIBIT_SUIT: _prohibit_suit,
    OptionCode.RETRACT: _retract,
    OptionCode.TAKE_TWO: _take_two,
    OptionCode.TO_TRICK: _to_trick,
    OptionCode.TREAT_AS_EXPOSED: _treat_as_exposed,
    OptionCode.TRICKS: _revoke_penalty("tricks"),
    OptionCode.VOID: _no_effect,
    OptionCode.WAIVE: _no_effect,
    OptionCode.WIN: _on_play(ObligationKind.WIN),
}


def remedy(view: HandView, ruling: Ruling, code: str, params: Mapping[str, Any]) -> Outcome:
    """What choosing option `code` of `ruling` does in the hand `view` shows.

    Raises:
        IrregularityError: the option cannot be applied, or a parameter it needs is missing
            or wrong; nothing is changed (the referee changes nothing in any case).
    """
    try:
        option = OptionCode(code)
    except ValueError:
        raise IrregularityError(f"option {shown(code)} cannot be applied") from None
    return HANDLERS[option](view, ruling, params)
