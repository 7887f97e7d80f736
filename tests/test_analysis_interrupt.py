"""Ctrl-C (a real SIGINT, in a subprocess) stops pars, the sampler and the lead analysis, keeping
the finished work in AnalysisInterrupted; progress callbacks see the work as it goes."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from redouble import dealing, solver
from redouble.analysis import constrained_deals, contract_analysis, pars

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

_PRELUDE = """
import sys, time
import numpy as np
from redouble.analysis import AnalysisInterrupted
said = []
def progress(done, total):
    if not said and done >= START:
        said.append(1)
        print("running", flush=True)
"""


def _interrupt(start: int, body: str) -> list[str]:
    code = textwrap.dedent(_PRELUDE).replace("START", str(start)) + textwrap.dedent(body)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    first = child.stdout.readline().strip()
    assert first == "running", (first, child.stderr.read() if child.stderr else "")
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    words = out.split()
    assert words, (out, err)
    assert words[0] == "interrupted", (out, err)
    # Stopped within a second on an idle machine; the bound leaves room for a loaded CI box
    # (CLOCK_MONOTONIC is shared by both processes on Linux).
    elapsed = float(words[-1]) - sent
    assert 0 <= elapsed < 5, elapsed
    return words[1:-1]


@posix
def test_ctrl_c_stops_pars_and_keeps_the_finished_ones() -> None:
    words = _interrupt(
        2000,
        """
        from redouble.analysis import pars
        rng = np.random.default_rng(5)
        tables = rng.integers(0, 14, size=(3_000_000, 5, 4))
        try:
            pars(tables, dealer="N", progress=progress)
            print("finished?!")
        except AnalysisInterrupted as e:
            caught = time.monotonic()
            assert isinstance(e, KeyboardInterrupt)
            again = pars(tables[: e.done], dealer="N")
            same = [p.score for p in again] == [p.score for p in e.partial]
            print("interrupted", e.done, e.total, same, caught)
        """,
    )
    assert 2000 <= int(words[0]) < 3_000_000
    assert words[1:] == ["3000000", "True"]


@posix
def test_ctrl_c_stops_the_sampler_and_keeps_the_deals_found() -> None:
    words = _interrupt(
        0,
        """
        from redouble.analysis import constrained_deals
        try:
            constrained_deals("N.hcp >= 31", 50, seed=3, progress=progress,
                              max_tries=2**62)
            print("finished?!")
        except AnalysisInterrupted as e:
            caught = time.monotonic()
            got = e.partial
            print("interrupted", e.done, e.total, len(got.deals) == e.done, got.tried > 0, caught)
        """,
    )
    assert words[1:] == ["50", "True", "True"]


@posix
def test_ctrl_c_stops_a_lead_analysis_and_keeps_the_deals_solved() -> None:
    words = _interrupt(
        2,
        """
        from redouble.analysis import lead_analysis
        try:
            lead_analysis("KQ52.T98.A76.J43", "W", "3NT", n=5000, seed=2, progress=progress)
            print("finished?!")
        except AnalysisInterrupted as e:
            caught = time.monotonic()
            part = e.partial
            ok = part is not None and part.n == e.done and len(part.leads) == 13
            print("interrupted", e.done, e.total, ok, caught)
        """,
    )
    assert 2 <= int(words[0]) < 5000
    assert words[1:] == ["5000", "True"]


def test_progress_reaches_the_total() -> None:
    deals = dealing.deals(3, seed=21)
    tables = solver.dd_tables(deals)
    seen: list[tuple[int, int]] = []
    pars(tables, dealer="N", progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (3, 3)
    seen.clear()
    pars(tables, "bridge_1906", dealer="N", deals=deals, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (3, 3)
    seen.clear()
    got = constrained_deals("N.hcp >= 12", 20, seed=4, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (20, 20)
    whole = constrained_deals("N.hcp >= 12", 20, seed=4)
    assert (got.deals == whole.deals).all()
    assert (got.boards == whole.boards).all()
    seen.clear()
    contract_analysis(
        "AKQ2.T98.A76.J43",
        "J543.AK7.KQ2.Q92",
        "3NT",
        n=4,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[-1] == (4, 4)
    with pytest.raises(TypeError, match="progress"):
        pars(tables, dealer="N", progress=3)


def test_sampler_slices_find_the_same_boards_as_one_run() -> None:
    # Force several core calls per search: the boards found must not depend on the slicing.
    from redouble.analysis import constraints

    whole = constrained_deals("N.hcp >= 20", 30, seed=9)
    old = constraints._SLICE
    try:
        constraints._SLICE = 1000
        sliced = constrained_deals("N.hcp >= 20", 30, seed=9)
    finally:
        constraints._SLICE = old
    assert (sliced.boards == whole.boards).all()
    assert (sliced.deals == whole.deals).all()
    assert sliced.tried == whole.tried
    assert np.all(np.diff(sliced.boards.astype(np.int64)) > 0)
