"""Thread safety of shared objects: a Position and a Game hammered from 8 threads at once.

Each call must either raise one of our errors (a move made stale by another thread's move) or
act correctly; afterwards the object must be consistent: every card accounted for, the record
of tricks matching the core state, the game's log replaying to the same game. One Position used
from several threads once corrupted memory: ``perft`` released the GIL while it played and
undid cards on the shared object, and a third thread's play overwrote the trick state (tricks
went negative, the process aborted with ``free(): invalid next size``).
"""

from __future__ import annotations

import contextlib
import random
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from redouble import Card, CardSet, Deal, Position, RedoubleError, Seat, Strain, deal
from redouble.game import Game

THREADS = 8


@pytest.fixture(autouse=True)
def _switch_often() -> Iterator[None]:
    """Switch threads every microsecond (not every 5 ms), so that races show within the test."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _hammer(work: Callable[[int], None], seconds_budget_ops: int) -> list[BaseException]:
    """Run `work(k)` in THREADS threads started together; returns unexpected exceptions."""
    barrier = threading.Barrier(THREADS)
    unexpected: list[BaseException] = []

    def run(k: int) -> None:
        barrier.wait()
        try:
            for _ in range(seconds_budget_ops):
                work(k)
        except BaseException as e:  # noqa: BLE001 - collected and reported by the test
            unexpected.append(e)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return unexpected


def _check_position(p: Position, start: Deal) -> None:
    """Every card of `start` is held, on the table or in a recorded trick, exactly once."""
    held = [p.hand(s) for s in Seat]
    on_table = CardSet(p.trick)
    in_tricks = [c for t in p.tricks for c in t.cards]
    assert all(len(t.cards) == 4 for t in p.tricks)
    assert len(set(in_tricks)) == len(in_tricks)
    everything = CardSet(in_tricks) | on_table
    for h in held:
        assert not (h & everything)
        everything = everything | h
    assert everything == CardSet(start[Seat.NORTH] | start[Seat.EAST]) | CardSet(
        start[Seat.SOUTH] | start[Seat.WEST]
    )
    assert len(in_tricks) == 4 * len(p.tricks)
    assert p.tricks_won(0) + p.tricks_won(1) == len(p.tricks)
    assert 0 <= len(p.trick) <= 3
    # The winner of every recorded trick is the winner the rules give.
    from redouble import trick_winner

    for t in p.tricks:
        assert trick_winner(list(t.cards), t.leader, p.strain) is t.winner


def test_one_position_from_eight_threads_plays_perfts_and_undoes_consistently() -> None:
    start = deal(seed=19, board=3)
    p = Position(start, Strain.SPADES, Seat.WEST)
    # perft(2) from the start, to compare once every thread has undone its moves.
    expected_perft = Position(start, Strain.SPADES, Seat.WEST).perft(2)

    def work(k: int) -> None:
        r = random.Random(k * 7919 + threading.get_ident())
        op = r.random()
        try:
            if op < 0.45:
                legal = list(p.legal_plays())
                if legal:
                    p.play(r.choice(legal))
            elif op < 0.8:
                p.undo()
            elif op < 0.95:
                # The count runs on a copy: a positive number, whatever others do meanwhile.
                assert p.perft(2) >= 1
            else:
                assert p.copy().is_legal(Card(r.randrange(52))) in (True, False)
        except RedoubleError:
            pass  # a move made stale by another thread's move: refused, nothing changed

    unexpected = _hammer(work, 400)
    assert not unexpected, unexpected[:3]
    _check_position(p, start)
    while True:
        try:
            p.undo()
        except RedoubleError:
            break
    _check_position(p, start)
    assert p.deal == start
    assert p.tricks == ()
    assert p.perft(2) == expected_perft


def test_perft_on_a_position_other_threads_mutate_never_corrupts() -> None:
    # The failure mode of the old binding: long perft calls (GIL released) overlapping plays.
    start = deal(seed=5, board=1)
    p = Position(start, Strain.NOTRUMP, Seat.NORTH)
    stop = threading.Event()
    counts: list[int] = []
    errors: list[BaseException] = []

    def perfts() -> None:
        try:
            while not stop.is_set():
                counts.append(p.perft(3))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    workers = [threading.Thread(target=perfts) for _ in range(THREADS - 1)]
    for t in workers:
        t.start()
    r = random.Random(3)
    try:
        for _ in range(3000):
            legal = list(p.legal_plays())
            if legal and r.random() < 0.6:
                p.play(r.choice(legal))
            elif p.tricks or p.trick:
                p.undo()
    finally:
        stop.set()
        for t in workers:
            t.join()
    assert not errors, errors[:3]
    assert counts
    assert all(c >= 1 for c in counts)
    _check_position(p, start)


@pytest.mark.parametrize("strict", [True, False])
def test_one_game_from_eight_threads_stays_consistent(strict: bool) -> None:
    g = Game("contract", seed=31, boards=2, strict=strict)

    def work(k: int) -> None:
        r = random.Random(k)
        actions = g.legal_actions()
        if not actions:
            return
        with contextlib.suppress(RedoubleError):  # stale: another thread acted first
            g.act(r.choice(actions))

    unexpected = _hammer(work, 300)
    assert not unexpected, unexpected[:3]
    # The log replays to the same game: no action was half applied or logged twice.
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    assert again.phase is g.phase
    assert again.results == g.results
