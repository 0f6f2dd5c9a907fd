"""``arpad systems``: list the rating systems and their configuration."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from arpad.cli.console import wide_console
from arpad.config import describe
from arpad.systems import get_system, system_names


def systems(
    name: Annotated[str | None, typer.Argument(help="Show one system's options.")] = None,
) -> None:
    """List the rating systems, or one system's configuration fields and defaults.

    Any field can be set on 'arpad rate' with -o NAME=VALUE.
    """
    console = wide_console()
    if name is None:
        table = Table("name", "system", "source", header_style="bold")
        for n in system_names():
            s = get_system(n)
            table.add_row(n, s.title, s.source)
        console.print(table)
        return
    s = get_system(name)
    table = Table("option", "default", "meaning", title=s.title, header_style="bold")
    for field_name, value, doc in describe(s.default_config()):
        table.add_row(field_name, value, doc)
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command()(systems)
