"""The Greatness formula (G-score), its categories, and Tournament Strength.

Source: berard-pra-and-tournament-app.txt "The Greatness Formula" (L1505–L1577), the
categories (L63–L69) and Tournament Strength (L1611–L1615):

- ``G = speed · resistance · stamina · 66.7`` (eq. (34)) with speed = P-Zero / games
  played (L1527), stamina = 1 + games/20 (L1543), and the resistance coefficient the mean,
  over the player's games, of the calibrated resistance ``f((R_opp + slide)/2800)``
  offered by each opponent (L1537–L1562), where ``slide = 2800 − Rating2`` (eq. (35));
- the calibration ``f`` (eq. (36), L1560): 0.2r up to 0.5, ``3.6(r − 0.5)² + 0.1`` up to
  1, r above. The paper leaves r = 0.5 to neither piece; both give 0.1 there;
- each opponent is calibrated first and the results averaged (Isle of Lewis: Polgar's
  203.15 comes out only this way, spec X16);
- ``T.S. = 100 · Σ resistance_i · games_i / Σ games_i`` with resistance_i the calibrated
  resistance offered by player i (eq. (37)).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from arpad.errors import ConfigError

REFERENCE = 2800.0
"""The "line in the sand" (L1533–L1537)."""
MAGNIFIER = 66.7
"""A cosmetic magnifier (L1572)."""
STAMINA_STEP = 20.0
"""Stamina = 1.0 + games/20.0 (L1543)."""
G_LIST = 100.0
""""Anything over 100 makes the list" (L61)."""

CATEGORIES: tuple[tuple[float, str], ...] = (
    (400.0, "Beyond Human Comprehension"),
    (350.0, "A Historically Great Performance"),
    (300.0, "A Generationally Great Performance"),
    (250.0, "A Threat to the World Championship"),
    (200.0, "A Dominating Performance"),
    (150.0, "Very Good!!"),
    (100.0, "Making the G-List"),
)
"""Lower bound and name of each G category (L63–L69)."""


def slide(rating2: float) -> float:
    """``slide = 2800.0 − Rating2`` (eq. (35), L1537)."""
    return REFERENCE - rating2


def calibrate(r: float) -> float:
    """The calibration of resistance to stamina, f(r) (eq. (36), L1560).

    >>> calibrate(0.5), calibrate(1.0), calibrate(0.25), calibrate(1.05)
    (0.1, 1.0, 0.05, 1.05)
    """
    if r <= 0.5:
        return 0.2 * r
    if r <= 1.0:
        return 3.6 * (r - 0.5) ** 2 + 0.1
    return r


def resistance(rating: float, rating2: float) -> float:
    """The calibrated resistance a player rated ``rating`` offers: f((R + slide)/2800).

    >>> round(resistance(2648, 2648), 6), round(resistance(2730, 2648), 6)
    (1.0, 1.029286)
    """
    return calibrate((rating + slide(rating2)) / REFERENCE)


def stamina(games: int) -> float:
    """1.0 + games/20.0 (L1543).

    >>> stamina(1), stamina(41)
    (1.05, 3.05)
    """
    return 1.0 + games / STAMINA_STEP


def g_score(p_zero: float, opponent_ratings: Sequence[float], rating2: float) -> float:
    """G of one player from their P-Zero and the initial ratings of the opponents met
    (one entry per game played; an opponent met twice counts twice, L1562).

    Raises:
        ConfigError: no games played.

    >>> round(g_score(30.896524, [2648.0] * 7, 2648.0), 2)  # Steinitz 1876 (L77): 397.44
    397.44
    """
    games = len(opponent_ratings)
    if games == 0:
        raise ConfigError("a G-score needs at least one game played")
    speed = p_zero / games
    coefficient = math.fsum(resistance(r, rating2) for r in opponent_ratings) / games
    return speed * coefficient * stamina(games) * MAGNIFIER


def g_category(g: float) -> str | None:
    """The category of a G-score (L63–L69); ``None`` below 100 (not on the list).

    >>> g_category(203.15), g_category(99.99)
    ('A Dominating Performance', None)
    """
    for low, name in CATEGORIES:
        if g >= low:
            return name
    return None


def tournament_strength(ratings: Sequence[float], games: Sequence[int], rating2: float) -> float:
    """T.S. = 100 · Σ f((R_i + slide)/2800)·games_i / Σ games_i (eq. (37), L1611–L1615).

    >>> round(tournament_strength([2785, 2660], [20, 20], 2660), 4)  # WC 1972 (L1617)
    102.2321
    """
    total = sum(games)
    if total == 0:
        raise ConfigError("tournament strength needs at least one game played")
    weighted = math.fsum(resistance(r, rating2) * g for r, g in zip(ratings, games, strict=True))
    return 100.0 * weighted / total
