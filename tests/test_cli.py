"""The command line, run in-process through main(argv): output and exit codes."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from redouble import Deal, Seat
from redouble.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_version_and_help_exit_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "redouble" in capsys.readouterr().out
    assert main(["--help"]) == 0


def test_usage_errors_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["nonsense"]) == 2
    assert main(["deal", "--count", "x"]) == 2
    capsys.readouterr()


def test_deal_diagram_and_pbn_are_seeded() -> None:
    code, text = run("deal", "--seed", "1", "--ascii")
    assert code == 0
    assert "Board 1" in text
    assert "S 10 8 4 3" in text  # North's spades of (seed 1, board 1)
    code, text = run("deal", "-n", "3", "--seed", "1", "--format", "pbn")
    assert code == 0
    assert text.count("[Deal ") == 3
    assert 'Deal "N:T843.K2.T93.AQ82' in text


def test_deal_with_constraints_and_predeal() -> None:
    code, text = run(
        "deal",
        "-n",
        "2",
        "--seed",
        "4",
        "--format",
        "pbn",
        "--hcp",
        "N:20-37",
        "--length",
        "S:H:5-13",
        "--predeal",
        "W:AKQ...",
    )
    assert code == 0
    for line in text.splitlines():
        if line.startswith("[Deal "):
            d = Deal.from_pbn(line.split('"')[1])
            assert d[Seat.NORTH].hcp() >= 20
            assert d[Seat.SOUTH].length(2) >= 5
            assert "SA" in d[Seat.WEST]


@pytest.mark.parametrize(
    "argv",
    [
        ("deal", "--hcp", "N:17-15"),
        ("deal", "--hcp", "X:1-2"),
        ("deal", "--length", "N:H"),
        ("deal", "--predeal", "N"),
        ("deal", "--predeal", "N:AKQ...", "--predeal", "S:A..."),
        ("score", "--law", "whist", "--contract", "1H", "--declarer", "N", "--tricks", "7"),
        ("score", "--contract", "8H", "--declarer", "N", "--tricks", "7"),
        ("score", "--contract", "1H", "--declarer", "N", "--tricks", "14"),
    ],
)
def test_bad_input_exits_one_with_a_message(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(*argv)
    assert code == 1
    assert "redouble: error:" in capsys.readouterr().err


def test_score_auction_1912_doubled() -> None:
    code, text = run(
        "score", "--law", "auction_1912", "--contract", "2HX", "--declarer", "N", "--tricks", "9"
    )
    assert code == 0
    assert "trick score (below the line): NS 48  EW 0" in text
    assert "doubled bonus: NS 100" in text
    assert "game won by NS" in text


def test_score_contract_with_vulnerability_and_bridge_with_honours() -> None:
    code, text = run(
        "score", "--contract", "4S", "--declarer", "E", "--tricks", "10", "--vulnerable", "EW"
    )
    assert code == 0
    assert "game bonus: NS 0  EW 500" in text
    code, text = run(
        "score",
        "--law",
        "bridge_1906",
        "--contract",
        "H",
        "--declarer",
        "S",
        "--tricks",
        "8",
        "--honours",
        "N=3,S=1,E=1",
    )
    assert code == 0
    assert "NS 16" in text  # two by cards at hearts (8 a trick)


def test_play_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    # South opens 1C under contract bridge; then quits at the next prompt.
    monkeypatch.setattr(sys, "stdin", io.StringIO("7NT\nbogus\nq\n"))
    code, text = run("play", "--law", "contract", "--seat", "N", "--seed", "2")
    assert code == 0
    assert "North (you)" in text
    assert "Not allowed" in text  # "bogus" is refused, the prompt comes again
    assert "Stopped." in text


def test_play_whole_game_with_a_scripted_human(monkeypatch: pytest.MonkeyPatch) -> None:
    # A "human" who always passes and then plays the first legal card listed.
    class Script(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.out: io.StringIO | None = None

        def readline(self, size: int | None = -1) -> str:
            assert self.out is not None
            text = self.out.getvalue()
            legal = text.rsplit("Legal: ", 1)[1].split("\n", 1)[0].split()
            return ("Pass" if "Pass" in legal else legal[0]) + "\n"

    script = Script()
    out = io.StringIO()
    script.out = out
    monkeypatch.setattr(sys, "stdin", script)
    code = main(["play", "--law", "contract", "--seat", "S", "--boards", "2"], out=out)
    assert code == 0
    assert "Final score: NS" in out.getvalue()


def test_demo_shows_the_board_the_dd_table_and_three_codes() -> None:
    code, text = run("demo", "--ascii")
    assert code == 0
    assert "Board 1  (seed 1906)" in text
    assert "Double-dummy tricks" in text
    # Each code named as a reader finds it, not by redouble's id.
    for label in (
        "Laws of Duplicate Bridge 2017:",
        "Auction Bridge (1912):",
        "Bridge (Elwell, 1906):",
    ):
        assert label in text
    assert "AUCTION_WCNY_1912" not in text
    assert "BRIDGE_ELWELL" not in text
    # The NT row of the table agrees with the solver.
    from redouble import board, solver

    table = solver.dd_table(board(1906, 1).deal)
    nt_row = next(line for line in text.splitlines() if line.strip().startswith("NT "))
    assert [int(x) for x in nt_row.split()[1:]] == [int(v) for v in table[4]]


def test_solve_deal_strings_and_a_file(tmp_path: Path) -> None:
    from redouble import deal, solver
    from redouble.formats import BoardRecord, write

    d = deal(5, 1)
    code, text = run("solve", d.to_pbn(), "--threads", "1")
    assert code == 0
    table = solver.dd_table(d)
    assert (
        f"  S   {''.join(f'{int(v):>4}' for v in table[3])}".split()
        == next(line for line in text.splitlines() if line.strip().startswith("S ")).split()
    )
    path = tmp_path / "two.pbn"
    write([BoardRecord(board=i, deal=deal(5, i)) for i in (1, 2)], path)
    code, text = run("solve", str(path), "--threads", "2")
    assert code == 0
    assert text.count("two.pbn#") == 2


def test_solve_cards_lists_each_lead() -> None:
    from redouble import deal

    code, text = run("solve", deal(6, 1).to_pbn(), "--cards", "--strain", "S", "--leader", "E")
    assert code == 0
    assert text.count(": ") >= 13 + 1
    code, _ = run("solve", "N:garbage")
    assert code == 1


def test_convert_lin_to_pbn(tmp_path: Path) -> None:
    from redouble import deal
    from redouble.formats import BoardRecord, read, write

    src = tmp_path / "in.lin"
    dst = tmp_path / "out.pbn"
    write([BoardRecord(board=1, dealer=Seat.NORTH, deal=deal(9, 1))], src)
    code, _ = run("convert", str(src), str(dst))
    assert code == 0
    assert read(dst)[0].deal == deal(9, 1)
    code, text = run("convert", str(src), "-", "--to", "json")
    assert code == 0
    assert '"format": "redouble/1"' in text
    code, _ = run("convert", str(tmp_path / "missing.pbn"), "-")
    assert code == 1


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_convert_solve_and_par_read_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "-" names standard input, as it names standard output; its format comes from --from or,
    without it, from its first bytes (a UTF-8 byte-order mark skipped)."""
    from redouble import deal
    from redouble.formats import BoardRecord, reads, writes

    records = [BoardRecord(board=n, dealer=Seat.NORTH, deal=deal(9, n)) for n in (1, 2)]
    for fmt in ("pbn", "lin", "json"):
        data = writes(records, fmt).encode()
        for given in ((), ("--from", fmt)):
            _stdin(monkeypatch, b"\xef\xbb\xbf" + data if fmt == "pbn" else data)
            code, text = run("convert", "-", "-", "--to", "pbn", *given)
            assert code == 0, (fmt, given, capsys.readouterr().err)
            assert [r.deal for r in reads(text, "pbn")] == [deal(9, 1), deal(9, 2)]
    _stdin(monkeypatch, writes(records, "lin").encode())
    code, text = run("solve", "-", "--no-progress")
    assert code == 0
    assert "-#1" in text
    assert "-#2" in text
    _stdin(monkeypatch, writes(records, "json").encode())
    code, text = run("par", "-", "--from", "json")
    assert code == 0
    assert text.count("-#") == 2


def test_standard_input_named_twice_and_a_name_without_a_format_are_one_line_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _stdin(monkeypatch, b"")
    assert run("solve", "-", "-")[0] == 1
    assert "standard input (-) is named twice" in capsys.readouterr().err
    odd = tmp_path / "boards.txt"
    odd.write_text(
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    )
    for argv in (("convert", str(odd), "-"), ("solve", str(odd)), ("par", str(odd))):
        assert run(*argv)[0] == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert "give --from pbn, lin or json" in err
        assert "format=" not in err  # the Python argument is not the command line's
    code, text = run("convert", str(odd), "-", "--from", "pbn")
    assert code == 0
    assert "AKQJ.T98.765.432" in text


def test_play_one_given_deal_against_double_dummy_players(monkeypatch: pytest.MonkeyPatch) -> None:
    from redouble import deal

    class Passer(io.StringIO):
        def __init__(self, out: io.StringIO) -> None:
            super().__init__()
            self.out = out

        def readline(self, size: int | None = -1) -> str:
            legal = self.out.getvalue().rsplit("Legal: ", 1)[1].split("\n", 1)[0].split()
            return ("Pass" if "Pass" in legal else legal[-1]) + "\n"

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", Passer(out))
    d = deal(21, 3)
    code = main(
        [
            "play",
            "--law",
            "auction_1912",
            "--deal",
            d.to_pbn(),
            "--dealer",
            "E",
            "--opponents",
            "dd",
            "--seat",
            "W",
        ],
        out=out,
    )
    assert code == 0
    text = out.getvalue()
    assert "=== Hand 1 of" in text
    assert "dealer East" in text
    assert "Hand 2" not in text
    assert "Final score" in text


_SCORE = ("score", "--contract", "2H", "--declarer", "N", "--tricks", "9")


@pytest.mark.parametrize(
    ("argv", "option", "law"),
    [
        # Only contract bridge scores vulnerability; the option was taken and ignored.
        (("--law", "auction_1912", "--vulnerable", "NS"), "--vulnerable", "auction_1912"),
        (("--law", "bridge_1906", "--vulnerable", "None"), "--vulnerable", "bridge_1906"),
        # Duplicate contract bridge scores no honours and no chicane.
        (("--law", "contract", "--honours", "N=4"), "--honours", "contract"),
        (("--law", "contract", "--deal", str(Deal.from_index(0).to_pbn())), "--deal", "contract"),
    ],
)
def test_score_refuses_an_option_the_law_set_does_not_score(
    argv: tuple[str, ...], option: str, law: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*_SCORE, *argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert option in err
    assert law in err


def test_score_options_still_taken_where_they_count() -> None:
    code, text = run(*_SCORE, "--law", "contract_rubber", "--honours", "N=4", "--vulnerable", "NS")
    assert code == 0
    assert "honours: NS 100" in text
    code, _ = run(*_SCORE, "--law", "auction_1912", "--deal", str(Deal.from_index(0).to_pbn()))
    assert code == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--law", "auction_1912", "--boards", "3"), ("--boards", "auction_1912", "rubbers")),
        (("--law", "contract_chicago", "--boards", "3"), ("--boards", "Chicago")),
        (("--law", "contract", "--boards", "2", "--deal", "x"), ("--boards", "--deal")),
        (("--law", "auction_1912", "--single-game"), ("--single-game", "auction_1912", "three")),
    ],
)
def test_play_refuses_boards_where_they_are_not_counted(
    argv: tuple[str, ...], words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    # A rubber or a Chicago sets its own length, and a given deal is one board: --boards
    # was ignored there.
    assert main(["play", *argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for word in words:
        assert word in err


def test_par_refuses_vul_where_the_law_set_has_no_vulnerability(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    assert main(["par", deal, "--law", "auction_1912", "--vul", "NS"]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "--vul does not apply under --law auction_1912" in err
    code, text = run("par", deal, "--law", "auction_1912", "--vul", "None")
    assert code == 0
    assert "par" in text
