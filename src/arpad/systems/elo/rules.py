"""Elo's rules for one event (elo-rating-of-chessplayers-1986.txt §1.5–§1.7, §3.71–§3.72),
written once over floats and flat arrays in the subset of Python that Numba compiles
(:mod:`arpad.compiled`).

:func:`arpad.systems.elo.system.rate_event` calls :func:`rate_field` as ordinary Python and
builds its notes from the result; the season loop (:mod:`.kernel`) calls the same function
compiled. Sums are exact (:func:`arpad.exactsum.fsum`, Shewchuk's algorithm, which
``math.fsum`` also uses: the correctly rounded sum, so the same bits either way).

What the loop cannot compute is handed in: D_p by (N, 2W) from the book's tables with
the factor F (:func:`arpad.systems.elo.formulas.score_difference`, a table filled on
demand: a missing cell stops the rule with its code), and the expectancy as a curve code.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.booktables import table_p
from arpad.compiled import player_games, rule
from arpad.curves import logistic_p
from arpad.exactsum import fsum

# Expectancy codes (the configurations the loop covers; :func:`expectancy_code`).
NORMAL_TABLE, LOGISTIC_TABLE, LINEAR, LOGISTIC = 0, 1, 2, 3
# K rule codes.
K_CONSTANT, K_USCF, K_GAMES, K_PRECISION = 0, 1, 2, 3
USCF_K = 32.0
"""K = 32 in the USCF (§1.83, L466; §8.27, L2993)."""

# The configuration as a flat array: index of each value.
CURVE, C_, CAP, K_RULE, K_, N_O, EXPECTED_AVERAGE, LINEAR_PERF = range(8)
ESTABLISHED, FACTOR_F, NEW_FIRST, PROV_FIRST, SECOND_CYCLE, UNKNOWN_EST = range(8, 14)
LOGISTIC_K = 14
N_PARAMS = 15

# Output rows per player of :func:`rate_field`.
O_POST, O_GAMES, O_SCORE, O_EXPECTED, O_K, O_PERF, O_METHOD, O_FELL_BACK = range(8)
N_OUT = 8
# Methods (``PlayerRating.method``).
NO_GAMES, STANDARD, PROVISIONAL, UNRATED, PERFORMANCE = range(5)


# Scratch rows of :func:`rate_field` (:func:`work`): floats, then ints. Booleans are 1.0/0.0.
W_OWN, W_RATINGS, W_SCORES, W_PROBS, W_PERF, W_FOUND, W_USED_N, W_USED_S = range(8)
W_POST, W_PARTIALS, W_RATED, W_PROV, W_DONE = range(8, 13)
N_WORK = 13
I_START, I_FILL, I_OPP = range(3)
N_IWORK = 3


@rule
def work(n: int, g: int) -> tuple[Any, Any]:
    """Scratch for :func:`rate_field` over events of at most ``n`` players and ``g`` games:
    ``(floats, ints)``, one row per buffer (``W_*``, ``I_*``). The season loop allocates it
    once for the whole season, the per-event path once per event."""
    cap = max(2 * g, n) + 1
    return np.empty((N_WORK, cap)), np.empty((N_IWORK, cap), dtype=np.int64)


@rule
def expectancy(d: float, cfg: Any, upper: Any) -> float:
    """P_D by the configured curve: a book table, the linear eq. (25) with |D| capped at
    350 (§1.84), or a logistic (eq. 46 or 43)."""
    if cfg[CURVE] == LINEAR:
        return float(0.5 + min(max(d, -cfg[CAP]), cfg[CAP]) / (4.0 * cfg[C_]))
    if cfg[CURVE] == LOGISTIC:  # base 10 over 2C, or base e over C: k = ln(base)/scale
        return logistic_p(d, cfg[LOGISTIC_K])
    return table_p(d, upper)


@rule
def k_factor(rule_code: float, k: float, n_o: float, c: float, games: float, n: float) -> float:
    """K by the rule (§2.43 constant; USCF 32; (19) K = 4C/N_o with N_o at least N
    (§1.62, L376); (36) K = 4C/(√(N_o N) + N)); ``n_o`` NaN: the player's own games."""
    if rule_code == K_CONSTANT:
        return k
    if rule_code == K_USCF:
        return USCF_K
    if rule_code == K_GAMES:
        return games_k(n_o if n_o == n_o else max(games, n, 1.0), c)
    return precision_k(n_o if n_o == n_o else max(games, 1.0), max(n, 1.0), c)


@rule
def games_k(n_o: float, c: float) -> float:
    """(19) K = 4σ/N_o with σ = C (§1.62, L376; §8.25, L2905)."""
    return 4.0 * c / n_o


@rule
def precision_k(n_o: float, n: float, c: float) -> float:
    """(36) K = 4σ/(√(N_O N) + N) (§8.28, L3048)."""
    return 4.0 * c / (math.sqrt(n_o * n) + n)


@rule
def provisional(
    rated: bool, games: float, events_known: bool, established: float, unknown_established: bool
) -> bool:
    """Rated with fewer than ``established`` games (§2.59, §3.72); a rating with no games
    count and unknown events counts as established when ``unknown_established``."""
    if not rated:
        return False
    if unknown_established and games == 0 and not events_known:
        return False
    return bool(games < established)


@rule
def performance(
    score: float, r_c: float, n: int, factor: bool, cfg: Any, dp: Any
) -> tuple[float, int]:
    """R_p = R_c + D_p by (1), or (10) R_c + 2C(W − L)/N, from the score W over ``n``
    games and the opponents' average R_c (each summed exactly by the caller, once);
    ``(R_p, −1)``, or ``(NaN, code)`` when D_p's table cell ``code`` is missing (``code``
    ≤ −2: the table is too small for N = −2 − code)."""
    if cfg[LINEAR_PERF] != 0.0:
        return r_c + 2.0 * cfg[C_] * (score - (n - score)) / n, -1
    twice = int(2.0 * score)
    f = 1 if factor else 0
    if n >= dp.shape[1]:
        return math.nan, -2 - n
    d_p = dp[f, n, twice]
    if d_p != d_p:
        return math.nan, (f * dp.shape[1] + n) * dp.shape[2] + twice
    return r_c + d_p, -1


@rule
def rate_field(
    white: Any,
    black: Any,
    white_score: Any,
    pre: Any,
    games: Any,
    events_known: Any,
    cfg: Any,
    upper: Any,
    dp: Any,
    out: Any,
    skipped: Any,
    fw: Any,
    iw: Any,
) -> int:
    """Rate one event's players (local indices 0..n−1; ``pre`` NaN: unrated) by the steps of
    :mod:`arpad.systems.elo.system`: new players' R_p in up to two cycles (§3.71, §1.67),
    provisional players by (14) with N_o + N, everyone else by (2), provisional opponents
    at their post-event ratings (§3.72). ``out`` (:data:`N_OUT` × n) receives the results,
    ``skipped`` (per half-game, in each player's game order) 1 where a game was not rated
    against an unrated opponent; ``fw``/``iw`` are scratch (:func:`work`). Returns −1, or a
    missing D_p cell's code (rerun after filling it; ≤ −2: the table must grow, see
    :func:`performance`)."""
    n = len(pre)
    player_games(white, black, white_score, n, iw[I_START], iw[I_FILL], iw[I_OPP], fw[W_OWN])
    start_field(pre, games, events_known, cfg, fw, out, skipped, 2 * len(white))
    # 1. New players (§3.71): R_p against rated opponents; a second cycle also counts
    # unrated opponents at their first R_p (§1.67, L400).
    cycles = 2 if cfg[SECOND_CYCLE] != 0.0 else 1
    for cycle in range(1, cycles + 1):
        code = new_players_cycle(cycle, pre, cfg, dp, fw, iw)
        if code != -1:
            return code
    # 2. Provisional players, then 3. everyone else (§3.72).
    for phase in range(2):
        for i in range(n):
            if rates_in_phase(i, phase, fw, iw[I_START]):
                code = rate_rated_player(i, pre, games, cfg, upper, dp, out, skipped, fw, iw)
                if code != -1:
                    return code
    first_ratings(fw, iw[I_START], out)
    return -1


@rule
def start_field(
    pre: Any, games: Any, events_known: Any, cfg: Any, fw: Any, out: Any, skipped: Any, half: int
) -> None:
    """Who is rated and who provisional (§2.59, §3.72); nothing rated yet: every ``out``
    column at "no games", no game skipped."""
    unknown = cfg[UNKNOWN_EST] != 0.0
    for i in range(len(pre)):
        rated = pre[i] == pre[i]
        fw[W_RATED, i] = 1.0 if rated else 0.0
        prov = provisional(rated, games[i], events_known[i], cfg[ESTABLISHED], unknown)
        fw[W_PROV, i] = 1.0 if prov else 0.0
        fw[W_PERF, i] = math.nan
        fw[W_USED_N, i] = 0.0
        fw[W_USED_S, i] = 0.0
        fw[W_POST, i] = math.nan
        fw[W_DONE, i] = 0.0
        out[O_POST, i] = pre[i]
        out[O_GAMES, i] = 0.0
        out[O_SCORE, i] = 0.0
        out[O_EXPECTED, i] = math.nan
        out[O_K, i] = math.nan
        out[O_PERF, i] = math.nan
        out[O_METHOD, i] = NO_GAMES
        out[O_FELL_BACK, i] = 0.0
    for q in range(half):
        skipped[q] = 0.0


@rule
def new_players_cycle(cycle: int, pre: Any, cfg: Any, dp: Any, fw: Any, iw: Any) -> int:
    """One cycle of new players' R_p (§3.71, §1.67): from the previous cycle's values
    (``W_PERF``), all found at once; −1, or a missing D_p cell's code."""
    n = len(pre)
    perf, found, start = fw[W_PERF], fw[W_FOUND], iw[I_START]
    for i in range(n):
        found[i] = perf[i]
    for i in range(n):
        if fw[W_RATED, i] != 0.0 or start[i + 1] == start[i]:
            continue
        k = new_player_opponents(i, cycle, pre, fw, iw)
        if k > 0:
            score = fsum(fw[W_SCORES], k, fw[W_PARTIALS])
            r_c = fsum(fw[W_RATINGS], k, fw[W_PARTIALS]) / k
            value, code = performance(score, r_c, k, cfg[FACTOR_F] != 0.0, cfg, dp)
            if code != -1:
                return code
            found[i] = value
            fw[W_USED_N, i] = k
            fw[W_USED_S, i] = score
    for i in range(n):
        perf[i] = found[i]
    return -1


@rule
def new_player_opponents(i: int, cycle: int, pre: Any, fw: Any, iw: Any) -> int:
    """A new player's counted games into ``W_RATINGS``/``W_SCORES``: rated opponents at
    their ratings, in the second cycle unrated ones at a finite first R_p (§1.67, L400)."""
    k = 0
    for q in range(iw[I_START, i], iw[I_START, i + 1]):
        o = iw[I_OPP, q]
        perf = fw[W_PERF, o]
        if fw[W_RATED, o] != 0.0:
            fw[W_RATINGS, k] = pre[o]
        elif cycle == 2 and perf == perf and abs(perf) < math.inf:
            fw[W_RATINGS, k] = perf
        else:
            continue
        fw[W_SCORES, k] = fw[W_OWN, q]
        k += 1
    return k


@rule
def rates_in_phase(i: int, phase: int, fw: Any, start: Any) -> bool:
    """Phase 0 rates the provisional players with games, phase 1 every other rated player
    (§3.72)."""
    if fw[W_RATED, i] == 0.0 or (phase == 0) != (fw[W_PROV, i] != 0.0):
        return False
    return phase == 1 or start[i + 1] != start[i]


@rule
def opponent_rating(i: int, o: int, pre: Any, cfg: Any, fw: Any) -> float:
    """The rating player ``i`` is rated against (§3.72): a provisional opponent of a
    provisional player at his rating; an unrated one at his first R_p when so configured
    (NaN: the game is not rated); a provisional one already rated at his new rating when so
    configured; else the rating before the event."""
    prov_o = fw[W_PROV, o] != 0.0
    if fw[W_PROV, i] != 0.0 and prov_o:
        return float(pre[o])
    if fw[W_RATED, o] == 0.0:
        r = fw[W_PERF, o] if cfg[NEW_FIRST] != 0.0 else math.nan
        return float(r) if abs(r) < math.inf else math.nan
    if cfg[PROV_FIRST] != 0.0 and fw[W_DONE, o] != 0.0 and prov_o:
        return float(fw[W_POST, o])
    return float(pre[o])


@rule
def rated_player_opponents(i: int, pre: Any, cfg: Any, skipped: Any, fw: Any, iw: Any) -> int:
    """A rated player's counted games into ``W_RATINGS``/``W_SCORES``, ``skipped`` set for
    games against an opponent with no rating to count (:func:`opponent_rating`)."""
    k = 0
    for q in range(iw[I_START, i], iw[I_START, i + 1]):
        r = opponent_rating(i, iw[I_OPP, q], pre, cfg, fw)
        if r != r:
            skipped[q] = 1.0
            continue
        fw[W_RATINGS, k] = r
        fw[W_SCORES, k] = fw[W_OWN, q]
        k += 1
    return k


@rule
def rate_rated_player(
    i: int,
    pre: Any,
    games: Any,
    cfg: Any,
    upper: Any,
    dp: Any,
    out: Any,
    skipped: Any,
    fw: Any,
    iw: Any,
) -> int:
    """A rated player's new rating: (2) R_n = R_o + K(W − W_e), or for a provisional
    player (14) over N_o + N games (§3.72), falling back to (2) where his R_p is infinite.
    −1, or a missing D_p cell's code."""
    k = rated_player_opponents(i, pre, cfg, skipped, fw, iw)
    fw[W_DONE, i] = 1.0
    if k == 0:
        fw[W_POST, i] = pre[i]
        for q in range(iw[I_START, i], iw[I_START, i + 1]):
            skipped[q] = 0.0  # no notes when nothing was rated
        return -1
    score = fsum(fw[W_SCORES], k, fw[W_PARTIALS])
    r_c = fsum(fw[W_RATINGS], k, fw[W_PARTIALS]) / k
    r_p, code = performance(score, r_c, k, False, cfg, dp)
    if code != -1:
        return code
    w_e = expected_total(pre[i], r_c, k, cfg, upper, fw)
    kf = k_factor(cfg[K_RULE], cfg[K_], cfg[N_O], cfg[C_], games[i], float(k))
    new = pre[i] + kf * (score - w_e)
    method = STANDARD
    if fw[W_PROV, i] != 0.0:
        mine, code = performance(score, r_c, k, cfg[FACTOR_F] != 0.0, cfg, dp)
        if code != -1:
            return code
        if abs(mine) < math.inf:
            new = (pre[i] * games[i] + mine * k) / (games[i] + k)
            method = PROVISIONAL
            kf = math.nan
        else:
            out[O_FELL_BACK, i] = 1.0
    fw[W_POST, i] = new
    out[O_POST, i] = new
    out[O_GAMES, i] = k
    out[O_SCORE, i] = score
    out[O_EXPECTED, i] = w_e
    out[O_K, i] = kf
    out[O_PERF, i] = r_p
    out[O_METHOD, i] = method
    return -1


@rule
def expected_total(rating: float, r_c: float, k: int, cfg: Any, upper: Any, fw: Any) -> float:
    """W_e over the ``k`` counted games: Σ P_D per game, or k·P_D of the difference from
    the opponents' average R_c when so configured (``expected_from_average``)."""
    ratings, partials = fw[W_RATINGS], fw[W_PARTIALS]
    if cfg[EXPECTED_AVERAGE] != 0.0:
        return k * expectancy(rating - r_c, cfg, upper)
    probs = fw[W_PROBS]
    for q in range(k):
        probs[q] = expectancy(rating - ratings[q], cfg, upper)
    return fsum(probs, k, partials)


@rule
def first_ratings(fw: Any, start: Any, out: Any) -> None:
    """New players' first rating: their R_p (§3.71), none at 100 % or 0 % (§1.54)."""
    for i in range(out.shape[1]):
        if fw[W_RATED, i] != 0.0 or start[i + 1] == start[i]:
            continue
        perf = fw[W_PERF, i]
        if perf != perf:
            a, b = start[i], start[i + 1]
            out[O_POST, i] = math.nan
            out[O_SCORE, i] = fsum(fw[W_OWN, a:b], b - a, fw[W_PARTIALS])
            out[O_METHOD, i] = UNRATED
            continue
        out[O_POST, i] = perf if abs(perf) < math.inf else math.nan
        out[O_GAMES, i] = fw[W_USED_N, i]
        out[O_SCORE, i] = fw[W_USED_S, i]
        out[O_PERF, i] = perf
        out[O_METHOD, i] = PERFORMANCE
