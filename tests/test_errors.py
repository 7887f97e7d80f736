"""Errors: each core error arrives as the right Python class, a ValueError naming the problem."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import redouble
from redouble import (
    Deal,
    FormatError,
    IllegalCallError,
    IllegalPlayError,
    InvalidDealError,
    Position,
    RedoubleError,
    Seat,
    Strain,
    _core,
    laws,
)


@pytest.mark.parametrize("cls", [InvalidDealError, IllegalPlayError, IllegalCallError, FormatError])
def test_every_error_is_a_value_error_and_a_redouble_error(cls: type[Exception]) -> None:
    assert issubclass(cls, RedoubleError)
    assert issubclass(cls, ValueError)


def test_core_parse_error_becomes_format_error() -> None:
    with pytest.raises(FormatError, match="seat and a colon"):
        _core.parse_pbn_deal("AKQ")


def test_core_invalid_deal_becomes_invalid_deal_error() -> None:
    with pytest.raises(InvalidDealError, match="held by two seats"):
        _core.validate_deal([1, 1, 0, 0], False)


def test_core_illegal_play_becomes_illegal_play_error() -> None:
    p = Position(Deal.from_pbn("N:A... .A.. ..A. ...A"), Strain.NOTRUMP, Seat.NORTH)
    with pytest.raises(IllegalPlayError, match="does not hold"):
        p.play("HA")


def test_core_generic_error_becomes_redouble_error() -> None:
    with pytest.raises(RedoubleError, match="number of deals"):
        _core.deals_batch(0, 1, -1)


def test_format_error_reports_position() -> None:
    e = FormatError("bad tag", line=3, column=7)
    assert e.line == 3
    assert e.column == 7
    assert "line 3, column 7" in str(e)


def test_wrong_argument_types_raise_type_error_not_crash() -> None:
    with pytest.raises(TypeError):
        _core.validate_deal("not masks", False)
    with pytest.raises(TypeError):
        _core.Position([0, 0, 0], 4, 0)


_HUGE_INT = 10**5000  # Python refuses to write an int of over 4300 digits (str() raises)
_HUGE_TEXT = "S" * 1_000_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: redouble.deal(1, _HUGE_INT),
        lambda: redouble.deals(_HUGE_INT, 1),
        lambda: redouble.Card(_HUGE_INT),
        lambda: redouble.Seat.of(_HUGE_INT),
        lambda: redouble.Seat.of(-_HUGE_INT),
        lambda: redouble.Position(redouble.deal(1, 1), _HUGE_INT, 0),
        lambda: redouble.Card.parse(_HUGE_TEXT),
        lambda: redouble.Seat.parse(_HUGE_TEXT),
        lambda: laws.get(_HUGE_TEXT),
    ],
)
def test_a_huge_argument_is_our_error_with_a_short_message(call: Callable[[], object]) -> None:
    """An int too long for Python to write, or a megabyte of text, is refused with our error
    (not the bare ValueError that quoting such an int raises), its message cut short."""
    with pytest.raises(RedoubleError) as e:
        call()
    assert len(str(e.value)) < 300
