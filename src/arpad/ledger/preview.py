"""What importing a file would do, without writing anything: the preview ``arpad serve``
shows before a rating officer commits an upload (D-web-6).

The preview reads the file through the ledger's own import path
(:func:`arpad.ledger.store.prepare_file`, :func:`~arpad.ledger.store.refuse_known`), so
it refuses exactly what ``arpad import`` refuses, and rates each section with
:func:`arpad.ledger.rating.rate_section` from the states the ledger holds for its players
as of the section's end date, with every system the ledger keeps. It reports:

* every player's identity question: known to the ledger under the same key (and whether
  the name or FIDE ID on file differs: a conflict for an officer to look at), or new;
* each section's rated crosstable as it would be, per system and pool;
* how many sections already rated end after the file's first event (they would be rated
  again: ``rate-pending`` re-rates them, so the final numbers of a late event may differ
  from the preview, which rates each section from the ledger as it stands).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import Connection, func, select

from arpad.errors import InputError
from arpad.ledger import schema
from arpad.ledger.core import DEFAULT_SYSTEM
from arpad.ledger.identity import name_key
from arpad.ledger.rating import ledger_systems, rate_section, stored_config
from arpad.ledger.store import PreparedImport, StoredSection, refuse_known
from arpad.ledger.views import LedgerStates
from arpad.model import PlayerEntry, Pool
from arpad.systems import ListEntry, PlayerRating, get_system
from arpad.titles import NormResult, norm_system_for

_CHUNK = 500


class Identity(StrEnum):
    MATCHED = "matched"
    """The ledger knows a player under this key, with the same name and FIDE ID."""
    NEW = "new"
    """The ledger has no player under this key: importing creates one."""
    CONFLICT = "conflict"
    """The ledger knows the key, but the file's name, birth date or FIDE ID differ."""


@dataclass(frozen=True, slots=True)
class IdentityQuestion:
    player_id: str
    """The ledger key the import would file the player under."""
    name: str
    """The name in the file."""
    identity: Identity
    known_name: str | None = None
    message: str = ""


@dataclass(frozen=True, slots=True)
class PreviewRow:
    player_id: str
    name: str
    pre: ListEntry | None
    """The ledger's standing before the event, or ``None`` for a player new to the pool."""
    post: ListEntry | None
    rating: PlayerRating | None


@dataclass(frozen=True, slots=True)
class PreviewSection:
    section: str
    name: str
    end_date: dt.date | None
    system: str
    pool: Pool
    status: str
    """``rated``, ``skipped`` or ``failed`` (as ``rate-pending`` would store it)."""
    message: str | None
    rows: tuple[PreviewRow, ...]
    norms: tuple[NormResult, ...] = ()


@dataclass(frozen=True, slots=True)
class ImportPreview:
    prepared: PreparedImport
    players: tuple[IdentityQuestion, ...]
    sections: tuple[PreviewSection, ...]
    later_sections: int
    """Sections already rated that end after the file's first event (rated again)."""
    refused: str | None
    """Why ``arpad import`` would refuse the file (imported before, event key taken)."""

    @property
    def conflicts(self) -> int:
        return sum(1 for q in self.players if q.identity == Identity.CONFLICT)


def _chunks(items: Sequence[str]) -> list[Sequence[str]]:
    return [items[i : i + _CHUNK] for i in range(0, len(items), _CHUNK)]


def _same_name(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


def identity_questions(conn: Connection, prepared: PreparedImport) -> tuple[IdentityQuestion, ...]:  # noqa: C901
    """Every player of the file (the last entry of each key wins, as when storing)."""
    latest: dict[str, PlayerEntry] = {}
    for e in prepared.events:
        for s in e.sections:
            for p in s.event.players:
                latest[p.id] = p
    t = schema.players
    known: dict[str, Any] = {}
    for chunk in _chunks(list(latest)):
        for found in conn.execute(select(t).where(t.c.id.in_(chunk))):
            known[found.id] = found
    out = []
    for pid, p in latest.items():
        row = known.get(pid)
        if row is None:
            out.append(IdentityQuestion(pid, p.name, Identity.NEW, None, "new player"))
            continue
        problems = []
        if p.name and row.name and not _same_name(p.name, row.name):
            problems.append(f"the ledger knows {pid!r} as {row.name!r}")
        born, known_born = p.birth_date, row.birth_date
        if born is not None and known_born is not None and born != known_born:
            problems.append(f"born {born} here, {known_born} in the ledger")
        fide = (p.fide_id or "").strip()
        if fide and row.fide_id and fide != row.fide_id:
            problems.append(f"FIDE ID {fide} here, {row.fide_id} in the ledger")
        if problems:
            out.append(
                IdentityQuestion(pid, p.name, Identity.CONFLICT, row.name, "; ".join(problems))
            )
        else:
            out.append(IdentityQuestion(pid, p.name, Identity.MATCHED, row.name, "same player"))
    return tuple(out)


def _rate(conn: Connection, system_name: str, section: StoredSection) -> list[PreviewSection]:
    system = get_system(system_name)
    config = stored_config(conn, system)
    if config is None:
        config = system.default_config()
    event = section.event
    assert event.end_date is not None
    states = LedgerStates(system)
    states.load(conn, event.player_ids, as_of=event.end_date)
    out = []
    for outcome in rate_section(states, config, section, norm_system_for(system.name)):
        known = states.pools.get(outcome.pool, {})
        rows = []
        result = outcome.result
        for p in event.players:
            before = known.get(p.id)
            rating = post = None
            if result is not None and any(r.player_id == p.id for r in result.players):
                rating = result.player(p.id)
                state = result.states.get(p.id)
                post = None if state is None else system.list_entry(state, config)
            rows.append(
                PreviewRow(p.id, p.name, None if before is None else before.entry, post, rating)
            )
        out.append(
            PreviewSection(
                event.id,
                event.name or event.id,
                event.end_date,
                system.name,
                outcome.pool,
                outcome.status,
                outcome.message,
                tuple(rows),
                tuple(n for n in outcome.norms if n.earned),
            )
        )
    return out


def preview_import(conn: Connection, prepared: PreparedImport) -> ImportPreview:
    """What storing ``prepared`` and rating it would do (nothing is written)."""
    refused = None
    try:
        refuse_known(conn, prepared)
    except InputError as exc:
        refused = exc.message
    systems = ledger_systems(conn) or [DEFAULT_SYSTEM]
    sections: list[PreviewSection] = []
    for e in prepared.events:
        for ps in e.sections:
            stored = StoredSection(0, 0, ps.number, 0, ps.event)
            for name in systems:
                sections.extend(_rate(conn, name, stored))
    first = min(e.end_date for e in prepared.events)
    er = schema.event_ratings
    later = conn.execute(
        select(func.count(func.distinct(er.c.section_id))).where(er.c.end_date > first)
    ).scalar_one()
    return ImportPreview(
        prepared,
        identity_questions(conn, prepared),
        tuple(sections),
        int(later),
        refused,
    )


__all__ = [
    "Identity",
    "IdentityQuestion",
    "ImportPreview",
    "PreviewRow",
    "PreviewSection",
    "identity_questions",
    "preview_import",
]
