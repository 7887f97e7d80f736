"""The core's LIN reader against the Python reader it replaces (issue 16, speed).

``lin.load``/``loads`` read through the C++ lexer, board splitter and typer
(``_core.read_lin``) and build common boards from shared calls and cards; ``_loads_python``,
the Python lexer and ``_board``, is the reference. Both must give the same records, the same
problems (``errors="skip"``) and the same first error class, message, line and column
(``errors="strict"``), on the test files, on generated files and on mutated or garbage
input, as bytes in every encoding mode and as text. The deal-only path agrees with the
records' deals.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_lin import ALERTS, random_lin_record

from redouble import _core
from redouble.errors import FormatError, RedoubleError
from redouble.formats import lin

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.rglob("*.lin"))
GENERATED = lin.dumps(random_lin_record(seed, commented=seed % 2 == 0) for seed in range(40))
SEEDS = [p.read_bytes() for p in FILES] + [GENERATED.encode(), ALERTS.encode()]


def _lexer(name: str) -> Any:
    """Set which LIN reader loads uses for the `with` block (unittest.mock restores it)."""
    return mock.patch.object(lin, "_LEXER", name)


def _outcome(read: Callable[[], Any]) -> Any:
    try:
        boards = read()
    except RedoubleError as e:
        return (
            "error",
            type(e).__name__,
            str(e),
            e.line if isinstance(e, FormatError) else None,
            e.column if isinstance(e, FormatError) else None,
        )
    problems = [(type(e).__name__, str(e), e.line, e.column) for e in boards.problems]
    return (list(boards), problems)


def _both(read: Callable[[], Any]) -> Any:
    with _lexer("python"):
        reference = _outcome(read)
    with _lexer("core"):
        core = _outcome(read)
    assert core == reference
    return core


def _all_ways(data: bytes) -> None:
    """Bytes in each encoding mode and as text, strict and skip."""
    for encoding in (None, "utf-8", "latin-1"):
        for errors in ("strict", "skip"):
            _both(lambda e=encoding, r=errors: lin.load(io.BytesIO(data), encoding=e, errors=r))
    text = data.decode("utf-8", "replace")
    for errors in ("strict", "skip"):
        _both(lambda r=errors: lin.loads(text, errors=r))
        _both(lambda r=errors: lin.load(io.StringIO(text), errors=r))


def test_the_reader_uses_the_core_by_default() -> None:
    assert lin._LEXER == "core"


def test_the_core_types_common_boards_itself() -> None:
    # The differential tests below hold the core's typed boards (event 2) to the reference;
    # they mean something only if common boards take that path.
    events = _core.read_lin(GENERATED.encode(), False, lin.MAX_VALUE, lin.MAX_BOARD_PAIRS)
    assert len(events) == 40
    assert sum(kind == 2 for kind, _ in events) >= 36


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        # Boards with a plain qx| and no pn| of their own: all but each segment's first (vg|,
        # eight-name pn|) and, in the match file, the board with the second pn|.
        ("vugraph_match.lin", [False, True, True, True, False, True]),
        ("vugraph_segments.lin", [False, True, True, True] * 2),
    ],
)
def test_the_core_types_the_boards_of_a_room(name: str, typed: list[bool]) -> None:
    data = (DATA / "games" / name).read_bytes()
    events = _core.read_lin(data, False, lin.MAX_VALUE, lin.MAX_BOARD_PAIRS)
    assert [kind == 2 for kind, _ in events] == typed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_lin_file_reads_the_same(path: Path) -> None:
    _all_ways(path.read_bytes())
    _both(lambda: lin.load(path))


def test_generated_files_read_the_same() -> None:
    for seed in range(0, 400, 40):
        text = lin.dumps(random_lin_record(seed + k) for k in range(40))
        _, problems = _both(lambda t=text: lin.loads(t))
        assert problems == []


def test_partial_last_tricks_read_the_same() -> None:
    # A claim in the middle of a trick: the row is laid out by seat, "-" before the last card.
    for line in GENERATED.splitlines()[:20]:
        starts = [i for i in range(len(line)) if line.startswith("pc|", i)]
        for k in range(1, min(len(starts), 9)):
            cut = line[: starts[k]] + "mc|7|"
            _both(lambda t=cut: lin.loads(t))


# Pieces that steer mutations to the lexer's and builder's corners: separators, line breaks
# Python's splitlines knows, keys, values the fast path refuses, non-ASCII text.
_PIECES = [
    "|",
    "||",
    ",",
    "\n",
    "\r",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\ufeff",
    " ",
    "\t",
    "\xa0",
    "\u3000",
    "md|",
    "mb|",
    "pc|",
    "an|",
    "mc|",
    "qx|",
    "pn|",
    "sv|",
    "ah|",
    "nt|",
    "tg|",
    "st||",
    "pg||",
    "zz|",
    "MD|",
    "md|3",
    "mb|1N!|",
    "mb|2RS|",
    "mb|pass|",
    "mb|1C?|",
    "pc|S10|",
    "pc|s2!|",
    "mc|14|",
    "mc|09|",
    "sv|x|",
    "ah|Board 1|",
    "ah|board+12|",
    "tg|Result=9|",
    "tg|bad|",
    "qx|o1|",
    "qx|c12,Board 12|",
    "qx|x|",
    "qx|O7|",
    "qx|c0012,|",
    "qx|o123456789|",
    "qx|o1234567890|",
    "qx|c1 |",
    "qx| o1|",
    "vg|Cup,R1,I,1,2,A,0,B,0|",
    "vg|Cup|",
    "vg||",
    "rs|3NS=,4HE-1|",
    "rs||",
    "pn|a,b,c,d,e,f,g,h|",
    "pn|,,,|",
    "pn|a,,c,|",
    "é",
    "ß",
    "\udcff",
    "S",
    "H",
    "10",
    "A",
    "p",
]


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(text) + 1)
        op = rng.randrange(4)
        if op == 0:
            text = text[:i] + rng.choice(_PIECES) + text[i:]
        elif op == 1:
            text = text[:i] + text[i + rng.randrange(1, 8) :]
        elif op == 2:
            text = text[:i]
        else:
            j = rng.randrange(len(text) + 1)
            text = text[:i] + text[j : j + rng.randrange(1, 40)] + text[i:]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(SEEDS) - 1))
def test_mutated_text_reads_the_same(seed: int, which: int) -> None:
    rng = random.Random(seed)
    text = _mutate(SEEDS[which].decode("utf-8"), rng)
    for errors in ("strict", "skip"):
        _both(lambda r=errors: lin.loads(text, errors=r))
    data = text.encode("utf-8", "surrogatepass")
    for encoding in (None, "latin-1"):
        _both(lambda e=encoding: lin.load(io.BytesIO(data), encoding=e, errors="skip"))


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=400))
def test_garbage_bytes_read_the_same(data: bytes) -> None:
    for encoding in (None, "utf-8", "latin-1"):
        for errors in ("strict", "skip"):
            _both(lambda e=encoding, r=errors: lin.load(io.BytesIO(data), encoding=e, errors=r))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["md", "mb", "pc", "an", "mc", "sv", "ah", "pn", "qx", "nt", "xx"]),
            st.text(alphabet="123457SHDCshdcAKQJT98pdrNoO!, ?", max_size=20),
        ),
        max_size=40,
    )
)
def test_random_pairs_read_the_same(pairs: list[tuple[str, str]]) -> None:
    text = "".join(f"{k}|{v}|" for k, v in pairs)
    for errors in ("strict", "skip"):
        _both(lambda r=errors: lin.loads(text, errors=r))


# Inputs at the corners of the lexer, the limits and the builder (test_lin_stream reads them
# in chunks too).
CORNERS = [
    "",
    "\n\n",
    "\ufeffmd|3SA,SK,SQ,SJ|",
    "\ufeff \ufeffmd|3|",
    "md|3|" + "x" * 70_000 + "|",
    "md|3|nt|" + "é" * 65_537 + "|",
    "md|3|nt|" + "é" * 65_536 + "|",
    "md|3|" + "nt|x|" * 20 + "\n" + "a" * 262_145,
    "md|3|" + "nt|x|" * (lin.MAX_BOARD_PAIRS + 1),
    "md|3|key|value|",
    "md|3|mb|1N",
    "  md  |3|",
    "md|3|\u2028mb|p|\x85mb|p|\x1cmb|p|\x1dmb|p|",
    "mb|p|md|3|",
    "pc|SA|md|1SAKQJHAKQJDAKQJCA,S2,S3,|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|p|mb|p|mb|p|mb|p|pc|S2|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|1C|mb|p|mb|p|mb|p|mc|7|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mc|7|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|1C|mb|p|mb|p|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|an|x|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|1C|an|x|an|y|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,,,|md|1SAKQJHAKQJDAKQJCA,S2,S3,,x|",
    "md|1SAKQJHAKQJDAKQJCAS2,,,|md|1SAKQJHAKQJDAKQJCA,SA,,|md|1 SA,,,|",
    "md|1SAKQJHAKQJDAKQJC,SA,S2,S3|md|1SAKQJHAKQJDAKQJCA,S2,S3,S4|",
    "md|3S2,,,|sv|O|ah| board +007 |ah|Board 1234567890|ah|board\u00a01|",
    "md|3|mc| 9|mc|9 |mc|１|",
    "md|3|sv| o|",
    "\udcffmd|3|",
    "md|3|nt|\udcff|",
    # Commentary and where it stood: before the deal, among calls, cards and claims, empty,
    # at the end of the text (closed and not), a pipe "escaped" (LIN has no escape: the value
    # ends at it), odd characters, and as many as a board may hold.
    'nt|top|md|3SA,SK,SQ,SJ|nt||nt| |mb|1N|an|x|nt|\t{x}[y]%;"|mb|p|mb|p|mb|p|nt|end|',
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|7N|mb|p|mb|p|mb|p|pc|D2|nt|a|pg||nt|b|mc|13|nt|c|pc|D3|nt|d|",
    "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|7N|mb|p|mb|p|mb|p|nt|a|mc|13|nt|b|mc|12|nt|c|",
    "md|3|mc|7|nt|x|",
    "md|3|mb|p|nt|",
    "md|3|mb|p|nt||",
    "md|3|mb|p|nt|\n|",
    "md|3|nt|a\\|b|nt|c|",
    "md|3|nt|\u200f\u0000\ufeff|mb|p|nt|\U0001f0a1|\nmd|3|nt|x|",
    "nt|only|",
    "md|3|" + "mb|p|nt|x|" * 3000,
    "md|3|" + "nt||" * (lin.MAX_BOARD_PAIRS - 1) + "\nmd|3|" + "nt||" * lin.MAX_BOARD_PAIRS,
    "md|3|pn|a,,c,d|pn|a,b|pn|,,,|",
    # Unknown keys between boards (after one board's md|, before the next board's start) are
    # the board before's; the writer puts a board's own first behind its pn| or qx|. A vg| or
    # rs| after a board begins the next one (a new segment of a vugraph file).
    "md|3SA,SK,SQ,SJ|\nzz|1|md|1SA,SK,SQ,SJ|",
    "pn|a,b,c,d|md|3|\nvg|E,S,I|zz|1|pn|,,,|zz|2|md|3|\nqx|o1|zz|3|md|3|",
    "pn|a,b,c,d,e,f,g,h|vg|E,S1,I|qx|o1|md|3|mc|7|pg||nt|x|\nvg|E,S2,I|rs||qx|c1|md|3|",
    "qx|o1|md|3|\nvg|E|rs|1NS=|pn|a,b,c,d|pg||\n",
    "qx|o1|md|3|vg||rs||md|3|rs||",
    "qx|o1|md|3|\nvg|E,S2,I|qx|c1|qx|o2|md|3|",
    # Boards of a room the core types: what the file carries goes in after the Room.
    "qx|O7|md|3|\nqx|c0012,label|md|3|ah|Board 9|\nqx|o123456789|md|3|ah|x|zz|1|",
    "qx|o1234567890|md|3|\nqx|c1 |md|3|\nqx|o1,|md|3|\nqx|o1|pn|a,b,c,d|md|3|",
    (
        "pn|a,b,c,d,e,f,g,h|vg|E,S,I|qx|o1|md|3|\nqx|c1|md|3|zz|2|\nqx|o2|pn|w,x,y,z|md|3|\n"
        "pn|,,,|qx|c2|md|3|\nzz|3|qx|o3|md|3|\nqx|c3|md|3|\nmd|3|\nqx|o4|qx|c4|md|3|"
    ),
]


@pytest.mark.parametrize("text", CORNERS)
def test_hostile_and_corner_inputs_read_the_same(text: str) -> None:
    for errors in ("strict", "skip"):
        _both(lambda r=errors: lin.loads(text, errors=r))
    data = text.encode("utf-8", "surrogatepass")
    for encoding in (None, "utf-8", "latin-1"):
        _both(lambda e=encoding: lin.load(io.BytesIO(data), encoding=e, errors="skip"))


def test_limits_are_read_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lin, "MAX_VALUE", 8)
    monkeypatch.setattr(lin, "MAX_BOARD_PAIRS", 5)
    for text in ("md|3|nt|123456789|", "md|3|" + "nt|x|" * 6, "md|3|" + "a|b|" * 9):
        for errors in ("strict", "skip"):
            outcome = _both(lambda t=text, r=errors: lin.loads(t, errors=r))
            assert outcome[0] == "error" or outcome[1]


def test_load_deals_gives_the_records_deals(tmp_path: Path) -> None:
    records = [random_lin_record(seed) for seed in range(60)]
    path = tmp_path / "deals.lin"
    lin.dump(records, path)
    masks = lin.load_deals(path)
    assert masks.dtype == np.uint64
    assert masks.shape == (60, 4)
    want = [[r.deal.hand(s).mask for s in range(4)] for r in lin.load(path) if r.deal]
    assert masks.tolist() == want
    assert lin.loads_deals(path.read_text()).tolist() == want


def test_load_deals_fills_the_fourth_hand_and_skips_empty_deals() -> None:
    three = "md|3SAK84HQT7DA92CJ63,SQJ92HJ9DKQ7CAT84,ST7HA8532DJT5CK95,|"
    masks = lin.loads_deals(three + "md|3|md|2SA,,,|")
    rec = lin.loads(three)[0]
    assert rec.deal is not None
    assert masks[0].tolist() == [rec.deal.hand(s).mask for s in range(4)]
    assert masks.shape == (2, 4)
    assert masks[1].tolist() == [0, 0, 1 << 51, 0]  # the first hand is South's


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("md|1SAZ,,,|", FormatError),
        ("md|1SA,SA,,|", RedoubleError),
        ("md|1SAKQJT98765432H2,,,|", RedoubleError),
        ("md|1SA,,,,S2|", FormatError),
        ("md|1SA|x", FormatError),
    ],
)
def test_load_deals_refuses_malformed_hands(text: str, error: type[Exception]) -> None:
    with pytest.raises(error, match="line 1"):
        lin.loads_deals(text)


def test_load_deals_checks_its_argument_types() -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        lin.loads_deals(b"md|3|")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="source must be a path or a file"):
        lin.load_deals(3)  # type: ignore[arg-type]
