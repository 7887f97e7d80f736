"""The corpus of past findings: every input that once crashed, corrupted or leaked a foreign
error, kept as a regression test (and run under the sanitizers in CI).

Each case names the call and the error it must raise now: our ``RedoubleError`` subclasses
for bad values, ``TypeError`` for wrong types. The first group reached the C++ core directly
(a segfault, out-of-bounds reads, signed overflow under UBSan); the rest went through the public
API and were truncated, coerced or answered with someone else's exception.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import redouble
import redouble.solver as rs
from redouble import (
    Board,
    Card,
    CardSet,
    Deal,
    FormatError,
    IllegalPlayError,
    InvalidDealError,
    Position,
    RedoubleError,
    Seat,
    Strain,
    Vulnerability,
    _core,
    trick_winner,
)
from redouble.errors import InvalidDealTypeError
from redouble.scoring import score_hand

DEAL = redouble.deal(seed=1, board=1)


def _core_position() -> Any:
    return _core.Position(list(DEAL.masks), 4, 0)


def _core_auction() -> Any:
    return _core.Auction(_core.make_auction_rules([20, 20, 30, 30, 35], False, False), 0)


CASES: list[tuple[str, Callable[[], Any], type[BaseException]]] = [
    # -- the core, called directly: bounds-checked at the binding boundary ---------------------
    ("core Position.hand(10**6) segfaulted", lambda: _core_position().hand(10**6), RedoubleError),
    ("core Position.hand(-1)", lambda: _core_position().hand(-1), RedoubleError),
    (
        "core tricks_won(4) read out of bounds",
        lambda: _core_position().tricks_won(4),
        RedoubleError,
    ),
    (
        "core Auction.is_higher(0, 1) read out of bounds",
        lambda: _core_auction().is_higher(0, 1),
        RedoubleError,
    ),
    (
        "core Auction.is_higher(3, 10**6)",
        lambda: _core_auction().is_higher(3, 10**6),
        RedoubleError,
    ),
    ("core describe_fault(99)", lambda: _core.describe_fault(99), RedoubleError),
    ("core trick_winner card 99", lambda: _core.trick_winner([99], 0, 4), RedoubleError),
    ("core trick_winner leader 9", lambda: _core.trick_winner([1, 2], 9, 4), RedoubleError),
    ("core trick_winner strain 7", lambda: _core.trick_winner([1, 2], 0, 7), RedoubleError),
    (
        "core trick values overflow level x value",
        lambda: _core.make_auction_rules([2**31 - 1] * 5, True, False),
        RedoubleError,
    ),
    (
        "core deals_batch 2**62 overflowed the array size",
        lambda: _core.deals_batch(1, 1, 2**62),
        RedoubleError,
    ),
    # -- public API: values refused, not coerced -----------------------------------------------
    ("Card.of(0, 20) gave D9", lambda: Card.of(0, 20), InvalidDealError),
    ("Card.of(1, -1) gave CA", lambda: Card.of(1, -1), InvalidDealError),
    ("Card.of(4, 0)", lambda: Card.of(4, 0), InvalidDealError),
    ("Card.of(2.0, 3)", lambda: Card.of(2.0, 3), TypeError),
    ("Deal([1.7, ...]) truncated a float", lambda: Deal([1.7, 0, 0, 0]), TypeError),
    ("Deal([True, ...])", lambda: Deal([True, False, False, False]), TypeError),
    ("Deal(5) not iterable", lambda: Deal(5), TypeError),  # type: ignore[arg-type]
    ("Deal({9: 0})", lambda: Deal({9: 0}), RedoubleError),  # type: ignore[dict-item]
    ("Deal.from_array(ragged)", lambda: Deal.from_array((None, [])), InvalidDealError),
    ("Deal.from_array(floats)", lambda: Deal.from_array(np.array([1.5, 0, 0, 0])), TypeError),
    (
        "Position.play(0.9) played C2",
        lambda: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).play(0.9),
        TypeError,
    ),
    (
        "Position.play(True)",
        lambda: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).play(True),
        TypeError,
    ),
    ("Position(strain=4.0)", lambda: Position(DEAL, 4.0, Seat.NORTH), TypeError),
    (
        "trick_winner(['SA'] * 4, 9, 7) returned a winner",
        lambda: trick_winner(["SA"] * 4, 9, 7),
        RedoubleError,
    ),
    ("trick_winner 5 cards", lambda: trick_winner(["S2"] * 5, 0, 4), IllegalPlayError),
    ("Deal.to_pbn(7) worked", lambda: DEAL.to_pbn(7), RedoubleError),
    ("Deal.swap_suits(0, 9)", lambda: DEAL.swap_suits(0, 9), RedoubleError),
    ("Deal.rotate(1.5)", lambda: DEAL.rotate(1.5), TypeError),  # type: ignore[arg-type]
    (
        "CardSet.holding(-1) raised a plain ValueError",
        lambda: CardSet(7).holding(-1),
        RedoubleError,
    ),
    ("CardSet & 5 built a set of NotImplemented", lambda: CardSet(7) & 5, TypeError),
    ("CardSet(b'ab') read bytes as card ids", lambda: CardSet(b"ab"), TypeError),
    ("Vulnerability.NS.is_vulnerable(5)", lambda: Vulnerability.NS.is_vulnerable(5), RedoubleError),
    ("DealRecord dealer 9", lambda: redouble.DealRecord(dealer=9, dealt=()), RedoubleError),
    # -- public API: only our errors (these leaked pybind11's, Python's or AttributeError) -------
    ("Solver(tt_bytes=2**64) pybind11 TypeError", lambda: rs.Solver(tt_bytes=2**64), RedoubleError),
    ("Solver(tt_bytes=1) 100x slower", lambda: rs.Solver(tt_bytes=1), RedoubleError),
    ("Solver(tt_bytes=1.5)", lambda: rs.Solver(tt_bytes=1.5), TypeError),  # type: ignore[arg-type]
    ("perft(-1)", lambda: Position(DEAL, 4, 0).perft(-1), IllegalPlayError),
    ("perft(None)", lambda: Position(DEAL, 4, 0).perft(None), TypeError),  # type: ignore[arg-type]
    ("deals(2**63) pybind11 TypeError", lambda: redouble.deals(2**63, 1), InvalidDealError),
    ("deals(2.5)", lambda: redouble.deals(2.5, 1), TypeError),  # type: ignore[arg-type]
    ("deal(board=2**64)", lambda: redouble.deal(1, 2**64), InvalidDealError),
    ("Seat.parse(5) AttributeError", lambda: Seat.parse(5), TypeError),  # type: ignore[arg-type]
    ("Card.parse(None) AttributeError", lambda: Card.parse(None), TypeError),  # type: ignore[arg-type]
    ("Card.parse('ZZ')", lambda: Card.parse("ZZ"), FormatError),
    ("Deal.hand(7) plain ValueError", lambda: DEAL.hand(7), RedoubleError),
    (
        "Position.tricks_won(2) plain ValueError",
        lambda: Position(DEAL, 4, 0).tricks_won(2),
        RedoubleError,
    ),
    ("Position.hand(4)", lambda: Position(DEAL, 4, 0).hand(4), RedoubleError),
    (
        "Deal.check(code=[])",
        lambda: Deal.check(redouble.deal_by_the_laws(1, 0), code=[]),
        TypeError,
    ),  # type: ignore[arg-type]
    (
        "Deal.check(code='whist') plain ValueError",
        lambda: Deal.check(redouble.deal_by_the_laws(1, 0), code="whist"),
        RedoubleError,
    ),
    ("predeal(fixed=[]) AttributeError", lambda: redouble.predeal([], 1), TypeError),  # type: ignore[arg-type]
    ("predeal seat 7", lambda: redouble.predeal({7: "A..."}, 1), RedoubleError),  # type: ignore[dict-item]
    ("deal_by_the_laws(dealer=7)", lambda: redouble.deal_by_the_laws(1, 7), RedoubleError),
    (
        "analyse_play(plays=[np.int64]) AttributeError",
        lambda: rs.analyse_play(DEAL, 4, 0, [np.int64(99)]),
        IllegalPlayError,
    ),
    ("analyse_play(plays=[1.5])", lambda: rs.analyse_play(DEAL, 4, 0, [1.5]), TypeError),
    ("dd_table(7)", lambda: rs.dd_table(7), TypeError),  # type: ignore[arg-type]
    (
        "score_hand(honours=[]) AttributeError",
        lambda: score_hand("auction_1912", "1S", Seat.SOUTH, (7, 6), honours=[]),
        TypeError,
    ),
]


@pytest.mark.parametrize(("finding", "call", "error"), CASES, ids=[c[0] for c in CASES])
def test_past_finding_raises_our_error(
    finding: str, call: Callable[[], Any], error: type[BaseException]
) -> None:
    with pytest.raises(error) as info:
        call()
    # The contract: a bad value is one of ours, a wrong type is a TypeError.
    assert isinstance(info.value, RedoubleError | TypeError), finding
    assert str(info.value), finding


@pytest.mark.parametrize(
    "value", [np.int8(5), np.uint64(5), np.int64(5), np.int32(5)], ids=lambda v: type(v).__name__
)
def test_numpy_integers_work_where_ints_do(value: Any) -> None:
    assert Card(value) == Card(5)
    assert Card.of(value - value, value) == Card(5)
    assert DEAL.hand(np.int8(2)) == DEAL.hand(2)
    assert Position(DEAL, value - 1, np.uint8(0)).strain is Strain.NOTRUMP
    assert redouble.deal(value, value) == redouble.deal(5, 5)
    assert Board.from_number(value, DEAL).dealer is Seat.NORTH
    assert CardSet(np.uint64(31)) == CardSet(31)


def test_board_numbers_beyond_64_bits_follow_the_cycle() -> None:
    # Board numbers of 2**63 and more once failed with pybind11's TypeError (or overflowed).
    for number in (2**63, 2**64 + 5, 10**30):
        b = Board.from_number(number, DEAL)
        assert b.dealer == (number - 1) % 4
        assert b.vulnerability == Vulnerability.of_board((number - 1) % 16 + 1)
    assert _core.board_dealer(-(2**63)) == 3  # (-(2**63) - 1) mod 4, with no overflow
    assert _core.board_vulnerability(-(2**63)) == Vulnerability.of_board(16)


def test_wrong_types_that_were_invalid_deal_errors_are_both() -> None:
    # Callers that caught InvalidDealError for a wrong type still do; TypeError matches too.
    with pytest.raises(InvalidDealTypeError) as info:
        redouble.deals("3", 1)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, InvalidDealError)
    assert "number of deals" in str(info.value)
