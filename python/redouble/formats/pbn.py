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
- A tag value ``"#"`` repeats the previous board's value of that tag (PBN §4.8).
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
  ``BoardRecord.commentary``. Lines starting with ``%`` are directives and are skipped.
- CRLF or LF line ends, a UTF-8 byte-order mark, and blank lines between boards.

Historical boards
-----------------
``[LawSet "auction_1912"]`` names the law set (any name :func:`redouble.laws.get` knows).
Auction 1912's Royal Spades are bid as ``1RS`` ... ``7RS`` and contracted as e.g. ``2RSX``.
Bridge (1906) has no auction: ``[Declaration "S:Pass N:H E:X S:X"]`` records the make (here
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

import enum
import io
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, NamedTuple, TextIO, TypeVar

from ..cards import CardSet, Seat, Strain
from ..deal import Deal, Vulnerability
from ..errors import FormatError, InvalidDealError
from .records import (
    AuctionRecord,
    BoardRecord,
    Call,
    Contract,
    DDTable,
    DeclarationRecord,
    PartialHands,
    PlayedCard,
    PlayRecord,
    TableRecord,
    parse_annotations,
    split_annotations,
)

__all__ = [
    "SKIP",
    "BaseVisitor",
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
    "loads",
    "write_board",
]

ResultT = TypeVar("ResultT")


class Token(NamedTuple):
    """One whitespace-separated token of a section, with its 1-based position."""

    text: str
    line: int
    column: int


class SkipType(enum.Enum):
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
_QUOTED_RE = re.compile(r'"(?:[^"\\]|\\.)*"')
_SECTION_NAMES = {"auction", "play"}


def _is_section(name: str) -> bool:
    low = name.lower()
    return low in _SECTION_NAMES or (low.endswith("table") and len(low) > 5)


def _unescape(value: str) -> str:
    # Only \" and \\ are escapes; any other backslash is literal (table headers: "\2R").
    return re.sub(r'\\(["\\])', r"\1", value)


def _escape(value: str) -> str:
    if "\n" in value or "\r" in value:
        raise FormatError(f"a PBN tag value cannot hold a line break: {value!r}")
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


class _Part(NamedTuple):
    kind: str  # "tag", "data" or "comment"
    text: str  # tag name, data token or comment text
    value: str  # tag value ("" otherwise)
    line: int
    column: int


class PbnReader:
    """Reads boards one at a time from a PBN text stream (or any iterable of lines).

    Keeps the previous board's tags for ``#`` inheritance and counts lines for error
    positions. After a :class:`~redouble.errors.FormatError` the reader is positioned after
    the faulty board, so reading may continue.
    """

    def __init__(self, source: Iterable[str]) -> None:
        self._lines = iter(source)
        self._lineno = 0
        self._previous: dict[str, str] = {}
        self._first = True

    # -- lexing -----------------------------------------------------------------------------
    def _next_line(self) -> str | None:
        try:
            raw = next(self._lines)
        except StopIteration:
            return None
        self._lineno += 1
        line = raw.rstrip("\r\n")
        if self._first:
            self._first = False
            line = line.removeprefix("\ufeff")
        return line

    def _lex_board(self) -> tuple[list[_Part], FormatError | None, int] | None:
        """The parts of the next board, the first lexing error, and its first line."""
        parts: list[_Part] = []
        error: FormatError | None = None
        comment: list[str] | None = None
        comment_at = (0, 0)
        start = 0
        while True:
            line = self._next_line()
            if line is None:
                if comment is not None and error is None:
                    error = FormatError(
                        "commentary '{' is never closed", line=comment_at[0], column=comment_at[1]
                    )
                break
            n = self._lineno
            if comment is None and not line.strip():
                if parts or error:
                    break
                continue
            if comment is None and line.startswith("%"):
                continue
            if not start:
                start = n
            i = 0
            size = len(line)
            if comment is not None and not size:
                comment.append("")
            while i < size:
                if comment is not None:
                    end = line.find("}", i)
                    if end < 0:
                        comment.append(line[i:])
                        break
                    comment.append(line[i:end])
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
                        if error is None:
                            error = FormatError(
                                'malformed tag pair (expected [Name "value"])', line=n, column=i + 1
                            )
                        break
                    parts.append(_Part("tag", m.group(1), _unescape(m.group(2)), n, i + 1))
                    i = m.end()
                elif ch == "{":
                    comment = []
                    comment_at = (n, i + 1)
                    i += 1
                elif ch == ";":
                    parts.append(_Part("comment", line[i + 1 :], "", n, i + 1))
                    break
                elif ch == '"':
                    m = _QUOTED_RE.match(line, i)
                    if m is None:
                        if error is None:
                            error = FormatError("unterminated string", line=n, column=i + 1)
                        break
                    parts.append(_Part("data", m.group(0), "", n, i + 1))
                    i = m.end()
                else:
                    j = i
                    while j < size and not line[j].isspace() and line[j] not in "[{;":
                        j += 1
                    parts.append(_Part("data", line[i:j], "", n, i + 1))
                    i = j
        if not parts and error is None:
            return None
        return parts, error, start

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
        # stays right even for skipped boards.
        groups: list[tuple[_Part, list[Token]]] = []
        current: dict[str, str] = {}
        for p in parts:
            if p.kind == "tag":
                value = p.value
                if value == "#":
                    if p.text.lower() not in self._previous:
                        raise FormatError(
                            f"tag {p.text} inherits '#' but no earlier board has it",
                            line=p.line,
                            column=p.column,
                        )
                    value = self._previous[p.text.lower()]
                    p = p._replace(value=value)
                current.setdefault(p.text.lower(), value)
                groups.append((p, []))
            elif p.kind == "data":
                if not groups or not _is_section(groups[-1][0].text):
                    if error is None:
                        error = FormatError(
                            f"unexpected text {p.text!r} outside a section",
                            line=p.line,
                            column=p.column,
                        )
                    continue
                groups[-1][1].append(Token(p.text, p.line, p.column))
            else:
                groups.append((p, []))
        self._previous = current
        if error is not None:
            raise error
        if v.begin_board() is not SKIP:
            for p, tokens in groups:
                if p.kind == "comment":
                    v.visit_commentary(p.text, p.line, p.column)
                elif _is_section(p.text):
                    v.visit_section(p.text, p.value, tokens, p.line, p.column)
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
_NOTE_RE = re.compile(r"^\s*(\d+)\s*:(.*)$", re.DOTALL)
_DD_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DD_COLUMNS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DD_DIGITS = "0123456789abcd"
_ORT_HEADER = "Declarer;Denomination\\2R;Result\\2R"


def dd_table_from_pbn(value: str) -> DDTable:
    """Decode a ``DoubleDummyTricks`` value into ``table[strain][seat]``.

    Raises:
        FormatError: unless the value is 20 digits 0-9/a-d (any case).
    """
    v = value.strip().lower()
    if len(v) != 20 or any(ch not in _DD_DIGITS for ch in v):
        raise FormatError(f"DoubleDummyTricks must be 20 digits 0-9 or a-d, got {value!r}")
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


def _parse_deal(value: str, line: int, column: int) -> tuple[Deal | None, PartialHands | None]:
    text = value.strip()
    first_letter, sep, rest = text.partition(":")
    try:
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
        for s in sets:
            if s is not None:
                if seen & s.mask:
                    raise FormatError("a card is in two hands")
                seen |= s.mask
        return None, (sets[0], sets[1], sets[2], sets[3])
    except (FormatError, InvalidDealError) as e:
        raise _at(e, line, column) from None


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
        self._notes: dict[str, dict[int, tuple[str, int, int]]] = {"Auction": {}, "Play": {}}
        self._note_section: str | None = None
        self._refs: dict[str, list[tuple[int, int, Token]]] = {"Auction": [], "Play": []}
        self._auction_tokens: list[_Item] = []
        self._play_rows: list[list[_Item]] = []
        self._ort: tuple[DDTable, int, int] | None = None
        return None

    # -- tags -------------------------------------------------------------------------------
    def _claim_typed(self, name: str, value: str, line: int, column: int) -> bool:
        prev = self._typed.get(name)
        if prev is not None:
            if prev[0] != value:
                raise FormatError(
                    f"tag {name} given twice with different values ({prev[0]!r} on line "
                    f"{prev[1]}, then {value!r})",
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
            return
        canon = _TYPED.get(low)
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
        if canon == "Board":
            if v is not None:
                if not v.isdigit():
                    raise FormatError(f"board number must be a number, got {value!r}")
                f["board"] = int(v)
        elif canon == "Dealer":
            if v is not None:
                f["dealer"] = Seat.parse(v)
        elif canon == "Vulnerable":
            if v is not None:
                if v.upper() not in _VULNERABLE:
                    raise FormatError(f"bad Vulnerable {value!r} (None, NS, EW or All)")
                f["vulnerability"] = _VULNERABLE[v.upper()]
        elif canon == "Deal":
            if v is not None:
                f["deal"], f["partial_hands"] = _parse_deal(v, line, column)
        elif canon == "Declarer":
            if v is not None:
                f["declarer"] = Seat.parse(v)
        elif canon == "Contract":
            if v is not None:
                f["contract"] = Contract.parse(v)
        elif canon == "Result":
            if v is not None:
                if not v.isdigit() or int(v) > 13:
                    raise FormatError(f"Result must be 0..13 tricks, got {value!r}")
                f["result"] = int(v)
        elif canon == "Score":
            if v is not None:
                f["score"] = value
        elif canon == "DoubleDummyTricks":
            if v is not None:
                f["dd_table"] = dd_table_from_pbn(v)
        elif canon == "LawSet":
            if v is not None:
                f["law_set"] = v
        elif canon == "Declaration" and v is not None:
            f["declaration"] = DeclarationRecord.parse(v)

    def _visit_note(self, name: str, value: str, line: int, column: int) -> None:
        m = _NOTE_RE.match(value)
        section = self._note_section
        if m is None or section is None:
            if m is None and section is not None:
                raise FormatError(
                    f"bad Note {value!r} (expected 'n:text')", line=line, column=column
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
            if not self._claim_typed("Auction", value, line, column):
                return
            self._note_section = "Auction"
            self._visit_auction(value, tokens, line, column)
        elif low == "play":
            if not self._claim_typed("Play", value, line, column):
                return
            self._note_section = "Play"
            self._visit_play(value, tokens, line, column)
        elif low == "optimumresulttable":
            self._visit_ort(value, tokens, line, column)
        else:
            rows: list[list[str]] = []
            last = -1
            for t in tokens:
                if t.line != last:
                    rows.append([])
                    last = t.line
                rows[-1].append(t.text)
            self._tables.append(TableRecord(name, value, tuple(tuple(r) for r in rows)))

    def _items(
        self, section: str, tokens: Sequence[Token], parse: Callable[[str], str]
    ) -> tuple[list[_Item], bool]:
        """Split tokens into items (token, annotations) and note references; find '*'."""
        items: list[_Item] = []
        complete = True
        for t in tokens:
            if not complete:
                raise FormatError(f"text {t.text!r} after '*'", line=t.line, column=t.column)
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
                    raise FormatError(f"annotation {t.text!r} follows nothing")
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
            return
        items, complete = self._items("Auction", tokens, Call.normalise)
        self._auction_first = first
        self._auction_items = items
        self._auction_complete = complete
        self._fields["auction"] = True

    def _visit_play(self, value: str, tokens: Sequence[Token], line: int, column: int) -> None:
        leader = self._section_seat(value, tokens, line, column, "a play section")
        if leader is None:
            return
        items, complete = self._items("Play", tokens, PlayedCard.normalise)
        self._play_leader = leader
        self._play_items = items
        self._play_complete = complete
        self._fields["play"] = True

    def _visit_ort(self, value: str, tokens: Sequence[Token], line: int, column: int) -> None:
        table = [[-1] * 4 for _ in range(5)]
        rows: dict[int, list[Token]] = {}
        for t in tokens:
            rows.setdefault(t.line, []).append(t)
        for row in rows.values():
            if len(row) != 3:
                raise FormatError(
                    "an OptimumResultTable row is: declarer strain tricks",
                    line=row[0].line,
                    column=row[0].column,
                )
            try:
                seat = Seat.parse(row[0].text)
                strain = Strain.parse(row[1].text)
                if not row[2].text.isdigit() or int(row[2].text) > 13:
                    raise FormatError(f"bad trick count {row[2].text!r}")
            except FormatError as e:
                raise _at(e, row[0].line, row[0].column) from None
            table[strain][seat] = int(row[2].text)
        if any(x < 0 for r in table for x in r):
            raise FormatError(
                "OptimumResultTable must give all 20 declarer/strain results",
                line=line,
                column=column,
            )
        self._ort = (tuple((r[0], r[1], r[2], r[3]) for r in table), line, column)

    def visit_commentary(self, text: str, line: int, column: int) -> None:
        """Keep the commentary."""
        self._commentary.append(text)

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
            f["auction"] = AuctionRecord(self._auction_first, calls, self._auction_complete)
        else:
            self._resolve("Auction", [])
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
            ort, line, column = self._ort
            if "dd_table" in f and f["dd_table"] != ort:
                raise FormatError(
                    "OptimumResultTable disagrees with DoubleDummyTricks", line=line, column=column
                )
            f["dd_table"] = ort
        if f.get("partial_hands") is None:
            f.pop("partial_hands", None)
        if f.get("deal") is None:
            f.pop("deal", None)
        self._record = BoardRecord(
            tags=tuple(self._tags),
            tables=tuple(self._tables),
            commentary=tuple(self._commentary),
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
# Convenience readers
# ---------------------------------------------------------------------------------------------


def _open_text(source: str | os.PathLike[str] | TextIO) -> tuple[TextIO, bool]:
    if isinstance(source, str | os.PathLike):
        return open(source, encoding="utf-8-sig", newline=""), True
    return source, False


def iter_boards(
    source: str | os.PathLike[str] | TextIO,
    visitor: Callable[[], BaseVisitor[ResultT]] | None = None,
) -> Iterator[ResultT | BoardRecord]:
    """Stream the boards of a file (path or text handle) through `visitor`.

    Raises:
        FormatError: at the first malformed board.
    """
    handle, owned = _open_text(source)
    try:
        reader = PbnReader(handle)
        while (item := reader.read_board(visitor)) is not None:
            yield item
    finally:
        if owned:
            handle.close()


def load(source: str | os.PathLike[str] | TextIO) -> list[BoardRecord]:
    """Every board of a PBN file (path or text handle) as records.

    Raises:
        FormatError: if any board is malformed; nothing is returned then.
    """
    return [r for r in iter_boards(source) if isinstance(r, BoardRecord)]


def loads(text: str) -> list[BoardRecord]:
    """Every board of a PBN string as records.

    Raises:
        FormatError: if any board is malformed.
    """
    return load(io.StringIO(text))


# ---------------------------------------------------------------------------------------------
# Writer
# ---------------------------------------------------------------------------------------------

_LEADING = ("Event", "Site", "Date")
_PLAYERS = ("West", "North", "East", "South")
_SCORING = ("Scoring",)


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _glued(annotations: Sequence[str]) -> tuple[str, list[str]]:
    glued = "".join(a for a in annotations if not a.startswith("$"))
    return glued, [a for a in annotations if a.startswith("$")]


def _section_lines(
    places: Sequence[Call | PlayedCard], per_line: int, notes: list[str]
) -> list[str]:
    lines: list[str] = []
    row: list[str] = []
    for i, p in enumerate(places):
        glued, nags = _glued(p.annotations)
        words = [p.token + glued, *nags]
        if p.note is not None:
            notes.append(p.note)
            words.append(f"={len(notes)}=")
        row.extend(words)
        if (i + 1) % per_line == 0:
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    return lines


def _deal_text(record: BoardRecord) -> str | None:
    first = record.dealer if record.dealer is not None else Seat.NORTH
    if record.deal is not None:
        return record.deal.to_pbn(first)
    if record.partial_hands is not None:
        hands = [record.partial_hands[int(first.next(k))] for k in range(4)]
        return f"{first.letter}:" + " ".join("-" if h is None else h.to_pbn() for h in hands)
    return None


def write_board(record: BoardRecord) -> str:
    """One board as PBN text (tags, sections, notes, commentary), ending with a newline.

    Raises:
        FormatError: if the record cannot be written without loss (a claim that disagrees
            with the result, a tag value with a line break).
    """
    out: list[str] = []
    rest = list(record.tags)

    def take(names: Sequence[str]) -> None:
        for name in names:
            for k, (tn, tv) in enumerate(rest):
                if tn == name:
                    out.append(_tag(tn, tv))
                    del rest[k]
                    break

    take(_LEADING)
    if record.board is not None:
        out.append(_tag("Board", str(record.board)))
    take(_PLAYERS)
    if record.dealer is not None:
        out.append(_tag("Dealer", record.dealer.letter))
    if record.vulnerability is not None:
        out.append(_tag("Vulnerable", record.vulnerability.pbn))
    deal = _deal_text(record)
    if deal is not None:
        out.append(_tag("Deal", deal))
    take(_SCORING)
    if record.declarer is not None:
        out.append(_tag("Declarer", record.declarer.letter))
    if record.contract is not None:
        out.append(_tag("Contract", str(record.contract)))
    result = record.result
    if record.claim is not None:
        if result is not None and result != record.claim:
            raise FormatError(
                f"PBN cannot hold a claim of {record.claim} beside a result of {result}"
            )
        if record.play is not None and record.play.is_complete:
            raise FormatError("PBN holds a claim as a play section ending '*'")
        result = record.claim
    if result is not None:
        out.append(_tag("Result", str(result)))
    for name, value in rest:
        out.append(_tag(name, value))
    if record.score is not None:
        out.append(_tag("Score", record.score))
    if record.law_set is not None:
        out.append(_tag("LawSet", record.law_set))
    if record.declaration is not None:
        out.append(_tag("Declaration", str(record.declaration)))
    if record.dd_table is not None:
        out.append(_tag("DoubleDummyTricks", dd_table_to_pbn(record.dd_table)))
    if record.auction is not None:
        a = record.auction
        out.append(_tag("Auction", a.first.letter))
        calls = list(a.calls)
        tail_ap = (
            a.is_complete
            and len(calls) >= 4
            and all(c.is_pass and c.note is None and not c.annotations for c in calls[-3:])
        )
        notes: list[str] = []
        lines = _section_lines(calls[:-3] if tail_ap else calls, 4, notes)
        if tail_ap:
            lines.append("AP")
        if not a.is_complete:
            lines.append("*")
        out.extend(lines)
        out.extend(_tag("Note", f"{k}:{t}") for k, t in enumerate(notes, 1))
    if record.play is not None or record.claim is not None:
        play = record.play
        if play is None:
            if record.declarer is None:
                raise FormatError("PBN needs the declarer to write a claim without play")
            play = PlayRecord(record.declarer.lho, (), False)
        out.append(_tag("Play", play.leader.letter))
        notes = []
        for row in play.tricks:
            out.extend(_section_lines(row, 4, notes))
        if not play.is_complete:
            out.append("*")
        out.extend(_tag("Note", f"{k}:{t}") for k, t in enumerate(notes, 1))
    if record.dd_table is not None:
        out.append(_tag("OptimumResultTable", _ORT_HEADER))
        for seat in _DD_ROWS:
            for strain in _DD_COLUMNS:
                out.append(f"{seat.letter} {strain.letter:>2} {record.dd_table[strain][seat]:>2}")
    for t in record.tables:
        out.append(_tag(t.name, t.header))
        out.extend(" ".join(r) for r in t.rows)
    for c in record.commentary:
        if "}" in c:
            if "\n" in c:
                raise FormatError("commentary holding both '}' and a line break cannot be written")
            out.append(";" + c)
        else:
            out.append("{" + c + "}")
    return "\n".join(out) + "\n"


def dumps(records: Iterable[BoardRecord]) -> str:
    """Boards as a PBN 2.1 file's text.

    Raises:
        FormatError: if a record cannot be written without loss.
    """
    return "% PBN 2.1\n" + "\n".join(write_board(r) for r in records)


def dump(records: Iterable[BoardRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write boards as PBN to a path or text handle.

    Raises:
        FormatError: if a record cannot be written without loss.
    """
    text = dumps(records)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        target.write(text)
