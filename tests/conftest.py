"""Shared fixtures: the optional ../shared reference folder, seeded generators, report header."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import redouble

DATA = Path(__file__).parent / "data"


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Versions and build settings, printed at the top of every run."""
    import numpy

    build = redouble._core.build_info
    return [
        (
            f"redouble {redouble.__version__} (_core {redouble._core.__version__}), "
            f"numpy {numpy.__version__}; core built with popcnt={build['popcnt']} "
            f"bmi2={build['bmi2']} optimized={build['optimized']}"
        )
    ]


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """tests/data: fixtures committed with their provenance (see data/README.md)."""
    return DATA


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The team's ../shared folder beside the checkout; skips when it is absent."""
    path = Path(__file__).resolve().parents[2] / "shared"
    if not path.is_dir():
        pytest.skip(f"../shared not found at {path}: reference data beside the checkout is absent")
    return path


@pytest.fixture
def rng() -> random.Random:
    """A seeded Python random generator (fresh per test)."""
    return random.Random(20261130)


def make_endings(n: int, size: int, seed: int) -> npt.NDArray[np.uint64]:
    """`n` seeded random endings of `size` cards a hand as an (n, 4) uint64 batch: cheap to
    solve, yet every strain and seat counts."""
    gen = np.random.default_rng(seed)
    out = np.zeros((n, 4), dtype=np.uint64)
    for i in range(n):
        perm = gen.permutation(52)
        for s in range(4):
            out[i, s] = sum(1 << int(c) for c in perm[13 * s : 13 * s + size])
    return out


@pytest.fixture(scope="session")
def endings() -> Callable[..., npt.NDArray[np.uint64]]:
    """The :func:`make_endings` factory: ``endings(n, size=6, seed=3)``."""

    def factory(n: int, size: int = 6, seed: int = 3) -> npt.NDArray[np.uint64]:
        return make_endings(n, size, seed)

    return factory


@pytest.fixture(scope="session")
def golden() -> Any:
    """tests/golden.py, the game's golden records (tests/ is on pytest's pythonpath)."""
    import golden as module

    return module


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--scoring-cases FILE`` (repeatable): run test_scoring.py's per-case test on FILE, a
    file in the format of data/scoring_cases.json, instead of the public file."""
    parser.addoption(
        "--scoring-cases",
        action="append",
        default=[],
        metavar="FILE",
        help="a file of scoring cases (the format of tests/data/scoring_cases.json) to run "
        "tests/test_scoring.py::test_reference_case on; repeatable",
    )
