"""A PRA season from columns: the season loop (:mod:`.kernel`) over a
:class:`~arpad.season.Season`, and its results as columns.

Players start from a given state or their first entry's (:func:`.system.state_from_entry`:
the file's rating and games, or R_bar with no games, L163). Equal to rating the events
one by one, to the last bit (tests/pra/test_season.py).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from arpad.season import FloatArray, IntArray, Season, SeasonRatings
from arpad.systems import EventRating, PlayerRating
from arpad.systems.pra import kernel
from arpad.systems.pra.boosting import MAX_BLOCK, measurement
from arpad.systems.pra.kernel import BASIC, CTR, DIRECTION, HELD, LAST_SIDE, PREV, RATED
from arpad.systems.pra.system import PRAConfig, PRAState

"""Rated games from which a season runs compiled (below: the same loop as Python, which
spares loading Numba; the two give the same bits)."""


class Players:
    """Every player's state as the loop's columns (:mod:`.kernel`), and the windows the
    given states brought (a state's window is rebuilt from them and the sides played)."""

    def __init__(self, n: int, config: PRAConfig) -> None:
        self.rating = np.full(n, config.R_bar)
        self.state = np.zeros((n, kernel.N_AFTER), dtype=np.int64)
        self.state[:, LAST_SIDE] = -1
        self.boosting = np.full(n, config.boosting, dtype=bool)
        self.window = np.zeros((MAX_BLOCK, n))
        """The windows' first ratings, a column per player (a round's players write one row)."""
        self.given_block: dict[int, tuple[float, ...]] = {}

    def set(self, slot: int, state: PRAState) -> None:
        """Player ``slot`` starts from ``state``."""
        self.rating[slot] = state.rating
        self.state[slot] = (state.games, state.direction, len(state.block), -1)
        self.boosting[slot] = state.boosting
        if state.block:
            self.given_block[slot] = state.block
            kept = state.block[:MAX_BLOCK]
            self.window[: len(kept), slot] = kept

    @classmethod
    def start(cls, season: Season, states: Mapping[str, PRAState], config: PRAConfig) -> Players:
        """Before the season: a given state, else the first entry's."""
        out = cls(len(season.players), config)
        rated = ~np.isnan(season.entry_rating)
        out.rating[rated] = season.entry_rating[rated]
        out.state[rated, CTR] = season.entry_games[rated]
        if states:
            for slot, pid in enumerate(season.players):
                if pid in states:
                    out.set(slot, states[pid])
        return out


class PRASeasonRatings(SeasonRatings[PRAState]):
    """A rated PRA season (see :class:`arpad.season.SeasonRatings`); besides ``pre``,
    ``post``, ``games`` and ``score``: ``expected`` (Σ E) and ``boosted`` per member."""

    def __init__(
        self,
        season: Season,
        config: PRAConfig,
        players: Players,
        results: FloatArray,
        after: IntArray,
        side_f: FloatArray,
        side_i: IntArray,
    ) -> None:
        self.season, self.config, self.players = season, config, players
        self.results = results
        self.pre, self.post = results[kernel.PRE], results[kernel.POST]
        self.games = results[kernel.GAMES].astype(np.int64)
        self.score, self.expected = results[kernel.SCORE], results[kernel.EXPECTED]
        self.boosted = results[kernel.BOOSTED] != 0.0
        self._after, self._side_f, self._side_i = after, side_f, side_i
        self._lists: tuple[list[float], list[int]] | None = None

    def _block(self, slot: int, held: int, last_side: int) -> tuple[float, ...]:
        """The window of ``held`` ratings ending at side ``last_side`` (−1: none played)."""
        if self._lists is None:
            self._lists = (self._side_f[BASIC].tolist(), self._side_i[PREV].tolist())
        basic, prev = self._lists
        values: list[float] = []
        side = last_side
        while len(values) < held and side >= 0:
            values.append(basic[side])
            side = prev[side]
        rest = held - len(values)  # the window began before the season: the given one's end
        given = self.players.given_block.get(slot, ())
        return (*given[len(given) - rest :], *reversed(values)) if rest else (*reversed(values),)

    def _state(self, slot: int, rating: float, row: list[int]) -> PRAState:
        return PRAState(
            rating=rating,
            games=row[CTR],
            direction=row[DIRECTION],
            block=self._block(slot, row[HELD], row[LAST_SIDE]),
            boosting=bool(self.players.boosting[slot]),
        )

    @property
    def states(self) -> dict[str, PRAState]:
        p = self.players
        ratings, rows = p.rating.tolist(), p.state.tolist()
        return {
            pid: self._state(i, ratings[i], rows[i]) for i, pid in enumerate(self.season.players)
        }

    def event_rating(self, e: int) -> EventRating[PRAState]:
        s, k = self.season, self.config.K
        m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
        players, states = [], {}
        columns = self.results[:, m0:m1].T.tolist()
        rows = self._after[m0:m1].tolist()
        for i, slot in enumerate(s.members[m0:m1].tolist()):
            pid = s.players[slot]
            col, row = columns[i], rows[i]
            m = int(col[kernel.GAMES])
            boosted = col[kernel.BOOSTED] != 0.0
            players.append(
                PlayerRating(
                    player_id=pid,
                    pre=col[kernel.PRE],
                    post=col[kernel.POST],
                    games=m,
                    score=col[kernel.SCORE],
                    expected=col[kernel.EXPECTED] if m else None,
                    k=k,
                    method="basic+boost" if boosted else "basic",
                    notes=self._notes(e, slot) if boosted else (),
                )
            )
            states[pid] = self._state(slot, col[kernel.POST], row)
        return EventRating("pra", s.event_ids[e], s.pool, tuple(players), states)

    def _notes(self, e: int, slot: int) -> tuple[str, ...]:
        """What the Boosting System did after the player's games of event ``e``, worded
        as :func:`.system.rate_event` words it."""
        s = self.season
        out = []
        for j in range(int(s.game_start[e]), int(s.game_start[e + 1])):
            for side, who in ((2 * j, s.white[j]), (2 * j + 1, s.black[j])):
                trend = int(self._side_i[kernel.TREND, side])
                if who == slot and trend != 0:
                    out.append(self._note(side, trend))
        return tuple(out)

    def _note(self, side: int, trend: int) -> str:
        ctr = int(self._side_i[kernel.SIDE_CTR, side])
        _, omega = measurement(ctr, self.config.l467, self.config.omega)
        verb = "boost" if trend > 0 else "crash"
        before, after = self._side_f[BASIC, side], self._side_f[RATED, side]
        direction = int(self._side_i[kernel.SIDE_DIRECTION, side])
        return (
            f"{verb} after game {ctr + 1} (ω={omega:g}): {before:.2f} → {after:.2f}, "
            f"direction {direction:+d}"
        )


def rate_season(
    season: Season,
    states: Mapping[str, PRAState],
    config: PRAConfig,
    *,
    compiled: bool | None = None,
) -> PRASeasonRatings:
    """Rate ``season`` from ``states`` (players not in them: their first entry's state);
    ``compiled``: run the loop compiled (``None``: from
    :data:`arpad.compiled.COMPILED_FROM` games)."""
    s = season
    players = Players.start(s, states, config)
    results = np.zeros((kernel.N_RESULTS, len(s.members)))
    after = np.zeros((len(s.members), kernel.N_AFTER), dtype=np.int64)
    side_f = np.zeros((2, 2 * len(s.white)))
    side_i = np.zeros((4, 2 * len(s.white)), dtype=np.int64)
    run = kernel.LOOP.choose(len(s.white), compiled)
    col_of = np.full(len(s.players), -1, dtype=np.int64)
    run(
        0, s.size, s.white, s.black, s.score, s.game_start, s.members, s.member_start,
        kernel.params(config), players.rating, players.state, players.boosting,
        players.window, col_of, results, after, side_f, side_i,
    )  # fmt: skip
    return PRASeasonRatings(s, config, players, results, after, side_f, side_i)
