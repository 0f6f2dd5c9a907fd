"""Run the docstring examples of the analysis, historical and legacy-system modules, so the
examples in the documentation cannot rot (style anchor 11)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "arpad.analysis.reliability",
    "arpad.analysis.small_samples",
    "arpad.analysis.chi_square",
    "arpad.analysis.system_tests",
    "arpad.analysis.maxwell_boltzmann",
    "arpad.analysis.scales",
    "arpad.analysis.real_data",
    "arpad.historical.lists",
    "arpad.historical.matches",
    "arpad.historical.development",
    "arpad.systems.legacy.common",
    "arpad.systems.legacy.ingo",
    "arpad.systems.legacy.harkness",
    "arpad.systems.legacy.bcf",
    "arpad.systems.legacy.ccla",
    "arpad.systems.legacy.linear",
    "arpad.systems.legacy.berkin",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
