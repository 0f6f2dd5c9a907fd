"""The general linear rating system: rectangular distribution, linear probability.

Source: elo-rating-of-chessplayers-1986.txt §8.56–§8.57 (L3193–3209) and §8.27
(L2961–2995):

    (53) R_p = R_c ± k(P − .5)          k arbitrary, sign by the scale's direction
    (54) dP/dD = 1/k                     on −½k ≤ D ≤ +½k, zero outside
    (55) D = R_p − R_c = ±4C(P − .5)     "If k is set at 4C, as was a general practice"
    (29) R_n = R_o + K(W − N/2 − ΣD_i/4C),  D_i = R − R_i (the continuous form, §8.27)

With k = 4C = 800, K = 32 and each |D_i| limited to 350 this is the USCF linear formula
(12) R_n = R_o + 16(W − L) + .04ΣD (D opponent minus player, L2995; the 350 limit of
§1.84, L474). CCLA's per-game formula (52) is the same rule applied game by game
(:mod:`arpad.systems.legacy.ccla`).

"A rating system based on (55) produces statistically biased ratings, as a general
characteristic, favoring the lower rated player. Prolonged use of the formula draws the
players in the pool together, eventually into a 4C range" (L3209).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from arpad.config import Config, bounds
from arpad.model import Event, Pool
from arpad.systems import EventRating, PlayerRating, RatingSystem
from arpad.systems.expectation import by_difference, pointwise
from arpad.systems.legacy.common import (
    LegacyState,
    RatedResults,
    expectancy,
    list_entry,
    newcomer,
    rate_each,
    state_from_entry,
)


class ScaleDirection(StrEnum):
    """Which way the scale runs: the ± of (53)."""

    UP = "up"
    """Higher numbers are stronger (Harkness, USCF, FIDE)."""
    DOWN = "down"
    """Smaller numbers are stronger (Ingo)."""

    @property
    def sign(self) -> int:
        return 1 if self is ScaleDirection.UP else -1


@dataclass(frozen=True, slots=True)
class LinearConfig(Config):
    """The constants of the general linear system (Elo §8.56, §8.27)."""

    k: float = field(
        default=800.0,
        metadata=bounds(0, None, low_open=True, doc="(53)/(55): the width k = 4C = 800"),
    )
    K: float = field(default=32.0, metadata=bounds(0, None, doc="(29): points per game"))
    cap: float | None = field(
        default=None,
        metadata=bounds(0, None, low_open=True, doc="limit on |D_i| (350 in formula (12))"),
    )
    direction: ScaleDirection = field(
        default=ScaleDirection.UP,
        metadata={"doc": "'up': higher is stronger; 'down': smaller is stronger (Ingo)"},
    )


def expected_score(rating: float, opponents: Sequence[float], config: LinearConfig) -> float:
    """W_e = Σ(½ + D_i/k), D_i = R − R_i (28) (on a downward scale the sign flips)."""
    sign = config.direction.sign
    return math.fsum(expectancy(sign * (rating - r), config.k, config.cap) for r in opponents)


def performance(r_c: float, fraction: float, k: float = 800.0, direction: int = 1) -> float:
    """(53) R_p = R_c ± k(P − .5), P as a fraction.

    >>> performance(2400.0, 6 / 9)
    2533.3333333333335
    """
    return r_c + direction * k * (fraction - 0.5)


def rate_event(
    event: Event, states: Mapping[str, LegacyState], config: LinearConfig
) -> EventRating[LegacyState]:
    """(29) for rated players; a new player's first rating is his R_p by (53)."""
    sign = config.direction.sign

    def rate_one(
        pid: str, state: LegacyState, res: RatedResults
    ) -> tuple[PlayerRating, LegacyState]:
        r_p = performance(res.competition, res.score / res.games, config.k, sign)
        if state.rating is None:
            first = PlayerRating(
                pid, None, r_p, res.games, res.score, method="(53)", performance=r_p
            )
            return first, LegacyState(r_p, res.games)
        w_e = expected_score(state.rating, res.opponents, config)
        post = state.rating + sign * config.K * (res.score - w_e)
        rating = PlayerRating(
            pid,
            state.rating,
            post,
            res.games,
            res.score,
            expected=w_e,
            k=config.K,
            method="(29)",
            performance=r_p,
        )
        return rating, LegacyState(post, state.games + res.games)

    return rate_each("linear", event, states, rate_one)


SYSTEM: RatingSystem[LinearConfig, LegacyState] = RatingSystem(
    name="linear",
    title="General linear system (rectangular distribution)",
    source="elo-rating-of-chessplayers-1986.txt §8.56, §8.27",
    config_type=LinearConfig,
    state_type=LegacyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    expected_score_fn=by_difference(
        lambda d, cfg: pointwise(lambda x: expectancy(cfg.direction.sign * x, cfg.k, cfg.cap))(d),
        direction=lambda cfg: cfg.direction.sign,
    ),
    newcomer=newcomer,
)
