"""Three-handed Bridge played in single games (Bridge (Elwell, 1906), Bridge for Three Players:
"In playing rubbers, 100 points are added to the score of the winning side. In playing games,
50 points are added to score of the winning side.") through :class:`Game`."""

from __future__ import annotations

import json
import pickle

import pytest

from redouble.errors import GameError
from redouble.game import Game
from redouble.game.player import RandomPlayer
from redouble.scoring import PerSide

THREE = "bridge_three_handed"


def _played(seed: int, *, single_game: bool) -> Game:
    g = Game(THREE, seed=seed, single_game=single_game)
    g.auto_play(RandomPlayer(seed))
    return g


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7])
def test_a_single_game_ends_with_the_first_game_and_scores_50(seed: int) -> None:
    single = _played(seed, single_game=True)
    assert single.phase.name == "COMPLETE"
    scored = [r.score for r in single.results if r.score is not None]
    won = [s.game_won_by for s in scored]
    # The session ends on the hand that wins a game, and on no earlier one.
    assert won[-1] is not None
    assert all(w is None for w in won[:-1])
    # The totals, added up here from each hand's points: 50 to the game's winner.
    points = PerSide(0, 0)
    for s in scored:
        points = points + s.deal_points
    assert single.totals == points.add(won[-1], 50)
    # The same seed and players as a rubber: its hands up to its first game are these.
    rubber = _played(seed, single_game=False)
    first = [r.score for r in rubber.results if r.score is not None][: len(scored)]
    assert first == scored
    assert rubber.hand_number > single.hand_number or rubber.totals != single.totals
    sheet = single.score_sheet()
    assert "game bonus" in sheet
    assert "rubber bonus" not in sheet
    assert (
        sheet.splitlines()[-1]
        == f"{won[-1].name} win the game by {abs(single.totals.ns - single.totals.ew)}"
    )


def test_a_single_game_survives_json_pickle_and_replay() -> None:
    g = Game(THREE, seed=5, single_game=True)
    player = RandomPlayer(5)
    for _ in range(70):  # part way through its first hands
        g.act(player(g))
    assert g.log[0].data["single_game"] is True
    for copy in (Game.from_json(g.to_json()), pickle.loads(pickle.dumps(g))):
        assert copy.log == g.log
        copy.auto_play(RandomPlayer(9))
        g2 = Game.from_json(g.to_json())
        g2.auto_play(RandomPlayer(9))
        assert copy.totals == g2.totals
        assert "win the game" in copy.score_sheet()
    # A rubber's log does not name the setting (logs written before it load unchanged).
    assert "single_game" not in Game(THREE).log[0].data


def test_single_game_is_refused_where_the_laws_play_rubbers_only() -> None:
    for law in ("auction_1912", "bridge_1906", "contract_rubber", "contract"):
        with pytest.raises(GameError, match="single_game"):
            Game(law, single_game=True)
    with pytest.raises(TypeError, match="single_game"):
        Game(THREE, single_game=1)  # type: ignore[arg-type]
    text = json.loads(Game(THREE).to_json())
    text["events"][0]["data"]["single_game"] = "yes"
    with pytest.raises(GameError, match="single_game"):
        Game.from_json(json.dumps(text))
    text["events"][0]["data"]["law_set"] = text["law_set"] = "AUCTION_1912"
    text["events"][0]["data"]["single_game"] = True
    with pytest.raises(GameError, match="single_game"):
        Game.from_json(json.dumps(text))


def test_only_three_handed_bridge_plays_single_games() -> None:
    # The one property Game, RubberLedger, the CLI and the service all ask: a law set plays
    # single games only with games, rubbers and a bonus for a game won alone.
    from redouble import laws
    from redouble.scoring import RubberLedger

    playing = {name for name in laws.available() if laws.get(name).plays_single_games}
    assert playing == {laws.get(THREE).name}
    for name in laws.available():
        law = laws.get(name)
        if law.game is not None and law.rubber is not None and not law.plays_single_games:
            with pytest.raises(ValueError, match="single games"):
                RubberLedger(law, single_game=True)
    assert RubberLedger(THREE, single_game=True).law_set.plays_single_games
