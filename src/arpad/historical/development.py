"""Career curves: best five-year averages, smoothing, and the development-curve tools of
chapter 6.

Source: elo-rating-of-chessplayers-1986.txt:

- §5.51, §5.53 (L1906, L1933): lifetime curves "smoothed to average out statistical
  fluctuations, using the method of least squares"; "The most meaningful measure of a
  player's top strength may perhaps be the sustained peak ... their average performances
  over the best five years" (the lists 9.4 and 9.5);
- §5.67 (L2103): "performance at about age 63 is comparable to that at age 21. Peak
  performance is attained around age 36, and the average peak is about 120 points higher
  than the level at ages 21 and 63. The decline is slower than the rise";
- §6.21–§6.23 (L2147–2151): the composite curve "with zero representing the rating at age
  twenty-one"; "The average advance from that age to peak rating is about 120 Elo points";
- §5.73 (L2122–2124), §6.32 (L2157–2173), §6.42 (L2191–2197): the tables, as data.

The book prints its curves as figures, which the text has lost; it gives no formula for
them. :func:`composite_age_curve` is therefore our construction through the three points
§5.67 states (decision D-historical-3), not the book's curve.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arpad.errors import ConfigError

# §5.73 (L2122–2124): top players sampled in proportion to population.
CENTURY_OF_IMPROVEMENT: tuple[tuple[int, int, int], ...] = (
    (1860, 15, 2485),
    (1885, 20, 2505),
    (1910, 27, 2520),
    (1935, 35, 2535),
    (1960, 50, 2575),
)
"""(year, number of top players, average rating)."""

# §6.32 (L2160–2173): average ratings at each age of players who reached 2300 or better.
EARLY_ACHIEVERS: Mapping[int, int] = {
    12: 1640, 13: 1785, 14: 1930, 15: 2120, 16: 2255, 17: 2315,
    18: 2350, 19: 2405, 20: 2425, 21: 2445, 22: 2445,
}  # fmt: skip
"""The 12 early achievers."""
LATE_ACHIEVERS: Mapping[int, int] = {
    13: 1610, 14: 1765, 15: 1975, 16: 2035, 17: 2125,
    18: 2180, 19: 2225, 20: 2295, 21: 2325, 22: 2325,
}  # fmt: skip
"""The 15 late achievers."""

# §6.42 (L2191–2197): average age at which titleholders reached three levels.
TITLEHOLDER_AGES: Mapping[str, Mapping[int, float | None]] = {
    "160 IMs": {2300: 21.0, 2400: 26.5, 2500: None},
    "120 GMs": {2300: 17.8, 2400: 20.2, 2500: 24.6},
    "23 GM peaks under 2560": {2300: 18.5, 2400: 22.0, 2500: 27.4},
    "65 GM peaks 2560-2625": {2300: 17.5, 2400: 19.9, 2500: 23.0},
    "32 GM peaks over 2625": {2300: 16.0, 2400: 16.9, 2500: 19.0},
}

# §6.43 (L2202–2203): sixty contemporary masters.
INTRODUCTION_AGES: Mapping[str, tuple[int, int, float]] = {
    "learned the moves": (5, 16, 9.6),
    "began organized competition": (10, 18, 14.8),
}
"""(youngest, oldest, average) age."""

REFERENCE_AGE = 21.0
"""The composite curve's zero: "zero representing the rating at age twenty-one" (§6.21)."""
PEAK_AGE = 36.0
"""§5.67: "Peak performance is attained around age 36"."""
PEAK_GAIN = 120.0
"""§5.67/§6.21: the average peak is "about 120 points higher" than at 21 and 63."""
LATE_AGE = 63.0
"""§5.67: "performance at about age 63 is comparable to that at age 21"."""


def composite_age_curve(age: float) -> float:
    """Rating relative to age 21 on an idealised composite curve (decision D-historical-3).

    Two half-parabolas through the book's three points (§5.67): 0 at 21, +120 at 36 (the
    peak, flat), 0 at 63; the decline (27 years) slower than the rise (15 years), as the
    book says. Outside 21–63 the parabolas continue. Not the book's figure (lost).

    >>> composite_age_curve(21.0), composite_age_curve(36.0), composite_age_curve(63.0)
    (0.0, 120.0, 0.0)
    """
    span = PEAK_AGE - REFERENCE_AGE if age <= PEAK_AGE else LATE_AGE - PEAK_AGE
    return PEAK_GAIN * (1.0 - ((age - PEAK_AGE) / span) ** 2)


@dataclass(frozen=True, slots=True)
class BestAverage:
    """The best average over a window of years (the "sustained peak", §5.53)."""

    value: float
    start: float
    end: float
    points: int
    """How many yearly values the window holds."""


def best_average(
    points: Sequence[tuple[float, float]],
    span: float = 5.0,
    weights: Sequence[float] | None = None,
    min_points: int = 1,
) -> BestAverage:
    """The best average of ratings over any ``span`` consecutive years.

    ``points`` are (year, rating) pairs, e.g. yearly performance ratings; ``weights`` (games)
    weigh them. A window starts at each point's year and covers [year, year + span). The
    earliest window wins ties.

    >>> best_average([(1900, 2500), (1901, 2600), (1905, 2700), (1906, 2400)]).value
    2650.0

    Raises:
        ConfigError: no window holds ``min_points`` values.
    """
    if span <= 0:
        raise ConfigError(f"span must be > 0, not {span!r}")
    if weights is not None and len(weights) != len(points):
        raise ConfigError("one weight per point")
    ordered = sorted(
        zip(points, weights if weights is not None else [1.0] * len(points), strict=True),
        key=lambda item: item[0][0],
    )
    best: BestAverage | None = None
    for (start, _), _w in ordered:
        inside = [(r, w) for (y, r), w in ordered if start <= y < start + span]
        if len(inside) < min_points:
            continue
        total = math.fsum(w for _, w in inside)
        if not total > 0:
            continue
        value = math.fsum(r * w for r, w in inside) / total
        if best is None or value > best.value:
            last = max(y for (y, _), _ in ordered if start <= y < start + span)
            best = BestAverage(value, start, last, len(inside))
    if best is None:
        raise ConfigError(f"no {span:g}-year window holds {min_points} values")
    return best


def smooth(
    points: Sequence[tuple[float, float]],
    degree: int = 3,
    weights: Sequence[float] | None = None,
) -> Callable[[float], float]:
    """A least-squares polynomial through (age or year, rating) points (§5.51).

    The book smoothed by least squares without saying with what curve; a cubic follows a
    rise, a peak and a slower decline (decision D-historical-3). Returns the fitted curve.

    >>> round(smooth([(20, 2300), (30, 2500), (40, 2500), (50, 2400)], degree=2)(30), 1)
    2485.0
    """
    if len(points) <= degree:
        raise ConfigError(f"a degree-{degree} fit needs more than {degree} points")
    x = np.array([p[0] for p in points], dtype=float)
    y = np.array([p[1] for p in points], dtype=float)
    w = None if weights is None else np.sqrt(np.asarray(weights, dtype=float))
    coefficients = np.polyfit(x, y, degree, w=w)
    return lambda t: float(np.polyval(coefficients, t))


def age_at_level(points: Sequence[tuple[float, float]], level: float) -> float | None:
    """The first age (or year) at which a curve reaches ``level``, interpolating linearly
    between points (the attainment ages of §6.42); ``None`` if never.

    >>> age_at_level(sorted(EARLY_ACHIEVERS.items()), 2300)
    16.75
    """
    ordered = sorted(points)
    if ordered and ordered[0][1] >= level:
        return float(ordered[0][0])
    for (a0, r0), (a1, r1) in itertools.pairwise(ordered):
        if r0 < level <= r1:
            return float(a0 + (a1 - a0) * (level - r0) / (r1 - r0))
    return None


def gain_after(points: Sequence[tuple[float, float]], age: float = REFERENCE_AGE) -> float:
    """The advance from ``age`` (21) to the peak: Steinitz and Chigorin "over 200 points",
    Capablanca, Fine and Bronstein "only about 65", the average "about 120" (§6.21–§6.23).

    Interpolates the rating at ``age``.
    """
    ordered = sorted(points)
    ages = [a for a, _ in ordered]
    if not ordered or age < ages[0] or age > ages[-1]:
        raise ConfigError(f"the curve does not cover age {age:g}")
    at = float(np.interp(age, ages, [r for _, r in ordered]))
    return max(r for a, r in ordered if a >= age) - at


def composite_curve(
    curves: Sequence[Sequence[tuple[float, float]]],
    ages: Sequence[float],
    reference: float = REFERENCE_AGE,
) -> list[tuple[float, float]]:
    """Average several players' curves, each measured from its rating at ``reference``
    ("zero representing the rating at age twenty-one", §6.21), at the given ages.

    Each curve is interpolated linearly; an age outside a curve's range is skipped for it.
    """
    out = []
    for age in ages:
        values = []
        for curve in curves:
            ordered = sorted(curve)
            xs = [a for a, _ in ordered]
            ys = [r for _, r in ordered]
            if xs[0] <= reference <= xs[-1] and xs[0] <= age <= xs[-1]:
                values.append(float(np.interp(age, xs, ys)) - float(np.interp(reference, xs, ys)))
        if values:
            out.append((float(age), math.fsum(values) / len(values)))
    return out
