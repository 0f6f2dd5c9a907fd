"""Options shared by the commands, declared once, and the one way a command configures a
rating system (``--system`` and ``-o NAME=VALUE``, both through the registry).

Every ``--system``, ``--format``, ``--option``, ``--output``, ``--event`` and ``--json``
of the command line is one of the declarations below (tests/cli/test_options.py checks
it), so a flag is spelled and explained once. A command declares e.g.
``system: SystemOption = "uscf"``, ``fmt: InputFormatOption = None``,
``option: ConfigOptions = None``, ``as_json: JsonOption = False`` and calls
:func:`configure`; the help texts and the error messages are then the same everywhere.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from arpad.cli.lazy_enum import enum_option
from arpad.cli.tables import TableFormatOption as TableFormatOption  # declared there
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names
from arpad.norm_registry import norm_system_names
from arpad.systems import REGISTRY, RatingSystem, get_system, system_names

SYSTEM_FLAGS = ("--system", "-s")
CONFIG_FLAGS = ("--option", "-o")
FORMAT_FLAGS = ("--format", "-f")
"""The output format of the commands that print data (and, hidden, the old input format)."""
INPUT_FORMAT_FLAGS = ("--input-format", "-i")


def _system(help: str) -> Any:
    return typer.Option(*SYSTEM_FLAGS, help=help)


def _config(help: str) -> Any:
    return typer.Option(*CONFIG_FLAGS, help=help, metavar="NAME=VALUE")


def _systems_list() -> str:
    return ", ".join(system_names())


SystemOption = Annotated[str, _system(f"Rating system: {_systems_list()}.")]
"""One rating system (``rate``, ``period``, ``list``, ``crosstable``, ``estimate``)."""
SystemsOption = Annotated[
    list[str] | None,
    _system(f"Rating system, repeated for several: {_systems_list()}."),
]
"""Several rating systems (``rate-pending``)."""
SystemFilterOption = Annotated[str | None, _system(f"Only this rating system ({_systems_list()}).")]
"""An optional rating system: only its rows (``player``, ``history``, ``failures``)."""
RateWithOption = Annotated[
    str | None, _system(f"Also rate with this rating system ({_systems_list()}).")
]
"""An optional rating system the command rates with (``trf``)."""
TitleSystemOption = Annotated[
    str | None,
    _system(
        f"Title rules: {', '.join(norm_system_names())} (default: the rules in force on the "
        "event's date)."
    ),
]
"""The title (norm) system of ``norms``: the title registry's names; none: by date."""
SystemSpecsOption = Annotated[
    list[str] | None,
    _system(
        "System under test, repeated for several: NAME or NAME:FIELD=VALUE,… (examples below)."
    ),
]
"""Systems with their options in one word, ``logistic:K=24`` (``evaluate``, ``simulate``)."""

InputFormatOption = Annotated[
    str | None,
    typer.Option(
        *INPUT_FORMAT_FLAGS,
        help=f"Input format ({', '.join(format_names())}); default: detected.",
    ),
]
"""The format of an event file (D-cli-9: ``--input-format``/``-i``; ``--format``/``-f``
name the output format)."""
GamesFormatOption = Annotated[
    str | None,
    typer.Option(
        *INPUT_FORMAT_FLAGS,
        help="Layout of the games file: pairs, kaggle, kwiatkowski or pgn; default: detected.",
    ),
]
"""The layout of a games file (``test-system``; :data:`arpad.analysis.games.READERS`)."""
LegacyFormatOption = Annotated[
    str | None,
    typer.Option(*FORMAT_FLAGS, hidden=True, help="Old spelling of --input-format."),
]
"""``--format``/``-f`` where it meant the input format: kept hidden for one release, with
a warning (D-cli-9); :func:`input_format` merges it."""


def input_format(given: str | None, old: str | None) -> str | None:
    """The input format from ``--input-format`` or its old spelling ``--format``.

    Raises:
        ConfigError: both are given and differ.
    """
    if old is None:
        return given
    print(
        "arpad: warning: --format/-f for the input format is now --input-format/-i "
        "(the old spelling goes in the next release)",
        file=sys.stderr,
    )
    if given is not None and given != old:
        raise ConfigError(f"--input-format {given!r} and --format {old!r} disagree")
    return old


ListFormatOption = Annotated[
    Any,
    enum_option(
        "arpad.cli.ledger_output:ListFormat",
        "Output: table (= text), csv, json or fide (FIDE's players list's fixed-width text).",
        *FORMAT_FLAGS,
    ),
]
"""The output format of ``list``."""
SectionFormatOption = Annotated[
    Any,
    enum_option(
        "arpad.cli.ledger_output:SectionFormat",
        "Output: table (= text), uscf (US Chess crosstable text), json or event (arpad-event/1).",
        *FORMAT_FLAGS,
    ),
]
"""The output format of ``crosstable``."""

ConfigOptions = Annotated[
    list[str] | None,
    _config("Set a field of the system's configuration: NAME=VALUE (see 'arpad systems NAME')."),
]
"""``-o NAME=VALUE``: a field of the rating system's configuration (:func:`configure`)."""
ScopedConfigOptions = Annotated[
    list[str] | None,
    typer.Option(
        *CONFIG_FLAGS,
        help="Set a field of one system's configuration: SYSTEM.NAME=VALUE, "
        "e.g. uscf1994.provisional_method=performance.",
        metavar="SYSTEM.NAME=VALUE",
    ),
]
"""``-o SYSTEM.NAME=VALUE`` where one command rates with several systems (``compare``)."""
TitleConfigOptions = Annotated[
    list[str] | None,
    _config("Set a field of the title rules' configuration: NAME=VALUE, e.g. show_all=true."),
]
"""``-o NAME=VALUE`` of a title system (``norms``)."""
ToolConfigOptions = Annotated[
    list[str] | None,
    _config("Set a field of the command's configuration: NAME=VALUE (fields listed below)."),
]
"""``-o NAME=VALUE`` of a tool that is not a rating system (``fide-adjust``, ``app``):
the command's description lists the fields, and a wrong name lists them too."""

OutputOption = Annotated[
    Path | None,
    typer.Option("--output", help="Write to this file (default: standard output)."),
]
"""Where a command writes its document; nothing is half-written."""
ReportOutputOption = Annotated[
    Path,
    typer.Option(
        "--output",
        "-o",
        "--out",
        help="The Markdown page to write, or a folder to write it in.",
    ),
]
"""The page a report command writes (``pra-claims``; it has no ``--option``, so its
documented ``-o`` stays)."""

ByOption = Annotated[
    str | None,
    typer.Option(
        "--by",
        envvar="ARPAD_OFFICER",
        help="Who makes the change, for the audit log (default: $ARPAD_OFFICER, else the "
        "login name).",
    ),
]
"""Who publishes or corrects (the rating officer's commands, :mod:`arpad.cli.officer`)."""
ReasonOption = Annotated[str, typer.Option("--reason", help="Why, for the audit log (required).")]
"""Why an officer's change is made (``correct``, ``correct-rating``, ``undo``)."""
DryRunOption = Annotated[
    bool,
    typer.Option(
        "--dry-run", help="Show whose ratings would move, and change nothing in the ledger."
    ),
]

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
"""``--json`` of every command that prints data (where there is a ``--format``, the same
as ``--format json``)."""
ListsOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--lists",
        help=(
            "A published rating list (Edo, Chessmetrics, FIDE 1975-2000: a file or a folder of"
            " them, as 'arpad lists' reads; repeat for more): its ratings beside these, each"
            " player matched by surname and given name."
        ),
        show_default=False,
    ),
]
"""``--lists`` of ``arpad masters`` and ``arpad history``: the historians' list tables beside
arpad's ratings (:mod:`arpad.cli.published`, decision D-cli2-2)."""
EventChoice = Annotated[
    str | None,
    typer.Option(
        "--event", help="Which event of a file that holds several: its id, name or number."
    ),
]
"""The ``--event`` option of the commands that read one event from a file."""


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["B=12", "K=24"]`` → ``{"B": "12", "K": "24"}``.

    Raises:
        ConfigError: a pair without ``=``.
    """
    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ConfigError(f"option {pair!r} must look like NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def option_names(system: RatingSystem[Any, Any]) -> list[str]:
    """The configuration fields of ``system`` (what ``-o`` accepts)."""
    return sorted(f.name for f in dataclasses.fields(system.config_type))


def configure(
    system: RatingSystem[Any, Any],
    pairs: list[str] | None,
    flags: Mapping[str, tuple[str, object]] | None = None,
) -> Any:
    """The configuration of ``system`` with ``-o`` pairs and convenience flags applied.

    ``flags`` maps a flag's spelling to ``(field, value)``, e.g.
    ``{"--bonus-multiplier": ("B", 12.0)}``; a flag left at ``None`` is ignored.

    Raises:
        ConfigError: a field the system does not have (naming the system and its fields),
            or a bad value.
    """
    options = parse_options(pairs)
    names = set(option_names(system))
    for flag, (name, value) in (flags or {}).items():
        if value is None:
            continue
        if name not in names:
            owners = [n for n in sorted(REGISTRY) if name in option_names(get_system(n))]
            raise ConfigError(
                f"{flag} sets the option {name!r} of {', '.join(owners) or 'no system'}; "
                f"system {system.name!r} has: {', '.join(sorted(names))}"
            )
        options[name] = str(value)
    for name in options:
        if name not in names:
            raise ConfigError(
                f"system {system.name!r} has no option {name!r}; its options: "
                f"{', '.join(sorted(names))}"
            )
    return with_options(system.default_config(), options)


def configured(config: Any, pairs: list[str] | None) -> Any:
    """``config`` (of a tool that is not a rating system) with ``-o`` pairs applied.

    Raises:
        ConfigError: a malformed pair, a field ``config`` does not have (listing its
            fields), or a bad value.
    """
    return with_options(config, parse_options(pairs))
