"""Merging two ledger players into one, and splitting them again (D-ident-5).

``merge(kept, merged)`` gives every entry, game, unplayed round and title of ``merged`` to
``kept``, deletes ``merged``'s record (after keeping it in ``player_merges``) and rolls
back every system from the earliest section either change touches, so that
``rate-pending`` rates it all again with the ledger's ordinary re-rating (the same as a
late event). Later imports that give ``merged``'s id are ``kept`` (see
:mod:`arpad.ledger.identity`). ``split(merged)`` undoes it: the entries recorded go back
to ``merged``, both records are as before, and the same roll-back makes the ratings those
of a ledger that never merged them. Entries imported after the merge under ``merged``'s id
stay with ``kept``.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, tuple_, update

from arpad.ledger import schema
from arpad.ledger.db import LedgerError
from arpad.ledger.rollback import roll_back_from

_ATTRIBUTES = ("name", "birth_date", "fide_id", "federation", "title", "sex")


@dataclass(frozen=True, slots=True)
class Merged:
    kept: str
    merged: str
    entries: int
    """Entries (a player's line in a section) that changed hands."""
    rolled_back: int
    """Sections whose ratings were rolled back, to be rated again."""


def _record(conn: Connection, player_id: str) -> dict[str, Any]:
    p = schema.players
    row = conn.execute(select(p).where(p.c.id == player_id)).first()
    if row is None:
        raise LedgerError(f"no player {player_id!r} in the ledger")
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in row._mapping.items()}


def _restored(record: dict[str, Any]) -> dict[str, Any]:
    out = dict(record)
    if out.get("birth_date") is not None:
        out["birth_date"] = dt.date.fromisoformat(out["birth_date"])
    return out


def _move(conn: Connection, entries: list[tuple[int, int]], source: str, target: str) -> set[int]:
    """Give the ``entries`` (section, ordinal) of ``source`` and their games, unplayed rounds
    and titles to ``target``; returns the sections."""
    en, g, u, tt = schema.entries, schema.games, schema.unplayed, schema.player_titles
    sections = {s for s, _ in entries}
    for i in range(0, len(entries), 400):
        part = entries[i : i + 400]
        conn.execute(
            update(en)
            .where(tuple_(en.c.section_id, en.c.ordinal).in_(part), en.c.player_id == source)
            .values(player_id=target)
        )
    ids = sorted(sections)
    conn.execute(update(g).where(g.c.section_id.in_(ids), g.c.white == source).values(white=target))
    conn.execute(update(g).where(g.c.section_id.in_(ids), g.c.black == source).values(black=target))
    conn.execute(
        update(u).where(u.c.section_id.in_(ids), u.c.player_id == source).values(player_id=target)
    )
    conn.execute(
        update(u).where(u.c.section_id.in_(ids), u.c.opponent == source).values(opponent=target)
    )
    conn.execute(
        update(tt)
        .where(tt.c.section_id.in_(ids), tt.c.player_id == source)
        .values(player_id=target)
    )
    return sections


def _roll_back_sections(conn: Connection, sections: set[int]) -> int:
    """Roll back every system from the earliest of ``sections`` on (inclusive)."""
    s = schema.sections
    first = conn.execute(
        select(s.c.end_date, s.c.position)
        .where(s.c.id.in_(sorted(sections)))
        .order_by(s.c.end_date, s.c.position)
        .limit(1)
    ).first()
    if first is None:
        return 0
    return len(roll_back_from(conn, None, first.end_date, first.position, inclusive=True))


def merge(conn: Connection, kept: str, merged: str, now: str) -> Merged:
    """Merge player ``merged`` into ``kept`` (module docstring), in the caller's transaction.

    Raises:
        LedgerError: an unknown player, the same player twice, or two players who play in
            the same section (they are two people).
    """
    if kept == merged:
        raise LedgerError(f"{kept!r} is one player already")
    kept_record, merged_record = _record(conn, kept), _record(conn, merged)
    en, s = schema.entries, schema.sections
    entries = [
        (int(a), int(b))
        for a, b in conn.execute(
            select(en.c.section_id, en.c.ordinal)
            .where(en.c.player_id == merged)
            .order_by(en.c.section_id, en.c.ordinal)
        )
    ]
    shared = conn.execute(
        select(s.c.key)
        .where(
            s.c.id.in_(select(en.c.section_id).where(en.c.player_id == kept)),
            s.c.id.in_(select(en.c.section_id).where(en.c.player_id == merged)),
        )
        .limit(1)
    ).first()
    if shared is not None:
        raise LedgerError(
            f"{kept!r} and {merged!r} both play in {shared.key!r}: they are two players"
        )
    rolled = _roll_back_sections(conn, {sid for sid, _ in entries})
    _move(conn, entries, merged, kept)
    p = schema.players
    filled = {
        k: merged_record[k]
        for k in _ATTRIBUTES
        if kept_record.get(k) in (None, "") and merged_record.get(k) not in (None, "")
    }
    if filled:
        conn.execute(update(p).where(p.c.id == kept).values(**_restored(filled)))
    conn.execute(delete(p).where(p.c.id == merged))
    m = schema.player_merges
    absorbed = list(conn.execute(select(m.c.merged).where(m.c.kept == merged)).scalars())
    conn.execute(update(m).where(m.c.kept == merged).values(kept=kept))  # earlier merges
    record = {
        "kept": kept_record,
        "merged": merged_record,
        "entries": entries,
        "filled": sorted(filled),
        "absorbed": absorbed,
    }
    next_id = conn.execute(select(func.coalesce(func.max(m.c.id), 0))).scalar_one() + 1
    conn.execute(
        insert(m).values(
            id=next_id, kept=kept, merged=merged, merged_at=now, record=json.dumps(record)
        )
    )
    return Merged(kept, merged, len(entries), rolled)


def split(conn: Connection, merged: str) -> Merged:
    """Undo the merge of ``merged`` (module docstring), in the caller's transaction.

    Raises:
        LedgerError: ``merged`` was not merged into anyone, or its id is taken again.
    """
    m = schema.player_merges
    row = conn.execute(select(m).where(m.c.merged == merged)).first()
    if row is None:
        raise LedgerError(
            f"{merged!r} was not merged into another player (arpad player merge KEPT MERGED)"
        )
    p, en = schema.players, schema.entries
    if conn.execute(select(p.c.id).where(p.c.id == merged)).first() is not None:
        raise LedgerError(f"a player {merged!r} is in the ledger again; cannot split")
    record = json.loads(row.record)
    entries = [(int(a), int(b)) for a, b in record["entries"]]
    kept = row.kept
    held = 0
    for i in range(0, len(entries), 400):
        part = entries[i : i + 400]
        held += conn.execute(
            select(func.count())
            .select_from(en)
            .where(tuple_(en.c.section_id, en.c.ordinal).in_(part), en.c.player_id == kept)
        ).scalar_one()
    if held != len(entries):
        raise LedgerError(f"the entries merged from {merged!r} are no longer {kept!r}'s")
    rolled = _roll_back_sections(conn, {sid for sid, _ in entries})
    conn.execute(insert(p).values(**_restored(record["merged"])))
    _move(conn, entries, kept, merged)
    before = _restored(record["kept"])
    if record["filled"]:  # what the merge filled in from the merged player's record
        conn.execute(
            update(p).where(p.c.id == kept).values(**{k: before[k] for k in record["filled"]})
        )
    if record["absorbed"]:  # players merged into ``merged`` before are its own again
        conn.execute(update(m).where(m.c.merged.in_(record["absorbed"])).values(kept=merged))
    conn.execute(delete(m).where(m.c.id == row.id))
    return Merged(kept, merged, len(entries), rolled)
