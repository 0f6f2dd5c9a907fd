"""The literal tables of Elo's book, with the lookup rules that reproduce its worked examples.

Source: elo-rating-of-chessplayers-1986.txt.

- Table 2.11 (§2.11, L490–510): the percentage expectancy table of the *normal* model;
- Table 8.46 (§8.46, L3132–3156): the same table for the *logistic* model to base √10;
- the small-sample correction factor F of §8.85 (L3397–3406), applied to D_p.

These are the book's *table mode*. The continuous curves (Φ(D/282.84), 1/(1+10^(-D/400)))
live in :mod:`arpad.curves`; the two modes differ at a few table boundaries (D = 25 gives
.53 in Table 2.11 but Φ(25/282.84) = .5352), and both are needed: the book computes with
the tables, its theory with the curves.

Public API (other modules, e.g. Elo's statistics, import these):

- :func:`table_expectancy` — D → P_D by the table (``table="normal"`` or ``"logistic"``);
- :func:`table_expectancy_array` — the same for an array of differences (batch engines);
- :func:`table_difference` — P → D_P by the table (the inverse);
- :func:`table_rows` — the rows themselves;
- :func:`small_sample_factor` — F(N, D_p) of §8.85;
- :func:`round_half_up` — the book's rounding ("the fraction 0.5 is rounded off upward",
  L1671), which Python's ``round`` (half to even) is not.

Lookup rules (inferred from the worked examples, spec elo-book-part1.md §3.4):

- D → P: round |D| to an integer (half up), read column H for D ≥ 0 and column L (= 1 − H)
  for D < 0; beyond the last row P is 1.00 / .00.
- P → D: round P to two decimals (half up), take the row whose H equals it and return the
  floor of the row's midpoint, ``(lo + hi) // 2``; for P < .50 return −D_P(1 − P). This
  reproduces every D_P the book prints in §2.41, §2.48, §2.49 and §3.35.
- A P exactly halfway between two hundredths (.625 in §2.13) is not in the table; the book
  prints D_P = 90 there, the continuous inverse Φ⁻¹(.625)·282.84 = 90.1, so by default such a
  P takes the continuous inverse rounded to an integer (``half="continuous"``; decision
  D-elo-2).
- P that rounds to 1.00 (or .00) while 0 < P < 1 takes the last row (.99 → 677 in Table
  2.11); P = 1 or 0 exactly is indeterminate (§1.54, L354) and gives ±inf (decision D-elo-3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.compiled import rule
from arpad.curves import FloatArray, logistic_difference, normal_difference
from arpad.errors import ConfigError


class BookTable(StrEnum):
    """Which of the book's two percentage expectancy tables."""

    NORMAL = "normal"
    """Table 2.11, normal probabilities (§2.11, L490–510)."""
    LOGISTIC = "logistic"
    """Table 8.46, logistic probabilities to base √10 (§8.46, L3132–3156)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a percentage expectancy table: the |D| range ``lo..hi`` has ``H`` %."""

    lo: int
    hi: int | None
    """Upper end of the range, inclusive; ``None`` for the open last row ("over 735")."""
    h: int
    """H, the higher-rated player's expectancy in hundredths (L = 100 − H)."""

    @property
    def midpoint(self) -> int:
        """The D_P the book uses for this row's P: floor((lo + hi) / 2)."""
        if self.hi is None:
            raise ValueError("the open last row has no midpoint")
        return (self.lo + self.hi) // 2


def _rows(upper_bounds: tuple[int, ...]) -> tuple[TableRow, ...]:
    """Rows from the upper bound of each range, for H = .50, .51, …, .99, then "over"."""
    rows = []
    lo = 0
    for i, hi in enumerate(upper_bounds):
        rows.append(TableRow(lo, hi, 50 + i))
        lo = hi + 1
    rows.append(TableRow(lo, None, 100))
    return tuple(rows)


# Upper ends of the 50 closed ranges, H = .50 … .99, transcribed from L494–510.
_NORMAL_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
# Upper ends of the 50 closed ranges of Table 8.46, transcribed from L3138–3154.
_LOGISTIC_UPPER = (
    3, 10, 17, 24, 31, 38, 45, 52, 59, 66, 74, 81, 88, 96, 103, 111, 119, 127, 135, 143,
    151, 159, 168, 177, 186, 195, 205, 214, 224, 235, 246, 257, 269, 281, 294, 308, 323,
    338, 354, 372, 391, 412, 436, 463, 494, 530, 576, 636, 726, 920,
)  # fmt: skip

_TABLES: dict[BookTable, tuple[TableRow, ...]] = {
    BookTable.NORMAL: _rows(_NORMAL_UPPER),
    BookTable.LOGISTIC: _rows(_LOGISTIC_UPPER),
}
_UPPER: dict[BookTable, npt.NDArray[np.float64]] = {
    BookTable.NORMAL: np.array(_NORMAL_UPPER, dtype=float),
    BookTable.LOGISTIC: np.array(_LOGISTIC_UPPER, dtype=float),
}
"""The closed rows' upper ends as arrays, for :func:`table_expectancy_array`."""
_ROW_AT: dict[BookTable, npt.NDArray[np.int64]] = {
    k: np.searchsorted(v, np.arange(int(v[-1]) + 1), side="left") for k, v in _UPPER.items()
}
"""Each table's row of each whole difference 0 … the last closed row's upper end: the first
row whose upper end holds it (so a lookup is one index, not a search; D-loopspeed-5)."""
_ROW_AT_LISTS = {k: v.tolist() for k, v in _ROW_AT.items()}
"""The same as lists: the scalar rule reads them faster than arrays."""


def table_upper(table: BookTable | str = BookTable.NORMAL) -> npt.NDArray[np.float64]:
    """The upper ends of the table's closed rows (row ``k`` holds H = 50 + k)."""
    return _UPPER[_table(table)]


def table_row_at(table: BookTable | str = BookTable.NORMAL) -> npt.NDArray[np.int64]:
    """The table's row of each whole difference 0 … the last closed row's upper end (row
    ``k`` holds H = 50 + k; beyond, H = 100): what :func:`table_p` reads."""
    return _ROW_AT[_table(table)]


def table_rows(table: BookTable | str = BookTable.NORMAL) -> tuple[TableRow, ...]:
    """The rows of Table 2.11 (``"normal"``) or Table 8.46 (``"logistic"``).

    >>> table_rows("normal")[1]
    TableRow(lo=4, hi=10, h=51)
    >>> table_rows("logistic")[-1]
    TableRow(lo=921, hi=None, h=100)
    """
    return _TABLES[_table(table)]


def _table(table: BookTable | str) -> BookTable:
    try:
        return BookTable(table)
    except ValueError:
        raise ConfigError(f"unknown book table {table!r}; use 'normal' or 'logistic'") from None


def round_half_up(x: float, ndigits: int = 0) -> float:
    """Round with halves away from zero, as the book does (L1671: "The fraction 0.5 is
    rounded off upward"), on the decimal value ``x`` prints as.

    >>> round_half_up(2533.75), round_half_up(0.625, 2), round_half_up(-68.5)
    (2534.0, 0.63, -69.0)
    """
    if not math.isfinite(x):
        return x
    q = Decimal(1).scaleb(-ndigits)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


@rule
def half_away(x: float) -> float:
    """``x`` to a whole number, halves away from zero: the decimal rounding of
    :func:`round_half_up` to whole numbers (a float prints as ``n.5`` only
    when it is ``n + ½``), in arithmetic Numba compiles. ±inf stays.

    >>> half_away(2533.5), half_away(-68.5), half_away(1400.4999999999998), half_away(-math.inf)
    (2534.0, -69.0, 1400.0, -inf)
    """
    a = abs(x)
    if not a < math.inf:
        return x
    whole = float(math.floor(a))
    if a - whole >= 0.5:
        whole += 1.0
    return math.copysign(whole, x)


@rule
def table_p(d: float, row_at: Any) -> float:
    """P_D by a table whose row of each whole difference is ``row_at`` (row ``k``: H = 50 +
    k; :func:`table_row_at`): |D| rounded half up to an integer (inf stays inf), its row,
    H/100, or 1 − H/100 below 0; beyond the closed rows H = 100. The one lookup of Tables
    2.11 and 8.46 (the season loops compile it, :mod:`arpad.compiled`)."""
    a = math.floor(abs(d) + 0.5 + _EPS) if abs(d) < math.inf else math.inf
    h = 50 + int(row_at[int(a)]) if a < len(row_at) else 100
    return (h if d >= 0 else 100 - h) / 100.0


def table_expectancy(d: float, table: BookTable | str = BookTable.NORMAL) -> float:
    """P_D by the book's table: the expected score of a player ``d`` points above his opponent.

    ``d`` is rounded to an integer first (the tables cover integer differences only).

    >>> table_expectancy(25), table_expectancy(-70), table_expectancy(108)
    (0.53, 0.4, 0.65)
    >>> table_expectancy(25, "logistic"), table_expectancy(736)
    (0.54, 1.0)
    """
    if math.isnan(d):
        raise ConfigError("rating difference is NaN")
    return table_p(float(d), _ROW_AT_LISTS[_table(table)])


def table_expectancy_array(d: FloatArray, table: BookTable | str = BookTable.NORMAL) -> FloatArray:
    """:func:`table_expectancy` for every difference in ``d`` at once (the same doubles:
    the same half-up rounding of |D|, the same rows), for the batch engines.

    >>> table_expectancy_array(np.array([25.0, -70.0, 108.0, 736.0])).tolist()
    [0.53, 0.4, 0.65, 1.0]
    """
    x = np.asarray(d, dtype=float)
    if np.isnan(x).any():
        raise ConfigError("rating difference is NaN")
    row_at = _ROW_AT_LISTS[_table(table)]  # the one lookup, :func:`table_p`, per difference
    out: FloatArray = np.array([table_p(v, row_at) for v in x.ravel().tolist()]).reshape(x.shape)
    return out


class HalfRule(StrEnum):
    """What the table inverse does with a P exactly between two hundredths (.625)."""

    CONTINUOUS = "continuous"
    """The table's own curve inverted, rounded to an integer (.625 → 90, §2.13)."""
    UP = "up"
    """Round P half up (.625 → .63 → 95)."""
    INTERPOLATE = "interpolate"
    """The mean of the two rows' D_P (.62 → 87, .63 → 95: 91)."""


_EPS = 1e-9
"""Tolerance for values that are halves in exact arithmetic but not in binary (0.145·100)."""


def _half_up_int(x: float) -> int:
    """``x`` (≥ 0) rounded to an integer, halves up, robust to binary representation."""
    return math.floor(x + 0.5 + _EPS)


def _is_half_hundredth(p: float) -> bool:
    x = p * 100.0
    return abs(x - math.floor(x) - 0.5) < _EPS


def table_difference(
    p: float,
    table: BookTable | str = BookTable.NORMAL,
    *,
    half: HalfRule | str = HalfRule.CONTINUOUS,
) -> float:
    """D_P by the book's table: the rating difference indicated by a score fraction ``p``.

    Args:
        p: the score fraction W/N, 0 ≤ p ≤ 1.
        table: ``"normal"`` (Table 2.11) or ``"logistic"`` (Table 8.46).
        half: what to do with a ``p`` exactly halfway between two hundredths (.625):
            ``"continuous"`` (default) the table's own curve inverted and rounded to an
            integer, which gives the book's 90 for .625 (§2.13, L520); ``"up"`` round p
            half up (.625 → .63 → 95); ``"interpolate"`` the mean of the two rows' D_P
            (87 and 95 → 91).

    Returns:
        An integer-valued D_P; ±inf for p = 1 or 0 (indeterminate, §1.54, L354).

    Raises:
        ConfigError: p outside [0, 1] or an unknown ``half`` rule.

    >>> table_difference(0.70), table_difference(0.79), table_difference(0.47)
    (149.0, 230.0, -21.0)
    >>> table_difference(0.625), table_difference(0.625, half="up")
    (90.0, 95.0)
    >>> table_difference(14 / 18), table_difference(3.5 / 18)
    (220.0, -251.0)
    """
    if not 0.0 <= p <= 1.0:
        raise ConfigError(f"score fraction {p!r} is outside [0, 1]")
    if p == 1.0:
        return math.inf
    if p == 0.0:
        return -math.inf
    t = _table(table)
    try:
        rule = HalfRule(half)
    except ValueError:
        raise ConfigError(
            f"unknown half rule {half!r}; use 'continuous', 'up' or 'interpolate'"
        ) from None
    if _is_half_hundredth(p) and rule is not HalfRule.UP:
        if rule is HalfRule.CONTINUOUS:
            exact = normal_difference(p) if t is BookTable.NORMAL else logistic_difference(p)
            return round_half_up(exact)
        lower = math.floor(p * 100.0 + _EPS) / 100.0
        return (table_difference(lower, t) + table_difference(lower + 0.01, t)) / 2.0
    h = _half_up_int(p * 100.0)
    if h == 50:
        return 0.0
    if h < 50:
        return -_row_midpoint(t, 100 - h)
    return _row_midpoint(t, h)


def _row_midpoint(table: BookTable, h: int) -> float:
    # P rounding to 1.00 although 0 < P < 1 takes the last closed row (.99): decision D-elo-3.
    h = min(h, 99)
    for row in _TABLES[table]:
        if row.h == h:
            return float(row.midpoint)
    raise AssertionError(f"no row with H = {h}")  # pragma: no cover - every .50–.99 exists


# ---------------------------------------------------------------------------------------
# §8.85 small-sample correction factor F (L3397–3406)

F_TABLE_N: tuple[int, ...] = (5, 7, 9, 11, 13, 15, 17)
"""The row heads of the F table: number of games N."""
F_TABLE_DP: tuple[int, ...] = (50, 100, 150, 200, 250, 300, 350, 400)
"""The column heads of the F table: D_p from Table 2.11."""
F_TABLE: tuple[tuple[float, ...], ...] = (
    (0.96, 0.91, 0.85, 0.78, 0.71, 0.64, 0.57, 0.51),
    (0.96, 0.92, 0.86, 0.80, 0.73, 0.66, 0.59, 0.53),
    (0.97, 0.93, 0.87, 0.82, 0.75, 0.68, 0.61, 0.55),
    (0.97, 0.94, 0.89, 0.84, 0.77, 0.71, 0.64, 0.57),
    (0.98, 0.94, 0.89, 0.85, 0.78, 0.72, 0.65, 0.59),
    (0.99, 0.95, 0.90, 0.85, 0.80, 0.73, 0.67, 0.60),
    (0.99, 0.95, 0.90, 0.86, 0.81, 0.74, 0.68, 0.61),
)
"""F by row N (5, 7, …, 17) and column D_p (50, …, 400), as printed at L3399–3406."""

F_FULL_GAMES = 30
"""From 30 games F is 1: the factor is for ratings "on performances including less than
thirty games" (§2.59, L844)."""


def _interp(x: float, xs: tuple[int, ...], ys: tuple[float, ...]) -> float:
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    for i in range(len(xs) - 1):
        if xs[i] <= x <= xs[i + 1]:
            t = (x - xs[i]) / (xs[i + 1] - xs[i])
            return ys[i] + t * (ys[i + 1] - ys[i])
    raise AssertionError("unreachable")  # pragma: no cover


def small_sample_factor(n: int, d_p: float, *, interpolate: bool = True) -> float:
    """F of §8.85 (L3397–3406), the correction to D_p for a performance on N < 30 games.

    The book prints F for odd N from 5 to 17 and D_p from 50 to 400 and states no rule
    outside; our reading (decision D-elo-4):

    - F depends on |D_p| (the sign of D_p is kept by the caller: R_F = R_C + D_p·F);
    - between printed rows and columns, linear interpolation (``interpolate=True``) or the
      nearest printed cell at or below (``interpolate=False``: the lower N row, the lower
      D_p column);
    - |D_p| below 50: interpolated between F = 1 at D_p = 0 and the 50 column; above 400:
      the 400 column;
    - N below 5: the N = 5 row; N from 17 to 29: the N = 17 row; N ≥ 30: F = 1 (§2.59).

    >>> small_sample_factor(9, 200), small_sample_factor(5, 400), small_sample_factor(30, 200)
    (0.82, 0.51, 1.0)
    >>> round(small_sample_factor(10, 200), 3)
    0.83
    """
    if n < 0:
        raise ConfigError(f"number of games must be ≥ 0, not {n!r}")
    if n >= F_FULL_GAMES:
        return 1.0
    a = abs(d_p)
    if not math.isfinite(a):
        a = float(F_TABLE_DP[-1])
    n_eff = min(max(n, F_TABLE_N[0]), F_TABLE_N[-1])
    cols = (0, *F_TABLE_DP)

    def row_value(row: tuple[float, ...]) -> float:
        values = (1.0, *row)  # F = 1 at D_p = 0, where the factor has no effect anyway
        if interpolate:
            return _interp(a, cols, values)
        idx = max(i for i, c in enumerate(cols) if c <= a)
        return values[idx]

    per_row = tuple(row_value(r) for r in F_TABLE)
    if interpolate:
        return _interp(n_eff, F_TABLE_N, per_row)
    idx = max(i for i, rn in enumerate(F_TABLE_N) if rn <= n_eff)
    return per_row[idx]
