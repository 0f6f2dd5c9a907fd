"""``arpad norms FILE --system uscf1994``: norms and titles of the 1994 USCF Title System.

:func:`run` does the work, so another ``norms`` command (FIDE 1986) can dispatch to it for
``--system uscf1994``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from arpad.cli.console import wide_console
from arpad.cli.rate import parse_options
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names, read_event
from arpad.titles.uscf1994 import EventAwards, TitleConfig, event_awards, title_name


def summary(awards: EventAwards) -> str:
    """``titles 400–1400; 1600 ×4, 1800 ×3; Life Master norms +1`` (levels earned)."""
    titles = [r.level for r in awards.levels if r.title]
    norms = [f"{r.level:g} ×{r.norms}" for r in awards.levels if r.norms and not r.title]
    parts = []
    if titles:
        span = f"{titles[0]:g}" if len(titles) == 1 else f"{titles[0]:g}–{titles[-1]:g}"
        parts.append(f"title{'s' if len(titles) > 1 else ''} {span}")
    if norms:
        parts.append("norms " + ", ".join(norms))
    return "; ".join(parts) if parts else "—"


def run(
    file: Path,
    options: list[str] | None,
    as_json: bool,
    fmt: str | None = None,
    event_choice: str | None = None,
) -> None:
    """Print the norms and titles every player earns in the event in ``file``."""
    config = with_options(TitleConfig(), parse_options(options))
    event = read_event(file, fmt, event_choice)
    awards = event_awards(event, config)
    if as_json:
        doc: list[dict[str, Any]] = []
        for p in event.players:
            a = awards[p.id]
            doc.append(
                {
                    "id": p.id,
                    "name": p.name,
                    "games": a.games,
                    "score": a.score,
                    "levels": [
                        {
                            "level": r.level,
                            "title": title_name(r.level),
                            "expected": r.expected,
                            "norms": r.norms,
                            "title_earned": r.title,
                        }
                        for r in a.levels
                        if r.norms
                    ],
                }
            )
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
        return
    table = Table(
        title=f"{event.name or event.id} — USCF 1994 title system, P = {config.P:g}",
        title_justify="left",
        header_style="bold",
    )
    for col in ("#", "Player", "Gms", "Score", "Earned in this event"):
        table.add_column(col, justify="right" if col in ("#", "Gms", "Score") else "left")
    for i, p in enumerate(event.players, start=1):
        a = awards[p.id]
        earned = summary(a) if a.games >= config.min_games else f"— (< {config.min_games} games)"
        table.add_row(str(i), p.name or p.id, str(a.games), f"{a.score:g}", earned)
    console = wide_console()
    console.print(table)
    console.print(
        "[dim]Norms count towards every title not yet held; five make the title, twenty at "
        "2200/2400 a life title (USCF 1994 §2.3, §2.6).[/dim]"
    )


def register(app: typer.Typer) -> None:
    @app.command()
    def norms(
        file: Annotated[Path, typer.Argument(help="The event file.")],
        system: Annotated[
            str, typer.Option("--system", "-s", help="Title system: uscf1994.")
        ] = "uscf1994",
        fmt: Annotated[
            str | None,
            typer.Option("--format", "-f", help=f"Input format ({', '.join(format_names())})."),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="P=27, level_step=200, lowest_level=400, coefficient_digits=none, …",
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Norms and titles earned in one event under the USCF Title System proposed in
        1994 (uscf-ratings-committee-1994.txt §2): a norm at level Y needs a score above
        the expected score of a Y-rated player by Δ = 0.306√n (two norms 0.727√n, …, the
        title at once 1.491√n) at P = 27.

        Examples:

            arpad norms event.json --system uscf1994

            arpad norms event.json -o P=30 -o level_step=100 -o lowest_level=1000
        """
        if system != "uscf1994":
            raise ConfigError(f"norms: unknown title system {system!r}; choose uscf1994")
        run(file, option, as_json, fmt)
