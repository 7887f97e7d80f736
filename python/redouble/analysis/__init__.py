"""Analysis at scale: par, hand features, constrained dealing and single-dummy analysis.

* :func:`par` / :func:`pars`: the par score and contracts of a deal or a batch of DD tables;
* :func:`features`: HCP, suit lengths, shape, controls, LTC, quick tricks of every hand of a
  batch, computed in the core;
* :class:`Constraint` / :func:`constrained_deals`: a small constraint language run in the core's
  dealing loop ("N.hcp in 15..17 and N.balanced");
* :func:`lead_analysis` / :func:`contract_analysis`: single-dummy analysis by sampling and
  double-dummy solving;
* :func:`to_frame`: a pandas DataFrame of deals, DD tables, pars and features (``.[pandas]``).

:func:`pars`, :func:`constrained_deals` and the analyses take ``progress=`` and stop on Ctrl-C
with :class:`AnalysisInterrupted`, which keeps the work finished so far.

Batches of DD tables with progress, Ctrl-C and a persistent worker pool are
:func:`redouble.solver.dd_tables` and :func:`redouble.solver.iter_dd_tables`.
"""

from __future__ import annotations

from ._common import AnalysisError, AnalysisInterrupted
from .constraints import ConstrainedDeals, Constraint, ConstraintError, constrained_deals
from .features import features
from .frame import to_frame
from .par import Par, ParContract, contract_score, par, par_scores, pars
from .single_dummy import (
    ContractAnalysis,
    LeadAnalysis,
    LeadResult,
    contract_analysis,
    lead_analysis,
)

__all__ = [
    "AnalysisError",
    "AnalysisInterrupted",
    "ConstrainedDeals",
    "Constraint",
    "ConstraintError",
    "ContractAnalysis",
    "LeadAnalysis",
    "LeadResult",
    "Par",
    "ParContract",
    "constrained_deals",
    "contract_analysis",
    "contract_score",
    "features",
    "lead_analysis",
    "par",
    "par_scores",
    "pars",
    "to_frame",
]
