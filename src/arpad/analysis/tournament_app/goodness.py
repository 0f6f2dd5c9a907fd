"""The Ratings Goodness of Fit Test and its K-interval ("C.I.'s for E").

Source: berard-pra-and-tournament-app.txt L877–L944 and L1495–L1499:

- ``χ² = Σ (O − E)² / 2500`` (eq. (24), L938; eq. (33), L1497), O = initial ratings,
  E = ŷ of the regression on P-Zero; df = n − 1 (L1038, L1495); right-tailed at α = .05
  (L1138–L1146): the tournament fails when the statistic exceeds χ²₀.₉₅(df);
- below the left 5 % point χ²₀.₀₅(df) the app warns that the players "performed unusually
  close to expectation as to arouse suspicion" (L1464);
- the K-interval printed as "E is in (…)" (L1136) is the range of constants K for which
  ``SS/K`` lies between the two critical values: ``(SS/χ²₀.₉₅, SS/χ²₀.₀₅)``
  (spec §4.7: every printed interval satisfies it). So the test passes exactly when the
  interval's lower end is below 2500.

Critical values are exact quantiles by default. The paper's later printouts used the 95 %
point rounded to two decimals (7.810, 19.680, 154.300) and the exact 5 % point (4.575,
101.971); ``critical_digits=2`` reproduces them (docs/decisions.md D-app-2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scipy.stats import chi2

from arpad.errors import ConfigError

K_CONSTANT = 2500.0
"""The constant denominator K of the test statistic (L936: "I chose 2500")."""
ALPHA = 0.05
"""Significance level (L887, L1497)."""


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"


@dataclass(frozen=True, slots=True)
class GoodnessOfFit:
    """The Ratings Goodness of Fit Test of one tournament."""

    statistic: float
    df: int
    critical: float
    """χ²₁₋α(df): fail above it."""
    lower: float
    """χ²α(df): warn below it."""
    ss: float
    """Σ (O − E)²."""
    k_interval: tuple[float, float]
    constant: float

    @property
    def verdict(self) -> Verdict:
        return Verdict.FAIL if self.statistic > self.critical else Verdict.PASS

    @property
    def suspicious(self) -> bool:
        """Below the lower threshold: "unusually close to expectation" (L1464)."""
        return self.statistic < self.lower


def critical_values(
    df: int, alpha: float = ALPHA, digits: int | None = None
) -> tuple[float, float]:
    """``(χ²₁₋α(df), χ²α(df))``; the first rounded to ``digits`` when given.

    >>> [round(v, 3) for v in critical_values(11)]
    [19.675, 4.575]
    >>> critical_values(11, digits=2)[0]  # the paper's "19.680" (L1142)
    19.68
    """
    if df < 1:
        raise ConfigError(f"the test needs at least one degree of freedom, got {df!r}")
    if not 0.0 < alpha < 0.5:
        raise ConfigError(f"alpha must lie in (0, 0.5), got {alpha!r}")
    upper = float(chi2.ppf(1.0 - alpha, df))
    lower = float(chi2.ppf(alpha, df))
    if digits is not None:
        upper = round(upper, digits)
    return upper, lower


def goodness_of_fit(
    observed: Sequence[float],
    expected: Sequence[float],
    constant: float = K_CONSTANT,
    alpha: float = ALPHA,
    critical_digits: int | None = None,
) -> GoodnessOfFit:
    """Run the test on initial ratings (O) and regression predictions (E).

    >>> o = [2630, 2600, 2655, 2510]
    >>> e = [2636.12, 2608.16, 2580.08, 2570.65]
    >>> round(goodness_of_fit(o, e).statistic, 3)  # Isle of Lewis (L1038): 3.758
    3.758
    """
    n = len(observed)
    if n != len(expected):
        raise ConfigError("observed and expected differ in length")
    if constant <= 0.0:
        raise ConfigError(f"the constant must be > 0, got {constant!r}")
    df = n - 1
    critical, lower = critical_values(df, alpha, critical_digits)
    ss = math.fsum((o - e) ** 2 for o, e in zip(observed, expected, strict=True))
    return GoodnessOfFit(
        statistic=ss / constant,
        df=df,
        critical=critical,
        lower=lower,
        ss=ss,
        k_interval=(ss / critical, ss / lower),
        constant=constant,
    )
