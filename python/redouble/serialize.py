"""JSON for redouble's values: one encoder, tagged documents, a hook for ``json.dumps``.

Every value travels as a JSON object tagged with the schema version and its kind::

    {"format": "redouble/1", "kind": "deal", "deal": "N:AKQJ.T98.765.432 ..."}

The fields are those of the ``redouble/1`` documents of :mod:`redouble.formats.json_format`
(a deal is a PBN deal string from North, a seat a letter, a DD table an object of strains), so
a reader of one reads the other. A game keeps the format of :meth:`redouble.game.Game.to_json`
(``"format": "redouble-game/1"``) and adds ``"kind": "game"``.

================  ================================  ============================================
kind              value                             fields
================  ================================  ============================================
``deal``          :class:`~redouble.deal.Deal`      ``deal``: a PBN deal string
``deals``         ``(N, 4) uint64`` array           ``deals``: a list of PBN deal strings
``board``         :class:`~redouble.deal.Board`     ``board``, ``dealer``, ``vulnerability``,
                                                    ``deal``
``board_record``  ``formats.BoardRecord``           the keys of a ``redouble/1`` BOARD object
``cards``         :class:`~redouble.cards.CardSet`  ``cards``: a PBN hand, ``"AK2.QJ..T9"``
``dd_table``      ``(5, 4) uint8`` array            ``dd_table``: ``{"C": [n, e, s, w], ...}``
``dd_tables``     ``(N, 5, 4) uint8`` array         ``dd_tables``: a list of such objects
``position``      :class:`~redouble.play.Position`  ``hands``, ``strain``, ``leader``,
                                                    ``trick``, ``plays``
``hand_score``    ``scoring.HandScore``             ``law_set``, ``contract``, ``declarer``
                                                    and the score's fields (below)
``par``           ``analysis.Par``                  ``score``, ``contracts``, ``law``,
                                                    ``first``, ``vulnerability``
``law_set``       :class:`~redouble.laws.LawSet`    ``name``, ``flags`` (those changed)
``game``          ``game.Game``                     ``law_set``, ``events`` (and ``flags``
                                                    when changed)
================  ================================  ============================================

A DD table object has the keys ``C``, ``D``, ``H``, ``S`` and ``NT``, each the tricks of
declarers North, East, South and West, as the ``dd_table`` of a BOARD object.

**DD tables and deal batches are numpy arrays**, not classes of their own: an array is
recognised by its dtype and shape — ``uint8`` of shape ``(5, 4)`` is a DD table, ``uint8`` of
shape ``(N, 5, 4)`` a batch of them, ``uint64`` of shape ``(N, 4)`` a batch of deals — and
read back as an array of the same dtype and shape. Any other array is a :class:`TypeError`
(convert it first, e.g. ``table.astype(np.uint8)``).

**Positions** are written as they were set up (``hands`` as a PBN deal string, possibly with
hands of unequal size mid-trick; ``strain``; ``leader``; ``trick``, the cards already on the
table) plus the cards ``plays`` played since, in order; reading replays them, so the copy can
be undone as far as the original. ``plays`` may be left out.

**Scores**: ``hand_score`` holds ``law_set`` (name), ``contract`` (``"3NT"``, ``"2HX"``,
Bridge ``"NTXX"``), ``declarer``, ``vulnerable`` (list of sides), ``contract_made`` (true,
false or null), ``game_won_by`` (a side or null), ``game_caps`` (``[ns, ew]``, null for none)
and per-side objects ``{"NS": n, "EW": n}`` for ``tricks_in_play``,
``tricks_after_revoke_penalty``, ``trick_score`` and each item of ``breakdown``.

Containers travel too: lists, tuples (read back as lists) and objects with string keys are
walked, each value in them encoded, and :func:`from_jsonable` decodes every tagged object it
finds in them. A document with ``"format": "redouble/1"`` and no ``kind`` (what
``redouble deal --format json`` and ``redouble solve --format json`` print) is read as
:func:`redouble.formats.json_format.loads` reads it.

Reading is strict: a missing or unknown field, a wrong JSON type, an unknown kind or a newer
format version raise :class:`~redouble.errors.FormatError` naming the kind and the field.

>>> import json, redouble
>>> from redouble import serialize, solver
>>> d = redouble.deal(1906, 1)
>>> text = json.dumps({"deal": d, "table": solver.dd_table(d)}, default=serialize.default)
>>> back = serialize.loads(text)
>>> back["deal"] == d, bool((back["table"] == solver.dd_table(d)).all())
(True, True)
>>> serialize.to_jsonable(back["table"])["dd_table"]["NT"]
[9, 3, 9, 3]
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from . import _core
from ._check import shown
from .cards import Card, CardSet, Seat, Side, Strain
from .deal import Board, Deal, Vulnerability
from .errors import FormatError, RedoubleError

if TYPE_CHECKING:
    from .analysis.par import Par
    from .game import Game
    from .laws import LawSet
    from .play import Position
    from .scoring import HandScore

__all__ = [
    "FORMAT",
    "GAME_FORMAT",
    "KINDS",
    "default",
    "dumps",
    "from_jsonable",
    "loads",
    "to_jsonable",
]

#: The schema version in every document's ``"format"`` field (that of
#: :mod:`redouble.formats.json_format`).
FORMAT = "redouble/1"
#: The schema version of a game document (that of :meth:`redouble.game.Game.to_json`).
GAME_FORMAT = "redouble-game/1"

_T = TypeVar("_T")
_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_VUL = {v.pbn: v for v in Vulnerability}
_SIDES = {s.name: s for s in Side}


# ------------------------------------------------------------------------------------------------
# Reading helpers: every failure names the document's kind and the field.
# ------------------------------------------------------------------------------------------------


class _Doc:
    """A tagged object being read: typed access to its fields, errors that say where."""

    def __init__(self, obj: Mapping[str, Any], where: str, allowed: set[str]) -> None:
        self.obj = obj
        self.where = where
        unknown = set(obj) - allowed - {"format", "kind"}
        if unknown:
            raise self.fail(f"unknown field(s) {sorted(unknown)}")

    def fail(self, what: str, field: str | None = None) -> FormatError:
        return FormatError(self.where + (f", field {field!r}" if field else "") + f": {what}")

    def get(
        self,
        field: str,
        kind: type | tuple[type, ...],
        what: str,
        *,
        optional: bool = False,
        default: Any = None,
        nullable: bool = False,
    ) -> Any:
        """The field's value, checked to be of JSON type `kind` (`what` says it in words)."""
        if field not in self.obj:
            if optional:
                return default
            raise self.fail("missing", field)
        value = self.obj[field]
        if value is None and nullable:
            return None
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise self.fail(f"expected {what}, got {shown(value)}", field)
        return value

    def parse(self, field: str, fn: Callable[[Any], _T], value: Any) -> _T:
        """`fn(value)`, a library error turned into a FormatError that names the field."""
        try:
            return fn(value)
        except (RedoubleError, TypeError) as e:
            raise self.fail(str(e), field) from None

    def seat(self, field: str) -> Seat:
        return self.parse(field, Seat.parse, self.get(field, str, "a seat letter N, E, S or W"))

    def choice(self, field: str, table: Mapping[str, Any], what: str) -> Any:
        value = self.get(field, str, what)
        if value not in table:
            raise self.fail(f"expected {what}, got {shown(value)}", field)
        return table[value]

    def per_side(self, field: str) -> Any:
        from .scoring import PerSide

        obj = self.get(field, dict, 'an object {"NS": n, "EW": n}')
        if set(obj) != {"NS", "EW"} or not all(_is_int(v) for v in obj.values()):
            raise self.fail(f'expected {{"NS": n, "EW": n}} with integers, got {shown(obj)}', field)
        return PerSide(obj["NS"], obj["EW"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pbn_hands(text: str) -> list[int]:
    """Four hand masks (N, E, S, W) from a PBN deal string whose hands may differ in size."""
    if not text.isascii() or "\x00" in text:
        raise FormatError(f"a PBN deal string holds only ASCII letters, got {shown(text)}")
    first, sep, rest = text.partition(":")
    hands = rest.split()
    if not sep or len(hands) != 4:
        raise FormatError(f"expected a PBN deal string 'N:hand hand hand hand', got {shown(text)}")
    start = Seat.parse(first)
    masks = [0, 0, 0, 0]
    for k, h in enumerate(hands):
        masks[int(start.next(k))] = CardSet.from_pbn_hand(h).mask
    return masks


# ------------------------------------------------------------------------------------------------
# Kinds: how each value is written and read.
# ------------------------------------------------------------------------------------------------


def _tag(kind: str, **fields: Any) -> dict[str, Any]:
    return {"format": FORMAT, "kind": kind, **fields}


def _table_obj(table: np.ndarray[Any, Any]) -> dict[str, list[int]]:
    return {s.letter: [int(x) for x in table[s]] for s in _STRAINS}


def _check_table_values(arr: np.ndarray[Any, Any]) -> None:
    if arr.size and int(arr.max()) > 13:
        raise RedoubleError(f"a DD table holds trick counts 0..13, got {int(arr.max())}")


def _array(arr: np.ndarray[Any, Any]) -> dict[str, Any]:
    if arr.dtype == np.uint8 and arr.shape == (5, 4):
        _check_table_values(arr)
        return _tag("dd_table", dd_table=_table_obj(arr))
    if arr.dtype == np.uint8 and arr.ndim == 3 and arr.shape[1:] == (5, 4):
        _check_table_values(arr)
        return _tag("dd_tables", dd_tables=[_table_obj(t) for t in arr])
    if arr.dtype == np.uint64 and arr.ndim == 2 and arr.shape[1] == 4:
        return _tag("deals", deals=[Deal.from_array(row).to_pbn() for row in arr])
    raise TypeError(
        f"no JSON encoding for a numpy array of dtype {arr.dtype} and shape {arr.shape}: "
        "redouble writes uint8 DD tables (5, 4) and (N, 5, 4) and uint64 deals (N, 4)"
    )


def _read_table(doc: _Doc, value: Any, field: str) -> list[list[int]]:
    if not isinstance(value, dict) or set(value) != {s.letter for s in _STRAINS}:
        raise doc.fail(
            f"expected an object with the keys C, D, H, S, NT, got {shown(value)}", field
        )
    rows = []
    for s in _STRAINS:
        row = value[s.letter]
        if (
            not isinstance(row, list)
            or len(row) != 4
            or not all(_is_int(x) and 0 <= x <= 13 for x in row)
        ):
            raise doc.fail(f"{s.letter}: expected four trick counts 0..13, got {shown(row)}", field)
        rows.append(row)
    return rows


def _from_dd_table(doc: _Doc) -> Any:
    return np.array(_read_table(doc, doc.get("dd_table", dict, "an object"), "dd_table"), np.uint8)


def _from_dd_tables(doc: _Doc) -> Any:
    items = doc.get("dd_tables", list, "a list of DD tables")
    tables = [_read_table(doc, t, f"dd_tables[{i}]") for i, t in enumerate(items)]
    return np.array(tables, np.uint8).reshape(len(tables), 5, 4)


def _from_deal(doc: _Doc) -> Deal:
    return doc.parse("deal", Deal.from_pbn, doc.get("deal", str, "a PBN deal string"))


def _from_deals(doc: _Doc) -> Any:
    items = doc.get("deals", list, "a list of PBN deal strings")
    rows = []
    for i, text in enumerate(items):
        if not isinstance(text, str):
            raise doc.fail(f"expected a PBN deal string, got {shown(text)}", f"deals[{i}]")
        rows.append(doc.parse(f"deals[{i}]", Deal.from_pbn, text).masks)
    return np.array(rows, dtype=np.uint64).reshape(len(rows), 4)


def _board(b: Board) -> dict[str, Any]:
    return _tag(
        "board",
        board=b.number,
        dealer=b.dealer.letter,
        vulnerability=b.vulnerability.pbn,
        deal=b.deal.to_pbn(),
    )


def _from_board(doc: _Doc) -> Board:
    number = doc.get("board", int, "a board number")
    vul = doc.choice("vulnerability", _VUL, "None, NS, EW or All")
    deal, dealer = _from_deal(doc), doc.seat("dealer")
    return doc.parse("board", lambda n: Board(n, deal, dealer, vul), number)


def _from_cards(doc: _Doc) -> CardSet:
    return doc.parse("cards", CardSet.from_pbn_hand, doc.get("cards", str, "a PBN hand"))


def _position(p: Position) -> dict[str, Any]:
    hands, strain, leader, trick, plays = p._start_state()
    return _tag(
        "position",
        hands=str(_core.format_pbn_deal(list(hands), 0)),  # hands may differ in size
        strain=Strain(strain).letter,
        leader=Seat(leader).letter,
        trick=[str(Card(c)) for c in trick],
        plays=[str(Card(c)) for c in plays],
    )


def _cards_field(doc: _Doc, field: str) -> list[Card]:
    items = doc.get(field, list, "a list of cards", optional=True, default=[])
    out = []
    for i, c in enumerate(items):
        if not isinstance(c, str):
            raise doc.fail(f"expected a card such as 'SA', got {shown(c)}", f"{field}[{i}]")
        out.append(doc.parse(f"{field}[{i}]", Card.parse, c))
    return out


def _from_position(doc: _Doc) -> Position:
    from .play import Position

    hands = doc.parse("hands", _pbn_hands, doc.get("hands", str, "a PBN deal string"))
    strain = doc.parse("strain", Strain.parse, doc.get("strain", str, "a strain C, D, H, S, NT"))
    leader = doc.seat("leader")
    trick = _cards_field(doc, "trick")
    plays = _cards_field(doc, "plays")
    p = doc.parse("hands", lambda h: Position(h, strain, leader, trick), hands)
    for i, c in enumerate(plays):
        doc.parse(f"plays[{i}]", p.play, c)
    return p


def _hand_score(s: HandScore) -> dict[str, Any]:
    return _tag(
        "hand_score",
        law_set=s.law_set,
        contract=str(s.contract),
        declarer=s.declarer.letter,
        vulnerable=[side.name for side in Side if side in s.vulnerable],
        tricks_in_play=s.tricks_in_play.to_dict(),
        tricks_after_revoke_penalty=s.tricks_after_revoke_penalty.to_dict(),
        contract_made=s.contract_made,
        trick_score=s.trick_score.to_dict(),
        breakdown=s.breakdown.to_dict(),
        game_won_by=None if s.game_won_by is None else s.game_won_by.name,
        game_caps=list(s.game_caps),
    )


def _side_field(doc: _Doc, field: str) -> Side | None:
    name = doc.get(field, str, "NS, EW or null", nullable=True)
    if name is None:
        return None
    if name not in _SIDES:
        raise doc.fail(f"expected NS or EW, got {shown(name)}", field)
    return _SIDES[name]


def _from_hand_score(doc: _Doc) -> HandScore:
    from . import laws
    from .scoring import ContractSpec, HandScore, HonourColumn

    law = doc.get("law_set", str, "a law-set name")
    doc.parse("law_set", laws.get, law)
    spec = doc.parse(
        "contract",
        lambda t: ContractSpec.parse(law, t),
        doc.get("contract", str, "a contract such as '3NT'"),
    )
    vul = doc.get("vulnerable", list, "a list of sides NS, EW")
    # A list or an object in the list is unhashable: `in` would raise a bare TypeError.
    if not all(isinstance(v, str) and v in _SIDES for v in vul):
        raise doc.fail(f"expected a list of NS and EW, got {shown(vul)}", "vulnerable")
    made = doc.get("contract_made", bool, "true, false or null", nullable=True)
    items = doc.get("breakdown", dict, "an object of honour-column items")
    names = {f.name for f in dataclasses.fields(HonourColumn)}
    if set(items) != names:
        raise doc.fail(f"expected the items {sorted(names)}, got {sorted(items)}", "breakdown")
    inner = _Doc(items, f"{doc.where}, field 'breakdown'", names)
    breakdown = HonourColumn(**{n: inner.per_side(n) for n in names})
    caps = doc.get("game_caps", list, "a list [ns, ew]")
    if len(caps) != 2 or not all(c is None or _is_int(c) for c in caps):
        raise doc.fail(f"expected [ns, ew], integers or null, got {shown(caps)}", "game_caps")
    return HandScore(
        law_set=law,
        contract=spec,
        declarer=doc.seat("declarer"),
        vulnerable=frozenset(_SIDES[v] for v in vul),
        tricks_in_play=doc.per_side("tricks_in_play"),
        tricks_after_revoke_penalty=doc.per_side("tricks_after_revoke_penalty"),
        contract_made=made,
        trick_score=doc.per_side("trick_score"),
        breakdown=breakdown,
        game_won_by=_side_field(doc, "game_won_by"),
        game_caps=(caps[0], caps[1]),
    )


def _par(p: Par) -> dict[str, Any]:
    return _tag(
        "par",
        score=p.score,
        contracts=[
            {
                "level": c.level,
                "strain": c.strain.letter,
                "declarers": [s.letter for s in c.declarers],
                "doubled": c.doubled,
                "result": c.result,
            }
            for c in p.contracts
        ],
        law=p.law,
        first=p.first.name,
        vulnerability=p.vulnerability.pbn,
    )


def _from_par(doc: _Doc) -> Par:
    from .analysis.par import Par, ParContract

    contracts = []
    keys = {"level", "strain", "declarers", "doubled", "result"}
    for i, c in enumerate(doc.get("contracts", list, "a list of par contracts")):
        field = f"contracts[{i}]"
        if not isinstance(c, dict):
            raise doc.fail(f"expected a par contract object, got {shown(c)}", field)
        inner = _Doc(c, f"{doc.where}, {field}", keys)
        level = inner.get("level", int, "a level 1..7")
        if not 1 <= level <= 7:
            raise inner.fail(f"expected a level 1..7, got {shown(level)}", "level")
        seats = inner.get("declarers", list, "a list of seat letters")
        if not seats or not all(isinstance(s, str) for s in seats):
            raise inner.fail(f"expected a list of seat letters, got {shown(seats)}", "declarers")
        contracts.append(
            ParContract(
                level,
                inner.parse("strain", Strain.parse, inner.get("strain", str, "a strain")),
                tuple(inner.parse("declarers", Seat.parse, s) for s in seats),
                inner.get("doubled", bool, "true or false"),
                inner.get("result", int, "an integer"),
            )
        )
    first = doc.choice("first", _SIDES, "NS or EW")
    vul = doc.choice("vulnerability", _VUL, "None, NS, EW or All")
    law = doc.get("law", str, "a law-set name")
    if law != "contract":
        raise doc.fail(f"par is computed for contract bridge only, got {shown(law)}", "law")
    score = doc.get("score", int, "an integer")
    if (score == 0) != (not contracts):
        raise doc.fail("a par of 0 has no contracts, and any other par has some", "contracts")
    return Par(score, tuple(contracts), law, first, vul)


def _flags_to_jsonable(law: LawSet) -> dict[str, Any]:
    """The flags of `law` that differ from those of the law set of its name (JSON-ready)."""
    from .laws import _changed_flags_json

    return _changed_flags_json(law)


def _flags_from_jsonable(obj: Any, where: str) -> dict[str, Any]:
    """Keyword arguments for :func:`redouble.laws.get` from :func:`_flags_to_jsonable`'s object.

    Raises:
        FormatError: an unknown flag or a value of the wrong JSON type (naming `where`).
    """
    from .laws import Flags

    if not isinstance(obj, dict):
        raise FormatError(f"{where}: expected an object of flags, got {shown(obj)}")
    base = Flags()
    names = {f.name for f in dataclasses.fields(Flags)}
    out: dict[str, Any] = {}
    for name, value in obj.items():
        if name not in names:
            raise FormatError(f"{where}: unknown flag {shown(name)}")
        like = getattr(base, name)
        if isinstance(like, tuple):
            if not isinstance(value, list) or not all(_is_int(v) for v in value):
                raise FormatError(f"{where}: flag {shown(name)} expects a list of integers")
            value = tuple(value)
        elif like is None:  # bridge_max_doublings: None (no limit) or an int
            if value is not None and not _is_int(value):
                raise FormatError(f"{where}: flag {shown(name)} expects an integer or null")
        elif type(value) is not type(like):
            raise FormatError(f"{where}: flag {shown(name)} expects a {type(like).__name__}")
        out[name] = value
    return out


def _law_set(law: LawSet) -> dict[str, Any]:
    from . import laws

    flags = _flags_to_jsonable(law)
    try:
        same = laws.get(law.name, **flags) == law
    except RedoubleError:
        same = False
    if not same:
        raise RedoubleError(
            f"law set {shown(law.name)} is not one of redouble's (laws.available()): only those, "
            "with their flags, are written as JSON"
        )
    return _tag("law_set", name=law.name, flags=flags)


def _from_law_set(doc: _Doc) -> LawSet:
    from . import laws

    name = doc.get("name", str, "a law-set name")
    flags = doc.get("flags", dict, "an object of flags", optional=True, default={})
    flags = _flags_from_jsonable(flags, f"{doc.where}, field 'flags'")
    return doc.parse("name", lambda n: laws.get(n, **flags), name)


def _game(game: Game) -> dict[str, Any]:
    obj = json.loads(game.to_json())
    return {"format": obj.pop("format"), "kind": "game", **obj}


def _from_game(doc: _Doc) -> Game:
    from .game import Game

    try:
        return Game.from_json(json.dumps(dict(doc.obj)))
    except RedoubleError as e:
        raise doc.fail(str(e)) from None


def _from_board_record(doc: _Doc) -> Any:
    from .formats.json_format import record_from_dict

    obj = {k: v for k, v in doc.obj.items() if k not in ("format", "kind")}
    return record_from_dict(obj, "board_record document")


_Reader = Callable[[_Doc], Any]
# kind -> (the fields it may hold, its reader).
_READERS: dict[str, tuple[set[str], _Reader]] = {
    "deal": ({"deal"}, _from_deal),
    "deals": ({"deals"}, _from_deals),
    "board": ({"board", "dealer", "vulnerability", "deal"}, _from_board),
    "cards": ({"cards"}, _from_cards),
    "dd_table": ({"dd_table"}, _from_dd_table),
    "dd_tables": ({"dd_tables"}, _from_dd_tables),
    "position": ({"hands", "strain", "leader", "trick", "plays"}, _from_position),
    "hand_score": (
        {
            "law_set",
            "contract",
            "declarer",
            "vulnerable",
            "tricks_in_play",
            "tricks_after_revoke_penalty",
            "contract_made",
            "trick_score",
            "breakdown",
            "game_won_by",
            "game_caps",
        },
        _from_hand_score,
    ),
    "par": ({"score", "contracts", "law", "first", "vulnerability"}, _from_par),
    "law_set": ({"name", "flags"}, _from_law_set),
    "board_record": (set(), _from_board_record),  # record_from_dict checks the keys itself
    "game": ({"law_set", "events", "flags"}, _from_game),
}

#: The kinds of tagged document this module writes and reads.
KINDS: tuple[str, ...] = tuple(_READERS)


# ------------------------------------------------------------------------------------------------
# The public functions.
# ------------------------------------------------------------------------------------------------


def _encode_value(obj: Any) -> dict[str, Any] | None:
    """A library value's tagged object, or None if `obj` is not one of them."""
    if isinstance(obj, Deal):
        return _tag("deal", deal=obj.to_pbn())
    if isinstance(obj, Board):
        return _board(obj)
    if isinstance(obj, np.ndarray):
        return _array(obj)
    if isinstance(obj, CardSet):
        return _tag("cards", cards=obj.to_pbn())
    from .analysis.par import Par
    from .formats.records import BoardRecord
    from .game import Game
    from .laws import LawSet
    from .play import Position
    from .scoring import HandScore

    if isinstance(obj, Position):
        return _position(obj)
    if isinstance(obj, HandScore):
        return _hand_score(obj)
    if isinstance(obj, Par):
        return _par(obj)
    if isinstance(obj, LawSet):
        return _law_set(obj)
    if isinstance(obj, Game):
        return _game(obj)
    if isinstance(obj, BoardRecord):
        from .formats.json_format import record_to_dict

        return _tag("board_record", **record_to_dict(obj))
    return None


def default(obj: Any) -> Any:
    """A ``default=`` hook for :func:`json.dumps`: a library value's tagged object.

    ``json.dumps(value, default=redouble.serialize.default)`` writes deals, boards, DD tables,
    positions, scores, pars, law sets and games wherever they sit in `value`; numpy integer,
    float and bool scalars become JSON numbers and booleans.

    Raises:
        TypeError: for anything else (as :func:`json.dumps` expects of the hook).
    """
    encoded = _encode_value(obj)
    if encoded is not None:
        return encoded
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        return float(obj)
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


def to_jsonable(obj: Any) -> Any:
    """`obj` as JSON-compatible Python objects (dicts, lists, str, numbers, None).

    A library value (see the module's table) becomes its tagged object; lists, tuples and
    dicts are walked (a :class:`~redouble.cards.Card` key becomes its name, ``"SA"``, as in
    the values of :func:`redouble.solver.solve_cards`); JSON scalars are kept.

    Raises:
        TypeError: for a value with no JSON form (a set, a numpy array of another dtype or
            shape, a dict with keys other than str and Card).
        RedoubleError: for a value that cannot be written faithfully (a DD-table array with
            counts over 13, a law set that is not one of redouble's), or containers that hold
            themselves or are nested too deeply to walk.
    """
    try:
        return _to_jsonable(obj, set())
    except RecursionError:
        raise RedoubleError("obj: containers nested too deeply to write as JSON") from None


def _to_jsonable(obj: Any, open_ids: set[int]) -> Any:
    """:func:`to_jsonable` of `obj` inside the containers whose ids are `open_ids` (a list
    that holds itself would otherwise recurse until Python's limit)."""
    if obj is None or isinstance(obj, str | bool | float):
        return obj
    if isinstance(obj, int) and not isinstance(obj, np.integer):
        return int(obj)  # IntEnum members (Seat, Strain, Card, ...) as plain numbers
    if isinstance(obj, list | tuple | dict):
        if id(obj) in open_ids:
            raise RedoubleError(
                f"obj: a {type(obj).__name__} that contains itself has no JSON form"
            )
        open_ids.add(id(obj))
        try:
            return _container_jsonable(obj, open_ids)
        finally:
            open_ids.discard(id(obj))
    return default(obj)


def _container_jsonable(
    obj: list[Any] | tuple[Any, ...] | dict[Any, Any], open_ids: set[int]
) -> Any:
    if isinstance(obj, list | tuple):
        return [_to_jsonable(x, open_ids) for x in obj]
    if isinstance(obj, dict):
        out = {}
        for k, v in obj.items():
            if isinstance(k, Card):  # solve_cards' values: {"SA": 9, ...}
                k = str(k)
            if not isinstance(k, str):
                raise TypeError(
                    f"dict keys must be str or Card to be written as JSON, not {shown(k)}"
                )
            out[k] = _to_jsonable(v, open_ids)
        return out


def _is_tagged(obj: dict[str, Any]) -> bool:
    fmt = obj.get("format")
    return isinstance(fmt, str) and fmt.startswith("redouble")


def _decode_tagged(obj: dict[str, Any]) -> Any:
    fmt, kind = obj.get("format"), obj.get("kind")
    if fmt == GAME_FORMAT:
        if kind not in (None, "game"):
            raise FormatError(f"a {GAME_FORMAT} document is a game, not kind {shown(kind)}")
        kind = "game"
    elif fmt != FORMAT:
        raise FormatError(
            f"unsupported format {shown(fmt)}: this version of redouble reads {FORMAT} and {GAME_FORMAT}"
        )
    if kind is None:
        if set(obj) - {"format"} not in ({"deals"}, {"boards"}):
            raise FormatError(
                f"a {FORMAT} document needs a 'kind' ({', '.join(KINDS)}) or, as the formats "
                "module writes them, a list of 'deals' or of 'boards'"
            )
        from .formats import json_format

        return json_format.loads(json.dumps(obj))
    if not isinstance(kind, str) or kind not in _READERS:
        raise FormatError(f"unknown kind {shown(kind)} (known: {', '.join(KINDS)})")
    fields, reader = _READERS[kind]
    return reader(_Doc(obj, f"{kind} document", fields or set(obj)))


def from_jsonable(data: Any) -> Any:
    """The values in JSON-compatible `data` (as :func:`to_jsonable` or ``json.loads`` give).

    Every object tagged ``"format": "redouble/..."`` is decoded (see the module's table),
    wherever it sits in lists and objects; everything else is returned as it is.

    Raises:
        FormatError: a tagged object that breaks its schema, of an unknown kind or of an
            unsupported format version (the message names the kind and the field).
        TypeError: if `data` holds something JSON cannot (a set, bytes, an object).
        FormatError: `data` nested too deeply to walk (or holding itself).
    """
    try:
        return _from_jsonable(data)
    except RecursionError:
        raise FormatError("data: nested too deeply to read (or holds itself)") from None


def _from_jsonable(data: Any) -> Any:
    if data is None or isinstance(data, str | bool | int | float):
        return data
    if isinstance(data, list):
        return [_from_jsonable(x) for x in data]
    if isinstance(data, dict):
        if _is_tagged(data):
            return _decode_tagged(data)
        return {k: _from_jsonable(v) for k, v in data.items()}
    raise TypeError(f"data must be JSON-compatible, not {type(data).__name__}")


def dumps(obj: Any, **kwargs: Any) -> str:
    """`obj` as JSON text: :func:`json.dumps` of :func:`to_jsonable`, with its keywords.

    Raises:
        TypeError, RedoubleError: as :func:`to_jsonable`.
    """
    return json.dumps(to_jsonable(obj), **kwargs)


def loads(text: str | bytes | bytearray) -> Any:
    """The value of JSON text written by :func:`dumps` or with :func:`default`.

    Raises:
        FormatError: if the text is not JSON (with line and column) or a tagged object in it
            breaks its schema.
        TypeError: if `text` is not str or bytes.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    from .formats.json_format import parse_json

    data = parse_json(text)
    try:
        return from_jsonable(data)
    except RecursionError:
        raise FormatError("JSON nested too deeply to read") from None


def _load_kind(text: str | bytes | bytearray, cls: type, kind: str) -> Any:
    """:func:`loads` for a ``from_json`` method: the document must be one `cls` of `kind`.

    Raises:
        FormatError: if the text is not one such document.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    value = loads(text)
    if not isinstance(value, cls):
        got = type(value).__name__
        raise FormatError(f"expected a {kind} document (kind {shown(kind)}), got a {got}")
    return value
