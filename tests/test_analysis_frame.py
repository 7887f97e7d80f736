"""to_frame: one DataFrame row per deal, columns for tables, pars and features (``.[pandas]``)."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

from redouble import dealing, solver
from redouble.analysis import AnalysisError, features, frame, pars, to_frame

pd = pytest.importorskip("pandas", reason="pandas (the .[pandas] extra) is not installed")


def _batch() -> tuple[np.ndarray, np.ndarray]:
    deals = dealing.deals(5, seed=31)
    return deals, solver.dd_tables(deals)


def test_columns_hold_the_inputs() -> None:
    deals, tables = _batch()
    ps = pars(tables, dealer="N", vulnerability="NS")
    df = to_frame(deals, tables=tables, pars=ps, features=True)
    assert len(df) == 5
    assert df["deal"][2].startswith("N:")
    for seat_i, seat in enumerate("NESW"):
        for st, name in enumerate(("C", "D", "H", "S", "NT")):
            assert df[f"dd_{seat}_{name}"].tolist() == tables[:, st, seat_i].tolist()
    assert df["par_score"].tolist() == [p.score for p in ps]
    assert df["par_contracts"][0] == ", ".join(str(c) for c in ps[0].contracts)
    f = features(deals)
    assert df["W_hcp"].tolist() == f["hcp"][:, 3].tolist()
    assert df["S_balanced"].tolist() == f["balanced"][:, 2].tolist()
    shape = f["shape_sorted"][1, 0]
    assert df["N_shape"][1] == "-".join(str(int(x)) for x in shape)
    assert sum(int(x) for x in df["E_shape"][0].split("-")) == 13


def test_solves_tables_and_picks_features() -> None:
    deals, tables = _batch()
    df = to_frame(list(deals), tables=True, features=["hcp"])
    assert df["dd_S_H"].tolist() == tables[:, 2, 2].tolist()
    assert [c for c in df.columns if c.endswith("_hcp")] == ["N_hcp", "E_hcp", "S_hcp", "W_hcp"]
    assert "N_spades" not in df.columns
    assert list(to_frame(deals).columns) == ["deal"]


def test_bad_arguments() -> None:
    deals, tables = _batch()
    with pytest.raises(AnalysisError, match="tables"):
        to_frame(deals, tables=tables[:2])
    with pytest.raises(AnalysisError, match="pars"):
        to_frame(deals, pars=pars(tables[:2], dealer="N"))
    with pytest.raises(AnalysisError, match="unknown feature"):
        to_frame(deals, features=["hcpp"])
    with pytest.raises(TypeError, match="pars"):
        to_frame(deals, pars=[1, 2, 3, 4, 5])  # type: ignore[list-item]


def test_docstring_example() -> None:
    failures, tried = doctest.testmod(frame, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 0
    assert failures == 0
