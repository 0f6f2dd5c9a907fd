"""A consistency check of a ledger (what the kill tests verify after every kill)."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from typing import Any

from sqlalchemy import Connection, func, select

from arpad.ledger import schema
from arpad.model import Pool
from arpad.systems import get_system
from arpad.titles import norm_system_for, same_rules


def _expected_pools(row: Any, system_pools: tuple[Pool, ...]) -> set[str]:
    pools = [Pool(row.pool)]
    if row.dual_rated and row.pool in (Pool.REGULAR, Pool.QUICK):
        pools = [Pool.REGULAR, Pool.QUICK]
    return {p.value for p in pools if p in system_pools}


def check(conn: Connection) -> list[str]:  # noqa: C901
    """Every inconsistency found (an empty list for a sound ledger).

    Checks that every import stored all its events and every event a section; that every
    section a system rated is rated in all its pools, with a rating change and a state for
    every player; that norms are stored only under rated event ratings of a system with
    that norm system, for players of the section; that recorded failures belong to
    failed (or, for norms, rated) event ratings; that no merged player is a player; and
    that each (system, pool, player) has
    one chain of states whose last link is the current one, in rating order.
    """
    problems: list[str] = []
    imp, ev, s = schema.imports, schema.events, schema.sections
    stored: dict[int, int] = dict(
        conn.execute(select(ev.c.import_id, func.count()).group_by(ev.c.import_id)).all()
    )
    for row in conn.execute(select(imp.c.id, imp.c.source, imp.c.events)):
        if stored.get(row.id, 0) != row.events:
            problems.append(f"import {row.source}: {stored.get(row.id, 0)} of {row.events} events")
    empty = conn.execute(
        select(ev.c.key).where(~select(s.c.id).where(s.c.event_id == ev.c.id).exists())
    ).scalars()
    problems.extend(f"event {key}: no sections" for key in empty)

    sections = {r.id: r for r in conn.execute(select(s))}
    players_of: dict[int, set[str]] = defaultdict(set)
    en = schema.entries
    for sid, pid in conn.execute(select(en.c.section_id, en.c.player_id)):
        players_of[sid].add(pid)
    er, rc, ps = schema.event_ratings, schema.rating_changes, schema.player_states
    units: dict[tuple[int, str], dict[str, Any]] = defaultdict(dict)
    for r in conn.execute(select(er)):
        units[(r.section_id, r.system)][r.pool] = r
    changes = Counter(conn.execute(select(rc.c.event_rating_id)).scalars())
    state_counts = Counter(conn.execute(select(ps.c.event_rating_id)).scalars())
    for (sid, system), pools in units.items():
        sec = sections[sid]
        if any(u.status == "skipped" for u in pools.values()):
            continue
        expected = _expected_pools(sec, get_system(system).pools)
        if set(pools) != expected:
            problems.append(f"{system} {sec.key}: rated in {sorted(pools)}, not {sorted(expected)}")
        for pool, u in pools.items():
            if u.status != "rated":
                continue
            n = len(players_of[sid])
            if changes[u.id] != n or state_counts[u.id] != n:
                problems.append(
                    f"{system} {sec.key} {pool}: {changes[u.id]} changes and "
                    f"{state_counts[u.id]} states for {n} players"
                )

    problems.extend(_check_norms(conn, sections, players_of))
    problems.extend(_check_failures(conn, sections))
    pl, m = schema.players, schema.player_merges
    for merged, kept in conn.execute(select(m.c.merged, m.c.kept)):
        if conn.execute(select(pl.c.id).where(pl.c.id == merged)).first() is not None:
            problems.append(f"player {merged!r} was merged into {kept!r} but is a player")

    order = {r.id: (r.end_date, r.position) for r in conn.execute(select(er))}
    chains: dict[tuple[str, str, str], list[Any]] = defaultdict(list)
    for r in conn.execute(
        select(ps.c.system, ps.c.pool, ps.c.player_id, ps.c.event_rating_id, ps.c.next_id)
    ):
        chains[(r.system, r.pool, r.player_id)].append(r)
    for key, links in chains.items():
        links.sort(key=lambda r: order[r.event_rating_id])
        for a, b in itertools.pairwise(links):
            if a.next_id != b.event_rating_id:
                problems.append(
                    f"states of {key}: broken chain at event rating {a.event_rating_id}"
                )
                break
        if links[-1].next_id is not None:
            problems.append(f"states of {key}: no current state")
    return problems


def _check_norms(
    conn: Connection, sections: dict[int, Any], players_of: dict[int, set[str]]
) -> list[str]:
    er, n = schema.event_ratings, schema.norms
    problems = []
    for r in conn.execute(
        select(er.c.section_id, er.c.system, er.c.status, n.c.player_id, n.c.norm_system)
        .join(er, er.c.id == n.c.event_rating_id)
        .distinct()
    ):
        where = f"norm of {r.player_id!r} in {r.system} {sections[r.section_id].key}"
        if r.status != "rated":
            problems.append(f"{where}: the event rating is {r.status}")
        expected = norm_system_for(r.system)
        if expected is None or not same_rules(r.norm_system, expected):
            problems.append(f"{where}: {r.norm_system} is not the norm system of {r.system}")
        if r.player_id not in players_of[r.section_id]:
            problems.append(f"{where}: not a player of the section")
    return problems


def _check_failures(conn: Connection, sections: dict[int, Any]) -> list[str]:
    """A ``rating`` failure belongs to a failed event rating, a ``norms`` failure to a
    rated one of a system with a norm system."""
    er, f = schema.event_ratings, schema.rating_failures
    problems = []
    for r in conn.execute(
        select(er.c.section_id, er.c.system, er.c.status, f.c.stage).join(
            er, er.c.id == f.c.event_rating_id
        )
    ):
        where = f"{r.stage} failure of {r.system} {sections[r.section_id].key}"
        wanted = {"rating": "failed", "norms": "rated"}.get(r.stage)
        if wanted is None:
            problems.append(f"{where}: unknown stage")
        elif r.status != wanted:
            problems.append(f"{where}: the event rating is {r.status}")
        if r.stage == "norms" and norm_system_for(r.system) is None:
            problems.append(f"{where}: {r.system} has no norm system")
    return problems
