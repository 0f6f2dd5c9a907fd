"""Rating the ledger's events in order, for any rating system, and re-rating.

**Order.** Each system rates every section in the order ``(end_date, position)``, where
``position`` is the import order; the sections of all pools share one sequence, because a
system may link its pools (US Chess seeds a new pool from the others, §2, and rates a
dual-rated event in two pools).

**What a system sees.** For every player the ledger knows in a pool, the ledger's state
is passed to ``rate_event`` (what the file says about their rating is ignored: the
interface rates a player from the state it is given). The event's player entries are
rewritten where the ledger knows more than the file: ``other_pools`` from the ledger's
list entries in the system's other pools (what the file gives for a pool the ledger does
not know is kept), and, in a dual-rated event, ``rating``/``games`` from the ledger's
list entry in the event's pool (the other pool's side of the event is built from them).
Players the ledger does not know start from ``state_from_entry``: the file seeds the
ledger.

**Re-rating.** When a section is pending (imported but not yet rated by a system) and the
system has already rated sections that come after it, those later ratings are rolled back
(deleted; each player's previous state becomes current again) and rated again after the
new one. Rolling back and rating again is deterministic, so the result is identical to
rating everything from scratch (a test compares the lists byte for byte).

**Transactions.** Rolling back is one transaction. Rating writes each event's rows (its
event ratings, every player's rating change and new state) inside one transaction; to keep
the rate high, one transaction may hold several consecutive events (at most ``batch``
events or about ``batch_seconds`` of work), written by a background thread while the
next events are rated (batches are written one at a time, in order). A process killed
at any moment leaves a ledger in which some prefix of the pending events is rated
completely and the rest is still pending: running ``rate-pending`` again finishes it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import gc
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)

from arpad.config import with_options
from arpad.errors import ConfigError, InputError, RatingError
from arpad.ledger import schema
from arpad.ledger.bulk import insert_rows, update_rows
from arpad.ledger.codec import Codec
from arpad.ledger.db import LedgerError, bump_generation
from arpad.ledger.store import StoredSection, load_sections
from arpad.model import Event, PlayerEntry, Pool, PoolRating
from arpad.systems import EventRating, ListEntry, RatingSystem, get_system

Progress = Callable[[str, int, int], None]
"""``progress(system, done, total)``, called after each event."""

_LOAD_CHUNK = 250


@dataclass(frozen=True, slots=True)
class Failure:
    """A section a system refused to rate (the reason is stored with it)."""

    system: str
    section: str
    pool: Pool
    message: str


@dataclass(slots=True)
class RateReport:
    """What one ``rate_pending`` run did, per system."""

    rated: dict[str, int] = field(default_factory=dict)
    """Sections rated, per system (including those rated again)."""
    rerated: dict[str, int] = field(default_factory=dict)
    """Sections whose earlier rating was rolled back to be rated again."""
    skipped: dict[str, int] = field(default_factory=dict)
    """Sections of pools the system does not rate."""
    failures: list[Failure] = field(default_factory=list)


# -- configuration ----------------------------------------------------------------------------


def stored_config(conn: Connection, system: RatingSystem[Any, Any]) -> Any | None:
    """The configuration the ledger rates ``system`` with, or ``None`` if it does not."""
    row = conn.execute(
        select(schema.systems.c.config).where(schema.systems.c.name == system.name)
    ).first()
    if row is None:
        return None
    return Codec.of(system.config_type).loads(row.config)


def ledger_systems(conn: Connection) -> list[str]:
    """The names of the systems the ledger keeps."""
    return list(
        conn.execute(select(schema.systems.c.name).order_by(schema.systems.c.name)).scalars()
    )


def _set_config(conn: Connection, system: RatingSystem[Any, Any], config: Any, new: bool) -> None:
    text = Codec.of(system.config_type).dumps(config)
    t = schema.systems
    if new:
        conn.execute(insert(t), [{"name": system.name, "config": text}])
    else:
        conn.execute(update(t).where(t.c.name == system.name).values(config=text))


def _describe(config: Any, default: Any) -> str:
    diffs = [
        f"{f.name}={getattr(config, f.name)!r}"
        for f in dataclasses.fields(config)
        if getattr(config, f.name) != getattr(default, f.name)
    ]
    return ", ".join(diffs) if diffs else "its default configuration"


# -- rolling back ------------------------------------------------------------------------------


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


def _pending(conn: Connection, system: str) -> list[tuple[int, dt.date, int]]:
    s, er = schema.sections, schema.event_ratings
    rated = select(er.c.id).where(er.c.section_id == s.c.id, er.c.system == system).exists()
    rows = conn.execute(
        select(s.c.id, s.c.end_date, s.c.position)
        .where(~rated)
        .order_by(s.c.end_date, s.c.position)
    )
    return [(r[0], r[1], r[2]) for r in rows]


# -- the ledger's view of the players ----------------------------------------------------------


@dataclass(slots=True)
class _Standing:
    """A player's current state in one pool: the snapshot's event rating, its list entry,
    and the state (decoded on first use)."""

    rating_id: int
    entry: ListEntry
    text: str | None
    state: Any = None


class _States:
    """The current states of one system, in memory while rating."""

    def __init__(self, system: RatingSystem[Any, Any]) -> None:
        self.system = system
        self.codec = Codec.of(system.state_type)
        self.pools: dict[Pool, dict[str, _Standing]] = {p: {} for p in system.pools}

    def load(self, conn: Connection) -> None:
        ps = schema.player_states
        query = select(
            ps.c.pool,
            ps.c.player_id,
            ps.c.event_rating_id,
            ps.c.rating,
            ps.c.games,
            ps.c.established,
            ps.c.mark,
            ps.c.state,
        ).where(ps.c.system == self.system.name, ps.c.next_id.is_(None))
        for pool, pid, rid, rating, games, est, mark, text in conn.execute(query):
            self.pools.setdefault(Pool(pool), {})[pid] = _Standing(
                rid, ListEntry(rating, games, bool(est), mark), text
            )

    def state(self, standing: _Standing) -> Any:
        if standing.state is None and standing.text is not None:
            standing.state = self.codec.loads(standing.text)
            standing.text = None
        return standing.state

    def seen_by_system(self, event: Event) -> Event:
        """``event`` with its entries rewritten from the ledger (module docstring)."""
        own = self.pools.get(event.pool, {}) if event.dual_rated else {}
        others = [(p, d) for p, d in self.pools.items() if p != event.pool and d]
        players: list[PlayerEntry] = []
        changed = False
        for p in event.players:
            mine = own.get(p.id)
            extra: dict[Pool, PoolRating] = {}
            for pool, known in others:
                st = known.get(p.id)
                if st is not None and st.entry.rating is not None:
                    extra[pool] = PoolRating(st.entry.rating, st.entry.games, st.entry.established)
            if mine is None and not extra:
                players.append(p)
                continue
            changed = True
            kwargs: dict[str, Any] = {}
            if extra:
                merged = dict(p.other_pools)
                merged.update(extra)
                kwargs["other_pools"] = MappingProxyType(merged)
            if mine is not None:
                rating = mine.entry.rating
                kwargs["rating"] = rating
                kwargs["games"] = 0 if rating is None else mine.entry.games
            players.append(replace(p, **kwargs))
        return replace(event, players=tuple(players)) if changed else event

    def prior_states(self, event: Event) -> dict[str, Any]:
        known = self.pools.get(event.pool, {})
        out: dict[str, Any] = {}
        for pid in event.player_ids:
            st = known.get(pid)
            if st is not None:
                out[pid] = self.state(st)
        return out


# -- writing results ---------------------------------------------------------------------------


def _notes(notes: Sequence[str]) -> str | None:
    return json.dumps(list(notes), ensure_ascii=False) if notes else None


RATING_FIELDS = ("id", "section_id", "system", "pool", "end_date", "position", "status", "notes")
CHANGE_FIELDS = (
    "event_rating_id", "player_id", "pre", "post", "games", "score", "expected", "k", "bonus",
    "method", "performance", "floor", "notes",
)  # fmt: skip
STATE_FIELDS = (
    "event_rating_id", "player_id", "system", "pool", "end_date", "next_id", "next_end_date",
    "rating", "games", "established", "mark", "state",
)  # fmt: skip
_NEXT = STATE_FIELDS.index("next_id")


class _Writer:
    """Collects the rows of consecutive events and writes them in one transaction.

    The writing runs in a background thread while the next events are rated (the driver
    releases the GIL while the database works); batches are written one at a time, in
    order, so the ledger on disk is always a prefix of complete events.
    """

    def __init__(self, engine: Engine, generation: int, next_rating_id: int) -> None:
        self.engine = engine
        in_memory = engine.dialect.name == "sqlite" and engine.url.database in (
            None,
            "",
            ":memory:",
        )
        self.thread = None if in_memory else ThreadPoolExecutor(1, "arpad-ledger-writer")
        self.in_flight: Future[None] | None = None
        self.iso_dates = engine.dialect.name == "sqlite"
        self.generation = generation
        self.next_id = next_rating_id
        self.ratings: list[tuple[Any, ...]] = []
        self.changes: list[tuple[Any, ...]] = []
        self.states: dict[tuple[int, str], list[Any]] = {}
        self.supersede: list[tuple[Any, ...]] = []
        self.events = 0

    def take_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def date(self, day: dt.date) -> Any:
        return day.isoformat() if self.iso_dates else day

    def flush(self) -> None:
        """Hand the collected rows to the writing thread (after the previous batch)."""
        if not self.events:
            return
        batch = (
            self.ratings,
            self.changes,
            [tuple(r) for r in self.states.values()],
            self.supersede,
        )
        self.ratings, self.changes, self.states, self.supersede = [], [], {}, []
        self.events = 0
        self.wait()
        if self.thread is None:
            self._write(*batch)
        else:
            self.in_flight = self.thread.submit(self._write, *batch)

    def wait(self) -> None:
        """Wait for the batch being written (re-raising its error, if any)."""
        if self.in_flight is not None:
            done, self.in_flight = self.in_flight, None
            done.result()

    def close(self) -> None:
        try:
            self.wait()
        finally:
            if self.thread is not None:
                self.thread.shutdown()

    def _write(
        self,
        ratings: list[tuple[Any, ...]],
        changes: list[tuple[Any, ...]],
        states: list[tuple[Any, ...]],
        supersede: list[tuple[Any, ...]],
    ) -> None:
        ps = schema.player_states
        with self.engine.begin() as conn:
            self.generation = bump_generation(conn, self.generation)
            insert_rows(conn, schema.event_ratings, RATING_FIELDS, ratings)
            insert_rows(conn, schema.rating_changes, CHANGE_FIELDS, changes)
            insert_rows(conn, ps, STATE_FIELDS, states)
            update_rows(
                conn, ps, ("next_id", "next_end_date"), ("event_rating_id", "player_id"), supersede
            )


def _record(
    writer: _Writer,
    states: _States,
    config: Any,
    section: StoredSection,
    pool: Pool,
    result: EventRating[Any] | None,
    status: str,
    message: str | None,
) -> None:
    system = states.system
    end_date, position = section.order
    day = writer.date(end_date)
    rid = writer.take_id()
    notes = _notes(result.notes) if result is not None else message
    writer.ratings.append((rid, section.id, system.name, pool.value, day, position, status, notes))
    if result is None:
        return
    writer.changes.extend(
        (
            rid, r.player_id, r.pre, r.post, r.games, r.score, r.expected, r.k, r.bonus,
            r.method, r.performance, r.floor, _notes(r.notes),
        )
        for r in result.players
    )  # fmt: skip
    known = states.pools.setdefault(pool, {})
    dumps = states.codec.dumps
    list_entry = system.list_entry
    buffered = writer.states
    for pid, state in result.states.items():
        entry = list_entry(state, config)
        buffered[(rid, pid)] = [
            rid, pid, system.name, pool.value, day, None, None,
            entry.rating, entry.games, entry.established, entry.mark, dumps(state),
        ]  # fmt: skip
        previous = known.get(pid)
        if previous is not None:
            row = buffered.get((previous.rating_id, pid))
            if row is not None:
                row[_NEXT] = rid
                row[_NEXT + 1] = day
            else:
                writer.supersede.append((rid, day, previous.rating_id, pid))
        known[pid] = _Standing(rid, entry, None, state)


def rate_section(
    states: _States, config: Any, section: StoredSection
) -> list[tuple[Pool, EventRating[Any] | None, str, str | None]]:
    """Rate one section in every pool the system rates it in, all from the pre-event states.

    Returns ``(pool, result, status, message)`` per pool (one ``skipped`` row if none).
    """
    system = states.system
    event = section.event
    pools = [p for p in event.pools if p in system.pools]
    if not pools:
        return [(event.pool, None, "skipped", f"{system.name} does not rate the {event.pool} pool")]
    seen = states.seen_by_system(event)
    out: list[tuple[Pool, EventRating[Any] | None, str, str | None]] = []
    for pool in pools:
        ev = seen.in_pool(pool)
        try:
            result = system.rate_event(ev, states.prior_states(ev), config)
        except (RatingError, InputError, ConfigError) as exc:
            out.append((pool, None, "failed", str(exc)))
            continue
        out.append((pool, result, "rated", None))
    return out


def _batches(ids: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for i in range(0, len(ids), size):
        yield ids[i : i + size]


def prepare_system(
    engine: Engine, name: str, options: Mapping[str, str], *, from_scratch: bool
) -> tuple[RatingSystem[Any, Any], Any, int, int]:
    """Register or check the system's configuration and roll back what must be re-rated.

    Returns the system, its configuration, the sections rolled back, and the generation.

    Raises:
        LedgerError: options differ from the stored configuration without ``from_scratch``.
    """
    system = get_system(name)
    with engine.begin() as conn:
        generation = bump_generation(conn)
        stored = stored_config(conn, system)
        base = system.default_config() if stored is None else stored
        config = with_options(base, dict(options)) if options else base
        if stored is None:
            _set_config(conn, system, config, new=True)
        elif config != stored:
            if not from_scratch:
                raise LedgerError(
                    f"this ledger rates {system.name} with "
                    f"{_describe(stored, system.default_config())}; "
                    "to rate it with other options, add --from-scratch (every event is rated again)"
                )
            _set_config(conn, system, config, new=False)
        rolled: set[int] = set()
        if from_scratch:
            rolled = roll_back(conn, schema.event_ratings.c.system == system.name)
        else:
            pending = _pending(conn, system.name)
            if pending:
                _, day, position = pending[0]
                rolled = roll_back_from(conn, system.name, day, position, inclusive=False)
    return system, config, len(rolled), generation


def rate_pending(
    engine: Engine,
    system_names: Sequence[str],
    options: Mapping[str, str] | None = None,
    *,
    from_scratch: bool = False,
    progress: Progress | None = None,
    batch: int = 500,
    batch_seconds: float = 0.5,
) -> RateReport:
    """Rate every pending section for each system, re-rating where needed (module doc).

    ``options`` (``NAME=VALUE`` pairs, as ``arpad rate -o``) configure a system the first
    time the ledger rates with it; changing them later needs ``from_scratch``.

    Raises:
        LedgerError: another process wrote to the ledger meanwhile, or options conflict.
        ConfigError: an unknown system or option.
    """
    report = RateReport()
    with paused_gc():
        for name in system_names:
            _rate_system(
                engine, name, options, from_scratch, progress, batch, batch_seconds, report
            )
    return report


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for a bulk job.

    The events and states a season holds are hundreds of thousands of small acyclic
    objects; the collector would walk them all again and again (20–30 % of the time of
    rating a season). Reference counting still frees everything.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _rate_system(
    engine: Engine,
    name: str,
    options: Mapping[str, str] | None,
    from_scratch: bool,
    progress: Progress | None,
    batch: int,
    batch_seconds: float,
    report: RateReport,
) -> None:
    """Rate one system's pending sections (see :func:`rate_pending`)."""
    system, config, rolled, generation = prepare_system(
        engine, name, options or {}, from_scratch=from_scratch
    )
    states = _States(system)
    with engine.connect() as conn:
        states.load(conn)
        pending = _pending(conn, system.name)
        next_id = int(
            conn.execute(select(func.coalesce(func.max(schema.event_ratings.c.id), 0))).scalar_one()
        )
    writer = _Writer(engine, generation, next_id + 1)
    report.rerated[system.name] = rolled
    rated = skipped = 0
    done = 0
    started = time.perf_counter()
    ids = [p[0] for p in pending]
    try:
        for chunk in _batches(ids, _LOAD_CHUNK):
            with engine.connect() as conn:
                sections = load_sections(conn, chunk)
            for section in sections:
                for pool, result, status, message in rate_section(states, config, section):
                    _record(writer, states, config, section, pool, result, status, message)
                    if status == "failed":
                        assert message is not None
                        report.failures.append(
                            Failure(system.name, section.event.id, pool, message)
                        )
                    if status == "skipped":
                        skipped += 1
                rated += 1
                writer.events += 1
                done += 1
                if writer.events >= batch or time.perf_counter() - started >= batch_seconds:
                    writer.flush()
                    started = time.perf_counter()
                if progress is not None:
                    progress(system.name, done, len(ids))
        writer.flush()
    finally:
        writer.close()
    report.rated[system.name] = rated - skipped
    report.skipped[system.name] = skipped


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


__all__ = [
    "Failure",
    "RateReport",
    "delete_sections",
    "forget_empty",
    "ledger_systems",
    "paused_gc",
    "rate_pending",
    "rate_section",
    "roll_back",
    "roll_back_from",
    "stored_config",
]
