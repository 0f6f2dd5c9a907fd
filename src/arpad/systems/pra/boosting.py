"""Berard's Boosting System: block trends, boosts and crashes, the ω schedule.

Source: berard-pra-and-tournament-app.txt, "The Boosting System" (L226–L337), read as
spec §2.7 normalises it:

- each player's own games are cut into blocks; at the block's last game (0-based counter
  ``ctr`` with ``(ctr + 1) % blockSize == 0``, L234) the block's ratings R(k) — the rating
  after the Basic System processed game k (spec A4) — are split into four sub-blocks
  (L232) whose means Rbar1..Rbar4 give the velocities V1 = Rbar2 − Rbar1, V2, V3
  (eqs. (4)–(8), L236–L252);
- all three V positive: boost to ``peak + coeff·(peak − trough)``; all negative: crash to
  ``trough − coeff·(peak − trough)`` (eqs. (9), (10), L260–L266); the result *replaces*
  the rating;
- ``coeff`` is 2.625, 0.875 or 0.5 as the previous block's direction was the same, 0 or
  the opposite (L268); the direction then moves one step toward the trend, never from +1
  straight to −1 (L256, L298); a mixed block sets it to 0; in the first block
  (``ctr < 20``) a trending player counts as having trended the same way before (L268);
- the schedule (L300–L302, code (12) L305–L335): 20-game blocks with ω = 1 up to game
  159, then 40-game blocks with the coefficients times ω = 0.15 at games 199, 239, 279
  and 319, then no more boosting. Code (12)'s ``if(ctr < 319) omega = 0.0`` (L308) is a
  typo for ``ctr > 319`` (it would switch boosting off before it starts; the prose at
  L302 says "until game 319 … Then, set ω to 0.0"); docs/decisions.md D-pra-2.

:func:`boost` is vectorised over players so that the per-event system (one player at a
time) and the simulation lab (a whole population at one round) run the same code.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray

IntArray = npt.NDArray[np.int64]

FULL_BLOCK = 20
"""Block size of the full boosting system (L230, L232)."""
FULL_LAST = 159
"""0-based game of the last full-strength measurement (L300: "Game 159 is when the last
measurement and boost should be done")."""
REDUCED_BLOCK = 40
"""Block size after game 159 ("the length of the block should double to 40", L300)."""
REDUCED_LAST = 319
"""0-based game of the last reduced measurement ("until game 319", L302)."""
OMEGA = 0.15
"""ω, the factor on the three coefficients in the reduced phase (L302)."""
SUB_BLOCKS = 4
"""Each block is broken into four sub-blocks (L232)."""

COEFF_SAME = 2.625
"""Coefficient when the previous block trended the same way (L268)."""
COEFF_FROM_STABLE = 0.875
"""Coefficient when the previous block's direction was 0 (L268)."""
COEFF_REVERSING = 0.5
"""Coefficient when the previous block trended the opposite way (L268)."""


class BoostSchedule(StrEnum):
    """Which games end a block (0-based counters).

    ``paper``: L300–L302 — 19, 39, …, 159 (20-game blocks, ω = 1), then 199, 239, 279,
    319 (40-game blocks, ω = 0.15). ``l467``: the list printed at L467 ("games 20, 40, …,
    160, 180, 200, 240, 280, and 320", 1-based), i.e. two 20-game blocks ending at 179 and
    199 with the reduced coefficients before the 40-game blocks (spec A3).
    """

    PAPER = "paper"
    L467 = "l467"


@dataclass(frozen=True, slots=True)
class Measurement:
    """One scheduled measurement: the block ending at 0-based game ``last``."""

    last: int
    block: int
    omega: float

    @property
    def first(self) -> int:
        """0-based game that opens the block."""
        return self.last - self.block + 1


@dataclass(frozen=True, slots=True)
class BoostCoefficients:
    """The three coefficients of L268, chosen by the previous block's direction."""

    same: float = COEFF_SAME
    from_stable: float = COEFF_FROM_STABLE
    reversing: float = COEFF_REVERSING


def measurements(
    schedule: BoostSchedule = BoostSchedule.PAPER, omega: float = OMEGA
) -> tuple[Measurement, ...]:
    """The scheduled measurements; consecutive blocks tile the games from game 0.

    >>> [m.last for m in measurements()]
    [19, 39, 59, 79, 99, 119, 139, 159, 199, 239, 279, 319]
    >>> measurements()[8]
    Measurement(last=199, block=40, omega=0.15)
    """
    full = [Measurement(last, FULL_BLOCK, 1.0) for last in range(19, FULL_LAST + 1, FULL_BLOCK)]
    reduced_from = FULL_LAST + REDUCED_BLOCK
    if schedule == BoostSchedule.L467:
        full += [Measurement(179, FULL_BLOCK, omega), Measurement(199, FULL_BLOCK, omega)]
        reduced_from = 199 + REDUCED_BLOCK
    reduced = [
        Measurement(last, REDUCED_BLOCK, omega)
        for last in range(reduced_from, REDUCED_LAST + 1, REDUCED_BLOCK)
    ]
    return tuple(full + reduced)


def boost(
    window: FloatArray,
    direction: IntArray,
    omega: float,
    first_block: bool,
    coefficients: BoostCoefficients | None = None,
) -> tuple[FloatArray, IntArray, IntArray]:
    """Measure one block for each player (column) and boost, crash or leave the rating.

    Args:
        window: shape ``(block, players)``: R(k) for the block's games, oldest first;
            the last row is each player's current rating.
        direction: the previous block's direction (+1, 0, −1) of each player.
        omega: the factor on the coefficients (1 or ω).
        first_block: ``ctr < 20`` (L271): a trending player counts as having had the same
            direction before.
        coefficients: default (2.625, 0.875, 0.5).

    Returns:
        ``(rating, direction, trend)``: the new ratings, the new directions, and the trend
        seen (+1 boosted, −1 crashed, 0 mixed: rating unchanged).

    >>> window = (1500.0 + 4.0 * np.arange(1, 21)).reshape(20, 1)  # spec §2.7 example
    >>> r, d, t = boost(window, np.zeros(1, dtype=np.int64), 1.0, first_block=True)
    >>> float(r[0]), int(d[0]), int(t[0])
    (1779.5, 1, 1)
    """
    c = BoostCoefficients() if coefficients is None else coefficients
    block, players = window.shape
    sub = block // SUB_BLOCKS
    # Each sub-block summed game by game, as the paper's loop does: the same doubles for one
    # player or a whole population (numpy's own sum groups terms by the array's shape).
    blocks = window.reshape(SUB_BLOCKS, sub, players)
    sums = blocks[:, 0, :].copy()
    for j in range(1, sub):
        sums += blocks[:, j, :]
    means = sums / float(sub)
    v = np.diff(means, axis=0)
    up = np.all(v > 0.0, axis=0)
    down = np.all(v < 0.0, axis=0)
    peak = window.max(axis=0)
    trough = window.min(axis=0)
    span = peak - trough
    previous = direction.astype(np.int64)
    if first_block:
        previous = np.where(up, 1, np.where(down, -1, previous))
    # Up-trend: same (+1) → 2.625, from 0 → 0.875, reversing (−1) → 0.5.
    up_coeff = np.where(previous == 1, c.same, np.where(previous == 0, c.from_stable, c.reversing))
    down_coeff = np.where(
        previous == -1, c.same, np.where(previous == 0, c.from_stable, c.reversing)
    )
    rating = np.where(
        up,
        peak + omega * up_coeff * span,
        np.where(down, trough - omega * down_coeff * span, window[-1]),
    )
    new_direction = np.where(
        up, np.minimum(previous + 1, 1), np.where(down, np.maximum(previous - 1, -1), 0)
    ).astype(np.int64)
    trend = np.where(up, 1, np.where(down, -1, 0)).astype(np.int64)
    return rating, new_direction, trend
