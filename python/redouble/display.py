"""Pictures of deals, boards, positions, DD tables, games and bar charts, as SVG and HTML.

This module owns redouble's rich displays: Jupyter calls ``_repr_svg_`` / ``_repr_html_`` on
:class:`~redouble.deal.Deal`, :class:`~redouble.deal.Board` and
:class:`~redouble.play.Position`, which delegate here. Everything is written as text by this
module (no plotting stack, nothing imported beyond the standard library and redouble), so a
picture costs nothing at import time and can be saved to a file or served by a web app as is.
Every SVG is a well-formed XML document in the SVG namespace; every HTML fragment is a ``div``
that is also well-formed XML (so it can be checked with :mod:`xml.etree`).

It also writes deals for the terminal (:func:`terminal_diagram`): colour and suit symbols
through `rich <https://rich.readthedocs.io>`_ when that optional extra is installed and the
output is a terminal that wants colour, plain text otherwise.

>>> from redouble import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> svg = deal_svg(d)
>>> svg.startswith("<svg") and "♠" in svg
True
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import math
import os
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ._check import as_bool, as_seat, as_str, shown
from .auction import parse_contract_text
from .cards import RANK_CHARS, Card, CardSet, Seat, Side, Strain, Suit
from .errors import DisplayError

if TYPE_CHECKING:  # only for annotations: display must not import the game at import time
    from .deal import Board, Deal
    from .play import Position

__all__ = [
    "DDTable",
    "DisplayError",
    "bar_chart_svg",
    "board_svg",
    "dd_table_html",
    "deal_svg",
    "game_html",
    "game_svg",
    "position_svg",
    "rich_diagram",
    "terminal_diagram",
    "wants_colour",
]


SVG_NS = "http://www.w3.org/2000/svg"

#: Suits in display order (spades first, as bridge columns print them).
_SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: Red suits are red and black suits black, as on the cards (a four-colour deck confuses).
_COLOUR = {
    Suit.SPADES: "#111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
    Suit.CLUBS: "#111",
}
_STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_VUL_FILL = "#e05a5a"
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _rank_text(rank: int) -> str:
    return "10" if rank == 8 else RANK_CHARS[rank]


def _ranks(holding: int) -> str:
    """The ranks of a 13-bit holding, highest first, "10" for the ten; "—" when void."""
    ranks = [_rank_text(r) for r in range(12, -1, -1) if holding >> r & 1]
    return " ".join(ranks) if ranks else "—"


def _seat_name(seat: Seat) -> str:
    return seat.name.title()


def _card_label(card: Card) -> tuple[str, str, str]:
    """(suit symbol, rank text, colour) of a card."""
    suit = Suit(card.suit)
    return _SYMBOL[suit], _rank_text(int(card.rank)), _COLOUR[suit]


def _strain_label(strain: Strain) -> str:
    return "NT" if strain is Strain.NOTRUMP else _SYMBOL[Suit(int(strain))]


# ------------------------------------------------------------------------------------------------
# The table: four hands around a compass rose.
# ------------------------------------------------------------------------------------------------

_LINE = 19  # px between the lines of a hand
_HAND_W = 150
_ROSE = 120  # side of the compass square (room for a trick of four cards)
_W = 3 * _HAND_W + 20
_H = 4 * _LINE * 2 + _ROSE + 70


def _hand_svg(seat: Seat, hand: CardSet | None, x: float, y: float, *, active: bool) -> str:
    """One hand as a labelled block of four suit lines; `hand` None: hidden (just the name)."""
    weight = "bold" if active else "normal"
    out = [f'<g class="hand" data-seat="{seat.letter}">']
    out.append(
        f'<text class="seat-name" x="{x}" y="{y}" font-size="12" fill="#555" '
        f'font-weight="{weight}">{_seat_name(seat)}{" ▸" if active else ""}</text>'
    )
    if hand is not None:
        for i, suit in enumerate(_SUITS_DOWN):
            ly = y + (i + 1) * _LINE
            out.append(
                f'<text class="holding" data-suit="{suit.letter}" x="{x}" y="{ly}" font-size="15">'
                f'<tspan class="suit" fill="{_COLOUR[suit]}">{_SYMBOL[suit]}</tspan>'
                f'<tspan class="ranks" dx="6">{_ranks(hand.holding(suit))}</tspan></text>'
            )
    out.append("</g>")
    return "".join(out)


def _card_svg(card: Card, x: float, y: float, seat: Seat) -> str:
    """A small face-up card (the trick on the table) centred on (x, y)."""
    symbol, rank, colour = _card_label(card)
    w, h = 28, 38
    return (
        f'<g class="played" data-seat="{seat.letter}" data-card="{card}">'
        f'<rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" rx="4" fill="#fff" '
        f'stroke="#333"/>'
        f'<text x="{x}" y="{y - 2}" font-size="13" text-anchor="middle" fill="{colour}">{rank}</text>'
        f'<text x="{x}" y="{y + 14}" font-size="13" text-anchor="middle" fill="{colour}">{symbol}'
        "</text></g>"
    )


def _table_svg(
    hands: Mapping[Seat, CardSet | None],
    *,
    title: Sequence[str] = (),
    dealer: Seat | None = None,
    vulnerable: Sequence[Side] = (),
    trick: Mapping[Seat, Card] | None = None,
    to_play: Seat | None = None,
    kind: str = "deal",
) -> str:
    """The shared layout: North on top, West and East, South below, the rose (or the trick)
    in the middle, and up to three title lines in the top-left corner."""
    cx, cy = _W / 2, 4 * _LINE + 40 + _ROSE / 2
    spots = {
        Seat.NORTH: (cx - 40, 18),
        Seat.SOUTH: (cx - 40, cy + _ROSE / 2 + 16),
        Seat.WEST: (12, cy - 2 * _LINE - 10),
        Seat.EAST: (cx + _ROSE / 2 + 24, cy - 2 * _LINE - 10),
    }
    out = [
        (
            f'<svg xmlns="{SVG_NS}" class="redouble-{kind}" width="{_W}" height="{_H}" '
            f'viewBox="0 0 {_W} {_H}" font-family="{_FONT}" role="img">'
        ),
        f'<rect x="0" y="0" width="{_W}" height="{_H}" fill="#fbfbf6" stroke="#ccc"/>',
    ]
    for i, line in enumerate(title[:3]):
        out.append(
            f'<text class="title" x="10" y="{18 + 16 * i}" font-size="12" fill="#333">'
            f"{_esc(line)}</text>"
        )
    # The rose: a square with the seats' letters; a vulnerable side's edges are red, and the
    # dealer's letter sits in a dark disc.
    x0, y0, r = cx - _ROSE / 2, cy - _ROSE / 2, _ROSE
    out.append(f'<g class="rose"><rect x="{x0}" y="{y0}" width="{r}" height="{r}" fill="#2e7d4f"/>')
    edges = {
        Seat.NORTH: (x0, y0, r, 10),
        Seat.SOUTH: (x0, y0 + r - 10, r, 10),
        Seat.WEST: (x0, y0, 10, r),
        Seat.EAST: (x0 + r - 10, y0, 10, r),
    }
    for seat, (ex, ey, ew, eh) in edges.items():
        if seat.side in vulnerable:
            out.append(
                f'<rect class="vulnerable" data-seat="{seat.letter}" x="{ex}" y="{ey}" '
                f'width="{ew}" height="{eh}" fill="{_VUL_FILL}"/>'
            )
    if trick is None:
        letters = {
            Seat.NORTH: (cx, y0 + 24),
            Seat.SOUTH: (cx, y0 + r - 14),
            Seat.WEST: (x0 + 20, cy + 5),
            Seat.EAST: (x0 + r - 20, cy + 5),
        }
        for seat, (lx, ly) in letters.items():
            if seat == dealer:
                out.append(
                    f'<circle class="dealer" data-seat="{seat.letter}" cx="{lx}" cy="{ly - 5}" '
                    f'r="10" fill="#fff"/>'
                )
            fill = "#111" if seat == dealer else "#fff"
            out.append(
                f'<text x="{lx}" y="{ly}" font-size="14" font-weight="bold" text-anchor="middle" '
                f'fill="{fill}">{seat.letter}</text>'
            )
    else:
        places = {
            Seat.NORTH: (cx, y0 + 24),
            Seat.SOUTH: (cx, y0 + r - 24),
            Seat.WEST: (x0 + 22, cy),
            Seat.EAST: (x0 + r - 22, cy),
        }
        for seat, card in trick.items():
            px, py = places[seat]
            out.append(_card_svg(card, px, py, seat))
    out.append("</g>")
    for seat in Seat:
        x, y = spots[seat]
        out.append(_hand_svg(seat, hands.get(seat), x, y, active=seat == to_play))
    out.append("</svg>")
    return "".join(out)


def _vulnerable_sides(vulnerability: Any) -> tuple[Side, ...]:
    return tuple(s for s in Side if vulnerability is not None and vulnerability.is_vulnerable(s))


def deal_svg(
    deal: Deal,
    *,
    dealer: Seat | int | str | None = None,
    vulnerability: Any = None,
    title: str | None = None,
) -> str:
    """The deal as an SVG compass-rose diagram: North on top, suit symbols, red suits red.

    `dealer` is marked on the rose; `vulnerability` (a
    :class:`~redouble.deal.Vulnerability`) paints the vulnerable sides' edges red.

    Raises:
        TypeError: `deal` is not a Deal.
    """
    from .deal import Deal, Vulnerability

    if not isinstance(deal, Deal):
        raise TypeError(f"deal must be a Deal, not {type(deal).__name__}")
    vul = vulnerability
    if isinstance(vulnerability, str):
        names = {"NONE": 0, "LOVE": 0, "-": 0, "NS": 1, "EW": 2, "ALL": 3, "BOTH": 3}
        key = vulnerability.strip().upper()
        if key not in names:
            raise DisplayError(
                f"vulnerability must be None, NS, EW or All, not {shown(vulnerability)}"
            )
        vul = Vulnerability(names[key])
    elif vulnerability is not None and not isinstance(vulnerability, Vulnerability):
        raise TypeError(
            f"vulnerability must be a Vulnerability, not {type(vulnerability).__name__}"
        )
    text = "" if title is None else _title(title)
    lines = [text] if text else []
    if dealer is not None:
        dealer = as_seat(dealer, "dealer")
        lines.append(f"Dealer: {_seat_name(dealer)}")
    if vul is not None:
        lines.append(f"Vulnerable: {Vulnerability(vul).pbn}")
    return _table_svg(
        {s: deal[s] for s in Seat},
        title=lines,
        dealer=dealer,
        vulnerable=_vulnerable_sides(vul),
    )


def board_svg(board: Board) -> str:
    """The board as an SVG diagram: its number, the dealer and the vulnerability marked.

    Raises:
        TypeError: `board` is not a Board.
    """
    from .deal import Board

    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    return deal_svg(
        board.deal,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        title=f"Board {board.number}",
    ).replace('class="redouble-deal"', 'class="redouble-board"', 1)


def position_svg(position: Position) -> str:
    """A card-play position: the cards left in each hand, the trick on the table, the strain,
    the tricks each side has won, and the seat to play marked.

    Raises:
        TypeError: `position` is not a Position.
    """
    from .play import Position

    if not isinstance(position, Position):
        raise TypeError(f"position must be a Position, not {type(position).__name__}")
    trick = {position.leader.next(i): c for i, c in enumerate(position.trick)}
    done = position.is_complete()
    return _table_svg(
        {s: position.hand(s) for s in Seat},
        title=[
            f"Strain: {_strain_label(position.strain)}",
            f"Tricks NS {position.tricks_won(Side.NS)}, EW {position.tricks_won(Side.EW)}",
            "Play complete" if done else f"{_seat_name(position.to_play)} to play",
        ],
        trick=trick,
        to_play=None if done else position.to_play,
        kind="position",
    )


# ------------------------------------------------------------------------------------------------
# Double-dummy tables.
# ------------------------------------------------------------------------------------------------

# A par label: a contract (redouble's contract grammar) and then the seats that play it.
_PAR = re.compile(
    r"^(?P<contract>.*?)(?:\s*by\s+|\s*-\s*|\s+)(?P<seats>[NESW]{1,2})\s*$", re.IGNORECASE
)


def _par_cells(par: str) -> set[tuple[Strain, Seat]]:
    """The (strain, declarer) cells of a par contract such as "4S NS", "3NTX-E", "6H by N"."""
    m = _PAR.match(par)
    if not m:
        return set()
    try:
        read = parse_contract_text(m.group("contract"), level_required=True)
        strain = Strain.parse(read.name or "")
    except ValueError:
        return set()
    if read.doublings > 2:
        return set()
    return {(strain, Seat.parse(ch)) for ch in m.group("seats").upper()}


def _check_table(table: Any) -> list[list[int]]:
    shape = getattr(table, "shape", None)
    if shape is not None and tuple(shape) != (5, 4):
        raise DisplayError(f"table must have shape (5, 4) [strain][declarer], got {tuple(shape)}")
    try:
        if len(table) != 5 or any(len(table[st]) != 4 for st in range(5)):
            raise DisplayError("table must be 5 rows (strains) of 4 declarers")
        rows = [[int(table[st][se]) for se in range(4)] for st in range(5)]
    except (IndexError, TypeError, ValueError) as e:
        if isinstance(e, DisplayError):
            raise
        raise DisplayError(
            f"table must be a (5, 4) grid of trick counts [strain][declarer]: {e}"
        ) from None
    if any(not 0 <= v <= 13 for row in rows for v in row):
        raise DisplayError("table entries must be trick counts 0..13")
    return rows


def dd_table_html(table: Any, par: str | None = None) -> str:
    """A double-dummy table as an HTML grid: strains (NT ♠ ♥ ♦ ♣) by declarers (N E S W).

    `table` is indexed ``[strain][declarer]`` as :func:`redouble.solver.dd_table` returns it.
    `par`, e.g. ``"4S NS"`` or ``"3NTX by E"``, is written under the grid and its cells are
    marked (class ``par``).

    Raises:
        DisplayError: the table is not a (5, 4) grid of trick counts, or `par` is not text.
    """
    if par is not None and not isinstance(par, str):
        raise DisplayError(f"par must be text such as '4S NS', not {type(par).__name__}")
    rows = _check_table(table)
    cells = _par_cells(par) if par else set()
    out = [
        '<div class="redouble-dd-table">',
        '<table style="border-collapse:collapse;font-family:sans-serif;text-align:center">',
        '<tr><th style="padding:2px 8px"></th>',
    ]
    out += [f'<th style="padding:2px 8px">{s.letter}</th>' for s in Seat]
    out.append("</tr>")
    for strain in _STRAIN_ORDER:
        colour = "#111" if strain is Strain.NOTRUMP else _COLOUR[Suit(int(strain))]
        out.append(
            f'<tr data-strain="{strain.letter}"><th style="padding:2px 8px;color:{colour}">'
            f"{_strain_label(strain)}</th>"
        )
        for seat in Seat:
            tricks = rows[strain][seat]
            mark = (strain, seat) in cells
            style = "padding:2px 8px;border:1px solid #ccc" + (
                ";background:#ffe08a;font-weight:bold" if mark else ""
            )
            cls = ' class="par"' if mark else ""
            out.append(f'<td{cls} data-seat="{seat.letter}" style="{style}">{tricks}</td>')
        out.append("</tr>")
    out.append("</table>")
    if par:
        out.append(f'<p class="par-contract" style="margin:4px 0">Par: {_esc(par)}</p>')
    out.append("</div>")
    return "".join(out)


class DDTable:
    """A DD table with a picture: wraps the ``(5, 4)`` array so that Jupyter shows the grid.

    >>> import numpy as np
    >>> DDTable(np.full((5, 4), 7, np.uint8), par="1NT NS").tricks(Strain.NOTRUMP, Seat.NORTH)
    7

    Raises:
        DisplayError: as :func:`dd_table_html`.
    """

    def __init__(self, table: Any, par: str | None = None) -> None:
        self._rows = _check_table(table)
        if par is not None and not isinstance(par, str):
            raise DisplayError(f"par must be text such as '4S NS', not {type(par).__name__}")
        self.table = table
        self.par = par

    def tricks(self, strain: Strain | int, declarer: Seat | int) -> int:
        """The tricks `declarer` takes playing in `strain`."""
        return self._rows[int(Strain(strain))][int(Seat(declarer))]

    def _repr_html_(self) -> str:
        return dd_table_html(self.table, self.par)

    def __repr__(self) -> str:
        return f"DDTable({self._rows!r}, par={self.par!r})"


# ------------------------------------------------------------------------------------------------
# Bar charts (analysis results, e.g. the value of each opening lead).
# ------------------------------------------------------------------------------------------------


def bar_chart_svg(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str | None = None,
    unit: str = "",
    highlight: Sequence[int] = (),
    width: int = 420,
) -> str:
    """A horizontal bar chart as SVG: one labelled bar a value, its value written at its end.

    Labels are text (card names like "SA" are drawn with their suit symbol); `highlight`
    lists the indexes of bars to draw in the accent colour (e.g. the best leads).

    Raises:
        DisplayError: labels and values differ in number, a value is not a finite number, or
            there is nothing to draw.
        TypeError: labels are not text.
    """
    if isinstance(labels, str) or isinstance(values, str):
        raise TypeError("labels and values must be sequences, not a single string")
    if title is not None:
        _title(title)
    labels, values = list(labels), list(values)
    if len(labels) != len(values):
        raise DisplayError(f"{len(labels)} labels but {len(values)} values")
    if not labels:
        raise DisplayError("nothing to draw: no labels")
    nums: list[float] = []
    for v in values:
        if isinstance(v, bool) or not (isinstance(v, int | float) or hasattr(v, "__float__")):
            raise DisplayError(f"bar values must be numbers, got {shown(v)}")
        f = float(v)
        if not math.isfinite(f):
            raise DisplayError(f"bar values must be finite, got {shown(v)}")
        nums.append(f)
    for lab in labels:
        if not isinstance(lab, str):
            raise TypeError(f"bar labels must be str, not {type(lab).__name__}")
    bar_h, gap, left, top = 20, 6, 70, 30 if title else 10
    height = top + len(labels) * (bar_h + gap) + 10
    hi = max(max(nums), 0.0)
    lo = min(min(nums), 0.0)
    span = (hi - lo) or 1.0
    plot_w = width - left - 60
    zero = left + (-lo / span) * plot_w
    out = [
        (
            f'<svg xmlns="{SVG_NS}" class="redouble-bar-chart" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" font-family="{_FONT}" role="img">'
        ),
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
    ]
    if title:
        out.append(f'<text class="title" x="10" y="18" font-size="13">{_esc(title)}</text>')
    for i, (lab, v) in enumerate(zip(labels, nums, strict=True)):
        y = top + i * (bar_h + gap)
        x_end = left + ((v - lo) / span) * plot_w
        x, w = min(zero, x_end), abs(x_end - zero)
        fill = "#d9822b" if i in highlight else "#4a7ab0"
        value_text = f"{v:g}{unit}"
        out.append(f'<g class="bar" data-label="{_esc(lab)}" data-value="{v:g}">')
        out.append(_label_svg(lab, left - 8, y + bar_h - 5))
        out.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{fill}"/>')
        out.append(
            f'<text class="value" x="{max(x_end, zero) + 4:.1f}" y="{y + bar_h - 5}" '
            f'font-size="12">{_esc(value_text)}</text></g>'
        )
    out.append(
        f'<line x1="{zero:.1f}" y1="{top - 4}" x2="{zero:.1f}" y2="{height - 6}" stroke="#333"/>'
    )
    out.append("</svg>")
    return "".join(out)


_CARD_LABEL = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)


def _label_svg(label: str, x: float, y: float) -> str:
    """A bar label, right-aligned; a card name ("SA", "H10") gets its coloured suit symbol."""
    m = _CARD_LABEL.match(label)
    if m:
        suit = Suit.parse(m.group(1))
        rank = "10" if m.group(2).upper() in ("T", "10") else m.group(2).upper()
        return (
            f'<text class="label" x="{x}" y="{y}" font-size="13" text-anchor="end">'
            f'<tspan fill="{_COLOUR[suit]}">{_SYMBOL[suit]}</tspan>{rank}</text>'
        )
    return (
        f'<text class="label" x="{x}" y="{y}" font-size="13" text-anchor="end">{_esc(label)}</text>'
    )


# ------------------------------------------------------------------------------------------------
# Games: the table, the auction, the tricks and the score sheet.
# ------------------------------------------------------------------------------------------------


def _title(title: object) -> str:
    # A title is drawn as text: anything else was drawn as its repr (b'x', a list), and an
    # array failed the truth test with a bare ValueError.
    if not isinstance(title, str):
        raise TypeError(f"title must be a str or None, not {type(title).__name__}")
    return str.__str__(title)


def _require_deal(deal: Any) -> None:
    # Checked before deal.diagram(), which an object of another type meets as an
    # AttributeError.
    from .deal import Deal

    if not isinstance(deal, Deal):
        raise TypeError(f"deal must be a Deal, not {type(deal).__name__}")


def _require_game(game: Any) -> None:
    from .game import Game

    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, not {type(game).__name__}")


def game_svg(game: Any) -> str:
    """The table of a game's hand in progress (or its last hand, once the game is over): the
    cards still held, the trick on the table, the dealer marked.

    Raises:
        TypeError: `game` is not a :class:`~redouble.game.Game`.
    """
    _require_game(game)
    contract = game.contract
    title = [f"Hand {game.hand_number}"]
    title.append(f"Dealer: {_seat_name(game.dealer)}")
    if contract is not None:
        title.append(f"Contract: {_call_text(contract.spec())} by {_seat_name(contract.declarer)}")
    pos = game.position
    if pos is not None and pos.is_complete() and game.results:
        # The game is over: show the last hand as it was dealt.
        last = game.results[-1]
        return _table_svg(
            {s: last.deal[s] for s in Seat},
            title=title,
            dealer=last.dealer,
            kind="game",
        )
    if pos is not None:
        hands: dict[Seat, CardSet | None] = {s: pos.hand(s) for s in Seat}
        trick: Mapping[Seat, Card] | None = game.trick_on_table
    else:
        hands = {s: game.deal[s] for s in Seat}
        trick = None
    return _table_svg(
        hands,
        title=title,
        dealer=game.dealer if trick is None else None,
        trick=trick,
        to_play=game.to_act,
        kind="game",
    )


def _call_text(call: str) -> str:
    """A call or contract with its suit symbol: "4S" -> "4♠", "3NTX" stays, "P" -> "Pass"."""
    if call == "P":
        return "Pass"
    m = re.match(r"^([1-7]?)([SHDC])(X{0,2})$", call)
    if m:
        return f"{m.group(1)}{_SYMBOL[Suit.parse(m.group(2))]}{m.group(3)}"
    return call


def _auction_html(game: Any) -> str:
    """The calls of the hand in progress as a grid with a column a seat, from West."""
    declaring = game.declaring
    history = getattr(declaring, "history", None)
    seats = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    out = ['<table class="auction" style="border-collapse:collapse;text-align:center">', "<tr>"]
    out += [f'<th style="padding:2px 10px">{_seat_name(s)}</th>' for s in seats]
    out.append("</tr>")
    if history is not None:  # Bridge's make and doublings do not go round in rotation
        pairs = [(Seat(s), str(c)) for s, c in history]
    else:
        pairs = [(game.dealer.next(i), str(c)) for i, c in enumerate(declaring.calls)]
    row: list[str] = []
    col = 0
    for seat, call in pairs:
        target = seats.index(seat)
        if target < col:  # a new row
            row += ["<td></td>"] * (4 - col)
            out.append("<tr>" + "".join(row) + "</tr>")
            row, col = [], 0
        row += ["<td></td>"] * (target - col)
        row.append(f'<td class="call" data-seat="{seat.letter}">{_esc(_call_text(call))}</td>')
        col = target + 1
    if row:
        row += ["<td></td>"] * (4 - col)
        out.append("<tr>" + "".join(row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _tricks_html(game: Any) -> str:
    tricks = game.tricks
    if not tricks:
        return ""
    out = [
        '<table class="tricks" style="border-collapse:collapse;text-align:center">',
        "<tr><th>#</th><th>Led by</th>",
    ]
    out += [f"<th>{s.letter}</th>" for s in Seat]
    out.append("<th>Won by</th></tr>")
    for i, t in enumerate(tricks, 1):
        by_seat = {t.player_of(k): c for k, c in enumerate(t.cards)}
        out.append(
            f'<tr class="trick"><td>{i}</td><td style="padding:0 6px">{_seat_name(t.leader)}</td>'
        )
        for s in Seat:
            card = by_seat.get(s)
            if card is None:
                out.append("<td></td>")
                continue
            symbol, rank, colour = _card_label(card)
            out.append(
                f'<td data-card="{card}" style="color:{colour};padding:0 4px">{symbol}{rank}</td>'
            )
        out.append(f"<td>{_seat_name(t.winner)}</td></tr>")
    out.append("</table>")
    return "".join(out)


def _score_sheet_html(game: Any) -> str:
    """The score sheet as players kept it: honours and bonuses above the line, trick points
    below it, a rule under each game won; NS's column on the left ("We"), EW's on the right."""
    above: list[tuple[int, int]] = []
    below: list[tuple[int, int] | None] = []  # None: a game ended here
    for r in game.results:
        if r.score is None:
            continue
        h, t = r.score.honour_column, r.score.trick_score
        if h.ns or h.ew:
            above.append((h.ns, h.ew))
        if t.ns or t.ew:
            below.append((t.ns, t.ew))
        if r.score.game_won_by is not None:
            below.append(None)
    cell = 'style="padding:1px 14px;text-align:right"'
    out = [
        '<table class="score-sheet" style="border-collapse:collapse;font-family:sans-serif">',
        f"<tr><th {cell}>NS</th><th {cell}>EW</th></tr>",
    ]
    for ns, ew in reversed(above):  # the honour column grows upwards from the line
        out.append(f'<tr class="above"><td {cell}>{ns or ""}</td><td {cell}>{ew or ""}</td></tr>')
    out.append('<tr class="line"><td colspan="2" style="border-top:3px solid #333"></td></tr>')
    for entry in below:
        if entry is None:
            out.append(
                '<tr class="game"><td colspan="2" style="border-top:1px solid #333"></td></tr>'
            )
            continue
        ns, ew = entry
        out.append(f'<tr class="below"><td {cell}>{ns or ""}</td><td {cell}>{ew or ""}</td></tr>')
    # What the hands do not carry (the rubber bonus, an unfinished rubber's premiums) goes
    # above the line too, so that the columns add up to the totals.
    totals = game.totals
    rest = (
        totals.ns - sum(a[0] for a in above) - sum(b[0] for b in below if b),
        totals.ew - sum(a[1] for a in above) - sum(b[1] for b in below if b),
    )
    if rest != (0, 0):
        out.insert(
            2,
            f'<tr class="above bonus" title="rubber bonus and other premiums">'
            f"<td {cell}>{rest[0] or ''}</td><td {cell}>{rest[1] or ''}</td></tr>",
        )
    out.append(
        f'<tr class="totals"><th {cell}>{totals.ns}</th><th {cell}>{totals.ew}</th></tr></table>'
    )
    return "".join(out)


def _results_html(game: Any) -> str:
    rows = []
    for r in game.results:
        if r.contract is None:
            what = "void: " + str(r.void) if r.void else "passed out"
            rows.append(f"<li>Hand {r.number} (dealer {_seat_name(r.dealer)}): {_esc(what)}</li>")
            continue
        won = r.tricks_won[r.contract.declarer.side]
        points = "" if r.score is None else f", {r.score.score_for(r.contract.declarer.side):+d}"
        rows.append(
            f"<li>Hand {r.number}: {_esc(_call_text(r.contract.spec()))} by "
            f"{_seat_name(r.contract.declarer)}, {won} tricks{points}</li>"
        )
    return f'<ul class="results">{"".join(rows)}</ul>' if rows else ""


def game_html(game: Any) -> str:
    """A game as HTML: the table of the hand in progress, its auction and tricks, the hands
    played so far and the score sheet above and below the line.

    Uses only the game's public API (``deal``, ``position``, ``declaring``, ``tricks``,
    ``results``, ``totals``...).

    Raises:
        TypeError: `game` is not a :class:`~redouble.game.Game`.
    """
    _require_game(game)
    head = f"{game.law_set.title}: hand {game.hand_number}, {game.phase.value}"
    parts = [
        '<div class="redouble-game" style="font-family:sans-serif">',
        f"<h4 style='margin:4px 0'>{_esc(head)}</h4>",
        '<div style="display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap">',
        f"<div>{game_svg(game)}</div>",
        f"<div><b>Auction</b>{_auction_html(game)}{_tricks_html(game)}</div>",
        f"<div><b>Score sheet</b>{_score_sheet_html(game)}{_results_html(game)}</div>",
        "</div></div>",
    ]
    return "".join(parts)


# ------------------------------------------------------------------------------------------------
# The terminal.
# ------------------------------------------------------------------------------------------------


def wants_colour(stream: TextIO) -> bool:
    """Whether `stream` should get colour: a terminal, ``NO_COLOR`` unset, ``TERM`` not "dumb",
    and the optional `rich` package installed."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    if not callable(isatty) or not isatty():
        return False
    return importlib.util.find_spec("rich") is not None


def can_write_symbols(stream: TextIO) -> bool:
    """Whether `stream`'s encoding can write the suit symbols (else S H D C letters are used)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "♠♥♦♣—▸".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def colour_text(text: str, stream: TextIO, *, colour: bool | None = None) -> None:
    """Write `text` to `stream`, with the red suits' symbols in red when colour is wanted.

    `colour` None decides by :func:`wants_colour`; True needs `rich` installed.

    Raises:
        TypeError: `text` is not a str, `stream` has no ``write`` method, or `colour` is not
            a bool or None.
    """
    text = as_str(text, "text")
    if not callable(getattr(stream, "write", None)):
        raise TypeError(
            f"stream must be a text stream with a write method, not {type(stream).__name__}"
        )
    if colour is not None:
        colour = as_bool(colour, "colour")
    use = wants_colour(stream) if colour is None else colour
    if not use:
        stream.write(text)
        return
    # rich is an optional extra (``.[colour]``): imported by name so that type checks and
    # imports of this module never need it.
    Console = importlib.import_module("rich.console").Console
    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    styled = _styled(text)
    console.print(styled, end="")


def _styled(text: str) -> Any:
    """`text` as a rich Text with the suit symbols coloured (rich must be installed)."""
    Text = importlib.import_module("rich.text").Text
    styled = Text()
    for ch in text:
        if ch in "♥♦":
            styled.append(ch, style="bold red")
        elif ch in "♠♣":
            styled.append(ch, style="bold")
        else:
            styled.append(ch)
    return styled


def rich_diagram(deal: Deal) -> Any:
    """The deal's diagram as a `rich` Text, red suits red (``rich.print(deal)`` uses it).

    Raises:
        TypeError: `deal` is not a Deal.
        ModuleNotFoundError: the optional `rich` package is not installed.
    """
    _require_deal(deal)
    return _styled(deal.diagram())


def terminal_diagram(deal: Deal, stream: TextIO, *, colour: bool | None = None) -> None:
    """Write `deal`'s diagram to `stream`: suit symbols where the encoding allows, coloured
    through `rich` on a terminal that wants colour (``NO_COLOR`` respected), plain otherwise.

    Raises:
        TypeError: `deal` is not a Deal.
    """
    _require_deal(deal)
    text = deal.diagram(unicode=can_write_symbols(stream)) + "\n"
    colour_text(text, stream, colour=colour)
