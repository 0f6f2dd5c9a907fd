"""The PRA's round engine: a whole population's perfect-matching round in one numpy step.

The same rules as :func:`arpad.systems.pra.system.rate_event` over one-game events, through
the same functions: the Basic System's change (:func:`.basic.basic_change`, eq. (2),
berard-pra-and-tournament-app.txt L169), the Boosting System's window and measurements
(:func:`.boosting.boost` at the games of :meth:`PRAConfig.measurement_at`, L226–L337, as
:func:`.system.after_game` runs them) and ``adj`` (:func:`.basic.recentre`, L171, L224).

In a perfect matching every player plays one game, so players who start with the same
game counter keep sharing it: the window of ratings, the measurement points and the
first-block rule are the population's, only the ratings and directions are per player.
Populations whose counters, windows or boosting flags differ are left to the batch hook.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arpad.curves import FloatArray
from arpad.systems.pra.basic import basic_change, recentre
from arpad.systems.pra.boosting import FULL_BLOCK, IntArray, boost
from arpad.systems.pra.system import PRAConfig, PRAState


class PRARounds:
    """Players who share their game counter, window length and boosting flag."""

    def __init__(self, states: Sequence[PRAState], config: PRAConfig) -> None:
        first = states[0]
        self.config = config
        self.schedule = config.measurement_at()
        self.last_point = max(self.schedule)
        self.games = first.games
        self.boosting = first.boosting
        self._ratings: FloatArray = np.array([s.rating for s in states], dtype=float)
        self.direction: IntArray = np.array([s.direction for s in states], dtype=np.int64)
        columns = np.array([s.block for s in states], dtype=float).reshape(len(states), -1)
        self.window: list[FloatArray] = list(columns.T.copy())
        """R(k) of the current block, one row per game (:attr:`PRAState.block`)."""

    @property
    def ratings(self) -> FloatArray:
        return self._ratings

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        r = self._ratings
        change = basic_change(r[white], r[black], score, self.config.K)
        r[white] += change
        r[black] -= change
        # after_game (system.py) for everyone at once: record game ``ctr``, maybe measure.
        ctr = self.games
        self.games += 1
        if ctr <= self.last_point:
            self.window.append(r.copy())
        else:
            self.window = []
        point = self.schedule.get(ctr)
        if point is None:
            return
        window, self.window = self.window, []
        if self.boosting and len(window) == point.block:
            new_r, self.direction, _ = boost(
                np.stack(window),
                self.direction,
                point.omega,
                first_block=ctr < FULL_BLOCK,
                coefficients=self.config.coefficients,
            )
            self._ratings = np.array(new_r, dtype=float)

    def adjust_pool(self, anchor: float | None) -> None:
        """``adj`` as :func:`.basic.recentre_states` pays it."""
        centre = self.config.R_bar if anchor is None else anchor
        self._ratings, _ = recentre(self._ratings, centre)


def round_engine(states: Sequence[PRAState], config: PRAConfig) -> PRARounds | None:
    """The PRA's :attr:`~arpad.systems.RatingSystem.round_engine`: ``None`` unless every
    player has the same game counter, window length and boosting flag."""
    if not states:
        return None
    first = states[0]
    shared = all(
        s.games == first.games and len(s.block) == len(first.block) and s.boosting == first.boosting
        for s in states
    )
    return PRARounds(states, config) if shared else None
