"""The Ratings Law of Large Numbers utilities (match analytics).

Source: berard-pra-and-tournament-app.txt L649–L740:

- the theoretical probability ``P = E(higher − lower)`` (eq. (14), L661) and the
  estimate ``points / games`` (eq. (15), L665);
- the expected match score ``games · E(diff)`` (eq. (17), L677–L683): Steinitz 7 × 0.5327
  = 3.73 wins, Blackburne 3.27, "rounding to the nearest half-game, 3.5";
- the sweep probability ``E(diff)^games`` (eq. (18), L685–L690): 0.5327⁷ = 0.01217;
- the implied difference ``E⁻¹(points/games)`` (eq. (16), L671–L673): 7/7 → 1800 or more;
- the hypothesis test on r the author planned (L157) with no method given: we use the
  standard t-test of a correlation, ``t = r√(n−2)/√(1−r²)``, one-sided (spec §4.12).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy.stats import t as student_t

from arpad.curves import EACOMP_CERTAIN, eacomp_difference, eacomp_expectancy
from arpad.errors import ConfigError


def expected_match_score(rating: float, opponent: float, games: int) -> float:
    """``games · EAComp(rating − opponent)`` (eq. (17)).

    >>> round(expected_match_score(2730, 2648, 7), 2), round(expected_match_score(2648, 2730, 7), 2)
    (3.73, 3.27)
    """
    return games * eacomp_expectancy(rating - opponent)


def nearest_half(points: float) -> float:
    """Round a score to the nearest half point, halves away from zero (3.27 → 3.5, L683).

    >>> nearest_half(3.27), nearest_half(3.73), nearest_half(3.25)
    (3.5, 3.5, 3.5)
    """
    return math.floor(points * 2.0 + 0.5) / 2.0


def sweep_probability(rating: float, opponent: float, games: int) -> float:
    """Probability that ``rating`` wins all ``games``: ``E(diff)^games`` (eq. (18)).

    >>> round(sweep_probability(2730, 2648, 7), 5)
    0.01217
    """
    return eacomp_expectancy(rating - opponent) ** games


@dataclass(frozen=True, slots=True)
class ImpliedDifference:
    """The rating difference a match score implies, ``E⁻¹(points/games)``."""

    difference: float
    at_least: bool
    """True for a perfect (or zero) score: "1800 points or higher" (L671)."""


def implied_difference(points: float, games: int) -> ImpliedDifference:
    """The rating difference whose EAComp equals the score rate (eq. (16)).

    >>> implied_difference(7, 7)
    ImpliedDifference(difference=1800.0, at_least=True)
    """
    if games <= 0 or not 0.0 <= points <= games:
        raise ConfigError(f"need 0 ≤ points ≤ games and games > 0, got {points!r}/{games!r}")
    d = eacomp_difference(points / games)
    return ImpliedDifference(d, abs(d) >= EACOMP_CERTAIN)


@dataclass(frozen=True, slots=True)
class CorrelationTest:
    """One-sided t-test of H0: ρ = 0 against ρ > 0 (an extension; L157 gives no method)."""

    r: float
    n: int
    t: float
    p_value: float
    significant: bool


def correlation_test(r: float, n: int, alpha: float = 0.05) -> CorrelationTest | None:
    """The t-test of a correlation r over n players; ``None`` when undefined (n < 3, |r| = 1).

    >>> round(correlation_test(0.87, 12).t, 3)
    5.58
    """
    if n < 3 or abs(r) >= 1.0:
        return None
    t = r * math.sqrt(n - 2) / math.sqrt(1.0 - r * r)
    p = float(student_t.sf(t, n - 2))
    return CorrelationTest(r=r, n=n, t=t, p_value=p, significant=p < alpha)
