"""Cutting for partners, for the deal and (three-handed Bridge) for the dummy."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .._check import as_bool, as_int, as_iterable, shown
from ..cards import Card, Rank, Seat
from ..errors import GameError
from ..laws import LawSet
from ..laws import get as get_law_set

# ------------------------------------------------------------------------------------------------
# Cutting for partners and deal.
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CutResult:
    """The outcome of cutting: each round's cards, the partnerships and the first dealer.

    ``order`` is the players from the lowest cut to the highest, after any re-cuts.
    """

    rounds: tuple[Mapping[str, Card], ...]
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str
    order: tuple[str, ...] = ()

    def seats(self) -> dict[str, Seat]:
        """Seating: the dealer North, his partner South, the other pair East and West."""
        (a, b), (c, d) = self.partners
        dealer_pair, other = ((a, b), (c, d)) if self.dealer in (a, b) else ((c, d), (a, b))
        partner = dealer_pair[1] if dealer_pair[0] == self.dealer else dealer_pair[0]
        return {
            self.dealer: Seat.NORTH,
            partner: Seat.SOUTH,
            other[0]: Seat.EAST,
            other[1]: Seat.WEST,
        }


def _cut_key(law: LawSet, card: Card) -> tuple[int, int]:
    rules = law.cutting
    rank = (
        0
        if (rules.ace_low and card.rank == Rank.ACE)
        else int(card.rank) + (1 if rules.ace_low else 0)
    )
    order = rules.tie_suit_order
    suit = order.index(card.suit.letter) if order else 0
    return (rank, suit)


CutCards = Card | str | int | Sequence[Card | str | int]
"""What one player cut: a card, or the several cards he exposed."""


def _card_of(value: Card | str | int) -> Card:
    return Card.parse(value) if isinstance(value, str) else Card(int(value))


def cut_card(law_set: LawSet | str, exposed: CutCards) -> Card | None:
    """The card a player's cut counts as, or None when he must cut again.

    One card is his cut. A player who exposes more than one card: Auction Bridge (1912) counts the
    highest of them (Auction Bridge (1912), Law 16), the highest by the cutting order (ace lowest,
    equal ranks by suit, Law 14); Bridge makes him cut again (Bridge (Elwell, 1906), Law 16) — the
    law set's ``cutting.several_exposed`` ("highest" or "recut").

    >>> cut_card("auction_1912", ["4D", "9C"]), cut_card("bridge_1906", ["4D", "9C"])
    (Card.parse('C9'), None)

    Raises:
        GameError: no card, the same card twice, or a law set whose rule is unknown.
        FormatError: a card that cannot be read.
    """
    law = get_law_set(law_set)
    values = [exposed] if isinstance(exposed, (Card, str, int)) else list(exposed)
    cards = [_card_of(value) for value in values]
    if not cards:
        raise GameError("a cut shows at least one card")
    if len(set(cards)) != len(cards):
        raise GameError(f"a cut cannot show the same card twice: {[str(card) for card in cards]}")
    if len(cards) == 1:
        return cards[0]
    rule = law.cutting.several_exposed
    if rule == "highest":
        return max(cards, key=lambda card: _cut_key(law, card))
    if rule == "recut":
        return None
    raise GameError(
        f"{law.short_title}: unknown rule for several cards exposed in cutting: {shown(rule)}"
    )


def cut_for_partners(
    law_set: LawSet | str,
    players: Sequence[str],
    *,
    seed: int = 0,
    cuts: Sequence[Mapping[str, CutCards]] = (),
) -> CutResult:
    """Cut for partners and deal: the two lowest play the two highest, the lowest deals.

    The ace is low. Ties are broken as the code says: Auction Bridge (1912) by suit (hearts lowest,
    then diamonds, clubs, spades; Law 14); Bridge by re-cutting the tied players, only where the tie
    decides partners or the deal (Bridge (Elwell, 1906), Laws 19-20). `cuts` gives recorded rounds
    (player -> card, or the list of cards a player exposed: :func:`cut_card`) to use before random
    cuts drawn with `seed`; a player who must cut again (Bridge (Elwell, 1906), Law 16) cuts in the next round,
    alone.

    Raises:
        GameError: not four distinct players, or a recorded round that is not needed or
            names other players.
    """
    law = get_law_set(law_set)
    names = _names(players, "four player names")
    if len(names) != 4 or len(set(names)) != 4:
        raise GameError("cutting needs four distinct players")
    cut = _Cutter(law, seed, cuts)

    ranked = cut.order(names, {1, 2})
    cut.check_all_used()
    if not law.cutting.lowest_deals:
        ranked.reverse()
    low, high = (ranked[0], ranked[1]), (ranked[2], ranked[3])
    return CutResult(tuple(cut.rounds), (low, high), ranked[0], tuple(ranked))


def _check_one_pack(given: Mapping[str, CutCards], number: int) -> None:
    """Refuse a recorded round in which two players show the same card.

    All the players cut from the same pack (Auction Bridge (1912), Law 15; Bridge (Elwell,
    1906), Law 15), so no card can be cut, or exposed in cutting, by two of them. Left
    unchecked, two equal cards would read as a tie and call for a re-cut no law provides.
    """
    seen: dict[Card, str] = {}
    for player, exposed in given.items():
        values = [exposed] if isinstance(exposed, (Card, str, int)) else list(exposed)
        for value in values:
            card = _card_of(value)
            if card in seen and seen[card] != player:
                raise GameError(
                    f"recorded cut round {number}: {seen[card]} and {player} both show {card}; "
                    "everyone cuts from the same pack"
                )
            seen[card] = player


def _names(players: Sequence[str], what: str) -> list[str]:
    """The players' names, each a str (a name is looked up, shown and compared as text; a
    list in place of one is unhashable). A str is a sequence of one-letter names ("ABCD")."""
    names = list(as_iterable(players, "players", what))
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"players must be {what} (str), not {shown(name)}")
    return names


class _Cutter:
    """Rounds of cutting from one pack: recorded rounds first, then random ones."""

    def __init__(self, law: LawSet, seed: int, cuts: Sequence[Mapping[str, CutCards]]) -> None:
        self.law = law
        # random.Random would take None (a fresh, unrepeatable cut), a str or a float as a seed,
        # and refuses numpy's integers with a message that names no argument.
        self.rng = random.Random(as_int(seed, "seed"))
        # A str is a sequence too, and dict() of its letters raises a bare ValueError.
        if isinstance(cuts, str | bytes | Mapping) or not isinstance(cuts, Iterable):
            raise TypeError(f"cuts must be a sequence of rounds, not {type(cuts).__name__}")
        rounds = list(cuts)
        for r in rounds:
            if not isinstance(r, Mapping):
                raise TypeError(f"cuts: each round must map player to card, not {type(r).__name__}")
        self.recorded = [dict(r) for r in rounds]
        self.rounds: list[dict[str, Card]] = []

    def __call__(self, who: list[str]) -> dict[str, Card]:
        """One round by `who`; those who exposed several cards under Bridge Law 16 cut again."""
        if self.recorded:
            given = self.recorded.pop(0)
            if set(given) != set(who):
                raise GameError(f"recorded cut names {sorted(given)}, expected {sorted(who)}")
            _check_one_pack(given, len(self.rounds) + 1)
            counted = {p: cut_card(self.law, c) for p, c in given.items()}
        else:
            pack = self.rng.sample(range(52), len(who))
            counted = {p: Card(c) for p, c in zip(who, pack, strict=True)}
        got = {p: c for p, c in counted.items() if c is not None}
        self.rounds.append(got)
        again = [p for p in who if counted[p] is None]
        return {**got, **self(again)} if again else got

    def check_all_used(self) -> None:
        """Refuse recorded rounds left over: the cut was settled without them, so they record
        re-cuts the laws did not call for (Bridge (Elwell, 1906), Laws 19, 20 re-cut only the
        ties that decide partners or the deal)."""
        if self.recorded:
            first = len(self.rounds) + 1
            raise GameError(
                f"recorded cut round {first} is not needed: the cut was settled in "
                f"{len(self.rounds)} round(s)"
            )

    def order(self, who: list[str], boundaries: set[int]) -> list[str]:
        """Order `who` lowest first, re-cutting ties that straddle a boundary that matters."""
        law = self.law
        cards = self(who)
        ranked = sorted(who, key=lambda p: _cut_key(law, cards[p]))
        out: list[str] = []
        i = 0
        while i < len(ranked):
            j = i
            while j + 1 < len(ranked) and _cut_key(law, cards[ranked[j + 1]]) == _cut_key(
                law, cards[ranked[i]]
            ):
                j += 1
            group = ranked[i : j + 1]
            inner = {b - i for b in boundaries if i < b <= j}
            out += self.order(group, inner) if len(group) > 1 and inner else group
            i = j + 1
        return out


@dataclass(frozen=True)
class DummyCut:
    """Three-handed Bridge: who holds the permanent dummy, for how long, and who next.

    ``holder`` cut lowest: he deals and has the dummy for ``tenure`` ("game" or "rubber");
    ``rotation`` is the order in which each player has the dummy in turn, ``holder`` first.
    """

    rounds: tuple[Mapping[str, Card], ...]
    holder: str
    tenure: str
    rotation: tuple[str, ...]

    def holder_of(self, number: int) -> str:
        """Who has the dummy, and so the deal, in the `number`-th game or rubber (1-based).

        "It is then customary for each player to have dummy in turn, during one game or
        rubber" (Bridge (Elwell, 1906), Bridge for Three Players): the holder keeps the deal
        and the dummy for every hand of his game or rubber (one :class:`Game` session), then
        the next player of ``rotation`` takes them, and so round.

        Raises:
            TypeError: `number` is not an int.
            GameError: `number` is less than 1.
        """
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"number must be an int, not {type(number).__name__}")
        if number < 1:
            raise GameError(f"number must be at least 1, got {shown(number)}")
        return self.rotation[(number - 1) % len(self.rotation)]


def cut_for_dummy(
    law_set: LawSet | str,
    players: Sequence[str],
    *,
    single_game: bool = False,
    seed: int = 0,
    cuts: Sequence[Mapping[str, CutCards]] = (),
) -> DummyCut:
    """Cut for the dummy in Bridge for three players (Bridge (Elwell, 1906), Bridge for Three Players).

    "The cards are cut to decide which shall have the dummy; the one cutting the lowest card has
    the deal and a permanent dummy during the game or the rubber, as the case may be. It is then
    customary for each player to have dummy in turn, during one game or rubber." The ace is low
    (Law 14); equal lowest cards re-cut (Law 19, applied to three players [redouble's decision]); several
    cards exposed follow Law 16. The tenure is one game when `single_game`, else one rubber; the
    turn passes in the order of the cut, lowest first [redouble's decision: the book names no order].

    Raises:
        GameError: not three distinct players, a law set without a permanent dummy, or a
            recorded round that is not needed or names other players.
    """
    law = get_law_set(law_set)
    names = _names(players, "three player names")
    single_game = as_bool(single_game, "single_game")
    if law.compulsory_dummy is None:
        raise GameError(f"{law.short_title} is not played by three with a permanent dummy")
    if len(names) != 3 or len(set(names)) != 3:
        raise GameError("cutting for the dummy needs three distinct players")
    cut = _Cutter(law, seed, cuts)
    ranked = tuple(cut.order(names, {1}))
    cut.check_all_used()
    return DummyCut(tuple(cut.rounds), ranked[0], "game" if single_game else "rubber", ranked)
