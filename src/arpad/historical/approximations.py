"""Ratings for one period from its crosstable: Elo's successive approximations and the
exact self-consistent solution.

Source: elo-rating-of-chessplayers-1986.txt §3.41–§3.46 (L1110–1159) and §5.42 (L1886):
"Basically the historical study used the method of successive approximations, described in
3.4, to obtain self-consistent ratings for the limited periods". The steps (L1112–1117):

1. Assign an initial rating R_i, identical for all players.
2. Find D_p for each player from his percentage score (P = W/(W + L), L1138).
3. R_1 = R_i + D_p (formula (1) with R_C = R_i).
4. R_C1: the average of R_1 over his opponents, "weighted for the number of encounters with
   each opponent" (L1140).
5. R_2 = R_C1 + D_p.
6. "Continue the calculation cycles until successive values for R show little or no
   change, indicating that a set of self-consistent differences in ratings has been
   produced".

:func:`successive_approximations` performs the book's cycles literally (table 3.45).
Taken literally the cycle need not settle: it oscillates (the Morphy table swings by ±15
points from cycle to cycle) and drifts when the D_p "do not summarize to precisely zero"
(note 3.46, L3773–3775). :func:`converged_approximations` therefore damps each cycle and
keeps the average at R_i, which changes neither the fixed point nor the differences, and
runs to convergence. :func:`self_consistent_ratings` solves the condition the method
approximates exactly: every player's expected score against the opponents he met equals
his score (Σ_j g_ij·E(R_i − R_j) = W_i, the exact R_p of §1.55 for all players at once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.sparse import coo_matrix, csr_matrix, diags
from scipy.sparse.csgraph import connected_components
from scipy.sparse.linalg import cg, spsolve

from arpad.curves import normal_difference
from arpad.errors import ConfigError, RatingError
from arpad.historical.crosstable import Crosstable
from arpad.systems.elo.groups import approximation_cycles

FloatArray = npt.NDArray[np.float64]
Difference = Callable[[float], float]
"""P → D_p: the inverse of an expectancy curve (or of Table 2.11)."""
Curve = Callable[[FloatArray], FloatArray]
"""A vectorised expectancy curve D → P."""


@dataclass(frozen=True, slots=True)
class SuccessiveApproximations:
    """The book's iteration table (3.45): D_p, then R_1, R_c1, R_2, R_c2, …"""

    players: tuple[str, ...]
    d_p: tuple[float, ...]
    ratings: tuple[tuple[float, ...], ...]
    """R_1, R_2, …: one tuple per cycle, players in order."""
    competition: tuple[tuple[float, ...], ...]
    """R_c1, R_c2, …: one tuple per cycle after the first."""

    def final(self) -> dict[str, float]:
        return dict(zip(self.players, self.ratings[-1], strict=True))


def _percentages(table: Crosstable) -> FloatArray:
    n = table.games_played()
    if np.any(n == 0):
        raise ConfigError("every player of the crosstable needs at least one game")
    return np.asarray(table.scores() / n)


def _d_p(table: Crosstable, difference: Difference, d_p: Mapping[str, float] | None) -> FloatArray:
    if d_p is not None:
        missing = [p for p in table.players if p not in d_p]
        if missing:
            raise ConfigError(f"d_p lacks players {missing!r}")
        return np.array([d_p[p] for p in table.players], dtype=float)
    p = _percentages(table)
    extreme = [table.players[i] for i in np.flatnonzero((p <= 0.0) | (p >= 1.0))]
    if extreme:
        raise RatingError(f"no D_p for a zero or perfect score (Elo §1.51): {', '.join(extreme)}")
    return np.array([difference(float(x)) for x in p], dtype=float)


def successive_approximations(
    table: Crosstable,
    initial: float = 500.0,
    cycles: int = 5,
    difference: Difference = normal_difference,
    d_p: Mapping[str, float] | None = None,
) -> SuccessiveApproximations:
    """The book's method for ``cycles`` cycles (§3.41; Morphy-era example 3.45 starts at
    R_i = 500 and stops at R_5).

    ``difference`` turns a percentage score into D_p (default the continuous normal curve;
    pass the Table 2.11 lookup for the book's table mode); ``d_p`` gives D_p per player
    directly instead (the book's own column, for instance).
    """
    if cycles < 1:
        raise ConfigError(f"cycles must be ≥ 1, not {cycles!r}")
    dp = _d_p(table, difference, d_p)
    ratings, competition, _ = approximation_cycles(dp, table.competition, initial, cycles)
    return SuccessiveApproximations(
        players=table.players,
        d_p=tuple(float(x) for x in dp),
        ratings=tuple(tuple(float(x) for x in r) for r in ratings),
        competition=tuple(tuple(float(x) for x in r) for r in competition),
    )


def _components(table: Crosstable) -> npt.NDArray[np.int32]:
    n = table.size
    graph = coo_matrix(
        (np.ones(table.first.size), (table.first, table.second)), shape=(n, n)
    ).tocsr()
    _, labels = connected_components(graph, directed=False)
    return np.asarray(labels, dtype=np.int32)


def _recentre(r: FloatArray, labels: npt.NDArray[np.int32], anchor: float) -> FloatArray:
    out = r.copy()
    for c in np.unique(labels):
        mask = labels == c
        out[mask] += anchor - out[mask].mean()
    return out


def converged_approximations(
    table: Crosstable,
    initial: float = 500.0,
    difference: Difference = normal_difference,
    d_p: Mapping[str, float] | None = None,
    damping: float = 0.5,
    tolerance: float = 1e-6,
    max_cycles: int = 100_000,
) -> dict[str, float]:
    """The book's cycle run "until successive values for R show little or no change".

    Each cycle moves ``damping`` of the way from R_k to R_c,k + D_p and shifts every
    connected group back to an average of ``initial`` (only differences matter, note 3.46).

    Raises:
        RatingError: no convergence within ``max_cycles``.
    """
    if not 0.0 < damping <= 1.0:
        raise ConfigError(f"damping must be in (0, 1], not {damping!r}")
    dp = _d_p(table, difference, d_p)
    labels = _components(table)
    r = _recentre(initial + dp, labels, initial)
    for _ in range(max_cycles):
        target = table.competition(r) + dp
        new = _recentre((1.0 - damping) * r + damping * target, labels, initial)
        if np.max(np.abs(new - r)) < tolerance:
            return dict(zip(table.players, (float(x) for x in new), strict=True))
        r = new
    raise RatingError(f"successive approximations did not settle in {max_cycles} cycles")


def _slope(curve: Curve, d: FloatArray, h: float = 1e-3) -> FloatArray:
    return np.asarray((curve(d + h) - curve(d - h)) / (2.0 * h))


@dataclass(frozen=True, slots=True)
class SelfConsistent:
    """Ratings that make every expected score equal the actual score."""

    ratings: Mapping[str, float]
    iterations: int
    max_residual: float
    """max |Σ E − W| over the players, in game points."""
    components: int
    """Groups of players with no games between them; each is centred on the anchor."""


def self_consistent_ratings(  # noqa: C901
    table: Crosstable,
    curve: Curve,
    anchor: float = 0.0,
    prior_draws: float = 0.0,
    tolerance: float = 1e-9,
    max_iterations: int = 100,
) -> SelfConsistent:
    """Solve Σ_j g_ij·E(R_i − R_j) = W_i for every player at once (Newton's method).

    Args:
        table: the period's crosstable.
        curve: the expectancy curve (vectorised), e.g. :func:`arpad.curves.normal_expectancy`.
        anchor: the average rating of each connected group of players.
        prior_draws: virtual drawn games of every player against a player rated ``anchor``
            (not in the book; 0 by default). With a prior, zero and perfect scores get
            finite ratings and the anchor holds the pool together.
        tolerance: on the largest residual, in game points.

    Raises:
        RatingError: a zero or perfect score without a prior, or no convergence (some group
            scored all its points against another and the ratings run apart).
    """
    n = table.size
    games = table.games_played()
    w = table.scores()
    if prior_draws < 0:
        raise ConfigError(f"prior_draws must be ≥ 0, not {prior_draws!r}")
    idle = [table.players[k] for k in np.flatnonzero(games == 0)]
    if idle:
        raise ConfigError(f"players without games cannot be rated: {', '.join(idle[:10])}")
    if prior_draws == 0:
        extreme = [table.players[i] for i in np.flatnonzero((w <= 0) | (w >= games))]
        if extreme:
            raise RatingError(
                "a zero or perfect score has no finite rating (Elo §1.51): "
                f"{', '.join(extreme[:10])}{' …' if len(extreme) > 10 else ''}; "
                "use prior_draws > 0"
            )
    labels = _components(table) if prior_draws == 0 else np.zeros(n, dtype=np.int32)
    groups = len(np.unique(labels))
    i, j, g = table.first, table.second, table.games
    target = w + 0.5 * prior_draws
    r = np.full(n, float(anchor))

    def residual(x: FloatArray) -> FloatArray:
        e = np.asarray(curve(x[i] - x[j]))
        out = np.zeros(n)
        np.add.at(out, i, g * e)
        np.add.at(out, j, g * (1.0 - e))
        if prior_draws:
            out += prior_draws * np.asarray(curve(x - anchor))
        return np.asarray(out - target)

    res = residual(r)
    for iteration in range(1, max_iterations + 1):
        s = g * _slope(curve, r[i] - r[j])
        diag = np.zeros(n)
        np.add.at(diag, i, s)
        np.add.at(diag, j, s)
        if prior_draws:
            diag += prior_draws * _slope(curve, r - anchor)
        # J = diag(H) − offdiag(g·E'): symmetric, positive semi-definite (a weighted graph
        # Laplacian, plus the prior's diagonal). A tiny ridge makes it definite; the
        # ridge only touches the constant shift of each group, which _recentre sets.
        ridge = 1e-9 * float(diag.max()) if diag.size else 1e-9
        jac = csr_matrix(
            (
                np.concatenate([-s, -s, diag + ridge]),
                (np.concatenate([i, j, np.arange(n)]), np.concatenate([j, i, np.arange(n)])),
            ),
            shape=(n, n),
        )
        preconditioner = diags(1.0 / (diag + ridge))
        step, info = cg(jac, -res, rtol=1e-12, atol=0.0, maxiter=10 * n, M=preconditioner)
        if info != 0:
            step = np.asarray(spsolve(jac.tocsc(), -res))
        size = 1.0
        norm = float(np.linalg.norm(res))
        while True:
            candidate = r + size * step
            if not prior_draws:
                candidate = _recentre(candidate, labels, anchor)
            new_res = residual(candidate)
            if float(np.linalg.norm(new_res)) < norm or size < 1e-6:
                break
            size /= 2.0
        r, res = candidate, new_res
        if float(np.max(np.abs(res))) < tolerance:
            return SelfConsistent(
                ratings=dict(zip(table.players, (float(x) for x in r), strict=True)),
                iterations=iteration,
                max_residual=float(np.max(np.abs(res))),
                components=groups,
            )
        if not np.all(np.isfinite(r)):
            break
    raise RatingError(
        "the self-consistent ratings do not converge; a group of players may have scored all "
        "its points against another (try prior_draws > 0)"
    )
