"""Contract-bridge par in the C++ core against the Python reference (``par._solve``).

``par`` and ``pars`` take the core's answer; ``_solve`` is the same game written in Python. They
must agree on the score and on every par contract (level, strain, declarers, doubled, result, in
the same order) for any table, vulnerability and first side.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import RedoubleError, Seat, _core
from redouble.analysis import AnalysisError, Par, par, pars
from redouble.analysis.par import _solve

# The module (the package's `par` attribute is the function).
par_module = importlib.import_module("redouble.analysis.par")


def _reference(table: np.ndarray, vul: int, first: int) -> tuple[int, list[tuple[object, ...]]]:
    value, raw = _solve(table.tolist(), (bool(vul & 1), bool(vul & 2)), first)
    return value, [(lv, s, tuple(d), x, r) for lv, s, d, x, r in raw]


def _as_raw(p: Par) -> tuple[int, list[tuple[object, ...]]]:
    return p.score, [
        (c.level, int(c.strain), tuple(int(s) for s in c.declarers), c.doubled, c.result)
        for c in p.contracts
    ]


# Any trick counts (most tables then have makeable contracts for both sides: sacrifices), and
# DD-like tables where the sides' tricks add to about 13 (the usual single par side).
_uniform = st.lists(st.integers(0, 13), min_size=20, max_size=20).map(
    lambda v: np.array(v, np.uint8).reshape(5, 4)
)


@st.composite
def _dd_like(draw: st.DrawFn) -> np.ndarray:
    t = np.zeros((5, 4), np.uint8)
    for strain in range(5):
        base = draw(st.integers(0, 13))
        for seat in range(4):
            v = base if seat % 2 == 0 else 13 - base
            t[strain][seat] = min(13, max(0, v + draw(st.integers(-1, 1))))
    return t


@settings(max_examples=400, deadline=None)
@given(table=st.one_of(_uniform, _dd_like()), vul=st.integers(0, 3), first=st.integers(0, 1))
def test_core_par_equals_python_reference(table: np.ndarray, vul: int, first: int) -> None:
    got = par(table, vulnerability=vul, first=("NS", "EW")[first])
    assert _as_raw(got) == _reference(table, vul, first)
    dealer = par(table, dealer=Seat(first + 2 * (vul & 1)), vulnerability=vul)
    assert _as_raw(dealer) == _as_raw(got)


def test_core_batch_equals_reference_per_row(monkeypatch: pytest.MonkeyPatch) -> None:
    # Small chunks, so rows cross the chunk boundaries of pars.
    monkeypatch.setattr(par_module, "_CHUNK", 37)
    rng = np.random.default_rng(12)
    n = 500
    tables = rng.integers(0, 14, (n, 5, 4)).astype(np.uint8)
    tables[::2] = np.clip(
        13 - tables[::2, :, [1, 0, 3, 2]] + rng.integers(-1, 2, (250, 5, 4)), 0, 13
    )
    dealers = rng.integers(0, 4, n)
    vuls = rng.integers(0, 4, n)
    got = pars(tables, dealer=dealers, vulnerability=vuls)
    assert len(got) == n
    for i, p in enumerate(got):
        assert _as_raw(p) == _reference(tables[i], int(vuls[i]), int(dealers[i]) & 1), i
        assert int(p.first) == int(dealers[i]) & 1
        assert int(p.vulnerability) == int(vuls[i])
        if i % 10 == 0:  # pars builds its Par objects directly; par goes through Par(...)
            one = par(tables[i], dealer=int(dealers[i]), vulnerability=int(vuls[i]))
            assert p == one
            assert hash(p) == hash(one)
            assert repr(p) == repr(one)
    sides = pars(tables, first="EW", vulnerability=vuls)
    for i, p in enumerate(sides):
        assert _as_raw(p) == _reference(tables[i], int(vuls[i]), 1), i


def test_core_contract_pars_layout_and_errors() -> None:
    t = np.array([[[7] * 4, [6] * 4, [6] * 4, [10, 3, 10, 3], [9, 4, 9, 4]]], np.uint8)
    scores, offsets, codes = _core.contract_pars(t, np.zeros(1, np.uint8), np.zeros(1, np.uint8))
    assert scores.tolist() == [420]
    assert offsets.tolist() == [0, 1]
    # 4S= by N and S: level 4, strain 3, seats N|S, undoubled, result 0 (+16).
    assert codes.tolist() == [4 | 3 << 3 | 0b0101 << 6 | 0 << 10 | 16 << 11]
    empty = _core.contract_pars(
        np.zeros((0, 5, 4), np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8)
    )
    assert [a.tolist() for a in empty] == [[], [0], []]
    z = np.zeros(1, np.uint8)
    bad = t.copy()
    bad[0, 2, 1] = 14
    with pytest.raises(RedoubleError, match=r"0\.\.13"):
        _core.contract_pars(bad, z, z)
    with pytest.raises(RedoubleError, match="vulnerability"):
        _core.contract_pars(t, np.array([4], np.uint8), z)
    with pytest.raises(RedoubleError, match="first"):
        _core.contract_pars(t, z, np.array([2], np.uint8))
    with pytest.raises(RedoubleError, match="shape"):
        _core.contract_pars(t[:, :4], z, z)
    with pytest.raises(RedoubleError, match="shape"):
        _core.contract_pars(t, np.zeros(2, np.uint8), z)
    with pytest.raises(TypeError):
        _core.contract_pars(t.astype(np.int64), z, z)


def test_per_row_codes_checked() -> None:
    tables = np.full((3, 5, 4), 7, np.uint8)
    with pytest.raises(AnalysisError, match=r"vulnerability must be 0-3, got .*4"):
        pars(tables, dealer=0, vulnerability=np.array([0, 4, 1]))
    with pytest.raises(AnalysisError, match=r"dealer must be a seat 0-3, got .*-1"):
        pars(tables, dealer=np.array([0, -1, 2]))
    got = pars(tables, dealer=np.array([3, 1, 2], np.uint8), vulnerability=np.array([1, 2, 3]))
    assert [(int(p.first), int(p.vulnerability)) for p in got] == [(1, 1), (1, 2), (0, 3)]


def test_repeated_rows_keep_their_own_dealer_and_vulnerability() -> None:
    # pars makes a Par once per batch for rows alike in score, contract, first side and
    # vulnerability; rows that differ in any of these must not share it.
    rng = np.random.default_rng(5)
    one = np.array([[7] * 4, [6] * 4, [6] * 4, [10, 3, 10, 3], [9, 4, 9, 4]], np.uint8)
    tables = np.concatenate([np.repeat(one[None], 64, 0), rng.integers(0, 14, (64, 5, 4))])
    dealers = np.tile(np.arange(4), 32)
    vuls = np.repeat(np.tile(np.arange(4), 16), 2)
    got = pars(tables.astype(np.uint8), dealer=dealers, vulnerability=vuls)
    for i, p in enumerate(got):
        assert p == par(tables[i], dealer=int(dealers[i]), vulnerability=int(vuls[i])), i
    assert len({id(p) for p in got[:64]}) == 8  # 4 vulnerabilities x 2 first sides
