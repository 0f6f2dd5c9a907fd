"""docs/titles.md shows no output a test does not: every ``$ arpad norms`` block whose
command runs on a file in the repository (or ../shared/data) is run at 80 columns, and each
line printed under it must appear in what the command writes (stdout, then stderr)."""

from __future__ import annotations

import re
import shlex

from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import REPO, shared_data

runner = CliRunner()
DOC = REPO / "docs" / "titles.md"


def examples() -> list[tuple[list[str], list[str]]]:
    """``(arguments, lines shown)`` of each block with output."""
    out = []
    for block in re.findall(r"```\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        lines = block.rstrip("\n").split("\n")
        if not lines[0].startswith("$ arpad norms") or len(lines) < 2:
            continue
        if any(line.startswith("$ ") for line in lines[1:]):
            continue  # commands only, no output shown
        command = lines[0][2:].split("#")[0]
        args = shlex.split(command)[1:]
        args = [
            str(shared_data(a.removeprefix("../shared/data/"))) if a.startswith("../shared") else a
            for a in args
        ]
        out.append((args, lines[1:]))
    return out


def test_the_doc_has_examples_with_output() -> None:
    assert len(examples()) >= 4


def test_every_shown_line_is_printed() -> None:
    for args, shown in examples():
        done = runner.invoke(app, args, env={"COLUMNS": "80"})
        assert done.exit_code == 0, args
        printed = [line.rstrip() for line in (done.stdout + done.stderr).split("\n")]
        for line in shown:
            assert line.rstrip() in printed, (args, line)
