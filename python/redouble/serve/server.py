"""Running the service under uvicorn: one process, or several sharing the port."""

from __future__ import annotations

import os

import uvicorn
from starlette.applications import Starlette

from .._check import shown
from ..errors import RedoubleError
from .app import create_app
from .config import ServeConfig

__all__ = ["app_from_environment", "serve"]

#: The environment variable through which worker processes receive the settings.
CONFIG_ENV = "REDOUBLE_SERVE_CONFIG"

#: uvicorn's log levels (uvicorn.config.LOG_LEVELS), any case.
_LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def app_from_environment() -> Starlette:
    """The application for a uvicorn worker process, with the settings its parent passed."""
    text = os.environ.get(CONFIG_ENV)
    return create_app(ServeConfig.from_json(text) if text else ServeConfig())


def serve(config: ServeConfig, *, log_level: str = "info") -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM stop it cleanly).

    With ``workers > 1`` uvicorn starts that many processes on one socket; each has its own
    threads, table pool and game sessions (a session lives in the process that made it, so
    sessions want a single worker or a load balancer with sticky routing).

    Raises:
        RedoubleError: for a `log_level` uvicorn does not know (it raised a KeyError).
    """
    if not isinstance(log_level, str):
        raise TypeError(f"log_level must be a str, not {type(log_level).__name__}")
    if log_level.lower() not in _LOG_LEVELS:
        raise RedoubleError(
            f"log_level must be one of {', '.join(_LOG_LEVELS)}, got {shown(log_level)}"
        )
    if config.workers == 1:
        uvicorn.run(create_app(config), host=config.host, port=config.port, log_level=log_level)
        return
    os.environ[CONFIG_ENV] = config.to_json()
    uvicorn.run(
        "redouble.serve.server:app_from_environment",
        factory=True,
        host=config.host,
        port=config.port,
        workers=config.workers,
        log_level=log_level,
    )
