"""One grammar for call and contract text (redouble.auction.parse_call_text and
parse_contract_text), and every reader that uses it: the game's Call.parse, the file records,
ContractSpec.parse, single-dummy analysis and the DD-table par label.

The readers each had a parser of their own before; copies of those old parsers are kept here as
oracles, and property tests check that every text an old parser accepted is still accepted, with
the same meaning.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import laws
from redouble.analysis import single_dummy
from redouble.analysis._common import AnalysisError
from redouble.auction import Call, CallKind, CallText, parse_call_text, parse_contract_text
from redouble.cards import Seat, Strain
from redouble.display import _par_cells
from redouble.errors import (
    FormatError,
    IllegalCallError,
    IllegalCallTypeError,
    ScoringInputError,
)
from redouble.formats.records import CallRecord, ContractRecord
from redouble.scoring import ContractSpec

PASS, DOUBLE, REDOUBLE, BID = CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE, CallKind.BID

# -- the grammar, as a table -------------------------------------------------------------------

CALLS: list[tuple[str, CallText]] = [
    ("p", CallText(PASS)),
    ("Pass", CallText(PASS)),
    (" PASS ", CallText(PASS)),
    ("no bid", CallText(PASS)),
    ("No-Bid", CallText(PASS)),
    ("-P-", CallText(PASS)),
    ("-", CallText(PASS)),
    ("Content", CallText(PASS)),
    ("may I lead", CallText(PASS)),
    ("x", CallText(DOUBLE)),
    ("Dbl", CallText(DOUBLE)),
    ("double", CallText(DOUBLE)),
    ("XX", CallText(REDOUBLE)),
    ("rdbl", CallText(REDOUBLE)),
    ("Redouble", CallText(REDOUBLE)),
    ("1S", CallText(BID, 1, "S")),
    ("4s", CallText(BID, 4, "S")),
    ("3NT", CallText(BID, 3, "NT")),
    ("1N", CallText(BID, 1, "N")),
    ("1 nt", CallText(BID, 1, "NT")),
    ("2♠", CallText(BID, 2, "S")),
    ("2♠\ufe0f", CallText(BID, 2, "S")),
    ("7♡", CallText(BID, 7, "H")),
    ("2 royals", CallText(BID, 2, "ROYALS")),
    ("3 no-trump", CallText(BID, 3, "NOTRUMP")),
    ("H", CallText(BID, None, "H")),
    ("D", CallText(BID, None, "D")),
    ("R", CallText(BID, None, "R")),
]


@pytest.mark.parametrize(("text", "expected"), CALLS)
def test_call_grammar(text: str, expected: CallText) -> None:
    assert parse_call_text(text) == expected


@pytest.mark.parametrize(
    ("text", "kind"), [("d", DOUBLE), ("D", DOUBLE), ("r", REDOUBLE), ("R", REDOUBLE)]
)
def test_d_and_r_are_double_and_redouble_only_where_a_bid_needs_a_level(
    text: str, kind: CallKind
) -> None:
    assert parse_call_text(text, level_required=True).kind is kind
    assert parse_call_text(text).kind is BID  # Bridge's make of diamonds, Royal Spades


CONTRACTS: list[tuple[str, CallText]] = [
    ("4S", CallText(BID, 4, "S")),
    ("3NT", CallText(BID, 3, "NT")),
    ("4HX", CallText(BID, 4, "H", 1)),
    ("7NTXX", CallText(BID, 7, "NT", 2)),
    ("7ntxx", CallText(BID, 7, "NT", 2)),
    ("4♥x", CallText(BID, 4, "H", 1)),
    ("1N", CallText(BID, 1, "N")),
    ("1NX", CallText(BID, 1, "N", 1)),
    ("2RSXX", CallText(BID, 2, "RS", 2)),
    ("HXXX", CallText(BID, None, "H", 3)),
    ("3 no trumps x", CallText(BID, 3, "NOTRUMPS", 1)),
    ("Pass", CallText(PASS)),
    ("AP", CallText(PASS)),
    ("all pass", CallText(PASS)),
    ("passed out", CallText(PASS)),
]


@pytest.mark.parametrize(("text", "expected"), CONTRACTS)
def test_contract_grammar(text: str, expected: CallText) -> None:
    assert parse_contract_text(text) == expected


# -- hostile input -------------------------------------------------------------------------------

HOSTILE = [
    "",
    "   ",
    "\t\n",
    "--",
    "0H",
    "8H",
    "0NT",
    "99S",
    "123S",
    "1",
    "1 2 S",
    "1-S",
    "S1",
    "1\x00S",
    "\x00",
    "１S",  # a fullwidth digit
    "٣S",  # an Arabic-Indic digit
    "1ſ",  # the long s upper-cases to "S"
    "paſs",
    "1Ｓ",
    "☃",
    "1S" * 1000,
    "X" * 10_000,
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_call_text_is_refused_as_a_value_error(text: str) -> None:
    with pytest.raises(IllegalCallError) as info:
        parse_call_text(text)
    assert len(str(info.value)) < 200  # a long text is cut short in the message
    with pytest.raises(FormatError):
        CallRecord.parse(text)
    with pytest.raises(IllegalCallError):
        Call.parse(text, "contract")


@pytest.mark.parametrize("text", [t for t in HOSTILE if not t.startswith("X")])
def test_hostile_contract_text_is_refused_as_a_value_error(text: str) -> None:
    with pytest.raises(IllegalCallError):
        parse_contract_text(text)
    with pytest.raises(FormatError):
        ContractRecord.parse(text)
    with pytest.raises(ScoringInputError):
        ContractSpec.parse("contract", text)
    with pytest.raises(AnalysisError):
        single_dummy._parse_contract(text)


def test_empty_and_level_messages() -> None:
    with pytest.raises(IllegalCallError, match="empty call"):
        parse_call_text("  ")
    with pytest.raises(IllegalCallError, match=r"a level is 1 to 7"):
        parse_call_text("8H")
    with pytest.raises(IllegalCallError, match=r"a level is 1 to 7"):
        parse_contract_text("0NT")
    # A law set may leave the range to itself.
    assert parse_contract_text("8H", max_level=None).level == 8


@pytest.mark.parametrize("value", [None, b"1S", 3, 3.0, ["1S"], Call.PASS.kind])
def test_wrong_types_raise_type_error_naming_the_argument(value: Any) -> None:
    for parse, argument in [
        (parse_call_text, "call"),
        (parse_contract_text, "contract"),
        (lambda v: Call.parse(v, "contract"), "call"),
        (CallRecord.parse, "call"),
        (CallRecord.normalise, "call"),
        (ContractRecord.parse, "contract"),
        (lambda v: ContractSpec.parse("contract", v), "contract"),
        (single_dummy._parse_contract, "contract"),
    ]:
        with pytest.raises(TypeError, match=f"^{argument} must be text") as info:
            parse(value)
        # Also an IllegalCallError, as Call.parse raised before: older handlers still match.
        assert isinstance(info.value, IllegalCallTypeError)
        assert isinstance(info.value, IllegalCallError)


def test_the_caller_chooses_the_error_class() -> None:
    with pytest.raises(ScoringInputError, match="not a bid"):
        parse_call_text("zz9", argument="bid", error=ScoringInputError)


# -- each reader on the one grammar --------------------------------------------------------------


def test_readers_agree_on_typical_text() -> None:
    assert str(Call.parse("2♠", "contract")) == "2S"
    assert str(Call.parse("1 no-trump", "contract")) == "1NT"
    assert str(Call.parse("2 royals", "auction_1912")) == "2R"
    assert CallRecord.parse("2♠").token == "2S"
    assert CallRecord.parse("no bid").token == "Pass"
    assert str(ContractRecord.parse("4♥x")) == "4HX"
    assert str(ContractSpec.parse("contract", "4♥x")) == "4HX"
    assert str(ContractSpec.parse("contract", "3 no-trump")) == "3NT"
    assert single_dummy._parse_contract("4♠X") == (4, Strain.SPADES, 1)
    assert _par_cells("4♠X NS") == {(Strain.SPADES, Seat.NORTH), (Strain.SPADES, Seat.SOUTH)}
    assert _par_cells("3NT-E") == {(Strain.NOTRUMP, Seat.EAST)}
    assert _par_cells("6H by N") == {(Strain.HEARTS, Seat.NORTH)}
    assert _par_cells("9H by N") == set()


def test_formats_wrap_grammar_errors_as_format_errors_with_their_text() -> None:
    with pytest.raises(FormatError, match="not a call: '1Q'"):
        CallRecord.parse("1Q")
    with pytest.raises(FormatError, match="8S"):
        ContractRecord.parse("8S")
    with pytest.raises(ScoringInputError, match="level 8 is out of range"):
        ContractSpec.parse("contract", "8S")
    with pytest.raises(ScoringInputError, match="cannot read a contract"):
        ContractSpec.parse("contract", "pass")


# -- the old parsers, as oracles -----------------------------------------------------------------
# Copied from the readers before they shared the grammar (auction.Call.parse, records.Call,
# records.Contract, scoring.ContractSpec, analysis.single_dummy): a new reader must accept every
# text an old one did, with the same value. (They refused less than they accepted: the only
# texts now refused that were read before are look-alikes and punctuation, tested below.)

_OLD_TOKEN = re.compile(r"^\s*([1-7])?\s*([A-Za-z]+)\s*$")


def _old_game_call(text: str) -> tuple[CallKind, int | None, str | None]:
    t = text.strip()
    low = t.lower().replace("-", "").replace(" ", "")
    if low in ("p", "pass", "no", "nobid", "content", "satisfied", "mayilead", ""):
        if low == "" and t != "-":
            raise ValueError("empty")
        return PASS, None, None
    if low in ("x", "dbl", "double"):
        return DOUBLE, None, None
    if low in ("xx", "rdbl", "redouble", "redbl"):
        return REDOUBLE, None, None
    m = _OLD_TOKEN.match(t)
    if not m:
        raise ValueError("not a call")
    return BID, int(m.group(1)) if m.group(1) else None, m.group(2).upper()


_SPELLINGS = {
    **dict.fromkeys(["C", "CLUB", "CLUBS"], "C"),
    **dict.fromkeys(["D", "DIAMOND", "DIAMONDS"], "D"),
    **dict.fromkeys(["H", "HEART", "HEARTS"], "H"),
    **dict.fromkeys(["S", "SPADE", "SPADES"], "S"),
    **dict.fromkeys(["N", "NT", "NOTRUMP", "NOTRUMPS"], "NT"),
    **dict.fromkeys(["R", "RS", "ROYAL", "ROYALS", "ROYALSPADE", "ROYALSPADES"], "RS"),
}


def _old_record_call(text: str) -> str:
    t = "".join(text.split()).upper()
    if t in {"P", "PASS", "-P-"}:
        return "Pass"
    if t in {"X", "D", "DBL", "DOUBLE"}:
        return "X"
    if t in {"XX", "R", "RDBL", "REDOUBLE"}:
        return "XX"
    if t in {"-", "+"}:
        return t
    m = re.match(r"^([1-7])([A-Z]+)$", t)
    if m and m.group(2) in _SPELLINGS:
        return m.group(1) + _SPELLINGS[m.group(2)]
    raise ValueError("not a call")


def _old_record_contract(text: str) -> str:
    t = "".join(text.split()).upper()
    if t in ("PASS", "P", "AP"):
        return "Pass"
    m = re.match(r"^([1-7]?)(NT|RS|[CDHSNR])(X*)$", t)
    if not m:
        raise ValueError("not a contract")
    return f"{m.group(1)}{_SPELLINGS[m.group(2)]}{m.group(3)}"


def _old_spec(law: str, text: str) -> str:
    m = re.match(r"^\s*(\d+)?\s*([^\d]*?)\s*([xX]*)\s*$", text)
    if m is None or not m.group(2):
        raise ValueError("cannot read")
    level = int(m.group(1)) if m.group(1) else None
    return str(ContractSpec.of(law, level, m.group(2), len(m.group(3))))


def _old_single_dummy(text: str) -> tuple[int, Strain, int]:
    m = re.match(r"^\s*([1-7])\s*(C|D|H|S|N|NT)\s*(X{0,2})\s*$", text, re.IGNORECASE)
    if m is None:
        raise ValueError("not a contract")
    letter = m.group(2).upper()
    strain = Strain.NOTRUMP if letter in ("N", "NT") else Strain("CDHS".index(letter))
    return int(m.group(1)), strain, len(m.group(3))


def _accepted(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError:
        return None


# Texts built from the pieces the grammars are made of, so that most of them are calls.
_PIECES = st.sampled_from(
    [
        *"1234567890 -+\t",
        *"pPxXdDrRsShHcCnNtT",
        "NT", "nt", "Pass", "no", "bid", "Dbl", "rdbl", "royal", "royals", "spades",
        "no trump", "no-trump", "AP", "♠", "♥", "Content", "double", "X", "XX", ".",
    ]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=5).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_game_call_parse_accepts_all_it_did(text: str) -> None:
    old = _accepted(_old_game_call, text)
    # The grammar's names have at most 20 letters (the longest real one, "royal spades", 11).
    if old is not None and len(old[2] or "") <= 20:
        new = Call.parse(text)
        assert (new.kind, new.level, new.declaration) == old


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(["contract", "auction_1912", "bridge_1906"]))
def test_game_call_parse_with_a_law_set_accepts_all_it_did(text: str, law: str) -> None:
    old = _accepted(_old_game_call, text)
    if old is None:
        return
    if old[0] is not BID:
        assert Call.parse(text, law).kind is old[0]
        return
    try:
        symbol = laws.get(law).declaration(str(old[2])).symbol
    except ValueError:
        return
    new = Call.parse(text, law)
    assert (new.kind, new.level, new.declaration) == (BID, old[1], symbol)


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_record_calls_accept_all_they_did(text: str) -> None:
    old = _accepted(_old_record_call, text)
    if old is not None:
        assert CallRecord.normalise(text) == old


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_record_contracts_accept_all_they_did(text: str) -> None:
    old = _accepted(_old_record_contract, text)
    if old is not None:
        assert str(ContractRecord.parse(text)) == old


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(["contract", "auction_1912", "bridge_1906"]))
def test_contract_spec_accepts_all_it_did(text: str, law: str) -> None:
    old = _accepted(_old_spec, law, text)
    if old is None:
        return
    m = re.match(r"^\s*(\d*)\s*([^\d]*?)\s*([xX]*)\s*$", text)
    assert m is not None
    # The old reader took any non-digits as the name and any number of digits as the level;
    # the grammar's names are letters (hyphens inside), and levels have at most two digits.
    if len(m.group(1)) <= 2 and re.fullmatch(r"[A-Za-z][A-Za-z\s-]*", m.group(2)):
        assert str(ContractSpec.parse(law, text)) == old


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_single_dummy_accepts_all_it_did(text: str) -> None:
    old = _accepted(_old_single_dummy, text)
    if old is not None:
        assert single_dummy._parse_contract(text) == old


def test_what_the_old_parsers_read_and_the_grammar_refuses() -> None:
    # Look-alikes and punctuation: ContractSpec took any non-digits as the declaration's name
    # and any Unicode digit as the level; the records upper-cased "ſ" to "S".
    assert _old_spec("contract", "2H.") == "2H"
    assert _old_spec("contract", "٣H") == "3H"
    assert _old_record_call("1ſ") == "1S"
    assert _old_game_call("1" + "S" * 21) == (BID, 1, "S" * 21)
    with pytest.raises(IllegalCallError):
        Call.parse("1" + "S" * 21)
    assert _old_spec("contract", "007H") == "7H"
    with pytest.raises(ScoringInputError):
        ContractSpec.parse("contract", "007H")
    with pytest.raises(ScoringInputError):
        ContractSpec.parse("contract", "2H.")
    with pytest.raises(ScoringInputError):
        ContractSpec.parse("contract", "٣H")
    with pytest.raises(FormatError):
        CallRecord.parse("1ſ")
