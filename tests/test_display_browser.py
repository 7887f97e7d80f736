"""The displays in a real browser: headless Chromium loads a page of every picture, each SVG
also as a file of its own (the strict XML parser), runs a check script, and takes a
screenshot. Any console message, a picture that fails to load or draws nothing, or a blank
screenshot fails the test. Skipped when no Chromium is installed (CI installs Debian's)."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

import redouble
from redouble import display, solver
from redouble.game import Game, RandomPlayer
from redouble.play import Position

_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
_CHECK = """
<script>
window.addEventListener("load", () => {
  let n = 0;
  for (const img of document.images) {
    if (!img.complete || img.naturalWidth === 0) console.error("picture not drawn: " + img.src);
    else n++;
  }
  for (const svg of document.querySelectorAll("svg")) {
    const box = svg.getBBox();
    if (!(box.width > 100 && box.height > 50)) console.error("inline svg drew nothing");
    else n++;
  }
  for (const t of document.querySelectorAll("table")) {
    if (t.getBoundingClientRect().height < 20) console.error("table drew nothing");
    else n++;
  }
  document.body.setAttribute("data-rendered", String(n));
});
</script>
"""


def _browser() -> str:
    for name in _BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no headless Chromium installed (apt-get install chromium); .ci/run installs it")


def _run(browser: str, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    cmd += ["--enable-logging=stderr", "--v=0", "--allow-file-access-from-files", *args]
    env = dict(os.environ, HOME=os.environ.get("HOME", "/tmp"))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, check=False)


def _console(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def _png_colours(path: Path) -> int:
    """Distinct byte values in the screenshot's pixel data (a blank page has very few)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(idat)))


def _pictures() -> dict[str, str]:
    board = redouble.board(seed=1906, number=3)
    pos = Position(board.deal, 3, board.dealer.lho)
    for _ in range(5):
        pos.play(min(pos.legal_plays()))
    game = Game("auction_1912", seed=11)
    bot = RandomPlayer(5)
    while len(game.results) < 2 or game.position is None or len(game.tricks) < 3:
        game.act(bot(game))
    return {
        "board.svg": display.board_svg(board),
        "deal.svg": display.deal_svg(board.deal),
        "position.svg": display.position_svg(pos),
        "game.svg": display.game_svg(game),
        "bars.svg": display.bar_chart_svg(["SA", "HK", "D2", "C7"], [9, 8, 8, 7], highlight=[0]),
        "game.html": display.game_html(game),
        "dd.html": display.dd_table_html(solver.dd_table(board.deal), par="3NT NS"),
    }


def test_pictures_render_in_chromium(tmp_path: Path) -> None:
    browser = _browser()
    pictures = _pictures()
    body = []
    for name, text in pictures.items():
        if name.endswith(".svg"):
            (tmp_path / name).write_text(text, encoding="utf-8")
            body.append(f'<img src="{name}" alt="{name}">')
        else:
            body.append(text)
    body.append(pictures["board.svg"])  # one SVG inline too, as Jupyter shows it
    page = tmp_path / "page.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>redouble</title></head><body>'
        + "".join(body)
        + _CHECK
        + "</body></html>",
        encoding="utf-8",
    )
    dom = _run(browser, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert _console(dom.stderr) == []
    m = re.search(r'data-rendered="(\d+)"', dom.stdout)
    assert m, "the check script did not run"
    # five SVG files, one inline SVG (+ the game's inline table SVG), and the tables
    assert int(m.group(1)) >= 5 + 2 + 4
    shot = tmp_path / "page.png"
    run = _run(browser, "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri())
    assert run.returncode == 0, run.stderr[-2000:]
    assert _console(run.stderr) == []
    assert _png_colours(shot) > 50
    out = os.environ.get("REDOUBLE_SCREENSHOT")
    if out:  # keep the picture to look at: REDOUBLE_SCREENSHOT=/tmp/shot.png pytest ...
        shutil.copy(shot, out)


def test_console_errors_are_seen(tmp_path: Path) -> None:
    """The check above can fail: a broken SVG file and a script error reach the console."""
    browser = _browser()
    (tmp_path / "bad.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><text>&</svg>')
    page = tmp_path / "page.html"
    page.write_text('<html><body><img src="bad.svg">' + _CHECK + "</body></html>")
    dom = _run(browser, "--dump-dom", page.as_uri())
    assert any("picture not drawn" in line for line in _console(dom.stderr))
