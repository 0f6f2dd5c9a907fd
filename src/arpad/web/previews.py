"""An import preview made compact for the ledger (D-web-7): a summary an officer reads
first (events, players new and matched, conflicts, new players whose names the ledger
already knows under another id) and one small document per player and per rated section,
stored as rows and read a page at a time.

The summary is bounded whatever the file: it lists at most :data:`SHOWN_EVENTS` events
and :data:`SHOWN_SAME_NAMES` same-name warnings, with their totals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Connection, select

from arpad.ledger import schema
from arpad.ledger.identity import name_key
from arpad.ledger.preview import Identity, ImportPreview, PreviewSection
from arpad.model import Event
from arpad.web.documents import crosstable_rows, norm_doc

SHOWN_EVENTS = 50
SHOWN_SAME_NAMES = 200
SAME_NAME_IDS = 3
"""Ledger players named per same-name warning."""


def same_names(conn: Connection, names: dict[str, str]) -> dict[str, list[tuple[str, str]]]:
    """For each new player (id → name in the file), the ledger's players whose names
    compare equal (:func:`arpad.ledger.identity.name_key`), at most
    :data:`SAME_NAME_IDS` each: ``id → [(ledger id, ledger name)]``."""
    wanted: dict[str, list[str]] = {}
    for pid, name in names.items():
        key = name_key(name)
        if key:
            wanted.setdefault(key, []).append(pid)
    found: dict[str, list[tuple[str, str]]] = {}
    if not wanted:
        return found
    t = schema.players
    rows = conn.execution_options(yield_per=5000).execute(select(t.c.id, t.c.name))
    for ledger_id, ledger_name in rows:
        for pid in wanted.get(name_key(ledger_name or ""), ()):
            known = found.setdefault(pid, [])
            if len(known) < SAME_NAME_IDS and ledger_id != pid:
                known.append((ledger_id, ledger_name))
    return found


def _events(preview: ImportPreview) -> list[dict[str, Any]]:
    return [
        {
            "key": e.key,
            "name": e.name,
            "end_date": e.end_date.isoformat(),
            "sections": len(e.sections),
            "players": sum(len(s.event.players) for s in e.sections),
            "games": sum(len(s.event.games) for s in e.sections),
        }
        for e in preview.prepared.events[:SHOWN_EVENTS]
    ]


def summary(preview: ImportPreview, same: dict[str, list[tuple[str, str]]]) -> dict[str, Any]:
    """What the preview page shows first (bounded in size whatever the file)."""
    p = preview.prepared
    counts = {i.value: 0 for i in Identity}
    for q in preview.players:
        counts[q.identity.value] += 1
    names = {q.player_id: q.name for q in preview.players}
    warnings = [
        {"id": pid, "name": names[pid], "known": [list(k) for k in known]}
        for pid, known in list(same.items())[:SHOWN_SAME_NAMES]
    ]
    return {
        "source": p.source,
        "format": p.format,
        "sha256": p.sha256,
        "refused": preview.refused,
        "later_sections": preview.later_sections,
        "events_total": len(p.events),
        "events": _events(preview),
        "games": sum(len(s.event.games) for e in p.events for s in e.sections),
        "players_total": len(preview.players),
        "new": counts[Identity.NEW.value],
        "matched": counts[Identity.MATCHED.value],
        "conflicts": counts[Identity.CONFLICT.value],
        "same_name_total": len(same),
        "same_name": warnings,
        "sections_total": len(preview.sections),
        "sections_not_rated": sum(1 for s in preview.sections if s.status != "rated"),
        "first_event": p.events[0].key if p.events else None,
    }


def player_items(preview: ImportPreview) -> Iterator[dict[str, Any]]:
    for q in preview.players:
        yield {
            "id": q.player_id,
            "name": q.name,
            "identity": q.identity.value,
            "known_name": q.known_name,
            "message": q.message,
        }


def section_items(preview: ImportPreview) -> Iterator[dict[str, Any]]:
    """Each rated section as the crosstable template shows it."""
    events = {ps.event.id: ps.event for e in preview.prepared.events for ps in e.sections}
    for s in preview.sections:
        yield _section_item(s, events[s.section])


def _section_item(s: PreviewSection, event: Event) -> dict[str, Any]:
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
        "players": crosstable_rows(s.system, event.players, event, pre, post, ratings),
        "norms": [norm_doc(n) for n in s.norms],
    }


__all__ = ["player_items", "same_names", "section_items", "summary"]
