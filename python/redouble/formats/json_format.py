"""JSON for deals, boards and board records, with a versioned schema.

Schema ``redouble/1``
---------------------
A document is one object with a ``"format": "redouble/1"`` field and either ``"deals"`` or
``"boards"``::

    {"format": "redouble/1", "deals": ["N:AKQJ.T98.765.432 ...", ...]}
    {"format": "redouble/1", "boards": [BOARD, ...]}

A ``BOARD`` object holds only the keys that are known; a missing key means "not stated":

=================  ==========================================================================
key                value
=================  ==========================================================================
``board``          board number (int >= 0)
``dealer``         ``"N"``, ``"E"``, ``"S"`` or ``"W"``
``vulnerability``  ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``
``deal``           PBN deal string from North; ``"-"`` for a hand not given
``tags``           other tag pairs in order: ``[["Event", "..."], ...]``
``auction``        ``{"first": seat, "calls": [CALL, ...], "complete": bool}``
``contract``       contract text: ``"4HX"``, ``"3NT"``, ``"2RS"``, ``"Pass"``, ``"HXX"``
``declarer``       seat
``result``         tricks taken by the declarer (0..13)
``score``          the PBN Score text, verbatim
``claim``          total tricks the declarer claimed (0..13)
``play``           ``{"leader": seat, "tricks": [[CARD, ...], ...], "complete": bool}``; each
                   trick lists up to four places in seat columns from the opening leader
``dd_table``       ``{"C": [n, e, s, w], "D": [...], "H": [...], "S": [...], "NT": [...]}``
``tables``         ``[{"name": str, "header": str, "rows": [[str, ...], ...]}, ...]``
``law_set``        law-set name, e.g. ``"auction_1912"``
``declaration``    Bridge (Elwell, 1906) statements, e.g. ``"S:Pass N:H E:X"``
``commentary``     ``[str, ...]``
=================  ==========================================================================

A ``CALL`` is a token string (``"1NT"``, ``"Pass"``, ``"X"``, ``"XX"``, ``"2RS"``, see
:mod:`~redouble.formats.records`) or ``{"call": token, "note": str, "annotations": [str]}``;
a ``CARD`` is ``"SA"`` (or ``"-"``) or ``{"card": token, "note": ..., "annotations": ...}``.
Unknown keys are errors, so a newer document is not half-read.

>>> text = dumps_deals([Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ "
...                                   "765.432.AKQJ.T98 432.AKQJ.T98.765")])
>>> loads(text)[0].deal == Deal.from_pbn(json.loads(text)["deals"][0])
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any, TextIO

from .._check import shown
from ..cards import CardSet, Seat, Strain
from ..deal import Deal, Vulnerability
from ..errors import FormatError, InvalidDealError
from .records import (
    AuctionRecord,
    BoardRecord,
    Boards,
    Call,
    Contract,
    DeclarationRecord,
    PlayedCard,
    PlayRecord,
    TableRecord,
    check_encodable,
    check_errors_mode,
    read_text,
)

__all__ = [
    "FORMAT",
    "dump",
    "dumps",
    "dumps_deals",
    "load",
    "loads",
    "record_from_dict",
    "record_to_dict",
]

#: The schema version written in every document's ``"format"`` field.
FORMAT = "redouble/1"
_VUL = {"None": Vulnerability.NONE, "NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VUL["All"] = Vulnerability.BOTH
_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_KEYS = {
    "board",
    "dealer",
    "vulnerability",
    "deal",
    "tags",
    "auction",
    "contract",
    "declarer",
    "result",
    "score",
    "claim",
    "play",
    "dd_table",
    "tables",
    "law_set",
    "declaration",
    "commentary",
    "commentary_after",
}


def _place(p: Call | PlayedCard, key: str) -> str | dict[str, Any]:
    if p.note is None and not p.annotations:
        return p.token
    d: dict[str, Any] = {key: p.token}
    if p.note is not None:
        d["note"] = p.note
    if p.annotations:
        d["annotations"] = list(p.annotations)
    return d


def _deal_text(record: BoardRecord) -> str | None:
    if record.deal is not None:
        return record.deal.to_pbn()
    if record.partial_hands is not None:
        return "N:" + " ".join("-" if h is None else h.to_pbn() for h in record.partial_hands)
    return None


def record_to_dict(record: BoardRecord) -> dict[str, Any]:
    """A record as a schema ``redouble/1`` BOARD object."""
    d: dict[str, Any] = {}
    if record.board is not None:
        d["board"] = record.board
    if record.dealer is not None:
        d["dealer"] = record.dealer.letter
    if record.vulnerability is not None:
        d["vulnerability"] = record.vulnerability.pbn
    deal = _deal_text(record)
    if deal is not None:
        d["deal"] = deal
    if record.tags:
        d["tags"] = [list(t) for t in record.tags]
    if record.auction is not None:
        a = record.auction
        d["auction"] = {
            "first": a.first.letter,
            "calls": [_place(c, "call") for c in a.calls],
            "complete": a.is_complete,
        }
    if record.contract is not None:
        d["contract"] = str(record.contract)
    if record.declarer is not None:
        d["declarer"] = record.declarer.letter
    for name in ("result", "score", "claim", "law_set"):
        if getattr(record, name) is not None:
            d[name] = getattr(record, name)
    if record.play is not None:
        p = record.play
        d["play"] = {
            "leader": p.leader.letter,
            "tricks": [[_place(c, "card") for c in row] for row in p.tricks],
            "complete": p.is_complete,
        }
    if record.dd_table is not None:
        d["dd_table"] = {s.letter: list(record.dd_table[s]) for s in _STRAINS}
    if record.tables:
        d["tables"] = [
            {"name": t.name, "header": t.header, "rows": [list(r) for r in t.rows]}
            for t in record.tables
        ]
    if record.declaration is not None:
        d["declaration"] = str(record.declaration)
    if record.commentary:
        d["commentary"] = list(record.commentary)
    if record.commentary_after:
        d["commentary_after"] = list(record.commentary_after)
    return d


class _Path:
    """Where in the document a value sits, for error messages."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, what: str) -> FormatError:
        return FormatError(f"{self.where}: {what}")

    def typed(self, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise self.fail(f"expected {what}, got {shown(value)}")
        return value


def _parse_place(value: Any, key: str, path: _Path) -> Call | PlayedCard:
    try:
        return _place_from(value, key, path)
    except FormatError as e:
        msg = str(e.args[0]) if e.args else str(e)
        raise e if msg.startswith(path.where) else path.fail(msg) from None


def _place_from(value: Any, key: str, path: _Path) -> Call | PlayedCard:
    make = Call.parse if key == "call" else PlayedCard.parse
    if isinstance(value, str):
        return make(value)
    obj = path.typed(value, dict, f"a {key} string or object")
    extra = set(obj) - {key, "note", "annotations"}
    if extra:
        raise path.fail(f"unknown keys {sorted(extra)}")
    token = make(path.typed(obj.get(key), str, f"a {key} token"))
    note = obj.get("note")
    if note is not None:
        path.typed(note, str, "a note string")
    ann = path.typed(obj.get("annotations", []), list, "a list of annotations")
    for a in ann:
        path.typed(a, str, "an annotation string")
    if isinstance(token, Call):
        return Call(token.token, note, tuple(ann))
    return PlayedCard(token.token, note, tuple(ann))


def _parse_deal(text: str, path: _Path) -> dict[str, Any]:
    if not text.isascii() or "\x00" in text:
        # The core's deal parser must never see these (it works on bytes).
        raise path.fail(f"a PBN deal string holds only ASCII letters, got {shown(text)}")
    first, sep, rest = text.partition(":")
    hands = rest.split()
    if not sep or len(hands) != 4:
        raise path.fail(f"expected a PBN deal string, got {shown(text)}")
    start = Seat.parse(first)
    sets: list[CardSet | None] = [None] * 4
    for k, h in enumerate(hands):
        sets[int(start.next(k))] = None if h == "-" else CardSet.from_pbn_hand(h)
    if all(s is not None for s in sets):
        return {"deal": Deal([s.mask for s in sets if s is not None])}
    known = [s for s in sets if s is not None]
    seen = 0
    for s in known:
        if seen & s.mask:
            raise path.fail("a card is in two hands")
        seen |= s.mask
    sizes = {len(s) for s in known}
    if any(n > 13 for n in sizes):
        raise path.fail(f"a hand holds at most 13 cards: {shown(text)}")
    if not known:
        return {}
    return {"partial_hands": (sets[0], sets[1], sets[2], sets[3])}


def record_from_dict(obj: Any, where: str = "board") -> BoardRecord:
    """A record from a schema ``redouble/1`` BOARD object.

    Raises:
        FormatError: if the object does not follow the schema (the message says where).
    """
    path = _Path(where)
    obj = path.typed(obj, dict, "an object")
    extra = set(obj) - _KEYS
    if extra:
        raise path.fail(f"unknown keys {sorted(extra)}")
    f: dict[str, Any] = {}
    try:
        if "board" in obj:
            f["board"] = _Path(f"{where}.board").typed(obj["board"], int, "an int")
        if "dealer" in obj:
            f["dealer"] = Seat.parse(_Path(f"{where}.dealer").typed(obj["dealer"], str, "a seat"))
        if "vulnerability" in obj:
            v = obj["vulnerability"]
            if v not in _VUL:
                raise _Path(f"{where}.vulnerability").fail(
                    f"expected None/NS/EW/All, got {shown(v)}"
                )
            f["vulnerability"] = _VUL[v]
        if "deal" in obj:
            p = _Path(f"{where}.deal")
            f.update(_parse_deal(p.typed(obj["deal"], str, "a deal string"), p))
        if "tags" in obj:
            tags = []
            for i, t in enumerate(_Path(f"{where}.tags").typed(obj["tags"], list, "a list")):
                tp = _Path(f"{where}.tags[{i}]")
                if not isinstance(t, list) or len(t) != 2 or not all(isinstance(x, str) for x in t):
                    raise tp.fail("expected [name, value]")
                tags.append((t[0], t[1]))
            f["tags"] = tuple(tags)
        if "auction" in obj:
            ap = _Path(f"{where}.auction")
            a = ap.typed(obj["auction"], dict, "an object")
            if set(a) - {"first", "calls", "complete"}:
                raise ap.fail(f"unknown keys {sorted(set(a) - {'first', 'calls', 'complete'})}")
            calls = tuple(
                _parse_place(c, "call", _Path(f"{where}.auction.calls[{i}]"))
                for i, c in enumerate(ap.typed(a.get("calls", []), list, "a list of calls"))
            )
            f["auction"] = AuctionRecord(
                Seat.parse(ap.typed(a.get("first"), str, "a first seat")),
                calls,  # type: ignore[arg-type]
                ap.typed(a.get("complete", True), bool, "a bool"),
            )
        if "contract" in obj:
            c = _Path(f"{where}.contract").typed(obj["contract"], str, "a contract")
            f["contract"] = Contract.parse(c)
        if "declarer" in obj:
            f["declarer"] = Seat.parse(
                _Path(f"{where}.declarer").typed(obj["declarer"], str, "a seat")
            )
        for name in ("result", "claim"):
            if name in obj:
                f[name] = _Path(f"{where}.{name}").typed(obj[name], int, "an int")
        for name in ("score", "law_set"):
            if name in obj:
                f[name] = _Path(f"{where}.{name}").typed(obj[name], str, "a string")
        if "play" in obj:
            pp = _Path(f"{where}.play")
            p = pp.typed(obj["play"], dict, "an object")
            if set(p) - {"leader", "tricks", "complete"}:
                raise pp.fail("unknown keys")
            rows = []
            for i, row in enumerate(pp.typed(p.get("tricks", []), list, "a list of tricks")):
                rp = _Path(f"{where}.play.tricks[{i}]")
                rows.append(
                    tuple(
                        _parse_place(c, "card", _Path(f"{rp.where}[{j}]"))
                        for j, c in enumerate(rp.typed(row, list, "a list of cards"))
                    )
                )
            f["play"] = PlayRecord(
                Seat.parse(pp.typed(p.get("leader"), str, "a leader seat")),
                tuple(rows),  # type: ignore[arg-type]
                pp.typed(p.get("complete", True), bool, "a bool"),
            )
        if "dd_table" in obj:
            dp = _Path(f"{where}.dd_table")
            t = dp.typed(obj["dd_table"], dict, "an object of strains")
            if set(t) != {s.letter for s in _STRAINS}:
                raise dp.fail("expected the keys C, D, H, S, NT")
            table = []
            for s in _STRAINS:
                row = dp.typed(t[s.letter], list, "a list of four trick counts")
                if len(row) != 4 or not all(isinstance(x, int) and 0 <= x <= 13 for x in row):
                    raise dp.fail(f"{s.letter}: expected four trick counts 0..13")
                table.append(tuple(row))
            f["dd_table"] = tuple(table)
        if "tables" in obj:
            tables = []
            for i, t in enumerate(_Path(f"{where}.tables").typed(obj["tables"], list, "a list")):
                tp = _Path(f"{where}.tables[{i}]")
                t = tp.typed(t, dict, "an object")
                if set(t) != {"name", "header", "rows"}:
                    raise tp.fail("expected name, header, rows")
                rows = tp.typed(t["rows"], list, "a list of rows")
                tables.append(
                    TableRecord(
                        tp.typed(t["name"], str, "a name"),
                        tp.typed(t["header"], str, "a header"),
                        tuple(
                            tuple(
                                tp.typed(x, str, "a table cell string")
                                for x in tp.typed(r, list, "a row")
                            )
                            for r in rows
                        ),
                    )
                )
            f["tables"] = tuple(tables)
        if "declaration" in obj:
            dp = _Path(f"{where}.declaration")
            f["declaration"] = DeclarationRecord.parse(dp.typed(obj["declaration"], str, "text"))
        for name in ("commentary", "commentary_after"):
            if name in obj:
                cp = _Path(f"{where}.{name}")
                f[name] = tuple(
                    cp.typed(c, str, "a string") for c in cp.typed(obj[name], list, "a list")
                )
        return BoardRecord(**f)
    except (FormatError, InvalidDealError, ValueError) as e:
        msg = str(e.args[0]) if e.args else str(e)
        if msg.startswith(where):
            raise FormatError(msg) from None
        raise FormatError(f"{where}: {msg}") from None


def dumps(records: Iterable[BoardRecord], *, indent: int | None = 1) -> str:
    """Board records as a ``redouble/1`` JSON document.

    Raises:
        FormatError: for text no file can hold (a lone surrogate).
        TypeError: if a record is not a BoardRecord.
    """
    dicts = []
    for r in records:
        if not isinstance(r, BoardRecord):
            raise TypeError(f"a record must be a BoardRecord, not {type(r).__name__}")
        dicts.append(record_to_dict(r))
    text = json.dumps({"format": FORMAT, "boards": dicts}, indent=indent, ensure_ascii=False)
    check_encodable(text, "the JSON text")
    return text + "\n"


def dumps_deals(deals: Iterable[Deal]) -> str:
    """Deals as a ``redouble/1`` JSON document of PBN deal strings."""
    return json.dumps({"format": FORMAT, "deals": [d.to_pbn() for d in deals]}, indent=1) + "\n"


def parse_json(text: str | bytes | bytearray) -> Any:
    """``json.loads`` whose every failure is a :class:`FormatError` (with line and column where
    JSON gives them): bad syntax, nesting too deep, undecodable bytes, integers of more than
    4,300 digits (which Python refuses). Shared by this module and :mod:`redouble.serialize`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"invalid JSON: {e.msg}", line=e.lineno, column=e.colno) from None
    except RecursionError:
        raise FormatError("invalid JSON: nested too deeply") from None
    except ValueError as e:
        raise FormatError(f"invalid JSON: {e}") from None


def loads(text: str, *, errors: str = "strict") -> Boards:
    """The boards (or deals, as records holding only the deal) of a JSON document.

    With ``errors="skip"`` a board that breaks the schema is left out and its error kept in
    the result's ``problems``; a document that is not JSON at all is still an error.

    Raises:
        FormatError: on invalid JSON (with line and column) or a schema violation.
        TypeError: if `text` is not a str.
    """
    skip = check_errors_mode(errors)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    doc = parse_json(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        got = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise FormatError(f"not a {FORMAT} document (format: {shown(got)})")
    keys = set(doc) - {"format", "kind"}
    # redouble.serialize tags its documents with a "kind"; a "deals" or "boards" document is a
    # file this module reads, any other kind is one value for serialize.loads.
    kind = doc.get("kind", None)
    if kind is not None and (kind not in ("deals", "boards") or keys != {kind}):
        raise FormatError(
            f"a {FORMAT} document of kind {shown(kind)} is a single value, not a list of deals or"
            " boards: read it with redouble.serialize.loads"
        )
    items: list[tuple[Any, str]]
    if keys == {"deals"}:
        deals = doc["deals"]
        if not isinstance(deals, list):
            raise FormatError("deals: expected a list of PBN deal strings")
        items = []
        for i, d in enumerate(deals):
            if not isinstance(d, str):
                items.append((None, f"deals[{i}]"))
            else:
                items.append(({"deal": d}, f"deals[{i}]"))
    elif keys == {"boards"} and isinstance(doc["boards"], list):
        items = [(b, f"boards[{i}]") for i, b in enumerate(doc["boards"])]
    else:
        raise FormatError(f"a {FORMAT} document holds a list of 'deals' or of 'boards'")
    out = Boards()
    for obj, where in items:
        try:
            if obj is None:
                raise FormatError(f"{where}: expected a PBN deal string")
            out.append(record_from_dict(obj, where))
        except FormatError as e:
            if not skip:
                raise
            out.problems.append(e)
    return out


def load(
    source: str | os.PathLike[str] | TextIO,
    *,
    encoding: str | None = None,
    errors: str = "strict",
) -> Boards:
    """The records of a JSON file (path or handle); UTF-8 (RFC 8259) unless `encoding` says.

    Raises:
        FormatError: on invalid JSON, text that cannot be decoded, or a schema violation.
    """
    return loads(read_text(source, encoding, "utf-8"), errors=errors)


def dump(records: Iterable[BoardRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write records as a JSON document to a path or text handle."""
    text = dumps(records)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        target.write(text)
