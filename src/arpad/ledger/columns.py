"""A run of sections rated by the system's season loop, recorded from its columns.

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arpad.ledger.store import StoredSection
from arpad.ledger.views import LedgerStates, Standing
from arpad.ledger.writer import Writer, buffer_state, notes_text
from arpad.model import Event, Pool
from arpad.season import MemberResults, Season, SeasonRatings
from arpad.systems import EventRating, ListEntry, RatingSystem, provenance_notes


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

    Raises:
        Exception: whatever rating a section of the run would raise (the caller then
            rates the run one section at a time, so the failure stays with its section).
    """
    system = states.system
    events = [states.seen_by_system(s.event).in_pool(pool) for s in run]
    prior: dict[str, Any] = {}
    for event in events:
        for pid, state in states.prior_states(event).items():
            prior.setdefault(pid, state)
    ratings = system.rate_season(Season.from_events(events), prior, config)
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
        notes=_event_notes(system, ratings, events, set(prior)),
    )


def _event_notes(
    system: RatingSystem[Any, Any],
    ratings: SeasonRatings[Any],
    events: Sequence[Event],
    known: set[str],
) -> list[tuple[str, ...]]:
    """Each event's notes with the provenance notes ``rate_event`` adds
    (:func:`arpad.systems.provenance_notes`, from the players not met before)."""
    out = []
    for e, event in enumerate(events):
        own = system.seen_as_own(event)
        fresh = {p.id for p in own.players} - known
        known.update(p.id for p in own.players)
        out.append(
            ratings.event_notes(e)
            + provenance_notes(system, event, own, _result_for_notes(system, ratings, e), fresh)
        )
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


def _optional(x: float) -> float | None:
    return None if math.isnan(x) else x


def record_run(writer: Writer, states: LedgerStates, run: SeasonRun) -> None:
    """Collect the rows of every section of ``run`` (what :func:`arpad.ledger.writer.record`
    collects for each one) and move the in-memory states on."""
    system = states.system
    season, cols = run.ratings.season, run.results
    players, members = season.players, season.members.tolist()
    starts = season.member_start.tolist()
    changes = _change_rows(cols)
    known = states.pools.setdefault(run.pool, {})
    for e, section in enumerate(run.sections):
        end_date, position = section.order
        day = writer.date(end_date)
        rid = writer.take_id()
        writer.ratings.append(
            (rid, section.id, system.name, run.pool.value, day, position, "rated",
             notes_text(run.notes[e]))
        )  # fmt: skip
        for row in range(starts[e], starts[e + 1]):
            pid = players[members[row]]
            writer.changes.append((rid, pid, *changes[row]))
            buffer_state(writer, system.name, run.pool, rid, day, pid, run.entries[row],
                         run.texts[row], known, Standing(rid, run.entries[row], None,
                                                          run.states[row]))  # fmt: skip


def _change_rows(cols: MemberResults) -> list[tuple[Any, ...]]:
    """Each member's ``rating_changes`` values after the event rating's id and the player."""
    opt = _optional
    return [
        (opt(pre), opt(post), games, score, opt(expected), opt(k), bonus, method,
         opt(perf), opt(floor), notes_text(notes))
        for pre, post, games, score, expected, k, bonus, method, perf, floor, notes in zip(
            cols.pre.tolist(), cols.post.tolist(), cols.games.tolist(), cols.score.tolist(),
            cols.expected.tolist(), cols.k.tolist(), cols.bonus.tolist(), cols.method,
            cols.performance.tolist(), cols.floor.tolist(), cols.notes, strict=True,
        )
    ]  # fmt: skip
