"""A user's ``mypy --strict`` over typical calls: predeal's overloads give a Deal or an array.

The snippets are checked as a user's own module would be: a config of its own (strict, nothing
of this project's), the package found through its sources and its ``py.typed`` marker.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy_api = pytest.importorskip(
    "mypy.api", reason="mypy is not installed: the user-typing check runs mypy"
)

_PACKAGE_ROOT = Path(__file__).resolve().parents[1] / "python"

_TYPICAL = """
    import numpy as np
    import numpy.typing as npt

    from redouble import Card, CardSet, Deal, Seat, predeal

    one: Deal = predeal({Seat.NORTH: "AKQ2.T98.76.5432"}, seed=1)
    many: npt.NDArray[np.uint64] = predeal({Seat.SOUTH: "SA HK"}, 2, n=10)
    by_number: Deal = predeal({0: "AK...", 2: CardSet(["SQ", "SJ"])}, 3, board=4)
    filtered: Deal = predeal(
        {Seat.EAST: [Card.parse("SA"), Card.parse("HA")]},
        4,
        accept=lambda deal: deal[Seat.WEST].mask != 0,
        max_tries=1000,
    )
    counted = predeal({Seat.WEST: 0b1011}, 5, n=3)
    rows: int = counted.shape[0]
    hands = {Seat.NORTH: "AK...", Seat.SOUTH: "QJ..."}
    again: Deal = predeal(hands, 6)
    print(one.to_pbn(), many.shape, by_number, filtered, rows, again)
"""


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module's runs: the second reads the package from it."""
    return tmp_path_factory.mktemp("mypy_cache")


def _mypy(tmp_path: Path, cache: Path, source: str) -> tuple[str, int]:
    user = tmp_path / "user_code.py"
    user.write_text(textwrap.dedent(source))
    config = tmp_path / "mypy.ini"
    config.write_text(f"[mypy]\nstrict = True\nmypy_path = {_PACKAGE_ROOT}\n")
    out, err, status = mypy_api.run(
        [
            "--config-file",
            str(config),
            "--cache-dir",
            str(cache),
            "--follow-imports=silent",
            str(user),
        ]
    )
    return out + err, status


def test_typical_predeal_calls_pass_mypy_strict(tmp_path: Path, cache_dir: Path) -> None:
    report, status = _mypy(tmp_path, cache_dir, _TYPICAL)
    assert status == 0, report


def test_the_typical_calls_run(capsys: pytest.CaptureFixture[str]) -> None:
    # The snippet is this file's own text: run it to show the typed calls are real ones.
    exec(compile(textwrap.dedent(_TYPICAL), "user_code.py", "exec"), {})  # noqa: S102
    assert "N:" in capsys.readouterr().out


def test_a_wrongly_typed_predeal_call_fails_mypy(tmp_path: Path, cache_dir: Path) -> None:
    # With n given, predeal returns an array: taking it as a Deal is the user's type error; and
    # a seat is a Seat or a number, not a letter.
    report, status = _mypy(
        tmp_path,
        cache_dir,
        """
        from redouble import Deal, Seat, predeal

        wrong: Deal = predeal({Seat.NORTH: "AK..."}, 1, n=5)
        also_wrong = predeal({"N": "AK..."}, 1)
        """,
    )
    assert status == 1, report
    assert "user_code.py:4: error: Incompatible types in assignment" in report, report
    assert "user_code.py:5: error:" in report, report
