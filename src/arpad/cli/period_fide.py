"""``arpad period --system fide``: one monthly list under FIDE's current regulations."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import typer
from rich.table import Table

from arpad.cli.console import wide_console
from arpad.config import with_options
from arpad.io import read_events
from arpad.systems.fide import FideConfig, rate_period


def run_period(
    files: list[Path], fmt: str | None, options: Mapping[str, str], as_json: bool
) -> None:
    cfg = with_options(FideConfig(), options)
    events = [e for f in files for e in read_events(f, fmt)]
    result = rate_period(events, {}, cfg)
    lines = sorted(result.lines, key=lambda ln: -(ln.new or 0.0))
    if as_json:
        doc = {
            "system": "fide",
            "list": result.month,
            "players": [
                {
                    "key": ln.key,
                    "name": ln.name,
                    "old": ln.old,
                    "new": ln.new,
                    "games": ln.games,
                    "changes": [{"event": e, "change": c} for e, c in ln.changes],
                    "notes": list(ln.notes),
                }
                for ln in lines
            ],
        }
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
        return
    table = Table(
        "Player", "Old", "Gms", "K × ΣΔ", "New", "Notes", title=f"FIDE list {result.month}"
    )
    for ln in lines:
        total = sum(c for _, c in ln.changes)
        table.add_row(
            ln.name,
            "—" if ln.old is None else f"{ln.old:.0f}",
            str(ln.games),
            f"{total:+.2f}" if ln.changes else "",
            "unr." if ln.new is None else f"{ln.new:.0f}",
            "; ".join(ln.notes),
        )
    wide_console().print(table)
