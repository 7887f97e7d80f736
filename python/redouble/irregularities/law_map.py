"""The law map: each law, the code that implements it and the test that checks it."""

from __future__ import annotations

import sys
from dataclasses import dataclass

# --------------------------------------------------------------------------------------------
# The law map, as data (the package docstring renders it).
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LawMapRow:
    """One row of the law map: the law, the function applying it, the test checking it."""

    law: str
    function: str
    test: str


def _law_map() -> tuple[LawMapRow, ...]:
    rows: list[LawMapRow] = []
    # The map is the table in the package's docstring (redouble.irregularities).
    package = sys.modules[__name__.rpartition(".")[0]]
    lines = (package.__doc__ or "").splitlines()
    inside = 0
    for line in lines:
        if line.startswith("========"):
            inside += 1
            continue
        if inside == 2 and line.strip():
            parts = line.split()
            test, function = parts[-1], parts[-2]
            rows.append(LawMapRow(" ".join(parts[:-2]), function, test))
    return tuple(rows)


LAW_MAP: tuple[LawMapRow, ...] = _law_map()
"""The law map of the package docstring: law -> function -> test."""
