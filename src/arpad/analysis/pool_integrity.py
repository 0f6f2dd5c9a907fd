"""Integrity of a rating pool: deflation, inflation, their monitoring and their control.

Source: elo-rating-of-chessplayers-1986.txt §3.5–§3.8 (L1163–1279), §4.6 (L1768–1781).

Pure functions over results (they will run on the ledger later):

- the point flow of a pool (§3.54, L1180–1192): what each event adds to or takes from the
  pool, the players' entry ratings R_i and final ratings R_q, and the (R_q − R_i) a system
  must feed in to avoid *systemic deflation*;
- victimisation by an underrated player (§3.61, printed "3.51", L1198) and the feedback points
  of §3.75 (L1247);
- bonus points for an exceptional performance (§3.74, L1245) with the z-M test (§3.63,
  table 3.64);
- entry of new players at the pool median (§3.76, L1249);
- monitoring (§3.81–§3.83, L1255–1272): the yearly average of well-established players aged
  25–40 and its trend with a significance test; the distribution of the established pool at
  two dates; rating-point exchanges between segments of open tournaments (table 3.84).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from scipy import stats

from arpad.analysis import reliability
from arpad.booktables import table_expectancy
from arpad.curves import NORMAL_SIGMA, normal_difference
from arpad.errors import ConfigError
from arpad.systems import EventRating

# -- the point flow of a pool (§3.54) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventFlow:
    """The rating points one event moves into (+) or out of (−) the pool."""

    event_id: str
    exchanged: float
    """Σ (post − pre) over players rated before and after: 0 for a zero-sum rule with equal
    K; positive when points are created (bonuses, unequal K), negative when destroyed."""
    entered: float
    """Σ of the first ratings of players who entered the pool in this event (their R_i)."""
    entrants: int


def event_flow(result: EventRating[object]) -> EventFlow:
    """Points an event exchanges within the pool and brings in with new players.

    >>> from arpad.systems import EventRating, PlayerRating
    >>> from arpad.model import Pool
    >>> r = EventRating("elo", "e", Pool.REGULAR, (
    ...     PlayerRating("a", 2000, 2008, 1, 1.0), PlayerRating("b", 2000, 1992, 1, 0.0),
    ...     PlayerRating("c", None, 1900, 4, 2.0)), {})
    >>> event_flow(r)
    EventFlow(event_id='e', exchanged=0.0, entered=1900.0, entrants=1)
    """
    exchanged = math.fsum(
        p.post - p.pre for p in result.players if p.pre is not None and p.post is not None
    )
    new = [p.post for p in result.players if p.pre is None and p.post is not None]
    return EventFlow(result.event_id, exchanged, math.fsum(new), len(new))


@dataclass(frozen=True, slots=True)
class PoolFlow:
    """The flow of points through a pool over a sequence of events (§3.54)."""

    events: tuple[EventFlow, ...]
    entry: Mapping[str, float]
    """R_i: each player's first rating in the pool."""
    last: Mapping[str, float]
    """Each player's latest rating (R_q for those who have quit)."""

    @property
    def exchanged(self) -> float:
        """Net points created (+) or destroyed (−) by the rating rule itself."""
        return math.fsum(e.exchanged for e in self.events)

    def taken_out(self, players: Iterable[str] | None = None) -> float:
        """Σ (R_q − R_i): "he takes out of the pool (R_q − R_i) points" (L1188); a system
        must feed in that many points to keep its integrity. Default: every player."""
        ids = list(self.last) if players is None else list(players)
        return math.fsum(self.last[p] - self.entry[p] for p in ids)

    @property
    def average_change(self) -> float:
        """The mean of (latest − entry) over all players: the drift of the pool."""
        if not self.last:
            return 0.0
        return self.taken_out() / len(self.last)


def pool_flow(results: Iterable[EventRating[object]]) -> PoolFlow:
    """The point flow of a pool from rated events in the order they were rated."""
    flows: list[EventFlow] = []
    entry: dict[str, float] = {}
    last: dict[str, float] = {}
    for result in results:
        flows.append(event_flow(result))
        for p in result.players:
            if p.pre is not None and p.player_id not in entry:
                entry[p.player_id] = p.pre
            if p.post is not None:
                entry.setdefault(p.player_id, p.post)
                last[p.player_id] = p.post
    return PoolFlow(tuple(flows), entry, last)


# -- victims, feedback, bonus (§3.61, §3.74, §3.75) -------------------------------------------


def victimisation(
    underrated_by: float, k: float, expectancy: Callable[[float], float] = table_expectancy
) -> float:
    """Points each opponent of an underrated player loses per game on average: K times the
    expectancy gap. "A 50-point difference … can make as much as a 7% difference in
    expectancy, and each opponent of the underrated player could lose .07K" (L1198).

    >>> round(victimisation(50, 1.0), 2)
    0.07
    """
    return k * (expectancy(underrated_by) - 0.5)


def feedback_points(score: float, games: int, expected: float, k: float) -> float:
    """§3.75 (L1247): "find the difference between the exceptional performer's percentage
    expectancy and his actual percentage score. This difference, multiplied by K, will
    indicate the feedback points to add to the post-event rating of each opponent."

    >>> feedback_points(9.0, 12, 6.0, 32)
    8.0
    """
    if games <= 0:
        raise ConfigError("feedback needs at least one game")
    return k * (score - expected) / games


def exceptional_threshold(games: int, probability: float = 0.05) -> float:
    """The excess score W − W_e above which a performance is exceptional at the given
    one-sided probability: z·√N/2 (table 3.64, §3.63–§3.64; σ of the game score ½√N), the
    z-M test of :func:`arpad.analysis.reliability.exceptional_threshold` restricted to a
    probability below ½ (a bonus for a performance below expectation makes no sense).

    >>> round(exceptional_threshold(9), 2), round(exceptional_threshold(12, 0.01), 2)
    (2.47, 4.03)
    """
    if games <= 0 or not 0.0 < probability < 0.5:
        raise ConfigError("the z-M test needs N > 0 and 0 < probability < 0.5")
    return reliability.exceptional_threshold(games, probability)


def is_exceptional(score: float, expected: float, games: int, probability: float = 0.05) -> bool:
    """The z-M test (§3.62–§3.64): is W − W_e at or above the threshold?"""
    return score - expected >= exceptional_threshold(games, probability)


def exceptional_bonus(new_rating: float, performance: float, games: int) -> float:
    """Bonus points for an exceptional performance (§3.74, L1245): enough "to bring his new
    rating within the range of the standard deviation of the performance rating", σ_p =
    C√2/√N (§8.95): max(0, R_p − σ_p − R_n).

    >>> round(exceptional_bonus(2000, 2300, 9), 1)
    205.7
    """
    if games <= 0:
        raise ConfigError("a bonus needs at least one game")
    sigma_p = NORMAL_SIGMA / math.sqrt(games)
    return max(0.0, performance - sigma_p - new_rating)


def median_entry_rating(ratings: Sequence[float]) -> float:
    """§3.76 (L1249): "new players may be entered at the median rating of the pool"."""
    if not ratings:
        raise ConfigError("the pool is empty")
    return float(statistics.median(ratings))


# -- monitoring (§3.81–§3.83) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """One player's rating in one year, for monitoring."""

    year: int
    player_id: str
    rating: float
    age: float | None = None
    games: int | None = None


@dataclass(frozen=True, slots=True)
class Trend:
    """The yearly average of a sample and its trend (§3.81)."""

    years: tuple[int, ...]
    averages: tuple[float, ...]
    counts: tuple[int, ...]
    slope: float
    """Least-squares change of the yearly average, rating points per year."""
    p_value: float
    """Two-sided p-value of the slope (t-test); "The change itself should be tested for
    significance" (L1255)."""

    def significant(self, level: float = 0.05) -> bool:
        return self.p_value < level


def established_sample_trend(
    observations: Iterable[Observation],
    *,
    ages: tuple[float, float] = (25.0, 40.0),
    min_games: int = 30,
) -> Trend:
    """§3.81 (L1255): "select a sample of well established players from the 25-40 years age
    group and determine the average rating each year. Systematic change in the average could
    indicate deflationary or inflationary trends."

    Players without an age, or with fewer than ``min_games`` games when games are known, are
    left out.

    Raises:
        ConfigError: fewer than three years with data (no trend can be tested).
    """
    by_year: dict[int, list[float]] = {}
    for o in observations:
        if o.age is None or not ages[0] <= o.age <= ages[1]:
            continue
        if o.games is not None and o.games < min_games:
            continue
        by_year.setdefault(o.year, []).append(o.rating)
    years = sorted(by_year)
    if len(years) < 3:
        raise ConfigError("a trend needs the sample's average in at least three years")
    averages = [statistics.fmean(by_year[y]) for y in years]
    fit = stats.linregress(years, averages)
    return Trend(
        tuple(years),
        tuple(averages),
        tuple(len(by_year[y]) for y in years),
        float(fit.slope),
        float(fit.pvalue),
    )


@dataclass(frozen=True, slots=True)
class Distribution:
    """Characteristics of a pool's ratings (§3.82)."""

    count: int
    mean: float
    sd: float
    median: float
    skewness: float


def describe_pool(ratings: Sequence[float]) -> Distribution:
    """Count, mean, SD (N − 1 divisor, note 1.25 L3765), median, skewness of a pool."""
    if len(ratings) < 2:
        raise ConfigError("a distribution needs at least two ratings")
    return Distribution(
        len(ratings),
        statistics.fmean(ratings),
        statistics.stdev(ratings),
        float(statistics.median(ratings)),
        float(stats.skew(ratings, bias=False)),
    )


@dataclass(frozen=True, slots=True)
class PoolComparison:
    """§3.82 (L1257): the established pool at two dates, "say at two-year intervals"."""

    before: Distribution
    after: Distribution
    mean_shift: float
    p_value: float
    """Welch's t-test of equal means."""


def compare_pools(before: Sequence[float], after: Sequence[float]) -> PoolComparison:
    """Compare the established pool at two dates (§3.82)."""
    a, b = describe_pool(before), describe_pool(after)
    test = stats.ttest_ind(before, after, equal_var=False)
    return PoolComparison(a, b, b.mean - a.mean, float(test.pvalue))


@dataclass(frozen=True, slots=True)
class Segment:
    """One row of a table like 3.84: rating-point exchanges of a group of players."""

    name: str
    players: int
    exceptional: int
    """Players whose performance passed the z-M test (the book: "Players Receiving Bonus
    Points")."""
    gain: float
    """Average normal point gain: the mean of K(W − W_e)."""

    @property
    def exceptional_share(self) -> float:
        return 100.0 * self.exceptional / self.players if self.players else 0.0


@dataclass(frozen=True, slots=True)
class Exchange:
    """One player's rated result in an open tournament, for table 3.84."""

    player_id: str
    rating: float
    junior: bool
    score: float
    expected: float
    games: int
    k: float


def point_exchanges(
    results: Iterable[Exchange], *, threshold: float = 1700.0, probability: float = 0.05
) -> tuple[Segment, ...]:
    """Rating-point exchanges between pool segments (§3.83, table 3.84): juniors and adults,
    above and below ``threshold`` (1700 in the book), with the number of exceptional
    performances and the average normal point gain K(W − W_e) of each group.

    The rows come in the book's order: juniors under, all juniors, all under, adults under,
    juniors over, all players, all adults, all over, adults over.
    """
    rows = list(results)
    groups: list[tuple[str, Callable[[Exchange], bool]]] = [
        (f"Juniors rated under {threshold:g}", lambda r: r.junior and r.rating < threshold),
        ("All juniors", lambda r: r.junior),
        (f"All players under {threshold:g}", lambda r: r.rating < threshold),
        (f"Adults under {threshold:g}", lambda r: not r.junior and r.rating < threshold),
        (f"Juniors over {threshold:g}", lambda r: r.junior and r.rating >= threshold),
        ("All players", lambda r: True),
        ("All adults", lambda r: not r.junior),
        (f"All players over {threshold:g}", lambda r: r.rating >= threshold),
        (f"Adults over {threshold:g}", lambda r: not r.junior and r.rating >= threshold),
    ]
    out = []
    for name, member in groups:
        picked = [r for r in rows if member(r)]
        gains = [r.k * (r.score - r.expected) for r in picked]
        exceptional = sum(
            1
            for r in picked
            if r.games > 0 and is_exceptional(r.score, r.expected, r.games, probability)
        )
        out.append(
            Segment(name, len(picked), exceptional, statistics.fmean(gains) if gains else 0.0)
        )
    return tuple(out)


def inflation_offset(levels: Mapping[str, tuple[float, float]]) -> Mapping[str, float]:
    """How far a pool's levels have moved: for each name, (observed − reference).

    §7.39 (L2505): after the 1977 adjustments, "For masters the 2300 level is more
    appropriate than 2200, and for potential titleholders the 2450 level rather than 2400."

    >>> inflation_offset({"master": (2200, 2300), "titleholder": (2400, 2450)})
    {'master': 100, 'titleholder': 50}
    """
    return {name: observed - reference for name, (reference, observed) in levels.items()}


def expectancy_gap_points(gap: float) -> float:
    """The rating difference that a gap in expectancy around .5 corresponds to (normal
    model), e.g. the .07 of §3.61 ≈ 50 points.

    >>> round(expectancy_gap_points(0.07))
    50
    """
    return float(normal_difference(0.5 + gap))
