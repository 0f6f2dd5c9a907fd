"""The ``arpad`` command line: thin shells over the library calls.

Each command group lives in its own module under ``arpad.cli`` exposing
``register(app)``; :data:`COMMAND_MODULES` lists them (add one line per module).
Any :class:`arpad.errors.ArpadError` becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import sys

import typer

from arpad.errors import ArpadError

app = typer.Typer(
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

COMMAND_MODULES: list[str] = [
    "arpad.cli.rate",
    "arpad.cli.estimate",
    "arpad.cli.systems",
    "arpad.cli.fide_adjust",
    "arpad.cli.compare",
    "arpad.cli.elo",
    "arpad.cli.analysis",
    "arpad.cli.tournament_app",
    "arpad.cli.simulate",
    "arpad.cli.ledger",
    "arpad.cli.evaluate",
    "arpad.cli.trf_report",
    "arpad.cli.serve",
]


def _print_version(value: bool) -> None:
    if value:
        from arpad import __version__

        typer.echo(f"arpad {__version__}")
        raise typer.Exit()


@app.callback()
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


def _register() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)


_register()


def fail(message: str) -> typer.Exit:
    """Print ``arpad: message`` on stderr and return the exit to raise (code 2)."""
    print(f"arpad: {message}", file=sys.stderr)
    return typer.Exit(2)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except ArpadError as exc:
        print(f"arpad: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("arpad: interrupted", file=sys.stderr)
        sys.exit(130)
