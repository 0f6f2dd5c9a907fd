"""``arpad --help`` through its cheap path (arpad.cli.help_page, issue 20 start-up): the
page is the whole command line's, character for character, and typer's help formatter
loads without Markdown, Pygments or rich's tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from arpad.cli import APP_SETTINGS, build_app
from arpad.cli.help_page import deferred_class, listing_app
from tests.cli.test_startup import run_entry_point

runner = CliRunner()


@pytest.mark.parametrize("columns", [60, 80, 200])
def test_the_listing_is_the_whole_command_lines_help(columns: str) -> None:
    """The stand-ins list what the real commands list (names, first paragraphs, groups,
    order, the top-level options) at narrow and wide terminals."""
    env = {"COLUMNS": str(columns), "TERMINAL_WIDTH": str(columns)}
    whole = runner.invoke(build_app(), ["--help"], env=env)
    light = runner.invoke(listing_app(build_app(), APP_SETTINGS), ["--help"], env=env)
    assert whole.exit_code == light.exit_code == 0
    assert "rate" in whole.output and "player" in whole.output  # a command and a group
    assert light.output == whole.output


def test_deferred_classes_become_the_real_ones_on_use() -> None:
    """typer calls ``Markdown(text)`` in the Markdown markup mode and
    ``Traceback.from_exception`` for pretty tracebacks: the stand-ins give the real ones."""
    from rich.markdown import Markdown
    from rich.traceback import Traceback

    shown = deferred_class("rich.markdown", "Markdown")("*hello*")
    assert isinstance(shown, Markdown) and shown.markup == "*hello*"
    stand_in = deferred_class("rich.traceback", "Traceback")
    assert stand_in.from_exception == Traceback.from_exception
    assert (stand_in | int) is not None  # typer's annotations 'Markdown | Text'


HELP_ONLY = ("rich.markdown", "rich.traceback", "rich.syntax", "markdown_it", "pygments", "attr")


@pytest.mark.parametrize("argv", [["--help"], [], ["rate", "--help"], ["player", "--help"]])
def test_help_loads_neither_markdown_nor_pygments(argv: list[str]) -> None:
    """Through the console entry point (a bare ``arpad`` prints the help too): the help
    page prints (typer's formatter ran) and none of :data:`HELP_ONLY` is loaded, nor NumPy
    or Numba (tests/cli/test_startup.py)."""
    page, modules = run_entry_point(argv)
    assert "typer.rich_utils" in modules and "Usage: arpad" in "\n".join(page)
    loaded = {m for m in modules if m.split(".")[0] in HELP_ONLY or m.startswith(HELP_ONLY)}
    assert sorted(loaded) == []
    assert not {m.split(".")[0] for m in modules} & {"numpy", "numba", "llvmlite"}


def test_shell_completion_still_sees_every_option() -> None:
    """Completion runs as a bare ``arpad`` with the words in the environment: it gets the
    whole command line, not the listing's stand-ins (which have no options)."""
    env = {
        **os.environ,
        "_ARPAD_COMPLETE": "complete_bash",
        "COMP_WORDS": "arpad rate --sys",
        "COMP_CWORD": "2",
    }
    code = "from arpad.cli import main\nmain()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert "--system" in done.stdout.split(), done.stdout + done.stderr


def test_a_bare_arpad_lists_the_commands_like_help() -> None:
    """``arpad`` alone prints the page ``arpad --help`` prints (typer's ``no_args_is_help``),
    through the same listing: the same text, exit code 2 as before."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_COMPLETE")}
    env["COLUMNS"] = "80"
    code = "import sys\nsys.argv = ['arpad', *sys.argv[1:]]\nfrom arpad.cli import main\nmain()"
    bare = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    help_ = subprocess.run(
        [sys.executable, "-c", code, "--help"], capture_output=True, text=True, env=env
    )
    assert help_.returncode == 0 and bare.returncode == 2
    assert "Commands" in help_.stdout
    assert (bare.stdout + bare.stderr).rstrip() == help_.stdout.rstrip()
