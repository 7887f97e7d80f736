"""The ``redouble`` command line.

``redouble demo`` shows a seeded board; ``redouble deal`` deals boards. Every command is also
callable in-process as ``main(argv)``, which returns the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .cards import Seat
from .dealing import board as make_board
from .errors import RedoubleError

__all__ = ["main"]


def _board_text(seed: int, number: int, *, unicode: bool) -> str:
    b = make_board(seed, number)
    head = (
        f"Board {b.number}  (seed {seed})   Dealer: {b.dealer.name.title()}   "
        f"Vulnerable: {b.vulnerability.pbn}"
    )
    return head + "\n\n" + b.deal.diagram(unicode=unicode)


def _cmd_demo(args: argparse.Namespace) -> int:
    print(_board_text(args.seed, args.board, unicode=not args.ascii))
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    for i in range(args.count):
        number = args.board + i
        if args.format == "pbn":
            b = make_board(args.seed, number)
            print(f'[Board "{b.number}"]')
            print(f'[Dealer "{b.dealer.letter}"]')
            print(f'[Vulnerable "{b.vulnerability.pbn}"]')
            print(f'[Deal "{b.deal.to_pbn(Seat.NORTH)}"]')
            print()
        else:
            print(_board_text(args.seed, number, unicode=not args.ascii))
            print()
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="redouble", description="Play, score and solve bridge under its historical laws."
    )
    p.add_argument("--version", action="version", version=f"redouble {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="show a seeded board")
    demo.add_argument("--seed", type=int, default=1906, help="deal seed (default 1906)")
    demo.add_argument("--board", type=int, default=1, help="board number (default 1)")
    demo.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    demo.set_defaults(func=_cmd_demo)

    deal = sub.add_parser("deal", help="deal seeded boards")
    deal.add_argument("-n", "--count", type=int, default=1, help="number of boards")
    deal.add_argument("--seed", type=int, default=0, help="deal seed")
    deal.add_argument("--board", type=int, default=1, help="first board number")
    deal.add_argument("--format", choices=["diagram", "pbn"], default="diagram")
    deal.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    deal.set_defaults(func=_cmd_deal)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); return the exit status."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except RedoubleError as e:
        print(f"redouble: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        sys.stdout = None
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
