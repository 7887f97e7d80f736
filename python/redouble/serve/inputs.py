"""Reading a request: the body within its size limit, JSON that must be an object, and typed
fields that name themselves in every error.

The checks here are the service's own (types, bounds, required fields); the library checks the
values it is given (a deal string, a seat) and its errors are mapped by :mod:`.errors`.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any, NoReturn

from .._check import shown
from .errors import ApiError

__all__ = ["Fields", "parse_json", "read_body"]

_NAMES = {
    bool: "a boolean",
    int: "an integer",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


async def read_body(chunks: AsyncIterator[bytes], content_length: str | None, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it is known to exceed `limit` bytes.

    A declared ``Content-Length`` over the limit is refused before anything is read; a body sent
    in chunks is counted as it arrives, so an endless body costs at most `limit` bytes.
    """
    if content_length is not None:
        try:
            declared = int(content_length)
        except ValueError:
            raise ApiError(
                400, "malformed_json", "Content-Length is not a number", "headers"
            ) from None
        if declared > limit:
            raise ApiError(
                413, "body_too_large", f"body of {declared} bytes; the limit is {limit}", "body"
            )
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "body_too_large", f"body over the limit of {limit} bytes", "body")
        parts.append(chunk)
    return b"".join(parts)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: bytes) -> dict[str, Any]:
    """The body as a JSON object; anything else (not UTF-8, not JSON, not an object) is a 400."""
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, ValueError, RecursionError) as e:
        # ValueError also covers integers longer than Python's digit limit; RecursionError a
        # body nested thousands deep.
        msg = "nested too deeply" if isinstance(e, RecursionError) else str(e)
        raise ApiError(400, "malformed_json", f"the body is not JSON: {msg}", "body") from None
    if not isinstance(value, dict):
        raise ApiError(
            400,
            "malformed_json",
            f"the body must be a JSON object, not {_json_type(value)}",
            "body",
        )
    return value


class Fields:
    """Typed access to the fields of a JSON object, each error naming the field's path.

    `allowed` lists the field names the endpoint knows; any other is refused, so a misspelt
    optional field is an error instead of being silently ignored.
    """

    def __init__(self, obj: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        self.obj = obj
        self.path = path
        for key in obj:
            if key not in allowed:
                raise ApiError(
                    422,
                    "value_error",
                    f"unknown field {shown(key)}; expected one of: {', '.join(allowed)}",
                    self.where(key),
                )

    def where(self, name: str) -> str:
        """The path of field `name`."""
        return f"{self.path}.{name}"

    def has(self, name: str) -> bool:
        """Whether the field is present and not null."""
        return self.obj.get(name) is not None

    def _get(self, name: str, kind: type, required: bool) -> Any:
        value = self.obj.get(name)
        if value is None:
            if required:
                raise ApiError(422, "value_error", f"{name} is required", self.where(name))
            return None
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise ApiError(
                422,
                "type_error",
                f"{name} must be {_NAMES[kind]}, not {_json_type(value)}",
                self.where(name),
            )
        return value

    def get_int(
        self, name: str, default: int | None = None, *, lo: int | None = None, hi: int | None = None
    ) -> int:
        """An integer field within ``lo..hi``; `default` when absent (required if None)."""
        value = self._get(name, int, default is None)
        if value is None:
            assert default is not None
            return default
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ApiError(
                422,
                "value_error",
                f"{name} must be {lo if lo is not None else ''}..{hi if hi is not None else ''}, "
                f"got {shown(value)}",
                self.where(name),
            )
        return int(value)

    def get_str(self, name: str, default: str | None = None) -> str:
        """A string field; `default` when absent (required if None)."""
        value = self._get(name, str, default is None)
        return default if value is None else value  # type: ignore[return-value]

    def opt_str(self, name: str) -> str | None:
        """A string field that may be absent."""
        value: str | None = self._get(name, str, False)
        return value

    def get_bool(self, name: str, default: bool) -> bool:
        """A boolean field; `default` when absent."""
        value = self._get(name, bool, False)
        return default if value is None else bool(value)

    def get_list(self, name: str, *, required: bool = True, limit: int | None = None) -> list[Any]:
        """An array field (empty when absent and not required); at most `limit` items (413)."""
        value = self._get(name, list, required)
        if value is None:
            return []
        if limit is not None and len(value) > limit:
            raise ApiError(
                413,
                "batch_too_large",
                f"{name} has {len(value)} items; the limit is {limit}",
                self.where(name),
            )
        return list(value)

    def get_strings(
        self, name: str, *, required: bool = True, limit: int | None = None
    ) -> list[str]:
        """An array of strings."""
        items = self.get_list(name, required=required, limit=limit)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise ApiError(
                    422,
                    "type_error",
                    f"{name}[{i}] must be a string, not {_json_type(item)}",
                    f"{self.where(name)}[{i}]",
                )
        return items

    def get_object(self, name: str) -> dict[str, Any] | None:
        """An object field that may be absent."""
        value: dict[str, Any] | None = self._get(name, dict, False)
        return value
