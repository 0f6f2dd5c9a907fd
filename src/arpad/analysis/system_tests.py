"""Tests of a rating system: observed against expected scores by rating-difference class,
the comparison of expectancy curves, and the fit of a distribution (normality of a list).

Source: elo-rating-of-chessplayers-1986.txt §2.6–§2.7 (L887–933), §8.74 (L3328–3344) and
§8.96 (L3533–3662).

- The pairings test (§8.96, L3568–3583): games "grouped according to rating difference
  between the paired players, and f_o, the results of the lower-rated player, were
  tabulated and compared with f_e, his normal expectancies. The lower player was used
  because a lower f_e produces a higher χ² and makes the test more severe." Here f_e is the
  sum of the expectancies of each game (the curve is a parameter), f_o = W + D/2.
- The distribution test (the 1976 U.S. Open, the USCF and Belgian lists, large Swisses):
  intervals of a histogram, the expected proportion of each from a model (normal with the
  given mean and SD; the tails open-ended), f_e = proportion × total, then (73).
- §8.74: which of the normal and the logistic curve fits real games better. The book's
  caution applies (L3330): ratings produced with one curve cannot fairly judge the other;
  :mod:`arpad.analysis.real_data` fits each curve's own ratings before testing.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.special import ndtr

from arpad.analysis.chi_square import (
    MIN_EXPECTED,
    ChiSquare,
    chi_square,
    merge_small_intervals,
)
from arpad.curves import logistic_expectancy, normal_expectancy
from arpad.errors import ConfigError

FloatArray = npt.NDArray[np.float64]
Curve = Callable[[FloatArray], FloatArray]
"""A vectorised expectancy curve: rating difference R − R_opp → expected score."""

CURVES: Mapping[str, Curve] = {
    "normal": normal_expectancy,
    "logistic": logistic_expectancy,
}
"""The two curves the book compares (§8.73–§8.74): Φ(D/282.84) and 1/(1 + 10^(−D/400))."""

MILWAUKEE_EDGES: tuple[float, ...] = (0, 50, 100, 150, 200, 250, 300, 350, 400, 500)
"""The classes of the pairings test, 0–50, 51–100, …, 351–400, 401–500 (L3572–3580)."""


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game with both players' ratings at the time; ``score`` is White's."""

    white_rating: float
    black_rating: float
    score: float
    white: str = ""
    black: str = ""
    period: int | None = None
    """A period number (month, year …) for fitting ratings on earlier games."""
    line: int | None = None

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise ConfigError(f"score must be 1, 0.5 or 0, not {self.score!r}")


@dataclass(frozen=True, slots=True)
class DifferenceClass:
    """The games of one rating-difference class, from the lower-rated player's side."""

    low: float
    high: float | None
    """Upper bound (inclusive); ``None`` for the open top class."""
    games: int
    wins: int
    losses: int
    draws: int
    observed: float
    """f_o = W + D/2 of the lower-rated player."""
    expected: float
    """f_e = Σ of his expectancies."""
    variance: float
    """Σ p(1 − p) over the games: the variance of f_o under the model (§8.95)."""
    difference_sum: float
    """Σ |D| (for the class's mean difference)."""

    @property
    def label(self) -> str:
        lo = f"{self.low:g}" if self.low == 0 else f"{self.low + 1:g}"
        return f"over {self.low:g}" if self.high is None else f"{lo}-{self.high:g}"

    @property
    def mean_difference(self) -> float:
        return self.difference_sum / self.games if self.games else math.nan

    @property
    def observed_share(self) -> float:
        """f_o / games: the lower-rated player's percentage score."""
        return self.observed / self.games if self.games else math.nan

    @property
    def expected_share(self) -> float:
        return self.expected / self.games if self.games else math.nan

    @property
    def sd(self) -> float:
        """Standard deviation of f_o, √Σ p q (the binomial σ of §8.95 game by game)."""
        return math.sqrt(self.variance)


def _as_arrays(games: Sequence[RatedGame]) -> tuple[FloatArray, FloatArray]:
    if not games:
        raise ConfigError("no games to test")
    white = np.array([g.white_rating for g in games], dtype=float)
    black = np.array([g.black_rating for g in games], dtype=float)
    score = np.array([g.score for g in games], dtype=float)
    # The lower-rated player; on equal ratings Black is taken as the lower (decision
    # D-analysis-5), so White's first-move advantage shows as a deficit at D = 0.
    white_lower = white < black
    d = np.abs(white - black)
    lower_score = np.where(white_lower, score, 1.0 - score)
    return d, lower_score


def difference_classes(
    games: Sequence[RatedGame],
    curve: Curve,
    edges: Sequence[float] = MILWAUKEE_EDGES,
    open_top: bool = True,
) -> tuple[tuple[DifferenceClass, ...], int]:
    """Group games by |D| into classes ``[e0, e1], (e1, e2], …`` (plus ``over`` the last
    edge when ``open_top``) and total each class from the lower-rated player's side.

    Returns the classes and the number of games left out (above the last edge when not
    ``open_top``).
    """
    if len(edges) < 2 or any(b <= a for a, b in itertools.pairwise(edges)):
        raise ConfigError(f"class edges must increase, got {tuple(edges)!r}")
    if edges[0] != 0:
        raise ConfigError("the first class edge must be 0")
    d, lower_score = _as_arrays(games)
    p = np.asarray(curve(-d), dtype=float)
    bounds = list(edges) + ([math.inf] if open_top else [])
    index = np.searchsorted(np.asarray(bounds[1:], dtype=float), d, side="left")
    classes = []
    used = 0
    for k in range(len(bounds) - 1):
        mask = index == k
        n = int(mask.sum())
        used += n
        s = lower_score[mask]
        high = None if math.isinf(bounds[k + 1]) else float(bounds[k + 1])
        classes.append(
            DifferenceClass(
                low=float(bounds[k]),
                high=high,
                games=n,
                wins=int((s == 1.0).sum()),
                losses=int((s == 0.0).sum()),
                draws=int((s == 0.5).sum()),
                observed=float(s.sum()),
                expected=float(p[mask].sum()),
                variance=float((p[mask] * (1.0 - p[mask])).sum()),
                difference_sum=float(d[mask].sum()),
            )
        )
    return tuple(classes), len(games) - used


@dataclass(frozen=True, slots=True)
class RatingDifferenceTest:
    """Observed against expected scores by rating-difference class under one curve."""

    curve: str
    classes: tuple[DifferenceClass, ...]
    chi_square: ChiSquare | None
    """(73) over the classes, after merging classes that expect fewer than 5 points;
    ``None`` when fewer than two classes remain."""
    labels: tuple[str, ...]
    """The classes entering the χ² (merged ones joined with ``+``)."""
    games: int
    excluded: int
    brier: float
    """Mean of (score − expectancy)² over the games (lower is better)."""
    log_loss: float
    """Mean of −[s ln E + (1 − s) ln(1 − E)] over the games (lower is better)."""


def rating_difference_test(
    games: Sequence[RatedGame],
    curve: Curve,
    name: str = "",
    edges: Sequence[float] = MILWAUKEE_EDGES,
    open_top: bool = True,
) -> RatingDifferenceTest:
    """The book's pairings test (§8.96, L3568–3583) of ``curve`` on ``games``.

    >>> games = [RatedGame(1600.0, 1500.0, s) for s in (1.0, 0.5, 0.0, 1.0)] * 10
    >>> t = rating_difference_test(games, normal_expectancy, "normal")
    >>> t.classes[1].label, t.classes[1].games, t.classes[1].observed
    ('51-100', 40, 15.0)
    >>> t.chi_square is None  # a single class: no degrees of freedom
    True
    """
    classes, excluded = difference_classes(games, curve, edges, open_top)
    kept = [c for c in classes if c.games > 0]
    if not kept:
        raise ConfigError("no games fall in the classes")
    obs, exp, labels = merge_small_intervals(
        [c.observed for c in kept], [c.expected for c in kept], [c.label for c in kept]
    )
    n = len(games) - excluded
    chi = chi_square(obs, exp, observations=n) if len(exp) > 1 else None
    d, lower_score = _as_arrays(games)
    p = np.clip(np.asarray(curve(-d), dtype=float), 1e-12, 1 - 1e-12)
    keep = np.ones_like(d, dtype=bool) if open_top else d <= edges[-1]
    s, pk = lower_score[keep], p[keep]
    return RatingDifferenceTest(
        curve=name,
        classes=classes,
        chi_square=chi,
        labels=labels,
        games=n,
        excluded=excluded,
        brier=float(np.mean((s - pk) ** 2)),
        log_loss=float(np.mean(-(s * np.log(pk) + (1 - s) * np.log1p(-pk)))),
    )


@dataclass(frozen=True, slots=True)
class CurveComparison:
    """The same games tested under several curves (the §8.74 experiment, done for real)."""

    tests: tuple[RatingDifferenceTest, ...]

    @property
    def best(self) -> RatingDifferenceTest:
        """The curve with the smallest χ² (the book's criterion of fit); where no χ² could
        be computed, the smallest log-loss."""
        if all(t.chi_square is not None for t in self.tests):
            return min(self.tests, key=lambda t: t.chi_square.statistic if t.chi_square else 0.0)
        return min(self.tests, key=lambda t: t.log_loss)

    def test(self, name: str) -> RatingDifferenceTest:
        for t in self.tests:
            if t.curve == name:
                return t
        raise KeyError(name)


def compare_curves(
    games: Sequence[RatedGame] | Mapping[str, Sequence[RatedGame]],
    curves: Mapping[str, Curve] = CURVES,
    edges: Sequence[float] = MILWAUKEE_EDGES,
) -> CurveComparison:
    """Run :func:`rating_difference_test` for every curve.

    ``games`` may map each curve name to its own games (ratings fitted with that curve,
    as §8.74 requires), or be one list used for every curve.
    """
    tests = []
    for name, curve in curves.items():
        own = games[name] if isinstance(games, Mapping) else games
        tests.append(rating_difference_test(own, curve, name, edges))
    return CurveComparison(tuple(tests))


# --- the fit of a distribution (normality of a rating list or of scores) -----------------


@dataclass(frozen=True, slots=True)
class IntervalFit:
    """One interval of a distribution test."""

    low: float | None
    """Lower boundary (``None``: open below)."""
    high: float | None
    proportion: float
    expected: float
    observed: float


@dataclass(frozen=True, slots=True)
class DistributionTest:
    """A histogram tested against a model distribution with (73)."""

    model: str
    intervals: tuple[IntervalFit, ...]
    chi_square: ChiSquare


def model_fit_test(
    boundaries: Sequence[float],
    counts: Sequence[float],
    cdf: Callable[[FloatArray], FloatArray],
    model: str = "",
    restrictions: int = 1,
    minimum_expected: float = MIN_EXPECTED,
) -> DistributionTest:
    """Test a histogram against a model with cumulative distribution ``cdf``.

    ``boundaries`` are the j − 1 inner boundaries of j intervals; the first interval is open
    below and the last open above, as in every table of §8.96. Expected = proportion × the
    total of ``counts``. Neighbouring intervals are merged until each expects at least
    ``minimum_expected`` (the book's rule, L3535); the book's own tables need no merging.
    """
    if len(counts) != len(boundaries) + 1:
        raise ConfigError(f"{len(boundaries)} boundaries need {len(boundaries) + 1} counts")
    cuts = np.asarray(cdf(np.asarray(boundaries, dtype=float)), dtype=float)
    proportions = np.diff(np.concatenate([[0.0], cuts, [1.0]]))
    total = math.fsum(counts)
    _, _, groups = merge_small_intervals(
        list(counts),
        (proportions * total).tolist(),
        [str(i) for i in range(len(counts))],
        minimum=max(minimum_expected, 1e-12),
    )
    members = [[int(i) for i in g.split("+")] for g in groups]
    edges: list[float | None] = [None, *[float(b) for b in boundaries], None]
    intervals = tuple(
        IntervalFit(
            low=edges[m[0]],
            high=edges[m[-1] + 1],
            proportion=float(proportions[m].sum()),
            expected=float(proportions[m].sum() * total),
            observed=float(math.fsum(counts[i] for i in m)),
        )
        for m in members
    )
    chi = chi_square(
        [i.observed for i in intervals], [i.expected for i in intervals], restrictions=restrictions
    )
    return DistributionTest(model, intervals, chi)


def normal_fit_test(
    boundaries: Sequence[float],
    counts: Sequence[float],
    mean: float,
    sd: float,
    restrictions: int = 1,
) -> DistributionTest:
    """Test a histogram for the normal distribution with ``mean`` and ``sd`` (§8.96).

    >>> t = normal_fit_test([2.25, 3.75, 5.25, 6.75, 8.25, 9.75],
    ...                     [9, 51, 137, 186, 127, 34, 2], mean=6.0, sd=math.sqrt(12) / 2)
    >>> t.chi_square.verdict.value
    'no significant difference'
    """
    if not sd > 0:
        raise ConfigError(f"sd must be > 0, not {sd!r}")

    def cdf(x: FloatArray) -> FloatArray:
        return np.asarray(ndtr((x - mean) / sd), dtype=float)

    return model_fit_test(boundaries, counts, cdf, f"normal({mean:g}, {sd:g})", restrictions)


def histogram(
    values: Sequence[float], width: float, origin: float | None = None
) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Inner boundaries and counts of ``values`` in intervals ``[b, b + width)``.

    ``origin`` is a boundary (default: ``width`` × floor(min / width)). The first and last
    intervals are open-ended when used with :func:`model_fit_test`.
    """
    if not width > 0:
        raise ConfigError(f"width must be > 0, not {width!r}")
    v = np.asarray(values, dtype=float)
    if v.size == 0:
        raise ConfigError("no values")
    start = width * math.floor(v.min() / width) if origin is None else origin
    k = np.floor((v - start) / width).astype(int)
    top = int(k.max())
    counts = np.bincount(np.clip(k, 0, None), minlength=top + 1)
    boundaries = tuple(start + width * i for i in range(1, top + 1))
    return boundaries, tuple(int(c) for c in counts)


def normality_test(
    values: Sequence[float], width: float = 100.0, origin: float | None = None
) -> DistributionTest:
    """Is a rating list normally distributed? (the test of §8.96, L3585–3614).

    Mean and SD come from the values (SD with N − 1, note 1.25, L3763); intervals of
    ``width`` points, the tails merged until each expects at least 5 players.
    """
    v = np.asarray(values, dtype=float)
    if v.size < 2:
        raise ConfigError("the normality test needs at least 2 values")
    boundaries, counts = histogram(values, width, origin)
    return normal_fit_test(boundaries, counts, float(v.mean()), float(v.std(ddof=1)))
