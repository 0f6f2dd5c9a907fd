"""A Glicko, Glicko-2 or Stephenson season from columns: the season loop
(:mod:`arpad.systems.glicko_kernel`) over a :class:`~arpad.season.Season`, and its results
as columns.

Players start from a given state or from their first entry (the file's rating, else the
newcomer rating; the newcomer RD and volatility; the file's games: the columns of
:func:`arpad.systems.glicko_core.state_from_entry`). Equal to rating the events one by one,
to the last bit (tests/evaluate/test_glicko_season.py). Besides each member's results the
loop gives each game's expected score for White before its event
(:attr:`GlickoSeasonRatings.game_expected`): the prediction :func:`arpad.replay` announces,
which ``arpad evaluate`` reads from this column.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from arpad.season import EPOCH, NO_DAY, FloatArray, Season, SeasonRatings, day_to_date
from arpad.systems import EventRating
from arpad.systems import glicko_kernel as k
from arpad.systems.glicko2 import Glicko2State
from arpad.systems.glicko_core import GlickoState, month_of

KINDS = {"glicko": k.GLICKO, "stephenson": k.GLICKO, "glicko2": k.GLICKO2}
"""The update each system of the family runs."""

State = GlickoState | Glicko2State


def params(config: Any) -> FloatArray:
    """The loop's parameters from a family configuration (Glicko: Stephenson's update with
    γ = h = b = λ = 0, as :func:`arpad.systems.glicko.rate_event` runs it)."""
    out = np.zeros(k.N_PARAMS)
    for index, name in (
        (k.P_C, "c"), (k.P_RD_MAX, "rd_max"), (k.P_GAMMA, "gamma"), (k.P_H, "h"),
        (k.P_B, "b"), (k.P_LAM, "lam"), (k.P_TAU, "tau"), (k.P_EPS, "epsilon"),
    ):  # fmt: skip
        out[index] = getattr(config, name, 0.0)
    return out


def row_of(state: State) -> list[float]:
    """A state as a row of the loop's table."""
    day = NO_DAY if state.last is None else (state.last - EPOCH).days
    return [
        state.rating,
        state.rd,
        state.volatility if isinstance(state, Glicko2State) else math.nan,
        float(state.games),
        float(day),
        float(month_of(state.last)),
    ]


def state_of(row: Sequence[float], kind: int) -> State:
    """A row of the loop's table as the system's state."""
    rating, rd, vol, games, day, _ = row
    last = day_to_date(int(day))
    if kind == k.GLICKO2:
        return Glicko2State(rating, rd, vol, int(games), last)
    return GlickoState(rating, rd, int(games), last)


def start_table(season: Season, states: Mapping[str, State], config: Any) -> FloatArray:
    """Every player's state before the season: a given state, else the first entry's."""
    table = np.empty((len(season.players), k.N_FIELDS))
    rating = season.entry_rating
    table[:, k.RATING] = np.where(np.isnan(rating), config.initial, rating)
    table[:, k.RD] = config.initial_rd
    table[:, k.VOL] = getattr(config, "initial_volatility", math.nan)
    table[:, k.GAMES] = season.entry_games
    table[:, k.LAST_DAY] = NO_DAY
    table[:, k.LAST_MONTH] = month_of(None)
    slot_of = {pid: i for i, pid in enumerate(season.players)}
    for pid, state in states.items():
        if pid in slot_of:
            table[slot_of[pid]] = row_of(state)
    return table


class GlickoSeasonRatings(SeasonRatings[State]):
    """A rated season of the family (see :class:`arpad.season.SeasonRatings`); besides
    ``pre``, ``post``, ``games`` and ``score``: each game's expected score for White
    before its event."""

    def __init__(
        self,
        name: str,
        season: Season,
        results: FloatArray,
        after: FloatArray,
        table: FloatArray,
        expected: FloatArray,
    ) -> None:
        self.name, self.season, self.kind = name, season, KINDS[name]
        self.pre, self.post = results[k.PRE], results[k.POST]
        self.games = results[k.PLAYED].astype(np.int64)
        self.score = results[k.SCORE]
        self.game_expected = expected
        self._after, self._table = after, table

    @property
    def states(self) -> dict[str, State]:
        rows = self._table.tolist()
        return {pid: state_of(rows[i], self.kind) for i, pid in enumerate(self.season.players)}

    def event_rating(self, e: int) -> EventRating[State]:
        from arpad.systems import PlayerRating

        s = self.season
        m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
        ids = [s.players[x] for x in s.members[m0:m1].tolist()]
        pre, post = self.pre[m0:m1].tolist(), self.post[m0:m1].tolist()
        games, score = self.games[m0:m1].tolist(), self.score[m0:m1].tolist()
        players = tuple(
            PlayerRating(pid, pre[i], post[i], games[i], score[i], method=self.name)
            for i, pid in enumerate(ids)
        )
        rows = self._after[m0:m1].tolist()
        states = {pid: state_of(rows[i], self.kind) for i, pid in enumerate(ids)}
        notes = () if any(games) else ("no rated game: nobody is rated",)
        return EventRating(self.name, s.event_ids[e], s.pool, players, states, notes)


def rate_season(
    season: Season,
    states: Mapping[str, State],
    config: Any,
    name: str,
    *,
    compiled: bool | None = None,
) -> GlickoSeasonRatings:
    """Rate ``season`` by system ``name`` of the family from ``states`` (players not in
    them: their first entry's state); ``compiled``: run the loop compiled (``None``: from
    :data:`arpad.compiled.COMPILED_FROM` games)."""
    s = season
    table = start_table(s, states, config)
    results = np.zeros((k.N_RESULTS, len(s.members)))
    after = np.zeros((len(s.members), k.N_FIELDS))
    expected = np.zeros(len(s.white))
    months = np.array([month_of(s.end_date(e)) for e in range(s.size)], dtype=np.int64)
    run = k.LOOP.choose(len(s.white), compiled)
    run(
        KINDS[name], s.white, s.black, s.score, s.game_start, s.members, s.member_start,
        s.end_day.astype(np.int64), months, params(config), table, results, after, expected,
    )  # fmt: skip
    return GlickoSeasonRatings(name, s, results, after, table, expected)
