"""``arpad compare``: rate one event under several systems and show the results side by side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from arpad.cli.console import inert_text, json_text, styled, wide_console
from arpad.cli.options import (
    EventChoice,
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    ScopedConfigOptions,
    configure,
    input_format,
)
from arpad.cli.tables import Column, fitted_table
from arpad.display import change_text, rating_text
from arpad.errors import ConfigError
from arpad.io import read_event
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, PlayerRating, finite_or_none, get_system, system_names


@dataclass(frozen=True)
class Comparison:
    """One event rated by several systems (each in the event's own pool)."""

    event: Event
    systems: tuple[str, ...]
    results: tuple[EventRating[Any], ...]


def parse_scoped_options(pairs: Sequence[str] | None) -> dict[str, dict[str, str]]:
    """``["uscf1994.provisional_method=performance"]`` → ``{"uscf1994": {…}}``.

    Raises:
        ConfigError: an option without ``SYSTEM.`` or without ``=``.
    """
    out: dict[str, dict[str, str]] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        system, dot, name = key.partition(".")
        if not sep or not dot or not system or not name:
            raise ConfigError(f"option {pair!r} must look like SYSTEM.NAME=VALUE")
        out.setdefault(system.strip(), {})[name.strip()] = value.strip()
    return out


def compare_event(
    event: Event, names: Sequence[str], options: Mapping[str, Mapping[str, str]] | None = None
) -> Comparison:
    """Rate ``event`` with every system in ``names``; ``options`` per system name.

    Raises:
        ConfigError: an unknown system, an option for a system not compared, or a bad option.
    """
    opts = dict(options or {})
    unknown = sorted(set(opts) - set(names))
    if unknown:
        raise ConfigError(f"option for {unknown[0]!r}, which is not among --systems")
    results = []
    for name in names:
        system = get_system(name)
        config = configure(system, [f"{k}={v}" for k, v in opts.get(name, {}).items()])
        results.append(system.rate_event(event, None, config))
    return Comparison(event, tuple(names), tuple(results))


def _pre(entry: PlayerEntry) -> str:
    if entry.rating is None:
        extra = []
        if entry.fide is not None:
            extra.append(f"FIDE {entry.fide:g}")
        if entry.birth_date is not None:
            extra.append(f"born {entry.birth_date.year}")
        return "unrated" + (f" ({', '.join(extra)})" if extra else "")
    games = f"/{entry.games}" if entry.games else ""
    return f"{entry.rating:g}{games}"


def _cell(r: PlayerRating, system: str) -> str:
    if r.post is None:
        return "—"
    if r.pre is None:
        return f"{rating_text(r.post, system)} (new)"
    return f"{rating_text(r.post, system)} ({change_text(r.pre, r.post, system)})"


def _how(r: PlayerRating) -> str:
    if not r.games:
        return "did not play"
    text = r.method or "—"
    if r.k is not None:
        text += f", K = {r.k:.4g}"
    return text


def rows(comparison: Comparison) -> list[list[str]]:
    """The main table: #, player, pre-event (rating/games), games, score, one cell per system."""
    out = []
    for i, entry in enumerate(comparison.event.players, start=1):
        ratings = [res.player(entry.id) for res in comparison.results]
        first = ratings[0]
        out.append(
            [str(i), entry.name or entry.id, _pre(entry), str(first.games), f"{first.score:g}"]
            + [_cell(r, res.system) for r, res in zip(ratings, comparison.results, strict=True)]
        )
    return out


def how_rows(comparison: Comparison) -> list[list[str]]:
    """Which formula each system used for each player."""
    return [
        [str(i), entry.name or entry.id]
        + [_how(res.player(entry.id)) for res in comparison.results]
        for i, entry in enumerate(comparison.event.players, start=1)
    ]


def notes(comparison: Comparison) -> list[str]:
    out = []
    for name, res in zip(comparison.systems, comparison.results, strict=True):
        out += [f"{name}: {n}" for n in res.notes]
        for r in res.players:
            out += [f"{name}: {r.player_id}: {n}" for n in r.notes]
    return out


def markdown(comparison: Comparison) -> str:
    """The comparison as Markdown tables (what docs/us-chess-systems-compared.md shows)."""

    def table(header: list[str], body: list[list[str]], numeric_from: int) -> list[str]:
        align = ["---:" if i == 0 or i >= numeric_from else "---" for i in range(len(header))]
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in body]
        return lines

    systems = list(comparison.systems)
    out = [f"Post-event ratings (change), {comparison.event.name or comparison.event.id}:", ""]
    out += table(["#", "Player", "Pre", "Gms", "Score", *systems], rows(comparison), 2)
    out += ["", "How each system rated each player:", ""]
    out += table(["#", "Player", *systems], how_rows(comparison), 99)
    extra = notes(comparison)
    if extra:
        out += ["", "Notes:", ""] + [f"- {n}" for n in extra]
    return "\n".join(out) + "\n"


def to_json(comparison: Comparison) -> dict[str, Any]:
    players = []
    for entry in comparison.event.players:
        per = {}
        for name, res in zip(comparison.systems, comparison.results, strict=True):
            r = res.player(entry.id)
            per[name] = {
                "pre": r.pre,
                "post": r.post,
                "change": r.change,
                "k": r.k,
                "expected": r.expected,
                "method": r.method,
                "performance": finite_or_none(r.performance),
                "notes": list(r.notes),
            }
        players.append({"id": entry.id, "name": entry.name, "systems": per})
    return {"event": comparison.event.id, "systems": list(comparison.systems), "players": players}


def compare(
    file: Annotated[Path, typer.Argument(help="The event file.")],
    systems: Annotated[
        str,
        typer.Option(help=f"Comma-separated systems ({', '.join(system_names())})."),
    ] = "uscf1993,uscf1994,uscf",
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    option: ScopedConfigOptions = None,
    as_markdown: Annotated[bool, typer.Option("--markdown", help="Print Markdown tables.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Rate one event under several rating systems and show every player's post-event
    rating side by side, with the formula each system used.

    Examples:

        arpad compare examples/uscf-1994-compare.json --systems uscf1993,uscf1994,uscf

        arpad compare event.json -o uscf1994.provisional_method=performance

        arpad compare event.json --markdown > comparison.md
    """
    fmt = input_format(fmt, old_format)
    names = [n.strip() for n in systems.split(",") if n.strip()]
    if not names:
        raise ConfigError("--systems names no system")
    event = read_event(file, fmt, event_choice)
    comparison = compare_event(event, names, parse_scoped_options(option))
    if as_json:
        typer.echo(json_text(to_json(comparison)))
        return
    if as_markdown:
        typer.echo(inert_text(markdown(comparison)), nl=False)
        return
    console = wide_console()
    title = f"{event.name or event.id}: post-event ratings (change)"
    main = [
        Column("#"),
        Column("Player", "left", text=True),
        Column("Pre", "left", drop=2),
        Column("Gms", drop=1),
        Column("Score"),
        *(Column(n) for n in names),
    ]
    console.print(fitted_table(main, rows(comparison), console.width, title))
    how = [Column("#"), Column("Player", "left", text=True)]
    how += [Column(n, "left", fold=True) for n in names]
    title = "How each system rated each player"
    console.print(fitted_table(how, how_rows(comparison), console.width, title))
    for n in notes(comparison):
        console.print(styled((n, "dim")))


def register(app: typer.Typer) -> None:
    app.command()(compare)
