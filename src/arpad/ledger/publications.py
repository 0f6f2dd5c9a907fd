"""Official rating lists: publishing a list with a cut-off date, frozen; reading earlier
publications exactly as published; the change report of a republication; the preview of
the next list (issue 21, docs/ledger.md "The rating officer's month").

**Cut-off.** A publication of a (system, pool) holds the list as of the end of its cut-off
date: every rated section ending on or before it, as rated when the list is published.
An event that arrives later (a late report, a correction) changes the ledger, never the
publication; publishing again makes the next version, and the change report says what
moved between the two. A section ending on or before the cut-off that the system has not
rated yet blocks the publication (the list would silently miss it).

**Frozen rows.** Each row is stored with everything a list prints (rank, player, name,
rating, games, established, mark, last event) and the player's title, federation and
FIDE ID at publication time, so printing a publication reads its rows in rank order and
nothing else: later merges, corrections or re-ratings cannot change it.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import Connection, func, insert, select

from arpad.collector import collection_paused
from arpad.ledger import schema
from arpad.ledger.bulk import date_value, fetch_all, insert_rows, memory_mapped
from arpad.ledger.db import LedgerError
from arpad.ledger.queries import RatingList, rating_list
from arpad.model import Pool
from arpad.systems import get_system

_ROW_COLUMNS = (
    "publication_id",
    "rank",
    "player_id",
    "name",
    "rating",
    "games",
    "established",
    "mark",
    "last_event",
    "title",
    "federation",
    "fide_id",
)
_CHUNK = 20_000


@dataclass(frozen=True, slots=True)
class Publication:
    """One official list (a row of ``publications``)."""

    id: int
    system: str
    pool: Pool
    version: int
    cutoff: dt.date
    published_at: str
    published_by: str
    players: int
    sections: int


class Change(NamedTuple):
    """One player's line of a change report (``None``: not on that list)."""

    player_id: str
    name: str
    status: str
    """``created``, ``removed``, ``changed`` or ``unchanged``."""
    old_rating: float | None
    new_rating: float | None
    old_games: int | None
    new_games: int | None


STATUSES = ("created", "removed", "changed", "unchanged")


@dataclass(frozen=True, slots=True)
class ChangeReport:
    """What changed from one list to the next, player by player (in the new list's order,
    then the players removed in the old list's order)."""

    old_version: int | None
    new_version: int
    changes: tuple[Change, ...]

    def count(self, status: str) -> int:
        return sum(1 for c in self.changes if c.status == status)

    def counts(self) -> dict[str, int]:
        return {s: self.count(s) for s in STATUSES}

    def moved(self) -> list[Change]:
        """The players created, removed or changed (not the unchanged)."""
        return [c for c in self.changes if c.status != "unchanged"]


@dataclass(frozen=True, slots=True)
class Published:
    publication: Publication
    report: ChangeReport | None
    """Against the previous version; ``None`` for a first publication."""


def change_report(
    old: RatingList | None, new: RatingList, old_version: int | None, new_version: int
) -> ChangeReport:
    """Compare two lists player by player: created (only on the new list), removed (only on
    the old), changed (rating, games or mark differ) or unchanged."""
    before: dict[str, tuple[float, int, str]] = {}
    if old is not None:
        before = {
            pid: (r, g, m)
            for pid, r, g, m in zip(old.player_ids, old.ratings, old.games, old.marks, strict=True)
        }
    changes: list[Change] = []
    seen = set()
    for pid, name, r, g, m in zip(
        new.player_ids, new.names, new.ratings, new.games, new.marks, strict=True
    ):
        seen.add(pid)
        prior = before.get(pid)
        if prior is None:
            changes.append(Change(pid, name, "created", None, r, None, g))
            continue
        status = "unchanged" if prior == (r, g, m) else "changed"
        changes.append(Change(pid, name, status, prior[0], r, prior[1], g))
    if old is not None:
        for pid, name, r, g in zip(old.player_ids, old.names, old.ratings, old.games, strict=True):
            if pid not in seen:
                changes.append(Change(pid, name, "removed", r, None, g, None))
    return ChangeReport(old_version, new_version, tuple(changes))


# -- reading ---------------------------------------------------------------------------------


def _publication(row: Any) -> Publication:
    cutoff = row.cutoff
    if not isinstance(cutoff, dt.date):
        cutoff = dt.date.fromisoformat(cutoff)
    return Publication(
        row.id,
        row.system,
        Pool(row.pool),
        row.version,
        cutoff,
        row.published_at,
        row.published_by,
        row.players,
        row.sections,
    )


def publications(
    conn: Connection, system: str | None = None, pool: Pool | None = None
) -> list[Publication]:
    """Every publication (of one system and pool), oldest first."""
    p = schema.publications
    query = select(p).order_by(p.c.system, p.c.pool, p.c.version)
    if system is not None:
        query = query.where(p.c.system == get_system(system).name)
    if pool is not None:
        query = query.where(p.c.pool == pool.value)
    return [_publication(r) for r in conn.execute(query)]


def find_publication(
    conn: Connection, system: str, pool: Pool, version: int | None = None
) -> Publication:
    """Version ``version`` of the (system, pool)'s publications (default: the latest).

    Raises:
        LedgerError: there is no such publication.
    """
    name = get_system(system).name
    p = schema.publications
    query = select(p).where(p.c.system == name, p.c.pool == pool.value)
    if version is None:
        query = query.order_by(p.c.version.desc()).limit(1)
    else:
        query = query.where(p.c.version == version)
    row = conn.execute(query).first()
    if row is None:
        which = "no list" if version is None else f"no version {version}"
        raise LedgerError(
            f"{which} of {name} ({pool.value}) has been published (see 'arpad publications')"
        )
    return _publication(row)


def latest_publication(conn: Connection, system: str, pool: Pool) -> Publication | None:
    try:
        return find_publication(conn, system, pool)
    except LedgerError:
        return None


def frozen_rows(conn: Connection, publication_id: int) -> RatingList:
    """A publication's rows, exactly as published, as a :class:`RatingList`."""
    from arpad.ledger.queries import _columns  # the list's own column builder

    sql = (
        "SELECT player_id, name, rating, games, established, mark, last_event "
        "FROM publication_rows WHERE publication_id = ? ORDER BY rank"
    )
    with collection_paused():
        with memory_mapped(conn):
            rows = fetch_all(conn, sql, [publication_id])
        return _columns(rows)


def frozen_records(conn: Connection, publication_id: int) -> dict[str, tuple[Any, ...]]:
    """``player_id → (title, federation, fide_id)`` of a publication's rows."""
    sql = (
        "SELECT player_id, title, federation, fide_id FROM publication_rows "
        "WHERE publication_id = ?"
    )
    return {r[0]: tuple(r[1:]) for r in fetch_all(conn, sql, [publication_id])}


def player_records(conn: Connection, ids: Sequence[str]) -> dict[str, tuple[Any, ...]]:
    """``player_id → (title, federation, fide_id)`` from the players table, now."""
    wanted = set(ids)
    sql = "SELECT id, title, federation, fide_id FROM players"
    return {r[0]: tuple(r[1:]) for r in fetch_all(conn, sql) if r[0] in wanted}


# -- publishing ------------------------------------------------------------------------------


def unrated_before(conn: Connection, system: str, cutoff: dt.date) -> list[str]:
    """Keys of the sections ending on or before ``cutoff`` that ``system`` has not rated."""
    s, er = schema.sections, schema.event_ratings
    rated = select(er.c.id).where(er.c.section_id == s.c.id, er.c.system == system).exists()
    query = select(s.c.key).where(s.c.end_date <= cutoff, ~rated).order_by(s.c.end_date)
    return list(conn.execute(query).scalars())


def _included(conn: Connection, system: str, pool: Pool, cutoff: dt.date) -> list[tuple[str, Any]]:
    s, er = schema.sections, schema.event_ratings
    query = (
        select(s.c.key, s.c.end_date)
        .join(er, er.c.section_id == s.c.id)
        .where(
            er.c.system == system,
            er.c.pool == pool.value,
            er.c.status == "rated",
            s.c.end_date <= cutoff,
        )
        .order_by(s.c.end_date, s.c.position)
    )
    return [(key, end) for key, end in conn.execute(query)]


Render = Callable[[RatingList], dict[str, str]]
"""The texts of a list to store with its publication, by format (``csv``, ``json``): the
command line passes ``arpad list``'s own writers, so printing them back is exact."""


def publish(
    conn: Connection,
    system: str,
    pool: Pool,
    cutoff: dt.date,
    by: str,
    at: str,
    render: Render | None = None,
) -> Published:
    """Publish the next version of the (system, pool)'s list with cut-off ``cutoff``: store
    its rows and sections, and compare it with the previous version. The caller holds the
    transaction (a publication is stored whole or not at all).

    Raises:
        LedgerError: the ledger does not rate with ``system``, or sections ending on or
            before the cut-off are not rated yet.
    """
    name = get_system(system).name
    waiting = unrated_before(conn, name, cutoff)
    if waiting:
        raise LedgerError(
            f"{len(waiting)} section(s) ending on or before {cutoff} are not rated by {name} "
            f"yet (first: {waiting[0]!r}); run 'arpad rate-pending' before publishing"
        )
    rows = rating_list(conn, name, pool, as_of=cutoff)
    previous = latest_publication(conn, name, pool)
    version = 1 if previous is None else previous.version + 1
    sections = _included(conn, name, pool, cutoff)
    pub = schema.publications
    new_id = conn.execute(
        insert(pub).values(
            system=name,
            pool=pool.value,
            version=version,
            cutoff=cutoff,
            published_at=at,
            published_by=by,
            players=len(rows),
            sections=len(sections),
        )
    ).inserted_primary_key
    assert new_id is not None
    new_id = new_id[0]
    _store_rows(conn, new_id, rows)
    insert_rows(
        conn,
        schema.publication_sections,
        ("publication_id", "section_key", "end_date"),
        [(new_id, key, date_value(conn, _day(end))) for key, end in sections],
    )
    if render is not None:
        _store_texts(conn, new_id, render(frozen_rows(conn, new_id)))
    publication = find_publication(conn, name, pool, version)
    report = None
    if previous is not None:
        report = change_report(
            frozen_rows(conn, previous.id), rows, previous.version, publication.version
        )
    return Published(publication, report)


def _day(value: Any) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)


def _store_rows(conn: Connection, publication_id: int, rows: RatingList) -> None:
    records = player_records(conn, rows.player_ids)
    empty = (None, None, None)
    days = {d: date_value(conn, d) for d in set(rows.last_events)}
    columns = zip(
        rows.ranks,
        rows.player_ids,
        rows.names,
        rows.ratings,
        rows.games,
        rows.established,
        rows.marks,
        rows.last_events,
        strict=True,
    )
    batch: list[tuple[Any, ...]] = []
    for rank, pid, name, rating, games, established, mark, last in columns:
        batch.append(
            (
                publication_id,
                rank,
                pid,
                name,
                rating,
                games,
                established,
                mark,
                days[last],
                *records.get(pid, empty),
            )
        )
        if len(batch) >= _CHUNK:
            insert_rows(conn, schema.publication_rows, _ROW_COLUMNS, batch)
            batch = []
    insert_rows(conn, schema.publication_rows, _ROW_COLUMNS, batch)


def _store_texts(conn: Connection, publication_id: int, texts: dict[str, str]) -> None:
    for fmt, text in texts.items():
        conn.execute(
            insert(schema.publication_texts).values(
                publication_id=publication_id,
                format=fmt,
                text=zlib.compress(text.encode("utf-8"), 1),
            )
        )


def published_bytes(conn: Connection, publication_id: int, fmt: str) -> bytes | None:
    """The text stored for a publication in format ``fmt`` (UTF-8), or ``None``."""
    pt = schema.publication_texts
    blob = conn.execute(
        select(pt.c.text).where(pt.c.publication_id == publication_id, pt.c.format == fmt)
    ).scalar()
    return None if blob is None else zlib.decompress(blob)


def published_text(conn: Connection, publication_id: int, fmt: str) -> str | None:
    """The text stored for a publication in format ``fmt``, or ``None``."""
    data = published_bytes(conn, publication_id, fmt)
    return None if data is None else data.decode("utf-8")


def latest_publications(conn: Connection) -> list[Publication]:
    """The latest publication of every (system, pool) that has one."""
    latest: dict[tuple[str, Pool], Publication] = {}
    for p in publications(conn):
        latest[(p.system, p.pool)] = p  # oldest first: the last one stays
    return list(latest.values())


def published_ranks(conn: Connection, publication_id: int) -> dict[str, tuple[Any, ...]]:
    """``player_id → (rank, rating, games, mark)`` of every row of a publication. A
    publication never changes: the web app reads it once and answers each player page from
    memory (the rows are clustered by rank, so one player's row is a scan of them all)."""
    sql = (
        "SELECT player_id, rank, rating, games, mark FROM publication_rows WHERE publication_id = ?"
    )
    return {r[0]: tuple(r[1:]) for r in fetch_all(conn, sql, [publication_id])}


def publication_sections(conn: Connection, publication_id: int) -> list[str]:
    ps = schema.publication_sections
    query = (
        select(ps.c.section_key)
        .where(ps.c.publication_id == publication_id)
        .order_by(ps.c.end_date, ps.c.section_key)
    )
    return list(conn.execute(query).scalars())


def compare(conn: Connection, system: str, pool: Pool, old: int, new: int) -> ChangeReport:
    """The change report between two published versions."""
    a = find_publication(conn, system, pool, old)
    b = find_publication(conn, system, pool, new)
    return change_report(frozen_rows(conn, a.id), frozen_rows(conn, b.id), a.version, b.version)


# -- preview ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preview:
    """The next list as it stands: every rated event counted, not published (unofficial),
    compared with the latest publication."""

    system: str
    pool: Pool
    since: Publication | None
    rows: RatingList
    report: ChangeReport
    """The current list against the latest publication (every player created if none)."""


def preview(conn: Connection, system: str, pool: Pool) -> Preview:
    """The unofficial next list of a (system, pool).

    Raises:
        LedgerError: the ledger does not rate with ``system``.
    """
    name = get_system(system).name
    rows = rating_list(conn, name, pool)
    since = latest_publication(conn, name, pool)
    old = None if since is None else frozen_rows(conn, since.id)
    next_version = 1 if since is None else since.version + 1
    report = change_report(old, rows, None if since is None else since.version, next_version)
    return Preview(name, pool, since, rows, report)


def count_publications(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(schema.publications)).scalar_one())
