"""Elo's rating system (elo-rating-of-chessplayers-1986.txt), registered as ``elo``.

- :mod:`~arpad.systems.elo.expectancy`: the curves, continuous or by the book's tables;
- :mod:`~arpad.systems.elo.formulas`: the working formulae (1)–(36), (70)–(71);
- :mod:`~arpad.systems.elo.krules`: every K rule the book gives;
- :mod:`~arpad.systems.elo.groups`: round robins with unrated players, successive
  approximations;
- :mod:`~arpad.systems.elo.system`: rating an event (``rate_event``), the configuration
  and the state;
- :mod:`~arpad.systems.elo.season`, :mod:`~arpad.systems.elo.rounds`: the compiled season
  loop and the round engine, which import :mod:`.system`; ``SYSTEM`` (here, above both)
  loads them only when a bulk path asks (NumPy and Numba stay out of ``arpad rate``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from arpad.booktables import round_half_up
from arpad.model import Event, Pool, RatingKind
from arpad.systems import PeriodRating, RatingSystem
from arpad.systems.elo.expectancy import Curve, Expectancy, Mode
from arpad.systems.elo.system import EloConfig, EloState, list_entry, rate_event, state_from_entry
from arpad.systems.expectation import by_difference

if TYPE_CHECKING:
    from arpad.season import Season, SeasonRatings
    from arpad.systems.elo.rounds import EloRounds


def _rate_batch(
    events: Sequence[Event], states: Mapping[str, EloState], config: EloConfig
) -> PeriodRating[EloState]:
    """The season loop over the events' columns (:mod:`arpad.systems.elo.season`)."""
    from arpad.systems.elo.season import rate_batch

    return rate_batch(events, states, config)


def _rate_season(
    season: Season, states: Mapping[str, EloState], config: EloConfig
) -> SeasonRatings[EloState]:
    """The season loop (:func:`arpad.systems.elo.season.rate_season`)."""
    from arpad.systems.elo.season import rate_season

    return rate_season(season, states, config)


def _round_engine(states: Sequence[EloState], config: EloConfig) -> EloRounds | None:
    """The round engine (:mod:`arpad.systems.elo.rounds`)."""
    from arpad.systems.elo.rounds import round_engine

    return round_engine(states, config)


SYSTEM: RatingSystem[EloConfig, EloState] = RatingSystem(
    name="elo",
    title="Elo rating system (1986)",
    source="elo-rating-of-chessplayers-1986.txt",
    config_type=EloConfig,
    state_type=EloState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    rating_kinds=(RatingKind.FIDE,),
    # P_D by the configured curve and mode (Table 2.11 by default); no rating: ½.
    expected_score_fn=by_difference(lambda d, cfg: cfg.expectancy().p_array(d)),
    newcomer=lambda cfg: EloState(events=0),
    publish=lambda rating, cfg: round_half_up(rating),
    rate_batch_fn=_rate_batch,
    season_fn=_rate_season,
    round_engine=_round_engine,
)

__all__ = ["SYSTEM", "Curve", "EloConfig", "EloState", "Expectancy", "Mode"]
