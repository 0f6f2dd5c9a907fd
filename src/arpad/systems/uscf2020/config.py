"""Configuration of the US Chess 2020 rating system.

Every constant the seed names is a field, with the seed's value as its default
(us-chess-rating-system-2020.txt, section given per field).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from arpad.config import Config, bounds
from arpad.systems.uscf2020.formulas import SpecialStart


@dataclass(frozen=True)
class USCFConfig(Config):
    """Constants of us-chess-rating-system-2020.txt.

    ``B`` is the bonus multiplier; ``None`` (the default) takes it from the event's end date
    as the federation's program does (:func:`bonus_for_date`, D-uscf-eras-1); a number fixes it
    for every event.
    """

    B: float | None = field(
        default=None,
        metadata=bounds(0, None, doc="bonus multiplier (§4.2); None = by the event's end date"),
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

    fide_conversion_since: dt.date | None = field(
        default=dt.date(2024, 3, 1),
        metadata=bounds(
            doc="events ending from this day convert FIDE ratings by the 2024 refit "
            "(§2.7 as refitted; None: always the 2020 formula)"
        ),
    )

    special_start: SpecialStart = field(
        default=SpecialStart.PROGRAM,
        metadata={"doc": "special formula's first estimate: program (M = R'0, L215) | text"},
    )

    @property
    def bonus_multiplier(self) -> float:
        """B in force (a fixed ``B``, else the 2020 document's 14; see :meth:`for_date`)."""
        return BONUS_ERAS[0][1] if self.B is None else self.B

    def for_date(self, end: dt.date | None) -> USCFConfig:
        """This configuration with B of the era of an event ending on ``end`` (when not fixed).

        >>> USCFConfig().for_date(dt.date(2025, 3, 1)).B, USCFConfig(B=14).for_date(None).B
        (10.0, 14)
        """
        if self.B is not None or end is None:
            return self
        return replace(self, B=bonus_for_date(end))

    def bonus_on(self, end: dt.date | None) -> float:
        """B in force for an event ending on ``end``: :meth:`for_date`'s B, without building
        a configuration (the season loop asks once per distinct date)."""
        if self.B is not None or end is None:
            return self.bonus_multiplier
        return bonus_for_date(end)


BONUS_ERAS: tuple[tuple[dt.date, float], ...] = (
    (dt.date(2017, 5, 1), 14.0),
    (dt.date(2023, 2, 1), 12.0),
    (dt.date(2025, 1, 1), 10.0),
)
"""(first end date, B): 14 "effective May 1, 2017" (us-chess-rating-system-2020.txt §4.2),
12 for events ending on or after 1 February 2023, 10 for events ending in 2025 and later."""


def bonus_for_date(end: dt.date) -> float:
    """B for an event ending on ``end`` (before 1 May 2017: 14, the earliest value arpad has).

    >>> bonus_for_date(dt.date(2023, 1, 31)), bonus_for_date(dt.date(2023, 2, 1))
    (14.0, 12.0)
    """
    b = BONUS_ERAS[0][1]
    for since, value in BONUS_ERAS:
        if end >= since:
            b = value
    return b
