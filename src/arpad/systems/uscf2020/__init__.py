"""The US Chess rating system of 2020 (us-chess-rating-system-2020.txt, Glickman & Doan).

Six pools, each with its own player state; initial ratings (§2); effective games (§3);
the five steps (§1) with the special formula as the knot algorithm (§4.1) and the
standard formula with K, the dual-rated K and the bonus (§4.2); floors (§5); FIDE foreign
events (§6); matches (§7).

>>> from arpad.model import Event, Game, PlayerEntry
>>> e = Event(id="demo", players=(PlayerEntry("a", rating=1700.0, games=30),
...                               PlayerEntry("b", rating=1500.0, games=40)),
...           games=(Game("a", "b", 0.0),))
>>> round(SYSTEM.rate_event(e).player("a").post, 2)
1672.53
"""

from __future__ import annotations

from arpad.model import Pool, RatingKind
from arpad.systems import RatingSystem
from arpad.systems.lazy import season_hooks
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.estimator import ESTIMATOR
from arpad.systems.uscf2020.floors import absolute_floor, peak_floor, rating_floor
from arpad.systems.uscf2020.formulas import (
    SpecialInput,
    bonus_amount,
    effective_games,
    effective_games_cap,
    k_factor,
    special_rating,
    standard_expected,
)
from arpad.systems.uscf2020.initial import (
    Initial,
    age_rating,
    cfc_to_uscf,
    fide_to_uscf,
    fide_to_uscf_youth,
    initial_rating,
)
from arpad.systems.uscf2020.rating import rate_event
from arpad.systems.uscf2020.state import (
    USCFState,
    expected_scores,
    list_entry,
    state_from_entry,
)

SYSTEM: RatingSystem[USCFConfig, USCFState] = RatingSystem(
    name="uscf",
    title="US Chess (2020)",
    source="us-chess-rating-system-2020.txt",
    config_type=USCFConfig,
    state_type=USCFState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=tuple(Pool),
    estimator=ESTIMATOR,
    rating_kinds=(RatingKind.US_CHESS,),
    # §2.1–§2.7: FIDE and CFC ratings set initial ratings by the §2.7 formulas.
    initialises_from=(RatingKind.FIDE, RatingKind.CFC),
    expected_score_fn=expected_scores,
    # One compiled season loop (uscf2020/kernel.py) over a columnar season: NumPy is
    # loaded there, not with the system, and Numba only for a season large enough.
    **season_hooks(__name__),
)

__all__ = [
    "SYSTEM",
    "Initial",
    "SpecialInput",
    "USCFConfig",
    "USCFState",
    "absolute_floor",
    "age_rating",
    "bonus_amount",
    "cfc_to_uscf",
    "effective_games",
    "effective_games_cap",
    "fide_to_uscf",
    "fide_to_uscf_youth",
    "initial_rating",
    "k_factor",
    "list_entry",
    "peak_floor",
    "rate_event",
    "rating_floor",
    "special_rating",
    "standard_expected",
    "state_from_entry",
]
