"""Built-in players for :meth:`redouble.game.Game.auto_play` beyond the random one.

:class:`DoubleDummyPlayer` sees all four hands: it plays a card that keeps the most tricks
for its side (the solver's value of each legal card) and, while declaring, names the best
contract its side can make double-dummy, and doubles when the opponents cannot make theirs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .auction import Call, CallKind, Declaring
from .cards import Card, Seat
from .game import Game, Phase
from .laws import LawSet

__all__ = ["DoubleDummyPlayer"]


class DoubleDummyPlayer:
    """A player with perfect information, for simulations and as a strong opponent.

    Ties between cards of equal value go to the lowest card (a deterministic choice).
    One instance keeps one solver (and its table), so use one instance per thread.
    """

    def __init__(self) -> None:
        from .solver import Solver

        self._solver = Solver()
        self._tables: dict[Any, npt.NDArray[np.uint8]] = {}

    def _table(self, game: Game) -> npt.NDArray[np.uint8]:
        key = game.deal
        if key not in self._tables:
            if len(self._tables) > 64:
                self._tables.clear()
            self._tables[key] = self._solver.dd_table(key)
        return self._tables[key]

    def __call__(self, game: Game) -> Call | Card:
        """The action for the seat to act (the declarer acts for dummy)."""
        if game.phase is Phase.PLAY:
            position = game.position
            assert position is not None
            values = self._solver.solve_cards(position.copy())
            best = max(values.values())
            return min(c for c, v in values.items() if v == best)
        seat = game.to_act
        assert seat is not None
        return self._call(game, seat)

    def _call(self, game: Game, seat: Seat) -> Call:
        law = game.law_set
        table = self._table(game)
        declaring = game.declaring
        legal = declaring.legal_calls()
        if not declaring.bidding:
            return self._bridge_call(law, table, declaring, seat, legal)
        side_best = _best_bid(law, table, seat)
        bids = [c for c in legal if c.is_bid]
        # Bid the cheapest legal bid whose level this side makes double-dummy, in its best strain.
        for c in bids:
            assert c.level is not None
            assert c.declaration is not None
            strain = law.declaration(c.declaration).strain
            tricks = max(int(table[strain][s]) for s in (seat, seat.partner))
            if c.level + 6 <= tricks and (side_best is None or c.declaration == side_best):
                return c
        # The last bid of an auction is its highest: each bid must overcall the one before.
        last = next((c for c in reversed(declaring.calls) if c.is_bid), None)
        bidder = _last_bidder(declaring, last)
        if (
            Call.DOUBLE in legal
            and last is not None
            and bidder is not None
            and last.level is not None
            and last.declaration is not None
        ):
            strain = law.declaration(last.declaration).strain
            theirs = max(int(table[strain][s]) for s in (bidder, bidder.partner))
            if theirs < last.level + 6:
                return Call.DOUBLE
        if Call.PASS in legal:
            return Call.PASS
        return bids[0]

    @staticmethod
    def _bridge_call(
        law: LawSet,
        table: npt.NDArray[np.uint8],
        declaring: Declaring,
        seat: Seat,
        legal: list[Call],
    ) -> Call:
        makes = [c for c in legal if c.kind is CallKind.BID]
        if makes:
            # Make the strain in which the dealer (who plays) takes most tricks.
            dealer = declaring.dealer

            def value(c: Call) -> tuple[int, int]:
                assert c.declaration is not None
                d = law.declaration(c.declaration)
                return (int(table[d.strain][dealer]), d.trick_value)

            return max(makes, key=value)
        if Call.DOUBLE in legal and declaring.doublings < 2:
            # Double (or re-double) when one's side wins the odd trick double-dummy; stop at
            # two doublings, since each one only raises the stakes.
            symbol = next(c.declaration for _, c in declaring.history if c.kind is CallKind.BID)
            assert symbol is not None
            tricks = int(table[law.declaration(symbol).strain][declaring.dealer])
            ours = tricks if seat.side is declaring.dealer.side else 13 - tricks
            if ours >= 7:
                return Call.DOUBLE
        return Call.PASS


def _best_bid(law: LawSet, table: npt.NDArray[np.uint8], seat: Seat) -> str | None:
    """The declaration worth most to `seat`'s side at the level it makes double-dummy."""
    best: tuple[int, int, str] | None = None
    for d in law.declarations:
        tricks = max(int(table[d.strain][s]) for s in (seat, seat.partner))
        level = tricks - 6
        if level < 1:
            continue
        key = law.bid_key(level, d)
        if best is None or key > best[:2]:
            best = (key[0], key[1], d.symbol)
    return None if best is None else best[2]


def _last_bidder(auction: Declaring, last: Call | None) -> Seat | None:
    if last is None:
        return None
    for i in range(len(auction.calls) - 1, -1, -1):
        if auction.calls[i] == last:
            return auction.dealer.next(i)
    return None
