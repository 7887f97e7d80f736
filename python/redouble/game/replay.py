"""Rebuilding a game from its log: one table says how each kind of event replays.

An action event (a call, a card, a lenient game's irregular action or decision) is re-made by
the :class:`~redouble.game.Game` method the table names, with the data it lists, each checked
for its JSON type first; the events the game writes itself (deals, scores, rulings...) are
recomputed and compared. An unknown kind, a missing or ill-typed field, or an action the laws
refuse raises :class:`~redouble.errors.GameError` naming the event; anything else is a bug and
is not caught. Logs name the kinds, not the methods: renaming a method changes this table only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import dealing
from .._check import shown
from ..cards import Seat
from ..deal import Deal
from ..errors import GameError, RedoubleError
from ..irregularities.rulings import no_law_text
from ..laws import LawSet
from ..laws import get as get_law_set
from .core import _check_whole
from .events import Event

if TYPE_CHECKING:
    from .state import Game

# The JSON types of an event's data: what a field must hold to be passed on.
_STR = (str,)
_INT = (int,)
_BOOL = (bool,)
_STR_OR_NONE = (str, type(None))
_INT_OR_NONE = (int, type(None))


@dataclass(frozen=True)
class _Replayed:
    """How one kind of action event replays: the method and the fields it takes (with their
    JSON types; a list field holds strings)."""

    method: Callable[..., Any]
    fields: Mapping[str, tuple[type, ...]]
    strict: bool = False  # also replayed in a strict game's log
    seat: bool = False  # the event must name the seat that acted
    required: tuple[str, ...] = ()  # the fields it cannot do without
    in_turn: bool = True  # (strict) made by the seat to act; a touch of dummy's is the declarer's


def _table() -> dict[str, _Replayed]:
    from .state import Game

    card = {"card": _STR}
    return {
        "call": _Replayed(Game.call, {"call": _STR}, strict=True, required=("call",)),
        "play": _Replayed(Game.play, card, strict=True, required=("card",)),
        "play_together": _Replayed(Game.play_together, {"cards": (list,)}, required=("cards",)),
        "expose": _Replayed(
            Game.expose, {**card, "during_deal": _BOOL}, seat=True, required=("card",)
        ),
        "quit_trick": _Replayed(Game.quit_trick, {}),
        "correct_revoke": _Replayed(Game.correct_revoke, {}),
        "call_exposed_card": _Replayed(Game.call_exposed_card, card, required=("card",)),
        "claim": _Replayed(Game.claim, {"tricks": _INT_OR_NONE}),
        "throw_down": _Replayed(Game.throw_down, {}, seat=True),
        "remark": _Replayed(
            Game.remark, {"kind": _STR, "card": _STR_OR_NONE}, seat=True, required=("kind",)
        ),
        "decide": _Replayed(
            Game.decide,
            {
                "option": _STR,
                "ruling": _INT,
                "card": _STR,
                "suit": _STR,
                "call": _STR,
                "consulted": _BOOL,
            },
            required=("option",),
        ),
        "record_wrong_penalty": _Replayed(Game.record_wrong_penalty, {"ruling": _INT}),
        "correct_call": _Replayed(Game.correct_call, {"call": _STR}, required=("call",)),
        "call_attention": _Replayed(Game.call_attention, {"ruling": _INT}, seat=True),
        "report_new_deal_ground": _Replayed(
            Game.report_new_deal_ground,
            {"ground": _STR, "hand": _INT_OR_NONE},
            required=("ground",),
        ),
        "report_dealt_out_of_turn": _Replayed(
            Game.report_dealt_out_of_turn,
            {"dealer": _STR, "before_last_card": _BOOL},
            required=("dealer",),
        ),
        "report_dealer_looked": _Replayed(Game.report_dealer_looked, card, required=("card",)),
        "report_short_hand": _Replayed(Game.report_short_hand, {}, seat=True),
        "consent": _Replayed(Game.consent, {}, seat=True),
        "ask_having_none": _Replayed(Game.ask_having_none, {"answered_no": _BOOL}, seat=True),
        "play_surplus_card": _Replayed(Game.play_surplus_card, card, seat=True, required=("card",)),
        "count_tricks": _Replayed(Game.count_tricks, {}, seat=True),
        # Auction Bridge (1912), Law 64; Bridge (Elwell, 1906), Law 66: the touch re-makes
        # the play it caused (logged with "applied").
        "touch_dummy": _Replayed(
            Game.touch_dummy,
            {"cards": (list,), "arrange": _BOOL, "elect": _STR},
            strict=True,
            seat=True,
            required=("cards",),
            in_turn=False,
        ),
    }


# The events a game writes itself: recomputed on replay, the kinds in _COMPARED checked
# against the log.
DERIVED = frozenset(
    {
        "start",
        "deal",
        "passed_out",
        "score",
        "end",
        "irregularity",
        "applied",
        "lapsed",
        "forfeited",
        "void",
        "early_play",
        "revoke_established",
        "spade_convention",
    }
)
_COMPARED = ("score", "deal", "end", "irregularity", "void")

_ACTIONS: dict[str, _Replayed] = {}


def actions() -> Mapping[str, _Replayed]:
    """The table of action events (built on first use: it names Game's methods)."""
    if not _ACTIONS:
        _ACTIONS.update(_table())
    return _ACTIONS


def _typed(where: str, data: Mapping[str, Any], key: str, types: tuple[type, ...]) -> Any:
    value = data[key]
    # bool is an int in Python: a count or a number must not be true or false.
    if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
        names = " or ".join(t.__name__ for t in types)
        raise GameError(f"{where}: {shown(key)} must be a {names}, not {shown(value)}")
    if isinstance(value, list) and not all(isinstance(v, str) for v in value):
        raise GameError(f"{where}: {shown(key)} must be a list of strings, not {shown(value)}")
    return value


def _start_settings(start: Event) -> dict[str, Any]:
    where = "event 0 (start)"
    data = start.data
    fields = {
        "law_set": (_STR, None),
        "seed": (_INT, 0),
        "first_dealer": (_STR, "N"),
        "boards": (_INT, 4),
        "strict": (_BOOL, True),
        "single_game": (_BOOL, False),
    }
    out: dict[str, Any] = {
        k: _typed(where, data, k, t) if k in data else d for k, (t, d) in fields.items()
    }
    try:
        out["first_dealer"] = Seat.parse(out["first_dealer"])
    except RedoubleError as err:
        raise GameError(f"{where}: {err}") from None
    # The law set's flags that differ from the defaults (a list stands for a tuple).
    flags = data.get("flags", {})
    if not isinstance(flags, Mapping):
        raise GameError(f"{where}: 'flags' must be an object, not {shown(flags)}")
    out["flags"] = {k: tuple(v) if isinstance(v, list) else v for k, v in flags.items()}
    out["deals"] = _given_deals(where, data["deals"]) if "deals" in data else None
    return out


def _given_deals(where: str, given: object) -> list[Deal]:
    """The start event's ``"deals"``: every deal given to the game, played or not, as PBN
    deal text (written since 0.2.0; a log without it got its deals from the seed, or was
    written before)."""
    if not isinstance(given, list):
        raise GameError(f"{where}: 'deals' must be a list of deals (PBN text), not {shown(given)}")
    deals = []
    for i, text in enumerate(given):
        name = f"{where}: 'deals'[{i}]"
        if not isinstance(text, str):
            raise GameError(f"{name} must be a str, not {shown(text)}")
        try:
            deal = Deal.from_pbn(text)
        except RedoubleError as err:
            raise GameError(f"{name}: {err}") from None
        _check_whole(deal, name)
        deals.append(deal)
    return deals


def _deals(events: Sequence[Event]) -> list[Deal]:
    """The log's deals by hand number (hand n's deal at n - 1). A hand voided after its score
    (Auction Bridge (1912), Law 39) is dealt again under its number, so a number may come twice,
    and hand numbers, not the order of the deal events, say which deal a hand gets."""
    by_number: dict[int, Deal] = {}
    for i, e in enumerate(events):
        if e.kind != "deal":
            continue
        where = f"event {i} (deal)"
        if "deal" not in e.data:
            raise GameError(f"{where}: no 'deal' field")
        number = _typed(where, e.data, "number", _INT) if "number" in e.data else len(by_number) + 1
        if not 1 <= number <= len(events):
            raise GameError(f"{where}: 'number' must be a hand number, not {shown(number)}")
        try:
            by_number.setdefault(number, Deal.from_pbn(_typed(where, e.data, "deal", _STR)))
        except RedoubleError as err:
            raise GameError(f"{where}: {err}") from None
    missing = [n for n in range(1, len(by_number) + 1) if n not in by_number]
    if missing:
        raise GameError(f"the log deals no hand {missing[0]} (its hands are numbered from 1)")
    return [by_number[n] for n in range(1, len(by_number) + 1)]


#: How a replayed game gets its deals: the deals given (None: its own, from the seed) and
#: whether it deals by the laws' procedure.
DealSource = tuple[list[Deal] | None, bool]


def _deal_source(events: Sequence[Event], logged: list[Deal], seed: int) -> DealSource:
    """How the game that wrote `events` got its deals, as far as the log tells.

    Since 0.2.0 the start event of a game given its deals lists them all (``"deals"``), and
    replay takes them from there; this judges the source of a log without that field. Its
    deal events record the deals dealt, not where they came from: a game that goes on after
    its last logged deal must deal the next one as the original would. Deals that are the seed's
    (by board, or by the laws' procedure with each hand's logged dealer) came from the seed,
    and the replayed game deals on from it; others were given, and it stops after the last
    (the rest of a list given to the original is not in its log). A log that records its
    end is replayed on the logged deals alone: a game given the seed's own deals may have
    ended when they ran out.
    """
    if not logged or any(e.kind == "end" for e in events):
        return logged, False
    if all(d == dealing.deal(seed, n) for n, d in enumerate(logged, 1)):
        return None, False
    dealers: dict[int, Seat] = {}
    for e in events:
        number = e.data.get("number")
        if e.kind == "deal" and e.seat is not None and type(number) is int:
            dealers.setdefault(number, e.seat)
    if all(
        n in dealers and d == dealing.deal_by_the_laws(seed, dealers[n], board=n).deal
        for n, d in enumerate(logged, 1)
    ):
        return None, True
    return logged, False


def _replay_event(game: Game, number: int, event: Event, strict: bool) -> None:
    where = f"event {number} ({event.kind})"
    if event.kind in DERIVED:
        return
    how = actions().get(event.kind)
    if how is None:
        raise GameError(f"{where}: not a kind of event a game log holds")
    if event.data.get("compulsory") is True or event.data.get("applied") is True:
        return  # made by the declaring procedure or a decision: re-made with them
    if strict and not how.strict:
        raise GameError(f"{where}: a strict game's log holds only calls and cards")
    unknown = set(event.data) - set(how.fields)
    if unknown:
        raise GameError(f"{where}: unknown field(s) {', '.join(sorted(map(repr, unknown)))}")
    kwargs = {field: _typed(where, event.data, field, how.fields[field]) for field in event.data}
    missing = [field for field in how.required if field not in kwargs]
    if missing:
        raise GameError(f"{where}: no {', '.join(map(repr, missing))} field")
    if how.seat and event.seat is None:
        raise GameError(f"{where}: the event names no seat")
    if strict and how.in_turn and game.to_act != event.seat:
        verb = "called" if event.kind == "call" else "played"
        raise GameError(f"event {number}: {event.seat} {verb} out of turn")
    try:
        if strict and not how.seat:
            how.method(game, **kwargs)
        else:
            how.method(game, **kwargs, seat=event.seat)
    except RedoubleError as err:
        raise GameError(f"{where} does not replay: {err}") from None


def _legacy_no_law(event: Event, game: Game) -> Event:
    """A recorded irregularity the code has no law on, in today's words. Logs written before
    0.2.0 named the code by its id there ("no law of contract on revoke_corrected"); the game
    now names it as readers know it ("Laws of Duplicate Bridge 2017 has no law on ..."), and
    such logs must still replay."""
    code = game.irregularity_code
    kind = event.data.get("kind")
    if (
        event.kind == "irregularity"
        and isinstance(kind, str)
        and event.data.get("law") == f"no law of {code.name} on {kind}"
    ):
        return Event(event.kind, event.seat, {**event.data, "law": no_law_text(code.title, kind)})
    return event


def replay_log(
    cls: type[Game],
    events: Sequence[Event | Mapping[str, Any]],
    law_set: LawSet | str | None,
    source: DealSource | None = None,
) -> Game:
    """The game `events` record, re-made and checked (see :meth:`Game.replay`); `source`:
    how the original got its deals, where known (a pickled game), else judged from the log."""
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise TypeError(f"events must be a sequence of events, not {type(events).__name__}")
    evs = [event if isinstance(event, Event) else Event.from_json(event) for event in events]
    if not evs or evs[0].kind != "start":
        raise GameError("a game log starts with a 'start' event")
    settings = _start_settings(evs[0])
    name = law_set if law_set is not None else settings["law_set"]
    if name is None:
        raise GameError("event 0 (start): no 'law_set' field")
    try:
        law = get_law_set(name, **settings["flags"])
    except RedoubleError as err:
        raise GameError(f"event 0 (start): {err}") from None
    except TypeError as err:  # a flag's type check: the log's data
        raise GameError(f"event 0 (start): {err}") from None
    logged = _deals(evs)
    if source is not None:
        deals, by_the_laws = source
    elif settings["deals"] is not None:
        deals, by_the_laws = settings["deals"], False
        # Each hand n is dealt the n-th deal given: checked here, before any card is
        # replayed, so that a tampered list is named rather than a card "not held".
        if len(logged) > len(deals):
            raise GameError(
                f"event 0 (start): 'deals' lists {len(deals)} deal(s), but the log deals hand "
                f"{len(deals) + 1}"
            )
        for n, (listed, dealt) in enumerate(zip(deals, logged, strict=False), 1):  # some unplayed
            if listed != dealt:
                raise GameError(
                    f"event 0 (start): 'deals'[{n - 1}] is not the deal the log deals hand {n}"
                )
    else:
        deals, by_the_laws = _deal_source(evs, logged, settings["seed"])
    try:
        game = cls(
            law,
            seed=settings["seed"],
            first_dealer=settings["first_dealer"],
            deals=deals,
            deal_by_the_laws=by_the_laws,
            # Every log carries "boards" (4 under rubber and Chicago law sets, which set their
            # own length and refuse a count): it is passed on only where boards are scored.
            boards=settings["boards"] if law.rubber is None and law.chicago is None else None,
            strict=settings["strict"],
            single_game=settings["single_game"],
        )
    except RedoubleError as err:
        if isinstance(err, GameError):
            raise
        raise GameError(f"event 0 (start): {err}") from None
    if settings["deals"] is None and "deals" in game.log[0].data:
        # A log written before the start event carried the deals given (or a pickle of a
        # game replayed from one): the replayed game keeps the log as it was, so that it
        # writes the same JSON; it deals on from the deals judged above (those logged), as
        # far as that log can tell.
        game._log[0] = Event(
            "start", None, {k: v for k, v in game.log[0].data.items() if k != "deals"}
        )
    for number, event in enumerate(evs[1:], 1):
        _replay_event(game, number, event, settings["strict"])
    mine = [logged for logged in game.log if logged.kind in _COMPARED]
    theirs = [_legacy_no_law(logged, game) for logged in evs if logged.kind in _COMPARED]
    if [ours.to_json() for ours in mine] != [
        recorded.to_json() for recorded in theirs[: len(mine)]
    ]:
        raise GameError("the replayed game does not agree with the log's deals or scores")
    if len(theirs) > len(mine):
        # A log that records more than its actions make (a score or an end after a card
        # was dropped) must not replay to a game that quietly lacks them.
        extra = theirs[len(mine)]
        raise GameError(
            f"the log records {shown(extra.kind)} events its calls and cards do not reach"
        )
    return game
