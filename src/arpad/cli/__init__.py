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
import sys
from collections.abc import Iterable

import typer

from arpad.errors import ArpadError

COMMANDS: dict[str, str] = {
    "rate": "arpad.cli.rate",
    "estimate": "arpad.cli.estimate",
    "systems": "arpad.cli.systems",
    "fide-adjust": "arpad.cli.fide_adjust",
    "compare": "arpad.cli.compare",
    "norms": "arpad.cli.elo",
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


def build_app(modules: Iterable[str] = COMMAND_MODULES) -> typer.Typer:
    """The ``arpad`` command line with the commands of ``modules``."""
    cli = typer.Typer(
        name="arpad",
        help=(
            "Rate chess events exactly the way federations do, keep a rating ledger, and "
            "analyse ratings with the tools of the classic rating literature.\n\n"
            "Start with 'arpad rate EVENT.json --system uscf' or 'arpad systems'."
        ),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
    )
    cli.callback()(_options)
    for name in modules:
        importlib.import_module(name).register(cli)
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
    docs/architecture.md); anything else (``--help``, a typo) the whole command line."""
    module = COMMANDS.get(sys.argv[1]) if len(sys.argv) > 1 else None
    cli = build_app([module]) if module is not None else __getattr__("app")
    try:
        cli()
    except ArpadError as exc:
        print(f"arpad: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("arpad: interrupted", file=sys.stderr)
        sys.exit(130)
