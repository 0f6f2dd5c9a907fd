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

from arpad.cli.ledger_output import list_row_json, player_facts
from arpad.display import change_text, rating_text
from arpad.io.uscf_crosstable_writer import round_cells
from arpad.ledger import HistoryRow, Ledger, ListRow, RatedSection, StoredNorm, queries
from arpad.ledger.norms import player_norms
from arpad.systems import ListEntry, PlayerRating, finite_or_none
from arpad.titles import (
    NormResult,
    dated_norm_system,
    event_day,
    get_title_system,
    norm_system_for,
)
from arpad.web.reading import ListPage
from arpad.web.uploads import Uploads


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
        "status": None if n.status is None else n.status.value,
        "provisional_on": list(n.provisional_on),
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


def player_doc(
    ledger: Ledger, player_id: str, systems: Sequence[str] | None = None
) -> tuple[dict[str, Any], list[HistoryRow]]:
    """The player document, and the history rows (for the chart). ``systems``: the
    ledger's systems, when the caller knows them (read from the ledger otherwise).

    Raises:
        LedgerError: no such player.
    """
    with ledger.engine.connect() as conn:  # one connection for the page's few queries
        info, rows = queries.player_page(conn, player_id, systems)
    doc = {
        **player_facts(info),
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


def crosstable_rows(
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
        "players": crosstable_rows(rs.system, event.players, event, rs.pre, rs.post, rs.ratings),
        "norms": [norm_doc(n) for n in norms],
        "norm_rules": _norm_rules(rs),
    }


def _norm_rules(rs: RatedSection) -> dict[str, str] | None:
    """The title rules the section's norms were checked under: the version in force on
    its date (:func:`arpad.titles.dated_norm_system`), as the ledger chose them."""
    family = norm_system_for(rs.system)
    if family is None:
        return None
    rules = get_title_system(dated_norm_system(family, event_day(rs.section.event)))
    return {"system": rules.name, "title": rules.title}


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


PLAYERS_PER_PAGE = 100
SECTIONS_PER_PAGE = 5


def _paged(found: tuple[list[Any], int], page: int, size: int) -> dict[str, Any]:
    rows, total = found
    return {"page": page, "pages": max(1, -(-total // size)), "total": total, "rows": rows}


def upload_doc(
    uploads: Uploads, upload_id: str, players_page: int = 1, sections_page: int = 1
) -> dict[str, Any]:
    """An upload's state and, once the background job has read it, its preview: the
    summary and one page of players and of rated sections (read from the ledger a page
    at a time, whatever the file's size).

    Raises:
        InputError: no such upload.
    """
    u = uploads.require(upload_id)
    doc: dict[str, Any] = {
        "id": u.id,
        "filename": u.filename,
        "state": u.state,
        "error": u.error,
        "created": u.created_at,
        "can_commit": u.can_commit,
        "summary": u.summary,
    }
    if u.summary is not None:
        doc["players"] = _paged(
            uploads.items(u.id, "player", players_page, PLAYERS_PER_PAGE),
            players_page,
            PLAYERS_PER_PAGE,
        )
        doc["sections"] = _paged(
            uploads.items(u.id, "section", sections_page, SECTIONS_PER_PAGE),
            sections_page,
            SECTIONS_PER_PAGE,
        )
    return doc
