"""Run the docstring examples of every arpad module that has some, so documented examples
cannot rot (style anchor 11)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import arpad

FINDER = doctest.DocTestFinder(exclude_empty=True)


def _examples(name: str) -> list[doctest.DocTest]:
    return [t for t in FINDER.find(importlib.import_module(name)) if t.examples]


MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(arpad.__path__, "arpad.")
    if ".migrations" not in m.name and _examples(m.name)
)


def test_most_modules_have_examples() -> None:
    assert len(MODULES) >= 40


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in _examples(name):
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {name}"
