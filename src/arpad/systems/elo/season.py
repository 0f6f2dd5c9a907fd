"""An Elo season from columns: the season loop (:mod:`.kernel`) over a
:class:`~arpad.season.Season`, and its results as columns.

Players start from their first entry's state (:func:`.system.state_from_entry`) or a given
state. Every configuration runs the loop; equal to rating the events one by one, to the
last bit (tests/elo/test_season.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from arpad.model import PlayerEntry
from arpad.season import FloatArray, MemberResults, Season, SeasonRatings, member_rows_of_games
from arpad.systems import EventRating
from arpad.systems.elo import fields, kernel, rules
from arpad.systems.elo.system import EloConfig, EloState, state_from_entry, state_row


def _state(row: Sequence[float]) -> EloState:
    rating, games, events, peak = row
    return EloState(
        rating=None if math.isnan(rating) else rating,
        games=int(games),
        events=None if events < 0 else int(events),
        peak=None if math.isnan(peak) else peak,
    )


row_of = state_row


class EloSeasonRatings(SeasonRatings[EloState]):
    """A rated Elo season (see :class:`arpad.season.SeasonRatings`); besides ``pre``,
    ``post``, ``games`` and ``score``: ``expected``, ``k``, ``performance``."""

    def __init__(
        self,
        season: Season,
        results: FloatArray,
        after: FloatArray,
        table: FloatArray,
        skipped: FloatArray,
        config: EloConfig,
    ) -> None:
        self.season = season
        self.config = config
        self.results = results
        self.pre, self.post = results[kernel.PRE], results[rules.O_POST]
        self.games = results[rules.O_GAMES].astype(np.int64)
        self.score = results[rules.O_SCORE]
        self.expected, self.k = results[rules.O_EXPECTED], results[rules.O_K]
        self.performance = results[rules.O_PERF]
        self._after, self._table, self._skipped = after, table, skipped

    @property
    def states(self) -> dict[str, EloState]:
        rows = self._table.tolist()
        return {pid: _state(rows[i]) for i, pid in enumerate(self.season.players)}

    def event_rating(self, e: int) -> EventRating[EloState]:
        s = self.season
        m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
        g0, g1 = int(s.game_start[e]), int(s.game_start[e + 1])
        ids = [s.players[x] for x in s.members[m0:m1].tolist()]
        met: dict[str, list[str]] = {pid: [] for pid in ids}
        for w, b in zip(s.white[g0:g1].tolist(), s.black[g0:g1].tolist(), strict=True):
            met[s.players[w]].append(s.players[b])
            met[s.players[b]].append(s.players[w])
        flags = self._skipped[2 * g0 : 2 * g1].tolist()
        columns = self.results[:, m0:m1].T.tolist()
        after = self._after[m0:m1].tolist()
        players, states, at = [], {}, 0
        for pid, col, row in zip(ids, columns, after, strict=True):
            opponents = met[pid]
            players.append(
                fields.player_rating(
                    pid, col[kernel.PRE], col, opponents, flags[at : at + len(opponents)]
                )
            )
            at += len(opponents)
            states[pid] = _state(row)
        notes = self.event_notes(e)
        return EventRating("elo", s.event_ids[e], s.pool, tuple(players), states, notes)

    # -- columns for a bulk writer (arpad.season.SeasonRatings.member_results)

    def member_results(self) -> MemberResults:
        """What :meth:`event_rating` gives each member, as columns straight from the
        rule's rows; the few members with notes are built by :func:`.fields.player_rating`
        (the one place the notes are written)."""
        r = self.results
        n = r.shape[1]
        names = np.array([fields.METHODS[code] for code in range(len(fields.METHODS))])
        return MemberResults(
            pre=self.pre.copy(),
            post=self.post.copy(),
            games=self.games.copy(),
            score=self.score.copy(),
            expected=self.expected.copy(),
            k=self.k.copy(),
            bonus=np.zeros(n),
            method=names[r[rules.O_METHOD].astype(np.int64)].tolist(),
            performance=self.performance.copy(),
            floor=np.full(n, np.nan),
            notes=self._notes(),
        )

    def _notes(self) -> list[tuple[str, ...]]:
        """Each member's notes: none but for a skipped game, a fall-back to (2), or a new
        player with no rating from the event."""
        s, r = self.season, self.results
        notes: list[tuple[str, ...]] = [()] * r.shape[1]
        white, black = member_rows_of_games(s)
        played = np.bincount(white, minlength=len(notes)) + np.bincount(black, minlength=len(notes))
        at = np.concatenate([[0], np.cumsum(played)])
        skipped = np.concatenate([[0.0], np.cumsum(self._skipped)])
        method = r[rules.O_METHOD]
        noted = (
            (skipped[at[1:]] > skipped[at[:-1]])
            | (r[rules.O_FELL_BACK] != 0.0)
            | (method == rules.UNRATED)
            | ((method == rules.PERFORMANCE) & np.isnan(self.post))
        )
        for row in np.flatnonzero(noted).tolist():
            e = s.event_of_member(row)
            g0, g1 = int(s.game_start[e]), int(s.game_start[e + 1])
            games = zip(white[g0:g1].tolist(), black[g0:g1].tolist(), strict=True)
            met = [b if w == row else w for w, b in games if row in (w, b)]
            opponents = [s.players[s.members[x]] for x in met]
            flags = self._skipped[at[row] : at[row + 1]].tolist()
            pid = s.players[s.members[row]]
            col = r[:, row].tolist()
            notes[row] = fields.player_rating(pid, col[kernel.PRE], col, opponents, flags).notes
        return notes

    def member_states(self) -> list[EloState]:
        return [_state(row) for row in self._after.tolist()]

    def event_notes(self, e: int) -> tuple[str, ...]:
        m0, m1 = int(self.season.member_start[e]), int(self.season.member_start[e + 1])
        average = float(self.results[rules.O_AVERAGE, m0]) if m1 > m0 else math.nan
        return fields.round_robin_note(self.config, average)


def _plain(entry: PlayerEntry) -> bool:
    """The entry gives nothing :func:`.system.state_from_entry` reads but rating and N."""
    return entry.events is None and entry.peak is None


def _start_table(season: Season, states: Mapping[str, EloState], config: EloConfig) -> FloatArray:
    """Every player's state before the season: a given state, else the first entry's
    (:func:`.system.state_from_entry`: events unknown for a rating, 0 for a newcomer;
    the peak is the rating), computed here for entries giving only rating and N."""
    rating, games = season.entry_rating, season.entry_games
    table = np.empty((len(season.players), kernel.N_FIELDS))
    table[:, kernel.RATING] = rating
    table[:, kernel.GAMES] = games
    table[:, kernel.EVENTS] = np.where(np.isnan(rating), 0.0, -1.0)
    table[:, kernel.PEAK] = rating
    first = season.first_rows()
    for slot, entry in season.first_entries_to_read():
        if entry.id not in states and not _plain(entry):
            event = season.dated_event(season.event_of_member(int(first[slot])))
            table[slot] = row_of(state_from_entry(entry, event, config))
    if states:
        slot_of = {pid: i for i, pid in enumerate(season.players)}
        for pid, state in states.items():
            if pid in slot_of:
                table[slot_of[pid]] = row_of(state)
    return table


def rate_season(
    season: Season,
    states: Mapping[str, EloState],
    config: EloConfig,
    *,
    compiled: bool | None = None,
) -> SeasonRatings[EloState]:
    """Rate ``season`` from ``states`` (players not in them: their first entry's state);
    ``compiled``: run the loop compiled (``None``: from
    :data:`arpad.compiled.COMPILED_FROM` games)."""
    s = season
    table = _start_table(s, states, config)
    results = np.zeros((kernel.N_RESULTS, len(s.members)))
    after = np.zeros((len(s.members), kernel.N_FIELDS))
    skipped = np.zeros(2 * len(s.white))
    run = kernel.LOOP.choose(len(s.white), compiled)
    dp = fields.dp_table(config)
    status = np.zeros(1, dtype=np.int64)
    local_of = np.full(len(s.players), -1, dtype=np.int64)
    cfg, row_at = fields.params(config), fields.row_at(config)
    scratch = kernel.scratch(s.game_start, s.member_start)
    first = 0
    while True:
        stop = run(
            first, s.size, s.white, s.black, s.score, s.game_start, s.members, s.member_start,
            cfg, row_at, dp.dp, table, local_of, results, after, skipped, status, scratch,
        )  # fmt: skip
        if stop < 0:
            break
        dp.fill(int(status[0]))
        first = stop
    return EloSeasonRatings(s, results, after, table, skipped, config)
