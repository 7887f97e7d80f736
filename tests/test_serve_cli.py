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
        # a label over 63 characters: the socket layer's bare UnicodeError, a traceback
        (["--host", "a." + "x" * 100_000], "host must be an address or a host name"),
        (["--host", "x" * 64], "host must be an address or a host name"),
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


def test_a_bad_log_level_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # uvicorn raised a KeyError for a level it does not know, after the settings were taken.
    assert main(["serve", "--log-level", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert len(err) < 300
    assert "argument --log-level: invalid choice" in err


def test_serve_refuses_a_log_level_uvicorn_does_not_know() -> None:
    uvicorn = pytest.importorskip(
        "uvicorn", reason="the serve extra is not installed: pip install '.[serve]'"
    )
    pytest.importorskip(
        "starlette", reason="the serve extra is not installed: pip install '.[serve]'"
    )
    from redouble import RedoubleError
    from redouble.cli import _parser
    from redouble.serve.config import ServeConfig
    from redouble.serve.server import _LOG_LEVELS, serve

    assert set(_LOG_LEVELS) == set(uvicorn.config.LOG_LEVELS)
    for name in _LOG_LEVELS:  # the command line takes each, in any case
        assert _parser().parse_args(["serve", "--log-level", name.upper()]).log_level == name
    with pytest.raises(RedoubleError, match="log_level must be one of") as e:
        serve(ServeConfig(), log_level="x" * 1_000_000)
    assert len(str(e.value)) < 300
    with pytest.raises(TypeError, match="log_level"):
        serve(ServeConfig(), log_level=20)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="host"):
        ServeConfig(host=None)  # type: ignore[arg-type]
