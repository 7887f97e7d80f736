"""The game: the public face of its state machine (queries, actions, replay, JSON)."""

from __future__ import annotations

import functools
import inspect
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .._check import as_card, as_int, shown
from ..auction import Auction, BridgeDeclaration, Call, CallKind, Contract
from ..cards import Card, CardSet, Seat
from ..deal import Deal
from ..errors import (
    GameError,
    IllegalCallError,
    IllegalCallTypeError,
    IllegalPlayError,
    RedoubleError,
)
from ..irregularities import (
    Irregularity,
    IrregularityCode,
    Obligation,
    Ruling,
    rule_for,
)
from ..irregularities.rulings import consent_missing
from ..irregularities.table import _exposed_cards
from ..laws import LawSet
from ..play import Position, Trick
from ..scoring import PerSide
from .declaring import _LenientDeclaring
from .events import Event, HandResult, Phase
from .player import Player
from .replay import DealSource, replay_log

# The actions a lenient game logs, replayed by calling the method of the same name.


class Game(_LenientDeclaring):
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
        seed: deals come from ``dealing`` under this seed, hand n being board n (the seed is
            taken modulo 2**64, as ``dealing`` takes it, and logged so).
        first_dealer: who deals the first hand (the deal passes to the left). In three-handed
            Bridge the dealer is the holder of the permanent dummy and deals every hand of the
            rubber or game (:meth:`DummyCut.holder_of` says who holds it in each).
        deals: explicit deals to play, in order, instead of seeded ones: a sequence (a list,
            a tuple), each a whole deal. The game stops, its session unfinished, once every
            one is played. The log's start event lists them all (``"deals"``, PBN text), so a
            game reloaded from its log (:meth:`from_json`, :meth:`replay`), pickled or copied
            deals on from the same deals and writes the same log. An iterator or generator
            (perhaps endless) is refused with a TypeError: what it has not yet yielded could
            not be logged, and a saved game could not go on as the original would; pass
            ``list(itertools.islice(deals, n))`` for its first n deals.
        deal_by_the_laws: deal by the laws' procedure (shuffle, cut, rotation) and keep its record.
        boards: number of boards for law sets scored board by board (duplicate, progressive;
            4 when not given). Refused under law sets that play rubbers or Chicago, which set
            their own length.
        strict: refuse irregular actions (the default); False lets them happen and rectifies
            them as the law set's code says.
        single_game: three-handed Bridge only: play one game instead of a rubber, its winner
            scoring 50 ("In playing games, 50 points are added to score of the winning side",
            Bridge (Elwell, 1906), Bridge for Three Players); the dummy-holder deals every hand
            of it. Refused (a GameError) under every other law set, which play rubbers.

    Raises:
        LawSetError: unknown law set.
    """

    def __repr__(self) -> str:
        mode = "" if self._strict else " lenient"
        where = f"hand {self._hand_number}, {self._phase.value}"
        seat = self.to_act
        if seat is not None:
            where += f", {seat.name.title()} to act"
        totals = self._session.totals
        return f"<Game {self._law.name}{mode}: {where}; NS {totals.ns}, EW {totals.ew}>"

    def _repr_html_(self) -> str:
        """The game in Jupyter: diagram, auction, tricks and score sheet (see redouble.display)."""
        from ..display import game_html  # display imports game: import here to avoid a cycle

        return game_html(self)

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
            if (
                to_call is not None
                and self._consent_needed  # B56, B60: asked of the referee where one is recorded
                and consent_missing(self._view(), to_call) is not None
            ):
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
        return self._session.score_sheet()

    @property
    def totals(self) -> PerSide:
        """Points per side so far (with the rubber bonus once a rubber ends)."""
        return self._session.totals

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
        # A wrong type is refused here, naming `action` (call and play would name their own
        # arguments, which the caller of act did not pass).
        if self._phase is Phase.DECLARE:
            if not isinstance(action, (Call, Card, str)):
                raise IllegalCallTypeError(
                    f"action must be a Call, a Card or the text of either, "
                    f"not {type(action).__name__}"
                )
            self.call(action if not isinstance(action, Card) else str(action), seat=seat)
        elif self._phase is Phase.PLAY:
            if isinstance(action, Call):
                raise IllegalPlayError(f"a card is due from {self.to_act}, not the call {action}")
            self.play(as_card(action, "action"), seat=seat)
        elif self._phase is Phase.SETTLE:
            raise GameError("the play is over: decide the pending rulings (revoke claims)")
        else:
            raise GameError("the game is over")

    def call(self, call: Call | str, *, seat: Seat | int | str | None = None) -> None:
        """Make a call for the seat to call (or, with ``strict=False``, for `seat`).

        With ``strict=False`` a call out of turn, an insufficient, impossible or forbidden
        declaration or double is recorded and raises its ruling (Auction Bridge (1912), Laws 49, 50,
        54, 57; Bridge (Elwell, 1906), Laws 46-48, 54).

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

    def play(self, card: Card | str | int, *, seat: Seat | int | str | None = None) -> None:
        """Play a card for the seat to play (the declarer plays dummy's cards).

        With ``strict=False`` `seat` may play out of turn, lead out of turn or revoke; the
        irregularity is recorded and rectified (Auction Bridge (1912), Laws 63, 73, 76-80, 83;
        Bridge (Elwell, 1906), Laws 76-82, 85). A full trick stays on the table until the next card
        or :meth:`quit_trick`.

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
            self._lenient_play(as_card(card), None if seat is None else Seat.of(seat))
            return
        if self._position is None:
            raise GameError("no card is due")
        to = self._position.to_play
        if seat is not None and Seat.of(seat) != to:
            raise IllegalPlayError(f"{Seat.of(seat).name.title()} plays out of turn")
        parsed = as_card(card)
        if parsed in self._position.hand(to) and not self._position.is_legal(parsed):
            # Name the law that makes it a revoke in the code being played.
            try:
                law = rule_for(self._law, Irregularity.REVOKE).law
            except RedoubleError:
                law = ""
            where = f" [{law}]" if law else ""
            raise IllegalPlayError(
                f"{to.name.title()} must follow suit: {parsed} would be a revoke{where}"
            )
        self._position.play(parsed)
        self._log.append(Event("play", to, {"card": str(parsed)}))
        if self._position.is_complete():
            self._finish_hand()

    def touch_dummy(
        self,
        cards: Card | str | int | Sequence[Card | str | int],
        *,
        arrange: bool = False,
        elect: Card | str | int | None = None,
        seat: Seat | int | str | None = None,
    ) -> Card | None:
        """The declarer touches a card (or cards) of dummy's: a touched card is played.

        Auction Bridge (1912), Law 64, and Bridge (Elwell, 1906), Law 66: a card of dummy's
        that the declarer names or touches counts as played, unless in touching it he says
        "I arrange" or words to that effect (``arrange=True``: nothing is played). If he
        touches two or more at once, he elects which one to play (`elect`; Auction Law 64).
        Bridge's Law 66 is silent on two cards touched: the library follows Auction Law 64
        there, as it does for the laws the 1906 code lacks. Under the contract code the same
        rule stands (Laws of Duplicate Bridge 2017, Law 45C3). The touch is logged (a
        ``"touch_dummy"`` event) and replays; the card it plays is logged as a play.

        The card touched is played as :meth:`play` plays it: in a strict game it must be
        dummy's turn and the card legal, or nothing changes; with ``strict=False`` a card
        touched out of turn is a lead or play out of turn, a card that does not follow suit
        dummy's revoke, each rectified by its law.

        Args:
            cards: the card touched, or the cards touched at once.
            arrange: the declarer said "I arrange": the touch plays nothing.
            elect: which of several cards touched at once is played.
            seat: who touches (the declarer; default the declarer).

        Returns:
            The card played, or None when the declarer arranges.

        Raises:
            TypeError: a card, `arrange` or `seat` of the wrong type.
            GameError: not the play phase, a decision is pending, or `seat` is not the
                declarer.
            IllegalPlayError: a card is not dummy's, `elect` is missing or not among the
                cards touched, or (strict) the play is not legal; nothing changes.
        """
        if not isinstance(arrange, bool):
            raise TypeError(f"arrange must be a bool, not {type(arrange).__name__}")
        # One card (bytes too: a sequence of ints, refused as one card, not read byte by
        # byte) or several; each error names the argument as the caller passed it.
        if isinstance(cards, Sequence) and not isinstance(cards, (str, bytes, bytearray)):
            touched = [as_card(c, f"cards[{i}]") for i, c in enumerate(cards)]
        else:
            touched = [as_card(cards, "cards")]
        chosen = None if elect is None else as_card(elect, "elect")
        if self._phase is not Phase.PLAY or self._contract is None:
            raise GameError(f"no dummy to touch: the game is in the {self._phase.value} phase")
        declarer, dummy = self._contract.declarer, self._contract.dummy
        if seat is not None and Seat.of(seat) != declarer:
            raise GameError(
                f"{Seat.of(seat).name.title()} is not the declarer: only the declarer touches "
                "dummy's cards"
            )
        self._check_free()
        if not touched:
            raise IllegalPlayError("cards: no card touched")
        if len(set(touched)) != len(touched):
            raise IllegalPlayError("cards: a card is named twice")
        held = self._table.hand(dummy) if self._table is not None else None
        if held is None:
            assert self._position is not None
            held = self._position.hand(dummy)
        for touched_card in touched:
            if touched_card not in held:
                raise IllegalPlayError(f"cards: dummy does not hold {touched_card}")
        played = _touched_card_played(touched, chosen, arrange)
        data: dict[str, Any] = {"cards": [str(c) for c in touched], "arrange": arrange}
        if played is not None and len(touched) > 1:
            data["elect"] = str(played)
        mark = len(self._log)
        self._log.append(Event("touch_dummy", declarer, data))
        if played is None:
            return None
        try:
            self.play(played, seat=dummy)
        except RedoubleError:
            del self._log[mark:]  # play changed nothing: neither did the touch
            raise
        # The play is re-made by the touch on replay: mark it so that replay skips it.
        dummy_play = self._log[mark + 1]
        assert dummy_play.kind == "play"
        assert dummy_play.seat == dummy
        self._log[mark + 1] = Event("play", dummy, {**dummy_play.data, "applied": True})
        return played

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
        max_actions = as_int(max_actions, "max_actions")
        if max_actions < 0:
            raise GameError(f"max_actions must be at least 0, got {shown(max_actions)}")
        # Checked before the first action: a seat missing from the mapping, or a player that
        # is not callable, would otherwise stop the game halfway with a KeyError.
        if isinstance(players, Mapping):
            missing = [seat.letter for seat in Seat if seat not in players]
            if missing:
                raise GameError(f"players has no player for {', '.join(missing)}")
            if not all(callable(players[seat]) for seat in Seat):
                raise TypeError("players must map each seat to a callable player")
        elif not callable(players):
            raise TypeError(f"players must be a callable player, not {type(players).__name__}")
        for _ in range(max_actions):
            if self._phase is Phase.COMPLETE:
                return
            seat = self.controller
            if seat is None:
                raise GameError("a decision is pending: see Game.pending")
            player = players[seat] if isinstance(players, Mapping) else players
            self.act(player(self))
        if self._phase is not Phase.COMPLETE:
            raise GameError(f"the game did not end within {shown(max_actions)} actions")

    # -- log, replay, JSON ---------------------------------------------------------------------------
    @classmethod
    def replay(
        cls, events: Sequence[Event | Mapping[str, Any]], law_set: LawSet | str | None = None
    ) -> Game:
        """Rebuild a game from its log (events or their JSON dicts).

        Deals come from the start event's ``"deals"`` where the game was given its deals
        (every one, so the replayed game deals on as the original would), else from the seed;
        the deal events must agree with them. A log written before 0.2.0, whose start event
        lacks ``"deals"``, deals on from the seed when its logged deals are the seed's, else
        stops after its last logged deal (the rest of the deals given are not in it).
        Calls, plays and (``strict=False``) every recorded irregular action and decision are
        re-made and checked; derived events (scores, compulsory declarations, rulings) are
        recomputed and must agree.

        Raises:
            GameError: the log is malformed or does not agree with the laws.
        """
        return replay_log(cls, events, law_set)

    def to_json(self) -> str:
        """The game as JSON text: law set and the event log (whose start event carries the law
        set's flags that differ from those of the law set of that name)."""
        doc: dict[str, Any] = {"format": "redouble-game/1", "law_set": self._law.name}
        doc["events"] = [e.to_json() for e in self._log]
        return json.dumps(doc)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from :meth:`to_json`'s text (replayed, so checked).

        Raises:
            GameError: the text is not a redouble game or its log does not replay.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
            raise GameError(f"not JSON: {e}") from None
        except ValueError as e:  # integers of more than 4,300 digits
            raise GameError(f"not JSON: {e}") from None
        if not isinstance(obj, dict) or obj.get("format") != "redouble-game/1":
            raise GameError("not a redouble game (format redouble-game/1)")
        unknown = set(obj) - {"format", "kind", "law_set", "events"}
        if unknown or obj.get("kind", "game") != "game":
            what = (
                f"unknown keys {shown(sorted(unknown))}"
                if unknown
                else f"kind {shown(obj['kind'])}"
            )
            raise GameError(f"not a redouble game: {what}")
        events, law_set = obj.get("events"), obj.get("law_set")
        if not isinstance(events, list):
            raise GameError("a redouble game's 'events' must be a list of events")
        if law_set is not None and not isinstance(law_set, str):
            raise GameError(f"a redouble game's 'law_set' must be a name, not {shown(law_set)}")
        return cls.replay(events, law_set)

    def __reduce__(self) -> tuple[Any, ...]:
        # A game travels as its JSON (replayed, so checked, on the other side), its law set
        # (which pickles itself, flags and all, even when built by hand) and where its deals
        # come from (the log holds only those dealt so far: the copy must deal on as this does).
        source = (self._fixed_deals, self._by_laws)
        return (_game_from_pickle, (type(self), self.to_json(), self._law, source))


def _touched_card_played(touched: list[Card], chosen: Card | None, arrange: bool) -> Card | None:
    """Which of the dummy's cards touched at once is played (Auction Bridge (1912), Law 64):
    the one card touched, or the one the declarer elects; none when he arranges.

    Raises:
        IllegalPlayError: naming `elect`, when the election is missing, not among the cards
            touched, or made while arranging.
    """
    if arrange:
        if chosen is not None:
            raise IllegalPlayError("elect: nothing is played when the declarer arranges")
        return None
    if len(touched) == 1 and chosen in (None, touched[0]):
        return touched[0]
    if chosen is None:
        raise IllegalPlayError(
            "elect: two or more cards touched at once: the declarer elects which one "
            "to play (Auction Bridge (1912), Law 64)"
        )
    if chosen not in touched:
        raise IllegalPlayError(f"elect: {chosen} is not among the cards touched")
    return chosen


def _game_from_pickle(
    cls: type[Game],
    text: str,
    law_set: LawSet,
    source: DealSource | None = None,  # None: pickled by 0.1.0
) -> Game:
    """A pickled game, rebuilt by replaying its log under its own law set."""
    return replay_log(cls, json.loads(text)["events"], law_set, source)


# -- threads -----------------------------------------------------------------------------------
# A Game is a chain of Python steps (read the seat to act, check, apply, log): two threads
# acting at once could interleave them and corrupt the log. Every public method and property of
# Game (its own and those of the layers it inherits) therefore runs under the game's own
# re-entrant lock, so concurrent callers see each action whole: a stale action is refused with
# the usual error, never half applied.
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


def _serialise_public_members(cls: type) -> None:
    for name in dir(cls):
        if name.startswith("_"):
            continue
        attr = inspect.getattr_static(cls, name)
        if isinstance(attr, property) and attr.fget is not None:
            setattr(cls, name, property(_serialised(attr.fget), attr.fset, attr.fdel, attr.__doc__))
        elif inspect.isfunction(attr):
            setattr(cls, name, _serialised(attr))


_serialise_public_members(Game)
