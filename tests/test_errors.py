"""Errors: each core error arrives as the right Python class, a ValueError naming the problem."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import redouble
import redouble.analysis
import redouble.auction
import redouble.display
import redouble.errors
import redouble.formats
import redouble.formats.lin
import redouble.formats.pbn
import redouble.game
import redouble.scoring
import redouble.solver
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


# -- every public callable: a huge int or a megabyte of text is our error, short, naming the
# argument (the quoting of the value in the message, not the check, was what failed) ----------

_DEAL = redouble.deal(1, 1)


def _game(law: str = "contract", strict: bool = True) -> redouble.game.Game:
    return redouble.game.Game(law, seed=3, strict=strict)


def _score(**kwargs: object) -> object:
    args = {"law_set": "contract", "contract": "3NT", "declarer": "N", "tricks": (9, 4)}
    args.update(kwargs)
    return redouble.scoring.score_hand(
        args.pop("law_set"), args.pop("contract"), args.pop("declarer"), args.pop("tricks"), **args
    )


# (call, the error class, the words the message must hold: the argument, as it is named)
HOSTILE_CALLS: dict[str, tuple[Callable[[], object], type[Exception], str]] = {
    # an int of more than 4300 digits, which Python refuses to write
    "Auction.call level": (
        lambda: redouble.auction.Auction("contract", "N").call(
            redouble.auction.Call(redouble.auction.CallKind.BID, _HUGE_INT, "S")
        ),
        IllegalCallError,
        "level",
    ),
    "BoardRecord.board": (
        lambda: redouble.formats.BoardRecord(board=-_HUGE_INT),
        FormatError,
        "board",
    ),
    "BoardRecord.result": (
        lambda: redouble.formats.BoardRecord(result=_HUGE_INT),
        FormatError,
        "result",
    ),
    "Game.call_attention ruling": (
        lambda: _game("auction_1912", strict=False).call_attention(seat="E", ruling=_HUGE_INT),
        redouble.errors.IrregularityError,
        "ruling",
    ),
    "Game.record_wrong_penalty ruling": (
        lambda: _game("bridge_1906", strict=False).record_wrong_penalty(ruling=_HUGE_INT, seat="N"),
        redouble.errors.IrregularityError,
        "ruling",
    ),
    "Game.auto_play max_actions": (
        lambda: _game().auto_play(redouble.game.RandomPlayer(0), max_actions=-_HUGE_INT),
        redouble.errors.GameError,
        "max_actions",
    ),
    "score_hand tricks": (
        lambda: _score(tricks=(_HUGE_INT, 4)),
        redouble.errors.ScoringInputError,
        "tricks",
    ),
    "score_hand negative tricks": (
        lambda: _score(tricks=(-_HUGE_INT, 4)),
        redouble.errors.ScoringInputError,
        "tricks",
    ),
    "score_hand revokes": (
        lambda: _score(revokes=(-_HUGE_INT, 0)),
        redouble.errors.ScoringInputError,
        "revokes",
    ),
    "score_hand revoke_tricks": (
        lambda: _score(revokes=(1, 0), revoke_tricks=(_HUGE_INT, 0)),
        redouble.errors.ScoringInputError,
        "forfeits",
    ),
    "score_hand prior_trick_score": (
        lambda: _score(law_set="auction_1912", prior_trick_score=(_HUGE_INT, 0)),
        redouble.errors.ScoringInputError,
        "prior_trick_score",
    ),
    "score_hand honours": (
        lambda: _score(law_set="auction_1912", contract="3S", honours={"N": _HUGE_INT}),
        redouble.errors.ScoringInputError,
        "honours",
    ),
    "score_hand vulnerable": (
        lambda: _score(vulnerable=_HUGE_INT),
        redouble.errors.ScoringInputError,
        "vulnerable",
    ),
    "score_hand declarer": (
        lambda: _score(declarer=_HUGE_INT),
        redouble.errors.ScoringInputError,
        "declarer",
    ),
    "CardSet mask": (lambda: redouble.CardSet(_HUGE_INT), InvalidDealError, "card mask"),
    "Deal.from_index": (lambda: Deal.from_index(-_HUGE_INT), InvalidDealError, "deal index"),
    "LawSet.bid_key level": (
        lambda: laws.get("contract").bid_key(_HUGE_INT, "S"),
        redouble.errors.LawSetError,
        "level",
    ),
    "dd_tables threads": (
        lambda: redouble.solver.dd_tables([_DEAL], threads=_HUGE_INT),
        RedoubleError,
        "threads",
    ),
    "constrained_deals n": (
        lambda: redouble.analysis.constrained_deals("N.hcp >= 0", _HUGE_INT, seed=1),
        redouble.errors.AnalysisError,
        "n",
    ),
    # a megabyte of text, which the message echoed whole
    "Auction.parse text": (
        lambda: redouble.auction.Auction.parse("contract", _HUGE_TEXT),
        IllegalCallError,
        "text",
    ),
    "BoardRecord.board text": (
        lambda: redouble.formats.BoardRecord(board=_HUGE_TEXT),  # type: ignore[arg-type]
        FormatError,
        "board",
    ),
    "PlayedCard.parse": (
        lambda: redouble.formats.PlayedCard.parse(_HUGE_TEXT),
        FormatError,
        "card",
    ),
    "DeclarationRecord.parse": (
        lambda: redouble.formats.DeclarationRecord.parse(_HUGE_TEXT),
        FormatError,
        "declaration",
    ),
    "formats.reads format": (
        lambda: redouble.formats.reads("", _HUGE_TEXT),
        FormatError,
        "format",
    ),
    "deal_svg vulnerability": (
        lambda: redouble.display.deal_svg(_DEAL, vulnerability=_HUGE_TEXT),
        redouble.errors.DisplayError,
        "vulnerability",
    ),
    "imps difference": (
        lambda: redouble.scoring.imps(_HUGE_TEXT),  # type: ignore[arg-type]
        redouble.errors.ScoringInputError,
        "difference",
    ),
    "score_hand law_set": (lambda: _score(law_set=_HUGE_TEXT), laws.LawSetError, "law set"),
    "score_hand contract": (
        lambda: _score(contract=_HUGE_TEXT),
        redouble.errors.ScoringInputError,
        "contract",
    ),
    "score_hand declarer text": (
        lambda: _score(declarer=_HUGE_TEXT),
        redouble.errors.ScoringInputError,
        "declarer",
    ),
    "score_hand vulnerable text": (
        lambda: _score(vulnerable=_HUGE_TEXT),
        redouble.errors.ScoringInputError,
        "vulnerable",
    ),
    "score_hand revoke_election": (
        lambda: _score(law_set="auction_1912", revoke_election=_HUGE_TEXT),
        redouble.errors.ScoringInputError,
        "revoke_election",
    ),
    "Game first_dealer": (
        lambda: redouble.game.Game("contract", first_dealer=_HUGE_TEXT),
        FormatError,
        "first_dealer",
    ),
    "par law": (
        lambda: redouble.analysis.par(_DEAL, _HUGE_TEXT, dealer="N"),
        redouble.errors.AnalysisError,
        "law",
    ),
    "formats.reads text outside a section": (
        lambda: redouble.formats.reads(("x" * 60_000 + "\n") * 3, "pbn"),
        FormatError,
        "unexpected text",
    ),
    "Game.from_json kind": (
        lambda: redouble.game.Game.from_json(
            '{"format": "redouble-game/1", "kind": "%s", "events": []}' % ("k" * 100_000)
        ),
        redouble.errors.GameError,
        "kind",
    ),
    "analysis constraint": (
        lambda: redouble.analysis.constrained_deals("N.hcp >= " + "9" * 4000, 1, seed=1),
        redouble.errors.AnalysisError,
        "",
    ),
    # a megabyte where numpy's reason for refusing it quoted 200 characters of it
    "dd_tables deals text": (
        lambda: redouble.solver.dd_tables([_HUGE_TEXT]),  # type: ignore[list-item]
        InvalidDealError,
        "deals[0]",
    ),
    "dd_tables deals row": (
        lambda: redouble.solver.dd_tables([_DEAL, [1, 2, 3, _HUGE_TEXT]]),  # type: ignore[list-item]
        InvalidDealError,
        "deals[1]",
    ),
    "analysis.features deals": (
        lambda: redouble.analysis.features([_HUGE_TEXT]),  # type: ignore[list-item]
        InvalidDealError,
        "deals[0]",
    ),
    # a two-dimensional array, whose repr spans lines
    "imps difference array": (
        lambda: redouble.scoring.imps(np.zeros((3, 3))),  # type: ignore[arg-type]
        redouble.errors.ScoringInputError,
        "difference",
    ),
}

# Text and ints that reach the compiled core (its deal, PBN and LIN parsers, Position): its
# messages quote a character, a card or a number, never the caller's text, and the Python
# layer quotes what it adds with shown(). These held before; they guard the core's messages.
_LINE = "x" * 60_000  # under the readers' line limits, so that the parsers see the value
HOSTILE_CALLS.update(
    {
        "Deal.from_pbn text": (
            lambda: Deal.from_pbn("N:" + _HUGE_TEXT),
            FormatError,
            "deal string",
        ),
        "Deal.from_pbn cards": (
            lambda: Deal.from_pbn("N:" + "A" * 1_000_000),
            InvalidDealError,
            "deal string",
        ),
        "Deal.from_pbn non-ASCII": (
            lambda: Deal.from_pbn("N:" + "\u0405" * 1_000_000),
            FormatError,
            "deal string",
        ),
        "Deal hand mask": (lambda: Deal([_HUGE_INT, 0, 0, 0]), InvalidDealError, "hand"),
        "CardSet.from_pbn_hand": (
            lambda: redouble.CardSet.from_pbn_hand(_HUGE_TEXT),
            FormatError,
            "hand",
        ),
        "Position.play text": (
            lambda: Position(_DEAL, Strain.NOTRUMP, Seat.NORTH).play(_HUGE_TEXT),
            FormatError,
            "card",
        ),
        "Position.play int": (
            lambda: Position(_DEAL, Strain.NOTRUMP, Seat.NORTH).play(_HUGE_INT),
            InvalidDealError,
            "card",
        ),
        "Position leader": (
            lambda: Position(_DEAL, Strain.NOTRUMP, _HUGE_INT),
            InvalidDealError,
            "leader",
        ),
        "formats.reads PBN deal": (
            lambda: redouble.formats.reads(f'[Deal "N:{_LINE}"]\n', "pbn"),
            FormatError,
            "PBN deal",
        ),
        "formats.reads PBN whole line": (
            lambda: redouble.formats.reads(f'[Deal "N:{_HUGE_TEXT}"]\n', "pbn"),
            FormatError,
            "line longer",
        ),
        "formats.pbn.loads_deals": (
            lambda: redouble.formats.pbn.loads_deals(f'[Deal "N:{_LINE}"]\n'),
            FormatError,
            "deal string",
        ),
        "formats.reads LIN key": (
            lambda: redouble.formats.reads(_LINE + "|v|", "lin"),
            FormatError,
            "LIN key",
        ),
        "formats.reads LIN hand": (
            lambda: redouble.formats.reads("md|1" + _LINE + "|", "lin"),
            FormatError,
            "LIN hand",
        ),
        "formats.reads LIN call": (
            lambda: redouble.formats.reads("md|1SAKQJHAKQDAKQCAKQ,,,|mb|" + _LINE + "|", "lin"),
            FormatError,
            "call",
        ),
        "formats.lin.loads_deals": (
            lambda: redouble.formats.lin.loads_deals("md|1" + _LINE + "|"),
            FormatError,
            "LIN hand",
        ),
    }
)


@pytest.mark.parametrize("name", sorted(HOSTILE_CALLS))
def test_a_hostile_argument_is_our_error_short_and_named(name: str) -> None:
    """Each call above failed before: the f-string quoting an int of over 4300 digits raised
    a bare ValueError in place of ours, or the message carried the whole megabyte."""
    call, error, named = HOSTILE_CALLS[name]
    with pytest.raises(error) as e:
        call()
    message = str(e.value)
    assert len(message) < 300, message[:300]
    assert "\n" not in message, message[:300]
    assert named in message


def test_shown_quotes_any_value_short() -> None:
    from redouble._check import shown

    assert shown("x" * 41) == repr("x" * 40) + "..."
    assert shown(2**52, as_hex=True) == "0x10000000000000"
    assert shown(_HUGE_INT, as_hex=True) == "an int of 16610 bits"
    assert shown(-(2**129)) == "a negative int of 130 bits"
    assert shown(2**128 - 1) == str(2**128 - 1)  # 128 bits still written out
    # an int too long to write inside a container: repr() itself raises
    assert shown([1, _HUGE_INT]) == "a list holding an int too long to write"
    assert shown({"NS": _HUGE_INT}) == "a dict holding an int too long to write"
    # a repr over several lines (a 2-D array) is written on one
    assert shown(np.zeros((2, 2), dtype=np.uint8)) == "array([[0, 0], [0, 0]], dtype=uint8)"
    assert shown(["a\nb"]) == "['a\\nb']"  # a str's own line break stays escaped
