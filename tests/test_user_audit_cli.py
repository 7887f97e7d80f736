"""What a new user's (or a hostile caller's) commands found: a constraint nested deeper than
the parser's recursion, a seat given twice and silently replaced, and ``deal`` holding every
board in memory before writing the first in the file formats."""

from __future__ import annotations

import io
from typing import Any

import pytest

from redouble import cli, formats
from redouble.analysis import Constraint, constrained_deals
from redouble.cards import Seat
from redouble.deal import Board, Deal
from redouble.dealing import board as make_board
from redouble.dealing import deals, predeal
from redouble.errors import ConstraintError


def _one_line_error(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    captured = capsys.readouterr()
    err = captured.err
    assert err.startswith("redouble: error: "), err[-500:]
    assert err.count("\n") == 1, err[-500:]
    for word in words:
        assert word in err, err
    return err


# --- constraints nested deeper than Python's recursion -------------------------------------


@pytest.mark.parametrize(
    "text",
    ["(" * 1000, "(" * 300 + "N.hcp > 10" + ")" * 300, "N.hcp > 1 or (" * 300 + "N.balanced"],
    ids=["open-parens", "balanced-parens", "nested-ors"],
)
def test_a_deeply_nested_constraint_is_a_constraint_error(text: str) -> None:
    # Each parenthesis was four Python frames: ~250 of them ended in a RecursionError.
    with pytest.raises(
        ConstraintError, match=r"^column [0-9]+: parentheses nested more than 100 deep"
    ):
        Constraint(text)


def test_constraints_nested_up_to_the_limit_and_long_runs_of_not_still_work() -> None:
    d = deals(64, 3)
    hcp = Constraint("N.hcp > 10")(d)
    assert (Constraint("(" * 100 + "N.hcp > 10" + ")" * 100)(d) == hcp).all()
    # A run of "not" is counted, not recursed into: 2000 of them (an even number) parse.
    assert (Constraint("not " * 2000 + "N.hcp > 10")(d) == hcp).all()
    assert (Constraint("not " * 2001 + "N.hcp > 10")(d) == ~hcp).all()
    assert (Constraint("not not not N.hcp > 10 and S.hcp > 5")(d) == (~hcp & (Constraint("S.hcp > 5")(d)))).all()  # fmt: skip


def test_lead_with_a_deeply_nested_constraint_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["lead", "KQ52.T98.A76.J43", "3NT", "-n", "2", "--constraints", "(" * 5000]
    assert cli.main(argv) == 1
    _one_line_error(capsys, "parentheses nested more than 100 deep")
    with pytest.raises(ConstraintError):
        constrained_deals("not (" * 2000, 1, seed=1)


# --- a seat or side given twice --------------------------------------------------------------


def test_deal_refuses_a_seat_predealt_twice(capsys: pytest.CaptureFixture[str]) -> None:
    # The second --predeal replaced the first in silence: North was dealt at random.
    argv = ["deal", "--predeal", "N:AKQJT98765432...", "--predeal", "n:A..."]
    assert cli.main(argv) == 1
    _one_line_error(capsys, "--predeal gives North twice")
    assert cli.main(["deal", "--predeal", "N:AK...", "--predeal", "S:QJ..."]) == 0


def test_score_refuses_honours_given_twice_for_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["score", "--law", "auction_1912", "--contract", "1H", "--declarer", "N"]
    assert cli.main([*base, "--tricks", "7", "--honours", "N=2,north=3"]) == 1
    _one_line_error(capsys, "--honours gives North twice")


# --- deal streams every format ---------------------------------------------------------------


class _Stop(Exception):
    pass


class _FirstWrite(io.StringIO):
    """An output that stops the command at its first write (as a closed pipe would)."""

    def write(self, text: str) -> int:
        super().write(text)
        raise _Stop


@pytest.mark.parametrize("fmt", ["pbn", "lin", "json"])
def test_deal_writes_the_first_boards_before_dealing_the_rest(
    fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file formats dealt all --count boards, and ran the writer over them, before writing
    # a byte: `deal -n 100000 --format pbn | head` took 32 s and 135 MB.
    dealt = 0

    def counting(seed: int, number: int) -> Board:
        nonlocal dealt
        dealt += 1
        return make_board(seed, number)

    monkeypatch.setattr(cli, "make_board", counting)
    out = _FirstWrite()
    with pytest.raises(_Stop):
        cli.main(["deal", "-n", "5000", "--format", fmt], out=out)
    assert dealt <= cli._DEAL_CHUNK
    assert out.getvalue()


def test_a_huge_constrained_deal_streams_instead_of_allocating_every_row() -> None:
    # predeal(n=2**40) asked numpy for 32 TiB at once: a MemoryError traceback.
    out = _FirstWrite()
    with pytest.raises(_Stop):
        cli.main(["deal", "-n", str(2**40), "--hcp", "N:10-37", "--format", "pbn"], out=out)
    assert out.getvalue().startswith('% PBN 2.1\n[Board "1"]')


def _all_at_once(count: int, fixed: dict[Seat, str], accept: Any, fmt: str) -> str:
    """What ``deal`` wrote before it streamed: every board dealt, then the writer's text."""
    seed, first = 5, 3
    if fixed or accept is not None:
        rows = predeal(fixed, seed, board=first, n=count, accept=accept)
        boards = [Board.from_number(first + i, Deal.from_array(r)) for i, r in enumerate(rows)]
    else:
        boards = [make_board(seed, first + i) for i in range(count)]
    records = [
        formats.BoardRecord(
            board=b.number, dealer=b.dealer, vulnerability=b.vulnerability, deal=b.deal
        )
        for b in boards
    ]
    return formats.writes(records, fmt)


@pytest.mark.parametrize("fmt", ["pbn", "lin", "json"])
@pytest.mark.parametrize(
    ("args", "fixed", "accept"),
    [
        ([], {}, None),
        (["--hcp", "N:12-37"], {}, lambda d: d[Seat.NORTH].hcp() >= 12),
        (["--predeal", "S:AK..."], {Seat.SOUTH: "AK..."}, None),
    ],
    ids=["seeded", "constrained", "predealt"],
)
def test_streamed_text_is_the_writers_text_for_the_whole_list(
    fmt: str, args: list[str], fixed: dict[Seat, str], accept: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chunks of 3 boards: seven boards cross two chunk boundaries.
    monkeypatch.setattr(cli, "_DEAL_CHUNK", 3)
    for count in (0, 1, 3, 7):
        out = io.StringIO()
        argv = ["deal", "-n", str(count), "--seed", "5", "--board", "3", "--format", fmt, *args]
        assert cli.main(argv, out=out) == 0
        assert out.getvalue() == _all_at_once(count, fixed, accept, fmt)


def test_a_filter_that_refuses_a_million_boards_in_a_row_gives_up(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_DEAL_TRIES", 1000)
    assert cli.main(["deal", "-n", "2", "--hcp", "N:38-40"]) == 1
    _one_line_error(capsys, "no deal accepted in 1000 tries")
