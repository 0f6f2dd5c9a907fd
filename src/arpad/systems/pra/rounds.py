"""The PRA's round engine: a whole population's perfect-matching round through the
season loop (:mod:`.kernel`).

Each game of the round is a one-game event, rated as
:func:`arpad.systems.pra.system.rate_event` rates it (the Basic System, eq. (2),
berard-pra-and-tournament-app.txt L169; each player's Boosting System, L226–L337): the
round is laid out as a season of one-game events (two members each) over the players'
columns and rated by the same loop, with the same rules, as a season. ``adj`` is
:func:`.basic.recentre` (L171, L224), as :func:`.basic.recentre_states` pays it.

Covered: every population (any game counters, windows and boosting flags).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.systems.pra import kernel
from arpad.systems.pra.basic import recentre
from arpad.systems.pra.season import Players
from arpad.systems.pra.system import PRAConfig, PRAState

IntArray = npt.NDArray[np.int64]


class PRARounds:
    """Players' states as the season loop's columns, rated round after round."""

    def __init__(self, states: Sequence[PRAState], config: PRAConfig) -> None:
        self.config = config
        self.players = Players(len(states), config)
        for slot, state in enumerate(states):
            self.players.set(slot, state)
        self.cfg = kernel.params(config)
        self.col_of = np.full(len(states), -1, dtype=np.int64)
        self.run = kernel.LOOP.compiled()

    @property
    def ratings(self) -> FloatArray:
        return self.players.rating

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        g = len(white)
        p = self.players
        p.state[:, kernel.LAST_SIDE] = -1  # the sides of this round only
        members = np.column_stack([white, black]).ravel().astype(np.int32)
        self.run(
            0, g, white.astype(np.int32), black.astype(np.int32), score.astype(float),
            np.arange(g + 1, dtype=np.int64), members,
            np.arange(0, 2 * g + 1, 2, dtype=np.int64), self.cfg, p.rating, p.state, p.boosting,
            p.window, self.col_of, np.zeros((kernel.N_RESULTS, 2 * g)),
            np.zeros((2 * g, kernel.N_AFTER), dtype=np.int64), np.zeros((2, 2 * g)),
            np.zeros((4, 2 * g), dtype=np.int64),
        )  # fmt: skip

    def adjust_pool(self, anchor: float | None) -> None:
        """``adj`` as :func:`.basic.recentre_states` pays it."""
        centre = self.config.R_bar if anchor is None else anchor
        self.players.rating[:], _ = recentre(self.players.rating, centre)


def round_engine(states: Sequence[PRAState], config: PRAConfig) -> PRARounds | None:
    """The PRA's :attr:`~arpad.systems.RatingSystem.round_engine` (``None`` for no
    players)."""
    return PRARounds(states, config) if states else None
