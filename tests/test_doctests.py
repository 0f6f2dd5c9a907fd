"""Run the docstring examples of every arpad module that has some, and every Python example
of the documentation pages and the README, so documented examples cannot rot (style anchor
11; issue 23 point 6)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import arpad
from tests.conftest import REPO

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


# -- the documentation's examples ---------------------------------------------------------

DOC_PAGES = [*sorted((REPO / "docs").glob("*.md")), REPO / "README.md"]
_PYTHON = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _python_blocks(page: Path) -> list[str]:
    return _PYTHON.findall(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", [p for p in DOC_PAGES if _python_blocks(p)], ids=lambda p: p.name)
def test_docs_page_examples(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ```python block of the page runs from the repository root, blocks sharing one
    namespace: a block of ``>>>`` examples as a doctest (its output compared), any other
    block as a script."""
    monkeypatch.chdir(REPO)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for i, block in enumerate(_python_blocks(page)):
        where = f"{page.name}[{i}]"
        if ">>>" in block:
            runner.run(parser.get_doctest(block, namespace, where, str(page), 0), clear_globs=False)
        else:
            exec(compile(block, where, "exec"), namespace)
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {page.name}"
