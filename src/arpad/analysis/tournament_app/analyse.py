"""The Tournament App's pipeline: one run, and a session of runs with the protocols.

Source: berard-pra-and-tournament-app.txt, outline (L118–L157) and L1495–L1501:
P-Zero → regression of the initial ratings on P-Zero → residuals with ``**LR**`` →
Ratings Goodness of Fit Test and K-interval → final table (Elo After, PRA After, Perf.
Rating) → G-scores and Tournament Strength. A session first supplies missing initial
ratings with the estimator (label "(PRA-corrected)", L1184) and, when asked, applies the
one-shot quantum corrections to a failing tournament and reruns it (label
"(PRA-adjusted)", L1188–L1192).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arpad.analysis.tournament_app.after import ELO_K, elo_after, pra_after
from arpad.analysis.tournament_app.corrections import (
    MIN_GAMES,
    Correction,
    Estimation,
    Skipped,
    estimate_missing,
    quantum_corrections,
)
from arpad.analysis.tournament_app.goodness import (
    ALPHA,
    K_CONSTANT,
    GoodnessOfFit,
    Verdict,
    goodness_of_fit,
)
from arpad.analysis.tournament_app.greatness import g_score, tournament_strength
from arpad.analysis.tournament_app.inputs import AppInput
from arpad.analysis.tournament_app.lln import (
    CorrelationTest,
    ImpliedDifference,
    correlation_test,
    expected_match_score,
    implied_difference,
    sweep_probability,
)
from arpad.analysis.tournament_app.pzero import p_zero, ranking, z_scores
from arpad.analysis.tournament_app.regression import Regression, ResidualRow, regress, residuals
from arpad.config import Config, bounds, validate
from arpad.errors import RatingError
from arpad.systems.pra.basic import BASIC_K


@dataclass(frozen=True, slots=True)
class AppConfig(Config):
    """The app's constants, with the paper's values as defaults."""

    K: float = field(
        default=BASIC_K,
        metadata=bounds(0, None, low_open=True, doc="Basic System K for P-Zero and PRA After"),
    )
    constant: float = field(
        default=K_CONSTANT,
        metadata=bounds(0, None, low_open=True, doc="denominator of the test statistic (L936)"),
    )
    alpha: float = field(
        default=ALPHA, metadata=bounds(0, 0.5, low_open=True, high_open=True, doc="α (L887)")
    )
    critical_digits: int | None = field(
        default=None,
        metadata=bounds(0, None, doc="round the critical value (2 = the paper's printouts)"),
    )
    elo_k: float = field(
        default=ELO_K, metadata=bounds(0, None, low_open=True, doc="K of the Elo After column")
    )
    min_games: int = field(
        default=MIN_GAMES, metadata=bounds(0, None, doc="games needed for a correction (L1501)")
    )
    correct_pressure: bool = field(
        default=False, metadata={"doc": "also correct ratings under pressure (L143)"}
    )
    z_sample: bool = field(default=True, metadata={"doc": "z-scores use the sample SD (n − 1)"})


@dataclass(frozen=True, slots=True)
class FinalRow:
    """A row of the final table (L1152–L1164)."""

    rank: int
    index: int
    name: str
    rating: float
    elo_after: float
    pra_after: float
    performance: float
    """The official performance rating, PR = ȳ + |b1|·P-Zero."""


@dataclass(frozen=True, slots=True)
class Greatness:
    index: int
    name: str
    g: float


@dataclass(frozen=True, slots=True)
class MatchAnalytics:
    """Law of Large Numbers figures for a two-player match (L649–L740)."""

    favourite: int
    underdog: int
    games: int
    expected: tuple[float, float]
    """Expected points of favourite and underdog (eq. (17))."""
    sweep: float
    """Probability that the favourite wins every game (eq. (18))."""
    implied: ImpliedDifference
    """Rating gap implied by the actual score (eq. (16))."""
    score: float
    """The favourite's actual points."""


@dataclass(frozen=True, slots=True)
class AppRun:
    """One run of the app over a tournament with a complete list of initial ratings."""

    tournament: AppInput
    label: str
    """The initial-rating column's header, e.g. ``Chessmetrics (PRA-corrected)``."""
    ratings: tuple[float, ...]
    p0: tuple[float, ...]
    z: tuple[float | None, ...]
    games: tuple[int, ...]
    points: tuple[float, ...]
    order: tuple[int, ...]
    regression: Regression
    residuals: tuple[ResidualRow, ...]
    test: GoodnessOfFit
    final: tuple[FinalRow, ...]
    greatness: tuple[Greatness, ...]
    """G of every player who played (P-Zero order)."""
    strength: float | None
    correlation: CorrelationTest | None
    match: MatchAnalytics | None

    @property
    def passed(self) -> bool:
        return self.test.verdict == Verdict.PASS

    def out_of_spec(self) -> tuple[ResidualRow, ...]:
        return tuple(r for r in self.residuals if r.large)


@dataclass(frozen=True, slots=True)
class AppSession:
    """Everything one ``arpad app`` call did: estimation, runs and corrections."""

    estimation: Estimation | None
    runs: tuple[AppRun, ...]
    corrections: tuple[Correction, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    absent: tuple[str, ...] = ()
    """Entrants who played no game, left out of the analysis."""

    @property
    def final(self) -> AppRun:
        return self.runs[-1]


def _match(t: AppInput, ratings: tuple[float, ...], points: tuple[float, ...]) -> MatchAnalytics:
    fav, dog = (0, 1) if ratings[0] >= ratings[1] else (1, 0)
    games = len(t.games)
    return MatchAnalytics(
        favourite=fav,
        underdog=dog,
        games=games,
        expected=(
            expected_match_score(ratings[fav], ratings[dog], games),
            expected_match_score(ratings[dog], ratings[fav], games),
        ),
        sweep=sweep_probability(ratings[fav], ratings[dog], games),
        implied=implied_difference(points[fav], games),
        score=points[fav],
    )


def analyse(tournament: AppInput, config: AppConfig | None = None, suffix: str = "") -> AppRun:
    """One run of the app. Every initial rating must be known.

    Raises:
        RatingError: a rating is missing (use :func:`run_app` to estimate it first).
    """
    cfg = AppConfig() if config is None else config
    validate(cfg)
    if any(r is None for r in tournament.ratings):
        missing = [e.name for e in tournament.entrants if e.rating is None]
        raise RatingError(f"initial ratings missing for {', '.join(missing)}; estimate them first")
    ratings = tuple(float(r) for r in tournament.ratings)  # type: ignore[arg-type]
    names = tournament.names
    p0 = p_zero(tournament, cfg.K)
    games = tournament.games_played()
    points = tournament.points()
    order = ranking(p0)
    reg = regress(p0, ratings)
    rows = residuals(reg, order, names, p0, ratings)
    test = goodness_of_fit(
        ratings, [reg.fitted(x) for x in p0], cfg.constant, cfg.alpha, cfg.critical_digits
    )
    elo = elo_after(tournament, ratings, cfg.elo_k)
    pra = pra_after(tournament, ratings, cfg.K)
    final = tuple(
        FinalRow(rank, i, names[i], ratings[i], elo[i], pra[i], reg.performance(p0[i]))
        for rank, i in enumerate(order, start=1)
    )
    greatness: tuple[Greatness, ...] = ()
    strength: float | None = None
    if tournament.rating2 is not None:
        opponents: list[list[float]] = [[] for _ in names]
        for g in tournament.games:
            opponents[g.white].append(ratings[g.black])
            opponents[g.black].append(ratings[g.white])
        greatness = tuple(
            Greatness(i, names[i], g_score(p0[i], opponents[i], tournament.rating2))
            for i in order
            if games[i] > 0
        )
        if sum(games) > 0:
            strength = tournament_strength(ratings, games, tournament.rating2)
    label = tournament.rating_system + (f" {suffix}" if suffix else "")
    return AppRun(
        tournament=tournament,
        label=label,
        ratings=ratings,
        p0=p0,
        z=z_scores(p0, cfg.z_sample),
        games=games,
        points=points,
        order=order,
        regression=reg,
        residuals=rows,
        test=test,
        final=final,
        greatness=greatness,
        strength=strength,
        correlation=None if reg.r is None else correlation_test(reg.r, reg.n, cfg.alpha),
        match=_match(tournament, ratings, points) if len(names) == 2 and tournament.games else None,
    )


CORRECTED = "(PRA-corrected)"
"""Label when missing ratings were supplied (L1184)."""
ADJUSTED = "(PRA-adjusted)"
"""Label when present ratings were adjusted (L1188)."""


def run_app(
    tournament: AppInput, config: AppConfig | None = None, correct: bool = False
) -> AppSession:
    """Run the app as the administrator's protocols say.

    Missing initial ratings are estimated first (L1184). With ``correct``, a tournament
    that fails the test gets the one-shot quantum corrections of its out-of-spec players
    and is run again (L1192); knock-out events are never corrected (L1391).
    """
    cfg = AppConfig() if config is None else config
    validate(cfg)
    estimation: Estimation | None = None
    suffix = ""
    tournament, absent = tournament.played_only()
    current = tournament
    if any(r is None for r in tournament.ratings):
        estimation = estimate_missing(
            p_zero(tournament, cfg.K),
            tournament.ratings,
            cfg.constant,
            cfg.alpha,
            cfg.critical_digits,
        )
        current = tournament.with_ratings(estimation.ratings)
        suffix = CORRECTED
    first = analyse(current, cfg, suffix)
    if not correct or first.passed or tournament.knockout:
        return AppSession(estimation, (first,), absent=absent)
    fixes, skipped = quantum_corrections(
        first.residuals, first.regression, first.games, cfg.correct_pressure, cfg.min_games
    )
    if not fixes:
        return AppSession(estimation, (first,), (), skipped, absent)
    new_ratings = list(first.ratings)
    for fix in fixes:
        new_ratings[fix.index] = fix.after
    second = analyse(current.with_ratings(tuple(new_ratings)), cfg, suffix or ADJUSTED)
    return AppSession(estimation, (first, second), fixes, skipped, absent)
