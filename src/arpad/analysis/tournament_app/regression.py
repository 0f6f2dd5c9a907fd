"""Regression of the initial ratings on P-Zero, performance ratings and residuals.

Source: berard-pra-and-tournament-app.txt L828–L838, L961–L975, L1466–L1472 and the
residual tables (L766–L816, L1066–L1081):

- ordinary least squares ``ŷ = b0 + b1·x`` of y = initial ratings on x = P-Zero (eq. (25));
- the performance rating equation ``PR = ȳ + |m|·P-Zero`` (eq. (26)): the absolute slope
  keeps the PRs in the order of the performances when the slope is negative, and keeps
  the centroid because x̄ = 0 (L971–L975). We write it ``ȳ + |b1|·(x − x̄)`` so it keeps
  the centroid on a subset too (the estimator of missing ratings);
- residual = O − E = initial rating − ŷ (L770); ``**LR**`` flags |residual| > 100;
  75 ≤ |residual| ≤ 100 is "pressure" (L35, L143; an extension of ours to print it).

The residual table and the χ² use the raw, signed ŷ, while the official PRs use |b1|:
Thessaloniki 2013 (L1432–L1487) prints both (docs/decisions.md D-app-1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.errors import RatingError

LARGE_RESIDUAL = 100.0
"""``**LR**`` when |residual| exceeds 100 (L1081: "when its magnitude exceeds 100")."""
PRESSURE = 75.0
"""In spec with |residual| of 75 or more is upward or downward pressure (L143, L35)."""


@dataclass(frozen=True, slots=True)
class Regression:
    """Least squares of y on x: ``ŷ = b0 + b1·x``, Pearson's r, the centroid."""

    n: int
    b0: float
    b1: float
    r: float | None
    """``None`` when x or y does not vary."""
    xbar: float
    ybar: float

    def fitted(self, x: float) -> float:
        """ŷ, the raw regression line (residuals and χ² use it)."""
        return self.b0 + self.b1 * x

    def performance(self, x: float) -> float:
        """PR = ȳ + |b1|·(x − x̄) (eq. (26), L967)."""
        return self.ybar + abs(self.b1) * (x - self.xbar)

    @property
    def negative_slope(self) -> bool:
        return self.b1 < 0.0


def regress(x: Sequence[float], y: Sequence[float]) -> Regression:
    """Ordinary least squares of ``y`` on ``x``.

    With no spread in x the slope is 0 and r undefined (every PR is ȳ).

    Raises:
        RatingError: fewer than two points.

    >>> reg = regress([17.820348, 4.486562, -8.904638, -13.402273], [2630, 2600, 2655, 2510])
    >>> round(reg.r, 2), round(reg.b0, 2), round(reg.b1, 4)  # Isle of Lewis, L1018-L1024
    (0.47, 2598.75, 2.097)
    """
    n = len(x)
    if n != len(y) or n < 2:
        raise RatingError(f"a regression needs at least two (x, y) pairs, got {n}")
    xbar = math.fsum(x) / n
    ybar = math.fsum(y) / n
    sxx = math.fsum((a - xbar) ** 2 for a in x)
    syy = math.fsum((b - ybar) ** 2 for b in y)
    sxy = math.fsum((a - xbar) * (b - ybar) for a, b in zip(x, y, strict=True))
    b1 = sxy / sxx if sxx > 0.0 else 0.0
    r = sxy / math.sqrt(sxx * syy) if sxx > 0.0 and syy > 0.0 else None
    return Regression(n=n, b0=ybar - b1 * xbar, b1=b1, r=r, xbar=xbar, ybar=ybar)


@dataclass(frozen=True, slots=True)
class ResidualRow:
    """One line of the residual analysis: ``Name: P-Zero, Perf. Rating, Init. Rating, Residual``."""

    index: int
    """Entrant index (0-based)."""
    name: str
    p_zero: float
    fitted: float
    """ŷ, printed as "Perf. Rating" in this table (signed slope)."""
    rating: float
    residual: float
    """O − E = rating − ŷ; negative means the player performed above the rating."""

    @property
    def large(self) -> bool:
        """``**LR**``: out of spec, |residual| > 100."""
        return abs(self.residual) > LARGE_RESIDUAL

    @property
    def pressure(self) -> int:
        """+1 upward pressure, −1 downward, 0 none (75 ≤ |residual| ≤ 100, L143)."""
        if self.large or abs(self.residual) < PRESSURE:
            return 0
        return 1 if self.residual < 0.0 else -1


def residuals(
    reg: Regression,
    order: Sequence[int],
    names: Sequence[str],
    p0: Sequence[float],
    ratings: Sequence[float],
) -> tuple[ResidualRow, ...]:
    """The residual table in the order given (P-Zero rank)."""
    rows = []
    for i in order:
        fitted = reg.fitted(p0[i])
        rows.append(ResidualRow(i, names[i], p0[i], fitted, ratings[i], ratings[i] - fitted))
    return tuple(rows)
