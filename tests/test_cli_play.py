"""``redouble play`` end to end through a pseudo-terminal: a whole rubber (or set of boards)
of every law set, the test answering each prompt with a move it picks from the legal list
printed above the prompt, and trying ``help``, ``rules``, ``undo`` and a refused move."""

from __future__ import annotations

import os
import pty
import random
import re
import select
import subprocess
import sys
import time

import pytest

PROMPT = re.compile(r"(North|East|South|West)( \(dummy\))? to (call|play): $")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

LAW_SETS = [
    ("auction_1912", ["--seed", "3"]),
    ("bridge_1906", ["--seed", "4"]),
    ("bridge_1907", ["--seed", "5"]),
    ("bridge_three_handed", ["--seed", "6"]),
    ("bridge_duplicate", ["--seed", "7", "--boards", "2"]),
    ("bridge_progressive", ["--seed", "8", "--boards", "2"]),
    ("contract", ["--seed", "9", "--boards", "2"]),
    ("contract_rubber", ["--seed", "10"]),
    ("contract_chicago", ["--seed", "11"]),
]


class Terminal:
    """The command running on a pseudo-terminal, as a player would see it."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "redouble", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""  # everything printed, colour codes removed, \r\n as \n

    def read_until_prompt(self, timeout: float = 60) -> str | None:
        """Text up to the next prompt (returned without it), or None when the program ends."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while True:
            m = PROMPT.search(self.seen, start)
            if m and m.end() == len(self.seen):
                return self.seen[start:]
            if time.monotonic() > deadline:
                raise AssertionError(
                    "no prompt within the time; last output:\n" + self.seen[-2000:]
                )
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if not ready:
                if self.proc.poll() is not None:
                    return None
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the other end closed: the program ended
                return None
            if not chunk:
                return None
            self.seen += ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r\n", "\n")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return -9
        finally:
            os.close(self.master)


def _legal(screen: str) -> list[str]:
    lines = [x for x in screen.splitlines() if x.startswith("Legal: ")]
    assert lines, "no legal list above the prompt:\n" + screen[-1500:]
    return lines[-1][len("Legal: ") :].split()


@pytest.mark.parametrize(("law", "extra"), LAW_SETS, ids=[x[0] for x in LAW_SETS])
def test_play_a_whole_game_through_a_terminal(law: str, extra: list[str]) -> None:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100")
    env.pop("NO_COLOR", None)
    term = Terminal(["--law", law, *extra], env)
    rng = random.Random(law)
    tried = {"help": False, "rules": False, "undo": False, "bad": False}
    prompts = 0
    legal: list[str] = []
    try:
        screen = term.read_until_prompt()
        while screen is not None:
            prompts += 1
            assert prompts < 3000, "the game does not end"
            if "Legal: " in screen:
                legal = _legal(screen)
            if not tried["help"]:
                tried["help"] = True
                term.send("help")
                screen = term.read_until_prompt()
                assert screen is not None
                assert "Commands:" in screen
                assert "Not allowed" not in screen  # help is not taken for a declaration
                continue
            if not tried["rules"]:
                tried["rules"] = True
                term.send("rules")
                screen = term.read_until_prompt()
                assert screen is not None
                assert re.search(r"\[.*Laws?\b.*\]", screen), screen  # rules cite laws
                assert "seed 0" not in screen
                continue
            if not tried["bad"]:
                tried["bad"] = True
                term.send("7Z")
                screen = term.read_until_prompt()
                assert screen is not None
                assert "Not allowed" in screen
                continue
            move = "Pass" if "Pass" in legal and rng.random() < 0.6 else rng.choice(legal)
            before = legal
            term.send(move)
            screen = term.read_until_prompt()
            if screen is not None and not tried["undo"] and prompts > 8:
                tried["undo"] = True
                term.send("undo")
                screen = term.read_until_prompt()
                assert screen is not None
                assert "Taken back" in screen
                assert _legal(screen) == before  # the same choice is open again
    finally:
        rc = term.close()
    out = term.seen
    assert rc == 0, out[-2000:]
    assert "The game is over" in out, out[-2000:]
    assert re.search(r"Final score: NS \d+, EW \d+", out)
    hands = re.findall(r"=== Hand (\d+) of", out)
    ends = re.findall(r"^Hand (\d+)(?::| is passed out)", out, re.MULTILINE)
    # Every hand announced ends in a result or a pass-out line, the last as well (an undo
    # may show a hand's start again, so compare the sets).
    assert set(ends) == set(hands)
    assert tried["undo"]


def test_play_plain_text_without_a_terminal() -> None:
    """Piped (not a terminal) or NO_COLOR: no colour codes; --ascii: no suit symbols."""
    env = dict(os.environ, NO_COLOR="1")
    moves = "help\nP\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "redouble", "play", "--law", "contract", "--ascii", "--boards", "1"],
        input=moves,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    assert not set("♠♥♦♣") & set(done.stdout)
    assert "South to call: " in done.stdout
    assert "Stopped." in done.stdout


def test_no_undo_and_claim_refused_while_declaring() -> None:
    moves = "undo\nclaim\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "redouble", "play", "--law", "auction_1912", "--no-undo"],
        input=moves,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Undo is off" in done.stdout


COLD = "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _play(moves: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "redouble", "play", "--law", "contract", *args],
        input=moves,
        capture_output=True,
        text=True,
        env=dict(os.environ, NO_COLOR="1"),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_claim_checked_double_dummy() -> None:
    # South holds thirteen spades: 7S is cold, and the claim of the rest is allowed.
    out = _play(
        "7S\nPass\nPass\nclaim\nquit\n", "--deal", COLD, "--dealer", "S", "--opponents", "dd"
    )
    assert "Claim allowed: your side takes all 13 remaining tricks." in out
    assert "Hand 1: 7♠ by South, 13 tricks to NS: made." in out
    # In no trump West runs thirteen hearts first: the claim is refused and play goes on.
    out = _play(
        "7NT\nPass\nPass\nclaim\nquit\n", "--deal", COLD, "--dealer", "S", "--opponents", "dd"
    )
    assert "The claim does not hold: with best defence your side takes 0 of the 13" in out
    assert "Stopped." in out


def test_passed_out_hand_is_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everybody passes: the hand is announced as passed out and nothing is scored."""
    import io

    from redouble import cli, game

    class Passer:
        def __init__(self, seed: int) -> None:
            pass

        def __call__(self, g: game.Game) -> object:
            legal = g.legal_actions()
            return next((a for a in legal if str(a) == "P"), legal[0])

    monkeypatch.setattr(game, "RandomPlayer", Passer)
    monkeypatch.setattr(sys, "stdin", io.StringIO("Pass\n"))
    out = io.StringIO()
    code = cli.main(["play", "--law", "contract", "--boards", "1", "--dealer", "E"], out=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Hand 1 is passed out: all four passed; nothing is scored." in text
    assert "Final score: NS 0, EW 0" in text
