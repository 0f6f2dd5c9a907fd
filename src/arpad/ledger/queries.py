"""Reading the ledger: rating lists (now or as of a date), a player's standing, norms and
history, and the rated crosstable of an event."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, overload

from sqlalchemy import CompoundSelect, Connection, bindparam, func, select, union_all

from arpad.collector import collection_paused
from arpad.errors import ConfigError
from arpad.ledger import schema
from arpad.ledger.bulk import date_value, fetch_all, memory_mapped
from arpad.ledger.codec import Codec
from arpad.ledger.db import LedgerError
from arpad.ledger.norms import NormTitle, StoredNorm, norm_titles, player_norms
from arpad.ledger.rating import ledger_systems, stored_config
from arpad.ledger.store import StoredSection, load_sections
from arpad.model import Pool
from arpad.systems import ListEntry, PlayerRating, RatingSystem, get_system


class ListRow(NamedTuple):
    """One line of a rating list (a named tuple: lists have 100,000 rows)."""

    rank: int
    player_id: str
    name: str
    rating: float
    games: int
    established: bool
    mark: str
    last_event: dt.date
    """End date of the last event that changed the player's state in this pool."""


_COLUMNS = (
    "ranks",
    "player_ids",
    "names",
    "ratings",
    "games",
    "established",
    "marks",
    "last_events",
)
"""The columns of a :class:`RatingList`, in :class:`ListRow`'s order."""


class RatingList(Sequence[ListRow]):
    """A rating list held column by column, best first: a sequence of :class:`ListRow`.

    A list may have 1,000,000 players (docs/performance.md): the writers of CSV and tables
    read the columns, and a :class:`ListRow` is made only for a row that is asked for.
    """

    __slots__ = _COLUMNS

    def __init__(
        self,
        ranks: Sequence[int],
        player_ids: Sequence[str],
        names: Sequence[str],
        ratings: Sequence[float],
        games: Sequence[int],
        established: Sequence[bool],
        marks: Sequence[str],
        last_events: Sequence[dt.date],
    ) -> None:
        self.ranks = ranks
        self.player_ids = player_ids
        self.names = names
        self.ratings = ratings
        self.games = games
        self.established = established
        self.marks = marks
        self.last_events = last_events

    @classmethod
    def of_rows(cls, rows: Sequence[ListRow]) -> RatingList:
        """The columns of ``rows`` (itself when it is a :class:`RatingList`)."""
        if isinstance(rows, RatingList):
            return rows
        if not rows:
            return cls((), (), (), (), (), (), (), ())
        return cls(*zip(*rows, strict=True))

    def _columns(self) -> tuple[Sequence[Any], ...]:
        return tuple(getattr(self, name) for name in _COLUMNS)

    def __len__(self) -> int:
        return len(self.player_ids)

    @overload
    def __getitem__(self, index: int) -> ListRow: ...

    @overload
    def __getitem__(self, index: slice) -> list[ListRow]: ...

    def __getitem__(self, index: int | slice) -> ListRow | list[ListRow]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return ListRow(*(column[index] for column in self._columns()))

    def __iter__(self) -> Iterator[ListRow]:
        build = tuple.__new__  # ListRow's fields in order, without its per-row __new__ call
        with collection_paused():
            rows = [build(ListRow, row) for row in zip(*self._columns(), strict=True)]
        return iter(rows)

    def __eq__(self, other: object) -> bool:
        """Equal to a list (or another :class:`RatingList`) of the same rows."""
        if not isinstance(other, list | RatingList):
            return NotImplemented
        return len(self) == len(other) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # a sequence, compared by its rows

    def __repr__(self) -> str:
        return f"RatingList({len(self)} rows)"


def rating_list(
    conn: Connection,
    system: str,
    pool: Pool,
    *,
    as_of: dt.date | None = None,
    limit: int | None = None,
) -> RatingList:
    """The rating list of one pool of one system: every rated player, best first (ties
    by player id), from the current states or from the states as of the end of ``as_of``.

    Raises:
        LedgerError: the ledger does not keep ``system``.
    """
    rating_system = get_system(system)
    if stored_config(conn, rating_system) is None:
        raise LedgerError(
            f"this ledger does not rate with {rating_system.name!r} yet; "
            f"run 'arpad rate-pending --system {rating_system.name}'"
        )
    # A plain driver query: a list may have hundreds of thousands of rows.
    sql = (
        "SELECT s.player_id, p.name, s.rating, s.games, s.established, s.mark, s.end_date "
        "FROM player_states s JOIN players p ON p.id = s.player_id "
        "WHERE s.system = ? AND s.pool = ? AND s.rating IS NOT NULL AND "
    )
    params: list[Any] = [rating_system.name, pool.value]
    if as_of is None:
        sql += "s.next_id IS NULL"
    else:
        day = date_value(conn, as_of)
        sql += "s.end_date <= ? AND (s.next_end_date IS NULL OR s.next_end_date > ?)"
        params += [day, day]
    sql += " ORDER BY s.rating DESC, s.player_id"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    with collection_paused():
        with memory_mapped(conn):
            rows = fetch_all(conn, sql, params)
        return _columns(rows)


def _columns(rows: list[tuple[Any, ...]]) -> RatingList:
    """Rows ``(id, name, rating, games, established, mark, end date)`` as a list's columns.

    The rows stay in the database's order: sorting them here (by rating, after a query in
    player-id order, which spares SQLite its sort) was slower in all, as every later pass
    over the list then reads its values scattered through memory.
    """
    if not rows:
        return RatingList.of_rows([])
    ids, names, ratings, games, established, marks, ends = zip(*rows, strict=True)
    # A list has few distinct last-event dates: parse each once (ISO text on SQLite).
    days = {end: _as_date(end) for end in set(ends)}
    return RatingList(
        range(1, len(rows) + 1),
        ids,
        names,
        ratings,
        games,
        list(map(bool, established)),
        marks,
        list(map(days.__getitem__, ends)),
    )


def _as_date(value: dt.date | str) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's current state in one pool of one system."""

    system: str
    pool: Pool
    entry: ListEntry
    state: Any
    last_event: dt.date
    events: int


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: str
    name: str
    birth_date: dt.date | None
    fide_id: str | None
    federation: str | None
    title: str | None
    titles: tuple[tuple[dt.date, str, str], ...]
    """``(end date, section key, title)`` for every event whose file gave a title."""
    standings: tuple[Standing, ...]
    norms: tuple[StoredNorm, ...] = ()
    """The title norms earned in the events rated by systems with a norm system."""
    norm_titles: tuple[NormTitle, ...] = ()
    """The titles those norms add up to, where the norm system has a rule for that."""


_pl, _ps, _s, _tt = schema.players, schema.player_states, schema.sections, schema.player_titles
_er, _rc = schema.event_ratings, schema.rating_changes
# The player page's statements, built once (issue 23: building SQLAlchemy expressions was a
# quarter of the page's time); SQLAlchemy caches each one's compiled form under its key.
_PLAYER = select(_pl).where(_pl.c.id == bindparam("player_id"))
_TITLES = (
    select(_s.c.end_date, _s.c.key, _tt.c.title)
    .join(_s, _s.c.id == _tt.c.section_id)
    .where(_tt.c.player_id == bindparam("player_id"))
    .order_by(_s.c.end_date, _s.c.position)
)
_EVENT_COUNTS = (
    select(_er.c.system, _er.c.pool, func.count())
    .join(_rc, _rc.c.event_rating_id == _er.c.id)
    .where(_rc.c.player_id == bindparam("player_id"))
    .group_by(_er.c.system, _er.c.pool)
)
_HISTORY = (
    select(_er.c.system, _er.c.pool, _er.c.end_date, _s.c.key, _s.c.name, _rc)
    .join(_er, _er.c.id == _rc.c.event_rating_id)
    .join(_s, _s.c.id == _er.c.section_id)
    .where(_rc.c.player_id == bindparam("player_id"))
    .order_by(_er.c.system, _er.c.pool, _er.c.end_date, _er.c.position)
)
_HISTORY_OF_SYSTEM = _HISTORY.where(_er.c.system == bindparam("system"))


@lru_cache(maxsize=64)
def _current_states(pairs: tuple[tuple[str, str], ...]) -> CompoundSelect[Any]:
    """A player's current state in each (system, pool) of ``pairs``, in one statement: one
    part per pair, each a lookup in ``ix_player_states_current`` (the web's player page ran
    one query per system and pool: issue 23). Built once per set of pairs."""
    return union_all(
        *(
            select(_ps).where(
                _ps.c.system == system,
                _ps.c.pool == pool,
                _ps.c.player_id == bindparam("player_id"),
                _ps.c.next_id.is_(None),
            )
            for system, pool in pairs
        )
    )


def _player_row(conn: Connection, player_id: str) -> Any:
    """Raises: LedgerError: no such player."""
    row = conn.execute(_PLAYER, {"player_id": player_id}).first()
    if row is None:
        raise LedgerError(f"no player {player_id!r} in the ledger")
    return row


def player_info(
    conn: Connection,
    player_id: str,
    systems: Sequence[str] | None = None,
    *,
    counts: dict[tuple[str, str], int] | None = None,
) -> PlayerInfo:
    """Everything the ledger knows about one player. ``systems`` are the ledger's systems
    (read from it when not given); ``counts`` the player's rated sections per (system,
    pool) (counted when not given: :func:`player_page` has them from the history).

    Raises:
        LedgerError: no such player.
    """
    row = _player_row(conn, player_id)
    key = {"player_id": player_id}
    titles = tuple((r.end_date, r.key, r.title) for r in conn.execute(_TITLES, key))
    if counts is None:
        counts = {(system, pool): int(n) for system, pool, n in conn.execute(_EVENT_COUNTS, key)}
    names = ledger_systems(conn) if systems is None else list(systems)
    pairs = tuple((n, p.value) for n in names for p in get_system(n).pools)
    found = conn.execute(_current_states(pairs), key) if pairs else ()
    current = {(r.system, r.pool): r for r in found}
    standings = []
    for name, pool_name in pairs:
        r = current.get((name, pool_name))
        if r is None:
            continue
        system = get_system(name)
        standings.append(
            Standing(
                name,
                Pool(pool_name),
                ListEntry(r.rating, r.games, bool(r.established), r.mark),
                Codec.of(system.state_type).loads(r.state),
                r.end_date,
                counts.get((name, pool_name), 0),
            )
        )
    norms = player_norms(conn, player_id)
    return PlayerInfo(
        row.id,
        row.name,
        row.birth_date,
        row.fide_id,
        row.federation,
        row.title,
        titles,
        tuple(standings),
        norms,
        norm_titles(norms),
    )


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A player's result in one rated section of one system and pool."""

    system: str
    pool: Pool
    end_date: dt.date
    section: str
    name: str
    rating: PlayerRating


def _player_rating(r: Any) -> PlayerRating:
    return PlayerRating(
        player_id=r.player_id,
        pre=r.pre,
        post=r.post,
        games=r.games,
        score=r.score,
        expected=r.expected,
        k=r.k,
        bonus=r.bonus,
        method=r.method,
        performance=r.performance,
        floor=r.floor,
        notes=tuple(json.loads(r.notes)) if r.notes is not None else (),
    )


def history(conn: Connection, player_id: str, system: str | None = None) -> list[HistoryRow]:
    """A player's rating changes in date order (per system and pool).

    Raises:
        LedgerError: no such player.
    """
    _player_row(conn, player_id)
    return _history_rows(conn, player_id, system)


def _history_rows(conn: Connection, player_id: str, system: str | None) -> list[HistoryRow]:
    if system is None:
        found = conn.execute(_HISTORY, {"player_id": player_id})
    else:
        params = {"player_id": player_id, "system": get_system(system).name}
        found = conn.execute(_HISTORY_OF_SYSTEM, params)
    return [
        HistoryRow(r.system, Pool(r.pool), r.end_date, r.key, r.name, _player_rating(r))
        for r in found
    ]


def player_page(
    conn: Connection, player_id: str, systems: Sequence[str] | None = None
) -> tuple[PlayerInfo, list[HistoryRow]]:
    """:func:`player_info` and :func:`history` together, in five queries when ``systems``
    are given: the number of rated sections per system and pool is counted from the
    history rows.

    Raises:
        LedgerError: no such player.
    """
    rows = _history_rows(conn, player_id, None)  # none for an unknown player: refused next
    counts = Counter((h.system, h.pool.value) for h in rows)
    return player_info(conn, player_id, systems, counts=dict(counts)), rows


@dataclass(frozen=True, slots=True)
class RatedSection:
    """One section as one system rated it in one pool, with every player's numbers."""

    section: StoredSection
    system: str
    pool: Pool
    status: str
    notes: str | None
    ratings: dict[str, PlayerRating]
    pre: dict[str, ListEntry]
    """Each player's pre-event standing as the rating list showed it."""
    post: dict[str, ListEntry]


def find_sections(conn: Connection, key: str) -> list[int]:
    """The section ids of the event (or section) called ``key``, in order.

    Raises:
        LedgerError: no such event.
    """
    s, e = schema.sections, schema.events
    ids = list(
        conn.execute(
            select(s.c.id)
            .join(e, e.c.id == s.c.event_id)
            .where(e.c.key == key)
            .order_by(s.c.number)
        ).scalars()
    )
    if not ids:
        ids = list(conn.execute(select(s.c.id).where(s.c.key == key)).scalars())
    if not ids:
        raise LedgerError(f"no event {key!r} in the ledger (see 'arpad events')")
    return ids


def _pre_from_file(
    system: RatingSystem[Any, Any], config: Any, section: StoredSection, pool: Pool
) -> dict[str, ListEntry]:
    event = section.event.in_pool(pool)
    out = {}
    for p in event.players:
        try:
            out[p.id] = system.list_entry(system.prior_state(p, event, config), config)
        except (ConfigError, ValueError):
            continue
    return out


def rated_sections(conn: Connection, key: str, system: str) -> list[RatedSection]:
    """The rated crosstables of an event (every section, every pool) in one system.

    Raises:
        LedgerError: no such event, or the system has not rated it yet.
    """
    rating_system = get_system(system)
    config = stored_config(conn, rating_system)
    ids = find_sections(conn, key)
    if config is None:
        raise LedgerError(f"this ledger does not rate with {rating_system.name!r}")
    er, rc, ps = schema.event_ratings, schema.rating_changes, schema.player_states
    out = []
    for section in load_sections(conn, ids):
        units = conn.execute(
            select(er)
            .where(er.c.section_id == section.id, er.c.system == rating_system.name)
            .order_by(er.c.id)
        ).all()
        if not units:
            raise LedgerError(
                f"{rating_system.name} has not rated {section.event.id!r} yet; "
                "run 'arpad rate-pending'"
            )
        for unit in units:
            ratings = {
                r.player_id: _player_rating(r)
                for r in conn.execute(select(rc).where(rc.c.event_rating_id == unit.id))
            }
            pool = Pool(unit.pool)
            pre = _pre_from_file(rating_system, config, section, pool)
            for r in conn.execute(select(ps).where(ps.c.next_id == unit.id)):
                pre[r.player_id] = ListEntry(r.rating, r.games, bool(r.established), r.mark)
            post = {
                r.player_id: ListEntry(r.rating, r.games, bool(r.established), r.mark)
                for r in conn.execute(select(ps).where(ps.c.event_rating_id == unit.id))
            }
            out.append(
                RatedSection(
                    section, rating_system.name, pool, unit.status, unit.notes, ratings, pre, post
                )
            )
    return out


@dataclass(frozen=True, slots=True)
class EventRow:
    key: str
    name: str
    end_date: dt.date
    sections: int
    players: int
    games: int
    source: str


def list_events(conn: Connection, *, limit: int | None = None) -> list[EventRow]:
    """The events in the ledger in rating order."""
    e, s, imp = schema.events, schema.sections, schema.imports
    en, g = schema.entries, schema.games
    players = (
        select(func.count())
        .select_from(en)
        .join(s, s.c.id == en.c.section_id)
        .where(s.c.event_id == e.c.id)
    )
    games = (
        select(func.count())
        .select_from(g)
        .join(s, s.c.id == g.c.section_id)
        .where(s.c.event_id == e.c.id)
    )
    sections = select(func.count()).select_from(s).where(s.c.event_id == e.c.id)
    query = (
        select(
            e.c.key,
            e.c.name,
            e.c.end_date,
            sections.scalar_subquery(),
            players.scalar_subquery(),
            games.scalar_subquery(),
            imp.c.source,
        )
        .join(imp, imp.c.id == e.c.import_id)
        .order_by(e.c.end_date, e.c.id)
    )
    if limit is not None:
        query = query.limit(limit)
    return [EventRow(*row) for row in conn.execute(query)]


def pending_sections(conn: Connection, systems: Sequence[str]) -> dict[str, int]:
    """How many sections each system has not rated yet."""
    s, er = schema.sections, schema.event_ratings
    out = {}
    for name in systems:
        rated = select(er.c.id).where(er.c.section_id == s.c.id, er.c.system == name).exists()
        out[name] = int(
            conn.execute(select(func.count()).select_from(s).where(~rated)).scalar_one()
        )
    return out


@dataclass(frozen=True, slots=True)
class StoredFailure:
    """A failure recorded in the ledger (``rating_failures``)."""

    system: str
    event: str
    """The event's key."""
    section: str
    """The section's key (the event's, for a single-section event)."""
    end_date: dt.date
    pool: Pool
    stage: str
    """``rating`` (the section is not rated by the system) or ``norms`` (rated; its norms
    were not checked)."""
    error: str | None
    """The exception's class when arpad itself failed; ``None`` for a refusal."""
    message: str


def stored_failures(conn: Connection, system: str | None = None) -> list[StoredFailure]:
    """Every failure recorded, by system and rating order."""
    f, er, s, e = schema.rating_failures, schema.event_ratings, schema.sections, schema.events
    query = (
        select(er.c.system, e.c.key.label("event"), s.c.key, er.c.end_date, er.c.pool, f)
        .join(er, er.c.id == f.c.event_rating_id)
        .join(s, s.c.id == er.c.section_id)
        .join(e, e.c.id == s.c.event_id)
        .order_by(er.c.system, er.c.end_date, er.c.position, er.c.pool, f.c.stage)
    )
    if system is not None:
        query = query.where(er.c.system == system)
    return [
        StoredFailure(
            r.system, r.event, r.key, r.end_date, Pool(r.pool), r.stage, r.error, r.message
        )
        for r in conn.execute(query)
    ]
