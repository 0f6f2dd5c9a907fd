"""The working formulae of the Elo system, numbered as in the book.

Source: elo-rating-of-chessplayers-1986.txt, §1.5–§1.8 (L340–475), §2.3 (L582–626),
§8.24–§8.28 (L2869–3063), §8.85 (L3397–3414). Symbols as in §2.2: R_c the average rating of
the opponents, R_a the average of all participants, D_p the difference indicated by the
score P, D_a the adjusted difference, M the number of participants, N the number of games,
N_o the games the old rating is based on, K the rating-point value of one game, C the class
interval (200).

Each function is pure and takes plain numbers; the curve is an
:class:`~arpad.systems.elo.expectancy.Expectancy` where one is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, overload

import numpy as np

from arpad.booktables import small_sample_factor, table_row_at
from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.performance import average
from arpad.systems.elo import rules
from arpad.systems.elo.expectancy import CLASS_INTERVAL, Expectancy

# -- performance ratings -------------------------------------------------------------------


def performance_rating(r_c: float, d_p: float) -> float:
    """(1) R_p = R_c + D_p (§1.51, L344).

    >>> performance_rating(2527, 149)
    2676
    """
    return r_c + d_p


def score_difference(
    score: float, games: int, expectancy: Expectancy, *, factor_f: bool = False
) -> float:
    """D_p for ``score`` points in ``games`` games, optionally times the small-sample F.

    With ``factor_f`` the D_p is multiplied by F(N, D_p) of §8.85 — (70) and (71) apply F to
    D_p (resp. D_a), §2.59 asks for it below thirty games.

    >>> score_difference(10.5, 15, Expectancy())
    149.0
    """
    if games <= 0:
        raise ConfigError("a score difference needs at least one game")
    d_p = expectancy.d(score / games)
    if factor_f and math.isfinite(d_p):
        d_p *= small_sample_factor(games, d_p)
    return d_p


def adjusted_difference(d_p: float, m: int) -> float:
    """(5) D_a = D_p (M − 1)/M (§1.71, L406); also (23) with D_c in place of D_p.

    >>> adjusted_difference(149, 16)
    139.6875
    """
    if m < 2:
        raise ConfigError(f"a round robin needs M ≥ 2 participants, not {m!r}")
    return rules.adjusted_difference(d_p, m)


def round_robin_performance(r_a: float, d_a: float) -> float:
    """(6) R_p = R_a + D_a (§1.72, L416): performance in a round robin.

    >>> round_robin_performance(2534, 140)
    2674
    """
    return r_a + d_a


def round_robin_average_from_rated(
    rated_ratings: Sequence[float], rated_d_p: Sequence[float], m: int
) -> float:
    """(7) R_a = R_O − D̄_p (M − 1)/M (§1.73, L423): a round robin's average from its rated
    players, R_O their average rating and D̄_p the average of their D_p.

    "Less than three could provide a poor estimate" (L428).

    >>> round(round_robin_average_from_rated([2350, 2205, 2165], [230, 95, -21], 20), 2)
    2143.73
    """
    if not rated_ratings or len(rated_ratings) != len(rated_d_p):
        raise ConfigError("formula (7) needs one D_p per rated player, at least one")
    return average(rated_ratings) - adjusted_difference(average(rated_d_p), m)


def round_robin_average_6a(r_ar: float, d_ar: float) -> float:
    """(6a) R_a = R_ar − D_ar (§3.34, L1051): R_ar the rated players' average rating, D_ar
    their average adjusted difference D_a.

    >>> round_robin_average_6a(2317.5, 101.8)
    2215.7
    """
    return r_ar - d_ar


def match_performance(r_a: float, d_p: float) -> float:
    """(9) R_p = R_a + D_p/2 (§1.75, L444): performance in a match, R_a the two players'
    average rating.

    >>> match_performance(2680, 14), match_performance(2680, -14)
    (2687.0, 2673.0)
    """
    return r_a + d_p / 2.0


def linear_performance(
    r_c: float, wins: float, losses: float, games: int, C: float = CLASS_INTERVAL
) -> float:
    """(10) R_p = R_c + 400 (W − L)/N (§1.81, L456), from (27) D_p = 2C (W − L)/N.

    W and L count draws as ½ each.

    >>> linear_performance(2527, 10.5, 4.5, 15)
    2687.0
    """
    if games <= 0:
        raise ConfigError("a performance needs at least one game")
    return r_c + 2.0 * C * (wins - losses) / games


def exact_performance(opponents: Sequence[float], score: float, expectancy: Expectancy) -> float:
    """§1.55 (L356): "the exact value for R_P is simply that value for which the expected
    game score is equal to the actual game score" — Σ P(R_p − R_i) = W, solved exactly.

    ±inf for a perfect or zero score. :func:`.rules.exact_performance` (the rule the season
    loop compiles): the least rating whose expected score reaches the score, to the last
    bit; in table mode the curve is a step function, and of the ratings that solve the
    equation the lowest is returned.

    >>> from arpad.systems.elo.expectancy import Mode
    >>> round(exact_performance([1500.0, 1500.0], 1.0, Expectancy(mode=Mode.CONTINUOUS)), 6)
    1500.0
    """
    n = len(opponents)
    if n == 0:
        raise ConfigError("a performance rating needs at least one game")
    if not 0.0 <= score <= n:
        raise ConfigError(f"score {score!r} is outside [0, {n}]")
    cfg = np.zeros(rules.N_PARAMS)
    expectancy.rule_params(cfg)
    table = expectancy.table
    row_at = np.zeros(0, dtype=np.int64) if table is None else table_row_at(table)
    fw, _ = rules.work(n, n)
    fw[rules.W_RATINGS, :n] = opponents
    return float(rules.exact_performance(float(score), n, cfg, row_at, fw))


def small_sample_performance(r_c: float, d_p: float, games: int) -> float:
    """(70) R_F = R_C + D_p·F (§8.85, L3410), F from the §8.85 table for N games.

    >>> small_sample_performance(2000, 200, 9)
    2164.0
    """
    return r_c + d_p * small_sample_factor(games, d_p)


def small_sample_round_robin(r_a: float, d_a: float, games: int) -> float:
    """(71) R_F = R_a + D_a·F (§8.85, L3412)."""
    return r_a + d_a * small_sample_factor(games, d_a)


# -- expected scores ------------------------------------------------------------------------


def expected_score_individual(
    rating: float, opponents: Sequence[float], expectancy: Expectancy
) -> float:
    """(3) W_e = Σ P_i (§1.65, L386): the sum of the expectancies against each opponent.

    >>> expected_score_individual(2635, [2600, 2470], Expectancy())
    1.27
    """
    return math.fsum(expectancy.p(rating - r) for r in opponents)


def expected_score_average(
    rating: float, opponents: Sequence[float], expectancy: Expectancy
) -> float:
    """(4) W_e = N × P_{D_c} (§1.66, L394), D_c = R − R_c against the average opponent.

    >>> expected_score_average(2635, [2527.0] * 15, Expectancy())
    9.75
    """
    if not opponents:
        return 0.0
    return len(opponents) * expectancy.p(rating - average(opponents))


def round_robin_expected(p_da: float, m: int, cycles: int = 1) -> float:
    """(8) W_e = P_{D_a} M − ½ (§1.74, L434), P_{D_a} the expectancy at D_a = R − R_a.

    The −½ removes the fictitious game of a player against himself (§8.26, L2953). "The
    round robin equations apply in all cases" (L440): in a k-fold round robin each pairing
    is played ``cycles`` times, so W_e is k times the single-cycle value (our reading).

    >>> round(round_robin_expected(0.64, 16), 2)
    9.74
    """
    if cycles < 1:
        raise ConfigError(f"cycles must be ≥ 1, not {cycles!r}")
    return rules.round_robin_expected(p_da, m, cycles)


# -- rating changes -----------------------------------------------------------------------


@overload
def new_rating(r_o: float, k: float, score: float, expected: float) -> float: ...
@overload
def new_rating(
    r_o: FloatArray, k: float, score: FloatArray, expected: FloatArray
) -> FloatArray: ...
def new_rating(r_o: Any, k: float, score: Any, expected: Any) -> Any:
    """(2) R_n = R_o + K (W − W_e) (§1.61, L362); the change is (19) ΔR = K (W − W_e).

    Vectorised: the simulation lab passes whole rounds as arrays.

    >>> new_rating(2635, 10, 10.5, 9.75)
    2642.5
    """
    return r_o + k * (score - expected)


def linear_new_rating(
    r_o: float,
    k: float,
    wins: float,
    losses: float,
    differences: Sequence[float],
    C: float = CLASS_INTERVAL,
    cap: float | None = None,
) -> float:
    """(11) R_n = R_o + K(W − L)/2 − (K/4C) ΣD_i (§1.82, L462), D_i = R − R_i.

    ``cap`` clamps each |D_i| (the 350-point rule of §1.84 belongs to (12); off here unless
    asked for).

    >>> linear_new_rating(2635, 10, 10.5, 4.5, [1620])
    2644.75
    """
    ds = [d if cap is None else max(-cap, min(cap, d)) for d in differences]
    return r_o + k * (wins - losses) / 2.0 - (k / (4.0 * C)) * math.fsum(ds)


def uscf_linear_new_rating(
    r_o: float,
    wins: float,
    losses: float,
    differences: Sequence[float],
    k: float = 32.0,
    C: float = CLASS_INTERVAL,
    cap: float = 350.0,
) -> float:
    """(12) R_n = R_o + 16 (W − L) + .04 ΣD_i (§1.83, L468): USCF form, K = 32, C = 200,
    with the sign flipped, **D_i = R_i − R** (opponent minus player), and each |D_i| capped
    at 350 (§1.84, L474).

    >>> uscf_linear_new_rating(1600, 3, 2, [150])
    1622.0
    >>> uscf_linear_new_rating(1600, 1, 0, [-500])  # −500 enters as −350
    1602.0
    """
    ds = [max(-cap, min(cap, d)) for d in differences]
    return r_o + k / 2.0 * (wins - losses) + (k / (4.0 * C)) * math.fsum(ds)


def weighted_new_rating(r_o: float, r_p: float, games: int, n_o: float) -> float:
    """(14) R_n = [R_o (N_o − N) + R_p N]/N_o = R_o + (R_p − R_o) N/N_o (§8.25, L2885).

    >>> weighted_new_rating(2340, 2424, 18, 50)
    2370.24
    """
    return r_o + rating_change_from_performance(r_p, r_o, games, n_o)


def rating_change_from_performance(r_p: float, r_o: float, games: int, n_o: float) -> float:
    """(15) ΔR = (R_p − R_o) N/N_o (§8.25, L2887; used at §3.35 and §4.53).

    >>> round(rating_change_from_performance(2216, 2405, 18, 50), 2)
    -68.04
    """
    if n_o <= 0:
        raise ConfigError(f"N_o must be > 0, not {n_o!r}")
    return (r_p - r_o) * games / n_o


def precision_new_rating(r_o: float, r_p: float, games: int, n_o: float) -> float:
    """(34) R_N = (R_O √N_O + R_P √N)/(√N_O + √N) (§8.28, L3042): weighting by the
    precision modulus.

    >>> precision_new_rating(2000, 2100, 30, 30)
    2050.0
    """
    a, b = math.sqrt(n_o), math.sqrt(games)
    return (r_o * a + r_p * b) / (a + b)


def precision_change(r_o: float, r_p: float, games: int, n_o: float) -> float:
    """(35) ΔR = N (R_P − R_O)/(√(N_O N) + N) (§8.28, L3044)."""
    return games * (r_p - r_o) / (math.sqrt(n_o * games) + games)


# -- round-robin identities (§8.26) ---------------------------------------------------------


def average_with_player(m: int, r_c: float, rating: float) -> float:
    """(20) R_a = [(M − 1) R_C + R]/M (§8.26, L2919).

    >>> average_with_player(16, 2500, 2600)
    2506.25
    """
    return ((m - 1) * r_c + rating) / m


def round_robin_average_from_performance(r_p: float, d_c: float, m: int) -> float:
    """(24) R_a = R_p − D_c (M − 1)/M (§8.26, L2943)."""
    return r_p - adjusted_difference(d_c, m)
