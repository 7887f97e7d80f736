"""PBN 2.1 (Portable Bridge Notation): a streaming reader with visitors, and a writer.

The reader follows python-chess's PGN reader: :class:`PbnReader` lexes one board at a time
from a text stream and reports it to a visitor. :class:`RecordBuilder` builds a
:class:`~redouble.formats.records.BoardRecord`, :class:`TagsBuilder` keeps the tag pairs only
and :class:`SkipVisitor` skips the board. Files of thousands of boards are read in constant
memory.

What is read
------------
- Tag pairs ``[Name "value"]`` (``\\"`` and ``\\\\`` escaped), any tag-name case for the tags
  redouble types (Board, Dealer, Vulnerable, Deal, Declarer, Contract, Result, Score,
  Auction, Play, Note, DoubleDummyTricks, OptimumResultTable, LawSet, Declaration). Other
  tags are kept verbatim and in order in ``BoardRecord.tags``.
- A tag value ``"#"`` repeats the value of that tag in the last board that had it, ``""`` if
  none; ``"##text"`` gives ``text``, which every later board takes when it does not give the
  tag itself, until a new value redefines it (PBN §4.8; refused on Dealer, Vulnerable, Deal,
  Declarer, Contract, Auction, Play and Note).
- The Auction section: calls (see :mod:`~redouble.formats.records` for the token grammar),
  ``AP`` (all pass: three passes), ``*`` (auction unfinished), ``-``/``+`` placeholders, note
  references ``=n=`` resolved through the ``[Note "n:text"]`` tags that follow the section,
  suffix annotations ``! ? !! ?? !? ?!``, NAGs ``$n`` and irregularity marks ``^`` + letter
  (PBN §3.9; kept verbatim), glued to the call or standing alone.
- The Play section: one trick per four places, in seat columns from the opening leader;
  ``-`` for no card, ``*`` for play ended early. A play ended by ``*`` followed by a Result
  is read as a claim of that many tricks.
- ``DoubleDummyTricks`` (20 base-14 digits, declarers N S E W, strains NT S H D C) and the
  ``OptimumResultTable`` section give ``BoardRecord.dd_table``; if both are present they
  must agree. Other ``...Table`` sections are kept verbatim as ``TableRecord``.
- Commentary ``{...}`` (may span lines) and ``;`` comments are kept, in order, as
  ``BoardRecord.commentary``, each with the tag it followed in ``commentary_after``
  (PBN 2.1 §3.8). The writer also places LIN's anchors (see :mod:`redouble.formats.lin`):
  ``mb:0`` (before the first call) just before the Auction tag, ``mb:K`` in the auction
  section after the K-th call, ``pc:K`` in the play section after the trick of the K-th card
  (PBN orders a trick's cards by seat, not by play) and ``mc:K`` (after a claim made after
  the K-th card) after the play section's ``*``; read back they follow the tag before, Auction and Play.
  Lines starting with ``%`` are directives and are skipped.
- CRLF or LF line ends, a UTF-8 byte-order mark, and blank lines between boards.

Historical boards
-----------------
``[LawSet "auction_1912"]`` names the law set (any name :func:`redouble.laws.get` knows).
Auction Bridge (1912)'s Royal Spades are bid as ``1RS`` ... ``7RS`` and contracted as e.g. ``2RSX``.
Bridge (Elwell, 1906) has no auction: ``[Declaration "S:Pass N:H E:X S:X"]`` records the make (here
the dealer South passed it to North, who made hearts) and the doubling statements, and
``[Contract "HXX"]`` may state the contract without a level. Both tags round-trip.

Strictness
----------
Malformed input raises :class:`~redouble.errors.FormatError` with the line and column. So
does anything that would lose data silently: the same typed tag twice with different
values, a note reference without its note, two notes on one call, a DoubleDummyTricks that
disagrees with the OptimumResultTable, text after ``*``.

>>> rec = loads('[Board "1"]\\n[Dealer "N"]\\n[Auction "N"]\\n1NT Pass 3NT AP\\n')[0]
>>> [c.token for c in rec.auction.calls]
['1NT', 'Pass', '3NT', 'Pass', 'Pass', 'Pass']
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import enum
import gc
import io
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import IO, Any, Generic, NamedTuple, TextIO, TypeVar

import numpy as np
import numpy.typing as npt

from .. import _core
from .._check import CheckedEnumType, shown
from ..cards import CardSet, Seat, Strain
from ..deal import Deal, Vulnerability
from ..errors import FormatError, InvalidDealError
from .records import (
    AuctionRecord,
    BoardRecord,
    Boards,
    Call,
    Contract,
    DDTable,
    DeclarationRecord,
    PartialHands,
    PlayedCard,
    PlayRecord,
    TableRecord,
    _record_error,
    check_encodable,
    check_errors_mode,
    parse_annotations,
    split_annotations,
)

__all__ = [
    "SKIP",
    "BaseVisitor",
    "Limits",
    "PbnReader",
    "RecordBuilder",
    "SkipType",
    "SkipVisitor",
    "TagsBuilder",
    "Token",
    "dd_table_from_pbn",
    "dd_table_to_pbn",
    "dump",
    "dumps",
    "iter_boards",
    "load",
    "load_deals",
    "loads",
    "loads_deals",
    "pbn_view",
    "result_tricks",
    "write_board",
]

ResultT = TypeVar("ResultT")


class Token(NamedTuple):
    """One whitespace-separated token of a section, with its 1-based position."""

    text: str
    line: int
    column: int


class SkipType(enum.Enum, metaclass=CheckedEnumType):
    """The type of :data:`SKIP`."""

    SKIP = enum.auto()


#: Returned by :meth:`BaseVisitor.begin_board` to skip the rest of a board.
SKIP = SkipType.SKIP


class BaseVisitor(Generic[ResultT]):
    """Receives one board's parts in file order; subclass and override what you need.

    The reader calls :meth:`begin_board`, then :meth:`visit_tag`, :meth:`visit_section` and
    :meth:`visit_commentary` in file order (unless :meth:`begin_board` returned :data:`SKIP`),
    then :meth:`end_board` and finally :meth:`result`, whose value it returns.
    """

    def begin_board(self) -> SkipType | None:
        """Called first; return :data:`SKIP` to skip the board."""
        return None

    def visit_tag(self, name: str, value: str, line: int, column: int) -> None:
        """A tag pair without a section (``#`` already resolved)."""

    def visit_section(
        self, name: str, value: str, tokens: Sequence[Token], line: int, column: int
    ) -> None:
        """A tag that opens a section (Auction, Play, ``...Table``) and the section's tokens."""

    def visit_commentary(self, text: str, line: int, column: int) -> None:
        """A ``{...}`` commentary or ``;`` comment."""

    def end_board(self) -> None:
        """Called after the last part of the board.

        Raises:
            FormatError: if the board is malformed (subclasses).
        """

    def result(self) -> ResultT:
        """The value the reader returns for this board."""
        raise NotImplementedError


class SkipVisitor(BaseVisitor[bool]):
    """Skips every board; the reader returns True for each."""

    def begin_board(self) -> SkipType | None:
        """Skip."""
        return SKIP

    def result(self) -> bool:
        """True."""
        return True


class TagsBuilder(BaseVisitor[list[tuple[str, str]]]):
    """Collects the tag pairs (sections' tag values included), ignoring section contents."""

    def __init__(self) -> None:
        self._tags: list[tuple[str, str]] = []

    def visit_tag(self, name: str, value: str, line: int, column: int) -> None:
        """Keep the tag."""
        self._tags.append((name, value))

    def visit_section(
        self, name: str, value: str, tokens: Sequence[Token], line: int, column: int
    ) -> None:
        """Keep the section's tag, not its tokens."""
        self._tags.append((name, value))

    def result(self) -> list[tuple[str, str]]:
        """The tags in file order."""
        return self._tags


# ---------------------------------------------------------------------------------------------
# Lexer
# ---------------------------------------------------------------------------------------------

_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_QUOTED_RE = re.compile(r'"(?:[^"\\]|\\.)*"')
_SPECIAL_RE = re.compile(r'[\[{;"]')
_WORD_RE = re.compile(r"\S+")
_SECTION_NAMES = {"auction", "play"}


def _is_section(name: str) -> bool:
    low = name.lower()
    return low in _SECTION_NAMES or (low.endswith("table") and len(low) > 5)


def _unescape(value: str) -> str:
    # Only \" and \\ are escapes; any other backslash is literal (table headers: "\2R").
    return re.sub(r'\\(["\\])', r"\1", value)


def _escape(value: str) -> str:
    if "\n" in value or "\r" in value:
        raise FormatError(f"a PBN tag value cannot hold a line break: {shown(value)}")
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class Limits:
    """Bounds on what the PBN reader accepts, so hostile input fails fast in little memory.

    A board past a limit raises :class:`~redouble.errors.FormatError` (with its line); the
    reader then skips to the next board. The defaults are far above any real file (PBN 2.1
    §2.3 asks for lines of at most 255 characters).
    """

    #: Characters in one line.
    max_line: int = 1 << 16
    #: Tokens in one section (Auction, Play, a table).
    max_section_tokens: int = 1 << 16
    #: Tag pairs, tokens and comments in one board.
    max_board_parts: int = 1 << 18
    #: Characters of commentary in one board.
    max_commentary: int = 1 << 20

    def __post_init__(self) -> None:
        for f in ("max_line", "max_section_tokens", "max_board_parts", "max_commentary"):
            v = getattr(self, f)
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{f} must be an int, not {type(v).__name__}")
            if v < 1:
                raise FormatError(f"{f} must be at least 1, got {shown(v)}")


class _Part(NamedTuple):
    kind: str  # "tag", "data" or "comment"
    text: str  # tag name, data token or comment text
    value: str  # tag value ("" otherwise)
    line: int
    column: int


def _check_encoding(encoding: str | None) -> str | None:
    if encoding is None:
        return None
    if not isinstance(encoding, str):
        raise TypeError(f"encoding must be a str or None, not {type(encoding).__name__}")
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise FormatError(f"unknown encoding {shown(encoding)}") from None


def _handle_lines(
    handle: IO[Any], encoding: str | None, max_line: int
) -> Iterator[str | FormatError]:
    """The lines of a text or binary handle, decoded, without line ends; a line that cannot
    be read (too long, not decodable) comes as its FormatError instead.

    With no `encoding`, a byte-order mark means UTF-8; otherwise each line is read as UTF-8
    where it is valid UTF-8 and as ISO-8859-1 (PBN 2.1 §2.2) where it is not.
    """
    codec = _check_encoding(encoding)
    binary = isinstance(handle.read(0), bytes)
    newline: Any = b"\n" if binary else "\n"
    # A UTF-8 character is at most 4 bytes; readline's bound keeps a huge line out of memory.
    bound = (max_line + 2) * (4 if binary else 1)
    lineno = 0
    while True:
        raw = handle.readline(bound)
        if not raw:
            return
        lineno += 1
        if len(raw) >= bound and not raw.endswith(newline):
            while (more := handle.readline(bound)) and not more.endswith(newline):
                pass
            yield FormatError(
                f"line longer than {max_line} characters", line=lineno, column=max_line + 1
            )
            continue
        if binary:
            if lineno == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[3:]
                if codec is None:
                    codec = "utf-8"
            try:
                text = raw.decode(codec or "utf-8")
            except UnicodeDecodeError as e:
                if codec is None:
                    text = raw.decode("latin-1")
                else:
                    column = len(raw[: e.start].decode(codec, errors="replace")) + 1
                    yield FormatError(
                        f"byte 0x{raw[e.start]:02x} is not valid {codec}",
                        line=lineno,
                        column=column,
                    )
                    continue
        else:
            text = raw
        text = text.rstrip("\r\n")
        if lineno == 1:
            text = text.removeprefix("\ufeff")
        if len(text) > max_line:
            yield FormatError(
                f"line longer than {max_line} characters", line=lineno, column=max_line + 1
            )
            continue
        yield text


def _iter_lines(source: Iterable[str], max_line: int) -> Iterator[str | FormatError]:
    for lineno, raw in enumerate(source, 1):
        if not isinstance(raw, str):
            raise TypeError(f"PBN lines must be str, not {type(raw).__name__}")
        text = raw.rstrip("\r\n")
        if lineno == 1:
            text = text.removeprefix("\ufeff")
        if len(text) > max_line:
            yield FormatError(
                f"line longer than {max_line} characters", line=lineno, column=max_line + 1
            )
        else:
            yield text


class PbnReader:
    """Reads boards one at a time from a PBN stream (a text or binary handle, or any
    iterable of lines).

    Keeps the tag values seen so far for ``#`` inheritance (PBN 2.1 §4.8) and counts lines
    for error positions. After a :class:`~redouble.errors.FormatError` the reader is
    positioned after the faulty board, so reading may continue.
    """

    def __init__(
        self,
        source: Iterable[str] | IO[Any],
        *,
        encoding: str | None = None,
        limits: Limits | None = None,
    ) -> None:
        if limits is not None and not isinstance(limits, Limits):
            raise TypeError(f"limits must be a Limits, not {type(limits).__name__}")
        self._limits = limits or Limits()
        if hasattr(source, "readline") and hasattr(source, "read"):
            self._lines = _handle_lines(source, encoding, self._limits.max_line)  # type: ignore[arg-type]
        else:
            _check_encoding(encoding)
            self._lines = _iter_lines(source, self._limits.max_line)
        self._lineno = 0
        # PBN 2.1 §4.8: "#" takes the value of the last board that had the tag; a tag once
        # given with "##" is added, with its latest value, to every later board that lacks it
        # (name as last written, and where).
        self._inherited: dict[str, str] = {}
        self._headers: dict[str, tuple[str, int, int]] = {}

    # -- lexing -----------------------------------------------------------------------------
    def _lex_board(self) -> tuple[list[_Part], FormatError | None, int] | None:
        """The parts of the next board, the first lexing error, and its first line."""
        parts: list[_Part] = []
        error: FormatError | None = None
        comment: list[str] | None = None
        comment_at = (0, 0)
        comment_size = 0
        section_tokens = 0
        start = 0
        limits = self._limits

        def fail(message: str, line: int, column: int) -> None:
            nonlocal error
            if error is None:
                error = FormatError(message, line=line, column=column)
            parts.clear()  # memory stays bounded while the rest of the board is skipped

        for line in self._lines:
            self._lineno += 1
            n = self._lineno
            if isinstance(line, FormatError):
                if error is None:
                    error = line
                parts.clear()
                start = start or n
                continue
            if comment is None and not line.strip():
                if parts or error:
                    break
                continue
            if comment is None and line.startswith("%"):
                continue
            if not start:
                start = n
            if error is not None and comment is None and "{" not in line:
                continue  # the rest of a faulty board, skipped fast until its blank line
            if comment is None and error is None and _SPECIAL_RE.search(line) is None:
                # A line of plain tokens (most of a section): split it in one pass.
                words = [(m.group(), m.start() + 1) for m in _WORD_RE.finditer(line)]
                if (
                    section_tokens + len(words) <= limits.max_section_tokens
                    and len(parts) + len(words) <= limits.max_board_parts
                ):
                    section_tokens += len(words)
                    parts.extend(_Part("data", w, "", n, col) for w, col in words)
                    continue
            i = 0
            size = len(line)
            if comment is not None and not size:
                comment.append("")
            while i < size:
                if error is None and len(parts) >= limits.max_board_parts:
                    fail(f"a board holds more than {limits.max_board_parts} parts", n, i + 1)
                    break
                if comment is not None:
                    end = line.find("}", i)
                    piece = line[i:] if end < 0 else line[i:end]
                    comment_size += len(piece) + 1
                    if error is None and comment_size > limits.max_commentary:
                        fail(
                            f"a board's commentary exceeds {limits.max_commentary} characters",
                            *comment_at,
                        )
                    if error is None:
                        comment.append(piece)
                    if end < 0:
                        break
                    if error is None:
                        parts.append(_Part("comment", "\n".join(comment), "", *comment_at))
                    comment = None
                    i = end + 1
                    continue
                ch = line[i]
                if ch.isspace():
                    i += 1
                elif ch == "[":
                    m = _TAG_RE.match(line, i)
                    if m is None:
                        fail('malformed tag pair (expected [Name "value"])', n, i + 1)
                        break
                    if error is None:
                        parts.append(_Part("tag", m.group(1), _unescape(m.group(2)), n, i + 1))
                    section_tokens = 0
                    i = m.end()
                elif ch == "{":
                    comment = []
                    comment_at = (n, i + 1)
                    i += 1
                elif ch == ";":
                    comment_size += size - i
                    if error is None and comment_size > limits.max_commentary:
                        fail(
                            f"a board's commentary exceeds {limits.max_commentary} characters",
                            n,
                            i + 1,
                        )
                    if error is None:
                        parts.append(_Part("comment", line[i + 1 :], "", n, i + 1))
                    break
                else:
                    section_tokens += 1
                    if error is None and section_tokens > limits.max_section_tokens:
                        fail(
                            f"a section holds more than {limits.max_section_tokens} tokens",
                            n,
                            i + 1,
                        )
                        break
                    if ch == '"':
                        m = _QUOTED_RE.match(line, i)
                        if m is None:
                            fail("unterminated string", n, i + 1)
                            break
                        if error is None:
                            parts.append(_Part("data", m.group(0), "", n, i + 1))
                        i = m.end()
                    else:
                        j = i
                        while j < size and not line[j].isspace() and line[j] not in "[{;":
                            j += 1
                        if error is None:
                            parts.append(_Part("data", line[i:j], "", n, i + 1))
                        i = j
        if comment is not None and error is None:
            error = FormatError(
                "commentary '{' is never closed", line=comment_at[0], column=comment_at[1]
            )
        if not parts and error is None:
            return None
        return parts, error, start

    def _inherit(self, p: _Part) -> tuple[_Part, FormatError | None]:
        """Resolve ``#`` and ``##`` (PBN 2.1 §4.8) and remember the value for later boards.

        ``#`` takes the value of the tag in the nearest previous board that had it (``""`` if
        none). A value beginning with ``##`` gives the text after it, to be used in all later
        boards, which then need not repeat the tag; a later value of the tag redefines it.
        Neither is allowed for the tags a board must state for itself: ``##`` there is an
        error (``#`` is read as for any tag).
        """
        low = p.text.lower()
        value = p.value
        error = None
        header = value.startswith("##")
        if value == "#":
            value = self._inherited.get(low, "")
        elif header:
            value = value[2:]
            if low in _OWN_VALUE:
                error = FormatError(
                    f"a {p.text} value cannot begin with '##' (PBN 2.1 §4.8)",
                    line=p.line,
                    column=p.column,
                )
        self._inherited[low] = value
        if low in self._headers or (header and error is None):
            self._headers[low] = (p.text, p.line, p.column)
        return (p if value is p.value else p._replace(value=value)), error

    # -- reading ------------------------------------------------------------------------------
    def read_board(
        self, visitor: Callable[[], BaseVisitor[ResultT]] | None = None
    ) -> ResultT | BoardRecord | None:
        """Read the next board through a new visitor from `visitor` (default: a record).

        Returns None at the end of the stream.

        Raises:
            FormatError: if the board is malformed (with line and column).
        """
        lexed = self._lex_board()
        if lexed is None:
            return None
        parts, error, _start = lexed
        v: BaseVisitor[ResultT] | RecordBuilder = visitor() if visitor else RecordBuilder()
        # Resolve "#" and group section tokens before anything is visited, so inheritance
        # stays right even for skipped boards. A comment does not end a section (§3.8).
        groups: list[tuple[_Part, list[Token]]] = []
        section: list[Token] | None = None
        present: set[str] = set()
        first_tag: int | None = None
        for p in parts:
            if p.kind == "tag":
                present.add(p.text.lower())
                p, bad = self._inherit(p)
                if error is None:
                    error = bad
                if first_tag is None:
                    first_tag = len(groups)
                tokens: list[Token] = []
                groups.append((p, tokens))
                section = tokens if _is_section(p.text) else None
            elif p.kind == "data":
                if section is None:
                    if error is None:
                        error = FormatError(
                            f"unexpected text {shown(p.text)} outside a section",
                            line=p.line,
                            column=p.column,
                        )
                    continue
                section.append(Token(p.text, p.line, p.column))
            else:
                groups.append((p, []))
        # The tags set by "##" that this board does not give, before its first tag.
        implied: list[tuple[_Part, list[Token]]] = [
            (_Part("tag", name, self._inherited[low], line, column), [])
            for low, (name, line, column) in self._headers.items()
            if low not in present
        ]
        at = len(groups) if first_tag is None else first_tag
        groups[at:at] = implied
        if error is not None:
            raise error
        if v.begin_board() is not SKIP:
            for p, toks in groups:
                if p.kind == "comment":
                    v.visit_commentary(p.text, p.line, p.column)
                elif _is_section(p.text):
                    v.visit_section(p.text, p.value, toks, p.line, p.column)
                else:
                    v.visit_tag(p.text, p.value, p.line, p.column)
            v.end_board()
        return v.result()

    def read_record(self) -> BoardRecord | None:
        """The next board as a record, or None at the end.

        Raises:
            FormatError: if the board is malformed.
        """
        return self.read_board(RecordBuilder)

    def read_tags(self) -> list[tuple[str, str]] | None:
        """The next board's tag pairs only (headers), or None at the end.

        Raises:
            FormatError: if the board cannot be lexed.
        """
        return self.read_board(TagsBuilder)  # type: ignore[return-value]

    def skip_board(self) -> bool:
        """Skip the next board; False at the end.

        Raises:
            FormatError: if the board cannot be lexed.
        """
        return self.read_board(SkipVisitor) is not None

    def __iter__(self) -> Iterator[BoardRecord]:
        while (rec := self.read_record()) is not None:
            yield rec


# ---------------------------------------------------------------------------------------------
# Building records
# ---------------------------------------------------------------------------------------------

_TYPED = {
    name.lower(): name
    for name in (
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Result",
        "Score",
        "DoubleDummyTricks",
        "LawSet",
        "Declaration",
    )
}
_VULNERABLE = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
}
_NOTE_RE = re.compile(r"^\s*([0-9]{1,6})\s*:(.*)$", re.DOTALL)
# PBN 2.1 §4.8: the tags whose value may not be inherited ("#", "##").
_OWN_VALUE = {"dealer", "vulnerable", "deal", "declarer", "contract", "auction", "play", "note"}
# PBN 2.1 §3.4.15: the declarer's tricks ("9", "^9" with the irregularity mark), or the
# tricks of one side or both ("NS 9", "EW 4", "NS 9 EW 4").
_RESULT_RE = re.compile(r"^(\^?)([0-9]{1,2})$")
_SIDE_RESULT_RE = re.compile(
    r"^(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?$", re.IGNORECASE
)
_DD_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DD_COLUMNS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DD_DIGITS = "0123456789abcd"
_ORT_HEADER = "Declarer;Denomination\\2R;Result\\2R"
# The OptimumResultTable's columns (PBN 2.1 §5.7), known by name: producers write the table
# under headers that differ only in the widths and alignments that chapter 5 gives for display
# (BridgeComposer's Result\1R when every count has one digit; none at all in the files some
# double-dummy tools write).
_ORT_COLUMNS = ("declarer", "denomination", "result")


def _column_names(header: str) -> tuple[str, ...]:
    """A table header's column names, lower-cased, without sort marks and display formats."""
    return tuple(
        c.split("\\", 1)[0].strip().lstrip("+-").strip().lower()
        for c in header.split(";")
        if c.strip()
    )


def dd_table_from_pbn(value: str) -> DDTable:
    """Decode a ``DoubleDummyTricks`` value into ``table[strain][seat]``.

    Raises:
        FormatError: unless the value is 20 digits 0-9/a-d (any case).
    """
    v = value.strip().lower()
    if len(v) != 20 or any(ch not in _DD_DIGITS for ch in v):
        raise FormatError(f"DoubleDummyTricks must be 20 digits 0-9 or a-d, got {shown(value)}")
    table = [[0] * 4 for _ in range(5)]
    for i, seat in enumerate(_DD_ROWS):
        for j, strain in enumerate(_DD_COLUMNS):
            table[strain][seat] = _DD_DIGITS.index(v[5 * i + j])
    return tuple((r[0], r[1], r[2], r[3]) for r in table)


def dd_table_to_pbn(table: DDTable) -> str:
    """Encode ``table[strain][seat]`` as a ``DoubleDummyTricks`` value."""
    return "".join(_DD_DIGITS[table[strain][seat]] for seat in _DD_ROWS for strain in _DD_COLUMNS)


def _at(err: Exception, line: int, column: int) -> FormatError:
    msg = str(err.args[0]) if err.args else str(err)
    return FormatError(msg, line=line, column=column)


def _optional(value: str) -> str | None:
    v = value.strip()
    return None if v in ("", "?") else v


def _number(text: str, what: str, limit: int) -> int:
    """A decimal number of ASCII digits, at most `limit` (never int() on "²" or 5,000 digits)."""
    t = text.strip()
    if not t.isascii() or not t.isdigit() or len(t) > len(str(limit)) or int(t) > limit:
        raise FormatError(f"{what} must be a number 0..{limit}, got {shown(text)}")
    return int(t)


def result_tricks(value: str, declarer: Seat | None) -> int | None:
    """The declarer's tricks a ``Result`` tag value states (PBN 2.1 §3.4.15).

    ``"9"`` and ``"^9"`` are the declarer's tricks; ``"NS 9"``, ``"EW 4"`` and ``"NS 9 EW 4"``
    give a side's tricks, the other side taking the rest of the 13. None when the value
    gives only the other side's count of an unfinished play, or the declarer is unknown.

    Raises:
        FormatError: if the value is in none of these forms.
    """
    v = value.strip()
    m = _RESULT_RE.match(v)
    if m:
        return _number(m.group(2), "Result", 13)
    m = _SIDE_RESULT_RE.match(v)
    if m is None:
        raise FormatError(
            f"Result must be the declarer's tricks (0..13, '^9') or a side's ('NS 9', "
            f"'EW 4', 'NS 9 EW 4'), got {shown(value)}"
        )
    counts = {m.group(1).upper(): _number(m.group(2), "Result", 13)}
    if m.group(3):
        other = m.group(3).upper()
        if other in counts:
            raise FormatError(f"Result names {other} twice: {shown(value)}")
        counts[other] = _number(m.group(4), "Result", 13)
        if sum(counts.values()) > 13:
            raise FormatError(f"Result gives more than 13 tricks: {shown(value)}")
    if declarer is None:
        return None
    side = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
    if side in counts:
        return counts[side]
    if len(counts) == 1:
        return 13 - next(iter(counts.values()))
    return None


def _check_text(value: str, what: str, column_base: int = 0) -> None:
    """Refuse what the core's deal parser must not see: non-ASCII characters and NULs."""
    for k, ch in enumerate(value):
        if not ch.isascii() or ch == "\x00":
            raise FormatError(f"{what} holds {shown(ch)} at offset {k + column_base}")


def _parse_deal(value: str, line: int, column: int) -> tuple[Deal | None, PartialHands | None]:
    text = value.strip()
    first_letter, sep, rest = text.partition(":")
    try:
        _check_text(text, "a PBN deal")
        if not sep:
            raise FormatError("a PBN deal starts with the first seat, e.g. 'N:'")
        first = Seat.parse(first_letter)
        hands = rest.split()
        if len(hands) != 4:
            raise FormatError(f"a PBN deal lists four hands, got {len(hands)}")
        sets: list[CardSet | None] = [None] * 4
        for k, h in enumerate(hands):
            sets[int(first.next(k))] = None if h == "-" else CardSet.from_pbn_hand(h)
        if all(s is not None for s in sets):
            return Deal([s.mask for s in sets if s is not None]), None
        seen = 0
        sizes = set()
        for s in sets:
            if s is not None:
                if seen & s.mask:
                    raise FormatError("a card is in two hands")
                seen |= s.mask
                sizes.add(len(s))
        # PBN 2.1 §3.4.11 and §3.10: a hand holds 13 cards, fewer in an end position.
        if any(n > 13 for n in sizes):
            raise FormatError(f"a hand holds at most 13 cards, got {max(sizes)}")
        if not sizes:
            return None, None
        return None, (sets[0], sets[1], sets[2], sets[3])
    except (FormatError, InvalidDealError) as e:
        raise _at(e, line, column) from None


def _table_rows(header: str, tokens: Sequence[Token]) -> list[list[Token]]:
    """A table's rows: as many tokens as the header has columns (a row may span lines,
    PBN 2.1 §5.1); by line when the tokens do not divide into whole rows."""
    columns = len([c for c in header.split(";") if c.strip()])
    if columns and tokens and len(tokens) % columns == 0:
        return [list(tokens[i : i + columns]) for i in range(0, len(tokens), columns)]
    rows: list[list[Token]] = []
    last = -1
    for t in tokens:
        if t.line != last:
            rows.append([])
            last = t.line
        rows[-1].append(t)
    return rows


class RecordBuilder(BaseVisitor[BoardRecord]):
    """Builds a :class:`~redouble.formats.records.BoardRecord` (the default visitor)."""

    def __init__(self) -> None:
        self._record: BoardRecord | None = None

    def begin_board(self) -> SkipType | None:
        """Start a fresh record."""
        self._record = None
        self._tags: list[tuple[str, str]] = []
        self._typed: dict[str, tuple[str, int, int]] = {}
        self._fields: dict[str, object] = {}
        self._tables: list[TableRecord] = []
        self._commentary: list[str] = []
        self._anchors: list[str] = []
        self._last_tag = ""
        self._notes: dict[str, dict[int, tuple[str, int, int]]] = {"Auction": {}, "Play": {}}
        self._note_section: str | None = None
        self._ort: tuple[DDTable | None, TableRecord, int, int] | None = None
        self._result_raw: tuple[str, int, int] | None = None
        return None

    # -- tags -------------------------------------------------------------------------------
    def _claim_typed(self, name: str, value: str, line: int, column: int) -> bool:
        prev = self._typed.get(name)
        if prev is not None:
            if prev[0] != value:
                raise FormatError(
                    f"tag {name} given twice with different values ({shown(prev[0])} on line "
                    f"{prev[1]}, then {shown(value)})",
                    line=line,
                    column=column,
                )
            return False
        self._typed[name] = (value, line, column)
        return True

    def visit_tag(self, name: str, value: str, line: int, column: int) -> None:
        """Interpret a typed tag, keep any other verbatim."""
        low = name.lower()
        if low == "note":
            self._visit_note(name, value, line, column)
            self._last_tag = self._note_section or "Note"
            return
        canon = _TYPED.get(low)
        self._last_tag = canon or name
        if canon is None:
            self._tags.append((name, value))
            return
        if not self._claim_typed(canon, value, line, column):
            return
        try:
            self._set_typed(canon, value, line, column)
        except (FormatError, InvalidDealError, ValueError) as e:
            if isinstance(e, FormatError) and e.line is not None:
                raise
            raise _at(e, line, column) from None

    def _set_typed(self, canon: str, value: str, line: int, column: int) -> None:
        v = _optional(value)
        f = self._fields
        if canon == "Score":
            f["score"] = value  # kept verbatim, whatever it says
            return
        if v is None:
            # An empty or unknown ("?") value is kept as written, so it is written back.
            self._tags.append((canon, value))
            return
        if canon == "Board":
            f["board"] = _number(v, "board number", 10**9)
        elif canon == "Dealer":
            f["dealer"] = Seat.parse(v)
        elif canon == "Vulnerable":
            if v.upper() not in _VULNERABLE:
                raise FormatError(f"bad Vulnerable {shown(value)} (None, NS, EW or All)")
            f["vulnerability"] = _VULNERABLE[v.upper()]
        elif canon == "Deal":
            f["deal"], f["partial_hands"] = _parse_deal(v, line, column)
        elif canon == "Declarer":
            # PBN 2.1 §3.4.13: "^" marks an irregular declarer; the spelling is kept.
            f["declarer"] = Seat.parse(v.removeprefix("^"))
            if v.startswith("^"):
                self._tags.append((canon, value))
        elif canon == "Contract":
            f["contract"] = Contract.parse(v)
        elif canon == "Result":
            result_tricks(v, None)  # the form is checked now, the count once the board is read
            self._result_raw = (v, line, column)
            if v != value or not v.isdigit():
                self._tags.append((canon, value))
        elif canon == "DoubleDummyTricks":
            f["dd_table"] = dd_table_from_pbn(v)
        elif canon == "LawSet":
            f["law_set"] = v
            if v != value:
                self._tags.append((canon, value))
        elif canon == "Declaration":
            f["declaration"] = DeclarationRecord.parse(v)

    def _visit_note(self, name: str, value: str, line: int, column: int) -> None:
        m = _NOTE_RE.match(value)
        section = self._note_section
        if m is None or section is None:
            if m is None and section is not None:
                raise FormatError(
                    f"bad Note {shown(value)} (expected 'n:text')", line=line, column=column
                )
            self._tags.append((name, value))
            return
        number = int(m.group(1))
        notes = self._notes[section]
        if number in notes:
            raise FormatError(f"note {number} given twice", line=line, column=column)
        notes[number] = (m.group(2), line, column)

    # -- sections ---------------------------------------------------------------------------
    def visit_section(
        self, name: str, value: str, tokens: Sequence[Token], line: int, column: int
    ) -> None:
        """Interpret Auction, Play and OptimumResultTable; keep other tables verbatim."""
        low = name.lower()
        if low == "auction":
            self._last_tag = "Auction"
            if not self._claim_typed("Auction", value, line, column):
                return
            self._note_section = "Auction"
            self._visit_auction(value, tokens, line, column)
        elif low == "play":
            self._last_tag = "Play"
            if not self._claim_typed("Play", value, line, column):
                return
            self._note_section = "Play"
            self._visit_play(value, tokens, line, column)
        elif low == "optimumresulttable" and _column_names(value) == _ORT_COLUMNS:
            self._last_tag = name
            self._visit_ort(name, value, tokens, line, column)
        else:
            # Other tables, and one under the OptimumResultTable's name whose header names
            # other columns, are kept as they stand.
            self._last_tag = name
            rows = _table_rows(value, tokens)
            self._tables.append(
                TableRecord(name, value, tuple(tuple(t.text for t in r) for r in rows))
            )

    def _items(
        self, section: str, tokens: Sequence[Token], parse: Callable[[str], str]
    ) -> tuple[list[_Item], bool]:
        """Split tokens into items (token, annotations) and note references; find '*'."""
        items: list[_Item] = []
        complete = True
        for t in tokens:
            if not complete:
                raise FormatError(f"text {shown(t.text)} after '*'", line=t.line, column=t.column)
            if t.text == "*":
                complete = False
                continue
            body, rest = split_annotations(t.text)
            try:
                annotations = parse_annotations(rest)
                if body and section == "Auction" and body.upper() == "AP":
                    if annotations:
                        raise FormatError("AP takes no annotations")
                    for _ in range(3):
                        items.append(_Item("Pass", t))
                    continue
                if body:
                    items.append(_Item(parse(body), t))
                elif not items:
                    raise FormatError(f"annotation {shown(t.text)} follows nothing")
            except FormatError as e:
                raise _at(e, t.line, t.column) from None
            for a in annotations:
                if a.startswith("="):
                    if items[-1].note is not None:
                        raise FormatError(
                            "two notes on one call or card", line=t.line, column=t.column
                        )
                    items[-1].note = int(a[1:-1])
                    items[-1].note_at = t
                else:
                    items[-1].annotations.append(a)
        return items, complete

    @staticmethod
    def _section_seat(
        value: str, tokens: Sequence[Token], line: int, column: int, what: str
    ) -> Seat | None:
        """The seat a section's tag names (auction: first caller; play: leader), or None for an
        empty section.

        Raises:
            FormatError: the tag is empty but the section is not, or the seat is malformed.
        """
        v = _optional(value)
        if v is None:
            if tokens:
                raise FormatError(f"{what} needs its seat", line=line, column=column)
            return None
        try:
            return Seat.parse(v)
        except FormatError as e:
            raise _at(e, line, column) from None

    def _visit_auction(self, value: str, tokens: Sequence[Token], line: int, column: int) -> None:
        first = self._section_seat(value, tokens, line, column, "an auction")
        if first is None:
            self._tags.append(("Auction", value))
            return
        items, complete = self._items("Auction", tokens, Call.normalise)
        self._auction_first = first
        self._auction_items = items
        self._auction_complete = complete
        self._fields["auction"] = True

    def _visit_play(self, value: str, tokens: Sequence[Token], line: int, column: int) -> None:
        leader = self._section_seat(value, tokens, line, column, "a play section")
        if leader is None:
            self._tags.append(("Play", value))
            return
        items, complete = self._items("Play", tokens, PlayedCard.normalise)
        self._play_leader = leader
        self._play_items = items
        self._play_complete = complete
        self._fields["play"] = True

    def _visit_ort(
        self, name: str, value: str, tokens: Sequence[Token], line: int, column: int
    ) -> None:
        if self._ort is not None:
            raise FormatError("a second OptimumResultTable", line=line, column=column)
        table = [[-1] * 4 for _ in range(5)]
        # PBN 2.1 §5.7: rows of declarer, strain and tricks; a row may span lines (§5.1).
        rows = _table_rows(value, tokens)
        for row in rows:
            if len(row) != 3:
                raise FormatError(
                    "an OptimumResultTable row is: declarer strain tricks",
                    line=row[0].line,
                    column=row[0].column,
                )
            try:
                seat = Seat.parse(row[0].text)
                strain = Strain.parse(row[1].text)
                tricks = _number(row[2].text, "an OptimumResultTable trick count", 13)
            except FormatError as e:
                raise _at(e, row[0].line, row[0].column) from None
            if table[strain][seat] >= 0 and table[strain][seat] != tricks:
                raise FormatError(
                    f"OptimumResultTable gives {seat.letter} {strain.letter} twice",
                    line=row[0].line,
                    column=row[0].column,
                )
            table[strain][seat] = tricks
        verbatim = TableRecord(name, value, tuple(tuple(t.text for t in r) for r in rows))
        # A partial table is allowed (§5.7 defines only what a full one is): it is kept
        # verbatim, and checked against DoubleDummyTricks where both speak.
        full = None
        if all(x >= 0 for r in table for x in r):
            full = tuple((r[0], r[1], r[2], r[3]) for r in table)
        self._ort = (full, verbatim, line, column)
        self._ort_cells = table

    def visit_commentary(self, text: str, line: int, column: int) -> None:
        """Keep the commentary and the tag it follows."""
        self._commentary.append(text)
        self._anchors.append(self._last_tag)

    # -- the record -------------------------------------------------------------------------
    def _resolve(self, section: str, items: list[_Item]) -> list[str | None]:
        notes = self._notes[section]
        used: set[int] = set()
        out: list[str | None] = []
        for it in items:
            if it.note is None:
                out.append(None)
                continue
            if it.note not in notes:
                at = it.note_at or it.token
                raise FormatError(
                    f'note {it.note} is referenced but no [Note "{it.note}:..."] follows the '
                    f"{section} section",
                    line=at.line,
                    column=at.column,
                )
            used.add(it.note)
            out.append(notes[it.note][0])
        for number, (text, _, _) in notes.items():
            if number not in used:
                self._tags.append(("Note", f"{number}:{text}"))
        return out

    def end_board(self) -> None:
        """Resolve notes, check consistency and freeze the record.

        Raises:
            FormatError: on a dangling note or conflicting double-dummy results.
        """
        f = dict(self._fields)
        if f.pop("auction", None):
            texts = self._resolve("Auction", self._auction_items)
            calls = tuple(
                Call(it.text, note, tuple(it.annotations))
                for it, note in zip(self._auction_items, texts, strict=True)
            )
            auction = AuctionRecord(self._auction_first, calls, self._auction_complete)
            f["auction"] = auction
            # The contract of a finished modern auction when [Contract] is absent, as BBO
            # exports leave it (historical law sets name their declarer by their own laws).
            if "Contract" not in self._typed and "law_set" not in f and auction.is_complete:
                final = auction.final_contract()
                if final is not None:
                    f["contract"] = final[0]
                    if final[1] is not None and "Declarer" not in self._typed:
                        f["declarer"] = final[1]
        else:
            self._resolve("Auction", [])
        if self._result_raw is not None:
            raw, line, column = self._result_raw
            declarer = f.get("declarer")
            tricks = result_tricks(raw, declarer if isinstance(declarer, Seat) else None)
            if tricks is not None:
                f["result"] = tricks
        if f.pop("play", None):
            texts = self._resolve("Play", self._play_items)
            places = [
                PlayedCard(it.text, note, tuple(it.annotations))
                for it, note in zip(self._play_items, texts, strict=True)
            ]
            rows = tuple(tuple(places[i : i + 4]) for i in range(0, len(places), 4))
            play = PlayRecord(self._play_leader, rows, self._play_complete)
            f["play"] = play
            if not play.is_complete and f.get("result") is not None:
                f["claim"] = f["result"]
        else:
            self._resolve("Play", [])
        if self._ort is not None:
            full, verbatim, line, column = self._ort
            dd = f.get("dd_table")
            if isinstance(dd, tuple):
                for strain in range(5):
                    for seat in range(4):
                        x = self._ort_cells[strain][seat]
                        if x >= 0 and dd[strain][seat] != x:
                            raise FormatError(
                                "OptimumResultTable disagrees with DoubleDummyTricks",
                                line=line,
                                column=column,
                            )
            if full is not None:
                f["dd_table"] = full
            elif dd is None:
                self._tables.append(verbatim)
        if f.get("partial_hands") is None:
            f.pop("partial_hands", None)
        if f.get("deal") is None:
            f.pop("deal", None)
        self._record = BoardRecord(
            tags=tuple(self._tags),
            tables=tuple(self._tables),
            commentary=tuple(self._commentary),
            commentary_after=tuple(self._anchors),
            **f,  # type: ignore[arg-type]
        )

    def result(self) -> BoardRecord:
        """The record built.

        Raises:
            FormatError: if the board was skipped.
        """
        if self._record is None:
            raise FormatError("no board was built")
        return self._record


class _Item:
    """A call or card being built: canonical text, annotations and note reference."""

    __slots__ = ("annotations", "note", "note_at", "text", "token")

    def __init__(self, text: str, token: Token) -> None:
        self.text = text
        self.token = token
        self.annotations: list[str] = []
        self.note: int | None = None
        self.note_at: Token | None = None


# ---------------------------------------------------------------------------------------------
# The core's reader: tokens from C++, records built with few objects
# ---------------------------------------------------------------------------------------------

#: Which lexer the readers use: "core" (the C++ lexer, the default) or "python" (PbnReader,
#: the reference the core's lexer is tested against).
_LEXER = "core"
_CHUNK = 1 << 16  # bytes (or characters) read at a time: the reader's memory per board
_CORE_CODECS = {None: 0, "utf-8": 1, "iso8859-1": 2}
_CORE_LIMIT = 1 << 40  # larger limits are the same as this one to the core (size_t)

# Groups the core's lexer gives for a board, in file order (see bind_formats.cpp):
#   (0, name, value, line, column, deal masks or None, None)       a tag pair, "#" resolved
#   (1, name, value, line, column, token texts, token positions)   a section tag, its tokens
#   (2, text, "", line, column, None, None)                        a commentary or comment
# Token positions are (line, column) pairs of native uint32 in a bytes object.
_Group = tuple[int, str, str, int, int, Any, Any]


def _tokens(texts: Sequence[str], positions: bytes) -> list[Token]:
    at = memoryview(positions).cast("I")
    return [Token(t, at[2 * k], at[2 * k + 1]) for k, t in enumerate(texts)]


def _visit_groups(groups: Sequence[_Group], v: BaseVisitor[ResultT]) -> ResultT:
    """The reference's visitor calls (PbnReader.read_board) for a board the core lexed."""
    if v.begin_board() is not SKIP:
        for kind, name, value, line, column, texts, positions in groups:
            if kind == 2:
                v.visit_commentary(name, line, column)
            elif kind == 1:
                v.visit_section(name, value, _tokens(texts, positions), line, column)
            else:
                v.visit_tag(name, value, line, column)
        v.end_board()
    return v.result()


class _CoreReader:
    """Reads boards through the core's lexer; the same boards and errors as PbnReader."""

    def __init__(
        self, handle: IO[Any], text: bool, codec: int, limits: Limits, records: bool = False
    ) -> None:
        self._handle = handle
        self._text = text
        self._lexer = _core.PbnLexer(
            text,
            codec,
            min(limits.max_line, _CORE_LIMIT),
            min(limits.max_section_tokens, _CORE_LIMIT),
            min(limits.max_board_parts, _CORE_LIMIT),
            min(limits.max_commentary, _CORE_LIMIT),
        )
        # A reader of records takes common boards as typed fields (no visitor sees them).
        self._records = records
        if records:
            self._lexer.set_palette(*_palette())
        self._pending: list[Any] = []
        self._next = 0
        self._done = False

    def _next_board(self) -> Any:
        while self._next >= len(self._pending):
            if self._done:
                return None
            chunk = self._handle.read(_CHUNK)
            if self._text:
                if not isinstance(chunk, str):
                    raise TypeError(f"the file gave {type(chunk).__name__}, not text")
                chunk = chunk.encode("utf-8", "surrogatepass")
            elif not isinstance(chunk, bytes):
                raise TypeError(f"the file gave {type(chunk).__name__}, not bytes")
            self._done = not chunk
            self._pending = self._lexer.feed(chunk, self._done)
            self._next = 0
        board = self._pending[self._next]
        self._pending[self._next] = None  # the list must not keep boards alive
        self._next += 1
        return board

    def read_board(
        self, visitor: Callable[[], BaseVisitor[ResultT]] | None = None
    ) -> ResultT | BoardRecord | None:
        """As :meth:`PbnReader.read_board`."""
        lexed = self._next_board()
        if lexed is None:
            return None
        error, groups = lexed
        if error is not None:
            message, line, column, text = error
            if text is not None:
                message = f"unexpected text {shown(text)} outside a section"
            raise FormatError(message, line=line, column=column)
        if type(groups) is tuple:
            if visitor is not None:
                raise TypeError("this reader was opened for records, not for a visitor")
            return _typed_record(groups)
        if visitor is None:
            record = _fast_record(groups)
            if record is not None:
                return record
            return _visit_groups(groups, RecordBuilder())
        return _visit_groups(groups, visitor())


def _reader_for(
    handle: IO[Any], encoding: str | None, limits: Limits | None, records: bool = False
) -> PbnReader | _CoreReader:
    if limits is not None and not isinstance(limits, Limits):
        raise TypeError(f"limits must be a Limits, not {type(limits).__name__}")
    if _LEXER == "core" and hasattr(handle, "read"):
        codec = _check_encoding(encoding)
        text = not isinstance(handle.read(0), bytes)
        if text or codec in _CORE_CODECS:
            return _CoreReader(
                handle, text, _CORE_CODECS.get(codec, 0), limits or Limits(), records
            )
    return PbnReader(handle, encoding=encoding, limits=limits)


# The fast builder: what RecordBuilder makes of the common board, with shared immutable call
# and card objects (a file holds a few dozen spellings millions of times), or None for anything
# less common, which RecordBuilder then builds (or refuses, with its error).
_SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
_FAST_TYPED = {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Score"}
_SLOW_NAMES = {*_TYPED, "note", "auction", "play"}
_NOTE_REFS = {f"={k}=": k for k in range(1, 100)}
_AP_SPELLINGS = {"AP", "Ap", "aP", "ap"}
_OTHER_NAMES: set[str] = set()  # tag names met that RecordBuilder keeps verbatim


def _other_name(name: str) -> bool:
    if name.lower() in _SLOW_NAMES:
        return False
    if len(_OTHER_NAMES) < 4096:
        _OTHER_NAMES.add(name)
    return True


_CONTRACTS: dict[str, Contract] = {}
_ANNOTATION_CHARS = frozenset("=$!?^")


def _bare(cls: type[ResultT], fields: dict[str, Any]) -> ResultT:
    """A frozen record from fields the fast builder has already checked and normalised, without
    running its checks again (the differential tests hold it to the checked constructor)."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


_PASS_CALL = Call("Pass")
_BOARD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(BoardRecord)}


class _Spellings:
    """A section's token spellings met so far, each with the shared call or card it reads as
    (by number, so that a whole section maps in two passes at C speed)."""

    __slots__ = ("codes", "kind", "objects")

    def __init__(self, kind: type[Any]) -> None:
        self.kind = kind
        self.codes: dict[str, int] = {}
        self.objects: list[Any] = []

    def learn(self, text: str) -> bool:
        """Add a plain spelling (no annotation); False if it is not one or the table is full."""
        if not text or len(self.codes) >= 4096 or not _ANNOTATION_CHARS.isdisjoint(text):
            return False
        try:
            obj = self.kind(self.kind.normalise(text))
        except FormatError:
            return False
        self.codes[text] = len(self.objects)
        self.objects.append(obj)
        return True


_CALL_SPELLINGS = _Spellings(Call)
_CARD_SPELLINGS = _Spellings(PlayedCard)


def _fast_places(
    texts: Sequence[str], spellings: _Spellings, auction: bool
) -> tuple[list[Any], dict[int, int], bool] | None:
    """The shared calls or cards of a section's tokens, note numbers by place, and whether the
    section is complete; None if anything is unusual."""
    complete = True
    if texts and texts[-1] == "*":
        complete = False
        texts = texts[:-1]
    codes = list(map(spellings.codes.get, texts, repeat(-1)))
    if codes and min(codes) < 0:
        return _fast_places_slowly(texts, complete, spellings, auction)
    return list(map(spellings.objects.__getitem__, codes)), {}, complete


def _fast_places_slowly(
    texts: Sequence[str], complete: bool, spellings: _Spellings, auction: bool
) -> tuple[list[Any], dict[int, int], bool] | None:
    """As _fast_places, for sections with note references, AP, '*' before the end or new
    spellings (which it learns)."""
    places: list[Any] = []
    notes: dict[int, int] = {}
    for t in texts:
        code = spellings.codes.get(t)
        if code is not None:
            places.append(spellings.objects[code])
            continue
        ref = _NOTE_REFS.get(t)
        if ref is not None:
            k = len(places) - 1
            if k < 0 or k in notes:
                return None
            notes[k] = ref
        elif auction and t in _AP_SPELLINGS:
            places += (_PASS_CALL, _PASS_CALL, _PASS_CALL)
        elif spellings.learn(t):
            places.append(spellings.objects[-1])
        else:
            return None  # '*' before the end, annotations, or not a call or card
    return places, notes, complete


def _attach_notes(
    kind: type[Any], places: list[Any], refs: dict[int, int], texts: dict[int, str]
) -> set[int] | None:
    for k, number in refs.items():
        note = texts.get(number)
        if note is None:
            return None
        places[k] = _bare(kind, {"token": places[k].token, "note": note, "annotations": ()})
    return set(refs.values())


def _fast_record(groups: Sequence[_Group]) -> BoardRecord | None:
    """RecordBuilder's record for a common board, or None (see above)."""
    tags: list[tuple[str, str]] = []
    f: dict[str, Any] = {}
    commentary: list[str] = []
    anchors: list[str] = []
    last = ""
    section: str | None = None
    auction: tuple[Seat, tuple[list[Any], dict[int, int], bool]] | None = None
    play: tuple[Seat, tuple[list[Any], dict[int, int], bool]] | None = None
    notes: dict[str, dict[int, str]] = {"Auction": {}, "Play": {}}
    for kind, name, value, _line, _column, extra, _positions in groups:
        if kind == 0:
            if name in _FAST_TYPED:
                if name in f:
                    return None
                f[name] = extra if name == "Deal" else value
                last = name
            elif name == "Note":
                m = _NOTE_RE.match(value)
                if section is None or m is None:
                    return None
                number = int(m.group(1))
                if number in notes[section]:
                    return None
                notes[section][number] = m.group(2)
                last = section
            elif name in _OTHER_NAMES or _other_name(name):
                tags.append((name, value))
                last = name
            else:
                return None
        elif kind == 2:
            commentary.append(name)
            anchors.append(last)
        else:
            seat = _SEATS.get(value)
            if seat is None:
                return None
            if name == "Auction" and auction is None:
                found = _fast_places(extra, _CALL_SPELLINGS, True)
                if found is None:
                    return None
                auction = (seat, found)
            elif name == "Play" and play is None:
                found = _fast_places(extra, _CARD_SPELLINGS, False)
                if found is None:
                    return None
                play = (seat, found)
            else:
                return None
            last = section = name
    fields = dict(_BOARD_DEFAULTS)
    for name, value in f.items():
        if name == "Score":
            fields["score"] = value
            continue
        if name == "Deal":
            if value is None:
                return None
            deal = object.__new__(Deal)
            object.__setattr__(deal, "_masks", value)  # the core checked the four hands
            fields["deal"] = deal
            continue
        if not value or value == "?" or value != value.strip():
            return None
        if name == "Board":
            if not (value.isascii() and value.isdigit()) or len(value) > 10:
                return None
            board = int(value)
            if board > 10**9:
                return None
            fields["board"] = board
        elif name == "Dealer" or name == "Declarer":
            seat = _SEATS.get(value)
            if seat is None:
                return None
            fields[name.lower()] = seat
        elif name == "Vulnerable":
            vul = _VULNERABLE.get(value.upper())
            if vul is None:
                return None
            fields["vulnerability"] = vul
        elif name == "Contract":
            contract = _CONTRACTS.get(value)
            if contract is None:
                try:
                    contract = Contract.parse(value)
                except FormatError:
                    return None
                if len(_CONTRACTS) < 4096:
                    _CONTRACTS[value] = contract
            fields["contract"] = contract
        elif name == "Result":
            if not (value.isascii() and value.isdigit()) or len(value) > 2 or int(value) > 13:
                return None
            fields["result"] = int(value)
    used: set[int] = set()
    if auction is not None:
        first, (calls, refs, complete) = auction
        attached = _attach_notes(Call, calls, refs, notes["Auction"])
        if attached is None:
            return None
        used = attached
        record = _bare(
            AuctionRecord, {"first": first, "calls": tuple(calls), "is_complete": complete}
        )
        fields["auction"] = record
        if "Contract" not in f and complete:
            final = record.final_contract()
            if final is not None:
                fields["contract"] = final[0]
                if final[1] is not None and "Declarer" not in f:
                    fields["declarer"] = final[1]
    tags += [("Note", f"{k}:{t}") for k, t in notes["Auction"].items() if k not in used]
    used = set()
    if play is not None:
        leader, (places, refs, complete) = play
        attached = _attach_notes(PlayedCard, places, refs, notes["Play"])
        if attached is None:
            return None
        used = attached
        rows = list(zip(*[iter(places)] * 4, strict=False))
        if len(places) % 4:
            rows.append(tuple(places[len(rows) * 4 :]))
        fields["play"] = _bare(
            PlayRecord, {"leader": leader, "tricks": tuple(rows), "is_complete": complete}
        )
        if not complete and fields["result"] is not None:
            fields["claim"] = fields["result"]
    tags += [("Note", f"{k}:{t}") for k, t in notes["Play"].items() if k not in used]
    fields["tags"] = tuple(tags)
    fields["commentary"] = tuple(commentary)
    fields["commentary_after"] = tuple(anchors)
    return _bare(BoardRecord, fields)


def _palette() -> tuple[tuple[Any, ...], ...]:
    """The shared objects the core makes typed boards of, in the order it indexes them."""
    global _PALETTE
    if _PALETTE is None:
        strains = ("C", "D", "H", "S", "NT")
        calls = ("Pass", "X", "XX", *(f"{lv}{s}" for lv in range(1, 8) for s in strains))
        cards = tuple(s + r for s in "SHDC" for r in "23456789TJQKA")
        _PALETTE = (
            (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST),
            (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH),
            tuple(Call(c) for c in calls),
            tuple(PlayedCard(c) for c in cards),
        )
    return _PALETTE


_PALETTE: tuple[tuple[Any, ...], ...] | None = None
_new_deal = Deal.__new__
_set_masks = vars(Deal)["_masks"].__set__  # the slot's setter, as object.__setattr__ sets it


def _typed_record(t: tuple[Any, ...]) -> BoardRecord:
    """The record of a board the core read as typed fields (PbnLexer.typed_board): what
    _fast_record and RecordBuilder make of it (the differential tests hold the three equal)."""
    (
        tags,
        board,
        dealer,
        vulnerability,
        masks,
        declarer,
        contract_text,
        result,
        score,
        auction,
        play,
        commentary,
        anchors,
    ) = t
    f = _BOARD_DEFAULTS.copy()
    f["tags"] = tags
    f["board"] = board
    f["dealer"] = dealer
    f["vulnerability"] = vulnerability
    if masks is not None:
        deal = _new_deal(Deal)
        _set_masks(deal, masks)  # the core checked the four hands
        f["deal"] = deal
    f["declarer"] = declarer
    contract = None
    if contract_text is not None:
        contract = _CONTRACTS.get(contract_text)
        if contract is None:
            contract = Contract.parse(contract_text)
            if len(_CONTRACTS) < 4096:
                _CONTRACTS[contract_text] = contract
    f["result"] = result
    f["score"] = score
    if auction is not None:
        first, calls, complete, refs = auction
        if refs:
            calls = list(calls)
            for k, note in refs:
                calls[k] = _bare(Call, {"token": calls[k].token, "note": note, "annotations": ()})
            calls = tuple(calls)
        record = _bare(AuctionRecord, {"first": first, "calls": calls, "is_complete": complete})
        f["auction"] = record
        if contract is None and complete:
            final = record.final_contract()
            if final is not None:
                contract = final[0]
                if final[1] is not None and declarer is None:
                    f["declarer"] = final[1]
    f["contract"] = contract
    if play is not None:
        leader, rows, complete, refs = play
        if refs:
            places = [c for row in rows for c in row]
            for k, note in refs:
                places[k] = _bare(
                    PlayedCard, {"token": places[k].token, "note": note, "annotations": ()}
                )
            rows = tuple(tuple(places[i : i + 4]) for i in range(0, len(places), 4))
        f["play"] = _bare(PlayRecord, {"leader": leader, "tricks": rows, "is_complete": complete})
        if not complete and result is not None:
            f["claim"] = result
    f["commentary"] = commentary
    f["commentary_after"] = anchors
    return _bare(BoardRecord, f)


# ---------------------------------------------------------------------------------------------
# Convenience readers
# ---------------------------------------------------------------------------------------------


def _open_source(source: str | os.PathLike[str] | IO[Any]) -> tuple[IO[Any], bool]:
    if isinstance(source, str | os.PathLike):
        try:
            return open(source, "rb"), True
        except OSError as e:
            raise FormatError(
                f"cannot open {shown(os.fspath(source), 200)}: {e.strerror}"
            ) from None
    if not hasattr(source, "readline"):
        raise TypeError(f"source must be a path or a file, not {type(source).__name__}")
    return source, False


def iter_boards(
    source: str | os.PathLike[str] | IO[Any],
    visitor: Callable[[], BaseVisitor[ResultT]] | None = None,
    *,
    encoding: str | None = None,
    errors: str = "strict",
    problems: list[FormatError] | None = None,
    limits: Limits | None = None,
) -> Iterator[ResultT | BoardRecord]:
    """Stream the boards of a file (path, text or binary handle) through `visitor`.

    Memory stays bounded by the largest board (see :class:`Limits`), whatever the file's
    size. Bytes are decoded with `encoding`, or by default as UTF-8 where valid (a byte-order
    mark is allowed) and as ISO-8859-1, PBN's character set (PBN 2.1 §2.2), where not.
    With ``errors="skip"`` a malformed board is left out and its error appended to
    `problems` (when given).

    Raises:
        FormatError: at the first malformed board (``errors="strict"``), or a line that
            cannot be decoded in the `encoding` asked for (with line and column).
    """
    skip = check_errors_mode(errors)
    handle, owned = _open_source(source)
    try:
        reader = _reader_for(handle, encoding, limits, records=visitor is None)
        while True:
            try:
                item = reader.read_board(visitor)
            except FormatError as e:
                if not skip:
                    raise
                if problems is not None:
                    problems.append(e)
                continue
            if item is None:
                return
            yield item
    finally:
        if owned:
            handle.close()


def load(
    source: str | os.PathLike[str] | IO[Any],
    *,
    encoding: str | None = None,
    errors: str = "strict",
    limits: Limits | None = None,
) -> Boards:
    """Every board of a PBN file (path or handle) as records (a list).

    See :func:`iter_boards` for `encoding`. With ``errors="skip"`` the good boards are
    returned and the bad ones' errors are in the result's ``problems``.

    Raises:
        FormatError: if any board is malformed (``errors="strict"``); nothing is returned
            then.
    """
    problems: list[FormatError] = []
    # A file's records hold no reference cycles, yet building millions of objects would run
    # the cyclic collector over all of them again and again (a fifth of the time): it waits
    # until the list is built.
    collecting = gc.isenabled()
    gc.disable()
    try:
        boards = [
            r
            for r in iter_boards(
                source, encoding=encoding, errors=errors, problems=problems, limits=limits
            )
            if isinstance(r, BoardRecord)
        ]
    finally:
        if collecting:
            gc.enable()
    return Boards(boards, problems)


def loads(text: str, *, errors: str = "strict", limits: Limits | None = None) -> Boards:
    """Every board of a PBN string as records (a list; see :func:`load` for `errors`).

    Raises:
        FormatError: if any board is malformed (``errors="strict"``).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return load(io.StringIO(text), errors=errors, limits=limits)


def load_deals(source: str | os.PathLike[str] | IO[Any]) -> npt.NDArray[np.uint64]:
    """The deal of every board of a PBN file as an ``(N, 4)`` uint64 array of hand masks.

    The fast path for analysis: the core scans the bytes for ``Deal`` tags (skipping
    commentary, quoted strings and directives, resolving ``#``) without building records.
    Rows are in file order, columns N E S W; a hand the file gives as ``-`` is 0; a board
    whose Deal is empty or ``?`` gives no row.

    Raises:
        FormatError: on a malformed tag pair or deal string (with its line).
        InvalidDealError: for a card in two hands or a hand of more than 13 cards.
        TypeError: for a source that is neither a path nor a file.
    """
    if isinstance(source, str | os.PathLike):
        try:
            with open(source, "rb") as fh:
                data = fh.read()
        except OSError as e:
            raise FormatError(
                f"cannot open {shown(os.fspath(source), 200)}: {e.strerror}"
            ) from None
    elif hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
    else:
        raise TypeError(f"source must be a path or a file, not {type(source).__name__}")
    if not isinstance(data, bytes):
        raise TypeError(f"the file gave {type(data).__name__}, not text or bytes")
    return _core.scan_pbn_deals(data)


def loads_deals(text: str) -> npt.NDArray[np.uint64]:
    """The deals of a PBN string as an ``(N, 4)`` uint64 array (see :func:`load_deals`).

    Raises:
        FormatError: on a malformed tag pair or deal string (with its line).
        InvalidDealError: for a card in two hands or a hand of more than 13 cards.
        TypeError: if `text` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return _core.scan_pbn_deals(text.encode("utf-8", "surrogatepass"))


# ---------------------------------------------------------------------------------------------
# Writer
# ---------------------------------------------------------------------------------------------

_LEADING = ("Event", "Site", "Date")
_PLAYERS = ("West", "North", "East", "South")
_SCORING = ("Scoring",)


def _tag(name: str, value: str) -> str:
    if not _TAG_NAME_RE.fullmatch(name):
        raise FormatError(
            f"PBN cannot hold the tag name {shown(name)} (letters, digits and _ only)"
        )
    if value == "#" or value.startswith("##"):
        raise FormatError(
            f"PBN cannot hold the value {shown(value)} of tag {name}: '#' would inherit (§4.8)"
        )
    return f'[{name} "{_escape(value)}"]'


def _glued(annotations: Sequence[str]) -> tuple[str, list[str]]:
    glued = "".join(a for a in annotations if not a.startswith("$"))
    return glued, [a for a in annotations if a.startswith("$")]


def _section_lines(
    places: Sequence[Call | PlayedCard],
    per_line: int,
    notes: list[str],
    breaks: dict[int, int] | None = None,
) -> list[str]:
    """The section's lines, `per_line` items a line; a line also ends after the K-th item for
    each K in `breaks`, which is given the number of lines written by then (where commentary
    after that item goes)."""
    lines: list[str] = []
    row: list[str] = []
    for i, p in enumerate(places):
        glued, nags = _glued(p.annotations)
        words = [p.token + glued, *nags]
        if p.note is not None:
            notes.append(p.note)
            words.append(f"={len(notes)}=")
        row.extend(words)
        if (i + 1) % per_line == 0 or (breaks is not None and i + 1 in breaks):
            lines.append(" ".join(row))
            row = []
            if breaks is not None and i + 1 in breaks:
                breaks[i + 1] = len(lines)
    if row:
        lines.append(" ".join(row))
    return lines


# LIN's commentary anchors (lin.py): after the K-th call, after the K-th card, after a claim
# made after the K-th card. The colon keeps them apart from PBN tag names.
_LIN_PLACE_RE = re.compile(r"(mb|pc|mc):([0-9]{1,9})")


def _lin_place(anchor: str) -> tuple[str, int] | None:
    """A LIN anchor as (kind, count); None for a PBN anchor."""
    m = _LIN_PLACE_RE.fullmatch(anchor)
    return None if m is None else (m.group(1), int(m.group(2)))


def _deal_text(record: BoardRecord) -> str | None:
    first = record.dealer if record.dealer is not None else Seat.NORTH
    if record.deal is not None:
        return record.deal.to_pbn(first)
    if record.partial_hands is not None:
        hands = [record.partial_hands[int(first.next(k))] for k in range(4)]
        if all(h is None for h in hands):
            return None
        return f"{first.letter}:" + " ".join("-" if h is None else h.to_pbn() for h in hands)
    return None


def _verbatim_ok(name: str, value: str, record: BoardRecord) -> bool:
    """Whether a typed tag kept as written (tags) agrees with the record's typed field."""
    v = _optional(value)
    field_value: object
    if name == "Result":
        if v is None:
            return record.result is None
        try:
            return result_tricks(v, record.declarer) == record.result
        except FormatError:
            return False
    if name == "Declarer":
        if v is None:
            return record.declarer is None
        return v.startswith("^") and Seat.parse(v[1:]) is record.declarer
    if name == "LawSet":
        return v is not None and v == record.law_set
    field_value = {
        "Board": record.board,
        "Dealer": record.dealer,
        "Vulnerable": record.vulnerability,
        "Deal": _deal_text(record),
        "Contract": record.contract,
        "Score": record.score,
        "DoubleDummyTricks": record.dd_table,
        "Declaration": record.declaration,
        "Auction": record.auction,
        "Play": record.play,
    }[name]
    return v is None and field_value is None


def _layout(record: BoardRecord) -> tuple[str, tuple[str, ...]]:
    """The board as PBN text, and the anchor each commentary has when the text is read back
    (a LIN anchor becomes the tag it is written after)."""
    if not isinstance(record, BoardRecord):
        raise TypeError(f"a record must be a BoardRecord, not {type(record).__name__}")
    out: list[str] = []
    written: list[tuple[int, str]] = []  # (line, name) of each tag, for commentary anchors
    rest = list(record.tags)
    verbatim: dict[str, str] = {}
    for name, value in record.tags:
        low = name.lower()
        canon = _TYPED.get(low) or {"auction": "Auction", "play": "Play"}.get(low)
        if canon is not None:
            if canon in verbatim or not _verbatim_ok(canon, value, record):
                raise FormatError(
                    f"tag {name} {shown(value)} in tags disagrees with the record's typed field "
                    "(PBN holds one)"
                )
            verbatim[canon] = value
            rest.remove((name, value))
        elif _is_section(name):
            raise FormatError(f"tag {name} in tags would open a section in PBN")

    def emit(name: str, value: str) -> None:
        written.append((len(out), name))
        out.append(_tag(name, value))

    def take(names: Sequence[str]) -> None:
        for name in names:
            for k, (tn, tv) in enumerate(rest):
                if tn == name:
                    emit(tn, tv)
                    del rest[k]
                    break

    def typed(name: str, value: str | None) -> None:
        if name in verbatim:
            emit(name, verbatim[name])
        elif value is not None:
            emit(name, value)

    # LIN's anchors: where in the sections each is written (filled in below).
    lin = [_lin_place(x) for x in record.commentary_after]
    call_breaks = {k: 0 for kind, k in filter(None, lin) if kind == "mb" and k > 0}
    card_count = 0
    if record.play is not None:
        card_count = sum(1 for row in record.play.tricks for pc in row if pc.card is not None)
    for kind, k in filter(None, lin):
        calls_n = len(record.auction.calls) if record.auction is not None else 0
        if (
            (kind == "mb" and k > calls_n)
            or (kind == "pc" and not 1 <= k <= card_count)
            or (kind == "mc" and (record.claim is None or k != card_count))
        ):
            raise FormatError(
                f"commentary placed at {shown(f'{kind}:{k}')}, which "
                f"the board lacks (it has {calls_n} calls, {card_count} cards and "
                f"{'a' if record.claim is not None else 'no'} claim)"
            )
    at_index: dict[tuple[str, int], int] = {}  # out index each LIN place is written before

    take(_LEADING)
    typed("Board", None if record.board is None else str(record.board))
    take(_PLAYERS)
    typed("Dealer", None if record.dealer is None else record.dealer.letter)
    typed("Vulnerable", None if record.vulnerability is None else record.vulnerability.pbn)
    typed("Deal", _deal_text(record))
    take(_SCORING)
    typed("Declarer", None if record.declarer is None else record.declarer.letter)
    typed("Contract", None if record.contract is None else str(record.contract))
    result = record.result
    if record.claim is not None:
        if result is not None and result != record.claim:
            raise FormatError(
                f"PBN cannot hold a claim of {record.claim} beside a result of {result}"
            )
        if record.play is not None and record.play.is_complete:
            raise FormatError("PBN holds a claim as a play section ending '*'")
        result = record.claim
    typed("Result", None if result is None else str(result))
    for name, value in rest:
        emit(name, value)
    typed("Score", record.score)
    typed("LawSet", record.law_set)
    typed("Declaration", None if record.declaration is None else str(record.declaration))
    typed(
        "DoubleDummyTricks", None if record.dd_table is None else dd_table_to_pbn(record.dd_table)
    )
    at_index[("mb", 0)] = len(out)  # before the Auction tag, or where it would stand
    if record.auction is not None:
        a = record.auction
        emit("Auction", a.first.letter)
        calls = list(a.calls)
        tail_ap = (
            a.is_complete
            and len(calls) >= 4
            and all(c.is_pass and c.note is None and not c.annotations for c in calls[-3:])
            # AP stands for the last three passes: no commentary between them.
            and not any(len(calls) - 3 < k < len(calls) for k in call_breaks)
        )
        notes: list[str] = []
        start = len(out)
        lines = _section_lines(calls[:-3] if tail_ap else calls, 4, notes, call_breaks)
        if tail_ap:
            lines.append("AP")
            if len(calls) in call_breaks:
                call_breaks[len(calls)] = len(lines)
        if not a.is_complete:
            lines.append("*")
        for k, done in call_breaks.items():
            at_index[("mb", k)] = start + done
        out.extend(lines)
        out.extend(_tag("Note", f"{k}:{t}") for k, t in enumerate(notes, 1))
    elif "Auction" in verbatim:
        emit("Auction", verbatim["Auction"])
    if record.play is not None or record.claim is not None:
        play = record.play
        if play is None:
            if record.declarer is None:
                raise FormatError("PBN needs the declarer to write a claim without play")
            play = PlayRecord(record.declarer.lho, (), False)
        emit("Play", play.leader.letter)
        notes = []
        seen = 0  # cards of the tricks written
        for row in play.tricks:
            out.extend(_section_lines(row, 4, notes))
            trick = sum(1 for pc in row if pc.card is not None)
            for k in range(seen + 1, seen + trick + 1):
                at_index[("pc", k)] = len(out)  # after the trick that holds the card
            seen += trick
        if not play.is_complete:
            out.append("*")
        at_index[("mc", seen)] = len(out)
        out.extend(_tag("Note", f"{k}:{t}") for k, t in enumerate(notes, 1))
    elif "Play" in verbatim:
        emit("Play", verbatim["Play"])
    if record.dd_table is not None:
        emit("OptimumResultTable", _ORT_HEADER)
        for seat in _DD_ROWS:
            for strain in _DD_COLUMNS:
                out.append(f"{seat.letter} {strain.letter:>2} {record.dd_table[strain][seat]:>2}")
    for t in record.tables:
        emit(t.name, t.header)
        out.extend(" ".join(r) for r in t.rows)
    # Commentary goes back after the tag it followed in the file (PBN 2.1 §3.8), a LIN
    # anchor's where its call, card or claim was written.
    anchors = record.commentary_after or ("\0end",) * len(record.commentary)
    if not anchors:
        return "\n".join(out) + "\n", ()
    # After the anchor's first tag and its section lines and notes: before the next tag.
    starts = [i for i, _ in written] + [len(out)]
    after_tag: dict[str, int] = {"": 0, "\0end": len(out)}
    for k, (_, name) in enumerate(written):
        after_tag.setdefault(name, starts[k + 1])
    insert: dict[int, list[str]] = {}
    as_read: list[str] = []
    for c, anchor, place in zip(record.commentary, anchors, lin or repeat(None), strict=False):
        if "}" in c:
            if "\n" in c:
                raise FormatError("commentary holding both '}' and a line break cannot be written")
            text = ";" + c
        else:
            text = "{" + c + "}"
        if place is not None:
            index = at_index[place]
            # A reader gives the last tag written before it (a section's, within its lines).
            as_read.append(next((n for i, n in reversed(written) if i < index), ""))
        elif anchor in after_tag:
            index = after_tag[anchor]
            as_read.append(anchor)
        else:
            raise FormatError(f"commentary placed after tag {shown(anchor)}, which the board lacks")
        insert.setdefault(index, []).append(text)
    final: list[str] = []
    for i in range(len(out) + 1):
        final.extend(insert.get(i, []))
        if i < len(out):
            final.append(out[i])
    return "\n".join(final) + "\n", tuple(as_read)


def pbn_view(record: BoardRecord) -> BoardRecord:
    """The record as PBN gives it back: the same, but for the order of its tags (the writer
    puts the seven-tag roster first, PBN 2.1 §3.1), where the record does not say where
    its commentary stood, the commentary's places, and LIN's anchors (``mb:K``, ``pc:K``,
    ``mc:K``), which read back as the tag they are written after."""
    changes: dict[str, object] = {"tags": tuple(sorted(record.tags))}
    if any(_lin_place(x) is not None for x in record.commentary_after):
        # A record PBN cannot hold keeps its anchors as given.
        with contextlib.suppress(FormatError):
            changes["commentary_after"] = _layout(record)[1]
    return record.replace(**changes)


def _same(a: BoardRecord, b: BoardRecord) -> bool:
    if not a.commentary_after:
        b = b.replace(commentary_after=())
    return pbn_view(a) == pbn_view(b)


def _differences(a: BoardRecord, b: BoardRecord) -> list[str]:
    a, b = pbn_view(a), pbn_view(b)
    return [
        f.name
        for f in dataclasses.fields(BoardRecord)
        if getattr(a, f.name) != getattr(b, f.name)
        and not (f.name == "commentary_after" and not a.commentary_after)
    ]


def write_board(record: BoardRecord) -> str:
    """One board as PBN text (tags, sections, notes, commentary), ending with a newline.

    The text is read back before it is returned: what PBN would not give back the same
    is refused, never written changed.

    Raises:
        FormatError: if the record cannot be written without loss (a claim that disagrees
            with the result, a tag value with a line break, a tag name PBN cannot hold, a
            value PBN would read differently), naming the field.
        TypeError: if `record` is not a BoardRecord.
    """
    text, as_read = _layout(record)
    if any(_lin_place(x) is not None for x in record.commentary_after):
        # LIN's anchors read back as the tags they are written after (pbn_view, done once).
        record = record.replace(commentary_after=as_read)
    try:
        back = PbnReader(io.StringIO(text)).read_record()
    except FormatError as e:
        raise FormatError(
            f"PBN cannot hold this board: it would read back as an error: {e}"
        ) from None
    if back is None or not _same(record, back):
        diff = _differences(record, back) if back is not None else ["everything"]
        raise FormatError(
            f"PBN cannot hold this board's {', '.join(diff)} as given (it would read back "
            "differently)"
        )
    return text


def dumps(records: Iterable[BoardRecord]) -> str:
    """Boards as a PBN 2.1 file's text.

    Raises:
        FormatError: if a record cannot be written without loss, naming the record (from 1)
            and its board (nothing is returned then).
    """
    parts = []
    for i, r in enumerate(records):
        try:
            parts.append(write_board(r))
        except FormatError as e:
            raise _record_error(i, r, e) from None
    text = "% PBN 2.1\n" + "\n".join(parts)
    check_encodable(text, "the PBN text")
    return text


def dump(records: Iterable[BoardRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write boards as PBN to a path or text handle.

    Raises:
        FormatError: if a record cannot be written without loss (nothing is written then).
    """
    text = dumps(records)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        target.write(text)
