"""Elo's round engine: a whole population's perfect-matching round through the season
loop (:mod:`.kernel`).

Each game of the round is a one-game event, rated as
:func:`arpad.systems.elo.system.rate_event` rates it (elo-rating-of-chessplayers-1986.txt
§3.71–§3.72): the round is laid out as a season of one-game events (two members each)
over the players' state rows and rated by the same loop, with the same rules
(:mod:`.rules`), as a season.

Covered: every configuration, every player rated. A population with unrated players is
left to the batch hook (``None``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.systems.elo import fields, kernel
from arpad.systems.elo.season import row_of
from arpad.systems.elo.system import EloConfig, EloState

IntArray = npt.NDArray[np.int64]


class EloRounds:
    """Rated players' states as rows (rating, games, events, peak), rated round by round."""

    def __init__(self, states: Sequence[EloState], config: EloConfig) -> None:
        self.table: FloatArray = np.array([row_of(s) for s in states], dtype=float)
        self.cfg, self.row_at = fields.params(config), fields.row_at(config)
        self.dp = fields.dp_table(config)
        self.local_of = np.full(len(states), -1, dtype=np.int64)
        self.run = kernel.LOOP.compiled()

    @property
    def ratings(self) -> FloatArray:
        out: FloatArray = self.table[:, kernel.RATING]
        return out

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        g = len(white)
        members = np.column_stack([white, black]).ravel().astype(np.int32)
        starts = np.arange(0, 2 * g + 1, 2, dtype=np.int64)
        games = np.arange(g + 1, dtype=np.int64)
        results = np.zeros((kernel.N_RESULTS, 2 * g))
        after = np.zeros((2 * g, kernel.N_FIELDS))
        skipped = np.zeros(2 * g)
        status = np.zeros(1, dtype=np.int64)
        scratch = kernel.scratch(games, starts)
        first = 0
        while first < g:
            stop = self.run(
                first,
                g,
                white.astype(np.int32),
                black.astype(np.int32),
                score.astype(float),
                games,
                members,
                starts,
                self.cfg,
                self.row_at,
                self.dp.dp,
                self.table,
                self.local_of,
                results,
                after,
                skipped,
                status,
                scratch,
            )
            if stop < 0:
                break
            self.dp.fill(int(status[0]))
            first = stop

    def adjust_pool(self, anchor: float | None) -> None:
        raise NotImplementedError("Elo's system has no pool rule")


def round_engine(states: Sequence[EloState], config: EloConfig) -> EloRounds | None:
    """Elo's :attr:`~arpad.systems.RatingSystem.round_engine` for the configurations and
    states the module docstring lists; ``None`` for the others."""
    if not states or any(s.rating is None for s in states):
        return None
    return EloRounds(states, config)
