"""redouble: play, score and solve bridge under every code it has been played by.

Cards and deals (:mod:`redouble.cards`, :mod:`redouble.deal`), seeded dealing
(:mod:`redouble.dealing`), card play (:mod:`redouble.play`); the double-dummy solver, law sets,
scoring and the game build on them.
"""

from __future__ import annotations

from importlib import metadata as _metadata

try:
    from . import _core
except ImportError as _err:  # pragma: no cover - only when the build is missing
    raise ImportError(
        "redouble's compiled module redouble._core could not be imported. Install the package "
        "with `pip install .` (a C++20 compiler is needed), or for development build it in "
        "place with `cmake -S . -B build/dev && cmake --build build/dev` and put python/ on "
        f"PYTHONPATH. Original error: {_err}"
    ) from _err

from .cards import Card, CardSet, Rank, Seat, Side, Strain, Suit
from .deal import DEAL_COUNT, Board, Deal, DealRecord, NewDealReason, Vulnerability
from .dealing import board, deal, deal_by_the_laws, deals, predeal
from .errors import (
    AnalysisError,
    AnalysisInterrupted,
    BatchInterrupted,
    ClubError,
    ConstraintError,
    DisplayError,
    FormatError,
    GameError,
    IllegalCallError,
    IllegalCallTypeError,
    IllegalPlayError,
    InvalidDealError,
    InvalidDealTypeError,
    IrregularityError,
    LawSetError,
    LawSetTypeError,
    RedoubleError,
    ScoringInputError,
    SearchCancelledError,
)
from .play import Position, Trick, trick_winner

try:
    __version__ = _metadata.version("redouble")
except _metadata.PackageNotFoundError:  # running from a source tree
    __version__ = _core.__version__

__all__ = [
    "DEAL_COUNT",
    "AnalysisError",
    "AnalysisInterrupted",
    "BatchInterrupted",
    "Board",
    "Card",
    "CardSet",
    "ClubError",
    "ConstraintError",
    "Deal",
    "DealRecord",
    "DisplayError",
    "FormatError",
    "GameError",
    "IllegalCallError",
    "IllegalCallTypeError",
    "IllegalPlayError",
    "InvalidDealError",
    "InvalidDealTypeError",
    "IrregularityError",
    "LawSetError",
    "LawSetTypeError",
    "NewDealReason",
    "Position",
    "Rank",
    "RedoubleError",
    "ScoringInputError",
    "SearchCancelledError",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "Vulnerability",
    "__version__",
    "board",
    "deal",
    "deal_by_the_laws",
    "deals",
    "predeal",
    "trick_winner",
]


def __dir__() -> list[str]:
    return __all__
