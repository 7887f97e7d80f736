"""The pre-optimisation Auction Bridge (1912) par, kept as an oracle (test support).

This is :func:`redouble.analysis.par_historical.auction_par` and its induction exactly as they
were before the per-deal speed-up (five full backward-induction trees per deal, option lists at
every node, the scorer looked up per node), copied verbatim so that tests can check the fast
implementation against it, answer for answer (par score and par contracts, in order). Do not
"fix" or speed this file up: its value is that it is the old code.
"""

from __future__ import annotations

from collections.abc import Sequence

# The helpers the rewrite left as they were (the bids, the declarers, the honour holdings, one
# contract's value, the list of par contracts) are imported, not copied: the oracle is the old
# induction, and a later change to a shared helper then reaches both sides alike.
from redouble.analysis.par_historical import (
    HistoricalPar,
    _dedupe,
    _hand_value,
    auction_bids,
    auction_declarers,
    honour_holdings,
)
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.laws import LawSet


class _AuctionScores:
    """Final-contract values for one deal, memoised: ``value(side, bid, doublings, opening)``."""

    def __init__(self, law: LawSet, table: Sequence[Sequence[int]], deal: Deal, dealer: int):
        self.law, self.table, self.dealer = law, table, dealer
        self.bids = auction_bids(law)
        self.holdings = {st: honour_holdings(deal, st) for st in range(5)}
        self.cache: dict[tuple[int, int, int, int | None], int] = {}

    def value(self, side: int, k: int, x: int, opening: int | None) -> int:
        """Net points for ``side`` when its bid ``k`` stands with ``x`` doublings."""
        key = (side, k, x, opening)
        got = self.cache.get(key)
        if got is None:
            level, symbol, strain, _ = self.bids[k]
            seat = auction_declarers(self.table, strain, side, self.dealer, opening)[0]
            counts, voids = self.holdings[strain]
            one_spade = k == 0 and side == self.dealer & 1 and symbol == "S" and level == 1
            got = _hand_value(
                self.law,
                level,
                symbol,
                x,
                side,
                self.table[strain][seat],
                counts,
                voids,
                one_spade,
            )
            self.cache[key] = got
        return got


def _opening_strain(law: LawSet, strain: int) -> int | None:
    if strain == Strain.NOTRUMP and not law.play.declarer_rule_applies_to_notrump:
        return None
    return strain


def auction_par(
    law: LawSet, table: Sequence[Sequence[int]], deal: Deal, dealer: int
) -> HistoricalPar:
    """Par under a law set with value-ordered bidding (Auction Bridge (1912)); see the module."""
    scores = _AuctionScores(law, table, deal, dealer)
    bids = scores.bids
    limit = law.doubling.max_doublings
    top_x = 2 if limit is None else limit  # a third doubling never pays (see bridge_par)
    d = dealer & 1
    solved = {
        opening: _SolvedAuction(scores, opening, top_x)
        for opening in {_opening_strain(law, b[2]) for b in bids}
    }
    # The dealer's compulsory opening (Law 42): any declaration; it fixes `opening`.
    openings = [(solved[_opening_strain(law, b[2])], k) for k, b in enumerate(bids)]
    best_value = max(tree.t(d, k) for tree, k in openings)
    outcomes: set[tuple[int, int, int, int | None]] = set()
    symbols: set[str] = set()
    for tree, k in openings:  # as at every bid: the lowest best opening of each denomination
        if tree.t(d, k) == best_value and bids[k][1] not in symbols:
            symbols.add(bids[k][1])
            outcomes |= tree.finals(k, d, 0, 1 - d, 0)
    contracts = []
    for side, k, x, opening in sorted(outcomes, key=lambda o: (o[1], o[0], o[2])):
        level, symbol, strain, _ = bids[k]
        seats = auction_declarers(table, strain, side, dealer, opening)
        contracts.append((level, symbol, strain, seats, x, int(table[strain][seats[0]])))
    ns = best_value if d == 0 else -best_value
    return HistoricalPar(ns, tuple(_dedupe(contracts)))


class _SolvedAuction:
    """Backward induction over the auction between the two sides, for one opening strain.

    The four players call in rotation, so the sides alternate; a side's two players want the
    same thing, so the game is played by sides. A node is ``(k, s, x, a, p)``: declaration
    ``k`` by side ``s`` stands doubled ``x`` times, side ``a`` is to call after ``p`` passes;
    the third pass ends the auction (Law 45). The side to call passes, bids higher, doubles an
    adverse undoubled declaration or redoubles its own doubled one (Law 54). Values are
    North-South's points; North-South maximise, East-West minimise. ``best[a][k]`` is the best
    side ``a`` can do by bidding some declaration ``>= k``.
    """

    def __init__(self, scores: _AuctionScores, opening: int | None, top_x: int) -> None:
        self.sc, self.opening, self.top_x = scores, opening, top_x
        self._memo: dict[tuple[int, ...], frozenset[tuple[int, int, int, int | None]]] = {}
        n = self.n = len(scores.bids)
        # v[k][s][x][a][p]
        self.v = [
            [[[[0] * 3 for _ in (0, 1)] for _ in range(top_x + 1)] for _ in (0, 1)]
            for _ in range(n)
        ]
        self.best: list[list[int | None]] = [[None] * (n + 1) for _ in (0, 1)]
        for k in range(n - 1, -1, -1):
            for s in (0, 1):
                for x in range(top_x, -1, -1):
                    for p in (2, 1, 0):
                        for a in (0, 1):
                            values = [v for v, _ in self._options(k, s, x, a, p)]
                            self.v[k][s][x][a][p] = max(values) if a == 0 else min(values)
            for a in (0, 1):
                here = self.v[k][a][0][1 - a][0]
                prev = self.best[a][k + 1]
                pick = max if a == 0 else min
                self.best[a][k] = here if prev is None else pick(here, prev)

    def final(self, k: int, s: int, x: int) -> int:
        """North-South's points when declaration ``k`` by ``s`` stands doubled ``x`` times."""
        value = self.sc.value(s, k, x, self.opening)
        return value if s == 0 else -value

    def _options(self, k: int, s: int, x: int, a: int, p: int) -> list[tuple[int, str]]:
        """``(North-South value, kind)`` of each call of side ``a`` at a node."""
        opts = [(self.final(k, s, x) if p == 2 else self.v[k][s][x][1 - a][p + 1], "pass")]
        if x < self.top_x and (x == 0) == (a != s):  # double an adversary, redouble one's own
            opts.append((self.v[k][s][x + 1][1 - a][0], "double"))
        higher = self.best[a][k + 1]
        if higher is not None:
            opts.append((higher, "bid"))
        return opts

    def t(self, s: int, k: int) -> int:
        """Value for side ``s`` (its points) once it has bid ``k`` and the other side calls."""
        value = self.v[k][s][0][1 - s][0]
        return value if s == 0 else -value

    def finals(
        self, k: int, s: int, x: int, a: int, p: int
    ) -> set[tuple[int, int, int, int | None]]:
        """Final contracts ``(side, bid, doublings, opening)`` of the par lines from a node.

        Among equally good calls a side passes, doubles or redoubles rather than bids (a bid
        that gains nothing is not made), and bids only the lowest declaration of each
        denomination that does best.
        """
        key = (k, s, x, a, p)
        memo = self._memo.get(key)
        if memo is None:
            memo = self._memo[key] = frozenset(self._finals(k, s, x, a, p))
        return set(memo)

    def _finals(
        self, k: int, s: int, x: int, a: int, p: int
    ) -> set[tuple[int, int, int, int | None]]:
        target = self.v[k][s][x][a][p]
        opts = self._options(k, s, x, a, p)
        out: set[tuple[int, int, int, int | None]] = set()
        calm = [kind for v, kind in opts if v == target and kind != "bid"]
        if "pass" in calm:
            if p == 2:
                out.add((s, k, x, self.opening))
            else:
                out |= self.finals(k, s, x, 1 - a, p + 1)
        if "double" in calm:
            out |= self.finals(k, s, x + 1, 1 - a, 0)
        if calm:
            return out
        return self.bids_from(a, k + 1, target)

    def bids_from(self, a: int, start: int, target: int) -> set[tuple[int, int, int, int | None]]:
        """Par lines where side ``a`` bids a declaration ``>= start`` worth ``target``."""
        out: set[tuple[int, int, int, int | None]] = set()
        symbols: set[str] = set()
        for k2 in range(start, self.n):
            symbol = self.sc.bids[k2][1]
            if symbol not in symbols and self.v[k2][a][0][1 - a][0] == target:
                symbols.add(symbol)
                out |= self.finals(k2, a, 0, 1 - a, 0)
        return out
