"""The solver's run-time dispatch: build_info names the kernel in use, and every kernel compiled
in gives the same answers (the baseline forced through REDOUBLE_KERNEL in a subprocess): the
same DD tables, and the same batches of deals (each kernel has its own batch dealer)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import redouble

# DD tables and single solves of a few seeded deals, and the node counts: printed as JSON by a
# child process, so that each kernel is chosen afresh at its first use.
_CHILD = """
import json, redouble
from redouble.solver import Solver
s = Solver()
arr = redouble.deals(12, seed=20261201)
tables = s.dd_tables(arr, threads=1).tolist()
print(json.dumps({"kernel": redouble._core.build_info["kernel"], "tables": tables}))
"""


def _run(kernel: str | None, child: str = _CHILD) -> dict[str, object]:
    """Run `child` in a fresh interpreter with the kernel forced (None: the dispatched one);
    its JSON output."""
    env = dict(os.environ)
    env.pop("REDOUBLE_KERNEL", None)
    if kernel is not None:
        env["REDOUBLE_KERNEL"] = kernel
    out = subprocess.run(
        [sys.executable, "-c", child], env=env, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_build_info_names_the_kernel_in_use() -> None:
    info = redouble._core.build_info
    assert info["kernel"] in info["kernels"] or info["kernel"] == "native"
    assert info["kernels"][0] in ("baseline", "native")
    assert isinstance(info["kernel_features"], str)
    assert isinstance(info["cxx_flags"], str)
    if info["kernel"] == "x86-64-v3":
        assert info["popcnt"]
        assert info["bmi2"]


def test_forced_baseline_runs_the_baseline_and_gives_the_same_tables() -> None:
    default = _run(None)
    baseline = _run("baseline")
    assert baseline["kernel"] in ("baseline", "native")
    assert default["kernel"] == redouble._core.build_info["kernel"]
    assert baseline["tables"] == default["tables"]
    # The tables are real answers: every table has 20 results of 0..13.
    tables = default["tables"]
    assert isinstance(tables, list)
    assert len(tables) == 12
    assert all(0 <= t <= 13 for table in tables for row in table for t in row)


# Batches from each kernel's dealer: a few thousand boards from an odd first board (so that the
# batch starts and ends inside a group of the vector dealer's eight boards), and the boards
# around seed 1's 1118877, 1242771 and 10948680, whose draws leave the fast paths (a product's
# low half below 52; below n; a draw that Lemire's method rejects).
_DEALS_CHILD = """
import json, redouble
batches = [(20261202, 7, 3001), (1, 1118870, 16), (1, 1242765, 16), (1, 10948677, 13)]
out = [redouble.deals(n, seed, first_board=first).tolist() for seed, first, n in batches]
print(json.dumps({"kernel": redouble._core.build_info["kernel"], "deals": out,
                  "batches": batches}))
"""


def test_every_kernel_deals_the_boards_of_deal() -> None:
    default = _run(None, _DEALS_CHILD)
    baseline = _run("baseline", _DEALS_CHILD)
    assert baseline["kernel"] in ("baseline", "native")
    assert default["kernel"] == redouble._core.build_info["kernel"]
    batches, got = default["batches"], default["deals"]
    assert isinstance(batches, list)
    assert isinstance(got, list)
    assert baseline["deals"] == got
    for (seed, first, n), rows in zip(batches, got, strict=True):
        assert len(rows) == n
        for i, row in enumerate(rows):
            assert tuple(row) == redouble.deal(seed, first + i).masks, (seed, first + i)
