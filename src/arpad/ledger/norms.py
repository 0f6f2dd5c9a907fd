"""Title norms in the ledger.

When a rating system has a norm system (:data:`arpad.titles.NORMS_FOR_SYSTEM`: fide1986 →
the FIDE 1986 regulations, uscf1994 → the 1994 USCF title system), rating an event also
checks its norms, on the event as the rating system saw it: every player the ledger knows
at the ledger's pre-event rating (D-ledger-14;
:meth:`~arpad.ledger.views.LedgerStates.with_ledger_ratings`).
The norms earned are written in the same transaction as the event's ratings, under its
event rating, so rolling the ratings back (a late event, ``delete-event``,
``--from-scratch``) deletes them and rating again writes them again. Only norms earned in
an event that meets the norm system's event requirements are stored (D-ledger-13).
Rating systems without a norm system do none of this.

Titles: for uscf1994 the ledger adds a player's norms up, event by event, into the titles
they make (five norms at a level, twenty at 2200/2400 for a life title; §2.3, §2.6). FIDE
titles are awarded by FIDE on application; the ledger lists the norms (D-ledger-15).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from arpad.ledger import schema
from arpad.model import Event
from arpad.titles import NormResult, norm_report

NORM_FIELDS = (
    "event_rating_id", "ordinal", "player_id", "norm_system", "title", "earned", "score",
    "games", "required", "facts",
)  # fmt: skip


def earned_norms(norm_system: str, event: Event) -> tuple[NormResult, ...]:
    """The norms earned in ``event`` under ``norm_system`` (default options), and those
    provisional on requirements the file cannot settle (stored with ``earned`` false and a
    ``norm`` fact naming them, D-prov-6): none when the event fails a requirement the norm
    system checks (a FIDE title tournament needs nine rounds, ¶4.1), since such a result is
    not a norm (D-ledger-13)."""
    return norm_report(event, norm_system).title_results


def norm_rows(
    event_rating_id: int, norm_system: str, norms: Sequence[NormResult]
) -> list[tuple[Any, ...]]:
    """The ``norms`` table rows of one event rating (columns :data:`NORM_FIELDS`)."""
    return [
        (
            event_rating_id, i, r.player_id, norm_system, r.title, r.earned, r.score, r.games,
            r.required, json.dumps([list(f) for f in r.stored_facts], ensure_ascii=False),
        )
        for i, r in enumerate(norms)
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class StoredNorm:
    """A norm the ledger stored: where it was earned, and the norm system's result."""

    end_date: dt.date
    section: str
    """The section's key."""
    event_name: str
    system: str
    """The rating system whose rating of the section checked the norm."""
    norm_system: str
    result: NormResult


@dataclass(frozen=True, slots=True)
class NormTitle:
    """A title a player's stored norms add up to (uscf1994), and the event that made it."""

    system: str
    """The rating system whose events' norms made the title."""
    norm_system: str
    title: str
    end_date: dt.date
    section: str


def player_norms(conn: Connection, player_id: str) -> tuple[StoredNorm, ...]:
    """Every norm stored for a player, in rating order (system by system)."""
    n, er, s = schema.norms, schema.event_ratings, schema.sections
    en = schema.entries
    name = (
        select(en.c.name)
        .where(en.c.section_id == s.c.id, en.c.player_id == player_id)
        .limit(1)
        .scalar_subquery()
    )
    rows = conn.execute(
        select(er.c.system, er.c.end_date, s.c.key, s.c.name, name.label("player_name"), n)
        .join(er, er.c.id == n.c.event_rating_id)
        .join(s, s.c.id == er.c.section_id)
        .where(n.c.player_id == player_id)
        .order_by(er.c.system, er.c.end_date, er.c.position, n.c.ordinal)
    )
    return tuple(
        StoredNorm(
            r.end_date,
            r.key,
            r.name,
            r.system,
            r.norm_system,
            NormResult.from_stored(
                r.player_id,
                r.player_name or r.player_id,
                r.title,
                bool(r.earned),
                r.score,
                r.games,
                r.required,
                tuple((str(k), str(v)) for k, v in json.loads(r.facts)),
            ),
        )
        for r in rows
    )


def norm_titles(norms: Sequence[StoredNorm]) -> tuple[NormTitle, ...]:
    """The titles a player's stored norms add up to, for the norm systems with a rule
    for that (uscf1994), with the event that completed each."""
    from arpad.titles.uscf1994 import level_norms, titles_from_norms

    out: list[NormTitle] = []
    for system in sorted({x.system for x in norms if x.norm_system == "uscf1994"}):
        events: dict[str, list[StoredNorm]] = {}
        for x in norms:
            if x.system == system and x.norm_system == "uscf1994":
                events.setdefault(x.section, []).append(x)
        groups = list(events.values())  # in rating order: player_norms orders them
        _, won = titles_from_norms([level_norms(x.result) for x in g] for g in groups)
        for w in won:
            first = groups[w.event][0]
            out.append(NormTitle(system, "uscf1994", w.name, first.end_date, first.section))
    return tuple(out)
