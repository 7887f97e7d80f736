"""Solver work off the event loop, each request under its own time limit.

Two executors: ``solve`` threads (one per core by default, each with its own
:class:`~redouble.solver.Solver`) for single solves, card values, par and dealing, and one
``batch`` thread that feeds the library's persistent table pool
(:func:`redouble.solver.dd_tables`, which itself runs on every core and allows one batch at a
time). A request waits at most its time limit, queueing included:

* a DD-table job is stopped inside the core: the pool polls a progress callback every 50 ms,
  and the callback raises once the deadline has passed, so the workers stop within one unit
  of work (one strain of one deal) and the thread is free again;
* a single solve (and a card-values solve) is given a :class:`~redouble.solver.CancelToken`
  that expires at the deadline (see ``app.py``), so the search stops inside the core and the
  thread is free again; other jobs run to their end in the background after the client's
  ``timeout`` answer. A job still queued when its deadline passes never starts.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from .. import solver
from .errors import ApiError

__all__ = ["Deadline", "Workers"]

T = TypeVar("T")


class _Expired(Exception):
    """Raised inside a job whose deadline has passed (never leaves this module)."""


class Deadline:
    """A point in time (monotonic clock) after which a job's result is no longer wanted."""

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left (negative once passed)."""
        return self.at - time.monotonic()

    def check(self) -> None:
        """Raise if the deadline has passed."""
        if time.monotonic() >= self.at:
            raise _Expired


class Workers:
    """The service's executors and its per-thread solvers.

    Args:
        threads: solve threads and the size of the table pool.
        solver_bytes: transposition table of each solve thread's solver.
        pool_bytes: transposition tables of the table pool, shared by its workers.
    """

    def __init__(self, threads: int, solver_bytes: int, pool_bytes: int) -> None:
        self.threads = threads
        self.solver_bytes = solver_bytes
        self._local = threading.local()
        self._solve = ThreadPoolExecutor(threads, thread_name_prefix="redouble-solve")
        self._batch = ThreadPoolExecutor(1, thread_name_prefix="redouble-batch")
        solver.set_pool(threads=threads, memory=pool_bytes)

    def solver(self) -> solver.Solver:
        """This thread's solver (made on first use, kept for the thread's life)."""
        s: solver.Solver | None = getattr(self._local, "solver", None)
        if s is None:
            s = solver.Solver(tt_bytes=self.solver_bytes)
            self._local.solver = s
        return s

    def shutdown(self) -> None:
        """Stop taking jobs. A running batch is waited for (it stops at its deadline), so the
        library's pool is free again when this returns; running solves finish on their own."""
        self._solve.shutdown(wait=False, cancel_futures=True)
        self._batch.shutdown(wait=True, cancel_futures=True)

    async def _run(
        self, pool: ThreadPoolExecutor, fn: Callable[[Deadline], T], seconds: float, what: str
    ) -> T:
        deadline = Deadline(seconds)

        def job() -> T:
            deadline.check()  # expired while queued: do not start
            return fn(deadline)

        future = asyncio.wrap_future(pool.submit(job))
        try:
            return await asyncio.wait_for(future, timeout=max(deadline.left(), 0.0))
        except (TimeoutError, _Expired):
            raise ApiError(
                503,
                "timeout",
                f"{what} did not finish within the time limit of {seconds:g} s",
                "body",
            ) from None

    async def run(self, fn: Callable[[Deadline], T], seconds: float, what: str) -> T:
        """Run `fn(deadline)` on a solve thread; a ``timeout`` answer after `seconds`."""
        return await self._run(self._solve, fn, seconds, what)

    async def tables(self, deals: npt.NDArray[np.uint64], seconds: float) -> npt.NDArray[np.uint8]:
        """DD tables of a batch on the library's pool, stopped inside the core at the deadline."""

        def job(deadline: Deadline) -> npt.NDArray[np.uint8]:
            def progress(done: int, total: int) -> None:
                deadline.check()

            result: Any = solver.dd_tables(deals, progress=progress)
            return result  # type: ignore[no-any-return]

        return await self._run(self._batch, job, seconds, "the DD tables")
