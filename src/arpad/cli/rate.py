"""``arpad rate``: rate one event file and print the rated crosstable."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from arpad.cli.console import wide_console
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names, read_event
from arpad.model import Event, Pool
from arpad.systems import EventRating, RatingSystem, finite_or_none, get_system, system_names

EventChoice = Annotated[
    str | None,
    typer.Option(
        "--event", help="Which event of a file that holds several: its id, name or number."
    ),
]
"""The ``--event`` option of the commands that read one event from a file."""


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["B=12", "K=24"]`` → ``{"B": "12", "K": "24"}``."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ConfigError(f"option {pair!r} must look like NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def _fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "—"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"


def _signed(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "—"
    return f"{x:+.{digits}f}"


def pre_label(system: RatingSystem[Any, Any], state: Any, config: Any) -> str:
    entry = system.list_entry(state, config)
    if entry.rating is None:
        return "unr."
    return f"{entry.rating:.0f}{entry.mark}"


def render_table(
    event: Event,
    result: EventRating[Any],
    system: RatingSystem[Any, Any],
    config: Any,
    console: Console,
) -> None:
    """Print the rated crosstable of one pool."""
    published = any(p.published_post is not None for p in event.players)
    title = f"{event.name or event.id} — {system.title}, {result.pool.value} pool"
    table = Table(title=title, title_justify="left", header_style="bold")
    for col, justify in [
        ("#", "right"),
        ("Player", "left"),
        ("Pre", "right"),
        ("Post", "right"),
        ("Chg", "right"),
        ("Gms", "right"),
        ("Score", "right"),
        ("Exp", "right"),
        ("K", "right"),
        ("Bonus", "right"),
        ("Perf", "right"),
        ("Method", "left"),
    ]:
        table.add_column(col, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    if published:
        table.add_column("Published", justify="right")
        table.add_column("Diff", justify="right")
    for i, entry in enumerate(event.players, start=1):
        r = result.player(entry.id)
        prior = system.prior_state(entry, event, config)
        row = [
            str(i),
            entry.name or entry.id,
            pre_label(system, prior, config),
            _fmt(r.post),
            _signed(r.change),
            str(r.games),
            f"{r.score:g}",
            _fmt(r.expected, 2),
            _fmt(r.k, 1),
            _fmt(r.bonus, 2) if r.bonus else "",
            _fmt(r.performance),
            r.method + (" (floor)" if r.floor is not None else ""),
        ]
        if published:
            pub = entry.published_post
            diff = None if pub is None or r.post is None else round(r.post) - pub
            row += [_fmt(pub), _signed(diff)]
        table.add_row(*row)
    console.print(table)
    for note in result.notes:
        console.print(f"[dim]note:[/dim] {note}")
    for r in result.players:
        for note in r.notes:
            console.print(f"[dim]{r.player_id}:[/dim] {note}")


def result_json(event: Event, result: EventRating[Any]) -> dict[str, Any]:
    """The ``--json`` shape: unrounded floats, one record per player."""
    players = []
    for entry in event.players:
        r = result.player(entry.id)
        players.append(
            {
                "id": entry.id,
                "name": entry.name,
                "pre": r.pre,
                "post": r.post,
                "k": r.k,
                "expected": r.expected,
                "score": r.score,
                "bonus": r.bonus,
                "method": r.method,
                "games": r.games,
                "change": r.change,
                "performance": finite_or_none(r.performance),
                "floor": r.floor,
                "notes": list(r.notes),
                "published_post": entry.published_post,
            }
        )
    return {
        "system": result.system,
        "event": event.id,
        "pool": result.pool.value,
        "players": players,
        "notes": list(result.notes),
    }


def register(app: typer.Typer) -> None:
    @app.command()
    def rate(
        file: Annotated[Path, typer.Argument(help="The event file (JSON, US Chess crosstable…).")],
        system: Annotated[
            str, typer.Option("--system", "-s", help=f"Rating system: {', '.join(system_names())}.")
        ] = "uscf",
        pool: Annotated[
            Pool | None,
            typer.Option(help="Pool to rate; default: every pool the event is rated in."),
        ] = None,
        fmt: Annotated[
            str | None,
            typer.Option(
                "--format",
                "-f",
                help=f"Input format ({', '.join(format_names())}); default: detected.",
            ),
        ] = None,
        event_choice: EventChoice = None,
        bonus_multiplier: Annotated[
            float | None,
            typer.Option(help="US Chess bonus multiplier B (14 since 1 May 2017)."),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="Set any configuration field: NAME=VALUE (see 'arpad systems NAME').",
            ),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print JSON instead of a table.")
        ] = False,
    ) -> None:
        """Rate one event and print pre, post, change, K, expected score, bonus, performance
        and the formula used for every player.

        With a US Chess crosstable as input, also prints the published post-event rating
        and the difference from ours.

        Examples:

            arpad rate examples/uscf-open.json

            arpad rate examples/uscf-open.json --bonus-multiplier 12 --json
        """
        rating_system = get_system(system)
        options = parse_options(option)
        if bonus_multiplier is not None:
            options["B"] = str(bonus_multiplier)
        config = with_options(rating_system.default_config(), options)
        event = read_event(file, fmt, event_choice)
        pools = [pool] if pool is not None else list(event.pools)
        results = [
            (event.in_pool(p), rating_system.rate_event(event.in_pool(p), None, config))
            for p in pools
        ]
        if as_json:
            first_event, first = results[0]
            doc = result_json(first_event, first)
            if len(results) > 1:
                doc["also_rated"] = [result_json(e, r) for e, r in results[1:]]
            typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
            return
        console = wide_console()
        for e, r in results:
            render_table(e, r, rating_system, config, console)
