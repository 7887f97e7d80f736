"""Hostile arguments to the parts of the API the fuzz tests do not reach (the game's card
arguments, auction text, trick helpers, records, cutting, single-dummy analysis, the command
line): a wrong type is a TypeError, a bad value our error, both naming the argument, and a
refused call leaves the object as it was. Each case failed before its fix."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from redouble import Card, Seat
from redouble.formats import BoardRecord, DeclarationRecord, PlayedCard
from redouble.game import Game

NOT_CARDS = [True, False, 1.5, 12.0, float("nan"), float("inf"), np.float64(3.0), b"SA", None]


def _playing(strict: bool = True) -> Game:
    g = Game("contract", seed=3, strict=strict)
    for call in ("1NT", "P", "P", "P"):
        g.call(call)
    return g


# -- records -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"dealer": True}, "dealer"),  # was taken for East
        ({"declarer": 1.5}, "declarer"),  # was a bare ValueError
        ({"vulnerability": True}, "vulnerability"),
        ({"dd_table": [[7.9] * 4] * 5}, "dd_table"),  # was truncated to 7 tricks
        ({"dd_table": "xxxxx"}, "dd_table"),
        ({"tags": "ab"}, "tags"),  # was a bare ValueError
        ({"tags": [("a", "b", "c")]}, "tags"),
    ],
)
def test_board_record_refuses_wrong_types(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(TypeError, match=named):
        BoardRecord(**kwargs)


def test_board_record_still_takes_ints_arrays_and_pairs() -> None:
    r = BoardRecord(
        dealer=np.int64(1),  # type: ignore[arg-type]
        dd_table=np.full((5, 4), 7, np.uint8),  # type: ignore[arg-type]
        tags=[["Event", "x"]],  # type: ignore[list-item]
    )
    assert r.dealer is Seat.EAST
    assert r.dd_table == ((7,) * 4,) * 5
    assert r.tags == (("Event", "x"),)


@pytest.mark.parametrize("card", [1.9, True])
def test_played_card_of_refuses_floats_and_bools(card: Any) -> None:
    with pytest.raises(TypeError, match="card"):
        PlayedCard.of(card)
    assert str(PlayedCard.of(Card.parse("SA"))) == "SA"


@pytest.mark.parametrize(
    "fn", [PlayedCard.parse, PlayedCard.normalise, DeclarationRecord.parse], ids=repr
)
@pytest.mark.parametrize("text", [None, 5, [1]], ids=repr)
def test_record_parsers_refuse_non_str(fn: Any, text: Any) -> None:
    with pytest.raises(TypeError, match="must be a str"):
        fn(text)
