"""The documentation site's sources: the committed pictures are what ``docs/pictures.py``
draws, every page is in the table of contents, every module has an API page, and the version
agrees between pyproject, the package, the compiled core and the changelog. (The site itself is
built with warnings as errors in ``.ci/run``; its examples run as doctests in the suite.)"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

import redouble

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_pictures_are_current() -> None:
    spec = importlib.util.spec_from_file_location("docs_pictures", DOCS / "pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, text in module.pictures().items():
        committed = (DOCS / "_static" / name).read_text(encoding="utf-8")
        assert committed == text + "\n", f"docs/_static/{name} is stale: run docs/pictures.py"


def test_every_page_is_in_a_toctree() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    pages = {p.stem for p in DOCS.glob("*.md")} - {"index"}
    listed = set(re.findall(r"^([a-z][\w/-]*)$", index, re.MULTILINE))
    assert pages <= listed, sorted(pages - listed)
    api_index = (DOCS / "api" / "index.md").read_text(encoding="utf-8")
    api_pages = {p.stem for p in (DOCS / "api").glob("redouble*.md")}
    assert api_pages <= set(api_index.split()), sorted(api_pages - set(api_index.split()))


def test_every_module_has_an_api_page() -> None:
    package = ROOT / "python" / "redouble"
    modules = set()
    for path in package.rglob("*.py"):
        rel = path.relative_to(package.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(p.startswith("_") for p in parts):
            continue
        modules.add(".".join(parts))
    # The law sets' data modules are documented through redouble.laws, and the layers of the
    # game, irregularities and serve packages through their packages, whose __all__ is the
    # public API.
    internal = ("redouble.laws.", "redouble.game.", "redouble.irregularities.", "redouble.serve.")
    modules = {m for m in modules if not m.startswith(internal)}
    pages = {p.stem for p in (DOCS / "api").glob("redouble*.md")}
    assert modules <= pages, f"modules without an API page: {sorted(modules - pages)}"


def test_version_agrees_everywhere() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    version = project["version"]
    assert redouble.__version__ == version
    assert redouble._core.__version__ == version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{version}]" in changelog
    assert "Keep a Changelog" in changelog


@pytest.mark.parametrize("name", ["redouble.display", "redouble.cli_play"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert failures == 0
