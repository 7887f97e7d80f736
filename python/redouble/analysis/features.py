"""Hand features on numpy batches, computed in the C++ core.

:func:`features` takes ``(N, 4) uint64`` deals (rows of four hand masks, seats N E S W) and
returns a dict of numpy arrays, one value per hand (shape ``(N, 4)``) unless noted:

========================  ==================================================================
``hcp``                   high-card points (A 4, K 3, Q 2, J 1)
``clubs`` ... ``spades``  suit lengths
``shape``                 ``(N, 4, 4)`` lengths by suit, clubs, diamonds, hearts, spades
``shape_sorted``          ``(N, 4, 4)`` lengths longest first (5-4-3-1 is ``[5, 4, 3, 1]``)
``controls``              A 2, K 1
``ltc``                   losing-trick count (first three cards of each suit; A, K, Q are
                          winners where the suit is long enough to hold them: A in a singleton,
                          A and K in a doubleton)
``quick_tricks``          float: per suit AK 2, AQ 1.5, A 1, KQ 1, K with another card 0.5
``balanced``              bool: 4-3-3-3, 4-4-3-2 or 5-3-3-2
``semi_balanced``         bool: no void or singleton and no suit over six (adds 5-4-2-2, 6-3-2-2)
``longest``/``shortest``  longest and shortest suit length
========================  ==================================================================

>>> from redouble import Deal
>>> d = Deal.from_pbn("N:AKQ2.T98.76.5432 J53.AK7.AKQ.QJT9 T876.Q6543.5.A76 94.J2.JT98432.K8")
>>> f = features(np.array([d.masks], dtype=np.uint64))
>>> f["hcp"][0].tolist(), f["balanced"][0].tolist(), f["shape_sorted"][0, 2].tolist()
([9, 20, 6, 5], [True, True, False, False], [5, 4, 3, 1])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..solver import _batch

__all__ = ["FEATURE_IDS", "features"]

#: Column of each integer feature in the core's output (and the ids constraint programs use).
FEATURE_IDS = {
    "hcp": 0,
    "clubs": 1,
    "diamonds": 2,
    "hearts": 3,
    "spades": 4,
    "controls": 5,
    "ltc": 6,
    "quick_tricks": 7,  # in halves in the core
    "balanced": 8,
    "semi_balanced": 9,
    "longest": 10,
    "shortest": 11,
}


def features(deals: Any) -> dict[str, npt.NDArray[Any]]:
    """Every feature of every hand of a batch of deals (see the module docstring).

    `deals` is an ``(N, 4) uint64`` array (any memory order or byte order), a pandas DataFrame
    of four such columns, rows of four masks, or a sequence of :class:`~redouble.deal.Deal`.

    Raises:
        InvalidDealError: on a wrong dtype or shape.
    """
    return _from_raw(_core.batch_features(_batch(deals)))


def _from_raw(raw: npt.NDArray[np.int16]) -> dict[str, npt.NDArray[Any]]:
    """The features from the core's ``(N, 4, NUM_FEATURES)`` output (also used by redouble.dask)."""
    return {name: _feature_from_raw(raw, name) for name in FEATURE_NAMES}


#: The keys of :func:`features`, in order.
FEATURE_NAMES = (*FEATURE_IDS, "shape", "shape_sorted")


def _feature_from_raw(raw: npt.NDArray[np.int16], name: str) -> npt.NDArray[Any]:
    """One feature from the core's raw output (redouble.dask converts block by block)."""
    if name in ("shape", "shape_sorted"):
        shape = raw[:, :, 1:5].astype(np.int8)
        return shape if name == "shape" else -np.sort(-shape, axis=2)
    v = raw[:, :, FEATURE_IDS[name]]
    if name in ("balanced", "semi_balanced"):
        return v.astype(bool)
    if name == "quick_tricks":
        return v.astype(np.float64) / 2
    return v.astype(np.int8)
