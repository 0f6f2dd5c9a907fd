"""How the ledger commands print: rating lists, players, histories, crosstables, plots."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from arpad.cli.console import csv_text, csv_texts, json_text, styled, visible, visible_all
from arpad.cli.crosstable_table import RatedCells, crosstable_table, short_id
from arpad.cli.numbers import number as _fmt
from arpad.cli.rate import result_json
from arpad.cli.tables import Column, TableFormat, emit, fitted_table
from arpad.display import change_text, rating_text, rating_texts, shown_rating
from arpad.io import json_event
from arpad.io.uscf_crosstable_writer import (
    LABELS,
    RatingLine,
    dumps_sections,
)
from arpad.io.uscf_crosstable_writer import (
    rating_text as uscf_rating_text,
)
from arpad.model import Event
from arpad.systems import EventRating, ListEntry, finite_or_none

if TYPE_CHECKING:  # the ledger imports SQLAlchemy: only the ledger commands load it
    from arpad.ledger import HistoryRow, ListRow, PlayerInfo, RatedSection, StoredNorm
    from arpad.ledger.publications import ChangeReport


class ListFormat(StrEnum):
    TABLE = "table"
    TEXT = "text"  # the name the other table commands use (TableFormat); same as table
    CSV = "csv"
    JSON = "json"
    FIDE = "fide"
    """Fixed-width text in the style of FIDE's players list (docs/formats.md)."""


class SectionFormat(StrEnum):
    TABLE = "table"
    TEXT = "text"  # the name the other table commands use (TableFormat); same as table
    USCF = "uscf"
    JSON = "json"
    EVENT = "event"


def _label(entry: ListEntry | None, system: str) -> str:
    if entry is None:
        return "unr."
    return rating_text(entry.rating, system, entry.mark, missing="unr.")


# -- lists -----------------------------------------------------------------------------------


def list_row_json(r: ListRow) -> dict[str, Any]:
    """One row of a rating list as JSON (``arpad list --format json`` and the web API)."""
    return {
        "rank": r.rank,
        "id": r.player_id,
        "name": r.name,
        "rating": r.rating,
        "games": r.games,
        "established": r.established,
        "mark": r.mark,
        "last_event": r.last_event.isoformat(),
    }


_CSV_SPECIAL = re.compile('[,"\r\n]')


def _csv_cells(texts: list[str]) -> list[str]:
    """Text cells as csv.writer writes them: unchanged, or quoted where they hold a comma,
    a quote or a line break (csv.writer itself quotes those few)."""
    if _CSV_SPECIAL.search("".join(texts)) is None:
        return texts
    out = []
    for text in texts:
        if _CSV_SPECIAL.search(text) is None:
            out.append(text)
        else:
            buf = io.StringIO()
            csv.writer(buf, lineterminator="\n").writerow([text])
            out.append(buf.getvalue()[:-1])
    return out


LIST_ID_WIDTH = 20
"""The widest the id column of a text rating list gets when the terminal is narrow."""
LIST_NAME_WIDTH = 24
"""The width a name keeps before the id column is shortened below its natural width."""


def _list_widths(ids: list[str], names: list[str], columns: int | None) -> tuple[int, int, bool]:
    """The id and name widths of a text list, and whether the last-event column fits."""
    idw = max((len(i) for i in ids), default=2)
    width = max((len(n) for n in names), default=4)
    if columns is None:
        return idw, width, True
    fixed = 6 + 2 + 2 + 2 + 8 + 2 + 6  # rank, gaps, rating, games
    last = 12  # "  last event"
    idw = max(min(idw, columns - fixed - min(width, LIST_NAME_WIDTH) - last), min(idw, 8))
    idw = max(min(idw, LIST_ID_WIDTH), min(idw, columns - fixed - min(width, LIST_NAME_WIDTH)))
    show_last = fixed + idw + min(width, 16) + last <= columns
    width = max(min(width, columns - fixed - idw - (last if show_last else 0)), 8)
    return idw, width, show_last


def list_output(
    rows: Sequence[ListRow],
    fmt: ListFormat,
    system: str | None = None,
    columns: int | None = None,
    records: Mapping[str, tuple[str | None, str | None, str | None]] | None = None,
) -> str:
    """A rating list as text. The table is plain fixed-width text (fast for 100,000 rows)
    showing each rating as ``system`` publishes it (:func:`arpad.display.rating_texts`);
    CSV and JSON carry unrounded ratings.

    ``columns`` is the width to fit (None: no limit): long ids are shortened to
    :data:`LIST_ID_WIDTH` (:func:`short_id`), names shortened next, then the last-event
    column is left out; numbers are never cut (D-output-1).
    ``records`` (``player_id → (title, federation, FIDE ID)``) feeds the ``fide`` text."""
    if fmt == ListFormat.FIDE:
        return fide_list_text(rows, system, records or {})
    if fmt == ListFormat.JSON:
        doc = [list_row_json(r) for r in rows]
        # No indent: json then runs on its fast C encoder (a 100,000-player list).
        return json_text(doc, indent=None) + "\n"
    # Every per-row step below is one C-level call where it can be, over the list's columns:
    # a list may have 1,000,000 rows (docs/performance.md); the text is the same byte for byte.
    from arpad.ledger import RatingList

    table = RatingList.of_rows(rows)
    days = {d: d.isoformat() for d in set(table.last_events)}
    if fmt == ListFormat.CSV:
        # The lines csv.writer writes (the default dialect, "\n" ending lines), built with one
        # %-format a row: csv.writer took 1.7 s for a million rows. %r writes a rating as
        # its repr, as csv.writer does; %d writes the established flag as 1 or 0.
        line = "%d,%s,%s,%r,%d,%d,%s,%s\n"
        header = "rank,id,name,rating,games,established,mark,last_event\n"
        cells = zip(
            table.ranks,
            _csv_cells(csv_texts(table.player_ids)),
            _csv_cells(csv_texts(table.names)),
            table.ratings,
            table.games,
            table.established,
            _csv_cells(list(table.marks)),
            map(days.__getitem__, table.last_events),
            strict=True,
        )
        return header + "".join(map(line.__mod__, cells))
    names = visible_all(table.names)
    ids = visible_all(table.player_ids)
    idw, width, show_last = _list_widths(ids, names, columns)
    if any(len(i) > idw for i in ids):
        ids = [short_id(i, idw) for i in ids]
    if any(len(n) > width for n in names):
        names = [n if len(n) <= width else n[: width - 1] + "…" for n in names]
    tail = "  last event" if show_last else ""
    lines = [f"{'#':>6}  {'id':<{idw}}  {'name':<{width}}  {'rating':>8}  {'games':>6}{tail}"]
    # The same cells as f"{rank:>6}  {id:<idw}  {name:<width}  {rating:>8}  {games:>6}".
    line = f"%6d  %-{idw}s  %-{width}s  %8s  %6d" + ("  %s" if show_last else "%.0s")
    cells = zip(
        table.ranks,
        ids,
        names,
        rating_texts(table.ratings, system, table.marks),
        table.games,
        map(days.__getitem__, table.last_events),
        strict=True,
    )
    lines.extend(map(line.__mod__, cells))
    if not rows:
        lines.append("(no rated players)")
    return "\n".join(lines) + "\n"


STORED_FORMATS = (ListFormat.CSV, ListFormat.JSON)
"""The formats of ``arpad list`` stored with a publication (their text needs no
publication rounding nor terminal width: printing copies it out)."""


def change_report_csv(report: ChangeReport) -> str:
    """The officer's change report (``arpad publish --report``, the web's ``changes.csv``)
    as CSV, one line per player, unrounded ratings; ids and names as the list's CSV
    writes them (:func:`arpad.cli.console.csv_text`: no formula, no control character)."""
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(
        ["player_id", "name", "status", "old_rating", "new_rating", "old_games", "new_games"]
    )
    for c in report.changes:
        pid, name, *rest = ("" if v is None else v for v in c)
        out.writerow([csv_text(str(pid)), csv_text(str(name)), *rest])
    return buf.getvalue()


def stored_texts(rows: Sequence[ListRow]) -> dict[str, str]:
    """The texts ``arpad publish`` stores: this module's CSV and JSON of the list."""
    return {fmt.value: list_output(rows, fmt) for fmt in STORED_FORMATS}


FIDE_COLUMNS = (
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Tit", 5),
    ("Rtng", 6),
    ("Gms", 6),
    ("Mark", 6),
    ("Ledger id", 0),
)
"""The columns of the ``fide`` list text and their least widths: FIDE's players list's
first columns (ID Number at column 1, Name at 16, Fed at 77; docs/formats.md), then the
rating, games, the system's mark and the ledger's id. A column is widened to its longest
cell (a name of 70 characters is written whole): FIDE's players-list reader finds the
columns by the header's labels and reads this text back (``arpad.io.fide_players_list``)."""
FIDE_HEADER = "".join(f"{label:<{width}}" for label, width in FIDE_COLUMNS)


_WHAT = ("FIDE ID", "name", "federation", "title", "rating", "games", "mark", "id")


def _fide_cells(
    rows: Sequence[ListRow],
    system: str | None,
    records: Mapping[str, tuple[str | None, str | None, str | None]],
) -> list[list[str]]:
    """Each row's cells in :data:`FIDE_COLUMNS` order; control characters escaped.

    Raises:
        InputError: a cell the layout cannot carry: a blank at either end (the reader
            strips cells), a rating shown as 0 (FIDE's list's "no rating"), a FIDE ID
            that is not digits.
    """
    from arpad.errors import InputError
    from arpad.io.fide_players_writer import carried
    from arpad.ledger import RatingList

    table = RatingList.of_rows(rows)
    empty = (None, None, None)
    out = []
    for pid, name, rating, games, mark in zip(
        table.player_ids,
        table.names,
        rating_texts(table.ratings, system),
        table.games,
        table.marks,
        strict=True,
    ):
        who = f"player {visible(pid)!r}"
        if rating in ("0", "-0"):
            raise InputError(
                f"cannot write FIDE's layout: {who} has a rating shown as {rating}, which "
                "FIDE's list reads as no rating; use --format csv"
            )
        title, fed, fide = records.get(pid, empty)
        if fide and not (fide.isascii() and fide.isdigit() and len(fide) <= 18):
            raise InputError(
                f"cannot write FIDE's layout: {who} has the FIDE ID {visible(fide)!r}, "
                "which is not a FIDE ID of digits; use --format csv"
            )
        texts = (fide or "", name, fed or "", title or "", rating, str(games), mark, pid)
        cells = [visible(t) for t in texts]
        out.append([carried(t, f"{who}'s {w}") for t, w in zip(cells, _WHAT, strict=True)])
    return out


def _byte_width(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def fide_list_text(
    rows: Sequence[ListRow],
    system: str | None,
    records: Mapping[str, tuple[str | None, str | None, str | None]],
) -> str:
    """A rating list as fixed-width text in the style of FIDE's players list: the FIDE ID
    where the ledger knows one (else blank), the name, federation, title, the rating as
    the system publishes it, games, mark and the ledger id, padded in bytes of UTF-8 as
    FIDE's files are (:data:`FIDE_COLUMNS`).

    Raises:
        InputError: what the layout cannot carry (:func:`_fide_cells`).
    """
    cells = _fide_cells(rows, system, records)
    widths = [
        max([least, *(_byte_width(row[i]) + 1 for row in cells)])
        for i, (_, least) in enumerate(FIDE_COLUMNS[:-1])
    ]
    header = "".join(f"{label:<{w}}" for (label, _), w in zip(FIDE_COLUMNS, widths, strict=False))
    lines = [header + FIDE_COLUMNS[-1][0]]
    for row in cells:
        padded = [t + " " * (w - _byte_width(t)) for t, w in zip(row, widths, strict=False)]
        lines.append("".join(padded) + row[-1])
    return "\n".join(lines) + "\n"


# -- players and histories -------------------------------------------------------------------


def history_columns(rows: Sequence[HistoryRow]) -> tuple[Column, ...]:
    """The history's columns: system and pool are essential when the rows hold several."""
    several_systems = len({h.system for h in rows}) > 1
    several_pools = len({h.pool for h in rows}) > 1
    return (
        Column("date", "left"),
        Column("event", "left", text=True),
        Column("system", "left", drop=0 if several_systems else 4),
        Column("pool", "left", drop=0 if several_pools else 4),
        Column("pre"),
        Column("post"),
        Column("chg"),
        Column("games", drop=1),
        Column("score"),
        Column("perf", drop=1),
        Column("method", "left", drop=3),
    )


def _history_cells(rows: Sequence[HistoryRow]) -> list[list[str]]:
    return [
        [
            h.end_date.isoformat(),
            h.section,
            h.system,
            h.pool.value,
            rating_text(h.rating.pre, h.system),
            rating_text(h.rating.post, h.system),
            change_text(h.rating.pre, h.rating.post, h.system),
            str(h.rating.games),
            f"{h.rating.score:g}",
            _fmt(h.rating.performance),
            h.rating.method + (" (floor)" if h.rating.floor is not None else ""),
        ]
        for h in rows
    ]


def history_table(rows: Sequence[HistoryRow], width: int) -> Table:
    return fitted_table(history_columns(rows), _history_cells(rows), width, "Rating history")


def history_records(rows: Sequence[HistoryRow]) -> list[dict[str, Any]]:
    """A history as JSON records with the unrounded numbers."""
    return [
        {
            "date": h.end_date.isoformat(),
            "event": h.section,
            "system": h.system,
            "pool": h.pool.value,
            "pre": h.rating.pre,
            "post": h.rating.post,
            "change": h.rating.change,
            "games": h.rating.games,
            "score": h.rating.score,
            "performance": h.rating.performance,
            "method": h.rating.method,
        }
        for h in rows
    ]


def history_output(rows: Sequence[HistoryRow], fmt: TableFormat, console: Console) -> None:
    """A player's history as a table, CSV, or JSON with the unrounded numbers."""
    cells = _history_cells(rows)
    emit(history_columns(rows), cells, fmt, console, "Rating history", history_records(rows))


def _fact_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return f"({', '.join(_facts(value, ()))})"
    if isinstance(value, tuple | list):
        return "; ".join(map(_fact_value, value))
    return str(value)


def _facts(state: Any, skip: Sequence[str]) -> list[str]:
    """A state's fields that say something: those not at their default, as ``name value``
    (a flag that is on as its name), floats to two decimals."""
    out = []
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if f.name in skip or (f.default is not dataclasses.MISSING and value == f.default):
            continue
        if value in ((), None, False):
            continue
        label = f.name.replace("_", " ")
        out.append(label if value is True else f"{label} {_fact_value(value)}")
    return out


def state_text(state: Any) -> str:
    """What a player's state holds beyond the rating and games, in words.

    >>> from arpad.systems.uscf2020.state import USCFState
    >>> state_text(USCFState(rating=1641.4, games=17, wins=9, peak=1700.0))
    'wins 9, peak 1700'
    """
    return ", ".join(_facts(state, ("rating", "games", "events")))


STANDING_COLUMNS = (
    Column("system", "left"),
    Column("pool", "left"),
    Column("rating"),
    Column("games"),
    Column("events", drop=2),
    Column("last event", "left", drop=2),
    Column("details", "left", fold=True, drop=1),
)


def _header(info: PlayerInfo) -> Any:
    facts: list[str | tuple[str, str]] = [(info.name or info.id, "bold"), f"  {info.id}"]
    for label, value in (
        ("title", info.title),
        ("federation", info.federation),
        ("FIDE id", info.fide_id),
        ("born", info.birth_date),
    ):
        if value is not None:
            facts.append(f" · {label} {value}")
    return styled(*facts)


def player_output(
    info: PlayerInfo, rows: Sequence[HistoryRow], system: str | None, console: Console
) -> None:
    """A player as people read it: who, the current rating in each system and pool (with
    what the state holds beyond it, in words), titles, norms and the history."""
    console.print(_header(info))
    standings = [s for s in info.standings if system is None or s.system == system]
    cells = [
        [
            s.system,
            s.pool.value,
            _label(s.entry, s.system),
            str(s.entry.games),
            str(s.events),
            s.last_event.isoformat(),
            state_text(s.state),
        ]
        for s in standings
    ]
    console.print(fitted_table(STANDING_COLUMNS, cells, console.width, "Ratings"))
    if info.titles:
        console.print("titles: " + "; ".join(f"{t} ({key}, {d})" for d, key, t in info.titles))
    norms = [n for n in info.norms if system is None or n.system == system]
    if norms:
        console.print(norms_table(norms))
    won: dict[tuple[str, str, dt.date], list[str]] = {}
    for t in info.norm_titles:
        if system is None or t.system == system:
            won.setdefault((t.norm_system, t.section, t.end_date), []).append(t.title)
    for (rules, section, day), names in won.items():
        console.print(f"titles from {rules} norms: {', '.join(names)} ({section}, {day})")
    console.print(history_table(rows, console.width))


def player_facts(info: PlayerInfo) -> dict[str, Any]:
    """Who a player is, as ``arpad player --json`` and the web's player document both
    give it: id, name, birth date, FIDE id, federation and title."""
    return {
        "id": info.id,
        "name": info.name,
        "birth_date": None if info.birth_date is None else info.birth_date.isoformat(),
        "fide_id": info.fide_id,
        "federation": info.federation,
        "title": info.title,
    }


def player_json(info: PlayerInfo, rows: Sequence[HistoryRow], system: str | None) -> str:
    """``arpad player --json``: the player, each standing with its full state (unrounded),
    and the history records."""
    from arpad.ledger.codec import encode_value

    doc = {
        **player_facts(info),
        "titles": [{"date": d.isoformat(), "event": k, "title": t} for d, k, t in info.titles],
        "standings": [
            {
                "system": s.system,
                "pool": s.pool.value,
                "rating": s.entry.rating,
                "label": _label(s.entry, s.system),
                "games": s.entry.games,
                "events": s.events,
                "last_event": s.last_event.isoformat(),
                "state": {
                    f.name: encode_value(getattr(s.state, f.name))
                    for f in dataclasses.fields(s.state)
                },
            }
            for s in info.standings
            if system is None or s.system == system
        ],
        "history": history_records(rows),
    }
    return json_text(doc) + "\n"


def norms_table(norms: Sequence[StoredNorm]) -> Table:
    """The norms a player earned: one row per norm, with the numbers behind it."""
    table = Table(
        "date", "event", "system", "title", "score", "games", "required", "details",
        title="Norms", title_justify="left", header_style="bold",
    )  # fmt: skip
    for n in norms:
        r = n.result
        required = "" if r.required is None else f"{r.required:.3f}".rstrip("0").rstrip(".")
        table.add_row(
            n.end_date.isoformat(),
            n.section,
            n.norm_system,
            r.title,
            f"{r.score:g}",
            str(r.games),
            required,
            ", ".join(f"{f.label} {f.text}" for f in r.stored_facts),
        )
    return table


def plot_history(info: PlayerInfo, rows: Sequence[HistoryRow], path: Path) -> None:
    """Rating after each event, one line per (system, pool)."""
    from matplotlib.figure import Figure

    lines: dict[tuple[str, str], tuple[list[Any], list[float]]] = {}
    for h in rows:
        if h.rating.post is None:
            continue
        xs, ys = lines.setdefault((h.system, h.pool.value), ([], []))
        xs.append(h.end_date)
        ys.append(h.rating.post)
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.subplots()
    for (system, pool), (xs, ys) in sorted(lines.items()):
        label = pool if len({s for s, _ in lines}) == 1 else f"{system} {pool}"
        ax.plot(xs, ys, marker="o", markersize=3, linewidth=1.2, label=label)
    ax.set_title(f"{info.name or info.id} ({info.id})")
    ax.set_xlabel("event end date")
    ax.set_ylabel("rating after the event")
    ax.grid(True, alpha=0.3)
    if lines:
        ax.legend()
    fig.autofmt_xdate()
    fig.savefig(path, dpi=110)


# -- crosstables -----------------------------------------------------------------------------


def _as_event_rating(rs: RatedSection) -> EventRating[Any]:
    players = tuple(rs.ratings[p.id] for p in rs.section.event.players if p.id in rs.ratings)
    notes = tuple(json.loads(rs.notes)) if rs.notes and rs.notes.startswith("[") else ()
    return EventRating(rs.system, rs.section.event.id, rs.pool, players, {}, notes)


def _with_pre(rs: RatedSection) -> Event:
    """The section in its rated pool with the ledger's pre-event standing in each entry."""
    event = rs.section.event.in_pool(rs.pool)
    players = []
    for p in event.players:
        pre = rs.pre.get(p.id)
        r = rs.ratings.get(p.id)
        rating = None if pre is None else pre.rating
        players.append(
            replace(
                p,
                rating=rating,
                games=0 if rating is None or pre is None else pre.games,
                rating_kind=None if rating is None else rs.system,  # the ledger's own
                provisional=None if pre is None or rating is None else not pre.established,
                published_post=None
                if r is None or r.post is None
                else float(rating_text(r.post, rs.system)),
            )
        )
    return replace(event, players=tuple(players))


def _rated_cells(rs: RatedSection) -> dict[str, RatedCells]:
    """Every rated player's cells: the ledger's pre and post standings, the change shown."""
    cells = {}
    for p in rs.section.event.players:
        r = rs.ratings.get(p.id)
        cells[p.id] = RatedCells(
            _label(rs.pre.get(p.id), rs.system),
            _label(rs.post.get(p.id), rs.system),
            "—" if r is None else change_text(r.pre, r.post, rs.system),
            "—" if r is None else _fmt(r.k, 1),
            "—" if r is None else _fmt(r.expected, 2),
            "—" if r is None else _fmt(r.performance),
        )
    return cells


def _system_title(name: str) -> str:
    """The system's title as ``arpad rate`` prints it (``US Chess (2020)``); the stored name
    where the registry no longer knows it."""
    from arpad.errors import ConfigError
    from arpad.systems import get_system

    try:
        return get_system(name).title
    except ConfigError:
        return name


def _table(rs: RatedSection, width: int) -> Table:
    """One section's crosstable fitted to ``width`` (:func:`crosstable_table`)."""
    event = rs.section.event
    title = f"{event.name or event.id} — {_system_title(rs.system)}, {rs.pool.value} pool"
    if rs.status != "rated":
        title += f" ({rs.status}: {rs.notes})"
    return crosstable_table(event, _rated_cells(rs), width, title)


def _uscf(sections: Sequence[RatedSection]) -> str:
    by_section: dict[int, list[RatedSection]] = {}
    for rs in sections:
        by_section.setdefault(rs.section.id, []).append(rs)
    parts = []
    for group in by_section.values():
        event = group[0].section.event
        ratings: dict[str, list[RatingLine]] = {p.id: [] for p in event.players}
        for rs in group:
            label = LABELS.get(rs.pool)
            if label is None:
                from arpad.errors import InputError

                raise InputError(f"the US Chess crosstable cannot show the {rs.pool} pool")
            for p in event.players:
                pre, post = rs.pre.get(p.id), rs.post.get(p.id)
                pre_text = (
                    "Unrated"
                    if pre is None
                    else uscf_rating_text(
                        shown_rating(pre.rating, rs.system), pre.games, pre.established
                    )
                )
                post_text = (
                    ""
                    if post is None or post.rating is None
                    else uscf_rating_text(
                        shown_rating(post.rating, rs.system), post.games, post.established
                    )
                )
                ratings[p.id].append(RatingLine(label, pre_text, post_text))
        parts.append((event, ratings))
    first = sections[0].section.event
    name = first.name if len(parts) == 1 else first.name.rsplit(" Section", 1)[0]
    return dumps_sections(parts, name or first.id, first.end_date)


def crosstable_output(
    sections: Sequence[RatedSection],
    console: Console | None,
    fmt: SectionFormat = SectionFormat.TABLE,
) -> str:
    """Print tables on ``console``, or return the text of another format."""
    if fmt in (SectionFormat.TABLE, SectionFormat.TEXT):
        assert console is not None
        for rs in sections:
            console.print(_table(rs, console.width))
        return ""
    if fmt == SectionFormat.USCF:
        return _uscf(sections)
    if fmt == SectionFormat.EVENT:
        # A dual-rated section is one event seen from two pools: its own pool's view says
        # ``dual_rated`` and holds the other pool's standing, so it alone is written.
        own = [rs for rs in sections if rs.pool == rs.section.event.pool] or sections[:1]
        docs = [json_event.to_document(_with_pre(rs)) for rs in own]
        return json_text(docs[0] if len(docs) == 1 else docs) + "\n"
    results: list[dict[str, Any]] = []
    for rs in sections:
        if rs.status != "rated":
            results.append(
                {"system": rs.system, "event": rs.section.event.id, "pool": rs.pool.value,
                 "status": rs.status, "notes": rs.notes, "players": []}
            )  # fmt: skip
            continue
        doc = result_json(_with_pre(rs), _as_event_rating(rs))
        for player in doc["players"]:
            player["performance"] = finite_or_none(player["performance"])
        results.append(doc)
    return json_text(results[0] if len(results) == 1 else results) + "\n"
