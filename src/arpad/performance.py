"""Performance ratings.

The *exact* performance rating is the rating at which a player's expected score against
the opponents met equals the score made (Elo 1986 §1.55, L356: "the exact value for R_p is
simply that value for which the expected game score is equal to the actual game score").
It is defined for any monotone expectancy curve; the logistic curve is the default.

A perfect score (or a zero score) has no finite performance rating (Elo §1.51, L354);
:func:`performance_rating` returns ``+inf`` / ``-inf`` for it, so callers must decide
how to show it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from scipy.optimize import brentq

from arpad.curves import logistic_expectancy
from arpad.errors import ConfigError

Expectancy = Callable[[float], float]
"""An expectancy curve: rating difference ``R - R_opp`` → expected score."""


def expected_score(
    rating: float, opponents: Sequence[float], expectancy: Expectancy = logistic_expectancy
) -> float:
    """Σ E(rating − R_i): the expected total score against ``opponents``.

    >>> round(expected_score(1600.0, [1500.0, 1700.0]), 6)
    1.0
    """
    return math.fsum(expectancy(rating - r) for r in opponents)


def performance_rating(
    opponents: Sequence[float],
    score: float,
    expectancy: Expectancy = logistic_expectancy,
    *,
    tol: float = 1e-10,
) -> float:
    """The exact performance rating: the R solving Σ E(R − R_i) = score.

    Args:
        opponents: the opponents' ratings, one per game.
        score: the points scored in those games (0 ≤ score ≤ len(opponents)).
        expectancy: a non-decreasing curve with limits 0 and 1 (default logistic, 400).
        tol: absolute tolerance on R.

    Returns:
        The performance rating, ``+inf`` for a perfect score, ``-inf`` for a zero score.
        Where the curve is flat (a piecewise-linear curve) and several ratings solve the
        equation, one of them.

    Raises:
        ConfigError: no games, or a score outside [0, number of games].

    >>> round(performance_rating([1500.0, 1500.0], 1.0), 6)
    1500.0
    >>> performance_rating([1500.0], 1.0)
    inf
    """
    m = len(opponents)
    if m == 0:
        raise ConfigError("a performance rating needs at least one game")
    if not 0.0 <= score <= m:
        raise ConfigError(f"score {score!r} is outside [0, {m}]")
    if score == m:
        return math.inf
    if score == 0.0:
        return -math.inf
    opp = np.asarray(opponents, dtype=float)

    def excess(r: float) -> float:
        return expected_score(r, opp.tolist(), expectancy) - score

    lo, hi = float(opp.min()) - 400.0, float(opp.max()) + 400.0
    step = 400.0
    while excess(lo) > 0.0:
        step *= 2.0
        lo -= step
    step = 400.0
    while excess(hi) < 0.0:
        step *= 2.0
        hi += step
    return float(brentq(excess, lo, hi, xtol=tol, rtol=4 * np.finfo(float).eps))


def average(values: Sequence[float]) -> float:
    """Arithmetic mean (R_c, the average rating of the competition, Elo §1.52)."""
    if not values:
        raise ConfigError("average of no values")
    return math.fsum(values) / len(values)
