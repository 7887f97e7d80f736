"""The SVG/HTML displays, checked by their structure: well-formed XML, the right cards in the
right hands, dealer, vulnerability, trick, par and score sheet where they belong."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import redouble
from redouble import Card, CardSet, Deal, Seat, Strain, display
from redouble.deal import Board
from redouble.play import Position

SVG = "{http://www.w3.org/2000/svg}"
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def _hands_drawn(root: ET.Element) -> dict[str, CardSet]:
    """Read the hands back from the drawing: each holding line's symbol and ranks."""
    out: dict[str, CardSet] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != "hand":
            continue
        cards = []
        for line in g.iter(f"{SVG}text"):
            if line.get("class") != "holding":
                continue
            spans = {s.get("class"): (s.text or "") for s in line.iter(f"{SVG}tspan")}
            suit = SYMBOLS[spans["suit"]]
            assert suit == line.get("data-suit")
            for rank in spans["ranks"].split():
                if rank != "—":
                    cards.append(Card.parse(suit + rank))
        out[g.get("data-seat", "?")] = CardSet(cards)
    return out


def test_deal_svg_has_every_card_in_its_hand() -> None:
    d = redouble.deal(7, 1)
    root = ET.fromstring(display.deal_svg(d))
    assert root.tag == f"{SVG}svg"
    drawn = _hands_drawn(root)
    assert {Seat.parse(k): v for k, v in drawn.items()} == dict(d.hands())


def test_board_svg_marks_dealer_and_vulnerability() -> None:
    b = Board.from_number(7, DEAL)  # board 7: dealer South, both vulnerable
    root = ET.fromstring(display.board_svg(b))
    assert root.get("class") == "redouble-board"
    dealer = [e.get("data-seat") for e in root.iter() if e.get("class") == "dealer"]
    assert dealer == ["S"]
    vul = sorted(e.get("data-seat") or "" for e in root.iter() if e.get("class") == "vulnerable")
    assert vul == ["E", "N", "S", "W"]
    titles = [e.text for e in root.iter() if e.get("class") == "title"]
    assert titles == ["Board 7", "Dealer: South", "Vulnerable: All"]
    # Board 2: East deals, NS vulnerable: only North's and South's edges are red.
    root2 = ET.fromstring(display.board_svg(Board.from_number(2, DEAL)))
    vul2 = sorted(e.get("data-seat") or "" for e in root2.iter() if e.get("class") == "vulnerable")
    assert vul2 == ["N", "S"]


def test_void_and_ten_are_written() -> None:
    d = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    root = ET.fromstring(display.deal_svg(d))
    texts = "".join(root.itertext())
    assert "10" in texts
    assert "—" in texts
    assert "T" not in texts.replace("Vul", "")
    assert {Seat.parse(k): v for k, v in _hands_drawn(root).items()} == dict(d.hands())


def test_repr_hooks_delegate_when_present() -> None:
    # Deal, Board and Position have _repr_svg_ hooks that call this module.
    assert DEAL._repr_svg_() == display.deal_svg(DEAL)
    b = Board.from_number(3, DEAL)
    assert b._repr_svg_() == display.board_svg(b)
    p = Position(DEAL, Strain.HEARTS, Seat.WEST)
    assert p._repr_svg_() == display.position_svg(p)


def test_position_svg_shows_cards_left_and_trick() -> None:
    p = Position(DEAL, Strain.SPADES, leader=Seat.EAST)
    p.play("ST")
    p.play("S5")
    root = ET.fromstring(display.position_svg(p))
    played = {
        e.get("data-seat"): e.get("data-card") for e in root.iter() if e.get("class") == "played"
    }
    assert played == {"E": "ST", "S": "S5"}
    drawn = {Seat.parse(k): v for k, v in _hands_drawn(root).items()}
    assert drawn == {s: p.hand(s) for s in Seat}
    assert Card.parse("ST") not in drawn[Seat.EAST]
    titles = [e.text for e in root.iter() if e.get("class") == "title"]
    assert titles == ["Strain: ♠", "Tricks NS 0, EW 0", "West to play"]


def test_dd_table_html_grid_and_par() -> None:
    table = np.arange(20, dtype=np.uint8).reshape(5, 4) % 14
    root = ET.fromstring(display.dd_table_html(table, par="4S NS"))
    rows = {r.get("data-strain"): r for r in root.iter("tr") if r.get("data-strain")}
    assert list(rows) == ["NT", "S", "H", "D", "C"]  # NT first, then the suits down
    for strain in Strain:
        cells = {td.get("data-seat"): int(td.text or "") for td in rows[strain.letter].iter("td")}
        assert cells == {s.letter: int(table[strain][s]) for s in Seat}
    par = [
        (r.get("data-strain"), td.get("data-seat"))
        for r in rows.values()
        for td in r.iter("td")
        if td.get("class") == "par"
    ]
    assert sorted(par) == [("S", "N"), ("S", "S")]
    assert "Par: 4S NS" in "".join(root.itertext())


def test_dd_table_errors() -> None:
    with pytest.raises(display.DisplayError, match="shape"):
        display.dd_table_html(np.zeros((4, 5), np.uint8))
    with pytest.raises(display.DisplayError, match=r"0\.\.13"):
        display.dd_table_html(np.full((5, 4), 14))
    with pytest.raises(display.DisplayError, match="par"):
        display.dd_table_html(np.zeros((5, 4), np.uint8), par=4)  # type: ignore[arg-type]
    wrapped = display.DDTable(np.full((5, 4), 9, np.uint8), par="3NT by N")
    assert wrapped.tricks(Strain.NOTRUMP, Seat.NORTH) == 9
    assert 'class="par"' in wrapped._repr_html_()


def test_bar_chart_svg() -> None:
    svg = display.bar_chart_svg(["SA", "H10", "mean"], [7, 6.5, -1], title="Leads", highlight=[0])
    root = ET.fromstring(svg)
    bars = [e for e in root.iter() if e.get("class") == "bar"]
    assert [(b.get("data-label"), float(b.get("data-value") or "nan")) for b in bars] == [
        ("SA", 7.0),
        ("H10", 6.5),
        ("mean", -1.0),
    ]
    widths = [float(r.get("width") or 0) for b in bars for r in b.iter(f"{SVG}rect")]
    assert widths[0] > widths[1] > widths[2] > 0  # bars are drawn to scale, from zero
    labels = ["".join(e.itertext()) for e in root.iter() if e.get("class") == "label"]
    assert labels == ["♠A", "♥10", "mean"]
    with pytest.raises(display.DisplayError, match="labels"):
        display.bar_chart_svg(["a"], [1, 2])
    with pytest.raises(display.DisplayError, match="finite"):
        display.bar_chart_svg(["a"], [float("nan")])
    with pytest.raises(display.DisplayError, match="numbers"):
        display.bar_chart_svg(["a"], ["x"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        display.bar_chart_svg("ab", [1, 2])


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="Deal"):
        display.deal_svg("N:...")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Board"):
        display.board_svg(DEAL)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Position"):
        display.position_svg(DEAL)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Game"):
        display.game_html(DEAL)


def _played_game() -> object:
    from redouble.game import Game, RandomPlayer

    game = Game("auction_1912", seed=11)
    bot = RandomPlayer(5)
    while len(game.results) < 3 or game.position is None or len(game.tricks) < 2:
        game.act(bot(game))
    return game


def test_game_html_auction_tricks_and_sheet() -> None:
    game = _played_game()
    root = ET.fromstring(display.game_html(game))
    # The table: the cards still held, as the game's position has them.
    svg = next(root.iter(f"{SVG}svg"))
    drawn = {Seat.parse(k): v for k, v in _hands_drawn(svg).items()}
    pos = game.position  # type: ignore[attr-defined]
    assert drawn == {s: pos.hand(s) for s in Seat}
    # The auction grid holds every call of the hand, in order, under its seat.
    calls = [(td.get("data-seat"), td.text) for td in root.iter("td") if td.get("class") == "call"]
    declaring = game.declaring  # type: ignore[attr-defined]
    dealer = game.dealer  # type: ignore[attr-defined]
    expected = [
        (dealer.next(i).letter, display._call_text(str(c))) for i, c in enumerate(declaring.calls)
    ]
    assert calls == expected
    # One row a quitted trick.
    assert len([r for r in root.iter("tr") if r.get("class") == "trick"]) == len(game.tricks)  # type: ignore[attr-defined]
    # The sheet: every hand's trick score below the line and honours above, and the totals.
    below = [
        (int(td[0].text or 0), int(td[1].text or 0))
        for td in (list(r) for r in root.iter("tr") if r.get("class") == "below")
    ]
    scored = [r.score.trick_score for r in game.results if r.score is not None]  # type: ignore[attr-defined]
    assert below == [(t.ns, t.ew) for t in scored if t.ns or t.ew]
    totals = next(r for r in root.iter("tr") if r.get("class") == "totals")
    t = game.totals  # type: ignore[attr-defined]
    assert [int(th.text or "") for th in totals] == [t.ns, t.ew]


def test_game_html_bridge_declaration() -> None:
    from redouble.game import Game, RandomPlayer

    game = Game("bridge_1906", seed=2)
    bot = RandomPlayer(1)
    while game.position is None:
        game.act(bot(game))
    root = ET.fromstring(display.game_html(game))
    calls = [(td.get("data-seat"), td.text) for td in root.iter("td") if td.get("class") == "call"]
    history = [(Seat(s).letter, display._call_text(str(c))) for s, c in game.declaring.history]  # type: ignore[union-attr]
    assert calls == history


def test_terminal_diagram_plain_and_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    display.terminal_diagram(DEAL, out)  # not a terminal: plain text
    assert out.getvalue() == DEAL.diagram() + "\n"
    assert not display.wants_colour(out)

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    assert not display.wants_colour(Tty())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "xterm-256color")
    pytest.importorskip("rich", reason="colour needs the optional 'rich' extra")
    assert display.wants_colour(Tty())
    tty = Tty()
    display.terminal_diagram(DEAL, tty)
    text = tty.getvalue()
    assert "\x1b[" in text  # ANSI colour codes around the suit symbols
    assert "♥" in text


def test_terminal_diagram_ascii_encoding() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    display.terminal_diagram(DEAL, stream)
    stream.flush()
    assert raw.getvalue().decode("ascii") == DEAL.diagram(unicode=False) + "\n"


def test_vulnerability_by_name() -> None:
    root = ET.fromstring(display.deal_svg(DEAL, dealer="W", vulnerability="EW"))
    vul = sorted(e.get("data-seat") or "" for e in root.iter() if e.get("class") == "vulnerable")
    assert vul == ["E", "W"]


def test_rich_print_colours_a_deal() -> None:
    rich_console = pytest.importorskip("rich.console", reason="needs the optional 'rich' extra")
    out = io.StringIO()
    rich_console.Console(file=out, force_terminal=True, width=100).print(DEAL)
    text = out.getvalue()
    assert "\x1b[" in text
    assert "North" in text
    plain = io.StringIO()
    rich_console.Console(file=plain, no_color=True, width=100).print(DEAL)
    assert plain.getvalue().rstrip("\n") == DEAL.diagram()


def test_vulnerability_and_dealer_errors() -> None:
    root = ET.fromstring(display.deal_svg(DEAL, vulnerability="Both"))
    assert len([e for e in root.iter() if e.get("class") == "vulnerable"]) == 4
    with pytest.raises(display.DisplayError, match="vulnerability"):
        display.deal_svg(DEAL, vulnerability="red")
    with pytest.raises(TypeError, match="vulnerability"):
        display.deal_svg(DEAL, vulnerability=3)


def test_finished_rubber_sheet_adds_up() -> None:
    from redouble.game import Game, RandomPlayer

    game = Game("auction_1912", seed=21)
    game.auto_play(RandomPlayer(2))
    root = ET.fromstring(display.game_html(game))
    rows = [r for r in root.iter("tr") if (r.get("class") or "").startswith(("above", "below"))]
    sums = [0, 0]
    for r in rows:
        for i, td in enumerate(list(r)[:2]):
            sums[i] += int(td.text or 0)
    assert sums == [game.totals.ns, game.totals.ew]
    assert any(r.get("class") == "above bonus" for r in rows)  # the rubber bonus
    # Once the game is over the table shows the last hand as dealt.
    svg = next(root.iter(f"{SVG}svg"))
    drawn = {Seat.parse(k): v for k, v in _hands_drawn(svg).items()}
    assert drawn == dict(game.results[-1].deal.hands())
