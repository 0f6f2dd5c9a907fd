"""``arpad norms``: title norms of one event, under the title rules in force on its date.

The rules come from the title registry (:func:`arpad.titles.rules_for_event`): by the
event's start date unless ``--system`` names them; the command says which rules it used,
and warns on stderr (one line) when no implemented version covers the date or the asked
rules do not. ``--forecast`` and ``--it1`` use the hooks of the chosen title system.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from arpad.cli.console import json_text, styled, wide_console
from arpad.cli.options import (
    EventChoice,
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    OutputOption,
    TitleConfigOptions,
    TitleSystemOption,
    input_format,
    parse_options,
)
from arpad.cli.tables import Column, fitted_table
from arpad.display import points_text
from arpad.errors import ConfigError
from arpad.io import read_event

if TYPE_CHECKING:  # arpad.titles is loaded by the command, not by 'arpad --help'
    from arpad.titles import NormReport, RulesChoice


def render_norms(report: NormReport, console: Console) -> None:
    title = f"{report.event_name or report.event_id} — norms ({report.system})"
    summary = ", ".join(f"{f.label} {f.text}" for f in report.facts)
    console.print(styled((title, "bold"), f"  {summary}"))
    if report.checks:
        checks = Table("requirement", "", "detail", title="Title tournament", title_justify="left")
        for c in report.checks:
            unsettled = ("waived", "dim") if "waived" in c.detail else ("not checked", "dim")
            mark = {True: ("yes", "green"), False: ("NO", "red"), None: unsettled}[c.ok]
            checks.add_row(c.name, styled(mark), c.detail)
        console.print(checks)
    extra: list[str] = []
    for r in report.results:
        extra += [f.label for f in r.facts if f.label not in extra]
    # The facts behind each result go first when the terminal is narrow (D-output-1).
    columns = [
        Column("Player", "left", text=True),
        Column("Title", "left"),
        Column("Score"),
        Column("Games", drop=2),
        Column("Required", drop=2),
        Column("Norm", "left"),
        # The first three facts are each system's main numbers (Ra, Rp, what decided).
        *(Column(k, drop=1 if i < 3 else 3) for i, k in enumerate(extra)),
    ]
    rows = []
    for r in report.results:
        values = {f.label: f.text for f in r.facts}
        rows.append(
            [
                r.name,
                r.title,
                points_text(r.score),
                str(r.games),
                points_text(r.required),
                "provisional" if r.provisional_on else r.verdict,
                *(values.get(k, "") for k in extra),
            ]
        )
    console.print(fitted_table(columns, rows, console.width))
    if not report.results:
        console.print("No norm earned.")
    pending = next((r.provisional_on for r in report.results if r.provisional_on), ())
    if pending:
        console.print(
            "Provisional: the norms marked so are earned only if these requirements, which "
            f"the event file cannot settle, hold: {'; '.join(pending)}."
        )
    for note in report.notes:
        console.print(styled(("note:", "dim"), f" {note}"))


def rules_doc(choice: RulesChoice) -> dict[str, Any]:
    """The rules used, for ``--json``."""
    return {
        "system": choice.system.name,
        "title": choice.system.title,
        "by_date": choice.by_date,
        "date": None if choice.day is None else choice.day.isoformat(),
        "warning": choice.warning,
    }


def render_forecast(rows: list[Any], console: Console) -> None:
    columns = [
        Column("Player", "left", text=True),
        Column("Title", "left"),
        Column("Score"),
        Column("Played"),
        Column("Left"),
        Column("Needed"),
        Column("Ra", drop=1),
        Column("Opponents", "left", drop=1),
        Column("Stopped by", "left", drop=2),
    ]
    table = []
    for f in rows:
        needed = "out of reach" if f.needed is None else points_text(f.needed)
        table.append(
            [
                f.name,
                f.title,
                points_text(f.score),
                str(f.played),
                str(f.remaining),
                needed,
                "—" if f.average is None else str(f.average),
                "known" if f.opponents_known else "assumed at the average so far",
                "" if f.deciding is None else str(f.deciding),
            ]
        )
    console.print(fitted_table(columns, table, console.width))


def write_file(path: Path, text: str) -> None:
    """``text`` to ``path``, nothing half-written (a temporary file renamed at the end)."""
    handle, tmp = tempfile.mkstemp(dir=path.parent or Path("."), suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def norms(
    file: Annotated[Path, typer.Argument(help="The event file (JSON, TRF or PGN).")],
    system: TitleSystemOption = None,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    option: TitleConfigOptions = None,
    as_json: JsonOption = False,
    forecast: Annotated[
        bool, typer.Option("--forecast", help="What each player needs in the rounds left.")
    ] = False,
    it1: Annotated[
        str | None,
        typer.Option("--it1", help="The title result certificate (IT1) of this player."),
    ] = None,
    it3: Annotated[
        bool, typer.Option("--it3", help="The tournament report (IT3) data the file holds.")
    ] = False,
    output: OutputOption = None,
) -> None:
    """List every player's title norms in an event, with the numbers behind them.

    The rules are those in force on the event's start date: FIDE B.01 as
    applied from 1 January 2024 for events from 2024, the 1986 rules for
    1971-1986. The output says which were used; a warning on stderr says
    when no implemented rules cover the date. --system chooses them.

    --forecast: the points each player needs in the rounds left (give
    -o rounds=N when the file does not show every round). --it1 PLAYER: his
    IT1 certificate data (JSON; a printable page with --output FILE.html).
    --it3: the tournament report data the file holds.

    Examples:

        arpad norms examples/norms-2025-two-unrated.json

        arpad norms examples/wijk-aan-zee-1975.json --system fide1986

        arpad norms tournament.trf --forecast -o rounds=9

        arpad norms examples/norms-2025-gm-floor.json --it1 cand --output it1.html
    """
    from arpad.titles import rules_for_event

    event = read_event(file, input_format(fmt, old_format), event_choice)
    choice = rules_for_event(event, system)
    if choice.warning:
        typer.echo(f"arpad: warning: {choice.warning}", err=True)
    title_system = choice.system
    config = title_system.config(parse_options(option))
    if it1 is not None:
        _certificate(choice, event, it1, config, output)
        return
    if it3:
        if title_system.event_report_fn is None:
            raise ConfigError(f"{title_system.name} has no tournament report; use --system fide")
        text = json_text(
            {**title_system.event_report_fn(event, config), "rules": rules_doc(choice)}
        )
        if output is None:
            typer.echo(text)
        else:
            write_file(output, text + "\n")
        return
    if forecast:
        if title_system.forecast_fn is None:
            raise ConfigError(f"{title_system.name} has no forecast")
        rows = list(title_system.forecast_fn(event, config))
        if as_json:
            doc = {"rules": rules_doc(choice), "forecast": [asdict(f) for f in rows]}
            typer.echo(json_text(doc))
            return
        console = wide_console()
        console.print(choice.statement)
        render_forecast(rows, console)
        return
    report = title_system.report(event, config)
    if as_json:
        doc = asdict(report)
        doc["rules"] = rules_doc(choice)
        typer.echo(json_text(doc))
        return
    console = wide_console()
    console.print(choice.statement)
    render_norms(report, console)


def _certificate(
    choice: RulesChoice, event: Any, player: str, config: Any, output: Path | None
) -> None:
    system = choice.system
    if system.certificate_fn is None:
        raise ConfigError(f"{system.name} has no certificate; use --system fide")
    data = system.certificate_fn(event, player, config)
    html = output is not None and output.suffix.lower() in (".html", ".htm")
    if html and system.certificate_page_fn is not None:
        text = system.certificate_page_fn(data)
    else:
        text = json_text({**data, "rules": rules_doc(choice)}) + "\n"
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_file(output, text)


def register(app: typer.Typer) -> None:
    app.command()(norms)
