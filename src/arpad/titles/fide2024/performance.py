"""B.01 (2024) 1.4.6–1.4.9: the opponents' ratings, their average Ra, the performance Rp.

1.4.6b–d: an unrated opponent counts 1400; "No more than one opponent shall have their
rating raised to this adjusted rating floor. Where more than one opponent is below the
floor, the rating of the lowest rated opponent shall be raised." 1.4.7b: Ra is rounded to
the nearest whole number, 0.5 upward. 1.4.9: "All percentages are rounded to the nearest
whole number. 0.5% is rounded up." 1.4.8: Rp = Ra + dp.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from arpad.booktables import round_half_up
from arpad.systems.fide.rules import dp as table_dp
from arpad.titles.fide2024.rules import (
    AVERAGE_MINIMUM,
    MINIMUM_SCORE_PERCENT,
    PERFORMANCE_MINIMUM,
    RATING_FLOOR,
    UNRATED_RATING,
    Title,
)


@dataclass(frozen=True, slots=True)
class CountedRatings:
    """The opponents' ratings as 1.4.6 counts them for one title."""

    values: tuple[float, ...]
    raised: int | None
    """Index of the opponent raised to the floor (1.4.6c), if any."""
    raised_from: float | None
    """That opponent's rating before (1400 if he is unrated)."""


def counted_ratings(ratings: Sequence[float | None], title: Title) -> CountedRatings:
    """1.4.6: unrated at 1400 (d), then the lowest opponent below the title's floor (b)
    raised to it, and no other (c).

    >>> counted_ratings([2400.0, None, 1900.0], Title.IM)
    CountedRatings(values=(2400.0, 2050, 1900.0), raised=1, raised_from=1400)
    """
    values: list[float] = [UNRATED_RATING if r is None else r for r in ratings]
    floor = RATING_FLOOR[title]
    if not values:
        return CountedRatings((), None, None)
    lowest = min(range(len(values)), key=values.__getitem__)
    if values[lowest] >= floor:
        return CountedRatings(tuple(values), None, None)
    before = values[lowest]
    values[lowest] = floor
    return CountedRatings(tuple(values), lowest, before)


def rating_average(values: Sequence[float]) -> int:
    """1.4.7: the opponents' average, "rounded to the nearest whole number. The fraction 0.5
    is rounded upward".

    >>> rating_average([2400, 2401]), rating_average([2400, 2402])
    (2401, 2401)
    """
    return int(round_half_up(math.fsum(values) / len(values)))


def percentage(score: float, games: int) -> int:
    """1.4.9: the score as a whole percentage, 0.5 % rounded up (exact on halves).

    >>> percentage(6, 9), percentage(6.5, 9), percentage(1, 8)
    (67, 72, 13)
    """
    halves = round(score * 2)  # scores are whole multiples of ½
    # floor(100·(h/2)/n + ½) in integers: exact, and fast enough for 1.4.1f's search.
    return (100 * halves + games) // (2 * games)


TABLE_ENDS = {0: -800, 100: 800}
"""1.4.9 prints dp for p = .00 and 1.0 (−800, 800), where table 8.1.1 gives none."""


@cache
def difference(percent: int) -> int:
    """dp of table 1.4.9 for a whole percentage.

    >>> difference(67), difference(35), difference(100), difference(0)
    (125, -110, 800, -800)
    """
    if percent in TABLE_ENDS:
        return TABLE_ENDS[percent]
    return int(table_dp(percent / 100))


def performance(average: int, score: float, games: int) -> int:
    """1.4.8: Rp = Ra + dp, dp from table 1.4.9 at the rounded percentage.

    >>> performance(2266, 6, 9), performance(2414, 7, 9)
    (2391, 2634)
    """
    return average + difference(percentage(score, games))


def performance_met(rp: int, title: Title) -> bool:
    """1.4.8: Rp at least the "minimum level prior to rounding" (2449.5 for an IM norm)."""
    return rp >= PERFORMANCE_MINIMUM[title]


def average_met(average: int, title: Title) -> bool:
    """1.4.8a: Ra at least the title's minimum average (2230 for an IM norm)."""
    return average >= AVERAGE_MINIMUM[title]


def minimum_score_met(score: float, games: int) -> bool:
    """1.4.8b: at least 35 % (of the games counted, D-titles-4).

    >>> minimum_score_met(3, 9), minimum_score_met(3.5, 10)
    (False, True)
    """
    return round(score * 2) * 50 >= MINIMUM_SCORE_PERCENT * games


@cache
def points_required(average: int, games: int, title: Title) -> float | None:
    """The fewest points (in half points) that give a norm performance and the 35 % with
    these opponents (1.4.8), or ``None`` when Ra is below the minimum (1.4.8a) or no
    score would do.

    >>> points_required(2266, 9, Title.IM), points_required(2414, 9, Title.GM)
    (7.0, 7.0)
    """
    if not average_met(average, title):
        return None
    for halves in range(2 * games + 1):
        points = halves / 2
        rp = performance(average, points, games)
        if performance_met(rp, title) and minimum_score_met(points, games):
            return points
    return None
