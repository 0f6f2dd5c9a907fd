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
import numpy.typing as npt

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
    from scipy.optimize import brentq  # here: most callers never reach the generic solver

    return float(brentq(excess, lo, hi, xtol=tol, rtol=4 * np.finfo(float).eps))


def logistic_performance(  # noqa: C901
    opponents: Sequence[float], score: float, scale: float = 400.0, *, tol: float = 1e-9
) -> float:
    """The exact performance rating under the logistic curve, by safeguarded Newton steps.

    The same value as ``performance_rating(opponents, score)`` (to ``tol``), ten times
    faster; the rating engines use it for their performance column.

    The root lies between the answers for a field of ``min(R_i)`` and a field of
    ``max(R_i)``, ``R + scale·log10(S/(m − S))``, so that bracket is safe.

    >>> round(logistic_performance([1500.0, 1700.0], 1.0), 6)
    1600.0
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
    shift = scale * math.log10(score / (m - score))
    lo, hi = min(opponents) + shift, max(opponents) + shift
    c = math.log(10.0) / scale
    r = math.fsum(opponents) / m + shift
    for _ in range(200):
        total = slope = 0.0
        for ri in opponents:
            p = 1.0 / (1.0 + math.exp(c * (ri - r))) if ri - r < 700.0 / c else 0.0
            total += p
            slope += p * (1.0 - p)
        excess = total - score
        if excess > 0.0:
            hi = r
        elif excess < 0.0:
            lo = r
        else:
            return r
        step = excess / (c * slope) if slope > 0.0 else math.inf
        if abs(step) < tol:
            return r - step
        nxt = r - step
        if not lo <= nxt <= hi:
            nxt = 0.5 * (lo + hi)
        if hi - lo < tol:
            return nxt
        r = nxt
    return r


def average(values: Sequence[float]) -> float:
    """Arithmetic mean (R_c, the average rating of the competition, Elo §1.52)."""
    if not values:
        raise ConfigError("average of no values")
    return math.fsum(values) / len(values)


def logistic_performances(
    white: npt.NDArray[np.intp],
    black: npt.NDArray[np.intp],
    white_score: npt.NDArray[np.float64],
    opponent_rating: npt.NDArray[np.float64],
    scale: float = 400.0,
    *,
    tol: float = 1e-9,
) -> npt.NDArray[np.float64]:
    """:func:`logistic_performance` for every player of a set of games at once.

    Player ``j``'s performance is computed against ``opponent_rating`` of the players they
    met. Players without games get NaN; perfect and zero scores ±inf. Newton steps run for
    all players together, each kept inside its bracket as in the scalar version.
    """
    n = len(opponent_rating)
    m = np.bincount(white, minlength=n) + np.bincount(black, minlength=n)
    score = np.bincount(white, white_score, n) + np.bincount(black, 1.0 - white_score, n)
    out = np.full(n, np.nan)
    out[(m > 0) & (score == m)] = np.inf
    out[(m > 0) & (score == 0)] = -np.inf
    live = (m > 0) & (score > 0) & (score < m)
    if not live.any():
        return out
    opp_of_white, opp_of_black = opponent_rating[black], opponent_rating[white]
    low = np.full(n, np.inf)
    high = np.full(n, -np.inf)
    np.minimum.at(low, white, opp_of_white)
    np.minimum.at(low, black, opp_of_black)
    np.maximum.at(high, white, opp_of_white)
    np.maximum.at(high, black, opp_of_black)
    mm = np.where(live, m, 1)
    shift = np.zeros(n)
    shift[live] = scale * np.log10(score[live] / (m[live] - score[live]))
    lo = np.where(live, low + shift, 0.0)
    hi = np.where(live, high + shift, 0.0)
    total = np.bincount(white, opp_of_white, n) + np.bincount(black, opp_of_black, n)
    r = np.where(live, total / mm + shift, 0.0)
    c = math.log(10.0) / scale
    todo = live.copy()
    for _ in range(200):
        pw = logistic_expectancy(r[white] - opp_of_white, scale)
        pb = logistic_expectancy(r[black] - opp_of_black, scale)
        expected = np.bincount(white, pw, n) + np.bincount(black, pb, n)
        slope = np.bincount(white, pw * (1 - pw), n) + np.bincount(black, pb * (1 - pb), n)
        excess = expected - score
        hi = np.where(todo & (excess > 0), r, hi)
        lo = np.where(todo & (excess < 0), r, lo)
        with np.errstate(divide="ignore", invalid="ignore"):
            step = np.where(slope > 0, excess / (c * slope), np.inf)
        done_now = todo & ((np.abs(step) < tol) | (excess == 0) | (hi - lo < tol))
        nxt = r - np.where(np.isfinite(step), step, 0.0)
        outside = ~((lo <= nxt) & (nxt <= hi)) | ~np.isfinite(step)
        nxt = np.where(outside, 0.5 * (lo + hi), nxt)
        r = np.where(todo & ~done_now, nxt, np.where(done_now & (excess != 0), nxt, r))
        todo &= ~done_now
        if not todo.any():
            break
    out[live] = r[live]
    return out


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
