"""Auction Bridge (1912): the Whist Club of New York's code of November 1912.

The dealer must bid; bids rank by points (level x trick value, ties to more tricks, Law 44);
Royal Spades is a declaration worth 9 a trick that plays as spades. Only a successful
declarer scores toward game (all tricks over six, Law 47); undertricks are 50/100/200 (Law 47);
making a doubled contract earns 50 + 50 per overtrick, doubled if redoubled (Law 56); the
dealer's original One Spade loses at most 100 unless redoubled (Law 48); a revoke costs 150 or
three tricks at the declarer's choice, 100 for each further revoke (Laws 84, 89); a rubber is
worth 250 (Law 11). Laws 1-36 are known only from a Thai translation; Laws 37-97 are in both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from redouble.cards import Strain
from redouble.laws import (
    BidOrder,
    ChicaneRules,
    CuttingRules,
    DealingRules,
    Declaration,
    DeclarerRule,
    DoubledBonusRules,
    DoublingRules,
    Flags,
    GameRules,
    HonoursRules,
    LawSet,
    OneSpadeLimit,
    PlayRules,
    PointsRevoke,
    RubberRules,
    SlamRules,
    TrickScoring,
    UndertrickRules,
)
from redouble.laws.bridge_1906 import HISTORICAL_HONOUR_KEYS

__all__ = ["BUILDERS", "build"]

_L4 = "Auction Bridge (1912), Law 4 (Royal Spades: Auction Bridge (1912), Law 53, Case 2, Case 6; Auction Bridge (1912), Law 52)"


def build(flags: Flags) -> LawSet:
    """Build the Auction Bridge (WCNY, November 1912) law set under ``flags``."""
    units = (2, 4, 5, 8, 9, 10)
    return LawSet(
        name="AUCTION_WCNY_1912",
        title="Auction Bridge, Whist Club of New York, November 1912",
        aliases=("auction_1912", "auction", "auction_bridge", "wcny_1912", "auction 1912"),
        seeds=("000", "002"),
        irregularity_code="auction_1912",
        declarations=(
            Declaration(symbol="S", name="spades", strain=Strain.SPADES, trick_value=2, source=_L4),
            Declaration(symbol="C", name="clubs", strain=Strain.CLUBS, trick_value=6, source=_L4),
            Declaration(
                symbol="D", name="diamonds", strain=Strain.DIAMONDS, trick_value=7, source=_L4
            ),
            Declaration(symbol="H", name="hearts", strain=Strain.HEARTS, trick_value=8, source=_L4),
            Declaration(
                symbol="R",
                name="royal spades",
                strain=Strain.SPADES,
                trick_value=9,
                source=_L4,
                aliases=("royals", "royal", "RS"),
            ),
            Declaration(
                symbol="NT",
                name="no trump",
                strain=Strain.NOTRUMP,
                trick_value=10,
                source=_L4,
                aliases=("N", "notrump", "no-trump", "no trumps"),
            ),
        ),
        bid_order=BidOrder.VALUE_THEN_LEVEL,
        trick_scoring=TrickScoring.DECLARER_IF_MADE,
        doubling=DoublingRules(
            max_doublings=2,
            multiplier=2,
            doublers="either adversary of the declaration, in bidding rotation",
            may_double_partner=False,
            reopens_bidding=True,
            dealer_who_saw_dummy_may_redouble=True,
            sources={
                "max_doublings": "Auction Bridge (1912), Law 54 (doubled and redoubled once, not more)",
                "multiplier": "Auction Bridge (1912), Law 53 (doubles, redoubling quadruples)",
                "doublers": "Auction Bridge (1912), Laws 43, 54",
                "may_double_partner": "Auction Bridge (1912), Law 54; Case 6 (no penalty, no effect)",
                "reopens_bidding": "Auction Bridge (1912), Law 55",
                "dealer_who_saw_dummy_may_redouble": "Auction Bridge (1912), Law 59 (dummy exposed after the "
                "lead, no such restriction)",
            },
        ),
        honours=HonoursRules(
            trump={
                key: unit
                for keys, unit in zip(HISTORICAL_HONOUR_KEYS, units, strict=True)
                for key in keys
            },
            notrump={(3, 2): 30, (3, 3): 30, (4, 2): 40, (4, 3): 40, (4, 4): 100},
            trump_scale="trick_value",
            credited_to="original holders",
            sources={
                "trump": "Auction Bridge (1912), Law 5 (A K Q J 10 of trumps), Law 6 (2/4/5/8/9/10 tricks)",
                "notrump": "Auction Bridge (1912), Law 5 (the four aces at no trump), Law 6 (aces 30/40/100)",
                "trump_scale": "Auction Bridge (1912), Laws 6, 10 (tricks = undoubled trick value)",
                "credited_to": "Auction Bridge (1912), Law 6 (original holders)",
            },
        ),
        chicane=ChicaneRules(
            single_units=2,
            double_units=4,
            both_sides=flags.chicane_both_sides,
            sources={
                "single_units": "Auction Bridge (1912), Law 9 (value of simple honours, added or deducted)",
                "double_units": "Auction Bridge (1912), Law 9 (value of four honours, deducted)",
                "both_sides": "[redouble's decision: flag chicane_both_sides]",
            },
        ),
        slam=SlamRules(
            grand=40,
            little=20,
            either_side=True,
            requires_contract=flags.slam_requires_contract,
            revoking_side_barred=True,
            sources={
                "grand": "Auction Bridge (1912), Law 7",
                "little": "Auction Bridge (1912), Law 8",
                "either_side": "Auction Bridge (1912), Laws 7, 8 ('either side'); [R. F. Foster's Complete Hoyle]",
                "requires_contract": "[redouble's decision: flag slam_requires_contract]",
                "revoking_side_barred": "Auction Bridge (1912), Laws 7, 8 footnotes; Auction Bridge (1912), Law 84",
            },
        ),
        undertricks=UndertrickRules(
            schedule={
                (vulnerable, doublings): (value,)
                for vulnerable in (False, True)
                for doublings, value in ((0, 50), (1, 100), (2, 200))
            },
            one_spade_limit=OneSpadeLimit(
                cap=100,
                void_if_redoubled=True,
                includes_revoke=flags.one_spade_cap_includes_revoke,
                sources={
                    "cap": "Auction Bridge (1912), Law 48",
                    "void_if_redoubled": "Auction Bridge (1912), Law 48 ('unless redoubled')",
                    "includes_revoke": "[redouble's decision: flag one_spade_cap_includes_revoke] ",
                },
            ),
            sources={
                "schedule": "Auction Bridge (1912), Law 47 (50, doubled 100, redoubled 200 per undertrick; "
                "no vulnerability)",
                "one_spade_limit": "Auction Bridge (1912), Law 48",
            },
        ),
        doubled_bonus=DoubledBonusRules(
            base={1: 50, 2: 100},
            per_overtrick={1: 50, 2: 100},
            sources={
                "base": "Auction Bridge (1912), Law 56 (50; doubled if redoubled)",
                "per_overtrick": "Auction Bridge (1912), Law 56 (50 each; doubled if redoubled)",
            },
        ),
        revoke=PointsRevoke(
            declarer_side_points=150,
            defender_points=150,
            defender_tricks=3,
            extra_revoke_points=100,
            penalty_tricks_earn_bonus=flags.revoke_bonus_basis,
            penalty_tricks_count_for_slam=False,
            both_revoke_allow_nt_aces=flags.both_revoke_allow_nt_aces,
            sources={
                "declarer_side_points": "Auction Bridge (1912), Law 84 (a)",
                "defender_points": "Auction Bridge (1912), Law 84 (b)",
                "defender_tricks": "Auction Bridge (1912), Law 84 (b)",
                "extra_revoke_points": "Auction Bridge (1912), Laws 84 (c), 89 (scored by the other side)",
                "penalty_tricks_earn_bonus": "Auction Bridge (1912), Law 84 (b) [redouble's decision: flag "
                "revoke_bonus_basis]",
                "penalty_tricks_count_for_slam": "Auction Bridge (1912), Laws 7, 8",
                "both_revoke_allow_nt_aces": "Auction Bridge (1912), Law 89 ('honors in trumps') "
                "[redouble's decision: flag both_revoke_allow_nt_aces]",
            },
        ),
        game=GameRules(
            threshold=30,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": "Auction Bridge (1912), Law 2",
                "partscore_reset_on_game": "[redouble's decision: flag partscore_reset_on_game]",
                "single_game_bonus": "Auction Bridge (1912), Law 11 (a bonus for the rubber only)",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 250, 1: 250},
            unfinished_game=None,
            unfinished_partscore=None,
            sources={
                "games_to_win": "Auction Bridge (1912), Law 1",
                "bonus": "Auction Bridge (1912), Law 11",
                "unfinished_game": "Auction Bridge (1912): no rule for an unfinished rubber",
                "unfinished_partscore": "Auction Bridge (1912): no rule for an unfinished rubber",
            },
        ),
        premiums=None,
        chicago=None,
        tally=None,
        spade_convention=None,
        compulsory_dummy=None,
        cutting=CuttingRules(
            ace_low=True,
            tie_suit_order=("H", "D", "C", "S"),
            several_exposed="highest",
            lowest_deals=True,
            sources={
                "ace_low": "Auction Bridge (1912), Law 14",
                "tie_suit_order": "Auction Bridge (1912), Law 14 (hearts lowest, then diamonds, clubs, spades)",
                "several_exposed": "Auction Bridge (1912), Law 16",
                "lowest_deals": "Auction Bridge (1912), Law 18",
            },
        ),
        dealing=DealingRules(
            new_deal_grounds=(
                (
                    "a: cards not dealt into four packets, one at a time, in rotation from the "
                    "dealer's left"
                ),
                "b: the pack proven incorrect or imperfect during the deal or the play",
                "c: any card faced in the pack or exposed during the deal",
                "d: any player dealt more than thirteen cards",
                "e: the dealer deals two cards at once and then a third before correcting",
                (
                    "f: the cut omitted and either adversary objects before the deal is complete "
                    "and before looking at a card"
                ),
                "g: the last card does not reach the dealer in regular order",
            ),
            misdeal_same_dealer=True,
            sources={
                "new_deal_grounds": "Auction Bridge (1912), Law 37 (a-g)",
                "misdeal_same_dealer": "Auction Bridge (1912), Law 36",
            },
        ),
        play=PlayRules(
            declarer=DeclarerRule.FIRST_TO_NAME_DECLARATION,
            opening_leader="declarer_lho",
            dealer_must_bid=True,
            dealer_may_pass_make_to_partner=False,
            max_level=7,
            passes_to_close=3,
            declarer_rule_applies_to_notrump=flags.law46_applies_to_nt,
            sources={
                "declarer": "Auction Bridge (1912), Law 46; Case 7",
                "opening_leader": "Auction Bridge (1912), Law 58",
                "dealer_must_bid": "Auction Bridge (1912), Law 42",
                "dealer_may_pass_make_to_partner": "Auction Bridge (1912), Law 42",
                "max_level": "Auction Bridge (1912), Law 50 [redouble's decision: impossible = more than seven odd "
                "tricks]",
                "passes_to_close": "Auction Bridge (1912), Law 45 [redouble's decision: the closing rule]",
                "declarer_rule_applies_to_notrump": "[redouble's decision: flag law46_applies_to_nt]",
            },
        ),
        flags=flags,
        sources={
            "bid_order": "Auction Bridge (1912), Laws 44, 53",
            "trick_scoring": "Auction Bridge (1912), Law 47; Auction Bridge (1912), Law 3 (every deal played out, points "
            "beyond thirty counted)",
            "declarations": _L4,
        },
    )


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {"AUCTION_WCNY_1912": build}
"""Law-set builders this module registers, by canonical name."""
