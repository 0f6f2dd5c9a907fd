"""Elo's expectancy curves, each as a continuous function or as the book's lookup table.

Source: elo-rating-of-chessplayers-1986.txt.

===================  ==========================================  =====================
curve                continuous P_D                              table (``mode=table``)
===================  ==========================================  =====================
``normal``           Φ(D / (C√2)), C = 200 → Φ(D/282.84) (§8.23)  Table 2.11 (§2.11)
``logistic``         1 / (1 + 10^(−D/2C)), eq. (46) (§8.43)       Table 8.46 (§8.46)
``logistic-e``       1 / (1 + e^(−D/C)), eq. (43) (§8.3)          —
``linear``           ½ + D/4C, eq. (25), |D| capped at 350 (§1.84) —
===================  ==========================================  =====================

Every curve has an inverse D(P): the tables by the book's lookup rules
(:func:`arpad.booktables.table_difference`), the normal by Φ⁻¹, the logistics in closed
form, the linear by eq. (26) D_p = 2C(2P − 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from arpad.booktables import (
    BookTable,
    HalfRule,
    table_difference,
    table_expectancy,
    table_expectancy_array,
)
from arpad.curves import (
    FloatArray,
    logistic_difference,
    logistic_expectancy,
    normal_difference,
    normal_expectancy,
)
from arpad.errors import ConfigError
from arpad.systems.elo import rules


class Curve(StrEnum):
    """The probability function a rating system is built on (Elo §8.2–§8.5, §8.73)."""

    NORMAL = "normal"
    LOGISTIC = "logistic"
    """Logistic to base √10 (eq. 46), the curve of today's FIDE and US Chess."""
    LOGISTIC_E = "logistic-e"
    """Logistic to base e (eq. 43): the class interval is the D at which the odds are e."""
    LINEAR = "linear"
    """The linear approximation (eq. 25) with the 350-point cap of §1.84."""


class Mode(StrEnum):
    """Expectancy by the book's printed table, or by the continuous function."""

    TABLE = "table"
    CONTINUOUS = "continuous"


CLASS_INTERVAL = 200.0
"""C = 200 rating points = one σ of individual performances (Elo §1.26, L284; §8.21)."""

LINEAR_CAP = 350.0
"""|D| is "entered into the summation as though [it] were just 350 points" (§1.84, L474)."""


@dataclass(frozen=True, slots=True)
class Expectancy:
    """One expectancy model: a curve, a mode, and the class interval C.

    >>> Expectancy().p(25.0), round(Expectancy(mode=Mode.CONTINUOUS).p(25.0), 4)
    (0.53, 0.5352)
    >>> Expectancy().d(0.70)
    149.0
    """

    curve: Curve = Curve.NORMAL
    mode: Mode = Mode.TABLE
    C: float = CLASS_INTERVAL
    linear_cap: float = LINEAR_CAP
    half: HalfRule = HalfRule.CONTINUOUS
    """How the table inverse treats a P exactly between two hundredths (see booktables)."""

    def __post_init__(self) -> None:
        if self.C <= 0:
            raise ConfigError(f"class interval C must be > 0, not {self.C!r}")
        if self.mode is Mode.TABLE:
            if self.curve in (Curve.LOGISTIC_E, Curve.LINEAR):
                raise ConfigError(
                    f"the book prints no table for the {self.curve.value!r} curve; "
                    "use mode 'continuous'"
                )
            if self.C != CLASS_INTERVAL:
                raise ConfigError(
                    f"the book's tables are for C = 200, not {self.C!r}; use mode 'continuous'"
                )

    @property
    def table(self) -> BookTable | None:
        """The book table used in table mode, else ``None``."""
        if self.mode is not Mode.TABLE:
            return None
        return BookTable.NORMAL if self.curve is Curve.NORMAL else BookTable.LOGISTIC

    def p(self, d: float) -> float:
        """P_D: the expected score of a player ``d`` points above his opponent."""
        table = self.table
        if table is not None:
            return table_expectancy(d, table)
        if self.curve is Curve.LOGISTIC:  # the scalar logistic the season loop compiles
            return logistic_expectancy(float(d), 2.0 * self.C, 10.0)
        if self.curve is Curve.LOGISTIC_E:
            return logistic_expectancy(float(d), self.C, math.e)
        if self.curve is Curve.NORMAL:  # the scalar normal curve the season loop compiles
            return rules.normal_p(float(d), self.C)
        return float(self.p_array(np.array([d], dtype=float))[0])

    def p_array(self, d: FloatArray) -> FloatArray:
        """P_D for every difference in ``d`` (the batch engines' and predictions' form)."""
        table = self.table
        if table is not None:
            return table_expectancy_array(d, table)
        if self.curve is Curve.NORMAL:
            return normal_expectancy(d, self.C * math.sqrt(2.0))
        if self.curve is Curve.LOGISTIC:
            return logistic_expectancy(d, 2.0 * self.C, 10.0)
        if self.curve is Curve.LOGISTIC_E:
            return logistic_expectancy(d, self.C, math.e)
        capped = np.clip(d, -self.linear_cap, self.linear_cap)
        out: FloatArray = 0.5 + capped / (4.0 * self.C)
        return out

    def rule_params(self, out: FloatArray) -> None:
        """This curve's entries of the flat configuration array :mod:`.rules` takes
        (``CURVE``, ``C_``, ``CAP``, ``LOGISTIC_K``)."""
        if self.mode == Mode.TABLE:
            normal = self.table == BookTable.NORMAL
            out[rules.CURVE] = rules.NORMAL_TABLE if normal else rules.LOGISTIC_TABLE
        elif self.curve == Curve.LINEAR:
            out[rules.CURVE] = rules.LINEAR
        elif self.curve == Curve.NORMAL:
            out[rules.CURVE] = rules.NORMAL
        else:
            out[rules.CURVE] = rules.LOGISTIC
            logistic = self.curve == Curve.LOGISTIC
            scale, base = (2.0 * self.C, 10.0) if logistic else (self.C, math.e)
            out[rules.LOGISTIC_K] = math.log(base) / scale
        out[rules.C_] = self.C
        out[rules.CAP] = self.linear_cap

    def d(self, p: float) -> float:
        """D_P: the rating difference indicated by the score fraction ``p`` (±inf at 1, 0)."""
        if not 0.0 <= p <= 1.0:
            raise ConfigError(f"score fraction {p!r} is outside [0, 1]")
        table = self.table
        if table is not None:
            return table_difference(p, table, half=self.half)
        if self.curve is Curve.NORMAL:
            return normal_difference(p, self.C * math.sqrt(2.0))
        if self.curve is Curve.LOGISTIC:
            return logistic_difference(p, 2.0 * self.C, 10.0)
        if self.curve is Curve.LOGISTIC_E:
            return logistic_difference(p, self.C, math.e)
        # Eq. (26), D_p = 2C(2P − 1); uncapped, so (10) R_p = R_c + 400(W − L)/N follows.
        return 2.0 * self.C * (2.0 * p - 1.0)

    def __call__(self, d: float) -> float:
        return self.p(d)
