"""Hostile arguments to the parts of the API the fuzz tests do not reach (the game's card
arguments, auction text, trick helpers, records, cutting, single-dummy analysis, the command
line): a wrong type is a TypeError, a bad value our error, both naming the argument, and a
refused call leaves the object as it was. Each case failed before its fix."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from redouble import Card, RedoubleError, Seat, Strain
from redouble.auction import Auction, BridgeDeclaration
from redouble.errors import GameError
from redouble.formats import AuctionRecord, BoardRecord, DeclarationRecord, PlayedCard, PlayRecord
from redouble.game import Game, RandomPlayer, Table
from redouble.irregularities import normalise_phrase, trick_winner_of

NOT_CARDS = [True, False, 1.5, 12.0, float("nan"), float("inf"), np.float64(3.0), b"SA", None]


def _playing(strict: bool = True) -> Game:
    g = Game("contract", seed=3, strict=strict)
    for call in ("1NT", "P", "P", "P"):
        g.call(call)
    return g


# -- the game: a card is a Card, its name or its index, never a float or a bool ------------------


@pytest.mark.parametrize("strict", [True, False])
@pytest.mark.parametrize("card", NOT_CARDS, ids=repr)
def test_game_play_refuses_floats_and_bools_and_changes_nothing(strict: bool, card: Any) -> None:
    # 12.0 was played as the ace of clubs and True as the three of clubs (int() truncated
    # them); NaN, infinity and bytes raised a bare ValueError or OverflowError.
    g = _playing(strict)
    before = g.to_json()
    with pytest.raises(TypeError, match="card"):
        g.play(card)
    assert g.to_json() == before


@pytest.mark.parametrize("card", NOT_CARDS, ids=repr)
def test_touch_dummy_refuses_floats_and_bools(card: Any) -> None:
    g = _playing()
    before = g.to_json()
    with pytest.raises(TypeError, match="card"):
        g.touch_dummy([card])
    assert g.to_json() == before


def test_a_card_index_still_plays() -> None:
    g = _playing()
    card = g.legal_actions()[0]
    g.play(int(card))
    assert g.trick_on_table == {Seat.EAST: card}


def test_auto_play_refuses_a_missing_seat_before_any_action() -> None:
    g = _playing()
    before = g.to_json()
    with pytest.raises(GameError, match="players has no player for S, W"):
        g.auto_play({Seat.NORTH: RandomPlayer(0), Seat.EAST: RandomPlayer(1)})
    assert g.to_json() == before  # not a KeyError after East had played
    with pytest.raises(TypeError, match="players"):
        g.auto_play(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_actions"):
        g.auto_play(RandomPlayer(0), max_actions=1.5)  # type: ignore[arg-type]
    assert g.to_json() == before


@pytest.mark.parametrize("ruling", [1.0, 1.5, True, float("inf"), "1"], ids=repr)
def test_a_ruling_number_must_be_an_int(ruling: Any) -> None:
    from redouble import Deal

    whole = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    g = Game("auction_1912", deals=[whole] * 2, strict=False)
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    g.play("HA", seat="W")  # a lead out of turn: ruling 1 is open
    before = g.to_json()
    # int() took 1.0, 1.5, True and "1" for ruling 1, and infinity was an OverflowError.
    with pytest.raises(TypeError, match="ruling must be an int"):
        g.record_wrong_penalty(ruling=ruling, seat="N")
    assert g.to_json() == before


# -- auction text --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [None, 5, b"N: P", np.array([1, 2])], ids=repr)
@pytest.mark.parametrize(
    ("cls", "law"), [(Auction, "contract"), (BridgeDeclaration, "bridge_1906")]
)
def test_auction_parse_of_a_non_str_is_a_type_error(cls: Any, law: str, text: Any) -> None:
    # Was an AttributeError ("... has no attribute 'partition'").
    with pytest.raises(TypeError, match="text must be a str"):
        cls.parse(law, text)


@pytest.mark.parametrize("bar", [None, "N", 0, Seat.NORTH])
def test_auction_bar_of_a_non_bar_is_a_type_error(bar: Any) -> None:
    a = Auction("auction_1912", "N")
    with pytest.raises(TypeError, match="bar must be a Bar"):
        a.bar(bar)
    assert a.bars == ()


# -- irregularities' public helpers --------------------------------------------------------------


@pytest.mark.parametrize("text", [None, 3, ["a"]], ids=repr)
def test_normalise_phrase_of_a_non_str_is_a_type_error(text: Any) -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        normalise_phrase(text)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((np.arange(3), Seat.NORTH, Strain.NOTRUMP), TypeError),  # was an IndexError
        (([Card(0)], Seat.NORTH, Strain.NOTRUMP), TypeError),
        (({Seat.NORTH: 1.5}, Seat.NORTH, Strain.NOTRUMP), TypeError),
        (({Seat.NORTH: Card(0)}, np.arange(2), Strain.NOTRUMP), TypeError),  # truth of an array
        (({Seat.NORTH: Card(0)}, Seat.NORTH, 7), RedoubleError),
        (({9: Card(0)}, Seat.NORTH, Strain.NOTRUMP), RedoubleError),
    ],
)
def test_trick_winner_of_refuses_what_is_not_a_trick(args: tuple[Any, ...], error: type) -> None:
    with pytest.raises(error):
        trick_winner_of(*args)


def test_trick_winner_of_still_reads_names_and_indices() -> None:
    trick = {"N": "SA", "E": "S2", "S": "H3", "W": "SK"}
    assert trick_winner_of(trick, "N", "H") == Seat.SOUTH  # type: ignore[arg-type]
    assert trick_winner_of(trick, 0, 4) == Seat.NORTH  # type: ignore[arg-type]


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
        ({"tags": [("Event", "x"), (5, "x")]}, r"tags\[1\]'s name"),  # was written as "5"
        ({"tags": [("Event", None)]}, r"tags\[0\]'s value"),  # was written as "None"
        ({"tags": [b"ab"]}, r"tags\[0\]"),
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
    ("make", "named"),
    [
        (lambda: AuctionRecord(True), "first"),  # type: ignore[arg-type]  # was East
        (lambda: AuctionRecord("N"), "first"),  # type: ignore[arg-type]  # a bare ValueError
        (lambda: AuctionRecord(Seat.NORTH, ["1S"]), "calls"),  # type: ignore[list-item]
        (lambda: AuctionRecord(Seat.NORTH, "1S"), "calls"),  # type: ignore[arg-type]
        (lambda: PlayRecord(1.5), "leader"),  # type: ignore[arg-type]
        (lambda: PlayRecord(Seat.NORTH, [["SA"]]), "tricks"),  # type: ignore[list-item]
        (lambda: PlayRecord(Seat.NORTH, "SA"), "tricks"),  # type: ignore[arg-type]
    ],
)
def test_auction_and_play_records_refuse_wrong_types(make: Any, named: str) -> None:
    with pytest.raises(TypeError, match=named):
        make()


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((None, [], Strain.NOTRUMP), "leader"),  # was "None is not a valid Seat", a ValueError
        ((True, [], Strain.NOTRUMP), "leader"),
        ((Seat.NORTH, ["SA"], Strain.NOTRUMP), "cards"),  # was an AttributeError
        ((Seat.NORTH, [], "NT"), "strain"),
    ],
)
def test_play_record_from_order_checks_its_arguments(args: tuple[Any, ...], named: str) -> None:
    with pytest.raises(TypeError, match=named):
        PlayRecord.from_order(*args)


def test_format_names_read_a_str_subclass_as_plain_text() -> None:
    from redouble.formats import reads

    class Lying(str):
        __slots__ = ()

        def lower(self) -> str:  # type: ignore[override]
            return "json"

    assert (
        len(
            reads(
                '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
                Lying("pbn"),
            )
        )
        == 1
    )


# ids by qualified name: a staticmethod's repr holds its address, which differs between the
# processes of a `pytest -n` run (each collects its own ids, and they must agree).
@pytest.mark.parametrize(
    "fn",
    [PlayedCard.parse, PlayedCard.normalise, DeclarationRecord.parse],
    ids=lambda fn: fn.__qualname__,
)
@pytest.mark.parametrize("text", [None, 5, [1]], ids=repr)
def test_record_parsers_refuse_non_str(fn: Any, text: Any) -> None:
    with pytest.raises(TypeError, match="must be a str"):
        fn(text)


# -- cutting -------------------------------------------------------------------------------------


@pytest.mark.parametrize("cuts", ["NS", [[]], [["ab"]], 5], ids=repr)
def test_table_cuts_of_a_wrong_type_is_a_type_error(cuts: Any) -> None:
    # A str or a list of strs was a bare ValueError from dict().
    with pytest.raises(TypeError, match="cuts"):
        Table("contract", cuts=cuts)


# -- single-dummy analysis: threads and constraints are checked before any deal --------------


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"threads": float("nan")}, TypeError),  # waited for ever
        ({"threads": -1}, RedoubleError),  # a bare ValueError from ThreadPoolExecutor
        ({"threads": 0}, RedoubleError),
        ({"threads": np.arange(2)}, TypeError),
        ({"constraints": np.arange(2)}, TypeError),  # truth of an array
    ],
)
def test_lead_analysis_checks_threads_and_constraints(
    kwargs: dict[str, Any], error: type[Exception]
) -> None:
    from redouble.analysis import contract_analysis, lead_analysis

    name = next(iter(kwargs))
    with pytest.raises(error, match="threads" if name == "threads" else "constraint"):
        lead_analysis("KQ52.T98.A76.J43", "W", "3NT", n=2, **kwargs)
    with pytest.raises(error, match="threads" if name == "threads" else "constraint"):
        contract_analysis("KQ52.T98.A76.J43", "A3.AKQJ.KQ.AK852", "3NT", n=2, **kwargs)


# -- a str subclass's overrides are not trusted (redouble._check) --------------------------------


class _LyingStr(str):
    """Every method that a parser might call answers something else, or raises."""

    __slots__ = ()

    def strip(self, chars: str | None = None) -> str:  # type: ignore[override]
        raise RuntimeError("strip() of a str subclass was trusted")

    def upper(self) -> str:  # type: ignore[override]
        raise RuntimeError("upper() of a str subclass was trusted")

    def lower(self) -> str:  # type: ignore[override]
        raise RuntimeError("lower() of a str subclass was trusted")

    def split(self, *args: Any, **kwargs: Any) -> list[str]:  # type: ignore[override]
        raise RuntimeError("split() of a str subclass was trusted")


def test_str_subclasses_are_read_as_plain_text() -> None:
    from redouble.auction import parse_call_text
    from redouble.laws import get
    from redouble.scoring import score_hand

    assert get(_LyingStr("contract")) is get("contract")
    assert parse_call_text(_LyingStr("1NT")).level == 1
    plain = score_hand("contract", "3NT", "S", (9, 4))
    assert score_hand("contract", "3NT", _LyingStr("S"), (9, 4)) == plain


# -- law sets: a wrong type is a TypeError, and still the LawSetError it was ----------------------


@pytest.mark.parametrize("name", [3, None, b"contract", 1.5])
def test_a_law_set_name_of_a_wrong_type_is_a_type_error(name: Any) -> None:
    from redouble import LawSetError, LawSetTypeError
    from redouble.laws import get

    with pytest.raises(LawSetTypeError, match="law set name must be a string") as info:
        get(name)
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, LawSetError)


@pytest.mark.parametrize(("level", "error"), [(True, TypeError), (1.0, TypeError), (8, None)])
def test_a_bid_level_of_a_wrong_type_is_a_type_error(level: Any, error: type | None) -> None:
    from redouble import LawSetError
    from redouble.laws import get

    law = get("contract")
    with pytest.raises(error or LawSetError, match="level") as info:
        law.bid_key(level, "S")
    assert isinstance(info.value, TypeError) == (error is TypeError)


# -- ledgers and the club -------------------------------------------------------------------------


@pytest.mark.parametrize("score", [None, 420, "3NT", {"law_set": "auction_1912"}], ids=repr)
def test_ledgers_refuse_what_is_not_a_hand_score(score: Any) -> None:
    from redouble.scoring import DuplicateTally, ProgressiveTally, RubberLedger, score_hand

    # Each read score.law_set at once: an AttributeError.
    rubber = RubberLedger("auction_1912")
    with pytest.raises(TypeError, match="score must be a HandScore"):
        rubber.add(score)
    with pytest.raises(TypeError, match="score must be a HandScore"):
        ProgressiveTally().add(score)
    hand = score_hand("contract", "3NT", "S", (9, 4))
    with pytest.raises(TypeError, match="table2 must be a HandScore"):
        DuplicateTally("contract").add(hand, score)
    assert rubber.score_sheet() == RubberLedger("auction_1912").score_sheet()


def test_club_refuses_a_non_str_name_and_a_non_table() -> None:
    from redouble.club import Club

    club = Club()
    table = club.new_table(["a", "b", "c", "d"])
    before = [(t.playing, t.waiting) for t in club.tables]
    with pytest.raises(TypeError, match="table must be a ClubTable"):
        club.announce("e", 1)  # type: ignore[arg-type]  # was an AttributeError
    with pytest.raises(TypeError, match="name"):
        club.announce(np.arange(2), table)  # type: ignore[arg-type]  # truth of an array
    with pytest.raises(TypeError, match="name"):
        club.announce(5, table)  # type: ignore[arg-type]  # was seated as a member named 5
    with pytest.raises(TypeError, match="players"):
        club.new_table("abcd")
    with pytest.raises(TypeError, match="name"):
        table.member(None)  # type: ignore[arg-type]
    assert [(t.playing, t.waiting) for t in club.tables] == before


# -- display -------------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", ["N:AKQ...", None, 7], ids=repr)
def test_diagrams_of_a_non_deal_are_a_type_error(deal: Any) -> None:
    import io

    from redouble.display import rich_diagram, terminal_diagram

    # Was an AttributeError ("... has no attribute 'diagram'"), before rich was even needed.
    with pytest.raises(TypeError, match="deal must be a Deal"):
        rich_diagram(deal)
    with pytest.raises(TypeError, match="deal must be a Deal"):
        terminal_diagram(deal, io.StringIO())


@pytest.mark.parametrize("title", [5, b"x", ["a", "b"], np.arange(3)], ids=repr)
def test_svg_titles_must_be_text(title: Any) -> None:
    import redouble
    from redouble.display import bar_chart_svg, deal_svg

    # b"x" and a list were drawn as their repr; an array failed a truth test.
    with pytest.raises(TypeError, match="title must be a str"):
        deal_svg(redouble.deal(1), title=title)
    with pytest.raises(TypeError, match="title must be a str"):
        bar_chart_svg(["a"], [1.0], title=title)


# -- flags are bools ------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", [np.arange(3), 1, None], ids=repr)
def test_flags_must_be_bools(flag: Any) -> None:
    import redouble
    from redouble.auction import parse_call_text

    # An array failed numpy's truth test with a bare ValueError; 1 and None were taken as
    # true and false.
    with pytest.raises(TypeError, match="unicode must be a bool"):
        redouble.deal(1).diagram(unicode=flag)
    with pytest.raises(TypeError, match="level_required must be a bool"):
        parse_call_text("1S", level_required=flag)
    assert "♠" not in redouble.deal(1).diagram(unicode=np.bool_(False))


# -- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize("honours", ["garbage", "N=x", "N=", "N=\u00b2"])
def test_cli_bad_honours_is_one_line_not_a_traceback(
    honours: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from redouble.cli import main

    argv = ["score", "--law", "auction_1912", "--contract", "1S", "--declarer", "S"]
    assert main([*argv, "--tricks", "9", "--honours", honours]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--honours" in err


@pytest.mark.parametrize("count", ["-1", str(2**40 + 1), "99999999999999999999"])
def test_cli_deal_count_beyond_the_batch_limit_is_one_line(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A count above 2**40 was taken, and every board built in memory before the first was
    # printed: the process grew until it was killed.
    from redouble.cli import main

    assert main(["deal", "-n", count]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--count" in err


def test_cli_deal_diagrams_stream() -> None:
    import io

    from redouble.cli import main

    class Stop(Exception):
        pass

    class FirstBoardOnly(io.StringIO):
        def write(self, text: str) -> int:
            if "Board 2" in text:
                raise Stop
            return super().write(text)

    out = FirstBoardOnly()
    with pytest.raises(Stop):  # reached at once, not after dealing 2**40 boards first
        main(["deal", "-n", str(2**40), "--ascii"], out=out)
    assert out.getvalue().startswith("Board 1")


# -- a message names the argument, not only what was expected -----------------------------------


def _names_cases() -> dict[str, tuple[Any, type[Exception], str]]:
    import redouble
    import redouble.display
    import redouble.formats
    import redouble.scoring
    import redouble.solver

    return {
        # "not a seat: 'Q'" did not say which argument held the bad seat
        "Game first_dealer": (
            lambda: Game("contract", first_dealer="Q"),
            RedoubleError,
            "first_dealer",
        ),
        "Game first_dealer type": (
            lambda: Game("contract", first_dealer=None),
            TypeError,
            "first_dealer",
        ),
        "Auction dealer": (lambda: Auction("contract", "Q"), RedoubleError, "dealer"),
        "BridgeDeclaration dealer": (
            lambda: BridgeDeclaration("bridge_1906", 7),
            RedoubleError,
            "dealer",
        ),
        "deal_svg dealer": (
            lambda: redouble.display.deal_svg(redouble.deal(1, 1), dealer="Q"),
            RedoubleError,
            "dealer",
        ),
        "trick_winner_of leader": (
            lambda: trick_winner_of({Seat.NORTH: 0}, "Q", Strain.NOTRUMP),  # type: ignore[arg-type]
            RedoubleError,
            "leader",
        ),
        "trick_winner_of leader type": (
            lambda: trick_winner_of({Seat.NORTH: 0}, None, Strain.NOTRUMP),  # type: ignore[arg-type]
            TypeError,
            "leader",
        ),
        # Python's own "'NoneType' object is not iterable" named nothing
        "Auction calls": (lambda: Auction("contract", "N", None), TypeError, "calls"),  # type: ignore[arg-type]
        "BridgeDeclaration calls": (
            lambda: BridgeDeclaration("bridge_1906", "N", 3),  # type: ignore[arg-type]
            TypeError,
            "calls",
        ),
        "Table players": (lambda: Table("contract", None), TypeError, "players"),  # type: ignore[arg-type]
        "dd_tables deals": (lambda: redouble.solver.dd_tables(None), TypeError, "deals"),  # type: ignore[arg-type]
        "writes records": (lambda: redouble.formats.writes(None, "pbn"), TypeError, "records"),  # type: ignore[arg-type]
        "matchpoints scores": (lambda: redouble.scoring.matchpoints(None), TypeError, "scores"),  # type: ignore[arg-type]
        "Position hands": (
            lambda: redouble.Position([1 << 60, 0, 0, 0], 4, 0),
            RedoubleError,
            "hands must be card masks",
        ),
        "Deal hand": (
            lambda: redouble.Deal([1 << 60, 0, 0, 0]),
            RedoubleError,
            "hand must be a card mask",
        ),
        # a negative bound was taken, and the game said it "did not end within -1 actions"
        "auto_play max_actions": (
            lambda: Game("contract", seed=1).auto_play(RandomPlayer(0), max_actions=-1),
            GameError,
            "max_actions must be at least 0",
        ),
        "score_hand declarer": (
            lambda: redouble.scoring.score_hand("contract", "3NT", "Q", (9, 4)),
            RedoubleError,
            "declarer: not a seat",
        ),
        "Chicago first_dealer": (
            lambda: redouble.scoring.Chicago(first_dealer="Q"),
            RedoubleError,
            "first_dealer",
        ),
    }


@pytest.mark.parametrize("name", sorted(_names_cases()))
def test_a_bad_argument_is_named_in_the_message(name: str) -> None:
    call, error, words = _names_cases()[name]
    with pytest.raises(error) as e:
        call()
    assert str(e.value).startswith(words)


def test_auto_play_with_no_actions_left_says_so() -> None:
    # 0 is a bound (nothing may be done), not a bad value.
    with pytest.raises(GameError, match="did not end within 0 actions"):
        Game("contract", seed=1).auto_play(RandomPlayer(0), max_actions=0)
