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

**Norms.** A system with a norm system (:data:`arpad.titles.NORMS_FOR_SYSTEM`) also has
each event's norms checked and the earned ones written with its ratings
(:mod:`arpad.ledger.norms`).

**Re-rating.** When a section is pending (imported but not yet rated by a system) and the
system has already rated sections that come after it, those later ratings are rolled back
(deleted; each player's previous state becomes current again) and rated again after the
new one. Rolling back and rating again is deterministic, so the result is identical to
rating everything from scratch (a test compares the lists byte for byte).

**Transactions.** Rolling back is one transaction. Rating writes each event's rows (its
event ratings, every player's rating change and new state) inside one transaction; to keep
the rate high, one transaction may hold several consecutive events (at most ``batch``
events or about ``batch_seconds`` of work; by default 5,000 events or 5 s, because every
commit writes out each index page its events touched, and a season's states touch most
of them every time: D-ledger-batch-2), written by a background thread while the
next events are rated (batches are written one at a time, in order). A process killed
at any moment leaves a ledger in which some prefix of the pending events is rated
completely and the rest is still pending: running ``rate-pending`` again finishes it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    func,
    insert,
    select,
    update,
)

from arpad.collector import collection_paused
from arpad.config import with_options
from arpad.ledger import schema
from arpad.ledger.codec import Codec
from arpad.ledger.columns import record_run
from arpad.ledger.db import LedgerError, bump_generation
from arpad.ledger.lookahead import Lookahead
from arpad.ledger.norms import earned_norms
from arpad.ledger.outcome import Failed, PoolOutcome
from arpad.ledger.rollback import roll_back, roll_back_from
from arpad.ledger.store import StoredSection, load_sections
from arpad.ledger.views import LedgerStates
from arpad.ledger.writer import Writer, record
from arpad.model import Pool
from arpad.systems import RatingSystem, get_system
from arpad.titles import NormResult, norm_system_for

Progress = Callable[[str, int, int], None]
"""``progress(system, done, total)``, called after each event."""

_LOAD_CHUNK = 250


@dataclass(frozen=True, slots=True)
class Failure:
    """A section a system could not rate, or a system that could not run at all (the
    reason of a section's failure is stored in ``rating_failures``)."""

    system: str
    section: str
    pool: Pool | None
    message: str
    error: str | None = None
    """The exception's class when arpad itself failed; ``None`` for a refusal."""
    stage: str = "rating"
    """``rating`` (the section is not rated), ``norms`` (rated; its norms not checked) or
    ``system`` (the whole system could not run: ``section`` is empty)."""


@dataclass(slots=True)
class RateReport:
    """What one ``rate_pending`` run did, per system."""

    rated: dict[str, int] = field(default_factory=dict)
    """Sections rated in at least one pool, per system (including those rated again)."""
    rerated: dict[str, int] = field(default_factory=dict)
    """Sections whose earlier rating was rolled back to be rated again."""
    skipped: dict[str, int] = field(default_factory=dict)
    """Sections of pools the system does not rate."""
    refused: dict[str, int] = field(default_factory=dict)
    """Sections the system refused in every pool (their reasons are in ``failures``)."""
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


def _pending(conn: Connection, system: str) -> list[tuple[int, dt.date, int]]:
    s, er = schema.sections, schema.event_ratings
    rated = select(er.c.id).where(er.c.section_id == s.c.id, er.c.system == system).exists()
    rows = conn.execute(
        select(s.c.id, s.c.end_date, s.c.position)
        .where(~rated)
        .order_by(s.c.end_date, s.c.position)
    )
    return [(r[0], r[1], r[2]) for r in rows]


def rate_section(
    states: LedgerStates, config: Any, section: StoredSection, norm_system: str | None = None
) -> list[PoolOutcome]:
    """Rate one section in every pool the system rates it in, all from the pre-event states,
    and check the norms of ``norm_system`` (if any) on the event as the system saw it.

    Returns one outcome per pool (one ``skipped`` outcome if none).
    """
    system = states.system
    event = section.event
    pools = [p for p in event.pools if p in system.pools]
    if not pools:
        message = f"{system.name} does not rate the {event.pool} pool"
        return [PoolOutcome(event.pool, None, "skipped", message)]
    out: list[PoolOutcome] = []
    for pool in pools:
        # Any exception fails this section for this system only (D-fail-1): the others
        # are rated, and the reason is recorded.
        try:
            ev = states.seen_by_system(event).in_pool(pool)
            result = system.rate_event(ev, states.prior_states(ev), config)
        except Exception as exc:
            failed = Failed.of(exc)
            out.append(PoolOutcome(pool, None, "failed", failed.message, error=failed.error))
            continue
        norms: tuple[NormResult, ...] = ()
        norms_failure = None
        if norm_system is not None:
            try:
                norms = earned_norms(norm_system, states.with_ledger_ratings(ev))
            except Exception as exc:
                norms_failure = Failed.of(exc)
        out.append(PoolOutcome(pool, result, "rated", None, norms, norms_failure=norms_failure))
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
    batch: int = 5000,
    batch_seconds: float = 5.0,
) -> RateReport:
    """Rate every pending section for each system, re-rating where needed (module doc).

    ``options`` (``NAME=VALUE`` pairs, as ``arpad rate -o``) configure a system the first
    time the ledger rates with it; changing them later needs ``from_scratch``.

    A section a system cannot rate is recorded as failed (``rating_failures`` says why)
    and the run goes on; a system that cannot run at all is reported in
    ``RateReport.failures`` (stage ``system``) and the other systems are rated.

    Raises:
        LedgerError: another process wrote to the ledger meanwhile, or options conflict.
        ConfigError: an unknown system or option (checked before anything is rated).
    """
    for name in system_names:
        get_system(name)
    report = RateReport()
    with collection_paused():
        for name in system_names:
            # One system that cannot run does not keep the others from rating (D-fail-1);
            # what it wrote before failing is complete events only (the transactions).
            try:
                _rate_system(
                    engine, name, options, from_scratch, progress, batch, batch_seconds, report
                )
            except LedgerError:
                raise
            except Exception as exc:
                failed = Failed.of(exc)
                report.failures.append(
                    Failure(name, "", None, failed.message, failed.error, "system")
                )
    return report


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
    states = LedgerStates(system)
    norm_system = norm_system_for(system.name)
    with engine.connect() as conn:
        pending = _pending(conn, system.name)
        next_id = int(
            conn.execute(select(func.coalesce(func.max(schema.event_ratings.c.id), 0))).scalar_one()
        )
    writer = Writer(engine, generation, next_id + 1)
    ahead = Lookahead(
        states, config, norm_system, lambda s: rate_section(states, config, s, norm_system), batch
    )
    report.rerated[system.name] = rolled
    run = _Run(writer, states, config, ahead, norm_system, report, batch, batch_seconds)
    ids = [p[0] for p in pending]
    shared: dict[tuple[Any, ...], Any] = {}
    try:
        for chunk in _batches(ids, _LOAD_CHUNK):
            with engine.connect() as conn:
                sections = load_sections(conn, chunk, shared)
                states.load_players_of(conn, sections)
            ahead.load(sections)
            i = 0
            while i < len(sections):
                step = run.next(sections, i)
                i += step
                if progress is not None:
                    for _ in range(step):
                        run.done += 1
                        progress(system.name, run.done, len(ids))
        writer.flush()
    finally:
        writer.close()
    report.rated[system.name] = run.counts["rated"]
    report.skipped[system.name] = run.counts["skipped"]
    report.refused[system.name] = run.counts["failed"]


class _Run:
    """One system's rating run: records sections (alone, or a run of them from the
    season loop's columns) and hands the writer a batch when it is full."""

    def __init__(
        self,
        writer: Writer,
        states: LedgerStates,
        config: Any,
        ahead: Lookahead,
        norm_system: str | None,
        report: RateReport,
        batch: int,
        batch_seconds: float,
    ) -> None:
        self.writer, self.states, self.config, self.ahead = writer, states, config, ahead
        self.norm_system, self.report = norm_system, report
        self.batch, self.batch_seconds = batch, batch_seconds
        self.counts = {"rated": 0, "skipped": 0, "failed": 0}
        self.done = 0
        self.started = time.perf_counter()

    def next(self, sections: Sequence[StoredSection], i: int) -> int:
        """Record ``sections[i]`` (and the rest of its run, if the season loop rated one);
        returns how many sections were recorded."""
        season_run = self.ahead.season_run(sections[i])
        if season_run is None:
            self.counts[self._section(sections[i])] += 1
            self._written(1)
            return 1
        step = len(season_run.sections)
        if self.writer.events and self.writer.events + step > self.batch:
            self._flush()
        record_run(self.writer, self.states, season_run)
        self.counts["rated"] += step
        self._written(step)
        return step

    def _written(self, events: int) -> None:
        self.writer.events += events
        late = time.perf_counter() - self.started >= self.batch_seconds
        if self.writer.events >= self.batch or late:
            self._flush()

    def _flush(self) -> None:
        self.writer.flush()
        self.started = time.perf_counter()

    def _section(self, section: StoredSection) -> str:
        """Rate and record one section in every pool; its status for the report."""
        system_name = self.states.system.name
        statuses = set()
        for outcome in self.ahead.rate(section):
            try:
                record(self.writer, self.states, self.config, section, outcome, self.norm_system)
            except Exception as exc:  # record() changed nothing (its docstring)
                self.ahead.discard()
                failed = Failed.of(exc)
                outcome = PoolOutcome(
                    outcome.pool, None, "failed", failed.message, error=failed.error
                )
                record(self.writer, self.states, self.config, section, outcome, self.norm_system)
            statuses.add(outcome.status)
            self._report_failures(system_name, section, outcome)
        return "rated" if "rated" in statuses else statuses.pop()

    def _report_failures(self, system: str, section: StoredSection, outcome: PoolOutcome) -> None:
        failures = self.report.failures
        if outcome.status == "failed":
            assert outcome.message is not None
            failures.append(
                Failure(system, section.event.id, outcome.pool, outcome.message, outcome.error)
            )
        if outcome.norms_failure is not None:
            message, error = outcome.norms_failure
            failures.append(
                Failure(
                    system,
                    section.event.id,
                    outcome.pool,
                    f"its norms could not be checked: {message}",
                    error,
                    "norms",
                )
            )


__all__ = [
    "Failure",
    "PoolOutcome",
    "RateReport",
    "ledger_systems",
    "rate_pending",
    "rate_section",
    "stored_config",
]
