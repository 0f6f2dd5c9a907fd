"""Run the docstring examples of every arpad module that has some, so documented examples
cannot rot (style anchor 11)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import arpad

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(arpad.__path__, "arpad.") if ".migrations" not in m.name
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = [t for t in finder.find(module) if t.examples]
    if not tests:
        pytest.skip("no examples")
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {name}"
