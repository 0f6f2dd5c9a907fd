"""The plain data behind each page: the JSON API returns these documents and the
templates render them, so the two cannot disagree. Every number comes from the ledger's
own queries (:class:`arpad.ledger.Ledger`); nothing here queries tables itself.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections.abc import Sequence
from typing import Any

from arpad.cli.ledger_output import list_row_json
from arpad.display import change_text, rating_text
from arpad.io.uscf_crosstable_writer import round_cells
from arpad.ledger import HistoryRow, Ledger, ListRow, RatedSection, StoredNorm
from arpad.ledger.norms import player_norms
from arpad.ledger.preview import ImportPreview, PreviewSection
from arpad.systems import ListEntry, PlayerRating, finite_or_none
from arpad.titles import NormResult, norm_system_for
from arpad.web.reading import ListPage


def _number(x: float | None) -> float | None:
    return finite_or_none(x)


def entry_doc(entry: ListEntry | None, system: str) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "rating": _number(entry.rating),
        "games": entry.games,
        "established": entry.established,
        "mark": entry.mark,
        "label": rating_text(entry.rating, system, entry.mark, missing="unr."),
    }


def rating_doc(r: PlayerRating | None, system: str | None = None) -> dict[str, Any] | None:
    """A player's result; the ``*_label`` fields are what a person reads
    (:mod:`arpad.display`: the system's published rounding)."""
    if r is None:
        return None
    change = r.change
    return {
        "pre_label": rating_text(r.pre, system),
        "post_label": rating_text(r.post, system),
        "change_label": change_text(r.pre, r.post, system),
        "pre": _number(r.pre),
        "post": _number(r.post),
        "change": None if change is None or not math.isfinite(change) else change,
        "games": r.games,
        "score": r.score,
        "expected": _number(r.expected),
        "k": _number(r.k),
        "bonus": r.bonus,
        "method": r.method,
        "performance": _number(r.performance),
        "floor": _number(r.floor),
        "notes": list(r.notes),
    }


def list_row_doc(r: ListRow, system: str) -> dict[str, Any]:
    return {**list_row_json(r), "label": rating_text(r.rating, system, r.mark)}


def list_doc(
    system: str, pool: str, as_of: dt.date | None, query: str, page: ListPage
) -> dict[str, Any]:
    return {
        "system": system,
        "pool": pool,
        "as_of": None if as_of is None else as_of.isoformat(),
        "query": query,
        "total": page.total,
        "page": page.page,
        "pages": page.pages,
        "size": page.size,
        "rows": [list_row_doc(r, system) for r in page.rows],
    }


def norm_doc(n: NormResult) -> dict[str, Any]:
    return {
        "player_id": n.player_id,
        "name": n.name,
        "title": n.title,
        "earned": n.earned,
        "score": n.score,
        "games": n.games,
        "required": n.required,
        "facts": [[f.label, f.text] for f in n.facts],
    }


def _stored_norm_doc(n: StoredNorm) -> dict[str, Any]:
    return {
        "date": n.end_date.isoformat(),
        "section": n.section,
        "event_name": n.event_name,
        "system": n.system,
        "norm_system": n.norm_system,
        **norm_doc(n.result),
    }


def _state_doc(state: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, float):
            value = _number(value)
        elif not isinstance(value, int | str | bool | type(None)):
            value = str(value)
        out[f.name] = value
    return out


def history_doc(h: HistoryRow) -> dict[str, Any]:
    return {
        "system": h.system,
        "pool": h.pool.value,
        "date": h.end_date.isoformat(),
        "section": h.section,
        "event_name": h.name,
        **(rating_doc(h.rating, h.system) or {}),
    }


def player_doc(ledger: Ledger, player_id: str) -> tuple[dict[str, Any], list[HistoryRow]]:
    """The player document, and the history rows (for the chart).

    Raises:
        LedgerError: no such player.
    """
    info = ledger.player(player_id)
    rows = ledger.history(player_id)
    doc = {
        "id": info.id,
        "name": info.name,
        "birth_date": None if info.birth_date is None else info.birth_date.isoformat(),
        "fide_id": info.fide_id,
        "federation": info.federation,
        "title": info.title,
        "titles": [
            {"date": d.isoformat(), "section": key, "title": t} for d, key, t in info.titles
        ],
        "standings": [
            {
                "system": s.system,
                "pool": s.pool.value,
                **(entry_doc(s.entry, s.system) or {}),
                "events": s.events,
                "last_event": s.last_event.isoformat(),
                "state": _state_doc(s.state),
            }
            for s in info.standings
        ],
        "norms": [_stored_norm_doc(n) for n in info.norms],
        "norm_titles": [
            {
                "system": t.system,
                "norm_system": t.norm_system,
                "title": t.title,
                "date": t.end_date.isoformat(),
                "section": t.section,
            }
            for t in info.norm_titles
        ],
        "history": [history_doc(h) for h in rows],
    }
    return doc, rows


def _crosstable_rows(
    system: str,
    players: Sequence[Any],
    event: Any,
    pre: dict[str, ListEntry],
    post: dict[str, ListEntry],
    ratings: dict[str, PlayerRating],
) -> list[dict[str, Any]]:
    cells = round_cells(event)
    return [
        {
            "number": i,
            "id": p.id,
            "name": p.name,
            "pre": entry_doc(pre.get(p.id), system),
            "post": entry_doc(post.get(p.id), system),
            "points": event.total_points(p.id),
            "rounds": [" ".join(c.text().split()) for c in cells.get(p.id, [])],
            "rating": rating_doc(ratings.get(p.id), system),
        }
        for i, p in enumerate(players, start=1)
    ]


def section_doc(rs: RatedSection, norms: Sequence[NormResult]) -> dict[str, Any]:
    event = rs.section.event
    return {
        "section": event.id,
        "name": event.name or event.id,
        "end_date": None if event.end_date is None else event.end_date.isoformat(),
        "system": rs.system,
        "pool": rs.pool.value,
        "status": rs.status,
        "notes": rs.notes,
        "players": _crosstable_rows(rs.system, event.players, event, rs.pre, rs.post, rs.ratings),
        "norms": [norm_doc(n) for n in norms],
    }


def _section_norms(ledger: Ledger, rs: RatedSection) -> list[NormResult]:
    """The norms earned in a rated section (the ledger stores them per player)."""
    if norm_system_for(rs.system) is None:
        return []
    out: list[NormResult] = []
    with ledger.engine.connect() as conn:
        for p in rs.section.event.players:
            out.extend(
                n.result
                for n in player_norms(conn, p.id)
                if n.section == rs.section.event.id and n.system == rs.system
            )
    return out


def event_doc(ledger: Ledger, key: str, system: str) -> dict[str, Any]:
    """Raises: LedgerError: no such event, or the system has not rated it."""
    sections = ledger.rated_sections(key, system)
    return {
        "event": key,
        "system": system,
        "sections": [section_doc(rs, _section_norms(ledger, rs)) for rs in sections],
    }


def _preview_section_doc(s: PreviewSection, event: Any) -> dict[str, Any]:
    pre = {r.player_id: r.pre for r in s.rows if r.pre is not None}
    post = {r.player_id: r.post for r in s.rows if r.post is not None}
    ratings = {r.player_id: r.rating for r in s.rows if r.rating is not None}
    return {
        "section": s.section,
        "name": s.name,
        "end_date": None if s.end_date is None else s.end_date.isoformat(),
        "system": s.system,
        "pool": s.pool.value,
        "status": s.status,
        "notes": s.message,
        "players": _crosstable_rows(s.system, event.players, event, pre, post, ratings),
        "norms": [norm_doc(n) for n in s.norms],
    }


def preview_doc(upload_id: str, preview: ImportPreview) -> dict[str, Any]:
    p = preview.prepared
    events = {s.event.id: s.event for e in p.events for s in e.sections}
    return {
        "id": upload_id,
        "source": p.source,
        "format": p.format,
        "sha256": p.sha256,
        "refused": preview.refused,
        "can_commit": preview.refused is None,
        "later_sections": preview.later_sections,
        "events": [
            {
                "key": e.key,
                "name": e.name,
                "end_date": e.end_date.isoformat(),
                "sections": len(e.sections),
                "players": sum(len(s.event.players) for s in e.sections),
                "games": sum(len(s.event.games) for s in e.sections),
            }
            for e in p.events
        ],
        "players": [
            {
                "id": q.player_id,
                "name": q.name,
                "identity": q.identity.value,
                "known_name": q.known_name,
                "message": q.message,
            }
            for q in preview.players
        ],
        "conflicts": preview.conflicts,
        "sections": [_preview_section_doc(s, events[s.section]) for s in preview.sections],
    }
