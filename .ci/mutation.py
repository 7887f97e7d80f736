#!/usr/bin/env python3
"""Mutation testing of the law logic and the parsers with cosmic-ray: the one place that
lists the modules mutated and the tests that must catch each mutant.

Each group below is a cosmic-ray session: its modules are mutated one change at a time (an
operator, a constant, a condition...) and its tests run against each mutant; a mutant is
*killed* when the tests fail (or time out), and *survives* when they pass. The kill rate is
printed per group and for the law-logic groups together.

    python .ci/mutation.py                  # the bounded CI run: a fixed, seeded sample
    python .ci/mutation.py --fail-under 90  # ... and fail below 90% on the law logic (CI)
    python .ci/mutation.py --seed 7         # another sample, to check the rate is not one sample's
    python .ci/mutation.py --full           # every mutant (about 14,000: a day or more of one core)
    python .ci/mutation.py --group scoring --sample 5   # a quick look while developing
    python .ci/mutation.py --jobs 2         # two groups at a time, each in a copy (as CI)

Cost, measured on 2026-12-01 on the 2-core development machine: a mutant costs one run of its
group's tests with ``-x`` (8-12 s of CPU for a survivor, the whole run; less for a killed
one), so the bounded run of 70 mutants is about 15 minutes of one core; on that machine,
shared with other jobs at a load of 8-17, it took 45-55 minutes of wall time. The population
(printed as "14 of N mutants" per group) was 14,049 mutants: formats 5,125, game 4,071,
scoring 3,129, auction 1,006, irregularities 718. The seed-20 sample and a seed-7 sample
killed similar shares (tests/data/mutation_survivors.md lists every survivor of both).

The modules are found through the installed package (``import redouble``). With ``--jobs``
above 1 each group gets its own copy of that package, compiled core included, put first on
the tests' PYTHONPATH: groups run side by side and the installed package is never touched.
Where such a copy would not be what the tests import (an editable install, whose finder comes
before PYTHONPATH) the run says so and mutates in place, one group after another: the files
the tests import (the source tree of an editable install) change, and cosmic-ray restores
them after each test run; run nothing else against that tree meanwhile, and commit nothing.
Survivors are listed at the end with their diff; each one is either killed by a new test or
explained in ``tests/data/mutation_survivors.md``.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Module paths are relative to the package directory; a path "x.py" that has become a package
# "x/" is mutated as the whole package.
GROUPS: dict[str, tuple[list[str], list[str]]] = {
    "scoring": (
        ["scoring.py"],
        ["tests/test_scoring.py", "tests/test_rubber.py", "tests/test_law_mutants.py",
         "tests/test_independent_scorers.py", "tests/test_progressive.py",
         "tests/test_audit_auction1912.py"],
    ),
    "auction": (
        ["auction.py"],
        ["tests/test_auction.py", "tests/test_law_mutants.py", "tests/test_irregularities.py",
         "tests/test_call_text.py", "tests/test_audit_auction1912.py",
         "tests/test_audit_bridge1906.py"],
    ),
    "irregularities": (
        ["irregularities/"],
        ["tests/test_irregularities.py", "tests/test_referee.py", "tests/test_law_mutants.py",
         "tests/test_play_rulings.py", "tests/test_audit_bridge1906.py",
         "tests/test_audit_auction1912_table.py"],
    ),
    "game": (
        ["game/"],
        ["tests/test_game.py", "tests/test_irregularities.py", "tests/test_law_mutants.py",
         "tests/test_rubber.py", "tests/test_independent_scorers.py", "tests/test_play_rulings.py",
         "tests/test_game_reliability.py", "tests/test_audit_bridge1906.py",
         "tests/test_audit_auction1912_table.py", "tests/test_game_audit.py",
         "tests/test_audit_auction1912.py"],
    ),
    "formats": (
        ["formats/pbn.py", "formats/lin.py", "formats/json_format.py", "formats/records.py"],
        ["tests/test_pbn.py", "tests/test_lin.py", "tests/test_json_format.py",
         "tests/test_formats_mutants.py", "tests/test_game_records.py",
         # the core readers held to the Python reference readers, which only these reach
         "tests/test_pbn_core.py", "tests/test_lin_core.py", "tests/test_formats_pbn21.py",
         "tests/test_lin_stream.py",
         # files other programs write, and the readers' limits
         "tests/test_formats_producers.py", "tests/test_formats_limits.py",
         "tests/test_formats_real.py",
         # where LIN commentary stood, in both readers and both writers
         "tests/test_lin_commentary.py",
         # BBO teaching files: free text over lines, several calls in one mb|
         "tests/test_lin_movie.py"],
    ),
}  # fmt: skip
LAW_LOGIC = ("scoring", "auction", "irregularities", "game")

# Per group, mutants in the bounded run; with the seed, the sample is the same on every run
# of the same source.
SAMPLE = 14
SEED = 20
TIMEOUT_S = 180
# The long random-rubber simulations are left out of the per-mutant runs: they take minutes
# and the targeted tests above cover the same code.
PYTEST = "{python} -m pytest -x -q -p no:cacheprovider -m 'not slow' -k 'not random_rubbers'"


def package_dir() -> Path:
    """The directory of the ``redouble`` package the tests import."""
    out = subprocess.run(
        [sys.executable, "-c", "import redouble, os; print(os.path.dirname(redouble.__file__))"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return Path(out.stdout.strip())


def targets(pkg: Path, modules: list[str]) -> list[Path]:
    """The files to mutate: each module, or the package it has become."""
    out: list[Path] = []
    for m in modules:
        p = pkg / m
        if not p.exists() and p.suffix == ".py" and p.with_suffix("").is_dir():
            p = p.with_suffix("")
        if not p.exists():
            raise SystemExit(f"mutation: no module {m} in {pkg}")
        out.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return out


def test_command(tests: list[str]) -> str:
    """The test command of a group; every test file must exist (a missing one would make
    pytest fail, and so "kill", every mutant)."""
    missing = [t for t in tests if not (ROOT / t).is_file()]
    if missing:
        raise SystemExit(f"mutation: no test file {', '.join(missing)}")
    return PYTEST.format(python=shlex.quote(sys.executable)) + " " + " ".join(tests)


def write_config(path: Path, files: list[Path], command: str) -> None:
    """A cosmic-ray configuration for one group."""
    mods = ", ".join(f'"{f}"' for f in files)
    path.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{mods}]\n"
        f"timeout = {TIMEOUT_S}\n"
        "excluded-modules = []\n"
        f"test-command = {command!r}\n"
        '[cosmic-ray.distributor]\nname = "local"\n'
    )


def annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where a file's type annotations are. Every module starts with ``from __future__ import
    annotations``, so annotations are never evaluated: a mutant inside one is equivalent by
    construction and is left out of the population."""
    tree = ast.parse(path.read_text())
    nodes: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            nodes.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            nodes.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            nodes.append(node.annotation)
    return [
        ((n.lineno, n.col_offset), (n.end_lineno or n.lineno, n.end_col_offset or 0)) for n in nodes
    ]


def sample_session(session: Path, n: int | None, seed: int) -> tuple[int, int]:
    """Mark every mutant outside a seeded sample of `n` as skipped (and every mutant inside a
    type annotation); return (mutants kept, mutants in the population)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}

    def in_annotation(w: Any) -> bool:
        m = w.mutations[0]
        path = str(m.module_path)
        if path not in spans:
            spans[path] = annotation_spans(Path(path))
        at = tuple(m.start_pos)
        return any(a <= at < b for a, b in spans[path])

    with use_db(str(session), WorkDB.Mode.open) as db:
        everything = list(db.work_items)
        items = sorted(
            (w for w in everything if not in_annotation(w)),
            key=lambda w: tuple(
                (str(m.module_path), m.operator_name, m.occurrence) for m in w.mutations
            ),
        )
        keep = (
            {w.job_id for w in items}
            if n is None or n >= len(items)
            else {w.job_id for w in random.Random(seed).sample(items, n)}
        )
        skip = [w.job_id for w in everything if w.job_id not in keep]
        if skip:
            db.set_multiple_results(skip, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(keep), len(items)


SURVIVORS = ROOT / "tests" / "data" / "mutation_survivors.md"
_EQUIVALENT = re.compile(
    r"^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|\s*(\d+)\s*\|\s*`([^`]*)`\s*\|\s*equivalent"
)


def equivalents() -> set[tuple[str, str, int, str]]:
    """The mutants judged equivalent in the survivors file: (module file, operator, occurrence,
    the mutated line as it reads unmutated). A mutant whose line has changed since is no longer
    matched, and shows up again as a survivor to be judged."""
    out: set[tuple[str, str, int, str]] = set()
    if SURVIVORS.is_file():
        for line in SURVIVORS.read_text("utf-8").splitlines():
            m = _EQUIVALENT.match(line)
            if m:
                # A '|' in the code is written '\|' there, as a Markdown table cell needs it.
                out.add((m[1], m[2], int(m[3]), m[4].replace("\\|", "|").strip()))
    return out


def results(session: Path) -> tuple[int, int, int, int, list[str]]:
    """(killed, survived, equivalent survivors, incompetent, descriptions of the other
    survivors) of a finished session."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    known = equivalents()
    killed = survived = equivalent = incompetent = 0
    survivors: list[str] = []
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome is WorkerOutcome.SKIPPED:
                continue
            if result.test_outcome is TestOutcome.KILLED:
                killed += 1
            elif result.test_outcome is TestOutcome.SURVIVED:
                survived += 1
                m = item.mutations[0]
                path = Path(m.module_path)
                text = path.read_text("utf-8").splitlines()[m.start_pos[0] - 1].strip()
                if (path.name, m.operator_name, m.occurrence, text) in known:
                    equivalent += 1
                    continue
                survivors.append(
                    f"| `{path.name}` | `{m.operator_name}` | {m.occurrence} | `{text}` | "
                    f"(line {m.start_pos[0]})\n{result.diff or ''}"
                )
            else:
                incompetent += 1
    return killed, survived, equivalent, incompetent, survivors


def _rates(k: int, s: int, e: int) -> str:
    raw = 100.0 * k / max(1, k + s)
    net = 100.0 * k / max(1, k + s - e)
    return f"{raw:.1f}% killed, {net:.1f}% of the non-equivalent"


def leading(first: Path) -> str:
    """A PYTHONPATH with `first` ahead of the caller's own entries."""
    return os.pathsep.join([str(first), *filter(None, [os.environ.get("PYTHONPATH")])])


def isolated_copy(pkg: Path, dest: Path) -> Path | None:
    """A private copy of the package under `dest` (its compiled core included) that a test run
    imports when `dest` leads PYTHONPATH, so that several groups can be mutated at once without
    touching each other's files or the installed package. None when the copy is not what the
    tests would import (an editable install's finder takes precedence over PYTHONPATH): then
    the groups run one after another, in place."""
    import importlib.util
    import shutil

    copy = dest / "redouble"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__"))
    core = importlib.util.find_spec("redouble._core")
    if core is not None and core.origin and not any(copy.glob("_core*")):
        shutil.copy2(core.origin, copy)  # an editable install keeps the core elsewhere
    code = "import redouble, redouble._core as c; print(redouble.__file__); print(c.__file__)"
    probe = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=leading(dest)),
    )
    found = probe.stdout.split()
    if probe.returncode != 0 or len(found) != 2:
        return None
    if not all(Path(f).resolve().is_relative_to(copy.resolve()) for f in found):
        return None
    return copy


def run_group(
    name: str, pkg: Path, tmp: Path, env: dict[str, str], sample: int | None, seed: int
) -> tuple[int, int, int] | str:
    """Mutate one group of the package at `pkg` (the tests import it under `env`): its
    (killed, survived, equivalent), or the message of a baseline that fails. Prints its
    lines when done, all together, so that groups run side by side do not interleave."""
    modules, tests = GROUPS[name]
    files = targets(pkg, modules)
    config, session = Path(tmp, f"{name}.toml"), Path(tmp, f"{name}.sqlite")
    command = test_command(tests)
    write_config(config, files, command)
    start = time.monotonic()
    # Baseline: the unmutated code must pass, or every mutant would count as killed.
    base = subprocess.run(shlex.split(command), check=False, cwd=ROOT, env=env, capture_output=True)
    if base.returncode != 0:
        tail = base.stdout.decode()[-3000:]
        return f"{tail}\nmutation {name}: the tests fail without any mutant"
    for verb in ("init", "exec"):
        ran = subprocess.run(
            ["cosmic-ray", verb, str(config), str(session)],
            check=False,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if ran.returncode != 0:
            return f"{ran.stdout[-2000:]}{ran.stderr[-2000:]}\nmutation {name}: cosmic-ray {verb} failed"
        if verb == "init":
            kept, population = sample_session(session, sample, seed)
    k, s, e, i, survivors = results(session)
    head = (
        f"mutation {name}: {kept} of {population} mutants, {k} killed, {s} survived "
        f"({e} of them listed as equivalent), {i} incompetent: {_rates(k, s, e)} "
        f"({time.monotonic() - start:.0f} s)"
    )
    lines = [head]
    lines += ["  survived: " + text.rstrip().replace("\n", "\n    ") for text in survivors]
    print("\n".join(lines), flush=True)
    return k, s, e


def main() -> int:
    """Run the groups asked for and print their kill rates."""
    from concurrent.futures import ThreadPoolExecutor

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--group", action="append", choices=sorted(GROUPS), help="default: all")
    ap.add_argument("--sample", type=int, default=SAMPLE, help="mutants per group")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--full", action="store_true", help="every mutant (overrides --sample)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="groups mutated side by side, each in its own copy of the package")  # fmt: skip
    ap.add_argument("--fail-under", type=float, default=None,
                    help="exit 1 if the law-logic kill rate (%%) is below this")  # fmt: skip
    args = ap.parse_args()
    pkg = package_dir()
    groups = args.group or list(GROUPS)
    sample = None if args.full else args.sample
    base_env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    totals: dict[str, tuple[int, int, int]] = {}
    with tempfile.TemporaryDirectory(prefix="redouble-mutation-") as tmp:
        work: list[tuple[str, Path, dict[str, str]]] = []
        if args.jobs > 1 and len(groups) > 1:
            for name in groups:
                dest = Path(tmp, f"pkg-{name}")
                copy = isolated_copy(pkg, dest)
                if copy is None:
                    print("mutation: the package cannot be copied aside (an editable install?); "
                          "the groups run one after another, in place", flush=True)  # fmt: skip
                    work = []
                    break
                work.append((name, copy, dict(base_env, PYTHONPATH=leading(dest))))
        jobs = args.jobs if work else 1
        if not work:
            work = [(name, pkg, base_env) for name in groups]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            done = {
                name: pool.submit(run_group, name, where, Path(tmp), env, sample, args.seed)
                for name, where, env in work
            }
            for name in groups:
                outcome = done[name].result()
                if isinstance(outcome, str):
                    print(outcome)
                    return 2
                totals[name] = outcome
    law = [totals[g] for g in groups if g in LAW_LOGIC]
    if law:
        k, s, e = (sum(t[j] for t in law) for j in range(3))
        rate = 100.0 * k / max(1, k + s - e)
        print(f"mutation law logic: {k} killed, {s} survived ({e} equivalent): {_rates(k, s, e)}")
        if args.fail_under is not None and rate < args.fail_under:
            print(f"mutation: law-logic kill rate {rate:.1f}% is below {args.fail_under}%")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
