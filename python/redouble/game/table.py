"""Four players at a table: the cut, then game after game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._check import as_bool, as_int, shown
from ..cards import Card, Seat
from ..errors import GameError
from ..laws import LawSet
from ..laws import get as get_law_set
from .cutting import cut_for_partners
from .events import Phase
from .state import Game


class Table:
    """Four players at a table: they cut for partners and deal, then play rubbers (or sessions).

    The lowest cut deals and sits North, his partner South; the other pair sits East and West.
    Each new game continues the rotation: its first dealer sits to the left of the last dealer.

    Args:
        law_set: the code played.
        players: four names.
        seed: seeds the cut and the deals.
        cuts: recorded cutting rounds (player -> card), used before random cuts.
        deal_by_the_laws: deal by the laws' procedure (shuffle, cut, rotation).

    Raises:
        GameError: not four distinct players, or recorded cuts that do not fit.
    """

    def __init__(
        self,
        law_set: LawSet | str,
        players: Sequence[str] = ("North", "East", "South", "West"),
        *,
        seed: int = 0,
        cuts: Sequence[Mapping[str, Card | str]] = (),
        deal_by_the_laws: bool = True,
    ) -> None:
        self._law = get_law_set(law_set)
        self._seed = as_int(seed, "seed")  # added to below: a str or None would fail there
        self._by_laws = as_bool(deal_by_the_laws, "deal_by_the_laws")
        self.cut = cut_for_partners(self._law, players, seed=seed, cuts=cuts)
        self._seats = self.cut.seats()
        self._games: list[Game] = []
        self.new_game()

    @property
    def law_set(self) -> LawSet:
        """The law set played at this table."""
        return self._law

    def seat_of(self, player: str) -> Seat:
        """The seat a player sits in.

        Raises:
            TypeError: `player` is not a str.
            GameError: no such player at this table.
        """
        if not isinstance(player, str):  # a list is unhashable: the lookup's own TypeError
            raise TypeError(f"player must be a str, not {type(player).__name__}")
        try:
            return self._seats[player]
        except KeyError:
            raise GameError(f"{shown(player)} is not at this table") from None

    def player_at(self, seat: Seat | int | str) -> str:
        """The player sitting in a seat."""
        s = Seat.of(seat)
        return next(p for p, q in self._seats.items() if q == s)

    @property
    def game(self) -> Game:
        """The game (rubber, Chicago or session of boards) in progress or last played."""
        return self._games[-1]

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game played at this table, in order."""
        return tuple(self._games)

    def new_game(self) -> Game:
        """Start the next game; its first dealer is on the left of the last game's last dealer.

        Raises:
            GameError: the current game is not over.
        """
        if self._games and self._games[-1].phase is not Phase.COMPLETE:
            raise GameError("the current game is not over")
        dealer = Seat.NORTH if not self._games else self._games[-1].dealer.lho
        game = Game(
            self._law,
            seed=self._seed + 1_000_003 * len(self._games),
            first_dealer=dealer,
            deal_by_the_laws=self._by_laws,
        )
        self._games.append(game)
        return game
