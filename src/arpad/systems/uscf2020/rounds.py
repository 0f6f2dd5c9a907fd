"""US Chess's round engine: a whole population's perfect-matching round through the
compiled season loop (:mod:`.kernel`).

Each game of the round is an undated Regular one-game event, rated as
:func:`arpad.systems.uscf2020.rating.rate_event` rates it (us-chess-rating-system-2020.txt
§1, §5): the round is laid out as a season of one-game events (two members each) over the
players' state rows, and rated by the same loop, with the same rules, as a season.

Covered: every player rated and without match history (§7). Others: ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.systems.uscf2020 import kernel, rules
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.state import USCFState, to_row

IntArray = npt.NDArray[np.int64]


class USCFRounds:
    """Rated players' states as rows of :mod:`.rules` fields, rated round after round."""

    def __init__(self, states: Sequence[USCFState], config: USCFConfig) -> None:
        undated = config.for_date(None)  # an undated event's configuration
        self.cfg = rules.params(undated, undated.bonus_multiplier)
        self.table: FloatArray = np.array([to_row(s) for s in states], dtype=float)
        self.local_of = np.full(len(states), -1, dtype=np.int64)
        self.run = kernel.LOOP.compiled()

    @property
    def ratings(self) -> FloatArray:
        out: FloatArray = self.table[:, rules.RATING]
        return out

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        g = len(white)
        members = np.column_stack([white, black]).ravel().astype(np.int32)
        starts = np.arange(0, 2 * g + 1, 2, dtype=np.int64)
        nan = np.full(2 * g, np.nan)
        self.run(
            0, g, white.astype(np.int32), black.astype(np.int32), score.astype(float),
            np.arange(g + 1, dtype=np.int64), members, starts, np.zeros(g, dtype=bool),
            np.full(g, self.cfg[rules.B]), nan, np.zeros(2 * g), nan, self.cfg, self.table,
            self.local_of, np.zeros((kernel.N_RESULTS, 2 * g)), np.zeros((2 * g, rules.N_FIELDS)),
            kernel.scratch(self.cfg, np.arange(g + 1, dtype=np.int64), starts),
        )  # fmt: skip

    def adjust_pool(self, anchor: float | None) -> None:
        raise NotImplementedError("US Chess has no pool rule")


def round_engine(states: Sequence[USCFState], config: USCFConfig) -> USCFRounds | None:
    """US Chess's :attr:`~arpad.systems.RatingSystem.round_engine`: ``None`` unless every
    player is rated and has no match history."""
    if not states or any(s.rating is None or s.match_changes for s in states):
        return None
    return USCFRounds(states, config)
