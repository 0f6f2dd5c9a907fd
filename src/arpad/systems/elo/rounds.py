"""Elo's round engine: a whole population's perfect-matching round in one numpy step.

The rules of :func:`arpad.systems.elo.system.rate_event` for one-game events between rated
players (elo-rating-of-chessplayers-1986.txt §3.72), through the system's own functions:

- a provisional player (fewer than ``established_games`` games, §2.59) first, by (14)
  from his performance (:func:`~.formulas.score_difference` for one game, the factor F
  as configured) where it is finite, else by (2) (§1.54), against the opponent's
  pre-event rating;
- everyone else by (2) ``R_n = R_o + K(W − W_e)`` (:func:`~.formulas.new_rating`, W_e by
  the configured curve, :meth:`~.expectancy.Expectancy.p_array`), a provisional opponent
  at his new rating when ``provisional_first`` (§3.72).

Covered: K that depends on nothing but the configuration (the ``constant`` and ``uscf``
rules, :func:`~.system.player_k`), W_e by (3) or (4) (one opponent: the same), R_p by
(1), every player rated. Anything else is left to the batch hook (``None``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.systems.elo.formulas import new_rating, score_difference, weighted_new_rating
from arpad.systems.elo.krules import KRule
from arpad.systems.elo.system import (
    EloConfig,
    EloState,
    ExpectedFormula,
    PerformanceFormula,
    player_k,
)

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class EloRounds:
    """Rated players as arrays: rating, games (N_o), and whether the history is unknown."""

    def __init__(self, states: Sequence[EloState], config: EloConfig) -> None:
        self.config = config
        self.expectancy = config.expectancy()
        self.k = player_k(EloState(), 1, config)
        self._ratings: FloatArray = np.array([s.rating for s in states], dtype=float)
        self.games: IntArray = np.array([s.games for s in states], dtype=np.int64)
        self.unknown: BoolArray = np.array([s.events is None for s in states], dtype=bool)
        """No events count (``EloState.events`` None): never changes by rating."""
        self.differences: dict[float, float] = {}
        """D_p of one game by its score (:func:`score_difference`)."""

    @property
    def ratings(self) -> FloatArray:
        return self._ratings

    def provisional(self) -> BoolArray:
        """Rated with fewer than ``established_games`` (an unknown history counts as
        established where configured): ``_Work.is_provisional`` of system.py."""
        config = self.config
        out: BoolArray = self.games < config.established_games
        if config.unknown_history_established:
            out &= ~((self.games == 0) & self.unknown)
        return out

    def _performance_difference(self, points: FloatArray) -> FloatArray:
        """D_p for one game at each score (F as configured), each score looked up once."""
        for value in np.unique(points).tolist():
            if value not in self.differences:
                self.differences[value] = score_difference(
                    value, 1, self.expectancy, factor_f=self.config.factor_f
                )
        return np.array([self.differences[v] for v in points.tolist()], dtype=float)

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        pre = self._ratings
        own = np.concatenate([white, black])
        opp = np.concatenate([black, white])
        points = np.concatenate([score, 1.0 - score])
        prov = self.provisional()
        post = pre.copy()
        # Step 2 (§3.72): provisional players, opponents at their pre-event ratings.
        side = prov[own]
        if side.any():
            me, them, s = own[side], pre[opp[side]], points[side]
            standard = new_rating(pre[me], self.k, s, self.expectancy.p_array(pre[me] - them))
            own_rp = them + self._performance_difference(s)
            finite = np.isfinite(own_rp)
            for j in np.flatnonzero(finite).tolist():  # (14) with N_o + N (§1.67)
                g = int(self.games[me[j]])
                standard[j] = weighted_new_rating(float(pre[me[j]]), float(own_rp[j]), 1, g + 1)
            post[me] = standard
        # Step 3: everyone else, provisional opponents at their new rating (§3.72).
        side = ~prov[own]
        if side.any():
            me, him = own[side], opp[side]
            moved = prov[him] & self.config.provisional_first
            them = np.where(moved, post[him], pre[him])
            post[me] = new_rating(
                pre[me], self.k, points[side], self.expectancy.p_array(pre[me] - them)
            )
        self._ratings = post
        self.games = self.games + 1

    def adjust_pool(self, anchor: float | None) -> None:
        raise NotImplementedError("Elo's system has no pool rule")


def round_engine(states: Sequence[EloState], config: EloConfig) -> EloRounds | None:
    """Elo's :attr:`~arpad.systems.RatingSystem.round_engine` for the configurations and
    states the module docstring lists; ``None`` for the others."""
    covered = (
        config.k_rule in (KRule.CONSTANT, KRule.USCF)
        and config.expected in (ExpectedFormula.INDIVIDUAL, ExpectedFormula.AVERAGE)
        and config.performance is PerformanceFormula.COMPETITION
    )
    if not covered or not states or any(s.rating is None for s in states):
        return None
    return EloRounds(states, config)
