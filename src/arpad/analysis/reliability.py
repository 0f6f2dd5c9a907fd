"""How reliable is a rating or a performance, and is a performance exceptional?

Source: elo-rating-of-chessplayers-1986.txt §2.5 (table 2.55, L813–832), §2.56 (L834),
§2.64 (L866–886), §3.63–§3.64 (the z-M test, table 3.64, L1214–1229) and §8.95, where the
expressions are developed (L3519–3531):

- standard deviation of a game score in N games: σ = √(N·p·q) (the binomial (69); the
  table takes p = q = ½, "which produces the maximum error values", L834);
- standard deviation of a performance rating: σ_p = σ'/√N with σ' = 200√2 = 282.84
  (L3523);
- probable error = .6745 × standard deviation (L3525; the z whose central area is ½);
- confidence level = the probability that the true R_p lies within ±½ class interval
  (±100 points) of the measurement: 2Φ(100/σ_p) − 1 (L3527–3531);
- the z-M test of an exceptional performance: the excess score W − W_e that a player
  reaches by chance with probability below 10 %, 5 % or 1 % (one-sided normal test with
  σ = ½√N, L1214–1229).

Every function takes plain numbers and returns plain numbers or frozen dataclasses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scipy.special import ndtr, ndtri

from arpad.curves import CLASS_INTERVAL, NORMAL_SIGMA
from arpad.errors import ConfigError

PROBABLE_ERROR_FACTOR = float(ndtri(0.75))
"""0.67449: the z whose central area is .500 (Elo §8.95, L3525, prints ".6745")."""

TABLE_2_55_GAMES: tuple[int, ...] = (5, 7, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100)
"""The numbers of games tabulated in table 2.55 (L819–832)."""

TABLE_3_64_GAMES: tuple[int, ...] = (5, 7, 9, 12, 15, 19)
"""The numbers of games tabulated in table 3.64 (L1222–1227)."""

TABLE_3_64_LEVELS: tuple[float, ...] = (0.10, 0.05, 0.01)
"""The probability levels of table 3.64 ("Probable occurrence less than", L1220)."""


def _check_games(games: float) -> None:
    if not games > 0:
        raise ConfigError(f"the number of games must be > 0, not {games!r}")


def _check_probability(p: float, name: str = "p") -> None:
    if not 0.0 <= p <= 1.0:
        raise ConfigError(f"{name} must be in [0, 1], not {p!r}")


def score_sd(games: float, p: float = 0.5) -> float:
    """Standard deviation of a game score in ``games`` games: √(N·p·q) (Elo §8.95, L3521).

    >>> round(score_sd(20, 0.75), 2)
    1.94
    >>> round(score_sd(20), 2)
    2.24
    """
    _check_games(games)
    _check_probability(p)
    return math.sqrt(games * p * (1.0 - p))


def score_sd_from_expectancies(expectancies: Sequence[float]) -> float:
    """√Σ p_i(1 − p_i): the score's standard deviation when each game has its own p.

    The game-by-game form of √(N·p·q) (Elo §8.95, L3521) for opponents of different
    strength; it equals :func:`score_sd` when every p_i is the same.

    >>> round(score_sd_from_expectancies([0.5] * 12), 2)
    1.73
    """
    if len(expectancies) == 0:
        raise ConfigError("no games")
    for p in expectancies:
        _check_probability(p)
    return math.sqrt(math.fsum(p * (1.0 - p) for p in expectancies))


def performance_sd(games: float, sigma: float = NORMAL_SIGMA) -> float:
    """Standard deviation of a performance rating in rating points: σ'/√N (L3523).

    >>> round(performance_sd(15))
    73
    """
    _check_games(games)
    return sigma / math.sqrt(games)


def probable_error(sd: float) -> float:
    """The probable error, .6745 × the standard deviation (L3525): the 50 % range.

    >>> round(probable_error(score_sd(20, 0.625)), 2)
    1.46
    """
    return PROBABLE_ERROR_FACTOR * sd


def confidence_level(
    games: float, half_width: float = CLASS_INTERVAL / 2, sigma: float = NORMAL_SIGMA
) -> float:
    """Probability that the true R_p lies within ±``half_width`` of the measurement.

    2Φ(half_width/σ_p) − 1 with σ_p = σ'/√N and half_width = ½C = 100 (Elo §2.54, L811;
    §8.95, L3527–3531: 15 games give z = 1.37 and .8294, "rounded at .83").

    >>> round(confidence_level(15), 2)
    0.83
    """
    z = half_width / performance_sd(games, sigma)
    return float(2.0 * ndtr(z) - 1.0)


@dataclass(frozen=True, slots=True)
class Reliability:
    """One row of table 2.55, "Expressions of Reliability" (L813–832)."""

    games: int
    sd_score: float
    """Standard deviation in W (game points)."""
    sd_rating: float
    """Standard deviation in E (rating points)."""
    pe_score: float
    """Probable error in W."""
    pe_rating: float
    """Probable error in E."""
    confidence: float
    """Confidence level: the true R_p within ±½C."""


def reliability(games: int, p: float = 0.5) -> Reliability:
    """The reliability of a rating or performance based on ``games`` games.

    ``p`` is the scoring probability; the book's table assumes p = q = ½ (L834).

    >>> r = reliability(30)
    >>> round(r.sd_score, 2), round(r.sd_rating, 1), round(r.pe_score, 2), round(r.confidence, 2)
    (2.74, 51.6, 1.85, 0.95)
    """
    sd_w = score_sd(games, p)
    sd_e = performance_sd(games)
    return Reliability(
        games=games,
        sd_score=sd_w,
        sd_rating=sd_e,
        pe_score=probable_error(sd_w),
        pe_rating=probable_error(sd_e),
        confidence=confidence_level(games),
    )


def reliability_table(games: Sequence[int] = TABLE_2_55_GAMES) -> tuple[Reliability, ...]:
    """Table 2.55 generated from its formulas (L813–832), one row per number of games."""
    return tuple(reliability(n) for n in games)


def exceptional_threshold(games: float, probability: float, p: float = 0.5) -> float:
    """The excess score W − W_e reached by chance with probability ``probability`` (table 3.64).

    A one-sided normal test on the game score: z_(1−α) · √(N·p·q), with p = q = ½ in the
    book's table (L1216–1227). Multiply by K for rating points (L1229).

    >>> round(exceptional_threshold(9, 0.05), 2)
    2.47
    """
    if not 0.0 < probability < 1.0:
        raise ConfigError(f"probability must be in (0, 1), not {probability!r}")
    return float(ndtri(1.0 - probability)) * score_sd(games, p)


def excess_probability(excess: float, games: float, p: float = 0.5) -> float:
    """Probability of an excess score of at least ``excess`` by chance (one-sided normal).

    >>> round(excess_probability(2.46, 9), 3)
    0.051
    """
    return float(1.0 - ndtr(excess / score_sd(games, p)))


def normal_tail(deviation: float, sd: float = 1.0) -> float:
    """Probability of a deviation of at least ``deviation`` above the mean of a normal
    distribution (one-sided). Elo §7.42 (L2526): 4σ gives .0000317, "one in 31,500".

    >>> round(1 / normal_tail(10.0, 2.5))
    31574
    """
    if not sd > 0:
        raise ConfigError(f"sd must be > 0, not {sd!r}")
    return float(1.0 - ndtr(deviation / sd))


def exceptional_table(
    games: Sequence[int] = TABLE_3_64_GAMES, levels: Sequence[float] = TABLE_3_64_LEVELS
) -> tuple[tuple[float, ...], ...]:
    """Table 3.64 generated from its rule: one row per number of games, one column per level."""
    return tuple(tuple(exceptional_threshold(n, a) for a in levels) for n in games)


@dataclass(frozen=True, slots=True)
class ZMTest:
    """The z-M test of one performance (Elo §3.62–§3.64)."""

    score: float
    expected: float
    games: int
    level: float
    threshold: float
    """The excess score that is exceptional at ``level``."""
    probability: float
    """The one-sided probability of an excess at least this large."""

    @property
    def excess(self) -> float:
        """W − W_e."""
        return self.score - self.expected

    @property
    def exceptional(self) -> bool:
        """True when the excess reaches the threshold (the book's "or more", L1229)."""
        return self.excess >= self.threshold


def z_m_test(score: float, expected: float, games: int, level: float = 0.05) -> ZMTest:
    """Is a performance exceptional? "less than 10% or, better yet, less than 5%" (L1214).

    Each administrator may set the level (L1214); the default is 5 %.

    >>> z_m_test(score=7.0, expected=4.5, games=9).exceptional
    True
    """
    return ZMTest(
        score=score,
        expected=expected,
        games=games,
        level=level,
        threshold=exceptional_threshold(games, level),
        probability=excess_probability(score - expected, games),
    )


def feedback_points(score: float, expected: float, k: float) -> float:
    """Points to add to each opponent of an exceptional performer (Elo §3.75, L1247).

    "find the difference between the exceptional performer's percentage expectancy and his
    actual percentage score. This difference, multiplied by K, will indicate the feedback
    points to add to the post-event rating of each opponent." ``score`` and ``expected``
    are the performer's percentage score and percentage expectancy (fractions of one).

    >>> round(feedback_points(0.78, 0.57, 16), 2)
    3.36
    """
    return (score - expected) * k


def bonus_to_within_sd(post: float, performance: float, games: int) -> float:
    """Bonus points for an exceptional performer (§3.74, L1245): "bring his new rating
    within the range of the standard deviation of the performance rating", i.e. up to
    R_p − σ_p with σ_p = 282.84/√N; 0 when it is already there (decision D-analysis-9).

    >>> round(bonus_to_within_sd(post=2210.0, performance=2400.0, games=9), 1)
    95.7
    """
    return max(0.0, performance - performance_sd(games) - post)


@dataclass(frozen=True, slots=True)
class ToleranceCheck:
    """Observed against expected counts of deviations beyond PE, SD and 3 PE (Elo §2.64)."""

    count: int
    probable_error: float
    sd: float
    beyond_pe: int
    expected_beyond_pe: float
    beyond_sd: int
    expected_beyond_sd: float
    beyond_3pe: int
    expected_beyond_3pe: float


def _two_sided_tail(z: float) -> float:
    return float(2.0 * (1.0 - ndtr(z)))


def tolerance_check(
    deviations: Sequence[float], sd: float, probable_error: float | None = None
) -> ToleranceCheck:
    """Compare the deviations W − W_e of a tournament with "statistical tolerance" (§2.64).

    The book (L886) counts the deviations whose size exceeds the probable error (half are
    expected to), the standard deviation (about a third) and three probable errors (about
    5 %). ``probable_error`` defaults to .6745 × ``sd``; the book quotes 1.27 and 1.91 for
    Wijk aan Zee 1975 without deriving them.

    >>> tolerance_check([0.1, -2.0, 1.5, -0.3], sd=1.0).beyond_sd
    2
    """
    pe = PROBABLE_ERROR_FACTOR * sd if probable_error is None else probable_error
    n = len(deviations)
    sizes = [abs(d) for d in deviations]
    return ToleranceCheck(
        count=n,
        probable_error=pe,
        sd=sd,
        beyond_pe=sum(1 for s in sizes if s > pe),
        expected_beyond_pe=n * _two_sided_tail(pe / sd),
        beyond_sd=sum(1 for s in sizes if s > sd),
        expected_beyond_sd=n * _two_sided_tail(1.0),
        beyond_3pe=sum(1 for s in sizes if s > 3.0 * pe),
        expected_beyond_3pe=n * _two_sided_tail(3.0 * pe / sd),
    )
