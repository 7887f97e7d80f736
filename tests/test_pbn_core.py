"""The core's PBN lexer against the Python reader it replaces (issue 16, speed and memory).

``pbn.load``/``loads``/``iter_boards`` read through the C++ lexer (``_core.PbnLexer``) and a
builder that shares immutable calls and cards; ``PbnReader``, the Python lexer and
``RecordBuilder``, is the reference. Both must give the same records, the same problems
(``errors="skip"``) and the same first error, message, line and column (``errors="strict"``),
on the test files and on mutated text, as bytes in every encoding mode and as text. The
streaming reader's peak memory does not grow with the file.
"""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble.errors import FormatError
from redouble.formats import pbn

DATA = Path(__file__).parent / "data"
FILES = sorted([*(DATA / "formats").glob("*.pbn"), *(DATA / "games").glob("*.pbn")])
SEEDS = [p.read_bytes() for p in FILES]


def _lexer(name: str) -> Any:
    """Set which PBN reader loads uses for the `with` block (unittest.mock restores it)."""
    return mock.patch.object(pbn, "_LEXER", name)


def _outcome(read: Callable[[], Any]) -> Any:
    try:
        boards = read()
    except FormatError as e:
        return ("error", str(e), e.line, e.column)
    problems = [(str(e), e.line, e.column) for e in getattr(boards, "problems", [])]
    return (list(boards), problems)


def _both(read: Callable[[], Any]) -> Any:
    with _lexer("python"):
        reference = _outcome(read)
    with _lexer("core"):
        core = _outcome(read)
    assert core == reference
    return core


def _all_ways(data: bytes, limits: pbn.Limits | None = None) -> None:
    """Bytes in each encoding mode, text, strict and skip, records and tags only."""
    for encoding in (None, "utf-8", "latin-1"):
        for errors in ("strict", "skip"):
            _both(
                lambda e=encoding, r=errors: pbn.load(
                    io.BytesIO(data), encoding=e, errors=r, limits=limits
                )
            )
        _both(
            lambda e=encoding: list(
                pbn.iter_boards(io.BytesIO(data), pbn.TagsBuilder, encoding=e, errors="skip")
            )
        )
    text = data.decode("utf-8", "replace")
    for errors in ("strict", "skip"):
        _both(lambda r=errors: pbn.loads(text, errors=r, limits=limits))


def test_the_readers_use_the_core_by_default() -> None:
    assert pbn._LEXER == "core"
    assert isinstance(pbn._reader_for(io.BytesIO(b""), None, None), pbn._CoreReader)
    assert isinstance(pbn._reader_for(io.StringIO(""), None, None), pbn._CoreReader)
    # Encodings the core does not decode go to the Python reader.
    assert isinstance(pbn._reader_for(io.BytesIO(b""), "cp1252", None), pbn.PbnReader)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_test_file_reads_the_same_both_ways(path: Path) -> None:
    _all_ways(path.read_bytes())
    _both(lambda: pbn.load(path, errors="skip"))


def test_the_issue_16_rules_read_the_same_both_ways() -> None:
    cases = [
        # PBN 2.1 section 4.8: "#" on the first board, the last board that had the tag, "##".
        b'[Event "#"]\n[Board "1"]\n[Site "Club"]\n\n[Board "2"]\n\n[Site "#"]\n[Event "##x"]\n',
        b'[Site "A"]\n[Site "##B"]\n\n[Site "##C"]\n',
        # "##" tags added to later boards (a table's too), refused on a board's own tags.
        b'{c}\n[Event "##A"]\n[ScoreTable "##x"]\n\n{c}\n\n[Board "2"]\n[Event "B"]\n\n[Play "N"]\n',
        b'[Board "1"]\n[Dealer "##N"]\nstray\n\n[Board "2"]\nstray\n[Note "##1:x"]\n',
        # Comments inside sections, escaped quotes, a table, a comment opening a board.
        (
            b'{c}\n[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1D 1S ; x\n{y\nz} 2H Pass\nPass Pass\n'
            b'[Event "a \\"b\\" \\\\ c"]\n[ScoreTable "A;B"]\n"x y" 1\n2 3\n'
        ),
        # Latin-1 names, a byte-order mark, CRLF, unterminated comment and string.
        b'\xef\xbb\xbf[West "J\xc3\xb6rg"]\r\n[North "J\xf6rg"]\r\n',
        b'[Board "1"]\n{never closed\n',
        b'[Board "1"]\n[Play "N"]\n"open\n',
        b'[Board "1"]\nstray text\n\n[Board "2"]\n',
        b'[Board "1"\n\n[Board "2"]\n',
        b'[Board "1"]\n[Play "N"]\nSA S2 S3 S4\n*\nHA\n',
        b'[Board "1"]\n[Note "1:a"]\n[Auction "N"]\n1C =1= =2= AP\n[Note "1:x"]\n',
        b'%% directive\n[Deal "N:AKQJT98765432.-.-.- - - -"]\n',
        b'[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n',
        b'[Deal "n:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n',
    ]
    for data in cases:
        _all_ways(data)


def test_limits_fail_at_the_same_place_both_ways() -> None:
    data = SEEDS[FILES.index(DATA / "games" / "sample.pbn")]
    for limits in (
        pbn.Limits(max_line=20),
        pbn.Limits(max_section_tokens=5),
        pbn.Limits(max_board_parts=12),
        pbn.Limits(max_commentary=10),
    ):
        _all_ways(data, limits)
    _all_ways(b'[Board "1"]\n[Play "N"]\nSA S2 S3 S4   \nH2\n', pbn.Limits(max_board_parts=5))
    _all_ways(b"x" * 300 + b'\n\n[Board "1"]\n', pbn.Limits(max_line=10))


def test_undecodable_bytes_fail_at_the_same_place_both_ways() -> None:
    for data in (
        b'[Board "1"]\n[West "ab\xe9cd"]\n\n[Board "2"]\n',
        b'[Board "1"]\n[West "\xc3\xa9\xed\xa0\x80"]\n',  # a UTF-8 surrogate: not UTF-8
        b'\xef\xbb\xbf[Board "1"]\n[West "\xf4\x90\x80\x80"]\n',
        b'[West "\xe2\x82"]\n',
    ):
        _all_ways(data)


NASTY = st.sampled_from(
    [
        *b'[]{}";%*#=$!?^\\:.-+\n\r\t ',
        b"\x00",
        b"\xe9",
        b"\xc3\xa9",
        b"\xed\xa0\x80",
        b"\xef\xbb\xbf",
        b"\xc2\xa0",
        b"\xe2\x80\x83",
        b"##",
        b'"#"',
        b"AP",
        b"=1=",
        b"\n\n",
        b"9" * 300,
    ]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_files_read_the_same_both_ways(data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(SEEDS)))
    for _ in range(data.draw(st.integers(1, 8))):
        if not raw:
            break
        i = data.draw(st.integers(0, len(raw) - 1))
        op = data.draw(st.sampled_from(["insert", "delete", "replace", "dup"]))
        piece = data.draw(
            st.one_of(
                NASTY.map(lambda x: bytes([x]) if isinstance(x, int) else x), st.binary(max_size=3)
            )
        )
        if op == "insert":
            raw[i:i] = piece
        elif op == "delete":
            del raw[i : i + data.draw(st.integers(1, 40))]
        elif op == "replace":
            raw[i : i + 1] = piece
        else:
            j = min(len(raw), i + data.draw(st.integers(1, 200)))
            raw[i:i] = raw[i:j]
    limits = data.draw(
        st.sampled_from(
            [
                None,
                pbn.Limits(
                    max_line=40, max_section_tokens=30, max_board_parts=60, max_commentary=50
                ),
            ]
        )
    )
    _all_ways(bytes(raw), limits)


def _board(n: int) -> bytes:
    return (
        f'[Board "{n}"]\n[Dealer "N"]\n[Auction "N"]\n1NT Pass 3NT AP\n'
        "{a comment of some length to make the board larger than it needs to be}\n"
        '[Play "E"]\nS2 S3 S4 S5\nH2 H3 H4 H5\n*\n[Result "9"]\n\n'
    ).encode()


def peak_of(boards: Iterable[Any]) -> tuple[int, int]:
    """How many boards a streaming reader gives, and the peak of memory traced meanwhile."""
    tracemalloc.start()
    try:
        count = sum(1 for _ in boards)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return count, peak


def assert_streams_in_bounded_memory(
    read: Callable[[int], tuple[bytes, Iterable[Any]]],
) -> list[tuple[int, int]]:
    """`read(n)`: a file of n boards and a streaming reader over it. Returns each file's size
    and the reader's peak of memory, for files of 1,000 and 8,000 boards."""
    measured = []
    for n in (1_000, 8_000):
        data, boards = read(n)
        count, peak = peak_of(boards)
        assert count == n
        measured.append((len(data), peak))
    (small_size, small_peak), (big_size, big_peak) = measured
    assert big_size > 7 * small_size
    # One chunk of input and its boards at a time, whatever the file's length.
    assert big_peak < 2 * small_peak + 50_000
    assert big_peak < big_size // 2
    return measured


def test_the_streaming_reader_reads_in_memory_independent_of_the_file_size() -> None:
    def read(n: int) -> tuple[bytes, Iterable[Any]]:
        data = b"".join(_board(k) for k in range(1, n + 1))
        return data, pbn.iter_boards(io.BytesIO(data))

    assert_streams_in_bounded_memory(read)


# Boards of the typed path (the core hands common boards over as typed fields) and their near
# misses, which must go to the Python builders and come out the same.
_TAG_VALUES = {
    "Board": ["1", "7", "01", "1000000000", "1000000001", " 3", "3 ", "?", "", "x", "#", "##2"],
    "Dealer": ["N", "E", "S", "W", "n", "North", "?", "", "#"],
    "Vulnerable": ["None", "NS", "EW", "All", "Both", "Love", "-", "ns", "both", "N\u017f", "x"],
    "Deal": [
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "N:akqj.t98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "N:AKQJ.T98.765.432 - - -",
        "#",
        "?",
    ],
    "Declarer": ["N", "E", "S", "W", "^S", "s", ""],
    "Contract": ["4S", "4SX", "4SXX", "3NT", "1C", "7NTXX", "Pass", "4s", "P", "4SXXX", "HXX", "?"],
    "Result": ["9", "09", "0", "13", "14", "^9", "NS 9", "", "?"],
    "Score": ["NS 620", "", "?", "#"],
}
_CALLS = [
    *["Pass", "X", "XX", "1C", "1D", "1H", "1S", "1NT", "3NT", "7NT", "2C", "4S"] * 3,
    *["AP", "=1=", "=2=", "*", "ap", "pass", "P", "1N", "1nt", "=01=", "=100=", "1C!", "-"],
    *['"q"', "$1", "8C", "1RS"],
]
_CARDS = [
    *[s + r for s in "SHDC" for r in "23456789TJQKA"],
    *["=1=", "=2=", "*", "sa", "S10", "-", "+", "SA!", "S1"],
]
_NOTES = ["1:game try", "2:x", "01:lead", " 1:y", "1 :z", "7", "1234567:w", "1:"]
_OTHER = ["Event", "Site", "West", "note", "board", "LawSet", "ScoreTable", "OptimumResultTable"]
# How many of each list's first entries the typed path takes.
_PLAIN = {"Board": 4, "Dealer": 4, "Vulnerable": 7, "Deal": 2, "Declarer": 4, "Contract": 7}
_PLAIN |= {"Result": 4, "Score": 4, "calls": 40, "cards": 55, "notes": 3, "other": 3}


@st.composite
def _boards(draw: st.DrawFn) -> str:
    # Half the boards use only what the typed path takes; the others mix in near misses.
    plain = draw(st.booleans())

    def pick(key: str, values: list[str]) -> str:
        return draw(st.sampled_from(values[: _PLAIN[key]] if plain else values))

    pieces = []
    seen = set()
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.sampled_from(["typed", "typed", "typed", "auction", "play", "note", "tag"]))
        name = draw(st.sampled_from(sorted(_TAG_VALUES))) if kind == "typed" else kind
        if plain and name in seen - {"note", "tag"}:
            continue  # a typed tag or section given twice is an error, or a near miss
        seen.add(name)
        if kind == "typed":
            pieces.append(f'[{name} "{pick(name, _TAG_VALUES[name])}"]')
        elif kind in ("auction", "play"):
            name = kind.title() if plain else draw(st.sampled_from(["Auction", "Play", "auction"]))
            seat = draw(st.sampled_from(["N", "E", "S", "W"] if plain else ["n", "", "#", "N"]))
            key, words = ("calls", _CALLS) if kind == "auction" else ("cards", _CARDS)
            tokens = [pick(key, words) for _ in range(draw(st.integers(0, 16)))]
            lines = [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]
            if draw(st.booleans()) and lines:
                lines.insert(draw(st.integers(0, len(lines))), "; a comment {in a section}")
            pieces.append(f'[{name} "{seat}"]\n' + "\n".join(lines))
        elif kind == "note":
            pieces.append(f'[Note "{pick("notes", _NOTES)}"]')
        else:
            name = pick("other", _OTHER)
            pieces.append(f'[{name} "{draw(st.sampled_from(["x", "A;B", "#", "##y"]))}"]')
        if draw(st.integers(0, 5)) == 0:
            pieces.append(draw(st.sampled_from(["{comment}", "{two\nlines}", "; semi"])))
    return "\n".join(pieces) + "\n\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_boards(), min_size=1, max_size=4))
def test_generated_boards_read_the_same_both_ways(boards: list[str]) -> None:
    text = "".join(boards)
    _both(lambda: pbn.loads(text, errors="skip"))
    _both(lambda: pbn.load(io.BytesIO(text.encode("latin-1", "replace")), errors="skip"))


def test_common_boards_are_built_from_the_cores_typed_fields(monkeypatch: Any) -> None:
    # The differential tests above only hold the typed path if boards take it: the test files'
    # and the benchmark's boards do.
    typed = []
    original = pbn._typed_record

    def spy(fields: Any) -> Any:
        typed.append(fields)
        return original(fields)

    monkeypatch.setattr(pbn, "_typed_record", spy)
    data = b"".join(_board(n) for n in range(1, 4)) + (
        b'[Board "9"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Contract "4SX"]\n[Declarer "S"]\n'
        b'[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        b'[Auction "S"]\n1S =1= X 4S X\nAP\n[Note "1:five"]\n[Note "2:unused"]\n'
        b'[Play "W"]\nHA H2 =1= H5 H7\n*\n[Note "1:low"]\n[Result "10"]\n'
    )
    boards = _both(lambda: pbn.load(io.BytesIO(data)))[0]
    assert len(typed) == 4 == len(boards)
    last = boards[-1]
    assert [c.note for c in last.auction.calls] == ["five", *[None] * 6]
    assert last.play.tricks[0][1].note == "low"
    assert last.claim == 10
    assert ("Note", "2:unused") in last.tags
    # A visitor sees groups, never typed fields.
    assert len(list(pbn.iter_boards(io.BytesIO(data), pbn.TagsBuilder))) == 4
    assert len(typed) == 4
