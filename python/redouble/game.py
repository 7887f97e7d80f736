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
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import dealing
from .auction import Auction, BridgeDeclaration, Call, Contract, declaring_procedure
from .cards import Card, CardSet, Seat, Side
from .deal import Deal, Vulnerability
from .errors import IllegalPlayError, RedoubleError
from .laws import LawSet
from .laws import get as get_law_set
from .play import Position, Trick
from .scoring import Chicago, HandScore, PerSide, Rubber, score_hand

__all__ = [
    "CutResult",
    "Event",
    "Game",
    "GameError",
    "HandResult",
    "Phase",
    "Player",
    "RandomPlayer",
    "Table",
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
    """A hand played to the end: the deal, who dealt, the declaring, the tricks, the score."""

    number: int
    dealer: Seat
    deal: Deal
    calls: tuple[Call, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    score: HandScore | None

    @property
    def tricks_won(self) -> PerSide:
        """Tricks won by each side in play."""
        ns = sum(1 for t in self.tricks if t.winner.side is Side.NS)
        return PerSide(ns, len(self.tricks) - ns)


# ------------------------------------------------------------------------------------------------
# Cutting for partners and deal.
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CutResult:
    """The outcome of cutting: each round's cards, the partnerships and the first dealer."""

    rounds: tuple[Mapping[str, Card], ...]
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str

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


def cut_for_partners(
    law_set: LawSet | str,
    players: Sequence[str],
    *,
    seed: int = 0,
    cuts: Sequence[Mapping[str, Card | str]] = (),
) -> CutResult:
    """Cut for partners and deal: the two lowest play the two highest, the lowest deals.

    The ace is low. Ties are broken as the code says: Auction 1912 by suit (hearts lowest, then
    diamonds, clubs, spades; law 14); Bridge by re-cutting the tied players, only where the tie
    decides partners or the deal (seed 003 laws 19-20). `cuts` gives recorded rounds (player ->
    card) to use before random cuts drawn with `seed`.

    Raises:
        GameError: not four distinct players, or a recorded round that is not needed or
            names other players.
    """
    law = get_law_set(law_set)
    names = list(players)
    if len(names) != 4 or len(set(names)) != 4:
        raise GameError("cutting needs four distinct players")
    rng = random.Random(seed)
    recorded = [dict(r) for r in cuts]
    rounds: list[dict[str, Card]] = []

    def cut(who: list[str]) -> dict[str, Card]:
        if recorded:
            given = recorded.pop(0)
            if set(given) != set(who):
                raise GameError(f"recorded cut names {sorted(given)}, expected {sorted(who)}")
            got = {
                p: Card.parse(c) if isinstance(c, str) else Card(int(c)) for p, c in given.items()
            }
        else:
            pack = rng.sample(range(52), len(who))
            got = {p: Card(c) for p, c in zip(who, pack, strict=True)}
        rounds.append(got)
        return got

    def order(who: list[str], boundaries: set[int]) -> list[str]:
        """Order `who` lowest first, re-cutting ties that straddle a boundary that matters."""
        cards = cut(who)
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
            out += order(group, inner) if len(group) > 1 and inner else group
            i = j + 1
        return out

    ranked = order(names, {1, 2})
    if not law.cutting.lowest_deals:
        ranked.reverse()
    low, high = (ranked[0], ranked[1]), (ranked[2], ranked[3])
    return CutResult(tuple(rounds), (low, high), ranked[0])


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

    def __call__(self, game: Game) -> Call | Card: ...


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
# The game.
# ------------------------------------------------------------------------------------------------


class Game:
    """Hands played one after another under a law set, from the deal to the score.

    Args:
        law_set: a :class:`LawSet` or its name.
        seed: deals come from ``dealing`` under this seed, hand n being board n.
        first_dealer: who deals the first hand (the deal passes to the left).
        deals: explicit deals to play, in order, instead of seeded ones.
        deal_by_the_laws: deal by the laws' procedure (shuffle, cut, rotation) and keep its record.
        boards: number of boards for law sets scored board by board (duplicate, progressive).

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
    ) -> None:
        self._law = get_law_set(law_set)
        self._seed = seed
        self._first_dealer = Seat.of(first_dealer)
        self._fixed_deals = list(deals) if deals is not None else None
        self._by_laws = deal_by_the_laws
        self._boards = boards
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
        self._log.append(
            Event(
                "start",
                None,
                {
                    "law_set": self._law.name,
                    "seed": seed,
                    "first_dealer": self._first_dealer.letter,
                    "boards": boards,
                },
            )
        )
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
        self._contract = contract
        strain = self._law.declaration(contract.declaration).strain
        self._position = Position(self._deal, strain, contract.opening_leader)
        self._phase = Phase.PLAY

    def _finish_hand(self) -> None:
        assert self._position is not None
        assert self._contract is not None
        pos, c = self._position, self._contract
        tricks = PerSide(pos.tricks_won(Side.NS), pos.tricks_won(Side.EW))
        maker = self._declaring.maker if isinstance(self._declaring, BridgeDeclaration) else None
        options: dict[str, Any] = {"deal": self._deal}
        limit = self._law.undertricks.one_spade_limit if self._law.undertricks else None
        if limit is not None and isinstance(self._declaring, Auction):
            options["dealer_original_one_spade"] = self._declaring.dealer_original_one_spade
        score = self._session.score(c.spec(), maker or c.declarer, tricks, **options)
        result = HandResult(
            self._hand_number, self._dealer, self._deal, self._declaring.calls, c, pos.tricks, score
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
    def phase(self) -> Phase:
        """Declaring, play, or complete."""
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
        """The play state of the hand in progress (None while declaring)."""
        return self._position

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call or card is due (dummy's cards: dummy's seat; see :attr:`controller`)."""
        if self._phase is Phase.DECLARE:
            return self._declaring.to_call
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
        p = self._position
        return p is not None and (len(p.tricks) > 0 or len(p.trick) > 0)

    def legal_actions(self) -> list[Any]:
        """The calls or cards open to the seat to act (empty when the game is over)."""
        if self._phase is Phase.DECLARE:
            return list(self._declaring.legal_calls())
        if self._phase is Phase.PLAY and self._position is not None:
            return list(self._position.legal_plays())
        return []

    def visible_cards(self, seat: Seat | int | str) -> dict[Seat, CardSet]:
        """The unplayed cards `seat` can see: his own, and dummy's once the lead is made."""
        s = Seat.of(seat)
        if self._position is None:
            return {s: self._deal[s]}
        out = {s: self._position.hand(s)}
        if self._contract is not None and self.dummy_exposed:
            dummy = self._contract.dummy
            out[dummy] = self._position.hand(dummy)
        return out

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Hands finished so far (passed-out deals included, with no score)."""
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

    # -- actions -----------------------------------------------------------------------------------
    def act(self, action: Call | Card | str) -> None:
        """Make the next call or play the next card, whichever is due.

        Raises:
            GameError: the game is over.
            IllegalCallError, IllegalPlayError: the action is not legal; nothing changes.
        """
        if self._phase is Phase.DECLARE:
            self.call(action if not isinstance(action, Card) else str(action))
        elif self._phase is Phase.PLAY:
            if isinstance(action, Call):
                raise IllegalPlayError(f"a card is due from {self.to_act}, not the call {action}")
            self.play(action)
        else:
            raise GameError("the game is over")

    def call(self, call: Call | str) -> None:
        """Make a call for the seat to call.

        Raises:
            GameError: not the declaring phase.
            IllegalCallError: the call is not legal (the message cites the law); nothing changes.
        """
        if self._phase is not Phase.DECLARE:
            raise GameError(f"no call is due: the game is in the {self._phase.value} phase")
        seat = self._declaring.to_call
        c = self._declaring.call(call)
        self._log.append(Event("call", seat, {"call": str(c)}))
        self._calls_in_hand += 1
        # A three-handed compulsory declaration is made by the procedure: log it as dummy's call.
        if isinstance(self._declaring, BridgeDeclaration):
            for s, extra in self._declaring.history[self._calls_in_hand :]:
                self._log.append(Event("call", s, {"call": str(extra), "compulsory": True}))
                self._calls_in_hand += 1
        self._after_call()

    def play(self, card: Card | str | int) -> None:
        """Play a card for the seat to play (the declarer plays dummy's cards).

        Raises:
            GameError: not the play phase.
            IllegalPlayError: the card is not held or revokes; nothing changes.
        """
        if self._phase is not Phase.PLAY or self._position is None:
            raise GameError(f"no card is due: the game is in the {self._phase.value} phase")
        seat = self._position.to_play
        c = Card.parse(card) if isinstance(card, str) else Card(int(card))
        self._position.play(c)
        self._log.append(Event("play", seat, {"card": str(c)}))
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
            GameError: the game did not end within `max_actions` actions.
        """
        for _ in range(max_actions):
            if self._phase is Phase.COMPLETE:
                return
            seat = self.controller
            assert seat is not None
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

        Deals come from the log's deal events; calls and plays are re-made and checked; derived
        events (scores, compulsory declarations) are recomputed and must agree.

        Raises:
            GameError: the log is malformed or does not agree with the laws.
        """
        evs = [e if isinstance(e, Event) else Event.from_json(e) for e in events]
        if not evs or evs[0].kind != "start":
            raise GameError("a game log starts with a 'start' event")
        start = evs[0].data
        law = get_law_set(law_set if law_set is not None else str(start["law_set"]))
        deals = [Deal.from_pbn(str(e.data["deal"])) for e in evs if e.kind == "deal"]
        game = cls(
            law,
            seed=int(start.get("seed", 0)),
            first_dealer=Seat.parse(str(start.get("first_dealer", "N"))),
            deals=deals,
            boards=int(start.get("boards", 4)),
        )
        for i, e in enumerate(evs[1:], 1):
            if e.kind == "call" and not e.data.get("compulsory"):
                if game.to_act != e.seat:
                    raise GameError(f"event {i}: {e.seat} called out of turn")
                game.call(str(e.data["call"]))
            elif e.kind == "play":
                if game.to_act != e.seat:
                    raise GameError(f"event {i}: {e.seat} played out of turn")
                game.play(str(e.data["card"]))
        mine = [x for x in game.log if x.kind in ("score", "deal", "end")]
        theirs = [x for x in evs if x.kind in ("score", "deal", "end")]
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
