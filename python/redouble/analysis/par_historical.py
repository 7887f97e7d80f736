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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

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


# Auction par is backward induction over 42 declarations for each deal, so its cost is in the
# constant factors. What makes it fast, each step exact (the tests compare every answer with
# the old implementation, kept in tests/reference_auction_par.py):
#
# * The values of the final contracts are read from rows cached across deals: a row holds one
#   declaration's value at every level and doubling for one side, trick count and honour
#   holding (the only things the score depends on), so a deal needs a dozen look-ups where it
#   made a thousand.
# * The backward induction keeps plain ints and only the value of each declaration's root
#   node (the other side to call after the bid); the nodes below it are worked out again, on
#   demand, only where the par auctions are traced.
# * The opening strain matters only for the dealer's side in that strain, and there only when
#   the dealer takes fewer tricks than his partner; otherwise the tree is the one where every
#   strain is declared from the better hand, and it is shared. A tree that differs agrees with
#   that shared tree above the opening strain's highest declaration, so it starts from there.

_POS = 10**9  # the "no higher bid" value for East-West (they minimise), like _NEG for NS
_PLANS: dict[int, tuple[LawSet, _AuctionPlan]] = {}
_ROWS: dict[int, tuple[LawSet, dict[tuple[object, ...], tuple[tuple[int, ...], ...]]]] = {}


_T = TypeVar("_T")


def _per_law(store: dict[int, tuple[LawSet, _T]], law: LawSet, make: Callable[[], _T]) -> _T:
    """``store``'s entry for ``law``, made by ``make()`` the first time (at most 64 law sets)."""
    entry = store.get(id(law))
    if entry is None or entry[0] is not law:
        if len(store) > 64:
            store.clear()
        entry = store[id(law)] = (law, make())
    return entry[1]


@dataclass(frozen=True)
class _AuctionPlan:
    """What auction par needs of a law set, worked out once per law set."""

    bids: list[tuple[int, str, int, int]]
    top_x: int  # most doublings the game considers
    # Per declaration symbol: its strain and its (bid index, level) pairs.
    symbols: list[tuple[str, int, list[tuple[int, int]]]]
    # Per strain: the highest bid index of a declaration that plays in it.
    top_of_strain: dict[int, int]
    symbol_of: list[str]  # per bid index
    opening_of: list[int | None]  # per bid index: what that opening fixes (_opening_strain)

    @staticmethod
    def of(law: LawSet) -> _AuctionPlan:
        bids = auction_bids(law)
        limit = law.doubling.max_doublings
        top_x = 2 if limit is None else limit  # a third doubling never pays (see bridge_par)
        by_symbol: dict[str, tuple[int, list[tuple[int, int]]]] = {}
        for k, (level, symbol, strain, _) in enumerate(bids):
            by_symbol.setdefault(symbol, (strain, []))[1].append((k, level))
        top = {strain: k for k, (_, _, strain, _) in enumerate(bids)}  # the last one wins
        symbols = [(sym, st, ks) for sym, (st, ks) in by_symbol.items()]
        openings = [_opening_strain(law, b[2]) for b in bids]
        return _AuctionPlan(bids, top_x, symbols, top, [b[1] for b in bids], openings)


def _row(
    law: LawSet,
    plan: _AuctionPlan,
    symbol: str,
    side: int,
    tricks: int,
    holding: tuple[tuple[int, ...], tuple[int, ...]],
) -> tuple[tuple[int, ...], ...]:
    """North-South's points for ``side`` declaring ``symbol`` with ``tricks``, per level and
    doubling (``row[level][x]``; the dealer's One Spade aside). The scorer's answer depends on
    nothing else, so rows are shared across deals."""
    rows = _per_law(_ROWS, law, dict)
    key = (symbol, side, tricks, holding)
    got: tuple[tuple[int, ...], ...] | None = rows.get(key)
    if got is None:
        sign = 1 if side == 0 else -1
        counts, voids = holding
        top = max(level for level, _, _, _ in plan.bids)
        got = rows[key] = (
            (),  # indexed by level: no level 0
            *(
                tuple(
                    sign * _hand_value(law, level, symbol, x, side, tricks, counts, voids, False)
                    for x in range(plan.top_x + 1)
                )
                for level in range(1, top + 1)
            ),
        )
    return got


class _AuctionTree:
    """Backward induction over the auction between the two sides, for one opening strain.

    The four players call in rotation, so the sides alternate; a side's two players want the
    same thing, so the game is played by sides. A node is ``(k, s, x, a, p)``: declaration
    ``k`` by side ``s`` stands doubled ``x`` times, side ``a`` is to call after ``p`` passes;
    the third pass ends the auction (Law 45). The side to call passes, bids higher, doubles an
    adverse undoubled declaration or redoubles its own doubled one (Law 54). Values are
    North-South's points; North-South maximise, East-West minimise.

    ``final[s][k][x]`` is North-South's points when declaration ``k`` by ``s`` stands doubled
    ``x`` times; ``root[s][k]`` the value of node ``(k, s, 0, 1 - s, 0)``, just after side
    ``s`` bid ``k``; ``best[a][k]`` the best side ``a`` can do by bidding some declaration
    ``>= k`` (``_NEG`` or ``_POS`` past the last one: that bid does not exist, and a value
    that no option can reach never ties with one).
    """

    def __init__(
        self,
        final: list[list[tuple[int, ...]]],
        symbols: list[str],
        top_x: int,
        below: int,
        above: _AuctionTree | None = None,
    ) -> None:
        """Solve declarations ``below`` and lower; those higher are ``above``'s (the same)."""
        self.final, self.symbols, self.top_x = final, symbols, top_x
        n = len(final[0])
        if above is None:
            self.root = [[0] * n, [0] * n]
            self.best = [[_NEG] * (n + 1), [_POS] * (n + 1)]
        else:
            self.root = [above.root[0][:], above.root[1][:]]
            self.best = [above.best[0][:], above.best[1][:]]
        self._blocks: dict[tuple[int, int], list[list[list[int]]]] = {}
        self._finals: dict[tuple[int, ...], frozenset[tuple[int, int, int]]] = {}
        self._bids: dict[tuple[int, int, int], frozenset[tuple[int, int, int]]] = {}
        r0, r1 = self.root
        best0, best1 = self.best
        f0, f1 = final
        root = _root_two if top_x == 2 else self._root_any
        for k in range(below, -1, -1):
            b0, b1 = best0[k + 1], best1[k + 1]
            here0 = r0[k] = root(f0[k], 0, b0, b1)
            here1 = r1[k] = root(f1[k], 1, b0, b1)
            best0[k] = max(b0, here0)
            best1[k] = min(b1, here1)

    def _root_any(self, f: tuple[int, ...], s: int, b0: int, b1: int) -> int:
        return _block(f, s, b0, b1, self.top_x)[0][1 - s][0]

    def block(self, k: int, s: int) -> list[list[list[int]]]:
        """North-South's value ``v[x][a][p]`` at each node ``(k, s, x, a, p)``."""
        block = self._blocks.get((k, s))
        if block is None:
            f, b0, b1 = self.final[s][k], self.best[0][k + 1], self.best[1][k + 1]
            if self.top_x == 2:
                block = _block_two(f, s, b0, b1)
            else:
                block = _block(f, s, b0, b1, self.top_x)
            self._blocks[k, s] = block
        return block

    def t(self, s: int, k: int) -> int:
        """Value for side ``s`` (its points) once it has bid ``k`` and the other side calls."""
        value = self.root[s][k]
        return value if s == 0 else -value

    def finals(self, k: int, s: int, x: int, a: int, p: int) -> frozenset[tuple[int, int, int]]:
        """Final contracts ``(side, bid, doublings)`` of the par lines from a node.

        Among equally good calls a side passes, doubles or redoubles rather than bids (a bid
        that gains nothing is not made), and bids only the lowest declaration of each
        denomination that does best. The lines depend only on the values, so trees shared by
        several opening strains share them too (the caller labels them with the opening).
        """
        key = (k, s, x, a, p)
        got = self._finals.get(key)
        if got is None:
            got = self._finals[key] = self._lines(k, s, x, a, p)
        return got

    def _lines(self, k: int, s: int, x: int, a: int, p: int) -> frozenset[tuple[int, int, int]]:
        v = self.block(k, s)
        target = v[x][a][p]
        out: frozenset[tuple[int, int, int]] = frozenset()
        calm = False  # some pass or double is as good as the node (a bid is made only if not)
        if (self.final[s][k][x] if p == 2 else v[x][1 - a][p + 1]) == target:
            calm = True
            out = frozenset({(s, k, x)}) if p == 2 else self.finals(k, s, x, 1 - a, p + 1)
        if x < self.top_x and (x == 0) == (a != s) and v[x + 1][1 - a][0] == target:
            calm = True
            out |= self.finals(k, s, x + 1, 1 - a, 0)
        return out if calm else self.bids_from(a, k + 1, target)

    def bids_from(self, a: int, start: int, target: int) -> frozenset[tuple[int, int, int]]:
        """Par lines where side ``a`` bids a declaration ``>= start`` worth ``target``."""
        key = (a, start, target)
        got = self._bids.get(key)
        if got is None:
            out: frozenset[tuple[int, int, int]] = frozenset()
            symbols: set[str] = set()
            roots = self.root[a]
            for k2 in range(start, len(roots)):
                if roots[k2] == target and self.symbols[k2] not in symbols:
                    symbols.add(self.symbols[k2])
                    out |= self.finals(k2, a, 0, 1 - a, 0)
            got = self._bids[key] = out
        return got


def _block(f: tuple[int, ...], s: int, b0: int, b1: int, top_x: int) -> list[list[list[int]]]:
    """``v[x][a][p]``: every node of declaration ``k`` by side ``s`` (``f[x]`` its final
    values, ``b0``/``b1`` each side's best higher bid): the induction of :class:`_AuctionTree`
    node by node, every node whether an auction reaches it or not."""
    v = [[[0] * 3 for _ in (0, 1)] for _ in range(top_x + 1)]
    bid = (b0, b1)
    for x in range(top_x, -1, -1):
        here = v[x]
        for p in (2, 1, 0):
            for a in (0, 1):
                value = f[x] if p == 2 else here[1 - a][p + 1]  # pass
                options = [value, bid[a]]
                if x < top_x and (x == 0) == (a != s):  # double an adversary, redouble one's own
                    options.append(v[x + 1][1 - a][0])
                here[a][p] = max(options) if a == 0 else min(options)
    return v


def _block_two(f: tuple[int, ...], s: int, b0: int, b1: int) -> list[list[list[int]]]:
    """:func:`_block` for two doublings at most, along the only nodes the auction reaches.

    After side ``s`` bids, the other side calls first; a double gives the first call to
    ``s``, a redouble back to the other side, and at each doubling the three closing passes
    go round from there. The first and third callers of a round may double (the adversary,
    undoubled) or redouble (the declarer's side, doubled); the second caller is the other
    side and may not. Each line is one node: its side's best of passing, doubling and
    bidding higher. The nodes no auction reaches are left at 0 and never read.
    """
    o = 1 - s
    mine, theirs = (max, min) if s == 0 else (min, max)  # North-South maximise
    bs, bo = (b0, b1) if s == 0 else (b1, b0)
    v = [[[0] * 3 for _ in (0, 1)] for _ in range(3)]
    v[2][o][2] = n = theirs(f[2], bo)  # redoubled: the other side, s, the other side
    v[2][s][1] = n = mine(n, bs)
    v[2][o][0] = redoubled = theirs(n, bo)
    v[1][s][2] = n = mine(f[1], redoubled, bs)  # doubled: s (may redouble), other, s
    v[1][o][1] = n = theirs(n, bo)
    v[1][s][0] = doubled = mine(n, redoubled, bs)
    v[0][o][2] = n = theirs(f[0], doubled, bo)  # undoubled: other (may double), s, other
    v[0][s][1] = n = mine(n, bs)
    v[0][o][0] = theirs(n, doubled, bo)
    return v


def _root_two(f: tuple[int, ...], s: int, b0: int, b1: int) -> int:
    """``_block_two(f, s, b0, b1)[0][1 - s][0]``, the same lines without storing the nodes
    (the backward induction needs only this one)."""
    mine, theirs = (max, min) if s == 0 else (min, max)
    bs, bo = (b0, b1) if s == 0 else (b1, b0)
    redoubled = theirs(mine(theirs(f[2], bo), bs), bo)
    doubled = mine(theirs(mine(f[1], redoubled, bs), bo), redoubled, bs)
    return theirs(mine(theirs(f[0], doubled, bo), bs), doubled, bo)


def _opening_strain(law: LawSet, strain: int) -> int | None:
    if strain == Strain.NOTRUMP and not law.play.declarer_rule_applies_to_notrump:
        return None
    return strain


def auction_par(
    law: LawSet, table: Sequence[Sequence[int]], deal: Deal, dealer: int
) -> HistoricalPar:
    """Par under a law set with value-ordered bidding (Auction Bridge (1912)); see the module."""
    plan: _AuctionPlan = _per_law(_PLANS, law, lambda: _AuctionPlan.of(law))
    bids, top_x = plan.bids, plan.top_x
    d = dealer & 1
    holdings = [honour_holdings(deal, st) for st in range(5)]
    n = len(bids)
    # Each side declares each strain from its hand that takes more tricks (Law 46) ...
    final: list[list[tuple[int, ...]]] = [[()] * n, [()] * n]
    for s in (0, 1):
        out = final[s]
        for symbol, strain, ks in plan.symbols:
            row = _row(
                law, plan, symbol, s, max(table[strain][s], table[strain][s + 2]), holdings[strain]
            )
            for k, level in ks:
                out[k] = row[level]
    one_spade = bids[0][:2] == (1, "S")

    def dealer_plays(out: list[tuple[int, ...]], strain: int | None) -> None:
        """``out`` (the dealer's side's finals) with the dealer declaring ``strain``, and the
        dealer's original One Spade (Law 48) at bid 0, which only the dealer can make."""
        for symbol, st, ks in plan.symbols:
            if st == strain:
                row = _row(law, plan, symbol, d, table[st][dealer], holdings[st])
                for k, level in ks:
                    out[k] = row[level]
        if one_spade:
            strain0 = bids[0][2]
            declarer = auction_declarers(table, strain0, d, dealer, strain)[0]
            counts, voids = holdings[strain0]
            sign = 1 if d == 0 else -1
            out[0] = tuple(
                sign * _hand_value(law, 1, "S", x, d, table[strain0][declarer], counts, voids, True)
                for x in range(top_x + 1)
            )

    dealer_plays(final[d], None)
    shared = _AuctionTree(final, plan.symbol_of, top_x, n - 1)
    # ... except the strain of the dealer's compulsory opening, which the dealer plays: the
    # tree differs from the shared one only where he takes fewer tricks than his partner.
    trees: dict[int | None, _AuctionTree] = {}
    for opening in set(plan.opening_of):
        tree = shared
        if opening is not None:
            a, b = table[opening][d], table[opening][d + 2]
            if table[opening][dealer] < max(a, b):
                mine = final[d][:]
                dealer_plays(mine, opening)
                own = [mine, final[1]] if d == 0 else [final[0], mine]
                below = plan.top_of_strain[opening]
                tree = _AuctionTree(own, plan.symbol_of, top_x, below, shared)
        trees[opening] = tree
    # The dealer's compulsory opening (Law 42): any declaration; it fixes `opening`.
    openings = plan.opening_of
    best_value = max(trees[opening].t(d, k) for k, opening in enumerate(openings))
    outcomes: set[tuple[int, int, int, int | None]] = set()
    symbols: set[str] = set()
    for k, opening in enumerate(openings):  # as at every bid: the lowest best opening of each
        tree = trees[opening]  # denomination
        if tree.t(d, k) == best_value and bids[k][1] not in symbols:
            symbols.add(bids[k][1])
            outcomes.update((*line, opening) for line in tree.finals(k, d, 0, 1 - d, 0))
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
