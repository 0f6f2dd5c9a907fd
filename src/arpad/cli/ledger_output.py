"""How the ledger commands print: rating lists, players, histories, crosstables, plots."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from arpad.cli.console import csv_texts, json_text, styled, visible_all
from arpad.cli.numbers import number as _fmt
from arpad.cli.rate import result_json
from arpad.cli.tables import Column, TableFormat, emit, fitted_table, shown_change
from arpad.io import json_event
from arpad.io.uscf_crosstable_writer import (
    LABELS,
    RatingLine,
    dumps_sections,
    rating_text,
    round_cells,
)
from arpad.model import Event
from arpad.systems import EventRating, ListEntry, finite_or_none

if TYPE_CHECKING:  # the ledger imports SQLAlchemy: only the ledger commands load it
    from arpad.ledger import HistoryRow, ListRow, PlayerInfo, RatedSection, StoredNorm


class ListFormat(StrEnum):
    TABLE = "table"
    TEXT = "text"  # the name the other table commands use (TableFormat); same as table
    CSV = "csv"
    JSON = "json"


class SectionFormat(StrEnum):
    TABLE = "table"
    TEXT = "text"  # the name the other table commands use (TableFormat); same as table
    USCF = "uscf"
    JSON = "json"
    EVENT = "event"


def _label(entry: ListEntry | None) -> str:
    if entry is None or entry.rating is None:
        return "unr."
    return f"{entry.rating:.0f}{entry.mark}"


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


def list_output(
    rows: Sequence[ListRow],
    fmt: ListFormat,
    publish: Callable[[float | None], float | None] | None = None,
    columns: int | None = None,
) -> str:
    """A rating list as text. The table is plain fixed-width text (fast for 100,000 rows)
    showing each rating as the system publishes it (``publish``, e.g.
    :meth:`arpad.systems.RatingSystem.published`); CSV and JSON carry unrounded ratings.

    ``columns`` is the width to fit (None: no limit): names are shortened first, then the
    last-event column is left out; ids and numbers are never cut (D-output-1)."""
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
    width = max((len(n) for n in names), default=4)
    idw = max((len(i) for i in ids), default=2)
    fixed = 6 + 2 + idw + 2 + 2 + 8 + 2 + 6  # rank, id, name's gaps, rating, games
    last = 12  # "  last event"
    show_last = columns is None or fixed + min(width, 16) + last <= columns
    if columns is not None:
        width = max(min(width, columns - fixed - (last if show_last else 0)), 8)
        names = [n if len(n) <= width else n[: width - 1] + "…" for n in names]
    tail = "  last event" if show_last else ""
    lines = [f"{'#':>6}  {'id':<{idw}}  {'name':<{width}}  {'rating':>8}  {'games':>6}{tail}"]
    shown = table.ratings if publish is None else map(publish, table.ratings)
    # The same cells as f"{rank:>6}  {id:<idw}  {name:<width}  {rating:>8}  {games:>6}".
    line = f"%6d  %-{idw}s  %-{width}s  %8s  %6d" + ("  %s" if show_last else "%.0s")
    cells = zip(
        table.ranks,
        ids,
        names,
        map(str.__add__, map(_fmt, shown), table.marks),
        table.games,
        map(days.__getitem__, table.last_events),
        strict=True,
    )
    lines.extend(map(line.__mod__, cells))
    if not rows:
        lines.append("(no rated players)")
    return "\n".join(lines) + "\n"


# -- players and histories -------------------------------------------------------------------


HISTORY_COLUMNS = (
    Column("date", "left"),
    Column("event", "left", text=True),
    Column("system", "left", drop=2),
    Column("pool", "left", drop=2),
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
            _fmt(h.rating.pre),
            _fmt(h.rating.post),
            shown_change(h.rating.pre, h.rating.post),
            str(h.rating.games),
            f"{h.rating.score:g}",
            _fmt(h.rating.performance),
            h.rating.method + (" (floor)" if h.rating.floor is not None else ""),
        ]
        for h in rows
    ]


def history_table(rows: Sequence[HistoryRow], width: int) -> Table:
    return fitted_table(HISTORY_COLUMNS, _history_cells(rows), width, "Rating history")


def history_output(rows: Sequence[HistoryRow], fmt: TableFormat, console: Console) -> None:
    """A player's history as a table, CSV, or JSON with the unrounded numbers."""
    records = [
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
    emit(HISTORY_COLUMNS, _history_cells(rows), fmt, console, "Rating history", records)


def _state_text(state: Any) -> str:
    parts = []
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, float):
            value = round(value, 2)
        parts.append(f"{f.name}={value}")
    return ", ".join(parts)


def player_output(
    info: PlayerInfo, rows: Sequence[HistoryRow], system: str | None, console: Console
) -> None:
    facts: list[str | tuple[str, str]] = [(info.name or info.id, "bold"), f"  id {info.id}"]
    for label, value in (
        ("born", info.birth_date),
        ("FIDE id", info.fide_id),
        ("federation", info.federation),
        ("title", info.title),
    ):
        if value is not None:
            facts.append(f"  {label} {value}")
    console.print(styled(*facts))
    table = Table("system", "pool", "rating", "games", "events", "last event", header_style="bold")
    # The full state is folded onto lines of its own, never cut (D-output-1).
    table.add_column("state", overflow="fold", min_width=10)
    for s in info.standings:
        if system is not None and s.system != system:
            continue
        table.add_row(
            s.system,
            s.pool.value,
            _label(s.entry),
            str(s.entry.games),
            str(s.events),
            s.last_event.isoformat(),
            _state_text(s.state),
        )
    console.print(table)
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
                published_post=None if r is None or r.post is None else float(round(r.post)),
            )
        )
    return replace(event, players=tuple(players))


def _table(rs: RatedSection, width: int) -> Table:
    event = rs.section.event
    cells = round_cells(event)
    rounds = max((len(c) for c in cells.values()), default=0)
    title = f"{event.name or event.id} — {rs.system}, {rs.pool.value} pool"
    if rs.status != "rated":
        title += f" ({rs.status}: {rs.notes})"
    columns = [
        Column("#"),
        Column("Player", "left", text=True),
        Column("ID", "left", drop=3),
        Column("Pre"),
        Column("Post"),
        Column("Chg"),
        Column("Pts"),
        *(Column(f"R{n}", "left", drop=2) for n in range(1, rounds + 1)),
        Column("Perf", drop=1),
    ]
    rows = []
    for i, p in enumerate(event.players, start=1):
        r = rs.ratings.get(p.id)
        mine = cells.get(p.id, [])
        rows.append(
            [
                str(i),
                p.name or p.id,
                p.id,
                _label(rs.pre.get(p.id)),
                _label(rs.post.get(p.id)),
                "—" if r is None else shown_change(r.pre, r.post),
                f"{event.total_points(p.id):g}",
                *[c.text().replace("   ", " ").strip() for c in mine],
                *([""] * (rounds - len(mine))),
                "—" if r is None else _fmt(r.performance),
            ]
        )
    return fitted_table(columns, rows, width, title)


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
                    else rating_text(pre.rating, pre.games, pre.established)
                )
                post_text = (
                    ""
                    if post is None or post.rating is None
                    else rating_text(post.rating, post.games, post.established)
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
