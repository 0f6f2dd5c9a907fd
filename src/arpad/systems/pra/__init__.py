"""Berard's Performance Rating Algorithm (PRA): Basic System + Boosting System.

Source: berard-pra-and-tournament-app.txt, Part 1 (L159–L337). See docs/pra.md.

- :mod:`.basic`: EAComp-based game update ``R' = R + 9(S − E)``, and the ``adj``
  re-centring of a whole pool;
- :mod:`.boosting`: block trends, boosts/crashes and the ω schedule;
- :mod:`.system`: the configuration, the state and ``rate_event``;
- :mod:`.kernel`, :mod:`.season`, :mod:`.rounds`: one compiled season loop over columns
  calling the same rules (bulk paths and the simulation lab), which import :mod:`.system`;
  ``SYSTEM`` (registered as ``pra``) is here, above all of them, so that nothing imports
  in a circle.

Every rule is one plain function of :mod:`.basic` or :mod:`.boosting` (EAComp:
:func:`arpad.curves.eacomp_p`), called as Python by ``rate_event`` and compiled by the loop.
"""

from __future__ import annotations

from arpad.curves import eacomp_expectancy
from arpad.model import Pool, RatingKind
from arpad.systems import RatingSystem
from arpad.systems.expectation import by_difference
from arpad.systems.lazy import season_hooks
from arpad.systems.pra.basic import (
    BASIC_K,
    R_BAR,
    adjustment,
    basic_change,
    basic_game,
    play_games,
    recentre,
    recentre_states,
)
from arpad.systems.pra.boosting import BoostCoefficients, BoostSchedule, boost, measurements
from arpad.systems.pra.system import (
    BoostEvent,
    PRAConfig,
    PRAState,
    after_game,
    initial_state,
    list_entry,
    rate_event,
    state_from_entry,
)

SYSTEM: RatingSystem[PRAConfig, PRAState] = RatingSystem(
    name="pra",
    title="Berard's Performance Rating Algorithm (Basic + Boosting System)",
    source="berard-pra-and-tournament-app.txt, Part 1 (L159–L337)",
    config_type=PRAConfig,
    state_type=PRAState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    # Berard rates FIDE events from the players' FIDE ratings (L1767, L1800): D-prov-3.
    rating_kinds=(RatingKind.FIDE,),
    expected_score_fn=by_difference(lambda d, cfg: eacomp_expectancy(d)),
    newcomer=initial_state,
    # adj (eq. (2), L171) is paid to the whole pool now and then (L224, L875): D-pra-1.
    pool_adjustment_fn=recentre_states,
    # One compiled season loop (pra/kernel.py) over a columnar season, calling the rules.
    **season_hooks(__name__),
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
