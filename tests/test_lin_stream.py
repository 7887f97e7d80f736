"""The streaming LIN reader (``lin.iter_boards``) against the whole-file readers (issue 16).

``iter_boards`` feeds the core's ``LinReader`` a chunk at a time; it must give exactly the
boards and problems, and the same first error with its line and column in the whole file,
as ``lin.load`` (the core's whole-text reader and the Python reference, which
``test_lin_core`` holds to each other) on the test files, generated files, mutated text and
garbage bytes, in every encoding mode, whatever the chunk size: chunks of 1, 7 and 64 bytes
split keys, values, line breaks (``\\r\\n``, U+2028) and UTF-8 sequences. Its peak memory does
not grow with the file.
"""

from __future__ import annotations

import io
import random
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_lin_core import CORNERS, FILES, GENERATED, SEEDS, _both, _lexer, _mutate, _outcome
from test_pbn_core import assert_streams_in_bounded_memory

from redouble import _core
from redouble.errors import FormatError, RedoubleError
from redouble.formats import lin
from redouble.formats.records import Boards

CHUNKS = (1, 7, 64, 1 << 16)


def _chunk(size: int) -> Any:
    """Set the reader's chunk size for the `with` block (unittest.mock restores it)."""
    return mock.patch.object(lin, "_CHUNK", size)


def _streamed(make: Callable[[], Any], size: int, **kwargs: Any) -> Any:
    """iter_boards' outcome in _outcome's shape: the records and problems, or the error."""
    problems: list[FormatError] = []

    def read() -> Boards:
        boards = list(lin.iter_boards(make(), problems=problems, **kwargs))
        return Boards(boards, problems)

    with _chunk(size):
        return _outcome(read)


def _undecodable(outcome: Any) -> bool:
    return outcome[0] == "error" and "is not valid" in outcome[2]


def _same(make: Callable[[], Any], sizes: tuple[int, ...] = CHUNKS, **kwargs: Any) -> Any:
    """Streaming in every chunk size gives what load gives (core and reference agree)."""
    whole = _both(lambda: lin.load(make(), **kwargs))
    for size in sizes:
        streamed = _streamed(make, size, **kwargs)
        if _undecodable(whole) and kwargs.get("errors", "strict") == "strict":
            # Reading ahead, load finds the undecodable byte before any board; streaming
            # may first meet a malformed board that comes before it in the file.
            assert streamed[0] == "error", size
            assert streamed == whole or streamed[1] == "FormatError", size
        else:
            assert streamed == whole, size
    return whole


def _all_ways(data: bytes, sizes: tuple[int, ...] = CHUNKS) -> None:
    for encoding in (None, "utf-8", "latin-1", "cp1252"):
        for errors in ("strict", "skip"):
            _same(lambda: io.BytesIO(data), sizes, encoding=encoding, errors=errors)
    text = data.decode("utf-8", "replace")
    for errors in ("strict", "skip"):
        _same(lambda: io.StringIO(text), sizes, errors=errors)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_lin_file_streams_the_same(path: Path) -> None:
    _all_ways(path.read_bytes())
    for errors in ("strict", "skip"):
        _same(lambda: path, errors=errors)


def test_generated_files_stream_the_same() -> None:
    boards, problems = _same(lambda: io.StringIO(GENERATED))
    assert len(boards) == 40
    assert problems == []
    crlf = GENERATED.replace("\n", "\r\n").encode()
    assert _same(lambda: io.BytesIO(crlf))[0] == boards
    # Boards that span lines, and lines that hold several boards.
    folded = GENERATED.replace("|mb|", "|\nmb|").replace("|pc|", "|\u2028pc|")
    assert _same(lambda: io.BytesIO(folded.encode()))[0] == boards
    joined = GENERATED.replace("\n", "")
    assert _same(lambda: io.StringIO(joined))[0] == boards


def test_the_python_reference_streams_the_same() -> None:
    with _lexer("python"):
        reference = _streamed(lambda: io.StringIO(GENERATED), 7)
    assert reference == _streamed(lambda: io.StringIO(GENERATED), 7)


@pytest.mark.parametrize(
    "text",
    [
        *CORNERS,
        "md|3|\r",
        "md|3|\r\nmb|p|\r\rmb|p|",
        "md|3|\u2028mb|p|\x85mb|p|\x1cmb|p|\x1dmb|p|\u2029",
        "md|3|" + "é" * 262_145 + "\nmd|3|",
        "md|3|" + "nt|x|" * (lin.MAX_BOARD_PAIRS + 1) + "\nmd|3|",
        "mb|p|md|3|\nzz\nmd|3|",
        "md|3|\udcffmd|3|",
        "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|1C|mb|p|mb|p|mb|p|mc|7|\nqx|o2|md|2|nt|\xe9|",
        "pn|a,b,c,d|qx|1|md|3|\npn|e,f,g,h|\nqx|2|md|3|sv|b|",
    ],
)
def test_hostile_and_corner_inputs_stream_the_same(text: str) -> None:
    sizes = CHUNKS if len(text) < 1000 else (1 << 16, 4093)
    _all_ways(text.encode("utf-8", "surrogatepass"), sizes)


@pytest.mark.parametrize(
    "data",
    [
        b"md|3|\n\xff",
        b"md|3|nt|\xc3|\nmd|3|",
        b"md|3|nt|\xe9t\xc3\xa9|",
        b"md|3|nt|\xc3\xa9|\nmd|3|nt|\xe9|",
        b"\xef\xbb\xbfmd|3|\nnt|\xff|",
        b"\xef\xbb\xbfmd|3|\xc3",
        b"\xef\xbb",
        b"md|3|\xe2\x80",
        b"md|3|nt|\xed\xa0\x80|",
        b"md|3|\rnt|\x85|\xc2\x85md|3|",
        b"zz|\nmd|3|\n\xff",
    ],
)
def test_bytes_stream_as_load_decodes_them(data: bytes) -> None:
    _all_ways(data)


def test_undecodable_bytes_end_the_stream_after_the_boards_before_them() -> None:
    data = b"md|3|nt|one|\nmd|3|nt|tw\xc3\xa9|\nmd|3|\nnt|\xff|\nmd|3|\n"
    for size in CHUNKS:
        with _chunk(size):
            problems: list[FormatError] = []
            seen = []
            it = lin.iter_boards(
                io.BytesIO(data), encoding="utf-8", errors="skip", problems=problems
            )
            with pytest.raises(FormatError, match="byte 0xff is not valid utf-8") as e:
                seen.extend(it)
            # The board after "twé" had begun: the ones before it were complete.
            assert [b.commentary for b in seen] == [("one",), ("twé",)]
            assert problems == []
            assert (e.value.line, e.value.column) == (4, 4)
    with pytest.raises(FormatError, match=r"byte 0xff is not valid utf-8 \(line 4, column 4\)"):
        lin.load(io.BytesIO(data), encoding="utf-8")
    bom = b"\xef\xbb\xbfmd|3|\nnt|\xff|"
    with pytest.raises(FormatError, match="0xff is not valid utf-8-sig") as e:
        list(lin.iter_boards(io.BytesIO(bom)))
    with pytest.raises(FormatError, match="0xff is not valid utf-8-sig") as f:
        lin.load(io.BytesIO(bom))
    assert (e.value.line, e.value.column) == (f.value.line, f.value.column) == (2, 4)


def test_the_default_decoding_switches_to_latin1_at_the_first_bad_byte() -> None:
    data = "md|3|nt|é|\nmd|3|nt|".encode() + "é|".encode("latin-1")
    for size in (1, 64):
        with _chunk(size):
            boards = list(lin.iter_boards(io.BytesIO(data)))
        assert [b.commentary for b in boards] == [("é",), ("é",)]
    assert list(lin.load(io.BytesIO(data))) == boards


def test_iter_boards_checks_its_arguments_before_reading() -> None:
    with pytest.raises(TypeError, match="source must be a path or a file"):
        lin.iter_boards(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="errors"):
        lin.iter_boards(io.StringIO(""), errors="ignore")
    with pytest.raises(FormatError, match="unknown encoding"):
        lin.iter_boards(io.BytesIO(b""), encoding="no-such-codec")
    with pytest.raises(TypeError, match="problems must be a list"):
        lin.iter_boards(io.StringIO(""), problems=())  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="cannot open"):
        list(lin.iter_boards("/no/such/file.lin"))


def test_the_core_reader_refuses_a_bad_codec() -> None:
    with pytest.raises(ValueError, match="codec"):
        _core.LinReader(4, True, False, 10, 10)


def test_the_path_is_closed_after_streaming(tmp_path: Path) -> None:
    path = tmp_path / "a.lin"
    path.write_text(GENERATED)
    it = lin.iter_boards(path)
    assert next(it).board is not None
    it.close()  # the generator's finally closes the file it opened
    assert len(list(lin.iter_boards(path))) == 40


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    which=st.integers(0, len(SEEDS) - 1),
    size=st.sampled_from([1, 2, 3, 7, 64, 1000]),
)
def test_mutated_text_streams_the_same(seed: int, which: int, size: int) -> None:
    rng = random.Random(seed)
    text = _mutate(SEEDS[which].decode("utf-8"), rng)
    data = text.encode("utf-8", "surrogatepass")
    for errors in ("strict", "skip"):
        _same(lambda: io.StringIO(text), (size,), errors=errors)
    for encoding in (None, "utf-8", "latin-1"):
        _same(lambda: io.BytesIO(data), (size,), encoding=encoding, errors="skip")


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=400), size=st.sampled_from([1, 2, 3, 5, 64]))
def test_garbage_bytes_stream_the_same(data: bytes, size: int) -> None:
    for encoding in (None, "utf-8", "latin-1"):
        for errors in ("strict", "skip"):
            _same(lambda: io.BytesIO(data), (size,), encoding=encoding, errors=errors)


def _lin_file(boards: int) -> bytes:
    lines = GENERATED.splitlines(keepends=True)
    return "".join(lines[n % len(lines)] for n in range(boards)).encode()


def test_the_streaming_reader_reads_in_memory_independent_of_the_file_size() -> None:
    def read(n: int) -> tuple[bytes, Iterable[Any]]:
        data = _lin_file(n)
        return data, lin.iter_boards(io.BytesIO(data))

    (small_size, _), _ = assert_streams_in_bounded_memory(read)
    assert small_size > 5 * lin._CHUNK  # several chunks even in the small file


def test_the_whole_file_reader_is_what_the_stream_is_measured_against() -> None:
    # The memory test means something only if reading whole grows with the file.
    data = _lin_file(2_000)
    tracemalloc.start()
    boards = lin.load(io.BytesIO(data))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(boards) == 2_000
    assert peak > len(data)


def test_a_stream_error_is_our_error() -> None:
    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read(self, n: int = -1) -> Any:
            return b"" if n == 0 else 3

    with pytest.raises(TypeError, match="the file gave int"):
        list(lin.iter_boards(Broken()))
    assert issubclass(FormatError, RedoubleError)
