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
from collections.abc import Mapping

import numpy as np

from arpad.errors import RatingError
from arpad.model import EventKind, MatchChange, PlayerEntry, Pool
from arpad.performance import logistic_performances
from arpad.season import (
    KIND_CODES,
    FloatArray,
    MemberResults,
    Season,
    SeasonRatings,
    day_to_date,
    member_rows_of_games,
)
from arpad.systems import EventRating, PlayerRating
from arpad.systems.uscf2020 import kernel, rules
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.initial import Initial, initial_rating
from arpad.systems.uscf2020.rating import SYSTEM_NAME, quick_regular, rate_event
from arpad.systems.uscf2020.state import (
    USCFState,
    from_row,
    from_rows,
    state_from_entry,
    to_row,
)

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
        changes: list[tuple[MatchChange, ...]] = [()] * len(s.players)
        for slot in self._history:  # the few with a match history
            changes[slot] = self._changes(slot, s.size)
        return dict(zip(s.players, from_rows(self._table, changes), strict=True))

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
        if which >= 0 and math.isnan(row[kernel.PRE]):  # unrated at this event
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

    # -- columns for a bulk writer (arpad.season.SeasonRatings.member_results)

    def member_results(self) -> MemberResults:
        """What :meth:`event_rating` gives each member, as columns: the performances of
        the whole season in one call of the same function (:func:`_player` per member
        otherwise); matches and FIDE foreign events from their own results."""
        s = self.season
        m = self.games
        played = m > 0
        nan = np.full(len(m), np.nan)
        white, black = member_rows_of_games(s)
        with np.errstate(invalid="ignore"):  # matches' rows hold NaN: their own results below
            perf = logistic_performances(white, black, s.score, self.step4)
        cols = MemberResults(
            pre=self.pre.copy(),
            post=np.where(played, self.post, self.pre),
            games=m.copy(),
            score=np.where(played, self.score, 0.0),
            expected=np.where(played, self.expected, nan),
            k=np.where(played, self.k, nan),
            bonus=np.where(played, self.bonus, 0.0),
            method=np.where(played, np.where(self.special != 0.0, "special", "standard"), "")
            .astype(str)
            .tolist(),
            performance=np.where(played, perf, nan),
            floor=np.where(played, self.floor, nan),
            notes=self._notes(played),
        )
        for e, result in self._fallback.items():
            _overwrite(cols, s, e, result)
        _check_finite(cols, s)
        return cols

    def _notes(self, played: np.ndarray) -> list[tuple[str, ...]]:
        """:meth:`_player`'s notes of every member (most have none)."""
        notes: list[list[str]] = [[] for _ in range(len(played))]
        initial = np.flatnonzero((self._initial_of >= 0) & np.isnan(self.pre))
        for col, which in zip(initial.tolist(), self._initial_of[initial].tolist(), strict=True):
            init = self._initials[which]
            notes[col].append(
                f"unrated: initial {init.rating:.0f} from {init.source} (N={init.games})"
            )
        floored = np.flatnonzero(played & ~np.isnan(self.floor))
        for col, floor in zip(floored.tolist(), self.floor[floored].tolist(), strict=True):
            notes[col].append(f"floor {floor:.0f} applied")
        return [tuple(n) for n in notes]

    def member_states(self) -> list[USCFState]:
        s = self.season
        changes: list[tuple[MatchChange, ...]] = [()] * len(s.members)
        rows = np.flatnonzero(np.isin(s.members, list(self._history)))
        events = np.searchsorted(s.member_start, rows, side="right") - 1
        for row, e in zip(rows.tolist(), events.tolist(), strict=True):
            changes[row] = self._changes(int(s.members[row]), e)
        states = from_rows(self._after, changes)
        for e, result in self._fallback.items():
            for row in range(int(s.member_start[e]), int(s.member_start[e + 1])):
                states[row] = result.states[s.players[s.members[row]]]
        return states

    def event_notes(self, e: int) -> tuple[str, ...]:
        fallback = self._fallback.get(e)
        return () if fallback is None else fallback.notes


def _check_finite(cols: MemberResults, season: Season) -> None:
    """The checks :class:`~arpad.systems.PlayerRating` makes of each member's values.

    Raises:
        RatingError: a value that is not a finite number (as building the result would).
    """
    played = cols.games > 0
    bad = (
        np.isinf(cols.pre)
        | np.isinf(cols.expected)
        | np.isinf(cols.k)
        | np.isinf(cols.floor)
        | ~np.isfinite(cols.bonus)
        | ~np.isfinite(cols.score)
        | (played & ~np.isfinite(cols.post))
        | (played & np.isnan(cols.expected))
        | (played & np.isnan(cols.performance))
    )
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        who = season.players[int(season.members[row])]
        raise RatingError(f"player {who!r}: a result came out as a number that is not finite")


def _overwrite(cols: MemberResults, season: Season, e: int, result: EventRating[USCFState]) -> None:
    """Event ``e``'s rows from its own result (a match or FIDE foreign event)."""
    for row in range(int(season.member_start[e]), int(season.member_start[e + 1])):
        p = result.player(season.players[int(season.members[row])])
        cols.pre[row], cols.post[row] = _nan(p.pre), _nan(p.post)
        cols.games[row], cols.score[row] = p.games, p.score
        cols.expected[row], cols.k[row], cols.bonus[row] = _nan(p.expected), _nan(p.k), p.bonus
        cols.method[row], cols.performance[row] = p.method, _nan(p.performance)
        cols.floor[row], cols.notes[row] = _nan(p.floor), p.notes


def _nan(x: float | None) -> float:
    return math.nan if x is None else x


def _optional(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def _start_table(
    season: Season, states: Mapping[str, USCFState], config: USCFConfig
) -> tuple[FloatArray, dict[int, list[tuple[int, tuple[MatchChange, ...]]]]]:
    """Every player's state before the season as rows, and the match histories: a given
    state, else :func:`.state.state_from_entry` of the first entry, which for an entry
    giving only a rating and N is the entry columns with the peak of an established
    rating (computed here for all at once)."""
    n = len(season.players)
    table = np.zeros((n, rules.N_FIELDS))
    table[:, [rules.PEAK, rules.PRIZE, rules.KNOWN]] = np.nan
    rating, games = season.entry_rating, season.entry_games
    table[:, rules.RATING] = rating
    table[:, rules.GAMES] = games
    established = ~np.isnan(rating) & (games > config.established_after)
    table[established, rules.PEAK] = rating[established]
    history: dict[int, list[tuple[int, tuple[MatchChange, ...]]]] = {}
    given: dict[int, USCFState] = {}
    first = season.first_rows()
    for slot, entry in season.first_entries_to_read():
        if entry.id not in states and not _rating_and_games_only(entry):
            event = season.dated_event(season.event_of_member(int(first[slot])))
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


def _rating_and_games_only(entry: PlayerEntry) -> bool:
    """The entry says nothing :func:`.state.state_from_entry` reads besides rating and N."""
    return (
        entry.wins is None
        and entry.draws is None
        and entry.losses is None
        and not entry.all_wins
        and not entry.all_losses
        and entry.rated_events is None
        and entry.peak is None
        and entry.games_above_2200 is None
        and entry.prize_floor is None
        and entry.floor is None
        and not entry.match_changes
    )


class _Initials:
    """Step 1 initial ratings (§2) of unrated members, filled as the loop needs them."""

    def __init__(self, season: Season, table: FloatArray, config: USCFConfig) -> None:
        self.season, self.config = season, config
        n = len(season.members)
        self.r0 = np.full(n, np.nan)
        self.games = np.zeros(n)
        self.which = np.full(n, -1, dtype=np.int64)
        self.found: list[Initial] = []
        if not season.holds_entries:  # nothing known of anyone: one initial rating for all
            blank = initial_rating(
                PlayerEntry("-"),
                season.pool,
                None,
                config.established_after,
                config.fide_conversion_since,
            )
            self.found.append(blank)
            self.r0[:], self.games[:], self.which[:] = blank.rating, blank.games, 0
            return
        unrated = np.flatnonzero(np.isnan(table[:, rules.RATING]))
        rows = season.first_rows()[unrated]
        if rows.size:
            events = np.searchsorted(season.member_start, rows, side="right") - 1
            for row, e in zip(rows.tolist(), events.tolist(), strict=True):
                self._fill(row, e)

    def _fill(self, row: int, e: int) -> None:
        init = initial_rating(
            self.season.member_entry(row),
            self.season.pool,
            self.season.end_date(e),
            self.config.established_after,
            self.config.fide_conversion_since,
        )
        self.r0[row], self.games[row], self.which[row] = init.rating, init.games, len(self.found)
        self.found.append(init)

    def event(self, e: int, table: FloatArray) -> None:
        """Fill every unrated member of event ``e`` (the loop stopped there for one)."""
        s = self.season
        for row in range(int(s.member_start[e]), int(s.member_start[e + 1])):
            if np.isnan(table[s.members[row], rules.RATING]) and np.isnan(self.r0[row]):
                self._fill(row, e)


def _quick_regular(season: Season, config: USCFConfig) -> FloatArray:
    """Per member, the Regular rating of the Quick side's dual-rated K (NaN: none)."""
    out = np.full(len(season.members), np.nan)
    if not (config.dual_rated_k_in_quick and season.pool == Pool.QUICK and season.holds_entries):
        return out
    for e in np.flatnonzero(season.dual_rated).tolist():
        event = season.dated_event(e)
        for row in range(int(season.member_start[e]), int(season.member_start[e + 1])):
            out[row] = quick_regular(season.member_entry(row), event, config)
    return out


def _event_b(season: Season, config: USCFConfig) -> FloatArray:
    """B of each event's era (the configuration's when it fixes B)."""
    days, index = np.unique(season.end_day, return_inverse=True)
    b = [config.bonus_on(day_to_date(int(d))) for d in days.tolist()]
    return np.array(b, dtype=float)[index]


def rate_season(
    season: Season,
    states: Mapping[str, USCFState],
    config: USCFConfig,
    *,
    compiled: bool | None = None,
) -> USCFSeasonRatings:
    """Rate ``season`` from ``states`` (players not in them: their first entry's state).

    ``compiled``: run the loop compiled (``None``: from :data:`arpad.compiled.COMPILED_FROM` games).

    Raises:
        RatingError: a match that §7 does not allow, a FIDE foreign event outside the
            Regular pool, or a special rating that failed to settle.
    """
    s = season
    table, history = _start_table(s, states, config)
    initials = _Initials(s, table, config)
    results = np.zeros((kernel.N_RESULTS, len(s.members)))
    after = np.zeros((len(s.members), rules.N_FIELDS))
    run = kernel.LOOP.choose(len(s.white), compiled)
    in_regular = s.dual_rated & (s.pool == Pool.REGULAR)
    params = rules.params(config, config.bonus_multiplier)
    arrays = (
        s.white,
        s.black,
        s.score,
        s.game_start,
        s.members,
        s.member_start,
        in_regular,
        _event_b(s, config),
        initials.r0,
        initials.games,
        _quick_regular(s, config),
        params,
        table,
        np.full(len(s.players), -1, dtype=np.int64),
        results,
        after,
        kernel.scratch(params, s.game_start, s.member_start),
    )
    fallback: dict[int, EventRating[USCFState]] = {}
    special = np.flatnonzero(s.kind != TOURNAMENT).tolist()
    first = 0
    for stop in [*special, s.size]:
        while stop > first:
            halted = run(first, stop, *arrays)
            if halted < 0:
                break
            first = halted // 2
            if halted % 2 == 0:
                what = f"special formula did not converge in event {s.event_ids[first]!r}"
                raise RatingError(what)
            initials.event(first, table)
        if stop < s.size:
            fallback[stop] = _rate_alone(s, stop, table, history, results, after, config)
        first = stop + 1
    return USCFSeasonRatings(
        s, results, after, table, (initials.found, initials.which), history, fallback
    )


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
    event = season.event(e)
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
