"""``arpad norms``, ``arpad handicap`` and ``arpad period``: Elo's and FIDE's 1986 tools."""

from __future__ import annotations

import importlib
import json
import math
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from arpad.analysis.handicap import HandicapMethod, HandicapReport, handicap_event
from arpad.cli.console import wide_console
from arpad.cli.rate import EventChoice, parse_options
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names, read_event, read_events
from arpad.systems.fide1986 import Fide1986Config, PeriodResult, rate_period
from arpad.systems.fide1986.procedure import publish_value
from arpad.systems.fide1986.rules import rating_list_for
from arpad.titles import NORM_SYSTEMS, NormReport, norm_report, norm_system_names


def _fmt(x: float | None, digits: int = 0) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:.{digits}f}"


def _points(x: float | None) -> str:
    if x is None or math.isinf(x):
        return "—"
    whole = int(x)
    return f"{whole}½" if x - whole == 0.5 else f"{x:g}"


def render_norms(report: NormReport, console: Console) -> None:
    title = f"{report.event_name or report.event_id} — norms ({report.system})"
    summary = ", ".join(f"{k} {v}" for k, v in report.facts)
    console.print(f"[bold]{title}[/bold]  {summary}")
    checks = Table("requirement", "", "detail", title="Title tournament", title_justify="left")
    for c in report.checks:
        unsettled = "[dim]waived[/dim]" if "waived" in c.detail else "[dim]not checked[/dim]"
        mark = {True: "[green]yes[/green]", False: "[red]NO[/red]", None: unsettled}[c.ok]
        checks.add_row(c.name, mark, c.detail)
    console.print(checks)
    extra: list[str] = []
    for r in report.results:
        extra += [label for label, _ in r.facts if label not in extra]
    table = Table("Player", "Title", "Score", "Games", "Required", "Norm", *extra)
    for r in report.results:
        values = dict(r.facts)
        table.add_row(
            r.name,
            r.title,
            _points(r.score),
            str(r.games),
            _points(r.required),
            "provisional" if r.provisional_on else r.verdict,
            *(values.get(k, "") for k in extra),
        )
    console.print(table)
    if not report.results:
        console.print("No norm earned.")
    pending = next((r.provisional_on for r in report.results if r.provisional_on), ())
    if pending:
        console.print(
            "Provisional: the norms marked so are earned only if these requirements, which "
            f"the event file cannot settle, hold: {'; '.join(pending)}."
        )
    for note in report.notes:
        console.print(f"[dim]note:[/dim] {note}")


def render_handicap(report: HandicapReport, console: Console) -> None:
    what = {
        "round-robin": "table 3.96 (round robin)",
        "swiss": "table 3.99 (Swiss)",
        "brasket": "Brasket method (§3.93)",
    }[report.method]
    console.print(
        f"[bold]Handicap standings[/bold] — {what}; scratch {report.scratch:.1f}, "
        f"{report.participants} players, {report.rounds} rounds"
    )
    brasket = report.method == "brasket"
    headers = ["Player", "Rating", "Score", "Below scratch"]
    headers += (
        ["Perf", "Handicap pts", "Handicap perf"] if brasket else ["Handicap", "Handicap score"]
    )
    table = Table(*headers)
    for r in sorted(report.rows, key=lambda r: -(r.handicap_score or -math.inf)):
        row = [r.name, _fmt(r.rating), f"{r.score:g}", _fmt(r.level)]
        if brasket:
            row += [_fmt(r.performance), _fmt(r.points), _fmt(r.handicap_score)]
        else:
            row += [_fmt(r.points, 1), _fmt(r.handicap_score, 1)]
        table.add_row(*row)
    console.print(table)
    if report.advisable is not None:
        verdict = "advisable" if report.advisable else "not needed"
        console.print(
            f"Expected scores (8) of the top- and lowest-rated differ by {report.spread:.2f}; "
            f"σ of the game scores {report.sigma:.2f}: handicapping {verdict} (§3.95)."
        )
    for note in report.notes:
        console.print(f"[dim]note:[/dim] {note}")


def render_period(result: PeriodResult, cfg: Fide1986Config, console: Console) -> None:
    table = Table(
        "Player", "List", "Events", "Games", "Change", "New", "Published", "Listed", "Notes"
    )
    for line in sorted(result.lines, key=lambda ln: -(ln.new or 0.0)):
        published = None if line.new is None else publish_value(line.new, cfg)
        table.add_row(
            line.name,
            _fmt(line.old),
            str(len(line.changes)),
            str(line.games),
            f"{line.change:+.1f}" if line.changes else "",
            _fmt(line.new, 1),
            _fmt(published),
            "yes" if line.listed else "",
            "; ".join(line.notes),
        )
    console.print(table)


def _period_json(result: PeriodResult, cfg: Fide1986Config) -> dict[str, Any]:
    lines = []
    for ln in result.lines:
        lines.append(
            {
                "key": ln.key,
                "name": ln.name,
                "list": ln.old,
                "new": ln.new,
                "published": None if ln.new is None else publish_value(ln.new, cfg),
                "games": ln.games,
                "listed": ln.listed,
                "changes": [{"event": e, "change": c} for e, c in ln.changes],
                "notes": list(ln.notes),
            }
        )
    return {"system": "fide1986", "players": lines}


CLI_NORM_SYSTEMS: dict[str, str] = {
    "uscf1994": "arpad.cli.norms_uscf1994",
}
"""Norm systems with their own command-line renderer (a module with ``run(file, options,
as_json, fmt)``), used instead of :func:`arpad.titles.norm_report` for ``arpad norms``.
uscf1994 is in :data:`arpad.titles.NORM_SYSTEMS` too (the ledger stores its norms); its
renderer prints the same norms (a test compares them)."""


def norm_choices() -> list[str]:
    return sorted({*norm_system_names(), *CLI_NORM_SYSTEMS})


def register(app: typer.Typer) -> None:
    @app.command()
    def norms(
        file: Annotated[Path, typer.Argument(help="The event file (JSON or TRF).")],
        system: Annotated[
            str,
            typer.Option("--system", "-s", help=f"Title rules: {', '.join(norm_choices())}."),
        ] = "fide1986",
        fmt: Annotated[
            str | None,
            typer.Option("--format", "-f", help=f"Input format ({', '.join(format_names())})."),
        ] = None,
        event_choice: EventChoice = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help="NAME=VALUE, e.g. show_all=true, zonal=true."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """List every title norm earned in an event, with the numbers behind it.

        FIDE 1986 (default): the title average R_f (unrated at 2200, rounded half up), the
        category of ¶4.3, the required percentage and points for GM, IM (and WGM, IWM for
        women), and the title-tournament requirements of ¶4.1 that the file can show.
        --system uscf1994: the 1994 USCF title system (norms at every 200-point level).

        Examples:

            arpad norms examples/wijk-aan-zee-1975.json

            arpad norms tournament.trf -o show_all=true

            arpad norms event.json --system uscf1994
        """
        if system in CLI_NORM_SYSTEMS:
            module = importlib.import_module(CLI_NORM_SYSTEMS[system])
            module.run(file, option, as_json, fmt, event_choice)
            return
        if system not in NORM_SYSTEMS:
            raise ConfigError(
                f"norms: unknown title system {system!r}; choose one of {', '.join(norm_choices())}"
            )
        event = read_event(file, fmt, event_choice)
        report = norm_report(event, system, parse_options(option))
        if as_json:
            typer.echo(json.dumps(asdict(report), indent=2, ensure_ascii=False))
            return
        render_norms(report, wide_console())

    @app.command()
    def handicap(
        file: Annotated[Path, typer.Argument(help="The event file (JSON or TRF).")],
        method: Annotated[
            HandicapMethod,
            typer.Option(help="table: game points (tables 3.96/3.99); brasket: rating points."),
        ] = HandicapMethod.TABLE,
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
        fmt: Annotated[
            str | None,
            typer.Option("--format", "-f", help=f"Input format ({', '.join(format_names())})."),
        ] = None,
        event_choice: EventChoice = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Handicap standings of an event by Elo's §3.9.

        A round robin gets game points from table 3.96 (interpolated, to a tenth), a Swiss
        event from table 3.99; --method brasket adds f·(scratch − R) to each performance
        rating.

        Examples:

            arpad handicap examples/wijk-aan-zee-1975.json

            arpad handicap open.trf --scratch top3 --method brasket
        """
        scratch_value: str | float | None = scratch
        if scratch is not None and scratch not in ("top", "top3"):
            try:
                scratch_value = float(scratch)
            except ValueError:
                raise ConfigError(
                    f"--scratch takes top, top3 or a rating, not {scratch!r}"
                ) from None
        event = read_event(file, fmt, event_choice)
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
            typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
            return
        render_handicap(report, wide_console())

    @app.command()
    def period(
        files: Annotated[list[Path], typer.Argument(help="The period's event files, in order.")],
        fmt: Annotated[
            str | None,
            typer.Option("--format", "-f", help=f"Input format ({', '.join(format_names())})."),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help="Any fide1986 option: NAME=VALUE."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Rate a whole FIDE rating period (1986 rules) against the list's ratings.

        Every event is rated with each player at the rating he has in the files (the list
        rating R_O); a listed player's new rating is R_O plus the sum of his changes (§4.55);
        an unrated player's play is pooled and published from nine games (§4.54). Players
        are matched across files by FIDE id, else by name.

        Examples:

            arpad period january.trf february.json march.trf

            arpad period *.trf -o change=performance -o N_o=50 --json
        """
        cfg = with_options(Fide1986Config(), parse_options(option))
        events = [e for f in files for e in read_events(f, fmt)]
        lists = sorted({rating_list_for(e.end_date).name for e in events if e.end_date})
        result = rate_period(events, {}, cfg)
        if len(lists) > 1:
            print(
                f"arpad: note: the events belong to several lists: {', '.join(lists)}",
                file=sys.stderr,
            )
        if as_json:
            typer.echo(json.dumps(_period_json(result, cfg), indent=2, ensure_ascii=False))
            return
        render_period(result, cfg, wide_console())
