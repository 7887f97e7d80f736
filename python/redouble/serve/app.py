"""The ASGI application: routes under ``/v1``, each a thin layer over the library.

A handler reads its JSON body through :class:`~.inputs.Fields` (types and bounds, each error
naming its field), converts the values with the library's own parsers inside
:func:`~.errors.at` (so a bad deal string is a 422 at ``body.deal``), hands solver work to
:class:`~.workers.Workers` and answers JSON. Every refusal is an :class:`~.errors.ApiError`;
anything else escaping a handler is a bug, answered 500 and logged.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import numpy as np
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import __version__, dealing, laws, serialize
from .._check import shown
from ..analysis import constrained_deals, par
from ..cards import Card, Seat, Strain
from ..deal import Board, Deal
from ..errors import SearchCancelledError
from ..game import Game
from ..play import Position
from ..scoring import score_hand
from ..solver import CancelToken
from .config import ServeConfig
from .errors import ApiError, at
from .inputs import Fields, parse_json, read_body
from .openapi import openapi_schema
from .sessions import Sessions
from .workers import Deadline, Workers

T = TypeVar("T")

__all__ = ["create_app"]

log = logging.getLogger("redouble.serve")

Handler = Callable[[Request], Awaitable[Any]]

# A constraint every deal meets: dealing with predealt cards and no constraint of its own.
_ANY_DEAL = "N.hcp >= 0"


class _State:
    """What the handlers share: settings, executors, sessions."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.workers = Workers(config.threads, config.solver_bytes, config.pool_bytes)
        self.sessions = Sessions(config.max_sessions, config.session_ttl)


def _error_response(err: ApiError) -> JSONResponse:
    return JSONResponse(err.body(), status_code=err.status)


def _endpoint(state: _State, handler: Callable[[_State, Request], Awaitable[Any]]) -> Handler:
    """A route function: the handler's value as JSON, its ApiError as the error answer."""

    async def route(request: Request) -> Response:
        try:
            result = await handler(state, request)
        except ApiError as err:
            return _error_response(err)
        except Exception:  # a bug: the client is told so, the traceback goes to the log
            log.exception("internal error in %s %s", request.method, request.url.path)
            return _error_response(
                ApiError(500, "internal", "internal error (a bug in redouble serve)", None)
            )
        if isinstance(result, Response):
            return result
        return JSONResponse(result)

    return route


async def _body(state: _State, request: Request, allowed: tuple[str, ...]) -> Fields:
    raw = await read_body(
        request.stream(), request.headers.get("content-length"), state.config.max_body
    )
    return Fields(parse_json(raw), "body", allowed)


# --- conversions of request fields -------------------------------------------------------------


def _deal(text: str, where: str) -> Deal:
    with at(where):
        return Deal.from_pbn(text)


def _seat(f: Fields, name: str, default: str | None = None) -> Seat:
    text = f.get_str(name, default)
    with at(f.where(name)):
        return Seat.parse(text)


def _strain(f: Fields, name: str) -> Strain:
    text = f.get_str(name)
    with at(f.where(name)):
        return Strain.parse(text)


def _cards(f: Fields, name: str) -> list[Card]:
    out = []
    for i, text in enumerate(f.get_strings(name, required=False, limit=52)):
        with at(f"{f.where(name)}[{i}]"):
            out.append(Card.parse(text))
    return out


def _law_name(f: Fields, name: str) -> str:
    text = f.get_str(name, "contract")
    with at(f.where(name)):
        laws.get(text)  # the library's own names and aliases ("auction_1912")
    return text


# --- service ---------------------------------------------------------------------------------


async def health(state: _State, request: Request) -> Any:
    """Liveness and what this process runs."""
    return {
        "status": "ok",
        "version": __version__,
        "threads": state.config.threads,
        "sessions": len(state.sessions),
        "limits": {
            "max_body": state.config.max_body,
            "max_batch": state.config.max_batch,
            "timeout": state.config.timeout,
            "max_sessions": state.config.max_sessions,
            "session_ttl": state.config.session_ttl,
            "max_tries": state.config.max_tries,
        },
    }


async def openapi(state: _State, request: Request) -> Any:
    """The OpenAPI 3.1 description of this service."""
    return openapi_schema(__version__)


# --- dealing ---------------------------------------------------------------------------------


async def deal(state: _State, request: Request) -> Any:
    """Seeded boards, optionally constrained and with predealt cards."""
    cfg = state.config
    f = await _body(
        state, request, ("seed", "board", "count", "constraint", "predeal", "max_tries")
    )
    seed = f.get_int("seed", lo=0, hi=2**64 - 1)
    first = f.get_int("board", 1, lo=1, hi=2**63)
    count = f.get_int("count", 1, lo=0)
    if count > cfg.max_batch:
        raise ApiError(
            413,
            "batch_too_large",
            f"count {shown(count)}; the limit is {cfg.max_batch}",
            "body.count",
        )
    constraint = f.opt_str("constraint")
    predeal_obj = f.get_object("predeal")
    max_tries = f.get_int("max_tries", cfg.max_tries, lo=1, hi=cfg.max_tries)
    predeal: dict[Seat, str] = {}
    for key, hand in (predeal_obj or {}).items():
        where = f"body.predeal.{key}"
        with at(where):
            seat = Seat.parse(key)
        if seat in predeal:  # {"N": ..., "north": ...}: the last replaced the first
            raise ApiError(422, "value_error", f"{seat.name.title()} is predealt twice", where)
        if not isinstance(hand, str):
            raise ApiError(422, "type_error", "a predealt hand must be a string", where)
        predeal[seat] = hand

    def job(deadline: Deadline) -> tuple[list[int], Any, int]:
        if constraint is None and not predeal:
            arr = dealing.deals(count, seed, first_board=first)
            return list(range(first, first + count)), arr, count
        with at("body.constraint" if constraint is not None else "body.predeal"):
            got = constrained_deals(
                constraint if constraint is not None else _ANY_DEAL,
                count,
                seed=seed,
                first_board=first,
                predeal=predeal or None,
                max_tries=max_tries,
                strict=False,
            )
        return [int(b) for b in got.boards], got.deals, got.tried

    boards, arr, tried = await state.workers.run(job, cfg.timeout, "the dealing")
    out = [
        serialize.to_jsonable(Board.from_number(number, Deal([int(m) for m in row])))
        for number, row in zip(boards, arr, strict=True)
    ]
    return {"seed": seed, "boards": out, "tried": tried, "complete": len(out) == count}


# --- double dummy ----------------------------------------------------------------------------


async def dd_table(state: _State, request: Request) -> Any:
    """The DD table of one deal."""
    f = await _body(state, request, ("deal",))
    d = _deal(f.get_str("deal"), "body.deal")
    arr = np.array([d.masks], dtype=np.uint64)
    tables = await state.workers.tables(arr, state.config.timeout)
    return {"deal": d.to_pbn(), "table": serialize.to_jsonable(tables[0])}


async def dd_tables(state: _State, request: Request) -> Any:
    """DD tables of a batch of deals."""
    f = await _body(state, request, ("deals",))
    texts = f.get_strings("deals", limit=state.config.max_batch)
    deals = [_deal(t, f"body.deals[{i}]") for i, t in enumerate(texts)]
    arr = np.array([d.masks for d in deals], dtype=np.uint64).reshape(len(deals), 4)
    tables = await state.workers.tables(arr, state.config.timeout)
    return {"tables": serialize.to_jsonable(tables)}


_POSITION_FIELDS = ("position", "deal", "strain", "leader", "plays")


def _position(f: Fields) -> Position:
    """A position from a ``position`` document (:mod:`redouble.serialize`, mid-trick hands
    allowed), or from the hands at the start of a trick (equal sizes), the strain, that trick's
    leader and the cards played from there; ``plays`` also apply after a document."""
    doc = f.get_object("position")
    plays = _cards(f, "plays")
    if doc is not None:
        for name in ("deal", "strain", "leader"):
            if f.has(name):
                raise ApiError(
                    422, "value_error", f"give either position or {name}, not both", f.where(name)
                )
        with at("body.position"):
            pos = serialize.from_jsonable(doc)
            if not isinstance(pos, Position):
                raise ApiError(
                    422, "value_error", "position must be a position document", "body.position"
                )
    else:
        d = _deal(f.get_str("deal"), "body.deal")
        strain = _strain(f, "strain")
        leader = _seat(f, "leader")
        with at("body.deal"):
            pos = Position(d, strain, leader)
    for i, card in enumerate(plays):
        with at(f"body.plays[{i}]"):
            pos.play(card)
    return pos


def _until(deadline: Deadline, search: Callable[[CancelToken], T]) -> T:
    """Runs a search that stops inside the core at the request's deadline, so the solve
    thread is free again at once instead of finishing a search nobody waits for."""
    try:
        return search(CancelToken(timeout=max(deadline.left(), 0.0)))
    except SearchCancelledError:
        deadline.check()  # passed: the workers' own timeout answer
        raise


async def solve(state: _State, request: Request) -> Any:
    """Tricks the side to play takes from a position."""
    f = await _body(state, request, _POSITION_FIELDS)
    pos = _position(f)
    tricks = await state.workers.run(
        lambda d: _until(d, lambda c: state.workers.solver().solve(pos, cancel=c)),
        state.config.timeout,
        "the solve",
    )
    return {"to_play": pos.to_play.letter, "tricks": tricks}


async def solve_cards(state: _State, request: Request) -> Any:
    """The value of every legal card of a position."""
    f = await _body(state, request, _POSITION_FIELDS)
    pos = _position(f)
    values = await state.workers.run(
        lambda d: _until(d, lambda c: state.workers.solver().solve_cards(pos, cancel=c)),
        state.config.timeout,
        "the solve",
    )
    return {"to_play": pos.to_play.letter, "cards": {str(c): v for c, v in values.items()}}


async def par_route(state: _State, request: Request) -> Any:
    """The par score and contracts of a deal (contract bridge)."""
    f = await _body(state, request, ("deal", "dealer", "vulnerability", "first"))
    d = _deal(f.get_str("deal"), "body.deal")
    dealer = _seat(f, "dealer", "N")
    vul = f.get_str("vulnerability", "None")
    first = f.get_str("first", "dealer")
    with at("body.vulnerability"):
        par(np.zeros((5, 4), np.uint8), dealer=dealer, vulnerability=vul)
    with at("body.first"):
        par(np.zeros((5, 4), np.uint8), dealer=dealer, first=first)
    tables = await state.workers.tables(np.array([d.masks], dtype=np.uint64), state.config.timeout)
    p = par(tables[0], dealer=dealer, vulnerability=vul, first=first)
    return {
        "deal": d.to_pbn(),
        "table": serialize.to_jsonable(tables[0]),
        "par": serialize.to_jsonable(p),
        "text": str(p),
    }


# --- scoring ---------------------------------------------------------------------------------

_SCORE_FIELDS = (
    "law_set",
    "contract",
    "declarer",
    "tricks",
    "deal",
    "honours",
    "trump_void_seats",
    "revokes",
    "revoke_election",
    "revoke_tricks",
    "prior_trick_score",
    "vulnerable",
    "dealer_original_one_spade",
)


def _per_side(f: Fields, name: str, declarer: Seat | None = None) -> Any:
    """A per-side count: ``{"NS": 9, "EW": 4}``, ``[9, 4]``, or (tricks) the declarer's side's."""
    value = f.obj.get(name)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and declarer is not None:
        if not 0 <= value <= 13:
            raise ApiError(
                422, "value_error", f"{name} must be 0..13, got {shown(value)}", f.where(name)
            )
        mine = declarer.side
        return {mine.name: value, mine.opponents.name: 13 - value}
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return value
    raise ApiError(
        422,
        "type_error",
        f'{name} must be an object {{"NS": n, "EW": n}} or an array [ns, ew]',
        f.where(name),
    )


async def score(state: _State, request: Request) -> Any:
    """The score of one hand under any law set."""
    f = await _body(state, request, _SCORE_FIELDS)
    law = _law_name(f, "law_set")
    contract = f.get_str("contract")
    declarer = _seat(f, "declarer")
    tricks = _per_side(f, "tricks", declarer)
    if tricks is None:
        raise ApiError(422, "value_error", "tricks is required", "body.tricks")
    kwargs: dict[str, Any] = {}
    if f.has("deal"):
        kwargs["deal"] = _deal(f.get_str("deal"), "body.deal")
    if f.has("honours"):
        kwargs["honours"] = f.get_object("honours")
    if f.has("trump_void_seats"):
        kwargs["trump_void_seats"] = f.get_strings("trump_void_seats", limit=4)
    for name in ("revokes", "revoke_tricks", "prior_trick_score"):
        if f.has(name):
            kwargs[name] = _per_side(f, name)
    if f.has("revoke_election"):
        kwargs["revoke_election"] = f.get_str("revoke_election")
    if f.has("vulnerable"):
        kwargs["vulnerable"] = f.get_str("vulnerable")
    kwargs["dealer_original_one_spade"] = f.get_bool("dealer_original_one_spade", False)
    with at("body"):
        result = score_hand(law, contract, declarer, tricks, **kwargs)
    return {
        "score": serialize.to_jsonable(result),
        "score_ns": result.score_for("NS"),
    }


# --- game sessions ---------------------------------------------------------------------------


def _game_state(key: str, game: Game) -> dict[str, Any]:
    contract = game.contract
    totals = game.totals
    to_act = game.to_act
    return {
        "id": key,
        "law_set": game.law_set.name,
        "strict": game.is_strict,
        "phase": game.phase.value,
        "hand_number": game.hand_number,
        "dealer": game.dealer.letter,
        "to_act": None if to_act is None else to_act.letter,
        "contract": None if contract is None else str(contract),
        "deal": game.deal.to_pbn(),
        "trick_on_table": {s.letter: str(c) for s, c in game.trick_on_table.items()},
        "tricks_played": len(game.tricks),
        "hands_scored": len(game.results),
        "totals": {"NS": totals.ns, "EW": totals.ew},
        "pending_rulings": [str(r.kind.name) for r in game.pending],
    }


async def game_create(state: _State, request: Request) -> Any:
    """A new game session under a law set."""
    cfg = state.config
    f = await _body(
        state,
        request,
        ("law_set", "seed", "first_dealer", "deals", "boards", "strict", "single_game"),
    )
    law = _law_name(f, "law_set")
    seed = f.get_int("seed", 0, lo=0, hi=2**64 - 1)
    first_dealer = _seat(f, "first_dealer", "N")
    texts = f.get_strings("deals", required=False, limit=cfg.max_batch)
    deals = [_deal(t, f"body.deals[{i}]") for i, t in enumerate(texts)] or None
    # Absent: the law set's own length (a rubber, a Chicago, or four boards).
    boards = None
    if f.has("boards"):
        boards = f.get_int("boards", lo=1, hi=cfg.max_batch)
        law_set = laws.get(law)
        if law_set.rubber is not None or law_set.chicago is not None:
            kind = "rubbers" if law_set.rubber is not None else "Chicago (four deals)"
            raise ApiError(
                422,
                "value_error",
                f"boards: {law_set.title} plays {kind}; a number of boards applies only to "
                "law sets scored board by board",
                f.where("boards"),
            )
    strict = f.get_bool("strict", True)
    single_game = f.get_bool("single_game", False)
    if single_game:
        law_set = laws.get(law)
        if not law_set.plays_single_games:
            raise ApiError(
                422,
                "value_error",
                f"single_game: {law_set.title} is not played in single games (three-handed "
                "Bridge only)",
                f.where("single_game"),
            )

    def make(_: Deadline) -> Game:
        with at("body"):
            return Game(
                law,
                seed=seed,
                first_dealer=first_dealer,
                deals=deals,
                boards=boards,
                strict=strict,
                single_game=single_game,
            )

    game = await state.workers.run(make, cfg.timeout, "making the game")
    key = state.sessions.add(game)
    return JSONResponse(_game_state(key, game), status_code=201)


def _key(request: Request) -> str:
    key: str = request.path_params["id"]
    return key


async def game_state(state: _State, request: Request) -> Any:
    """A session's state."""
    key = _key(request)
    game = state.sessions.get(key)
    return await state.workers.run(lambda _: _game_state(key, game), state.config.timeout, "state")


async def game_legal(state: _State, request: Request) -> Any:
    """The calls or cards open to the seat to act."""
    key = _key(request)
    game = state.sessions.get(key)

    def job(_: Deadline) -> dict[str, Any]:
        to_act = game.to_act
        return {
            "to_act": None if to_act is None else to_act.letter,
            "actions": [str(a) for a in game.legal_actions()],
        }

    return await state.workers.run(job, state.config.timeout, "the legal actions")


async def game_act(state: _State, request: Request) -> Any:
    """Make the next call or play the next card."""
    key = _key(request)
    game = state.sessions.get(key)
    f = await _body(state, request, ("action", "seat"))
    action = f.get_str("action")
    seat = _seat(f, "seat") if f.has("seat") else None

    def job(_: Deadline) -> dict[str, Any]:
        with at("body.action"):
            game.act(action, seat=seat)
        return _game_state(key, game)

    return await state.workers.run(job, state.config.timeout, "the action")


async def game_log(state: _State, request: Request) -> Any:
    """The session's log in the game's versioned JSON format (``redouble-game/1``)."""
    game = state.sessions.get(_key(request))
    text = await state.workers.run(lambda _: game.to_json(), state.config.timeout, "the log")
    return json.loads(text)


async def game_delete(state: _State, request: Request) -> Any:
    """Forget a session."""
    key = _key(request)
    state.sessions.delete(key)
    return {"deleted": key}


# --- the application -------------------------------------------------------------------------


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (unknown path, wrong method) in the service's error shape."""
    assert isinstance(exc, HTTPException)
    kinds = {404: "not_found", 405: "method_not_allowed"}
    kind = kinds.get(exc.status_code, "bad_request")
    where = "path" if exc.status_code == 404 else "method"
    message = f"{request.method} {request.url.path}: {exc.detail}"
    return _error_response(ApiError(exc.status_code, kind, message, where))


def create_app(config: ServeConfig | None = None) -> Starlette:
    """The service as an ASGI application (see :mod:`redouble.serve`)."""
    cfg = config if config is not None else ServeConfig()
    if not isinstance(cfg, ServeConfig):
        raise TypeError(f"config must be a ServeConfig, not {type(cfg).__name__}")
    state = _State(cfg)

    def r(path: str, handler: Callable[[_State, Request], Awaitable[Any]], method: str) -> Route:
        return Route("/v1" + path, _endpoint(state, handler), methods=[method])

    routes = [
        r("/health", health, "GET"),
        r("/openapi.json", openapi, "GET"),
        r("/deal", deal, "POST"),
        r("/dd-table", dd_table, "POST"),
        r("/dd-tables", dd_tables, "POST"),
        r("/solve", solve, "POST"),
        r("/solve-cards", solve_cards, "POST"),
        r("/par", par_route, "POST"),
        r("/score", score, "POST"),
        r("/games", game_create, "POST"),
        r("/games/{id}", game_state, "GET"),
        r("/games/{id}", game_delete, "DELETE"),
        r("/games/{id}/legal", game_legal, "GET"),
        r("/games/{id}/act", game_act, "POST"),
        r("/games/{id}/log", game_log, "GET"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        state.workers.shutdown()

    app = Starlette(
        routes=routes, exception_handlers={HTTPException: _http_error}, lifespan=lifespan
    )
    app.state.redouble = state
    return app
