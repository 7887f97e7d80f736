"""Scoring: every reference case, the Law 77 table, the IMP scale, properties and bad input."""

from __future__ import annotations

import copy
import csv
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import laws
from redouble.auction import Auction, BridgeDeclaration
from redouble.cards import Card, Rank, Seat, Side, Suit
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.game import Game, Phase
from redouble.irregularities import Irregularity
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.scoring import (
    ContractSpec,
    HandScore,
    PerSide,
    ProgressiveTally,
    Rubber,
    ScoringInputError,
    best_net,
    compare_tables,
    imps,
    is_played_under_spade_convention,
    matchpoint_percentages,
    matchpoints,
    score_hand,
    settle_three_handed,
)

DATA = Path(__file__).parent / "data"
CASES_FILE = DATA / "scoring_cases.json"

# --------------------------------------------------------------------------------------------
# Reading a case's input into score_hand arguments.
# --------------------------------------------------------------------------------------------

_DOUBLED = {"none": 0, "doubled": 1, "redoubled": 2}


def _seat_of(text: str) -> str:
    """The seat a case names, e.g. "S (dummy, compulsory)" -> "S"."""
    return text.split()[0]


def hand_arguments(law_set: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Turn a hand's ``input`` object (either format) into keyword arguments of score_hand."""
    if "contract" in data:
        c = data["contract"]
        contract = f"{c['level']}{c['strain']}{'X' * _DOUBLED[c['doubled']]}"
        declarer = c["declarer"]
        one_spade = bool(c.get("dealer_original_one_spade", False))
    else:
        contract = f"{data['trump']}{'X' * data.get('doubling_level', 0)}"
        declarer = _seat_of(data["maker"])
        one_spade = False
    arguments: dict[str, Any] = {
        "law_set": law_set,
        "contract": contract,
        "declarer": declarer,
        "tricks": data["tricks_in_play"],
        "honours": data.get("honours"),
        "trump_void_seats": data.get("trump_void_seats"),
        "revokes": data.get("revokes"),
        "revoke_election": data.get("declarer_revoke_election"),
        "prior_trick_score": data.get("prior_trick_score"),
    }
    if one_spade:
        arguments["dealer_original_one_spade"] = True
    return arguments


def _hand(law_set: str, data: Mapping[str, Any]) -> HandScore:
    return score_hand(**hand_arguments(law_set, data))


# --------------------------------------------------------------------------------------------
# One checker per kind: each returns the values it computes, keyed like ``expected``.
# --------------------------------------------------------------------------------------------


def check_hand_score(case: Mapping[str, Any]) -> dict[str, Any]:
    law = laws.get(case["law_set"])
    data = case["input"]
    result = _hand(case["law_set"], data)
    actual = result.to_dict()
    actual["game_bonus"] = None if law.game is None else law.game.single_game_bonus
    actual["rubber_bonus"] = None if law.rubber is None else dict(law.rubber.bonus)
    if law.compulsory_dummy is not None:  # three-handed: the dealer and dummy play alone
        solo = Seat.parse(data["dealer"]).side
        for prefix, side in (("solo_side", solo), ("pair_side", solo.opponents)):
            actual[f"{prefix}_{side.name}"] = {
                "trick": result.trick_score[side],
                "honour": result.honour_column[side],
            }
        actual["detail"] = result.to_dict()
    return actual


def check_rubber(case: Mapping[str, Any]) -> dict[str, Any]:
    rubber = Rubber(case["law_set"])
    for hand in case["input"]["hands"]:
        rubber.record(hand["trick_score"], hand["honour_column"])
    winner = rubber.winner
    return {
        "games": rubber.games.to_dict(),
        "rubber_winner": None if winner is None else winner.name,
        "rubber_bonus": rubber.rubber_bonus,
        "totals": rubber.totals.to_dict(),
        "net_to_winner": rubber.difference,
        "third_game_played": rubber.third_game_played,
    }


def check_duplicate_comparison(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    tables = [_hand(case["law_set"], data[key]) for key in sorted(data)]
    return compare_tables(*tables).to_dict()


def check_progressive_tally(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    if "net_by_player_after_all_tables" in data:
        winners = best_net(data["net_by_player_after_all_tables"])
        return {"winner": list(winners), "tie": len(winners) > 1}
    if "hands" not in data:
        raise NotImplementedError(f"no machine-checkable input in {sorted(data)}")
    tally = ProgressiveTally(case["law_set"])
    for hand in data["hands"]:
        tally.add(_hand(case["law_set"], hand))
    return {"won": tally.won, "lost": tally.lost, "net": tally.net}


def check_settlement(case: Mapping[str, Any]) -> dict[str, Any]:
    totals = case["input"]["rubber_totals"]
    solo_key = next(k for k in totals if k.startswith("solo"))
    pair_key = next(k for k in totals if k.startswith("pair"))
    solo_name = solo_key.split("(")[1].split()[0]
    pair_names = tuple(n for n in pair_key.split("(")[1].rstrip(")").split() if n != "and")
    settlement = settle_three_handed(
        case["law_set"],
        totals[solo_key],
        totals[pair_key],
        adversaries=(pair_names[0], pair_names[1]),
    )
    return {
        "net_to_solo": settlement.net_to_solo,
        "assumed_payment": {f"{n}_pays_{solo_name}": v for n, v in settlement.payments.items()},
    }


def check_rubber_bonus(case: Mapping[str, Any]) -> dict[str, Any]:
    actual = {}
    for mode in case["input"]["mode"]:
        rubber = Rubber(case["law_set"], single_game=(mode == "game"))
        while not rubber.is_complete:
            rubber.record({"NS": 30, "EW": 0}, {"NS": 0, "EW": 0})
        actual[mode] = rubber.rubber_bonus
    return actual


def check_spade_convention(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    if "event" in data:
        raise NotImplementedError("irregularities need the game engine")
    law = laws.get(case["law_set"])
    if not data["convention_agreed"]:
        law = laws.get("bridge_duplicate")  # a law set without the convention
    contract = f"{data['trump']}{'X' if data['doubled'] else ''}"
    return {"hand_played": is_played_under_spade_convention(law, contract, data["trick_scores"])}


_RANK_BY_CHAR = {r.char: r for r in Rank}


def check_compulsory_declaration(case: Mapping[str, Any]) -> dict[str, Any]:
    hand = 0
    for suit_letter, ranks in case["input"]["dummy_hand"].items():
        suit = Suit.parse(suit_letter)
        for rank in ranks:
            hand |= 1 << (13 * suit + _RANK_BY_CHAR[rank])
    return {"declaration": compulsory_declaration(laws.get(case["law_set"]), hand).symbol}


def check_bid_comparison(case: Mapping[str, Any]) -> dict[str, Any]:
    law = laws.get(case["law_set"])
    data = case["input"]
    new = ContractSpec.parse(law, data["new_declaration"])
    previous = ContractSpec.parse(law, data["previous_declaration"])
    assert new.level is not None
    assert previous.level is not None
    return {
        "previous_value": law.bid_value(previous.level, previous.declaration),
        "new_value": law.bid_value(new.level, new.declaration),
        "new_is_higher": law.is_higher(
            (new.level, new.declaration), (previous.level, previous.declaration)
        ),
    }


def _auction(case: Mapping[str, Any], calls: list[list[str]], dealer: str) -> Auction:
    auction = Auction(case["law_set"], Seat.parse(dealer))
    for seat, call in calls:
        assert auction.to_call is Seat.parse(seat), f"{seat} called out of turn in the case"
        auction.call(call)
    return auction


def check_call_legality(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    seat, call = data["call"]
    so_far = data["auction_so_far"]
    auction = _auction(case, so_far, so_far[0][0] if so_far else seat)
    return {"legal": auction.to_call is Seat.parse(seat) and auction.is_legal(call)}


def check_declarer_determination(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    contract = _auction(case, data["auction"], data["dealer"]).contract
    assert contract is not None, "the auction in the case is not complete"
    return {
        "final_declaration": f"{contract.level}{contract.declaration}",
        "declarer": contract.declarer.letter,
        "dummy": contract.dummy.letter,
        "opening_leader": contract.opening_leader.letter,
    }


# The procedure cases run through the game engine (strict=False for the irregularities).
_PROCEDURE_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _procedure_dummy_revokes(case: Mapping[str, Any]) -> dict[str, Any]:
    """Dummy (South) revokes; the trick is quitted; the hand is played out and scored."""
    g = Game(case["law_set"], deals=[Deal.from_pbn(_PROCEDURE_DEAL)] * 2, strict=False)
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    for card in ("CA", "DJ", "C7", "C2", "CK"):  # dummy holds clubs; East leads again
        g.play(card)
    while g.phase is Phase.PLAY:
        g.act(min(g.legal_actions()))
    score = g.results[0].score
    assert score is not None
    claims = [r for r in g.results[0].rulings if r.kind is Irregularity.REVOKE_CLAIM]
    penalty = None if not claims and score.breakdown.revoke_penalty == PerSide() else claims
    return {"penalty": penalty, "trick_stands": Card.parse("DJ") in g.results[0].tricks[0].cards}


def _three_handed_after_make(case: Mapping[str, Any]) -> BridgeDeclaration:
    """Three-handed: the dealer North passes the make to the dummy, whose compulsory
    declaration he sees."""
    d = BridgeDeclaration(case["law_set"], Seat.NORTH, deal=Deal.from_pbn(_PROCEDURE_DEAL))
    d.call("P")
    return d


def _procedure_redouble_after_seeing_dummy(case: Mapping[str, Any]) -> dict[str, Any]:
    d = _three_handed_after_make(case)
    d.call("X")  # the leader (East) doubles
    return {"legal": d.to_call is Seat.NORTH and d.why_illegal("XX") is None}


def _procedure_double_by_leaders_partner(case: Mapping[str, Any]) -> dict[str, Any]:
    d = _three_handed_after_make(case)
    return {"legal": d.to_call is Seat.WEST and d.why_illegal("X") is None}


_PROCEDURE_EVENTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "dummy_revokes": _procedure_dummy_revokes,
    "redouble_by_dealer_after_seeing_dummy": _procedure_redouble_after_seeing_dummy,
    "double_by_leaders_partner": _procedure_double_by_leaders_partner,
}


def check_procedure(case: Mapping[str, Any]) -> dict[str, Any]:
    """Run a procedure case through the engine; only its machine-checkable fields."""
    event = case["input"].get("event")
    if event not in _PROCEDURE_EVENTS:
        raise NotImplementedError(f"no machine-checkable procedure for {sorted(case['input'])}")
    return _PROCEDURE_EVENTS[event](case)


CHECKERS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "hand_score": check_hand_score,
    "rubber": check_rubber,
    "duplicate_comparison": check_duplicate_comparison,
    "progressive_tally": check_progressive_tally,
    "settlement": check_settlement,
    "rubber_bonus": check_rubber_bonus,
    "spade_convention": check_spade_convention,
    "compulsory_declaration": check_compulsory_declaration,
    "bid_comparison": check_bid_comparison,
    "call_legality": check_call_legality,
    "declarer_determination": check_declarer_determination,
    "procedure": check_procedure,
}


def _free_text(value: Any) -> list[str]:
    """The values of an ``expected`` object that are prose (words, not a token like "W")."""
    if isinstance(value, str):
        return [value] if " " in value or "(" in value else []
    if isinstance(value, Mapping):
        return [t for v in value.values() for t in _free_text(v)]
    if isinstance(value, list):
        return [t for v in value for t in _free_text(v)]
    return []


def xfail_reason(case: Mapping[str, Any]) -> str | None:
    """Why a case cannot pass yet, or None. Decided by kind and input shape, never by id."""
    if case["kind"] == "procedure":
        if case["input"].get("event") not in _PROCEDURE_EVENTS:
            return (
                "procedure input without an engine scenario (cutting rounds, prose call lists, "
                "or an irregularity whose expectations are prose): the irregularity engine's "
                "options are checked in tests/test_irregularities.py"
            )
        prose = _free_text(case["expected"])
        if prose:
            return f"expected values are free text the engine does not produce: {prose[0]!r}"
        return None
    if "event" in case["input"]:
        return "Spade Convention II (a premature play) is not in the irregularity engine"
    if isinstance(case["input"].get("hand"), str):
        return "prose-only case: its input cannot be computed from"
    return None


def assert_matches(actual: Any, expected: Any, path: str = "") -> None:
    """Compare every value in ``expected`` with ``actual``; extra keys in ``actual`` are fine."""
    if isinstance(expected, Mapping):
        assert isinstance(actual, Mapping), f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}.{key}: not computed"
            assert_matches(actual[key], value, f"{path}.{key}")
    else:
        assert actual == expected, f"{path}: got {actual!r}, expected {expected!r}"


def load_cases(path: Path = CASES_FILE) -> list[Any]:
    cases = json.loads(path.read_text(encoding="utf-8"))
    params = []
    for case in cases:
        reason = xfail_reason(case)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        params.append(pytest.param(case, id=case["id"], marks=marks))
    return params


@pytest.mark.parametrize("case", load_cases())
def test_reference_case(case: Mapping[str, Any]) -> None:
    original = copy.deepcopy(case)
    checker = CHECKERS.get(case["kind"])
    assert checker is not None, f"no checker for case kind {case['kind']!r}"
    assert_matches(checker(case), case["expected"], case["id"])
    assert case == original, "scoring mutated the case's input"


def test_every_kind_in_the_file_has_a_checker() -> None:
    kinds = {case["kind"] for case in json.loads(CASES_FILE.read_text(encoding="utf-8"))}
    assert kinds <= set(CHECKERS)


def test_reference_file_is_the_shared_copy(shared_dir: Path) -> None:
    assert (shared_dir / "reference" / "scoring_cases.json").read_bytes() == CASES_FILE.read_bytes()


# --------------------------------------------------------------------------------------------
# Law 77: the full duplicate table, and key rows transcribed by hand from the Law.
# --------------------------------------------------------------------------------------------


def _law77_rows() -> list[dict[str, str]]:
    with (DATA / "scoring_duplicate.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def _duplicate_score(level: int, strain: str, doubled: str, vulnerable: bool, tricks: int) -> int:
    result = score_hand(
        "contract",
        f"{level}{strain}{doubled}",
        "S",
        {"NS": tricks, "EW": 13 - tricks},
        vulnerable="NS" if vulnerable else "none",
    )
    return result.score_for(Side.NS)


def test_law77_table_is_complete() -> None:
    rows = _law77_rows()
    assert len(rows) == 7 * 5 * 3 * 2 * 14
    keys = {(r["level"], r["strain"], r["doubled"], r["vulnerable"], r["tricks"]) for r in rows}
    assert len(keys) == len(rows)


def test_law77_table() -> None:
    wrong = [
        row
        for row in _law77_rows()
        if _duplicate_score(
            int(row["level"]),
            row["strain"],
            row["doubled"],
            row["vulnerable"] == "V",
            int(row["tricks"]),
        )
        != int(row["score"])
    ]
    assert not wrong, f"{len(wrong)} rows differ, first: {wrong[0]}"


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score"),
    [
        ("1C", False, 7, 70),  # 20 + part score 50
        ("1NT", False, 8, 120),  # 40 + 30 overtrick + 50
        ("3NT", False, 9, 400),  # 100 + game 300
        ("3NT", True, 9, 600),  # 100 + game 500
        ("4H", True, 10, 620),
        ("5D", False, 11, 400),
        ("2SX", False, 8, 470),  # 120 + game 300 + 50 insult
        ("1NTX", True, 8, 380),  # 80 + 200 doubled overtrick + 50 + 50 part score
        ("1NTXX", False, 7, 560),  # 160 + game 300 + 100
        ("6S", False, 12, 980),  # 180 + 300 + 500
        ("7NT", True, 13, 2220),  # 220 + 500 + 1500
        ("4S", False, 8, -100),  # 2 down undoubled 50 each
        ("4SX", False, 6, -800),  # 100 + 200 + 200 + 300
        ("4SX", True, 6, -1100),  # 200 + 300 x 3
        ("3NTXX", False, 6, -1000),  # 200 + 400 + 400
        ("7NTX", False, 0, -3500),  # 100 + 200 + 200 + 300 x 10
    ],
)
def test_law77_rows_by_hand(contract: str, vulnerable: bool, tricks: int, score: int) -> None:
    spec = ContractSpec.parse("contract", contract)
    assert spec.level is not None
    doubled = "X" * spec.doublings
    assert (
        _duplicate_score(spec.level, spec.declaration.symbol, doubled, vulnerable, tricks) == score
    )


def test_law77_table_against_endplay() -> None:
    endplay = pytest.importorskip("endplay.types")
    denoms = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}
    penalties = {"": "passed", "X": "doubled", "XX": "redoubled"}
    for row in _law77_rows()[::7]:
        level, tricks = int(row["level"]), int(row["tricks"])
        contract = endplay.Contract(
            level=level,
            denom=getattr(endplay.Denom, denoms[row["strain"]]),
            declarer=endplay.Player.south,
            penalty=getattr(endplay.Penalty, penalties[row["doubled"]]),
            result=tricks - 6 - level,
        )
        vul = endplay.Vul.both if row["vulnerable"] == "V" else endplay.Vul.none
        assert contract.score(vul) == int(row["score"]), row


# --------------------------------------------------------------------------------------------
# IMPs and matchpoints (Law 78).
# --------------------------------------------------------------------------------------------

IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 9990, 24),
]  # fmt: skip
"""The IMP scale of Law 78B, transcribed by hand."""


@pytest.mark.parametrize(("low", "high", "expected"), IMP_TABLE)
def test_imp_scale(low: int, high: int, expected: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


def test_imps_boundaries() -> None:
    assert imps(19) == 0
    assert imps(20) == 1
    assert imps(4000) == 24
    assert imps(100_000) == 24


def test_matchpoints() -> None:
    assert matchpoints([420, 450, 420, -50]) == (3, 6, 3, 0)
    assert matchpoint_percentages([420, 450, 420, -50]) == (50.0, 100.0, 50.0, 0.0)
    assert matchpoints([100]) == (0,)
    assert matchpoint_percentages([100]) == (50.0,)
    assert matchpoints([]) == ()


@given(st.lists(st.integers(-7600, 7600).map(lambda x: x * 10), min_size=1, max_size=20))
@settings(max_examples=50, deadline=None)
def test_matchpoints_sum_to_the_board_total(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


# --------------------------------------------------------------------------------------------
# Properties.
# --------------------------------------------------------------------------------------------

HISTORICAL = ["BRIDGE_ELWELL_1906", "AUCTION_WCNY_1912", "BRIDGE_DUPLICATE", "BRIDGE_THREE_HANDED"]


@st.composite
def historical_hands(draw: st.DrawFn, names: tuple[str, ...] = tuple(HISTORICAL)) -> dict[str, Any]:
    """A random historical hand: law set, declaration, tricks, honours, voids and revokes."""
    name = draw(st.sampled_from(names))
    law = laws.get(name)
    decl = draw(st.sampled_from(law.declarations))
    level = None if law.play.max_level is None else draw(st.integers(1, 7))
    ns = draw(st.integers(0, 13))
    total = 4 if decl.is_notrump else 5
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=3, max_size=3)))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
    voids = (
        []
        if decl.is_notrump
        else [seat.letter for seat in Seat if counts[seat] == 0 and draw(st.booleans())]
    )
    if len(voids) == 4:
        voids = voids[:3]
    revokes = {"NS": draw(st.integers(0, 2)), "EW": draw(st.integers(0, 2))}
    declarer = draw(st.sampled_from("NESW"))
    defenders = "EW" if declarer in "NS" else "NS"
    election = None
    if isinstance(law.revoke, laws.PointsRevoke) and revokes[defenders]:
        election = draw(st.sampled_from(["tricks", "points"]))
    return {
        "law_set": name,
        "contract": f"{level or ''}{decl.symbol}",
        "declarer": declarer,
        "tricks": {"NS": ns, "EW": 13 - ns},
        "honours": {seat.letter: counts[seat] for seat in Seat},
        "trump_void_seats": voids,
        "revokes": revokes,
        "revoke_election": election,
    }


@given(historical_hands(), st.integers(1, 3))
@settings(max_examples=150, deadline=None)
def test_doubling_never_changes_honours_chicane_or_slam(hand: dict[str, Any], extra: int) -> None:
    law = laws.get(hand["law_set"])
    limit = law.doubling.max_doublings
    doublings = extra if limit is None else min(extra, limit)
    plain = score_hand(**hand)
    doubled = score_hand(**{**hand, "contract": hand["contract"] + "X" * doublings})
    for item in ("honours", "chicane", "slam"):
        assert getattr(plain.breakdown, item) == getattr(doubled.breakdown, item), item


@given(historical_hands())
@settings(max_examples=150, deadline=None)
def test_hand_score_invariants(hand: dict[str, Any]) -> None:
    original = copy.deepcopy(hand)
    result = score_hand(**hand)
    assert hand == original
    after = result.tricks_after_revoke_penalty
    assert after.ns + after.ew == 13
    assert min(after.ns, after.ew) >= 0
    assert result.trick_score.ns == 0 or result.trick_score.ew == 0
    assert result.honour_column.ns >= 0
    assert result.honour_column.ew >= 0
    both_revoked = hand["revokes"]["NS"] and hand["revokes"]["EW"]
    if hand["law_set"] == "AUCTION_WCNY_1912" and both_revoked:
        # 1912 law 89: when both sides revoke no side scores trick points.
        assert result.trick_score.ns == result.trick_score.ew == 0
        assert result.contract_made is None


@given(historical_hands(("AUCTION_WCNY_1912",)), st.integers(0, 2))
@settings(max_examples=100, deadline=None)
def test_revoking_side_scores_only_honours_and_chicane_in_auction(
    hand: dict[str, Any], doublings: int
) -> None:
    hand = {**hand, "contract": hand["contract"] + "X" * doublings}
    result = score_hand(**hand)
    both = hand["revokes"]["NS"] and hand["revokes"]["EW"]
    for side in ("NS", "EW"):
        if hand["revokes"][side]:
            assert result.trick_score[side] == 0
            for item in ("slam", "undertricks", "doubled_bonus"):
                assert getattr(result.breakdown, item)[side] == 0, item
            # L89: with both revoking, 100 per extra revoke still goes to the other side.
            extra = 100 * max(0, hand["revokes"]["EW" if side == "NS" else "NS"] - 1)
            assert result.breakdown.revoke_penalty[side] == (extra if both else 0)


@given(st.integers(0, 13), st.sampled_from(["C", "D", "H", "S", "NT"]), st.integers(1, 7))
@settings(max_examples=100, deadline=None)
def test_contract_redoubled_undertricks_are_twice_doubled(
    tricks: int, strain: str, level: int
) -> None:
    if tricks >= 6 + level:
        return
    for vulnerable in ("none", "NS"):
        doubled = score_hand(
            "contract", f"{level}{strain}X", "N", (tricks, 13 - tricks), vulnerable=vulnerable
        )
        redoubled = score_hand(
            "contract", f"{level}{strain}XX", "N", (tricks, 13 - tricks), vulnerable=vulnerable
        )
        assert redoubled.honour_column.ew == 2 * doubled.honour_column.ew


def test_honours_from_the_deal_match_explicit_counts() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    deal = deal_module.Deal.from_pbn(
        "N:AKQJ.AK2.432.432 T98.QJT9.AKQ.AKQ 765.876.JT98.JT9 432.543.765.8765"
    )
    from_deal = score_hand("auction_1912", "1S", "N", (7, 6), deal=deal)
    explicit = score_hand("auction_1912", "1S", "N", (7, 6), honours={"N": 4, "E": 1})
    assert from_deal.breakdown == explicit.breakdown
    nt = score_hand("auction_1912", "1NT", "N", (7, 6), deal=deal)
    assert nt.breakdown.honours.to_dict() == {"NS": 0, "EW": 0}  # aces two and two
    clubs = score_hand("bridge_1906", "C", "N", (7, 6), deal=deal)
    assert clubs.breakdown.honours.to_dict() == {"NS": 0, "EW": 8}  # E: A K Q, S: J 10


def test_chicane_and_double_chicane_from_the_deal() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    # N and S hold no hearts; W no spades; E no diamonds.
    deal = deal_module.Deal.from_pbn(
        "N:AKQJT..AKQJT.AKQ 98765.AKQJT9..JT 432..98765.98765 .8765432.432.432"
    )
    hearts = score_hand("bridge_1906", "H", "E", (0, 13), deal=deal)
    assert hearts.breakdown.honours.ew == 10 * 8  # E: five in one hand
    assert hearts.breakdown.chicane.ew == -4 * 8  # double chicane deducted
    spades = score_hand("bridge_1906", "S", "N", (13, 0), deal=deal)
    assert (spades.breakdown.honours.ns, spades.breakdown.chicane.ns) == (10 * 2, -2 * 2)
    clubs = score_hand("auction_1912", "1C", "N", (13, 0), deal=deal)
    assert clubs.breakdown.honours.ns == 2 * 6
    assert clubs.breakdown.chicane.to_dict() == {
        "NS": 0,
        "EW": 0,
    }


# --------------------------------------------------------------------------------------------
# Bad input.
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"law_set": "whist_1890"}, "unknown law set"),
        ({"contract": "8H"}, "level 8 is out of range"),
        ({"contract": "0H"}, "level 0 is out of range"),
        ({"contract": "H"}, "needs a level"),
        ({"contract": "2Q"}, "no declaration"),
        ({"contract": "2HXXX"}, "3 doublings"),
        ({"contract": ""}, "cannot read a contract"),
        ({"tricks": {"NS": -1, "EW": 14}}, "negative"),
        ({"tricks": {"NS": 7, "EW": 7}}, "add up to 13"),
        ({"tricks": (7,)}, "two values"),
        ({"tricks": {"NS": 7.0, "EW": 6}}, "integer"),
        ({"tricks": {"XY": 7, "EW": 6}}, "not a side"),
        ({"declarer": "Q"}, "not a seat"),
        ({"honours": {"N": 3, "E": 3}}, "only 5"),
        ({"honours": {"N": 6, "S": -1}}, "0 to 5"),
        ({"honours": {"N": 5}, "trump_void_seats": ["N"]}, "void of trumps but holds"),
        ({"trump_void_seats": ["N", "E", "S", "W"]}, "all four"),
        ({"revokes": {"NS": -1}}, "negative"),
        ({"revokes": {"EW": 1}}, "revoke_election must be"),
        ({"revoke_election": "tricks"}, "only when a defender revoked"),
        ({"revoke_election": "maybe"}, "'tricks' or 'points'"),
        ({"prior_trick_score": {"NS": 30}}, "not below game"),
        ({"dealer_original_one_spade": True}, "cannot be 2H"),
        ({"vulnerable": "sometimes"}, "not a vulnerability"),
    ],
)
def test_bad_input_raises_a_value_error_naming_it(arguments: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {
        "law_set": "auction_1912",
        "contract": "2H",
        "declarer": "N",
        "tricks": (8, 5),
    }
    with pytest.raises(RedoubleError, match=message) as info:
        score_hand(**{**base, **arguments})
    assert isinstance(info.value, ValueError)
    expected = laws.LawSetError if "law_set" in arguments else ScoringInputError
    assert isinstance(info.value, expected)


@pytest.mark.parametrize(
    ("law_set", "contract", "message"),
    [
        ("bridge_1906", "2H", "no levels"),
        ("bridge_1906", "NTXXXXXXXX", None),  # unlimited doubling (seed 003 L50)
        ("contract", "1R", "no declaration"),
        ("contract", "7NTXXX", "3 doublings"),
        ("contract_rubber", "1NT", None),
    ],
)
def test_contract_checks_per_law_set(law_set: str, contract: str, message: str | None) -> None:
    if message is None:
        score_hand(law_set, contract, "N", (7, 6))
    else:
        with pytest.raises(ScoringInputError, match=message):
            score_hand(law_set, contract, "N", (7, 6))


def test_revoke_arguments_per_law_set() -> None:
    with pytest.raises(ScoringInputError, match="three tricks"):
        score_hand("bridge_1906", "H", "N", (7, 6), revokes={"EW": 1}, revoke_election="points")
    with pytest.raises(ScoringInputError, match="give revoke_tricks"):
        score_hand("contract", "4H", "N", (10, 3), revokes={"EW": 1})
    with pytest.raises(ScoringInputError, match="Law 64A allows 0 to 2"):
        score_hand("contract", "4H", "N", (10, 3), revokes={"EW": 1}, revoke_tricks={"EW": 3})
    result = score_hand("contract", "4H", "N", (9, 4), revokes={"EW": 1}, revoke_tricks={"EW": 1})
    assert result.contract_made
    assert result.tricks_after_revoke_penalty.ns == 10


def test_explicit_honours_and_the_deal_are_exclusive() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    deal = deal_module.Deal.from_pbn(
        "N:AKQJ.AK2.432.432 T98.QJT9.AKQ.AKQ 765.876.JT98.JT9 432.543.765.8765"
    )
    with pytest.raises(ScoringInputError, match="not both"):
        score_hand("auction_1912", "1S", "N", (7, 6), deal=deal, honours={"N": 5})


def test_input_mappings_are_not_mutated() -> None:
    tricks = {"NS": 9, "EW": 4}
    honours = {"N": 2, "S": 2, "E": 1}
    revokes = {"NS": 0, "EW": 1}
    voids = ["W"]
    snapshot = copy.deepcopy((tricks, honours, revokes, voids))
    score_hand(
        "auction_1912",
        "2HX",
        "N",
        tricks,
        honours=honours,
        revokes=revokes,
        trump_void_seats=voids,
        revoke_election="tricks",
    )
    assert (tricks, honours, revokes, voids) == snapshot


def test_progressive_tally_rejects_other_law_sets() -> None:
    with pytest.raises(ScoringInputError):
        ProgressiveTally("auction_1912")
    tally = ProgressiveTally()
    with pytest.raises(ScoringInputError, match="scored under"):
        tally.add(score_hand("auction_1912", "1H", "N", (7, 6)))


def test_settlement_split_flag() -> None:
    law = laws.get("bridge_three_handed", three_handed_settlement="split")
    settlement = settle_three_handed(law, 312, 190)
    assert settlement.net_to_solo == 122
    assert dict(settlement.payments) == {"B": 61, "C": 61}
    with pytest.raises(ScoringInputError):
        settle_three_handed("auction_1912", 1, 0)


@pytest.mark.parametrize("name", ["redouble.scoring", "redouble.laws"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0
    assert failures == 0
