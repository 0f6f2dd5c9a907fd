"""The rating officer's commands: ``arpad publish``, ``publications``, ``preview``,
``correct``, ``correct-rating``, ``audit`` and ``undo`` (docs/ledger.md, "The rating
officer's month"). ``arpad list --published [N]`` prints a publication
(:mod:`arpad.cli.ledger`)."""

from __future__ import annotations

import getpass
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arpad.cli.console import wide_console
from arpad.cli.ledger import DEFAULT_DB, DbOption, _date, open_existing, print_failures
from arpad.cli.numbers import number
from arpad.cli.options import (
    ByOption,
    DryRunOption,
    JsonOption,
    ReasonOption,
    SystemFilterOption,
    SystemOption,
)
from arpad.cli.tables import Column, TableFormat, TableFormatOption, emit
from arpad.display import change_text, rating_text
from arpad.errors import InputError
from arpad.io.fields import parse_count
from arpad.model import Pool

if TYPE_CHECKING:
    from arpad.ledger.officer import Corrected
    from arpad.ledger.publications import ChangeReport

PoolOption = Annotated[Pool, typer.Option(help="Rating pool.")]


def published_version(text: str | None) -> int | None:
    """``--published``'s value: a version number, or ``None`` for the latest.

    Raises:
        InputError: neither a positive number nor nothing.
    """
    if text is None or text == "latest":
        return None
    try:  # ASCII digits within the shared count limit (arpad.io.fields), then at least 1
        version = parse_count(text, "--published")
    except InputError:
        version = 0
    if version < 1:
        raise InputError(f"--published takes a version number like 2, not {text[:40]!r}")
    return version


def _who(by: str | None) -> str:
    if by:
        return by
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def _report_lines(report: ChangeReport) -> list[str]:
    counts = report.counts()
    lines = [
        f"changes from version {report.old_version} to {report.new_version}: "
        + ", ".join(f"{n} {status}" for status, n in counts.items())
    ]
    for c in report.moved():
        old = "—" if c.old_rating is None else f"{number(c.old_rating)} ({c.old_games} games)"
        new = "—" if c.new_rating is None else f"{number(c.new_rating)} ({c.new_games} games)"
        lines.append(f"  {c.status:<8} {c.player_id}  {c.name}: {old} → {new}")
    return lines


def publish(
    system: SystemOption = "uscf",
    pool: PoolOption = Pool.REGULAR,
    cutoff: Annotated[
        str, typer.Option("--cutoff", help="The list counts the events ending on or before it.")
    ] = "",
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Write the change report (a republication) to this CSV."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    by: ByOption = None,
) -> None:
    """Publish the official list of a system and pool with a tournament cut-off date.

    The list is frozen: 'arpad list --published N' prints it exactly as published, whatever
    happens in the ledger later. Publishing again (after a late event or a correction)
    makes the next version and prints the change report against the previous one:
    players created, removed, changed (old → new) and unchanged. Refused while sections
    ending by the cut-off wait to be rated.

    Examples:

        arpad publish --system uscf --pool regular --cutoff 2024-06-30

        arpad publish --system uscf --cutoff 2024-06-30 --report changes.csv
    """
    day = _date(cutoff or None, "--cutoff")
    if day is None:
        raise InputError("arpad publish needs --cutoff DATE (the tournament cut-off date)")
    from arpad.cli.ledger_output import stored_texts

    with open_existing(db) as ledger:
        done = ledger.publish(system, pool, day, _who(by), stored_texts)
    p = done.publication
    typer.echo(
        f"published {p.system} {p.pool.value} version {p.version} (cut-off {p.cutoff}): "
        f"{p.players} players, {p.sections} section(s)"
    )
    if done.report is None:
        return
    for line in _report_lines(done.report):
        typer.echo(line)
    if report is not None:
        from arpad.cli.ledger_output import change_report_csv

        report.write_text(change_report_csv(done.report), encoding="utf-8")
        typer.echo(f"wrote {report}")


def publications_(
    system: SystemFilterOption = None,
    pool: Annotated[Pool | None, typer.Option(help="Only this rating pool.")] = None,
    db: DbOption = DEFAULT_DB,
    fmt: TableFormatOption = TableFormat.TEXT,
    as_json: JsonOption = False,
) -> None:
    """List the published lists: system, pool, version, cut-off, who and when.

    Example:

        arpad publications --system uscf
    """
    with open_existing(db) as ledger:
        rows = ledger.publications(system, pool)
    columns = [
        Column("system", "left"),
        Column("pool", "left"),
        Column("version"),
        Column("cut-off", "left"),
        Column("players"),
        Column("sections", drop=1),
        Column("published", "left", drop=2),
        Column("by", "left", text=True, drop=2),
    ]
    cells = [
        [
            p.system,
            p.pool.value,
            str(p.version),
            p.cutoff.isoformat(),
            str(p.players),
            str(p.sections),
            p.published_at,
            p.published_by,
        ]
        for p in rows
    ]
    if not rows and fmt == TableFormat.TEXT:
        typer.echo("no lists published yet (arpad publish)")
        return
    emit(columns, cells, TableFormat.JSON if as_json else fmt, wide_console())


def preview(
    system: SystemOption = "uscf",
    pool: PoolOption = Pool.REGULAR,
    db: DbOption = DEFAULT_DB,
    fmt: TableFormatOption = TableFormat.TEXT,
    as_json: JsonOption = False,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N players.")] = None,
) -> None:
    """Show the next list as it stands (UNOFFICIAL): every event rated so far, against the
    latest published list (published rating → now).

    Example:

        arpad preview --system uscf --pool regular
    """
    with open_existing(db) as ledger:
        shown = ledger.preview(system, pool)
    from arpad.systems import get_system

    rs = get_system(system)
    since = shown.since
    head = (
        f"UNOFFICIAL: the next {shown.system} {shown.pool.value} list as it stands, "
        + ("nothing published yet" if since is None else f"against version {since.version}")
        + (f" (cut-off {since.cutoff})" if since is not None else "")
    )
    by_id = {c.player_id: c for c in shown.report.changes}
    rows = shown.rows if limit is None else shown.rows[:limit]
    columns = [
        Column("#"),
        Column("id", "left"),
        Column("name", "left", text=True),
        Column("rating"),
        Column("games", drop=1),
        Column("published"),
        Column("change"),
    ]
    cells = []
    records = []
    for r in rows:
        c = by_id[r.player_id]
        cells.append(
            [
                str(r.rank),
                r.player_id,
                r.name,
                rating_text(r.rating, rs.name, r.mark),
                str(r.games),
                rating_text(c.old_rating, rs.name),
                change_text(c.old_rating, r.rating, rs.name),
            ]
        )
        records.append(
            {
                "rank": r.rank,
                "id": r.player_id,
                "name": r.name,
                "rating": r.rating,
                "games": r.games,
                "published_rating": c.old_rating,
                "status": c.status,
                "unofficial": True,
            }
        )
    console = wide_console()
    if fmt == TableFormat.TEXT:
        console.print(head, markup=False)
    emit(columns, cells, TableFormat.JSON if as_json else fmt, console, records=records)


def _print_corrected(done: Corrected) -> None:
    e = done.entry
    verb = "would" if done.dry_run else "did"
    typer.echo(f"{'dry run: ' if done.dry_run else ''}entry {e.id} ({e.kind}): {e.target}")
    if not done.moved:
        typer.echo("no rating moved" + (" (dry run)" if done.dry_run else ""))
    else:
        typer.echo(f"{len(done.moved)} rating(s) {verb} move (player, system, pool, old → new):")
    for m in done.moved:
        typer.echo(
            f"  {m.player_id}  {m.name}  {m.system} {m.pool}: {number(m.old, 1)} → "
            f"{number(m.new, 1)}"
        )
    print_failures(done.report)
    if done.dry_run:
        typer.echo("dry run: nothing was changed")


def _score(result: str | None) -> float | None:
    if result is None:
        return None
    from arpad.ledger.corrections import RESULTS

    if result not in RESULTS:
        raise InputError(f"--result must be one of {', '.join(RESULTS)}, not {result!r}")
    return RESULTS[result]


def correct(
    event: Annotated[str, typer.Argument(help="The event's (or a section's) id.")],
    round_: Annotated[int, typer.Option("--round", help="The game's round.")],
    white: Annotated[
        str, typer.Option(help="White: a ledger id, a FIDE ID, or the name in the file.")
    ],
    black: Annotated[
        str, typer.Option(help="Black: a ledger id, a FIDE ID, or the name in the file.")
    ],
    reason: ReasonOption,
    result: Annotated[
        str | None, typer.Option(help="The correct result: 1-0, 0-1 or 1/2-1/2.")
    ] = None,
    annul: Annotated[bool, typer.Option("--annul", help="Annul the game (not rated).")] = False,
    dry_run: DryRunOption = False,
    db: DbOption = DEFAULT_DB,
    by: ByOption = None,
) -> None:
    """Correct one game's result, or annul it, and re-rate: prints whose ratings moved.

    The change is logged in the audit log (who, when, why, before, after); 'arpad undo
    ENTRY' reverses it. With --dry-run the same is done on a scratch copy of the ledger
    and nothing changes.

    Examples:

        arpad correct 2024-spring-open --round 3 --white 10000002 --black 10000005
            --result 1/2-1/2 --reason "arbiter's report of 2024-04-20"

        arpad correct 2024-spring-open --round 4 --white 10000001 --black 10000003
            --annul --reason "fair-play decision 12/2024" --dry-run
    """
    if (result is None) == (not annul):
        raise InputError("arpad correct needs one of --result RESULT or --annul")
    score = _score(result)
    with open_existing(db) as ledger:
        done = ledger.correct_game(
            event,
            round_,
            white,
            black,
            score=score,
            annul=annul,
            reason=reason,
            by=_who(by),
            dry_run=dry_run,
        )
    _print_corrected(done)


def correct_rating(
    player_id: Annotated[str, typer.Argument(help="The player's ledger id.")],
    rating: Annotated[float, typer.Option(help="The rating the officer decided.")],
    reason: ReasonOption,
    system: SystemOption = "uscf",
    pool: PoolOption = Pool.REGULAR,
    dry_run: DryRunOption = False,
    db: DbOption = DEFAULT_DB,
    by: ByOption = None,
) -> None:
    """Set a player's current rating by an officer's decision, with a reason (logged).

    The next events rate from the corrected rating. A later re-rating from an earlier
    date (a late event, a corrected game) recomputes the state without it: 'arpad audit'
    then shows the entry as superseded.

    Example:

        arpad correct-rating 10000004 --system uscf --rating 1800 --reason "appeal 7/2024"
    """
    with open_existing(db) as ledger:
        done = ledger.correct_rating(
            player_id, system, pool, rating, reason=reason, by=_who(by), dry_run=dry_run
        )
    _print_corrected(done)


def audit(
    db: DbOption = DEFAULT_DB,
    fmt: TableFormatOption = TableFormat.TEXT,
    as_json: JsonOption = False,
) -> None:
    """List the audit log: every publication and correction, who made it, when and why,
    and whether it is still in effect (an undo or a re-rating may have replaced it).

    Example:

        arpad audit
    """
    with open_existing(db) as ledger:
        log = ledger.audit()
    columns = [
        Column("#"),
        Column("at", "left", drop=2),
        Column("by", "left", text=True, drop=2),
        Column("kind", "left"),
        Column("target", "left", text=True),
        Column("reason", "left", text=True, drop=1),
        Column("state", "left"),
    ]
    cells = [
        [str(e.id), e.at, e.by, e.kind, e.target, e.reason, _state(e, live)] for e, live in log
    ]
    records: Sequence[dict[str, Any]] = [
        {
            "id": e.id,
            "at": e.at,
            "by": e.by,
            "kind": e.kind,
            "target": e.target,
            "reason": e.reason,
            "before": e.before,
            "after": e.after,
            "undoes": e.undoes,
            "undone_by": e.undone_by,
            "in_effect": live,
        }
        for e, live in log
    ]
    if not log and fmt == TableFormat.TEXT:
        typer.echo("the audit log is empty")
        return
    emit(columns, cells, TableFormat.JSON if as_json else fmt, wide_console(), records=records)


def _state(e: Any, live: bool) -> str:
    if e.undone_by is not None:
        return f"undone ({e.undone_by})"
    if e.kind in ("result", "annul", "rating"):
        return "in effect" if live else "superseded"
    return ""


def undo(
    entry_id: Annotated[int, typer.Argument(help="The audit log entry to undo.")],
    reason: ReasonOption,
    dry_run: DryRunOption = False,
    db: DbOption = DEFAULT_DB,
    by: ByOption = None,
) -> None:
    """Undo a correction of the audit log and re-rate: prints whose ratings moved.

    Example:

        arpad undo 3 --reason "entered for the wrong round"
    """
    with open_existing(db) as ledger:
        done = ledger.undo(entry_id, reason=reason, by=_who(by), dry_run=dry_run)
    _print_corrected(done)


def register(app: typer.Typer) -> None:
    app.command()(publish)
    app.command("publications")(publications_)
    app.command()(preview)
    app.command()(correct)
    app.command("correct-rating")(correct_rating)
    app.command()(audit)
    app.command()(undo)
