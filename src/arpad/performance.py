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


def glickman_performance(opponents: Sequence[float], score: float) -> float:
    """The non-iterative performance rating of the USCF Ratings Committee (Glickman 1994).

    uscf-ratings-committee-1994.txt §4 (L457–L473), with ``k = 400/ln 10 ≈ 173.7``::

        r_g = mean(r_i) + 400(2W − m)/m                       initial guess
        p_i = 1 / (1 + 10^((r_i − r_g)/400))                  (= h_g/(h_g + h_i))
        a = Σ p_i,   b = Σ p_i(1 − p_i),   c = Σ p_i(1 − p_i)(h_i − h_g)/(h_i + h_g)
        D = √(b² + 2c(W − a))  if b² + 2c(W − a) > 0,  else 0
        r_p = r_g + k(D − b)/c

    a, b and c are the expected score and its first two derivatives (per ``k`` rating
    points) at ``r_g``; r_p solves the quadratic Taylor expansion a + bx + cx²/2 = W, or
    takes the parabola's vertex when it has no root. Two corrections to the printed text:

    - the printed condition for D reads ``b² > 2c(W − a)``: a sign lost in transcription,
      since the square root needs ``b² + 2c(W − a) > 0``. The seed's own numbers need the
      corrected condition: §1.7 Example 2 (L271) scores 0 against five 1040s, where
      b² + 2c(W − a) = −0.137 < 0 and only D = 0 gives the printed 428;
    - ``(D − b)/c`` is evaluated as ``2(W − a)/(D + b)`` (the same number when the root
      exists), which stays finite as c → 0 and there gives its limit ``(W − a)/b`` (for
      example a 50 % score against equal opponents, where c = 0 exactly).

    Unlike :func:`performance_rating`, a perfect or zero score gives a finite value, "which
    is substantially lower than the result of all losses and a single draw, and is
    substantially higher than the result of all wins and a single draw" (L455). In the
    degenerate case b = 0 (every p_i rounds to 0 or 1 in floating point, opponents tens of
    thousands of points apart) the formula is undefined and ``r_g`` is returned.

    Args:
        opponents: the opponents' ratings, one per game.
        score: the points scored in those games (0 ≤ score ≤ len(opponents)).

    Raises:
        ConfigError: no games, or a score outside [0, number of games].

    >>> round(glickman_performance([1600.0, 1700.0, 1750.0, 1800.0, 1850.0], 3.5))
    1896
    >>> round(glickman_performance([1040.0] * 5, 0.0))
    428
    """
    m = len(opponents)
    if m == 0:
        raise ConfigError("a performance rating needs at least one game")
    if not 0.0 <= score <= m:
        raise ConfigError(f"score {score!r} is outside [0, {m}]")
    opp = np.asarray(opponents, dtype=float)
    r_g = float(opp.mean()) + 400.0 * (2.0 * score - m) / m
    # p_i = h_g/(h_g + h_i) and (h_i − h_g)/(h_i + h_g) = 1 − 2p_i: written through the
    # differences r_i − r_g, so no h = 10^(r/400) is formed for very high ratings.
    p = 1.0 / (1.0 + np.power(10.0, (opp - r_g) / 400.0))
    a = math.fsum(p.tolist())
    b = math.fsum((p * (1.0 - p)).tolist())
    c = math.fsum((p * (1.0 - p) * (1.0 - 2.0 * p)).tolist())
    k = 400.0 / math.log(10.0)
    if b == 0.0:
        return r_g
    discriminant = b * b + 2.0 * c * (score - a)
    if discriminant > 0.0:
        return r_g + k * 2.0 * (score - a) / (math.sqrt(discriminant) + b)
    return r_g + k * (-b / c)
