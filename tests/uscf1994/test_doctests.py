"""The examples in the docstrings and docs pages of issue 7 run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.conftest import REPO

MODULES = [
    "arpad.performance",
    "arpad.systems.uscf1993",
    "arpad.systems.uscf1994",
    "arpad.systems.uscf1994.tables",
    "arpad.systems.uscf1994.rating",
    "arpad.systems.uscf1994.steps",
    "arpad.systems.uscf1994.fide_adjustment",
    "arpad.titles.uscf1994",
]
PAGES = ["docs/uscf1993.md", "docs/uscf1994.md"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("page", PAGES)
def test_docs_page_examples(page: str) -> None:
    result = doctest.testfile(str(REPO / page), module_relative=False)
    assert result.failed == 0 and result.attempted > 0
