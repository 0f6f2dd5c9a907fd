"""A US Chess season from columns: the compiled loop (:mod:`.kernel`) over a
:class:`~arpad.season.Season`, and its results as columns.

What the loop cannot hold as numbers is prepared here: each player's state before the
season (:func:`.state.state_from_entry` of the first entry, or a given state), Step 1
initial ratings of unrated players (§2, from their entries), the bonus multiplier of
each event's era (D-uscf-eras-1). Matches (§7) and FIDE foreign events (§6), rare and with
rules of their own (dates of earlier match changes, converted FIDE ratings), are rated
between runs of the loop by :func:`.rating.rate_event` itself. Equal to rating the
events one by one, to the last bit (tests/uscf2020/test_season.py).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence

import numpy as np

from arpad.errors import RatingError
from arpad.model import Event, EventKind, MatchChange, PlayerEntry, Pool
from arpad.performance import logistic_performances
from arpad.season import KIND_CODES, FloatArray, Season, SeasonRatings, day_to_date
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.uscf2020 import kernel, rules
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.initial import Initial, initial_rating
from arpad.systems.uscf2020.rating import SYSTEM_NAME, quick_regular, rate_event
from arpad.systems.uscf2020.state import USCFState, from_row, state_from_entry, to_row

COMPILED_FROM = 4096
"""Rated games from which a season is rated by the compiled loop (below: the same loop as
Python, which spares loading Numba; the two give the same bits)."""

TOURNAMENT = KIND_CODES[EventKind.TOURNAMENT]


class USCFSeasonRatings(SeasonRatings[USCFState]):
    """A rated US Chess season (see :class:`arpad.season.SeasonRatings`); besides ``pre``,
    ``post``, ``games`` and ``score``, per member: ``expected``, ``k``, ``bonus``,
    ``special``, ``floor`` and the step-4 rating (``step4``)."""

    def __init__(
        self,
        season: Season,
        results: FloatArray,
        after: FloatArray,
        table: FloatArray,
        initials: tuple[list[Initial], np.ndarray],
        history: dict[int, list[tuple[int, tuple[MatchChange, ...]]]],
        fallback: dict[int, EventRating[USCFState]],
    ) -> None:
        self.season = season
        self.results = results
        self.pre, self.post = results[kernel.PRE], results[kernel.POST]
        self.games = results[kernel.GAMES].astype(np.int64)
        self.score = results[kernel.SCORE]
        self.expected, self.k = results[kernel.EXPECTED], results[kernel.K]
        self.bonus, self.floor = results[kernel.BONUS], results[kernel.FLOOR]
        self.special, self.step4 = results[kernel.SPECIAL], results[kernel.STEP4]
        self._after = after
        self._table = table
        self._initials, self._initial_of = initials
        self._history = history
        self._fallback = fallback

    def _changes(self, slot: int, e: int) -> tuple[MatchChange, ...]:
        """A player's match history as it stood after event ``e``."""
        runs = self._history.get(slot)
        if not runs:
            return ()
        at = bisect.bisect_right([k for k, _ in runs], e) - 1
        return runs[at][1] if at >= 0 else ()

    @property
    def states(self) -> dict[str, USCFState]:
        s = self.season
        return {
            pid: from_row(self._table[i].tolist(), self._changes(i, s.size))
            for i, pid in enumerate(s.players)
        }

    def event_rating(self, e: int) -> EventRating[USCFState]:
        if e in self._fallback:
            return self._fallback[e]
        s = self.season
        m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
        g0, g1 = int(s.game_start[e]), int(s.game_start[e + 1])
        slots = s.members[m0:m1].tolist()
        local = {slot: i for i, slot in enumerate(slots)}
        white = np.array([local[x] for x in s.white[g0:g1].tolist()], dtype=np.intp)
        black = np.array([local[x] for x in s.black[g0:g1].tolist()], dtype=np.intp)
        perf = logistic_performances(white, black, s.score[g0:g1], self.step4[m0:m1])
        rows = self.results[:, m0:m1].T.tolist()
        players: list[PlayerRating] = []
        states: dict[str, USCFState] = {}
        for i, (slot, row) in enumerate(zip(slots, rows, strict=True)):
            pid = s.players[slot]
            players.append(self._player(pid, row, float(perf[i]), m0 + i))
            states[pid] = from_row(self._after[m0 + i].tolist(), self._changes(slot, e))
        return EventRating(SYSTEM_NAME, s.event_ids[e], s.pool, tuple(players), states)

    def _player(self, pid: str, row: list[float], perf: float, col: int) -> PlayerRating:
        notes: list[str] = []
        which = int(self._initial_of[col])
        if which >= 0:
            init = self._initials[which]
            notes.append(f"unrated: initial {init.rating:.0f} from {init.source} (N={init.games})")
        pre = _optional(row[kernel.PRE])
        m = int(row[kernel.GAMES])
        if m == 0:
            return PlayerRating(pid, pre, pre, 0, 0.0, notes=tuple(notes))
        floor = _optional(row[kernel.FLOOR])
        if floor is not None:
            notes.append(f"floor {floor:.0f} applied")
        return PlayerRating(
            player_id=pid,
            pre=pre,
            post=row[kernel.POST],
            games=m,
            score=row[kernel.SCORE],
            expected=row[kernel.EXPECTED],
            k=_optional(row[kernel.K]),
            bonus=row[kernel.BONUS],
            method="special" if row[kernel.SPECIAL] else "standard",
            performance=perf,
            floor=floor,
            notes=tuple(notes),
        )


def _optional(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def _start_table(
    season: Season, states: Mapping[str, USCFState], config: USCFConfig
) -> tuple[FloatArray, dict[int, list[tuple[int, tuple[MatchChange, ...]]]]]:
    """Every player's state before the season as rows, and the match histories."""
    n = len(season.players)
    table = np.zeros((n, rules.N_FIELDS))
    table[:, [rules.PEAK, rules.PRIZE, rules.KNOWN]] = np.nan
    rating, games = season.entry_rating, season.entry_games
    table[:, rules.RATING] = rating
    table[:, rules.GAMES] = games
    established = ~np.isnan(rating) & (games > config.established_after)
    table[established, rules.PEAK] = rating[established]  # state_from_entry's peak
    history: dict[int, list[tuple[int, tuple[MatchChange, ...]]]] = {}
    given: dict[int, USCFState] = {}
    if season.events is not None:
        first = _first_entries(season)
        for slot, (entry, event) in first.items():
            if entry.id not in states:
                given[slot] = state_from_entry(entry, event, config)
    slot_of = {pid: i for i, pid in enumerate(season.players)} if states else {}
    for pid, state in states.items():
        if pid in slot_of:
            given[slot_of[pid]] = state
    for slot, state in given.items():
        table[slot] = to_row(state)
        if state.match_changes:
            history[slot] = [(-1, state.match_changes)]
    return table, history


def _first_entries(season: Season) -> dict[int, tuple[PlayerEntry, Event]]:
    assert season.events is not None
    out: dict[int, tuple[PlayerEntry, Event]] = {}
    slots = season.members.tolist()
    k = 0
    for event in season.events:
        for entry in event.players:
            out.setdefault(slots[k], (entry, event))
            k += 1
    return out


def _initials(
    season: Season, table: FloatArray, config: USCFConfig
) -> tuple[FloatArray, FloatArray, list[Initial], np.ndarray]:
    """Step 1 initial ratings (§2) of the members who may be unrated at their event: the
    players unrated before the season, up to their first tournament with games."""
    s = season
    n_members, n_players = len(s.members), len(s.players)
    init_r0 = np.full(n_members, np.nan)
    init_games = np.zeros(n_members)
    which = np.full(n_members, -1, dtype=np.int64)
    unrated = np.isnan(table[:, rules.RATING])
    if not unrated.any():
        return init_r0, init_games, [], which
    events = np.arange(s.size, dtype=np.int64)
    member_event = np.repeat(events, np.diff(s.member_start))
    game_event = np.repeat(events, np.diff(s.game_start))
    counted = s.kind[game_event] == TOURNAMENT
    played = np.unique(
        np.concatenate(
            [
                game_event[counted] * n_players + s.white[counted],
                game_event[counted] * n_players + s.black[counted],
            ]
        )
    )
    keys = member_event * n_players + s.members
    at = np.minimum(np.searchsorted(played, keys), max(len(played) - 1, 0))
    has_games = (played[at] == keys) if len(played) else np.zeros(n_members, dtype=bool)
    rows = np.arange(n_members)
    first = np.full(n_players, n_members)
    live = has_games & unrated[s.members]
    np.minimum.at(first, s.members[live], rows[live])
    need = np.flatnonzero(unrated[s.members] & (rows <= first[s.members]))
    found: list[Initial] = []
    if s.events is None:  # nothing known of anyone: the same initial rating for all
        init = initial_rating(PlayerEntry("-"), s.pool, None, config.established_after)
        found.append(init)
        init_r0[need], init_games[need], which[need] = init.rating, init.games, 0
        return init_r0, init_games, found, which
    starts = s.member_start
    for row in need.tolist():
        e = int(member_event[row])
        event = s.events[e]
        entry = event.players[row - int(starts[e])]
        init = initial_rating(entry, s.pool, event.end_date, config.established_after)
        init_r0[row], init_games[row], which[row] = init.rating, init.games, len(found)
        found.append(init)
    return init_r0, init_games, found, which


def _quick_regular(season: Season, config: USCFConfig) -> FloatArray:
    """Per member, the Regular rating of the Quick side's dual-rated K (NaN: none)."""
    out = np.full(len(season.members), np.nan)
    if not (config.dual_rated_k_in_quick and season.pool == Pool.QUICK and season.events):
        return out
    for e in np.flatnonzero(season.dual_rated).tolist():
        event = season.events[e]
        m0 = int(season.member_start[e])
        for i, entry in enumerate(event.players):
            out[m0 + i] = quick_regular(entry, event, config)
    return out


def _event_b(season: Season, config: USCFConfig) -> FloatArray:
    """B of each event's era (the configuration's when it fixes B)."""
    days, index = np.unique(season.end_day, return_inverse=True)
    b = [config.for_date(day_to_date(int(d))).bonus_multiplier for d in days.tolist()]
    return np.array(b, dtype=float)[index]


def rate_season(
    season: Season,
    states: Mapping[str, USCFState],
    config: USCFConfig,
    *,
    compiled: bool | None = None,
) -> USCFSeasonRatings:
    """Rate ``season`` from ``states`` (players not in them: their first entry's state).

    ``compiled``: run the loop compiled (``None``: from :data:`COMPILED_FROM` games).

    Raises:
        RatingError: a match that §7 does not allow, a FIDE foreign event outside the
            Regular pool, or a special rating that failed to settle.
    """
    s = season
    table, history = _start_table(s, states, config)
    init_r0, init_games, found, which = _initials(s, table, config)
    results = np.zeros((kernel.N_RESULTS, len(s.members)))
    after = np.zeros((len(s.members), rules.N_FIELDS))
    if compiled is None:
        compiled = len(s.white) >= COMPILED_FROM
    run = kernel.compiled() if compiled else kernel.rate_events
    in_regular = s.dual_rated & (s.pool == Pool.REGULAR)
    arrays = (
        s.white,
        s.black,
        s.score,
        s.game_start,
        s.members,
        s.member_start,
        in_regular,
        _event_b(s, config),
        init_r0,
        init_games,
        _quick_regular(s, config),
        rules.params(config, config.bonus_multiplier),
        table,
        np.full(len(s.players), -1, dtype=np.int64),
        results,
        after,
    )
    fallback: dict[int, EventRating[USCFState]] = {}
    special = np.flatnonzero(s.kind != TOURNAMENT).tolist()
    first = 0
    for stop in [*special, s.size]:
        if stop > first:
            failed = run(first, stop, *arrays)
            if failed >= 0:
                what = f"special formula did not converge in event {s.event_ids[failed]!r}"
                raise RatingError(what)
        if stop < s.size:
            fallback[stop] = _rate_alone(s, stop, table, history, results, after, config)
        first = stop + 1
    return USCFSeasonRatings(s, results, after, table, (found, which), history, fallback)


def _rate_alone(
    season: Season,
    e: int,
    table: FloatArray,
    history: dict[int, list[tuple[int, tuple[MatchChange, ...]]]],
    results: FloatArray,
    after: FloatArray,
    config: USCFConfig,
) -> EventRating[USCFState]:
    """A match or FIDE foreign event: rated by ``rate_event`` from the table's states."""
    assert season.events is not None, "matches and FIDE foreign events come as Event objects"
    event = season.events[e]
    m0 = int(season.member_start[e])
    slots = season.members[m0 : int(season.member_start[e + 1])].tolist()

    def changes(slot: int) -> tuple[MatchChange, ...]:
        runs = history.get(slot)
        return runs[-1][1] if runs else ()

    prior = {season.players[slot]: from_row(table[slot].tolist(), changes(slot)) for slot in slots}
    result = rate_event(event, prior, config)
    for i, slot in enumerate(slots):
        pid = season.players[slot]
        new = result.states[pid]
        table[slot] = to_row(new)
        after[m0 + i] = table[slot]
        if new.match_changes != changes(slot):
            history.setdefault(slot, []).append((e, new.match_changes))
        p = result.player(pid)
        nan = math.nan
        results[:, m0 + i] = nan
        results[kernel.PRE, m0 + i] = nan if p.pre is None else p.pre
        results[kernel.POST, m0 + i] = nan if p.post is None else p.post
        results[kernel.GAMES, m0 + i] = p.games
        results[kernel.SCORE, m0 + i] = p.score
    return result


def rate_batch(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> PeriodRating[USCFState]:
    """The batch hook of :data:`arpad.systems.uscf2020.SYSTEM`: :func:`rate_season` of the
    events' columns with every event's result built."""
    if not events:
        return PeriodRating((), dict(states))
    season = rate_season(Season.from_events(events), states, config)
    current = dict(states)
    current.update(season.states)
    return PeriodRating(tuple(season), current)
