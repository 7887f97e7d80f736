"""Bridge ("bridge whist") after J. B. Elwell's club code of 1906 (Elwell, 1906), with Bridge (Elwell, 1907).

The dealer names the trump (or no-trump) or passes the make to his partner; there is no
bidding. The side winning more than six tricks scores them, doubling is unlimited (x2 per
doubling), honours go to their holders, a revoke costs three tricks, and a rubber is worth
100. Where Bridge (Elwell, 1906) is missing a law (Law 4 trick values, Law 6 honours table, Law 9 chicane), the
values come from other period texts, and each citation names them.

``BRIDGE_ELWELL_1907`` is the same game with the 1907 text of the dealing laws (Elwell, 1907):
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
    "Bridge (Elwell, 1906), Law 4: not in our copy of the 1906 code; values from Elwell's 1907 "
    "revision of the laws and the Portland Club code of 1905"
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
"""Compulsory new-deal grounds of Bridge (Elwell, 1906), Law 38 (a-f)."""


def _honour_table(units: tuple[int, ...]) -> dict[tuple[int, int], int]:
    return {
        key: unit for keys, unit in zip(HISTORICAL_HONOUR_KEYS, units, strict=True) for key in keys
    }


def build(flags: Flags) -> LawSet:
    """Build the Bridge 1906 law set under ``flags``."""
    grounds = NEW_DEAL_GROUNDS_1906
    dealing_source = "Bridge (Elwell, 1906), Laws 37, 38 (a-f), 42"
    name, title = "BRIDGE_ELWELL_1906", "Bridge (bridge whist), Elwell's club code, 1906"
    aliases: tuple[str, ...] = ("bridge_1906", "bridge", "bridge_whist", "elwell_1906")
    seeds: tuple[str, ...] = ("003", "004")
    if flags.bridge_1907_dealing:
        grounds = (*grounds, "g: the last card does not reach the dealer in regular order")
        dealing_source = (
            "Bridge (Elwell, 1907), The Deal; A New Deal (a-g); Bridge (Elwell, 1906), Laws 37, 42"
        )
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
                "max_doublings": "Bridge (Elwell, 1906), Laws 50, 54 ('and so on'); Laws 55, 57, 58 (not in our copy) "
                "[redouble's decision: flag bridge_max_doublings=None]",
                "multiplier": "Bridge (Elwell, 1906), Law 50 (doubled, quadrupled, and so on)",
                "doublers": "Bridge (Elwell, 1906), Laws 52, 53; Law 51 [Elwell's 1907 revision]",
                "may_double_partner": "Bridge (Elwell, 1906), Laws 51-53 (only the adversaries double the make)",
                "reopens_bidding": "Bridge (Elwell, 1906), Law 45 (no bidding in Bridge)",
                "dealer_who_saw_dummy_may_redouble": "Bridge (Elwell, 1906), Law 52 (no restriction in four-handed)",
            },
        ),
        honours=HonoursRules(
            trump=_honour_table(flags.bridge_honour_units),
            notrump={(3, 2): 30, (3, 3): 30, (4, 2): 40, (4, 3): 40, (4, 4): 100},
            trump_scale="trick_value",
            credited_to="original holders",
            sources={
                "trump": "Bridge (Elwell, 1906), Law 5 (A K Q J 10 of trumps); Law 6 (table missing); rows 3/4/5 "
                "[Elwell's table of honours in the same book]; rows 8/9/10 [Auction Bridge (1912), Law 6, and R. F. "
                "Foster's Complete Hoyle] [redouble's decision for Bridge: flag bridge_honour_units]",
                "notrump": "Bridge (Elwell, 1906), Law 5 (the aces at no trump); [Elwell's table of "
                "honours in the same book]",
                "trump_scale": "Bridge (Elwell, 1906), Laws 6, 10 (valued in tricks, not affected by doubling)",
                "credited_to": "Bridge (Elwell, 1906), Law 6 ('credited to the original holders')",
            },
        ),
        chicane=ChicaneRules(
            single_units=2,
            double_units=4,
            both_sides=flags.chicane_both_sides,
            sources={
                "single_units": "Bridge (Elwell, 1906), Law 9 (not in our copy); [Law 9 as another printing of the same book gives it] "
                "(three honours, add or deduct)",
                "double_units": "[Bridge (Elwell, 1906), Law 9, as another printing of the book and Elwell's 1907 revision give it] (four honours)",
                "both_sides": "[redouble's decision: flag chicane_both_sides]",
            },
        ),
        slam=SlamRules(
            grand=40,
            little=20,
            either_side=True,
            requires_contract=False,
            revoking_side_barred=False,
            sources={
                "grand": "Bridge (Elwell, 1906), Law 7",
                "little": "Bridge (Elwell, 1906), Law 8",
                "either_side": "Bridge (Elwell, 1906), Laws 7, 8 (counted on tricks won, not on the make)",
                "requires_contract": "Bridge (Elwell, 1906), Law 45 (no contract in Bridge)",
                "revoking_side_barred": "Bridge (Elwell, 1906), Laws 7, 96 (penalty tricks excluded instead) "
                "[redouble's decision, formula: tricks won in play less tricks lost]",
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
                "tricks_per_revoke": "Bridge (Elwell, 1906), Law 87; Law 85 (the penalty takes precedence of all "
                "other counts)",
                "max_total_tricks": "Bridge (Elwell, 1906), Law 96",
                "transfer_limit": "[redouble's decision: flag bridge_revoke_transfer_limit]",
                "revoking_side_game_cap": "Bridge (Elwell, 1906), Law 89",
                "both_revoke_game_cap": "Bridge (Elwell, 1906), Law 95 [redouble's decision: flag bridge_both_revoke_cap]",
                "penalty_tricks_count_for_slam": "Bridge (Elwell, 1906), Law 7",
            },
        ),
        game=GameRules(
            threshold=30,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": "Bridge (Elwell, 1906), Law 2",
                "partscore_reset_on_game": "[redouble's decision: flag partscore_reset_on_game] ",
                "single_game_bonus": "Bridge (Elwell, 1906), Law 11 (a bonus for the rubber only)",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 100, 1: 100},
            unfinished_game=None,
            unfinished_partscore=None,
            sources={
                "games_to_win": "Bridge (Elwell, 1906), Law 1",
                "bonus": "Bridge (Elwell, 1906), Law 11",
                "unfinished_game": "Bridge (Elwell, 1906): no rule for an unfinished rubber",
                "unfinished_partscore": "Bridge (Elwell, 1906): no rule for an unfinished rubber",
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
                "declaration": "Bridge (Elwell, 1906), Spade Convention (I)",
                "min_score_to_play": "Bridge (Elwell, 1906), Spade Convention (I) (20 or over)",
                "only_if_undoubled": "Bridge (Elwell, 1906), Spade Convention (I)",
                "unplayed_score": "[redouble's decision: flag spade_convention_unplayed_score] ",
                "premature_play_option_points": "Bridge (Elwell, 1906), Spade Convention (II) (two on the score)",
            },
        ),
        compulsory_dummy=None,
        cutting=CuttingRules(
            ace_low=True,
            tie_suit_order=(),
            several_exposed="recut",
            lowest_deals=True,
            sources={
                "ace_low": "Bridge (Elwell, 1906), Law 14",
                "tie_suit_order": "Bridge (Elwell, 1906), Laws 19, 20 (equal cards re-cut)",
                "several_exposed": "Bridge (Elwell, 1906), Law 16",
                "lowest_deals": "Bridge (Elwell, 1906), Law 18 (not in our copy); [Elwell's description of "
                "cutting in the same book]",
            },
        ),
        dealing=DealingRules(
            new_deal_grounds=grounds,
            misdeal_same_dealer=True,
            sources={
                "new_deal_grounds": dealing_source,
                "misdeal_same_dealer": "Bridge (Elwell, 1906), Law 37 ('there is no misdeal'), Law 42",
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
                "declarer": "Bridge (Elwell, 1906), Law 61, Glossary ('Dummy')",
                "opening_leader": "Bridge (Elwell, 1906), Law 61 (eldest hand leads)",
                "dealer_must_bid": "Bridge (Elwell, 1906), Law 45 (dealer makes or passes to partner)",
                "dealer_may_pass_make_to_partner": "Bridge (Elwell, 1906), Law 45 (a, b)",
                "max_level": "Bridge (Elwell, 1906), Law 45 (no levels)",
                "passes_to_close": "Bridge (Elwell, 1906), Law 45 (no auction)",
                "declarer_rule_applies_to_notrump": "Bridge (Elwell, 1906), Law 61 (dealer plays any make)",
            },
        ),
        flags=flags,
        sources={
            "bid_order": "Bridge (Elwell, 1906), Law 45 (no bidding)",
            "trick_scoring": "Bridge (Elwell, 1906), Laws 2, 3, 50; [Elwell's chapter on "
            "scoring in the same book]",
            "declarations": _TV,
        },
    )


def build_1907(flags: Flags) -> LawSet:
    """Build Bridge with the 1907 dealing laws (Elwell, 1907): Bridge 1906 with the 1907 flag set."""
    return build(dataclasses.replace(flags, bridge_1907_dealing=True))


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {
    "BRIDGE_ELWELL_1906": build,
    "BRIDGE_ELWELL_1907": build_1907,
}
"""Law-set builders this module registers, by canonical name."""
