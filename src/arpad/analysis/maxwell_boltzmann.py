"""The Maxwell–Boltzmann model of a rating pool, with its zero point (Elo §9.1).

Source: elo-rating-of-chessplayers-1986.txt §9.11–§9.19 (L3666–3742).

(74) ΔN/N = (4/√π)(R/R_m)² e^(−(R/R_m)²) (ΔR/R_m) (L3678): the share of players rated
between R and R + ΔR, with R_m the most probable rating and every rating "measured from
the zero point, which is not known a priori on an arbitrary scale" (L3680).

(75) R_a = 1.1287 R_m = .9213 R_r (L3694): mean, mode and root-mean-square rating, all from
the zero point. Theory gives 2/√π = 1.1284 and (2/√π)/√(3/2) = .9213; the book's constants
are the defaults here because its worked numbers (table 9.16) use them.

"The zero point may be read from graphs ... or it may be determined mathematically if any
two of the values for R are known" (L3696). The cumulative share has the closed form
F(u) = erf(u) − (2/√π)·u·e^(−u²), u = (R − zero)/(R_m − zero); the book integrated (74)
numerically in 25-point steps (L3716).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.optimize import least_squares
from scipy.special import erf

from arpad.analysis.chi_square import KolmogorovSmirnov, kolmogorov_smirnov
from arpad.analysis.system_tests import DistributionTest, model_fit_test
from arpad.errors import ConfigError

FloatArray = npt.NDArray[np.float64]

MEAN_OVER_MODE = 1.1287
"""R_a / R_m from the zero point, as printed in (75) (L3694); theory 2/√π = 1.12838."""

MEAN_OVER_RMS = 0.9213
"""R_a / R_r from the zero point, as printed in (75) (L3694)."""

SD_OVER_MODE = math.sqrt(1.5 - 4.0 / math.pi)
"""Standard deviation / R_m of the distribution (74): √(3/2 − 4/π) = .4762 (theory)."""

_TWO_OVER_ROOT_PI = 2.0 / math.sqrt(math.pi)


def _u(r: float | FloatArray, zero: float, mode: float) -> FloatArray:
    if not mode > zero:
        raise ConfigError(f"the mode {mode!r} must lie above the zero point {zero!r}")
    return np.clip((np.asarray(r, dtype=float) - zero) / (mode - zero), 0.0, None)


def density(r: float | FloatArray, zero: float, mode: float) -> FloatArray:
    """(74) per rating point: the share of players per point at rating ``r``.

    >>> round(float(density(1401.0, 840.0, 1401.0)) * 561, 4)
    0.8302
    """
    u = _u(r, zero, mode)
    return np.asarray(2.0 * _TWO_OVER_ROOT_PI * u * u * np.exp(-u * u) / (mode - zero))


def cdf(r: float | FloatArray, zero: float, mode: float) -> FloatArray:
    """The share of players rated below ``r``: erf(u) − (2/√π)·u·e^(−u²).

    >>> round(float(cdf(1401.0, 840.0, 1401.0)), 4)
    0.4276
    """
    u = _u(r, zero, mode)
    # the two terms cancel near the zero point; clip the rounding noise
    return np.asarray(np.clip(erf(u) - _TWO_OVER_ROOT_PI * u * np.exp(-u * u), 0.0, 1.0))


@dataclass(frozen=True, slots=True)
class Characteristics:
    """The zero point and the three characteristic ratings of a pool (§9.14)."""

    zero: float
    mean: float
    """R_a, the average rating."""
    mode: float
    """R_m, the most frequent rating."""
    rms: float
    """R_r, the root of the mean square of the ratings, from the zero point."""


def from_zero_and_mean(
    zero: float,
    mean: float,
    mean_over_mode: float = MEAN_OVER_MODE,
    mean_over_rms: float = MEAN_OVER_RMS,
) -> Characteristics:
    """R_m and R_r expected from the zero point and R_a by (75) (table 9.16, L3708–3712).

    >>> c = from_zero_and_mean(945.0, 1547.0)
    >>> round(c.mode, 1), round(c.rms, 1)
    (1478.4, 1598.4)
    """
    if not mean > zero:
        raise ConfigError(f"the mean {mean!r} must lie above the zero point {zero!r}")
    span = mean - zero
    return Characteristics(
        zero=zero, mean=mean, mode=zero + span / mean_over_mode, rms=zero + span / mean_over_rms
    )


def zero_from_mean_and_mode(
    mean: float, mode: float, mean_over_mode: float = MEAN_OVER_MODE
) -> float:
    """The zero point from R_a and R_m: R_a − z = k(R_m − z) ⇒ z = (R_a − kR_m)/(1 − k).

    >>> round(zero_from_mean_and_mode(1547.0, 1478.4))
    945
    """
    return (mean - mean_over_mode * mode) / (1.0 - mean_over_mode)


def zero_from_mean_and_rms(mean: float, rms: float, mean_over_rms: float = MEAN_OVER_RMS) -> float:
    """The zero point from R_a and R_r (75)."""
    return (mean - mean_over_rms * rms) / (1.0 - mean_over_rms)


def from_moments(mean: float, sd: float, mean_over_mode: float = MEAN_OVER_MODE) -> Characteristics:
    """The Maxwell–Boltzmann pool with the given mean and standard deviation.

    The distribution (74) has SD = .4762 (R_m − zero) and mean − zero = 1.1287 (R_m − zero);
    so R_m − zero = SD/.4762 (a method of moments; not the book's, which read the zero
    point from special graph paper, L3702).
    """
    if not sd > 0:
        raise ConfigError(f"sd must be > 0, not {sd!r}")
    scale = sd / SD_OVER_MODE
    zero = mean - mean_over_mode * scale
    return from_zero_and_mean(zero, mean, mean_over_mode)


def fit_cumulative(
    boundaries: Sequence[float],
    cumulative: Sequence[float],
    start: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """Least-squares (zero, mode) reproducing observed cumulative shares at ``boundaries``.

    A numerical stand-in for the book's Maxwell–Boltzmann probability paper (§9.15).
    """
    b = np.asarray(boundaries, dtype=float)
    y = np.asarray(cumulative, dtype=float)
    if b.size != y.size or b.size < 2:
        raise ConfigError("need at least two boundaries with one cumulative share each")
    if start is None:
        median = float(np.interp(0.5, y, b))
        start = (float(b.min()) - (median - float(b.min())), median)
    z0, m0 = start

    def residuals(x: FloatArray) -> FloatArray:
        zero, scale = float(x[0]), float(x[1])
        return np.asarray(cdf(b, zero, zero + abs(scale) + 1e-9) - y)

    fit = least_squares(residuals, x0=np.array([z0, max(m0 - z0, 1.0)]))
    zero, scale = float(fit.x[0]), abs(float(fit.x[1]))
    return zero, zero + scale


def fit_test(
    boundaries: Sequence[float],
    counts: Sequence[float],
    zero: float,
    mode: float,
    restrictions: int = 1,
) -> DistributionTest:
    """Chi-square test of a histogram for the Maxwell–Boltzmann distribution (§9.18)."""

    def model_cdf(x: FloatArray) -> FloatArray:
        return cdf(x, zero, mode)

    return model_fit_test(
        boundaries,
        counts,
        model_cdf,
        f"Maxwell-Boltzmann(zero {zero:g}, mode {mode:g})",
        restrictions,
    )


def ks_test(
    boundaries: Sequence[float], counts: Sequence[float], zero: float, mode: float
) -> KolmogorovSmirnov:
    """Kolmogorov–Smirnov test of a histogram for the distribution (74) (§9.17).

    ``counts`` has one more entry than ``boundaries`` (open first and last intervals);
    the comparison is made at every boundary.
    """
    if len(counts) != len(boundaries) + 1:
        raise ConfigError(f"{len(boundaries)} boundaries need {len(boundaries) + 1} counts")
    total = math.fsum(counts)
    observed = np.cumsum(np.asarray(counts, dtype=float))[:-1] / total
    expected = cdf(np.asarray(boundaries, dtype=float), zero, mode)
    return kolmogorov_smirnov(observed.tolist(), expected.tolist(), total)
