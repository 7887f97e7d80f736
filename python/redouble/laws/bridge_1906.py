"""Bridge ("bridge whist") after J. B. Elwell's club code of 1906 (seed 003), with seed 004.

The dealer names the trump (or no-trump) or passes the make to his partner; there is no
bidding. The side winning more than six tricks scores them, doubling is unlimited (x2 per
doubling), honours go to their holders, a revoke costs three tricks, and a rubber is worth
100. Where seed 003 is missing a law (L4 trick values, L6 honours table, L9 chicane), the
values come from the period texts catalogued in ``lawsets.md`` §3 and are cited as such.

``BRIDGE_ELWELL_1907`` is the same game with the 1907 text of the dealing laws (seed 004):
one extra compulsory new-deal ground, "the last card does not reach the dealer".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from redouble.cards import Strain
from redouble.laws import (
    BidOrder,
    ChicaneRules,
    CuttingRules,
    DealingRules,
    Declaration,
    DeclarerRule,
    DoublingRules,
    Flags,
    GameRules,
    HonoursRules,
    LawSet,
    PlayRules,
    RubberRules,
    SlamRules,
    SpadeConvention,
    TrickScoring,
    TrickTransferRevoke,
)

__all__ = ["BUILDERS", "HISTORICAL_HONOUR_KEYS", "NEW_DEAL_GROUNDS_1906", "build", "build_1907"]

_TV = (
    "seed 003 L4 missing; [external: Elwell, Laws of Bridge revised 1907, L4; "
    "Portland/Turf 1905 L4] (lawsets.md §3.3, §8 #3)"
)

HISTORICAL_HONOUR_KEYS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((3, 2), (3, 3)),
    ((4, 2), (4, 3)),
    ((5, 3),),
    ((4, 4),),
    ((5, 4),),
    ((5, 5),),
)
"""The six rows of the historical honours table as (side count, most in one hand) keys:
3 honours, 4 divided, 5 divided, 4 in one hand, 4 in one hand + 5th, 5 in one hand."""

NEW_DEAL_GROUNDS_1906: tuple[str, ...] = (
    "a: cards not dealt into four packets, one at a time, in rotation from the dealer's left",
    "b: the pack proven incorrect or imperfect during the deal or the play",
    "c: any card faced in the pack",
    "d: any player dealt more than thirteen cards",
    "e: the dealer deals two cards at once and then a third before correcting",
    "f: the pack not cut, pointed out before the deal is complete and before looking",
)
"""Compulsory new-deal grounds of seed 003 L38 a-f."""


def _honour_table(units: tuple[int, ...]) -> dict[tuple[int, int], int]:
    return {
        key: unit for keys, unit in zip(HISTORICAL_HONOUR_KEYS, units, strict=True) for key in keys
    }


def build(flags: Flags) -> LawSet:
    """Build the Bridge 1906 law set under ``flags``."""
    grounds = NEW_DEAL_GROUNDS_1906
    dealing_source = "seed 003 L37, L38 a-f, L42"
    name, title = "BRIDGE_ELWELL_1906", "Bridge (bridge whist), Elwell's club code, 1906"
    aliases: tuple[str, ...] = ("bridge_1906", "bridge", "bridge_whist", "elwell_1906")
    seeds: tuple[str, ...] = ("003", "004")
    if flags.bridge_1907_dealing:
        grounds = (*grounds, "g: the last card does not reach the dealer in regular order")
        dealing_source = "seed 004 (Elwell 1907, The Deal, new deal a-g); seed 003 L37, L42"
        name, title = "BRIDGE_ELWELL_1907", "Bridge, Elwell's Laws of Bridge revised 1907"
        aliases = ("bridge_1907", "elwell_1907")
    return LawSet(
        name=name,
        title=title,
        aliases=aliases,
        seeds=seeds,
        irregularity_code="bridge",
        declarations=(
            Declaration(symbol="S", name="spades", strain=Strain.SPADES, trick_value=2, source=_TV),
            Declaration(symbol="C", name="clubs", strain=Strain.CLUBS, trick_value=4, source=_TV),
            Declaration(
                symbol="D", name="diamonds", strain=Strain.DIAMONDS, trick_value=6, source=_TV
            ),
            Declaration(symbol="H", name="hearts", strain=Strain.HEARTS, trick_value=8, source=_TV),
            Declaration(
                symbol="NT",
                name="no trump",
                strain=Strain.NOTRUMP,
                trick_value=12,
                source=_TV,
                aliases=("N", "notrump", "no-trump", "no trumps"),
            ),
        ),
        bid_order=BidOrder.NONE,
        trick_scoring=TrickScoring.MAJORITY,
        doubling=DoublingRules(
            max_doublings=flags.bridge_max_doublings,
            multiplier=2,
            doublers=(
                "adversaries: eldest hand first, else his partner after 'May I lead?'; "
                "the maker redoubles first, then his partner; the original doubler doubles again"
            ),
            may_double_partner=False,
            reopens_bidding=False,
            dealer_who_saw_dummy_may_redouble=True,
            sources={
                "max_doublings": "seed 003 L50, L54 ('and so on'); L55, L57, L58 missing "
                "[assumed: flag bridge_max_doublings=None] (lawsets.md §3.2, §8 #14)",
                "multiplier": "seed 003 L50 (doubled, quadrupled, and so on)",
                "doublers": "seed 003 L52, L53; L51 [external: partyfass.cc, Elwell 1907]",
                "may_double_partner": "seed 003 L51-53 (only the adversaries double the make)",
                "reopens_bidding": "seed 003 L45 (no bidding in Bridge)",
                "dealer_who_saw_dummy_may_redouble": "seed 003 L52 (no restriction in four-handed)",
            },
        ),
        honours=HonoursRules(
            trump=_honour_table(flags.bridge_honour_units),
            notrump={(3, 2): 30, (3, 3): 30, (4, 2): 40, (4, 3): 40, (4, 4): 100},
            trump_scale="trick_value",
            credited_to="original holders",
            sources={
                "trump": "seed 003 L5 (A K Q J 10 of trumps); L6 (table missing); rows 3/4/5 "
                "[external: Elwell's table, ektab.com]; rows 8/9/10 [external: seed 002 L6, "
                "Foster] [assumed for Bridge: flag bridge_honour_units] (lawsets.md §3.4, §8 #4)",
                "notrump": "seed 003 L5 (the aces at no trump); [external: Elwell's table of "
                "honours, ektab.com] (lawsets.md §3.4)",
                "trump_scale": "seed 003 L6, L10 (valued in tricks, not affected by doubling)",
                "credited_to": "seed 003 L6 ('credited to the original holders')",
            },
        ),
        chicane=ChicaneRules(
            single_units=2,
            double_units=4,
            both_sides=flags.chicane_both_sides,
            sources={
                "single_units": "seed 003 L9 missing; [external: Elwell L9, novelzec.com] "
                "(three honours, add or deduct) (lawsets.md §3.5)",
                "double_units": "[external: Elwell L9; ektab.com Elwell 1907] (four honours)",
                "both_sides": "[assumed: flag chicane_both_sides] (lawsets.md §3.5)",
            },
        ),
        slam=SlamRules(
            grand=40,
            little=20,
            either_side=True,
            requires_contract=False,
            revoking_side_barred=False,
            sources={
                "grand": "seed 003 L7",
                "little": "seed 003 L8",
                "either_side": "seed 003 L7, L8 (counted on tricks won, not on the make)",
                "requires_contract": "seed 003 L45 (no contract in Bridge)",
                "revoking_side_barred": "seed 003 L7, L96 (penalty tricks excluded instead) "
                "[assumed formula: tricks won in play less tricks lost] (lawsets.md §3.6)",
            },
        ),
        undertricks=None,
        doubled_bonus=None,
        revoke=TrickTransferRevoke(
            tricks_per_revoke=3,
            max_total_tricks=13,
            transfer_limit=flags.bridge_revoke_transfer_limit,
            revoking_side_game_cap=28,
            both_revoke_game_cap=flags.bridge_both_revoke_cap,
            penalty_tricks_count_for_slam=False,
            sources={
                "tricks_per_revoke": "seed 003 L87; L85 (the penalty takes precedence of all "
                "other counts)",
                "max_total_tricks": "seed 003 L96",
                "transfer_limit": "[assumed: flag bridge_revoke_transfer_limit] (lawsets.md §3.7)",
                "revoking_side_game_cap": "seed 003 L89",
                "both_revoke_game_cap": "seed 003 L95 [assumed: flag bridge_both_revoke_cap]",
                "penalty_tricks_count_for_slam": "seed 003 L7",
            },
        ),
        game=GameRules(
            threshold=30,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": "seed 003 L2",
                "partscore_reset_on_game": "[assumed: flag partscore_reset_on_game] "
                "(lawsets.md §2)",
                "single_game_bonus": "seed 003 L11 (a bonus for the rubber only)",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 100, 1: 100},
            unfinished_game=None,
            unfinished_partscore=None,
            sources={
                "games_to_win": "seed 003 L1",
                "bonus": "seed 003 L11",
                "unfinished_game": "seed 003 (no rule for an unfinished rubber)",
                "unfinished_partscore": "seed 003 (no rule for an unfinished rubber)",
            },
        ),
        premiums=None,
        chicago=None,
        tally=None,
        # The Spade Convention is a house agreement: no convention unless the players agree.
        spade_convention=None
        if not flags.spade_convention_agreed
        else SpadeConvention(
            declaration="S",
            min_score_to_play=20,
            only_if_undoubled=True,
            unplayed_score=flags.spade_convention_unplayed_score,
            premature_play_option_points=2,
            sources={
                "declaration": "seed 003 Spade Convention I",
                "min_score_to_play": "seed 003 Spade Convention I (20 or over)",
                "only_if_undoubled": "seed 003 Spade Convention I",
                "unplayed_score": "[assumed: flag spade_convention_unplayed_score] "
                "(lawsets.md §3.9, §8 #19)",
                "premature_play_option_points": "seed 003 Spade Convention II (two on the score)",
            },
        ),
        compulsory_dummy=None,
        cutting=CuttingRules(
            ace_low=True,
            tie_suit_order=(),
            several_exposed="recut",
            lowest_deals=True,
            sources={
                "ace_low": "seed 003 L14",
                "tie_suit_order": "seed 003 L19, L20 (equal cards re-cut)",
                "several_exposed": "seed 003 L16",
                "lowest_deals": "seed 003 L18 missing; [external: Elwell's description, "
                "clyx.com] (lawsets.md §3.1, §8 #7)",
            },
        ),
        dealing=DealingRules(
            new_deal_grounds=grounds,
            misdeal_same_dealer=True,
            sources={
                "new_deal_grounds": dealing_source,
                "misdeal_same_dealer": "seed 003 L37 ('there is no misdeal'), L42",
            },
        ),
        play=PlayRules(
            declarer=DeclarerRule.DEALER,
            opening_leader="eldest_hand",
            dealer_must_bid=False,
            dealer_may_pass_make_to_partner=True,
            max_level=None,
            passes_to_close=None,
            declarer_rule_applies_to_notrump=True,
            sources={
                "declarer": "seed 003 L61; glossary 'Dummy'",
                "opening_leader": "seed 003 L61 (eldest hand leads)",
                "dealer_must_bid": "seed 003 L45 (dealer makes or passes to partner)",
                "dealer_may_pass_make_to_partner": "seed 003 L45 a, b",
                "max_level": "seed 003 L45 (no levels)",
                "passes_to_close": "seed 003 L45 (no auction)",
                "declarer_rule_applies_to_notrump": "seed 003 L61 (dealer plays any make)",
            },
        ),
        flags=flags,
        sources={
            "bid_order": "seed 003 L45 (no bidding)",
            "trick_scoring": "seed 003 L2, L3, L50; [external: Elwell's scoring chapter, "
            "ektab.com] (lawsets.md §3.3)",
            "declarations": _TV,
        },
    )


def build_1907(flags: Flags) -> LawSet:
    """Build Bridge with the 1907 dealing laws (seed 004): Bridge 1906 with the 1907 flag set."""
    return build(dataclasses.replace(flags, bridge_1907_dealing=True))


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {
    "BRIDGE_ELWELL_1906": build,
    "BRIDGE_ELWELL_1907": build_1907,
}
"""Law-set builders this module registers, by canonical name."""
