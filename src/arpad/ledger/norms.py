"""Title norms in the ledger.

When a rating system has a norm system (:data:`arpad.titles.NORMS_FOR_SYSTEM`: fide1986
→ the FIDE title regulations in force on the event's date, uscf1994 → the 1994
USCF title system), rating an event also
checks its norms, on the event as the rating system saw it: every player the ledger knows
at the ledger's pre-event rating (D-ledger-14;
:meth:`~arpad.ledger.views.LedgerStates.with_ledger_ratings`).
The norms earned are written in the same transaction as the event's ratings, under its
event rating, so rolling the ratings back (a late event, ``delete-event``,
``--from-scratch``) deletes them and rating again writes them again. Only norms earned in
an event that meets the norm system's event requirements are stored (D-ledger-13).
Rating systems without a norm system do none of this.

Titles: where the title system adds norms up (``titles_from_norms_fn``; uscf1994) the
ledger adds a player's norms up, event by event, into the titles they make (five norms at
a level, twenty at 2200/2400 for a life title; §2.3, §2.6). FIDE
titles are awarded by FIDE on application; the ledger lists the norms (D-ledger-15).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Select, bindparam, select

from arpad.ledger import schema
from arpad.model import Event
from arpad.titles import (
    Fact,
    FactValue,
    NormResult,
    dated_norm_system,
    event_day,
    get_title_system,
    norm_report,
)

NORM_FIELDS = (
    "event_rating_id", "ordinal", "player_id", "norm_system", "title", "earned", "score",
    "games", "required", "facts",
)  # fmt: skip


def facts_json(facts: Sequence[Fact]) -> str:
    """Facts as stored: a JSON array of ``[label, value, digits]`` (numbers stay numbers).

    >>> facts_json([Fact("E_Y", 2.5, 3), Fact("norms", 2), Fact("Δ/√n", (0.3, 0.7), 3)])
    '[["E_Y", 2.5, 3], ["norms", 2, null], ["Δ/√n", [0.3, 0.7], 3]]'
    """
    return json.dumps([[f.label, _plain(f.value), f.digits] for f in facts], ensure_ascii=False)


def _plain(value: FactValue) -> Any:
    return list(value) if isinstance(value, tuple) else value


def facts_from_json(text: str) -> tuple[Fact, ...]:
    """The facts :func:`facts_json` wrote (a row of an older ledger: ``[label, text]``)."""
    out = []
    for item in json.loads(text):
        label, value = str(item[0]), item[1]
        digits = item[2] if len(item) > 2 else None
        out.append(Fact(label, tuple(value) if isinstance(value, list) else value, digits))
    return tuple(out)


def earned_norms(norm_system: str, event: Event) -> tuple[NormResult, ...]:
    """The norms earned in ``event`` under the version of ``norm_system``'s rules in force
    on the event's date (:func:`~arpad.titles.dated_norm_system`: a 2025 event of the
    fide1986 rating system is checked under B.01 2024), default options, and those
    provisional on requirements the file cannot settle (stored with ``earned`` false and a
    ``norm`` fact naming them, D-prov-6): none when the event fails a requirement the norm
    system checks (a FIDE title tournament needs nine rounds, ¶4.1), since such a result is
    not a norm (D-ledger-13)."""
    return norm_report(event, dated_norm_system(norm_system, event_day(event))).title_results


def norm_rows(
    event_rating_id: int, norm_system: str, norms: Sequence[NormResult]
) -> list[tuple[Any, ...]]:
    """The ``norms`` table rows of one event rating (columns :data:`NORM_FIELDS`)."""
    return [
        (
            event_rating_id, i, r.player_id, norm_system, r.title, r.earned, r.score, r.games,
            r.required, facts_json(r.stored_facts),
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


def _player_norms_statement() -> Select[Any]:
    n, er, s = schema.norms, schema.event_ratings, schema.sections
    en = schema.entries
    name = (
        select(en.c.name)
        .where(en.c.section_id == s.c.id, en.c.player_id == bindparam("player_id"))
        .limit(1)
        .scalar_subquery()
    )
    return (
        select(er.c.system, er.c.end_date, s.c.key, s.c.name, name.label("player_name"), n)
        .join(er, er.c.id == n.c.event_rating_id)
        .join(s, s.c.id == er.c.section_id)
        .where(n.c.player_id == bindparam("player_id"))
        .order_by(er.c.system, er.c.end_date, er.c.position, n.c.ordinal)
    )


_PLAYER_NORMS = _player_norms_statement()
"""Built once: the web's player page runs it on every request (issue 23)."""


def player_norms(conn: Connection, player_id: str) -> tuple[StoredNorm, ...]:
    """Every norm stored for a player, in rating order (system by system)."""
    rows = conn.execute(_PLAYER_NORMS, {"player_id": player_id})
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
                facts_from_json(r.facts),
            ),
        )
        for r in rows
    )


def norm_titles(norms: Sequence[StoredNorm]) -> tuple[NormTitle, ...]:
    """The titles a player's stored norms add up to, for the title systems with a rule for
    that (``titles_from_norms_fn``: uscf1994), with the event that completed each."""
    out: list[NormTitle] = []
    for system, norm_system in sorted({(x.system, x.norm_system) for x in norms}):
        adder = get_title_system(norm_system).titles_from_norms_fn
        if adder is None:
            continue
        events: dict[str, list[StoredNorm]] = {}
        for x in norms:
            if x.system == system and x.norm_system == norm_system:
                events.setdefault(x.section, []).append(x)
        groups = list(events.values())  # in rating order: player_norms orders them
        for index, title in adder([[x.result for x in g] for g in groups]):
            first = groups[index][0]
            out.append(NormTitle(system, norm_system, title, first.end_date, first.section))
    return tuple(out)
