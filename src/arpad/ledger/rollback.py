"""Rolling ratings back: a late event, a deleted event or ``--from-scratch`` deletes the
ratings (rating changes, states, norms and failures) from some point of a system's order
on, and each player's previous state becomes current again (the ``next_id`` chain of
:mod:`arpad.ledger.schema`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, and_, delete, func, or_, select, update

from arpad.ledger import schema


def _after(end_date: dt.date, position: int, *, inclusive: bool) -> Any:
    er = schema.event_ratings
    same_day = er.c.position >= position if inclusive else er.c.position > position
    return or_(er.c.end_date > end_date, and_(er.c.end_date == end_date, same_day))


def roll_back(conn: Connection, condition: Any) -> set[int]:
    """Delete the event ratings matching ``condition`` (a suffix of some system's order),
    making each player's previous state current again. Returns the sections affected."""
    er, ps, rc = schema.event_ratings, schema.player_states, schema.rating_changes
    doomed = select(er.c.id).where(condition)
    sections = set(conn.execute(select(er.c.section_id).where(condition).distinct()).scalars())
    if not sections:
        return sections
    conn.execute(
        update(ps).where(ps.c.next_id.in_(doomed)).values(next_id=None, next_end_date=None)
    )
    conn.execute(delete(rc).where(rc.c.event_rating_id.in_(doomed)))
    conn.execute(delete(schema.norms).where(schema.norms.c.event_rating_id.in_(doomed)))
    failures = schema.rating_failures
    conn.execute(delete(failures).where(failures.c.event_rating_id.in_(doomed)))
    conn.execute(delete(ps).where(ps.c.event_rating_id.in_(doomed)))
    conn.execute(delete(er).where(condition))
    return sections


def roll_back_from(
    conn: Connection, system: str | None, end_date: dt.date, position: int, *, inclusive: bool
) -> set[int]:
    """Roll back every rating at or after ``(end_date, position)`` (of one system or all)."""
    cond = _after(end_date, position, inclusive=inclusive)
    if system is not None:
        cond = and_(schema.event_ratings.c.system == system, cond)
    return roll_back(conn, cond)


def roll_back_failed(conn: Connection, system: str) -> set[int]:
    """Roll back a system's ratings from the first section it failed on (inclusive), so
    that ``rate-pending`` tries the failed sections again. Returns the sections affected."""
    er = schema.event_ratings
    first = conn.execute(
        select(er.c.end_date, er.c.position)
        .where(er.c.system == system, er.c.status == "failed")
        .order_by(er.c.end_date, er.c.position)
        .limit(1)
    ).first()
    if first is None:
        return set()
    return roll_back_from(conn, system, first.end_date, first.position, inclusive=True)


def delete_sections(conn: Connection, section_ids: Sequence[int]) -> int:
    """Delete sections and everything rated from the earliest of them on (all systems).

    Returns the number of other sections rolled back (to be rated again). The caller
    deletes the events, imports and players left empty.
    """
    s = schema.sections
    first = conn.execute(
        select(s.c.end_date, s.c.position)
        .where(s.c.id.in_(section_ids))
        .order_by(s.c.end_date, s.c.position)
        .limit(1)
    ).first()
    if first is None:
        return 0
    rolled = roll_back_from(conn, None, first.end_date, first.position, inclusive=True)
    rolled.difference_update(section_ids)
    for table in (schema.entries, schema.games, schema.unplayed, schema.player_titles):
        conn.execute(delete(table).where(table.c.section_id.in_(section_ids)))
    conn.execute(delete(s).where(s.c.id.in_(section_ids)))
    return len(rolled)


def forget_empty(conn: Connection, event_ids: set[int], player_ids: set[str]) -> None:
    """After deleting sections: delete the events left without sections, the imports left
    without events (so their files may be imported again), and the players left without
    entries."""
    e, s, imp, en = schema.events, schema.sections, schema.imports, schema.entries
    has_sections = select(s.c.id).where(s.c.event_id == e.c.id).exists()
    empty = list(conn.execute(select(e.c.id).where(e.c.id.in_(event_ids), ~has_sections)).scalars())
    import_ids = set(conn.execute(select(e.c.import_id).where(e.c.id.in_(empty))).scalars())
    conn.execute(delete(e).where(e.c.id.in_(empty)))
    for import_id in import_ids:
        left = conn.execute(
            select(func.count()).select_from(e).where(e.c.import_id == import_id)
        ).scalar_one()
        if left:
            conn.execute(update(imp).where(imp.c.id == import_id).values(events=left))
        else:
            conn.execute(delete(imp).where(imp.c.id == import_id))
    pl, tt = schema.players, schema.player_titles
    for pid in player_ids:
        if (
            conn.execute(select(en.c.player_id).where(en.c.player_id == pid).limit(1)).first()
            is None
        ):
            conn.execute(delete(tt).where(tt.c.player_id == pid))
            conn.execute(delete(pl).where(pl.c.id == pid))
