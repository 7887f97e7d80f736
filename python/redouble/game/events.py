"""The steps of a game: its phases, the events of its log, and the results of its hands."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .._check import CheckedEnumType, shown
from ..auction import Call, Contract
from ..cards import Seat, Side
from ..deal import Deal
from ..errors import GameError, RedoubleError
from ..irregularities import (
    Ruling,
)
from ..play import Trick
from ..scoring import HandScore, PerSide


class Phase(enum.Enum, metaclass=CheckedEnumType):
    """Where a game stands."""

    DECLARE = "declare"
    """Declaring: the auction, or Bridge's make and doubling."""
    PLAY = "play"
    """Card play: the opening lead and the tricks."""
    SETTLE = "settle"
    """The play is over; claims (revokes) are settled before the score (``strict=False``)."""
    COMPLETE = "complete"
    """The session (rubber, Chicago, boards) is over."""


@dataclass(frozen=True)
class Event:
    """One step of a game: what happened, who did it, and its details (JSON-ready)."""

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat.letter
        if self.data:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        """An event from :meth:`to_json`'s dict.

        Raises:
            GameError: the object is not an event.
        """
        if not isinstance(obj, Mapping):
            raise GameError(f"not a game event: {shown(obj)} (not an object)")
        kind, seat, data = obj.get("kind"), obj.get("seat"), obj.get("data", {})
        if not isinstance(kind, str):
            raise GameError(f"not a game event: {shown(obj)} (its 'kind' must be a name)")
        if not isinstance(data, Mapping):
            raise GameError(f"not a game event: {shown(obj)} (its 'data' must be an object)")
        if seat is not None and not isinstance(seat, str):
            raise GameError(f"not a game event: {shown(obj)} (its 'seat' must be a letter)")
        try:
            return cls(kind, None if seat is None else Seat.parse(seat), dict(data))
        except RedoubleError as e:
            raise GameError(f"not a game event: {shown(obj)} ({e})") from None


@dataclass(frozen=True)
class HandResult:
    """A hand played to the end: the deal, who dealt, the declaring, the tricks, the score.

    With ``strict=False`` a hand may also end void (``void`` names the law: a new deal), end
    by a concession of the remaining tricks (``conceded``), and carry its ``rulings``.
    """

    number: int
    dealer: Seat
    deal: Deal
    calls: tuple[Call, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    score: HandScore | None
    void: str | None = None
    conceded: PerSide | None = None
    rulings: tuple[Ruling, ...] = ()

    @property
    def tricks_won(self) -> PerSide:
        """Tricks won by each side in play (and by a conceded claim)."""
        ns = sum(1 for t in self.tricks if t.winner.side is Side.NS)
        won = PerSide(ns, len(self.tricks) - ns)
        return won if self.conceded is None else won + self.conceded
