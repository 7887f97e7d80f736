"""Reading and writing boards: PBN 2.1, LIN and JSON, through neutral records.

:func:`read` and :func:`write` pick the format from the file name's extension (``.pbn``,
``.lin``, ``.json``) or the ``format`` argument. Every reader returns
:class:`~redouble.formats.records.BoardRecord` values and every writer takes them, so
converting is reading one format and writing another::

    write(read("hands.lin"), "hands.pbn")

For files of thousands of boards, stream with :func:`redouble.formats.pbn.iter_boards` and
a visitor, or :func:`redouble.formats.lin.iter_boards`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import PurePath
from typing import IO, Any, TextIO

from .._check import as_iterable, shown
from ..errors import FormatError
from . import json_format, lin, pbn
from .records import (
    AuctionRecord,
    BoardRecord,
    Boards,
    Call,
    CallRecord,
    Contract,
    ContractRecord,
    DDTable,
    DeclarationRecord,
    PlayedCard,
    PlayRecord,
    TableRecord,
)

__all__ = [
    "FORMATS",
    "AuctionRecord",
    "BoardRecord",
    "Boards",
    "Call",
    "CallRecord",
    "Contract",
    "ContractRecord",
    "DDTable",
    "DeclarationRecord",
    "PlayRecord",
    "PlayedCard",
    "TableRecord",
    "json_format",
    "lin",
    "pbn",
    "read",
    "reads",
    "write",
    "writes",
]

#: Format names and the file extensions that select them.
FORMATS = {"pbn": (".pbn",), "lin": (".lin",), "json": (".json",)}

_WRITERS: dict[str, Callable[[Iterable[BoardRecord]], str]] = {
    "pbn": pbn.dumps,
    "lin": lin.dumps,
    "json": json_format.dumps,
}


def _format_of(source: object, format: str | None) -> str:
    if format is not None:
        if not isinstance(format, str):
            raise TypeError(f"format must be a str, not {type(format).__name__}")
        f = str.__str__(format).lower().lstrip(".")  # a str subclass's lower() is not trusted
        if f not in FORMATS:
            raise FormatError(f"unknown format {shown(format)} (known: {', '.join(FORMATS)})")
        return f
    name = source if isinstance(source, str | os.PathLike) else getattr(source, "name", None)
    if isinstance(name, str | os.PathLike):
        ext = PurePath(name).suffix.lower()
        for f, exts in FORMATS.items():
            if ext in exts:
                return f
        raise FormatError(
            f"cannot tell the format of {shown(os.fspath(name), 200)}; pass format='pbn'|'lin'|'json'"
        )
    raise FormatError("cannot tell the format of a stream without a name; pass format=")


def reads(text: str, format: str, *, errors: str = "strict") -> Boards:
    """The boards in `text`, in the named format ("pbn", "lin" or "json").

    With ``errors="skip"`` malformed boards are left out and their errors (with lines)
    listed in the result's ``problems``.

    Raises:
        FormatError: for an unknown format or malformed text (``errors="strict"``).
    """
    fmt = _format_of(None, format)
    if fmt == "pbn":
        return pbn.loads(text, errors=errors)
    if fmt == "lin":
        return lin.loads(text, errors=errors)
    return json_format.loads(text, errors=errors)


def writes(records: Iterable[BoardRecord], format: str) -> str:
    """Boards as text in the named format.

    Raises:
        FormatError: for an unknown format, or what the format cannot carry (naming it).
    """
    writer = _WRITERS[_format_of(None, format)]
    return writer(as_iterable(records, "records", "an iterable of BoardRecord"))


def read(
    path_or_file: str | os.PathLike[str] | IO[Any],
    format: str | None = None,
    *,
    encoding: str | None = None,
    errors: str = "strict",
) -> Boards:
    """Every board of a file, the format taken from `format` or the file's extension.

    Bytes are decoded with `encoding`; by default PBN and LIN as UTF-8 where valid (with or
    without a byte-order mark) and ISO-8859-1 (PBN 2.1 §2.2) where not, JSON as UTF-8.
    With ``errors="skip"`` malformed boards are left out and their errors (with lines)
    listed in the result's ``problems``.

    Raises:
        FormatError: for an unknown format or a malformed file (nothing is returned then,
            unless ``errors="skip"``), or bytes the encoding cannot decode (line, column).
    """
    fmt = _format_of(path_or_file, format)
    if fmt == "pbn":
        return pbn.load(path_or_file, encoding=encoding, errors=errors)
    if fmt == "lin":
        return lin.load(path_or_file, encoding=encoding, errors=errors)  # type: ignore[arg-type]
    return json_format.load(path_or_file, encoding=encoding, errors=errors)  # type: ignore[arg-type]


def write(
    records: Iterable[BoardRecord],
    path_or_file: str | os.PathLike[str] | TextIO,
    format: str | None = None,
) -> None:
    """Write boards to a file, the format taken from `format` or the file's extension.

    Raises:
        FormatError: for an unknown format or what the format cannot carry (nothing is
            written then).
    """
    text = _WRITERS[_format_of(path_or_file, format)](list(records))
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        path_or_file.write(text)


def __dir__() -> list[str]:
    return __all__
