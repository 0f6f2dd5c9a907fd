"""FIDE's rating system as in force now (Rating Regulations of 1 March 2024, amended
1 October 2025; rapid/blitz rule of 1 December 2024), with the 2022 era selectable; registered
as ``fide``.

- :mod:`~arpad.systems.fide.rules`: configuration, eras, tables 8.1.1/8.1.2, K, the 400-point
  rule, rounding, the March 2024 increase, initial ratings;
- :mod:`~arpad.systems.fide.system`: states, one event, monthly periods, expected score;
- :mod:`~arpad.systems.fide.steps`: one event's steps over flat arrays (publication, the
  games, K, pooled play), which the per-event path calls as Python and
  :mod:`~arpad.systems.fide.kernel` (the season loop) calls compiled;
  :mod:`~arpad.systems.fide.table`: states as the steps' rows and records;
- :mod:`~arpad.systems.fide.season`: a columnar season rated by the loop, equal to rating
  the events one by one to the last bit.

``SYSTEM`` takes the expectancy of table 8.1.2 with the 400-point rule
(:func:`~arpad.systems.fide.system.expected_score_states`: not symmetric for a player
rated 2650 or more, who uses the full difference), a newcomer unrated, and monthly
periods (:func:`rate_period`: the list's month is the period result's note).
"""

from collections.abc import Callable, Mapping, Sequence

from arpad.model import Event, PlayerEntry, Pool, RatingKind
from arpad.systems import PeriodRating, RatingSystem
from arpad.systems.fide.estimator import ESTIMATOR
from arpad.systems.fide.rules import Era, FideConfig, RatingType, Rounding
from arpad.systems.fide.season import rate_season
from arpad.systems.fide.state import FideState
from arpad.systems.fide.system import (
    FidePeriodResult,
    expected_score,
    expected_score_states,
    list_entry,
    newcomer_state,
    rate_event,
    rate_period,
    state_from_entry,
)
from arpad.systems.lazy import batch_of_season


def _monthly_period(
    events: Sequence[Event],
    states: Mapping[str, FideState],
    config: FideConfig,
    key: Callable[[PlayerEntry], str],
) -> PeriodRating[FideState]:
    """:func:`rate_period` as the interface's period result (the list month as its note)."""
    result = rate_period(events, states, config, key=key)
    notes = (f"FIDE list {result.month}",) if result.month else ()
    return PeriodRating(result.events, result.states, result.lines, notes)


SYSTEM: RatingSystem[FideConfig, FideState] = RatingSystem(
    name="fide",
    title="FIDE Rating Regulations (2024, amended 2025)",
    source="FIDE Rating Regulations 1 March 2024 / 1 October 2025; docs/fide.md",
    config_type=FideConfig,
    state_type=FideState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR, Pool.QUICK, Pool.BLITZ),
    estimator=ESTIMATOR,
    rating_kinds=(RatingKind.FIDE,),
    expected_score_fn=expected_score_states,
    newcomer=newcomer_state,
    rate_period_fn=_monthly_period,
    zero_sum_expectancy=False,  # the 2650 exemption (F-P01, F-P02)
    rate_batch_fn=batch_of_season(rate_season),  # the season loop over the events' columns
    season_fn=rate_season,
)

__all__ = [
    "SYSTEM",
    "Era",
    "FideConfig",
    "FidePeriodResult",
    "FideState",
    "RatingType",
    "Rounding",
    "expected_score",
    "expected_score_states",
    "newcomer_state",
    "rate_period",
]
