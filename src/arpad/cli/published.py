"""``arpad lists``: a player's line in the published historical rating lists (Edo,
Chessmetrics, FIDE 1975–2000), year by year, beside arpad's own ratings from a ledger."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arpad.cli.console import json_text, wide_console
from arpad.cli.ledger import DEFAULT_DB, DbOption, open_existing
from arpad.cli.options import JsonOption
from arpad.cli.tables import Column, TableFormat, fitted_table
from arpad.errors import ConfigError, InputError

if TYPE_CHECKING:
    from rich.console import Console

    from arpad.historical.lists import Master
    from arpad.historical.published import PublishedList, Sighting
    from arpad.ledger.queries import HistoryRow, PlayerInfo

SOURCE_DROP = {"cm-monthly": 1, "cm-biannual": 2, "cm-quarterly": 3}
"""At 80 columns the finer Chessmetrics snapshots give way first (cm-yearly stays)."""


GAP_YEARS = 1.5
"""A player missing from a source's lists for longer than this (the lists are at most a
year apart) was out of them: the plot leaves the gap open."""


def _year_fraction(day: dt.date) -> float:
    start = dt.date(day.year, 1, 1)
    return day.year + (day - start).days / (dt.date(day.year + 1, 1, 1) - start).days


def _arpad_by_year(rows: Sequence[HistoryRow]) -> dict[str, dict[int, float]]:
    """``arpad SYSTEM`` → year → the rating after the year's last rated event."""
    out: dict[str, dict[int, float]] = {}
    for h in sorted(rows, key=lambda h: h.end_date):
        if h.rating.post is not None:
            out.setdefault(f"arpad {h.system}", {})[h.end_date.year] = h.rating.post
    return out


def _table_rows(
    years: Mapping[int, Mapping[str, Sighting]],
    sources: Sequence[str],
    arpad: Mapping[str, Mapping[int, float]],
) -> list[list[str]]:
    every = sorted(set(years) | {y for per in arpad.values() for y in per})
    rows = []
    for year in every:
        seen = years.get(year, {})
        cells = [str(year)]
        for source in sources:
            s = seen.get(source)
            cells.append("" if s is None else f"{s.row.rating} #{s.row.rank}")
        cells += [f"{per[year]:.0f}" if year in per else "" for per in arpad.values()]
        rows.append(cells)
    return rows


def _record(s: Sighting) -> dict[str, Any]:
    r = s.row
    return {
        "source": s.source,
        "year": r.year,
        "date": None if r.date is None else r.date.isoformat(),
        "name": r.name,
        "rating": r.rating,
        "rank": r.rank,
        "federation": r.federation,
        "age": r.age,
        "file": s.path,
        "line": r.line,
    }


def _arpad_record(h: HistoryRow) -> dict[str, Any]:
    return {
        "system": h.system,
        "pool": h.pool.value,
        "date": h.end_date.isoformat(),
        "event": h.section,
        "pre": h.rating.pre,
        "post": h.rating.post,
    }


def _plot(
    sightings: Sequence[Sighting],
    arpad: Sequence[HistoryRow],
    title: str,
    path: Path,
) -> None:
    """One line per published list, and one per arpad system, rating against time."""
    from matplotlib.figure import Figure

    from arpad.historical.published import source_rank

    lines: dict[str, tuple[list[float], list[float]]] = {}
    for s in sightings:
        xs, ys = lines.setdefault(s.source, ([], []))
        if xs and s.when - xs[-1] > GAP_YEARS:  # out of the list meanwhile: no line across
            xs.append(math.nan)
            ys.append(math.nan)
        xs.append(s.when)
        ys.append(s.row.rating)
    fig = Figure(figsize=(9, 5), layout="constrained")
    ax = fig.subplots()
    for source in sorted(lines, key=source_rank):
        xs, ys = lines[source]
        ax.plot(xs, ys, marker=".", markersize=4, linewidth=1.1, label=source)
    mine: dict[str, tuple[list[float], list[float]]] = {}
    for h in sorted(arpad, key=lambda h: h.end_date):
        if h.rating.post is not None:
            xs, ys = mine.setdefault(f"arpad {h.system}", ([], []))
            xs.append(_year_fraction(h.end_date))
            ys.append(h.rating.post)
    styles = ("-", "--", ":", "-.")  # arpad's lines are black; its systems told by style
    for n, (label, (xs, ys)) in enumerate(sorted(mine.items())):
        style = styles[n % len(styles)]
        ax.plot(xs, ys, style, marker="o", markersize=3, linewidth=2.2, color="black", label=label)
    ax.set_title(title)
    ax.set_xlabel("year")
    ax.set_ylabel("rating")
    ax.grid(True, alpha=0.3)
    if lines or mine:
        ax.legend(fontsize="small")
    fig.savefig(path, dpi=110)


def lists(
    name: Annotated[
        str, typer.Argument(help="The player: 'Kasparov', 'Garry Kasparov' or 'Kasparov, G'.")
    ],
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="List files (.txt, .csv, optionally .gz) or folders holding them.",
            show_default=False,
        ),
    ],
    source: Annotated[
        list[str] | None,
        typer.Option("--source", help="Only this list (repeat for more): edo, fide …"),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(help="Also show this ledger player's arpad ratings (with --db)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    plot: Annotated[
        Path | None, typer.Option(help="Draw every list's line (and arpad's) to this PNG.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Show a player's rating and rank in the published historical lists, year by year:
    Edo (1820–1928), Chessmetrics (1843–2004) and the January FIDE lists (1975–2000).

    Names match across lists by surname and given name: G. Kasparov is Gary Kasparov.

    A cell shows the rating and rank in the year's last list of that source.

    Examples:

        arpad lists "Garry Kasparov" ../shared/data/historical-ratings-ecl2020

        arpad lists Lasker data/edo.txt --player 10000001 --plot lasker.png
    """
    from arpad.historical.published import (
        list_files,
        read_lists,
        source_label,
        source_rank,
        trajectory,
    )

    files = {f: source_label(f) for f in list_files(paths)}
    known = sorted({label or f.name for f, label in files.items()}, key=source_rank)
    for wanted in source or []:
        if wanted not in known:
            raise InputError(
                f"--source {wanted!r} is not among the lists given: {', '.join(known)}"
            )
    # Only the lists asked for are read (a named file that is not a list is still refused).
    chosen = [f for f, label in files.items() if not source or label is None or label in source]
    published = [pl for f in chosen for pl in read_lists(f)]
    sightings = trajectory(published, name)
    history: list[HistoryRow] = []
    if player is not None:
        with open_existing(db) as ledger:
            history = list(ledger.history(player, None))
    _show(name, sightings, history, plot, as_json)


def _show(
    name: str,
    sightings: Sequence[Sighting],
    history: Sequence[HistoryRow],
    plot: Path | None,
    as_json: bool,
) -> None:
    if plot is not None:
        _plot(sightings, history, f"{name} in the published lists", plot)
        typer.echo(f"wrote {plot}")
        return
    if as_json:
        doc = {
            "name": name,
            "published": [_record(s) for s in sightings],
            "arpad": [_arpad_record(h) for h in history],
            "elo1986": [_master_record(m) for m in _elo_1986(name)],
        }
        typer.echo(json_text(doc))
        return
    console = wide_console()
    if not sightings and not history:
        console.print(f"{name!r} is in none of the lists read")
        return
    _year_table(console, name, sightings, history)
    for m in _elo_1986(name):
        console.print(_master_line(m), overflow="fold")


def _year_table(
    console: Console, title: str, sightings: Sequence[Sighting], history: Sequence[HistoryRow]
) -> None:
    """The lists' ratings and arpad's, year by year, and the spellings each list matched."""
    from arpad.historical.published import by_year, source_rank

    sources = sorted({s.source for s in sightings}, key=source_rank)
    arpad = _arpad_by_year(history)
    columns = [Column("Year")]
    columns += [Column(s, drop=SOURCE_DROP.get(s, 0)) for s in sources]
    columns += [Column(label) for label in arpad]
    rows = _table_rows(by_year(sightings), sources, arpad)
    console.print(fitted_table(columns, rows, console.width, title))
    console.print("each cell: rating #rank in the year's last list of the source")
    for source in sources:
        names = sorted({s.row.name for s in sightings if s.source == source})
        console.print(f"{source}: {'; '.join(names)}", overflow="fold")


# -- --lists of arpad history and arpad masters (D-cli2-2) --------------------------------------


def read_published(paths: Sequence[Path]) -> list[PublishedList]:
    """Every published list in ``paths`` (files or folders, as ``arpad lists`` reads them)."""
    from arpad.historical.published import list_files, read_lists

    return [pl for f in list_files(paths) for pl in read_lists(f)]


MATCH_RULE = "names matched by surname and given name (docs/historical.md)"


def history_beside_lists(
    info: PlayerInfo,
    history: Sequence[HistoryRow],
    paths: Sequence[Path],
    plot: Path | None,
    fmt: TableFormat,
) -> None:
    """``arpad history PLAYER --lists PATH``: the history, then the player's ratings in the
    published lists year by year beside arpad's (the ledger's name matched, D-hist-2); with
    ``--plot`` one line per list and per arpad system; JSON holds both."""
    from arpad.cli.ledger_output import history_output, history_records
    from arpad.historical.published import trajectory

    if fmt == TableFormat.CSV:
        raise ConfigError("--lists shows a table, JSON (--json) or a plot (--plot), not CSV")
    name = info.name or info.id
    sightings = trajectory(read_published(paths), name)
    if plot is not None:
        _plot(sightings, history, f"{name}: arpad beside the published lists", plot)
        typer.echo(f"wrote {plot}")
        return
    if fmt == TableFormat.JSON:
        doc = {
            "id": info.id,
            "name": name,
            "history": history_records(history),
            "published": [_record(s) for s in sightings],
        }
        typer.echo(json_text(doc))
        return
    console = wide_console()
    history_output(history, TableFormat.TEXT, console)
    if not sightings:
        console.print(f"{name!r} is in none of the lists given ({MATCH_RULE})", overflow="fold")
        return
    _year_table(console, f"{name} in the published lists, beside arpad", sightings, history)


@dataclass(frozen=True, slots=True)
class MasterLists:
    """Elo's 1986 masters beside the published lists: each master's peak in each list."""

    sources: tuple[str, ...]
    """Every source read, in :data:`~arpad.historical.published.SOURCE_ORDER`."""
    peaks: dict[str, dict[str, Sighting]]
    """Master's name → source → the row of the master's highest rating in it."""

    def columns(self) -> list[Column]:
        """One column per source; in a narrow terminal the list holding fewest of the
        masters shown gives way first (each list alone, never all together)."""
        held = {s: sum(s in mine for mine in self.peaks.values()) for s in self.sources}
        by_use = sorted(self.sources, key=lambda s: (-held[s], self.sources.index(s)))
        return [Column(s, drop=1 + by_use.index(s)) for s in self.sources]

    def cells(self, name: str) -> list[str]:
        mine = self.peaks.get(name, {})
        return [
            "" if s not in mine else f"{mine[s].row.rating} {mine[s].row.year}"
            for s in self.sources
        ]

    def record(self, name: str) -> dict[str, Any]:
        return {s: _record(row) for s, row in self.peaks.get(name, {}).items()}

    def unmatched_line(self, names: Sequence[str]) -> str | None:
        """The one line naming the masters shown that no list holds, or None."""
        missing = [n for n in names if not self.peaks.get(n)]
        if not missing:
            return None
        return (
            f"in none of the lists given: {len(missing)} of {len(names)} "
            f"({'; '.join(missing)}; {MATCH_RULE})"
        )


def master_lists(masters: Sequence[Master], paths: Sequence[Path]) -> MasterLists:
    """Each of ``masters`` looked up by name in the lists of ``paths`` (D-hist-2); a row
    dated before the master's birth or after his death is a namesake's and is passed over."""
    from arpad.historical.published import peaks, sightings_of, source_rank, surname_index

    published = read_published(paths)
    index = surname_index(published)
    sources = tuple(sorted({pl.source for pl in published}, key=source_rank))
    found = {}
    for m in masters:
        alive = range(m.born or 0, (m.died or 9999) + 1)
        found[m.name] = peaks(s for s in sightings_of(index, m.name) if s.row.year in alive)
    return MasterLists(sources, found)


def _elo_1986(name: str) -> list[Master]:
    """The player in Elo's lists of 1986 (``arpad masters``)."""
    from arpad.historical.lists import all_masters
    from arpad.historical.published import matches, name_key

    wanted = name_key(name)
    return [m for m in all_masters() if matches(wanted, name_key(m.name))]


def _master_line(m: Master) -> str:
    best = "—" if m.best5 is None else str(m.best5)
    rated = "" if m.rating_1986 is None else f", 1-1-86 {m.rating_1986}"
    return f"Elo 1986 ({m.source.value}): {m.name}, best 5-yr {best}{rated}"


def _master_record(m: Master) -> dict[str, Any]:
    return {
        "list": m.source.value,
        "name": m.name,
        "best5": m.best5,
        "rating_1986": m.rating_1986,
        "seed_line": m.seed_line,
    }


def register(app: typer.Typer) -> None:
    app.command("lists")(lists)
