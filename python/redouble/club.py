"""Tables in a club: who plays, who waits, who cuts out at the end of a rubber, and who may
cut into another table — the table laws of Auction Bridge (1912) (Laws 19-25, as the Card
Committee read them in Cases 4 and 5).

* Six players make a complete table: four play, at most two wait (Law 19); the first to
  announce has the right to the next vacancy (Law 20).
* At the end of a rubber, as many players retire as candidates wait: those who have played
  the most consecutive rubbers; if equal, they cut and the highest goes out (Law 21; the ace is
  low and equal cards rank hearts, diamonds, clubs, spades, Law 14).
* Players of an existing table who help make up a new one are the last to be cut out (Law 24)
  — only when the new table could not have four players without them (Case 4).
* A player who cuts for entry into another table (Law 23) has given up his old table; if he
  fails to cut in, he has joined the new table and enters at the end of its rubber without
  cutting (Case 5).

>>> club = Club()
>>> t = club.new_table(["Ann", "Bob", "Cy", "Di"])
>>> club.announce("Ed", t)
>>> t.end_rubber(cuts={"Ann": "SK", "Bob": "H2", "Cy": "D9", "Di": "C5"})
['Ann']
>>> sorted(t.playing), t.waiting
(['Bob', 'Cy', 'Di', 'Ed'], ('Ann',))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ._check import as_str
from .cards import Card
from .errors import ClubError
from .laws import LawSet
from .laws import get as get_law_set

__all__ = ["Club", "ClubError", "ClubTable", "Member"]

_COMPLETE_TABLE = 6  # law 19
_PLAYERS = 4


@dataclass
class Member:
    """A player's standing at his table."""

    name: str
    #: Consecutive rubbers played at this table (law 21).
    rubbers: int = 0
    #: Helped make up this table when it could not have had four without him (law 24).
    made_up_table: bool = False
    #: Failed to cut into this table: he enters at the end of the rubber without cutting (Case 5).
    enters_without_cutting: bool = False


class ClubTable:
    """One table: four playing members and up to two waiting."""

    def __init__(self, club: Club, number: int) -> None:
        self._club = club
        self.number = number
        self._playing: list[Member] = []
        self._waiting: list[Member] = []

    @property
    def playing(self) -> tuple[str, ...]:
        """The four (or fewer, while forming) players."""
        return tuple(m.name for m in self._playing)

    @property
    def waiting(self) -> tuple[str, ...]:
        """Candidates waiting for the end of the rubber, first announced first."""
        return tuple(m.name for m in self._waiting)

    @property
    def members(self) -> tuple[Member, ...]:
        """Everyone belonging to this table, playing first."""
        return (*self._playing, *self._waiting)

    def member(self, name: str) -> Member:
        """The standing of a member of this table.

        Raises:
            ClubError: not a member.
        """
        name = as_str(name, "name")
        for m in self.members:
            if m.name == name:
                return m
        raise ClubError(f"{name} is not a member of table {self.number}")

    @property
    def is_complete(self) -> bool:
        """Six make a complete table (Law 19)."""
        return len(self.members) >= _COMPLETE_TABLE

    def _seat(self, member: Member) -> None:
        if len(self._playing) < _PLAYERS:
            self._playing.append(member)
        elif len(self.members) < _COMPLETE_TABLE:
            self._waiting.append(member)
        else:
            raise _table_complete(self.number)

    def _count_rubber(self) -> None:
        """One more consecutive rubber for each player (Law 21)."""
        for m in self._playing:
            m.rubbers += 1

    def end_rubber(
        self, *, cuts: Mapping[str, Card | str] | None = None, seed: int = 0
    ) -> list[str]:
        """Close a rubber: as many players retire as candidates wait, and the candidates enter.

        Retire first those who have played the most consecutive rubbers; among equals, the
        highest cut goes out (Law 21). Members who made up the table are the last to go
        (Law 24). `cuts` gives the cards cut (player -> card); otherwise they are drawn with `seed`.

        Returns:
            The players who retire (they wait for the next vacancy, first out first).
        """
        law = self._club.law_set
        entering = list(self._waiting)
        out_count = min(len(entering), len(self._playing))
        if out_count == 0:
            self._count_rubber()
            return []

        # Order the players by who should go out first: non-helpers before helpers (law 24),
        # then most consecutive rubbers (law 21); ties among those at the boundary are cut.
        def key(m: Member) -> tuple[bool, int]:
            return (m.made_up_table, -m.rubbers)

        ranked = sorted(self._playing, key=key)
        boundary_key = key(ranked[out_count - 1])
        sure = [m for m in ranked if key(m) < boundary_key]
        tied = [m for m in ranked if key(m) == boundary_key]
        need = out_count - len(sure)
        if len(tied) > need:
            drawn = _cut(law, [m.name for m in tied], cuts, seed)
            tied.sort(key=lambda m: drawn[m.name], reverse=True)  # the highest goes out
        # Counted only now: a cut refused above leaves the table as it was, to be cut again.
        self._count_rubber()
        retiring = sure + tied[:need]
        self._playing = [m for m in self._playing if m not in retiring]
        for m in entering[:out_count]:
            m.enters_without_cutting = False
            m.rubbers = 0
            self._playing.append(m)
        for m in retiring:
            m.rubbers = 0
            m.made_up_table = False
        self._waiting = entering[out_count:] + retiring
        return [m.name for m in retiring]


def _cut_rank(law: LawSet, card: Card) -> tuple[int, int]:
    """A card's value in cutting: the ace is low; equal ranks by the law set's suit order."""
    rules = law.cutting
    rank = 0 if (rules.ace_low and int(card.rank) == 12) else int(card.rank) + 1
    order = rules.tie_suit_order
    return (rank, order.index(card.suit.letter) if order else 0)


def _cut(
    law: LawSet, names: list[str], cuts: Mapping[str, Card | str] | None, seed: int
) -> dict[str, tuple[int, int]]:
    if cuts is not None:
        missing = [n for n in names if n not in cuts]
        if missing:
            raise ClubError(f"no cut given for {', '.join(missing)}")
        cards = {n: Card.parse(c) if isinstance(c, str) else Card(int(c)) for n, c in cuts.items()}
        if len({int(cards[n]) for n in names}) != len(names):
            raise ClubError("two players cannot cut the same card from one pack")
    else:
        pack = random.Random(seed).sample(range(52), len(names))
        cards = {n: Card(c) for n, c in zip(names, pack, strict=True)}
    return {n: _cut_rank(law, cards[n]) for n in names}


def _table_complete(number: int) -> ClubError:
    """The refusal of a seventh player at a table (Auction Bridge (1912), Law 19)."""
    return ClubError(
        f"table {number} is complete: six make a table (Auction Bridge (1912), Law 19)"
    )


def _check_table(name: str, table: object) -> str:
    """`name` again, once `table` is known to be a :class:`ClubTable` (a TypeError if not:
    anything else met ``table._seat`` or ``table.is_complete`` as an AttributeError)."""
    if not isinstance(table, ClubTable):
        raise TypeError(f"table must be a ClubTable, not {type(table).__name__}")
    return name


class Club:
    """The tables of a club under one law set's table laws."""

    def __init__(self, law_set: LawSet | str = "auction_1912") -> None:
        self.law_set = get_law_set(law_set)
        self._tables: list[ClubTable] = []

    @property
    def tables(self) -> tuple[ClubTable, ...]:
        """The tables, in the order they were formed."""
        return tuple(self._tables)

    def table_of(self, name: str) -> ClubTable | None:
        """The table a player belongs to, or None."""
        name = as_str(name, "name")
        for t in self._tables:
            if any(m.name == name for m in t.members):
                return t
        return None

    def _leave(self, name: str) -> Member:
        t = self.table_of(name)
        if t is None:
            return Member(name)
        m = t.member(name)
        t._playing = [x for x in t._playing if x is not m]
        t._waiting = [x for x in t._waiting if x is not m]
        return m

    def new_table(self, players: Iterable[str]) -> ClubTable:
        """Form a new table of four. Players who come from an existing table and without whom
        the new table would lack four are the last to be cut out of it (Law 24, Case 4).

        Raises:
            ClubError: not four distinct players.
        """
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise TypeError(f"players must be four names, not {type(players).__name__}")
        names = [as_str(n, "players") for n in players]
        if len(names) != _PLAYERS or len(set(names)) != _PLAYERS:
            raise ClubError("a new table needs four distinct players")
        from_tables = [n for n in names if self.table_of(n) is not None]
        table = ClubTable(self, len(self._tables) + 1)
        for n in names:
            self._leave(n)
            # Every one of the four is needed to make up the table: those who came from a table
            # aided in making it up (law 24).
            table._seat(Member(n, made_up_table=n in from_tables))
        self._tables.append(table)
        return table

    def announce(self, name: str, table: ClubTable) -> None:
        """A player not at any table announces for `table`'s next vacancy (Laws 20, 22).

        Raises:
            ClubError: he already belongs to a table (he must cut in: :meth:`cut_into`), or
                the table is complete.
        """
        name = _check_table(as_str(name, "name"), table)
        if self.table_of(name) is not None:
            raise ClubError(
                f"{name} belongs to a table: he must cut in (Auction Bridge (1912), Law 23)"
            )
        table._seat(Member(name))

    def cut_into(
        self,
        name: str,
        table: ClubTable,
        *,
        against: Iterable[str] = (),
        cuts: Mapping[str, Card | str] | None = None,
        seed: int = 0,
    ) -> bool:
        """A player of another table cuts for entry into `table` (Law 23), against the other
        candidates `against`; the lowest cut enters. Either way he has left his old table
        (Law 25). If he enters without being needed to make up four, he has the standing of
        the others (Case 4); if he fails, he has joined `table` and enters at the end of its
        rubber without cutting (Case 5). Returns whether he cut in.

        Raises:
            ClubError: he is not at another table, or `table` is complete.
        """
        name = _check_table(as_str(name, "name"), table)
        old = self.table_of(name)
        if old is None or old is table:
            raise ClubError(
                f"{name} is not at another table: he announces instead (Auction Bridge (1912), Law 22)"
            )
        if table.is_complete:
            raise _table_complete(table.number)
        rivals = [n for n in against if n != name]
        won = True
        if rivals:
            drawn = _cut(self.law_set, [name, *rivals], cuts, seed)
            won = drawn[name] == min(drawn.values())
        self._leave(name)
        needed = len(table._playing) < _PLAYERS
        member = Member(name, made_up_table=needed and won, enters_without_cutting=not won)
        if won:
            table._seat(member)
        elif len(table.members) < _COMPLETE_TABLE:
            # He waits, ahead of later candidates, with the right to enter (Case 5).
            table._waiting.insert(0, member)
        else:
            raise _table_complete(table.number)
        return won
