"""Small samples and draws: binomial and trinomial probabilities, Student's factor F.

Source: elo-rating-of-chessplayers-1986.txt §8.8–§8.9 (L3358–3507):

- (69) the binomial P = N!/(W!L!) p^W q^L for games with two outcomes (L3362);
- the probability of scoring one σ or more above expectation for small N (table of §8.84,
  L3390–3393; the OCR prints "10 or more" for "1σ or more", spec part 2 E6);
- the small-sample correction factor F of §8.85 (table L3399–3406) and the modified
  performance ratings (70) R_F = R_C + D_p·F and (71) R_F = R_a + D_a·F (L3410–3412);
- the 1975 "drawn match" probability (§8.87, L3424–3426);
- (72) the trinomial P = N!/(W!L!D!) p^W q^L r^D with draws (L3438), the number of
  outcomes and of ways (table §8.92, L3476–3478) and the 4-game table (L3482–3501).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from arpad.errors import ConfigError

_EPS = 1e-9


def _check_probabilities(*ps: float) -> None:
    for p in ps:
        if not 0.0 <= p <= 1.0:
            raise ConfigError(f"probabilities must be in [0, 1], not {p!r}")
    if abs(math.fsum(ps) - 1.0) > 1e-9:
        raise ConfigError(f"probabilities must add up to 1, not {math.fsum(ps)!r}")


def binomial_probability(wins: int, games: int, p: float) -> float:
    """(69): the probability of exactly ``wins`` wins in ``games`` games without draws.

    >>> binomial_probability(2, 4, 0.5)
    0.375
    """
    if not 0 <= wins <= games:
        raise ConfigError(f"wins must be in [0, {games}], not {wins!r}")
    _check_probabilities(p, 1.0 - p)
    return math.comb(games, wins) * p**wins * (1.0 - p) ** (games - wins)


def binomial_distribution(games: int, p: float) -> tuple[float, ...]:
    """P(W = 0), …, P(W = N) by (69) (the §8.82 examples, L3368–3382)."""
    return tuple(binomial_probability(w, games, p) for w in range(games + 1))


def binomial_tail_above_expectation(games: int, p: float = 0.5, sigmas: float = 1.0) -> float:
    """P(W ≥ W_e + k·σ) for the binomial, with W_e = N·p and σ = √(N·p·q) (table of §8.84).

    >>> binomial_tail_above_expectation(4)
    0.3125
    """
    if games < 1:
        raise ConfigError(f"games must be ≥ 1, not {games!r}")
    threshold = games * p + sigmas * math.sqrt(games * p * (1.0 - p))
    return math.fsum(
        binomial_probability(w, games, p) for w in range(games + 1) if w >= threshold - _EPS
    )


def drawn_match_probability(wins_needed: int, p: float) -> float:
    """Probability that a match "for ``wins_needed`` wins", draws not counting, reaches the
    tie one win short for both players (§8.87: the 1975 match for 10 wins, drawn at 9–9).

    >>> round(drawn_match_probability(10, 0.6), 3)
    0.128
    """
    if wins_needed < 1:
        raise ConfigError(f"wins_needed must be ≥ 1, not {wins_needed!r}")
    tie = wins_needed - 1
    return binomial_probability(tie, 2 * tie, p)


def trinomial_probability(
    wins: int, losses: int, draws: int, p: float, q: float, r: float
) -> float:
    """(72): the probability of ``wins``, ``losses`` and ``draws`` (p win, q loss, r draw).

    >>> round(trinomial_probability(1, 1, 2, 1/3, 1/3, 1/3) * 81)
    12
    """
    if min(wins, losses, draws) < 0:
        raise ConfigError("wins, losses and draws must be ≥ 0")
    _check_probabilities(p, q, r)
    n = wins + losses + draws
    ways = math.factorial(n) // (
        math.factorial(wins) * math.factorial(losses) * math.factorial(draws)
    )
    return float(ways * p**wins * q**losses * r**draws)


@dataclass(frozen=True, slots=True)
class TrinomialOutcome:
    """One row of the trinomial table (§8.92, L3482–3501)."""

    score: float
    wins: int
    losses: int
    draws: int
    probability: float


def trinomial_table(games: int, p: float, q: float, r: float) -> tuple[TrinomialOutcome, ...]:
    """Every (W, L, D) of a ``games``-game match with its probability, in the book's order:
    by score, then by wins, most wins first (L3484–3498)."""
    if games < 0:
        raise ConfigError(f"games must be ≥ 0, not {games!r}")
    _check_probabilities(p, q, r)
    rows = []
    for wins in range(games + 1):
        for draws in range(games - wins + 1):
            losses = games - wins - draws
            rows.append(
                TrinomialOutcome(
                    score=wins + 0.5 * draws,
                    wins=wins,
                    losses=losses,
                    draws=draws,
                    probability=trinomial_probability(wins, losses, draws, p, q, r),
                )
            )
    rows.sort(key=lambda o: (o.score, -o.wins))
    return tuple(rows)


def score_moments(p: float, q: float, r: float) -> tuple[float, float]:
    """Mean and standard deviation of a single game's score (win 1, draw ½, loss 0)."""
    _check_probabilities(p, q, r)
    mean = p + 0.5 * r
    return mean, math.sqrt(p + 0.25 * r - mean * mean)


def trinomial_tail_above_expectation(
    games: int, p: float, q: float, r: float, sigmas: float = 1.0
) -> float:
    """The chance of scoring one σ or more above W_e with draws (table of §8.92).

    "P is the sum of the probabilities for scores one sigma or more above W_e" (L3503).

    >>> round(trinomial_tail_above_expectation(4, 1/3, 1/3, 1/3), 4)
    0.1852
    """
    mean, sd = score_moments(p, q, r)
    threshold = games * mean + sigmas * sd * math.sqrt(games)
    return math.fsum(
        o.probability for o in trinomial_table(games, p, q, r) if o.score >= threshold - _EPS
    )


def outcome_counts(games: int) -> tuple[int, int]:
    """(number of distinct scores, number of (W, L, D) ways) in ``games`` games with draws.

    2N + 1 scores and (N + 1)(N + 2)/2 ways (table of §8.92, L3476–3478).

    >>> outcome_counts(4)
    (9, 15)
    """
    if games < 0:
        raise ConfigError(f"games must be ≥ 0, not {games!r}")
    return 2 * games + 1, (games + 1) * (games + 2) // 2


# --- Student's correction factor F (§8.85) ---------------------------------------------

F_TABLE_GAMES: tuple[int, ...] = (5, 7, 9, 11, 13, 15, 17)
"""Rows of the F table (N = 5 … 17, L3400–3406)."""

F_TABLE_DP: tuple[float, ...] = (50.0, 100.0, 150.0, 200.0, 250.0, 300.0, 350.0, 400.0)
"""Columns of the F table (D_p = 50 … 400, L3399)."""

F_TABLE: tuple[tuple[float, ...], ...] = (
    (0.96, 0.91, 0.85, 0.78, 0.71, 0.64, 0.57, 0.51),
    (0.96, 0.92, 0.86, 0.80, 0.73, 0.66, 0.59, 0.53),
    (0.97, 0.93, 0.87, 0.82, 0.75, 0.68, 0.61, 0.55),
    (0.97, 0.94, 0.89, 0.84, 0.77, 0.71, 0.64, 0.57),
    (0.98, 0.94, 0.89, 0.85, 0.78, 0.72, 0.65, 0.59),
    (0.99, 0.95, 0.90, 0.85, 0.80, 0.73, 0.67, 0.60),
    (0.99, 0.95, 0.90, 0.86, 0.81, 0.74, 0.68, 0.61),
)
"""The factor F as printed (L3400–3406)."""

F_FULL_SAMPLE = 30
"""From 30 games no correction is made (§2.59, L842: F applies below thirty games)."""


def small_sample_factor(games: int, d_p: float) -> float:
    """The factor F to apply to D_p for a performance over ``games`` games (§8.85).

    The book prints F for odd N from 5 to 17 and D_p from 50 to 400 and gives no rule in
    between (decision D-analysis-3): F is interpolated linearly in N and in |D_p|; below
    D_p = 50 it runs linearly to 1 at D_p = 0; above 400 the 400 column applies; from 18 to
    29 games the N = 17 row applies, and from 30 games F = 1 (§2.59). Fewer than 5 games
    have no F.

    >>> small_sample_factor(9, 200.0)
    0.82
    >>> round(small_sample_factor(10, 200.0), 4)
    0.83

    Raises:
        ConfigError: fewer than 5 games.
    """
    if games < F_TABLE_GAMES[0]:
        raise ConfigError(f"the factor F is tabulated from 5 games, not {games!r} (Elo §8.85)")
    if games >= F_FULL_SAMPLE:
        return 1.0
    n = min(float(games), float(F_TABLE_GAMES[-1]))
    table = np.asarray(F_TABLE)
    columns = np.array([float(np.interp(n, F_TABLE_GAMES, table[:, j])) for j in range(8)])
    x = min(abs(d_p), F_TABLE_DP[-1])
    return float(np.interp(x, (0.0, *F_TABLE_DP), (1.0, *columns)))


def modified_performance(r_c: float, d_p: float, games: int) -> float:
    """(70): R_F = R_C + D_p·F, "more precise than R_p" for a small sample (L3410).

    >>> modified_performance(2000.0, 200.0, 9)
    2164.0
    """
    return r_c + d_p * small_sample_factor(games, d_p)


def modified_round_robin_performance(r_a: float, d_a: float, games: int) -> float:
    """(71): R_F = R_a + D_a·F, the round-robin form (L3412)."""
    return r_a + d_a * small_sample_factor(games, d_a)
