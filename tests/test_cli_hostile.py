"""The command line's usage errors with hostile values: one short line, exit status 2.

argparse quoted the caller's value whole ("argument --count: invalid int value: '<a
megabyte>'") after its usage block; each error here is now one line, cut short, naming the
option, whatever the length of the value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble.cli import main

_MEGABYTE = "1" * 1_000_000
_TEXT = "x" * 1_000_000


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        # an int option, a float option
        (("deal", "--count", _TEXT), "--count"),
        (("deal", "-n", _MEGABYTE + "x"), "--count"),
        (("deal", "--count", "9" * 5000 + "x"), "--count"),
        (("serve", "--timeout", _TEXT), "--timeout"),
        # a choice option, and the subcommand itself (a choice of argparse's)
        (("deal", "--format", _TEXT), "--format"),
        (("solve", "N:...", "--format", _TEXT), "--format"),
        ((_TEXT,), "invalid choice"),
        # an unknown option or argument, one of many
        (("deal", "--" + _TEXT), "unrecognized arguments"),
        (("deal", *[_TEXT] * 5), "unrecognized arguments"),
        (("demo", "--seed", "1", _TEXT), "unrecognized arguments"),
        # argparse's raw quotes: an explicit argument to a flag, and an ambiguous prefix
        (("deal", "--ascii=" + _TEXT), "--ascii"),
        (("serve", "--max=" + _TEXT), "ambiguous option"),
        (("serve", "--max=" + "\n" * 1000), "ambiguous option"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else "",
)
def test_a_huge_value_is_one_short_usage_line(
    argv: tuple[str, ...], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err[:300]
    assert len(err) < 300, err[:300]
    assert err.startswith("redouble")
    assert named in err


def test_a_usage_error_still_names_the_value_and_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "--count", "1" * 100 + "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redouble deal: error: argument -n/--count: invalid int value: '1111")
    assert "..." in err
    assert "see redouble deal --help" in err
    assert main(["deal", "--format", "svg"]) == 2
    err = capsys.readouterr().err
    assert "argument --format: invalid choice: 'svg' (choose from 'diagram', 'pbn'" in err


def test_short_usage_errors_keep_their_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--contract", "1H"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "the following arguments are required: --declarer, --tricks" in err
    assert main(["deal", "--bogus", "--count", "2"]) == 2
    assert "unrecognized arguments: '--bogus'" in capsys.readouterr().err


def test_an_output_path_too_long_to_open_is_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The readers cut a path they cannot open; an OSError of the writer quoted it whole.
    from redouble import deal
    from redouble.formats import BoardRecord, write

    src = tmp_path / "in.pbn"
    write([BoardRecord(board=1, deal=deal(9, 1))], src)
    for out in (tmp_path / ("x" * 100_000 + ".pbn"), tmp_path / "missing" / "out.pbn"):
        assert main(["convert", str(src), str(out)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert len(err) < 300, err[:300]
        assert err.startswith("redouble: error: '")


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (("play", "--deal", "N:" + _TEXT), "--deal"),
        (("score", "--law", "auction_1912", "--contract", "1H", "--declarer", "N",
          "--tricks", "7", "--deal", "N:" + "A" * 1_000_000), "--deal"),
        (("solve", "N:" + _TEXT), "deal 'N:xxx"),
        (("par", "N:...", "N:" + _TEXT), "deal 'N:...'"),
    ],
)  # fmt: skip
def test_a_bad_deal_names_its_option_in_one_short_line(
    argv: tuple[str, ...], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The deal parser's message says only "the deal string": which option, or which of
    # several deals, is named here.
    assert main(list(argv)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert len(err) < 300, err[:300]
    assert f"redouble: error: {named}" in err
