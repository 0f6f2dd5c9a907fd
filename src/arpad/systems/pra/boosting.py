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

Each rule is one plain function (:mod:`arpad.compiled`): the per-event path
(:func:`arpad.systems.pra.system.after_game`) calls them as Python, the season loop
(:mod:`.kernel`) and the simulation lab's round engine call them compiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from arpad.compiled import rule

FULL_BLOCK = 20
"""Block size of the full boosting system (L230, L232)."""
FULL_LAST = 159
"""0-based game of the last full-strength measurement (L300: "Game 159 is when the last
measurement and boost should be done")."""
L467_FULL_LAST = 199
"""The ``l467`` schedule's last 20-game block (L467: "…, 160, 180, 200, 240, …", 1-based)."""
REDUCED_BLOCK = 40
"""Block size after game 159 ("the length of the block should double to 40", L300)."""
REDUCED_LAST = 319
"""0-based game of the last reduced measurement ("until game 319", L302): after it no
rating is kept for a window."""
MAX_BLOCK = REDUCED_BLOCK
"""The longest block measured."""
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


@rule
def measurement(ctr: int, l467: bool, omega: float) -> tuple[int, float]:
    """The block measured after 0-based game ``ctr`` and its ω, ``(0, 0.0)`` for none:
    20-game blocks with ω = 1 through game 159, 40-game blocks with ω through game 319
    (L300–L302; code (12), L305–L335, with the ``ctr < 319`` typo read as the prose,
    D-pra-2); the ``l467`` schedule has 20-game blocks with ω through game 199 (L467)."""
    if ctr < 0 or ctr > REDUCED_LAST:
        return 0, 0.0
    full_until = L467_FULL_LAST if l467 else FULL_LAST
    if ctr <= full_until:
        if (ctr + 1) % FULL_BLOCK != 0:
            return 0, 0.0
        return FULL_BLOCK, (1.0 if ctr <= FULL_LAST else omega)
    if (ctr - full_until) % REDUCED_BLOCK == 0:
        return REDUCED_BLOCK, omega
    return 0, 0.0


def measurements(
    schedule: BoostSchedule = BoostSchedule.PAPER, omega: float = OMEGA
) -> tuple[Measurement, ...]:
    """The scheduled measurements (:func:`measurement` at every game); consecutive blocks
    tile the games from game 0.

    >>> [m.last for m in measurements()]
    [19, 39, 59, 79, 99, 119, 139, 159, 199, 239, 279, 319]
    >>> measurements()[8]
    Measurement(last=199, block=40, omega=0.15)
    """
    l467 = schedule == BoostSchedule.L467
    points = ((ctr, *measurement(ctr, l467, omega)) for ctr in range(REDUCED_LAST + 1))
    return tuple(Measurement(ctr, block, w) for ctr, block, w in points if block)


@rule
def after_game_plan(
    ctr: int, held: int, boosting: bool, l467: bool, omega: float
) -> tuple[int, int, float]:
    """What follows game ``ctr`` (0-based) of a player whose window held ``held`` ratings:
    ``(window length kept, block to measure now (0: none), ω)``.

    R(k) joins the window while ``ctr ≤ 319`` (L234, L302); at a scheduled game the block
    ends and the window is emptied, measured only if the player boosts and the window is
    exactly one block (a player who joined mid-block skips it).
    """
    grown = held + 1 if ctr <= REDUCED_LAST else 0
    block, w = measurement(ctr, l467, omega)
    if block == 0:
        return grown, 0, 0.0
    if boosting and grown == block:
        return 0, block, w
    return 0, 0, 0.0


@rule
def in_first_block(ctr: int) -> bool:
    """``ctr < 20`` (L271): in the first block a trending player counts as having trended
    the same way before."""
    return ctr < FULL_BLOCK


@rule
def block_trend(window: Sequence[float] | Any) -> int:
    """+1 if the block's velocities V1, V2, V3 are all positive, −1 if all negative, else
    0 (eqs. (4)–(8), L236–L252): the block cut into four sub-blocks, each summed game by
    game as the paper's loop does, divided by its length."""
    sub = len(window) // SUB_BLOCKS
    up = True
    down = True
    previous = 0.0
    for q in range(SUB_BLOCKS):
        total = window[q * sub]
        for j in range(1, sub):
            total += window[q * sub + j]
        mean = total / float(sub)
        if q > 0:
            up = up and mean - previous > 0.0
            down = down and mean - previous < 0.0
        previous = mean
    return 1 if up else (-1 if down else 0)


@rule
def coefficient(
    previous: int, trend: int, same: float, from_stable: float, reversing: float
) -> float:
    """2.625, 0.875 or 0.5 as the previous block's direction was the trend's, 0 or the
    opposite (L268)."""
    if previous == trend:
        return same
    if previous == 0:
        return from_stable
    return reversing


@rule
def boost(
    window: Sequence[float] | Any,
    direction: int,
    omega: float,
    first_block: bool,
    same: float,
    from_stable: float,
    reversing: float,
) -> tuple[float, int, int]:
    """Measure one player's block and boost, crash or leave the rating (eqs. (9), (10),
    L256–L268).

    Args:
        window: R(k) for the block's games, oldest first; the last is the current rating.
        direction: the previous block's direction (+1, 0, −1).
        omega: the factor on the coefficients (1 or ω).
        first_block: ``ctr < 20`` (L271): a trending player counts as having had the same
            direction before.
        same: the coefficient when the previous direction was the trend's (L268).
        from_stable: the coefficient after a direction of 0.
        reversing: the coefficient after the opposite direction.

    Returns:
        ``(rating, direction, trend)``: the new rating (``peak + ω·c·(peak − trough)``
        after an up-trend, ``trough − ω·c·(peak − trough)`` after a down-trend, else the
        current one), the new direction (one step toward the trend, never from +1 straight
        to −1; 0 after a mixed block) and the trend seen (+1, −1, 0).

    >>> window = [1500.0 + 4.0 * (k + 1) for k in range(20)]  # spec §2.7 example
    >>> boost(window, 0, 1.0, True, COEFF_SAME, COEFF_FROM_STABLE, COEFF_REVERSING)
    (1779.5, 1, 1)
    """
    trend = block_trend(window)
    if trend == 0:
        return window[len(window) - 1], 0, 0
    peak = window[0]
    trough = window[0]
    for k in range(1, len(window)):
        peak = max(peak, window[k])
        trough = min(trough, window[k])
    previous = trend if first_block else direction
    c = coefficient(previous, trend, same, from_stable, reversing)
    span = peak - trough
    if trend > 0:
        return peak + omega * c * span, min(previous + 1, 1), 1
    return trough - omega * c * span, max(previous - 1, -1), -1
