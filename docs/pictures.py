"""Write the pictures used by the documentation and the README (run from the repository root:
``python docs/pictures.py``). Every picture is drawn by :mod:`redouble.display` from a seeded
deal, so the files can be made again at any time; ``tests/test_docs_site.py`` checks that the
committed files are what this script writes."""

from __future__ import annotations

import sys
from pathlib import Path

import redouble
from redouble import display, solver
from redouble.play import Position

STATIC = Path(__file__).resolve().parent / "_static"


def pictures() -> dict[str, str]:
    """File name -> SVG text of every picture."""
    board = redouble.board(seed=1906, number=1)
    table = solver.dd_table(board.deal)
    pos = Position(board.deal, redouble.Strain.NOTRUMP, board.dealer.lho)
    for _ in range(6):  # a trick and a half, lowest legal card each time
        pos.play(min(pos.legal_plays()))
    leads = solver.solve_cards(Position(board.deal, redouble.Strain.NOTRUMP, redouble.Seat.EAST))
    best = sorted(leads.items(), key=lambda kv: (-kv[1], int(kv[0])))
    labels = [str(card) for card, _ in best]
    values = [13 - tricks for _, tricks in best]  # tricks for the declarer (North) after it
    top = min(values)
    return {
        "board.svg": display.board_svg(board),
        "position.svg": display.position_svg(pos),
        "leads.svg": display.bar_chart_svg(
            labels,
            values,
            title="3NT by North: declarer's tricks after each opening lead",
            highlight=[i for i, v in enumerate(values) if v == top],
        ),
        "dd-table.html": display.dd_table_html(table),
    }


def main() -> int:
    """Write every picture under docs/_static."""
    STATIC.mkdir(exist_ok=True)
    for name, text in pictures().items():
        (STATIC / name).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {STATIC / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
