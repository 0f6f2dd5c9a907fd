"""The ledger commands: ``arpad import``, ``rate-pending``, ``list``, ``player``,
``history``, ``crosstable``, ``events`` and ``delete-event``.

Every command takes ``--db PATH|URL`` (default ``./arpad.db``, or ``$ARPAD_DB``): a SQLite
file, or a database URL such as ``postgresql://user@host/dbname``.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from arpad.cli.console import wide_console
from arpad.cli.lazy_enum import enum_option
from arpad.cli.ledger_output import (
    ListFormat,
    SectionFormat,
    crosstable_output,
    history_table,
    list_output,
    player_output,
    plot_history,
)
from arpad.cli.options import parse_options
from arpad.errors import InputError
from arpad.io import format_names
from arpad.model import Pool
from arpad.systems import get_system, system_names

if TYPE_CHECKING:  # the ledger imports SQLAlchemy: loaded by the commands that open one
    from arpad.ledger import Ledger

DEFAULT_DB = "arpad.db"
"""= :data:`arpad.ledger.DEFAULT_DB`, repeated here so that ``arpad --help`` does not import
the ledger (tests/cli/test_startup.py checks that the two agree)."""

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="ARPAD_DB",
        help="The ledger: a SQLite file or a database URL (postgresql://…).",
    ),
]


def _date(text: str | None, what: str) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{what} must be an ISO date like 2024-05-31, not {text!r}") from None


def _open(db: str) -> Ledger:
    from arpad.ledger import Ledger

    return Ledger.open(db)


def _stderr_console() -> Console:
    return Console(stderr=True)


def register(app: typer.Typer) -> None:
    @app.command("import")
    def import_(
        files: Annotated[list[Path], typer.Argument(help="Event files (any format arpad reads).")],
        db: DbOption = DEFAULT_DB,
        fmt: Annotated[
            str | None,
            typer.Option(
                "--format",
                "-f",
                help=f"Input format ({', '.join(format_names())}); default: detected.",
            ),
        ] = None,
        player_key: Annotated[
            Any,
            enum_option(
                "arpad.ledger.store:PlayerKey",
                "How to know a player across files: the file's id (id), the FIDE ID (fide-id), "
                "or the name (name).",
            ),
        ] = "id",
        date: Annotated[
            str | None,
            typer.Option(help="End date (YYYY-MM-DD) for events whose file gives none."),
        ] = None,
        partial: Annotated[
            bool,
            typer.Option(
                help="Store the good files even if others are bad (default: store nothing)."
            ),
        ] = False,
    ) -> None:
        """Store events in the ledger (they are rated by 'arpad rate-pending').

        Each file is stored in one transaction. Every file is checked first: a file that
        cannot be read, was imported before (same bytes) or holds an event already in the
        ledger is reported with its path and line, and then nothing is stored (with
        --partial, only that file is left out). Exit status 2 if any file was refused.

        Examples:

            arpad import examples/uscf-open.json examples/ledger/*

            arpad import tournament.trf --player-key fide-id

            arpad import history.csv --db postgresql://arpad@localhost/ratings
        """
        with _open(db) as ledger:
            result = ledger.import_files(
                files,
                fmt=fmt,
                player_key=player_key,
                default_date=_date(date, "--date"),
                partial=partial,
            )
            for item in result.stored:
                typer.echo(
                    f"imported {item.source}: {item.events} event(s), {item.sections} section(s), "
                    f"{item.games} games"
                )
            for error in result.errors:
                print(f"arpad: error: {error}", file=sys.stderr)
            if result.errors:
                if not result.stored:
                    print("arpad: nothing was stored", file=sys.stderr)
                raise typer.Exit(2)
            pending = ledger.pending()
            stored = sum(item.sections for item in result.stored)
            waiting = max(pending.values()) if pending else stored
            if waiting:
                typer.echo(f"{waiting} section(s) to rate: run 'arpad rate-pending'")

    @app.command("rate-pending")
    def rate_pending(
        db: DbOption = DEFAULT_DB,
        system: Annotated[
            list[str] | None,
            typer.Option(
                "--system",
                "-s",
                help=f"System(s) to rate with ({', '.join(system_names())}); default: the "
                "ledger's systems, or uscf for a new ledger.",
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="Configuration field NAME=VALUE (fixed when a system is added).",
            ),
        ] = None,
        from_scratch: Annotated[
            bool, typer.Option(help="Roll back every rating and rate all events again.")
        ] = False,
        batch: Annotated[
            int, typer.Option(min=1, help="At most this many events per transaction.")
        ] = 500,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    ) -> None:
        """Rate every event not yet rated, in end-date order, for each system.

        An event that ends before events already rated makes the ledger roll those back and
        rate them again after it, so the result is always the same as rating everything
        from scratch in date order. Each event is rated inside one transaction: if the
        process is killed, run the command again to finish.

        Examples:

            arpad rate-pending

            arpad rate-pending --system uscf --system elo

            arpad rate-pending --system uscf -o B=12 --from-scratch
        """
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        options = parse_options(option)
        with _open(db) as ledger:
            show = not quiet and sys.stderr.isatty()
            bar = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=_stderr_console(),
                transient=True,
                disable=not show,
            )
            tasks: dict[str, int] = {}

            def progress(name: str, done: int, total: int) -> None:
                if name not in tasks:
                    tasks[name] = int(bar.add_task(f"rating ({name})", total=total))
                bar.update(tasks[name], completed=done)  # type: ignore[arg-type]

            with bar:
                report = ledger.rate_pending(
                    system, options, from_scratch=from_scratch, progress=progress, batch=batch
                )
        for name in report.rated:
            again = report.rerated.get(name, 0)
            line = f"{name}: rated {report.rated[name]} section(s)"
            if again:
                line += f" ({again} rated again after an earlier event arrived)"
            if report.skipped.get(name):
                line += f", {report.skipped[name]} in pools it does not rate"
            if report.refused.get(name):
                line += f", {report.refused[name]} refused (see the warnings)"
            typer.echo(line)
        for f in report.failures:
            print(
                f"arpad: warning: {f.system} could not rate {f.section} ({f.pool}): {f.message}",
                file=sys.stderr,
            )

    @app.command("list")
    def list_(
        db: DbOption = DEFAULT_DB,
        system: Annotated[str, typer.Option("--system", "-s", help="Rating system.")] = "uscf",
        pool: Annotated[Pool, typer.Option(help="Rating pool.")] = Pool.REGULAR,
        as_of: Annotated[
            str | None,
            typer.Option(
                help="The list as it stood after the events ending on or before this date."
            ),
        ] = None,
        fmt: Annotated[
            ListFormat, typer.Option("--format", "-f", help="Output format.")
        ] = ListFormat.TABLE,
        limit: Annotated[int | None, typer.Option(min=1, help="Only the first N players.")] = None,
    ) -> None:
        """Print a rating list: every rated player of a pool, best first.

        Non-established ratings carry the system's mark (US Chess: P and the games,
        1641P17). CSV and JSON keep the unrounded ratings.

        Examples:

            arpad list --system uscf --pool regular

            arpad list --as-of 2024-04-30 --format csv > april.csv
        """
        with _open(db) as ledger:
            rows = ledger.rating_list(system, pool, as_of=_date(as_of, "--as-of"), limit=limit)
        sys.stdout.write(list_output(rows, fmt, get_system(system).published))

    @app.command()
    def player(
        player_id: Annotated[str, typer.Argument(help="The player's ledger id.")],
        db: DbOption = DEFAULT_DB,
        system: Annotated[
            str | None, typer.Option("--system", "-s", help="Only this system.")
        ] = None,
    ) -> None:
        """Show a player: current rating and full state in every system and pool, titles,
        and the rating history.

        Example:

            arpad player 10000001
        """
        with _open(db) as ledger:
            info = ledger.player(player_id)
            rows = ledger.history(player_id, system)
        player_output(info, rows, system, wide_console())

    @app.command()
    def history(
        player_id: Annotated[str, typer.Argument(help="The player's ledger id.")],
        db: DbOption = DEFAULT_DB,
        system: Annotated[
            str | None, typer.Option("--system", "-s", help="Only this system.")
        ] = None,
        plot: Annotated[
            Path | None,
            typer.Option(help="Draw the rating over time, one line per pool, to this PNG file."),
        ] = None,
    ) -> None:
        """Print a player's rating history (pre, post, change per event), or plot it.

        Examples:

            arpad history 10000001

            arpad history 10000001 --plot alice.png
        """
        with _open(db) as ledger:
            info = ledger.player(player_id)
            rows = ledger.history(player_id, system)
        if plot is not None:
            plot_history(info, rows, plot)
            typer.echo(f"wrote {plot}")
            return
        wide_console().print(history_table(rows))

    @app.command()
    def crosstable(
        event_id: Annotated[str, typer.Argument(help="The event's (or a section's) id.")],
        db: DbOption = DEFAULT_DB,
        system: Annotated[str, typer.Option("--system", "-s", help="Rating system.")] = "uscf",
        fmt: Annotated[
            SectionFormat, typer.Option("--format", "-f", help="Output format.")
        ] = SectionFormat.TABLE,
    ) -> None:
        """Print the rated crosstable of an event: every player's pre-event and post-event
        rating, change, score, round-by-round results and performance rating.

        --format uscf writes the US Chess crosstable text (arpad reads it back); json the
        same numbers as 'arpad rate --json'; event an arpad-event/1 file with the ledger's
        pre-event ratings (rate it alone with 'arpad rate').

        Examples:

            arpad crosstable 2024-spring-open

            arpad crosstable 2024-spring-open --format uscf > spring.txt
        """
        with _open(db) as ledger:
            sections = ledger.rated_sections(event_id, system)
        if fmt == SectionFormat.TABLE:
            crosstable_output(sections, wide_console())
        else:
            sys.stdout.write(crosstable_output(sections, None, fmt))

    @app.command()
    def events(
        db: DbOption = DEFAULT_DB,
        limit: Annotated[int | None, typer.Option(min=1, help="Only the first N events.")] = None,
    ) -> None:
        """List the events in the ledger in date order, and what is still to be rated.

        Example:

            arpad events
        """
        from rich.table import Table

        with _open(db) as ledger:
            rows = ledger.events(limit)
            pending = ledger.pending()
        table = Table(
            "id", "name", "end date", "sections", "players", "games", "source", header_style="bold"
        )
        for r in rows:
            table.add_row(
                r.key,
                r.name,
                r.end_date.isoformat(),
                str(r.sections),
                str(r.players),
                str(r.games),
                r.source,
            )
        console = wide_console()
        console.print(table)
        for name, n in pending.items():
            if n:
                console.print(f"{name}: {n} section(s) to rate")

    @app.command("delete-event")
    def delete_event(
        event_id: Annotated[str, typer.Argument(help="The event's (or a section's) id.")],
        db: DbOption = DEFAULT_DB,
    ) -> None:
        """Delete an event and roll back every rating from its date on; 'arpad
        rate-pending' then rates the later events again. Re-import a corrected file after.

        Example:

            arpad delete-event 2024-spring-open && arpad import spring-corrected.json
        """
        with _open(db) as ledger:
            done = ledger.delete_event(event_id)
        typer.echo(f"deleted {done.key} ({done.sections} section(s))")
        if done.rolled_back:
            typer.echo(
                f"{done.rolled_back} later section(s) to rate again: run 'arpad rate-pending'"
            )
