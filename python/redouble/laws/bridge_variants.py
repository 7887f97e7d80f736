"""The variants of Bridge described in Bridge (Elwell, 1906): three-handed, duplicate and progressive.

All three score each hand exactly as Bridge 1906; they differ in who may
double, in bonuses, and in how deals are totalled. Three-handed Bridge also has a compulsory
declaration for dummy, chosen by :func:`compulsory_declaration`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from redouble._check import as_index
from redouble.cards import CardSet, Suit
from redouble.laws import (
    CompulsoryDummyRules,
    Declaration,
    DoublingRules,
    Flags,
    GameRules,
    LawSet,
    LawSetError,
    RubberRules,
    TallyRules,
)
from redouble.laws.bridge_1906 import build as _build_bridge

__all__ = [
    "BUILDERS",
    "build_duplicate",
    "build_progressive",
    "build_three_handed",
    "compulsory_declaration",
]

_T3 = "Bridge (Elwell, 1906), Bridge for Three Players"


def build_three_handed(flags: Flags) -> LawSet:
    """Build Bridge for three players: permanent dummy, leader-only double, bonuses 100/50."""
    base = _build_bridge(dataclasses.replace(flags, bridge_1907_dealing=False))
    doubling = DoublingRules(
        max_doublings=flags.bridge_max_doublings,
        multiplier=2,
        doublers="the leader (eldest hand) only",
        may_double_partner=False,
        reopens_bidding=False,
        dealer_who_saw_dummy_may_redouble=False,
        sources={
            **base.doubling.sources,
            "doublers": f"{_T3} ('Only one adversary, the leader, can double')",
            "dealer_who_saw_dummy_may_redouble": f"{_T3} ('If the dealer has seen the two "
            "hands, he is not allowed to re-double')",
        },
    )
    return dataclasses.replace(
        base,
        name="BRIDGE_THREE_HANDED",
        title="Bridge for three players (Elwell, 1906)",
        aliases=("bridge_three_handed", "three_handed", "bridge_3", "three_handed_bridge"),
        seeds=("003",),
        doubling=doubling,
        game=GameRules(
            threshold=30,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=50,
            sources={
                "threshold": "Bridge (Elwell, 1906), Law 2",
                "partscore_reset_on_game": "[redouble's decision: flag partscore_reset_on_game]",
                "single_game_bonus": f"{_T3} ('In playing games, 50 points are added')",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 100, 1: 100},
            unfinished_game=None,
            unfinished_partscore=None,
            sources={
                "games_to_win": "Bridge (Elwell, 1906), Law 1",
                "bonus": f"{_T3} ('In playing rubbers, 100 points are added')",
                "unfinished_game": "Bridge (Elwell, 1906): no rule",
                "unfinished_partscore": "Bridge (Elwell, 1906): no rule",
            },
        ),
        tally=TallyRules(
            kind="three_handed",
            netting=None,
            credit=None,
            settlement=flags.three_handed_settlement,
            sources={
                "kind": _T3,
                "netting": f"{_T3} (no duplicate netting)",
                "credit": f"{_T3} (sides, not individuals, score)",
                "settlement": "[redouble's decision: flag three_handed_settlement]",
            },
        ),
        compulsory_dummy=CompulsoryDummyRules(
            notrump_min_aces=3,
            spot_values={"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10},
            tie_break="higher trick value",
            sources={
                "notrump_min_aces": f"{_T3} ('four aces or three aces constitute a compulsory "
                "no-trump')",
                "spot_values": f"{_T3} ('the ace counting eleven and the other honours ten "
                "each'; other cards at face value)",
                "tie_break": f"{_T3} ('the one having the higher trick valuation')",
            },
        ),
    )


def build_duplicate(flags: Flags) -> LawSet:
    """Build Duplicate Bridge: Bridge hand scores totalled as points, no games or rubbers."""
    base = _build_bridge(dataclasses.replace(flags, bridge_1907_dealing=False))
    return dataclasses.replace(
        base,
        name="BRIDGE_DUPLICATE",
        title="Duplicate Bridge (Elwell, 1906)",
        aliases=("bridge_duplicate", "duplicate_bridge"),
        seeds=("003",),
        game=None,
        rubber=None,
        spade_convention=None,
        tally=TallyRules(
            kind="duplicate",
            netting=flags.duplicate_netting,
            credit=None,
            settlement=None,
            sources={
                "kind": "Bridge (Elwell, 1906), Duplicate Bridge ('played for points, not games or rubbers')",
                "netting": "[redouble's decision: flag duplicate_netting]",
                "credit": "Bridge (Elwell, 1906), Duplicate Bridge (sides score)",
                "settlement": "Bridge (Elwell, 1906), Duplicate Bridge (no settlement rule)",
            },
        ),
    )


def build_progressive(flags: Flags) -> LawSet:
    """Build Progressive Bridge: a stated number of hands, individual won/lost/net points."""
    base = _build_bridge(dataclasses.replace(flags, bridge_1907_dealing=False))
    return dataclasses.replace(
        base,
        name="BRIDGE_PROGRESSIVE",
        title="Progressive Bridge (Elwell, 1906)",
        aliases=("bridge_progressive", "progressive_bridge"),
        seeds=("003",),
        game=None,
        rubber=None,
        spade_convention=None,
        tally=TallyRules(
            kind="progressive",
            netting=None,
            credit=flags.progressive_credit,
            settlement=None,
            sources={
                "kind": "Bridge (Elwell, 1906), Progressive Bridge ('without regard to games or rubbers')",
                "netting": "Bridge (Elwell, 1906), Progressive Bridge (individual scores)",
                "credit": "Bridge (Elwell, 1906), Progressive Bridge (points won less points lost) "
                "[redouble's decision: flag progressive_credit]",
                "settlement": "Bridge (Elwell, 1906), Progressive Bridge (best net score wins)",
            },
        ),
    )


_RANK_CHARS = "23456789TJQKA"


def compulsory_declaration(law_set: LawSet | str, hand: int | CardSet) -> Declaration:
    """Return the declaration dummy must make when the make is passed to him.

    ``law_set`` is a :class:`LawSet` or its name; ``hand`` is dummy's hand, a
    :class:`~redouble.cards.CardSet` or its 52-bit card mask (bit ``suit * 13 + rank``). Three
    or four aces make no-trump; otherwise the longest suit; equal lengths go to the higher spot
    count (ace 11, other honours 10, the rest face value), then to the higher trick value.

    Raises:
        LawSetError: no law set has that name, or it has no compulsory dummy declaration.
        RedoubleError: `hand` is a mask of more than 52 bits, or negative.
        TypeError: `law_set` or `hand` is of a wrong type.
    """
    from redouble.laws import get  # at run time: the laws package imports this module

    law_set = get(law_set)
    hand = hand.mask if isinstance(hand, CardSet) else as_index(hand, "hand", 0, (1 << 52) - 1)
    rules = law_set.compulsory_dummy
    if rules is None:
        raise LawSetError(f"{law_set.short_title} has no compulsory declaration for dummy")
    holdings = [(hand >> (13 * suit)) & 0x1FFF for suit in Suit]
    aces = sum(1 for holding in holdings if holding >> 12 & 1)
    if aces >= rules.notrump_min_aces:
        return next(d for d in law_set.declarations if d.is_notrump)

    def spots(holding: int) -> int:
        total = 0
        for rank, char in enumerate(_RANK_CHARS):
            if holding >> rank & 1:
                total += rules.spot_values.get(char, rank + 2)
        return total

    def key(decl: Declaration) -> tuple[int, int, int]:
        holding = holdings[int(decl.strain)]
        return (holding.bit_count(), spots(holding), decl.trick_value)

    suits = [d for d in law_set.declarations if not d.is_notrump]
    return max(suits, key=key)


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {
    "BRIDGE_THREE_HANDED": build_three_handed,
    "BRIDGE_DUPLICATE": build_duplicate,
    "BRIDGE_PROGRESSIVE": build_progressive,
}
"""Law-set builders this module registers, by canonical name."""
