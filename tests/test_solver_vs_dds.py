"""The solver against DDS itself (through endplay), on positions no stored file covers.

The stored references (tests/data) fix whole deals at trick boundaries and small endings; the
oracle in test_solver_properties covers mid-trick starts only up to four cards a hand. Here
DDS values every legal card of full deals stopped one to three cards into the first trick,
in every strain and with every seat on lead. Skipped unless the reference is installed
(`pip install ".[bench]"`); CI runs it with the reference.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import redouble
import redouble.solver as rs
from redouble import Position, Seat, Strain

POSITIONS = 32  # 4 chunks of 8: each a full deal with one to three cards on the table
SEED = 4096


@pytest.fixture(scope="module")
def dds() -> Any:
    """endplay's DDS on one thread."""
    pytest.importorskip("endplay", reason="the reference is not installed: pip install .[bench]")
    import endplay._dds as raw
    import endplay.dds as dds_mod

    raw.SetMaxThreads(1)
    return dds_mod


def _dds_card_values(dds: Any, position: Position, deal: redouble.Deal) -> dict[str, int]:
    """DDS's value of every legal card, keyed by endplay's card text."""
    from endplay.dds.solve import SolveMode
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    ed = EDeal(deal.to_pbn())
    ed.trump = denoms[int(position.strain)]
    ed.first = players[int(position.leader)]
    for card in position.trick:
        ed.play(ECard(str(card)))
    # Default mode: every legal card with its score (DDS lists one card of each equal run).
    return {str(card): tricks for card, tricks in dds.solve_board(ed, SolveMode.Default)}


@pytest.mark.parametrize("chunk", range(4))
def test_solve_cards_mid_trick_agrees_with_dds(dds: Any, chunk: int) -> None:
    from endplay.types import Card as ECard

    per = POSITIONS // 4
    batch = redouble.deals(POSITIONS, SEED)
    solver = rs.Solver(tt_bytes=16 << 20)
    for i in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(SEED + i)
        deal = redouble.Deal.from_array(batch[i])
        position = Position(deal, Strain(i % 5), Seat(rng.randrange(4)))
        for _ in range(1 + i % 3):
            position.play(rng.choice(list(position.legal_plays())))
        want = _dds_card_values(dds, position, deal)
        got = {str(ECard(str(card))): v for card, v in solver.solve_cards(position).items()}
        where = (
            f"position {i}: {deal.to_pbn()} {position.strain} {position.leader} {position.trick}"
        )
        assert want, where
        assert all(got.get(card) == tricks for card, tricks in want.items()), where
        assert solver.solve(position) == max(want.values()), where
