"""JSON shapes of the library's values in the service's answers (until redouble.serialize)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..analysis import Par
from ..cards import Seat, Strain
from ..scoring import HandScore

_STRAINS = ("C", "D", "H", "S", "NT")


def table_json(table: npt.NDArray[np.uint8]) -> dict[str, dict[str, int]]:
    """A DD table as ``{strain: {declarer: tricks}}``."""
    return {_STRAINS[s]: {Seat(d).letter: int(table[s][d]) for d in range(4)} for s in range(5)}


def par_json(p: Par) -> dict[str, Any]:
    """A par as its score, contracts and text."""
    return {
        "score": p.score,
        "contracts": [
            {
                "level": c.level,
                "strain": _STRAINS[int(c.strain)],
                "declarers": [s.letter for s in c.declarers],
                "doubled": c.doubled,
                "result": c.result,
            }
            for c in p.contracts
        ],
        "text": str(p),
    }


def score_json(h: HandScore) -> dict[str, Any]:
    """A hand's score: the reference keys plus the law set, contract and declarer."""
    out = h.to_dict()
    out["law_set"] = h.law_set
    out["declarer"] = h.declarer.letter
    out["score_ns"] = h.score_for("NS")
    return out


def strain_name(s: Strain) -> str:
    """C, D, H, S or NT."""
    return _STRAINS[int(s)]
