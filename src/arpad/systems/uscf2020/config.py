"""Configuration of the US Chess 2020 rating system.

Every constant the seed names is a field, with the seed's value as its default
(us-chess-rating-system-2020.txt, section given per field).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arpad.config import Config, bounds


@dataclass(frozen=True)
class USCFConfig(Config):
    """Constants of us-chess-rating-system-2020.txt.

    ``dataclasses.replace(config, B=...)`` rates an event under another bonus multiplier
    (the seed gives B = 14 "effective May 1, 2017"; events before then used another value).
    """

    B: float = field(
        default=14.0,
        metadata=bounds(0, None, doc="bonus multiplier (§4.2; 14 effective 1 May 2017)"),
    )
    epsilon: float = field(
        default=1e-7,
        metadata=bounds(
            0, 1e-2, low_open=True, doc="ε, zero tolerance of the knot algorithm (§4.1)"
        ),
    )
    special_cap: float = field(
        default=2700.0, metadata=bounds(0, None, doc="cap on a special rating (§4.1, end)")
    )
    minimum_rating: float = field(
        default=100.0, metadata=bounds(0, None, doc="absolute floor; also after steps 3–5 (§1, §5)")
    )
    established_after: int = field(
        default=25, metadata=bounds(0, None, doc="established if based on more games (§1)")
    )
    special_through: int = field(
        default=8, metadata=bounds(0, None, doc="special formula if N ≤ this (§1 step 4, §4)")
    )
    bonus_min_games: int = field(
        default=3, metadata=bounds(1, None, doc="no bonus when m is below this (§4.2)")
    )
    bonus_games_floor: int = field(
        default=4, metadata=bounds(1, None, doc="m' = max(m, this) in the bonus (§4.2)")
    )
    max_meetings_for_bonus: int = field(
        default=2,
        metadata=bounds(1, None, doc="no bonus when one opponent is met more often (§4.2)"),
    )
    dual_rated_k_in_quick: bool = field(
        default=False,
        metadata={
            "doc": "also use the dual-rated K (§4.2) when rating the Quick side "
            "(see docs/decisions.md D-uscf-3)"
        },
    )
    apply_floors: bool = field(default=True, metadata={"doc": "apply §5 rating floors"})
    match_max_difference: float = field(
        default=400.0,
        metadata=bounds(0, None, doc="largest rating difference for a rated match (§7)"),
    )
    match_max_change: float = field(
        default=50.0, metadata=bounds(0, None, doc="largest change from one match (§7)")
    )
    match_cap_180_days: float = field(
        default=100.0, metadata=bounds(0, None, doc="largest net match change in 180 days (§7)")
    )
    match_cap_3_years: float = field(
        default=200.0, metadata=bounds(0, None, doc="largest net match change in 3 years (§7)")
    )
    grant_match_floor_requests: bool = field(
        default=True,
        metadata={
            "doc": "treat a match floor request (§7 item 4) as granted: the floor "
            "drops 100 and the rating may fall to it"
        },
    )
    olm_games: int = field(
        default=300,
        metadata=bounds(
            1, None, doc="games established above 2200 for the Original Life Master floor (§5)"
        ),
    )
