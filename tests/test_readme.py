"""The README's promises: its test command is what CI runs; its examples exist."""

from __future__ import annotations

import re

from tests.conftest import REPO


def _command_after(heading: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1]
    return re.search(r"```sh\n(.+?)\n```", section, re.S).group(1).strip()  # type: ignore[union-attr]


def test_ci_runs_the_readme_test_command() -> None:
    command = _command_after("## Develop and test")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert command in ci.splitlines()


def test_quick_start_example_exists() -> None:
    command = _command_after("## Quick start")
    path = command.split("arpad rate ", 1)[1].split()[0]
    assert (REPO / path).is_file()
