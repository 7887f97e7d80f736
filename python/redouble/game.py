"""The game at the table: cutting, dealing, declaring, play, scoring, rubbers, replay.

A :class:`Game` runs hands one after another under a law set until the session ends (a rubber
where the law set plays rubbers; four deals of Chicago; otherwise a fixed number of boards).
Every step is an :class:`Event` in :attr:`Game.log`; a game is rebuilt from its log with
:meth:`Game.replay` and travels as JSON (:meth:`Game.to_json`, :meth:`Game.from_json`).

>>> g = Game("auction_1912", seed=3)
>>> g.phase, g.to_act, g.dealer
(<Phase.DECLARE: 'declare'>, <Seat.NORTH: 0>, <Seat.NORTH: 0>)
>>> g.act("1NT"); g.act("P"); g.act("P"); g.act("P")
>>> g.phase, g.contract, g.to_act
(<Phase.PLAY: 'play'>, Contract(level=1, declaration='NT', doublings=0, declarer=<Seat.NORTH: 0>), <Seat.EAST: 1>)
"""

from __future__ import annotations

import enum
import functools
import inspect
import json
import random
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import dealing
from .auction import Auction, Bar, BridgeDeclaration, Call, CallKind, Contract, declaring_procedure
from .cards import Card, CardSet, Seat, Side, Suit
from .deal import Deal, Vulnerability
from .errors import IllegalCallError, IllegalPlayError, RedoubleError
from .irregularities import (
    Claimant,
    Irregularity,
    IrregularityCode,
    IrregularityError,
    Obligation,
    ObligationKind,
    Option,
    Rule,
    Ruling,
    claim_holds,
    code_for,
    law64_transfer,
    revoke_score_arguments,
    rule_for,
)
from .laws import Law64Revoke, LawSet
from .laws import get as get_law_set
from .play import Position, Trick
from .scoring import Chicago, HandScore, PerSide, Rubber, score_hand
from .table_play import _established, _exposed_cards, _Obligations, _Revoke, _TablePlay

__all__ = [
    "CutCards",
    "CutResult",
    "DummyCut",
    "Event",
    "Game",
    "GameError",
    "HandResult",
    "Phase",
    "Player",
    "RandomPlayer",
    "Table",
    "cut_card",
    "cut_for_dummy",
    "cut_for_partners",
]


class GameError(RedoubleError):
    """An action that does not fit the game's state (wrong phase, wrong seat, bad log)."""


class Phase(enum.Enum):
    """Where a game stands."""

    DECLARE = "declare"
    """Declaring: the auction, or Bridge's make and doubling."""
    PLAY = "play"
    """Card play: the opening lead and the tricks."""
    SETTLE = "settle"
    """The play is over; claims (revokes) are settled before the score (``strict=False``)."""
    COMPLETE = "complete"
    """The session (rubber, Chicago, boards) is over."""


@dataclass(frozen=True)
class Event:
    """One step of a game: what happened, who did it, and its details (JSON-ready)."""

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat.letter
        if self.data:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        """An event from :meth:`to_json`'s dict.

        Raises:
            GameError: the object is not an event.
        """
        try:
            seat = Seat.parse(obj["seat"]) if "seat" in obj else None
            return cls(str(obj["kind"]), seat, dict(obj.get("data", {})))
        except (KeyError, TypeError, ValueError) as e:
            raise GameError(f"not a game event: {obj!r} ({e})") from None


@dataclass(frozen=True)
class HandResult:
    """A hand played to the end: the deal, who dealt, the declaring, the tricks, the score.

    With ``strict=False`` a hand may also end void (``void`` names the law: a new deal), end
    by a concession of the remaining tricks (``conceded``), and carry its ``rulings``.
    """

    number: int
    dealer: Seat
    deal: Deal
    calls: tuple[Call, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    score: HandScore | None
    void: str | None = None
    conceded: PerSide | None = None
    rulings: tuple[Ruling, ...] = ()

    @property
    def tricks_won(self) -> PerSide:
        """Tricks won by each side in play (and by a conceded claim)."""
        ns = sum(1 for t in self.tricks if t.winner.side is Side.NS)
        won = PerSide(ns, len(self.tricks) - ns)
        return won if self.conceded is None else won + self.conceded


# ------------------------------------------------------------------------------------------------
# Cutting for partners and deal.
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CutResult:
    """The outcome of cutting: each round's cards, the partnerships and the first dealer.

    ``order`` is the players from the lowest cut to the highest, after any re-cuts.
    """

    rounds: tuple[Mapping[str, Card], ...]
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str
    order: tuple[str, ...] = ()

    def seats(self) -> dict[str, Seat]:
        """Seating: the dealer North, his partner South, the other pair East and West."""
        (a, b), (c, d) = self.partners
        dealer_pair, other = ((a, b), (c, d)) if self.dealer in (a, b) else ((c, d), (a, b))
        partner = dealer_pair[1] if dealer_pair[0] == self.dealer else dealer_pair[0]
        return {
            self.dealer: Seat.NORTH,
            partner: Seat.SOUTH,
            other[0]: Seat.EAST,
            other[1]: Seat.WEST,
        }


def _cut_key(law: LawSet, card: Card) -> tuple[int, int]:
    rules = law.cutting
    rank = (
        0 if (rules.ace_low and card.rank == 12) else int(card.rank) + (1 if rules.ace_low else 0)
    )
    order = rules.tie_suit_order
    suit = order.index(card.suit.letter) if order else 0
    return (rank, suit)


CutCards = Card | str | int | Sequence[Card | str | int]
"""What one player cut: a card, or the several cards he exposed."""


def _card_of(value: Card | str | int) -> Card:
    return Card.parse(value) if isinstance(value, str) else Card(int(value))


def cut_card(law_set: LawSet | str, exposed: CutCards) -> Card | None:
    """The card a player's cut counts as, or None when he must cut again.

    One card is his cut. A player who exposes more than one card: Auction 1912 counts the
    highest of them (seed 002 law 16), the highest by the cutting order (ace lowest, equal ranks
    by suit, law 14); Bridge makes him cut again (seed 003 law 16) — the law set's
    ``cutting.several_exposed`` ("highest" or "recut").

    >>> cut_card("auction_1912", ["4D", "9C"]), cut_card("bridge_1906", ["4D", "9C"])
    (Card.parse('C9'), None)

    Raises:
        GameError: no card, the same card twice, or a law set whose rule is unknown.
        FormatError: a card that cannot be read.
    """
    law = get_law_set(law_set)
    values = [exposed] if isinstance(exposed, (Card, str, int)) else list(exposed)
    cards = [_card_of(v) for v in values]
    if not cards:
        raise GameError("a cut shows at least one card")
    if len(set(cards)) != len(cards):
        raise GameError(f"a cut cannot show the same card twice: {[str(c) for c in cards]}")
    if len(cards) == 1:
        return cards[0]
    rule = law.cutting.several_exposed
    if rule == "highest":
        return max(cards, key=lambda c: _cut_key(law, c))
    if rule == "recut":
        return None
    raise GameError(f"{law.name}: unknown rule for several cards exposed in cutting: {rule!r}")


def cut_for_partners(
    law_set: LawSet | str,
    players: Sequence[str],
    *,
    seed: int = 0,
    cuts: Sequence[Mapping[str, CutCards]] = (),
) -> CutResult:
    """Cut for partners and deal: the two lowest play the two highest, the lowest deals.

    The ace is low. Ties are broken as the code says: Auction 1912 by suit (hearts lowest, then
    diamonds, clubs, spades; law 14); Bridge by re-cutting the tied players, only where the tie
    decides partners or the deal (seed 003 laws 19-20). `cuts` gives recorded rounds (player ->
    card, or the list of cards a player exposed: :func:`cut_card`) to use before random cuts
    drawn with `seed`; a player who must cut again (Bridge law 16) cuts in the next round, alone.

    Raises:
        GameError: not four distinct players, or a recorded round that is not needed or
            names other players.
    """
    law = get_law_set(law_set)
    names = list(players)
    if len(names) != 4 or len(set(names)) != 4:
        raise GameError("cutting needs four distinct players")
    cut = _Cutter(law, seed, cuts)

    ranked = cut.order(names, {1, 2})
    if not law.cutting.lowest_deals:
        ranked.reverse()
    low, high = (ranked[0], ranked[1]), (ranked[2], ranked[3])
    return CutResult(tuple(cut.rounds), (low, high), ranked[0], tuple(ranked))


class _Cutter:
    """Rounds of cutting from one pack: recorded rounds first, then random ones."""

    def __init__(self, law: LawSet, seed: int, cuts: Sequence[Mapping[str, CutCards]]) -> None:
        self.law = law
        self.rng = random.Random(seed)
        self.recorded = [dict(r) for r in cuts]
        self.rounds: list[dict[str, Card]] = []

    def __call__(self, who: list[str]) -> dict[str, Card]:
        """One round by `who`; those who exposed several cards under Bridge law 16 cut again."""
        if self.recorded:
            given = self.recorded.pop(0)
            if set(given) != set(who):
                raise GameError(f"recorded cut names {sorted(given)}, expected {sorted(who)}")
            counted = {p: cut_card(self.law, c) for p, c in given.items()}
        else:
            pack = self.rng.sample(range(52), len(who))
            counted = {p: Card(c) for p, c in zip(who, pack, strict=True)}
        got = {p: c for p, c in counted.items() if c is not None}
        self.rounds.append(got)
        again = [p for p in who if counted[p] is None]
        return {**got, **self(again)} if again else got

    def order(self, who: list[str], boundaries: set[int]) -> list[str]:
        """Order `who` lowest first, re-cutting ties that straddle a boundary that matters."""
        law = self.law
        cards = self(who)
        ranked = sorted(who, key=lambda p: _cut_key(law, cards[p]))
        out: list[str] = []
        i = 0
        while i < len(ranked):
            j = i
            while j + 1 < len(ranked) and _cut_key(law, cards[ranked[j + 1]]) == _cut_key(
                law, cards[ranked[i]]
            ):
                j += 1
            group = ranked[i : j + 1]
            inner = {b - i for b in boundaries if i < b <= j}
            out += self.order(group, inner) if len(group) > 1 and inner else group
            i = j + 1
        return out


@dataclass(frozen=True)
class DummyCut:
    """Three-handed Bridge: who holds the permanent dummy, for how long, and who next.

    ``holder`` cut lowest: he deals and has the dummy for ``tenure`` ("game" or "rubber");
    ``rotation`` is the order in which each player has the dummy in turn, ``holder`` first.
    """

    rounds: tuple[Mapping[str, Card], ...]
    holder: str
    tenure: str
    rotation: tuple[str, ...]


def cut_for_dummy(
    law_set: LawSet | str,
    players: Sequence[str],
    *,
    single_game: bool = False,
    seed: int = 0,
    cuts: Sequence[Mapping[str, CutCards]] = (),
) -> DummyCut:
    """Cut for the dummy in Bridge for three players (seed 003 'Bridge for Three Players').

    "The cards are cut to decide which shall have the dummy; the one cutting the lowest card has
    the deal and a permanent dummy during the game or the rubber, as the case may be. It is then
    customary for each player to have dummy in turn, during one game or rubber." The ace is low
    (law 14); equal lowest cards re-cut (law 19, applied to three players [assumed]); several
    cards exposed follow law 16. The tenure is one game when `single_game`, else one rubber; the
    turn passes in the order of the cut, lowest first [assumed: the seed names no order].

    Raises:
        GameError: not three distinct players, a law set without a permanent dummy, or a
            recorded round that names other players.
    """
    law = get_law_set(law_set)
    names = list(players)
    if law.compulsory_dummy is None:
        raise GameError(f"{law.name} is not played by three with a permanent dummy")
    if len(names) != 3 or len(set(names)) != 3:
        raise GameError("cutting for the dummy needs three distinct players")
    cut = _Cutter(law, seed, cuts)
    ranked = tuple(cut.order(names, {1}))
    return DummyCut(tuple(cut.rounds), ranked[0], "game" if single_game else "rubber", ranked)


# ------------------------------------------------------------------------------------------------
# Sessions: how hands add up (rubber, Chicago, or boards scored alone).
# ------------------------------------------------------------------------------------------------


class _Session(Protocol):
    def score(
        self, contract: str, declarer: Seat, tricks: PerSide, **options: Any
    ) -> HandScore: ...
    def passed_out(self) -> bool: ...
    @property
    def is_complete(self) -> bool: ...
    def sheet(self) -> str: ...
    def totals(self) -> PerSide: ...


class _RubberSession:
    def __init__(self, law: LawSet) -> None:
        self.rubber = Rubber(law)

    def score(self, contract: str, declarer: Seat, tricks: PerSide, **options: Any) -> HandScore:
        return self.rubber.score_hand(contract, declarer, tricks, **options)

    def passed_out(self) -> bool:
        """Rubber bridge: a passed-out deal is thrown in and the deal passes to the left."""
        return True

    @property
    def is_complete(self) -> bool:
        return self.rubber.is_complete

    def sheet(self) -> str:
        return self.rubber.score_sheet()

    def totals(self) -> PerSide:
        return self.rubber.totals


class _ChicagoSession:
    def __init__(self, law: LawSet, first_dealer: Seat) -> None:
        self.chicago = Chicago(law, first_dealer=first_dealer)

    def score(self, contract: str, declarer: Seat, tricks: PerSide, **options: Any) -> HandScore:
        return self.chicago.score_hand(contract, declarer, tricks, **options)

    def passed_out(self) -> bool:
        """Chicago: a passed-out deal is redealt by the same dealer (it does not count)."""
        return False

    @property
    def is_complete(self) -> bool:
        return self.chicago.is_complete

    def sheet(self) -> str:
        return self.chicago.score_sheet()

    def totals(self) -> PerSide:
        return self.chicago.totals


class _BoardsSession:
    """Duplicate and progressive play: each board scored alone, vulnerability by board number."""

    def __init__(self, law: LawSet, boards: int) -> None:
        self.law = law
        self.boards = boards
        self.scores: list[HandScore] = []
        self.passed = 0

    def score(self, contract: str, declarer: Seat, tricks: PerSide, **options: Any) -> HandScore:
        number = len(self.scores) + self.passed + 1
        vul = Vulnerability.of_board(number)
        if self.law.premiums is not None:
            options["vulnerable"] = vul
        s = score_hand(self.law, contract, declarer, tricks, **options)
        self.scores.append(s)
        return s

    def passed_out(self) -> bool:
        """Duplicate: a passed-out board scores nothing for either side and counts as played."""
        self.passed += 1
        return True

    @property
    def is_complete(self) -> bool:
        return len(self.scores) + self.passed >= self.boards

    def sheet(self) -> str:
        lines = [f"{'Board':>5} {'NS':>7} {'EW':>7}"]
        for i, s in enumerate(self.scores, 1):
            p = s.deal_points
            lines.append(f"{i:>5} {p.ns:>7} {p.ew:>7}")
        t = self.totals()
        lines.append(f"{'Total':>5} {t.ns:>7} {t.ew:>7}")
        return "\n".join(lines)

    def totals(self) -> PerSide:
        total = PerSide()
        for s in self.scores:
            total = total + s.deal_points
        return total


# ------------------------------------------------------------------------------------------------
# Players for automatic play.
# ------------------------------------------------------------------------------------------------


class Player(Protocol):
    """Chooses an action for the seat to act: a call while declaring, a card in play."""

    def __call__(self, game: Game) -> Call | Card:
        """The call or card for the seat to act in `game`."""
        ...


class RandomPlayer:
    """Chooses uniformly among legal cards; while declaring, passes more often than not
    (so auctions end and Bridge's unlimited doubling stays finite)."""

    def __init__(self, seed: int = 0, *, pass_weight: float = 4.0) -> None:
        self._rng = random.Random(seed)
        self._pass_weight = pass_weight

    def __call__(self, game: Game) -> Call | Card:
        """A random legal action for the seat to act."""
        actions = game.legal_actions()
        if game.phase is Phase.DECLARE:
            calls: list[Call] = [a for a in actions if isinstance(a, Call)]
            # Cheap bids are likelier than dear ones: legal bids come lowest first, and a random
            # walk through all of them would reach seven no trump redoubled in most auctions.
            weights = []
            bid_rank = 0
            for c in calls:
                if c.is_bid and c.level is not None:
                    weights.append(1.0 / (1 + bid_rank) ** 2)
                    bid_rank += 1
                else:
                    weights.append(self._pass_weight if str(c) == "P" else 0.3)
            return self._rng.choices(calls, weights)[0]
        card: Card = self._rng.choice(actions)
        return card


# ------------------------------------------------------------------------------------------------
# Irregularities (``strict=False``): a double that needs consent, and the tables of rulings and
# actions. The cards as they lie in the play, irregular ones included, are in table_play.
# ------------------------------------------------------------------------------------------------


@dataclass
class _Consent:
    """A double that needs another player's consent (internal).

    B60: after the dealer's right-hand adversary led during the doubling, the eldest hand "may
    only double if the maker of the trump consent" (``consenter`` the maker; one consent lifts
    the bar). B56: after the eldest hand led before the doubling was completed, "his partner
    may re-double only with the consent of the adversary who last doubled" (``consenter`` None:
    whoever made the last double when he wants to re-double; only a double over the other
    side's re-double needs it, and each such re-double needs a fresh consent).
    """

    law: str
    consenter: Seat | None
    redouble_only: bool = False
    given: bool = False


# The options that exact no penalty: what a ruling falls back to when the penalty is lost
# (seed 003 L97 consultation, L102 wrong penalty, dummy's intervention A61/B63).
_NO_PENALTY = ("waive", "let_stand", "deal_stands", "accept", "proceed")

# Remarks (things said or done at the table) the game records, by the irregularity they are.
_REMARKS = {
    Irregularity.INFORMATION_AFTER_FINAL_DECLARATION,
    Irregularity.UNAUTHORISED_REFERENCE,
    Irregularity.ATTENTION_TO_TRICK,
    Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
    Irregularity.DUMMY_RIGHT,
    Irregularity.DUMMY_INTERVENTION,
    Irregularity.DUMMY_SUGGESTS_CARD,
    Irregularity.NEW_CARDS,
    Irregularity.BYSTANDER,
}

# The actions a lenient game logs, replayed by calling the method of the same name.
_ACTIONS = (
    "call",
    "play",
    "play_together",
    "expose",
    "quit_trick",
    "correct_revoke",
    "call_exposed_card",
    "claim",
    "throw_down",
    "remark",
    "decide",
    "record_wrong_penalty",
    "correct_call",
    "report_new_deal_ground",
    "report_dealt_out_of_turn",
    "report_dealer_looked",
    "report_short_hand",
    "consent",
    "ask_having_none",
    "play_surplus_card",
    "count_tricks",
)

_IMPOSSIBLE_BID = re.compile(r"^\s*(\d+)\s*([A-Za-z]+)\s*$")


# ------------------------------------------------------------------------------------------------
# The game.
# ------------------------------------------------------------------------------------------------


def _parse_card(card: Card | str | int) -> Card:
    return Card.parse(card) if isinstance(card, str) else Card(int(card))


class Game:
    """Hands played one after another under a law set, from the deal to the score.

    With ``strict=False`` the game records what was done at the table, irregularities
    included: a call or card out of turn, an insufficient or impossible declaration, a revoke,
    two cards at once, an exposed card, a claim of the rest... Each raises an
    ``"irregularity"`` event carrying a :class:`~redouble.irregularities.Ruling` (the law, the
    offender, who may claim, the options each with its law, the deadline); :attr:`pending`
    lists the open ones, :meth:`decide` applies the choice, and the hand's score includes the
    penalty. A blocking ruling must be decided before the next call or card.

    Args:
        law_set: a :class:`LawSet` or its name.
        seed: deals come from ``dealing`` under this seed, hand n being board n.
        first_dealer: who deals the first hand (the deal passes to the left).
        deals: explicit deals to play, in order, instead of seeded ones.
        deal_by_the_laws: deal by the laws' procedure (shuffle, cut, rotation) and keep its record.
        boards: number of boards for law sets scored board by board (duplicate, progressive).
        strict: refuse irregular actions (the default); False lets them happen and rectifies
            them as the law set's code says.

    Raises:
        LawSetError: unknown law set.
    """

    def __init__(
        self,
        law_set: LawSet | str,
        *,
        seed: int = 0,
        first_dealer: Seat | int | str = Seat.NORTH,
        deals: Sequence[Deal] | None = None,
        deal_by_the_laws: bool = False,
        boards: int = 4,
        strict: bool = True,
    ) -> None:
        self._law = get_law_set(law_set)
        self._seed = seed
        self._first_dealer = Seat.of(first_dealer)
        self._fixed_deals = list(deals) if deals is not None else None
        self._by_laws = deal_by_the_laws
        self._boards = boards
        self._strict = bool(strict)
        self._code: IrregularityCode = code_for(self._law)
        self._next_ruling = 1
        if self._law.rubber is not None:
            self._session: _Session = _RubberSession(self._law)
        elif self._law.chicago is not None:
            self._session = _ChicagoSession(self._law, self._first_dealer)
        else:
            self._session = _BoardsSession(self._law, boards)
        self._log: list[Event] = []
        self._results: list[HandResult] = []
        self._hand_number = 0
        self._dealer = self._first_dealer
        self._phase = Phase.DECLARE
        start: dict[str, Any] = {
            "law_set": self._law.name,
            "seed": seed,
            "first_dealer": self._first_dealer.letter,
            "boards": boards,
        }
        if not self._strict:
            start["strict"] = False
        self._log.append(Event("start", None, start))
        self._start_hand()

    # -- hands -------------------------------------------------------------------------------------
    def _next_deal(self) -> Deal:
        n = self._hand_number
        if self._fixed_deals is not None:
            if n > len(self._fixed_deals):
                raise GameError(f"no deal given for hand {n}")
            return self._fixed_deals[n - 1]
        if self._by_laws:
            return dealing.deal_by_the_laws(self._seed, self._dealer, board=n).deal
        return dealing.deal(self._seed, n)

    def _start_hand(self) -> None:
        if self._fixed_deals is not None and self._hand_number >= len(self._fixed_deals):
            # Every deal given has been played: the game stops here, its session unfinished.
            self._end()
            return
        self._hand_number += 1
        self._deal = self._next_deal()
        self._log.append(
            Event(
                "deal",
                self._dealer,
                {"number": self._hand_number, "deal": self._deal.to_pbn()},
            )
        )
        self._declaring: Auction | BridgeDeclaration = declaring_procedure(
            self._law, self._dealer, deal=self._deal
        )
        self._contract: Contract | None = None
        self._position: Position | None = None
        self._calls_in_hand = 0
        self._phase = Phase.DECLARE
        # The irregularities of the hand (strict=False).
        self._table: _TablePlay | None = None
        self._hand_rulings: list[Ruling] = []
        self._open: dict[int, Ruling] = {}
        self._obligations: _Obligations = []
        self._revokes: list[_Revoke] = []
        self._callable: dict[Seat, set[Card]] = {s: set() for s in Seat}
        self._exposed_in_auction: list[tuple[Seat, Card]] = []
        self._omissions: dict[int, tuple[Seat, str | None]] = {}
        # A82: cards played, unnoticed, to a trick already played to: (trick, holder, card).
        self._surplus: list[tuple[int, Seat, Card]] = []
        self._claim_played_out = False
        self._conceded: PerSide | None = None
        self._revoke_claims: dict[Side, str] = {}
        # Who may double only with another's consent (B56, B60): doubler -> the consent.
        self._consent_needed: dict[Seat, _Consent] = {}
        self._after_call()

    def _after_call(self) -> None:
        d = self._declaring
        # Bridge's three-handed compulsory declaration is made by the procedure itself.
        if not d.is_complete:
            return
        contract = d.contract
        if contract is None:  # passed out: the deal passes to the left, nothing scored
            self._log.append(Event("passed_out", self._dealer, {"number": self._hand_number}))
            self._results.append(
                HandResult(self._hand_number, self._dealer, self._deal, d.calls, None, (), None)
            )
            if self._session.passed_out():
                self._dealer = self._dealer.lho
            if self._session.is_complete:
                self._end()
                return
            self._start_hand()
            return
        self._start_play(contract)

    def _start_play(self, contract: Contract) -> None:
        self._contract = contract
        strain = self._law.declaration(contract.declaration).strain
        self._phase = Phase.PLAY
        if self._strict:
            self._position = Position(self._deal, strain, contract.opening_leader)
            return
        self._table = _TablePlay(self._deal, strain, contract.opening_leader)
        # Only the declarer's adversaries' exposed cards are called (A67, A72; B69).
        for seat in (contract.declarer, contract.dummy):
            self._callable[seat].clear()
        # A65: the offender's partner is the original leader: the declarer may prohibit the suit.
        for offender, card in self._exposed_in_auction:
            if offender.partner == contract.opening_leader and self._code.has(
                Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION
            ):
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
                    offender,
                    data={"card": str(card), "suit": card.suit.letter},
                )

    def _score_options(self) -> dict[str, Any]:
        assert self._contract is not None
        options: dict[str, Any] = {"deal": self._deal}
        limit = self._law.undertricks.one_spade_limit if self._law.undertricks else None
        if limit is not None and isinstance(self._declaring, Auction):
            options["dealer_original_one_spade"] = (
                self._declaring.dealer_original_one_spade
                and self._declaring.dealer == self._dealer
                and self._contract.level == 1
                and self._contract.declaration == "S"
            )
        return options

    def _finish_hand(self) -> None:
        assert self._position is not None
        pos = self._position
        tricks = PerSide(pos.tricks_won(Side.NS), pos.tricks_won(Side.EW))
        self._record_score(tricks, pos.tricks, self._score_options())

    def _record_score(
        self,
        tricks: PerSide,
        played: Sequence[Trick],
        options: dict[str, Any],
        conceded: PerSide | None = None,
    ) -> None:
        assert self._contract is not None
        c = self._contract
        maker = self._declaring.maker if isinstance(self._declaring, BridgeDeclaration) else None
        score = self._session.score(
            c.spec(), maker if maker is not None else c.declarer, tricks, **options
        )
        result = HandResult(
            self._hand_number,
            self._dealer,
            self._deal,
            self._declaring.calls,
            c,
            tuple(played),
            score,
            None,
            conceded,
            tuple(self._hand_rulings),
        )
        self._results.append(result)
        self._log.append(
            Event(
                "score",
                None,
                {
                    "number": self._hand_number,
                    "tricks": tricks.to_dict(),
                    "trick_score": score.trick_score.to_dict(),
                    "honour_column": score.honour_column.to_dict(),
                },
            )
        )
        if self._session.is_complete:
            self._end()
            return
        self._dealer = self._dealer.lho
        self._start_hand()

    def _end(self) -> None:
        self._phase = Phase.COMPLETE
        self._log.append(Event("end", None, {"totals": self._session.totals().to_dict()}))

    # -- queries -----------------------------------------------------------------------------------
    @property
    def law_set(self) -> LawSet:
        """The law set played."""
        return self._law

    @property
    def is_strict(self) -> bool:
        """Whether irregular actions are refused (True) or recorded and rectified (False)."""
        return self._strict

    @property
    def irregularity_code(self) -> IrregularityCode:
        """The irregularity laws of the law set (see :mod:`redouble.irregularities`)."""
        return self._code

    @property
    def phase(self) -> Phase:
        """Declaring, play, settling (``strict=False``), or complete."""
        return self._phase

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress (1-based)."""
        return self._hand_number

    @property
    def dealer(self) -> Seat:
        """The dealer of the hand in progress."""
        return self._dealer

    @property
    def deal(self) -> Deal:
        """The deal of the hand in progress, as dealt."""
        return self._deal

    @property
    def declaring(self) -> Auction | BridgeDeclaration:
        """The auction (or Bridge declaration) of the hand in progress."""
        return self._declaring

    @property
    def contract(self) -> Contract | None:
        """The final declaration of the hand in progress, once declaring is over."""
        return self._contract

    @property
    def position(self) -> Position | None:
        """The play state of the hand in progress (None while declaring).

        With ``strict=False`` this is a snapshot of the cards as they lie, None when it cannot
        be a :class:`Position` (a revoke on the table).
        """
        if self._table is not None and self._phase is Phase.PLAY:
            return self._table.position()
        return self._position

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call or card is due (dummy's cards: dummy's seat; see :attr:`controller`)."""
        if self._phase is Phase.DECLARE:
            return self._declaring.to_call
        if self._phase is Phase.PLAY and self._table is not None:
            return self._table.expected()
        if self._phase is Phase.PLAY and self._position is not None:
            return self._position.to_play
        return None

    @property
    def controller(self) -> Seat | None:
        """The seat that chooses the next action: the declarer plays dummy's cards."""
        seat = self.to_act
        if seat is not None and self._contract is not None and seat == self._contract.dummy:
            return self._contract.declarer
        return seat

    @property
    def dummy_exposed(self) -> bool:
        """Whether dummy's hand is on the table (after the opening lead)."""
        if self._table is not None:
            return bool(self._table.tricks or self._table.cards)
        p = self._position
        return p is not None and (len(p.tricks) > 0 or len(p.trick) > 0)

    def legal_actions(self) -> list[Any]:
        """The calls or cards open to the seat to act (empty when the game is over).

        With ``strict=False`` these are the regular actions: following suit and complying with
        any penalty (a called card or lead, highest or lowest...); irregular ones are accepted
        too, and rectified.
        """
        if self._phase is Phase.DECLARE:
            calls = list(self._declaring.legal_calls())
            to_call = self._declaring.to_call
            if to_call is not None and self._consent_missing(to_call) is not None:  # B56, B60
                calls = [c for c in calls if c.kind is not CallKind.DOUBLE]
            return calls
        if self._phase is Phase.PLAY and self._table is not None:
            seat = self._table.expected()
            defenders = (
                () if self._contract is None else self._contract.declarer.side.opponents.seats
            )
            return list(
                self._table.regular_plays(
                    self._obligations,
                    defenders,
                    seat,
                    lead=not self._table.cards or self._table.is_full(),
                )
            )
        if self._phase is Phase.PLAY and self._position is not None:
            return list(self._position.legal_plays())
        return []

    def visible_cards(self, seat: Seat | int | str) -> dict[Seat, CardSet]:
        """The unplayed cards `seat` can see: his own, and dummy's once the lead is made (and,
        with ``strict=False``, cards exposed and a claimer's tabled hand)."""
        s = Seat.of(seat)
        if self._table is not None:
            t = self._table
            out = {s: t.hand(s)}
            if self._contract is not None and self.dummy_exposed:
                out[self._contract.dummy] = t.hand(self._contract.dummy)
            if self._contract is not None and self._claim_played_out:
                out[self._contract.declarer] = t.hand(self._contract.declarer)
            for other, cards in self._callable.items():
                if other not in out and cards:
                    out[other] = CardSet(c for c in cards if t.holds(other, c))
            return out
        if self._position is None:
            return {s: self._deal[s]}
        out = {s: self._position.hand(s)}
        if self._contract is not None and self.dummy_exposed:
            dummy = self._contract.dummy
            out[dummy] = self._position.hand(dummy)
        return out

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Hands finished so far (passed-out and void deals included, with no score)."""
        return tuple(self._results)

    @property
    def log(self) -> tuple[Event, ...]:
        """Every step so far."""
        return tuple(self._log)

    def score_sheet(self) -> str:
        """The score sheet as players kept it."""
        return self._session.sheet()

    @property
    def totals(self) -> PerSide:
        """Points per side so far (with the rubber bonus once a rubber ends)."""
        return self._session.totals()

    @property
    def pending(self) -> tuple[Ruling, ...]:
        """The open rulings of the hand in progress, oldest first (``strict=False``)."""
        return tuple(self._open.values())

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """Every ruling of the hand in progress (``strict=False``)."""
        return tuple(self._hand_rulings)

    @property
    def exposed_cards(self) -> dict[Seat, CardSet]:
        """Cards exposed and liable to be called, by holder (``strict=False``)."""
        return _exposed_cards(self._callable, self._table)

    @property
    def obligations(self) -> tuple[Obligation, ...]:
        """Penalties waiting on a player's next lead or play (``strict=False``)."""
        return tuple(o for o, _ in self._obligations)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Tricks quitted in the hand in progress."""
        if self._table is not None:
            return tuple(self._table.tricks)
        return self._position.tricks if self._position is not None else ()

    @property
    def trick_on_table(self) -> dict[Seat, Card]:
        """The cards of the trick in progress, by seat (a full trick stays until quitted)."""
        if self._table is not None:
            return dict(self._table.cards)
        p = self._position
        if p is None:
            return {}
        return {p.leader.next(i): c for i, c in enumerate(p.trick)}

    # -- actions -----------------------------------------------------------------------------------
    def act(self, action: Call | Card | str, *, seat: Seat | int | str | None = None) -> None:
        """Make the next call or play the next card, whichever is due.

        Raises:
            GameError: the game is over, or a decision is pending.
            IllegalCallError, IllegalPlayError: the action is not legal; nothing changes.
        """
        if self._phase is Phase.DECLARE:
            self.call(action if not isinstance(action, Card) else str(action), seat=seat)
        elif self._phase is Phase.PLAY:
            if isinstance(action, Call):
                raise IllegalPlayError(f"a card is due from {self.to_act}, not the call {action}")
            self.play(action, seat=seat)
        elif self._phase is Phase.SETTLE:
            raise GameError("the play is over: decide the pending rulings (revoke claims)")
        else:
            raise GameError("the game is over")

    def call(self, call: Call | str, *, seat: Seat | int | str | None = None) -> None:
        """Make a call for the seat to call (or, with ``strict=False``, for `seat`).

        With ``strict=False`` a call out of turn, an insufficient, impossible or forbidden
        declaration or double is recorded and raises its ruling (A49, A50, A54, A57; B46-48,
        B54).

        Raises:
            GameError: not the declaring phase, or a decision is pending.
            IllegalCallError: the call is not legal (the message cites the law), or the laws
                give no rectification for it; nothing changes.
        """
        if self._phase is not Phase.DECLARE:
            raise GameError(f"no call is due: the game is in the {self._phase.value} phase")
        if not self._strict:
            self._lenient_call(call, None if seat is None else Seat.of(seat))
            return
        to = self._declaring.to_call
        if seat is not None and Seat.of(seat) != to:
            raise IllegalCallError(f"{Seat.of(seat).name.title()} calls out of turn")
        self._regular_call(call, to)

    def _regular_call(self, call: Call | str, seat: Seat | None, *, applied: bool = False) -> None:
        c = self._declaring.call(call)
        data: dict[str, Any] = {"call": str(c)}
        if applied:  # made by a decision's rectification: replayed with the decision
            data["applied"] = True
        self._log.append(Event("call", seat, data))
        self._calls_in_hand += 1
        # A three-handed compulsory declaration is made by the procedure: log it as dummy's call.
        if isinstance(self._declaring, BridgeDeclaration):
            for s, extra in self._declaring.history[self._calls_in_hand :]:
                self._log.append(Event("call", s, {"call": str(extra), "compulsory": True}))
                self._calls_in_hand += 1
        self._after_call()

    def play(self, card: Card | str | int, *, seat: Seat | int | str | None = None) -> None:
        """Play a card for the seat to play (the declarer plays dummy's cards).

        With ``strict=False`` `seat` may play out of turn, lead out of turn or revoke; the
        irregularity is recorded and rectified (A63, A73, A76-80, A83; B76-82, B85). A full
        trick stays on the table until the next card or :meth:`quit_trick`.

        Raises:
            GameError: not the play phase, or a decision is pending.
            IllegalPlayError: the card is not held or revokes (strict), or is a second card to
                the same trick; nothing changes.
        """
        if not self._strict and self._phase is Phase.DECLARE:
            self._lead_while_declaring(card, None if seat is None else Seat.of(seat))
            return
        if self._phase is not Phase.PLAY:
            raise GameError(f"no card is due: the game is in the {self._phase.value} phase")
        if not self._strict:
            self._lenient_play(_parse_card(card), None if seat is None else Seat.of(seat))
            return
        if self._position is None:
            raise GameError("no card is due")
        to = self._position.to_play
        if seat is not None and Seat.of(seat) != to:
            raise IllegalPlayError(f"{Seat.of(seat).name.title()} plays out of turn")
        c = _parse_card(card)
        if c in self._position.hand(to) and not self._position.is_legal(c):
            # Name the law that makes it a revoke in the code being played.
            try:
                law = rule_for(self._law, Irregularity.REVOKE).law
            except RedoubleError:
                law = ""
            where = f" [{law}]" if law else ""
            raise IllegalPlayError(
                f"{to.name.title()} must follow suit: {c} would be a revoke{where}"
            )
        self._position.play(c)
        self._log.append(Event("play", to, {"card": str(c)}))
        if self._position.is_complete():
            self._finish_hand()

    def auto_play(
        self,
        players: Player | Mapping[Seat, Player],
        *,
        max_actions: int = 1_000_000,
    ) -> None:
        """Let `players` act until the game is over (one player for all seats, or one a seat).

        The player of the seat that controls the action acts: the declarer for dummy.

        Raises:
            GameError: the game did not end within `max_actions` actions, or a ruling is
                pending (``strict=False``).
        """
        for _ in range(max_actions):
            if self._phase is Phase.COMPLETE:
                return
            seat = self.controller
            if seat is None:
                raise GameError("a decision is pending: see Game.pending")
            player = players[seat] if isinstance(players, Mapping) else players
            self.act(player(self))
        if self._phase is not Phase.COMPLETE:
            raise GameError(f"the game did not end within {max_actions} actions")

    # -- log, replay, JSON ---------------------------------------------------------------------------
    @classmethod
    def replay(
        cls, events: Sequence[Event | Mapping[str, Any]], law_set: LawSet | str | None = None
    ) -> Game:
        """Rebuild a game from its log (events or their JSON dicts).

        Deals come from the log's deal events; calls, plays and (``strict=False``) every
        recorded irregular action and decision are re-made and checked; derived events
        (scores, compulsory declarations, rulings) are recomputed and must agree.

        Raises:
            GameError: the log is malformed or does not agree with the laws.
        """
        evs = [e if isinstance(e, Event) else Event.from_json(e) for e in events]
        if not evs or evs[0].kind != "start":
            raise GameError("a game log starts with a 'start' event")
        start = evs[0].data
        law = get_law_set(law_set if law_set is not None else str(start["law_set"]))
        deals = [Deal.from_pbn(str(e.data["deal"])) for e in evs if e.kind == "deal"]
        strict = bool(start.get("strict", True))
        game = cls(
            law,
            seed=int(start.get("seed", 0)),
            first_dealer=Seat.parse(str(start.get("first_dealer", "N"))),
            deals=deals,
            boards=int(start.get("boards", 4)),
            strict=strict,
        )
        for i, e in enumerate(evs[1:], 1):
            if strict:
                if e.kind == "call" and not e.data.get("compulsory"):
                    if game.to_act != e.seat:
                        raise GameError(f"event {i}: {e.seat} called out of turn")
                    game.call(str(e.data["call"]))
                elif e.kind == "play":
                    if game.to_act != e.seat:
                        raise GameError(f"event {i}: {e.seat} played out of turn")
                    game.play(str(e.data["card"]))
                continue
            if e.kind not in _ACTIONS or e.data.get("compulsory") or e.data.get("applied"):
                continue
            try:
                getattr(game, e.kind)(**dict(e.data), seat=e.seat)
            except (RedoubleError, TypeError) as err:
                raise GameError(f"event {i} ({e.kind}) does not replay: {err}") from None
        kinds = ("score", "deal", "end", "irregularity", "void")
        mine = [x for x in game.log if x.kind in kinds]
        theirs = [x for x in evs if x.kind in kinds]
        if [m.to_json() for m in mine] != [t.to_json() for t in theirs[: len(mine)]]:
            raise GameError("the replayed game does not agree with the log's deals or scores")
        return game

    def to_json(self) -> str:
        """The game as JSON text: law set, flags and the event log."""
        return json.dumps(
            {
                "format": "redouble-game/1",
                "law_set": self._law.name,
                "events": [e.to_json() for e in self._log],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from :meth:`to_json`'s text (replayed, so checked).

        Raises:
            GameError: the text is not a redouble game or its log does not replay.
        """
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise GameError(f"not JSON: {e}") from None
        if not isinstance(obj, dict) or obj.get("format") != "redouble-game/1":
            raise GameError("not a redouble game (format redouble-game/1)")
        return cls.replay(obj["events"], obj.get("law_set"))

    # ==============================================================================================
    # Irregularities (strict=False).
    # ==============================================================================================

    def _need_lenient(self, what: str) -> None:
        if self._strict:
            raise GameError(f"{what}: the game is strict (create it with strict=False)")

    def _check_free(self) -> None:
        for r in self._open.values():
            if r.blocking:
                raise GameError(
                    f"a decision is pending: ruling {r.id} ({r.kind.value}, {r.law}); "
                    f"options: {', '.join(o.code for o in r.options)}"
                )

    def _claimants(self, claimant: Claimant, offender: Seat | None) -> tuple[Seat, ...]:
        if claimant is Claimant.ADVERSARIES:
            return () if offender is None else offender.side.opponents.seats
        if claimant is Claimant.DECLARER:
            return (self._contract.declarer,) if self._contract is not None else (self._dealer,)
        if claimant is Claimant.MAKER:
            d = self._declaring
            maker = d.maker if isinstance(d, BridgeDeclaration) else None
            return (maker,) if maker is not None else (self._dealer,)
        if claimant is Claimant.ELDEST_HAND:
            return (self._dealer.lho,)
        if claimant is Claimant.DEALER:
            return (self._dealer,)
        if claimant is Claimant.DEALER_SIDE:
            return (self._dealer, self._dealer.partner)
        if claimant is Claimant.OFFENDER:
            return () if offender is None else (offender,)
        return ()

    def _raise(
        self,
        kind: Irregularity,
        offender: Seat | None,
        *,
        data: Mapping[str, Any] | None = None,
        options: Sequence[Option] | None = None,
        claimants: Sequence[Seat] | None = None,
        note: str | None = None,
    ) -> Ruling:
        """Record an irregularity: its ruling, and the event naming it. Where the law set's
        code has no law on it, the event records that, with no option (internal)."""
        rule = self._code.rules.get(kind) or Rule(
            kind, f"no law of {self._code.name} on {kind.value}", Claimant.NONE, ()
        )
        if kind not in self._code.rules:
            options = ()
        opts = tuple(rule.options if options is None else options)
        who = (
            tuple(claimants) if claimants is not None else self._claimants(rule.claimant, offender)
        )
        ruling = Ruling(
            self._next_ruling,
            kind,
            rule.law,
            offender,
            who,
            opts,
            rule.deadline if opts else None,
            rule.blocking and bool(opts),
            dict(data or {}),
            rule.note if note is None else note,
        )
        self._next_ruling += 1
        self._hand_rulings.append(ruling)
        if opts:
            self._open[ruling.id] = ruling
        self._log.append(Event("irregularity", offender, ruling.to_json()))
        return ruling

    def _close(self, ruling: Ruling, how: str) -> None:
        if self._open.pop(ruling.id, None) is not None and how != "decided":
            self._log.append(Event(how, None, {"ruling": ruling.id}))

    def _require(self, kind: Irregularity, error: type[RedoubleError], what: str) -> None:
        """Refuse (nothing changed) an irregularity the law set's code has no law on."""
        if not self._code.has(kind):
            raise error(f"{what}: the {self._code.name} code has no law on {kind.value}")

    def _options(self, kind: Irregularity, drop: Sequence[str] = ()) -> tuple[Option, ...]:
        return tuple(o for o in self._code.rule(kind).options if o.code not in drop)

    # -- declaring -----------------------------------------------------------------------------------
    def _lenient_call(self, call: Call | str, seat: Seat | None) -> None:
        self._check_free()
        d = self._declaring
        s = seat if seat is not None else d.to_call
        if s is None:
            raise IllegalCallError("declaring is over")
        if isinstance(d, Auction):
            self._auction_call(d, call, s)
        else:
            self._bridge_call(d, call, s)

    def _impossible(self, call: Call | str) -> Call | None:
        """A bid of more than seven in a declaration of the law set (A50), else None."""
        if isinstance(call, Call):
            return call if call.is_bid and (call.level or 0) > 7 else None
        m = _IMPOSSIBLE_BID.match(call)
        if not m or int(m.group(1)) <= 7:
            return None
        try:
            symbol = self._law.declaration(m.group(2)).symbol
        except RedoubleError:
            return None
        return Call(CallKind.BID, int(m.group(1)), symbol)

    def _auction_call(self, d: Auction, call: Call | str, s: Seat) -> None:
        impossible = self._impossible(call)
        c = impossible or Call.parse(call, self._law)
        to = d.to_call
        text = str(c)
        if s != to:
            kind = (
                Irregularity.PASS_OUT_OF_TURN
                if c.kind is CallKind.PASS
                else Irregularity.DECLARATION_OUT_OF_TURN
                if c.is_bid
                else Irregularity.DOUBLE_OUT_OF_TURN
            )
            self._require(kind, IllegalCallError, f"{s.name.title()} calls out of turn")
            if c.kind is CallKind.PASS:
                self._log.append(Event("call", s, {"call": text}))
                self._raise(Irregularity.PASS_OUT_OF_TURN, s, data={"call": text})
                return
            kind = (
                Irregularity.DECLARATION_OUT_OF_TURN
                if c.is_bid
                else Irregularity.DOUBLE_OUT_OF_TURN
            )
            stand = impossible is None and self._stand_auction(d, s, c) is not None
            self._log.append(Event("call", s, {"call": text}))
            self._raise(
                kind,
                s,
                data={"call": text},
                options=self._options(kind, () if stand else ("let_stand",)),
            )
            return
        if impossible is not None:
            self._require(Irregularity.IMPOSSIBLE_DECLARATION, IllegalCallError, text)
            assert c.declaration is not None
            seven = Call(CallKind.BID, 7, c.declaration)
            drop: list[str] = [] if d.is_legal(seven) else ["accept"]
            if not self._side_bids(d, s.side.opponents):
                drop.append("previous_final")
            self._log.append(Event("call", s, {"call": text}))
            self._raise(
                Irregularity.IMPOSSIBLE_DECLARATION,
                s,
                data={"call": text, "declaration": c.declaration},
                options=self._options(Irregularity.IMPOSSIBLE_DECLARATION, drop),
            )
            return
        why = d.why_illegal(c)
        if why is None:
            self._regular_call(c, s)
            return
        if d.is_insufficient(c) and self._code.has(Irregularity.INSUFFICIENT_DECLARATION):
            self._log.append(Event("call", s, {"call": text}))
            self._raise(Irregularity.INSUFFICIENT_DECLARATION, s, data={"call": text})
            return
        if (
            c.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
            and d.is_legal(Call.PASS)
            and self._code.has(Irregularity.ILLEGAL_DOUBLE)
        ):
            # A54, Case 6: forbidden, not penalised; the call has no effect but takes the turn.
            self._log.append(Event("call", s, {"call": text}))
            self._raise(Irregularity.ILLEGAL_DOUBLE, s, data={"call": text, "why": why})
            d.call(Call.PASS)
            self._calls_in_hand += 1
            self._after_call()
            return
        raise IllegalCallError(f"{s.name.title()}: {why}")

    @staticmethod
    def _side_bids(d: Auction, side: Side) -> list[Call]:
        return [c for i, c in enumerate(d.calls) if c.is_bid and d.dealer.next(i).side == side]

    def _stand_auction(self, d: Auction, s: Seat, c: Call) -> Auction | None:
        """The auction with `s`'s call out of turn let stand (A49: "as if in order"): the seats
        passed over lose their turn. None when that cannot be (it would close the auction)."""
        if not d.calls:
            other = Auction(self._law, s)
            for bar in d.bars:
                other.bar(bar)
        else:
            other = d.copy()
            while other.to_call != s:
                if not other.is_legal(Call.PASS):
                    return None
                other.call(Call.PASS)
                if other.is_complete:
                    return None
        return other if other.is_legal(c) else None

    def _bridge_call(self, d: BridgeDeclaration, call: Call | str, s: Seat) -> None:
        c = Call.parse(call, self._law)
        if c.kind is CallKind.REDOUBLE:
            c = Call.DOUBLE
        to = d.to_call
        dealer = d.dealer
        text = str(c)
        if s == to:
            why = d.why_illegal(c)
            missing = self._consent_missing(s) if c.kind is CallKind.DOUBLE else None
            if why is None and missing is not None:
                consenter, words, law = missing
                why = (
                    f"{s.name.title()} may double only if {consenter.name.title()}, {words}, "
                    f"consents (Game.consent) [{law}]"
                )
            if why is None:
                needed = self._consent_needed.get(s)
                if c.kind is CallKind.DOUBLE and needed is not None:
                    needed.given = False  # B56: a consent is for one re-double
                self._regular_call(c, s)
                return
            if d.maker is None and to == dealer.partner and c.kind is CallKind.PASS:
                self._log.append(Event("call", s, {"call": text}))
                self._raise(Irregularity.PASS_BACK, s, data={"call": text})
                return
            raise IllegalCallError(why)
        if d.maker is None:
            if s.side != dealer.side:
                self._log.append(Event("call", s, {"call": text}))
                self._raise(Irregularity.ADVERSARY_DECLARES, s, data={"call": text})
                return
            if s == dealer.partner and to == dealer and c.is_bid and c.level is None:
                self._log.append(Event("call", s, {"call": text}))
                self._raise(
                    Irregularity.MAKE_WITHOUT_PERMISSION,
                    s,
                    data={"call": text, "declaration": c.declaration},
                )
                return
        elif (
            c.kind is CallKind.DOUBLE
            and s == dealer.rho
            and to == dealer.lho
            and d.doublings == 0
            and s.side != d.maker.side
        ):
            self._log.append(Event("call", s, {"call": text}))
            self._raise(Irregularity.DOUBLE_OUT_OF_TURN, s, data={"call": text})
            return
        elif (
            c.kind is CallKind.PASS
            and s == dealer.rho
            and to == dealer.lho
            and d.doublings == 0
            and self._code.has(Irregularity.PASS_OUT_OF_TURN)
        ):
            # B59: the dealer's right-hand adversary asks "May I lead?" before the eldest hand
            # has spoken: the question is void and the eldest hand keeps his right to double.
            self._log.append(Event("call", s, {"call": text}))
            self._raise(
                Irregularity.PASS_OUT_OF_TURN,
                s,
                data={"call": text, "may_still_double": to.letter},
            )
            return
        raise IllegalCallError(
            f"{s.name.title()} speaks out of turn, and {self._law.name} gives no rectification "
            "for it"
        )

    def correct_call(self, call: Call | str, *, seat: Seat | int | str | None = None) -> None:
        """Correct an inadvertent declaration before the next player acts, without penalty
        (A52). Not once an adversary has called attention to it (Case 2), and not in Bridge,
        where a declaration once made cannot be altered (B49).

        Raises:
            GameError: strict game, or not the declaring phase.
            IrregularityError: the correction is not allowed; nothing changes.
            IllegalCallError: the new call is not legal.
        """
        self._need_lenient("correct_call")
        if self._phase is not Phase.DECLARE:
            raise GameError("no declaration can be corrected now")
        d = self._declaring
        law52 = self._code.rules.get(Irregularity.DECLARATION_CORRECTED)
        if not isinstance(d, Auction) or law52 is None:
            raise IrregularityError("a declaration once made cannot be altered [seed 003 L49]")
        for r in self._open.values():
            if r.kind in (
                Irregularity.INSUFFICIENT_DECLARATION,
                Irregularity.IMPOSSIBLE_DECLARATION,
            ):
                raise IrregularityError(
                    "an adversary has called attention to the declaration: its correction is "
                    "the law 50 penalty, not a free correction [seed 000 L52; Case 2]"
                )
        calls = d.calls
        if not calls:
            raise IrregularityError("there is no declaration to correct")
        last = d.dealer.next(len(calls) - 1)
        if seat is not None and Seat.of(seat) != last:
            raise IrregularityError(
                "only the last declaration, before the next player acts, may be corrected "
                "[seed 000 L52]"
            )
        trial = d.copy()
        trial.undo()
        new = Call.parse(call, self._law)
        why = trial.why_illegal(new)
        if why is not None:
            raise IllegalCallError(why)
        self._check_free()
        self._log.append(Event("correct_call", last, {"call": str(new)}))
        d.undo()
        d.call(new)
        self._raise(
            Irregularity.DECLARATION_CORRECTED, last, data={"from": str(calls[-1]), "to": str(new)}
        )
        self._after_call()

    def _lead_while_declaring(self, card: Card | str | int, seat: Seat | None) -> None:
        """A card led before the declaring is over: Auction A65 (an exposed card); Bridge B56,
        B60 (a lead before the doubling is over)."""
        self._check_free()
        c = _parse_card(card)
        d = self._declaring
        if seat is None:
            raise IllegalPlayError("no card is due: name the seat that led")
        if not self._deal[seat].mask >> int(c) & 1:
            raise IllegalPlayError(f"{seat.name.title()} does not hold {c}")
        if isinstance(d, Auction):
            self.expose(c, seat=seat)
            return
        if d.maker is None or seat.side == d.maker.side:
            raise IllegalPlayError("no card is due: the trump is not made")
        self._log.append(Event("play", seat, {"card": str(c)}))
        if seat == d.dealer.rho:
            # B60: the eldest hand "may only double if the maker of the trump consent".
            self._consent_needed[d.dealer.lho] = _Consent("seed 003 L60", d.maker)
            self._raise(Irregularity.LEAD_DURING_DECLARING, seat, data={"card": str(c)})
        else:
            # B56: "his partner may re-double only with the consent of the adversary who last
            # doubled; but such lead shall not affect the right of either adversary to double":
            # the partner's first double, and every double of the eldest hand, stay free.
            self._consent_needed[seat.partner] = _Consent("seed 003 L56", None, redouble_only=True)
            self._raise(
                Irregularity.LEAD_DURING_DECLARING,
                seat,
                data={"card": str(c)},
                options=(),
                note="B56: the eldest hand led before the doubling was over; the card is taken "
                "back [assumed], and his partner may re-double only with the consent of the "
                "adversary who last doubled (Game.consent); either adversary's right to double "
                "is not affected",
            )

    def _consent_missing(self, seat: Seat) -> tuple[Seat, str, str] | None:
        """Whose consent `seat` lacks to double now (B56, B60): (consenter, who he is, law),
        or None when `seat` may double without one (internal)."""
        needed = self._consent_needed.get(seat)
        d = self._declaring
        if needed is None or needed.given or not isinstance(d, BridgeDeclaration):
            return None
        if needed.consenter is not None:
            return needed.consenter, "the maker of the trump", needed.law
        if not needed.redouble_only or d.doublings == 0:
            return None  # B56: a first double is not affected by the lead
        last = next(who for who, call in reversed(d.history) if call.kind is CallKind.DOUBLE)
        return last, "the adversary who last doubled", needed.law

    # -- play ------------------------------------------------------------------------------------------
    def _lenient_play(self, c: Card, seat: Seat | None) -> None:
        self._check_free()
        t = self._table
        assert t is not None
        assert self._contract is not None
        s = seat if seat is not None else t.expected()
        if not t.holds(s, c):
            raise IllegalPlayError(f"{s.name.title()} does not hold {c}")
        full = t.is_full()
        if not full and s in t.cards:
            raise IllegalPlayError(
                f"{s.name.title()} has already played to this trick; two cards played at once "
                "are play_together (A70, A82)"
            )
        lead = full or not t.cards
        rightful = t.winner() if full else t.rightful
        if lead and s != rightful:
            kind = (
                Irregularity.DECLARER_LEAD_OUT_OF_TURN
                if s.side == self._contract.declarer.side
                else Irregularity.LEAD_OUT_OF_TURN
            )
            self._require(kind, IllegalPlayError, f"{s.name.title()} leads out of turn")
        elif not lead and s != t.expected():
            self._require(
                Irregularity.PLAYED_BEFORE_TURN, IllegalPlayError, f"{s.name.title()} plays early"
            )
        self._log.append(Event("play", s, {"card": str(c)}))
        if full:
            self._gather()
        self._place(s, c)
        if self._phase is Phase.PLAY and t.is_full() and len(t.tricks) == 12:
            self._gather()
        self._surplus_found_by_want_of_a_card()

    def _place(self, s: Seat, c: Card) -> None:
        """Put `s`'s card `c` on the table and raise what it breaks (internal)."""
        t = self._table
        assert t is not None
        assert self._contract is not None
        declarer, dummy = self._contract.declarer, self._contract.dummy
        defenders = declarer.side.opponents
        for rv in self._revokes:  # A85: the revoking side plays to the following trick
            later = rv.trick < len(t.tricks) and rv.seat.side == s.side
            if later and rv.questioned and not (rv.established or rv.corrected):
                self._establish(rv)
        lead = not t.cards
        follow = t.follow(s, lead)
        failed: Obligation | None = None
        for o, trick in t.applicable(self._obligations, defenders.seats, s, lead):
            allowed = t.allowed(o, s, follow, lead)
            self._obligations.remove((o, trick))
            if not allowed:
                if o.kind is ObligationKind.LEAD_SUIT:
                    self._raise(
                        Irregularity.CALLED_SUIT_NOT_HELD,
                        s,
                        data={"suit": o.suit.letter if o.suit else None},
                    )
                continue
            if c not in allowed and failed is None and (s.side == defenders or s == dummy):
                failed = o
        revoke = not lead and c not in follow
        rightful = t.rightful
        if lead:
            t.leader = s
        expected = t.expected()
        t.add(s, c)
        index = len(t.tricks)
        self._callable[s].discard(c)
        if lead and s != rightful:
            if s.side == declarer.side:
                self._raise(
                    Irregularity.DECLARER_LEAD_OUT_OF_TURN,
                    s,
                    data={"card": str(c), "rightful": rightful.letter, "trick": index},
                    claimants=(declarer,),
                )
            else:
                self._raise(
                    Irregularity.LEAD_OUT_OF_TURN,
                    s,
                    data={"card": str(c), "rightful": rightful.letter, "trick": index},
                )
        elif not lead and s != expected:
            second = t.leader.lho
            if (
                s == t.leader.rho
                and expected == second
                and s.side == defenders
                and second.side == defenders
            ):
                self._raise(
                    Irregularity.PLAYED_BEFORE_TURN,
                    s,
                    data={"card": str(c), "target": second.letter, "trick": index},
                )
            else:
                self._log.append(Event("early_play", s, {"card": str(c), "no_law": True}))
        if revoke:
            kind = Irregularity.DUMMY_REVOKE if s == dummy else Irregularity.REVOKE
            r = self._raise(kind, s, data={"card": str(c), "trick": index})
            self._revokes.append(_Revoke(s, index, c, kind, r.id))
        elif failed is not None:
            r = self._raise(
                Irregularity.FAILURE_TO_COMPLY,
                s,
                data={"card": str(c), "trick": index, "penalty": failed.kind.value},
            )
            self._revokes.append(_Revoke(s, index, c, r.kind, r.id, obligation=failed))
        self._lapse_on_play()

    def _lapse_on_play(self) -> None:
        t = self._table
        assert t is not None
        for r in list(self._open.values()):
            lapsed = (r.kind is Irregularity.LEAD_OUT_OF_TURN and t.is_full()) or (
                r.kind is Irregularity.DECLARER_LEAD_OUT_OF_TURN and t.leader.lho in t.cards
            )
            if lapsed:
                self._close(r, "lapsed")

    def _gather(self) -> None:
        """Turn and quit the trick on the table: its revokes are established (A83; B86)."""
        t = self._table
        assert t is not None
        index = len(t.tricks)
        t.gather()
        self._obligations = [(o, k) for o, k in self._obligations if k is None or k > index]
        for rv in self._revokes:
            if rv.trick == index and not rv.corrected and not rv.established:
                if rv.questioned and len(t.tricks) < 13:
                    continue  # A85: quitting does not establish it
                self._establish(rv)
        for r in list(self._open.values()):
            if r.kind in (Irregularity.LEAD_OUT_OF_TURN, Irregularity.DECLARER_LEAD_OUT_OF_TURN):
                self._close(r, "lapsed")
        if len(t.tricks) == 13:
            self._end_play()

    def _establish(self, rv: _Revoke) -> None:
        """The revoke `rv` can no longer be corrected: established (a dummy's card just stands)
        (internal)."""
        rv.established = rv.kind is not Irregularity.DUMMY_REVOKE
        ruling = next((r for r in self._open.values() if r.id == rv.ruling), None)
        if ruling is not None:
            self._close(ruling, "lapsed")
        if rv.established:
            self._log.append(
                Event("revoke_established", rv.seat, {"card": str(rv.card), "trick": rv.trick})
            )

    def quit_trick(self, *, seat: Seat | int | str | None = None) -> None:
        """Turn and quit the trick on the table (its revokes are then established, A83; B86).

        A trick of three cards quitted is a card omitted (A81; B83): the offender's adversaries
        choose a new deal or that the deal stands.

        Raises:
            GameError: strict game, not the play phase, a decision pending, or no trick to quit.
        """
        self._need_lenient("quit_trick")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError("no trick is on the table")
        self._check_free()
        t = self._table
        assert self._contract is not None
        if t.is_full():
            self._log.append(Event("quit_trick", None, {}))
            self._gather()
            return
        if len(t.cards) != 3:
            raise GameError("only a full trick (or one a single card short) can be quitted")
        self._require(Irregularity.CARD_OMITTED, GameError, "a card omitted")
        missing = t.expected()
        if missing == self._contract.dummy:
            raise GameError("dummy's card is played by the declarer: play it (A81 excludes dummy)")
        index = len(t.tricks)
        self._log.append(Event("quit_trick", None, {}))
        self._omissions[index] = (missing, None)
        self._raise(Irregularity.CARD_OMITTED, missing, data={"trick": index})
        self._gather()

    def play_together(
        self, cards: Sequence[Card | str | int], *, seat: Seat | int | str | None = None
    ) -> None:
        """Two or more cards played at once (A70, A82; B72): the declarer calls one to the trick
        and the others are exposed; the declarer's own he chooses himself, not exposed.

        Raises:
            GameError: strict game, not the play phase, or a decision pending.
            IllegalPlayError: fewer than two cards, a card not held, or not in turn.
        """
        self._need_lenient("play_together")
        self._require(Irregularity.TWO_CARDS_PLAYED, GameError, "two cards at once")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError("no card is due")
        self._check_free()
        t = self._table
        assert self._contract is not None
        s = Seat.of(seat) if seat is not None else t.expected()
        parsed = [_parse_card(c) for c in cards]
        if len(set(parsed)) < 2:
            raise IllegalPlayError("two or more different cards are needed")
        missing = [c for c in parsed if not t.holds(s, c)]
        if missing:
            raise IllegalPlayError(f"{s.name.title()} does not hold {missing[0]}")
        if s != t.expected():
            raise IllegalPlayError("cards played at once out of turn: play them in turn")
        self._log.append(Event("play_together", s, {"cards": [str(c) for c in parsed]}))
        if t.is_full():
            self._gather()
        declarer_side = s.side == self._contract.declarer.side
        follow = t.follow(s, not t.cards)
        data = {"cards": [str(c) for c in parsed], "exposed": not declarer_side}
        if not any(c in follow for c in parsed):
            # None can be called without obliging a revoke (A74; B79): all are exposed.
            if not declarer_side:
                self._callable[s].update(parsed)
            self._raise(
                Irregularity.TWO_CARDS_PLAYED,
                s,
                data=data,
                options=(),
                note="no card can be called to the trick without a revoke (A74): the cards "
                "are exposed and the player plays again",
            )
            return
        self._raise(
            Irregularity.TWO_CARDS_PLAYED, s, data=data, claimants=(self._contract.declarer,)
        )

    def correct_revoke(self, *, seat: Seat | int | str | None = None) -> None:
        """Correct a revoke (or a penalty not complied with) before it is established (A73,
        A85-86; B91): the card goes back, the players who followed take back theirs; against a
        defender the declarer then chooses the card exposed or highest or lowest.

        Raises:
            GameError: strict game, or no revoke can be corrected now; nothing changes.
        """
        self._need_lenient("correct_revoke")
        t = self._table
        if self._phase is not Phase.PLAY or t is None:
            raise GameError("there is no revoke to correct")
        who = None if seat is None else Seat.of(seat)
        index = len(t.tricks)
        open_ = [
            rv
            for rv in self._revokes
            if rv.trick == index
            and not rv.corrected
            and not rv.established
            and t.cards.get(rv.seat) == rv.card
            and (who is None or rv.seat == who)
        ]
        questioned = [
            rv
            for rv in self._revokes
            if rv.questioned
            and rv.trick == index - 1
            and not (rv.corrected or rv.established)
            and (who is None or rv.seat == who)
        ]
        if not open_ and not questioned:
            raise GameError(
                "no revoke on the trick on the table can be corrected (it is established once "
                "the trick is quitted) [seed 000 L83, L85]"
            )
        rv = open_[0] if open_ else questioned[0]
        self._log.append(Event("correct_revoke", rv.seat, {}))
        if not open_:
            t.reopen_last_trick()
        self._do_correct(rv)

    def ask_having_none(self, *, seat: Seat | int | str, answered_no: bool = False) -> None:
        """`seat` asks his partner whether he has a card of the suit he has just renounced
        ("Having none?"), before the trick is turned and quitted (Auction 1912, seed 000 L85).

        The law: "should the question be asked before the trick is turned and quitted,
        subsequent turning and quitting does not establish a revoke, and the error may be
        corrected unless the question is answered in the negative, or unless the revoking
        player or his partner has led or played to the following trick." So a revoke asked
        about stays open when the trick is quitted: :meth:`correct_revoke` may still correct it
        (the trick comes back to the table) until the revoking side plays to the next trick,
        which establishes it. `answered_no`: the partner answered "no" (he has none), which
        leaves the revoke to be established by quitting, as without the question. Dummy may
        ask the declarer (A60 a); a renounce that is no revoke is asked about to no effect.
        Bridge (seed 003 L86) establishes a revoke by quitting whatever is asked: refused there.

        Raises:
            GameError: strict game, a code without the law, no trick on the table, or the
                partner has not renounced to it.
        """
        self._need_lenient("ask_having_none")
        self._require(Irregularity.REVOKE_QUESTION, GameError, "asking about a renounce")
        t = self._table
        if self._phase is not Phase.PLAY or t is None or not t.cards:
            raise GameError("the question is asked before the trick is turned and quitted")
        asker = Seat.of(seat)
        partner = asker.partner
        led = t.led_suit
        card = t.cards.get(partner)
        if card is None or partner == t.leader or card.suit == led:
            raise GameError(
                f"{partner.name.title()} has not renounced to the trick on the table [seed 000 L85]"
            )
        self._check_free()
        index = len(t.tricks)
        data: dict[str, Any] = {"answered_no": True} if answered_no else {}
        self._log.append(Event("ask_having_none", asker, data))
        revokes = [
            rv
            for rv in self._revokes
            if rv.seat == partner and rv.trick == index and not (rv.corrected or rv.established)
        ]
        for rv in revokes:
            rv.questioned = not answered_no
        self._raise(
            Irregularity.REVOKE_QUESTION,
            partner,
            data={"trick": index, "card": str(card), "revoke": bool(revokes), **data},
        )

    def play_surplus_card(self, card: Card | str | int, *, seat: Seat | int | str) -> None:
        """`seat` puts a second card, unnoticed, on the trick on the table to which he has
        already played (Auction 1912, seed 000 L82; Bridge by the Auction equivalent): the trick
        will hold five cards. The surplus card never counts in the trick [assumed: it was not
        played to it]; it is out of its holder's hand until the tricks are counted
        (:meth:`count_tricks`), or until he has no card to play, when the error is necessarily
        detected and the tricks counted; if neither happens before the play ends (a claim), he
        still answers for the revokes it caused.

        Raises:
            GameError: strict game, a code without the law, not the play phase, or a decision
                pending.
            IllegalPlayError: dummy (whose cards the declarer plays), a card not held, or a
                player who has not played to the trick on the table.
        """
        self._need_lenient("play_surplus_card")
        self._require(Irregularity.SURPLUS_CARD, GameError, "a surplus card")
        t = self._table
        if self._phase is not Phase.PLAY or t is None:
            raise GameError("no trick is on the table")
        self._check_free()
        assert self._contract is not None
        s = Seat.of(seat)
        c = _parse_card(card)
        if s == self._contract.dummy:
            raise IllegalPlayError("dummy's cards are played by the declarer (A82 excludes dummy)")
        if s not in t.cards:
            raise IllegalPlayError(f"{s.name.title()} has not played to the trick on the table")
        if not t.holds(s, c):
            raise IllegalPlayError(f"{s.name.title()} does not hold {c}")
        self._log.append(Event("play_surplus_card", s, {"card": str(c)}))
        t.hands[s] &= ~c.mask
        self._callable[s].discard(c)
        self._surplus.append((len(t.tricks), s, c))
        self._surplus_found_by_want_of_a_card()

    def count_tricks(self, *, seat: Seat | int | str) -> int:
        """`seat` has the tricks counted face downward to see whether any holds more than four
        cards (seed 000 L82): each surplus card is restored to its holder, who (not being
        dummy) "shall be liable for any revoke he may meanwhile have made" — every later
        trick to which he renounced the suit of the surplus card is an established revoke.
        Returns the number of cards restored (0: no trick holds more than four).

        Raises:
            GameError: strict game, a code without the law, not the play phase, or a decision
                pending.
        """
        self._need_lenient("count_tricks")
        self._require(Irregularity.SURPLUS_CARD, GameError, "counting the tricks")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError("the tricks are counted during the play [seed 000 L82]")
        self._check_free()
        self._log.append(Event("count_tricks", Seat.of(seat), {}))
        return self._restore_surplus(restore=True)

    def _surplus_found_by_want_of_a_card(self) -> None:
        """A player with a surplus card out of his hand has none to play: the error is
        detected and the tricks counted (A82) (internal)."""
        t = self._table
        if not self._surplus or self._phase is not Phase.PLAY or t is None:
            return
        if len(t.tricks) < 13 and not t.hands[t.expected()]:
            self._restore_surplus(restore=True)

    def _restore_surplus(self, *, restore: bool) -> int:
        """A82: each surplus card back to its holder (when `restore`), and his revokes meanwhile
        made (the suit led held only by the surplus card, another suit played) established
        (internal)."""
        t = self._table
        assert t is not None
        found = list(self._surplus)
        self._surplus.clear()
        for index, seat, card in found:
            if restore:
                t.hands[seat] |= card.mask
            meanwhile = t.renounced_meanwhile(self._revokes, index, seat, card)
            ruling = self._raise(
                Irregularity.SURPLUS_CARD,
                seat,
                data={
                    "trick": index,
                    "card": str(card),
                    "restored": restore,
                    "revokes": [j for j, _ in meanwhile],
                },
            )
            for j, played in meanwhile:
                rv = _Revoke(seat, j, played, Irregularity.REVOKE, ruling.id)
                self._revokes.append(rv)
                self._establish(rv)
            # A renounce on the trick still on the table is a revoke that may yet be corrected.
            now = t.cards.get(seat)
            on_table = len(t.tricks)
            known = any(rv.seat == seat and rv.trick == on_table for rv in self._revokes)
            renounced = now is not None and card.suit == t.led_suit and now.suit != card.suit
            if restore and renounced and now is not None and seat != t.leader and not known:
                r = self._raise(
                    Irregularity.REVOKE, seat, data={"card": str(now), "trick": on_table}
                )
                self._revokes.append(_Revoke(seat, on_table, now, Irregularity.REVOKE, r.id))
        return len(found)

    def _do_correct(self, rv: _Revoke) -> None:
        t = self._table
        assert t is not None
        index = rv.trick
        after = t.order[t.order.index(rv.seat) :]
        for other in self._revokes:  # the followers' cards go back: their revokes vanish
            withdrawn = other is not rv and other.trick == index and other.seat in after[1:]
            if withdrawn and not other.corrected and not other.established:
                other.corrected = True
                ruling = self._open.get(other.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        for s in reversed(after):
            t.take_back(s)
        if not t.cards:
            t.leader = t.rightful
        rv.corrected = True
        ruling = next((r for r in self._open.values() if r.id == rv.ruling), None)
        if ruling is not None:
            self._close(ruling, "decided")
        assert self._contract is not None
        if rv.obligation is not None:
            self._obligations.append(
                (rv.obligation, index if not rv.obligation.on_lead_only else None)
            )
        if rv.kind is Irregularity.REVOKE and rv.seat.side != self._contract.declarer.side:
            self._raise(
                Irregularity.REVOKE_CORRECTED,
                rv.seat,
                data={"card": str(rv.card), "trick": index, "withdrawn": [s.letter for s in after]},
            )

    def expose(
        self,
        card: Card | str | int,
        *,
        seat: Seat | int | str,
        during_deal: bool = False,
    ) -> None:
        """A card exposed (dropped face up, shown, named as held; A68): rectified by when it
        happens — during the deal (A37 c; B39), before the final declaration (A65; B67), before
        the opening lead (A66), or in the play (A67; B69). A card dropped below the table, or
        seen only by an adversary, is not exposed (A69): do not record it.

        Raises:
            GameError: strict game, the game is over, or a decision pending.
            IllegalPlayError: the seat does not hold the card.
        """
        self._need_lenient("expose")
        if self._phase not in (Phase.DECLARE, Phase.PLAY):
            raise GameError("no card can be exposed now")
        self._require(Irregularity.EXPOSED_CARD, GameError, "an exposed card")
        self._check_free()
        s = Seat.of(seat)
        c = _parse_card(card)
        held = (
            self._table.holds(s, c)
            if self._table is not None
            else bool(self._deal[s].mask >> int(c) & 1)
        )
        if not held:
            raise IllegalPlayError(f"{s.name.title()} does not hold {c}")
        data = {"card": str(c)}
        if self._phase is Phase.DECLARE:
            if during_deal and self._calls_in_hand == 0:
                self._log.append(Event("expose", s, {"card": str(c), "during_deal": True}))
                rule = self._code.rule(Irregularity.CARD_EXPOSED_IN_DEAL)
                who = None
                if rule.claimant is Claimant.ADVERSARIES:  # B39 a, b
                    who = (
                        (self._dealer.lho,)
                        if s.side == self._dealer.side
                        else (self._dealer, self._dealer.partner)
                    )
                r = self._raise(Irregularity.CARD_EXPOSED_IN_DEAL, s, data=data, claimants=who)
                if rule.claimant is Claimant.NONE:  # A37 c: compulsory
                    self._decide_now(r, "new_deal")
                return
            self._log.append(Event("expose", s, {"card": str(c), "during_deal": False}))
            d = self._declaring
            if isinstance(d, Auction):
                # A65: partner barred from bidding and doubling; the card is subject to call.
                d.bar(Bar(s.partner, "seed 000 L65", doubles_too=True, lifted_by_adversary=False))
                self._callable[s].add(c)
                self._exposed_in_auction.append((s, c))
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
                    s,
                    data={**data, "barred": s.partner.letter},
                    options=(),
                    note="the offender's partner may not bid or double again; the card is "
                    "subject to call",
                )
                return
            if s.side == d.dealer.side:  # B67
                self._raise(Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION, s, data=data)
                return
            self._callable[s].add(c)
            self._raise(Irregularity.EXPOSED_CARD, s, data=data)
            return
        t = self._table
        assert t is not None
        assert self._contract is not None
        self._log.append(Event("expose", s, {"card": str(c), "during_deal": False}))
        declarer, leader = self._contract.declarer, self._contract.opening_leader
        if s.side == declarer.side:
            self._raise(
                Irregularity.EXPOSED_CARD,
                s,
                data={**data, "callable": False},
                note="cards exposed by the declarer (or dummy) are not called [A72]",
            )
            return
        self._callable[s].add(c)
        if not t.tricks and not t.cards:
            if s == leader.partner:
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_LEAD, s, data={**data, "suit": c.suit.letter}
                )
            else:
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_LEAD,
                    s,
                    data=data,
                    options=(),
                    note="the rightful leader exposed a card: it is subject to call [A66]",
                )
            return
        self._raise(Irregularity.EXPOSED_CARD, s, data={**data, "callable": True})

    def call_exposed_card(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The declarer calls an exposed card: its holder must play it at his next turn, unless
        that would oblige a revoke (A74, A75; B79, B80). The call may be repeated until the
        card is played.

        Raises:
            GameError: strict game, not the play phase, or the card is not liable to be called.
        """
        self._need_lenient("call_exposed_card")
        self._require(Irregularity.EXPOSED_CARD, GameError, "an exposed card")
        if self._phase is not Phase.PLAY or self._contract is None:
            raise GameError("no card can be called now")
        c = _parse_card(card)
        holder = next((s for s, cards in self._callable.items() if c in cards), None)
        if holder is None or (self._table is not None and not self._table.holds(holder, c)):
            raise GameError(f"{c} is not an exposed card liable to be called")
        if seat is not None and Seat.of(seat) != self._contract.declarer:
            raise GameError("only the declarer calls exposed cards")
        self._log.append(Event("call_exposed_card", self._contract.declarer, {"card": str(c)}))
        rule = self._code.rule(Irregularity.EXPOSED_CARD)
        self._obligations.append(
            (Obligation(ObligationKind.PLAY_CARD, holder, rule.law, card=c), None)
        )

    def consent(self, *, seat: Seat | int | str) -> None:
        """`seat` gives the consent a law requires before another player may double (Bridge,
        seed 003).

        Law 60: after the dealer's right-hand adversary led during the doubling, the eldest hand
        "may only double if the maker of the trump consent" — only the maker's consent counts,
        and once given it lifts the bar. Law 56: after the eldest hand led before the doubling
        was completed, "his partner may re-double only with the consent of the adversary who
        last doubled" — the consent of the player who made the last double (a re-double of the
        dealer's side), given when the partner's turn to re-double comes; it is good for that
        re-double only, and a later re-double needs the consent of whoever then last doubled.
        His first double needs none ("such lead shall not affect the right of either adversary
        to double").

        Raises:
            GameError: strict game, not the declaring phase, or nobody needs `seat`'s consent
                now.
        """
        self._need_lenient("consent")
        who = Seat.of(seat)
        if self._phase is not Phase.DECLARE:
            raise GameError("consent to a double: only while declaring")
        needing = [
            s
            for s in self._consent_needed
            if (missing := self._consent_missing(s)) is not None and missing[0] == who
        ]
        if not needing:
            raise GameError(f"nobody needs {who.name.title()}'s consent to double now")
        self._log.append(Event("consent", who))
        for s in needing:
            if self._consent_needed[s].redouble_only:
                self._consent_needed[s].given = True
            else:
                del self._consent_needed[s]

    def remark(
        self,
        kind: Irregularity | str,
        *,
        seat: Seat | int | str,
        card: Card | str | int | None = None,
    ) -> None:
        """Something said or done at the table that the laws rectify: information about the
        declarations (A51), an unauthorised reference (A93; B101), calling attention to the
        trick (A92; B100), winning cards led without waiting (A71), dummy's rights and
        interventions (A60-62; B61-64), new cards and bystanders (no effect).

        Raises:
            GameError: strict game, or the remark does not fit the moment or the seat.
            IrregularityError: the law set's code has no law on it.
        """
        self._need_lenient("remark")
        k = Irregularity(kind)
        if k not in _REMARKS:
            raise IrregularityError(f"{k.value} is not a remark")
        self._code.rule(k)
        s = Seat.of(seat)
        c = self._contract
        if self._phase is not Phase.PLAY or c is None or self._table is None:
            if k in (Irregularity.NEW_CARDS, Irregularity.BYSTANDER):
                self._log.append(Event("remark", s, {"kind": k.value, "card": None}))
                self._raise(k, s)
                return
            raise GameError(f"{k.value}: only during the play")
        self._check_free()
        defender = s.side != c.declarer.side
        dummy_kinds = (
            Irregularity.DUMMY_RIGHT,
            Irregularity.DUMMY_INTERVENTION,
            Irregularity.DUMMY_SUGGESTS_CARD,
        )
        if k in dummy_kinds and s != c.dummy:
            raise GameError(f"{k.value}: only dummy")
        others = (*dummy_kinds, Irregularity.NEW_CARDS, Irregularity.BYSTANDER)
        if k not in others and not defender:
            raise GameError(f"{k.value}: the laws penalise only the declarer's adversaries")
        parsed = None if card is None else _parse_card(card)
        if k is Irregularity.DUMMY_SUGGESTS_CARD and (
            parsed is None or not self._table.holds(c.dummy, parsed)
        ):
            raise GameError("dummy suggests a card of dummy's hand: give the card")
        t = self._table
        data: dict[str, Any] = {}
        if k in (Irregularity.ATTENTION_TO_TRICK, Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING):
            if s.partner in t.cards or not t.cards or t.is_full():
                raise GameError(f"{k.value}: only while the partner has still to play to the trick")
            data = {"target": s.partner.letter, "trick": len(t.tricks)}
        if parsed is not None:
            data["card"] = str(parsed)
        self._log.append(
            Event("remark", s, {"kind": k.value, "card": None if parsed is None else str(parsed)})
        )
        if k is Irregularity.DUMMY_INTERVENTION:
            self._raise(k, s)
            self._forfeit_declarer_penalties()
            return
        self._raise(k, s, data=data)

    def _forfeit_declarer_penalties(self) -> None:
        """A61; B63: the declarer cannot exact the penalties of incidents so far."""
        assert self._contract is not None
        declarer = self._contract.declarer
        for r in list(self._open.values()):
            if declarer in r.claimants and r.claimants != (r.offender,):
                self._close(r, "forfeited")
        for rv in self._revokes:
            if rv.seat.side != declarer.side:
                rv.forfeited = True

    def claim(self, *, seat: Seat | int | str | None = None, tricks: int | None = None) -> None:
        """The declarer says "I have the rest" (or a number of the remaining tricks; A72; B74;
        Case 8). The ruling says whether the claim holds double-dummy (``holds_double_dummy``:
        True, False, or None when unknown) and offers the adversaries to concede or to have the
        hand played out with the declarer's cards face up.

        Raises:
            GameError: strict game, not the play phase, a decision pending, not the declarer,
                or more tricks claimed than remain.
        """
        self._need_lenient("claim")
        self._require(Irregularity.CLAIM, GameError, "a claim")
        t = self._table
        if self._phase is not Phase.PLAY or t is None or self._contract is None:
            raise GameError("no claim can be made now")
        self._check_free()
        declarer = self._contract.declarer
        if seat is not None and Seat.of(seat) != declarer:
            raise GameError("only the declarer's claim is provided for [A72]")
        remaining = 13 - len(t.tricks) - (1 if t.is_full() else 0)
        n = remaining if tricks is None else int(tricks)
        if not 0 <= n <= remaining:
            raise GameError(f"{n} tricks claimed, {remaining} remain")
        self._log.append(Event("claim", declarer, {"tricks": tricks}))
        if t.is_full():
            self._gather()
        trick = t.trick_in_rotation()
        holds = claim_holds(
            t.hands, t.strain, t.leader if t.cards else t.rightful, trick, declarer.side, n
        )
        self._raise(
            Irregularity.CLAIM,
            declarer,
            data={"tricks": n, "remaining": remaining, "holds_double_dummy": holds},
        )

    def throw_down(self, *, seat: Seat | int | str) -> None:
        """A player throws his cards face up (A72; B74): a defender's are exposed and liable
        to be called, unless thrown down after the declarer's claim.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("throw_down")
        self._require(Irregularity.CARDS_THROWN_DOWN, GameError, "cards thrown down")
        t = self._table
        if self._phase is not Phase.PLAY or t is None or self._contract is None:
            raise GameError("no cards can be thrown down now")
        s = Seat.of(seat)
        self._log.append(Event("throw_down", s, {}))
        after_claim = self._claim_played_out or any(
            r.kind is Irregularity.CLAIM for r in self._hand_rulings
        )
        defender = s.side != self._contract.declarer.side
        callable_ = defender and not after_claim
        if callable_:
            self._callable[s].update(t.hand(s))
        self._raise(
            Irregularity.CARDS_THROWN_DOWN,
            s,
            data={"cards": t.hand(s).to_pbn(), "callable": callable_},
        )

    # -- deal ------------------------------------------------------------------------------------------
    def report_new_deal_ground(
        self,
        ground: str,
        *,
        seat: Seat | int | str | None = None,
        hand: int | None = None,
    ) -> None:
        """A new-deal condition discovered: a ground letter of the law set's dealing laws
        (A37 a-g; B38 a-f, 1907 g), or "wrong_hand_sizes" (A39). Compulsory grounds void the
        deal and the same dealer deals again; "f" (the pack not cut) needs an adversary's
        claim; "b" (the pack incorrect) found during the play voids only the current deal
        (A39; B42); reported for an earlier `hand`, the score stands (Case 3).

        Raises:
            GameError: strict game, the game is over, or a decision pending.
            IrregularityError: the law set has no such ground.
        """
        self._need_lenient("report_new_deal_ground")
        self._require(Irregularity.NEW_DEAL_GROUND, GameError, "a new-deal ground")
        if self._phase not in (Phase.DECLARE, Phase.PLAY):
            raise GameError("no deal is in progress")
        self._check_free()
        g = ground.strip().lower()
        letters = [x.split(":")[0].strip() for x in self._law.dealing.new_deal_grounds]
        if g not in letters and g != "wrong_hand_sizes":
            raise IrregularityError(
                f"{self._law.name} has no new-deal ground {ground!r} (grounds: {', '.join(letters)})"
            )
        who = None if seat is None else Seat.of(seat)
        if hand is not None and hand != self._hand_number:
            if not 1 <= hand < self._hand_number:
                raise GameError(f"no earlier hand {hand}")
            self._log.append(Event("report_new_deal_ground", who, {"ground": g, "hand": hand}))
            self._raise(
                Irregularity.PACK_INCORRECT,
                who,
                data={"ground": g, "hand": hand},
                options=(),
                note="found after the play of that deal: a prior score, not affected (Case 3)",
            )
            return
        if g == "f":
            if self._phase is not Phase.DECLARE or self._calls_in_hand:
                raise IrregularityError(
                    "the cut's omission must be pointed out before the deal is complete and "
                    "before looking at the cards [A37 f; B38 f]"
                )
            self._log.append(Event("report_new_deal_ground", who, {"ground": g, "hand": None}))
            self._raise(Irregularity.PACK_NOT_CUT, self._dealer, data={"ground": g})
            return
        kind = (
            Irregularity.PACK_INCORRECT
            if g == "b"
            else Irregularity.WRONG_HAND_SIZES
            if g == "wrong_hand_sizes"
            else Irregularity.NEW_DEAL_GROUND
        )
        self._code.rule(kind)
        self._log.append(Event("report_new_deal_ground", who, {"ground": g, "hand": None}))
        r = self._raise(kind, None, data={"ground": g}, options=())
        self._void_hand(r)

    def report_dealer_looked(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The dealer looked at `card` before fifty-one cards were dealt (seed 003 L39 c; seed
        004): "his adversaries have the right to see it, and the eldest hand may exact a new
        deal" (the same dealer deals again, L37). Like every claim of L39 it is made before the
        deal is completed (L39 d), so before the first call; declined, the deal stands. The
        ruling's data names the card, its holder and the adversaries it is shown to.

        Raises:
            GameError: strict game, a law set whose code has no such law (Auction 1912), the
                declaring has begun, or a decision pending.
        """
        self._need_lenient("report_dealer_looked")
        self._require(Irregularity.DEALER_LOOKED, GameError, "the dealer looked at a card")
        if self._phase is not Phase.DECLARE or self._calls_in_hand:
            raise GameError(
                "the dealer's look at a card is claimed before the deal is completed "
                "[seed 003 L39 c, d]"
            )
        self._check_free()
        c = _parse_card(card)
        holder = next(s for s in Seat if self._deal[s].mask >> int(c) & 1)
        who = None if seat is None else Seat.of(seat)
        self._log.append(Event("report_dealer_looked", who, {"card": str(c)}))
        self._raise(
            Irregularity.DEALER_LOOKED,
            self._dealer,
            data={
                "card": str(c),
                "holder": holder.letter,
                "shown_to": [self._dealer.lho.letter, self._dealer.rho.letter],
            },
        )

    def report_dealt_out_of_turn(
        self,
        dealer: Seat | int | str,
        *,
        seat: Seat | int | str | None = None,
        before_last_card: bool = False,
    ) -> None:
        """The hand was dealt by `dealer` out of turn (A40; B43). Auction 1912: corrected (a
        new deal by the rightful dealer) before the last card is dealt; after it the deal
        stands and `dealer` is the dealer, the deal passing to his left. Bridge: the
        adversaries may correct it (before the next deal) or let it stand.

        Raises:
            GameError: strict game, or the declaring has begun.
        """
        self._need_lenient("report_dealt_out_of_turn")
        self._require(Irregularity.DEALT_OUT_OF_TURN, GameError, "a deal out of turn")
        if self._phase is not Phase.DECLARE or self._calls_in_hand:
            raise GameError("a deal out of turn is reported before the first call")
        self._check_free()
        actual = Seat.of(dealer)
        if actual == self._dealer:
            raise GameError(f"{actual.name.title()} is the rightful dealer")
        who = None if seat is None else Seat.of(seat)
        self._log.append(
            Event(
                "report_dealt_out_of_turn",
                who,
                {"dealer": actual.letter, "before_last_card": before_last_card},
            )
        )
        data = {"dealer": actual.letter, "rightful": self._dealer.letter}
        rule = self._code.rule(Irregularity.DEALT_OUT_OF_TURN)
        if rule.claimant is Claimant.NONE:  # A40: the law decides by when it is found
            if before_last_card:
                r = self._raise(
                    Irregularity.DEALT_OUT_OF_TURN,
                    actual,
                    data=data,
                    options=self._options(Irregularity.DEALT_OUT_OF_TURN, ("let_stand",)),
                )
                self._decide_now(r, "new_deal")
            else:
                r = self._raise(
                    Irregularity.DEALT_OUT_OF_TURN,
                    actual,
                    data=data,
                    options=self._options(Irregularity.DEALT_OUT_OF_TURN, ("new_deal",)),
                )
                self._decide_now(r, "let_stand")
            return
        self._raise(Irregularity.DEALT_OUT_OF_TURN, actual, data=data)

    def _decide_now(self, r: Ruling, option: str) -> None:
        apply = self._prepare(r, r.option(option), {})
        self._close(r, "decided")
        self._log.append(Event("applied", None, {"ruling": r.id, "option": option}))
        apply()

    def report_short_hand(self, *, seat: Seat | int | str) -> None:
        """A hand found short after its holder has played (A38; seed 004): the deal stands and
        the player (not dummy) answers for his revokes. The engine deals only full hands, so
        this records the report.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("report_short_hand")
        self._require(Irregularity.SHORT_HAND, GameError, "a short hand")
        if self._phase is not Phase.PLAY:
            raise GameError("a short hand is found during the play")
        s = Seat.of(seat)
        self._log.append(Event("report_short_hand", s, {}))
        self._raise(Irregularity.SHORT_HAND, s, data={"deal_stands": True})

    def _void_hand(self, ruling: Ruling) -> None:
        """The deal is void: the same dealer deals again; prior scores stand."""
        self._log.append(
            Event("void", self._dealer, {"number": self._hand_number, "law": ruling.law})
        )
        tricks = tuple(self._table.tricks) if self._table is not None else ()
        self._results.append(
            HandResult(
                self._hand_number,
                self._dealer,
                self._deal,
                self._declaring.calls,
                self._contract,
                tricks,
                None,
                ruling.law,
                None,
                tuple(self._hand_rulings),
            )
        )
        self._start_hand()

    # -- decisions ---------------------------------------------------------------------------------------
    def decide(
        self,
        option: str,
        *,
        ruling: int | None = None,
        seat: Seat | int | str | None = None,
        card: Card | str | int | None = None,
        suit: Suit | str | None = None,
        call: Call | str | None = None,
        consulted: bool = False,
    ) -> None:
        """Choose an option of an open ruling (by default the blocking one, else the oldest)
        and apply it: the rectification, the penalty, or a new deal.

        `seat` is who decides (one of the ruling's claimants); `card`, `suit` and `call` are
        what some options need (the card called to the trick, the suit called, the sufficient
        bid). `consulted`: the partners consulted first — allowed in Auction 1912 (Case 1); in
        Bridge the penalty is then lost (B97).

        Raises:
            GameError: strict game.
            IrregularityError: no such ruling or option, a seat that may not decide, or a
                missing or wrong parameter; nothing changes.
        """
        self._need_lenient("decide")
        r = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        if by is not None and r.claimants and by not in r.claimants:
            raise IrregularityError(
                f"{by.name.title()} may not decide ruling {r.id}; claimants: "
                f"{', '.join(s.letter for s in r.claimants)}"
            )
        opt = r.option(option)
        params: dict[str, Any] = {"card": card, "suit": suit, "call": call}
        forfeit = (
            consulted
            and self._code.consultation_forfeits
            and len(r.claimants) == 2
            and opt.code not in _NO_PENALTY
        )
        if forfeit:
            fallback = next((o for o in r.options if o.code in _NO_PENALTY), None)
            if fallback is None:
                raise IrregularityError(f"ruling {r.id} has no option without a penalty")
            opt = fallback
        apply = self._prepare(r, opt, params)
        data: dict[str, Any] = {"option": option, "ruling": r.id}
        for key, value in params.items():
            if value is not None:
                data[key] = str(value)
        if consulted:
            data["consulted"] = True
        self._log.append(Event("decide", by, data))
        self._close(r, "decided")
        if consulted:
            self._raise(
                Irregularity.CONSULTATION,
                by,
                data={"ruling": r.id, "penalty_lost": forfeit},
                options=(),
            )
        apply()
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def record_wrong_penalty(
        self, *, ruling: int | None = None, seat: Seat | int | str | None = None
    ) -> None:
        """A penalty the laws do not give was demanded for an open ruling. Bridge: none can then
        be enforced (B102); Auction 1912 abolished that rule, so the claimants may still choose.

        Raises:
            GameError: strict game.
            IrregularityError: no such open ruling.
        """
        self._need_lenient("record_wrong_penalty")
        r = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        self._log.append(Event("record_wrong_penalty", by, {"ruling": r.id}))
        if not self._code.wrong_penalty_forfeits:
            return
        fallback = next((o for o in r.options if o.code in _NO_PENALTY), None)
        self._raise(Irregularity.WRONG_PENALTY, by, data={"ruling": r.id}, options=())
        if fallback is None:
            self._close(r, "forfeited")
            return
        apply = self._prepare(r, fallback, {})
        self._close(r, "forfeited")
        apply()
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def _find_ruling(self, ruling: int | None) -> Ruling:
        if ruling is not None:
            try:
                return self._open[int(ruling)]
            except (KeyError, ValueError):
                raise IrregularityError(f"no open ruling {ruling}") from None
        blocking = [r for r in self._open.values() if r.blocking]
        if blocking:
            return blocking[0]
        if not self._open:
            raise IrregularityError("no ruling is open")
        return next(iter(self._open.values()))

    def _prepare(self, r: Ruling, opt: Option, params: Mapping[str, Any]) -> Any:
        """Check an option's parameters and return the function that applies it."""
        code = opt.code
        if code == "new_deal":
            return lambda: self._void_hand(r)
        if code == "deal_stands":
            index = int(r.data["trick"])
            seat, _ = self._omissions[index]
            return lambda: self._omissions.__setitem__(index, (seat, "deal_stands"))
        no_effect = ("waive", "proceed", "compel", "void")
        if code in no_effect or (
            code == "accept" and r.kind is not Irregularity.IMPOSSIBLE_DECLARATION
        ):
            return lambda: None
        handler = getattr(self, f"_apply_{code}", None)
        if handler is None:
            raise IrregularityError(f"option {code!r} cannot be applied")
        result: Any = handler(r, params)
        return result

    # The option handlers: each checks its parameters, then returns what applies it.
    def _apply_let_stand(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        if r.kind is Irregularity.DEALT_OUT_OF_TURN:
            actual = Seat.parse(str(r.data["dealer"]))

            def deal_stands() -> None:
                self._dealer = actual
                self._declaring = declaring_procedure(self._law, actual, deal=self._deal)
                self._after_call()

            return deal_stands
        offender = r.offender
        assert offender is not None
        if isinstance(d, BridgeDeclaration):
            bridge = d
            if r.kind is Irregularity.MAKE_WITHOUT_PERMISSION:
                decl = str(r.data["declaration"])

                def make() -> None:
                    bridge.make_by(offender, decl)
                    self._after_call()

                return make

            def double() -> None:
                bridge.double_by(offender)
                self._after_call()

            return double
        c = Call.parse(str(r.data["call"]), self._law)
        other = self._stand_auction(d, offender, c)
        if other is None:
            raise IrregularityError("the call cannot stand here")

        def stand() -> None:
            self._declaring = other
            other.call(c)
            self._after_call()

        return stand

    def _sufficient_call(self, r: Ruling, params: Mapping[str, Any], same: bool) -> Call:
        d = self._declaring
        assert isinstance(d, Auction)
        bad = Call.parse(str(r.data["call"]), self._law)
        if params.get("call") is not None:
            c = Call.parse(params["call"], self._law)
        else:
            c = next(
                (
                    Call(CallKind.BID, level, bad.declaration)
                    for level in range(1, 8)
                    if d.is_legal(Call(CallKind.BID, level, bad.declaration))
                ),
                Call.PASS,
            )
        why = d.why_illegal(c)
        if why is not None:
            raise IrregularityError(why)
        if same and c.is_bid and c.declaration != bad.declaration:
            has_same = any(
                d.is_legal(Call(CallKind.BID, level, bad.declaration)) for level in range(1, 8)
            )
            if has_same:
                raise IrregularityError(
                    f"the offender must make his bid sufficient: a bid in {bad.declaration} "
                    "[seed 000 L50; Case 2]"
                )
        return c

    def _apply_penalise(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        c = self._sufficient_call(r, params, same=True)
        offender = r.offender

        def apply() -> None:
            d.bar(Bar(offender.partner, "seed 000 L50", doubles_too=False))
            self._regular_call(c, offender, applied=True)

        return apply

    def _apply_condone(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        c = self._sufficient_call(r, params, same=False)
        return lambda: self._regular_call(c, r.offender, applied=True)

    def _apply_accept(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        seven = Call(CallKind.BID, 7, str(r.data["declaration"]))
        if not d.is_legal(seven):
            raise IrregularityError(f"{seven} is not a sufficient bid here")
        offender = r.offender

        def apply() -> None:
            d.bar(Bar(offender.partner, "seed 000 L50", doubles_too=False))
            self._regular_call(seven, offender, applied=True)

        return apply

    def _apply_previous_final(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        side = r.offender.side.opponents
        calls = d.calls
        indices = [i for i, c in enumerate(calls) if c.is_bid and d.dealer.next(i).side == side]
        if params.get("call") is not None:
            want = Call.parse(params["call"], self._law)
            indices = [i for i in indices if calls[i] == want]
        if not indices:
            raise IrregularityError("that side has made no such declaration")
        i = indices[-1]
        # The auction as it stood before the next bid after it (its doubles included).
        j = next((k for k in range(i + 1, len(calls)) if calls[k].is_bid), len(calls))
        trial = Auction(self._law, d.dealer, calls[:j])
        bid = calls[i]
        assert bid.declaration is not None
        declarer = trial.declarer
        assert declarer is not None
        contract = Contract(bid.level, bid.declaration, trial.doublings, declarer)
        return lambda: self._start_play(contract)

    def _apply_prohibit_suit(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        assert self._contract is not None
        suit = Suit.parse(str(r.data["suit"]))
        leader = self._contract.opening_leader
        law = r.law
        card = _parse_card(str(r.data["card"]))

        def apply() -> None:
            self._obligations.append(
                (
                    Obligation(
                        ObligationKind.NOT_LEAD_SUIT, leader, law, suit=suit, on_lead_only=True
                    ),
                    0,
                )
            )
            if r.kind is Irregularity.CARD_EXPOSED_BEFORE_LEAD and r.offender is not None:
                self._obligations.append(
                    (Obligation(ObligationKind.PLAY_CARD, r.offender, law, card=card), None)
                )

        return apply

    def _apply_call_card(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        card = _parse_card(str(r.data["card"]))
        offender = r.offender
        return lambda: self._obligations.append(
            (Obligation(ObligationKind.PLAY_CARD, offender, r.law, card=card), None)
        )

    def _apply_call_suit(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        if params.get("suit") is None:
            raise IrregularityError("call_suit: name the suit called (suit=...)")
        suit = (
            params["suit"] if isinstance(params["suit"], Suit) else Suit.parse(str(params["suit"]))
        )
        target: Seat | None = None
        if r.kind is Irregularity.LEAD_DURING_DECLARING:
            target = self._dealer.lho  # B60: a suit from the eldest hand
        t = self._table

        def apply() -> None:
            if r.kind is Irregularity.LEAD_OUT_OF_TURN and t is not None:
                self._take_back_all()
                t.leader = t.rightful
            self._obligations.append(
                (
                    Obligation(
                        ObligationKind.LEAD_SUIT, target, r.law, suit=suit, on_lead_only=True
                    ),
                    None,
                )
            )

        return apply

    def _apply_treat_as_exposed(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None
        assert r.offender is not None
        card = _parse_card(str(r.data["card"]))
        offender = r.offender

        def apply() -> None:
            self._take_back_all()
            t.leader = t.rightful
            self._callable[offender].add(card)

        return apply

    def _apply_retract(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None

        def apply() -> None:
            self._take_back_all()
            t.leader = t.rightful

        return apply

    def _penalty_on_play(self, r: Ruling, kind: ObligationKind) -> Any:
        t = self._table
        assert t is not None
        if r.kind in (Irregularity.DUMMY_SUGGESTS_CARD,):
            assert self._contract is not None
            card = _parse_card(str(r.data["card"]))
            ob = Obligation(kind, self._contract.dummy, r.law, card=card)
            return lambda: self._obligations.append((ob, None))
        if r.kind is Irregularity.REVOKE_CORRECTED:
            target = r.offender
        else:
            target = Seat.parse(str(r.data["target"]))
        ob = Obligation(kind, target, r.law)
        index = len(t.tricks)
        return lambda: self._obligations.append((ob, index))

    def _apply_highest(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.HIGHEST)

    def _apply_lowest(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.LOWEST)

    def _apply_win(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.WIN)

    def _apply_lose(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.LOSE)

    def _apply_play_suggested(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.PLAY_CARD)

    def _apply_not_play_suggested(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.NOT_PLAY_CARD)

    def _apply_expose(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        card = _parse_card(str(r.data["card"]))
        assert r.offender is not None
        offender = r.offender
        return lambda: self._callable[offender].add(card)

    def _apply_to_trick(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None
        assert r.offender is not None
        assert self._contract is not None
        cards = [_parse_card(c) for c in r.data["cards"]]
        if params.get("card") is None:
            raise IrregularityError("to_trick: name the card called to the trick (card=...)")
        chosen = _parse_card(params["card"])
        if chosen not in cards:
            raise IrregularityError(f"{chosen} is not one of the cards played together")
        offender = r.offender
        follow = t.follow(offender, not t.cards)
        if chosen not in follow:
            raise IrregularityError(f"calling {chosen} would oblige a revoke [A74; B79]")
        exposed = bool(r.data.get("exposed"))

        def apply() -> None:
            self._place(offender, chosen)
            if exposed:
                self._callable[offender].update(c for c in cards if c != chosen)
            if self._phase is Phase.PLAY and t.is_full() and len(t.tricks) == 12:
                self._gather()

        return apply

    def _take_back_all(self) -> None:
        """Every card of the trick on the table goes back to its holder; revokes among them
        vanish with them."""
        t = self._table
        assert t is not None
        index = len(t.tricks)
        for rv in self._revokes:
            if rv.trick == index and not rv.established and not rv.corrected:
                rv.corrected = True
                ruling = self._open.get(rv.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        t.take_back_all()

    def _apply_correct(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        rv = next((x for x in self._revokes if x.ruling == r.id), None)
        t = self._table
        if (
            rv is None
            or t is None
            or rv.trick != len(t.tricks)
            or rv.established
            or rv.corrected
            or t.cards.get(rv.seat) != rv.card
        ):
            raise IrregularityError("this revoke can no longer be corrected")
        return lambda: self._do_correct(rv)

    def _apply_concede(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        assert self._contract is not None
        n, remaining = int(r.data["tricks"]), int(r.data["remaining"])
        side = self._contract.declarer.side
        conceded = PerSide().add(side, n).add(side.opponents, remaining - n)

        def apply() -> None:
            t = self._table
            assert t is not None
            self._take_back_all()
            self._conceded = conceded
            self._end_play()

        return apply

    def _apply_play_out(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        def apply() -> None:
            self._claim_played_out = True

        return apply

    def _apply_points(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        side = Side[str(r.data["side"])]
        return lambda: self._revoke_claims.__setitem__(side, "points")

    def _apply_tricks(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        side = Side[str(r.data["side"])]
        return lambda: self._revoke_claims.__setitem__(side, "tricks")

    # -- the end of the hand ------------------------------------------------------------------------------
    def _end_play(self) -> None:
        """The play is over: the surplus card of an omission, then the revoke claims (A88;
        B94: before the cut for the next deal); the score once they are settled."""
        t = self._table
        assert t is not None
        assert self._contract is not None
        for r in list(self._open.values()):
            self._close(r, "lapsed")
        if self._surplus:  # A82: "answerable for any consequent revokes", though undetected
            self._restore_surplus(restore=False)
        for index, (seat, how) in sorted(self._omissions.items()):
            if how != "deal_stands" or not t.hands[seat] or self._conceded is not None:
                continue
            t.complete_short_trick(index, seat)
        self._phase = Phase.SETTLE
        declarer_side = self._contract.declarer.side
        rule = self._code.rules.get(Irregularity.REVOKE_CLAIM)
        for side in Side:
            count = _established(self._revokes, side)
            if not count or rule is None:
                continue
            # A84: the declarer elects 150 or three tricks for a defender's revoke (a); the
            # declarer's side revoking gives the adversaries 150 (b), never tricks.
            election = any(o.code == "points" for o in rule.options)
            drop: tuple[str, ...] = ("tricks",) if election and side == declarer_side else ()
            claimants = (
                (self._contract.declarer,)
                if election and side != declarer_side
                else side.opponents.seats
            )
            self._raise(
                Irregularity.REVOKE_CLAIM,
                None,
                data={"side": side.name, "revokes": count},
                options=self._options(Irregularity.REVOKE_CLAIM, drop),
                claimants=claimants,
            )
        if not self._open:
            self._score_lenient()

    def _score_lenient(self) -> None:
        t = self._table
        assert t is not None
        assert self._contract is not None
        tricks = t.won() if self._conceded is None else t.won() + self._conceded
        claimed: dict[Side, int] = {}
        for side in self._revoke_claims:
            claimed[side] = _established(self._revokes, side)
        declarer_side = self._contract.declarer.side
        defenders = declarer_side.opponents
        election = self._revoke_claims.get(defenders) if claimed.get(defenders) else None
        forfeits = None
        if isinstance(self._law.revoke, Law64Revoke):
            winners = [(tr.winner, ()) for tr in t.tricks]
            forfeits = law64_transfer(
                winners,
                [
                    (rv.seat, rv.trick)
                    for rv in self._revokes
                    if rv.established and not rv.forfeited and rv.seat.side in claimed
                ],
            )
        options = self._score_options()
        options.update(
            revoke_score_arguments(
                self._law,
                claimed,
                declarer_side=declarer_side,
                election=election,
                forfeits=forfeits,
            )
        )
        self._phase = Phase.PLAY
        self._record_score(tricks, t.tricks, options, self._conceded)


class Table:
    """Four players at a table: they cut for partners and deal, then play rubbers (or sessions).

    The lowest cut deals and sits North, his partner South; the other pair sits East and West.
    Each new game continues the rotation: its first dealer sits to the left of the last dealer.

    Args:
        law_set: the code played.
        players: four names.
        seed: seeds the cut and the deals.
        cuts: recorded cutting rounds (player -> card), used before random cuts.
        deal_by_the_laws: deal by the laws' procedure (shuffle, cut, rotation).

    Raises:
        GameError: not four distinct players, or recorded cuts that do not fit.
    """

    def __init__(
        self,
        law_set: LawSet | str,
        players: Sequence[str] = ("North", "East", "South", "West"),
        *,
        seed: int = 0,
        cuts: Sequence[Mapping[str, Card | str]] = (),
        deal_by_the_laws: bool = True,
    ) -> None:
        self._law = get_law_set(law_set)
        self._seed = seed
        self._by_laws = deal_by_the_laws
        self.cut = cut_for_partners(self._law, players, seed=seed, cuts=cuts)
        self._seats = self.cut.seats()
        self._games: list[Game] = []
        self.new_game()

    @property
    def law_set(self) -> LawSet:
        """The law set played at this table."""
        return self._law

    def seat_of(self, player: str) -> Seat:
        """The seat a player sits in.

        Raises:
            GameError: no such player at this table.
        """
        try:
            return self._seats[player]
        except KeyError:
            raise GameError(f"{player!r} is not at this table") from None

    def player_at(self, seat: Seat | int | str) -> str:
        """The player sitting in a seat."""
        s = Seat.of(seat)
        return next(p for p, q in self._seats.items() if q == s)

    @property
    def game(self) -> Game:
        """The game (rubber, Chicago or session of boards) in progress or last played."""
        return self._games[-1]

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game played at this table, in order."""
        return tuple(self._games)

    def new_game(self) -> Game:
        """Start the next game; its first dealer is on the left of the last game's last dealer.

        Raises:
            GameError: the current game is not over.
        """
        if self._games and self._games[-1].phase is not Phase.COMPLETE:
            raise GameError("the current game is not over")
        dealer = Seat.NORTH if not self._games else self._games[-1].dealer.lho
        game = Game(
            self._law,
            seed=self._seed + 1_000_003 * len(self._games),
            first_dealer=dealer,
            deal_by_the_laws=self._by_laws,
        )
        self._games.append(game)
        return game


# -- threads -----------------------------------------------------------------------------------
# A Game is a chain of Python steps (read the seat to act, check, apply, log): two threads
# acting at once could interleave them and corrupt the log. Every public method and property of
# Game therefore runs under the game's own re-entrant lock, so concurrent callers see each
# action whole: a stale action is refused with the usual error, never half applied.
_GAME_LOCKS_GUARD = threading.Lock()


def _game_lock(game: Game) -> threading.RLock:
    lock: threading.RLock | None = game.__dict__.get("_thread_lock")
    if lock is None:
        with _GAME_LOCKS_GUARD:
            lock = game.__dict__.get("_thread_lock")
            if lock is None:
                lock = threading.RLock()
                game.__dict__["_thread_lock"] = lock
    return lock


def _serialised(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def run_locked(self: Game, *args: Any, **kwargs: Any) -> Any:
        with _game_lock(self):
            return fn(self, *args, **kwargs)

    return run_locked


for _name, _attr in list(vars(Game).items()):
    if _name.startswith("_"):
        continue
    if isinstance(_attr, property) and _attr.fget is not None:
        setattr(
            Game, _name, property(_serialised(_attr.fget), _attr.fset, _attr.fdel, _attr.__doc__)
        )
    elif inspect.isfunction(_attr):
        setattr(Game, _name, _serialised(_attr))
del _name, _attr
