"""The examples in docs/elo.md, docs/fide1986.md and docs/handicap.md run (style anchor 11)."""

from __future__ import annotations

import doctest
import os

import pytest

from tests.conftest import REPO


@pytest.mark.parametrize("page", ["elo.md", "fide1986.md", "handicap.md"])
def test_docs_page_examples(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the pages use paths relative to the repository
    path = os.path.join(REPO, "docs", page)
    result = doctest.testfile(path, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
