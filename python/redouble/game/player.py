"""Players for automatic play: the protocol and a seeded random player."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Protocol

from .._check import as_int, shown
from ..auction import Call
from ..cards import Card
from ..errors import GameError
from .events import Phase

if TYPE_CHECKING:
    from .state import Game


# ------------------------------------------------------------------------------------------------
# Players for automatic play.
# ------------------------------------------------------------------------------------------------


class Player(Protocol):
    """Chooses an action for the seat to act: a call while declaring, a card in play."""

    def __call__(self, game: Game) -> Call | Card:
        """The call or card for the seat to act in `game`."""
        ...


class RandomPlayer:
    """Chooses uniformly among legal cards; while declaring, passes more often than not
    (so auctions end and Bridge's unlimited doubling stays finite)."""

    def __init__(self, seed: int = 0, *, pass_weight: float = 4.0) -> None:
        # random.Random would take None (unrepeatable play), a str or a float as a seed.
        self._rng = random.Random(as_int(seed, "seed"))
        if isinstance(pass_weight, bool) or not isinstance(pass_weight, int | float):
            raise TypeError(f"pass_weight must be a number, not {type(pass_weight).__name__}")
        # Zero (or NaN) would leave a lone legal pass weighing nothing: random.choices fails.
        if not 0 < pass_weight < math.inf:
            raise GameError(
                f"pass_weight must be a finite number above 0, got {shown(pass_weight)}"
            )
        self._pass_weight = float(pass_weight)

    def __call__(self, game: Game) -> Call | Card:
        """A random legal action for the seat to act."""
        actions = game.legal_actions()
        if game.phase is Phase.DECLARE:
            calls: list[Call] = [a for a in actions if isinstance(a, Call)]
            # Cheap bids are likelier than dear ones: legal bids come lowest first, and a random
            # walk through all of them would reach seven no trump redoubled in most auctions.
            weights = []
            bid_rank = 0
            for c in calls:
                if c.is_bid and c.level is not None:
                    weights.append(1.0 / (1 + bid_rank) ** 2)
                    bid_rank += 1
                else:
                    weights.append(self._pass_weight if str(c) == "P" else 0.3)
            return self._rng.choices(calls, weights)[0]
        card: Card = self._rng.choice(actions)
        return card
