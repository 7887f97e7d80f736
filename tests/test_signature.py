"""Node-count signature of the search (Stockfish's bench signature): a fresh solver on fixed
positions must visit exactly the recorded number of nodes. Any change to the search, its move
ordering, bounds or table changes the counts: when that is intended, regenerate the file with
``PYTHONPATH=python python tests/test_signature.py --update`` and say why in the commit."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import redouble.solver as rs
from redouble import Deal, Position, Seat, Strain

SIGNATURE = Path(__file__).parent / "data" / "signature.json"
TT_BYTES = 16 << 20  # fixed: a different size could change when the table flushes

#: Positions: 8-card endings for whole DD tables, and full deals for single solves.
TABLE_DEALS = [
    "N:753.6.J73.6 AJ8.82.A.K2 T92.5.T8.97 .AJ4.62.AQ8",
    "N:84.32..JT52 KQ2.K4.J.A4 JT6..5.Q763 .95.AT7642.",
    "N:AK2.A2.K5.Q3 QJ3.K3.A4.K2 T94.Q4.Q3.A4 875.J5.J2.J5",
]
SOLVE_DEALS = [
    ("N:K.A8652.843.AJ85 A763.7.KQJ75.Q74 QJ42.KJT3.92.K63 T985.Q94.AT6.T92", 4, 3),
    ("N:AJT7.AJ9.A92.J32 543.KT5.Q87.AK84 Q8.Q8732.KJ43.95 K962.64.T65.QT76", 3, 1),
]


def measure() -> dict[str, Any]:
    """Node counts (and answers) of a fresh solver on each fixed position."""
    out: dict[str, Any] = {"tt_bytes": TT_BYTES, "tables": [], "solves": []}
    for pbn in TABLE_DEALS:
        solver = rs.Solver(tt_bytes=TT_BYTES)
        table = solver.dd_table(Deal.from_pbn(pbn))
        out["tables"].append({"pbn": pbn, "nodes": solver.stats.nodes, "table": table.tolist()})
    for pbn, strain, leader in SOLVE_DEALS:
        solver = rs.Solver(tt_bytes=TT_BYTES)
        tricks = solver.solve(Position(Deal.from_pbn(pbn), Strain(strain), Seat(leader)))
        out["solves"].append(
            {
                "pbn": pbn,
                "strain": strain,
                "leader": leader,
                "nodes": solver.stats.nodes,
                "tricks": tricks,
            }
        )
    return out


def test_node_counts_match_signature() -> None:
    expected = json.loads(SIGNATURE.read_text())
    got = measure()
    assert got["tables"] == expected["tables"], "search changed: see the module docstring"
    assert got["solves"] == expected["solves"], "search changed: see the module docstring"


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    if "--update" in sys.argv:
        SIGNATURE.write_text(json.dumps(measure(), indent=1) + "\n")
    print(json.dumps(measure(), indent=1))
