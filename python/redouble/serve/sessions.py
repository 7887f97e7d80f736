"""Game sessions held in memory: a bounded number, each forgotten after a time unused."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict

from .._check import shown
from ..game import Game
from .errors import ApiError

__all__ = ["Sessions"]


class Sessions:
    """Games by id, at most `limit` of them, each expiring `ttl` seconds after its last use.

    Used from the event loop only (no lock): the games themselves are acted on in worker
    threads, and a :class:`~redouble.game.Game` serialises its own methods.
    """

    def __init__(self, limit: int, ttl: float) -> None:
        self.limit = limit
        self.ttl = ttl
        # Least recently used first, so expiry looks only at the front.
        self._games: OrderedDict[str, tuple[Game, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._games)

    def expire(self) -> int:
        """Forget every session unused for `ttl` seconds; how many were forgotten."""
        now = time.monotonic()
        gone = 0
        while self._games:
            key, (_, used) = next(iter(self._games.items()))
            if now - used < self.ttl:
                break
            del self._games[key]
            gone += 1
        return gone

    def add(self, game: Game) -> str:
        """Keep `game` under a new unguessable id."""
        self.expire()
        if len(self._games) >= self.limit:
            raise ApiError(
                503,
                "too_many_sessions",
                f"{self.limit} game sessions are open; delete one or wait for one to expire",
                None,
            )
        key = secrets.token_urlsafe(16)
        self._games[key] = (game, time.monotonic())
        return key

    def get(self, key: str) -> Game:
        """The game under `key` (its expiry restarts), or a 404."""
        self.expire()
        entry = self._games.get(key)
        if entry is None:
            raise ApiError(
                404,
                "not_found",
                f"no game session {shown(key)} (never made, deleted or expired)",
                "path.id",
            )
        self._games[key] = (entry[0], time.monotonic())
        self._games.move_to_end(key)
        return entry[0]

    def delete(self, key: str) -> None:
        """Forget the session `key`, or a 404."""
        self.get(key)
        del self._games[key]
