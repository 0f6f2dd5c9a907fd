"""Berard's Performance Rating Algorithm (PRA): Basic System + Boosting System.

Source: berard-pra-and-tournament-app.txt, Part 1 (L159–L337). See docs/pra.md.

- :mod:`.basic`: EAComp-based game update ``R' = R + 9(S − E)``, and the ``adj``
  re-centring of a whole pool;
- :mod:`.boosting`: block trends, boosts/crashes and the ω schedule (vectorised);
- :mod:`.system`: the common interface (``SYSTEM``, registered as ``pra``).
"""

from __future__ import annotations

from arpad.systems.pra.basic import BASIC_K, R_BAR, adjustment, basic_change, play_games, recentre
from arpad.systems.pra.boosting import BoostCoefficients, BoostSchedule, boost, measurements
from arpad.systems.pra.system import (
    SYSTEM,
    BoostEvent,
    PRAConfig,
    PRAState,
    after_game,
    initial_state,
    list_entry,
    rate_event,
    state_from_entry,
)

__all__ = [
    "BASIC_K",
    "R_BAR",
    "SYSTEM",
    "BoostCoefficients",
    "BoostEvent",
    "BoostSchedule",
    "PRAConfig",
    "PRAState",
    "adjustment",
    "after_game",
    "basic_change",
    "boost",
    "initial_state",
    "list_entry",
    "measurements",
    "play_games",
    "rate_event",
    "recentre",
    "state_from_entry",
]
