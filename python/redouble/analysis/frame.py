"""One table for a batch of deals: :func:`to_frame` builds a pandas DataFrame (the ``.[pandas]`` extra).

One row per deal; columns are named for people reading them:

* ``deal``: the deal as PBN text ("N:AKQ2.T98.76.5432 ...");
* ``dd_N_NT`` ... ``dd_W_C``: double-dummy tricks for each declarer (N E S W) and strain
  (NT S H D C), from `tables`;
* ``par_score`` (for North-South), ``par_contracts`` (as text) and ``par_law``, from `pars`;
* ``N_hcp``, ``N_spades`` ... ``W_shape`` ("5-4-3-1"), ``N_balanced`` ...: hand features (see
  :func:`redouble.analysis.features`), for all of them or the names given.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._check import shown
from ..deal import Deal
from ..solver import _batch, dd_tables
from ._common import AnalysisError, as_tables
from .features import FEATURE_IDS
from .features import features as _features
from .par import Par

__all__ = ["FRAME_FEATURES", "to_frame"]

_SEATS = "NESW"
_STRAINS = ("C", "D", "H", "S", "NT")
_STRAIN_ORDER = (4, 3, 2, 1, 0)  # NT S H D C, as a table is usually read

#: Feature names :func:`to_frame` accepts (one column per seat each).
FRAME_FEATURES: tuple[str, ...] = (*FEATURE_IDS, "shape")


def _pandas() -> Any:
    try:
        pd = importlib.import_module("pandas")
    except ImportError:
        raise ImportError(
            "to_frame needs pandas: pip install 'redouble[pandas]' (or pip install pandas)"
        ) from None
    return pd


def _feature_names(value: object) -> tuple[str, ...]:
    if value is True:
        return FRAME_FEATURES
    if isinstance(value, str):
        value = (value,)
    if not isinstance(value, Sequence) or not all(isinstance(v, str) for v in value):
        raise TypeError("features must be True, a feature name or a sequence of names")
    for name in value:
        if name not in FRAME_FEATURES:
            raise AnalysisError(
                f"features: unknown feature {shown(name)}; known: {', '.join(FRAME_FEATURES)}"
            )
    return tuple(value)


def to_frame(
    deals: Any,
    *,
    tables: Any = None,
    pars: Sequence[Par] | None = None,
    features: bool | str | Sequence[str] | None = None,
) -> Any:
    """A pandas DataFrame with one row per deal (columns in the module docstring).

    Args:
        deals: an ``(N, 4) uint64`` array of hand masks or a sequence of
            :class:`~redouble.deal.Deal`.
        tables: the deals' ``(N, 5, 4)`` DD tables, or True to solve them here.
        pars: the deals' :class:`~redouble.analysis.Par` results (from
            :func:`~redouble.analysis.pars`).
        features: True for every hand feature, or the names wanted ("hcp", "shape" ...).

    >>> import numpy as np
    >>> from redouble import Deal
    >>> d = Deal.from_pbn("N:AKQ2.T98.76.5432 J53.AK7.AKQ.QJT9 T876.Q6543.5.A76 94.J2.JT98432.K8")
    >>> df = to_frame([d], features=["hcp", "shape"])
    >>> int(df.loc[0, "E_hcp"]), df.loc[0, "S_shape"]
    (20, '5-4-3-1')

    Raises:
        ImportError: pandas is not installed.
        AnalysisError: a length or name that does not fit.
    """
    pd = _pandas()
    arr = _batch(deals)
    n = len(arr)
    columns: dict[str, Any] = {"deal": [Deal([int(m) for m in row]).to_pbn() for row in arr]}
    if tables is not None:
        tab = dd_tables(arr) if tables is True else as_tables(tables)
        if len(tab) != n:
            raise AnalysisError(f"tables must have one row per deal ({n}), got {len(tab)}")
        for seat_i, seat in enumerate(_SEATS):
            for st in _STRAIN_ORDER:
                columns[f"dd_{seat}_{_STRAINS[st]}"] = tab[:, st, seat_i].astype(np.int8)
    if pars is not None:
        if not isinstance(pars, Sequence) or not all(isinstance(p, Par) for p in pars):
            raise TypeError("pars must be a sequence of Par (from redouble.analysis.pars)")
        if len(pars) != n:
            raise AnalysisError(f"pars must have one entry per deal ({n}), got {len(pars)}")
        columns["par_score"] = np.array([p.score for p in pars], dtype=np.int32)
        columns["par_contracts"] = [", ".join(str(c) for c in p.contracts) for p in pars]
        columns["par_law"] = [p.law for p in pars]
    if features is not None and features is not False:
        names = _feature_names(features)
        f = _features(arr)
        for seat_i, seat in enumerate(_SEATS):
            for name in names:
                if name == "shape":
                    shapes = f["shape_sorted"][:, seat_i]
                    columns[f"{seat}_shape"] = ["-".join(str(int(x)) for x in s) for s in shapes]
                else:
                    columns[f"{seat}_{name}"] = f[name][:, seat_i]
    return pd.DataFrame(columns)
