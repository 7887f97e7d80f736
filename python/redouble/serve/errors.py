"""The service's error answers: one exception type carrying an HTTP status and a JSON body.

Every bad input becomes ``{"error": {"type": ..., "message": ..., "where": ...}}`` with a 4xx
status; ``where`` names the part of the request at fault (``"body.deals[2]"``, ``"path.id"``,
``"body"``). Only a bug in the service itself answers 500.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import (
    GameError,
    IllegalCallError,
    IllegalPlayError,
    IrregularityError,
    RedoubleError,
)

__all__ = ["ApiError", "at"]


class ApiError(Exception):
    """A request the service refuses: HTTP `status`, an error `kind`, a message and where.

    Kinds: ``malformed_json`` (400), ``type_error`` and ``value_error`` (422, a field of the
    wrong type or value), ``illegal_action`` (422, a call or card the laws refuse),
    ``body_too_large`` and ``batch_too_large`` (413), ``not_found`` (404),
    ``method_not_allowed`` (405), ``timeout`` (503, the request's time limit ran out),
    ``too_many_sessions`` (503), ``internal`` (500, a bug in the service).
    """

    def __init__(self, status: int, kind: str, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.where = where

    def body(self) -> dict[str, Any]:
        """The JSON body of the answer."""
        return {"error": {"type": self.kind, "message": self.message, "where": self.where}}


def from_exception(exc: BaseException, where: str | None) -> ApiError | None:
    """The 4xx answer for one of the library's input errors, or None for anything else.

    The library raises :class:`TypeError` for a wrong type and a :class:`RedoubleError` (a
    :class:`ValueError`) for a bad value; an illegal call or card and an action that does not
    fit the game's state are told apart so that an app can react to them.
    """
    if isinstance(exc, ApiError):
        return exc
    message = str(exc) or type(exc).__name__
    if isinstance(exc, IllegalCallError | IllegalPlayError | IrregularityError | GameError):
        return ApiError(422, "illegal_action", message, where)
    if isinstance(exc, TypeError):
        return ApiError(422, "type_error", message, where)
    if isinstance(exc, RedoubleError | ValueError | OverflowError):
        return ApiError(422, "value_error", message, where)
    return None


@contextmanager
def at(where: str) -> Iterator[None]:
    """Turn the library's input errors raised inside the block into 4xx answers at `where`."""
    try:
        yield
    except ApiError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:
        err = from_exception(exc, where)
        if err is None:  # pragma: no cover - from_exception maps every one of these
            raise
        raise err from None
