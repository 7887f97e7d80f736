"""Stopping a search from another thread or at a deadline (:class:`redouble.solver.CancelToken`):
the call raises :class:`SearchCancelledError` promptly, the GIL is free while it searches, and
the solver keeps giving the right answers afterwards."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

import redouble.solver as rs
from redouble import Position, Seat, Strain, deal, deals
from redouble.errors import RedoubleError, SearchCancelledError

# Many full deals on one thread with a small table: seconds of search even on a fast machine,
# so a cancel 0.1 s in always lands inside the search.
_MANY = deals(60, 77)


def _search_then_cancel(
    call: object, delay: float = 0.1
) -> tuple[BaseException | None, float, bool]:
    """Runs call(token) on a thread, cancels it after `delay` seconds from this thread (which
    needs the GIL, so a search holding it would finish first). Returns what the call raised,
    the seconds from cancel() to the thread's end, and whether it finished before cancel()."""
    token = rs.CancelToken()
    out: dict[str, object] = {}

    def run() -> None:
        try:
            call(token)  # type: ignore[operator]
        except BaseException as e:  # noqa: BLE001 - reported to the test
            out["error"] = e
        out["end"] = time.monotonic()

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(delay)
    finished_first = "end" in out
    t0 = time.monotonic()
    token.cancel()
    thread.join(60)
    assert not thread.is_alive(), "the search did not stop within a minute of cancel()"
    error = out.get("error")
    assert error is None or isinstance(error, BaseException)
    return error, float(out["end"]) - t0, finished_first  # type: ignore[arg-type]


def test_cancel_from_another_thread_stops_a_batch_promptly_and_the_solver_stays_right() -> None:
    s = rs.Solver(tt_bytes=1 << 20)
    error, latency, finished_first = _search_then_cancel(
        lambda t: s.dd_tables(_MANY, threads=1, cancel=t)
    )
    assert not finished_first, "60 deals on a 1 MiB table finished in 0.1 s: make the test harder"
    assert isinstance(error, SearchCancelledError), error
    assert "cancelled" in str(error)
    # Generous for a loaded shared machine; the poll itself comes every few thousand nodes.
    assert latency < 2.0
    # The same solver still agrees with a fresh one (a table starts each deal afresh; the
    # single-solve test below checks a table the stopped search left behind).
    row = [int(m) for m in _MANY[0]]
    assert np.array_equal(s.dd_table(row), rs.Solver().dd_table(row))


def test_cancel_stops_every_worker_of_a_threaded_batch() -> None:
    s = rs.Solver(tt_bytes=1 << 20)
    error, latency, finished_first = _search_then_cancel(
        lambda t: s.dd_tables(_MANY, threads=2, cancel=t)
    )
    assert not finished_first
    assert isinstance(error, SearchCancelledError), error
    assert latency < 2.0


def test_a_single_solve_stops_at_its_deadline() -> None:
    s = rs.Solver(tt_bytes=1 << 20)
    d = deal(77, 5)
    pos = Position(d, Strain.NOTRUMP, Seat.WEST)
    # solve_cards of a full deal: one search per distinct lead, far over 1 ms on any machine.
    t0 = time.monotonic()
    with pytest.raises(SearchCancelledError, match="time limit"):
        s.solve_cards(pos, cancel=rs.CancelToken(timeout=0.001))
    assert time.monotonic() - t0 < 2.0
    assert s.solve(pos) == rs.Solver().solve(pos)


def test_a_token_already_stopped_refuses_every_call_and_stays_stopped() -> None:
    s = rs.Solver()
    token = rs.CancelToken()
    assert not token.cancelled
    assert not token.stopped
    token.cancel()
    assert token.cancelled
    assert token.stopped
    d = deal(1, 1)
    pos = Position(d, Strain.SPADES, Seat.NORTH)
    with pytest.raises(SearchCancelledError):
        s.solve(pos, cancel=token)
    with pytest.raises(SearchCancelledError):
        s.dd_table(d, cancel=token)
    with pytest.raises(SearchCancelledError):
        s.analyse_play(d, Strain.SPADES, Seat.NORTH, [], cancel=token)
    expired = rs.CancelToken(timeout=0)
    assert expired.stopped
    assert not expired.cancelled
    with pytest.raises(SearchCancelledError, match="time limit"):
        s.solve(pos, cancel=expired)
    # A token with time left changes nothing.
    ok = rs.CancelToken(timeout=3600)
    assert s.solve(pos, cancel=ok) == rs.Solver().solve(pos)


def test_cancel_errors_are_redouble_errors_and_bad_tokens_are_refused() -> None:
    assert issubclass(SearchCancelledError, RedoubleError)
    s = rs.Solver(tt_bytes=1 << 20)
    pos = Position(deal(1, 1), Strain.SPADES, Seat.NORTH)
    with pytest.raises(TypeError, match="cancel"):
        s.solve(pos, cancel="soon")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="timeout"):
        rs.CancelToken(timeout="1")  # type: ignore[arg-type]
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(RedoubleError, match="timeout"):
            rs.CancelToken(timeout=bad)
