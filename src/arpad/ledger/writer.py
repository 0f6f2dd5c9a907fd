"""Writing rating results: each event's event ratings, rating changes and new states,
collected over consecutive events and written in one transaction by a background thread
(see :mod:`arpad.ledger.rating` for the guarantees)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from arpad.ledger import schema
from arpad.ledger.bulk import bulk_transaction, insert_rows, update_rows
from arpad.ledger.db import bump_generation
from arpad.ledger.norms import NORM_FIELDS, norm_rows
from arpad.ledger.store import StoredSection
from arpad.ledger.views import LedgerStates, Standing
from arpad.model import Pool
from arpad.systems import ListEntry
from arpad.titles import dated_norm_system, event_day

if TYPE_CHECKING:
    from arpad.ledger.outcome import PoolOutcome


def notes_text(notes: Sequence[str]) -> str | None:
    """Notes as the ledger stores them (a JSON list; ``None`` for none)."""
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
FAILURE_FIELDS = ("event_rating_id", "stage", "error", "message")


class Writer:
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
        self.norms: list[tuple[Any, ...]] = []
        self.failures: list[tuple[Any, ...]] = []
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
            self.norms,
            self.failures,
        )
        self.ratings, self.changes, self.states, self.supersede = [], [], {}, []
        self.norms, self.failures = [], []
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
        norms: list[tuple[Any, ...]],
        failures: list[tuple[Any, ...]],
    ) -> None:
        ps = schema.player_states
        with bulk_transaction(self.engine) as conn:
            self.generation = bump_generation(conn, self.generation)
            insert_rows(conn, schema.event_ratings, RATING_FIELDS, ratings)
            insert_rows(conn, schema.rating_changes, CHANGE_FIELDS, changes)
            insert_rows(conn, ps, STATE_FIELDS, states)
            # In the order of the rows updated: the table's B-tree is walked once, not
            # jumped about in (the earlier states are spread over the whole table).
            supersede.sort(key=itemgetter(2, 3))
            update_rows(
                conn, ps, ("next_id", "next_end_date"), ("event_rating_id", "player_id"), supersede
            )
            insert_rows(conn, schema.norms, NORM_FIELDS, norms)
            insert_rows(conn, schema.rating_failures, FAILURE_FIELDS, failures)


def record(
    writer: Writer,
    states: LedgerStates,
    config: Any,
    section: StoredSection,
    outcome: PoolOutcome,
    norm_system: str | None = None,
) -> None:
    """Collect the rows of one section rated in one pool, and move the in-memory states on.

    Everything that can fail (the system's list entries, encoding the states) is done
    before anything is collected: an exception leaves the writer and the states as they
    were, and the caller records the section as failed instead.
    """
    system = states.system
    pool, result = outcome.pool, outcome.result
    if result is not None:
        dumps, list_entry = states.codec.dumps, system.list_entry
        new_states = [
            (pid, state, list_entry(state, config), dumps(state))
            for pid, state in result.states.items()
        ]
    end_date, position = section.order
    day = writer.date(end_date)
    rid = writer.take_id()
    notes = notes_text(result.notes) if result is not None else outcome.message
    writer.ratings.append(
        (rid, section.id, system.name, pool.value, day, position, outcome.status, notes)
    )
    if outcome.status == "failed":
        writer.failures.append((rid, "rating", outcome.error, outcome.message or ""))
    if result is None:
        return
    if outcome.norms_failure is not None:
        message, error = outcome.norms_failure
        writer.failures.append((rid, "norms", error, message))
    if outcome.norms:
        assert norm_system is not None
        # The version of the title rules in force on the event's date (D-titles-1).
        rules = dated_norm_system(norm_system, event_day(section.event))
        writer.norms.extend(norm_rows(rid, rules, outcome.norms))
    writer.changes.extend(
        (
            rid, r.player_id, r.pre, r.post, r.games, r.score, r.expected, r.k, r.bonus,
            r.method, r.performance, r.floor, notes_text(r.notes),
        )
        for r in result.players
    )  # fmt: skip
    known = states.pools.setdefault(pool, {})
    rows = ((pid, entry, text, state) for pid, state, entry, text in new_states)
    buffer_states(writer, system.name, pool, rid, day, rows, known)


def buffer_states(
    writer: Writer,
    system: str,
    pool: Pool,
    rid: int,
    day: Any,
    rows: Iterable[tuple[str, ListEntry, str, Any]],
    known: dict[str, Standing],
) -> None:
    """Collect the new state rows of one event rating (each player's id, list entry,
    encoded state and state), link the state each replaces to it (in the batch, or by an
    update of the stored row) and make it the player's current standing."""
    buffered, supersede, pool_value = writer.states, writer.supersede, pool.value
    for pid, entry, text, state in rows:
        buffered[(rid, pid)] = [
            rid, pid, system, pool_value, day, None, None,
            entry.rating, entry.games, entry.established, entry.mark, text,
        ]  # fmt: skip
        previous = known.get(pid)
        if previous is not None:
            row = buffered.get((previous.rating_id, pid))
            if row is not None:
                row[_NEXT] = rid
                row[_NEXT + 1] = day
            else:
                supersede.append((rid, day, previous.rating_id, pid))
        known[pid] = Standing(rid, entry, None, state)
