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

from arpad.booktables import round_half_up
from arpad.model import Pool, RatingKind
from arpad.systems import RatingSystem
from arpad.systems.elo.expectancy import Curve, Expectancy, Mode
from arpad.systems.elo.system import EloConfig, EloState, list_entry, rate_event, state_from_entry
from arpad.systems.expectation import by_difference
from arpad.systems.lazy import season_hooks

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
    # One compiled season loop (elo/kernel.py) over a columnar season, calling the rules.
    **season_hooks(__name__),
)

__all__ = ["SYSTEM", "Curve", "EloConfig", "EloState", "Expectancy", "Mode"]
