"""Issue 19 items 7 and 9 for the formats: only our errors escape the readers, and every
reader has limits that fail fast, in memory proportional to the data kept."""

from __future__ import annotations

import io
import tracemalloc

import pytest

from redouble.errors import FormatError
from redouble.formats import json_format, lin, pbn, reads

DEAL = "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"


@pytest.mark.parametrize(
    "text",
    [
        '[Deal "N:AKQé.T98.765.432 - - -"]\n',
        '[Deal "N:AKQ\x00é.T98.765.432 - - -"]\n',
        '[Board "²"]\n',
        '[Board "' + "9" * 5000 + '"]\n',
        '[Result "' + "9" * 5000 + '"]\n',
        '[Auction "N"]\n1C =' + "1" * 5000 + "=\n",
        '[Auction "N"]\n1C $' + "1" * 5000 + "\n",
        '[Auction "N"]\n1C =1=\n[Note "' + "1" * 5000 + ':x"]\n',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT ²\n',
    ],
)
def test_pbn_raises_only_format_errors_on_hostile_values(text: str) -> None:
    with pytest.raises(FormatError):
        pbn.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "md|3SA,SK,SQ,SJ|mc|²|",
        "md|3SA,SK,SQ,SJ|mc|" + "9" * 5000 + "|",
        "md|3SA,SK,SQ,SJ|tg|Board=" + "9" * 5000 + "|",
        "md|3SA,SK,SQ,SJ|tg|a b=1|",
    ],
)
def test_lin_raises_only_format_errors_on_hostile_values(text: str) -> None:
    with pytest.raises(FormatError):
        lin.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "redouble/1", "boards": [{"board": ' + "9" * 5000 + "}]}",
        "[" * 100_000 + "]" * 100_000,
        '{"format": "redouble/1", "deals": ["N:AKQ\\u00e9.T98.765.432 - - -"]}',
        '{"format": "redouble/1", "deals": ["N:AKQ\\u0000.T98.765.432 - - -"]}',
        (
            '{"format": "redouble/1", "boards": [{"tables": [{"name": "ScoreTable", '
            '"header": "A", "rows": [[1]]}]}]}'
        ),
    ],
)
def test_json_raises_only_format_errors_on_hostile_documents(text: str) -> None:
    with pytest.raises(FormatError):
        json_format.loads(text)


def test_json_writer_refuses_a_lone_surrogate() -> None:
    rec = json_format.loads('{"format": "redouble/1", "boards": [{"commentary": ["\\ud800"]}]}')
    with pytest.raises(FormatError, match="no file can hold"):
        pbn.dumps(rec)
    with pytest.raises(FormatError, match="no file can hold"):
        json_format.dumps(rec)


def _peak_reading(lines: int, limits: pbn.Limits) -> tuple[int, int, pbn.Boards]:
    body = ("SA S2 S3 S4\n" * lines).encode()
    text = b'[Board "1"]\n[Play "N"]\n' + body + b'\n[Board "2"]\n'
    tracemalloc.start()
    boards = pbn.load(io.BytesIO(text), errors="skip", limits=limits)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return len(text), peak, boards


def test_a_huge_play_section_fails_in_memory_independent_of_its_size() -> None:
    """Issue 19 item 9: 10 MB of one play section took 47 s and 2.2 GB. The section limit
    stops it now, and the reader's peak memory does not grow with the input."""
    limits = pbn.Limits(max_section_tokens=1024)
    small_size, small_peak, boards = _peak_reading(25_000, limits)
    big_size, big_peak, _ = _peak_reading(100_000, limits)
    assert [b.board for b in boards] == [2]
    assert "more than 1024 tokens" in str(boards.problems[0])
    assert big_size > 3 * small_size
    assert big_peak < big_size // 2  # the old reader used ~200x the input
    assert big_peak < 2 * small_peak + 100_000  # flat, not proportional to the input


def test_line_and_board_limits_name_the_limit() -> None:
    limits = pbn.Limits(max_line=100, max_section_tokens=10, max_board_parts=50)
    with pytest.raises(FormatError, match="line longer than 100") as e:
        pbn.loads('[Board "1"]\n{' + "x" * 200 + "}\n", limits=limits)
    assert e.value.line == 2
    with pytest.raises(FormatError, match="more than 10 tokens"):
        pbn.loads('[Auction "N"]\n' + "Pass " * 11 + "\n", limits=limits)
    with pytest.raises(FormatError, match="more than 50 parts"):
        pbn.loads("".join(f'[T{i} "x"]\n' for i in range(60)), limits=limits)
    with pytest.raises(FormatError, match="commentary exceeds"):
        pbn.loads(("{" + "x" * 50 + "}\n") * 3, limits=pbn.Limits(max_commentary=100))
    with pytest.raises(FormatError):
        pbn.Limits(max_line=0)
    with pytest.raises(TypeError):
        pbn.Limits(max_line=1.5)  # type: ignore[arg-type]
    # After a board over a limit, reading goes on at the next board.
    boards = pbn.loads(
        '[Board "1"]\n{' + "x" * 200 + '}\n\n[Board "2"]\n', limits=limits, errors="skip"
    )
    assert [b.board for b in boards] == [2]


def test_lin_board_limit() -> None:
    text = "md|3SA,SK,SQ,SJ|" + "nt|x|" * (lin.MAX_BOARD_PAIRS + 1)
    with pytest.raises(FormatError, match="pairs"):
        lin.loads(text)


def test_reads_checks_argument_types() -> None:
    with pytest.raises(TypeError):
        reads(b"x", "pbn")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pbn.load(3)  # type: ignore[arg-type]
