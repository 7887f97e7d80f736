"""Built-in players: the double-dummy player keeps its side's double-dummy result."""

from __future__ import annotations

from redouble import solver
from redouble.game import Game, Phase
from redouble.players import DoubleDummyPlayer


def test_double_dummy_player_never_loses_a_trick_it_could_keep() -> None:
    g = Game("contract", seed=12, boards=1)
    player = DoubleDummyPlayer()
    while g.phase is Phase.DECLARE:
        g.act(player(g))
    assert g.contract is not None  # it bids what its side can make
    table = solver.dd_table(g.deal)
    strain = g.law_set.declaration(g.contract.declaration).strain
    assert int(table[strain][g.contract.declarer]) >= (g.contract.level or 0) + 6
    while g.phase is Phase.PLAY:
        pos = g.position
        assert pos is not None
        side = pos.to_play.side
        before = pos.tricks_won(side) + solver.solve(pos.copy())
        g.act(player(g))
        if g.phase is not Phase.PLAY:
            break
        after_pos = g.position
        assert after_pos is not None
        won = after_pos.tricks_won(side)
        rest = solver.solve(after_pos.copy())
        mine = rest if after_pos.to_play.side is side else after_pos.tricks_left - rest
        assert won + mine == before
    result = g.results[-1]
    assert result.score is not None
    assert result.contract is not None
    declarer_side = result.contract.declarer.side
    got = result.tricks_won.ns if declarer_side.value == 0 else result.tricks_won.ew
    assert got == int(table[strain][result.contract.declarer])
