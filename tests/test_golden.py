"""The game's output and public API, compared with what was recorded before the restructuring
(see golden.py): seeded sessions of every law set, strict and lenient, their replays, and the
signatures of the public names."""

from __future__ import annotations

import json
from typing import Any

import pytest

from redouble.game import Game

SEEDED = "seeded_games.jsonl.gz"
API = "api.json"


def test_seeded_games_are_unchanged_and_replay_identically(golden: Any) -> None:
    if golden.RECORDING:
        rows = {
            k: {"key": k, **golden.outputs(golden.seeded_game(n, s, seed))}
            for k, n, s, seed in golden.seeded_keys()
        }
        golden.write(SEEDED, rows)
        pytest.skip("recorded")
    recorded = golden.read(SEEDED)
    keys = list(golden.seeded_keys())
    assert sorted(recorded) == sorted(k for k, *_ in keys)
    for key, name, strict, seed in keys:
        want = recorded[key]
        got = golden.outputs(golden.seeded_game(name, strict, seed))
        assert got["json"] == want["json"], key
        assert got["sheet"] == want["sheet"], key
        again = golden.outputs(Game.from_json(want["json"]))
        assert again == got, f"{key}: the recorded log replays differently"


def test_lenient_games_of_the_irregularity_tests_replay_identically(golden: Any) -> None:
    recorded = golden.read(golden.LenientGameRecorder.FILE)
    assert len(recorded) > 100
    for key, want in recorded.items():
        again = golden.outputs(Game.from_json(want["json"]))
        assert again == {"json": want["json"], "sheet": want["sheet"]}, key


def test_public_api_signatures_are_unchanged(golden: Any) -> None:
    path = golden.GOLDEN / API
    snap = golden.api_snapshot()
    if golden.RECORDING:
        path.write_text(json.dumps(snap, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        pytest.skip("recorded")
    want = json.loads(path.read_text(encoding="utf-8"))
    # Names and members may be added; none removed, none changed.
    for name, before in want.items():
        assert name in snap, f"{name} is gone from the public API"
        now = snap[name]
        if isinstance(before, dict) and "class" in before:
            assert isinstance(now, dict), name
            for member, sig in before["class"].items():
                assert _compatible(sig, now["class"].get(member)), f"{name}.{member}: {sig}"
        else:
            assert _compatible(before, now), name


def _compatible(before: Any, now: Any) -> bool:
    """The same signature, or the same with optional parameters added at its end."""
    if before == now:
        return True
    if not (isinstance(before, str) and isinstance(now, str) and before.startswith("(")):
        return False
    head, _, returns = before.rpartition(")")
    new_head, _, new_returns = now.rpartition(")")
    added = new_head[len(head) :]
    return (
        returns == new_returns
        and new_head.startswith(head)
        and added.startswith(", ")
        and all("=" in p for p in added[2:].split(", "))
    )
