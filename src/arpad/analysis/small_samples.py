"""Small samples and draws: binomial and trinomial probabilities, Student's factor F.

Source: elo-rating-of-chessplayers-1986.txt §8.8–§8.9 (L3358–3507):

- (69) the binomial P = N!/(W!L!) p^W q^L for games with two outcomes (L3362);
- the probability of scoring one σ or more above expectation for small N (table of §8.84,
  L3390–3393; the OCR prints "10 or more" for "1σ or more", spec part 2 E6);
- (the small-sample correction factor F of §8.85 and the modified performance ratings
  (70)–(71) live with the Elo system: :func:`arpad.booktables.small_sample_factor`,
  :func:`arpad.systems.elo.formulas.small_sample_performance`);
- the 1975 "drawn match" probability (§8.87, L3424–3426);
- (72) the trinomial P = N!/(W!L!D!) p^W q^L r^D with draws (L3438), the number of
  outcomes and of ways (table §8.92, L3476–3478) and the 4-game table (L3482–3501).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
