"""Run the doctests of the PRA, Tournament App and simulation modules."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "arpad.curves",
    "arpad.systems.pra.basic",
    "arpad.systems.pra.boosting",
    "arpad.analysis.tournament_app.inputs",
    "arpad.analysis.tournament_app.pzero",
    "arpad.analysis.tournament_app.regression",
    "arpad.analysis.tournament_app.goodness",
    "arpad.analysis.tournament_app.greatness",
    "arpad.analysis.tournament_app.after",
    "arpad.analysis.tournament_app.corrections",
    "arpad.analysis.tournament_app.lln",
    "arpad.sim.populations",
    "arpad.sim.oracle",
    "arpad.sim.engines",
    "arpad.sim.run",
    "arpad.sim.paper",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
