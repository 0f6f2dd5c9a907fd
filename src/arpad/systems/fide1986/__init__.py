"""FIDE's rating system and rules as of 1986 (Elo 1986, chapter 4), registered as
``fide1986``.

- :mod:`~arpad.systems.fide1986.rules`: configuration, state, K schedule, R_U;
- :mod:`~arpad.systems.fide1986.steps`: the procedure's steps for one event, one function
  each (¶3.1, §4.53–§4.55);
- :mod:`~arpad.systems.fide1986.procedure`: rating one event and a whole rating period.

A history is rated event by event (no season engine: nothing rates FIDE 1986 seasons in
bulk, D-compiled-5).
"""

from arpad.model import Pool, RatingKind
from arpad.systems import PeriodLine, RatingSystem
from arpad.systems.expectation import by_difference
from arpad.systems.fide1986.procedure import (
    PeriodResult,
    list_entry,
    player_key,
    publish_value,
    rate_event,
    rate_period,
)
from arpad.systems.fide1986.rules import Fide1986Config, Fide1986State, state_from_entry

SYSTEM: RatingSystem[Fide1986Config, Fide1986State] = RatingSystem(
    name="fide1986",
    title="FIDE rating regulations (1986)",
    source="elo-rating-of-chessplayers-1986.txt §4.4–§4.6",
    config_type=Fide1986Config,
    state_type=Fide1986State,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    rating_kinds=(RatingKind.FIDE,),
    # P_D by the normal curve, Table 2.11 by default (§4.44); no rating: ½.
    expected_score_fn=by_difference(lambda d, cfg: cfg.expectancy().p_array(d)),
    rate_period_fn=lambda events, states, cfg, key: rate_period(events, states, cfg, key=key),
    publish=publish_value,
)

__all__ = [
    "SYSTEM",
    "Fide1986Config",
    "Fide1986State",
    "PeriodLine",
    "PeriodResult",
    "player_key",
    "rate_period",
]
