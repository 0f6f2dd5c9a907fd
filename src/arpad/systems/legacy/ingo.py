"""The Ingo system (Anton Hoesslinger, Ingolstadt, 1948), as Elo describes it.

Source: elo-rating-of-chessplayers-1986.txt §8.52 (L3161–3169):

    (47) R_p = R_c − (P − 50)          P in percent
    (48) R_n = (3R_o + R_p)/4

"The interval scale ran upwards from zero, with the strongest players receiving the
smallest numbers. Ratings were normally computed after each tournament."

Decisions (docs/decisions.md, D-legacy-1 and D-legacy-2): only games against rated
opponents count; a new player's first rating is his R_p.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.model import Event, Pool
from arpad.systems import EventRating, PlayerRating, RatingSystem
from arpad.systems.legacy.common import (
    LegacyState,
    RatedResults,
    linear_expected,
    list_entry,
    newcomer,
    rate_each,
    state_from_entry,
)


@dataclass(frozen=True, slots=True)
class IngoConfig(Config):
    """The Ingo constants (Elo §8.52)."""

    points_per_percent: float = field(
        default=1.0, metadata=bounds(0, None, low_open=True, doc="(47): R_c − k(P − 50)")
    )
    old_weight: float = field(
        default=3.0, metadata=bounds(0, None, doc="(48): R_n = (w·R_o + R_p)/(w + 1), w = 3")
    )


def performance(r_c: float, percentage: float, points_per_percent: float = 1.0) -> float:
    """(47) R_p = R_c − (P − 50): a better score gives a *smaller* number.

    >>> performance(100.0, 75.0)
    75.0
    """
    return r_c - points_per_percent * (percentage - 50.0)


def new_rating(r_o: float, r_p: float, old_weight: float = 3.0) -> float:
    """(48) R_n = (3R_o + R_p)/4.

    >>> new_rating(90.0, 75.0)
    86.25
    """
    return (old_weight * r_o + r_p) / (old_weight + 1.0)


def rate_event(
    event: Event, states: Mapping[str, LegacyState], config: IngoConfig
) -> EventRating[LegacyState]:
    """Rate one tournament: each player's R_p by (47), then (48)."""

    def rate_one(
        pid: str, state: LegacyState, res: RatedResults
    ) -> tuple[PlayerRating, LegacyState]:
        r_p = performance(res.competition, res.percentage, config.points_per_percent)
        if state.rating is None:
            post, method = r_p, "first rating (R_p)"
        else:
            post, method = new_rating(state.rating, r_p, config.old_weight), "(48)"
        rating = PlayerRating(
            pid, state.rating, post, res.games, res.score, method=method, performance=r_p
        )
        return rating, LegacyState(post, state.games + res.games)

    return rate_each("ingo", event, states, rate_one)


SYSTEM: RatingSystem[IngoConfig, LegacyState] = RatingSystem(
    name="ingo",
    title="Ingo system (Hoesslinger 1948)",
    source="elo-rating-of-chessplayers-1986.txt §8.52",
    config_type=IngoConfig,
    state_type=LegacyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    # (47) read backwards: P = 50 − D/k percent on the downward scale.
    expected_score_fn=linear_expected(lambda cfg: -100.0 * cfg.points_per_percent, -1),
    newcomer=newcomer,
)
