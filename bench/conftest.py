"""Benchmark conventions and the side-by-side ratio report.

Each benchmark that has a counterpart in the reference engine records, in ``extra_info``:
``compare`` (a key shared by the pair), ``engine`` ("redouble" or the reference's name) and
``units`` (how many deals, tables or solves one round handles). At the end of the run the
terminal summary prints, for every pair timed in the same run, the time per unit of each and
the ratio redouble / reference (below 1.0 means redouble is faster). Nothing here asserts a time.
"""

from __future__ import annotations

from typing import Any

import pytest


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Which build of the core the figures come from."""
    import redouble

    b = redouble._core.build_info
    return [f"redouble core: popcnt={b['popcnt']} bmi2={b['bmi2']} optimized={b['optimized']}"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The reference engine's dependencies warn on import; that is not ours to fix."""
    for item in items:
        item.add_marker(pytest.mark.filterwarnings("ignore::DeprecationWarning"))


def _per_unit(bench: Any) -> float | None:
    stats = getattr(bench, "stats", None)
    units = bench.extra_info.get("units")
    if stats is None or not units:
        return None
    inner = getattr(stats, "stats", stats)
    return float(inner.median) / float(units)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Print redouble/reference ratios for every benchmark pair of this run."""
    session = getattr(config, "_benchmarksession", None)
    if session is None or getattr(session, "disabled", False):
        return
    pairs: dict[str, dict[str, Any]] = {}
    for bench in session.benchmarks:
        key = bench.extra_info.get("compare")
        engine = bench.extra_info.get("engine")
        if key and engine:
            pairs.setdefault(key, {})[engine] = bench
    lines = []
    for key, engines in sorted(pairs.items()):
        ours = engines.pop("redouble", None)
        for name, ref in engines.items():
            a, b = (_per_unit(ours) if ours else None), _per_unit(ref)
            if a is None or b is None:
                continue
            lines.append(
                f"{key:<32} redouble {a * 1e6:12.3f} us/unit   {name} {b * 1e6:12.3f} us/unit"
                f"   ratio {a / b:8.4f}  ({b / a:.1f}x)"
            )
    if lines:
        terminalreporter.section("redouble / reference (median time per unit; < 1 is faster)")
        for line in lines:
            terminalreporter.write_line(line)
