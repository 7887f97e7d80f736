"""Auction Bridge: the Whist Club of New York code of November 1912 (seeds 000 and 002).

The dealer must bid; bids rank by points (level x trick value, ties to more tricks, L44);
Royal Spades is a declaration worth 9 a trick that plays as spades. Only a successful
declarer scores toward game (all tricks over six, L47); undertricks are 50/100/200 (L47);
making a doubled contract earns 50 + 50 per overtrick, doubled if redoubled (L56); the
dealer's original One Spade loses at most 100 unless redoubled (L48); a revoke costs 150 or
three tricks at the declarer's choice, 100 for each further revoke (L84, L89); a rubber is
worth 250 (L11). Laws 1-36 exist only in the Thai seed 002; laws 37-97 are in both.
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

_L4 = "seed 002 L4 (Royal Spades: seed 000 L53, Case 2, Case 6; seed 002 L52)"


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
                "max_doublings": "seed 000/002 L54 (doubled and redoubled once, not more)",
                "multiplier": "seed 000/002 L53 (doubles, redoubling quadruples)",
                "doublers": "seed 000/002 L43, L54",
                "may_double_partner": "seed 000/002 L54; Case 6 (no penalty, no effect)",
                "reopens_bidding": "seed 000/002 L55",
                "dealer_who_saw_dummy_may_redouble": "seed 000/002 L59 (dummy exposed after the "
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
                "trump": "seed 002 L5 (A K Q J 10 of trumps), L6 (2/4/5/8/9/10 tricks)",
                "notrump": "seed 002 L5 (the four aces at no trump), L6 (aces 30/40/100)",
                "trump_scale": "seed 002 L6, L10 (tricks = undoubled trick value)",
                "credited_to": "seed 002 L6 (original holders)",
            },
        ),
        chicane=ChicaneRules(
            single_units=2,
            double_units=4,
            both_sides=flags.chicane_both_sides,
            sources={
                "single_units": "seed 002 L9 (value of simple honours, added or deducted)",
                "double_units": "seed 002 L9 (value of four honours, deducted)",
                "both_sides": "[assumed: flag chicane_both_sides] (lawsets.md §8; AUC-043)",
            },
        ),
        slam=SlamRules(
            grand=40,
            little=20,
            either_side=True,
            requires_contract=flags.slam_requires_contract,
            revoking_side_barred=True,
            sources={
                "grand": "seed 002 L7",
                "little": "seed 002 L8",
                "either_side": "seed 002 L7, L8 ('either side'); [external: Foster]",
                "requires_contract": "[assumed: flag slam_requires_contract] (lawsets.md §5.7)",
                "revoking_side_barred": "seed 002 L7, L8 footnotes; seed 000/002 L84",
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
                    "cap": "seed 000/002 L48",
                    "void_if_redoubled": "seed 000/002 L48 ('unless redoubled')",
                    "includes_revoke": "[assumed: flag one_spade_cap_includes_revoke] "
                    "(lawsets.md §5.3 L48, §8 #22)",
                },
            ),
            sources={
                "schedule": "seed 000/002 L47 (50, doubled 100, redoubled 200 per undertrick; "
                "no vulnerability)",
                "one_spade_limit": "seed 000/002 L48",
            },
        ),
        doubled_bonus=DoubledBonusRules(
            base={1: 50, 2: 100},
            per_overtrick={1: 50, 2: 100},
            sources={
                "base": "seed 000/002 L56 (50; doubled if redoubled)",
                "per_overtrick": "seed 000/002 L56 (50 each; doubled if redoubled)",
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
                "declarer_side_points": "seed 000/002 L84a",
                "defender_points": "seed 000/002 L84b",
                "defender_tricks": "seed 000/002 L84b",
                "extra_revoke_points": "seed 000/002 L84c, L89 (scored by the other side)",
                "penalty_tricks_earn_bonus": "seed 000/002 L84b [assumed: flag "
                "revoke_bonus_basis] (lawsets.md §5.6)",
                "penalty_tricks_count_for_slam": "seed 002 L7, L8",
                "both_revoke_allow_nt_aces": "seed 000/002 L89 ('honors in trumps') "
                "[assumed: flag both_revoke_allow_nt_aces]",
            },
        ),
        game=GameRules(
            threshold=30,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": "seed 002 L2",
                "partscore_reset_on_game": "[assumed: flag partscore_reset_on_game]",
                "single_game_bonus": "seed 002 L11 (a bonus for the rubber only)",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 250, 1: 250},
            unfinished_game=None,
            unfinished_partscore=None,
            sources={
                "games_to_win": "seed 002 L1",
                "bonus": "seed 002 L11",
                "unfinished_game": "seed 002 (no rule for an unfinished rubber)",
                "unfinished_partscore": "seed 002 (no rule for an unfinished rubber)",
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
                "ace_low": "seed 002 L14",
                "tie_suit_order": "seed 002 L14 (hearts lowest, then diamonds, clubs, spades)",
                "several_exposed": "seed 002 L16",
                "lowest_deals": "seed 002 L18",
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
                "new_deal_grounds": "seed 000/002 L37 a-g",
                "misdeal_same_dealer": "seed 002 L36",
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
                "declarer": "seed 000/002 L46; Case 7",
                "opening_leader": "seed 000/002 L58",
                "dealer_must_bid": "seed 000/002 L42",
                "dealer_may_pass_make_to_partner": "seed 000/002 L42",
                "max_level": "seed 000/002 L50 [assumed: impossible = more than seven odd "
                "tricks] (lawsets.md §8 #21)",
                "passes_to_close": "seed 000/002 L45 [assumed closing rule] (lawsets.md §8 #21)",
                "declarer_rule_applies_to_notrump": "[assumed: flag law46_applies_to_nt]",
            },
        ),
        flags=flags,
        sources={
            "bid_order": "seed 000/002 L44, L53",
            "trick_scoring": "seed 000/002 L47; seed 002 L3 (every deal played out, points "
            "beyond thirty counted)",
            "declarations": _L4,
        },
    )


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {"AUCTION_WCNY_1912": build}
"""Law-set builders this module registers, by canonical name."""
