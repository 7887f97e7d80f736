"""A fixed sweep of hostile values through the API the fuzz tests leave out: every argument of
the functions below, and every method of a game and an auction in each phase, one argument
at a time.

The fuzz tests (tests/fuzz) draw hostile values for cards, deals, dealing, play, the solver
one deal at a time, laws and scoring. This sweep covers the rest by a fixed list, so it runs
the same every time and fast: auction text and calls, the game's methods, tables and cutting,
the irregularities' public helpers, records and file formats, serialisation, display, par,
batch solving, the scoring ledgers and the club. The rules:

* only a :class:`~redouble.errors.RedoubleError` (bad value) or a :class:`TypeError` (wrong
  type) may come out, never an AttributeError, IndexError, KeyError, OverflowError or a plain
  ValueError;
* a call refused on a game or an auction leaves it as it was (its log or history);
* nothing hangs: each call is short, and the whole sweep runs in seconds.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import redouble
import redouble.analysis
import redouble.club
import redouble.display
import redouble.formats
import redouble.scoring
import redouble.solver
from redouble import Deal, RedoubleError, Seat, Strain
from redouble import serialize as ser
from redouble.auction import Auction, BridgeDeclaration, Call, parse_call_text
from redouble.game import Game, RandomPlayer, Table
from redouble.irregularities import normalise_phrase, trick_winner_of

ALLOWED = (RedoubleError, TypeError)


class _IntSub(int):
    __slots__ = ()


_read_only = np.arange(4, dtype=np.uint64)
_read_only.flags.writeable = False

HOSTILE: dict[str, Any] = {
    "None": None,
    "True": True,
    "1.5": 1.5,
    "12.0": 12.0,
    "nan": float("nan"),
    "inf": float("inf"),
    "empty": "",
    "long": "N" * 100_000,
    "cyrillic S": "\u0405",
    "fullwidth NT": "\uff2e\uff34",
    "nul": "\x00",
    "-1": -1,
    "2**63": 2**63,
    "-2**63-1": -(2**63) - 1,
    "10**30": 10**30,
    "np.int64(-1)": np.int64(-1),
    "np.float64": np.float64(1.0),
    "np.bool_": np.bool_(True),
    "array 3": np.array([1, 2, 3]),
    "array 2x2": np.zeros((2, 2), dtype=np.uint64),
    "array float": np.zeros(4),
    "read-only": _read_only,
    "object": object(),
    "list": [],
    "dict": {},
    "int subclass": _IntSub(1),
    "bytes": b"N",
    "nested": [[[]]],
}

DEAL = redouble.deal(1, 1)
WHOLE = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _club_table() -> tuple[Any, Any]:
    club = redouble.club.Club()
    return club, club.new_table(["a", "b", "c", "d"])


# One argument slot each: the hostile value goes where `x` is, the others are valid.
ONE_SLOT: dict[str, Callable[[Any], Any]] = {
    "Auction.law_set": lambda x: Auction(x, "N"),
    "Auction.dealer": lambda x: Auction("contract", x),
    "Auction.calls": lambda x: Auction("contract", "N", x),
    "Auction.parse.law_set": lambda x: Auction.parse(x, "N: P"),
    "Auction.parse.text": lambda x: Auction.parse("contract", x),
    "BridgeDeclaration.parse.text": lambda x: BridgeDeclaration.parse("bridge_1906", x),
    "BridgeDeclaration.dealer": lambda x: BridgeDeclaration("bridge_1906", x),
    "Call.parse": Call.parse,
    "parse_call_text.text": parse_call_text,
    "Game.law_set": lambda x: Game(x),
    "Game.seed": lambda x: Game("contract", seed=x),
    "Game.first_dealer": lambda x: Game("contract", first_dealer=x),
    "Game.deals": lambda x: Game("contract", deals=x),
    "Table.players": lambda x: Table("contract", x),
    "Table.cuts": lambda x: Table("contract", cuts=x),
    "normalise_phrase": normalise_phrase,
    "trick_winner_of.cards": lambda x: trick_winner_of(x, Seat.NORTH, Strain.NOTRUMP),
    "trick_winner_of.leader": lambda x: trick_winner_of({Seat.NORTH: 0}, x, Strain.NOTRUMP),
    "trick_winner_of.strain": lambda x: trick_winner_of({Seat.NORTH: 0}, Seat.NORTH, x),
    "formats.reads.text": lambda x: redouble.formats.reads(x, "pbn"),
    "formats.reads.format": lambda x: redouble.formats.reads(f'[Deal "{WHOLE}"]\n', x),
    "formats.writes.records": lambda x: redouble.formats.writes(x, "pbn"),
    "formats.writes.format": lambda x: redouble.formats.writes([], x),
    "BoardRecord.board": lambda x: redouble.formats.BoardRecord(board=x),
    "BoardRecord.dealer": lambda x: redouble.formats.BoardRecord(dealer=x),
    "BoardRecord.declarer": lambda x: redouble.formats.BoardRecord(declarer=x),
    "BoardRecord.vulnerability": lambda x: redouble.formats.BoardRecord(vulnerability=x),
    "BoardRecord.deal": lambda x: redouble.formats.BoardRecord(deal=x),
    "BoardRecord.dd_table": lambda x: redouble.formats.BoardRecord(dd_table=x),
    "BoardRecord.tags": lambda x: redouble.formats.BoardRecord(tags=x),
    "BoardRecord.result": lambda x: redouble.formats.BoardRecord(result=x),
    "PlayedCard.parse": redouble.formats.PlayedCard.parse,
    "PlayedCard.normalise": redouble.formats.PlayedCard.normalise,
    "PlayedCard.of": redouble.formats.PlayedCard.of,
    "DeclarationRecord.parse": redouble.formats.DeclarationRecord.parse,
    "Contract.parse": redouble.formats.Contract.parse,
    "serialize.loads": ser.loads,
    "serialize.from_jsonable": ser.from_jsonable,
    "display.deal_svg": lambda x: redouble.display.deal_svg(x),
    "display.deal_svg.dealer": lambda x: redouble.display.deal_svg(DEAL, dealer=x),
    "display.deal_svg.vulnerability": lambda x: redouble.display.deal_svg(DEAL, vulnerability=x),
    "display.board_svg": lambda x: redouble.display.board_svg(x),
    "display.position_svg": lambda x: redouble.display.position_svg(x),
    "display.dd_table_html": lambda x: redouble.display.dd_table_html(x),
    "display.dd_table_html.par": lambda x: redouble.display.dd_table_html(
        np.full((5, 4), 7, np.uint8), par=x
    ),
    "display.game_svg": lambda x: redouble.display.game_svg(x),
    "display.game_html": lambda x: redouble.display.game_html(x),
    "display.terminal_diagram": lambda x: redouble.display.terminal_diagram(x, io.StringIO()),
    "analysis.par": lambda x: redouble.analysis.par(x),
    "analysis.features": lambda x: redouble.analysis.features(x),
    "analysis.lead_analysis.threads": lambda x: redouble.analysis.lead_analysis(
        "KQ52.T98.A76.J43", "W", "3NT", n=1, threads=x
    ),
    "analysis.lead_analysis.constraints": lambda x: redouble.analysis.lead_analysis(
        "KQ52.T98.A76.J43", "W", "3NT", n=1, constraints=x
    ),
    "solver.dd_tables": lambda x: redouble.solver.dd_tables(x, threads=1),
    "scoring.imps": lambda x: redouble.scoring.imps(x),
    "RubberLedger.add": lambda x: redouble.scoring.RubberLedger("auction_1912").add(x),
    "DuplicateTally.add": lambda x: redouble.scoring.DuplicateTally("contract").add(x, x),
    "Club.new_table": lambda x: redouble.club.Club().new_table(x),
    "Club.announce.name": lambda x: _club_table()[0].announce(x, _club_table()[1]),
    "Club.announce.table": lambda x: _club_table()[0].announce("e", x),
    "Club.table_of": lambda x: redouble.club.Club().table_of(x),
    "scoring.matchpoints": lambda x: redouble.scoring.matchpoints(x),
}

# Hostile values that are valid in a slot (a str where any text is a name, an empty list of
# deals): skipped, since they may start long work rather than be refused.
_HEAVY = {"long"}


@pytest.mark.parametrize("name", sorted(ONE_SLOT))
def test_only_our_errors(name: str) -> None:
    fn = ONE_SLOT[name]
    for label, value in HOSTILE.items():
        if label in _HEAVY and name.startswith(("analysis.", "Table.")):
            continue
        try:
            fn(value)
        except ALLOWED:
            pass
        except Exception as e:  # noqa: BLE001 - the point is to name what leaked out
            pytest.fail(f"{name}({label}) raised {type(e).__name__}: {e}")


# -- methods, with the state compared after a refusal -------------------------------------------


def _game(law: str = "contract", strict: bool = True, calls: tuple[str, ...] = ()) -> Game:
    g = Game(law, seed=3, strict=strict)
    for call in calls:
        g.call(call)
    return g


GAMES: dict[str, Callable[[], Game]] = {
    "auction": lambda: _game(),
    "lenient auction": lambda: _game(strict=False),
    "play": lambda: _game(calls=("1NT", "P", "P", "P")),
    "lenient play": lambda: _game(strict=False, calls=("1NT", "P", "P", "P")),
    "auction_1912": lambda: _game("auction_1912", strict=False),
    "bridge_1906": lambda: _game("bridge_1906", strict=False),
}

GAME_METHODS: dict[str, Callable[[Game, Any], Any]] = {
    "act": lambda g, x: g.act(x),
    "call": lambda g, x: g.call(x),
    "call.seat": lambda g, x: g.call("P", seat=x),
    "play": lambda g, x: g.play(x),
    "play.seat": lambda g, x: g.play(g.legal_actions()[0], seat=x),
    "touch_dummy": lambda g, x: g.touch_dummy(x),
    "touch_dummy.card": lambda g, x: g.touch_dummy([x]),
    "expose": lambda g, x: g.expose(x),
    "visible_cards": lambda g, x: g.visible_cards(x),
    "auto_play": lambda g, x: g.auto_play(x),
    "auto_play.max_actions": lambda g, x: g.auto_play(RandomPlayer(0), max_actions=x),
    "claim": lambda g, x: g.claim(x),
    "decide": lambda g, x: g.decide(x),
    "record_wrong_penalty": lambda g, x: g.record_wrong_penalty(ruling=x, seat="N"),
    "call_attention": lambda g, x: g.call_attention(seat="E", ruling=x),
}


@pytest.mark.parametrize("phase", sorted(GAMES))
@pytest.mark.parametrize("method", sorted(GAME_METHODS))
def test_game_methods_refuse_and_change_nothing(phase: str, method: str) -> None:
    fn = GAME_METHODS[method]
    for label, value in HOSTILE.items():
        g = GAMES[phase]()
        before = g.to_json()
        try:
            fn(g, value)
        except ALLOWED:
            # auto_play may act up to max_actions times before it says the game did not end.
            if method != "auto_play.max_actions":
                assert g.to_json() == before, f"{method}({label}) refused, but the game changed"
        except Exception as e:  # noqa: BLE001
            pytest.fail(f"{phase}: {method}({label}) raised {type(e).__name__}: {e}")


AUCTION_METHODS: dict[str, Callable[[Auction, Any], Any]] = {
    "call": lambda a, x: a.call(x),
    "is_legal": lambda a, x: a.is_legal(x),
    "why_illegal": lambda a, x: a.why_illegal(x),
    "is_insufficient": lambda a, x: a.is_insufficient(x),
    "bar": lambda a, x: a.bar(x),
    "make_by.seat": lambda a, x: a.make_by(x, "S"),
    "make_by.declaration": lambda a, x: a.make_by(Seat.NORTH, x),
    "double_by": lambda a, x: a.double_by(x),
    "unlogged_calls": lambda a, x: a.unlogged_calls(x),
}


@pytest.mark.parametrize("law", ["contract", "auction_1912"])
@pytest.mark.parametrize("method", sorted(AUCTION_METHODS))
def test_auction_methods_refuse_and_change_nothing(law: str, method: str) -> None:
    fn = AUCTION_METHODS[method]
    for label, value in HOSTILE.items():
        a = Auction.parse(law, "N: 1S P")
        before = (a.history, a.bars)
        try:
            fn(a, value)
        except ALLOWED:
            assert (a.history, a.bars) == before, f"{method}({label}) refused, but it changed"
        except Exception as e:  # noqa: BLE001
            pytest.fail(f"{law}: {method}({label}) raised {type(e).__name__}: {e}")


def test_the_sweep_reaches_what_it_claims() -> None:
    # A sweep whose targets all fail at once for a wrong reason proves nothing: the valid
    # arguments around each slot must work.
    assert Auction.parse("contract", "N: 1S P").history
    assert trick_winner_of({Seat.NORTH: 0}, Seat.NORTH, Strain.NOTRUMP) == Seat.NORTH
    assert isinstance(redouble.display.deal_svg(DEAL), str)
    assert isinstance(Deal.from_pbn(WHOLE), Deal)
    g = GAMES["play"]()
    g.play(g.legal_actions()[0])
    assert len(g.trick_on_table) == 1
