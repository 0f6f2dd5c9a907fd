"""The ledger commands: ``arpad import``, ``rate-pending``, ``list``, ``player``,
``history``, ``crosstable``, ``events``, ``delete-event``, ``failures`` and
``remove-system``.

Every command takes ``--db PATH|URL`` (default ``./arpad.db``, or ``$ARPAD_DB``): a SQLite
file, or a database URL such as ``postgresql://user@host/dbname``.
"""

from __future__ import annotations

import datetime as dt
import shlex
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from arpad.cli.console import json_text, progress_bar, visible, wide_console
from arpad.cli.lazy_enum import enum_option
from arpad.cli.options import (
    ConfigOptions,
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    ListFormatOption,
    ListsOption,
    SectionFormatOption,
    SystemFilterOption,
    SystemOption,
    SystemsOption,
    configure,
    input_format,
    parse_options,
)
from arpad.cli.tables import Column, TableFormat, TableFormatOption, emit
from arpad.errors import InputError
from arpad.model import Pool
from arpad.systems import get_system

if TYPE_CHECKING:  # the ledger imports SQLAlchemy: loaded by the commands that open one
    from arpad.ledger import Failure, Imported, Ledger, StoredFailure
    from arpad.ledger.rating import RateReport

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


def failure_line(f: Failure) -> str:
    """One line naming the system, the event (quoted) and the reason of a failure."""
    if f.stage == "system":
        return f"{f.system} could not rate anything: {f.message}"
    what = "could not rate" if f.stage == "rating" else "rated"
    return f"{f.system} {what} {f.section!r} ({f.pool}): {f.message}"


def failure_json(f: StoredFailure) -> dict[str, str]:
    """One recorded failure as JSON (``arpad failures --json``)."""
    return {
        "end_date": str(f.end_date),
        "system": f.system,
        "event": f.section,
        "pool": str(f.pool),
        "stage": f.stage,
        "message": f.message,
    }


def open_existing(db: str) -> Ledger:
    """Open a ledger that must exist already (read-only commands create nothing).

    Raises:
        LedgerError: a SQLite file that does not exist.
    """
    from arpad.ledger import Ledger, LedgerError, database_url

    url = database_url(db)
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if path not in ("", ":memory:") and not Path(path).exists():
            raise LedgerError(
                f"no ledger at {path} (create one with 'arpad import FILE'; --db or "
                "$ARPAD_DB name another)"
            )
    return Ledger.open(db)


class _PlayerGroup(TyperGroup):
    """``arpad player ID`` is ``arpad player show ID`` (the README's form keeps working)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["show", *args]
        return super().parse_args(ctx, args)


class _ListCommand(TyperCommand):
    """``arpad list --published`` without a number is ``--published latest``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        out = list(args)
        for i, arg in enumerate(out):
            if arg == "--published" and (i + 1 == len(out) or not out[i + 1].isdigit()):
                out[i] = "--published=latest"
        return super().parse_args(ctx, out)


def print_failures(report: RateReport) -> bool:
    """Each failure of ``report`` as one line on stderr: a warning where a system refused an
    event's input, an error where the machine or arpad failed (D-robust-4). Whether there
    was an error. Every command that rates prints its failures here."""
    errors = False
    for f in report.failures:
        error = f.stage == "system" or f.error is not None
        errors |= error
        level = "error" if error else "warning"
        print(f"arpad: {level}: {visible(failure_line(f))}", file=sys.stderr)
    return errors


def _rate_again(ledger: Ledger) -> None:
    """Rate what a merge or split made pending (:meth:`Ledger.rate_again`) and report it."""
    report = ledger.rate_again()
    for name, n in report.rated.items():
        typer.echo(f"{name}: rated {n} section(s) again")
    print_failures(report)


def _open(db: str) -> Ledger:
    from arpad.ledger import Ledger

    return Ledger.open(db)


def _stderr_console() -> Console:
    return Console(stderr=True)


def _imported(item: Imported) -> str:
    """What one file stored, for the import's summary line."""
    fl = item.players_list
    if fl is None:
        return f"{item.events} event(s), {item.sections} section(s), {item.games} games"
    return (
        f"FIDE players list of {fl.list_date} ({', '.join(fl.kinds)}): {fl.players} players "
        f"({fl.created} new to the ledger), {fl.ratings} ratings"
    )


def import_(
    files: Annotated[list[Path], typer.Argument(help="Event files (any format arpad reads).")],
    db: DbOption = DEFAULT_DB,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    player_key: Annotated[
        Any,
        enum_option(
            "arpad.ledger.store:PlayerKey",
            "How to know a player across files. auto: a federation's id (FIDE ID, "
            "US Chess ID) when the file gives one, else a player of this file only; "
            "id: the file's ids as they are; fide-id: the FIDE ID, else the name; "
            "name: the name.",
        ),
    ] = "auto",
    on_conflict: Annotated[
        Any,
        enum_option(
            "arpad.ledger.identity:OnConflict",
            "A player the ledger knows under another name or birth date: refuse "
            "the file (refuse), keep the ledger's record (keep-ledger), use the file's "
            "(use-file), or make the file's player a new player (new-player).",
        ),
    ] = "refuse",
    event_id: Annotated[
        str | None,
        typer.Option(
            help="The ledger id of the file's event (a file of one event only); default: "
            "the file's id, or for TRF the name and end date."
        ),
    ] = None,
    date: Annotated[
        str | None,
        typer.Option(
            help="End date (YYYY-MM-DD) for events whose file gives none, or only a year or "
            "month (PGN 1924.??.??)."
        ),
    ] = None,
    partial: Annotated[
        bool,
        typer.Option(help="Store the good files even if others are bad (default: store nothing)."),
    ] = False,
) -> None:
    """Store events in the ledger (they are rated by 'arpad rate-pending'), or FIDE's
    players list (TXT or XML: its players, keyed by FIDE ID, for later files to find).

    Each file is stored in one transaction. Every file is checked first: a file that
    cannot be read, was imported before (same bytes) or holds an event already in the
    ledger is reported with its path and line, and then nothing is stored (with
    --partial, only that file is left out). Exit status 2 if any file was refused.

    Examples:

        arpad import examples/uscf-open.json examples/ledger/*

        arpad import tournament.trf --event-id club-open-2024

        arpad import lichess-*.trf --player-key name

        arpad import history.csv --db postgresql://arpad@localhost/ratings
    """
    fmt = input_format(fmt, old_format)
    with _open(db) as ledger:
        bar = progress_bar()
        task = bar.add_task("importing", total=2 * len(files))
        with bar:
            result = ledger.import_files(
                files,
                fmt=fmt,
                player_key=player_key,
                default_date=_date(date, "--date"),
                partial=partial,
                event_id=event_id,
                on_conflict=on_conflict,
                progress=lambda done, total: bar.update(task, completed=done),
            )
        for item in result.stored:
            typer.echo(f"imported {item.source}: {_imported(item)}")
        for error in result.errors:
            print(f"arpad: error: {visible(str(error))}", file=sys.stderr)
        if len(files) > 1:
            summary = (
                f"{len(result.stored)} of {len(files)} file(s) imported: "
                f"{sum(i.events for i in result.stored)} event(s), "
                f"{sum(i.games for i in result.stored)} games"
            )
            if result.errors:
                summary += f"; {len(result.errors)} refused"
            typer.echo(summary)
        namesakes = [pair for item in result.stored for pair in item.namesakes]
        if namesakes:
            mine, other = namesakes[0]
            typer.echo(
                f"{len(namesakes)} player(s) without a federation id have the name of "
                "another player and were kept apart; if they are one person, join them "
                f"(e.g. arpad player merge -- {shlex.quote(other)} {shlex.quote(mine)}) or "
                "import with --player-key name"
            )
        if result.errors:
            if not result.stored:
                print("arpad: nothing was stored", file=sys.stderr)
            raise typer.Exit(2)
        pending = ledger.pending()
        stored = sum(item.sections for item in result.stored)
        waiting = max(pending.values()) if pending else stored
        if waiting:
            typer.echo(f"{waiting} section(s) to rate: run 'arpad rate-pending'")


def rate_pending(
    db: DbOption = DEFAULT_DB,
    system: SystemsOption = None,
    option: ConfigOptions = None,
    from_scratch: Annotated[
        bool, typer.Option(help="Roll back every rating and rate all events again.")
    ] = False,
    batch: Annotated[
        int, typer.Option(min=1, help="At most this many events per transaction.")
    ] = 5000,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    retry_failed: Annotated[
        bool,
        typer.Option(
            help="Rate again the events each system failed on (and everything after them)."
        ),
    ] = False,
) -> None:
    """Rate every event not yet rated, in end-date order, for each system.

    An event that ends before events already rated makes the ledger roll those back and
    rate them again after it, so the result is always the same as rating everything
    from scratch in date order. Each event is rated inside one transaction: if the
    process is killed, run the command again to finish.

    An event a system cannot rate is recorded as failed, with the reason (one warning
    line each; 'arpad failures' lists them), and the other events and systems are
    rated. Exit code 1 when a system could not run, or failed for a reason other than
    the input (a full disk, a read-only ledger, a bug): one line each names the system
    and the cause. Fix the file and re-import it ('arpad delete-event' first), or, after an
    upgrade of arpad, use --retry-failed. 'arpad remove-system' drops a system.

    --system names the systems to rate with (default: the ledger's systems, or uscf for a
    new ledger); -o sets a field of their configuration when a system is added (a
    system's options are then fixed: change them with --from-scratch).

    Examples:

        arpad rate-pending

        arpad rate-pending --system uscf --system elo

        arpad rate-pending --system uscf -o B=12 --from-scratch
    """
    options = parse_options(option)
    for name in system or []:
        configure(get_system(name), option)  # a wrong option: named before anything is rated
    with open_existing(db) as ledger:
        bar = progress_bar(quiet=quiet)
        tasks: dict[str, int] = {}

        def progress(name: str, done: int, total: int) -> None:
            if name not in tasks:
                tasks[name] = int(bar.add_task(f"rating ({name})", total=total))
            bar.update(tasks[name], completed=done)

        with bar:
            report = ledger.rate_pending(
                system,
                options,
                from_scratch=from_scratch,
                progress=progress,
                batch=batch,
                retry_failed=retry_failed,
            )
        earlier = len(ledger.failures()) - sum(f.stage != "system" for f in report.failures)
    for name in report.rated:
        again = report.rerated.get(name, 0)
        line = f"{name}: rated {report.rated[name]} section(s)"
        if again:
            line += f" ({again} rated again after an earlier event arrived)"
        if report.skipped.get(name):
            line += f", {report.skipped[name]} in pools it does not rate"
        if report.refused.get(name):
            line += f", {report.refused[name]} failed (see the warnings)"
        typer.echo(line)
    errors = print_failures(report)
    if earlier > 0:
        typer.echo(
            f"{earlier} earlier failure(s) recorded: see 'arpad failures'; "
            "'arpad rate-pending --retry-failed' tries them again"
        )
    if errors:
        raise typer.Exit(1)  # not rated because of the machine or arpad, not the input


def list_(
    db: DbOption = DEFAULT_DB,
    system: SystemOption = "uscf",
    pool: Annotated[Pool, typer.Option(help="Rating pool.")] = Pool.REGULAR,
    as_of: Annotated[
        str | None,
        typer.Option(help="The list as it stood after the events ending on or before this date."),
    ] = None,
    fmt: ListFormatOption = "table",
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N players.")] = None,
    published: Annotated[
        str | None,
        typer.Option(
            "--published",
            metavar="[N]",
            help="Print publication N of this system and pool exactly as it was published "
            "(without N: the latest; see 'arpad publications').",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Print a rating list: every rated player of a pool, best first.

    Non-established ratings carry the system's mark (US Chess: P and the games,
    1641P17). CSV and JSON keep the unrounded ratings; fide writes the fixed-width text
    of FIDE's players list (with title, federation and FIDE ID).

    Examples:

        arpad list --system uscf --pool regular

        arpad list --as-of 2024-04-30 --format csv > april.csv

        arpad list --system uscf --published 2 --format csv > list-v2.csv
    """
    from arpad.cli.ledger_output import STORED_FORMATS, ListFormat, list_output
    from arpad.cli.officer import published_version
    from arpad.ledger import RatingList

    version = published_version(published)
    fmt = ListFormat.JSON if as_json else fmt
    if published is not None and as_of is not None:
        raise InputError("--published prints a list as it was frozen; it takes no --as-of")
    publication = None
    with open_existing(db) as ledger:
        if published is not None and limit is None and fmt in STORED_FORMATS:
            publication = ledger.find_publication(system, pool, version)
            text = ledger.published_bytes(publication, fmt.value)
            if text is not None:  # as stored when published: copied out, bytes as they are
                sys.stdout.flush()
                sys.stdout.buffer.write(text)
                sys.stdout.buffer.flush()
                return
        if published is not None:
            publication, rows = ledger.published_list(system, pool, version)
            if limit is not None:
                rows = RatingList.of_rows(rows[:limit])
        else:
            rows = ledger.rating_list(system, pool, as_of=_date(as_of, "--as-of"), limit=limit)
        records = None
        if fmt == ListFormat.FIDE:
            records = ledger.list_records(rows.player_ids, publication)
    # A terminal's width (COLUMNS when set); piped, the whole list (a file keeps names).
    columns = shutil.get_terminal_size((1_000_000, 24)).columns
    sys.stdout.write(list_output(rows, fmt, system, columns, records))


def player_show(
    player_id: Annotated[str, typer.Argument(help="The player's ledger id.")],
    db: DbOption = DEFAULT_DB,
    system: SystemFilterOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a player: ratings, states, titles, norms and history.

    The current rating and full state in every system and pool, titles, norms, and
    the rating history ('arpad player ID' is short for 'arpad player show ID').

    Example:

        arpad player 10000001
    """
    with open_existing(db) as ledger:
        info = ledger.player(player_id)
        rows = ledger.history(player_id, system)
        fide = ledger.fide_ratings(player_id)
    from arpad.cli.ledger_output import player_json, player_output

    if as_json:
        sys.stdout.write(player_json(info, rows, system))
        return
    console = wide_console()
    player_output(info, rows, system, console)
    if fide:
        shown = ", ".join(
            f"{kind} {rating}" + (f" ({games} games)" if games else "") + f" on {day}"
            for kind, day, rating, games in fide
        )
        console.print(f"FIDE's players list: {shown}", markup=False)


def player_merge(
    kept: Annotated[str, typer.Argument(help="The player who stays.")],
    merged: Annotated[str, typer.Argument(help="The player who becomes KEPT.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Merge two ledger players who are one person (undo: 'player split').

    MERGED's events become KEPT's, files imported later under MERGED's id are KEPT's,
    and every system rates again what the merge changed. 'arpad player split MERGED'
    undoes it.

    Example:

        arpad player merge FIDE:1503014 new-york-1924/'Lasker, Emanuel'
    """
    with open_existing(db) as ledger:
        done = ledger.merge_players(kept, merged)
        typer.echo(f"merged {done.merged!r} into {done.kept!r} ({done.entries} event(s) moved)")
        _rate_again(ledger)


def player_split(
    merged: Annotated[str, typer.Argument(help="The player merged into another.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Undo 'arpad player merge KEPT MERGED'.

    MERGED's events are MERGED's again, and every system rates again what the split
    changed.

    Example:

        arpad player split new-york-1924/'Lasker, Emanuel'
    """
    with open_existing(db) as ledger:
        done = ledger.split_player(merged)
        typer.echo(f"split {done.merged!r} from {done.kept!r} ({done.entries} event(s) moved)")
        _rate_again(ledger)


def history(
    player_id: Annotated[str, typer.Argument(help="The player's ledger id.")],
    db: DbOption = DEFAULT_DB,
    system: SystemFilterOption = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Draw the rating over time, one line per pool, to this PNG file."),
    ] = None,
    fmt: TableFormatOption = TableFormat.TEXT,
    as_json: JsonOption = False,
    lists: ListsOption = None,
) -> None:
    """Print a player's rating history (pre, post, change per event), or plot it.

    With --lists, the player's ratings in published historical lists (Edo, Chessmetrics,
    FIDE 1975-2000) follow year by year beside arpad's, and a plot draws them too.

    Examples:

        arpad history 10000001

        arpad history 10000001 --plot alice.png

        arpad history 'reykjavik-blitz-2004/Kasparov, Garry' --lists fide_weeks_1975_2000
    """
    with open_existing(db) as ledger:
        info = ledger.player(player_id)
        rows = ledger.history(player_id, system)
    if lists:
        from arpad.cli.published import history_beside_lists

        history_beside_lists(info, rows, lists, plot, TableFormat.JSON if as_json else fmt)
        return
    if plot is not None:
        from arpad.cli.ledger_output import plot_history

        plot_history(info, rows, plot)
        typer.echo(f"wrote {plot}")
        return
    from arpad.cli.ledger_output import history_output

    history_output(rows, TableFormat.JSON if as_json else fmt, wide_console())


def crosstable(
    event_id: Annotated[str, typer.Argument(help="The event's (or a section's) id.")],
    db: DbOption = DEFAULT_DB,
    system: SystemOption = "uscf",
    fmt: SectionFormatOption = "table",
    as_json: JsonOption = False,
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
    with open_existing(db) as ledger:
        sections = ledger.rated_sections(event_id, system)
    from arpad.cli.ledger_output import SectionFormat, crosstable_output

    fmt = SectionFormat.JSON if as_json else fmt

    if fmt in (SectionFormat.TABLE, SectionFormat.TEXT):
        crosstable_output(sections, wide_console())
    else:
        sys.stdout.write(crosstable_output(sections, None, fmt))


def events(
    db: DbOption = DEFAULT_DB,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N events.")] = None,
    fmt: TableFormatOption = TableFormat.TEXT,
    as_json: JsonOption = False,
) -> None:
    """List the events in the ledger in date order, and what is still to be rated.

    Example:

        arpad events
    """
    with open_existing(db) as ledger:
        rows = ledger.events(limit)
        pending = ledger.pending()
        failed = len(ledger.failures())
    columns = [
        Column("id", "left"),  # what the other commands take: never shortened
        Column("name", "left", text=True, drop=1),
        Column("end date", "left"),
        Column("sections", drop=2),
        Column("players", drop=2),
        Column("games", drop=2),
        Column("source", "left", text=True, drop=3),
    ]
    cells = [
        [
            r.key,
            r.name,
            r.end_date.isoformat(),
            str(r.sections),
            str(r.players),
            str(r.games),
            Path(r.source).name,
        ]
        for r in rows
    ]
    records = [
        {
            "id": r.key,
            "name": r.name,
            "end_date": r.end_date.isoformat(),
            "sections": r.sections,
            "players": r.players,
            "games": r.games,
            "source": r.source,
        }
        for r in rows
    ]
    console = wide_console()
    fmt = TableFormat.JSON if as_json else fmt
    emit(columns, cells, fmt, console, records=records)
    if fmt != TableFormat.TEXT:
        return
    for name, n in pending.items():
        if n:
            console.print(f"{name}: {n} section(s) to rate")
    if failed:
        console.print(f"{failed} failure(s) recorded: see 'arpad failures'", markup=False)


def delete_event(
    event_id: Annotated[str, typer.Argument(help="The event's (or a section's) id.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Delete an event and roll back every rating from its date on; 'arpad
    rate-pending' then rates the later events again. Re-import a corrected file after.

    Example:

        arpad delete-event 2024-spring-open && arpad import spring-corrected.json
    """
    with open_existing(db) as ledger:
        done = ledger.delete_event(event_id)
    typer.echo(f"deleted {done.key} ({done.sections} section(s))")
    if done.rolled_back:
        typer.echo(f"{done.rolled_back} later section(s) to rate again: run 'arpad rate-pending'")


def failures(
    db: DbOption = DEFAULT_DB,
    system: SystemFilterOption = None,
    as_json: JsonOption = False,
) -> None:
    """List the events a system could not rate (or whose norms it could not check),
    with the reason, as recorded by 'arpad rate-pending'.

    A refusal names a problem of the event (fix the file, 'arpad delete-event' it and
    import it again); "arpad failed" is a bug of arpad (report it; after an upgrade,
    'arpad rate-pending --retry-failed').

    Example:

        arpad failures --system fide1986
    """
    with open_existing(db) as ledger:
        rows = ledger.failures(system)
    if as_json:
        typer.echo(json_text([failure_json(r) for r in rows]))
        return
    if not rows:
        typer.echo("no failures recorded")
        return
    for r in rows:
        what = "could not rate" if r.stage == "rating" else "could not check the norms of"
        line = f"{r.end_date} {r.system} {what} {r.section!r} ({r.pool}): {r.message}"
        typer.echo(visible(line))


def remove_system(
    name: Annotated[str, typer.Argument(help="The rating system to remove.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Remove a rating system from the ledger: every rating, state, norm and failure
    it recorded is deleted; the events and players stay. 'arpad rate-pending' no
    longer rates with it (add it again with 'arpad rate-pending --system NAME').

    Example:

        arpad remove-system fide1986
    """
    with open_existing(db) as ledger:
        done = ledger.remove_system(name)
    typer.echo(f"removed {done.system} (its ratings of {done.sections} section(s))")


def register(app: typer.Typer) -> None:
    app.command("import")(import_)
    app.command("rate-pending")(rate_pending)
    app.command("list", cls=_ListCommand)(list_)
    players = typer.Typer(
        cls=_PlayerGroup,
        no_args_is_help=True,
        help="Show a player ('arpad player ID'), or merge two players and split them again.",
    )
    app.add_typer(players, name="player")
    players.command("show")(player_show)
    players.command("merge")(player_merge)
    players.command("split")(player_split)
    app.command()(history)
    app.command()(crosstable)
    app.command()(events)
    app.command("delete-event")(delete_event)
    app.command()(failures)
    app.command("remove-system")(remove_system)
