"""Hand features and constraints: the core against a plain-Python reference on random deals."""

from __future__ import annotations

import numpy as np
import pytest

from redouble import Seat, dealing
from redouble.analysis import AnalysisError
from redouble.analysis.constraints import Constraint, ConstraintError, constrained_deals
from redouble.analysis.features import features


def _suits(mask: int) -> list[list[int]]:
    """Ranks (0 = deuce .. 12 = ace) held in each suit, clubs first."""
    return [[r for r in range(13) if mask >> (13 * s + r) & 1] for s in range(4)]


def _reference(mask: int) -> dict[str, object]:
    suits = _suits(mask)
    hcp = sum(max(0, r - 8) for s in suits for r in s)  # J=9 -> 1 ... A=12 -> 4
    lengths = [len(s) for s in suits]
    controls = sum(2 if r == 12 else 1 if r == 11 else 0 for s in suits for r in s)
    ltc = 0
    qt = 0.0
    for s in suits:
        top = sorted(s, reverse=True)[:3]
        if len(s) == 1:
            ltc += 0 if 12 in s else 1
        elif len(s) == 2:
            ltc += 2 - (12 in s) - (11 in s)
        elif len(s) >= 3:
            ltc += 3 - sum(1 for r in (12, 11, 10) if r in top)
        a, k, q = 12 in s, 11 in s, 10 in s
        qt += (
            2
            if a and k
            else 1.5
            if a and q
            else 1
            if a
            else 1
            if k and q
            else 0.5
            if k and len(s) > 1
            else 0
        )
    shape = sorted(lengths, reverse=True)
    return {
        "hcp": hcp,
        "clubs": lengths[0],
        "diamonds": lengths[1],
        "hearts": lengths[2],
        "spades": lengths[3],
        "shape": lengths,
        "shape_sorted": shape,
        "controls": controls,
        "ltc": ltc,
        "quick_tricks": qt,
        "balanced": shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]),
        "semi_balanced": shape
        in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2], [5, 4, 2, 2], [6, 3, 2, 2]),
        "longest": shape[0],
        "shortest": shape[-1],
    }


def test_features_match_python_reference_on_random_deals() -> None:
    deals = dealing.deals(3000, seed=11)
    got = features(deals)
    for i in range(len(deals)):
        for seat in range(4):
            ref = _reference(int(deals[i, seat]))
            for name, want in ref.items():
                value = got[name][i, seat]
                value = value.tolist() if isinstance(value, np.ndarray) else value.item()
                assert value == want, (i, seat, name)


def test_features_of_partial_and_empty_hands() -> None:
    got = features(np.array([[0, 1 << 51, 0, 0]], dtype=np.uint64))  # East holds the ace of spades
    assert got["hcp"][0].tolist() == [0, 4, 0, 0]
    assert got["quick_tricks"][0, 1] == 1.0
    assert got["ltc"][0, 1] == 0


def test_features_reject_bad_batches() -> None:
    from redouble import InvalidDealError

    with pytest.raises(InvalidDealError):
        features(np.zeros((3, 5), np.uint64))
    with pytest.raises(InvalidDealError):
        features(np.zeros((3, 4), np.int64))


def _python_filter(mask: list[int]) -> bool:
    n, s = _reference(mask[0]), _reference(mask[2])
    e, w = _reference(mask[1]), _reference(mask[3])
    return (
        (15 <= n["hcp"] <= 17 and bool(n["balanced"]) and s["spades"] >= 5)  # type: ignore[operator]
        or (e["hcp"] + w["hcp"] >= 30 and not (e["longest"] < 6))  # type: ignore[operator]
        or (w["quick_tricks"] >= 2.5 and w["ltc"] != 7 and w["controls"] > 4)  # type: ignore[operator]
    )


TEXT = (
    "(N.hcp in 15..17 and N.balanced and S.spades >= 5) or (EW.hcp >= 30 and not E.longest < 6)"
    " or (W.qt >= 2.5 and W.ltc != 7 and W.controls > 4)"
)


def test_constraint_mask_matches_python_filter() -> None:
    deals = dealing.deals(4000, seed=5)
    want = np.array([_python_filter([int(x) for x in row]) for row in deals])
    assert want.sum() > 20
    assert (Constraint(TEXT)(deals) == want).all()


def test_constrained_deals_are_the_filtered_board_sequence() -> None:
    c = Constraint("N.hcp in 15..17 and N.balanced and S.spades >= 4")
    got = constrained_deals(c, 25, seed=99, first_board=7)
    plain = dealing.deals(got.tried, seed=99, first_board=7)
    keep = np.nonzero(c(plain))[0]
    assert got.boards.tolist() == (keep + 7).tolist()
    assert (got.deals == plain[keep]).all()
    # The same seed gives the same deals, and a later start keeps the board numbers.
    again = constrained_deals(c, 10, seed=99, first_board=int(got.boards[15]))
    assert again.boards.tolist() == got.boards[15:25].tolist()
    # Pinned: these boards are part of the "same seeds forever" promise.
    assert constrained_deals("N.hcp in 15..17 and N.balanced", 3, seed=1).boards.tolist() == [
        5,
        20,
        22,
    ]


def test_constrained_deals_with_predeal() -> None:
    got = constrained_deals("S.hcp >= 3", 30, seed=3, predeal={Seat.NORTH: "AKQJ.AKQ.AK.AKQJ"})
    assert all(int(r[0]) == int(got.deals[0, 0]) for r in got.deals)
    assert (features(got.deals)["hcp"][:, 2] >= 3).all()
    pre = dealing.predeal({Seat.NORTH: "AKQJ.AKQ.AK.AKQJ"}, seed=3, n=int(got.tried))
    keep = np.nonzero(features(pre)["hcp"][:, 2] >= 3)[0]
    assert (got.deals == pre[keep]).all()


def test_constrained_deals_not_found() -> None:
    with pytest.raises(AnalysisError, match="only 0 of 5"):
        constrained_deals("N.hcp >= 33", 5, seed=1, max_tries=1000)
    got = constrained_deals("N.hcp >= 33", 5, seed=1, max_tries=1000, strict=False)
    assert len(got.deals) == 0
    assert got.tried == 1000


@pytest.mark.parametrize(
    "text",
    [
        "N.hcp > 37",
        "S.hcp in 40..50",
        "NS.hcp > 40",
        "E.spades >= 14",
        "N.longest < 4",
        "W.shortest > 3 and N.hcp > 10",
        "not N.hcp <= 37",
        "N.controls > 12 or S.clubs > 13",
    ],
)
def test_a_constraint_no_deal_can_satisfy_is_refused_at_once(text: str) -> None:
    # Not after max_tries boards (a hundred million by default: minutes of dealing).
    with pytest.raises(AnalysisError, match="no deal can satisfy"):
        constrained_deals(text, 1, seed=1)
    got = constrained_deals(text, 1, seed=1, strict=False)
    assert len(got.deals) == 0
    assert got.tried == 0


def test_the_range_judgement_never_refuses_a_constraint_a_deal_satisfies() -> None:
    # The judgement runs on ranges alone: every test whose range a real deal's feature meets must
    # not be judged impossible, and one judged always true must hold for every deal.
    from redouble.analysis.constraints import _ALWAYS, _NEVER, _can_hold

    rng = np.random.default_rng(5)
    deals = dealing.deals(3000, seed=5)
    names = ["hcp", "spades", "hearts", "controls", "ltc", "qt", "longest", "shortest"]
    checked = 0
    for _ in range(400):
        tests = []
        for _ in range(int(rng.integers(1, 4))):
            hand = str(rng.choice(["N", "E", "S", "W", "NS", "EW"]))
            name = str(rng.choice(names))
            lo = int(rng.integers(0, 45))
            hi = lo + int(rng.integers(0, 12))
            neg = "not " if rng.random() < 0.3 else ""
            tests.append(f"{neg}{hand}.{name} in {lo}..{hi}")
        text = str(rng.choice([" and ", " or "])).join(tests)
        c = Constraint(text)
        accepted = c(deals)
        verdict = _can_hold(c.program)
        if accepted.any():
            assert verdict != _NEVER, c.text
        if verdict == _ALWAYS:
            assert accepted.all(), c.text
        checked += verdict != 1
    assert checked > 20  # the judgement decided a fair share of them


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("N.hcp in 15.17", 10),
        ("N.hcpx > 3", 3),
        ("N.hcp >", 8),
        ("(N.hcp > 3", 11),
        ("NS.balanced", 1),
        ("X.hcp > 1", 1),
        ("N.hcp > 3 and", 14),
        ("N.hcp @ 3", 7),
        ("N.qt >= 2.25", 9),
        ("N.hcp in 17..15", 7),
        ("", 1),
    ],
)
def test_bad_constraints_name_the_column(text: str, column: int) -> None:
    with pytest.raises(ConstraintError) as info:
        Constraint(text)
    assert info.value.column == column
    assert isinstance(info.value, ValueError)


def test_constraint_type_errors() -> None:
    with pytest.raises(TypeError):
        Constraint(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        constrained_deals("N.hcp > 3", 2.5, seed=1)  # type: ignore[arg-type]
