"""The README's promises: its test command is what CI runs; its examples exist."""

from __future__ import annotations

import glob
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import REPO


def _command_after(heading: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1]
    return re.search(r"```sh\n(.+?)\n```", section, re.S).group(1).strip()  # type: ignore[union-attr]


def test_ci_runs_the_readme_test_command() -> None:
    command = _command_after("## Develop and test")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert command in ci.splitlines()


def test_quick_start_builds_a_ledger_and_prints_a_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run the quick start's arpad commands (after the install) as written, from the
    repository, with the ledger in a fresh folder."""
    command = _command_after("## Quick start")
    steps = [shlex.split(part) for part in command.split("&&")]
    assert steps[0][:4] == ["python", "-m", "pip", "install"]
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("ARPAD_DB", str(tmp_path / "arpad.db"))
    outputs = []
    for argv in steps[1:]:
        assert argv[0] == "arpad"
        args = [p for a in argv[1:] for p in (sorted(glob.glob(a)) if "*" in a else [a])]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    assert "Alice Ames" in outputs[-1] and "2024-08-20" in outputs[-1]


def test_python_examples_run_as_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's "From Python" blocks are doctests, run from the repository root."""
    import doctest

    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.+?)```", section, re.S)
    assert len(blocks) == 3
    monkeypatch.chdir(REPO)
    globs: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, globs, f"README[{i}]", "README.md", 0)
        runner.run(test)
    assert runner.failures == 0
