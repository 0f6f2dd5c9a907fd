"""The FIDE Rating Regulations in force now (1 March 2024, amended 1 October 2025) and the
previous era (1 January 2022 – 29 February 2024): configuration, eras and the pure rules.

The regulations' text is not among the project's seeds. Every rule here is read from FIDE's
own published calculations and calculator answers (``../shared/data/fide-current-calculations``,
cited as ``F-C``/``F-I``/``F-P``/``F-M``/``F-N`` cases) and from the regulations' public text
as quoted by FIDE news pages; each reading is a decision in ``docs/decisions.md``
(``D-fidecur-N``), and ``docs/fide.md`` lists the rules one by one.

- §8.1.1 (p → dp) and §8.1.2 (D → PD): the same tables as Elo's Table 2.11
  (:mod:`arpad.booktables`), checked against every game of FIDE's published calculations
  (D-fidecur-1);
- §8.3.1 the 400-point rule, with the 2650 exemption of 1 October 2025 (standard only, by the
  player's own rating; D-fidecur-3) and, in the 2022 era, one upgrade per tournament
  (D-fidecur-4);
- §8.3.3 K (40 new / 40 junior / 20 / 10; K × n ≤ 700; D-fidecur-5), read from the list
  before the period; rapid and blitz 20 until the September 2022 list, the standard rules
  from the October 2022 list (rapid/blitz §7.3.3; D-fiderules-1);
- the one-time raise of rapid/blitz ratings to standard − 100 on the October 2022 list
  (D-fiderules-2) and rapid/blitz §7.2.1, an unrated player rated with his standard rating
  (D-fiderules-3);
- §8.3.4 the period's change rounded once, 0.5 away from zero (D-fidecur-6);
- §8.2 initial ratings, both eras (D-fidecur-7, D-fidecur-8);
- the one-time compression of March 2024 and the 1400 floor (D-fidecur-9).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from arpad.booktables import round_half_up, table_difference, table_rows
from arpad.config import Config, bounds
from arpad.errors import ConfigError
from arpad.model import Pool

FloatArray = npt.NDArray[np.float64]

ERA_2024_START = dt.date(2024, 3, 1)
"""The regulations of 1 March 2024 (FIDE QC, "New rating regulations come into force")."""
COMPRESSION_LIST = "2024-03"
"""The list on which the one-time increase 0.40 × (2000 − R) was applied."""


class Era(StrEnum):
    """Which regulations rate an event."""

    AUTO = "auto"
    """By the event's start date: ``2024`` from 1 March 2024, else ``2022``."""
    ERA_2022 = "2022"
    """1 January 2022 – 29 February 2024."""
    ERA_2024 = "2024"
    """From 1 March 2024, with the amendments of 1 December 2024 (rapid/blitz) and
    1 October 2025 (2650+) by their own dates."""


class Rounding(StrEnum):
    """How a period's change is rounded (§8.3.4; D-fidecur-6)."""

    PERIOD = "period"
    """Once, on the period's total (the text; 13 of 14 discriminating published periods)."""
    TOURNAMENT = "tournament"
    """Each tournament's K × ΣΔ separately (reproduces F-P02 only)."""


class RatingType(StrEnum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


RATING_TYPE_OF_POOL: dict[Pool, RatingType] = {
    Pool.REGULAR: RatingType.STANDARD,
    Pool.QUICK: RatingType.RAPID,
    Pool.BLITZ: RatingType.BLITZ,
}
"""arpad's pools as FIDE's three rating lists (US Chess "quick" = FIDE rapid)."""


@dataclass(frozen=True)
class FideConfig(Config):
    """FIDE's current rules; every number they name is a field with its value as default."""

    era: Era = field(default=Era.AUTO, metadata=bounds(doc="auto (by start date) | 2022 | 2024"))
    rounding: Rounding = field(
        default=Rounding.PERIOD,
        metadata=bounds(doc="round the period's change once | per tournament (§8.3.4)"),
    )
    K_new: int = field(default=40, metadata=bounds(1, None, doc="K until 30 games (§8.3.3)"))
    new_games: int = field(default=30, metadata=bounds(0, None, doc="K_new until this many"))
    K_junior: int = field(default=40, metadata=bounds(1, None, doc="juniors under 2300"))
    junior_age: int = field(
        default=18, metadata=bounds(0, None, doc="junior to the end of the year of this age")
    )
    junior_below: float = field(default=2300.0, metadata=bounds(doc="junior K below this"))
    K_regular: int = field(default=20, metadata=bounds(1, None, doc="K below 2400"))
    K_top: int = field(default=10, metadata=bounds(1, None, doc="K once published ≥ 2400"))
    top_threshold: float = field(default=2400.0, metadata=bounds(doc="K_top from this"))
    K_rapid_blitz: int = field(
        default=20, metadata=bounds(1, None, doc="rapid and blitz K before fast_standard_k_from")
    )
    fast_standard_k_from: str | None = field(
        default="2022-10",
        metadata=bounds(doc="rapid/blitz K by the standard rules from this list (None: never)"),
    )
    fast_raise_list: str | None = field(
        default="2022-10",
        metadata=bounds(
            doc="list of the one-time rapid/blitz raise to standard − gap (None: never)"
        ),
    )
    fast_raise_gap: float = field(
        default=100.0, metadata=bounds(0, None, doc="raised to standard − this if further below")
    )
    fast_seed_from_standard: bool = field(
        default=True,
        metadata=bounds(doc="rapid/blitz §7.2.1: an unrated player with a standard rating uses it"),
    )
    K_games_cap: int = field(
        default=700, metadata=bounds(1, None, doc="K × n ≤ this in a period (§8.3.3)")
    )
    cap_difference: float = field(
        default=400.0, metadata=bounds(0, None, doc="the 400-point rule (§8.3.1)")
    )
    cap_exempt_from: float = field(
        default=2650.0, metadata=bounds(doc="standard: own rating ≥ this uses the full D")
    )
    cap_exempt_since: dt.date | None = field(
        default=dt.date(2025, 10, 1),
        metadata=bounds(doc="events starting from this date (None: never)"),
    )
    fast_gap: float = field(
        default=600.0, metadata=bounds(0, None, doc="rapid/blitz: gaps of this many not rated")
    )
    fast_gap_above: float = field(
        default=2600.0, metadata=bounds(doc="…when either player is rated above this")
    )
    fast_gap_since: dt.date | None = field(
        default=dt.date(2024, 12, 1),
        metadata=bounds(doc="rapid/blitz gap rule for events from (None: never)"),
    )
    floor: float = field(default=1400.0, metadata=bounds(doc="lowest published rating (2024)"))
    floor_2022: float = field(default=1001.0, metadata=bounds(doc="lowest published (2022)"))
    initial_games: int = field(
        default=5, metadata=bounds(1, None, doc="games vs rated opponents for a first rating")
    )
    initial_months: int = field(
        default=26, metadata=bounds(1, None, doc="…within this many months (§8.2)")
    )
    initial_anchor: float = field(
        default=1800.0, metadata=bounds(doc="rating of the hypothetical opponents (2024)")
    )
    initial_anchors: int = field(
        default=2, metadata=bounds(0, None, doc="hypothetical opponents, scored as draws")
    )
    initial_max: float = field(default=2200.0, metadata=bounds(doc="highest initial rating"))
    initial_step_2022: float = field(
        default=20.0, metadata=bounds(doc="2022: + this per half point over 50 %")
    )
    compression: bool = field(
        default=True, metadata=bounds(doc="apply the March 2024 increase to lists crossing it")
    )
    compression_factor: float = field(
        default=0.40, metadata=bounds(0, 1, doc="R + f × (2000 − R) for 1000 ≤ R ≤ 2000")
    )

    period: str | None = field(
        default=None,
        metadata=bounds(doc="list (YYYY-MM) that publishes the events; None: month after end"),
    )

    def check(self) -> None:
        for name in ("period", "fast_standard_k_from", "fast_raise_list"):
            value = getattr(self, name)
            if value is not None and not re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", value):
                raise ConfigError(f"{name} must look like 2025-12, not {value!r}")
        if self.K_games_cap < self.K_top:
            raise ConfigError("K_games_cap must be at least K_top")


# -- eras -----------------------------------------------------------------------------------


def era_for(start: dt.date | None, config: FideConfig) -> Era:
    """The regulations that rate an event starting on ``start`` (undated: the current ones)."""
    if config.era is not Era.AUTO:
        return config.era
    if start is not None and start < ERA_2024_START:
        return Era.ERA_2022
    return Era.ERA_2024


def month_of(day: dt.date) -> str:
    """``"YYYY-MM"``: the name of the monthly list in force on ``day``."""
    return f"{day.year:04d}-{day.month:02d}"


def next_month(month: str) -> str:
    """The list after ``month``: ``"2025-12"`` → ``"2026-01"``."""
    y, m = int(month[:4]), int(month[5:7])
    return f"{y + m // 12:04d}-{m % 12 + 1:02d}"


def month_number(month: str) -> int:
    """``"YYYY-MM"`` as a number of months (year × 12 + month − 1), so that lists compare
    and subtract as whole numbers: ``month_number(m) - 1`` is the list before ``m``.

    >>> month_number("2025-01") - month_number("2024-12")
    1
    """
    return int(month[:4]) * 12 + int(month[5:7]) - 1


def months_between(earlier: str, later: str) -> int:
    return (int(later[:4]) - int(earlier[:4])) * 12 + int(later[5:7]) - int(earlier[5:7])


def list_era(month: str) -> Era:
    """The regulations a list is published under (for floors and initial ratings)."""
    return Era.ERA_2024 if month >= COMPRESSION_LIST else Era.ERA_2022


# -- tables 8.1.1 and 8.1.2 -----------------------------------------------------------------

_UPPER = np.array([row.hi for row in table_rows("normal") if row.hi is not None], dtype=float)


def expectancy(d: float) -> float:
    """PD for a rating difference ``d`` = own − opponent, by table 8.1.2 (D-fidecur-1).

    >>> expectancy(413), expectancy(-344), expectancy(-345)
    (0.93, 0.12, 0.11)
    """
    return float(expectancy_array(np.asarray([d], dtype=float))[0])


def expectancy_array(d: FloatArray) -> FloatArray:
    """Table 8.1.2 over an array of differences (|D| rounded half up; row H, or L = 1 − H)."""
    a = np.floor(np.abs(d) + 0.5)
    h = 50 + np.searchsorted(_UPPER, a, side="left")
    out: FloatArray = np.where(d >= 0, h, 100 - h) / 100.0
    return out


def dp(p: float) -> float:
    """dp for a fractional score ``p`` by table 8.1.1 (p rounded to two decimals, half up).

    >>> dp(4 / 7), dp(5 / 9), dp(2 / 7)
    (50.0, 43.0, -158.0)
    """
    return table_difference(round_half_up(p, 2))


def capped_difference(
    own: float, opponent: float, config: FideConfig, *, exempt: bool, capped: bool = True
) -> tuple[float, bool]:
    """D for one game and whether the 400-point rule changed it (§8.3.1).

    ``exempt``: the player is rated ≥ 2650 in a standard event started since the amendment,
    so uses the full difference; ``capped=False`` for a 2022-era game past the one upgrade.
    """
    d = own - opponent
    if exempt or not capped or abs(d) <= config.cap_difference:
        return d, False
    return math.copysign(config.cap_difference, d), True


def cap_exempt(own: float, rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Since 1 October 2025 a player rated 2650+ uses the full difference, in standard only,
    by his own rating (F-P01: 2813 uses 413; F-P02: his 2400 opponent sees 2800 *)."""
    return own >= cfg.cap_exempt_from and cap_exemption_applies(rating_type, start, cfg)


def cap_exemption_applies(rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Whether the 2650 exemption applies to an event of this type and start at all."""
    since = cfg.cap_exempt_since
    if since is None or rating_type is not RatingType.STANDARD:
        return False
    return start is None or start >= since


def fast_gap_unrated(
    a: float, b: float, rating_type: RatingType, start: dt.date | None, cfg: FideConfig
) -> bool:
    """Rapid/blitz since 1 December 2024: a game between players ``fast_gap`` or more apart is
    not rated if either is rated above ``fast_gap_above`` (D-fidecur-10)."""
    if not fast_gap_applies(rating_type, start, cfg):
        return False
    return abs(a - b) >= cfg.fast_gap and max(a, b) > cfg.fast_gap_above


def fast_gap_applies(rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Whether the 600-point rule applies to an event of this type and start at all."""
    since = cfg.fast_gap_since
    if since is None or rating_type is RatingType.STANDARD:
        return False
    return start is None or start >= since


# -- K -------------------------------------------------------------------------------------


def base_k(
    rating: float,
    games: int,
    reached_top: bool,
    birth_year: int | None,
    list_month: int,
    rating_type: RatingType,
    cfg: FideConfig,
) -> int:
    """K read from the list ``list_month`` (a :func:`month_number`: the list before the
    period), before the K × n ≤ 700 rule (§8.3.3; rapid and blitz §7.3.3).

    A junior is one until the end of the year of his 18th birthday: the year of the list K is
    read from, so a December event (the January period) still has the December list's K 40.
    Rapid and blitz: K 20 for everyone on lists before ``fast_standard_k_from`` (October
    2022), the standard rules from it (D-fiderules-1).

    >>> jan = month_number("2025-01")
    >>> base_k(2100, 12, False, None, jan, RatingType.STANDARD, FideConfig())
    40
    >>> base_k(2250, 80, False, 2007, month_number("2025-12"), RatingType.STANDARD, FideConfig())
    40
    >>> base_k(2250, 80, False, 2007, month_number("2026-01"), RatingType.STANDARD, FideConfig())
    20
    >>> base_k(2380, 500, True, None, jan, RatingType.STANDARD, FideConfig())
    10
    >>> base_k(2500, 500, True, None, month_number("2022-09"), RatingType.BLITZ, FideConfig())
    20
    >>> base_k(2500, 500, True, None, month_number("2022-10"), RatingType.BLITZ, FideConfig())
    10
    """
    if rating_type is not RatingType.STANDARD and not fast_k_follows_standard(list_month, cfg):
        return cfg.K_rapid_blitz
    if reached_top:
        return cfg.K_top
    if games < cfg.new_games:
        return cfg.K_new
    year = list_month // 12
    junior = birth_year is not None and year - birth_year <= cfg.junior_age
    if junior and rating < cfg.junior_below:
        return cfg.K_junior
    return cfg.K_regular


def fast_k_follows_standard(list_month: int, cfg: FideConfig) -> bool:
    """Whether rapid and blitz K read from list ``list_month`` follow the standard rules
    (from the October 2022 list: FIDE Council, in force 1 October 2022; D-fiderules-1)."""
    since = cfg.fast_standard_k_from
    return since is not None and list_month >= month_number(since)


def reached_top(rating: float | None, peak: float | None, cfg: FideConfig) -> bool:
    """§8.3.3 "once a player's published rating has reached 2400": a rating or a known peak
    of ``top_threshold`` or more (the same test for ``rate`` and ``estimate``)."""
    top = cfg.top_threshold
    return (rating is not None and rating >= top) or (peak is not None and peak >= top)


def k_for_games(k: int, games: int, cfg: FideConfig) -> int:
    """§8.3.3: if K × n exceeds 700, K is the largest whole number with K × n ≤ 700.

    >>> k_for_games(20, 39, FideConfig())   # F-P05
    17
    """
    if games > 0 and k * games > cfg.K_games_cap:
        return cfg.K_games_cap // games
    return k


# -- rapid and blitz: the October 2022 raise, §7.2.1 ----------------------------------------


def fast_raise_crossed(
    before: str | None, after: str | None, rating_type: RatingType, cfg: FideConfig
) -> bool:
    """Whether a rapid/blitz standing carried from list ``before`` to list ``after`` crosses
    the list of the one-time raise (October 2022; D-fiderules-2)."""
    day = cfg.fast_raise_list
    if day is None or rating_type is RatingType.STANDARD or before is None or after is None:
        return False
    return before < day <= after


def fast_raise(rating: float, standard: float, cfg: FideConfig) -> float:
    """The one-time raise of the October 2022 rapid and blitz lists: a rating more than 100
    below the player's standard rating becomes the standard rating − 100 (FIDE Council,
    in force 1 October 2022; D-fiderules-2).

    >>> fast_raise(2283, 2732, FideConfig()), fast_raise(2650, 2732, FideConfig())
    (2632.0, 2650.0)
    """
    return float(max(rating, standard - cfg.fast_raise_gap))


def fast_seed_applies(rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Rapid/blitz §7.2.1 (regulations of 1 March 2024): "If an unrated player has a standard
    rating at the beginning of a rapid or blitz tournament, their standard rating is used
    for rating calculation" (D-fiderules-3; events of the 2024 era only)."""
    if not cfg.fast_seed_from_standard or rating_type is RatingType.STANDARD:
        return False
    return era_for(start, cfg) is Era.ERA_2024


# -- rounding, floors, the March 2024 list --------------------------------------------------


def round_change(x: float) -> int:
    """§8.3.4: to the nearest whole number, 0.5 away from zero (F-P01: −2.50 → −3).

    The exact change is a whole multiple of 0.01 (PD has two decimals), so binary noise is
    removed first (F-M20: −0.39 − 1.36 = −1.75, K 10, is −17.50 → −18, not −17.4999…).

    >>> round_change(-2.5), round_change(92.48), round_change(10 * (-0.39 - 1.36))
    (-3, 92, -18)
    """
    return int(round_half_up(round(x, 6)))


def compress(rating: float, cfg: FideConfig) -> float:
    """The one-time increase of the March 2024 list: R + 0.40 × (2000 − R) for 1000–2000.

    >>> compress(1000, FideConfig()), compress(1500, FideConfig()), compress(2100, FideConfig())
    (1400.0, 1700.0, 2100.0)
    """
    if 1000.0 <= rating <= 2000.0:
        return float(round_half_up(rating + cfg.compression_factor * (2000.0 - rating)))
    return float(rating)


def floor_for(month: str, cfg: FideConfig) -> float:
    """The lowest rating a list published in ``month`` shows."""
    return cfg.floor if list_era(month) is Era.ERA_2024 else cfg.floor_2022


# -- initial ratings (§8.2) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Initial:
    """An initial rating and how it was reached."""

    rating: float
    """Ru rounded to a whole number (before the floor)."""
    average: float
    """Ra."""
    p: float
    dp: float
    rule: str


def initial_rating_2024(opponents: float, score: float, games: int, cfg: FideConfig) -> Initial:
    """§8.2 since 1 March 2024: two hypothetical opponents rated 1800 scored as draws,
    Ra = (Σ opponents + 2 × 1800)/(n + 2), p = (W + 1)/(n + 2), Ru = Ra + dp, at most 2200.

    >>> initial_rating_2024(9507, 3.0, 5, FideConfig()).rating   # F-N01
    1922.0
    """
    extra = cfg.initial_anchors
    ra = (opponents + extra * cfg.initial_anchor) / (games + extra)
    p = (score + extra / 2) / (games + extra)
    d = dp(p)
    ru = min(float(round_half_up(ra + d)), cfg.initial_max)
    return Initial(ru, ra, p, d, "2024")


def initial_rating_2022(opponents: float, score: float, games: int, cfg: FideConfig) -> Initial:
    """The rule of 1 January 2022 – 29 February 2024 (what FIDE's calculator still applies,
    F-I01–F-I08): Ra = the rated opponents' average; at 50 % or more Ru = Ra + 20 for each
    half point over 50 %, below it Ru = Ra + dp.

    >>> initial_rating_2022(10000, 3.0, 5, FideConfig()).rating   # F-I01
    2020.0
    """
    ra = opponents / games
    p = score / games
    half_points = round_half_up((score - games / 2) * 2)
    d = half_points * cfg.initial_step_2022 if half_points >= 0 else dp(p)
    return Initial(float(round_half_up(ra + d)), ra, p, d, "2022")
