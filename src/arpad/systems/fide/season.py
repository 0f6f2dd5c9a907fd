"""A FIDE season from columns: the season loop (:mod:`.kernel`) over a
:class:`~arpad.season.Season`, and its results as columns.

What the loop cannot hold as numbers is prepared here: each player's state before the
season (:func:`.system.state_from_entry` of his first entry, or a given state, written into
a :class:`.table.StateTable`) and each event's facts from its dates (the list in force, the
period, the era, the rules in force: :func:`.system.event_facts`). A rapid or blitz event
where a player's standard rating is read (the October 2022 raise, §7.2.1 of the rapid and
blitz regulations) is rated between runs of the loop by :func:`.system.rate_event` itself,
from the table's states; a configuration rounding each tournament separately
(``rounding="tournament"``) is rated event by event. Unrated players' play toward a first
rating (§8.2) is in the loop. Equal to rating the events one by one, to the last bit
(tests/fide/test_season.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from arpad.model import PlayerEntry
from arpad.season import NO_DAY, FloatArray, Season, SeasonRatings, day_to_date
from arpad.systems import EventRating
from arpad.systems.fide import kernel
from arpad.systems.fide import steps as s
from arpad.systems.fide.rules import (
    DP_BY_HUNDREDTH,
    RATING_TYPE_OF_POOL,
    ROW_AT,
    Era,
    FideConfig,
    RatingType,
    params,
)
from arpad.systems.fide.state import FideState
from arpad.systems.fide.system import (
    SYSTEM_NAME,
    any_standard_rating,
    dated_facts,
    player_rating,
    rate_event,
    state_from_entry,
)
from arpad.systems.fide.table import StateTable, month_name

"""Rated games from which a season runs compiled (below: the same loop as Python)."""


class FideSeasonRatings(SeasonRatings[FideState]):
    """A rated FIDE season (see :class:`arpad.season.SeasonRatings`); besides ``pre``,
    ``post``, ``games`` and ``score``, per member: ``expected`` and ``k``."""

    def __init__(
        self,
        season: Season,
        out: FloatArray,
        after: FloatArray,
        table: StateTable,
        facts: FloatArray,
        fallback: dict[int, EventRating[FideState]],
    ) -> None:
        self.season = season
        self.out = out
        self.pre, self.post = out[:, s.O_PRE], out[:, s.O_POST]
        self.games = out[:, s.O_GAMES].astype(np.int64)
        self.score = out[:, s.O_SCORE]
        self.expected, self.k = out[:, s.O_EXPECTED], out[:, s.O_K]
        self._after, self._table, self._facts = after, table, facts
        self._fallback = fallback

    @property
    def states(self) -> dict[str, FideState]:
        rows = self._table.rows
        return {pid: self._table.state(rows[i]) for i, pid in enumerate(self.season.players)}

    def event_rating(self, e: int) -> EventRating[FideState]:
        if e in self._fallback:
            return self._fallback[e]
        season, table = self.season, self._table
        m0, m1 = int(season.member_start[e]), int(season.member_start[e + 1])
        f = self._facts[e]
        era = Era.ERA_2022 if f[s.E_ERA22] else Era.ERA_2024
        rtype = RATING_TYPE_OF_POOL[season.pool]
        period = month_name(f[s.E_PERIOD])
        players, states = [], {}
        for m in range(m0, m1):
            pid = season.players[int(season.members[m])]
            o = self.out[m].tolist()
            players.append(player_rating(pid, o, None, era, rtype, period, table))
            states[pid] = table.state(self._after[m], at=e)
        return EventRating(SYSTEM_NAME, season.event_ids[e], season.pool, tuple(players), states)


def _facts(season: Season, cfg: FideConfig) -> FloatArray:
    """Each event's facts (:func:`.system.dated_facts` by its start and end days, once
    per pair; an event without a start starts on its end day, :func:`.system.event_start`)
    and, in a rapid or blitz season, whether the event reads a standard rating
    (:func:`.system.reads_standard` of its members' entries)."""
    rtype = RATING_TYPE_OF_POOL[season.pool]
    end = season.end_day
    start = (
        end
        if season.start_day is None
        else np.where(season.start_day == NO_DAY, end, season.start_day)
    )
    pairs, index = np.unique(np.column_stack([start, end]), axis=0, return_inverse=True)
    rows = [
        dated_facts(day_to_date(a), day_to_date(b if b != NO_DAY else a), rtype, cfg)
        for a, b in pairs.tolist()
    ]
    table: FloatArray = np.array(rows, dtype=float).reshape(-1, s.N_FACTS)[index.ravel()]
    if rtype is not RatingType.STANDARD and season.holds_entries:
        table[:, s.E_ALONE] = [_reads_standard(season, e) for e in range(season.size)]
    return table


def _reads_standard(season: Season, e: int) -> bool:
    """:func:`.system.reads_standard` of event ``e`` from its members' entries."""
    rows = range(int(season.member_start[e]), int(season.member_start[e + 1]))
    return any_standard_rating(season.member_entry(row) for row in rows)


def _plain(entry: PlayerEntry) -> bool:
    """The entry gives nothing :func:`.system.state_from_entry` reads but rating and games."""
    no_fide = entry.rating is not None or entry.fide is None
    return entry.peak is None and entry.birth_date is None and no_fide


def _start_table(
    season: Season, states: Mapping[str, FideState], facts: FloatArray, cfg: FideConfig
) -> StateTable:
    """Every player's state before the season: a given state, else his first entry's
    (:func:`.system.state_from_entry`), computed here for entries giving only rating and
    games (the list in force at his first event, K 40 ended for a rating without games)."""
    given = [st for pid, st in states.items()]
    size = len(season.members) + sum(len(st.pending) + len(st.pooled) for st in given)
    table = StateTable(len(season.players), size, season.event_ids, cfg)
    rating, games = season.entry_rating, season.entry_games
    rated = ~np.isnan(rating)
    rows = table.rows
    rows[:, s.RATING] = rating
    rows[:, s.GAMES] = np.where(games > 0, games, np.where(rated, cfg.new_games, 0))
    rows[:, s.TOP] = rated & (rating >= cfg.top_threshold)
    first = season.first_rows()
    event_of_first = np.searchsorted(season.member_start, first, side="right") - 1
    rows[:, s.MONTH] = facts[event_of_first, s.E_IN_FORCE] if len(first) else []
    for slot, entry in season.first_entries_to_read():
        if entry.id not in states and not _plain(entry):
            event = season.dated_event(int(event_of_first[slot]))  # its start only is read
            table.put(slot, state_from_entry(entry, event, cfg))
    if states:
        slot_of = {pid: i for i, pid in enumerate(season.players)}
        for pid, state in states.items():
            if pid in slot_of:
                table.put(slot_of[pid], state)
    return table


def rate_season(
    season: Season,
    states: Mapping[str, FideState],
    config: FideConfig,
    *,
    compiled: bool | None = None,
) -> SeasonRatings[FideState]:
    """Rate ``season`` from ``states`` (players not in them: their first entry's state);
    ``compiled``: run the loop compiled (``None``: from
    :data:`arpad.compiled.COMPILED_FROM` games)."""
    facts = _facts(season, config)
    table = _start_table(season, states, facts, config)
    m = len(season.members)
    out = np.zeros((m, s.N_OUT))
    after = np.zeros((m, s.N_FIELDS))
    run = kernel.LOOP.choose(len(season.white), compiled)
    local_of = np.full(len(season.players), -1, dtype=np.int64)
    p = params(config)
    fallback: dict[int, EventRating[FideState]] = {}
    first = 0
    while first < season.size:
        table.reserve(m - int(season.member_start[first]))
        # Room for one player's records: those already filed, and at most one per event of
        # his in this run (a pending or a pooled record).
        rest = season.members[int(season.member_start[first]) :]
        room = int(table.status[0]) + int(np.bincount(rest).max(initial=0))
        scratch = kernel.scratch(season.game_start, season.member_start, room)
        stop = run(
            first, season.size, facts, season.white, season.black, season.score,
            season.game_start, season.members, season.member_start, table.rows, table.recs,
            table.status, local_of, p, ROW_AT, DP_BY_HUNDREDTH, out, after, scratch,
        )  # fmt: skip
        if stop < 0:
            break
        fallback[stop] = _rate_alone(season, stop, table, out, after, config)
        first = stop + 1
    return FideSeasonRatings(season, out, after, table, facts, fallback)


def _rate_alone(
    season: Season,
    e: int,
    table: StateTable,
    out: FloatArray,
    after: FloatArray,
    config: FideConfig,
) -> EventRating[FideState]:
    """An event the per-event path rates (:data:`.steps.E_ALONE`), from the table's states."""
    event = season.event(e)
    m0, m1 = int(season.member_start[e]), int(season.member_start[e + 1])
    slots = season.members[m0:m1].tolist()
    prior = {season.players[x]: table.state(table.rows[x]) for x in slots}
    result = rate_event(event, prior, config)
    for m, slot in zip(range(m0, m1), slots, strict=True):
        pid = season.players[slot]
        table.put(slot, result.states[pid], stamp=float(e))
        after[m] = table.rows[slot]
        rating = result.player(pid)
        out[m, :] = math.nan
        out[m, s.O_PRE] = math.nan if rating.pre is None else rating.pre
        out[m, s.O_POST] = math.nan if rating.post is None else rating.post
        out[m, s.O_GAMES], out[m, s.O_SCORE] = rating.games, rating.score
    return result
