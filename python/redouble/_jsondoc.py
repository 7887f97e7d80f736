"""The ``to_json``/``from_json`` pair shared by the library's values (deals, boards, positions,
hand scores, pars, law sets): one tagged document of :mod:`redouble.serialize` each."""

from __future__ import annotations

from typing import Any, ClassVar, Self


class JsonDocument:
    """Mixin: a value that is one ``redouble.serialize`` document of kind ``_json_kind``."""

    __slots__ = ()
    _json_kind: ClassVar[str]

    def to_json(self) -> str:
        """This value as a JSON document of :mod:`redouble.serialize` (tagged with its kind)."""
        from .serialize import dumps

        return dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Self:
        """A value of this class from :meth:`to_json`'s text.

        Raises:
            FormatError: if the text is not one document of this kind (the message says where).
            TypeError: if `text` is not a str or bytes.
        """
        from .serialize import _load_kind

        value: Any = _load_kind(text, cls, cls._json_kind)
        return value  # type: ignore[no-any-return]
