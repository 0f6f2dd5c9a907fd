"""Berard's Performance Rating Algorithm (PRA): Basic System + Boosting System.

Source: berard-pra-and-tournament-app.txt, Part 1 (L159–L337). See docs/pra.md.

- :mod:`.basic`: EAComp-based game update ``R' = R + 9(S − E)``, and the ``adj``
  re-centring of a whole pool;
- :mod:`.boosting`: block trends, boosts/crashes and the ω schedule;
- :mod:`.system`: the common interface (``SYSTEM``, registered as ``pra``);
- :mod:`.kernel`, :mod:`.season`, :mod:`.rounds`: one compiled season loop over columns
  calling the same rules (bulk paths and the simulation lab).

Every rule is one plain function of :mod:`.basic` or :mod:`.boosting` (EAComp:
:func:`arpad.curves.eacomp_p`), called as Python by ``rate_event`` and compiled by the loop.
"""

from __future__ import annotations

from arpad.systems.pra.basic import (
    BASIC_K,
    R_BAR,
    adjustment,
    basic_change,
    basic_game,
    play_games,
    recentre,
)
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
    "basic_game",
    "boost",
    "initial_state",
    "list_entry",
    "measurements",
    "play_games",
    "rate_event",
    "recentre",
    "state_from_entry",
]
