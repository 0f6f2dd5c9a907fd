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
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.booktables import half_away, round_half_up, table_difference, table_p, table_row_at
from arpad.compiled import rule
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


# -- the configuration as numbers (what the rules below read) -------------------------------

# Index of each value in :func:`params`.
(K_NEW, NEW_GAMES, K_JUNIOR, JUNIOR_AGE, JUNIOR_BELOW, K_REGULAR, K_TOP, TOP, K_FAST,
 FAST_K_FROM, K_CAP, CAP, EXEMPT_FROM, FAST_GAP, FAST_GAP_ABOVE, FLOOR, FLOOR_2022,
 INIT_GAMES, INIT_MONTHS, ANCHOR, ANCHORS, INIT_MAX, STEP_2022, COMPRESSION, FACTOR,
 INIT_2022_ONLY, COMPRESSION_MONTH, ROUND_EACH) = range(28)  # fmt: skip
N_PARAMS = 28


def params(cfg: FideConfig) -> FloatArray:
    """The configuration's numbers as a flat array (indices above), for the rules."""
    fast_from = cfg.fast_standard_k_from
    values = {
        K_NEW: cfg.K_new,
        NEW_GAMES: cfg.new_games,
        K_JUNIOR: cfg.K_junior,
        JUNIOR_AGE: cfg.junior_age,
        JUNIOR_BELOW: cfg.junior_below,
        K_REGULAR: cfg.K_regular,
        K_TOP: cfg.K_top,
        TOP: cfg.top_threshold,
        K_FAST: cfg.K_rapid_blitz,
        FAST_K_FROM: math.inf if fast_from is None else month_number(fast_from),
        K_CAP: cfg.K_games_cap,
        CAP: cfg.cap_difference,
        EXEMPT_FROM: cfg.cap_exempt_from,
        FAST_GAP: cfg.fast_gap,
        FAST_GAP_ABOVE: cfg.fast_gap_above,
        FLOOR: cfg.floor,
        FLOOR_2022: cfg.floor_2022,
        INIT_GAMES: cfg.initial_games,
        INIT_MONTHS: cfg.initial_months,
        ANCHOR: cfg.initial_anchor,
        ANCHORS: cfg.initial_anchors,
        INIT_MAX: cfg.initial_max,
        STEP_2022: cfg.initial_step_2022,
        COMPRESSION: cfg.compression,
        FACTOR: cfg.compression_factor,
        INIT_2022_ONLY: cfg.era is Era.ERA_2022,
        COMPRESSION_MONTH: month_number(COMPRESSION_LIST),
        ROUND_EACH: cfg.rounding is Rounding.TOURNAMENT,
    }
    out = np.empty(N_PARAMS)
    for index, value in values.items():
        out[index] = float(value)
    return out


# -- rounding ---------------------------------------------------------------------------------


@rule
def rounded_change(k: float, hundredths: float) -> float:
    """§8.3.4: K × ΣΔ to the nearest whole number, 0.5 away from zero (F-P01: −2.50 → −3),
    with ΣΔ in exact hundredths (PD has two decimals and W is in halves, so ΣΔ is a whole
    number of hundredths: F-M20's −0.39 − 1.36 = −1.75, K 10, is −17.50 → −18).

    >>> rounded_change(10, -175), rounded_change(20, 462), rounded_change(1, -250)
    (-18.0, 92.0, -3.0)
    """
    x = k * hundredths
    whole = math.floor((abs(x) + 50.0) / 100.0)
    return math.copysign(whole, x) if whole != 0.0 else 0.0


def hundredths(x: float) -> float:
    """A value with two decimals (ΣΔ, K × ΣΔ) as its whole number of hundredths (other
    values as they are, × 100)."""
    h = x * 100.0
    whole = float(round(h))
    return whole if abs(h - whole) < 1e-6 else h


def round_change(x: float) -> int:
    """§8.3.4 for a change ``x`` = K × ΣΔ given as a float (:func:`rounded_change`).

    >>> round_change(-2.5), round_change(92.48), round_change(10 * (-0.39 - 1.36))
    (-3, 92, -18)
    """
    return int(rounded_change(1.0, hundredths(x)))


# -- tables 8.1.1 and 8.1.2 -----------------------------------------------------------------

ROW_AT = table_row_at("normal")
"""Table 8.1.2's row of each whole difference (D-fidecur-1: the rows of Elo's Table 2.11)."""
DP_BY_HUNDREDTH = np.array([table_difference(h / 100) for h in range(101)])
"""Table 8.1.1: dp for p = 0.00, 0.01, … 1.00."""


@rule
def expectancy_hundredths(d: float, row_at: Any) -> float:
    """PD × 100 for a rating difference ``d`` = own − opponent, by table 8.1.2 (|D| rounded
    half up; row H, or L = 1 − H): :func:`arpad.booktables.table_p`, the one lookup."""
    return float(math.floor(table_p(d, row_at) * 100.0 + 0.5))


def expectancy(d: float) -> float:
    """PD for a rating difference ``d`` = own − opponent, by table 8.1.2 (D-fidecur-1).

    >>> expectancy(413), expectancy(-344), expectancy(-345)
    (0.93, 0.12, 0.11)
    """
    return float(expectancy_hundredths(float(d), ROW_AT)) / 100.0


@rule
def dp_of(num: float, den: float, dp_table: Any) -> float:
    """dp by table 8.1.1 for p = ``num``/``den`` (whole numbers), p rounded to two
    decimals, half up, in whole-number arithmetic (exact, as the decimal text of p)."""
    h = math.floor((200.0 * num + den) / (2.0 * den))
    return float(dp_table[int(h)])


def dp(p: float) -> float:
    """dp for a fractional score ``p`` by table 8.1.1 (p rounded to two decimals, half up).

    >>> dp(4 / 7), dp(5 / 9), dp(2 / 7)
    (50.0, 43.0, -158.0)
    """
    return float(DP_BY_HUNDREDTH[round(round_half_up(p, 2) * 100)])


@rule
def performance(used_sum: float, games: float, score: float, dp_table: Any) -> float:
    """Ra + dp: the ratings used (capped opponents at own ± 400) averaged, plus dp of the
    score (FIDE's calculation page)."""
    return float(used_sum / games + dp_of(2.0 * score, 2.0 * games, dp_table))


# -- the 400-point rule, the 2650 exemption, the 600-point rule --------------------------------


@rule
def capped_game(
    own: float, opponent: float, cap: float, exempt: bool, allowed: bool
) -> tuple[float, bool]:
    """D for one game and whether the 400-point rule changed it (§8.3.1): ``exempt``, the
    player is rated 2650+ in a standard event since the amendment (full D); ``allowed``
    False for a 2022-era game past the one upgrade."""
    d = own - opponent
    if exempt or not allowed or abs(d) <= cap:
        return d, False
    return math.copysign(cap, d), True


def capped_difference(
    own: float, opponent: float, config: FideConfig, *, exempt: bool, capped: bool = True
) -> tuple[float, bool]:
    """:func:`capped_game` with the configuration's 400 points."""
    return capped_game(own, opponent, config.cap_difference, exempt, capped)


@rule
def upgrade_game(own: float, opponents: Any, n: int, cap: float) -> int:
    """The 2022 era's "only one upgrade" per tournament: the game (index) with the greatest
    difference in the player's favour over ``cap``, the latest on a tie; −1: none
    (D-fidecur-4)."""
    best, at = 0.0, -1
    for i in range(n):
        gap = own - opponents[i]
        if gap > cap and (at < 0 or gap >= best):
            best, at = gap, i
    return at


@rule
def exempt_player(own: float, era_2022: bool, applies: bool, exempt_from: float) -> bool:
    """Since 1 October 2025 a player rated 2650+ uses the full difference, in standard
    only, by his own rating (F-P01: 2813 uses 413; F-P02: his 2400 opponent sees 2800 *);
    ``applies``: :func:`cap_exemption_applies` of the event."""
    return not era_2022 and applies and own >= exempt_from


def cap_exempt(own: float, rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """:func:`exempt_player` for an event of this type and start (2024 rules)."""
    applies = cap_exemption_applies(rating_type, start, cfg)
    return bool(exempt_player(own, False, applies, cfg.cap_exempt_from))


def cap_exemption_applies(rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Whether the 2650 exemption applies to an event of this type and start at all."""
    since = cfg.cap_exempt_since
    if since is None or rating_type is not RatingType.STANDARD:
        return False
    return start is None or start >= since


@rule
def gap_unrated(a: float, b: float, applies: bool, gap: float, above: float) -> bool:
    """Rapid/blitz since 1 December 2024: a game between players ``gap`` (600) or more
    apart is not rated if either is rated above ``above`` (2600; D-fidecur-10);
    ``applies``: :func:`fast_gap_applies` of the event."""
    return applies and abs(a - b) >= gap and max(a, b) > above


def fast_gap_unrated(
    a: float, b: float, rating_type: RatingType, start: dt.date | None, cfg: FideConfig
) -> bool:
    """:func:`gap_unrated` for an event of this type and start."""
    applies = fast_gap_applies(rating_type, start, cfg)
    return bool(gap_unrated(a, b, applies, cfg.fast_gap, cfg.fast_gap_above))


def fast_gap_applies(rating_type: RatingType, start: dt.date | None, cfg: FideConfig) -> bool:
    """Whether the 600-point rule applies to an event of this type and start at all."""
    since = cfg.fast_gap_since
    if since is None or rating_type is RatingType.STANDARD:
        return False
    return start is None or start >= since


# -- K -------------------------------------------------------------------------------------


@rule
def k_base(
    rating: float, games: float, top: bool, birth: float, list_month: float, standard: bool, p: Any
) -> float:
    """K read from the list ``list_month`` (a :func:`month_number`: the list before the
    period), before the K × n ≤ 700 rule (§8.3.3; rapid and blitz §7.3.3); ``birth`` NaN
    when unknown.

    A junior is one until the end of the year of his 18th birthday: the year of the list K
    is read from, so a December event (the January period) still has the December list's
    K 40. Rapid and blitz: K 20 for everyone on lists before ``fast_standard_k_from``
    (October 2022), the standard rules from it (D-fiderules-1).
    """
    if not standard and list_month < p[FAST_K_FROM]:
        return float(p[K_FAST])
    if top:
        return float(p[K_TOP])
    if games < p[NEW_GAMES]:
        return float(p[K_NEW])
    year = math.floor(list_month / 12.0)
    if birth == birth and year - birth <= p[JUNIOR_AGE] and rating < p[JUNIOR_BELOW]:
        return float(p[K_JUNIOR])
    return float(p[K_REGULAR])


def base_k(
    rating: float,
    games: int,
    reached_top: bool,
    birth_year: int | None,
    list_month: int,
    rating_type: RatingType,
    cfg: FideConfig,
) -> int:
    """:func:`k_base` with a configuration and a rating type.

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
    birth = math.nan if birth_year is None else float(birth_year)
    standard = rating_type is RatingType.STANDARD
    return int(k_base(rating, games, reached_top, birth, list_month, standard, params(cfg)))


def reached_top(rating: float | None, peak: float | None, cfg: FideConfig) -> bool:
    """§8.3.3 "once a player's published rating has reached 2400": a rating or a known peak
    of ``top_threshold`` or more (the same test for ``rate`` and ``estimate``)."""
    top = cfg.top_threshold
    return (rating is not None and rating >= top) or (peak is not None and peak >= top)


@rule
def k_games(k: float, games: float, cap: float) -> float:
    """§8.3.3: if K × n exceeds 700, K is the largest whole number with K × n ≤ 700."""
    if games > 0 and k * games > cap:
        return float(math.floor(cap / games))
    return k


def k_for_games(k: int, games: int, cfg: FideConfig) -> int:
    """:func:`k_games` with the configuration's 700.

    >>> k_for_games(20, 39, FideConfig())   # F-P05
    17
    """
    return int(k_games(k, games, cfg.K_games_cap))


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


# -- floors, the March 2024 list -----------------------------------------------------------


@rule
def compressed(rating: float, factor: float) -> float:
    """The one-time increase of the March 2024 list: R + 0.40 × (2000 − R) for 1000–2000,
    rounded half up."""
    if 1000.0 <= rating <= 2000.0:
        return float(half_away(rating + factor * (2000.0 - rating)))
    return rating


def compress(rating: float, cfg: FideConfig) -> float:
    """:func:`compressed` with the configuration's factor.

    >>> compress(1000, FideConfig()), compress(1500, FideConfig()), compress(2100, FideConfig())
    (1400.0, 1700.0, 2100.0)
    """
    return float(compressed(float(rating), cfg.compression_factor))


@rule
def crosses_compression(before: float, after: float, p: Any) -> bool:
    """A standing on list ``before`` carried to list ``after`` (month numbers; −1: not
    known) crosses the March 2024 list, so takes its increase (when configured)."""
    month = p[COMPRESSION_MONTH]
    return p[COMPRESSION] != 0.0 and before >= 0.0 and before < month <= after


@rule
def list_floor(month: float, p: Any) -> float:
    """The lowest rating a list published in ``month`` (a month number) shows: 1400 from
    March 2024 (§7.2.1), 1001 before."""
    return float(p[FLOOR] if month >= p[COMPRESSION_MONTH] else p[FLOOR_2022])


def floor_for(month: str, cfg: FideConfig) -> float:
    """The lowest rating a list published in ``month`` shows."""
    return float(list_floor(month_number(month), params(cfg)))


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


@rule
def initial_2024(
    opponents: float, score: float, games: float, p: Any, dp_table: Any
) -> tuple[float, float, float, float]:
    """§8.2 since 1 March 2024: two hypothetical opponents rated 1800 scored as draws,
    Ra = (Σ opponents + 2 × 1800)/(n + 2), p = (W + 1)/(n + 2), Ru = Ra + dp, at most 2200:
    (Ru, Ra, p, dp)."""
    extra = p[ANCHORS]
    ra = (opponents + extra * p[ANCHOR]) / (games + extra)
    share = (score + extra / 2.0) / (games + extra)
    d = dp_of(2.0 * score + extra, 2.0 * (games + extra), dp_table)
    return float(min(half_away(ra + d), p[INIT_MAX])), float(ra), float(share), float(d)


@rule
def initial_2022(
    opponents: float, score: float, games: float, p: Any, dp_table: Any
) -> tuple[float, float, float, float]:
    """The rule of 1 January 2022 – 29 February 2024 (what FIDE's calculator still applies,
    F-I01–F-I08): Ra = the rated opponents' average; at 50 % or more Ru = Ra + 20 for each
    half point over 50 %, below it Ru = Ra + dp: (Ru, Ra, p, dp)."""
    ra = opponents / games
    half_points = half_away((score - games / 2.0) * 2.0)
    if half_points >= 0:
        d = half_points * p[STEP_2022]
    else:
        d = dp_of(2.0 * score, 2.0 * games, dp_table)
    return float(half_away(ra + d)), float(ra), float(score / games), float(d)


@rule
def initial_of_list(
    opponents: float, score: float, games: float, month: float, p: Any, dp_table: Any
) -> tuple[float, float, float, float, bool]:
    """§8.2 by the rule of the era of the list (month number) that publishes it
    (D-fidecur-7, D-fidecur-8): (Ru, Ra, p, dp, by the 2024 rule)."""
    if month >= p[COMPRESSION_MONTH] and p[INIT_2022_ONLY] == 0.0:
        ru, ra, share, d = initial_2024(opponents, score, games, p, dp_table)
        return ru, ra, share, d, True
    ru, ra, share, d = initial_2022(opponents, score, games, p, dp_table)
    return ru, ra, share, d, False


def initial_rating_2024(opponents: float, score: float, games: int, cfg: FideConfig) -> Initial:
    """:func:`initial_2024` as an :class:`Initial`.

    >>> initial_rating_2024(9507, 3.0, 5, FideConfig()).rating   # F-N01
    1922.0
    """
    ru, ra, share, d = initial_2024(opponents, score, games, params(cfg), DP_BY_HUNDREDTH)
    return Initial(ru, ra, share, d, "2024")


def initial_rating_2022(opponents: float, score: float, games: int, cfg: FideConfig) -> Initial:
    """:func:`initial_2022` as an :class:`Initial`.

    >>> initial_rating_2022(10000, 3.0, 5, FideConfig()).rating   # F-I01
    2020.0
    """
    ru, ra, share, d = initial_2022(opponents, score, games, params(cfg), DP_BY_HUNDREDTH)
    return Initial(ru, ra, share, d, "2022")
