"""Rating floors, us-chess-rating-system-2020.txt §5.

- Absolute floor AF = min(100 + 4·N_W + 2·N_D + N_R, 150) for every player (L308–312).
- Established players: the peak established rating, rounded to the nearest integer, less
  200, down to the floor at or below it among 1200, 1300, …, 2100 (L314).
- Original Life Master: 2200 after 300 games established above 2200 (L316).
- Prize floors are input (L318).

All floors are computed from the state *before* the event (the floor in force when the
event is rated; docs/decisions.md D-uscf-4).
"""

from __future__ import annotations

import math
from dataclasses import replace

from arpad.systems.uscf2020 import rules
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.state import USCFState, to_row

PEAK_FLOORS = tuple(
    float(f) for f in range(int(rules.PEAK_FLOOR_LOW), int(rules.PEAK_FLOOR_HIGH) + 1, 100)
)
"""The peak-based floors 1200, 1300, …, 2100 (§5, L314)."""

OLM_FLOOR = rules.OLM_FLOOR
"""The Original Life Master floor (§5, L316)."""


def round_half_up(x: float) -> float:
    """Conventional rounding to the nearest integer (§1, §7: "conventional rounding rules").

    >>> round_half_up(1999.5), round_half_up(1999.49)
    (2000.0, 1999.0)
    """
    return rules.round_half_up(x)


def absolute_floor(wins: int, draws: int, rated_events: int) -> float:
    """AF = min(100 + 4·N_W + 2·N_D + N_R, 150) (§5, L310).

    >>> absolute_floor(3, 1, 10)
    124.0
    """
    return rules.absolute_floor(float(wins), float(draws), float(rated_events))


def peak_floor(peak: float | None) -> float | None:
    """The floor from the highest established rating, or ``None`` when it is below 1200.

    The peak is rounded first, then 200 subtracted, then the floor at or just below is
    taken (§5, L314: 1941 → 1700; 1999.51 → 1800; 1388 → none).

    >>> peak_floor(1941.0), peak_floor(1999.51), peak_floor(1388.0)
    (1700.0, 1800.0, None)
    """
    out = rules.peak_floor(math.nan if peak is None else peak)
    return None if math.isnan(out) else out


def computed_floor(state: USCFState, config: USCFConfig) -> float:
    """The highest floor the formulas of §5 give this state."""
    return rules.row_floor(to_row(state), rules.params(config, config.bonus_multiplier))


def rating_floor(state: USCFState, config: USCFConfig) -> float:
    """The floor in force: a known (published or lowered) floor if set, else the computed one."""
    return rules.state_floor(to_row(state), rules.params(config, config.bonus_multiplier))


def carry_known_floor(prior: USCFState, new: USCFState, config: USCFConfig) -> USCFState:
    """Keep a known floor until the formulas give a higher floor than before the event
    (a new peak or more games raised it); a lowered floor survives otherwise
    (:func:`.rules.carry_known_floor`)."""
    row = to_row(new)
    rules.carry_known_floor(to_row(prior), row, rules.params(config, config.bonus_multiplier))
    return new if row[rules.KNOWN] == row[rules.KNOWN] else replace(new, known_floor=None)
