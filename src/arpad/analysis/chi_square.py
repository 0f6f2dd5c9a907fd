"""Goodness of fit: the chi-square test (73) with the book's rules, and Kolmogorov–Smirnov.

Source: elo-rating-of-chessplayers-1986.txt §8.96 (L3533–3566) and §9.17 (L3716–3739).

- (73) χ² = Σ (f_o − f_e)²/f_e over j intervals (L3537).
- The test "requires at least 30 observations, in at least 6 intervals or categories, which
  may vary in size but which must include at least 5 expected observations each" (L3535).
- Degrees of freedom: the number of intervals less the restrictions; "if for example there
  are 8 intervals of data but a restriction on the total, then there are only 7" (L3551).
- The verdict (Langley 1971, L3549): "For P below 1%, the difference is almost certainly
  significant, with P between 1% and 5% it is probably significant, but for higher P no
  significant difference is established."
- Kolmogorov–Smirnov (§9.17): the largest difference between the observed and the expected
  cumulative proportions, against the allowable maximum for the sample size (Whitney 1959);
  the book's maximums for n = 1857 are the asymptotic 1.36/√n (5 %) and 1.63/√n (1 %).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scipy.stats import chi2, kstwobign

from arpad.errors import ConfigError

MIN_OBSERVATIONS = 30
"""At least 30 observations (L3535; also §2.66, L889)."""

MIN_INTERVALS = 6
"""At least 6 intervals (L3535)."""

MIN_EXPECTED = 5.0
"""At least 5 expected observations in every interval (L3535)."""


class Verdict(StrEnum):
    """The book's three readings of the probability P of a χ² this large (L3549)."""

    NOT_SIGNIFICANT = "no significant difference"
    PROBABLY_SIGNIFICANT = "probably significant"
    ALMOST_CERTAINLY_SIGNIFICANT = "almost certainly significant"


def verdict(p_value: float) -> Verdict:
    """Langley's reading of P (L3549): below 1 %, 1 %–5 %, above 5 %.

    >>> verdict(0.18).value
    'no significant difference'
    """
    if p_value < 0.01:
        return Verdict.ALMOST_CERTAINLY_SIGNIFICANT
    if p_value < 0.05:
        return Verdict.PROBABLY_SIGNIFICANT
    return Verdict.NOT_SIGNIFICANT


def critical_value(dof: int, level: float) -> float:
    """The χ² exceeded by chance with probability ``level`` (the tables the book quotes).

    >>> round(critical_value(6, 0.05), 3)
    12.592
    """
    if dof < 1:
        raise ConfigError(f"degrees of freedom must be ≥ 1, not {dof!r}")
    if not 0.0 < level < 1.0:
        raise ConfigError(f"level must be in (0, 1), not {level!r}")
    return float(chi2.isf(level, dof))


def rule_problems(observations: float, expected: Sequence[float]) -> tuple[str, ...]:
    """Which of the book's three conditions (L3535) the data break; empty when none."""
    problems = []
    if observations < MIN_OBSERVATIONS:
        problems.append(f"only {observations:g} observations; the test needs at least 30")
    if len(expected) < MIN_INTERVALS:
        problems.append(f"only {len(expected)} intervals; the test needs at least 6")
    small = [e for e in expected if e < MIN_EXPECTED]
    if small:
        problems.append(
            f"{len(small)} interval(s) expect fewer than 5 observations (smallest {min(small):.2g})"
        )
    return tuple(problems)


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """The result of a chi-square test (73)."""

    observed: tuple[float, ...]
    expected: tuple[float, ...]
    contributions: tuple[float, ...]
    """(f_o − f_e)²/f_e per interval."""
    statistic: float
    dof: int
    p_value: float
    """Probability of a χ² at least this large by chance."""
    critical_5: float
    critical_1: float
    observations: float
    problems: tuple[str, ...]
    """The book's conditions the data break (L3535); the test is then only indicative."""

    @property
    def verdict(self) -> Verdict:
        return verdict(self.p_value)

    @property
    def applicable(self) -> bool:
        """True when the data meet the book's three conditions."""
        return not self.problems


def chi_square(
    observed: Sequence[float],
    expected: Sequence[float],
    *,
    restrictions: int = 1,
    observations: float | None = None,
) -> ChiSquare:
    """The chi-square test (73) of observed against expected frequencies.

    Args:
        observed: f_o per interval.
        expected: f_e per interval (all > 0).
        restrictions: how many constraints tie the data (L3551); degrees of freedom =
            intervals − restrictions. The book takes 1 in all five of its tests.
        observations: the number of observations, for the "at least 30" rule; default
            Σ f_o (give the number of games when f_o are points).

    >>> round(chi_square([9, 51, 137, 186, 127, 34, 2],
    ...                  [8.4, 43.5, 130.2, 181.3, 130.2, 43.5, 8.4]).statistic, 3)
    8.843

    Raises:
        ConfigError: lengths differ, an expected frequency is not positive, or no degrees
            of freedom remain.
    """
    if len(observed) != len(expected):
        raise ConfigError(f"{len(observed)} observed but {len(expected)} expected frequencies")
    if any(not e > 0 for e in expected):
        raise ConfigError("every expected frequency must be > 0")
    dof = len(expected) - restrictions
    if dof < 1:
        raise ConfigError(f"{len(expected)} intervals leave no degrees of freedom")
    contributions = tuple((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    statistic = math.fsum(contributions)
    n = math.fsum(observed) if observations is None else observations
    return ChiSquare(
        observed=tuple(float(o) for o in observed),
        expected=tuple(float(e) for e in expected),
        contributions=contributions,
        statistic=statistic,
        dof=dof,
        p_value=float(chi2.sf(statistic, dof)),
        critical_5=critical_value(dof, 0.05),
        critical_1=critical_value(dof, 0.01),
        observations=n,
        problems=rule_problems(n, expected),
    )


def merge_small_intervals(
    observed: Sequence[float],
    expected: Sequence[float],
    labels: Sequence[str] | None = None,
    minimum: float = MIN_EXPECTED,
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[str, ...]]:
    """Merge neighbouring intervals until each expects at least ``minimum`` (L3535: the
    intervals "may vary in size but ... must include at least 5 expected observations").

    The smallest interval is merged into its smaller neighbour, repeatedly. Labels of
    merged intervals are joined with ``+``.

    >>> merge_small_intervals([1, 2, 30, 40], [1.5, 2.5, 28.0, 38.0], ["a", "b", "c", "d"])
    ((33.0, 40.0), (32.0, 38.0), ('a+b+c', 'd'))
    """
    obs = [float(o) for o in observed]
    exp = [float(e) for e in expected]
    names = [str(i) for i in range(len(obs))] if labels is None else list(labels)
    while len(exp) > 1 and min(exp) < minimum:
        i = exp.index(min(exp))
        if i == 0:
            j = 1
        elif i == len(exp) - 1:
            j = i - 1
        else:
            j = i - 1 if exp[i - 1] <= exp[i + 1] else i + 1
        lo, hi = min(i, j), max(i, j)
        obs[lo : hi + 1] = [obs[lo] + obs[hi]]
        exp[lo : hi + 1] = [exp[lo] + exp[hi]]
        names[lo : hi + 1] = [f"{names[lo]}+{names[hi]}"]
    return tuple(obs), tuple(exp), tuple(names)


def cumulative_proportions(counts: Sequence[float]) -> tuple[float, ...]:
    """Running totals of ``counts`` as proportions of their sum (the cumulative columns of
    the book's histograms, e.g. table 2.71).

    >>> cumulative_proportions([1, 1, 2])
    (0.25, 0.5, 1.0)
    """
    total = math.fsum(counts)
    if not total > 0:
        raise ConfigError("counts must add up to more than 0")
    out = []
    running = 0.0
    for c in counts:
        running += c
        out.append(running / total)
    return tuple(out)


def ks_critical(n: float, level: float) -> float:
    """The allowable maximum difference for ``n`` observations at ``level`` (large-sample
    Kolmogorov distribution: 1.358/√n at 5 %, 1.628/√n at 1 %).

    >>> round(ks_critical(1857, 0.05), 4)
    0.0315
    """
    if not n > 0:
        raise ConfigError(f"n must be > 0, not {n!r}")
    return float(kstwobign.isf(level)) / math.sqrt(n)


@dataclass(frozen=True, slots=True)
class KolmogorovSmirnov:
    """A Kolmogorov–Smirnov comparison of cumulative proportions (§9.17)."""

    observed: tuple[float, ...]
    expected: tuple[float, ...]
    differences: tuple[float, ...]
    """|observed − expected| at each boundary."""
    n: float
    critical_5: float
    critical_1: float

    @property
    def max_difference(self) -> float:
        return max(self.differences)

    @property
    def verdict(self) -> Verdict:
        """Read like the χ² verdict: beyond the 1 % maximum, between, or within 5 %."""
        if self.max_difference > self.critical_1:
            return Verdict.ALMOST_CERTAINLY_SIGNIFICANT
        if self.max_difference > self.critical_5:
            return Verdict.PROBABLY_SIGNIFICANT
        return Verdict.NOT_SIGNIFICANT


def kolmogorov_smirnov(
    observed_cumulative: Sequence[float], expected_cumulative: Sequence[float], n: float
) -> KolmogorovSmirnov:
    """Compare observed and expected cumulative proportions at the same boundaries (§9.17).

    >>> round(kolmogorov_smirnov([0.3, 0.7, 1.0], [0.25, 0.72, 1.0], n=100).max_difference, 4)
    0.05
    """
    if len(observed_cumulative) != len(expected_cumulative):
        raise ConfigError("observed and expected need the same number of boundaries")
    diffs = tuple(abs(o - e) for o, e in zip(observed_cumulative, expected_cumulative, strict=True))
    return KolmogorovSmirnov(
        observed=tuple(observed_cumulative),
        expected=tuple(expected_cumulative),
        differences=diffs,
        n=n,
        critical_5=ks_critical(n, 0.05),
        critical_1=ks_critical(n, 0.01),
    )
