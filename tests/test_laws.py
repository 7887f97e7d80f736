"""Law sets: registry and aliases, citations, flags, declarations, bid order, tables."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from redouble import laws
from redouble.cards import Rank, Strain, Suit
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.scoring import score_hand

ALL = laws.available()


def test_available_lists_every_law_set() -> None:
    assert set(ALL) == {
        "BRIDGE_ELWELL_1906",
        "BRIDGE_ELWELL_1907",
        "BRIDGE_THREE_HANDED",
        "BRIDGE_DUPLICATE",
        "BRIDGE_PROGRESSIVE",
        "AUCTION_WCNY_1912",
        "CONTRACT",
        "CONTRACT_RUBBER",
        "CONTRACT_CHICAGO",
    }


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("auction_1912", "AUCTION_WCNY_1912"),
        ("AUCTION_WCNY_1912", "AUCTION_WCNY_1912"),
        ("Auction 1912", "AUCTION_WCNY_1912"),
        ("bridge_1906", "BRIDGE_ELWELL_1906"),
        ("BRIDGE_ELWELL_1906", "BRIDGE_ELWELL_1906"),
        ("Bridge", "BRIDGE_ELWELL_1906"),
        ("bridge-1907", "BRIDGE_ELWELL_1907"),
        ("three_handed", "BRIDGE_THREE_HANDED"),
        ("bridge_duplicate", "BRIDGE_DUPLICATE"),
        ("bridge_progressive", "BRIDGE_PROGRESSIVE"),
        ("contract", "CONTRACT"),
        ("contract_rubber", "CONTRACT_RUBBER"),
        ("Chicago", "CONTRACT_CHICAGO"),
    ],
)
def test_get_accepts_aliases(alias: str, name: str) -> None:
    assert laws.get(alias).name == name
    assert laws.get(alias) is laws.get(name)


@pytest.mark.parametrize("name", ["whist", "auction_1913", "", "contract bridge 1932"])
def test_unknown_law_set_is_a_value_error_naming_it(name: str) -> None:
    with pytest.raises(laws.LawSetError, match="unknown law set") as info:
        laws.get(name)
    assert isinstance(info.value, ValueError)
    assert "AUCTION_WCNY_1912" in str(info.value)


def test_get_rejects_non_strings() -> None:
    with pytest.raises(laws.LawSetError):
        laws.get(1912)  # type: ignore[arg-type]


def test_repr_round_trips() -> None:
    law = laws.get("auction_1912")
    assert eval(repr(law), {"laws": laws}) is law


@pytest.mark.parametrize("name", ALL)
def test_law_sets_are_frozen_and_hashable(name: str) -> None:
    law = laws.get(name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        law.name = "X"  # type: ignore[misc]
    assert hash(law) == hash(laws.get(name))
    assert {law: 1}[laws.get(name)] == 1


@pytest.mark.parametrize("name", ALL)
def test_every_value_carries_a_citation(name: str) -> None:
    law = laws.get(name)
    citations = dict(law.citations())
    assert all(isinstance(c, str) and c.strip() for c in citations.values())
    for f in dataclasses.fields(law):
        value = getattr(law, f.name)
        if dataclasses.is_dataclass(value) and hasattr(value, "sources"):
            for g in dataclasses.fields(value):
                if g.name != "sources":
                    assert citations[f"{f.name}.{g.name}"], f"{f.name}.{g.name}"
    for decl in law.declarations:
        assert decl.source


def test_a_rule_without_a_citation_is_refused() -> None:
    with pytest.raises(laws.LawSetError, match="no citation for little"):
        laws.SlamRules(
            grand=40,
            little=20,
            either_side=True,
            requires_contract=False,
            revoking_side_barred=False,
            sources={
                "grand": "Law 7",
                "either_side": "Law 7",
                "requires_contract": "x",
                "revoking_side_barred": "x",
            },
        )


def test_historical_citations_name_the_codes() -> None:
    auction = dict(laws.get("auction_1912").citations())
    assert "Law 4" in auction["declarations.R"]
    assert "Auction Bridge (1912)" in auction["declarations.R"]
    assert "Law 48" in auction["undertricks.one_spade_limit.cap"]
    bridge = dict(laws.get("bridge_1906").citations())
    assert "not in our copy" in bridge["declarations.S"]  # Bridge (Elwell, 1906), Law 4 is missing
    assert "redouble's decision" in bridge["chicane.both_sides"]


# --------------------------------------------------------------------------------------------
# Flags.
# --------------------------------------------------------------------------------------------


def test_flag_defaults_are_the_documented_ones() -> None:
    flags = laws.Flags()
    assert flags.partscore_reset_on_game is True
    assert flags.bridge_max_doublings is None
    assert flags.bridge_honour_units == (2, 4, 5, 8, 9, 10)
    assert flags.chicane_both_sides == "independent"
    assert flags.bridge_revoke_transfer_limit == "tricks_held"
    assert flags.bridge_both_revoke_cap == 28
    assert flags.bridge_exposed_card_def == "auction1912"
    assert flags.spade_convention_unplayed_score == 0
    assert flags.three_handed_settlement == "each_adversary_full"
    assert flags.duplicate_netting == "team_of_four"
    assert flags.progressive_credit == "side_points"
    assert flags.one_spade_cap_includes_revoke is False
    assert flags.slam_requires_contract is False
    assert flags.revoke_bonus_basis == "tricks_in_play"
    assert flags.both_revoke_allow_nt_aces is True
    assert flags.law46_applies_to_nt is True
    for name in ALL:
        assert laws.get(name).flags.partscore_reset_on_game is True


def test_unknown_or_bad_flags_are_refused() -> None:
    with pytest.raises(laws.LawSetError, match="unknown flag"):
        laws.get("auction_1912", no_such_flag=True)
    with pytest.raises(laws.LawSetError, match="revoke_bonus_basis"):
        laws.get("auction_1912", revoke_bonus_basis="sometimes")


def test_slam_requires_contract_flag() -> None:
    hand: dict[str, Any] = {"contract": "7H", "declarer": "N", "tricks": (12, 1)}
    assert score_hand("auction_1912", **hand).breakdown.slam.ns == 20
    strict = laws.get("auction_1912", slam_requires_contract=True)
    assert strict.slam is not None
    assert strict.slam.requires_contract
    assert score_hand(strict, **hand).breakdown.slam.ns == 0


def test_bridge_honour_units_flag() -> None:
    law = laws.get("bridge_1906", bridge_honour_units=(2, 4, 5, 6, 7, 8))
    hand: dict[str, Any] = {
        "contract": "H",
        "declarer": "N",
        "tricks": (7, 6),
        "honours": {"N": 4, "E": 1},
    }
    assert score_hand("bridge_1906", **hand).breakdown.honours.ns == 64
    assert score_hand(law, **hand).breakdown.honours.ns == 48


def test_bridge_max_doublings_flag() -> None:
    score_hand("bridge_1906", "HXXXX", "N", (7, 6))
    law = laws.get("bridge_1906", bridge_max_doublings=3)
    with pytest.raises(ValueError, match="4 doublings"):
        score_hand(law, "HXXXX", "N", (7, 6))


def test_one_spade_cap_includes_revoke_flag() -> None:
    hand: dict[str, Any] = {
        "contract": "1S",
        "declarer": "N",
        "tricks": (4, 9),
        "revokes": {"NS": 1},
        "dealer_original_one_spade": True,
    }
    default = score_hand("auction_1912", **hand)
    assert default.honour_column.ew == 100 + 150
    capped = score_hand(laws.get("auction_1912", one_spade_cap_includes_revoke=True), **hand)
    assert capped.honour_column.ew == 100


def test_revoke_bonus_basis_flag() -> None:
    hand: dict[str, Any] = {
        "contract": "2HX",
        "declarer": "N",
        "tricks": (9, 4),
        "revokes": {"EW": 1},
        "revoke_election": "tricks",
    }
    assert score_hand("auction_1912", **hand).breakdown.doubled_bonus.ns == 100
    strict = laws.get("auction_1912", revoke_bonus_basis="none")
    assert score_hand(strict, **hand).breakdown.doubled_bonus.ns == 0


def test_both_revoke_allow_nt_aces_flag() -> None:
    hand: dict[str, Any] = {
        "contract": "1NT",
        "declarer": "N",
        "tricks": (7, 6),
        "honours": {"N": 4},
        "revokes": {"NS": 1, "EW": 1},
    }
    assert score_hand("auction_1912", **hand).honour_column.ns == 100
    law = laws.get("auction_1912", both_revoke_allow_nt_aces=False)
    assert score_hand(law, **hand).honour_column.ns == 0


def test_bridge_1907_is_1906_with_the_1907_dealing_laws() -> None:
    old, new = laws.get("bridge_1906"), laws.get("bridge_1907")
    assert new.flags.bridge_1907_dealing
    assert not old.flags.bridge_1907_dealing
    assert len(new.dealing.new_deal_grounds) == len(old.dealing.new_deal_grounds) + 1
    assert new.dealing.new_deal_grounds[-1].startswith("g: the last card")
    assert laws.get("bridge_1906", bridge_1907_dealing=True) == new
    assert new.declarations == old.declarations
    assert new.honours == old.honours


# --------------------------------------------------------------------------------------------
# Declarations and bid order.
# --------------------------------------------------------------------------------------------

TRICK_VALUES = {
    "BRIDGE_ELWELL_1906": {"S": 2, "C": 4, "D": 6, "H": 8, "NT": 12},
    "AUCTION_WCNY_1912": {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10},
    "CONTRACT": {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30},
}
"""Trick values transcribed by hand: the laws catalogue, Auction Bridge (1912), Law 4, Law 77."""


@pytest.mark.parametrize(("name", "values"), TRICK_VALUES.items())
def test_trick_values(name: str, values: dict[str, int]) -> None:
    law = laws.get(name)
    assert {d.symbol: d.trick_value for d in law.declarations} == values


def test_declarations_map_to_play_strains() -> None:
    auction = laws.get("auction_1912")
    assert auction.declaration("R").strain == Strain.SPADES
    assert auction.declaration("royals") is auction.declaration("R")
    assert auction.declaration("Royal Spades").trick_value == 9
    assert [d.symbol for d in auction.declarations_for(Strain.SPADES)] == ["S", "R"]
    assert auction.declaration("no trump").strain == Strain.NOTRUMP
    contract = laws.get("contract")
    assert contract.declaration("NT").value_of_trick(0) == 40
    assert contract.declaration("NT").value_of_trick(1) == 30
    with pytest.raises(laws.LawSetError, match="no declaration 'R'"):
        contract.declaration("R")


@pytest.mark.parametrize(
    ("new", "previous", "higher"),
    [
        ((3, "C"), (2, "R"), True),  # Law 53: 18 = 18, more tricks
        ((3, "S"), (1, "C"), True),  # Law 44 example: 6 = 6
        ((5, "S"), (1, "NT"), True),
        ((4, "S"), (1, "R"), False),
        ((7, "S"), (2, "D"), True),
        ((7, "S"), (2, "H"), False),
        ((7, "NT"), (7, "NT"), False),
        ((1, "R"), (1, "H"), True),
    ],
)
def test_auction_bid_order_is_by_value_then_tricks(
    new: tuple[int, str], previous: tuple[int, str], higher: bool
) -> None:
    assert laws.get("auction_1912").is_higher(new, previous) is higher


def test_contract_bid_order_is_by_level_then_strain() -> None:
    law = laws.get("contract")
    bids = [(level, d.symbol) for level in range(1, 8) for d in law.declarations]
    assert sorted(bids, key=lambda b: law.bid_key(*b)) == bids
    assert law.is_higher((2, "C"), (1, "NT"))


def test_bridge_has_no_bidding() -> None:
    with pytest.raises(laws.LawSetError, match="no bidding"):
        laws.get("bridge_1906").bid_key(1, "H")
    with pytest.raises(laws.LawSetError, match="level must be"):
        laws.get("auction_1912").bid_value(8, "H")


# --------------------------------------------------------------------------------------------
# Tables.
# --------------------------------------------------------------------------------------------

AUCTION_HONOURS = {
    # (side count, most in one hand): points for S, C, D, H, R
    (3, 2): (4, 12, 14, 16, 18),
    (4, 2): (8, 24, 28, 32, 36),
    (5, 3): (10, 30, 35, 40, 45),
    (4, 4): (16, 48, 56, 64, 72),
    (5, 4): (18, 54, 63, 72, 81),
    (5, 5): (20, 60, 70, 80, 90),
}


@pytest.mark.parametrize(("key", "points"), AUCTION_HONOURS.items())
def test_auction_honours_table(key: tuple[int, int], points: tuple[int, ...]) -> None:
    law = laws.get("auction_1912")
    assert law.honours is not None
    for symbol, expected in zip("SCDHR", points, strict=True):
        assert law.honours.trump[key] * law.declaration(symbol).trick_value == expected


def test_notrump_aces_tables() -> None:
    for name in ("auction_1912", "bridge_1906"):
        honours = laws.get(name).honours
        assert honours is not None
        assert honours.notrump[(3, 2)] == 30
        assert honours.notrump[(4, 3)] == 40
        assert honours.notrump[(4, 4)] == 100
        assert (2, 1) not in honours.notrump


def test_rubber_and_game_values() -> None:
    auction, bridge = laws.get("auction_1912"), laws.get("bridge_1906")
    assert auction.rubber is not None
    assert bridge.rubber is not None
    assert auction.rubber.bonus[0] == 250
    assert bridge.rubber.bonus[1] == 100
    assert auction.game is not None
    assert auction.game.threshold == 30
    rubber = laws.get("contract_rubber").rubber
    assert rubber is not None
    assert dict(rubber.bonus) == {0: 700, 1: 500}
    assert laws.get("bridge_duplicate").rubber is None
    assert laws.get("bridge_three_handed").game is not None


def test_procedure_rules_differ_as_data() -> None:
    bridge, three = laws.get("bridge_1906"), laws.get("bridge_three_handed")
    assert bridge.play.declarer is laws.DeclarerRule.DEALER
    assert laws.get("auction_1912").play.declarer is laws.DeclarerRule.FIRST_TO_NAME_DECLARATION
    assert three.doubling.doublers.startswith("the leader")
    assert not three.doubling.dealer_who_saw_dummy_may_redouble
    assert laws.get("auction_1912").cutting.tie_suit_order == ("H", "D", "C", "S")
    assert bridge.cutting.tie_suit_order == ()
    assert bridge.cutting.several_exposed == "recut"
    assert isinstance(bridge.revoke, laws.TrickTransferRevoke)
    assert isinstance(laws.get("auction_1912").revoke, laws.PointsRevoke)
    assert isinstance(laws.get("contract").revoke, laws.Law64Revoke)


def _hand(spec: dict[str, str]) -> int:
    mask = 0
    for letter, ranks in spec.items():
        suit = Suit.parse(letter)
        for char in ranks:
            mask |= 1 << (13 * suit + Rank.parse(char))
    return mask


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ({"S": "AK5", "H": "A973", "D": "A84", "C": "652"}, "NT"),
        ({"S": "AK5", "H": "A973", "D": "A84", "C": "A52"}, "NT"),  # four aces
        ({"S": "Q98752", "H": "AK", "D": "A32", "C": "43"}, "S"),
        ({"S": "42", "H": "AK753", "D": "KQJT9", "C": "8"}, "D"),
        ({"S": "A987", "H": "654", "D": "32", "C": "A987"}, "C"),
        ({"S": "A987", "H": "A987", "D": "65", "C": "432"}, "H"),
    ],
)
def test_compulsory_declaration(hand: dict[str, str], expected: str) -> None:
    law = laws.get("bridge_three_handed")
    assert compulsory_declaration(law, _hand(hand)).symbol == expected


def test_compulsory_declaration_needs_three_handed() -> None:
    with pytest.raises(laws.LawSetError, match="no compulsory"):
        compulsory_declaration(laws.get("bridge_1906"), 0)


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("partscore_reset_on_game", 1),
        ("partscore_reset_on_game", "yes"),
        ("bridge_max_doublings", 2.0),
        ("bridge_max_doublings", True),
        ("bridge_both_revoke_cap", "28"),
        ("bridge_honour_units", (2, 4, 5, 8, 9, "10")),
        ("bridge_honour_units", "245899"),
        ("chicane_both_sides", None),
    ],
)
def test_a_flag_of_the_wrong_type_is_a_type_error_naming_it(flag: str, value: object) -> None:
    with pytest.raises(TypeError, match=flag):
        laws.get("bridge_1906", **{flag: value})


def test_honour_units_from_json_as_a_list_become_a_hashable_tuple() -> None:
    law = laws.get("bridge_1906", bridge_honour_units=[2, 4, 6, 8, 9, 10])
    assert law.flags.bridge_honour_units == (2, 4, 6, 8, 9, 10)
    assert hash(law) == hash(laws.get("bridge_1906", bridge_honour_units=(2, 4, 6, 8, 9, 10)))


def test_a_game_log_with_a_flag_of_the_wrong_type_is_a_game_error() -> None:
    from redouble.game import Game, GameError

    doc = json.loads(Game("bridge_1906", seed=1).to_json())
    doc["events"][0]["data"]["flags"] = {"partscore_reset_on_game": "no"}
    with pytest.raises(GameError, match=r"event 0.*partscore_reset_on_game"):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("name", "flags"),
    [
        ("contract", {"spade_convention_agreed": True}),  # a convention of Bridge (1906)
        ("auction_1912", {"bridge_max_doublings": 2}),
        ("contract", {"three_handed_settlement": "split"}),
        ("bridge_duplicate", {"partscore_reset_on_game": False}),  # no rubber to reset
        ("bridge_1906", {"spade_convention_unplayed_score": 4}),  # the convention not agreed
    ],
)
def test_a_flag_that_changes_nothing_in_the_law_set_is_refused(
    name: str, flags: dict[str, Any]
) -> None:
    with pytest.raises(laws.LawSetError, match=f"flag {next(iter(flags))} changes nothing"):
        laws.get(name, **flags)


def test_flags_that_act_together_are_accepted_together() -> None:
    """The unplayed-make score is read once the Spade Convention is agreed, in one call or
    two; the default value of a flag is always accepted."""
    both = laws.get("bridge_1906", spade_convention_agreed=True, spade_convention_unplayed_score=4)
    assert both.spade_convention is not None
    agreed = laws.get("bridge_1906", spade_convention_agreed=True)
    assert agreed.with_flags(spade_convention_unplayed_score=4) == both
    assert laws.get("contract", spade_convention_agreed=False) == laws.get("contract")


# -- short titles: the code as a reader finds it named ------------------------------------------


@pytest.mark.parametrize("name", laws.available())
def test_every_law_set_has_a_short_title_that_its_citations_agree_with(name: str) -> None:
    from redouble.laws import citations

    law = laws.get(name)
    title = law.short_title
    assert title
    assert law.name not in title
    # The title's words name the code (or the chapter of its book) as the citations do.
    head = title.partition(" (")[0]
    assert any(head in text for _, text in law.citations()), (name, title)
    codes = citations.codes_for(law)
    if codes:  # a historical code: the citation's own name, or a chapter of its book
        main = citations.CODES[codes[0]].short
        assert title == main or (
            title.endswith(" (" + main.partition(" (")[2]) and head in citations.SUMMARIES[codes[0]]
        ), (name, title)


def test_short_titles_are_distinct_and_name_the_examples() -> None:
    titles = {n: laws.get(n).short_title for n in laws.available()}
    assert len(set(titles.values())) == len(titles)
    assert titles["AUCTION_WCNY_1912"] == "Auction Bridge (1912)"
    assert titles["BRIDGE_ELWELL_1906"] == "Bridge (Elwell, 1906)"
    assert titles["BRIDGE_ELWELL_1907"] == "Bridge (Elwell, 1907)"
    assert titles["BRIDGE_DUPLICATE"] == "Duplicate Bridge (Elwell, 1906)"
    assert titles["CONTRACT"] == "Laws of Duplicate Bridge 2017"


def test_short_title_is_derived_so_json_pickles_and_equality_are_unchanged() -> None:
    import pickle

    law = laws.get("auction_1912")
    assert "short_title" not in law.to_json()
    assert (
        laws.LawSet.from_json(law.to_json()) is law or laws.LawSet.from_json(law.to_json()) == law
    )
    assert pickle.loads(pickle.dumps(law)).short_title == "Auction Bridge (1912)"
    assert "short_title" not in {f.name for f in dataclasses.fields(law)}
    # Flags do not change the code's name.
    assert law.with_flags(slam_requires_contract=True).short_title == "Auction Bridge (1912)"


def test_a_law_set_built_by_hand_is_called_by_its_title_or_its_name() -> None:
    law = laws.get("auction_1912")
    mine = dataclasses.replace(law, name="MY_AUCTION", title="My club's auction")
    assert mine.short_title == "My club's auction"
    assert dataclasses.replace(mine, title="").short_title == "MY_AUCTION"
    with pytest.raises(laws.LawSetError, match=r"^My club's auction has no declaration 'X'"):
        mine.declaration("X")
