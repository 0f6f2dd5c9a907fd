"""``arpad rate``: rate one event file and print the rated crosstable."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from arpad.cli.console import json_text, styled, wide_console
from arpad.cli.numbers import number as _fmt
from arpad.cli.options import (
    ConfigOptions,
    EventChoice,
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    SystemOption,
    configure,
    input_format,
)
from arpad.cli.options import parse_options as parse_options  # re-exported for older imports
from arpad.cli.tables import Column, shown_change
from arpad.display import rating_text
from arpad.io import read_event
from arpad.model import Event, PlayerEntry, Pool
from arpad.systems import EventRating, RatingSystem, finite_or_none, get_system

if TYPE_CHECKING:  # the table's modules are loaded to print one, not by 'arpad --help'
    from arpad.cli.crosstable_table import RatedCells


def _signed(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "—"
    return f"{x:+.{digits}f}"


def pre_label(system: RatingSystem[Any, Any], state: Any, config: Any) -> str:
    entry = system.list_entry(state, config)
    return rating_text(entry.rating, system.name, entry.mark, config=config, missing="unr.")


def _rating_label(system: RatingSystem[Any, Any], state: Any, config: Any) -> str:
    return "—" if state is None else pre_label(system, state, config)


RATE_COLUMNS = (
    Column("Gms", drop=4),
    Column("Score", drop=4),
    Column("Bonus", drop=3),
    Column("Method", "left", drop=4),
)
"""What ``arpad rate`` adds to the crosstable's columns (:data:`CROSSTABLE_COLUMNS`): the
games and score the system rated, the bonus and the formula used."""
PUBLISHED_COLUMNS = (Column("Published", drop=1), Column("Diff"))
"""With a file that gives the federation's published post-event ratings: those, and the
difference of ours from them, which is never left out (the point of rating such a file)."""
RATE_NOTE = "Gms, Score: the games the system rated and the points scored in them"
PUBLISHED_NOTE = "Diff: our post-event rating minus the published one"


def _player_cells(
    entry: PlayerEntry,
    event: Event,
    result: EventRating[Any],
    system: RatingSystem[Any, Any],
    config: Any,
    published: bool,
) -> RatedCells:
    from arpad.cli.crosstable_table import RatedCells

    r = result.player(entry.id)
    prior = system.prior_state(entry, event, config)
    post = _rating_label(system, result.states.get(entry.id), config) if r.post is not None else "—"
    more = [
        str(r.games),
        f"{r.score:g}",
        _fmt(r.bonus, 2) if r.bonus else "",
        r.method + (" (floor)" if r.floor is not None else ""),
    ]
    if published:
        pub = entry.published_post
        diff = None if pub is None or r.post is None else round(r.post) - pub
        more += [_fmt(pub), _signed(diff)]
    return RatedCells(
        pre_label(system, prior, config),
        post,
        shown_change(r.pre, r.post, system.name),
        _fmt(r.k, 1),
        _fmt(r.expected, 2),
        _fmt(r.performance),
        tuple(more),
    )


def render_table(
    event: Event,
    result: EventRating[Any],
    system: RatingSystem[Any, Any],
    config: Any,
    console: Console,
) -> None:
    """Print the rated crosstable of one pool: the crosstable's table
    (:func:`arpad.cli.crosstable_table.crosstable_table`, standings order and rounds) with
    the rated games and score, bonus and method, and the published ratings where the file
    gives them.

    Pre and post ratings carry the system's mark (``1641P17``); the change is the
    difference of the ratings shown (D-output-2).
    """
    from arpad.cli.crosstable_table import crosstable_table

    published = any(p.published_post is not None for p in event.players)
    title = f"{event.name or event.id} — {system.title}, {result.pool.value} pool"
    cells = {
        p.id: _player_cells(p, event, result, system, config, published) for p in event.players
    }
    extra = RATE_COLUMNS + (PUBLISHED_COLUMNS if published else ())
    note = RATE_NOTE + (f"\n{PUBLISHED_NOTE}" if published else "")
    console.print(crosstable_table(event, cells, console.width, title, extra, note))
    for note in result.notes:
        console.print(styled(("note:", "dim"), f" {note}"))
    for r in result.players:
        for note in r.notes:
            console.print(
                styled((f"{event.player(r.player_id).name or r.player_id}:", "dim"), f" {note}")
            )


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


def rate(
    file: Annotated[Path, typer.Argument(help="The event file (JSON, US Chess crosstable…).")],
    system: SystemOption = "uscf",
    pool: Annotated[
        Pool | None,
        typer.Option(help="Pool to rate; default: every pool the event is rated in."),
    ] = None,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    bonus_multiplier: Annotated[
        float | None,
        typer.Option(help="US Chess bonus multiplier B (14 since 1 May 2017); = -o B=VALUE."),
    ] = None,
    option: ConfigOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Rate one event and print its crosstable in standings order: place, points, pre,
    post, change and the rounds, then performance, K, expected score, the games and score
    rated, bonus and the formula used as the terminal's width allows.

    With a US Chess crosstable as input, also prints the published post-event rating
    and the difference from ours (Diff).

    Examples:

        arpad rate examples/uscf-open.json

        arpad rate examples/uscf-open.json --bonus-multiplier 12 --json
    """
    fmt = input_format(fmt, old_format)
    rating_system = get_system(system)
    config = configure(rating_system, option, {"--bonus-multiplier": ("B", bonus_multiplier)})
    event = read_event(file, fmt, event_choice)
    pools = [pool] if pool is not None else list(event.pools)
    results = [
        (event.in_pool(p), rating_system.rate_event(event.in_pool(p), None, config)) for p in pools
    ]
    if as_json:
        first_event, first = results[0]
        doc = result_json(first_event, first)
        if len(results) > 1:
            doc["also_rated"] = [result_json(e, r) for e, r in results[1:]]
        typer.echo(json_text(doc))
        return
    console = wide_console()
    for e, r in results:
        render_table(e, r, rating_system, config, console)


def register(app: typer.Typer) -> None:
    app.command()(rate)
