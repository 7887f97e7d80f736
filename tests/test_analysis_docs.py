"""The examples in the analysis modules' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "redouble.analysis.par",
    "redouble.analysis.features",
    "redouble.analysis.constraints",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
