"""FIDE's rating system as in force now (Rating Regulations of 1 March 2024, amended
1 October 2025; rapid/blitz rule of 1 December 2024), with the 2022 era selectable; registered
as ``fide``.

- :mod:`~arpad.systems.fide.rules`: configuration, eras, tables 8.1.1/8.1.2, K, the 400-point
  rule, rounding, the March 2024 increase, initial ratings;
- :mod:`~arpad.systems.fide.system`: states, one event, monthly periods, expected score.

The pieces the extended interface (branch ``i10-interface``) asks for are plain functions
here, to be wired into ``SYSTEM`` when that interface is merged: ``expected_score_fn`` =
:func:`~arpad.systems.fide.system.expected_score_states`, ``newcomer`` =
:func:`newcomer_state`, ``rate_period_fn`` = :func:`rate_period` (its result has the
``events``, ``states`` and ``lines`` of a ``PeriodRating``).
"""

from arpad.model import Pool, RatingKind
from arpad.systems import RatingSystem
from arpad.systems.fide.rules import Era, FideConfig, RatingType, Rounding
from arpad.systems.fide.system import (
    FidePeriodResult,
    FideState,
    expected_score,
    expected_score_states,
    list_entry,
    newcomer_state,
    rate_event,
    rate_period,
    state_from_entry,
)

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
    rating_kinds=(RatingKind.FIDE,),
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
