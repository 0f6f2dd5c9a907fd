"""How the ledger commands print: rating lists, players, histories, crosstables, plots."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
import math
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from arpad.cli.rate import result_json
from arpad.io import json_event
from arpad.io.uscf_crosstable_writer import (
    LABELS,
    RatingLine,
    dumps_sections,
    rating_text,
    round_cells,
)
from arpad.ledger import HistoryRow, ListRow, PlayerInfo, RatedSection, StoredNorm
from arpad.model import Event
from arpad.systems import EventRating, ListEntry, finite_or_none


class ListFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"


class SectionFormat(StrEnum):
    TABLE = "table"
    USCF = "uscf"
    JSON = "json"
    EVENT = "event"


def _fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "—"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"


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


def list_output(rows: Sequence[ListRow], fmt: ListFormat) -> str:
    """A rating list as text. The table is plain fixed-width text (fast for 100,000 rows);
    CSV and JSON carry unrounded ratings."""
    if fmt == ListFormat.CSV:
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(
            ["rank", "id", "name", "rating", "games", "established", "mark", "last_event"]
        )
        for r in rows:
            writer.writerow(
                [
                    r.rank,
                    r.player_id,
                    r.name,
                    repr(r.rating),
                    r.games,
                    int(r.established),
                    r.mark,
                    r.last_event,
                ]
            )
        return buf.getvalue()
    if fmt == ListFormat.JSON:
        doc = [list_row_json(r) for r in rows]
        # No indent: json then runs on its fast C encoder (a 100,000-player list).
        return json.dumps(doc, ensure_ascii=False) + "\n"
    width = max((len(r.name) for r in rows), default=4)
    idw = max((len(r.player_id) for r in rows), default=2)
    lines = [f"{'#':>6}  {'id':<{idw}}  {'name':<{width}}  {'rating':>8}  {'games':>6}  last event"]
    lines.extend(
        f"{r.rank:>6}  {r.player_id:<{idw}}  {r.name:<{width}}  {_fmt(r.rating) + r.mark:>8}  "
        f"{r.games:>6}  {r.last_event.isoformat()}"
        for r in rows
    )
    if not rows:
        lines.append("(no rated players)")
    return "\n".join(lines) + "\n"


# -- players and histories -------------------------------------------------------------------


def history_table(rows: Sequence[HistoryRow]) -> Table:
    table = Table(title="Rating history", title_justify="left", header_style="bold")
    for col, justify in [
        ("date", "left"),
        ("event", "left"),
        ("system", "left"),
        ("pool", "left"),
        ("pre", "right"),
        ("post", "right"),
        ("chg", "right"),
        ("games", "right"),
        ("score", "right"),
        ("perf", "right"),
        ("method", "left"),
    ]:
        table.add_column(col, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for h in rows:
        r = h.rating
        table.add_row(
            h.end_date.isoformat(),
            h.section,
            h.system,
            h.pool.value,
            _fmt(r.pre),
            _fmt(r.post),
            "—" if r.change is None else f"{r.change:+.0f}",
            str(r.games),
            f"{r.score:g}",
            _fmt(r.performance),
            r.method + (" (floor)" if r.floor is not None else ""),
        )
    return table


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
    facts = [f"[bold]{info.name or info.id}[/bold]  id {info.id}"]
    for label, value in (
        ("born", info.birth_date),
        ("FIDE id", info.fide_id),
        ("federation", info.federation),
        ("title", info.title),
    ):
        if value is not None:
            facts.append(f"{label} {value}")
    console.print("  ".join(facts))
    table = Table(
        "system", "pool", "rating", "games", "events", "last event", "state", header_style="bold"
    )
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
    console.print(history_table(rows))


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
            ", ".join(f"{k} {v}" for k, v in r.facts),
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
                provisional=None if pre is None or rating is None else not pre.established,
                published_post=None if r is None or r.post is None else float(round(r.post)),
            )
        )
    return replace(event, players=tuple(players))


def _table(rs: RatedSection) -> Table:
    event = rs.section.event
    cells = round_cells(event)
    rounds = max((len(c) for c in cells.values()), default=0)
    title = f"{event.name or event.id} — {rs.system}, {rs.pool.value} pool"
    if rs.status != "rated":
        title += f" ({rs.status}: {rs.notes})"
    table = Table(title=title, title_justify="left", header_style="bold")
    for col in ("#", "Player", "ID", "Pre", "Post", "Chg", "Pts"):
        table.add_column(col, justify="left" if col in ("Player", "ID") else "right", no_wrap=True)
    for n in range(1, rounds + 1):
        table.add_column(f"R{n}", justify="left", no_wrap=True)
    table.add_column("Perf", justify="right", no_wrap=True)
    for i, p in enumerate(event.players, start=1):
        r = rs.ratings.get(p.id)
        mine = cells.get(p.id, [])
        table.add_row(
            str(i),
            p.name or p.id,
            p.id,
            _label(rs.pre.get(p.id)),
            _label(rs.post.get(p.id)),
            "—" if r is None or r.change is None else f"{r.change:+.0f}",
            f"{event.total_points(p.id):g}",
            *[c.text().replace("   ", " ").strip() for c in mine],
            *([""] * (rounds - len(mine))),
            "—" if r is None else _fmt(r.performance),
        )
    return table


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
    if fmt == SectionFormat.TABLE:
        assert console is not None
        for rs in sections:
            console.print(_table(rs))
        return ""
    if fmt == SectionFormat.USCF:
        return _uscf(sections)
    if fmt == SectionFormat.EVENT:
        docs = [json_event.to_document(_with_pre(rs)) for rs in sections]
        return json.dumps(docs[0] if len(docs) == 1 else docs, indent=2, ensure_ascii=False) + "\n"
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
    return (
        json.dumps(results[0] if len(results) == 1 else results, indent=2, ensure_ascii=False)
        + "\n"
    )
