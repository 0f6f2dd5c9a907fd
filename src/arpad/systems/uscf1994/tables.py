"""Table 1 (FIDE → USCF) and Table 2 (age → initial rating) of the 1994 report.

Source: uscf-ratings-committee-1994.txt §1.4.2: Table 1 at L148–L170 with the rules of
L144 (+15 below FIDE 2200, +30 from FIDE 2700); Table 2 at L178–L199. The rows below are
transcribed from the seed (tests/uscf1994/test_tables.py checks every cell against it).
"""

from __future__ import annotations

import datetime as dt
import math
from enum import StrEnum

from arpad.errors import ConfigError

FIDE_FIRST_ROW = 2200
"""FIDE rating of Table 1's first row (L151)."""
FIDE_ROW_STEP = 5
"""Table 1 lists FIDE ratings in steps of 5 (L151–L170)."""

FIDE_TO_USCF: tuple[int, ...] = (
    2214, 2222, 2229, 2237, 2245, 2252, 2259, 2267, 2274, 2281,
    2288, 2295, 2302, 2309, 2315, 2322, 2329, 2335, 2342, 2348,
    2354, 2361, 2367, 2373, 2379, 2385, 2390, 2396, 2402, 2408,
    2414, 2419, 2425, 2431, 2437, 2443, 2449, 2455, 2462, 2468,
    2474, 2480, 2486, 2492, 2498, 2504, 2509, 2515, 2520, 2526,
    2531, 2536, 2541, 2546, 2552, 2557, 2562, 2567, 2571, 2576,
    2581, 2586, 2591, 2595, 2600, 2605, 2609, 2614, 2618, 2622,
    2627, 2631, 2635, 2639, 2643, 2647, 2651, 2654, 2658, 2662,
    2665, 2669, 2672, 2676, 2679, 2682, 2686, 2689, 2692, 2695,
    2698, 2701, 2703, 2706, 2709, 2712, 2715, 2718, 2721, 2724,
)  # fmt: skip
"""Table 1 (L148–L170): USCF rating for FIDE 2200, 2205, …, 2695."""

FIDE_LOW_ADD = 15.0
"""Added to a FIDE rating below 2200 (L144)."""
FIDE_HIGH_ADD = 30.0
"""Added to a FIDE rating of 2700 and higher (L144)."""
FIDE_HIGH_FROM = 2700.0
"""Where the +30 rule starts (L144)."""

AGE_FIRST = 5
"""Youngest age of Table 2 (L181)."""

AGE_TO_RATING: tuple[int, ...] = (
    543, 584, 624, 664, 703, 743, 782, 822, 862, 900,
    937, 973, 1009, 1043, 1077, 1109, 1139, 1168, 1194, 1218,
    1240, 1260, 1278, 1295, 1311, 1325, 1338, 1350, 1360, 1370,
    1378, 1385, 1392, 1398, 1403, 1408, 1412, 1416, 1419, 1422,
    1424, 1426, 1427, 1428, 1428, 1428, 1427, 1425, 1424, 1421,
    1419, 1415, 1411, 1407, 1403, 1397, 1392, 1386, 1379, 1372,
    1365, 1357, 1349, 1340, 1331, 1321, 1311, 1301, 1290, 1279,
    1267, 1255, 1243, 1230, 1217, 1203,
)  # fmt: skip
"""Table 2 (L178–L199): initial rating for ages 5, 6, …, 80."""

AGE_LAST = AGE_FIRST + len(AGE_TO_RATING) - 1


class BetweenRows(StrEnum):
    """How a FIDE rating between two rows of Table 1 is converted (D-uscf1994-2)."""

    INTERPOLATE = "interpolate"
    """Linear interpolation between the neighbouring rows (the table samples a smooth fit)."""
    ROW_BELOW = "row-below"
    """The row at or below the rating."""
    NEAREST = "nearest"
    """The nearest row (halves go up)."""


def fide_to_uscf(
    fide: float,
    between: BetweenRows = BetweenRows.INTERPOLATE,
    low_add: float = FIDE_LOW_ADD,
    high_add: float = FIDE_HIGH_ADD,
) -> float:
    """The USCF rating Table 1 gives for a FIDE rating (L144, L148–L170).

    Below 2200 the rating is FIDE + 15, from 2700 FIDE + 30; in between, Table 1, with
    ``between`` deciding ratings that fall between two rows. A rating between the last
    row (2695) and 2700 is taken between 2724 and 2700 + 30.

    >>> fide_to_uscf(2655)
    2701.0
    >>> fide_to_uscf(2100), fide_to_uscf(2750)
    (2115.0, 2780.0)
    >>> fide_to_uscf(2202), fide_to_uscf(2202, BetweenRows.ROW_BELOW)
    (2217.2, 2214.0)
    """
    if not math.isfinite(fide):
        raise ConfigError(f"FIDE rating must be a finite number, not {fide!r}")
    if fide < FIDE_FIRST_ROW:
        return fide + low_add
    if fide >= FIDE_HIGH_FROM:
        return fide + high_add
    position = (fide - FIDE_FIRST_ROW) / FIDE_ROW_STEP
    if between == BetweenRows.NEAREST:
        position = math.floor(position + 0.5)
    index = math.floor(position)
    below = float(FIDE_TO_USCF[index])
    if position == index or between == BetweenRows.ROW_BELOW:
        return below
    above = (
        float(FIDE_TO_USCF[index + 1])
        if index + 1 < len(FIDE_TO_USCF)
        else FIDE_HIGH_FROM + high_add
    )
    return below + (position - index) * (above - below)


def fide_offset(
    fide: float,
    between: BetweenRows = BetweenRows.INTERPOLATE,
    low_add: float = FIDE_LOW_ADD,
    high_add: float = FIDE_HIGH_ADD,
) -> float:
    """A of §6.2 step 5 (L527): what is added to a FIDE rating to put it on the USCF scale.

    >>> fide_offset(2655)
    46.0
    """
    return fide_to_uscf(fide, between, low_add, high_add) - fide


def age_rating(age: int) -> float:
    """Table 2 (L178–L199): the initial rating of a player aged ``age`` completed years.

    Ages outside 5–80 take the nearest end of the table (543 below 5, 1203 above 80;
    D-uscf1994-3).

    >>> age_rating(12), age_rating(3), age_rating(95)
    (822.0, 543.0, 1203.0)
    """
    clamped = min(max(age, AGE_FIRST), AGE_LAST)
    return float(AGE_TO_RATING[clamped - AGE_FIRST])


def age_on(birth_date: dt.date, day: dt.date) -> int:
    """Completed years of age on ``day``.

    >>> born = dt.date(1980, 6, 1)
    >>> age_on(born, dt.date(1994, 5, 31)), age_on(born, dt.date(1994, 6, 1))
    (13, 14)
    """
    years = day.year - birth_date.year
    if (day.month, day.day) < (birth_date.month, birth_date.day):
        years -= 1
    return years
