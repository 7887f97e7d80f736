"""perft: counts of legal play sequences, pinned in data/perft.txt and checked independently.

Format of data/perft.txt, one position a line: ``deal;strain;leader;trick;c1 c2 ...`` where
``trick`` lists cards already played to the current trick (space separated, may be empty) and
``ck`` is the number of legal play sequences of k cards (a sequence that reaches the end of play
sooner counts once).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from redouble import Card, CardSet, Deal, Position, Seat, Strain


def _rows(path: Path) -> list[tuple[str, str, str, list[str], list[int]]]:
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pbn, strain, leader, trick, counts = line.split(";")
        rows.append((pbn, strain, leader, trick.split(), [int(x) for x in counts.split()]))
    return rows


def _hands(pbn: str) -> list[CardSet]:
    """Hands of a deal string that may be mid-trick (unequal sizes), first seat N."""
    assert pbn.startswith("N:")
    return [CardSet.from_pbn_hand(h) for h in pbn[2:].split()]


ROWS = _rows(Path(__file__).parent / "data" / "perft.txt")


def _reference_perft(hands: list[set[int]], leader: int, trick: list[int], depth: int) -> int:
    """A direct reading of the laws (follow suit if able), with no shared code."""
    if depth == 0 or (not trick and not any(hands)):
        return 1
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    follow = {c for c in hand if trick and c // 13 == trick[0] // 13}
    total = 0
    for c in sorted(follow or hand):
        hand.remove(c)
        if len(trick) == 3:
            full = [*trick, c]
            # Who won does not change the count of sequences except through the next leader.
            # Winner computed from scratch: highest trump, else highest of the suit led.
            total += _reference_perft(hands, _winner(full, leader), [], depth - 1)
        else:
            total += _reference_perft(hands, leader, [*trick, c], depth - 1)
        hand.add(c)
    return total


_STRAIN = {"value": 4}


def _winner(cards: list[int], leader: int) -> int:
    strain = _STRAIN["value"]
    trumps = [c for c in cards if strain != 4 and c // 13 == strain]
    pool = trumps or [c for c in cards if c // 13 == cards[0] // 13]
    return (leader + cards.index(max(pool))) % 4


@pytest.mark.parametrize("row", ROWS, ids=[f"row{i}" for i in range(len(ROWS))])
def test_perft_counts_are_pinned(row: tuple[str, str, str, list[str], list[int]]) -> None:
    pbn, strain, leader, trick, counts = row
    pos = Position(_hands(pbn), Strain.parse(strain), Seat.parse(leader), trick)
    assert [pos.perft(k) for k in range(1, len(counts) + 1)] == counts
    assert pos.trick == tuple(Card.parse(c) for c in trick)  # perft leaves the position as is


@pytest.mark.parametrize("row", ROWS, ids=[f"row{i}" for i in range(len(ROWS))])
def test_perft_counts_agree_with_a_reference_reading_of_the_laws(
    row: tuple[str, str, str, list[str], list[int]],
) -> None:
    pbn, strain, leader, trick, counts = row
    masks = _hands(pbn)
    _STRAIN["value"] = int(Strain.parse(strain))
    max_depth = min(len(counts), 5 if len(masks[0]) > 6 else len(counts))
    for depth in range(1, max_depth + 1):
        hands = [{int(c) for c in h} for h in masks]
        ref = _reference_perft(
            hands, int(Seat.parse(leader)), [int(Card.parse(c)) for c in trick], depth
        )
        assert ref == counts[depth - 1], depth


def test_perft_depth_zero_and_negative() -> None:
    pos = Position(Deal.from_pbn(ROWS[0][0]), Strain.NOTRUMP, Seat.NORTH)
    assert pos.perft(0) == 1
    with pytest.raises(ValueError, match="depth"):
        pos.perft(-1)


def test_perft_deeper_than_the_cards_left_counts_to_the_end() -> None:
    pos = Position(Deal.from_pbn(ROWS[3][0]), Strain.NOTRUMP, Seat.WEST)  # three cards each
    to_the_end = pos.perft(12)
    assert to_the_end == ROWS[3][4][-1]
    # A depth of any size, numpy's included, is "to the end": never an overflow in the core.
    for depth in (13, 52, 2**31, 2**63, 10**30, np.int64(2**62), np.uint64(2**64 - 1)):
        assert pos.perft(depth) == to_the_end, depth  # type: ignore[arg-type]
    pos.play(next(iter(pos.legal_plays())))
    assert pos.perft(10**30) == pos.perft(11)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT cannot be sent to a child on Windows")
def test_a_deep_perft_stops_on_ctrl_c() -> None:
    # perft(10**30) from a full deal counts every play of the deal: hours, with the GIL
    # released. A person's Ctrl-C (SIGINT) must still stop it, promptly and cleanly.
    child = textwrap.dedent(
        f"""
        from redouble import Deal, Position, Seat, Strain
        pos = Position(Deal.from_pbn({ROWS[1][0]!r}), Strain.NOTRUMP, Seat.WEST)
        pos.play("CK")
        before = pos.to_json()
        print("counting", flush=True)
        try:
            pos.perft(10**30)
        except KeyboardInterrupt:
            assert pos.to_json() == before
            print("interrupted", flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "counting\n"
        time.sleep(1.0)  # well inside the count: the call itself starts within microseconds
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("perft did not stop within 10 s of SIGINT")
    assert (out, proc.returncode) == ("interrupted\n", 0), err
