"""Played games written as PBN/LIN/JSON records and read back."""

from __future__ import annotations

import pytest

from redouble import Position, laws
from redouble.formats import reads, writes
from redouble.formats.games import game_records
from redouble.game import Game, RandomPlayer


@pytest.mark.parametrize("name", list(laws.available()))
def test_played_games_round_trip_through_pbn_and_json(name: str) -> None:
    for seed in range(5):
        g = Game(name, seed=seed)
        g.auto_play(RandomPlayer(seed))
        records = game_records(g)
        assert len(records) == len(g.results)
        for fmt in ("pbn", "json"):
            assert reads(writes(records, fmt), fmt) == records
        for record, result in zip(records, g.results, strict=True):
            assert record.deal == result.deal
            assert record.law_set == g.law_set.name
            if result.contract is None:
                assert record.contract is not None
                assert record.contract.is_passed_out
                continue
            # The play section replays legally and gives the recorded result.
            assert record.play is not None
            assert record.declarer is not None
            strain = g.law_set.declaration(result.contract.declaration).strain
            pos = Position(record.deal, strain, record.play.leader)
            for _, played in record.play.in_order(strain):
                assert played.card is not None
                pos.play(played.card)
            assert pos.tricks_won(record.declarer.side) == record.result


def test_contract_games_round_trip_through_lin() -> None:
    g = Game("contract_rubber", seed=3)
    g.auto_play(RandomPlayer(3))
    records = game_records(g)
    back = reads(writes(records, "lin"), "lin")
    assert [r.deal for r in back] == [r.deal for r in records]
    assert [r.auction for r in back] == [r.auction for r in records]
    assert [r.contract for r in back] == [r.contract for r in records]
