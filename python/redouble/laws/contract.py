"""Modern contract bridge, so that today's players can use the same engine.

Three law sets share the Law 77 trick and premium table of the 2017 Laws of Duplicate Bridge:

* ``CONTRACT`` (alias ``contract``): duplicate scoring, each deal scored on its own with
  part-score (50) and game (300/500) premiums and no honours (Law 77);
* ``CONTRACT_RUBBER``: rubber bridge, game 100 below the line, honours above it, rubber bonus
  700/500 and the unfinished-rubber premiums (Laws of Contract Bridge, rubber, Laws 72-74, 80, 81);
* ``CONTRACT_CHICAGO``: four-deal bridge, vulnerability fixed per deal, 300/500 per game and
  100 for a part-score on the fourth deal.

The IMP scale (Law 78B) and the matchpoint units (Law 78A) are here as data; the conversions
themselves are :func:`redouble.scoring.imps` and :func:`redouble.scoring.matchpoints`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from redouble.cards import Strain
from redouble.laws import (
    BidOrder,
    ChicagoRules,
    ContractPremiums,
    CuttingRules,
    DealingRules,
    Declaration,
    DeclarerRule,
    DoubledBonusRules,
    DoublingRules,
    Flags,
    GameRules,
    HonoursRules,
    Law64Revoke,
    LawSet,
    PlayRules,
    RubberRules,
    TrickScoring,
    UndertrickRules,
)

__all__ = [
    "BUILDERS",
    "IMP_SCALE",
    "IMP_SOURCE",
    "MATCHPOINT_SOURCE",
    "MATCHPOINT_UNITS",
    "build_chicago",
    "build_duplicate",
    "build_rubber",
]

_L77 = "Laws of Duplicate Bridge 2017, Law 77"
_RUBBER = "Laws of Contract Bridge (rubber bridge)"

IMP_SOURCE = "Laws of Duplicate Bridge 2017, Law 78B (International Match Point scale)"
"""Citation of :data:`IMP_SCALE`."""

IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""Lower bound of each IMP step: a difference of at least ``IMP_SCALE[k]`` is worth ``k + 1``.

0-10 is 0 IMPs, 20-40 is 1, ... 4000 and more is 24 (Law 78B).
"""

MATCHPOINT_SOURCE = "Laws of Duplicate Bridge 2017, Law 78A"
"""Citation of :data:`MATCHPOINT_UNITS`."""

MATCHPOINT_UNITS: tuple[int, int] = (2, 1)
"""Scoring units for each score beaten and for each score tied (Law 78A)."""


def _base(flags: Flags) -> LawSet:
    """Contract bridge with duplicate (Law 77) scoring; the other forms replace parts of it."""
    return LawSet(
        name="CONTRACT",
        title="Contract bridge, duplicate scoring (Laws of Duplicate Bridge 2017, Law 77)",
        aliases=("contract", "contract_duplicate", "contract_2017", "modern"),
        seeds=(),
        declarations=(
            Declaration(symbol="C", name="clubs", strain=Strain.CLUBS, trick_value=20, source=_L77),
            Declaration(
                symbol="D", name="diamonds", strain=Strain.DIAMONDS, trick_value=20, source=_L77
            ),
            Declaration(
                symbol="H", name="hearts", strain=Strain.HEARTS, trick_value=30, source=_L77
            ),
            Declaration(
                symbol="S", name="spades", strain=Strain.SPADES, trick_value=30, source=_L77
            ),
            Declaration(
                symbol="NT",
                name="no trump",
                strain=Strain.NOTRUMP,
                trick_value=30,
                first_trick_value=40,
                source=_L77,
                aliases=("N", "notrump", "no-trump", "no trumps"),
            ),
        ),
        bid_order=BidOrder.LEVEL_THEN_DECLARATION,
        trick_scoring=TrickScoring.CONTRACTED_TRICKS,
        doubling=DoublingRules(
            max_doublings=2,
            multiplier=2,
            doublers="an opponent of the last bidder, in rotation",
            may_double_partner=False,
            reopens_bidding=True,
            dealer_who_saw_dummy_may_redouble=True,
            sources={
                "max_doublings": "Laws of Duplicate Bridge 2017, Law 19",
                "multiplier": f"{_L77} (doubled x2, redoubled x4)",
                "doublers": "Laws of Duplicate Bridge 2017, Law 19A",
                "may_double_partner": "Laws of Duplicate Bridge 2017, Law 19A1",
                "reopens_bidding": "Laws of Duplicate Bridge 2017, Law 19 (a bid may follow)",
                "dealer_who_saw_dummy_may_redouble": "Laws of Duplicate Bridge 2017, Law 19B",
            },
        ),
        honours=None,
        chicane=None,
        slam=None,
        undertricks=UndertrickRules(
            schedule={
                (False, 0): (50,),
                (True, 0): (100,),
                (False, 1): (100, 200, 200, 300),
                (True, 1): (200, 300),
                (False, 2): (200, 400, 400, 600),
                (True, 2): (400, 600),
            },
            one_spade_limit=None,
            sources={
                "schedule": f"{_L77} (undertrick penalty table)",
                "one_spade_limit": f"{_L77} (no such limit)",
            },
        ),
        doubled_bonus=DoubledBonusRules(
            base={1: 50, 2: 100},
            per_overtrick={1: 0, 2: 0},
            sources={
                "base": f"{_L77} (premium for making a doubled/redoubled contract)",
                "per_overtrick": f"{_L77} (overtricks scored separately)",
            },
        ),
        revoke=Law64Revoke(
            max_tricks_per_revoke=2,
            sources={"max_tricks_per_revoke": "Laws of Duplicate Bridge 2017, Law 64A"},
        ),
        game=GameRules(
            threshold=100,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": f"{_L77} (game: 100 or more trick points on one board)",
                "partscore_reset_on_game": f"{_L77} (each board scored on its own)",
                "single_game_bonus": f"{_L77} (game premium per board instead)",
            },
        ),
        rubber=None,
        premiums=ContractPremiums(
            part_score=50,
            game={False: 300, True: 500},
            small_slam={False: 500, True: 750},
            grand_slam={False: 1000, True: 1500},
            doubled_overtrick={False: 100, True: 200},
            sources={
                "part_score": f"{_L77} (part-score premium)",
                "game": f"{_L77} (game premium, not vulnerable / vulnerable)",
                "small_slam": f"{_L77} (slam premiums)",
                "grand_slam": f"{_L77} (slam premiums)",
                "doubled_overtrick": f"{_L77} (overtrick points, doubled; x2 if redoubled)",
            },
        ),
        chicago=None,
        tally=None,
        spade_convention=None,
        compulsory_dummy=None,
        cutting=CuttingRules(
            ace_low=False,
            tie_suit_order=("C", "D", "H", "S"),
            several_exposed="recut",
            lowest_deals=False,
            sources={
                "ace_low": f"{_RUBBER}, Laws 2-4 (ace high in the draw)",
                "tie_suit_order": f"{_RUBBER}, Law 4 (suit rank breaks ties)",
                "several_exposed": f"{_RUBBER}, Law 5 (draw again)",
                "lowest_deals": f"{_RUBBER}, Law 4 (highest card deals)",
            },
        ),
        dealing=DealingRules(
            new_deal_grounds=(
                (
                    "cards not dealt correctly, a card faced in the pack or elsewhere, "
                    "hands of wrong size (Law 6)"
                ),
            ),
            misdeal_same_dealer=True,
            sources={
                "new_deal_grounds": "Laws of Duplicate Bridge 2017, Law 6",
                "misdeal_same_dealer": "Laws of Duplicate Bridge 2017, Law 6D",
            },
        ),
        play=PlayRules(
            declarer=DeclarerRule.FIRST_TO_NAME_DECLARATION,
            opening_leader="declarer_lho",
            dealer_must_bid=False,
            dealer_may_pass_make_to_partner=False,
            max_level=7,
            passes_to_close=3,
            declarer_rule_applies_to_notrump=True,
            sources={
                "declarer": "Laws of Duplicate Bridge 2017, Law 22 / Definitions 'Declarer'",
                "opening_leader": "Laws of Duplicate Bridge 2017, Law 41A",
                "dealer_must_bid": "Laws of Duplicate Bridge 2017, Law 17",
                "dealer_may_pass_make_to_partner": "Laws of Duplicate Bridge 2017, Law 17",
                "max_level": "Laws of Duplicate Bridge 2017, Law 38",
                "passes_to_close": "Laws of Duplicate Bridge 2017, Law 22A",
                "declarer_rule_applies_to_notrump": "Definitions 'Declarer' (any denomination)",
            },
        ),
        flags=flags,
        sources={
            "bid_order": "Laws of Duplicate Bridge 2017, Law 18B, 18E",
            "trick_scoring": f"{_L77} (trick points for odd tricks bid and made)",
            "declarations": f"{_L77} (trick points: minors 20, majors 30, no trump 40 then 30)",
        },
    )


def build_duplicate(flags: Flags) -> LawSet:
    """Build contract bridge with duplicate scoring (Law 77)."""
    return _base(flags)


_HONOURS = HonoursRules(
    trump={(4, 4): 100, (5, 4): 100, (5, 5): 150},
    notrump={(4, 4): 150},
    trump_scale="points",
    credited_to="the side of the hand holding them",
    sources={
        "trump": f"{_RUBBER}, Law 81 (four trump honours in one hand 100, five 150)",
        "notrump": f"{_RUBBER}, Law 81 (four aces in one hand at no trump 150)",
        "trump_scale": f"{_RUBBER}, Law 81 (points)",
        "credited_to": f"{_RUBBER}, Law 72 (either side may earn honours)",
    },
)


def build_rubber(flags: Flags) -> LawSet:
    """Build contract bridge with rubber scoring: below and above the line, honours, rubbers."""
    base = _base(flags)
    premiums = base.premiums
    assert premiums is not None
    return dataclasses.replace(
        base,
        name="CONTRACT_RUBBER",
        title="Contract bridge, rubber scoring with honours",
        aliases=("contract_rubber", "rubber_bridge"),
        honours=_HONOURS,
        game=GameRules(
            threshold=100,
            partscore_reset_on_game=flags.partscore_reset_on_game,
            single_game_bonus=None,
            sources={
                "threshold": f"{_RUBBER}, Law 73",
                "partscore_reset_on_game": f"{_RUBBER}, Law 73 (no part-score carried forward)",
                "single_game_bonus": f"{_RUBBER}, Law 74 (rubber bonus only)",
            },
        ),
        rubber=RubberRules(
            games_to_win=2,
            bonus={0: 700, 1: 500},
            unfinished_game=300,
            unfinished_partscore=100,
            sources={
                "games_to_win": f"{_RUBBER}, Law 74",
                "bonus": f"{_RUBBER}, Law 74 (700 if the losers won no game, else 500)",
                "unfinished_game": f"{_RUBBER}, Law 80 (300 for the only game won)",
                "unfinished_partscore": f"{_RUBBER}, Law 80 (100 for a part-score in an "
                "unfinished game)",
            },
        ),
        premiums=dataclasses.replace(
            premiums,
            part_score=None,
            game=None,
            sources={
                **premiums.sources,
                "part_score": f"{_RUBBER}, Law 72 (no per-deal part-score premium)",
                "game": f"{_RUBBER}, Law 74 (games earn the rubber bonus instead)",
            },
        ),
    )


def build_chicago(flags: Flags) -> LawSet:
    """Build Chicago (four-deal bridge): rubber scoring with fixed vulnerability per deal."""
    rubber = build_rubber(flags)
    return dataclasses.replace(
        rubber,
        name="CONTRACT_CHICAGO",
        title="Contract bridge, Chicago (four-deal bridge)",
        aliases=("contract_chicago", "chicago", "four_deal_bridge"),
        rubber=None,
        chicago=ChicagoRules(
            deals=4,
            vulnerability=("none", "dealer", "dealer", "both"),
            game_bonus={False: 300, True: 500},
            last_deal_partscore_bonus=100,
            sources={
                "deals": f"{_RUBBER}, Chicago (four-deal bridge)",
                "vulnerability": f"{_RUBBER}, Chicago (deal 1 none, 2 and 3 dealer's side, 4 both)",
                "game_bonus": f"{_RUBBER}, Chicago (300 not vulnerable, 500 vulnerable)",
                "last_deal_partscore_bonus": f"{_RUBBER}, Chicago (100 for a part-score on "
                "the fourth deal that does not make game)",
            },
        ),
    )


BUILDERS: Mapping[str, Callable[[Flags], LawSet]] = {
    "CONTRACT": build_duplicate,
    "CONTRACT_RUBBER": build_rubber,
    "CONTRACT_CHICAGO": build_chicago,
}
"""Law-set builders this module registers, by canonical name."""
