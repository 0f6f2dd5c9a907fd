"""The ``arpad`` command line: thin shells over the library calls.

Each command group lives in its own module under ``arpad.cli`` exposing
``register(app)``, which registers module-level command functions; :data:`COMMANDS` maps
every command name to its module (add one line per command). ``arpad NAME …`` imports
only NAME's module (:func:`main`); :data:`app`, the whole command line, is built on first
use (``arpad --help``, tests). Any :class:`arpad.errors.ArpadError` becomes one line on
stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import sys
from collections.abc import Iterable
from typing import Any

import typer

from arpad.errors import ArpadError

LARGEST_OPTION_INTEGER = 2**53
"""The largest whole number an option takes (exact as a float, far inside a database's
64-bit integer: ``--limit 99999999999999999999`` overflowed SQLite, issue 23.5)."""


def _number_checks() -> None:
    """Every number option of every command refuses ``nan``, ``inf``, ``1e400`` and whole
    numbers past :data:`LARGEST_OPTION_INTEGER` (click takes them all): one place for all
    options instead of one check each (issue 23.5). Typer 0.28 carries its own copy of
    click, which is the one patched; click itself only where typer uses it (an older
    typer) or it is loaded already: importing click costs start-up time (issue 20)."""
    import importlib
    import math

    def finite(number: Any) -> bool:
        return not isinstance(number, float) or math.isfinite(number)

    def bounded(number: Any) -> bool:
        return not isinstance(number, int) or abs(number) <= LARGEST_OPTION_INTEGER

    modules: list[Any] = []
    for name in ("typer._click.types", "click.types"):
        if modules and name == "click.types" and "click" not in sys.modules:
            break  # typer carries its own click: click itself need not even be installed
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    for module in modules:
        for kind, ok, why in (
            (module.FloatParamType, finite, "is not a finite number"),
            (module.IntParamType, bounded, f"is past {LARGEST_OPTION_INTEGER:,}"),
        ):
            _check_conversion(kind, ok, why)


def _check_conversion(kind: Any, ok: Any, why: str) -> None:
    convert = kind.convert
    if getattr(convert, "checked", False):
        return

    def checked(self: Any, value: Any, param: Any, ctx: Any) -> Any:
        number = convert(self, value, param, ctx)
        if not ok(number):
            shown = (
                value
                if len(str(value)) <= 30
                else f"{str(value)[:20]}… ({len(str(value))} characters)"
            )
            self.fail(f"{shown!r} {why}", param, ctx)
        return number

    checked.checked = True  # type: ignore[attr-defined]
    kind.convert = checked


_number_checks()

COMMANDS: dict[str, str] = {
    "rate": "arpad.cli.rate",
    "estimate": "arpad.cli.estimate",
    "systems": "arpad.cli.systems",
    "fide-adjust": "arpad.cli.fide_adjust",
    "compare": "arpad.cli.compare",
    "norms": "arpad.cli.norms",
    "handicap": "arpad.cli.elo",
    "period": "arpad.cli.elo",
    "test-system": "arpad.cli.analysis",
    "reliability": "arpad.cli.analysis",
    "masters": "arpad.cli.analysis",
    "lists": "arpad.cli.published",
    "app": "arpad.cli.tournament_app",
    "simulate": "arpad.cli.simulate",
    "pra-claims": "arpad.cli.simulate",
    "import": "arpad.cli.ledger",
    "rate-pending": "arpad.cli.ledger",
    "list": "arpad.cli.ledger",
    "player": "arpad.cli.ledger",
    "history": "arpad.cli.ledger",
    "crosstable": "arpad.cli.ledger",
    "events": "arpad.cli.ledger",
    "delete-event": "arpad.cli.ledger",
    "failures": "arpad.cli.ledger",
    "remove-system": "arpad.cli.ledger",
    "publish": "arpad.cli.officer",
    "publications": "arpad.cli.officer",
    "preview": "arpad.cli.officer",
    "correct": "arpad.cli.officer",
    "correct-rating": "arpad.cli.officer",
    "audit": "arpad.cli.officer",
    "undo": "arpad.cli.officer",
    "evaluate": "arpad.cli.evaluate",
    "trf": "arpad.cli.trf_report",
    "serve": "arpad.cli.serve",
    "token": "arpad.cli.serve",
}
"""Command name → the module registering it (tests/cli/test_options.py checks the table
against the modules, so a command missing here fails there)."""

COMMAND_MODULES: list[str] = list(dict.fromkeys(COMMANDS.values()))
"""The command modules, in the order ``arpad --help`` lists their commands."""

app: typer.Typer
"""The whole command line (every module registered), built on first access."""


def _print_version(value: bool) -> None:
    if value:
        from arpad import __version__

        typer.echo(f"arpad {__version__}")
        raise typer.Exit()


def _options(
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit.",
        callback=_print_version,
        is_eager=True,
    ),
) -> None:
    """Rate chess events exactly the way federations do (see 'arpad --help')."""


def reflow(text: str) -> str:
    """A docstring as help that the terminal wraps: the lines of each prose paragraph
    joined (rich keeps a docstring's line breaks, so at 80 columns a sentence broke in
    the middle), indented paragraphs (examples) and ``\\b`` blocks kept as written.

    >>> reflow("Rate an event.\\n\\nThe ratings are\\nexact.\\n\\n    arpad rate x.json\\n")
    'Rate an event.\\n\\nThe ratings are exact.\\n\\n    arpad rate x.json'
    """
    return "\n\n".join(map(_joined, inspect.cleandoc(text).split("\n\n")))


def _joined(paragraph: str) -> str:
    """One paragraph's lines joined; kept as written where a line is indented (a list of
    examples); a sentence that starts with an option (``--system uscf1994: …``) after a
    full stop starts a line of its own."""
    lines = paragraph.splitlines()
    if paragraph.startswith("\b"):
        return paragraph
    if lines[1:] and all(line.startswith(" ") for line in lines[1:]):  # "Examples:" + lines
        return "\n\n".join([lines[0], *lines[1:]])
    if any(line.startswith(" ") for line in lines):
        return paragraph
    out = lines[:1]
    for line in lines[1:]:
        if line.startswith("--") and out[-1].endswith("."):
            out.append(line)
        else:
            out[-1] += " " + line.strip()
    return "\n".join(out)


def _reflow_help(group: typer.Typer) -> None:
    for info in group.registered_commands:
        doc = info.help or (info.callback.__doc__ if info.callback else None)
        if doc:
            info.help = reflow(doc)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _reflow_help(sub.typer_instance)


class _WarningLines(logging.Handler):
    """Warnings of the library (``arpad.*`` loggers) as ``arpad: warning: …`` lines on the
    stderr of the moment, made inert like every other line (issue 24.6)."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"arpad: warning: {_inert(record.getMessage())}", file=sys.stderr)


def _route_warnings() -> None:
    logger = logging.getLogger("arpad")
    if not any(isinstance(h, _WarningLines) for h in logger.handlers):
        logger.addHandler(_WarningLines(logging.WARNING))


APP_SETTINGS: dict[str, Any] = {
    "name": "arpad",
    "help": (
        "Rate chess events exactly the way federations do, keep a rating ledger, and "
        "analyse ratings with the tools of the classic rating literature.\n\n"
        "Start with 'arpad rate EVENT.json --system uscf' or 'arpad systems'."
    ),
    "no_args_is_help": True,
    "add_completion": True,  # --install-completion and --show-completion (D-cli-9)
    "pretty_exceptions_enable": False,
    "rich_markup_mode": "rich",
}
"""The top level of ``arpad`` (the whole command line and ``arpad --help``'s listing)."""


def build_app(modules: Iterable[str] = COMMAND_MODULES) -> typer.Typer:
    """The ``arpad`` command line with the commands of ``modules``."""
    _route_warnings()
    cli = typer.Typer(**APP_SETTINGS)
    cli.callback()(_options)
    for name in modules:
        importlib.import_module(name).register(cli)
    _reflow_help(cli)
    return cli


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        whole = build_app()
        globals()["app"] = whole
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def fail(message: str) -> typer.Exit:
    """Print ``arpad: message`` on stderr and return the exit to raise (code 2)."""
    print(f"arpad: {message}", file=sys.stderr)
    return typer.Exit(2)


def main() -> None:
    """Console-script entry point: ``arpad NAME …`` loads NAME's module only (start-up,
    docs/architecture.md); ``arpad --help`` and a bare ``arpad`` list the commands
    (:mod:`arpad.cli.help_page`); anything else (a typo, shell completion) gets the whole
    command line."""
    cli = _command_line(sys.argv[1:])
    if "--help" in sys.argv[1:] or not sys.argv[1:]:  # a bare 'arpad' prints the help
        from arpad.cli.help_page import import_typer_help

        import_typer_help()
    try:
        try:
            cli(prog_name="arpad")  # also under 'python -m arpad', as the docs spell it
        finally:
            sys.stdout.flush()  # a full disk or /dev/full fails here, not at exit
    except ArpadError as exc:
        print(f"arpad: error: {_inert(str(exc))}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("arpad: interrupted", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:  # ``arpad list | head``: the reader has what it wanted
        sys.stdout = None
        sys.exit(0)
    except Exception as exc:
        line = environment_error_line(exc)
        if line is None:
            raise
        print(f"arpad: error: {_inert(line)}", file=sys.stderr)
        sys.exit(2)


def _command_line(args: list[str]) -> typer.Typer:
    """The command line ``arpad ARGS`` needs: one command's module, the listing of every
    command, or the whole command line."""
    module = COMMANDS.get(args[0]) if args else None
    if module is not None:
        return build_app([module])
    if args == ["--help"] or (not args and not _completing()):
        from arpad.cli.help_page import listing_app

        return listing_app(build_app(), APP_SETTINGS)
    return __getattr__("app")


def _completing() -> bool:
    """Whether a shell asks for completions: it runs a bare ``arpad`` with the words in the
    environment (typer's ``_ARPAD_COMPLETE``, named after the program), which needs every
    command's options."""
    return any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)


def _inert(text: str) -> str:
    """A message quoting a file's text (a name with an escape sequence, a line separator)
    as the console prints it: control characters as escapes (issue 24.6)."""
    from arpad.cli.console import visible

    return visible(text)


def environment_error_line(exc: BaseException) -> str | None:
    """One line for a failure of the machine, not of arpad: a full disk, a read-only
    folder or ledger, a file that is not a database (issue 24.2); ``None`` for anything
    else (a bug, shown with its traceback). sqlalchemy is looked at only if loaded."""
    from arpad.errors import os_error_line

    if isinstance(exc, OSError):
        return os_error_line(exc)
    sqlalchemy_exc = sys.modules.get("sqlalchemy.exc")
    if sqlalchemy_exc is not None and isinstance(exc, sqlalchemy_exc.DBAPIError):
        from arpad.ledger.db import database_problem

        return f"ledger: {database_problem(exc)}"
    return None
