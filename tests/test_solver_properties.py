"""Solver properties: agreement with a brute-force minimax oracle on small endings (mid-trick
starts included), NS + EW = all tricks, and the seat- and suit-relabelling symmetries."""

from __future__ import annotations

import random

import dd_oracle as oracle
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redouble.solver as rs
from redouble import Deal, Position, Seat, Strain

ENDINGS = 400  # 100 each of 1, 2, 3 and 4 cards a hand


@pytest.fixture(scope="module")
def small_solver() -> rs.Solver:
    """One solver for all endings: reuse of its table across positions is part of the test."""
    return rs.Solver(tt_bytes=2 << 20)


@pytest.mark.parametrize("chunk", range(8))
def test_solve_and_solve_cards_agree_with_brute_force(chunk: int, small_solver: rs.Solver) -> None:
    per = ENDINGS // 8
    for i in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(1000 + i)
        n = 1 + i % 4
        hands, strain, leader, trick = oracle.random_ending(rng, n)
        p = Position(hands, strain, leader, trick)
        want = oracle.card_values(hands, strain, leader, trick)
        where = f"ending {i}: hands {[hex(h) for h in hands]} strain {strain} leader {leader} trick {trick}"
        assert small_solver.solve(p) == max(want.values()), where
        got = {int(c): v for c, v in small_solver.solve_cards(p).items()}
        assert got == want, where


def random_partial_deal(rng: random.Random, n: int) -> Deal:
    deck = list(range(52))
    rng.shuffle(deck)
    return Deal([sum(1 << c for c in deck[13 * s : 13 * s + n]) for s in range(4)])


deal_strategy = st.builds(
    random_partial_deal, st.randoms(use_true_random=False), st.integers(min_value=1, max_value=7)
)
prop_settings = settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@prop_settings
@given(deal_strategy)
def test_leader_side_plus_declarer_side_is_all_tricks(deal: Deal) -> None:
    table = rs.dd_table(deal)
    for strain in Strain:
        for leader in Seat:
            on_lead = rs.solve(Position(deal, strain, leader))
            assert on_lead + table[strain, leader.rho] == deal.hand_size


@prop_settings
@given(deal_strategy, st.integers(min_value=1, max_value=3))
def test_rotating_seats_rotates_the_table(deal: Deal, steps: int) -> None:
    table = rs.dd_table(deal)
    assert np.array_equal(rs.dd_table(deal.rotate(steps)), np.roll(table, steps, axis=1))


@prop_settings
@given(deal_strategy, st.integers(0, 3), st.integers(0, 3))
def test_swapping_two_suits_swaps_their_rows(deal: Deal, a: int, b: int) -> None:
    table = rs.dd_table(deal)
    swapped = rs.dd_table(deal.swap_suits(a, b))
    expect = table.copy()
    expect[[a, b]] = table[[b, a]]
    assert np.array_equal(swapped, expect)
    assert np.array_equal(swapped[Strain.NOTRUMP], table[Strain.NOTRUMP])


def test_full_deal_symmetries() -> None:
    # Two full deals known to be quick; the same properties at 13 tricks.
    for pbn in (
        "N:K.A8652.843.AJ85 A763.7.KQJ75.Q74 QJ42.KJT3.92.K63 T985.Q94.AT6.T92",
        "N:AJT7.AJ9.A92.J32 543.KT5.Q87.AK84 Q8.Q8732.KJ43.95 K962.64.T65.QT76",
    ):
        deal = Deal.from_pbn(pbn)
        table = rs.dd_table(deal)
        assert np.array_equal(rs.dd_table(deal.rotate(1)), np.roll(table, 1, axis=1))
        swapped = rs.dd_table(deal.swap_suits(0, 3))
        assert np.array_equal(swapped[[3, 1, 2, 0, 4]], table)
        for strain in Strain:
            on_lead = rs.solve(Position(deal, strain, Seat.NORTH))
            assert on_lead + table[strain, Seat.WEST] == 13
