"""docs/us-chess-systems-compared.md shows the output of the command it names.

The page holds a block ``<!-- BEGIN: arpad compare … -->`` … ``<!-- END -->``; this test
runs that command and checks the block is its output. To refresh the page after a change:
``ARPAD_REGENERATE_DOCS=1 python -m pytest tests/uscf1994/test_compared_page.py``.
"""

from __future__ import annotations

import os
import re
import shlex

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import REPO

PAGE = REPO / "docs" / "us-chess-systems-compared.md"
BLOCK = re.compile(r"<!-- BEGIN: (arpad compare [^>]*?) -->\n(.*?)<!-- END -->\n", re.S)


def test_page_shows_the_output_of_its_command() -> None:
    text = PAGE.read_text(encoding="utf-8")
    match = BLOCK.search(text)
    assert match is not None, "no BEGIN/END block"
    args = shlex.split(match.group(1))[1:]
    result = CliRunner().invoke(app, args)
    if isinstance(result.exception, ModuleNotFoundError):
        pytest.skip(f"a compared system is not installed: {result.exception}")
    assert result.exit_code == 0, result.output
    if os.environ.get("ARPAD_REGENERATE_DOCS"):
        PAGE.write_text(
            text[: match.start(2)] + result.output + text[match.end(2) :], encoding="utf-8"
        )
        return
    assert match.group(2) == result.output
