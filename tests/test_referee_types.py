"""The referee's view of the declaring is read-only to the type checker too (issue 14): mypy
rejects a remedy that calls on it (kept apart from test_referee.py, whose tests the mutation
run repeats for every mutant: a mypy run costs some 15 s)."""

from __future__ import annotations

import pathlib

import pytest


def test_mypy_rejects_a_change_to_the_declaring_the_referee_sees(tmp_path: pathlib.Path) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy checks the types")
    snippet = tmp_path / "referee_mutates.py"
    snippet.write_text(
        "from redouble.irregularities.referee import HandView\n\n\n"
        "def remedy(view: HandView) -> None:\n"
        '    view.declaring.call("P")\n'
        "    view.declaring.undo()\n",
        encoding="utf-8",
    )
    out, _, status = api.run(
        ["--strict", "--follow-imports=silent", "--no-incremental", str(snippet)]
    )
    assert status == 1
    assert 'has no attribute "call"' in out
    assert 'has no attribute "undo"' in out
