"""``redouble serve``: the library as an HTTP JSON service for apps (the ``.[serve]`` extra).

A Starlette application under uvicorn. Endpoints under ``/v1``: ``health``, ``openapi.json``,
``deal`` (seeded, constrained), ``dd-table`` and ``dd-tables``, ``solve`` and ``solve-cards``
for a position, ``par``, ``score`` (any law set) and game sessions (``games``: create, state,
legal actions, act, log, delete). Solver work runs in threads off the event loop, each request
within its time limit; every bad input is answered 4xx with
``{"error": {"type", "message", "where"}}``.

>>> from redouble.serve import ServeConfig, create_app     # doctest: +SKIP
>>> app = create_app(ServeConfig(threads=2, timeout=10))  # doctest: +SKIP

Run it with ``redouble serve --port 8000`` or :func:`serve`.
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as _err:  # pragma: no cover - only without the extra
    raise ImportError(
        "redouble.serve needs the serve extra: pip install 'redouble[serve]' "
        f"(Starlette and uvicorn). Original error: {_err}"
    ) from _err

from .app import create_app
from .config import ServeConfig
from .errors import ApiError
from .server import serve

__all__ = ["ApiError", "ServeConfig", "create_app", "serve"]
