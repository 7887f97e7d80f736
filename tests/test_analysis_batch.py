"""The module's batch pool: progress, streaming, Ctrl-C with finished work kept, limits."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from redouble import RedoubleError, dealing, solver


def test_pool_tables_equal_a_single_solver() -> None:
    deals = dealing.deals(3, seed=8)
    seen: list[tuple[int, int]] = []
    got = solver.dd_tables(deals, progress=lambda done, total: seen.append((done, total)))
    assert (got == solver.Solver().dd_tables(deals, threads=1)).all()
    assert seen[-1] == (3, 3)
    assert all(b == 3 for _, b in seen)
    assert [a for a, _ in seen] == sorted(a for a, _ in seen)
    assert solver.pool_info()["threads"] >= 1


def test_iter_dd_tables_streams_in_order() -> None:
    deals = dealing.deals(3, seed=9)
    whole = solver.dd_tables(deals)
    parts = list(solver.iter_dd_tables(iter(list(deals)), chunk=2))
    assert [len(p) for p in parts] == [2, 1]
    assert (np.concatenate(parts) == whole).all()


def test_pool_limits_are_clear_errors() -> None:
    with pytest.raises(RedoubleError, match=r"threads must be 1\.\.256"):
        solver.set_pool(threads=10_000)
    with pytest.raises(RedoubleError, match="at least"):
        solver.set_pool(threads=4, memory=1000)
    with pytest.raises(TypeError):
        solver.set_pool(threads=2.0)  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match="chunk"):
        next(solver.iter_dd_tables(dealing.deals(1, seed=1), chunk=0))
    solver.set_pool(threads=2, memory=4 << 20)
    assert solver.pool_info() == {"threads": 2, "memory": 4 << 20}
    solver.set_pool()


def _child(code: str, **kw: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_batch_and_keeps_finished_tables() -> None:
    child = _child(
        """
        import sys, time
        import numpy as np
        from redouble import dealing, solver
        deals = dealing.deals(400, seed=4)
        said = []
        def progress(done, total):
            if done >= 2 and not said:
                said.append(1)
                print("running", flush=True)
        try:
            solver.dd_tables(deals, progress=progress)
            print("finished?!")
        except solver.BatchInterrupted as e:
            caught = time.monotonic()
            assert isinstance(e, KeyboardInterrupt)
            rows = np.nonzero(e.done)[0][:2]
            ok = (solver.Solver().dd_tables(deals[rows], threads=1) == e.tables[rows]).all()
            rest = bool((e.tables[~e.done] == 0).all())
            print("interrupted", int(e.done.sum()), bool(ok), rest, caught)
        """
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "running"
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    words = out.split()
    assert words[0] == "interrupted", (out, err)
    assert 2 <= int(words[1]) < 400
    assert words[2:4] == ["True", "True"]
    # The batch stops once the units in progress (one strain of one deal each) end: about a
    # second on an idle machine; the bound leaves room for a loaded CI box (CLOCK_MONOTONIC is
    # shared by both processes on Linux).
    elapsed = float(words[4]) - sent
    assert 0 <= elapsed < 5, elapsed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS on Linux")
def test_thread_creation_failure_is_an_error_not_an_abort() -> None:
    child = _child(
        """
        import resource
        from redouble import solver, RedoubleError
        # Room for the tables but not for 256 thread stacks.
        resource.setrlimit(resource.RLIMIT_AS, (1200 << 20, 1200 << 20))
        try:
            solver.set_pool(threads=256, memory=256 << 20)
            print("started", solver.pool_info()["threads"])
        except RedoubleError as e:
            print("error", e)
        solver.set_pool(threads=1, memory=4 << 20)
        from redouble import dealing
        print("after", solver.dd_tables(dealing.deals(1, seed=1)).shape)
        """
    )
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(("error could not", "started 256")), out
    assert lines[-1] == "after (1, 5, 4)"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS on Linux")
def test_solver_batch_survives_refused_threads() -> None:
    child = _child(
        """
        import resource
        from redouble import dealing, solver, RedoubleError
        import numpy as np
        # Six-card endings (each hand's lowest six cards): cheap to solve with any table.
        full = dealing.deals(8, seed=1)
        deals = np.array([[int(m) & ((1 << 52) - 1) for m in row] for row in full], np.uint64)
        for row in deals:
            for s in range(4):
                m, keep = int(row[s]), 0
                for _ in range(6):
                    keep |= m & -m
                    m &= m - 1
                row[s] = keep
        want = solver.Solver(tt_bytes=1 << 20).dd_tables(deals, threads=1)
        resource.setrlimit(resource.RLIMIT_AS, (900 << 20, 900 << 20))
        try:
            got = solver.Solver(tt_bytes=1 << 20).dd_tables(deals, threads=256)
            print("same", bool((got == want).all()))
        except MemoryError:
            print("memory error")
        try:
            solver.Solver().dd_tables(deals, threads=257)
        except RedoubleError as e:
            print("capped", "at most 256" in str(e))
        """
    )
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err  # an abort (SIGABRT) would be -6
    lines = out.split("\n")
    assert lines[0] in ("same True", "memory error"), out
    assert lines[1] == "capped True"
