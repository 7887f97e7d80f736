"""The service's settings: network, limits and resources, as the command line gives them."""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from typing import Any

from .._check import shown
from ..errors import RedoubleError

__all__ = ["ServeConfig"]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class ServeConfig:
    """Settings of one ``redouble serve`` process.

    Attributes:
        host: address to listen on (default 127.0.0.1, this machine only).
        port: TCP port (default 8000).
        workers: server processes (each with its own threads, pool and sessions).
        threads: solver threads per process, and the size of its table pool (default: cores).
        max_body: largest request body in bytes (default 1 MiB).
        max_batch: most deals in one request (tables, dealing; default 1000).
        timeout: seconds a request's solver work may take, queueing included (default 30).
        max_sessions: most game sessions held at once (default 1000).
        session_ttl: seconds a session lives after its last use (default 3600).
        max_tries: most boards one constrained-dealing request may deal (default 10,000,000).
        solver_bytes: transposition table of each solve thread (default 64 MiB).
        pool_bytes: transposition tables of the table pool (default 256 MiB).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    threads: int = dataclasses.field(default_factory=_cores)
    max_body: int = 1 << 20
    max_batch: int = 1000
    timeout: float = 30.0
    max_sessions: int = 1000
    session_ttl: float = 3600.0
    max_tries: int = 10_000_000
    solver_bytes: int = 64 << 20
    pool_bytes: int = 256 << 20

    def __post_init__(self) -> None:
        if not isinstance(self.host, str):
            raise TypeError(f"host must be a str, not {type(self.host).__name__}")
        try:
            # What the socket layer does to a name before it looks it up: a label over 63
            # characters (or a name over 253) failed there as a bare UnicodeError.
            self.host.encode("idna")
        except UnicodeError:
            raise RedoubleError(
                f"host must be an address or a host name, got {shown(self.host)}"
            ) from None
        for name in ("port", "workers", "threads", "max_body", "max_batch", "max_sessions"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < (0 if name == "port" else 1):
                raise RedoubleError(f"{name} must be positive, got {shown(value)}")
        for name in ("max_tries", "solver_bytes", "pool_bytes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < 1:
                raise RedoubleError(f"{name} must be positive, got {shown(value)}")
        if self.port > 65535:
            raise RedoubleError(f"port must be 0..65535, got {shown(self.port)}")
        if self.threads > 256:
            raise RedoubleError(f"threads must be at most 256, got {shown(self.threads)}")
        for name in ("timeout", "session_ttl"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"{name} must be a number, not {type(value).__name__}")
            if not 0 < value < float("inf"):
                raise RedoubleError(
                    f"{name} must be a positive number of seconds, got {shown(value)}"
                )

    def to_json(self) -> str:
        """The settings as JSON (how a worker process receives them)."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> ServeConfig:
        """Settings from :meth:`to_json`'s text."""
        data: dict[str, Any] = json.loads(text)
        return cls(**data)
