"""Hostile and unusual input to the game layer: tampered logs, copies that must deal on as
the original, arguments of the wrong type, and JSON documents that nest without end."""

from __future__ import annotations

import copy
import itertools
import json
import math
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_irregularities import _decide_randomly, _inject

from redouble import dealing, laws, serialize
from redouble.errors import FormatError, GameError, RedoubleError
from redouble.game import Game, Phase, RandomPlayer, Table, cut_for_dummy, cut_for_partners

# -- copies deal on as the original ----------------------------------------------------------

COPIES: dict[str, Callable[[Game], Game]] = {
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "deepcopy": copy.deepcopy,
    "json": lambda g: Game.from_json(g.to_json()),
    "replay": lambda g: Game.replay(g.log),
}


def _finish(g: Game) -> Game:
    g.auto_play(RandomPlayer(2))
    return g


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("by_the_laws", [False, True])
def test_a_copy_of_a_seeded_game_mid_rubber_deals_on_as_the_original(
    how: str, by_the_laws: bool
) -> None:
    # The copy was rebuilt on the deals logged so far, and stopped ("its deals given, all
    # played") after the hand in progress where the original dealt on from its seed.
    g = Game("contract_rubber", seed=5, deal_by_the_laws=by_the_laws)
    for _ in range(10):
        g.act(RandomPlayer(1)(g))
    twin = COPIES[how](g)
    _finish(g)
    _finish(twin)
    assert len(g.results) > 3
    assert twin.to_json() == g.to_json()


def test_a_pickled_game_given_deals_deals_on_from_them() -> None:
    given = [dealing.deal(9, n) for n in (3, 1, 2)]
    g = Game("contract", deals=given, boards=3)
    for call in ("P", "P", "P", "P"):
        g.call(call)
    assert g.hand_number == 2
    for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert _finish(twin).to_json() == _finish(copy.deepcopy(g)).to_json()
        assert [r.deal for r in twin.results] == given


GIVEN = [dealing.deal(9, n) for n in (3, 1, 2, 7)]


def _given_mid_session(strict: bool = True) -> Game:
    """A game given four deals: the first passed out, the second in its play."""
    g = Game("contract", deals=GIVEN, boards=4, strict=strict)
    for call in ("P", "P", "P", "P", "1N", "P", "P", "P"):
        g.call(call)
    for _ in range(5):
        g.act(RandomPlayer(3)(g))
    return g


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("strict", [True, False])
def test_a_saved_game_given_deals_deals_on_from_those_not_yet_played(
    how: str, strict: bool
) -> None:
    # The log held only the deals dealt so far: reloaded from its JSON or replayed, the game
    # stopped after hand 2 where the original went on to hands 3 and 4.
    g = _given_mid_session(strict)
    twin = COPIES[how](g)
    assert twin.to_json() == g.to_json()
    _finish(g)
    _finish(twin)
    assert [r.deal for r in twin.results] == GIVEN
    assert twin.to_json() == g.to_json()
    assert twin.phase is Phase.COMPLETE


def test_the_start_event_lists_every_deal_given_and_a_seeded_game_none() -> None:
    g = _given_mid_session()
    assert g.log[0].data["deals"] == [d.to_pbn() for d in GIVEN]
    assert "deals" not in Game("contract", seed=9).log[0].data
    assert Game("contract", deals=(), boards=1).log[0].data["deals"] == []


def test_a_log_written_before_the_deals_given_were_listed_still_replays_as_it_was() -> None:
    # Logs of 0.1.x carry no "deals": replayed, they keep that shape (the golden records of
    # the irregularity tests are such logs) and stop after the last deal logged.
    obj = json.loads(_given_mid_session().to_json())
    del obj["events"][0]["data"]["deals"]
    old = json.dumps(obj)
    for twin in (Game.from_json(old), Game.replay(obj["events"])):
        assert twin.to_json() == old
        assert pickle.loads(pickle.dumps(twin)).to_json() == old
        _finish(twin)
        assert [r.deal for r in twin.results] == GIVEN[:2]


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        (None, r"'deals' must be a list of deals"),
        ("N:AKQJ.T98.765.432 - - -", r"'deals' must be a list of deals"),
        ({"1": "x"}, r"'deals' must be a list of deals"),
        ([5], r"'deals'\[0\] must be a str, not 5"),
        ([GIVEN[0].to_pbn(), None], r"'deals'\[1\] must be a str"),
        (["zz"], r"'deals'\[0\]: "),
        (["N:A... K... Q... J..."], r"'deals'\[0\] is not a whole deal: N, E, S, W not 13"),
    ],
    ids=["null", "str", "object", "int", "null item", "not pbn", "not whole"],
)
def test_tampered_deals_given_are_refused_naming_the_field(deals: Any, says: str) -> None:
    obj = json.loads(_given_mid_session().to_json())
    obj["events"][0]["data"]["deals"] = deals
    with pytest.raises(GameError, match=r"^event 0 \(start\): " + says):
        Game.from_json(json.dumps(obj))
    with pytest.raises(GameError, match=r"^event 0 \(start\): " + says):
        Game.replay(obj["events"])


@pytest.mark.parametrize("change", ["order", "fewer", "other"])
def test_deals_given_that_disagree_with_the_deals_logged_are_refused(change: str) -> None:
    obj = json.loads(_given_mid_session().to_json())
    listed = obj["events"][0]["data"]["deals"]
    if change == "order":
        listed.reverse()
    elif change == "fewer":
        del listed[1:]  # hand 2 is logged, but no second deal was given
    else:
        listed[1] = dealing.deal(1, 1).to_pbn()
    with pytest.raises(
        GameError,
        match=r"^event 0 \(start\): 'deals'(\[0\] is not the deal the log deals hand 1$|\[1\] is not the deal the log deals hand 2$| lists 1 deal\(s\), but the log deals hand 2$)",
    ):
        Game.from_json(json.dumps(obj))


def test_deals_given_as_an_iterator_are_refused_saying_why() -> None:
    def endless() -> Any:
        n = 0
        while True:
            n += 1
            yield dealing.deal(1, n)

    for deals in (endless(), iter(GIVEN), (d for d in GIVEN)):
        with pytest.raises(TypeError, match=r"^deals must be a sequence .*itertools\.islice"):
            Game("contract", deals=deals)
    g = Game("contract", deals=list(itertools.islice(endless(), 2)), boards=4)
    assert Game.from_json(g.to_json()).log[0].data["deals"] == g.log[0].data["deals"]


@pytest.mark.parametrize("how", COPIES)
def test_a_game_given_deals_with_a_hand_voided_after_its_score_deals_on_as_the_original(
    how: str,
) -> None:
    # Auction Bridge (1912), Law 39: the voided hand's dealer deals again, from the next deal
    # given; the copy must take the same one.
    deals = [dealing.deal(4, n) for n in range(1, 9)]
    g = Game("auction_1912", deals=deals, strict=False)
    player = RandomPlayer(1)
    while g.hand_number == 1:
        g.act(player(g))
    g.report_new_deal_ground("wrong_hand_sizes", hand=1)
    twin = COPIES[how](g)
    for game in (g, twin):
        while game.phase is not Phase.COMPLETE and game.hand_number <= 3:
            game.act(RandomPlayer(5)(game))
    assert twin.to_json() == g.to_json()


def test_a_game_given_the_seed_s_own_deals_still_ends_with_them() -> None:
    # Deals that are the seed's are dealt on from the seed, unless the log records its end.
    g = Game("contract", deals=[dealing.deal(0, 1)], seed=0)
    _finish(g)
    assert g.phase is Phase.COMPLETE
    assert len(g.results) == 1
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_a_seeded_log_with_a_hand_voided_after_its_score_replays() -> None:
    # Auction Bridge (1912), Law 39: the hand's dealer deals again under its number, so the
    # log's deals for hands 1, 2, 2, 3: replay took them in order, gave hand 3 hand 2's deal
    # and refused the next card ("West does not hold ...").
    g = Game("auction_1912", seed=4, strict=False)
    player = RandomPlayer(1)
    while g.hand_number == 1:
        g.act(player(g))
    g.report_new_deal_ground("wrong_hand_sizes", hand=1)
    while g.hand_number <= 3:
        g.act(player(g))
    numbers = [e.data["number"] for e in g.log if e.kind == "deal"]
    assert numbers[:4] == [1, 2, 2, 3]
    assert Game.replay(g.log).log == g.log
    assert _finish(pickle.loads(pickle.dumps(g))).to_json() == _finish(g).to_json()


@pytest.mark.parametrize("numbers", [[2], [1, 3]])
def test_a_log_whose_hand_numbers_skip_a_hand_is_refused(numbers: list[int]) -> None:
    g = Game("contract", seed=1)
    for call in ("P", "P", "P", "P"):
        g.call(call)
    obj = json.loads(g.to_json())
    deals = [e for e in obj["events"] if e["kind"] == "deal"]
    for event, number in zip(deals, numbers, strict=False):
        event["data"]["number"] = number
    with pytest.raises(GameError, match=r"deals no hand [12] "):
        Game.from_json(json.dumps(obj))


@pytest.mark.parametrize("dropped", ["play", "call"])
def test_a_log_that_records_a_score_its_actions_do_not_reach_is_refused(dropped: str) -> None:
    # The last card (or call) taken out: replay stopped short of the logged score and end
    # and returned a game still in play, the log's score silently dropped.
    g = Game("contract", seed=1, boards=1)
    g.auto_play(RandomPlayer(1))
    obj = json.loads(g.to_json())
    last = max(i for i, e in enumerate(obj["events"]) if e["kind"] == dropped)
    if dropped == "call":  # the last call and every card after it
        obj["events"] = [e for i, e in enumerate(obj["events"]) if i < last or e["kind"] != "play"]
        del obj["events"][last]
    else:
        del obj["events"][last]
    with pytest.raises(GameError, match="records 'score' events its calls and cards do not"):
        Game.from_json(json.dumps(obj))


@pytest.mark.parametrize("number", [0, -1, 2**70, "1", None, 1.0, True])
def test_a_deal_event_with_an_odd_number_is_refused_naming_it(number: Any) -> None:
    obj = json.loads(Game("contract", seed=1).to_json())
    obj["events"][1]["data"]["number"] = number
    with pytest.raises(GameError, match=r"event 1 \(deal\): 'number'"):
        Game.from_json(json.dumps(obj))


@pytest.mark.parametrize(
    "seed", [10**5000, -(10**5000), 2**64 + 3, -1], ids=["huge", "-huge", "2**64+3", "-1"]
)
def test_a_huge_seed_is_kept_modulo_2_64_and_its_game_writes_json(seed: int) -> None:
    # The deals depend on seed % 2**64; a seed of 5,000 digits made to_json and pickling
    # fail with Python's bare ValueError (integer string conversion limit).
    g = Game("contract", seed=seed)
    assert g.log[0].data["seed"] == seed % 2**64
    assert g.deal == Game("contract", seed=seed % 2**64).deal
    assert pickle.loads(pickle.dumps(g)).to_json() == g.to_json()


# -- Table, cutting and RandomPlayer check their arguments ------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "named"),
    [
        (lambda: Table("contract", seed="x"), TypeError, "seed"),  # str + int deep inside
        (lambda: Table("contract", seed=None), TypeError, "seed"),
        (lambda: Table("contract", seed=True), TypeError, "seed"),
        (lambda: Table("contract", seed=1.5), TypeError, "seed"),
        (lambda: Table("contract", ["a", "b", "c", 4]), TypeError, "players"),
        (lambda: Table("contract", b"abcd"), TypeError, "players"),  # four ints
        (lambda: Table("contract", None), TypeError, "players"),  # type: ignore[arg-type]
        (lambda: Table("contract", [["a"], "b", "c", "d"]), TypeError, "players"),
        (lambda: Table("contract", deal_by_the_laws=1), TypeError, "deal_by_the_laws"),
        (lambda: Table("contract").seat_of(["North"]), TypeError, "player"),
        (lambda: cut_for_partners("contract", [*"abc", None], seed=1), TypeError, "players"),
        (lambda: cut_for_partners("contract", list("abcd"), seed=None), TypeError, "seed"),
        (lambda: cut_for_partners("contract", list("abcd"), seed="s"), TypeError, "seed"),
        (lambda: cut_for_dummy("bridge_three_handed", None), TypeError, "players"),
        (lambda: cut_for_dummy("bridge_three_handed", [1, 2, 3]), TypeError, "players"),
        (lambda: cut_for_dummy("bridge_three_handed", b"abc", seed=1), TypeError, "players"),
        (
            lambda: cut_for_dummy("bridge_three_handed", list("abc"), single_game=1),
            TypeError,
            "single_game",
        ),
        (lambda: cut_for_dummy("bridge_three_handed", list("abc"), seed=2.5), TypeError, "seed"),
        (lambda: RandomPlayer("x"), TypeError, "seed"),
        (lambda: RandomPlayer(None), TypeError, "seed"),  # type: ignore[arg-type]
        (lambda: RandomPlayer(1.5), TypeError, "seed"),  # type: ignore[arg-type]
        (lambda: RandomPlayer(1, pass_weight="4"), TypeError, "pass_weight"),
        (lambda: RandomPlayer(1, pass_weight=True), TypeError, "pass_weight"),
        (lambda: RandomPlayer(1, pass_weight=0), GameError, "pass_weight"),
        (lambda: RandomPlayer(1, pass_weight=-1.0), GameError, "pass_weight"),
        (lambda: RandomPlayer(1, pass_weight=math.nan), GameError, "pass_weight"),
        (lambda: RandomPlayer(1, pass_weight=math.inf), GameError, "pass_weight"),
    ],
)
def test_table_cutting_and_players_refuse_bad_arguments_naming_them(
    make: Callable[[], Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        make()


def test_numpy_seeds_are_taken_by_table_cutting_and_players() -> None:
    np = pytest.importorskip("numpy")
    # random.Random refused numpy's integers ("The only supported seed types are ...").
    assert Table("contract", seed=np.int64(3)).seat_of("North") == Table(
        "contract", seed=3
    ).seat_of("North")
    assert cut_for_dummy("bridge_three_handed", list("abc"), seed=np.int32(2)) == cut_for_dummy(
        "bridge_three_handed", list("abc"), seed=2
    )
    a, b = Game("contract", seed=1), Game("contract", seed=1)
    a.auto_play(RandomPlayer(np.int64(7), pass_weight=np.float64(2.0)))
    b.auto_play(RandomPlayer(7, pass_weight=2))
    assert a.to_json() == b.to_json()


# -- serialize: containers that hold themselves or nest without end -------------------------


def _nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


def _self_holding() -> list[Any]:
    loop: list[Any] = [1]
    loop.append({"again": loop})
    return loop


@pytest.mark.parametrize("value", [_nested(50_000), _self_holding()])
def test_serialize_refuses_containers_nested_without_end(value: list[Any]) -> None:
    # RecursionError before: to_jsonable and from_jsonable walk containers by recursion.
    with pytest.raises(RedoubleError, match="obj: "):
        serialize.dumps(value)
    with pytest.raises(RedoubleError, match="obj: "):
        serialize.to_jsonable(value)
    with pytest.raises(FormatError, match="data: nested too deeply"):
        serialize.from_jsonable(value)


def test_serialize_writes_a_container_met_twice_but_not_inside_itself() -> None:
    shared = [1, 2]
    assert serialize.to_jsonable([shared, {"x": shared}]) == [[1, 2], {"x": [1, 2]}]


@pytest.mark.parametrize("vulnerable", [[[]], [{}], [["NS"]], [None], [1]])
def test_a_hand_score_document_with_odd_sides_is_a_format_error(vulnerable: Any) -> None:
    g = Game("contract", seed=1)
    g.auto_play(RandomPlayer(1))
    score = next(r.score for r in g.results if r.score is not None)
    doc = json.loads(serialize.dumps(score))
    doc["vulnerable"] = vulnerable  # a list in the list: unhashable, a bare TypeError before
    with pytest.raises(FormatError, match="field 'vulnerable'"):
        serialize.loads(json.dumps(doc))


# -- tampered logs: replay to a game that replays to itself, or GameError -------------------

ODD: list[Any] = [
    *(None, 0, -1, 2**70, 1.5, math.nan, math.inf, True, False, "", "zz", "N", "sa", "♠A"),
    *([], {}, [1], ["SA"], {"a": 1}, [[]]),
]
KINDS = ["call", "play", "deal", "score", "end", "start", "decide", "expose", "claim"]
KINDS += ["touch_dummy", "passed_out", "irregularity", "applied", "void", "quit_trick"]


def _base_logs(seed: int) -> list[dict[str, Any]]:
    """A log of each law set, strict and lenient (irregularities injected), in mid-session."""
    logs = []
    for name in laws.available():
        for strict in (True, False):
            rng = random.Random(seed)
            g = Game(name, seed=seed, strict=strict)
            player = RandomPlayer(seed)
            for _ in range(rng.randint(30, 300)):
                if g.phase is Phase.COMPLETE:
                    break
                if strict:
                    g.act(player(g))
                elif g.pending and rng.random() < 0.5:
                    _decide_randomly(g, rng)
                else:
                    _inject(g, rng, player)
            logs.append(json.loads(g.to_json()))
    return logs


def _tamper(obj: dict[str, Any], rng: random.Random, others: list[dict[str, Any]]) -> None:
    events = obj["events"]
    i = rng.randrange(len(events))
    data = events[i].get("data")
    op = rng.randrange(12)
    if op == 0 and len(events) > 1:
        del events[i]
    elif op == 1:
        events.insert(i, copy.deepcopy(events[i]))
    elif op == 2:
        j = rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]
    elif op == 3:
        del events[rng.randrange(1, len(events) + 1) :]
    elif op == 4:
        events[i]["kind"] = rng.choice(KINDS)
    elif op == 5:
        events[i]["seat"] = rng.choice(["N", "E", "S", "W", "n", "X", None, 1])
    elif op == 6 and isinstance(data, dict) and data:
        data[rng.choice(sorted(data))] = rng.choice(ODD)
    elif op == 7 and isinstance(data, dict) and data:
        del data[rng.choice(sorted(data))]
    elif op == 8 and isinstance(data, dict):
        data[rng.choice(["zz", "applied", "compulsory", "card", "ruling", "number"])] = rng.choice(
            ODD
        )
    elif op == 9:
        start = events[0].setdefault("data", {})
        if isinstance(start, dict):
            keys = ["law_set", "seed", "boards", "first_dealer", "strict", "flags", "deals"]
            key = rng.choice(keys)
            start[key] = rng.choice([*ODD, *laws.available(), {"spade_convention_agreed": True}])
    elif op == 10:
        other = rng.choice(others)["events"]
        j = rng.randrange(len(other))
        if rng.random() < 0.5:
            events.insert(i, copy.deepcopy(other[j]))
        else:
            events[i:] = copy.deepcopy(other[j:])
    elif op == 11:
        obj["law_set"] = rng.choice([*laws.available(), None])


def test_tampered_logs_replay_to_themselves_or_raise_game_error() -> None:
    """Logs of every law set, strict and lenient, with events dropped, duplicated, swapped,
    cut short, re-kinded, re-seated, re-valued (odd JSON values), spliced from another game,
    or their start (law set, seed, boards, flags) changed: each replays to a game whose own
    log replays to itself (and continues from a copy as the game does), or raises GameError."""
    rng = random.Random(2026)
    bases = _base_logs(11)
    outcomes = {"replayed": 0, "refused": 0}
    for _ in range(350):
        obj = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            _tamper(obj, rng, bases)
        try:
            g = Game.from_json(json.dumps(obj))
        except GameError:
            outcomes["refused"] += 1
            continue
        assert Game.replay(g.log).log == g.log
        assert Game.from_json(g.to_json()).to_json() == g.to_json()
        outcomes["replayed"] += 1
    assert min(outcomes.values()) > 20, outcomes
