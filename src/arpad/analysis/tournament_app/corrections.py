"""The administrator's tools: quantum corrections and the estimator of missing ratings.

Source: berard-pra-and-tournament-app.txt L127–L151 (outline D.4), L1184–L1192 and
L1499–L1501:

- standard protocol when every initial rating is present and the test fails: move the
  out-of-spec (``**LR**``) ratings onto the performance rating line, "to the nearest whole
  number" (L1040, L1192), and rerun; one opportunity only ("one shot", L816, L1192);
  ratings under pressure may also be moved (L143); a player needs at least 6 games in
  the tournament to be corrected (L1501);
- missing initial ratings (L1184, L37): regress the ratings we have on their P-Zero, test
  the line with the Ratings Goodness of Fit Test, and while it fails drop the worst
  residual (the largest χ² contribution) into the unknown pool; then every unknown rating
  is the line's value at the player's P-Zero, rounded to the nearest whole number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.analysis.tournament_app.goodness import (
    ALPHA,
    K_CONSTANT,
    GoodnessOfFit,
    Verdict,
    goodness_of_fit,
)
from arpad.analysis.tournament_app.regression import Regression, ResidualRow, regress
from arpad.errors import RatingError

MIN_GAMES = 6
"""Games a player must have played to receive a quantum correction (L1501)."""


def nearest_whole(x: float) -> float:
    """Round half up to a whole number ("to the nearest whole number", L1192).

    >>> nearest_whole(2786.33), nearest_whole(2574.5), nearest_whole(-0.5)
    (2786.0, 2575.0, 0.0)
    """
    return float(math.floor(x + 0.5))


@dataclass(frozen=True, slots=True)
class Correction:
    """One quantum correction (TRC/TRA, L702): ``before`` → ``after`` = round(PR)."""

    index: int
    name: str
    before: float
    after: float
    performance: float
    residual: float


@dataclass(frozen=True, slots=True)
class Skipped:
    """An out-of-spec player the protocol does not correct, and why."""

    index: int
    name: str
    reason: str


def quantum_corrections(
    rows: Sequence[ResidualRow],
    regression: Regression,
    games_played: Sequence[int],
    include_pressure: bool = False,
    min_games: int = MIN_GAMES,
) -> tuple[tuple[Correction, ...], tuple[Skipped, ...]]:
    """The corrections the standard protocol makes, and the flagged players it skips.

    >>> reg = Regression(n=22, b0=2641.55, b1=3.0227, r=0.77, xbar=0.0, ybar=2641.55)
    >>> rows = [ResidualRow(0, "Pillsbury", 47.90, 2786.33, 2621, -165.33)]
    >>> fixes, _ = quantum_corrections(rows, reg, [21])
    >>> fixes[0].after  # Hastings 1895 (L786): 2621 → 2786
    2786.0
    """
    fixes: list[Correction] = []
    skipped: list[Skipped] = []
    for row in rows:
        if not (row.large or (include_pressure and row.pressure != 0)):
            continue
        if games_played[row.index] < min_games:
            skipped.append(
                Skipped(
                    row.index,
                    row.name,
                    f"played {games_played[row.index]} games, fewer than {min_games} (L1501)",
                )
            )
            continue
        pr = regression.performance(row.p_zero)
        fixes.append(
            Correction(row.index, row.name, row.rating, nearest_whole(pr), pr, row.residual)
        )
    return tuple(fixes), tuple(skipped)


@dataclass(frozen=True, slots=True)
class EstimatorStep:
    """One pass of the estimator: the line over the ratings still trusted, and its test."""

    known: tuple[int, ...]
    regression: Regression
    test: GoodnessOfFit
    dropped: int | None
    """The entrant dropped after this pass (worst residual), if the test failed."""


@dataclass(frozen=True, slots=True)
class Estimation:
    """The Initial Ratings Estimator Line and the ratings it supplied."""

    steps: tuple[EstimatorStep, ...]
    estimates: tuple[tuple[int, float], ...]
    """``(entrant, estimated rating)`` for every rating supplied (missing or dropped)."""
    ratings: tuple[float, ...]
    """The completed list of initial ratings."""

    @property
    def line(self) -> Regression:
        return self.steps[-1].regression


def estimate_missing(
    p0: Sequence[float],
    ratings: Sequence[float | None],
    constant: float = K_CONSTANT,
    alpha: float = ALPHA,
    critical_digits: int | None = None,
) -> Estimation:
    """Supply missing initial ratings from the Initial Ratings Estimator Line (L1184).

    Raises:
        RatingError: fewer than two known ratings, or no passing line before only two
            remain.

    >>> est = estimate_missing([10.0, 0.0, -10.0, 5.0], [2600.0, 2500.0, 2400.0, None])
    >>> est.estimates
    ((3, 2550.0),)
    """
    known = [i for i, r in enumerate(ratings) if r is not None]
    steps: list[EstimatorStep] = []
    while True:
        if len(known) < 2:
            raise RatingError(
                "cannot estimate the missing initial ratings: fewer than two known ratings"
            )
        xs = [p0[i] for i in known]
        ys = [float(ratings[i]) for i in known]  # type: ignore[arg-type]
        reg = regress(xs, ys)
        fitted = [reg.fitted(x) for x in xs]
        test = goodness_of_fit(ys, fitted, constant, alpha, critical_digits)
        if test.verdict == Verdict.PASS:
            steps.append(EstimatorStep(tuple(known), reg, test, None))
            break
        if len(known) == 2:
            raise RatingError("no estimator line passes the Ratings Goodness of Fit Test")
        worst = max(range(len(known)), key=lambda j: (abs(ys[j] - fitted[j]), -j))
        steps.append(EstimatorStep(tuple(known), reg, test, known[worst]))
        del known[worst]
    line = steps[-1].regression
    trusted = set(known)
    completed: list[float] = []
    estimates: list[tuple[int, float]] = []
    for i, r in enumerate(ratings):
        if i in trusted:
            completed.append(float(r))  # type: ignore[arg-type]
        else:
            value = nearest_whole(line.performance(p0[i]))
            completed.append(value)
            estimates.append((i, value))
    return Estimation(tuple(steps), tuple(estimates), tuple(completed))
