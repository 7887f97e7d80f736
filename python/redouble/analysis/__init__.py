"""Analysis at scale: par, hand features, constrained dealing and single-dummy analysis.

* :func:`par` / :func:`pars`: the par score and contracts of a deal or a batch of DD tables.
"""

from __future__ import annotations

from ._common import AnalysisError
from .par import Par, ParContract, contract_score, par, par_scores, pars

__all__ = [
    "AnalysisError",
    "Par",
    "ParContract",
    "contract_score",
    "par",
    "par_scores",
    "pars",
]
