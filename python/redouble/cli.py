"""The ``redouble`` command line (also ``python -m redouble``).

Commands: ``demo`` (a seeded board, its double-dummy table and its scores under Bridge (Elwell,
1906), Auction Bridge (1912) and contract bridge), ``deal`` (seeded boards with predeal and constraints),
``solve`` (double-dummy tables of deals or files), ``score`` (one hand under a law set),
``play`` (play in the terminal against the built-in players), ``convert`` (between file
formats), ``par`` (par score and contracts) and ``lead`` (opening-lead analysis). Every command runs in-process as ``main(argv)``, which returns the exit status:
0 success, 1 bad input, 2 bad usage.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

import numpy as np

from . import __version__, laws
from ._check import shown
from .cards import Card, Seat, Strain, Suit
from .deal import Board, Deal
from .dealing import MAX_BATCH, predeal
from .dealing import board as make_board
from .errors import RedoubleError

__all__ = ["main"]

_STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


# ------------------------------------------------------------------------------------------------
# Shared helpers.
# ------------------------------------------------------------------------------------------------


def _board_header(b: Board, seed: int | None = None) -> str:
    extra = f"  (seed {seed})" if seed is not None else ""
    return (
        f"Board {b.number}{extra}   Dealer: {b.dealer.name.title()}   "
        f"Vulnerable: {b.vulnerability.pbn}"
    )


def _print_diagram(deal: Deal, out: TextIO, *, unicode: bool) -> None:
    """A deal's diagram: suit symbols and colour where the terminal takes them (see
    :func:`redouble.display.terminal_diagram`); letters with ``--ascii``."""
    if not unicode:
        print(deal.diagram(unicode=False), file=out)
        return
    from .display import terminal_diagram

    terminal_diagram(deal, out)


def _dd_table_text(table: Any) -> str:
    """A DD table (5, 4) [strain][declarer] as text, strains NT S H D C, declarers N E S W."""
    lines = ["        " + "".join(f"{s.letter:>4}" for s in Seat)]
    for strain in _STRAIN_ORDER:
        row = "".join(f"{int(table[strain][seat]):>4}" for seat in Seat)
        lines.append(f"  {strain.letter:<6}{row}")
    return "\n".join(lines)


def _write_json(value: Any, out: TextIO) -> None:
    """`value` as one JSON document (redouble.serialize: deals, positions, scores tagged)."""
    from .serialize import dumps

    out.write(dumps(value, indent=1) + "\n")


def _solver() -> Any:
    """The solver module, or an error naming what is missing."""
    try:
        from . import solver
    except ImportError as e:  # pragma: no cover - only in a build without the solver
        raise RedoubleError(f"the double-dummy solver is not available: {e}") from None
    return solver


def _best_declaration(law: laws.LawSet, strain: Strain) -> str:
    """The declaration of `law` that plays in `strain` and is worth most (Royal Spades)."""
    decls = law.declarations_for(strain)
    return max(decls, key=lambda d: d.trick_value).symbol


def _demo_scores(b: Board, table: Any) -> list[str]:
    """How the board scores under three codes when the best double-dummy contract is played.

    For each code, every strain and declarer is tried at the level the declarer makes
    double-dummy (in Bridge 1906 the dealer always plays; only the strain varies) and the one
    worth most to the declaring side, honours included, is shown.
    """
    from .scoring import score_hand

    def made(declarer: Seat, tricks: int) -> dict[str, int]:
        return {declarer.side.name: tricks, declarer.side.opponents.name: 13 - tricks}

    lines = []
    bridge = laws.get("bridge_1906")
    # One column for the three codes' titles: the longest, its colon and a space.
    width = (
        max(len(laws.get(n).short_title) for n in ("contract", "auction_1912", "bridge_1906")) + 2
    )
    for name in ("contract", "auction_1912"):
        law = laws.get(name)
        label = law.short_title
        best: tuple[int, str] | None = None
        for strain in _STRAIN_ORDER:
            for declarer in Seat:
                tricks = int(table[strain][declarer])
                if tricks < 7:
                    continue
                spec = f"{tricks - 6}{_best_declaration(law, strain)}"
                extra: dict[str, Any] = {"vulnerable": b.vulnerability} if law.premiums else {}
                s = score_hand(law, spec, declarer, made(declarer, tricks), deal=b.deal, **extra)
                value = s.score_for(declarer.side)
                text = (
                    f"  {label + ':':<{width}}{spec} by {declarer.letter} making {tricks}: "
                    f"{declarer.side.name} {value:+d}"
                    + ("" if law.premiums else f" ({s.trick_score[declarer.side]} below the line)")
                )
                if best is None or value > best[0]:
                    best = (value, text)
        lines.append(
            best[1] if best else f"  {label + ':':<{width}}no contract can be made: all pass"
        )
    dealer = b.dealer
    best_b: tuple[int, str] | None = None
    for strain in _STRAIN_ORDER:
        tricks = int(table[strain][dealer])
        decl = _best_declaration(bridge, strain)
        s = score_hand(bridge, decl, dealer, made(dealer, tricks), deal=b.deal)
        value = s.score_for(dealer.side)
        text = (
            f"  {bridge.short_title + ':':<{width}}dealer {dealer.letter} makes {strain.letter}, "
            f"takes {tricks}: "
            f"{dealer.side.name} {value:+d} ({s.trick_score[dealer.side]} below the line)"
        )
        if best_b is None or value > best_b[0]:
            best_b = (value, text)
    assert best_b is not None
    lines.append(best_b[1])
    return lines


# ------------------------------------------------------------------------------------------------
# Commands.
# ------------------------------------------------------------------------------------------------


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    b = make_board(args.seed, args.board)
    print(_board_header(b, args.seed), file=out)
    print(file=out)
    _print_diagram(b.deal, out, unicode=not args.ascii)
    table = _solver().dd_table(b.deal)
    print("\nDouble-dummy tricks (rows: strain; columns: declarer)", file=out)
    print(_dd_table_text(table), file=out)
    print("\nThe best double-dummy contract under each code, and its score:", file=out)
    for line in _demo_scores(b, table):
        print(line, file=out)
    from .analysis import par

    p = par(table, dealer=b.dealer, vulnerability=b.vulnerability)
    print(f"\nContract bridge {p} (dealer par, {b.vulnerability.pbn} vulnerable)", file=out)
    return 0


_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def _parse_range(text: str, what: str) -> tuple[int, int]:
    m = _RANGE.match(text.strip())
    if not m:
        raise RedoubleError(f"bad {what} range {shown(text)} (expected e.g. 15-17 or 5)")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    if lo > hi:
        raise RedoubleError(f"bad {what} range {shown(text)}: low end above high end")
    return lo, hi


def _hcp_test(seat: Seat, lo: int, hi: int) -> Callable[[Deal], bool]:
    return lambda d: lo <= d[seat].hcp() <= hi


def _length_test(seat: Seat, suit: Suit, lo: int, hi: int) -> Callable[[Deal], bool]:
    return lambda d: lo <= d[seat].length(suit) <= hi


def _constraints(args: argparse.Namespace) -> Callable[[Deal], bool] | None:
    """An accept-filter from --hcp SEAT:LO-HI and --length SEAT:SUIT:LO-HI options."""
    tests: list[Callable[[Deal], bool]] = []
    for spec in args.hcp or []:
        try:
            seat_text, rng = spec.split(":")
        except ValueError:
            raise RedoubleError(
                f"bad --hcp {shown(spec)} (expected SEAT:LO-HI, e.g. N:15-17)"
            ) from None
        seat = Seat.parse(seat_text)
        lo, hi = _parse_range(rng, "HCP")
        tests.append(_hcp_test(seat, lo, hi))
    for spec in args.length or []:
        parts = spec.split(":")
        if len(parts) != 3:
            raise RedoubleError(
                f"bad --length {shown(spec)} (expected SEAT:SUIT:LO-HI, e.g. S:H:5-6)"
            )
        seat, suit = Seat.parse(parts[0]), Suit.parse(parts[1])
        lo, hi = _parse_range(parts[2], "length")
        tests.append(_length_test(seat, suit, lo, hi))
    if not tests:
        return None
    return lambda d: all(t(d) for t in tests)


# Boards dealt, and written, at a time: `deal` streams, so a large --count neither holds every
# board in memory nor waits for the last before writing the first, in every format.
_DEAL_CHUNK = 256
# Boards in a row the --hcp/--length filters may refuse before the search gives up.
_DEAL_TRIES = 1_000_000


def _predealt_boards(
    fixed: dict[Seat, str], accept: Callable[[Deal], bool] | None, args: argparse.Namespace
) -> Iterator[Board]:
    """The boards of ``predeal(fixed, seed, board=..., n=count, accept=accept)``, numbered
    from --board, dealt a chunk at a time (that call builds every row before returning: 32 TiB
    for the largest --count)."""
    predeal(fixed, args.seed, board=args.board)  # bad or overlapping cards: refused first
    found = 0
    start = args.board  # the next board of the seed's stream to deal
    refused = 0  # boards refused since the last one accepted
    while found < args.count:
        arr = predeal(fixed, args.seed, board=start, n=_DEAL_CHUNK)
        start += _DEAL_CHUNK
        for row in arr:
            d = Deal.from_array(row)
            if accept is not None and not accept(d):
                refused += 1
                if refused >= _DEAL_TRIES:
                    raise RedoubleError(f"no deal accepted in {_DEAL_TRIES} tries")
                continue
            refused = 0
            yield Board.from_number(args.board + found, d)
            found += 1
            if found == args.count:
                return


def _cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    fixed = {}
    for spec in args.predeal or []:
        seat_text, _, hand = spec.partition(":")
        if not hand:
            raise RedoubleError(
                f"bad --predeal {shown(spec)} (expected SEAT:HAND, e.g. N:AKQ2.T98..)"
            )
        seat = Seat.parse(seat_text)
        if seat in fixed:  # "--predeal N:... --predeal n:...": the last replaced the first
            raise RedoubleError(f"--predeal gives {seat.name.title()} twice")
        fixed[seat] = hand
    accept = _constraints(args)
    if not 0 <= args.count <= MAX_BATCH:  # the library's limit on a batch of deals
        raise RedoubleError(f"--count must be 0..2**40, got {shown(args.count)}")
    boards: Iterable[Board]
    if fixed or accept is not None:
        boards = _predealt_boards(fixed, accept, args)
    else:
        boards = (make_board(args.seed, args.board + i) for i in range(args.count))
    _write_boards(boards, args.format, out, unicode=not args.ascii)
    return 0


def _write_boards(boards: Iterable[Board], fmt: str, out: TextIO, *, unicode: bool) -> None:
    """`boards` to `out` as they come, a chunk at a time: the text of each format is the one
    its writer gives for the whole list."""
    if fmt == "diagram":
        for b in boards:
            print(_board_header(b), file=out)
            print(file=out)
            _print_diagram(b.deal, out, unicode=unicode)
            print(file=out)
        return
    from . import formats
    from .formats import json_format
    from .solver import _chunks  # iter_dd_tables' batching, shared

    written = 0
    for chunk in _chunks(boards, _DEAL_CHUNK):
        records = [
            formats.BoardRecord(
                board=b.number, dealer=b.dealer, vulnerability=b.vulnerability, deal=b.deal
            )
            for b in chunk
        ]
        if fmt == "json":
            # One document: its head, each board as json_format.dumps indents it, its tail.
            if not written:
                out.write(f'{{\n "format": "{json_format.FORMAT}",\n "boards": [\n')
            items = [
                json.dumps(json_format.record_to_dict(r), indent=1, ensure_ascii=False)
                for r in records
            ]
            out.write(
                ("" if not written else ",\n")
                + ",\n".join("  " + item.replace("\n", "\n  ") for item in items)
            )
        elif fmt == "pbn":
            text = formats.writes(records, fmt)
            # One "% PBN 2.1" line, and a blank line between boards, as between those of a chunk.
            out.write(text if not written else "\n" + text.split("\n", 1)[1])
        else:
            out.write(formats.writes(records, fmt))
        written += len(records)
        out.flush()
    if not written:
        out.write(formats.writes([], fmt))
    elif fmt == "json":
        out.write("\n ]\n}\n")


def _deal_option(text: str, name: str) -> Deal:
    """`text` as a PBN deal; an error names `name` (an option, or the deal itself among
    several), since the parser's own message says only "the deal string"."""
    try:
        return Deal.from_pbn(text)
    except RedoubleError as e:
        raise type(e)(f"{name}: {e}") from None


def _sniff_format(data: bytes) -> str:
    """The format of input that has no name to tell it by (standard input): a JSON document
    opens with "{", a LIN file with a two-letter key and "|" ("md|", "pn|", "qx|", ...); anything
    else is read as PBN."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:64]
    if head.startswith(b"{"):
        return "json"
    if re.match(rb"[A-Za-z]{2}\|", head):
        return "lin"
    return "pbn"


def _read_input(item: str, fmt: str | None) -> Any:
    """The boards of a file named on the command line, or of standard input for "-" (its format
    from --from, else from its first bytes). A name whose extension says no format needs
    --from: the library's own hint names its Python argument."""
    from . import formats

    if item == "-":
        data = sys.stdin.buffer.read()
        return formats.read(io.BytesIO(data), format=fmt or _sniff_format(data))
    if fmt is None and not any(
        item.lower().endswith(ext) for exts in formats.FORMATS.values() for ext in exts
    ):
        raise RedoubleError(
            f"cannot tell the format of {shown(item, 200)} from its name: give --from pbn, lin "
            "or json"
        )
    return formats.read(item, format=fmt)


def _read_deals(args: argparse.Namespace) -> list[tuple[str, Deal]]:
    deals: list[tuple[str, Deal]] = []
    stdin_read = False
    for item in args.deals:
        if re.match(r"^\s*[NESWnesw]:", item):
            deals.append((item, _deal_option(item, f"deal {shown(item)}")))
            continue
        if item == "-":
            if stdin_read:  # a second "-" would read an exhausted stream: nothing, silently
                raise RedoubleError("standard input (-) is named twice")
            stdin_read = True
        for i, record in enumerate(_read_input(item, args.input_format)):
            if record.deal is not None:
                deals.append((f"{item}#{i + 1}", record.deal))
    return deals


def _cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    solver = _solver()
    deals = _read_deals(args)
    if not deals:
        raise RedoubleError("no deals to solve")
    if args.cards:
        from .play import Position

        found: list[dict[str, Any]] = []
        for name, d in deals:
            leader = Seat.parse(args.leader)
            strain = Strain.parse(args.strain)
            values = solver.solve_cards(Position(d, strain, leader))
            if args.format == "json":
                found.append({"position": Position(d, strain, leader), "values": values})
                continue
            print(f"{name}: {strain.letter}, {leader.letter} to lead", file=out)
            for card, tricks in sorted(values.items(), key=lambda kv: (-kv[1], -int(kv[0]))):
                print(f"  {Card(card)}: {tricks}", file=out)
        if args.format == "json":
            _write_json(found, out)
        return 0
    full = [d for _, d in deals]
    arr = np.array([d.masks for d in full], dtype=np.uint64).reshape(len(full), 4)
    show_progress = args.progress and len(full) >= 50
    tables = []
    chunk = 256 if show_progress else len(full)
    for start in range(0, len(full), max(chunk, 1)):
        tables.append(solver.dd_tables(arr[start : start + chunk], threads=args.threads))
        if show_progress:
            done = min(start + chunk, len(full))
            print(f"\rsolved {done}/{len(full)}", end="", file=sys.stderr, flush=True)
    if show_progress:
        print(file=sys.stderr)
    result = np.concatenate(tables) if tables else np.zeros((0, 5, 4), np.uint8)
    if args.format == "json":
        # A redouble/1 boards document (formats.json_format): each deal with its DD table.
        from .formats import BoardRecord, json_format

        records = [
            BoardRecord(deal=d, dd_table=tuple((r[0], r[1], r[2], r[3]) for r in t.tolist()))
            for d, t in zip(full, result, strict=True)
        ]
        out.write(json_format.dumps(records))
        return 0
    for (name, _), table in zip(deals, result, strict=True):
        print(f"{name}", file=out)
        print(_dd_table_text(table), file=out)
    return 0


def _cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from .scoring import score_hand

    law = laws.get(args.law)
    declarer = Seat.parse(args.declarer)
    side = declarer.side
    if not 0 <= args.tricks <= 13:
        raise RedoubleError("--tricks must be 0..13 (tricks won by the declarer's side)")
    tricks = {side.name: args.tricks, side.opponents.name: 13 - args.tricks}
    # An option the law set does not score would be ignored in silence: refuse it by name.
    if args.vulnerable is not None and law.premiums is None:
        raise RedoubleError(
            f"--vulnerable does not apply under --law {args.law}: {law.title} has no "
            "vulnerability (only contract bridge scores it)"
        )
    if args.honours and law.honours is None:
        raise RedoubleError(
            f"--honours does not apply under --law {args.law}: {law.title} scores no honours"
        )
    if args.deal and law.honours is None and law.chicane is None:
        raise RedoubleError(
            f"--deal does not apply under --law {args.law}: {law.title} scores no honours "
            "or chicane"
        )
    options: dict[str, Any] = {}
    if args.deal:
        options["deal"] = _deal_option(args.deal, "--deal")
    if args.honours:
        honours = {}
        for part in args.honours.split(","):
            seat_text, _, n = part.partition("=")
            if not re.fullmatch(r"\s*[0-9]+\s*", n):  # int() would raise a bare ValueError
                raise RedoubleError(
                    f"bad --honours {shown(part)} (expected SEAT=COUNT, e.g. N=2,S=1)"
                )
            seat = Seat.parse(seat_text)
            if seat.letter in honours:  # "N=2,N=3": the last replaced the first
                raise RedoubleError(f"--honours gives {seat.name.title()} twice")
            honours[seat.letter] = int(n)
        options["honours"] = honours
    if args.vulnerable is not None:
        options["vulnerable"] = args.vulnerable
    s = score_hand(law, args.contract, declarer, tricks, **options)
    if args.format == "json":
        _write_json(s, out)
        return 0
    print(f"{law.title}: {s.contract} by {declarer.letter}, {args.tricks} tricks", file=out)
    made = "" if s.contract_made is None else ("made" if s.contract_made else "failed")
    if made:
        print(f"  contract {made}", file=out)
    print(f"  trick score (below the line): NS {s.trick_score.ns}  EW {s.trick_score.ew}", file=out)
    for item, per_side in s.breakdown.to_dict().items():
        if per_side["NS"] or per_side["EW"]:
            print(f"  {item.replace('_', ' ')}: NS {per_side['NS']}  EW {per_side['EW']}", file=out)
    print(f"  honour column (above): NS {s.honour_column.ns}  EW {s.honour_column.ew}", file=out)
    if s.game_won_by is not None:
        print(f"  game won by {s.game_won_by.name}", file=out)
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from .cli_play import run_play

    return run_play(args, out, sys.stdin)


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    from .cli_play import law_lines

    print("\n".join(law_lines(args.law_set, args.law)), file=out)
    return 0


def _cmd_par(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis import par

    if args.vul is not None and args.law != "contract":
        # A vulnerability the law set does not score would be ignored: refuse it by name.
        try:
            law = laws.get(args.law)
        except RedoubleError:
            law = None  # par() names the bad --law
        if law is not None and law.premiums is None and args.vul.strip().lower() != "none":
            raise RedoubleError(
                f"--vul does not apply under --law {args.law}: {law.title} has no "
                "vulnerability (only contract bridge scores it)"
            )
    deals = _read_deals(args)
    if not deals:
        raise RedoubleError("no deals given")
    solver = _solver()
    found: list[dict[str, Any]] = []
    for name, d in deals:
        p = par(
            solver.dd_table(d),
            args.law,
            dealer=args.dealer,
            vulnerability="None" if args.vul is None else args.vul,
            first="dealer" if args.first is None else args.first,
            deal=d,
        )
        if args.format == "json":
            found.append({"deal": d, "par": p})
            continue
        print(f"{name}: {p}", file=out)
    if args.format == "json":
        _write_json(found, out)
    return 0


def _cmd_lead(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis import lead_analysis

    result = lead_analysis(
        args.hand,
        args.seat,
        args.contract,
        constraints=args.constraints,
        n=args.n,
        seed=args.seed,
        vulnerability=args.vul,
        threads=args.threads,
    )
    print(result.table(), file=out)
    return 0


def _cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    from . import formats

    records = list(_read_input(args.input, args.input_format))
    if args.output == "-":
        formats.write(records, out, format=args.output_format or "pbn")
    else:
        formats.write(records, args.output, format=args.output_format)
    return 0


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from .serve import ServeConfig, serve
    except ImportError:
        raise RedoubleError(
            "redouble serve needs the serve extra: pip install 'redouble[serve]'"
        ) from None
    settings = {
        k: v
        for k, v in vars(args).items()
        if k in ServeConfig.__dataclass_fields__ and v is not None
    }
    try:
        config = ServeConfig(**settings)
    except TypeError as e:
        raise RedoubleError(str(e)) from None
    serve(config, log_level=args.log_level)
    return 0


# ------------------------------------------------------------------------------------------------
# Parser and entry point.
# ------------------------------------------------------------------------------------------------


_JSON_HELP = "text (default) or json (the redouble/1 schema, see redouble.serialize)"

# The longest usage error printed, before the " (see ... --help)" hint: argparse quotes some
# values raw (an ambiguous "--max=<text>"), and the cut below is the last guard on those.
_MAX_USAGE_ERROR = 200


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors of one short line, as the rest of the command line prints.

    argparse quotes the caller's value whole ("invalid int value: '<a megabyte>'") and prints
    its usage block before the message; here each value is cut short with :func:`shown`, and
    the message is one line naming the option, then a pointer to ``--help``. Subcommands'
    parsers are made of this class too (add_subparsers uses the parent's class)."""

    def error(self, message: str) -> NoReturn:
        """Print the one-line message to standard error and exit with status 2."""
        line = " ".join(message.splitlines())
        if len(line) > _MAX_USAGE_ERROR:
            line = line[:_MAX_USAGE_ERROR] + "..."
        self.exit(2, f"{self.prog}: error: {line} (see {self.prog} --help)\n")

    # argparse's two hooks that quote a value with %r: a conversion (type=int, type=float)
    # and a choice. Overriding them keeps the option's name ("argument --count: ...") that
    # ArgumentError prefixes, which a converter raising its own error could not know.
    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError:
            kind = getattr(action.type, "__name__", repr(action.type))
            raise argparse.ArgumentError(
                action, f"invalid {kind} value: {shown(arg_string)}"
            ) from None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError:
            choices = ", ".join(map(repr, action.choices or ()))
            raise argparse.ArgumentError(
                action, f"invalid choice: {shown(value)} (choose from {choices})"
            ) from None


_FROM_HELP = (
    "the input's format (default: from the file's extension; standard input: from its first bytes)"
)


def _add_deal_inputs(cmd: argparse.ArgumentParser) -> None:
    """The deals a command reads (`solve`, `par`): deal strings, files, or - for standard input,
    with --from for a format the name does not tell."""
    cmd.add_argument(
        "deals",
        nargs="+",
        help='PBN deal strings ("N:...") or PBN/LIN/JSON files; - reads standard input',
    )
    cmd.add_argument("--from", dest="input_format", choices=["pbn", "lin", "json"], help=_FROM_HELP)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="redouble", description="Play, score and solve bridge under its historical laws."
    )
    p.add_argument("--version", action="version", version=f"redouble {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="a seeded board, its DD table and scores under three codes")
    demo.add_argument("--seed", type=int, default=1906, help="deal seed (default 1906)")
    demo.add_argument("--board", type=int, default=1, help="board number (default 1)")
    demo.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    demo.set_defaults(func=_cmd_demo)

    deal = sub.add_parser("deal", help="deal seeded boards")
    deal.add_argument("-n", "--count", type=int, default=1, help="number of boards")
    deal.add_argument("--seed", type=int, default=0, help="deal seed")
    deal.add_argument("--board", type=int, default=1, help="first board number")
    deal.add_argument("--predeal", action="append", metavar="SEAT:HAND", help="e.g. N:AKQ2.T98..")
    deal.add_argument("--hcp", action="append", metavar="SEAT:LO-HI", help="e.g. N:15-17")
    deal.add_argument("--length", action="append", metavar="SEAT:SUIT:LO-HI", help="e.g. S:H:5-6")
    deal.add_argument("--format", choices=["diagram", "pbn", "lin", "json"], default="diagram")
    deal.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    deal.set_defaults(func=_cmd_deal)

    solve = sub.add_parser("solve", help="double-dummy tables of deal strings or files")
    _add_deal_inputs(solve)
    solve.add_argument("--threads", type=int, default=None, help="worker threads (default: all)")
    solve.add_argument("--cards", action="store_true", help="value of each card at the lead")
    solve.add_argument("--strain", default="NT", help="with --cards: the strain (default NT)")
    solve.add_argument("--leader", default="W", help="with --cards: the seat on lead (default W)")
    solve.add_argument("--no-progress", dest="progress", action="store_false")
    solve.add_argument("--format", choices=["text", "json"], default="text", help=_JSON_HELP)
    solve.set_defaults(func=_cmd_solve)

    score = sub.add_parser("score", help="score one hand under a law set")
    score.add_argument("--law", default="contract", help=f"one of {', '.join(laws.available())}")
    score.add_argument("--contract", required=True, help='e.g. "2HX", "3R", "4SXX"; Bridge: "H"')
    score.add_argument("--declarer", required=True, help="declarer (Bridge: the maker)")
    score.add_argument("--tricks", type=int, required=True, help="tricks won by declarer's side")
    score.add_argument(
        "--deal", help="the deal (PBN), for honours and chicane (not --law contract)"
    )
    score.add_argument("--honours", help="instead of --deal: honours per seat, e.g. N=2,S=1")
    score.add_argument("--vulnerable", help="contract bridge only: None, NS, EW or Both")
    score.add_argument("--format", choices=["text", "json"], default="text", help=_JSON_HELP)
    score.set_defaults(func=_cmd_score)

    play = sub.add_parser(
        "play", help="play a deal or a whole rubber in the terminal against the built-in players"
    )
    play.add_argument("--law", default="auction_1912", help="the law set (default auction_1912)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--seat", default="S", help="your seat (default S)")
    play.add_argument(
        "--boards", type=int, default=None, help="boards, for board-by-board codes (default 4)"
    )
    play.add_argument(
        "--single-game",
        action="store_true",
        help="three-handed Bridge: play one game (bonus 50) instead of a rubber",
    )
    play.add_argument("--opponents", choices=["random", "dd"], default="random")
    play.add_argument("--deal", help="play this one deal (PBN deal string) instead of seeded ones")
    play.add_argument("--dealer", default="N", help="the first dealer (default N)")
    play.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    play.add_argument("--no-colour", action="store_true", help="no colour (also: NO_COLOR=1)")
    play.add_argument("--no-undo", action="store_true", help="a call or card once made stands")
    play.set_defaults(func=_cmd_play)

    rules = sub.add_parser(
        "rules", help="the laws of a law set's code, one line each, or one law and its use"
    )
    rules.add_argument("law_set", metavar="LAW_SET", help="a law set, e.g. auction_1912")
    rules.add_argument("law", metavar="LAW", nargs="?", help='a law: "45", "case 2", "etiquette"')
    rules.set_defaults(func=_cmd_rules)

    convert = sub.add_parser("convert", help="convert between PBN, LIN and JSON")
    convert.add_argument("input", help="input file, or - for standard input")
    convert.add_argument("output", help="output file, or - for standard output")
    convert.add_argument(
        "--from", dest="input_format", choices=["pbn", "lin", "json"], help=_FROM_HELP
    )
    convert.add_argument("--to", dest="output_format", choices=["pbn", "lin", "json"])
    convert.set_defaults(func=_cmd_convert)

    par_cmd = sub.add_parser("par", help="par score and contracts of deal strings or files")
    _add_deal_inputs(par_cmd)
    par_cmd.add_argument(
        "--law",
        default="contract",
        help="contract, auction_1912, bridge_1906 ... (default contract)",
    )
    par_cmd.add_argument("--dealer", default="N", help="dealer seat (default N)")
    par_cmd.add_argument(
        "--vul", default=None, help="contract only: None, NS, EW or Both (default None)"
    )
    par_cmd.add_argument("--first", default=None, help="NS or EW: that side bids first (sides par)")
    par_cmd.add_argument("--format", choices=["text", "json"], default="text", help=_JSON_HELP)
    par_cmd.set_defaults(func=_cmd_par)

    lead = sub.add_parser("lead", help="single-dummy opening-lead analysis by sampling")
    lead.add_argument("hand", help='the leader\'s hand, e.g. "KQ52.T98.A76.J43"')
    lead.add_argument("contract", help="the contract, e.g. 3NT")
    lead.add_argument("--seat", default="W", help="the leader (default W; declarer is RHO)")
    lead.add_argument(
        "--constraints", default=None, help='what the auction showed, e.g. "S.hcp in 15..17"'
    )
    lead.add_argument("-n", type=int, default=100, help="deals to sample (default 100)")
    lead.add_argument("--seed", type=int, default=1, help="dealing seed (default 1)")
    lead.add_argument("--vul", default="None", help="None, NS, EW or Both (default None)")
    lead.add_argument("--threads", type=int, default=None, help="solver threads (default: all)")
    lead.set_defaults(func=_cmd_lead)

    serve = sub.add_parser("serve", help="an HTTP JSON service for apps (needs redouble[serve])")
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    serve.add_argument("--workers", type=int, default=1, help="server processes (default 1)")
    serve.add_argument("--threads", type=int, help="solver threads per process (default: cores)")
    serve.add_argument("--max-body", type=int, help="largest body in bytes (default 1048576)")
    serve.add_argument("--max-batch", type=int, help="most deals per request (default 1000)")
    serve.add_argument("--timeout", type=float, help="seconds per request (default 30)")
    serve.add_argument("--max-sessions", type=int, help="game sessions held (default 1000)")
    serve.add_argument("--session-ttl", type=float, help="seconds a session lives unused (3600)")
    serve.add_argument("--max-tries", type=int, help="boards dealt per constrained request")
    serve.add_argument("--solver-bytes", type=int, help="table of each solve thread (64 MiB)")
    serve.add_argument("--pool-bytes", type=int, help="tables of the batch pool (256 MiB)")
    serve.add_argument(
        "--log-level",
        type=str.lower,
        choices=["critical", "error", "warning", "info", "debug", "trace"],
        default="info",
        help="uvicorn's log level (default info)",
    )
    serve.set_defaults(func=_cmd_serve)
    return p


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the command line with `argv` (default ``sys.argv[1:]``); return the exit status.

    Output goes to `out` (default standard output); errors go to standard error.
    """
    parser = _parser()
    try:
        # parse_args would list the arguments it did not take whole; a few, cut short, do.
        args, unknown = parser.parse_known_args(argv)
        if unknown:
            more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
            parser.error(f"unrecognized arguments: {' '.join(shown(a) for a in unknown[:3])}{more}")
    except SystemExit as e:  # argparse: --help/--version exit 0, usage errors exit 2
        return int(e.code or 0)
    stream = out if out is not None else sys.stdout
    try:
        return int(args.func(args, stream))
    except RedoubleError as e:
        print(f"redouble: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        if isinstance(e, BrokenPipeError):  # output piped into e.g. `head`, which stopped
            sys.stdout = None
            return 0
        if e.filename is not None and e.strerror:
            # str(e) quotes the path whole: an output path of any length, cut as the readers
            # cut the paths they cannot open.
            print(f"redouble: error: {shown(e.filename, 200)}: {e.strerror}", file=sys.stderr)
        else:
            print(f"redouble: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
