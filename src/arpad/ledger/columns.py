"""A run of sections rated by the system's season loop, read and recorded as columns.

For a system with a compiled season loop (:attr:`arpad.systems.RatingSystem.season_fn`),
the ledger rates a run of sections (:mod:`arpad.ledger.lookahead` says which sections can
form one) as one :class:`~arpad.season.Season` and writes what rating them one by one
would write, row for row, from the results' columns
(:meth:`arpad.season.SeasonRatings.member_results`, ``member_states``): no
:class:`~arpad.systems.EventRating` is built per event, and the performance ratings of
the whole run are solved in one call. :func:`rate_run` does everything that can fail
(rating, the checks every result gets, list entries, encoding the states), so that
:func:`record_run` only collects rows and cannot leave the writer half-changed.
docs/decisions.md D-comp-ledger-1.

The season's columns are read from the sections' stored rows (:class:`_RunColumns`), with
no :class:`~arpad.model.Game`, :class:`~arpad.model.PlayerEntry` or
:class:`~arpad.model.Event` per game or entry: one entry per player of the run (its first,
as the system sees it: :attr:`arpad.season.Season.first_entries`), one more for each
other member whose entry a season loop reads (the season's entry source,
:attr:`arpad.season.Season.entries`: an unrated member's US Chess initial rating), and an
event only where the season loop rates one alone (a match, a FIDE foreign event:
:class:`SeenEvents`). docs/decisions.md D-ledger2-1, D-entries-4.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from arpad.ledger.store import EntryRow, GameRow, StoredSection
from arpad.ledger.views import LedgerStates
from arpad.ledger.writer import Writer, buffer_states, notes_text
from arpad.model import Event, PlayerEntry, Pool
from arpad.season import EPOCH, KIND_CODES, FloatArray, MemberResults, Season, SeasonRatings
from arpad.systems import EventRating, ListEntry, RatingSystem, provenance_text, unused_ratings


@dataclass(frozen=True, slots=True)
class SeasonRun:
    """A run of sections rated as one season, with everything the ledger writes."""

    sections: Sequence[StoredSection]
    pool: Pool
    ratings: SeasonRatings[Any]
    results: MemberResults
    states: list[Any]
    """Every member's state after their event (member row by member row)."""
    entries: list[ListEntry]
    texts: list[str]
    """Every member's state as the ledger stores it (the codec's JSON)."""
    notes: list[tuple[str, ...]]
    """Each event's notes, as :meth:`arpad.systems.RatingSystem.rate_event` gives them."""


def rate_run(
    states: LedgerStates, config: Any, run: Sequence[StoredSection], pool: Pool
) -> SeasonRun:
    """Rate ``run`` (consecutive sections of ``pool``, every earlier section recorded) by
    the season loop from the ledger's states, and prepare its rows.

    The season's columns come straight from the sections' stored rows (:class:`_RunColumns`);
    an event is built only where the system or its notes read one (:class:`SeenEvents`).

    Raises:
        Exception: whatever rating a section of the run would raise (the caller then
            rates the run one section at a time, so the failure stays with its section).
    """
    system = states.system
    assert system.season_fn is not None, "only a system with a season loop rates runs"
    events = SeenEvents(states, run, pool)
    columns = _RunColumns(states, pool)
    for section in run:
        columns.add(section)
    season = columns.season(run, pool, events)
    # What RatingSystem.rate_season does before its loop, but the season's events are
    # already as the system sees them (seen_as_own), built only where the loop reads one.
    start = {
        pid: system.check_state(st, f"the state of {pid!r}") for pid, st in columns.prior.items()
    }
    ratings = system.season_fn(season, start, config)
    results = ratings.member_results()
    after = ratings.member_states()
    list_entry, dumps = system.list_entry, states.codec.dumps
    return SeasonRun(
        sections=run,
        pool=pool,
        ratings=ratings,
        results=results,
        states=after,
        entries=[list_entry(state, config) for state in after],
        texts=[dumps(state) for state in after],
        notes=_event_notes(system, ratings, columns),
    )


class SeenEvents(Sequence[Event]):
    """A run's events as the system sees them (:meth:`LedgerStates.seen_by_system` in the
    run's pool, then :meth:`RatingSystem.seen_as_own`), each built on first use: a season
    loop reads an event only for a match, a FIDE foreign event or a player whose first
    entry says more than rating and games."""

    def __init__(self, states: LedgerStates, run: Sequence[StoredSection], pool: Pool) -> None:
        self.states, self.run, self.pool = states, run, pool
        self._seen: dict[int, Event] = {}
        self._own: dict[int, Event] = {}

    def seen(self, e: int) -> Event:
        """Event ``e`` as the ledger shows it to the system."""
        event = self._seen.get(e)
        if event is None:
            event = self.states.seen_by_system(self.run[e].event).in_pool(self.pool)
            self._seen[e] = event
        return event

    def __len__(self) -> int:
        return len(self.run)

    @overload
    def __getitem__(self, e: int) -> Event: ...

    @overload
    def __getitem__(self, e: slice) -> Sequence[Event]: ...

    def __getitem__(self, e: int | slice) -> Event | Sequence[Event]:
        if isinstance(e, slice):
            return [self[i] for i in range(len(self.run))[e]]
        if e < 0:
            e += len(self.run)
        event = self._own.get(e)
        if event is None:
            event = self.states.system.seen_as_own(self.seen(e))
            self._own[e] = event
        return event


class _RunColumns:
    """A run's :class:`~arpad.season.Season` columns, read from its sections' stored rows
    as :meth:`Season.from_events` reads them from the events the system sees (each
    player's entry columns from their first entry, as the system sees it), the states the
    ledger holds for its players, and which events may carry provenance notes."""

    def __init__(self, states: LedgerStates, pool: Pool) -> None:
        self.states = states
        self.known = states.pools.get(pool, {})
        self.others = states.other_pools(pool)
        self.kinds = states.system.own_kinds()
        self.slot: dict[str, int] = {}
        self.rating: list[float] = []
        self.games: list[int] = []
        self.first_entries: list[PlayerEntry] = []
        self.first: list[int] = []
        self.members: list[int] = []
        self.white: list[int] = []
        self.black: list[int] = []
        self.score: list[float] = []
        self.game_start, self.member_start = [0], [0]
        self.prior: dict[str, Any] = {}
        self.fresh: list[set[str]] = []
        """Each event's players met for the first time (not in the ledger, nor earlier)."""
        self.rows: list[tuple[StoredSection, EntryRow]] = []
        """Each member row's section and stored entry row (:meth:`member_entry`)."""
        self.pairs: list[list[tuple[PlayerEntry, PlayerEntry]]] = []
        """Each event's entries of players met for the first time that may carry another
        kind of rating: as given and as the system sees them (the provenance notes)."""
        self.unrated_only: list[bool] = []
        """Events of unrated newcomers only (:meth:`_unrated_newcomers`)."""
        self.noted: list[bool] = []
        """Events whose provenance notes may not be empty (see :func:`_may_note`)."""

    def add(self, section: StoredSection) -> None:
        """The next section's members and rated games."""
        fresh: set[str] = set()
        slot = self.slot
        pairs: list[tuple[PlayerEntry, PlayerEntry]] = []
        for row in section.entry_rows:
            pid = row[1]
            if pid not in slot:
                given, own = self._meet(section, row)
                if pid not in self.prior:
                    fresh.add(pid)
                    if row[5] is not None:  # only such an entry carries another kind
                        pairs.append((given, own))
        self.members.extend(map(slot.__getitem__, section.player_ids))
        self.rows.extend((section, row) for row in section.entry_rows)
        self._games(section.game_rows)
        self.fresh.append(fresh)
        self.pairs.append(pairs)
        self.unrated_only.append(self._unrated_newcomers(section, fresh))
        self.noted.append(bool(pairs) or self.unrated_only[-1])
        self.game_start.append(len(self.white))
        self.member_start.append(len(self.members))

    def entry(self, section: StoredSection, row: EntryRow) -> tuple[PlayerEntry, PlayerEntry]:
        """A stored entry as the ledger shows it to the system
        (:meth:`LedgerStates.seen_entry`, what :class:`SeenEvents` builds each event's
        entries by), and as the system sees that (its own kinds of rating)."""
        given = self.states.seen_entry(section.entry(row), None, self.others)
        return given, given.own_rating(self.kinds)

    def member_entry(self, row: int) -> PlayerEntry:
        """Member row ``row``'s entry as the system sees it (the season's entry source,
        :attr:`arpad.season.Season.entries`): one entry, no event."""
        return self.entry(*self.rows[row])[1]

    def _games(self, rows: Sequence[GameRow]) -> None:
        """A section's rated games, White's and Black's slots and White's score."""
        if not rows:
            return
        _, whites, blacks, scores, _, rated, _ = zip(*rows, strict=True)
        if not all(rated):
            kept = [
                (w, b, x) for w, b, x, r in zip(whites, blacks, scores, rated, strict=True) if r
            ]
            if not kept:
                return
            whites, blacks, scores = zip(*kept, strict=True)
        self.white.extend(map(self.slot.__getitem__, whites))
        self.black.extend(map(self.slot.__getitem__, blacks))
        self.score.extend(scores)

    def _meet(self, section: StoredSection, row: EntryRow) -> tuple[PlayerEntry, PlayerEntry]:
        """A player's first entry in the run: their entry columns and ledger state; the
        entry as given and as the system sees it (:meth:`entry`)."""
        pid = row[1]
        self.slot[pid] = len(self.rating)
        given, own = self.entry(section, row)
        self.first_entries.append(own)
        self.rating.append(math.nan if own.rating is None else own.rating)
        self.games.append(own.games)
        self.first.append(len(self.members))
        standing = self.known.get(pid)
        if standing is not None:
            self.prior[pid] = self.states.state(standing)
        return given, own

    def _unrated_newcomers(self, section: StoredSection, fresh: set[str]) -> bool:
        """Every player of a section with rated games met for the first time, unrated
        (for a system that rates nobody from foreign ratings, the one other note)."""
        if self.states.system.initialises_from or not section.entry_rows:
            return False
        if len(fresh) < len(section.entry_rows) or len(self.white) == self.game_start[-1]:
            return False
        return all(math.isnan(self.rating[self.slot[pid]]) for pid in fresh)

    def season(self, run: Sequence[StoredSection], pool: Pool, events: SeenEvents) -> Season:
        heads = [s.head for s in run]
        return Season(
            players=tuple(self.slot),
            white=np.array(self.white, dtype=np.int32),
            black=np.array(self.black, dtype=np.int32),
            score=np.array(self.score, dtype=float),
            game_start=np.array(self.game_start, dtype=np.int64),
            members=np.array(self.members, dtype=np.int32),
            member_start=np.array(self.member_start, dtype=np.int64),
            event_ids=tuple(h.key for h in heads),
            end_day=np.array([(h.end_date - EPOCH).days for h in heads], dtype=np.int32),
            kind=np.array([KIND_CODES[h.kind] for h in heads], dtype=np.int8),
            dual_rated=np.zeros(len(heads), dtype=bool),
            youth=np.array([h.youth for h in heads], dtype=bool),
            entry_rating=np.array(self.rating, dtype=float),
            entry_games=np.array(self.games, dtype=np.int64),
            pool=pool,
            events=events,
            first_entries=tuple(self.first_entries),
            first_member=np.array(self.first, dtype=np.int64),
            entries=self.member_entry,
        )


def _event_notes(
    system: RatingSystem[Any, Any], ratings: SeasonRatings[Any], columns: _RunColumns
) -> list[tuple[str, ...]]:
    """Each event's notes with the provenance notes ``rate_event`` adds
    (:func:`arpad.systems.provenance_notes`, from the players not met before), for the
    events whose notes may say something: a player met for the first time whose entry
    has more than rating and games (a foreign rating is there), or only unrated
    newcomers (the rest give none), from those newcomers' entries (:meth:`_RunColumns.entry`):
    no event is built for a note."""
    out = []
    kinds = system.own_kinds()
    for e, noted in enumerate(columns.noted):
        notes = ratings.event_notes(e)
        if noted:
            alone = columns.unrated_only[e]
            result = _result_for_notes(system, ratings, e) if alone else None
            unused = unused_ratings(kinds, columns.pairs[e])
            notes += provenance_text(system, unused, alone, result)
        out.append(notes)
    return out


def _result_for_notes(
    system: RatingSystem[Any, Any], ratings: SeasonRatings[Any], e: int
) -> EventRating[Any]:
    """What :func:`~arpad.systems.provenance_notes` reads of event ``e``'s result: only a
    system that rates nobody from foreign ratings looks at the posts (the event's own
    result); for the others an empty one stands in, unread."""
    if not system.initialises_from:
        return ratings.event_rating(e)
    return EventRating(system.name, ratings.season.event_ids[e], ratings.season.pool, (), {})


def record_run(writer: Writer, states: LedgerStates, run: SeasonRun) -> None:
    """Collect the rows of every section of ``run`` (what :func:`arpad.ledger.writer.record`
    collects for each one) and move the in-memory states on."""
    system = states.system
    season = run.ratings.season
    starts = season.member_start.tolist()
    # The sections' event ratings take consecutive ids, one each in order (as record()
    # would take them), so every member row's id is known before the rows are built.
    rids = [writer.take_id() for _ in run.sections]
    players = season.players
    pids = [players[m] for m in season.members.tolist()]
    row_rids = np.repeat(np.array(rids, dtype=np.int64), np.diff(starts)).tolist()
    writer.changes.extend(_change_rows(row_rids, pids, run.results))
    known = states.pools.setdefault(run.pool, {})
    for e, section in enumerate(run.sections):
        end_date, position = section.order
        day = writer.date(end_date)
        rid = rids[e]
        writer.ratings.append(
            (rid, section.id, system.name, run.pool.value, day, position, "rated",
             notes_text(run.notes[e]))
        )  # fmt: skip
        m0, m1 = starts[e], starts[e + 1]
        buffer_states(
            writer, system.name, run.pool, rid, day,
            zip(pids[m0:m1], run.entries[m0:m1], run.texts[m0:m1], run.states[m0:m1],
                strict=True),
            known,
        )  # fmt: skip


def _change_rows(
    rids: list[int], pids: list[str], cols: MemberResults
) -> Iterator[tuple[Any, ...]]:
    """Each member's ``rating_changes`` row: the event rating's id, the player, then the
    values (NaN as ``None``), zipped a column at a time."""
    opt = _optional_column
    return zip(
        rids, pids, opt(cols.pre), opt(cols.post), cols.games.tolist(), cols.score.tolist(),
        opt(cols.expected), opt(cols.k), cols.bonus.tolist(), cols.method,
        opt(cols.performance), opt(cols.floor), [notes_text(n) for n in cols.notes],
        strict=True,
    )  # fmt: skip


def _optional_column(values: FloatArray) -> list[float | None]:
    """A float column as Python values, ``None`` where it is NaN."""
    out: list[float | None] = values.tolist()
    for i in np.flatnonzero(np.isnan(values)).tolist():
        out[i] = None
    return out
