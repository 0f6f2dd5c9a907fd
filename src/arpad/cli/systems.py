"""``arpad systems``: list the rating systems and their configuration."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from arpad.cli.console import json_text, wide_console
from arpad.cli.options import JsonOption
from arpad.config import describe
from arpad.systems import get_system, system_names


def systems_json(name: str | None) -> list[dict[str, str]] | dict[str, object]:
    """The systems (name, title, source), or one system's fields with defaults and meaning."""
    if name is None:
        return [
            {"name": n, "title": get_system(n).title, "source": get_system(n).source}
            for n in system_names()
        ]
    s = get_system(name)
    fields = [{"option": f, "default": v, "meaning": d} for f, v, d in describe(s.default_config())]
    return {"name": s.name, "title": s.title, "source": s.source, "options": fields}


def systems(
    name: Annotated[str | None, typer.Argument(help="Show one system's options.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the rating systems, or one system's configuration fields and defaults.

    Any field can be set on 'arpad rate' with -o NAME=VALUE.
    """
    if as_json:
        typer.echo(json_text(systems_json(name)))
        return
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
