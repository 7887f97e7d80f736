"""LIN, Bridge Base Online's format: read and write deals, auctions, play and claims.

A LIN board is a run of ``key|value|`` pairs (line breaks between pairs are ignored). A
value ends at its line, except free text: the value of ``at|``, ``nt|``, ``an|`` or ``mn|``
runs to its closing ``|`` over as many lines as it takes, its line breaks kept as written, as
BBO's viewer reads its teaching files ("movies"); one still open at the end of the text is a
FormatError at its key. Text after a line's last pair that holds no ``|`` (a teaching file's
``cr|255|cg|0|cb|0|bright red`` names its colour there) is display text and is skipped,
unless it could be a key whose pair was cut short (``…|mb``), which is refused. The keys
redouble interprets:

- ``pn|S,W,N,E|`` player names, South first -> tags South, West, North, East. A pn| holds
  for the boards that follow until the next pn| or vg| (as in BBO's viewer, which keeps the
  players until told otherwise); a pn| with no name given (``pn|,,,|``) says the players are
  unknown.
  Eight names (``pn|S,W,N,E,s,w,n,e|``, a vugraph file's) are the open room's four, then the
  closed room's: a board from ``qx|o..|`` (or with no qx|) takes the first four, one from
  ``qx|c..|`` the last four. Another count is kept verbatim as ``Lin_pn`` and the players are
  then unknown: BBO's viewer shows whatever it finds, and a display field is no reason to
  refuse a board;
- ``qx|o12|`` / ``qx|c12|`` a vugraph board: the room -> tag Room ("Open", "Closed"), and the
  board number unless ``ah|`` gives one; a label after a comma (``qx|o1,Board 1|``) is
  display text and is not kept. Any other qx| (``qx|A1|``, as BBO teaching files name each
  problem, a name their ``^*G`` links give too) names no room and no board number: it is kept
  verbatim as the tag ``Lin_qx`` and written back as the qx| that starts the board. A second
  qx| in a board is refused (FormatError naming qx|);
- ``vg|Event,Segment,Scoring,First,Last,Team 1,Carry 1,Team 2,Carry 2|`` the match header of
  a vugraph file -> tags Event, Stage, Scoring (I -> "IMP", P -> "MP", B -> "BAM"),
  HomeTeam, VisitTeam, carried to every later board that has a qx|; the value is kept as
  ``Lin_vg`` (boards, carry-overs) on its own board. Read leniently, as other vugraph readers
  do: a missing or empty field gives no tag, extra fields are ignored. A vg| after a board
  begins a new segment (BBO's segment files put end to end): it and the segment's ``rs|``
  list of results are the next board's, as the file's first are its first board's; its tags
  replace the old header's, and the players of the segment before do not carry into it
  (the segment's own pn| names them);
- ``md|<d><S>,<W>,<N>,<E>|`` the deal: ``d`` is the dealer (1 = South, 2 = West, 3 = North,
  4 = East), then the hands of South, West, North and East, each as suit letters followed by
  ranks (``SAK3HQJ2D...C...``). A missing fourth hand is the rest of the pack; hands left
  empty are unknown;
- ``sv|o|`` vulnerability: ``o`` or ``0`` none, ``n`` NS, ``e`` EW, ``b`` both;
- ``ah|Board 7|`` the board number;
- ``mb|1N!|`` a call (``p`` pass, ``d`` double, ``r`` redouble; ``!`` marks an alert, kept
  as the annotation ``"!"``), ``an|text|`` the explanation of the call before it (its note).
  One mb| may hold several calls, as teaching files write a whole auction (``mb|1nppp|``):
  a value that is no call is read as calls (bids such as ``1n``, ``1nt``, ``7s``; ``p``,
  ``pass``; ``d``, ``x``, ``dbl``; ``r``, ``xx``, ``rdbl``, ``redbl``; each with its ``!``
  alerts; spaces or commas may part them) when it splits into them in exactly one way, and
  is refused, naming the value, when it splits in several (``xxx``). An an| after it explains
  its last call;
- ``pc|SA|`` a card played, in order of play; ``mc|9|`` a claim of nine tricks in all for
  the declarer (read also as the result, as Bridge Composer does). A board played to its
  last card without a claim has as its result the tricks the play gives the declarer;
- ``nt|text|`` commentary, which keeps its place: ``commentary_after`` says what each
  followed, ``"mb:K"`` the K-th call of the board (``"mb:0"``: before the first call,
  wherever it stood before it), ``"pc:K"`` the K-th card played, ``"mc:K"`` a claim made
  after the K-th card, whichever of these came last before it (an ``an|`` or display key
  between changes nothing). Each holds a colon, which no PBN tag name does. The writer puts each ``nt|`` back there; PBN's writer puts these places in the
  auction and play sections (see :mod:`redouble.formats.pbn`).

Display keys (``st``, ``rh``, ``pg``, ``sa``) are dropped; any other key is kept as a tag
named ``Lin_<key>`` and written back (a vugraph file's ``rs|`` list of results among them).
The contract and declarer are worked out from the auction under the contract-bridge rule
(LIN only carries modern auctions), which also orders the play into PBN-style seat columns.
A new board starts at ``qx``, ``pn``, ``md``, ``vg`` or ``rs`` once the current board has its
deal; any other key after a deal (commentary, a claim, a key redouble does not know, even
after the last card) is the board's it follows, since BBO writes those inside a board.

LIN cannot carry Bridge (Elwell, 1906) declarations or Royal Spades: writing them raises
:class:`~redouble.errors.FormatError`. The writer gives each call its own ``mb|`` (an
auction read from one ``mb|1nppp|`` is written as four), and free text its line breaks;
a value holding ``|``, or a line break in any other key's value, is refused. Other tags LIN
has no key for travel as redouble's ``tg|Name=value|``. The writer gives each board its own ``pn|`` (``pn|,,,|`` where it has
no players and earlier ones would carry), a board with a Room of "Open" or "Closed" and a
number its ``qx|``, and writes ``vg|`` back where ``Lin_vg`` stands (a segment's first board
begins with it, as BBO's do); what the match header implies is not repeated, so a file read
and written reads back the same. A board after the first begins with a key that starts a
board (``pn|,,,|`` if it has no players) whenever it has keys to write before its ``md|``,
which would otherwise read as the board before's.

>>> rec = loads("pn|s,w,n,e|md|1SAKQJHAKQJDAKQJCA,S2,S3,|sv|o|mb|7N|mb|p|mb|p|mb|p|")[0]
>>> str(rec.contract), rec.declarer.name
('7NT', 'SOUTH')
"""

from __future__ import annotations

import codecs
import dataclasses
import gc
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, TextIO, cast

import numpy as np
import numpy.typing as npt

from .. import _core
from .._check import shown
from ..cards import RANK_CHARS, Card, CardSet, Seat, Strain, Suit
from ..deal import Deal, Vulnerability
from ..errors import FormatError, InvalidDealError
from . import pbn
from .records import (
    AuctionRecord,
    BoardRecord,
    Boards,
    Call,
    Contract,
    PartialHands,
    PlayedCard,
    PlayRecord,
    _record_error,
    check_encodable,
    check_errors_mode,
    read_text,
)

__all__ = [
    "MAX_BOARD_PAIRS",
    "MAX_VALUE",
    "dump",
    "dumps",
    "iter_boards",
    "lin_view",
    "load",
    "load_deals",
    "loads",
    "loads_deals",
    "write_board",
]

#: LIN's dealer digits: 1 = South, 2 = West, 3 = North, 4 = East.
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_DISPLAY = {"st", "rh", "pg", "sa"}
# Keys that begin a board once the current one has its deal (lin_lexer.cpp's starts_board):
# the deal, the players, the vugraph room, and a vugraph segment's header (vg|, its rs| list
# of results), which BBO writes before the segment's first board. Every other key stays with
# the board it follows: BBO writes commentary, alerts, claims and display keys inside a board,
# after its deal, and a key redouble does not know cannot be told apart from those.
_SEGMENT_HEADER = ("vg", "rs")
_STARTS_BOARD = ("qx", "pn", "md", *_SEGMENT_HEADER)


def _key_of(piece: str) -> str:
    """The key of a written ``key|value|`` piece."""
    return piece.split("|", 1)[0]


# Keys the reader interprets; another key is kept as a Lin_<key> tag.
_INTERPRETED = {"pn", "md", "sv", "ah", "mb", "an", "pc", "mc", "nt", "tg", "qx"} | _DISPLAY
_KEY_RE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,2}")
_BOARD_RE = re.compile(r"^\s*board[\s+]*([0-9]{1,9})\s*$", re.IGNORECASE)
_TAG_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_NAME_TAGS = ("South", "West", "North", "East")
_NAME_SET = frozenset(_NAME_TAGS)
# qx|o12| or qx|c12|: the room (open, closed) and the board; BBO's viewer also shows a label
# after a comma (qx|o1,Board 1|), which is display text like ah|'s and is not kept.
_QX_RE = re.compile(r"\s*([oc])\s*([0-9]{1,9})\s*(?:,.*)?", re.IGNORECASE | re.DOTALL)
_ROOMS = {"o": "Open", "c": "Closed"}
_ROOM_LETTERS = {"Open": "o", "Closed": "c"}
# vg|Event,Segment,Scoring,First board,Last board,Team 1,Carry-over 1,Team 2,Carry-over 2|:
# the fields that have a PBN tag (PBN 2.1's Event, Stage, Scoring, HomeTeam, VisitTeam).
_VG_FIELDS = ((0, "Event"), (1, "Stage"), (2, "Scoring"), (5, "HomeTeam"), (7, "VisitTeam"))
_VG_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
#: Most pairs one board may hold, and the longest value (a real board has a few hundred).
MAX_BOARD_PAIRS = 1 << 14
MAX_VALUE = 1 << 16


class _Pair:
    __slots__ = ("column", "key", "line", "value")

    def __init__(self, key: str, value: str, line: int, column: int) -> None:
        self.key, self.value, self.line, self.column = key, value, line, column


# Keys whose value is free text that may run over lines: BBO's viewer keeps a line break inside
# such a value as part of the text, and so do other readers of BBO's teaching files (aaBridge
# keeps the breaks of at|, nt| and mn| texts). A value of any other key ends at its line, so
# that a pair cut short is still an error at its own line.
_MULTILINE = frozenset({"at", "nt", "an", "mn"})


def _pairs(text: str) -> Iterator[_Pair | FormatError]:
    """The key|value| pairs of a LIN text; a malformed line yields its FormatError and the
    lexer goes on at the next line.

    A value ends at its line, except the free text of the keys in ``_MULTILINE``, which runs
    to its closing ``|`` with the line breaks in it kept as written; one that is still open at
    the end of the text is an error at its key. Text after a line's last pair that holds no
    ``|`` (a teaching file's colour line ``cr|…|cb|30|light red`` names its colour there) is
    display text and is skipped, as readers of BBO's files skip what lies between pairs,
    unless it could be a key whose pair was cut short (``…|mb``), which stays an error.
    """
    line_no = 0
    # The free-text value still open: its key as written, line, column, text so far, length.
    key_open: str | None = None
    at_line = at_column = length = 0
    parts: list[str] = []
    for raw in text.splitlines(keepends=True):
        line_no += 1
        line = raw.splitlines()[0]
        i, n = 0, len(line)
        # A byte-order mark is no character of the line: columns start after it (as when a
        # stream drops it).
        bom = 1 if line_no == 1 and line.startswith("\ufeff") else 0
        i = bom
        if n > MAX_VALUE * 4:
            key_open = None  # the open value goes with its line
            yield FormatError(
                f"line longer than {MAX_VALUE * 4} characters", line=line_no, column=1
            )
            continue
        paired = False  # a pair of this line has been read
        if key_open is not None:
            end = line.find("|")
            piece = raw if end < 0 else line[:end]
            length += len(piece)
            if length > MAX_VALUE:
                yield FormatError(
                    f"value of {key_open}| longer than {MAX_VALUE} characters",
                    line=at_line,
                    column=at_column,
                )
                key_open = None
                continue
            parts.append(piece)
            if end < 0:
                continue
            yield _Pair(key_open.lower(), "".join(parts), at_line, at_column)
            key_open, paired, i = None, True, end + 1
        while i < n:
            if line[i].isspace():
                i += 1
                continue
            col = i + 1 - bom
            bar = line.find("|", i)
            key = line[i:bar] if bar >= 0 else line[i:].rstrip()
            if bar < 0 and paired and not _KEY_RE.fullmatch(key):
                break  # display text after the line's last pair
            if bar < 0 or not _KEY_RE.fullmatch(key):
                yield FormatError(
                    f"expected a LIN key and '|', got {key[:20]!r}", line=line_no, column=col
                )
                break
            end = line.find("|", bar + 1)
            if end < 0 and key.lower() in _MULTILINE:
                rest = raw[bar + 1 :]
                if len(rest) > MAX_VALUE:
                    yield FormatError(
                        f"value of {key}| longer than {MAX_VALUE} characters",
                        line=line_no,
                        column=col,
                    )
                    break
                key_open, at_line, at_column, length, parts = key, line_no, col, len(rest), [rest]
                break
            if end < 0:
                yield FormatError(
                    f"value of {key}| is not closed by '|' on its line", line=line_no, column=col
                )
                break
            value = line[bar + 1 : end]
            if len(value) > MAX_VALUE:
                yield FormatError(
                    f"value of {key}| longer than {MAX_VALUE} characters", line=line_no, column=col
                )
                break
            yield _Pair(key.lower(), value, line_no, col)
            paired = True
            i = end + 1
    if key_open is not None:
        yield FormatError(
            f"value of {key_open}| is not closed by '|' before the end of the text",
            line=at_line,
            column=at_column,
        )


def _hand_from_lin(text: str) -> CardSet:
    mask = 0
    suit: Suit | None = None
    for ch in text.upper():
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif ch in RANK_CHARS and suit is not None:
            bit = 1 << (13 * int(suit) + RANK_CHARS.index(ch))
            if mask & bit:
                raise FormatError(f"card {suit.letter}{ch} given twice in hand {shown(text)}")
            mask |= bit
        elif not ch.isspace():
            raise FormatError(f"bad character {shown(ch)} in LIN hand {shown(text)}")
    return CardSet(mask)


def _hand_to_lin(hand: CardSet) -> str:
    out = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        h = hand.holding(suit)
        out.append(suit.letter + "".join(RANK_CHARS[r] for r in range(12, -1, -1) if h >> r & 1))
    return "".join(out)


def _parse_md(value: str) -> tuple[Seat | None, Deal | None, PartialHands | None]:
    dealer = None
    body = value
    if body[:1] in ("1", "2", "3", "4"):
        dealer = _LIN_SEATS[int(body[0]) - 1]
        body = body[1:]
    parts = body.split(",")
    if len(parts) > 4:
        if any(p.strip() for p in parts[4:]):
            raise FormatError("md| holds at most four hands")
        parts = parts[:4]
    parts += [""] * (4 - len(parts))
    hands: list[CardSet | None] = [None] * 4
    for k, text in enumerate(parts):
        if text.strip():
            hands[int(_LIN_SEATS[k])] = _hand_from_lin(text)
    known = [h for h in hands if h is not None]
    seen = 0
    for h in known:
        if seen & h.mask:
            raise FormatError("a card is in two hands")
        seen |= h.mask
    if any(len(h) > 13 for h in known):
        raise FormatError(f"a hand holds at most 13 cards, got {max(len(h) for h in known)}")
    if len(known) == 3 and all(len(h) == 13 for h in known):
        rest = CardSet(((1 << 52) - 1) & ~seen)
        hands = [h if h is not None else rest for h in hands]
        known = hands  # type: ignore[assignment]
    if len(known) == 4:
        return dealer, Deal([h.mask for h in hands if h is not None]), None
    if not known:
        return dealer, None, None
    return dealer, None, (hands[0], hands[1], hands[2], hands[3])


# The spellings of one call inside an mb| value that holds several (BBO's teaching files write
# a whole auction as one ``mb|1nppp|``): a bid, or one of the words single mb| values use for
# pass, double and redouble, each optionally alerted with "!".
_CALL_WORDS = (
    *(f"{level}{d}" for level in "1234567" for d in ("c", "d", "h", "s", "n", "nt")),
    *("p", "pass", "d", "x", "dbl", "r", "xx", "rdbl", "redbl"),
)
_CALL_RUN_RE = re.compile(r"[\s,]+")
_MAX_CALLS = 1 << 10  # longer than any auction (319 calls at most): no split is tried


def _split_calls(value: str) -> list[Call] | None:
    """The calls of an mb| value that holds several, when they split exactly one way.

    Spaces or commas may separate calls. A run between them that is one call is that call
    (``xx`` is XX); in any other, each way to cut it into spellings of calls is counted
    (dynamic programming over its positions), and the value is read only if there is exactly
    one (``1nppp`` is 1NT and three passes; ``xxx`` could be X then XX or XX then X). None
    when there is no way at all (the caller then refuses the value as a single call);
    FormatError, naming the value, when there are several.
    """
    calls: list[Call] = []
    for run in _CALL_RUN_RE.split(value.strip()):
        text = run.lower()
        n = len(text)
        if n == 0 or n > _MAX_CALLS:
            return None
        try:
            calls.append(Call.parse(run))  # a run that is one call is that call ("xx")
            continue
        except FormatError:
            pass
        # ways[i]: how many ways (0, 1 or 2 for "more") text[i:] splits; cut[i]: the first
        # call of the one way.
        ways = [0] * (n + 1)
        cut = [0] * (n + 1)
        ways[n] = 1
        for i in range(n - 1, -1, -1):
            for word in _CALL_WORDS:
                if text.startswith(word, i):
                    j = i + len(word)
                    while j < n and text[j] == "!":
                        j += 1
                    if ways[j]:
                        ways[i] = min(2, ways[i] + ways[j])
                        cut[i] = j
        if ways[0] == 0:
            return None
        if ways[0] > 1:
            raise FormatError(f"mb| value {shown(value)} splits into calls in more than one way")
        i = 0
        while i < n:
            calls.append(Call.parse(run[i : cut[i]]))
            i = cut[i]
    return calls


def _vg_tags(value: str) -> tuple[tuple[str, str], ...]:
    """The PBN tags a vg| header gives: read leniently, as BBO's viewer and the other
    readers of vugraph files do (a field missing or left empty gives no tag, fields past the
    ninth are ignored, a scoring letter other than I, P or B gives no Scoring tag)."""
    fields = value.split(",")
    out = []
    for index, name in _VG_FIELDS:
        text = fields[index].strip() if index < len(fields) else ""
        if name == "Scoring":
            text = _VG_SCORING.get(text.upper(), "")
        if text:
            out.append((name, text))
    return tuple(out)


class _Context:
    """What a LIN file says once for the boards that follow: the players of the last pn|
    (four names, or eight for a match's open and closed rooms) and the vg| match header."""

    __slots__ = ("_names", "_source", "header")

    def __init__(self) -> None:
        self._names: tuple[str, ...] | None = None
        # The tags of the last board the core typed with a pn|: its names, worked out only
        # when a later board needs them (most files give every board its pn|).
        self._source: tuple[tuple[str, str], ...] | None = None
        self.header: tuple[tuple[str, str], ...] = ()

    @property
    def names(self) -> tuple[str, ...] | None:
        """The names of the last pn|: four, or eight (open room, then closed), or None."""
        if self._source is not None:
            own = {name: value for name, value in self._source if name in _NAME_SET}
            self._names, self._source = tuple(own.get(t, "") for t in _NAME_TAGS), None
        return self._names

    @names.setter
    def names(self, value: tuple[str, ...] | None) -> None:
        self._names, self._source = value, None

    def copy(self) -> _Context:
        other = _Context()
        other._names, other._source, other.header = self._names, self._source, self.header
        return other

    def names_for(self, room: str | None) -> tuple[str, ...]:
        """The four names (South, West, North, East) a board in `room` takes."""
        n = self.names
        if n is None:
            return ()
        return n[4:] if len(n) == 8 and room == "Closed" else n[:4]

    def fast(self, record: BoardRecord) -> BoardRecord:
        """A board the core typed (no vg|, at most one pn| of four names with one given, or a
        plain qx| and no pn|), read in this context as _board() reads it."""
        tags = record.tags
        if tags and tags[0][0] == "Room":
            # A room's board (the core puts its Room first): the match header and the room's
            # players go after the room, before the board's own tags, as _board() puts them.
            room = tags[0][1]
            front = (tags[0], *self.header, *_named(self.names_for(room), ()))
            if len(front) == 1:
                return record
            fields = {**record.__dict__, "tags": (*front, *tags[1:])}
            return cast(BoardRecord, _bare(BoardRecord, fields))
        for name, _ in tags:
            if name in _NAME_SET:
                self._source = tags
                return record
        if self._source is None and self._names is None:
            return record
        carried = _named(self.names_for(None), ())
        if not carried:
            return record
        return record.replace(tags=(*carried, *record.tags))


def _named(names: Sequence[str], given: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Name tags for the non-empty names, less those a tg| pair states."""
    stated = {name for name, _ in given}
    return [(t, n) for t, n in zip(_NAME_TAGS, names, strict=False) if n and t not in stated]


def _board(pairs: list[_Pair], ctx: _Context | None = None) -> BoardRecord:
    if ctx is None:
        ctx = _Context()
    own_names: tuple[str, ...] | None = None  # the last pn| of the board, split
    raw_pn: str | None = None  # that pn| when it holds neither four nor eight names
    names_at = -1  # where the first pn| stood among the tags
    room: str | None = None
    qx_board: int | None = None
    label: str | None = None  # a qx| that names no room (a teaching file's problem name)
    header: tuple[tuple[str, str], ...] | None = None  # the last vg|'s tags
    header_at: list[int] = []  # where each vg|'s tags go
    headers: list[tuple[tuple[str, str], ...]] = []
    tags: list[tuple[str, str]] = []
    fields: dict[str, object] = {}
    calls: list[Call] = []
    cards: list[PlayedCard] = []
    commentary: list[str] = []
    places: list[str] = []  # where each nt| stood: after what `place` names (see nt| above)
    place = "mb:0"
    claim: int | None = None
    dealer: Seat | None = None
    carried = pbn.RecordBuilder()
    carried.begin_board()
    for p in pairs:
        try:
            k, v = p.key, p.value
            if k == "pn":
                # Four names (South, West, North, East) or eight (the open room's four, then
                # the closed room's); another count is kept verbatim as BBO's viewer shows
                # it, the players then unknown: a display field is no reason to lose a board.
                # A later pn| replaces an earlier one, in the board as in the file.
                names = tuple(v.split(","))
                if names_at < 0:
                    names_at = len(tags)
                own_names, raw_pn = (names, None) if len(names) in (4, 8) else ((), v)
            elif k == "qx":
                if room is not None or label is not None:
                    raise FormatError("a second qx| in one board")
                m = _QX_RE.fullmatch(v)
                if m:
                    room, qx_board = _ROOMS[m.group(1).lower()], int(m.group(2))
                else:
                    # Not a vugraph room: BBO teaching files (movies) name each problem by
                    # its qx| (qx|A1|, a name their ^*G links give too). It says no room and
                    # no board number, so it is kept verbatim, as the name of the board it
                    # starts, rather than losing a board a viewer shows.
                    label = v
            elif k == "vg":
                header = _vg_tags(v)
                tags.append(("Lin_vg", v))
                header_at.append(len(tags))
                headers.append(header)
            elif k == "md":
                dealer, deal, partial = _parse_md(v)
                if deal is not None:
                    fields["deal"] = deal
                if partial is not None:
                    fields["partial_hands"] = partial
            elif k == "sv":
                if v.strip().lower() not in _VUL:
                    raise FormatError(f"bad vulnerability {shown(v)} (o, n, e or b)")
                fields["vulnerability"] = _VUL[v.strip().lower()]
            elif k == "ah":
                m = _BOARD_RE.match(v)
                if m:
                    fields["board"] = int(m.group(1))
                else:
                    tags.append(("Lin_ah", v))
            elif k == "mb":
                try:
                    calls.append(Call.parse(v))
                except FormatError:
                    several = _split_calls(v)
                    if several is None:
                        raise
                    calls.extend(several)
                place = f"mb:{len(calls)}"
            elif k == "an":
                if not calls:
                    raise FormatError("an| explains no call")
                if calls[-1].note is not None:
                    raise FormatError("a second an| for the same call")
                calls[-1] = Call(calls[-1].token, v, calls[-1].annotations)
            elif k == "pc":
                cards.append(PlayedCard.parse(v))
                if cards[-1].card is None or cards[-1].annotations:
                    raise FormatError(f"pc| needs a card, got {shown(v)}")
                place = f"pc:{len(cards)}"
            elif k == "mc":
                t = v.strip()
                if not (t.isascii() and t.isdigit() and len(t) <= 2 and int(t) <= 13):
                    raise FormatError(f"mc| needs 0..13 tricks, got {shown(v)}")
                claim = int(t)
                place = f"mc:{len(cards)}"
            elif k == "nt":
                commentary.append(v)
                places.append(place)
            elif k == "tg":
                # redouble's own key: a PBN tag pair LIN has no place for, as Name=value.
                name, sep, value = v.partition("=")
                if not sep or not _TAG_NAME_RE.fullmatch(name):
                    raise FormatError(f"tg| holds Name=value, got {shown(v)}")
                carried.visit_tag(name, value, p.line, p.column)
            elif k not in _DISPLAY:
                tags.append((f"Lin_{k}", v))
        except (FormatError, InvalidDealError) as e:
            if isinstance(e, FormatError) and e.line is not None:
                raise
            msg = str(e.args[0]) if e.args else str(e)
            raise FormatError(msg, line=p.line, column=p.column) from None
    first = pairs[0]
    if dealer is not None:
        fields["dealer"] = dealer
    if qx_board is not None and "board" not in fields:
        fields["board"] = qx_board
    carried.end_board()
    extra = carried.result()
    # The names, the match header and the room, placed so that the writer's order of pn|,
    # qx| and vg| reads back the same: the room first, then what the file's context carries.
    stated = {name for name, _ in extra.tags}  # tg| pairs win over what vg| implies
    inserts = [
        (at, 0, [t for t in h if t[0] not in stated])
        for at, h in zip(header_at, headers, strict=True)
    ]
    if own_names:
        chosen = own_names[4:] if len(own_names) == 8 and room == "Closed" else own_names[:4]
        inserts.append((names_at, 1, _named(chosen, ())))
    elif raw_pn is not None:
        inserts.append((names_at, 1, [("Lin_pn", raw_pn)]))
    # From the last place back, names before a header given at the same place, so that each
    # vg|'s tags follow it and a pn| right after stays after them.
    for at, _, given in sorted(inserts, key=lambda x: (x[0], x[1]), reverse=True):
        tags[at:at] = given
    front: list[tuple[str, str]] = []
    if label is not None:
        front.append(("Lin_qx", label))  # first, where the writer puts its qx| back
    if room is not None:
        front.append(("Room", room))
        if header is None:
            front.extend(t for t in ctx.header if t[0] not in stated)
    if own_names is None and header is None:
        # A match header begins a new segment: the players of the one before do not carry in.
        front.extend(_named(ctx.names_for(room), extra.tags))
    tags[0:0] = front
    tags.extend(extra.tags)
    if calls:
        if dealer is None:
            raise FormatError("an auction needs the dealer (md|)", line=first.line, column=1)
        auction = AuctionRecord(dealer, tuple(calls))
        fields["auction"] = auction
        final = auction.final_contract()
        if final is not None:
            fields["contract"], fields["declarer"] = final
    # What tg| carried overrides what the auction implies (a contract stated apart from it).
    for name in ("contract", "declarer", "result", "score", "dd_table", "law_set"):
        if getattr(extra, name) is not None:
            fields[name] = getattr(extra, name)
    declarer = fields.get("declarer")
    contract = fields.get("contract")
    if cards or claim is not None:
        if not isinstance(declarer, Seat) or contract is None:
            if cards:
                raise FormatError(
                    "LIN play needs a finished auction to place the cards",
                    line=first.line,
                    column=1,
                )
        else:
            strain = getattr(contract, "strain", None)
            if strain is None:
                raise FormatError("play on a passed-out board", line=first.line, column=1)
            # Every pc| card is a plain card (checked where it is read), so from_order, which
            # refuses only placeholders, cannot fail here.
            fields["play"] = PlayRecord.from_order(
                declarer.lho, cards, strain, is_complete=claim is None
            )
    if claim is not None:
        fields["claim"] = claim
        fields.setdefault("result", claim)
    elif "result" not in fields:
        play = fields.get("play")
        won = _played_result(play if isinstance(play, PlayRecord) else None, contract, declarer)
        if won is not None:
            fields["result"] = won
    record = BoardRecord(
        tags=tuple(tags),
        commentary=tuple(commentary),
        commentary_after=tuple(places),
        **fields,  # type: ignore[arg-type]
    )
    # The board is read: what it says for the boards that follow takes effect.
    if own_names is not None:
        ctx.names = own_names if any(own_names) else None
    elif header is not None:
        ctx.names = None
    if header is not None:
        ctx.header = header
    return record


def _loads_python(text: str, skip: bool, ctx: _Context | None = None) -> Boards:
    """The reference reader: every board of a LIN text, lexed and built in Python."""
    context = _Context() if ctx is None else ctx
    out = Boards()
    current: list[_Pair] = []
    bad: FormatError | None = None
    has_deal = False

    def finish() -> None:
        nonlocal bad
        problem = bad
        if problem is None and current:
            try:
                if not has_deal:
                    raise FormatError(
                        "a LIN board without md| (the deal)", line=current[0].line, column=1
                    )
                out.append(_board(current, context))
            except FormatError as e:
                problem = e
        if problem is not None:
            if not skip:
                raise problem
            out.problems.append(problem)
        bad = None

    for p in _pairs(text):
        if isinstance(p, FormatError):
            if not skip:
                raise p
            bad = bad or p
            continue
        if p.key in _STARTS_BOARD and has_deal:
            finish()
            current, has_deal = [], False
        if len(current) >= MAX_BOARD_PAIRS:
            bad = bad or FormatError(
                f"a board holds more than {MAX_BOARD_PAIRS} pairs", line=p.line, column=p.column
            )
            if not skip:
                raise bad
            continue
        current.append(p)
        has_deal = has_deal or p.key == "md"
    if current or bad is not None:
        finish()
    return out


# ---------------------------------------------------------------------------------------------
# The core's reader: lines, pairs and boards split in C++ (cpp/src/formats/lin_lexer.cpp), a
# common board typed there too and built here from shared immutable calls and cards; a board
# the core does not type goes to _board(), the reference, with its pairs.
# ---------------------------------------------------------------------------------------------

#: Which reader loads/load use: "core" (the C++ lexer, the default) or "python" (the
#: reference the core is tested against).
_LEXER = "core"
_CORE_LIMIT = 1 << 40  # larger limits are the same as this one to the core (size_t)
_BOARD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(BoardRecord)}
_SEAT_OF = tuple(Seat)
_VUL_OF = tuple(Vulnerability)
_DECLARATIONS = ("C", "D", "H", "S", "NT")
# The core's call codes: 5 * (level - 1) + strain for bids, 35 Pass, 36 X, 37 XX; + 38 alerted.
_CALL_TOKENS = [f"{level}{d}" for level in range(1, 8) for d in _DECLARATIONS] + [
    "Pass",
    "X",
    "XX",
]
_CALLS = [Call(t, None, a) for a in ((), ("!",)) for t in _CALL_TOKENS]
# Card codes: suit * 13 + rank; 255 is the "-" before the last card of a partial last trick.
_CARDS: list[Any] = [None] * 256
for _k in range(52):
    _CARDS[_k] = PlayedCard(str(Card(_k)))
_CARDS[255] = PlayedCard("-")
# Contract codes: 5 * (level - 1) + strain + 35 * doublings; -2 passed out.
_CONTRACTS: dict[int, Any] = {
    code: Contract(code // 5 % 7 + 1, _DECLARATIONS[code % 5], code // 35) for code in range(105)
}
_CONTRACTS[-2] = Contract(None, None, 0)


def _bare(cls: type[Any], fields: dict[str, Any]) -> Any:
    """A frozen record from fields the core has already checked and normalised, without
    running its checks again (the differential tests hold it to the checked constructor)."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


# A played card's rank by its token's second letter, for _played_result.
_RANK_OF = {ch: k for k, ch in enumerate("23456789TJQKA")}


def _played_result(play: PlayRecord | None, contract: Any, declarer: Any) -> int | None:
    """The declarer's tricks in a play that holds all thirteen tricks card by card, or None.

    LIN has no result key: BBO writes ``mc|`` for a claim, and a board played to its last
    trick ends with its last card, the result being the tricks the play gives the declarer.
    Each trick goes to the highest trump, else the highest card of the suit led, and its
    winner leads the next (Laws of Duplicate Bridge 2017, Law 44E-G); worked out on the
    canonical tokens, since readers of large files call this for every board.
    """
    strain = getattr(contract, "strain", None)
    if play is None or strain is None or not isinstance(declarer, Seat):
        return None
    tricks = play.tricks
    if len(tricks) != 13:
        return None
    trump = None if strain is Strain.NOTRUMP else strain.letter
    first = int(play.leader)
    side = int(declarer) & 1
    lead = 0  # the column of the trick's leader (columns are seats from the opening leader)
    won = 0
    for row in tricks:
        if len(row) != 4:
            return None
        led = row[lead].token[0]
        best = -1
        for k in range(4):
            column = (lead + k) & 3
            token = row[column].token
            if len(token) != 2:
                return None  # a placeholder: the trick is not known card by card
            suit = token[0]
            rank = _RANK_OF[token[1]]
            value = rank + 32 if suit == trump else rank + 16 if suit == led else -1
            if value > best:
                best, winner = value, column
        lead = winner
        if (first + winner) & 1 == side:
            won += 1
    return won


def _fast_record(t: Sequence[Any]) -> BoardRecord:
    """The record _board() gives for a board the core typed (see bind_lin.cpp's layout)."""
    tags, board, dealer, vul, masks, calls, notes, contract, declarer, play, last = t[:11]
    played, claim, text, places = t[11:]
    f = dict(_BOARD_DEFAULTS)
    f["tags"] = tuple(tags)
    f["commentary"] = tuple(text)
    f["commentary_after"] = tuple(places)
    if board is not None:
        f["board"] = board
    if dealer >= 0:
        f["dealer"] = _SEAT_OF[dealer]
    if vul >= 0:
        f["vulnerability"] = _VUL_OF[vul]
    if masks is not None:
        deal = object.__new__(Deal)
        object.__setattr__(deal, "_masks", masks)  # the core checked the four hands
        f["deal"] = deal
    if calls:
        objs = list(map(_CALLS.__getitem__, calls))
        for k, note in notes:
            c = objs[k]
            objs[k] = _bare(Call, {"token": c.token, "note": note, "annotations": c.annotations})
        f["auction"] = _bare(
            AuctionRecord, {"first": _SEAT_OF[dealer], "calls": tuple(objs), "is_complete": True}
        )
        if contract != -1:
            f["contract"] = _CONTRACTS[contract]
            if declarer >= 0:
                f["declarer"] = _SEAT_OF[declarer]
    if play is not None:
        places = list(map(_CARDS.__getitem__, play))
        full = len(places) - last
        rows = list(zip(*[iter(places[:full])] * 4, strict=True))
        if last:
            rows.append(tuple(places[full:]))
        f["play"] = _bare(
            PlayRecord,
            {"leader": _SEAT_OF[declarer].lho, "tricks": tuple(rows), "is_complete": claim < 0},
        )
    if claim >= 0:
        f["claim"] = f["result"] = claim
    elif played >= 0:
        f["result"] = played  # the core's count of a play of all thirteen tricks
    return _bare(BoardRecord, f)  # type: ignore[no-any-return]


def _core_error(
    kind: int, text: str, line: int, column: int, byte: int = 0, encoding: str | None = None
) -> FormatError:
    """The reference's FormatError for an error the core found (LinErrorKind in lin.hpp)."""
    if kind == 7:
        message = f"byte 0x{byte:02x} is not valid {text or encoding}"
    elif kind == 0:
        message = f"line longer than {MAX_VALUE * 4} characters"
    elif kind in (1, 2):
        key = text if kind == 1 else text.rstrip()
        message = f"expected a LIN key and '|', got {key[:20]!r}"
    elif kind == 3:
        message = f"value of {text}| is not closed by '|' on its line"
    elif kind == 8:
        message = f"value of {text}| is not closed by '|' before the end of the text"
    elif kind == 4:
        message = f"value of {text}| longer than {MAX_VALUE} characters"
    elif kind == 5:
        message = f"a board holds more than {MAX_BOARD_PAIRS} pairs"
    else:
        message = "a LIN board without md| (the deal)"
    return FormatError(message, line=line, column=column)


def _loads_core(data: bytes, skip: bool, ctx: _Context | None = None) -> Boards:
    """As _loads_python, for the text's UTF-8 bytes, through the core."""
    context = _Context() if ctx is None else ctx
    out = Boards()
    events = _core.read_lin(
        data, skip, min(MAX_VALUE, _CORE_LIMIT), min(MAX_BOARD_PAIRS, _CORE_LIMIT)
    )
    for kind, payload in events:
        if kind == 2:
            out.append(context.fast(_fast_record(payload)))
            continue
        if kind == 3:
            try:
                out.append(_board([_Pair(*p) for p in payload], context))
                continue
            except FormatError as e:
                problem = e
        else:
            problem = _core_error(*payload)
        if not skip:
            raise problem
        out.problems.append(problem)
    return out


def _read(data: bytes | str, skip: bool, ctx: _Context | None = None) -> Boards:
    # A file's records hold no reference cycles, yet building millions of objects would run
    # the cyclic collector over all of them again and again: it waits until the list is built.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if _LEXER == "core":
            if isinstance(data, str):
                data = data.encode("utf-8", "surrogatepass")
            return _loads_core(data, skip, ctx)
        if isinstance(data, bytes):
            data = data.decode("utf-8", "surrogatepass")
        return _loads_python(data, skip, ctx)
    finally:
        if collecting:
            gc.enable()


def loads(text: str, *, errors: str = "strict") -> Boards:
    """Every board of a LIN text as records (a list).

    With ``errors="skip"`` a malformed board is left out and its error kept in the
    result's ``problems``.

    Raises:
        FormatError: if the text is malformed (with line and column).
        TypeError: if `text` is not a str.
    """
    skip = check_errors_mode(errors)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return _read(text, skip)


class _Given:
    """Data already read, handed to read_text as a file."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def read(self) -> Any:
        return self._data


def _utf8(source: str | os.PathLike[str] | TextIO, encoding: str | None) -> bytes | str:
    """The text of a path or handle as read_text(source, encoding, "auto") decodes it, given
    as the file's own bytes where they are already that text's UTF-8 (no decoding then)."""
    if encoding is not None:
        return read_text(source, encoding, "auto")
    if isinstance(source, str | os.PathLike):
        try:
            with open(source, "rb") as fh:
                data: Any = fh.read()
        except OSError as e:
            raise FormatError(
                f"cannot open {shown(os.fspath(source), 200)}: {e.strerror}"
            ) from None
    elif hasattr(source, "read"):
        data = source.read()
    else:
        return read_text(source, encoding, "auto")
    if isinstance(data, bytes) and not data.startswith(codecs.BOM_UTF8):
        if data.isascii():
            return data
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            # UTF-8 up to the first byte that is not, ISO-8859-1 from that byte on: what a
            # reader that streams the file (iter_boards) can decide without reading ahead.
            return data[: e.start] + data[e.start :].decode("latin-1").encode("utf-8")
        return data
    return read_text(_Given(data), encoding, "auto")


def load(
    source: str | os.PathLike[str] | TextIO,
    *,
    encoding: str | None = None,
    errors: str = "strict",
) -> Boards:
    """Every board of a LIN file (path or handle) as records.

    Bytes are decoded with `encoding`, or by default as UTF-8 up to the first byte that is
    not valid UTF-8 and as ISO-8859-1 from that byte on (a byte-order mark means UTF-8
    throughout). For files too large to hold, stream with :func:`iter_boards`.

    Raises:
        FormatError: if the file is malformed or cannot be decoded.
    """
    data = _utf8(source, encoding)
    return _read(data, check_errors_mode(errors))


# The streaming reader: the core's LinReader (cpp/src/formats/lin_lexer.cpp, LinStream) takes
# the file in chunks and keeps only the current line and the current board's lines.
_CHUNK = 1 << 16  # bytes (or characters) read at a time
_CORE_CODECS = {"utf-8": 1, "iso8859-1": 2}  # the core's codecs; 3 is the default's rule


def _stream_events(handle: IO[Any], encoding: str | None, skip: bool) -> Iterator[Any]:
    """The core's events for the boards of a handle, read a chunk at a time."""
    text = not isinstance(handle.read(0), bytes)
    codec = pbn._check_encoding(encoding)
    decoder = None
    if text:
        mode = 0
    elif codec is None:
        mode = 3
    elif codec in _CORE_CODECS:
        mode = _CORE_CODECS[codec]
    else:
        # Another codec: Python decodes, the core reads the text.
        mode = 0
        decoder = codecs.getincrementaldecoder(codec)()
    reader = _core.LinReader(
        mode, True, skip, min(MAX_VALUE, _CORE_LIMIT), min(MAX_BOARD_PAIRS, _CORE_LIMIT)
    )
    newlines = column = 0  # where the decoder is: for its error's line and column
    done = False
    while not done:
        chunk = handle.read(_CHUNK)
        if text:
            if not isinstance(chunk, str):
                raise TypeError(f"the file gave {type(chunk).__name__}, not text")
            chunk = chunk.encode("utf-8", "surrogatepass")
        elif not isinstance(chunk, bytes):
            raise TypeError(f"the file gave {type(chunk).__name__}, not bytes")
        done = not chunk
        if decoder is not None:
            try:
                decoded = decoder.decode(chunk, done)
            except UnicodeDecodeError as e:
                before = e.object[: e.start].decode(str(codec), "replace")
                if "\n" in before:
                    column = 0
                raise FormatError(
                    f"byte 0x{e.object[e.start]:02x} is not valid {encoding}",
                    line=newlines + before.count("\n") + 1,
                    column=column + len(before) - before.rfind("\n"),
                ) from None
            newlines += decoded.count("\n")
            last = decoded.rfind("\n")
            column = len(decoded) - last - 1 if last >= 0 else column + len(decoded)
            chunk = decoded.encode("utf-8", "surrogatepass")
        yield from reader.feed(chunk, done)


def _iter_boards(
    source: str | os.PathLike[str] | IO[Any],
    encoding: str | None,
    skip: bool,
    problems: list[FormatError] | None,
) -> Iterator[BoardRecord]:
    handle, owned = pbn._open_source(source)
    try:
        if _LEXER != "core":
            mode = "skip" if skip else "strict"
            boards = load(cast(TextIO, handle), encoding=encoding, errors=mode)
            if problems is not None:
                problems.extend(boards.problems)
            yield from boards
            return
        context = _Context()
        for kind, payload in _stream_events(handle, encoding, skip):
            if kind == 2:
                yield context.fast(_fast_record(payload))
                continue
            if kind == 3:
                try:
                    record = _board([_Pair(*p) for p in payload], context)
                except FormatError as e:
                    problem = e
                else:
                    yield record
                    continue
            else:
                code, text, line, column, byte = payload
                problem = _core_error(code, text, line, column, byte, encoding)
            # Bytes that cannot be decoded end the reading, whatever `errors` says.
            if not skip or (kind == 0 and code == 7):
                raise problem
            if problems is not None:
                problems.append(problem)
    finally:
        if owned:
            handle.close()


def iter_boards(
    source: str | os.PathLike[str] | IO[Any],
    *,
    encoding: str | None = None,
    errors: str = "strict",
    problems: list[FormatError] | None = None,
) -> Iterator[BoardRecord]:
    """Stream the boards of a LIN file (path, text or binary handle) as records.

    The file is read a chunk at a time and each board is given as soon as it is complete, so
    memory stays bounded by the longest line and the largest board (see
    :data:`MAX_VALUE`, :data:`MAX_BOARD_PAIRS`), whatever the file's size. The boards,
    errors and problems are those of :func:`load`, with their lines and columns in the whole
    file; `encoding` is read as :func:`load` reads it. With ``errors="skip"`` a malformed
    board is left out and its error appended to `problems` (when given).

    Raises:
        FormatError: at the first malformed board (``errors="strict"``), or at bytes that
            cannot be decoded (whatever `errors`; boards before them have been given).
        TypeError: for a source that is neither a path nor a file, or a wrong `encoding`
            or `problems` type.
    """
    skip = check_errors_mode(errors)
    pbn._check_encoding(encoding)
    if problems is not None and not isinstance(problems, list):
        raise TypeError(f"problems must be a list or None, not {type(problems).__name__}")
    if not isinstance(source, str | os.PathLike) and not hasattr(source, "read"):
        raise TypeError(f"source must be a path or a file, not {type(source).__name__}")
    return _iter_boards(source, encoding, skip, problems)


def load_deals(
    source: str | os.PathLike[str] | TextIO, *, encoding: str | None = None
) -> npt.NDArray[np.uint64]:
    """The deal of every ``md|`` of a LIN file as an ``(N, 4)`` uint64 array of hand masks.

    The fast path for analysis: the core lexes the file as :func:`load` does and reads each
    ``md|`` without building records. Rows are in file order, columns N E S W; a hand the
    file leaves empty is 0 (a fourth hand is filled in when the other three hold 13 cards);
    an ``md|`` that gives no hand gives no row.

    Raises:
        FormatError: on a malformed pair or hand (with its line).
        InvalidDealError: for a card in two hands or a hand of more than 13 cards.
        TypeError: for a source that is neither a path nor a file.
    """
    data = _utf8(source, encoding)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return _core.scan_lin_deals(data)


def loads_deals(text: str) -> npt.NDArray[np.uint64]:
    """The deals of a LIN string as an ``(N, 4)`` uint64 array (see :func:`load_deals`).

    Raises:
        FormatError: on a malformed pair or hand (with its line).
        InvalidDealError: for a card in two hands or a hand of more than 13 cards.
        TypeError: if `text` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return _core.scan_lin_deals(text.encode("utf-8", "surrogatepass"))


def _check(value: str, key: str = "") -> str:
    """`value` as the value of `key`: free text (``_MULTILINE``) may hold line breaks, which
    the reader keeps inside it; no value may hold '|'."""
    if key in _MULTILINE:
        if "|" in value:
            raise FormatError(f"LIN cannot hold '|' in a value: {shown(value)}")
    elif "|" in value or "\n" in value or "\r" in value:
        raise FormatError(f"LIN cannot hold '|' or a line break in a value: {shown(value)}")
    return value


def _call_to_lin(call: Call) -> str:
    if call.is_placeholder:
        raise FormatError(f"LIN cannot carry the placeholder {shown(call.token)} in an auction")
    if call.declaration == "RS":
        raise FormatError("LIN cannot carry Royal Spades (Auction Bridge (1912))")
    t = {"Pass": "p", "X": "d", "XX": "r"}.get(call.token, call.token.replace("NT", "N"))
    # The alert "!" is LIN's own; other annotations ride glued behind it, as PBN glues them.
    return t + "".join(call.annotations)


# A LIN place in commentary_after: after the K-th call (mb:0 before the first), after the K-th
# card, after a claim made after the K-th card.
_PLACE_RE = re.compile(r"(mb|pc|mc):([0-9]{1,9})")
# PBN anchors that stand after the play in a PBN board (the writer's order): LIN has them at
# the board's end.
_PBN_LATE = ("Play", "OptimumResultTable")


def _lin_places(record: BoardRecord) -> tuple[str, ...]:
    """Where LIN puts each commentary of `record`, as a reader of the written text gives it.

    A LIN place (``mb:K``, ``pc:K``, ``mc:K``) stays, its count in plain digits; a PBN anchor
    goes where LIN comes nearest: after the auction for ``Auction``, at the board's end (the
    claim, else the last card, else the last call) for the play and what PBN writes after it,
    before the first call for a tag before them; commentary whose place is not known goes
    before the first call, where the writer has always put it.
    """
    if not record.commentary:
        return ()
    a = record.auction
    calls = len(a.calls) if a is not None else 0
    cards = _card_count(record)
    end = f"mc:{cards}" if record.claim is not None else f"pc:{cards}" if cards else f"mb:{calls}"
    late = {*_PBN_LATE, *(t.name for t in record.tables)}
    out = []
    for anchor in record.commentary_after or ("",) * len(record.commentary):
        m = _PLACE_RE.fullmatch(anchor)
        if m is not None:
            out.append(f"{m.group(1)}:{int(m.group(2))}")
        elif anchor == "Auction":
            out.append(f"mb:{calls}")
        elif anchor in late:
            out.append(end)
        else:
            out.append("mb:0")
    return tuple(out)


def _card_count(record: BoardRecord) -> int:
    """The cards of the record's play (placeholders not counted)."""
    if record.play is None:
        return 0
    return sum(1 for row in record.play.tricks for pc in row if pc.card is not None)


def lin_view(record: BoardRecord) -> BoardRecord:
    """The record as LIN gives it back: what LIN implies filled in, layout dropped.

    LIN states the dealer with the deal and the contract through the auction, fills in a
    fourth hand from three full ones, takes a claim as the result (or, without one, the
    tricks of a play of all thirteen), and keeps tags but not their order. Commentary keeps
    its place among the calls, cards and claim (``mb:K``, ``pc:K``, ``mc:K``); a PBN anchor
    becomes the nearest such place. A written record reads back as exactly this.
    """
    changes: dict[str, object] = {
        "commentary_after": _lin_places(record),
        "tags": tuple(sorted(record.tags)),
    }
    a = record.auction
    if record.dealer is None and a is not None:
        changes["dealer"] = a.first
    if a is not None:
        final = a.final_contract()
        if final is not None:
            if record.contract is None:
                changes["contract"] = final[0]
            if record.declarer is None and final[1] is not None:
                changes["declarer"] = final[1]
    if record.result is None and record.claim is not None:
        changes["result"] = record.claim
    elif record.result is None:
        won = _played_result(
            record.play,
            changes.get("contract", record.contract),
            changes.get("declarer", record.declarer),
        )
        if won is not None:
            changes["result"] = won
    ph = record.partial_hands
    if ph is not None:
        known = [h for h in ph if h is not None]
        if len(known) == 3 and all(len(h) == 13 for h in known):
            seen = 0
            for h in known:
                seen |= h.mask
            rest = CardSet(((1 << 52) - 1) & ~seen)
            changes["partial_hands"] = None
            changes["deal"] = Deal([(h if h is not None else rest).mask for h in ph])
        elif not known:
            changes["partial_hands"] = None
    return record.replace(**changes)


def _board_text(record: BoardRecord, ctx: _Context, first: bool) -> str:
    """One board as LIN, after the boards that left `ctx` (players, match header); `first`
    for the text's first board."""
    if not isinstance(record, BoardRecord):
        raise TypeError(f"a record must be a BoardRecord, not {type(record).__name__}")
    if record.declaration is not None:
        raise FormatError("LIN cannot carry a Bridge (Elwell, 1906) declaration")
    for t in record.tables:
        raise FormatError(f"LIN cannot carry the {t.name} section")
    out: list[str] = []
    carried: list[tuple[str, str]] = []
    names: dict[str, str] = {}
    # The room goes as qx|, which starts the board; the tags a vg| (this board's, or the
    # match's for a board with a room) implies go without a word.
    at = next((i for i, (n, v) in enumerate(record.tags) if n == "Room"), -1)
    room = record.tags[at][1] if at >= 0 and record.board is not None else None
    if room not in _ROOM_LETTERS:
        room = None
    from_header = [t for n, v in record.tags if n == "Lin_vg" for t in _vg_tags(v)]
    # A board with a match header begins a segment, where no earlier players carry.
    segment = any(n == "Lin_vg" for n, _ in record.tags)
    if room is not None and not segment:
        from_header = list(ctx.header)
    skipped: set[int] = set()
    qx = ""
    if room is not None:
        qx = f"qx|{_ROOM_LETTERS[room]}{record.board}|"
        skipped.add(at)
    else:
        # A qx| that names no room (Lin_qx) goes back where a room's would: it starts the board.
        label = next((i for i, (n, _) in enumerate(record.tags) if n == "Lin_qx"), -1)
        if label >= 0:
            qx = f"qx|{_check(record.tags[label][1])}|"
            skipped.add(label)
    for i, (name, value) in enumerate(record.tags):
        if i in skipped:
            pass
        elif (name, value) in from_header:
            from_header.remove((name, value))
            skipped.add(i)
        elif name in _NAME_TAGS and name not in names and value and "," not in value:
            names[name] = value
        elif (
            name.startswith("Lin_")
            and _KEY_RE.fullmatch(name[4:])
            and (name[4:].lower() not in _INTERPRETED and name[4:] == name[4:].lower())
        ):
            pass
        elif name == "Lin_pn" and "pn" not in names and len(value.split(",")) not in (4, 8):
            names["pn"] = value
        else:
            carried.append((name, value))
    if "pn" in names and any(n in names for n in _NAME_TAGS):
        raise FormatError("LIN holds either four player names or a raw pn|, not both")
    pn = (
        f"pn|{_check(names['pn'])}|"
        if "pn" in names
        else f"pn|{_check(','.join(names.get(t, '') for t in _NAME_TAGS))}|"
    )
    placed = False
    for i, (name, value) in enumerate(record.tags):
        if i in skipped:
            continue
        if (name in _NAME_TAGS and names.get(name) == value) or (
            name == "Lin_pn" and names.get("pn") == value
        ):
            if not placed:
                out.append(pn)
                placed = True
        elif name.startswith("Lin_") and (name, value) not in carried:
            out.append(f"{name[4:]}|{_check(value, name[4:])}|")
    if not placed and names:
        out.insert(0, pn)
    elif not placed and not segment and any(ctx.names_for(room)):
        out.insert(0, "pn|,,,|")  # no players here: the file's last pn| would carry
    # qx| starts a board: first on a line after another board, where anything before it
    # would join that board, unless the board begins with its segment's vg| or rs|, which
    # start a board too; then, as on the text's first board, after the match header, as BBO
    # writes it (the reader places the room the same wherever qx| stands).
    if qx and not first and (not out or _key_of(out[0]) not in _SEGMENT_HEADER):
        out.insert(0, qx)
        qx = ""
    # A reader starts a board only at the keys of _STARTS_BOARD: a board after the first
    # that began with one of its other raw keys (Lin_zz as zz|) would give them to the board
    # before. It begins with its pn| then, or with pn|,,,| where it has no players (none
    # carry here, or one was written above), as BBO's own boards begin with pn|.
    if not first and out and _key_of(out[0]) not in _STARTS_BOARD:
        out.insert(0, out.pop(out.index(pn)) if placed else "pn|,,,|")
    a = record.auction
    dealer = record.dealer if record.dealer is not None else (a.first if a else None)
    if a is not None:
        if a.first is not dealer:
            raise FormatError(
                f"LIN's auction starts with the dealer; this one starts with {a.first.name}"
            )
        if not a.is_complete:
            raise FormatError("LIN cannot mark an unfinished auction ('*')")
    # Typed fields LIN has no place for travel as tg|Name=value| (PBN tag pairs).
    final = a.final_contract() if a is not None else None
    implied = (None, None) if final is None else final
    if record.contract is not None and record.contract != implied[0]:
        carried.append(("Contract", str(record.contract)))
    if record.declarer is not None and record.declarer != implied[1]:
        carried.append(("Declarer", record.declarer.letter))
    # The result a reader takes from the claim, or else from a play of all thirteen tricks.
    read_result: int | None
    if record.claim is not None:
        read_result = record.claim
    else:
        read_result = _played_result(
            record.play,
            record.contract if record.contract is not None else implied[0],
            record.declarer if record.declarer is not None else implied[1],
        )
    if record.result is not None and record.result != read_result:
        carried.append(("Result", str(record.result)))
    if record.score is not None:
        carried.append(("Score", record.score))
    if record.law_set is not None:
        carried.append(("LawSet", record.law_set))
    if record.dd_table is not None:
        carried.append(("DoubleDummyTricks", pbn.dd_table_to_pbn(record.dd_table)))
    out.append(f"{qx}st||")
    digit = "" if dealer is None else str(_LIN_SEATS.index(dealer) + 1)
    hands = [record.hand(s) for s in _LIN_SEATS]
    out.append(f"md|{digit}{','.join('' if h is None else _hand_to_lin(h) for h in hands)}|rh||")
    if record.board is not None:
        out.append(f"ah|Board {record.board}|")
    if record.vulnerability is not None:
        out.append(f"sv|{'oneb'[int(record.vulnerability)]}|")
    for name, value in carried:
        if not _TAG_NAME_RE.fullmatch(name):
            raise FormatError(f"LIN cannot carry the tag name {shown(name)}")
        out.append(f"tg|{name}={_check(value)}|")
    # Each nt| goes back after the call, card or claim it followed.
    notes_at: dict[str, list[str]] = {}
    for c, place in zip(record.commentary, _lin_places(record), strict=True):
        notes_at.setdefault(place, []).append(f"nt|{_check(c, 'nt')}|")
    out.extend(notes_at.pop("mb:0", ()))
    if a is not None:
        for k, call in enumerate(a.calls, 1):
            out.append(f"mb|{_check(_call_to_lin(call))}|")
            if call.note is not None:
                out.append(f"an|{_check(call.note, 'an')}|")
            out.extend(notes_at.pop(f"mb:{k}", ()))
        out.append("pg||")
    if record.play is not None:
        p = record.play
        if any(pc.note is not None or pc.annotations for row in p.tricks for pc in row):
            raise FormatError("LIN cannot carry notes or annotations on played cards")
        if record.declarer is not None and p.leader is not record.declarer.lho:
            raise FormatError(
                f"LIN's play starts with the declarer's left-hand opponent, not {p.leader.name}"
            )
        if not p.is_complete and record.claim is None:
            raise FormatError("LIN cannot mark play that ends early without a claim")
        for i, (_, card) in enumerate(record.plays()):
            out.append(f"pc|{card}|")
            out.extend(notes_at.pop(f"pc:{i + 1}", ()))
            if i % 4 == 3:
                out.append("pg||")
    if record.claim is not None:
        out.append(f"mc|{record.claim}|")
        out.extend(notes_at.pop(f"mc:{_card_count(record)}", ()))
    for place in notes_at:
        raise FormatError(
            f"commentary placed at {shown(place)}, which the board lacks (it has "
            f"{len(a.calls) if a is not None else 0} calls, {_card_count(record)} cards and "
            f"{'a' if record.claim is not None else 'no'} claim)"
        )
    return "".join(out)


def _differences(a: BoardRecord, b: BoardRecord) -> list[str]:
    return [
        f.name for f in dataclasses.fields(BoardRecord) if getattr(a, f.name) != getattr(b, f.name)
    ]


def write_board(record: BoardRecord) -> str:
    """One board as a line of LIN (without the line break).

    PBN tag pairs LIN has no key for (Event, Score, a contract not implied by the auction,
    a result other than the claim, the double-dummy table, ...) are carried as redouble's
    ``tg|Name=value|`` pairs, which other LIN readers ignore. The line is read back before
    it is returned: what LIN would not give back (see :func:`lin_view`) is refused.

    Raises:
        FormatError: for what LIN cannot carry (Bridge 1906 declarations, Royal Spades,
            tables, a '|' in a value or a line break outside free text (``at|``, ``nt|``,
            ``an|``, ``mn|``), notes on cards, play that ends early
            without a claim, play without a contract to order it), naming it.
        TypeError: if `record` is not a BoardRecord.
    """
    return _write(record, _Context(), True)


def _write(record: BoardRecord, ctx: _Context, first: bool) -> str:
    """One board as LIN after the boards that left `ctx`, which it then leaves as a reader
    of the text would; refused (FormatError) where it would not read back as `record`."""
    text = _board_text(record, ctx, first)
    after = ctx.copy()
    try:
        back = _read(text, False, after)
    except FormatError as e:
        raise FormatError(
            f"LIN cannot hold this board: it would read back as an error: {e}"
        ) from None
    want = lin_view(record)
    got = lin_view(back[0]) if len(back) == 1 else None
    if got != want:
        diff = _differences(want, got) if got is not None else ["everything"]
        raise FormatError(
            f"LIN cannot hold this board's {', '.join(diff)} as given (it would read back "
            "differently)"
        )
    ctx.names, ctx.header = after.names, after.header
    return text


def dumps(records: Iterable[BoardRecord]) -> str:
    """Boards as LIN text, one board a line.

    Players and a vugraph match header carry from board to board as :func:`load` reads
    them: each board is written after the ones before it and read back so.

    Raises:
        FormatError: for what LIN cannot carry (see :func:`write_board`), and for a board
            with a room (a ``qx|`` board) that lacks a tag an earlier board's ``vg|`` gives
            the boards after it (LIN cannot say "no Event here"); the message names the
            record (from 1) and its board.
    """
    ctx = _Context()
    lines = []
    for i, r in enumerate(records):
        try:
            lines.append(_write(r, ctx, i == 0) + "\n")
        except FormatError as e:
            raise _record_error(i, r, e) from None
    text = "".join(lines)
    check_encodable(text, "the LIN text")
    return text


def dump(records: Iterable[BoardRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write boards as LIN to a path or text handle.

    Raises:
        FormatError: for what LIN cannot carry (nothing is written then).
    """
    text = dumps(records)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        target.write(text)
