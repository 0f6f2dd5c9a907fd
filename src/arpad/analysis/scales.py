"""Rating scales and probability functions compared (Elo §8.71–§8.74, §8.93).

Source: elo-rating-of-chessplayers-1986.txt:

- §8.71 (L3273–3286, table L3277–3282): the interval scale against the direct ratio scale
  and logarithmic scales to base 10, √10 and e. "On the direct ratio scale the ratio of two
  ratings gives the odds ρ, which may be converted into P for either player by dividing his
  R by the sum of both R. ... on the base 10 scale, D = 2.5 between expert and novice, and
  thus ρ in favor of the expert is 10^2.5, which is just 316.2." The table's numbers follow
  log10 value = R/400 + ½ (the base √10 logistic with C = 200 ties 400 interval points to
  one decade of odds; the ½ is the table's anchor, novice 1000 ↔ 3).
- §8.73 (L3299–3322): P and the odds ρ = P/(1 − P) under the normal, logistic and linear
  functions, the linear one with D limited to 350 (L3301).
- §8.74 (L3328–3344): the four-player experiment that could tell the normal from the
  logistic curve: the difference N(P_normal − P_logistic) against σ = √(N·p·q).
- §8.93 (L3511): White's 57 to 43 is "a rating advantage of just 50 points".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.curves import (
    CLASS_INTERVAL,
    logistic_difference,
    logistic_expectancy,
    normal_difference,
    normal_expectancy,
)
from arpad.errors import ConfigError

LOG10_ANCHOR = 0.5
"""log10 value of interval rating 0 in table 8.71 (1000 ↔ 3, 2000 ↔ 5.5, 2700 ↔ 7.25)."""

LINEAR_CAP = 350.0
"""The linear function's limit on D, "as in the application of formula (12)" (L3301)."""

TABLE_8_73_DIFFERENCES: tuple[float, ...] = (
    0,
    50,
    100,
    150,
    200,
    250,
    300,
    350,
    400,
    450,
    500,
    600,
)
"""The rating differences of the comparison table of §8.73 (L3311–3322)."""


def odds(p: float) -> float:
    """ρ = P/(1 − P) (L3305).

    >>> round(odds(0.76), 2)
    3.17
    """
    if not 0.0 <= p < 1.0:
        raise ConfigError(f"odds need 0 ≤ P < 1, not {p!r}")
    return p / (1.0 - p)


def log_scale_odds(d: float, base: float) -> float:
    """On a logarithmic scale to ``base`` a difference D gives the odds ρ = base^D (L3284).

    >>> round(log_scale_odds(2.5, 10.0), 1)
    316.2
    """
    if not base > 1:
        raise ConfigError(f"a scale's base must be > 1, not {base!r}")
    return float(base**d)


def ratio_expectancy(rating: float, opponent: float) -> float:
    """On a direct ratio scale, P = R / (R + R_opp) (L3284; Berkin's (63)).

    >>> ratio_expectancy(300.0, 200.0)
    0.6
    """
    if not (rating > 0 and opponent > 0):
        raise ConfigError("ratio-scale ratings must be > 0")
    return rating / (rating + opponent)


@dataclass(frozen=True, slots=True)
class ScaleValues:
    """One rating expressed on each scale of table 8.71."""

    interval: float
    direct_ratio: float
    log10: float
    log_sqrt10: float
    ln: float


def on_all_scales(interval: float, c: float = CLASS_INTERVAL) -> ScaleValues:
    """An interval-scale (FIDE) rating on the scales of table 8.71.

    >>> v = on_all_scales(2000.0)
    >>> round(v.direct_ratio, -2), v.log10, v.log_sqrt10, round(v.ln, 2)
    (316200.0, 5.5, 11.0, 12.66)
    """
    log10 = interval / (2.0 * c) + LOG10_ANCHOR
    return ScaleValues(
        interval=interval,
        direct_ratio=10.0**log10,
        log10=log10,
        log_sqrt10=2.0 * log10,
        ln=math.log(10.0) * log10,
    )


def interval_from_ratio(direct_ratio: float, c: float = CLASS_INTERVAL) -> float:
    """Inverse of :attr:`ScaleValues.direct_ratio`: the interval rating of a ratio rating.

    >>> round(interval_from_ratio(1000.0))
    1000
    """
    if not direct_ratio > 0:
        raise ConfigError(f"a ratio-scale rating must be > 0, not {direct_ratio!r}")
    return 2.0 * c * (math.log10(direct_ratio) - LOG10_ANCHOR)


def linear_expectancy(d: float, c: float = CLASS_INTERVAL, cap: float = LINEAR_CAP) -> float:
    """The linear function (25) P = ½ + D/4C with |D| limited to ``cap`` (L3301).

    >>> linear_expectancy(400.0)
    0.9375
    """
    limited = max(-cap, min(cap, d))
    return 0.5 + limited / (4.0 * c)


@dataclass(frozen=True, slots=True)
class FunctionComparison:
    """One row of the §8.73 table: P and ρ for the higher-rated player."""

    d: float
    normal: float
    logistic: float
    linear: float

    @property
    def odds_normal(self) -> float:
        return odds(self.normal)

    @property
    def odds_logistic(self) -> float:
        return odds(self.logistic)

    @property
    def odds_linear(self) -> float:
        return odds(self.linear)


def compare_functions(
    differences: Sequence[float] = TABLE_8_73_DIFFERENCES,
) -> tuple[FunctionComparison, ...]:
    """The §8.73 comparison of the normal, logistic and linear probability functions."""
    return tuple(
        FunctionComparison(
            d=float(d),
            normal=normal_expectancy(float(d)),
            logistic=logistic_expectancy(float(d)),
            linear=linear_expectancy(float(d)),
        )
        for d in differences
    )


@dataclass(frozen=True, slots=True)
class DiscriminationRow:
    """One column of the §8.74 table for a match of ``games`` games at difference ``d``."""

    d: float
    games: int
    p_normal: float
    p_logistic: float

    @property
    def expected_difference(self) -> float:
        """N·(P_normal − P_logistic): the difference in W_e the experiment must detect."""
        return self.games * (self.p_normal - self.p_logistic)

    @property
    def sd(self) -> float:
        """√(N·p·q) with the normal p, "the standard deviations are based on normal
        probability" (L3334)."""
        return math.sqrt(self.games * self.p_normal * (1.0 - self.p_normal))


def discrimination_experiment(
    games: int, multiples: Sequence[int] = (1, 2, 3), c: float = CLASS_INTERVAL
) -> tuple[DiscriminationRow, ...]:
    """Elo's proposed normal-against-logistic experiment (§8.74): matches at D = C, 2C, 3C.

    >>> [round(r.expected_difference, 1) for r in discrimination_experiment(1000)]
    [0.5, 12.3, 13.7]
    """
    return tuple(
        DiscriminationRow(
            d=m * c,
            games=games,
            p_normal=normal_expectancy(m * c),
            p_logistic=logistic_expectancy(m * c),
        )
        for m in multiples
    )


def advantage_in_points(p: float, curve: str = "logistic") -> float:
    """The rating difference equivalent to a scoring probability ``p`` (§8.93: White's
    57 to 43 "is equivalent to a rating advantage of just 50 points", L3511).

    >>> round(advantage_in_points(0.57))
    49
    """
    if curve == "logistic":
        return logistic_difference(p)
    if curve == "normal":
        return normal_difference(p)
    raise ConfigError(f"curve must be 'logistic' or 'normal', not {curve!r}")
