"""Par under the historical codes: Auction Bridge (1912) and Bridge (Elwell, 1906) with its variants.

Par is the value of one hand when both sides know every card (the double-dummy table) and call
perfectly, each side playing for the most net points on the hand: its trick score, honours,
chicane, slams, undertricks and doubled bonuses, less the other side's, exactly as
:func:`redouble.scoring.score_hand` scores the hand under the law set. Games, rubbers and the
rubber bonus are left out: they depend on the score before the hand, not on the hand.

**Auction Bridge (1912).** The auction is a game between the two sides:

* The dealer must declare (Auction Bridge (1912), Law 42): there is no passed-out hand, so
  par always names a contract, and it may cost the dealer's side points.
* A declaration outranks another when it is worth more, level times the trick value of
  Law 4, or worth the same and names more tricks (Law 44); Royal Spades (9 a trick) play as
  spades. A side passes, bids higher, doubles an adverse declaration or redoubles its own
  doubled one, once each (Law 54); a double or redouble reopens the bidding (Law 55).
* The final declaration is scored by the library's scorer: the declarer scores all his tricks
  over six if he makes it (Law 47), the adversaries 50, 100 or 200 an undertrick if he fails
  (Law 47), a made doubled declaration earns 50 and 50 an overtrick, doubled if redoubled
  (Law 56); honours (Laws 5 and 6) and chicane (Law 9) go to whichever side holds them in the
  actual cards, whoever declares; slams (Laws 7 and 8) to either side on tricks won.
* The loss on the dealer's original One Spade, left in with only passes and doubles, is at
  most 100 unless redoubled (Law 48).
* The declarer (Law 46) is the partner who first named the winning suit. With the cards
  known, a side names each suit first from the hand that takes more tricks in it, so the
  declarer is that partner, except in the suit of the dealer's compulsory opening: there the
  dealer named it first, so the dealer plays it (spades and Royal Spades are one suit; at
  no-trump only where the law set applies Law 46 to no-trump).

The players call in rotation, so the two sides alternate, and an auction ends after three
passes (Law 45): a side may pass and still have its partner bid again, which matters because
the dealer's opening fixes who plays its suit. The game is solved exactly by backward
induction over declarations in rank order, doublings and passes; the tests check it against
a search over the four players' auction, seat by seat and call by call.

The par contracts listed are the final contracts of the par auctions, where among equally
good calls a side passes, doubles or redoubles rather than bids, and bids only the lowest
declaration of each denomination that does best; each declaration, declarer and doubling is
listed once, at the lowest level a par auction reaches it.

**Bridge (Elwell, 1906)** and its variants (1907 dealing laws, Duplicate, Progressive, three-handed).
There is no bidding: the dealer names the trump or no-trump, or passes the make to his
partner, who must name it (Bridge (Elwell, 1906), Law 45); the dealer plays both hands either way
(Law 61), so passing the make gives no option the dealer lacks, and par takes the best of the
five declarations. The adversaries may double, the makers redouble, the doubler double
again, "and so on" up to the law set's limit (Laws 50 to 54; in Bridge for Three Players only
the leader doubles, and a dealer who has seen both hands may not redouble). The side that
wins more than six tricks scores them at the trick value times two per doubling (Laws 2, 3
and 50); honours, chicane and slams are not affected by doubling (Law 10). With the tricks
known, the side that takes the odd tricks wants doubling and the other side does not, so at
par the adversaries double exactly when they take seven tricks or more (when the law set
lets them) and nobody redoubles. The Spade Convention, which turns on the rubber score, is
left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Side, Strain
from ..deal import Deal
from ..laws import LawSet, TrickScoring
from ..scoring import ContractSpec, score_hand

__all__ = ["HistoricalPar", "auction_par", "bridge_par", "honour_holdings"]

_NEG = -(10**9)


@dataclass(frozen=True)
class HistoricalPar:
    """The raw result of a historical par: NS value and final contracts.

    ``contracts`` holds ``(level, symbol, strain, declarer seats, doublings, declarer side's
    tricks)``; the level is 0 in Bridge (no levels).
    """

    score: int
    contracts: tuple[tuple[int, str, int, tuple[int, ...], int, int], ...]


def honour_holdings(deal: Deal, strain: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Honours held by each seat in ``strain`` (aces at no-trump) and the seats void of it."""
    masks = deal.masks
    if strain == Strain.NOTRUMP:
        return tuple(sum(m >> (13 * s + 12) & 1 for s in range(4)) for m in masks), ()
    holdings = [m >> (13 * strain) & 0x1FFF for m in masks]
    counts = tuple((h >> 8).bit_count() for h in holdings)
    return counts, tuple(i for i, h in enumerate(holdings) if h == 0)


# Scores depend on the deal only through these arguments, so they are shared across deals;
# keyed by the law set object (law sets built with different flags score differently).
_VALUES: dict[int, tuple[LawSet, dict[tuple[object, ...], int]]] = {}


def _hand_value(
    law: LawSet,
    level: int | None,
    symbol: str,
    doublings: int,
    side: int,
    tricks: int,
    honours: tuple[int, ...],
    voids: tuple[int, ...],
    one_spade: bool,
) -> int:
    """Net points for ``side`` declaring (or making) with ``tricks``: the library's scorer."""
    entry = _VALUES.get(id(law))
    if entry is None or entry[0] is not law:
        if len(_VALUES) > 64:
            _VALUES.clear()
        entry = _VALUES[id(law)] = (law, {})
    key = (level, symbol, doublings, side, tricks, honours, voids, one_spade)
    got = entry[1].get(key)
    if got is not None:
        return got
    spec = ContractSpec.of(law, level, symbol, doublings)
    won = (tricks, 13 - tricks) if side == 0 else (13 - tricks, tricks)
    result = score_hand(
        law,
        spec,
        side,  # seat N or E: only the declarer's side matters once honours are given per seat
        won,
        honours=dict(enumerate(honours)),
        trump_void_seats=voids,
        dealer_original_one_spade=one_spade,
    )
    value = result.score_for(Side(side))
    entry[1][key] = value
    return value


# --------------------------------------------------------------------------------------------
# Auction Bridge (1912).
# --------------------------------------------------------------------------------------------


def auction_bids(law: LawSet) -> list[tuple[int, str, int, int]]:
    """Every declaration ``(level, symbol, strain, trick value)`` in rank order (Law 44)."""
    top = law.play.max_level or 7
    bids = [
        (level, d.symbol, int(d.strain), d.trick_value)
        for d in law.declarations
        for level in range(1, top + 1)
    ]
    bids.sort(key=lambda b: (b[0] * b[3], b[0]))
    return bids


def auction_declarers(
    table: Sequence[Sequence[int]], strain: int, side: int, dealer: int, opening: int | None
) -> tuple[int, ...]:
    """The seat(s) of ``side`` that declare ``strain`` (see the module docstring, Law 46)."""
    if opening is not None and side == dealer & 1 and strain == opening:
        return (dealer,)
    a, b = table[strain][side], table[strain][side + 2]
    if a == b:
        return (side, side + 2)
    return (side,) if a > b else (side + 2,)


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


def _dedupe(
    contracts: list[tuple[int, str, int, tuple[int, ...], int, int]],
) -> list[tuple[int, str, int, tuple[int, ...], int, int]]:
    """Each declaration, declarer and doubling once, at its lowest level (sorted by level)."""
    seen: set[tuple[str, tuple[int, ...], int]] = set()
    out = []
    for c in sorted(contracts):
        key = (c[1], c[3], c[4])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


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


# --------------------------------------------------------------------------------------------
# Bridge (Elwell, 1906) and its variants.
# --------------------------------------------------------------------------------------------


def bridge_doubling_limit(law: LawSet) -> int:
    """How many doublings the par conversation considers under ``law`` (see :func:`bridge_par`).

    Truncating an unlimited conversation at two is exact: a doubling multiplies only the
    trick score of the side that takes the odd tricks, so that side's adversaries never
    double (or redouble), and after one doubling the side that doubled has nothing to gain
    from the other side's answer.
    """
    limit = law.doubling.max_doublings
    top = 2 if limit is None else limit
    if not law.doubling.dealer_who_saw_dummy_may_redouble:
        top = min(top, 1)
    return top


def bridge_conversation(values: Sequence[int]) -> tuple[int, int]:
    """Value for the makers and number of doublings at the end of the doubling conversation.

    ``values[x]`` is the makers' net points when the make stands doubled ``x`` times; the
    adversaries double at even ``x``, the makers redouble at odd ``x``; a side doubles only
    when that gains strictly.
    """
    top = len(values) - 1
    best = values[top], top
    for x in range(top - 1, -1, -1):
        nxt = best
        stand = values[x], x
        if x % 2 == 0:
            best = nxt if nxt[0] < stand[0] else stand
        else:
            best = nxt if nxt[0] > stand[0] else stand
    return best


def bridge_par(
    law: LawSet, table: Sequence[Sequence[int]], deal: Deal, dealer: int
) -> HistoricalPar:
    """Par under a law set without bidding (Bridge (Elwell, 1906) and variants); see the module."""
    d = dealer & 1
    top = bridge_doubling_limit(law)
    best = _NEG
    found: list[tuple[int, str, int, tuple[int, ...], int, int]] = []
    for decl in law.declarations:
        strain = int(decl.strain)
        tricks = int(table[strain][dealer])
        counts, voids = honour_holdings(deal, strain)
        values = [
            _hand_value(law, None, decl.symbol, x, d, tricks, counts, voids, False)
            for x in range(top + 1)
        ]
        value, x = bridge_conversation(values)
        if value > best:
            best, found = value, []
        if value == best:
            found.append((0, decl.symbol, strain, (dealer,), x, tricks))
    return HistoricalPar(best if d == 0 else -best, tuple(found))


def historical_par(
    law: LawSet, table: Sequence[Sequence[int]], deal: Deal, dealer: int
) -> HistoricalPar:
    """Dispatch on the law set's way of scoring tricks."""
    if law.trick_scoring is TrickScoring.DECLARER_IF_MADE:
        return auction_par(law, table, deal, dealer)
    if law.trick_scoring is TrickScoring.MAJORITY:
        return bridge_par(law, table, deal, dealer)
    raise ValueError(
        f"no historical par for {law.short_title}"
    )  # pragma: no cover - checked by caller
