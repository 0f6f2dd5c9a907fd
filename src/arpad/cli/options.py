"""Options shared by every command, declared once, and the one way a command configures a
rating system (``--system`` and ``-o NAME=VALUE``, both through the registry).

A command declares ``system: SystemOption = "uscf"``, ``fmt: FormatOption = None``,
``option: ConfigOptions = None``, ``as_json: JsonOption = False`` and calls
:func:`configure`; the help texts and the error messages are then the same everywhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any

import typer

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names
from arpad.systems import REGISTRY, RatingSystem, get_system, system_names

SystemOption = Annotated[
    str,
    typer.Option("--system", "-s", help=f"Rating system: {', '.join(system_names())}."),
]
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format", "-f", help=f"Input format ({', '.join(format_names())}); default: detected."
    ),
]
ConfigOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="Set a field of the system's configuration: NAME=VALUE (see 'arpad systems NAME').",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


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
