"""Fuzz targets for the format readers and writers (issue 19 items 6 and 7, issue 16's
round-trip properties).

- Mutated PBN, LIN and JSON text never raises anything but redouble's own errors.
- Every writer either writes text its own reader gives back (up to what the format
  normalises: :func:`~redouble.formats.pbn.pbn_view`, :func:`~redouble.formats.lin.lin_view`)
  or raises FormatError naming what it cannot hold.
- PBN -> JSON -> PBN and PBN -> LIN -> PBN keep what the target can hold, or refuse.

``REDOUBLE_FUZZ_EXAMPLES`` raises the number of examples for a longer fuzzing run.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble.cards import CardSet, Seat
from redouble.deal import Vulnerability
from redouble.dealing import board as make_board
from redouble.errors import FormatError, RedoubleError
from redouble.formats import json_format, lin, pbn
from redouble.formats.records import (
    AuctionRecord,
    BoardRecord,
    Call,
    Contract,
    PlayedCard,
    PlayRecord,
    TableRecord,
)

EXAMPLES = int(os.environ.get("REDOUBLE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DATA = Path(__file__).parent.parent / "data"
SEEDS_PBN = [
    p.read_bytes().decode("latin-1")
    for p in [*sorted((DATA / "formats").glob("*.pbn")), DATA / "games" / "sample.pbn"]
]
SEED_LIN = (
    "pn|Sue South,West+Player,Ned+North,Ed East|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,"
    "SK843HT542DJ6C863|sv|n|ah|Board+7|mb|p|mb|1C!|an|5+ clubs|mb|p|mb|1H!|an|Four+hearts|"
    "mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|D2|pc|D3|pc|DJ|pc|DQ|pc|CA|pc|C5|pc|CK|pc|C3|"
    "tg|Event=Pairs|mc|9|\n"
)
NASTY = st.sampled_from(
    [*'[]{}";%*#=$!?^|:,.-+\n\r\t ', "\x00", "é", "²", "٣", "\ud800", "\ufeff", "9" * 5000]
)


def _mutate(text: str, data: st.DataObject) -> str:
    """A few random insertions, deletions and replacements, some of nasty characters."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6))):
        if not chars:
            break
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["insert", "delete", "replace", "dup"]))
        piece = data.draw(st.one_of(NASTY, st.characters(), st.text(max_size=3)))
        if op == "insert":
            chars.insert(i, piece)
        elif op == "delete":
            del chars[i : i + data.draw(st.integers(1, 40))]
        elif op == "replace":
            chars[i] = piece
        else:
            j = min(len(chars), i + data.draw(st.integers(1, 60)))
            chars[i:i] = chars[i:j]
    return "".join(chars)


def _only_our_errors(read: object, text: str) -> list[BoardRecord] | None:
    try:
        return read(text)  # type: ignore[operator, no-any-return]
    except RedoubleError:
        return None


@FUZZ
@given(st.data())
def test_mutated_pbn_raises_only_our_errors(data: st.DataObject) -> None:
    text = _mutate(data.draw(st.sampled_from(SEEDS_PBN)), data)
    boards = _only_our_errors(pbn.loads, text)
    for skip in (pbn.loads(text, errors="skip"),):
        assert all(isinstance(e, FormatError) for e in skip.problems)
    # What reads must write back or be refused, never crash.
    for rec in boards or []:
        _write_and_check(rec)


@FUZZ
@given(st.data())
def test_mutated_lin_raises_only_our_errors(data: st.DataObject) -> None:
    text = _mutate(SEED_LIN, data)
    for rec in _only_our_errors(lin.loads, text) or []:
        _write_and_check(rec)
    lin.loads(text, errors="skip")


@FUZZ
@given(st.data())
def test_mutated_lin_streams_raise_only_our_errors(data: st.DataObject) -> None:
    # The streaming reader in small chunks (a pair, a line break or a UTF-8 sequence split
    # between them), over mutated text with stray bytes, in every decoding mode.
    raw = _mutate(SEED_LIN * 3, data).encode("utf-8", "surrogatepass")
    i = data.draw(st.integers(0, len(raw)))
    raw = raw[:i] + data.draw(st.binary(max_size=6)) + raw[i:]
    encoding = data.draw(st.sampled_from([None, "utf-8", "latin-1", "cp1252"]))
    old = lin._CHUNK
    lin._CHUNK = data.draw(st.sampled_from([1, 2, 3, 7, 64, 1 << 16]))
    try:
        for errors in ("strict", "skip"):
            problems: list[FormatError] = []
            try:
                for _ in lin.iter_boards(
                    io.BytesIO(raw), encoding=encoding, errors=errors, problems=problems
                ):
                    pass
            except RedoubleError:
                pass
            assert all(isinstance(e, FormatError) for e in problems)
    finally:
        lin._CHUNK = old


@FUZZ
@given(st.data())
def test_mutated_json_raises_only_our_errors(data: st.DataObject) -> None:
    seed = json_format.dumps(pbn.loads(SEEDS_PBN[-1]))
    text = _mutate(seed, data)
    for rec in _only_our_errors(json_format.loads, text) or []:
        _write_and_check(rec)


# ---------------------------------------------------------------------------------------------
# Generated records
# ---------------------------------------------------------------------------------------------

_TOKENS = ["Pass", "X", "XX", "1C", "1NT", "2H", "3S", "4D", "7NT", "Pass", "1H", "-", "+"]
_ANNOTATIONS = ["!", "?", "!!", "$3", "^I"]
_TAG_NAMES = ["Event", "Site", "North", "South", "Note", "Lin_qx", "Lin_toolong", "Result"]
_TAG_NAMES += ["Declarer", "Board", "a b]", "Auction", "ScoreTable", "Scoring", "BCFlags"]
_TEXT = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab 1é")), max_size=6),
    st.text(alphabet=st.sampled_from(list('ab ,|#}{"\\\n:=é;1')), max_size=8),
)


@st.composite
def records(draw: st.DrawFn) -> BoardRecord:
    """Board records of every shape, well formed field by field but not always coherent."""
    seed = draw(st.integers(0, 10_000))
    b = make_board(seed, seed % 16 + 1)
    f: dict[str, object] = {}
    if draw(st.booleans()):
        f["board"] = draw(st.integers(0, 40))
    if draw(st.booleans()):
        f["dealer"] = draw(st.sampled_from(list(Seat)))
    if draw(st.booleans()):
        f["vulnerability"] = draw(st.sampled_from(list(Vulnerability)))
    shape = draw(st.sampled_from(["deal", "partial", "none"]))
    if shape == "deal":
        f["deal"] = b.deal
    elif shape == "partial":
        hands: list[CardSet | None] = [b.deal.hand(s) for s in Seat]
        for k in draw(st.lists(st.integers(0, 3), min_size=1, max_size=3)):
            hands[k] = None
        f["partial_hands"] = (hands[0], hands[1], hands[2], hands[3])
    if draw(st.booleans()):
        calls = [
            Call(
                draw(st.sampled_from(_TOKENS)),
                draw(st.one_of(st.none(), _TEXT)),
                tuple(draw(st.lists(st.sampled_from(_ANNOTATIONS), max_size=2))),
            )
            for _ in range(draw(st.integers(0, 8)))
        ]
        if draw(st.booleans()):
            calls += [Call("Pass")] * 3
        f["auction"] = AuctionRecord(
            draw(st.sampled_from(list(Seat))), tuple(calls), draw(st.booleans())
        )
    if draw(st.booleans()):
        f["contract"] = Contract.parse(draw(st.sampled_from(["Pass", "3NT", "4HX", "1SXX"])))
    if draw(st.booleans()):
        f["declarer"] = draw(st.sampled_from(list(Seat)))
    if draw(st.booleans()):
        f["result"] = draw(st.integers(0, 13))
    if draw(st.booleans()):
        f["claim"] = draw(st.integers(0, 13))
    if draw(st.booleans()):
        f["score"] = draw(_TEXT)
    if draw(st.booleans()):
        cards = [PlayedCard(t) for t in ("SA", "S2", "S3", "S4", "H5", "-", "DK")]
        rows = tuple(
            tuple(draw(st.lists(st.sampled_from(cards), min_size=1, max_size=4)))
            for _ in range(draw(st.integers(0, 3)))
        )
        f["play"] = PlayRecord(draw(st.sampled_from(list(Seat))), rows, draw(st.booleans()))
    if draw(st.booleans()):
        f["dd_table"] = tuple(tuple(draw(st.integers(0, 13)) for _ in range(4)) for _ in range(5))
    if draw(st.booleans()):
        f["law_set"] = draw(st.sampled_from(["auction_1912", " x", "modern"]))
    if draw(st.booleans()):
        f["tables"] = (TableRecord("ScoreTable", "A;B", (("1", '"x"'),)),)
    tags = tuple(
        (draw(st.sampled_from(_TAG_NAMES)), draw(_TEXT)) for _ in range(draw(st.integers(0, 4)))
    )
    commentary = tuple(draw(st.lists(_TEXT, max_size=3)))
    anchors: tuple[str, ...] = ()
    if commentary and draw(st.booleans()):
        anchors = tuple(
            draw(st.sampled_from(["", "Board", "Auction", "Event", "Nowhere"])) for _ in commentary
        )
    if draw(st.booleans()):
        # Coherent: what a real file says (dealer calls first, the contract of the auction,
        # the play led by declarer's left-hand opponent, a claim as the result).
        a = f.get("auction")
        if isinstance(a, AuctionRecord):
            f["dealer"] = a.first
            final = a.final_contract()
            if final is not None:
                f["contract"], f["declarer"] = final
        p = f.get("play")
        d = f.get("declarer")
        if isinstance(p, PlayRecord) and isinstance(d, Seat):
            f["play"] = PlayRecord(d.lho, p.tricks, p.is_complete)
            if not p.is_complete:
                f["claim"] = f.get("result", 9)
                f["result"] = f["claim"]
    try:
        return BoardRecord(
            tags=tags,
            commentary=commentary,
            commentary_after=anchors,
            **f,  # type: ignore[arg-type]
        )
    except FormatError:
        return BoardRecord(tags=tags)


def _write_and_check(rec: BoardRecord) -> None:
    """Each writer writes what its reader gives back, or raises FormatError."""
    try:
        text = pbn.dumps([rec])
    except FormatError:
        pass
    else:
        back = pbn.loads(text)
        assert len(back) == 1
        want = rec if rec.commentary_after else rec.replace(commentary_after=())
        got = back[0] if rec.commentary_after else back[0].replace(commentary_after=())
        assert pbn.pbn_view(got) == pbn.pbn_view(want)
    try:
        text = lin.dumps([rec])
    except FormatError:
        pass
    else:
        assert [lin.lin_view(r) for r in lin.loads(text)] == [lin.lin_view(rec)]
    try:
        text = json_format.dumps([rec])
    except FormatError:
        pass
    else:
        assert json_format.loads(text) == [rec]


@FUZZ
@given(records())
def test_every_writer_writes_what_its_reader_reads_back_or_refuses(rec: BoardRecord) -> None:
    _write_and_check(rec)


@FUZZ
@given(records())
def test_pbn_to_json_and_lin_and_back_keep_what_the_target_holds(rec: BoardRecord) -> None:
    try:
        first = pbn.loads(pbn.dumps([rec]))
    except FormatError:
        return
    # JSON holds every field: PBN -> JSON -> PBN gives the same text.
    assert pbn.dumps(json_format.loads(json_format.dumps(first))) == pbn.dumps(first)
    try:
        via_lin = lin.loads(lin.dumps(first))
    except FormatError:
        return  # a refusal, which names what LIN cannot hold
    again = pbn.loads(pbn.dumps(via_lin))
    assert [lin.lin_view(r) for r in again] == [lin.lin_view(r) for r in first]
