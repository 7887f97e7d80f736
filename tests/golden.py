"""Golden outputs kept while the game and its irregularity engine are restructured.

The records are the game's own words: ``to_json()`` and ``score_sheet()`` of seeded games under
every law set (strict and lenient, seeds 0-19, ``RandomPlayer``) and of every lenient game the
irregularity tests build, plus a snapshot of the public API's signatures. They were recorded
before the game was split into packages (issue 14) and must stay byte-identical, with one
addition: since 0.2.0 the start event of a game given its deals lists them (``"deals"``), so
that the game reloads and deals on; a lenient record made before is compared with the game's
JSON less that field (and ``test_golden`` replays each record to itself, field absent).

Record again (only for a deliberate change of output, said in the commit) with
``REDOUBLE_GOLDEN=record pytest tests/test_golden.py tests/test_irregularities.py``.
"""

from __future__ import annotations

import enum
import gzip
import importlib
import inspect
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from redouble import laws
from redouble.game import Game, RandomPlayer

GOLDEN = Path(__file__).parent / "data" / "golden"
SEEDS = range(20)
RECORDING = os.environ.get("REDOUBLE_GOLDEN") == "record"

# The modules whose public names (``__all__``) make the API snapshot.
API_MODULES = (
    "redouble",
    "redouble.auction",
    "redouble.cards",
    "redouble.club",
    "redouble.deal",
    "redouble.dealing",
    "redouble.errors",
    "redouble.game",
    "redouble.irregularities",
    "redouble.laws",
    "redouble.play",
    "redouble.players",
    "redouble.scoring",
)
# Classes described member by member: those of the modules this snapshot guards (the game, its
# irregularities and ledgers); other modules' names are only checked to be there.
DESCRIBED = (
    "redouble.game",
    "redouble.irregularities",
    "redouble.scoring",
    "redouble.auction",
    "redouble.club",
    "redouble.players",
    "redouble.laws",
    "redouble.errors",
)


def read(name: str) -> dict[str, Any]:
    """A golden file (JSON lines, gzipped), as one dict keyed by each line's ``key``."""
    with gzip.open(GOLDEN / name, "rt", encoding="utf-8") as f:
        return {row["key"]: row for row in map(json.loads, f)}


def write(name: str, rows: dict[str, dict[str, Any]]) -> None:
    """Write a golden file: one JSON line a record, sorted by key; mtime 0 for stable bytes."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(rows[k], sort_keys=True) + "\n" for k in sorted(rows))
    with (
        open(GOLDEN / name, "wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as f,
    ):
        f.write(text.encode("utf-8"))


def outputs(game: Game) -> dict[str, Any]:
    """What a game says about itself: its log as JSON and its score sheet."""
    return {"json": game.to_json(), "sheet": game.score_sheet()}


def as_recorded(text: str, recorded: str) -> str:
    """A game's JSON `text` as a record written before 0.2.0 has it: without the deals given
    in its start event where the `recorded` JSON has none there (see the module's text)."""
    doc = json.loads(text)
    start = doc["events"][0].get("data", {})
    if "deals" in start and "deals" not in json.loads(recorded)["events"][0].get("data", {}):
        del start["deals"]
        return json.dumps(doc)
    return text


def seeded_keys() -> Iterator[tuple[str, str, bool, int]]:
    """(key, law set, strict, seed) of every seeded game recorded."""
    for name in laws.available():
        for strict in (True, False):
            for seed in SEEDS:
                yield f"{name}/{'strict' if strict else 'lenient'}/{seed}", name, strict, seed


def seeded_game(name: str, strict: bool, seed: int) -> Game:
    """A whole session under `name` played by one seeded :class:`RandomPlayer`."""
    g = Game(name, seed=seed, strict=strict)
    g.auto_play(RandomPlayer(seed))
    return g


def _describe(obj: Any) -> Any:
    if inspect.isclass(obj) and not obj.__module__.startswith(DESCRIBED):
        return "class"
    if inspect.isclass(obj):
        if issubclass(obj, enum.Enum):
            return {"enum": [m.name for m in obj]}
        members: dict[str, Any] = {}
        # Every public member, wherever in the class's own (redouble) ancestry it is defined.
        own = [k for k in obj.__mro__ if k.__module__.startswith("redouble")]
        for name in sorted({n for k in own for n in vars(k)}):
            if name.startswith("_") and name != "__init__":
                continue
            value = next(vars(k)[name] for k in own if name in vars(k))
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if isinstance(value, property):
                members[name] = "property"
            elif callable(value):
                try:
                    members[name] = str(inspect.signature(value))
                except (TypeError, ValueError):
                    members[name] = "callable"
        return {"class": members}
    if callable(obj):
        if not getattr(obj, "__module__", "").startswith(DESCRIBED):
            return "callable"
        try:
            return str(inspect.signature(obj))
        except (TypeError, ValueError):
            return "callable"
    return type(obj).__name__


def api_snapshot() -> dict[str, Any]:
    """Signatures of every ``__all__`` name of the public modules and every public member of
    their classes (``Game``'s included)."""
    snap: dict[str, Any] = {}
    for modname in API_MODULES:
        mod = importlib.import_module(modname)
        for name in sorted(getattr(mod, "__all__", ())):
            snap[f"{modname}.{name}"] = _describe(getattr(mod, name))
    return snap


class LenientGameRecorder:
    """Every lenient :class:`Game` a test builds, compared with (or recorded as) golden output
    when the test ends; keyed by the test's id and the game's place among those it built."""

    FILE = "irregularity_games.jsonl.gz"

    def __init__(self) -> None:
        self.golden: dict[str, Any] = {} if RECORDING else read(self.FILE)
        self.recorded: dict[str, dict[str, Any]] = {}

    def check(self, nodeid: str, games: list[Game]) -> list[str]:
        """Compare (or record) the lenient ones among `games`; the keys that differ."""
        bad = []
        lenient = [g for g in games if not g.is_strict]
        for i, g in enumerate(lenient):
            key = f"{nodeid}#{i}"
            got = outputs(g)
            if RECORDING:
                self.recorded[key] = {"key": key, **got}
            elif key in self.golden:
                want = self.golden[key]
                got["json"] = as_recorded(got["json"], want["json"])
                if got != {"json": want["json"], "sheet": want["sheet"]}:
                    bad.append(key)
        return bad

    def save(self) -> None:
        """Write what was recorded (recording runs only)."""
        if RECORDING and self.recorded:
            write(self.FILE, self.recorded)
