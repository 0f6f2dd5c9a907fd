"""Elo's rules for one event (elo-rating-of-chessplayers-1986.txt §1.5–§1.7, §3.71–§3.72),
written once over floats and flat arrays in the subset of Python that Numba compiles
(:mod:`arpad.compiled`).

:func:`arpad.systems.elo.system.rate_event` calls :func:`rate_field` as ordinary Python and
builds its notes from the result; the season loop (:mod:`.kernel`) calls the same function
compiled. Sums are exact (:func:`fsum`, Shewchuk's algorithm, which ``math.fsum`` also
uses: the correctly rounded sum, so the same bits either way).

What the loop cannot compute is handed in: D_p by (N, 2W) from the book's tables with
the factor F (:func:`arpad.systems.elo.formulas.score_difference`, a table filled on
demand: a missing cell stops the rule with its code), and the expectancy as a curve code.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.booktables import table_p
from arpad.compiled import rule
from arpad.curves import logistic_p

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


@rule
def fsum(x: Any, n: int) -> float:
    """The correctly rounded sum of ``x[0:n]`` (as ``math.fsum``: Shewchuk's partials, then
    the half-even correction of CPython's ``math_fsum``)."""
    partials = np.empty(n + 1)
    k = 0
    for j in range(n):
        v = x[j]
        i = 0
        for q in range(k):
            y = partials[q]
            if abs(v) < abs(y):
                v, y = y, v
            hi = v + y
            lo = y - (hi - v)
            if lo != 0.0:
                partials[i] = lo
                i += 1
            v = hi
        partials[i] = v
        k = i + 1
    if k == 0:
        return 0.0
    k -= 1
    hi = partials[k]
    lo = 0.0
    while k > 0:
        v = hi
        k -= 1
        y = partials[k]
        hi = v + y
        yr = hi - v
        lo = y - yr
        if lo != 0.0:
            break
    if k > 0 and ((lo < 0.0 and partials[k - 1] < 0.0) or (lo > 0.0 and partials[k - 1] > 0.0)):
        y = lo * 2.0
        v = hi + y
        yr = v - hi
        if y == yr:
            hi = v
    return float(hi)


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
        own = n_o if n_o == n_o else max(games, n, 1.0)
        return 4.0 * c / own
    own = n_o if n_o == n_o else max(games, 1.0)
    m = max(n, 1.0)
    return 4.0 * c / (math.sqrt(own * m) + m)


@rule
def provisional(rated: bool, games: float, events_known: bool, cfg: Any) -> bool:
    """Rated with fewer than ``established_games`` games (§2.59, §3.72); a rating with no
    games count and unknown events counts as established when so configured."""
    if not rated:
        return False
    if cfg[UNKNOWN_EST] != 0.0 and games == 0 and not events_known:
        return False
    return bool(games < cfg[ESTABLISHED])


@rule
def performance(
    ratings: Any, scores: Any, n: int, factor: bool, cfg: Any, dp: Any
) -> tuple[float, int]:
    """R_p = R_c + D_p by (1), or (10) R_c + 2C(W − L)/N, from ``n`` (rating, score)
    pairs; ``(R_p, −1)``, or ``(NaN, code)`` when D_p's table cell ``code`` is missing
    (``code`` ≤ −2: the table is too small for N = −2 − code)."""
    score = fsum(scores, n)
    r_c = fsum(ratings, n) / n
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
def rate_field(  # noqa: C901
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
) -> int:
    """Rate one event's players (local indices 0..n−1; ``pre`` NaN: unrated) by the steps of
    :mod:`arpad.systems.elo.system`: new players' R_p in up to two cycles (§3.71, §1.67),
    provisional players by (14) with N_o + N, everyone else by (2), provisional opponents
    at their post-event ratings (§3.72). ``out`` (:data:`N_OUT` × n) receives the results,
    ``skipped`` (per half-game, in each player's game order) 1 where a game was not rated
    against an unrated opponent. Returns −1, or a missing D_p cell's code (rerun after
    filling it; ≤ −2: the table must grow, see :func:`performance`)."""
    n = len(pre)
    g = len(white)
    start = np.zeros(n + 1, dtype=np.int64)
    for j in range(g):
        start[white[j] + 1] += 1
        start[black[j] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    fill = start[:n].copy()
    opp = np.empty(2 * g, dtype=np.int64)
    own = np.empty(2 * g)
    for j in range(g):
        w, b = white[j], black[j]
        opp[fill[w]] = b
        own[fill[w]] = white_score[j]
        fill[w] += 1
        opp[fill[b]] = w
        own[fill[b]] = 1.0 - white_score[j]
        fill[b] += 1
    rated = np.empty(n, dtype=np.bool_)
    prov = np.empty(n, dtype=np.bool_)
    for i in range(n):
        rated[i] = pre[i] == pre[i]
        prov[i] = provisional(rated[i], games[i], events_known[i], cfg)
    ratings = np.empty(max(2 * g, 1))
    scores = np.empty(max(2 * g, 1))
    probs = np.empty(max(2 * g, 1))
    perf = np.full(n, math.nan)
    used_n = np.zeros(n)
    used_s = np.zeros(n)
    post = np.full(n, math.nan)
    done = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        out[O_POST, i] = pre[i]
        out[O_GAMES, i] = 0.0
        out[O_SCORE, i] = 0.0
        out[O_EXPECTED, i] = math.nan
        out[O_K, i] = math.nan
        out[O_PERF, i] = math.nan
        out[O_METHOD, i] = NO_GAMES
        out[O_FELL_BACK, i] = 0.0
    for q in range(2 * g):
        skipped[q] = 0.0
    # 1. New players (§3.71): R_p against rated opponents; a second cycle also counts
    # unrated opponents at their first R_p (§1.67, L400).
    cycles = 2 if cfg[SECOND_CYCLE] != 0.0 else 1
    for cycle in range(1, cycles + 1):
        found = perf.copy()
        for i in range(n):
            if rated[i] or start[i + 1] == start[i]:
                continue
            k = 0
            for q in range(start[i], start[i + 1]):
                o = opp[q]
                if rated[o]:
                    ratings[k] = pre[o]
                elif cycle == 2 and perf[o] == perf[o] and abs(perf[o]) < math.inf:
                    ratings[k] = perf[o]
                else:
                    continue
                scores[k] = own[q]
                k += 1
            if k > 0:
                value, code = performance(ratings, scores, k, cfg[FACTOR_F] != 0.0, cfg, dp)
                if code != -1:
                    return code
                found[i] = value
                used_n[i] = k
                used_s[i] = fsum(scores, k)
        perf = found
    # 2. Provisional players, then 3. everyone else (§3.72).
    for phase in range(2):
        for i in range(n):
            if not rated[i] or (phase == 0) != prov[i]:
                continue
            if phase == 0 and start[i + 1] == start[i]:
                continue
            k = 0
            for q in range(start[i], start[i + 1]):
                o = opp[q]
                if prov[i] and prov[o]:
                    r = pre[o]
                elif not rated[o]:
                    r = perf[o] if cfg[NEW_FIRST] != 0.0 else math.nan
                    if not (r == r and abs(r) < math.inf):
                        skipped[q] = 1.0
                        continue
                elif cfg[PROV_FIRST] != 0.0 and done[o] and prov[o]:
                    r = post[o]
                else:
                    r = pre[o]
                ratings[k] = r
                scores[k] = own[q]
                k += 1
            done[i] = True
            if k == 0:
                post[i] = pre[i]
                for q in range(start[i], start[i + 1]):
                    skipped[q] = 0.0  # no notes when nothing was rated
                continue
            score = fsum(scores, k)
            r_p, code = performance(ratings, scores, k, False, cfg, dp)
            if code != -1:
                return code
            if cfg[EXPECTED_AVERAGE] != 0.0:
                w_e = k * expectancy(pre[i] - fsum(ratings, k) / k, cfg, upper)
            else:
                for q in range(k):
                    probs[q] = expectancy(pre[i] - ratings[q], cfg, upper)
                w_e = fsum(probs, k)
            kf = k_factor(cfg[K_RULE], cfg[K_], cfg[N_O], cfg[C_], games[i], float(k))
            new = pre[i] + kf * (score - w_e)
            method = STANDARD
            if prov[i]:
                mine, code = performance(ratings, scores, k, cfg[FACTOR_F] != 0.0, cfg, dp)
                if code != -1:
                    return code
                if abs(mine) < math.inf:
                    new = (pre[i] * games[i] + mine * k) / (games[i] + k)
                    method = PROVISIONAL
                    kf = math.nan
                else:
                    out[O_FELL_BACK, i] = 1.0
            post[i] = new
            out[O_POST, i] = new
            out[O_GAMES, i] = k
            out[O_SCORE, i] = score
            out[O_EXPECTED, i] = w_e
            out[O_K, i] = kf
            out[O_PERF, i] = r_p
            out[O_METHOD, i] = method
    # New players' first rating: their R_p (§3.71), none at 100 % or 0 % (§1.54).
    for i in range(n):
        if rated[i] or start[i + 1] == start[i]:
            continue
        if perf[i] != perf[i]:
            out[O_POST, i] = math.nan
            out[O_SCORE, i] = fsum(own[start[i] : start[i + 1]], start[i + 1] - start[i])
            out[O_METHOD, i] = UNRATED
            continue
        out[O_POST, i] = perf[i] if abs(perf[i]) < math.inf else math.nan
        out[O_GAMES, i] = used_n[i]
        out[O_SCORE, i] = used_s[i]
        out[O_PERF, i] = perf[i]
        out[O_METHOD, i] = PERFORMANCE
    return -1
