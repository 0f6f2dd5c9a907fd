"""``arpad handicap`` and ``arpad period``: Elo's and FIDE's 1986 tools."""

from __future__ import annotations

import math
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from arpad.cli.console import json_text, styled, wide_console
from arpad.cli.lazy_enum import enum_option
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
from arpad.cli.tables import Column, fitted_table
from arpad.errors import ConfigError
from arpad.io import read_event, read_events
from arpad.model import identity_key
from arpad.systems import PeriodRating, RatingSystem, get_system

if TYPE_CHECKING:  # NumPy/SciPy: imported by the command that uses them
    from arpad.analysis.handicap import HandicapReport


def render_handicap(report: HandicapReport, console: Console) -> None:
    what = {
        "round-robin": "table 3.96 (round robin)",
        "swiss": "table 3.99 (Swiss)",
        "brasket": "Brasket method (§3.93)",
    }[report.method]
    console.print(
        styled(
            ("Handicap standings", "bold"),
            f" — {what}; scratch {report.scratch:.1f}, "
            f"{report.participants} players, {report.rounds} rounds",
        )
    )
    brasket = report.method == "brasket"
    columns = [
        Column("Player", "left", text=True),
        Column("Rating"),
        Column("Score"),
        Column("Below scratch", drop=1),
    ]
    columns += (
        [Column("Perf", drop=2), Column("Handicap pts"), Column("Handicap perf")]
        if brasket
        else [Column("Handicap"), Column("Handicap score")]
    )
    rows = []
    for r in sorted(report.rows, key=lambda r: -(r.handicap_score or -math.inf)):
        row = [r.name, _fmt(r.rating), f"{r.score:g}", _fmt(r.level)]
        if brasket:
            row += [_fmt(r.performance), _fmt(r.points), _fmt(r.handicap_score)]
        else:
            row += [_fmt(r.points, 1), _fmt(r.handicap_score, 1)]
        rows.append(row)
    console.print(fitted_table(columns, rows, console.width))
    if report.advisable is not None:
        verdict = "advisable" if report.advisable else "not needed"
        console.print(
            f"Expected scores (8) of the top- and lowest-rated differ by {report.spread:.2f}; "
            f"σ of the game scores {report.sigma:.2f}: handicapping {verdict} (§3.95)."
        )
    for note in report.notes:
        console.print(styled(("note:", "dim"), f" {note}"))


def render_period(
    result: PeriodRating[Any], system: RatingSystem[Any, Any], cfg: Any, console: Console
) -> None:
    """The new list of a rating period, best first (any system)."""
    listed = any(line.listed is not None for line in result.lines)
    published = system.publish is not None
    columns = [
        Column("Player", "left", text=True),
        Column("List"),
        Column("Events", drop=2),
        Column("Games", drop=1),
        Column("Change"),
        Column("New", drop=3 if published else 0),
        *([Column("Published")] if published else []),
        *([Column("Listed", "left", drop=1)] if listed else []),
        Column("Notes", "left", text=True, drop=4),
    ]
    rows = []
    for line in sorted(result.lines, key=lambda ln: -(ln.new or 0.0)):
        row = [
            line.name,
            _fmt(line.old),
            str(len(line.changes)),
            str(line.games),
            f"{line.change:+.1f}" if line.changes else "",
            _fmt(line.new, 1),
        ]
        if published:
            row.append(_fmt(system.published(line.new, cfg)))
        if listed:
            row.append("yes" if line.listed else "")
        rows.append([*row, "; ".join(line.notes)])
    console.print(fitted_table(columns, rows, console.width))
    for note in result.notes:
        console.print(styled(("note:", "dim"), f" {note}"))


def _period_json(
    result: PeriodRating[Any], system: RatingSystem[Any, Any], cfg: Any
) -> dict[str, Any]:
    lines = []
    for ln in result.lines:
        lines.append(
            {
                "key": ln.key,
                "name": ln.name,
                "list": ln.old,
                "new": ln.new,
                "published": system.published(ln.new, cfg),
                "games": ln.games,
                "listed": ln.listed,
                "changes": [{"event": e, "change": c} for e, c in ln.changes],
                "notes": list(ln.notes),
            }
        )
    return {"system": system.name, "players": lines, "notes": list(result.notes)}


def period(
    files: Annotated[list[Path], typer.Argument(help="The period's event files, in order.")],
    system: SystemOption = "fide1986",
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    option: ConfigOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Rate a whole rating period: every event file in order, players matched across
    files by FIDE id, else by name.

    FIDE 1986 (the default) rates every event against the list's ratings R_O: a listed
    player's new rating is R_O plus the sum of his changes (§4.55), and an unrated
    player's play is pooled and published from nine games (§4.54). Every other system
    rates the events one after the other, each from the ratings the earlier ones left;
    --system fide takes them by start date, a later file's rating being the list in force
    when it starts (the order of the files does not matter).

    Examples:

        arpad period january.trf february.json march.trf

        arpad period *.trf -o change=performance -o N_o=50 --json

        arpad period *.trf --system uscf
    """
    fmt = input_format(fmt, old_format)
    rating_system = get_system(system)
    cfg = configure(rating_system, option)
    events = [e for f in files for e in read_events(f, fmt)]
    result = rating_system.rate_period(events, None, cfg, key=identity_key)
    if as_json:
        doc = _period_json(result, rating_system, cfg)
        typer.echo(json_text(doc))
        return
    render_period(result, rating_system, cfg, wide_console())


def handicap(
    file: Annotated[Path, typer.Argument(help="The event file (JSON or TRF).")],
    method: Annotated[
        Any,
        enum_option(
            "arpad.analysis.handicap:HandicapMethod",
            "table: game points (tables 3.96/3.99); brasket: rating points.",
        ),
    ] = "table",
    scratch: Annotated[
        str | None,
        typer.Option(help="top, top3 or a rating; default top (round robin), top3 (Swiss)."),
    ] = None,
    fraction: Annotated[
        float, typer.Option(help="Brasket fraction f of (scratch − R) (§3.93: 0.8).")
    ] = 0.8,
    swiss_interpolate: Annotated[
        bool, typer.Option(help="Interpolate table 3.99 (the book states no rule).")
    ] = False,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    as_json: JsonOption = False,
) -> None:
    """Handicap standings of an event by Elo's §3.9.

    A round robin gets game points from table 3.96 (interpolated, to a tenth), a Swiss
    event from table 3.99; --method brasket adds f·(scratch − R) to each performance
    rating.

    Examples:

        arpad handicap examples/wijk-aan-zee-1975.json

        arpad handicap open.trf --scratch top3 --method brasket
    """
    from arpad.io.fields import parse_rating

    fmt = input_format(fmt, old_format)
    scratch_value: str | float | None = scratch
    if scratch is not None and scratch not in ("top", "top3"):
        try:
            scratch_value = parse_rating(scratch, "--scratch")
        except ValueError:
            raise ConfigError(
                f"--scratch takes top, top3 or a rating from 0 to 4000, not {scratch[:40]!r}"
            ) from None
    event = read_event(file, fmt, event_choice)
    from arpad.analysis.handicap import handicap_event

    report = handicap_event(
        event,
        method=method,
        scratch=scratch_value,
        fraction=fraction,
        swiss_interpolate=swiss_interpolate,
    )
    if as_json:
        doc = asdict(report)
        doc["advisable"] = report.advisable
        typer.echo(json_text(doc))
        return
    render_handicap(report, wide_console())


def register(app: typer.Typer) -> None:
    app.command()(handicap)
    app.command()(period)
