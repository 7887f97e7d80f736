"""Values that travel: JSON (redouble.serialize, the to_json/from_json methods) and pickling."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import redouble
from redouble import (
    Board,
    CardSet,
    Deal,
    FormatError,
    Position,
    RedoubleError,
    Seat,
    Strain,
    Vulnerability,
    laws,
    serialize,
    solver,
)
from redouble.analysis import Par, par
from redouble.formats import BoardRecord
from redouble.game import Game
from redouble.scoring import HandScore, score_hand

DEAL = redouble.deal(1906, 1)


def _played_position() -> Position:
    """Six cards into the play of 3NT (a trick completed, one in progress)."""
    p = Position(DEAL, Strain.NOTRUMP, Seat.EAST)
    for _ in range(6):
        p.play(min(p.legal_plays()))
    return p


def _mid_trick_position() -> Position:
    """Set up with two cards already on the table, then two more played."""
    full = Position(DEAL, Strain.SPADES, Seat.WEST)
    trick = [min(full.legal_plays())]
    full.play(trick[0])
    trick.append(max(full.legal_plays()))
    full.play(trick[1])
    hands = [full.hand(s).mask for s in Seat]
    p = Position(hands, Strain.SPADES, Seat.WEST, trick)
    for _ in range(2):
        p.play(min(p.legal_plays()))
    return p


def _ending() -> Deal:
    """The cards left after two tricks: a partial deal."""
    p = Position(DEAL, Strain.CLUBS, Seat.SOUTH)
    for _ in range(8):
        p.play(max(p.legal_plays()))
    return p.deal


def _game() -> Game:
    g = Game("auction_1912", seed=7)
    for _ in range(30):
        actions = g.legal_actions()
        g.act(actions[0])
    return g


def _values() -> list[tuple[str, Any]]:
    contract = laws.get("contract")
    return [
        ("deal", DEAL),
        ("partial deal", _ending()),
        ("board", redouble.board(1906, 5)),
        ("cards", DEAL[Seat.SOUTH]),
        ("empty cards", CardSet()),
        ("position", Position(DEAL, Strain.HEARTS, Seat.NORTH)),
        ("played position", _played_position()),
        ("mid-trick position", _mid_trick_position()),
        ("score contract", score_hand(contract, "3NTX", "S", (8, 5), vulnerable="NS")),
        ("score auction", score_hand("auction_1912", "2R", "N", (9, 4), deal=DEAL)),
        ("score bridge", score_hand("bridge_1906", "HXX", "E", (3, 10), deal=DEAL)),
        ("par", par(DEAL, dealer="N", vulnerability="EW")),
        ("par passed out", par(np.full((5, 4), 6, np.uint8), dealer="N")),
        ("law set", laws.get("auction_1912")),
        ("law set with flags", laws.get("bridge_1906", bridge_max_doublings=3)),
        ("law set built with a flag", laws.get("bridge_1907")),
        ("game", _game()),
        ("board record", BoardRecord(board=3, deal=DEAL, contract=None, result=9)),
    ]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, Game):
        return isinstance(b, Game) and a.to_json() == b.to_json()
    if isinstance(a, Position):
        return a == b and a.tricks == b.tricks and a._start_state() == b._start_state()
    return bool(a == b)


VALUES = _values()


@pytest.mark.parametrize(("name", "value"), VALUES, ids=[n for n, _ in VALUES])
def test_every_value_round_trips_through_json_and_pickle(name: str, value: Any) -> None:
    data = serialize.to_jsonable(value)
    assert data["format"] in (serialize.FORMAT, serialize.GAME_FORMAT)
    assert data["kind"] in serialize.KINDS
    text = json.dumps(data)  # JSON-compatible: the standard encoder takes it as it is
    assert _same(value, serialize.from_jsonable(json.loads(text)))
    assert _same(value, serialize.loads(serialize.dumps(value, indent=2)))
    assert _same(value, pickle.loads(pickle.dumps(value)))
    assert _same(value, copy.deepcopy(value))
    if hasattr(type(value), "from_json"):
        assert _same(value, type(value).from_json(value.to_json()))


def test_arrays_round_trip_with_dtype_and_shape() -> None:
    deals = redouble.deals(5, seed=3)
    tables = solver.dd_tables(deals[:3], threads=1)
    for arr in (deals, tables, tables[0], deals[:0], tables[:0]):
        back = serialize.loads(serialize.dumps(arr))
        assert back.dtype == arr.dtype
        assert back.shape == arr.shape
        assert np.array_equal(back, arr)
    doc = serialize.to_jsonable(tables[0])
    assert doc["kind"] == "dd_table"
    assert doc["dd_table"]["NT"] == [int(x) for x in tables[0][Strain.NOTRUMP]]
    assert serialize.to_jsonable(deals)["deals"][1] == redouble.deal(3, 2).to_pbn()


def test_the_json_dumps_hook_encodes_values_anywhere() -> None:
    table = solver.dd_table(DEAL)
    value = {"deal": DEAL, "rows": [table, {"n": np.int64(3), "ok": np.bool_(True)}]}
    text = json.dumps(value, default=serialize.default)
    back = serialize.loads(text)
    assert back["deal"] == DEAL
    assert np.array_equal(back["rows"][0], table)
    assert back["rows"][1] == {"n": 3, "ok": True}
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        json.dumps({1, 2}, default=serialize.default)


def test_documents_share_the_formats_module_fields() -> None:
    from redouble.formats import json_format

    b = redouble.board(1906, 5)
    doc = serialize.to_jsonable(b)
    record = json_format.record_from_dict(
        {k: v for k, v in doc.items() if k not in ("format", "kind")}
    )
    assert (record.board, record.dealer, record.vulnerability, record.deal) == (
        b.number,
        b.dealer,
        b.vulnerability,
        b.deal,
    )
    # A formats document (no kind) is read as the formats module reads it.
    text = json_format.dumps_deals([DEAL])
    assert serialize.loads(text)[0].deal == DEAL


def test_positions_equal_and_hash_by_state() -> None:
    a = _played_position()
    b = Position([a.hand(s).mask for s in Seat], a.strain, a.leader, [int(c) for c in a.trick])
    assert a != b  # the same cards, but a has won tricks that b has not
    c = a.copy()
    assert c == a
    assert hash(c) == hash(a)
    assert c is not a
    c.undo()
    assert c != a
    again = pickle.loads(pickle.dumps(a))
    assert again == a
    assert again.tricks == a.tricks
    for _ in range(6):  # the copy undoes as far back as the original
        again.undo()
    assert again == Position(DEAL, Strain.NOTRUMP, Seat.EAST)
    assert {a, again, c} == {a, again, c}
    assert len({a, pickle.loads(pickle.dumps(a))}) == 1
    assert a != "a position"


def test_law_sets_pickle_by_name_and_by_value() -> None:
    law = laws.get("auction_1912")
    assert pickle.loads(pickle.dumps(law)) is law  # the cached law set, not a copy
    flagged = laws.get("auction_1912", slam_requires_contract=True)
    assert pickle.loads(pickle.dumps(flagged)) == flagged
    custom = dataclasses.replace(laws.get("contract"), name="house_rules", title="House rules")
    back = pickle.loads(pickle.dumps(custom))
    assert back == custom
    assert back.sources == custom.sources
    with pytest.raises(RedoubleError, match="not one of redouble's"):
        serialize.dumps(custom)


def test_a_pickled_solver_keeps_its_configuration_with_an_empty_table() -> None:
    s = solver.Solver(tt_bytes=2 << 20)
    before = s.solve(Position(DEAL, Strain.NOTRUMP, Seat.EAST))
    assert s.stats.tt_stores > 0
    again = pickle.loads(pickle.dumps(s))
    assert again.table_bytes == s.table_bytes
    assert again.stats.nodes == 0
    assert again.stats.tt_stores == 0
    assert again.solve(Position(DEAL, Strain.NOTRUMP, Seat.EAST)) == before


def test_games_keep_their_flags_through_json_and_pickle() -> None:
    law = laws.get("auction_1912", slam_requires_contract=True)
    g = Game(law, seed=2)
    for _ in range(8):
        g.act(g.legal_actions()[0])
    assert json.loads(g.to_json())["flags"] == {"slam_requires_contract": True}
    assert Game.from_json(g.to_json()).law_set == law
    assert pickle.loads(pickle.dumps(g)).law_set == law
    # A game under the defaults is written as before (no flags key).
    for name in laws.available():
        assert "flags" not in json.loads(Game(name, seed=1).to_json()), name


# -- bad documents: FormatError naming what is wrong, never a KeyError -------------------------


def _bad_variants(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each field removed, and each field replaced by values of every JSON type."""
    out = []
    for key, value in doc.items():
        if key == "format":
            continue
        out.append((f"without {key}", {k: v for k, v in doc.items() if k != key}))
        for junk in (None, 7, -1, 2.5, True, "zz", [], ["zz"], [99], {}, {"x": 1}):
            if junk != value:
                out.append((f"{key}={junk!r}", {**doc, key: junk}))
    out.append(("extra field", {**doc, "surplus": 1}))
    return out


@pytest.mark.parametrize(("name", "value"), VALUES, ids=[n for n, _ in VALUES])
def test_broken_documents_raise_format_errors(name: str, value: Any) -> None:
    doc = serialize.to_jsonable(value)
    messages = []
    for _, bad in _bad_variants(doc):
        try:
            serialize.from_jsonable(bad)
        except RedoubleError as e:
            messages.append(str(e))
        # Anything else (KeyError, AttributeError, TypeError...) fails the test.
    assert all(messages)
    assert len(messages) >= len(doc) - 1  # at least every missing required field


def test_error_messages_name_the_kind_and_field() -> None:
    doc = serialize.to_jsonable(DEAL)
    with pytest.raises(FormatError, match=r"deal document, field 'deal': expected a PBN"):
        serialize.from_jsonable({**doc, "deal": 5})
    with pytest.raises(FormatError, match=r"deal document, field 'deal': missing"):
        serialize.from_jsonable({"format": "redouble/1", "kind": "deal"})
    with pytest.raises(FormatError, match=r"unknown kind 'hand'"):
        serialize.from_jsonable({**doc, "kind": "hand"})
    with pytest.raises(FormatError, match=r"unsupported format 'redouble/2'"):
        serialize.from_jsonable({**doc, "format": "redouble/2"})
    with pytest.raises(FormatError, match=r"unknown field\(s\) \['extra'\]"):
        serialize.from_jsonable({**doc, "extra": 1})
    table = serialize.to_jsonable(solver.dd_table(DEAL))
    table["dd_table"]["NT"] = [1, 2, 3, 14]
    with pytest.raises(
        FormatError, match=r"dd_table document, field 'dd_table': NT: expected four"
    ):
        serialize.from_jsonable(table)
    pos = serialize.to_jsonable(_played_position())
    pos["plays"][2] = "S2" if pos["plays"][2] != "S2" else "H2"
    with pytest.raises(FormatError, match=r"position document, field 'plays\[2\]'"):
        serialize.from_jsonable(pos)
    with pytest.raises(FormatError, match=r"invalid JSON.*line 1"):
        serialize.loads("{")
    with pytest.raises(FormatError, match=r"expected a board document"):
        Board.from_json(DEAL.to_json())
    with pytest.raises(TypeError):
        serialize.loads(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        serialize.from_jsonable({"x": {1, 2}})


def test_values_without_a_json_form_are_refused() -> None:
    with pytest.raises(TypeError, match="dtype float64"):
        serialize.to_jsonable(np.zeros((5, 4)))
    with pytest.raises(TypeError, match="dtype uint64 and shape \\(4,\\)"):
        serialize.to_jsonable(DEAL.to_array())
    with pytest.raises(RedoubleError, match=r"0\.\.13"):
        serialize.to_jsonable(np.full((5, 4), 14, np.uint8))
    with pytest.raises(TypeError, match="dict keys must be str"):
        serialize.to_jsonable({1: DEAL})
    with pytest.raises(TypeError, match="not JSON serializable"):
        serialize.to_jsonable(object())


# -- properties ---------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, redouble.DEAL_COUNT - 1), st.integers(0, 52), st.integers(0, 4))
def test_random_positions_round_trip(index: int, plays: int, strain: int) -> None:
    d = Deal.from_index(index)
    p = Position(d, strain, index % 4)
    for k in range(plays):
        legal = list(p.legal_plays())
        p.play(legal[(index >> k) % len(legal)])
    assert _same(p, Position.from_json(p.to_json()))
    assert _same(p, pickle.loads(pickle.dumps(p)))
    assert _same(d, Deal.from_json(d.to_json()))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(st.integers(0, 13), min_size=20 * n, max_size=20 * n)
    )
)
def test_random_table_batches_round_trip(values: list[int]) -> None:
    arr = np.array(values, np.uint8).reshape(-1, 5, 4)
    assert _same(arr, serialize.loads(serialize.dumps(arr)))
    assert _same(arr[0], serialize.loads(serialize.dumps(arr[0])))


def test_vulnerability_and_board_fields() -> None:
    b = Board(17, DEAL, Seat.WEST, Vulnerability.BOTH)  # not the board's cycle: kept as given
    assert Board.from_json(b.to_json()) == b
    assert serialize.to_jsonable(b)["vulnerability"] == "All"


def test_hand_scores_keep_every_field() -> None:
    s = score_hand("bridge_1906", "HXX", "E", (3, 10), deal=DEAL)
    back = HandScore.from_json(s.to_json())
    assert back == s
    assert back.breakdown == s.breakdown
    assert back.contract.doublings == 2


def test_par_fields() -> None:
    p = par(DEAL, dealer="N", vulnerability="EW")
    doc = serialize.to_jsonable(p)
    assert doc["score"] == p.score
    assert len(doc["contracts"]) == len(p.contracts)
    assert Par.from_json(p.to_json()) == p


# -- across a process boundary ------------------------------------------------------------------


def test_values_cross_a_spawned_process_boundary() -> None:
    """Positions, games, law sets and a solver go to a fresh interpreter (spawn: nothing is
    inherited) and come back; the solver there starts with an empty table."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    position = _played_position()
    s = solver.Solver(tt_bytes=2 << 20)
    game = _game()
    flagged = laws.get("auction_1912", slam_requires_contract=True)
    tables = solver.dd_tables(redouble.deals(4, seed=11), threads=1)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        # Library callables only: the child imports redouble, never this test module.
        solved = pool.submit(s.solve, position)
        stats = pool.submit(getattr, s, "stats")
        back = {name: pool.submit(copy.deepcopy, v) for name, v in VALUES}
        game_back = pool.submit(copy.deepcopy, game)
        law_back = pool.submit(copy.deepcopy, flagged)
        tables_back = pool.submit(copy.deepcopy, tables)
        assert solved.result(timeout=120) == solver.solve(position)
        assert stats.result(timeout=120).nodes == 0  # a new, empty solver on the other side
        for name, value in VALUES:
            assert _same(value, back[name].result(timeout=120)), name
        assert _same(game, game_back.result(timeout=120))
        assert law_back.result(timeout=120) == flagged
        assert _same(tables, tables_back.result(timeout=120))


# -- the command line's JSON ----------------------------------------------------------------------


def _cli(*argv: str) -> Any:
    import io

    from redouble.cli import main

    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_cli_solve_par_and_score_print_json_that_reads_back() -> None:
    from redouble.formats import json_format

    other = redouble.deal(5, 2)
    text = _cli("solve", DEAL.to_pbn(), other.to_pbn(), "--format", "json", "--threads", "1")
    boards = json_format.loads(text)  # a redouble/1 boards document
    assert [b.deal for b in boards] == [DEAL, other]
    for b, d in zip(boards, (DEAL, other), strict=True):
        assert np.array_equal(np.array(b.dd_table), solver.dd_table(d))
    assert [b.deal for b in serialize.loads(text)] == [DEAL, other]

    found = serialize.loads(_cli("solve", DEAL.to_pbn(), "--cards", "--format", "json"))
    assert found[0]["position"] == Position(DEAL, Strain.NOTRUMP, Seat.WEST)
    assert found[0]["values"] == {
        str(c): v for c, v in solver.solve_cards(found[0]["position"]).items()
    }

    pars = serialize.loads(_cli("par", DEAL.to_pbn(), "--vul", "EW", "--format", "json"))
    assert pars == [{"deal": DEAL, "par": par(DEAL, dealer="N", vulnerability="EW")}]

    score = serialize.loads(
        _cli("score", "--contract", "4S", "--declarer", "S", "--tricks", "10", "--format", "json")
    )
    assert score == score_hand("contract", "4S", "S", (10, 3))
