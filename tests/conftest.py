"""Shared fixtures: the optional ../shared reference folder, seeded generators, report header."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import redouble

DATA = Path(__file__).parent / "data"


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Versions and build settings, printed at the top of every run."""
    import numpy

    return [
        (
            f"redouble {redouble.__version__} (_core {redouble._core.__version__}), "
            f"numpy {numpy.__version__}, REDOUBLE_NATIVE={os.environ.get('REDOUBLE_NATIVE', 'OFF')}"
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
