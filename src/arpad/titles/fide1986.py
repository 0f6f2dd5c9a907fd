"""FIDE titles and title norms as the book prints the regulations in 1986.

Source: elo-rating-of-chessplayers-1986.txt §4.2–§4.3 (L1377–1700), §4.51–§4.52 (L1744).

- norm levels (§4.32, L1535): GM 2600, IM 2450, WGM 2300, IWM 2150;
- title average R_f (¶4.4, L1673; §4.52): unrated players (and women rated under 2205 in
  mixed events) at 2200, unrated women in women's events at 1900; rounded half up (L1671);
  "Non-FIDE players and unrated players who fail to score are excluded";
- categories and percentages (¶4.3, L1580–1609): category k covers 2251 + 25(k−1) …
  2275 + 25(k−1), category kW 1951 + 25(k−1) …; the required percentage is the Table 2.11
  value at D = norm − (lower bound − 1) — checked against all 55 printed cells;
- the chart of points (L1613–1666, badly garbled in the text) generated from its rule: the
  smallest multiple of ½ not below p·N/100 − 0.05, for N games (spec elo-book-part1.md §11.6);
- title tournament requirements (¶4.1, L1545–1575), minimum ratings for titles (¶4.4,
  L1676–1680), the pre-1970 norm rule (§4.24, L1454–1460).
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from arpad.booktables import round_half_up, table_expectancy
from arpad.config import Config, bounds, with_options
from arpad.model import Event, PlayerEntry
from arpad.systems.elo.groups import round_robin_cycles
from arpad.titles import Check, Fact, NormReport, NormResult, TitleSystem


class Title(StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    IWM = "IWM"


NORM_LEVEL: Mapping[Title, int] = {Title.GM: 2600, Title.IM: 2450, Title.WGM: 2300, Title.IWM: 2150}
"""The performance a title result must exceed (§4.32, L1535)."""

MINIMUM_RATING: Mapping[Title, int] = {
    Title.GM: 2450,
    Title.IM: 2350,
    Title.WGM: 2200,
    Title.IWM: 2100,
}
""""for all titles a minimum rating requirement applies" (¶4.4, L1676–1680)."""

FIDE_MASTER_RATING: Mapping[str, int] = {"men": 2300, "women": 2050}
"""FIDE Master: "only the rating requirement applies, and for a span of at least 24 games"
(¶4.4, L1682)."""

NORM_GAMES = 24
"""Title results must "include at least twenty-four games within a five-year period"
(§4.32, L1535)."""

CHAMPIONSHIP_TITLES: tuple[tuple[str, str, str], ...] = (
    ("Men's Interzonal", "Qualification for Men's Candidates Competition", "GM"),
    ("World Junior", "First place", "One statutory GM result"),
    ("Women's World", "First place", "IM"),
    ("Any Continental Junior Ch.", "First place", "IM"),
    ("Any Men's Zonal", "Qualification for Men's Interzonal", "IM"),
    ("Women's Interzonal", "Qualification for Women's Candidates Competition", "WGM"),
)
"""Titles from a single performance in a championship (¶4.4, L1690–1696)."""

PERCENT_D_RANGE = (-150, 200)
"""The ¶4.3 table prints percentages for D = norm − (lower bound − 1) from 200 (76 %) down to
−150 (30 %)."""

PERCENTAGES: tuple[int, ...] = tuple(
    round(table_expectancy(d) * 100) for d in range(PERCENT_D_RANGE[1], PERCENT_D_RANGE[0] - 1, -25)
)
"""The fifteen percentages of ¶4.3, 76 … 30, one per 25-point step of D."""

FIRST_WOMENS_CATEGORY_LOW = 1951
FIRST_CATEGORY_LOW = 2251
LAST_PRINTED_CATEGORY = 16


@dataclass(frozen=True, slots=True)
class Category:
    """A tournament category of ¶4.3: number, women's (``W``) or not, its rating band."""

    number: int
    women: bool
    low: int
    high: int
    printed: bool
    """Whether the ¶4.3 table prints this category (1W–12W, 1–16)."""

    @property
    def label(self) -> str:
        return f"{self.number}W" if self.women else str(self.number)


def category(average: float) -> Category | None:
    """The ¶4.3 category of a tournament average R_f (rounded half up first).

    >>> category(2413).label, category(2600).label, category(2188).label
    ('7', '14', '10W')
    >>> category(1950) is None, category(2700).printed
    (True, False)
    """
    r = int(round_half_up(average))
    if r < FIRST_WOMENS_CATEGORY_LOW:
        return None
    if r < FIRST_CATEGORY_LOW:
        k = (r - FIRST_WOMENS_CATEGORY_LOW) // 25 + 1
        low = FIRST_WOMENS_CATEGORY_LOW + 25 * (k - 1)
        return Category(k, True, low, low + 24, True)
    k = (r - FIRST_CATEGORY_LOW) // 25 + 1
    low = FIRST_CATEGORY_LOW + 25 * (k - 1)
    return Category(k, False, low, low + 24, k <= LAST_PRINTED_CATEGORY)


def required_percentage(cat: Category, title: Title | str) -> int | None:
    """The ¶4.3 percentage score for a title result in a category, or ``None`` where the
    table prints none: P_D of Table 2.11 at D = norm − (lower bound − 1).

    >>> c = category(2413)
    >>> required_percentage(c, "GM"), required_percentage(c, "IM"), required_percentage(c, "WGM")
    (76, 57, 36)
    >>> required_percentage(category(2413), "IWM") is None
    True
    """
    d = NORM_LEVEL[Title(title)] - (cat.low - 1)
    if not PERCENT_D_RANGE[0] <= d <= PERCENT_D_RANGE[1]:
        return None
    return round(table_expectancy(d) * 100)


def required_points(percentage: int, games: int) -> float:
    """Points required for a title result: the smallest multiple of ½ that is at least
    ``percentage``·N/100 − 0.05 (the rule that generates the ¶4.3 chart; spec §11.6).

    >>> required_points(76, 9), required_points(67, 15), required_points(60, 15)
    (7.0, 10.0, 9.0)
    """
    if games <= 0:
        return math.inf
    x = Fraction(percentage * games, 100) - Fraction(1, 20)
    return math.ceil(x * 2) / 2


def points_chart(participants: int, cycles: int = 1) -> dict[int, float]:
    """One row of the ¶4.3 points chart: percentage → points, for N = (n − 1)·cycles games.

    >>> points_chart(10)[76], points_chart(20)[47]
    (7.0, 9.0)
    """
    games = (participants - 1) * cycles
    return {p: required_points(p, games) for p in PERCENTAGES}


def minimum_counts(participants: int) -> dict[str, int]:
    """The left-hand columns of the points chart (¶4.1 as minimums for n players):
    players not from one federation ⌈n/3⌉, rated players n − ⌊n/5⌋, titleholders ⌈n/2⌉.

    >>> minimum_counts(15)
    {'games': 14, 'not from one federation': 5, 'rated': 12, 'titleholders': 8}
    """
    n = participants
    return {
        "games": n - 1,
        "not from one federation": -(-n // 3),
        "rated": n - n // 5,
        "titleholders": -(-n // 2),
    }


def pre1970_requirement(gm: int, im: int, untitled: int, title: Title | str) -> tuple[float, float]:
    """The norm of 1965–1970 (§4.24, L1444–1466): 55/75/85 % against GMs/IMs/others for a
    GM norm, 35/55/75 % for an IM norm; "The candidate's score … had to exceed the summation
    of the requirements". Returns ``(summation, points needed)``, the points being the next
    half point strictly above the summation.

    >>> pre1970_requirement(5, 7, 3, "GM"), pre1970_requirement(5, 7, 3, "IM")
    ((10.55, 11.0), (7.85, 8.0))
    """
    rates = {"GM": (55, 75, 85), "IM": (35, 55, 75)}[Title(title).value]
    total = Fraction(gm * rates[0] + im * rates[1] + untitled * rates[2], 100)
    needed = Fraction(math.floor(total * 2) + 1, 2)
    return float(total), float(needed)


IN_FORCE = (dt.date(1971, 1, 1), dt.date(1986, 12, 31))
"""The events these rules are taken to cover (D-titles-1): from the first official
rating list of 1971, "the beginning of the current titles process" (§4.25, L1466), to the
end of 1986, when the book printed them; arpad has no text of the versions between 1987
and 2023, so events then are checked under the nearest version, with a warning."""


# -- an event's norms ---------------------------------------------------------------------


@dataclass(frozen=True)
class TitleConfig(Config):
    """Options of the FIDE 1986 norm check (``arpad norms FILE -o NAME=VALUE``)."""

    R_U: float = field(default=2200.0, metadata=bounds(doc="unrated entered at 2200 (¶4.4)"))
    R_U_women: float = field(
        default=1900.0, metadata=bounds(doc="unrated women in women's events at 1900")
    )
    women_floor: float = field(
        default=2205.0,
        metadata=bounds(doc="women rated under this count as R_U in mixed events (¶4.4)"),
    )
    floor_all: bool = field(
        default=False, metadata=bounds(doc="also count men rated under R_U as R_U")
    )
    womens_event: bool | None = field(
        default=None, metadata=bounds(doc="exclusively women's event; None = all players f")
    )
    zonal: bool = field(
        default=False, metadata=bounds(doc="1985-86 zonal: the 20 % unrated limit is waived")
    )
    national_championship: bool = field(
        default=False, metadata=bounds(doc="¶4.14: federation rules waived")
    )
    show_all: bool = field(
        default=False, metadata=bounds(doc="list norms not earned and titles already held")
    )


def _is_woman(p: PlayerEntry) -> bool:
    return p.sex is not None and p.sex.strip().lower() in ("f", "w", "female")


TITLE_CODES = frozenset(
    {"GM", "IM", "FM", "WGM", "WIM", "IWM", "WFM", "G", "M", "F", "WG", "WM", "WF"}
)
"""FIDE over-the-board titles (¶1.11, L1505–1513) as event files write them (TRF uses
g, m, f, wg, wm, wf)."""


_HELD_LEVEL = {
    "GM": 2600,
    "G": 2600,
    "IM": 2450,
    "M": 2450,
    "WGM": 2300,
    "WG": 2300,
    "WIM": 2150,
    "IWM": 2150,
    "WM": 2150,
}


def holds(p: PlayerEntry, title: Title) -> bool:
    """Whether the player already holds ``title`` or a title with a higher norm level."""
    if p.title is None:
        return False
    level = _HELD_LEVEL.get(p.title.strip().upper())
    return level is not None and level >= NORM_LEVEL[title]


def _titleholder(p: PlayerEntry) -> bool:
    return p.title is not None and p.title.strip().upper() in TITLE_CODES


def title_average(
    event: Event, players: list[PlayerEntry], config: TitleConfig, women_only: bool
) -> tuple[float, dict[str, float]]:
    """R_f (¶4.4, §4.52): each player's entered value and their average, rounded half up."""
    values: dict[str, float] = {}
    for p in players:
        if p.rating is None:
            values[p.id] = config.R_U_women if women_only and _is_woman(p) else config.R_U
        elif women_only:
            values[p.id] = p.rating
        elif _is_woman(p) and p.rating < config.women_floor:
            values[p.id] = config.R_U
        elif config.floor_all:
            values[p.id] = max(p.rating, config.R_U)
        else:
            values[p.id] = p.rating
    avg = round_half_up(math.fsum(values.values()) / len(values)) if values else math.nan
    return avg, values


def tournament_checks(
    event: Event, players: list[PlayerEntry], config: TitleConfig, women_only: bool, rounds: int
) -> tuple[Check, ...]:
    """The requirements of an International Title Tournament (¶4.1, L1545–1575)."""
    n = len(players)
    unrated = sum(1 for p in players if p.rating is None)
    strong_level = 2000 if women_only else 2300
    strong = sum(1 for p in players if _titleholder(p) or (p.rating or 0) > strong_level)
    feds = Counter(p.federation.strip().upper() for p in players if p.federation)
    known = sum(feds.values())
    checks = [Check("at least 9 rounds", rounds >= 9, f"{rounds} rounds")]
    if config.zonal:
        checks.append(Check("at most 20 % unrated", None, f"{unrated} of {n}; waived (¶4.13)"))
    else:
        checks.append(Check("at most 20 % unrated", unrated * 5 <= n, f"{unrated} of {n} unrated"))
    checks.append(
        Check(
            f"half titleholders or rated over {strong_level}",
            strong * 2 >= n,
            f"{strong} of {n}",
        )
    )
    if config.national_championship:
        checks.append(Check("federations", None, "waived for a national championship (¶4.14)"))
    elif known < n:
        checks.append(Check("at least 3 federations", None, f"federation missing for {n - known}"))
    else:
        largest = max(feds.values()) if feds else 0
        checks.append(Check("at least 3 federations", len(feds) >= 3, f"{len(feds)} federations"))
        checks.append(
            Check(
                "a third not from one federation",
                (n - largest) * 3 >= n,
                f"{n - largest} of {n} not from the largest",
            )
        )
    for name in (
        "at most one round a day (two on one or two days, not in the last three rounds)",
        "at most 46 moves in two hours",
        "played within 90 days",
    ):
        checks.append(Check(name, None, "not in the event file"))
    return tuple(checks)


def norm_report(event: Event, options: Mapping[str, str] | None = None) -> NormReport:
    """Every FIDE title result (norm) in ``event`` under the 1986 regulations."""
    return report(event, with_options(TitleConfig(), dict(options or {})))


def report(event: Event, config: TitleConfig) -> NormReport:
    """:func:`norm_report` under a configuration (the :class:`TitleSystem` hook)."""
    results = event.results_by_player()
    women_only = (
        config.womens_event
        if config.womens_event is not None
        else bool(event.players) and all(_is_woman(p) for p in event.players)
    )
    # Forfeits are already outside the rated games; unrated players who fail to score go.
    active = [p for p in event.players if results[p.id]]
    excluded = {
        p.id for p in active if p.rating is None and math.fsum(s for _, s in results[p.id]) == 0
    }
    notes = [
        f"unrated {event.label(pid)!r} failed to score: excluded (§4.52)"
        for pid in sorted(excluded)
    ]
    # A player whose every opponent was excluded has no game left to judge a norm on.
    alone = {
        p.id
        for p in active
        if p.id not in excluded and all(o in excluded for o, _ in results[p.id])
    }
    notes += [
        f"{event.label(pid)!r} played only excluded players: no games left" for pid in sorted(alone)
    ]
    players = [p for p in active if p.id not in excluded and p.id not in alone]
    r_f, values = title_average(event, players, config, women_only)
    ids = [p.id for p in players]
    cycles = round_robin_cycles(event, ids)
    rounds = max(
        (len([o for o, _ in results[p.id] if o not in excluded]) for p in players), default=0
    )
    checks = tournament_checks(event, players, config, women_only, rounds)
    facts: list[Fact] = [Fact("participants", len(players))]
    out: list[NormResult] = []
    if cycles is None:
        notes.append(
            "not a complete round robin: each player's category comes from the average of "
            "his opponents (the book prints no Swiss procedure)"
        )
    else:
        cat = category(r_f)
        facts += [Fact("R_f", float(r_f), 0), Fact("category", cat.label if cat else None)]
        if cat is not None and not cat.printed:
            notes.append(f"category {cat.label} is beyond the printed table (rule extended)")
    for p in players:
        games = [(o, s) for o, s in results[p.id] if o not in excluded]
        score = math.fsum(s for _, s in games)
        n = len(games)
        avg = round_half_up(math.fsum(values[o] for o, _ in games) / n) if cycles is None else r_f
        cat = category(avg)
        titles = [Title.GM, Title.IM] + ([Title.WGM, Title.IWM] if _is_woman(p) else [])
        for title in titles:
            if holds(p, title) and not config.show_all:
                continue
            pct = None if cat is None else required_percentage(cat, title)
            needed = None if pct is None else required_points(pct, n)
            earned = needed is not None and score >= needed
            if not earned and not config.show_all:
                continue
            rated = p.rating if p.rating is not None else None
            minimum = MINIMUM_RATING[title]
            facts_p = (
                Fact("average", float(avg), 0),
                Fact("category", cat.label if cat else None),
                Fact("required %", pct),
                Fact("norm level", NORM_LEVEL[title]),
                Fact("rating minimum", minimum),
                Fact("rating minimum met", rated is not None and rated >= minimum),
            )
            out.append(
                NormResult(p.id, p.name or p.id, title.value, earned, score, n, needed, facts_p)
            )
    return NormReport(
        system="fide1986",
        event_id=event.id,
        event_name=event.name,
        facts=tuple(facts),
        checks=checks,
        results=tuple(out),
        notes=tuple(notes),
    )


TITLE_SYSTEM = TitleSystem(
    name="fide1986",
    title="FIDE title regulations (1986)",
    source="elo-rating-of-chessplayers-1986.txt §4.1–§4.3",
    config_type=TitleConfig,
    norm_report_fn=report,
    family="FIDE title regulations",
    in_force=IN_FORCE,
)
