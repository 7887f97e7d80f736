"""The examples in the public modules' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["redouble.cards", "redouble.deal", "redouble.dealing", "redouble.play", "redouble.club"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
