"""The OpenAPI 3.1 description of the service, written by hand next to the routes it describes.

``tests/test_serve.py`` checks that every route is described and every described path exists.
"""

from __future__ import annotations

from typing import Any

__all__ = ["openapi_schema"]

_S = {"type": "string"}
_I = {"type": "integer"}
_B = {"type": "boolean"}
_DEAL = {"type": "string", "description": 'PBN deal string, e.g. "N:AKQ2.T98.765.432 ..."'}
_SEAT = {"type": "string", "description": "N, E, S or W"}
_CARDS = {"type": "array", "items": {"type": "string", "description": 'a card, e.g. "SA"'}}
_PER_SIDE = {
    "oneOf": [
        {"type": "object", "properties": {"NS": _I, "EW": _I}},
        {"type": "array", "items": _I, "minItems": 2, "maxItems": 2},
    ]
}
_TABLE = {
    "type": "object",
    "description": 'a redouble/1 "dd_table" document (redouble.serialize): '
    '"dd_table" holds per strain (C D H S NT) the tricks of declarer N, E, S, W',
}
_DOC = {"type": "object", "description": "a redouble/1 document (redouble.serialize)"}
_ERROR = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "type": _S,
                "message": _S,
                "where": {"type": ["string", "null"]},
            },
            "required": ["type", "message", "where"],
        }
    },
}
_POSITION = {
    "type": "object",
    "description": "a position document, or deal + strain + leader (+ plays)",
    "properties": {
        "position": {**_DOC, "description": 'a "position" document (mid-trick hands allowed)'},
        "deal": {**_DEAL, "description": "the hands at the start of a trick (equal sizes)"},
        "strain": {"type": "string", "description": "C, D, H, S or NT"},
        "leader": {**_SEAT, "description": "the leader of that trick"},
        "plays": {**_CARDS, "description": "cards played from there on, in order"},
    },
}
_GAME = {"type": "object", "description": "a game session's state"}


def _obj(required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": props}


def _op(summary: str, body: dict[str, Any] | None, answer: dict[str, Any], ok: int = 200) -> Any:
    op: dict[str, Any] = {
        "summary": summary,
        "responses": {
            str(ok): {"description": "OK", "content": {"application/json": {"schema": answer}}},
            "4XX": {
                "description": "bad input: what was wrong and where",
                "content": {"application/json": {"schema": _ERROR}},
            },
            "503": {
                "description": "time limit or session limit reached",
                "content": {"application/json": {"schema": _ERROR}},
            },
        },
    }
    if body is not None:
        op["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": body}},
        }
    return op


_ID = [{"name": "id", "in": "path", "required": True, "schema": _S}]


def openapi_schema(version: str) -> dict[str, Any]:
    """The description as a JSON-ready dict."""
    paths: dict[str, Any] = {
        "/v1/health": {"get": _op("liveness, version and limits", None, {"type": "object"})},
        "/v1/openapi.json": {"get": _op("this description", None, {"type": "object"})},
        "/v1/deal": {
            "post": _op(
                'seeded boards, optionally constrained (e.g. "N.hcp in 15..17 and N.balanced")',
                _obj(
                    ["seed"],
                    seed=_I,
                    board=_I,
                    count=_I,
                    constraint=_S,
                    predeal={"type": "object", "additionalProperties": _S},
                    max_tries=_I,
                ),
                _obj(
                    [],
                    seed=_I,
                    boards={
                        "type": "array",
                        "items": {**_DOC, "description": 'a "board" document'},
                    },
                    tried=_I,
                    complete=_B,
                ),
            )
        },
        "/v1/dd-table": {
            "post": _op(
                "the DD table of a deal", _obj(["deal"], deal=_DEAL), _obj([], table=_TABLE)
            )
        },
        "/v1/dd-tables": {
            "post": _op(
                "DD tables of a batch",
                _obj(["deals"], deals={"type": "array", "items": _DEAL}),
                _obj([], tables={**_DOC, "description": 'a "dd_tables" document'}),
            )
        },
        "/v1/solve": {
            "post": _op(
                "tricks the side to play takes", _POSITION, _obj([], to_play=_SEAT, tricks=_I)
            )
        },
        "/v1/solve-cards": {
            "post": _op(
                "the value of every legal card",
                _POSITION,
                _obj([], to_play=_SEAT, cards={"type": "object", "additionalProperties": _I}),
            )
        },
        "/v1/par": {
            "post": _op(
                "par score and contracts (contract bridge)",
                _obj(["deal"], deal=_DEAL, dealer=_SEAT, vulnerability=_S, first=_S),
                _obj([], table=_TABLE, par={**_DOC, "description": 'a "par" document'}, text=_S),
            )
        },
        "/v1/score": {
            "post": _op(
                "score one hand under any law set",
                _obj(
                    ["contract", "declarer", "tricks"],
                    law_set=_S,
                    contract=_S,
                    declarer=_SEAT,
                    tricks={"oneOf": [_I, _PER_SIDE]},
                    deal=_DEAL,
                    honours={"type": "object", "additionalProperties": _I},
                    trump_void_seats={"type": "array", "items": _SEAT},
                    revokes=_PER_SIDE,
                    revoke_election=_S,
                    revoke_tricks=_PER_SIDE,
                    prior_trick_score=_PER_SIDE,
                    vulnerable=_S,
                    dealer_original_one_spade=_B,
                ),
                _obj([], score={**_DOC, "description": 'a "hand_score" document'}, score_ns=_I),
            )
        },
        "/v1/games": {
            "post": _op(
                "a new game session under a law set",
                _obj(
                    [],
                    law_set=_S,
                    seed=_I,
                    first_dealer=_SEAT,
                    deals={"type": "array", "items": _DEAL},
                    boards={
                        **_I,
                        "minimum": 1,
                        "description": "law sets scored board by board only (default 4); "
                        "refused where the law set plays rubbers or Chicago",
                    },
                    strict=_B,
                    single_game={
                        **_B,
                        "description": "three-handed Bridge only: one game (bonus 50) "
                        "instead of a rubber",
                    },
                ),
                _GAME,
                ok=201,
            )
        },
        "/v1/games/{id}": {
            "parameters": _ID,
            "get": _op("the session's state", None, _GAME),
            "delete": _op("forget the session", None, _obj([], deleted=_S)),
        },
        "/v1/games/{id}/legal": {
            "parameters": _ID,
            "get": _op(
                "calls or cards open to the seat to act",
                None,
                _obj([], to_act=_SEAT, actions={"type": "array", "items": _S}),
            ),
        },
        "/v1/games/{id}/act": {
            "parameters": _ID,
            "post": _op(
                "make the next call or play the next card",
                _obj(["action"], action=_S, seat=_SEAT),
                _GAME,
            ),
        },
        "/v1/games/{id}/log": {
            "parameters": _ID,
            "get": _op("the log, format redouble-game/1", None, {"type": "object"}),
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "redouble serve", "version": version},
        "paths": paths,
    }
