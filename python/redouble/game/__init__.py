"""The game at the table: cutting, dealing, declaring, play, scoring, rubbers, replay.

A :class:`Game` runs hands one after another under a law set until the session ends (a rubber
where the law set plays rubbers; four deals of Chicago; otherwise a fixed number of boards).
Every step is an :class:`Event` in :attr:`Game.log`; a game is rebuilt from its log with
:meth:`Game.replay` and travels as JSON (:meth:`Game.to_json`, :meth:`Game.from_json`).

>>> g = Game("auction_1912", seed=3)
>>> g.phase, g.to_act, g.dealer
(<Phase.DECLARE: 'declare'>, <Seat.NORTH: 0>, <Seat.NORTH: 0>)
>>> g.act("1NT"); g.act("P"); g.act("P"); g.act("P")
>>> g.phase, g.contract, g.to_act
(<Phase.PLAY: 'play'>, Contract(level=1, declaration='NT', doublings=0, declarer=<Seat.NORTH: 0>), <Seat.EAST: 1>)

The package: :mod:`~redouble.game.events` (phases, events, hand results), the state machine
(:mod:`~redouble.game.core`: settings, the hand in progress and the one place hands advance;
:mod:`~redouble.game.state`: the public :class:`Game`), the lenient game's layers
(:mod:`~redouble.game.revokes`, :mod:`~redouble.game.lenient_play`,
:mod:`~redouble.game.remedies`, :mod:`~redouble.game.reports`,
:mod:`~redouble.game.declaring`: they apply what the referee of
:mod:`redouble.irregularities` rules on a read-only view of the hand), replay by event kind
(:mod:`~redouble.game.replay`), cutting and :class:`Table`.
"""

from __future__ import annotations

from ..errors import GameError
from .cutting import CutCards, CutResult, DummyCut, cut_card, cut_for_dummy, cut_for_partners
from .events import Event, HandResult, Phase
from .player import Player, RandomPlayer
from .state import Game
from .table import Table

__all__ = [
    "CutCards",
    "CutResult",
    "DummyCut",
    "Event",
    "Game",
    "GameError",
    "HandResult",
    "Phase",
    "Player",
    "RandomPlayer",
    "Table",
    "cut_card",
    "cut_for_dummy",
    "cut_for_partners",
]
