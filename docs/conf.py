"""Sphinx configuration for redouble's documentation (pages in Markdown through MyST).

Build: ``pip install ".[docs]" && sphinx-build -W --keep-going -b html docs docs/_build/html``
(warnings are errors, so a broken reference fails CI). The examples in the pages are doctests,
run by pytest (``--doctest-glob``), so the docs cannot drift from the code.
"""

from __future__ import annotations

import redouble

project = "redouble"
author = "the redouble authors"
copyright = "the redouble authors, MIT licence"
release = redouble.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "pictures.py"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options: dict[str, object] = {}
# redouble.serve needs the serve extra, which the docs build does not install: its imports of
# Starlette and uvicorn are mocked so that its docstrings are still read.
autodoc_mock_imports = ["starlette", "uvicorn"]
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# Type hints name classes of numpy and of redouble's own modules that Sphinx cannot always
# resolve; they are shown as text, not as links, which is not an error.
nitpicky = False
suppress_warnings = ["myst.xref_missing"]

html_theme = "alabaster"
html_static_path = ["_static"]
html_title = f"redouble {release}"


def _tables_as_text(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Show a docstring's simple table (rows between ``====`` rules) as preformatted text.

    Some tables (the irregularities law map) are read by code and by tests as written, and a
    cell wider than its rule is an error for docutils; as text they read the same."""
    rules = [i for i, line in enumerate(lines) if line.startswith("====") and "  " in line]
    if len(rules) < 2:
        return
    first, last = rules[0], rules[-1]
    block = ["::", ""] + ["    " + line for line in lines[first : last + 1]] + [""]
    lines[first : last + 1] = block


def setup(app: object) -> None:
    """Register the docstring hook."""
    app.connect("autodoc-process-docstring", _tables_as_text)  # type: ignore[attr-defined]
