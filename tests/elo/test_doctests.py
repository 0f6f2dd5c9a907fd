"""Run the examples in the docstrings of the Elo/FIDE 1986 modules (style anchor 11)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "arpad.booktables",
    "arpad.systems.elo.expectancy",
    "arpad.systems.elo.formulas",
    "arpad.systems.elo.krules",
    "arpad.systems.elo.groups",
    "arpad.titles.fide1986",
    "arpad.analysis.handicap",
    "arpad.analysis.pool_integrity",
    "arpad.io.trf",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
