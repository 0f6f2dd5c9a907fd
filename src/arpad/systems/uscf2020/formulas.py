"""The rating formulas of us-chess-rating-system-2020.txt: effective games (§3), the special
formula as the knot algorithm (§4.1), and the standard formula with K and bonus (§4.2).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from arpad.curves import FloatArray
from arpad.errors import RatingError
from arpad.systems.uscf2020 import rules


def effective_games_caps(r0: FloatArray) -> FloatArray:
    """N* of §3 (L159) for many ratings (:func:`.rules.effective_games_cap` each).

    >>> effective_games_caps(np.array([1700.0, 2400.0])).round(1).tolist()
    [20.0, 50.0]
    """
    return np.array([rules.effective_games_cap(float(r)) for r in np.ravel(r0)], dtype=float)


def effective_games_cap(r0: float) -> float:
    """N* of §3 (L159) for one rating (:func:`.rules.effective_games_cap`).

    >>> round(effective_games_cap(1700.0), 1)
    20.0
    """
    return rules.effective_games_cap(float(r0))


def effective_games(n: float, r0: float) -> float:
    """N' = min(N, N*) (§3, L163)."""
    return min(float(n), effective_games_cap(r0))


# --------------------------------------------------------------------------- §4.1


@dataclass(frozen=True, slots=True)
class SpecialInput:
    """The quantities of §4.1 for one player."""

    r0: float
    """R_0: the prior rating (pre-event, or the Step 1 initial rating)."""
    n_eff: float
    """N': the effective number of games."""
    opponents: tuple[float, ...]
    score: float
    all_wins: bool = False
    """The player has competed before and won every game."""
    all_losses: bool = False


def adjusted_prior(x: SpecialInput) -> tuple[float, float]:
    """(R'_0, S') of §4.1 (L187–197; :func:`.rules.adjusted_prior`)."""
    return rules.adjusted_prior(x.r0, x.n_eff, x.score, x.all_wins, x.all_losses)


def special_objective(r: float, x: SpecialInput) -> float:
    """f(R) = N'·PWe(R, R'_0) + Σ PWe(R, R_i) − S' (§4.1, L201;
    :func:`.rules.special_objective`)."""
    r0a, sa = adjusted_prior(x)
    return rules.special_objective(r, x.n_eff, r0a, sa, x.opponents)


def special_knots(x: SpecialInput) -> list[float]:
    """S_z: the distinct x_i = R_i − 400 and y_i = R_i + 400, i = 0..m (§4.1, L205), sorted."""
    r0a, _ = adjusted_prior(x)
    centres = (r0a, *x.opponents)
    return sorted({c - 400.0 for c in centres} | {c + 400.0 for c in centres})


class SpecialStart(StrEnum):
    """The special formula's first estimate M (§4.1 step 1, L213–215; D-uscf-eras-2)."""

    PROGRAM = "program"
    """M = R'_0, as "the actual implemented rating program" does (L215)."""
    TEXT = "text"
    """M = (N'R'_0 + ΣR_i + 400(2S − m))/(N' + m), the text's step 1 (L213)."""


def special_rating(
    x: SpecialInput,
    epsilon: float = 1e-7,
    cap: float | None = 2700.0,
    start: SpecialStart = SpecialStart.PROGRAM,
) -> float:
    """The special rating by the knot algorithm of §4.1 (L211–249), step by step.

    The two first estimates end at different ends when f(R) = 0 on a whole interval
    (L215 says "the final result will be the same"; it is not): a player 1000 on N = 2 who
    loses to 1900 and beats 2700 (both N = 100) fits every rating from 1400 to 1500.

    >>> x = SpecialInput(1000.0, 2.0, (1900.0, 2700.0), 1.0)
    >>> special_rating(x), special_rating(x, start=SpecialStart.TEXT)
    (1400.0, 1500.0)

    Raises:
        RatingError: the iteration failed to settle (cannot happen for valid input; the
            guard keeps a bug from looping forever).
    """
    out = rules.special_rating(
        x.r0,
        x.n_eff,
        x.opponents,
        x.score,
        x.all_wins,
        x.all_losses,
        epsilon,
        math.inf if cap is None else cap,
        start is SpecialStart.TEXT,
    )
    if math.isnan(out):  # pragma: no cover - guarded in the rule
        raise RatingError(f"special formula did not converge for {x!r}")
    return out


# --------------------------------------------------------------------------- §4.2


def standard_expected(r0: float, opponents: Sequence[float]) -> float:
    """E = Σ We(R_0, R_i) (§4.2, L292), the logistic expectancy on the pre-event rating,
    summed in game order (:func:`.rules.winning_expectancy`)."""
    total = 0.0
    for ri in opponents:
        total += rules.winning_expectancy(r0 - ri)
    return total


def k_factor(
    n_eff: float, m: int, *, dual_rated: bool = False, regular_rating: float | None = None
) -> float:
    """K of §4.2 for one player (:func:`.rules.k_factor`).

    >>> round(k_factor(20.0, 6), 2)
    30.77
    """
    reg = regular_rating if dual_rated and regular_rating is not None else math.nan
    return rules.k_factor(float(n_eff), float(m), reg)


def bonus_eligible(
    opponent_ids: Sequence[Hashable], *, min_games: int = 3, max_meetings: int = 2
) -> bool:
    """Bonus only if m ≥ 3 and no opponent is met more than twice (§4.2, L288–294)."""
    number: dict[Hashable, int] = {}
    opponents = [number.setdefault(o, len(number)) for o in opponent_ids]
    return rules.bonus_eligible(opponents, float(min_games), float(max_meetings))


def bonus_amount(k: float, s: float, e: float, m: int, b: float, m_floor: int = 4) -> float:
    """The bonus for one player (:func:`.rules.bonus_amount`).

    >>> bonus_amount(32.0, 4.0, 2.0, 4, 14.0)
    36.0
    """
    return rules.bonus_amount(k * (s - e), float(m), b, float(m_floor))
