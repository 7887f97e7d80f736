"""A game refuses bad arguments at the door, and its logs reload or fail with GameError
(issue 19: items 4, 5 and 7, the game's part)."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import pytest

from redouble import Deal
from redouble.errors import GameError
from redouble.game import Game, RandomPlayer

WHOLE = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


# -- item 5: validate at the door -------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "named"),
    [
        ({"boards": "x"}, TypeError, "boards"),
        ({"boards": 2.5}, TypeError, "boards"),
        ({"boards": True}, TypeError, "boards"),
        ({"boards": 0}, GameError, "boards"),
        ({"boards": -1}, GameError, "boards"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"seed": 1.0}, TypeError, "seed"),
        ({"strict": 1}, TypeError, "strict"),
        ({"deal_by_the_laws": "yes"}, TypeError, "deal_by_the_laws"),
        ({"deals": "N:AKQJ..."}, TypeError, "deals"),
        ({"deals": [1]}, TypeError, "deals"),
        ({"deals": [Deal.from_pbn("N:A... K... Q... J...")]}, GameError, "deals"),
    ],
)
def test_bad_arguments_are_refused_naming_the_argument(
    kwargs: dict[str, Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        Game("contract", **kwargs)


def test_a_one_card_deal_is_refused_not_stuck_at_the_last_card() -> None:
    partial = Deal.from_pbn("N:A... K... Q... J...")
    with pytest.raises(GameError, match="not a whole deal"):
        Game("contract", deals=[WHOLE, partial])
    g = Game("contract", deals=[WHOLE])  # a whole deal is played to the end
    g.auto_play(RandomPlayer(0))
    assert g.phase.value == "complete"


def test_integers_of_other_types_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    g = Game("contract", seed=np.int64(3), boards=np.int32(2))
    assert g.to_json() == Game("contract", seed=3, boards=2).to_json()


@pytest.mark.parametrize(
    ("law", "kind"),
    [
        ("auction_1912", "rubbers"),
        ("bridge_1906", "rubbers"),
        ("CONTRACT_RUBBER", "rubbers"),
        ("CONTRACT_CHICAGO", "Chicago"),
    ],
)
def test_boards_are_refused_where_the_law_set_sets_the_length(law: str, kind: str) -> None:
    with pytest.raises(GameError, match=rf"boards: .* plays {kind}"):
        Game(law, boards=2)
    # Without it the session is the law set's own, and its log replays.
    g = Game(law, seed=1)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_boards_default_to_four_where_boards_are_scored() -> None:
    g = Game("bridge_duplicate", seed=1)
    assert json.loads(g.to_json())["events"][0]["data"]["boards"] == 4
    g.auto_play(RandomPlayer(0))
    assert len(g.results) == 4
    two = Game("bridge_duplicate", seed=1, boards=2)
    two.auto_play(RandomPlayer(0))
    assert len(two.results) == 2


def test_a_rubber_log_s_board_count_is_not_used() -> None:
    # Rubber logs carry "boards": 4 (one shape for every log); replay does not pass it on.
    g = Game("auction_1912", deals=[WHOLE])
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    obj = json.loads(g.to_json())
    assert obj["events"][0]["data"]["boards"] == 4
    obj["events"][0]["data"]["boards"] = 7
    again = Game.from_json(json.dumps(obj))
    assert again.log[1:] == g.log[1:]


@pytest.mark.parametrize(("kind", "verb"), [("call", "called"), ("play", "played")])
def test_a_log_s_action_out_of_turn_is_named_by_its_kind(kind: str, verb: str) -> None:
    g = Game("contract", seed=1)
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    g.act(RandomPlayer(0)(g))  # the opening lead
    obj = json.loads(g.to_json())
    number = next(i for i, e in enumerate(obj["events"]) if e["kind"] == kind)
    right = obj["events"][number]["seat"]
    obj["events"][number]["seat"] = "S" if right != "S" else "N"
    with pytest.raises(GameError, match=f"event {number}: .* {verb} out of turn"):
        Game.from_json(json.dumps(obj))


def test_every_public_member_of_a_game_runs_under_its_lock() -> None:
    # Thread safety by construction: each public method and property is wrapped (the wrapper
    # keeps the original as __wrapped__); private ones are called under a held lock.
    import inspect

    for name in dir(Game):
        attr = inspect.getattr_static(Game, name)
        fn = attr.fget if isinstance(attr, property) else attr
        if not inspect.isfunction(fn):
            continue
        assert hasattr(fn, "__wrapped__") == (not name.startswith("_")), name


def test_law_set_of_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="law_set"):
        Game(3)  # type: ignore[arg-type]


# -- item 7: only our errors from malformed logs ----------------------------------------------


def _lenient_log() -> dict[str, Any]:
    g = Game("auction_1912", deals=[WHOLE] * 2, strict=False)
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    g.play("HA", seat="W")  # a lead out of turn: a ruling, then a decision naming a suit
    g.decide("call_suit", suit="C")
    g.play("CA")
    obj: dict[str, Any] = json.loads(g.to_json())
    return obj


def _start(data: dict[str, Any]) -> str:
    return json.dumps({"format": "redouble-game/1", "events": [{"kind": "start", "data": data}]})


def _replays_or_game_error(obj: dict[str, Any]) -> None:
    with contextlib.suppress(GameError):
        Game.from_json(json.dumps(obj))


MALFORMED_VALUES: list[Any] = [None, 0, -1, 2**70, 1.5, True, "", "zz", [], {}, [1], {"a": 1}]


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "{}",
        '{"format": "redouble-game/1"}',
        '{"format": "redouble-game/1", "events": {}}',
        '{"format": "redouble-game/1", "events": [1]}',
        '{"format": "redouble-game/1", "events": [{"kind": "start"}]}',
        '{"format": "redouble-game/1", "events": [{"kind": "start", "data": []}]}',
        '{"format": "redouble-game/1", "events": [{"kind": 3}]}',
        '{"format": "redouble-game/1", "law_set": 5, "events": []}',
        '{"format": "redouble-game/1", "events": [{"kind": "start", "seat": 5}]}',
        _start({"law_set": "contract", "boards": 10**23}),
        _start({"law_set": "contract", "seed": "x"}),
        _start({"law_set": 7}),
        "[" * 100_000,
    ],
)
def test_malformed_logs_raise_game_error(text: str) -> None:
    with pytest.raises(GameError):
        Game.from_json(text)


def test_mutated_logs_raise_only_game_error() -> None:
    """Each field of each event of a lenient log set to each odd JSON value, and events
    dropped, duplicated and unknown: the log replays or raises GameError naming the event."""
    base = _lenient_log()
    rng = random.Random(19)
    tried = 0
    for i, event in enumerate(base["events"]):
        keys = ["kind", "seat", "data", *(f"data.{k}" for k in event.get("data", {}))]
        for key in keys:
            for value in rng.sample(MALFORMED_VALUES, 4):
                obj = copy.deepcopy(base)
                target = obj["events"][i]
                if key.startswith("data."):
                    target["data"][key[5:]] = value
                else:
                    target[key] = value
                _replays_or_game_error(obj)
                tried += 1
        for mutate in ("drop", "twice", "unknown"):
            obj = copy.deepcopy(base)
            if mutate == "drop":
                del obj["events"][i]
            elif mutate == "twice":
                obj["events"].insert(i, obj["events"][i])
            else:
                obj["events"][i] = {"kind": "teleport", "data": {}}
            _replays_or_game_error(obj)
            tried += 1
    assert tried > 100


def test_an_unknown_event_kind_is_named() -> None:
    obj = _lenient_log()
    obj["events"].insert(3, {"kind": "teleport"})
    with pytest.raises(GameError, match=r"event 3 \(teleport\)"):
        Game.from_json(json.dumps(obj))


def test_an_ill_typed_field_is_named() -> None:
    obj = _lenient_log()
    call = next(i for i, e in enumerate(obj["events"]) if e["kind"] == "call")
    obj["events"][call]["data"]["call"] = 7
    with pytest.raises(GameError, match=rf"event {call} \(call\): 'call' must be"):
        Game.from_json(json.dumps(obj))
