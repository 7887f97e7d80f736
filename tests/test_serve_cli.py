"""`redouble serve` on the command line: a missing extra and bad settings are one line on
standard error and exit status 1, never a traceback (no server is started by these tests)."""

from __future__ import annotations

import sys

import pytest

from redouble.cli import main


def test_without_the_extra_the_error_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [
        m for m in sys.modules if m == "redouble.serve" or m.startswith("redouble.serve.")
    ]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)  # an import of it now fails
    assert main(["serve", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "pip install 'redouble[serve]'" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--threads", "0"], "threads must be positive"),
        (["--timeout", "-1"], "timeout must be a positive number"),
        (["--port", "70000"], "port must be 0..65535"),
        (["--max-body", "0"], "max_body must be positive"),
    ],
)
def test_bad_settings_are_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip(
        "starlette", reason="the serve extra is not installed: pip install '.[serve]'"
    )
    pytest.importorskip(
        "uvicorn", reason="the serve extra is not installed: pip install '.[serve]'"
    )
    assert main(["serve", *args]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert words in err
