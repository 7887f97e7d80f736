"""Argument checks shared by the analysis modules (seats, vulnerability, DD tables)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from .._check import shown
from ..cards import Seat
from ..deal import Deal, Vulnerability
from ..errors import AnalysisError, AnalysisInterrupted

__all__ = [
    "AnalysisError",
    "AnalysisInterrupted",
    "as_seat",
    "as_table",
    "as_tables",
    "as_vulnerability",
    "progress_reporter",
]


_VUL_NAMES = {
    "NONE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "BOTH": Vulnerability.BOTH,
    "ALL": Vulnerability.BOTH,
}


def as_vulnerability(value: object, what: str = "vulnerability") -> Vulnerability:
    """A :class:`Vulnerability` from the enum, its code 0-3 or a name ("None", "NS", "EW", "Both")."""
    if isinstance(value, Vulnerability):
        return value
    if isinstance(value, str):
        key = value.strip().upper()
        if key in _VUL_NAMES:
            return _VUL_NAMES[key]
        raise AnalysisError(f"{what} must be None, NS, EW or Both, got {shown(value)}")
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(
            f"{what} must be a Vulnerability, a name or 0-3, got {type(value).__name__}"
        )
    if not 0 <= int(value) <= 3:
        raise AnalysisError(f"{what} must be 0-3, got {shown(value)}")
    return Vulnerability(int(value))


def as_seat(value: object, what: str) -> Seat:
    """A :class:`Seat` from the enum, 0-3 or a letter/name."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        try:
            return Seat.parse(value)
        except ValueError:
            raise AnalysisError(f"{what} must be a seat N, E, S or W, got {shown(value)}") from None
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{what} must be a Seat, got {type(value).__name__}")
    if not 0 <= int(value) <= 3:
        raise AnalysisError(f"{what} must be a seat 0-3, got {shown(value)}")
    return Seat(int(value))


def as_tables(value: Any, what: str = "tables") -> npt.NDArray[np.uint8]:
    """Checks a ``(N, 5, 4)`` batch of DD tables (any integer dtype, values 0..13)."""
    if not isinstance(value, np.ndarray):
        try:
            value = np.asarray(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{what} must be an array of shape (N, 5, 4): {e}") from None
    if value.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array, got dtype {value.dtype}")
    if value.ndim != 3 or value.shape[1:] != (5, 4):
        raise AnalysisError(f"{what} must have shape (N, 5, 4), got {value.shape}")
    if value.size and (value.min() < 0 or value.max() > 13):
        raise AnalysisError(f"{what} must hold trick counts 0..13")
    return np.ascontiguousarray(value, dtype=np.uint8)


def as_table(value: Any, what: str = "table") -> npt.NDArray[np.uint8]:
    """A ``(5, 4)`` DD table from a table-like value or a :class:`Deal` (solved here)."""
    if isinstance(value, Deal):
        from ..solver import dd_table

        table: npt.NDArray[np.uint8] = dd_table(value)
        return table
    if not isinstance(value, np.ndarray | str):
        try:
            value = np.asarray(value)
        except (TypeError, ValueError) as e:  # a ragged list: numpy's bare ValueError
            raise TypeError(f"{what} must be an array of shape (5, 4): {e}") from None
    arr = as_tables(value[None] if isinstance(value, np.ndarray) else value, what)
    row: npt.NDArray[np.uint8] = arr[0]
    return row


def progress_reporter(progress: Any, total: int) -> Callable[[int], None] | None:
    """A ``report(done)`` for `progress` (a callable ``(done, total)``, True for a tqdm bar, or
    None), calling it at most every 50 ms and always at the end; checked before any work."""
    from ..solver import _progress_callback

    call = _progress_callback(progress, total)
    if call is None:
        return None
    last = [-1.0]

    def report(done: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= 0.05:
            last[0] = now
            call(done)

    return report
