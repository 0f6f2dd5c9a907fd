"""Elo's rules for one event (elo-rating-of-chessplayers-1986.txt §1.5–§1.7, §3.71–§3.72),
written once over floats and flat arrays in the subset of Python that Numba compiles
(:mod:`arpad.compiled`).

:func:`arpad.systems.elo.system.rate_event` calls :func:`rate_field` as ordinary Python and
builds its notes from the result; the season loop (:mod:`.kernel`) calls the same function
compiled. Sums are exact (:func:`arpad.exactsum.fsum`, Shewchuk's algorithm, which
``math.fsum`` also uses: the correctly rounded sum, so the same bits either way).

Every configuration of :class:`~arpad.systems.elo.system.EloConfig` is rated here: the
book's tables and the continuous curves (``math.erfc``, ``math.exp``), W_e by (3), (4) or
(8), R_p by (1), (6), (10) or exactly (§1.55, by bisection), K by every rule of
:mod:`.krules`. What the loop cannot compute is handed in: D_p by (N, 2W) with the factor
F (:func:`arpad.systems.elo.formulas.score_difference`, a table filled on demand: a
missing cell stops the rule with its code).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.booktables import half_away, table_p
from arpad.compiled import player_games, rule
from arpad.curves import logistic_p
from arpad.exactsum import fsum

# Expectancy codes (:func:`.fields.params`).
NORMAL_TABLE, LOGISTIC_TABLE, LINEAR, LOGISTIC, NORMAL = range(5)
# K rule codes.
K_CONSTANT, K_USCF, K_GAMES, K_PRECISION, K_FIDE1986 = range(5)
USCF_K = 32.0
"""K = 32 in the USCF (§1.83, L466; §8.27, L2993)."""
# W_e by (3), (4) or (8); R_p by (1), (6), the exact §1.55 or (10).
X_INDIVIDUAL, X_AVERAGE, X_ROUND_ROBIN = range(3)
P_COMPETITION, P_ROUND_ROBIN, P_EXACT, P_LINEAR = range(4)

# The configuration as a flat array: index of each value.
CURVE, C_, CAP, K_RULE, K_, N_O, EXPECTED_FORMULA, PERF_FORMULA = range(8)
ESTABLISHED, FACTOR_F, NEW_FIRST, PROV_FIRST, SECOND_CYCLE, UNKNOWN_EST = range(8, 14)
LOGISTIC_K, ROUND_AVERAGE = range(14, 16)
# FIDE 1986's K schedule (§4.56, L1760; :class:`.krules.FideK`).
FK_NEW, FK_NEW_EVENTS, FK_NEW_GAMES, FK_ENDS_LAST, FK_REGULAR, FK_TOP, FK_THRESHOLD = range(16, 23)
N_PARAMS = 23

# A player's state before the event (rows of :func:`rate_field`'s ``entry``): the rating
# (NaN: unrated), N_o, events (−1: not known) and the peak (NaN: none).
E_RATING, E_GAMES, E_EVENTS, E_PEAK = range(4)
N_ENTRY = 4

# Output rows per player of :func:`rate_field`.
O_POST, O_GAMES, O_SCORE, O_EXPECTED, O_K, O_PERF, O_METHOD, O_FELL_BACK, O_AVERAGE = range(9)
N_OUT = 9
# Methods (``PlayerRating.method``).
NO_GAMES, STANDARD, PROVISIONAL, UNRATED, PERFORMANCE = range(5)


# Scratch rows of :func:`rate_field` (:func:`work`): floats, then ints. Booleans are 1.0/0.0.
W_OWN, W_RATINGS, W_SCORES, W_PROBS, W_PERF, W_FOUND, W_USED_N, W_USED_S = range(8)
W_POST, W_PARTIALS, W_RATED, W_PROV, W_DONE, W_EVENT = range(8, 14)
N_WORK = 14
# ``W_EVENT``: R_a of a complete round robin of rated players (NaN: none), its cycles k
# and its participants M (§1.71–§1.74).
EV_AVERAGE, EV_CYCLES, EV_M = range(3)
I_START, I_FILL, I_OPP, I_COUNT = range(4)
N_IWORK = 4


@rule
def work(n: int, g: int) -> tuple[Any, Any]:
    """Scratch for :func:`rate_field` over events of at most ``n`` players and ``g`` games:
    ``(floats, ints)``, one row per buffer (``W_*``, ``I_*``). The season loop allocates it
    once for the whole season, the per-event path once per event."""
    cap = max(2 * g, n, 2) + 1
    return np.empty((N_WORK, cap)), np.empty((N_IWORK, cap), dtype=np.int64)


@rule
def normal_p(d: float, c: float) -> float:
    """The normal curve P_D = Φ(D/(C√2)) (§8.23, L2867) as ½·erfc(−D/2C): Φ(x) =
    ½·erfc(−x/√2), so no √2 is rounded (the one scalar normal curve of Elo's system)."""
    return 0.5 * math.erfc(-d / (2.0 * c))


@rule
def expectancy(d: float, cfg: Any, row_at: Any) -> float:
    """P_D by the configured curve: a book table, the linear eq. (25) with |D| capped at
    350 (§1.84), a logistic (eq. 46 or 43) or the normal curve (§8.23)."""
    curve = cfg[CURVE]
    if curve == LINEAR:
        return float(0.5 + min(max(d, -cfg[CAP]), cfg[CAP]) / (4.0 * cfg[C_]))
    if curve == LOGISTIC:  # base 10 over 2C, or base e over C: k = ln(base)/scale
        return logistic_p(d, cfg[LOGISTIC_K])
    if curve == NORMAL:
        return normal_p(d, cfg[C_])
    return table_p(d, row_at)


@rule
def k_factor(cfg: Any, games: float, events: float, peak: float, n: float) -> float:
    """K by the rule (§2.43 constant; USCF 32; (19) K = 4C/N_o with N_o at least N
    (§1.62, L376); (36) K = 4C/(√(N_o N) + N); FIDE 1986's schedule, §4.56) for a player
    with ``games`` games, ``events`` events (−1: not known, counted as enough), a highest
    rating ``peak`` (NaN: none) and ``n`` games in the event; N_o NaN: his own games."""
    rule_code, n_o, c = cfg[K_RULE], cfg[N_O], cfg[C_]
    if rule_code == K_CONSTANT:
        return float(cfg[K_])
    if rule_code == K_USCF:
        return USCF_K
    if rule_code == K_GAMES:
        return games_k(n_o if n_o == n_o else max(games, n, 1.0), c)
    if rule_code == K_PRECISION:
        return precision_k(n_o if n_o == n_o else max(games, 1.0), max(n, 1.0), c)
    known = events if events >= 0.0 else cfg[FK_NEW_EVENTS]
    return fide_k(
        known,
        games,
        peak > cfg[FK_THRESHOLD],
        cfg[FK_ENDS_LAST] != 0.0,
        cfg[FK_NEW],
        cfg[FK_NEW_EVENTS],
        cfg[FK_NEW_GAMES],
        cfg[FK_REGULAR],
        cfg[FK_TOP],
    )


@rule
def games_k(n_o: float, c: float) -> float:
    """(19) K = 4σ/N_o with σ = C (§1.62, L376; §8.25, L2905)."""
    return 4.0 * c / n_o


@rule
def precision_k(n_o: float, n: float, c: float) -> float:
    """(36) K = 4σ/(√(N_O N) + N) (§8.28, L3048)."""
    return 4.0 * c / (math.sqrt(n_o * n) + n)


@rule
def fide_k(
    events: float,
    games: float,
    reached_top: bool,
    ends_last: bool,
    new: float,
    new_events: float,
    new_games: float,
    regular: float,
    top: float,
) -> float:
    """FIDE's K of 1986 (§4.56, L1760): ``new`` (25) "for the first three events or 30
    games in which a rating change is calculated" — until both are reached (``ends_last``)
    or either — then ``regular`` (15) "until his first published rating over 2400, after
    which it becomes 10 permanently" (``top``)."""
    if ends_last:
        still_new = events < new_events or games < new_games
    else:
        still_new = events < new_events and games < new_games
    if still_new:
        return float(new)
    return float(top if reached_top else regular)


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
def expected_sum(rating: float, k: int, cfg: Any, row_at: Any, fw: Any) -> float:
    """(3) W_e = Σ P_i (§1.65, L386) against the ``k`` ratings in ``W_RATINGS``."""
    ratings, probs = fw[W_RATINGS], fw[W_PROBS]
    for q in range(k):
        probs[q] = expectancy(rating - ratings[q], cfg, row_at)
    return fsum(probs, k, fw[W_PARTIALS])


@rule
def exact_performance(score: float, k: int, cfg: Any, row_at: Any, fw: Any) -> float:
    """§1.55 (L356): "the exact value for R_P is simply that value for which the expected
    game score is equal to the actual game score" against the ``k`` ratings in
    ``W_RATINGS``: the least rating (to the last bit) whose Σ P(R − R_i) reaches W, by
    bisection from a bracket 400 points beyond the opponents, widened by doubling steps
    (on a table's step curve, the lowest of the ratings that solve it). ±inf for a
    perfect or zero score (§1.54), and for a score the curve never reaches (the linear
    curve, capped at 350 points, expects at least 1/16 and at most 15/16 of a point per
    game)."""
    if score >= k:
        return math.inf
    if score <= 0.0:
        return -math.inf
    ratings = fw[W_RATINGS]
    lo, hi = float(ratings[0]), float(ratings[0])  # floats: overflow to ±inf quietly
    for q in range(1, k):
        lo, hi = min(lo, float(ratings[q])), max(hi, float(ratings[q]))
    lo, hi, step = lo - 400.0, hi + 400.0, 400.0
    while lo > -math.inf and expected_sum(lo, k, cfg, row_at, fw) >= score:
        step *= 2.0
        lo -= step
    step = 400.0
    while hi < math.inf and expected_sum(hi, k, cfg, row_at, fw) < score:
        step *= 2.0
        hi += step
    if not (lo > -math.inf and hi < math.inf):  # W beyond what the curve reaches
        return float(hi if lo > -math.inf else lo)
    while True:  # Σ P(lo) < W ≤ Σ P(hi)
        mid = 0.5 * (lo + hi)
        if not lo < mid < hi:
            return float(hi)
        if expected_sum(mid, k, cfg, row_at, fw) >= score:
            hi = mid
        else:
            lo = mid


@rule
def adjusted_difference(d_p: float, m: float) -> float:
    """(5) D_a = D_p (M − 1)/M (§1.71, L406)."""
    return d_p * (m - 1) / m


@rule
def round_robin_expected(p_da: float, m: float, cycles: float) -> float:
    """(8) W_e = P_{D_a} M − ½ (§1.74, L434), times k in a k-fold round robin (our reading
    of "the round robin equations apply in all cases", L440)."""
    return cycles * (p_da * m - 0.5)


@rule
def performance(
    score: float, r_c: float, n: int, factor: bool, cfg: Any, row_at: Any, dp: Any, fw: Any
) -> tuple[float, int]:
    """R_p from the score W over ``n`` games and the opponents' average R_c (each summed
    exactly by the caller, once): (1) R_p = R_c + D_p; (6) R_a + D_a in a complete round
    robin of rated players (``W_EVENT``; else (1)); (10) R_c + 2C(W − L)/N; or the exact
    R_p (§1.55) against the ratings in ``W_RATINGS``. ``(R_p, −1)``, or ``(NaN, code)``
    when D_p's table cell ``code`` is missing (``code`` ≤ −2: the table is too small for
    N = −2 − code)."""
    formula = cfg[PERF_FORMULA]
    if formula == P_LINEAR:
        return r_c + 2.0 * cfg[C_] * (score - (n - score)) / n, -1
    if formula == P_EXACT:
        return exact_performance(score, n, cfg, row_at, fw), -1
    twice = int(2.0 * score)
    f = 1 if factor else 0
    if n >= dp.shape[1]:
        return math.nan, -2 - n
    d_p = dp[f, n, twice]
    if d_p != d_p:
        return math.nan, (f * dp.shape[1] + n) * dp.shape[2] + twice
    r_a = fw[W_EVENT, EV_AVERAGE]
    if formula == P_ROUND_ROBIN and r_a == r_a:
        return r_a + adjusted_difference(d_p, fw[W_EVENT, EV_M]), -1
    return r_c + d_p, -1


@rule
def rate_field(
    white: Any,
    black: Any,
    white_score: Any,
    entry: Any,
    cfg: Any,
    row_at: Any,
    dp: Any,
    out: Any,
    skipped: Any,
    fw: Any,
    iw: Any,
) -> int:
    """Rate one event's players (local indices 0..n−1; ``entry`` their states, rows
    ``E_*``) by the steps of :mod:`arpad.systems.elo.system`: new players' R_p in up to two
    cycles (§3.71, §1.67), provisional players by (14) with N_o + N, everyone else by (2),
    provisional opponents at their post-event ratings (§3.72). ``out`` (:data:`N_OUT` × n)
    receives the results, ``skipped`` (per half-game, in each player's game order) 1 where
    a game was not rated against an unrated opponent; ``fw``/``iw`` are scratch
    (:func:`work`). Returns −1, or a missing D_p cell's code (rerun after filling it; ≤ −2:
    the table must grow, see :func:`performance`)."""
    n = entry.shape[1]
    player_games(white, black, white_score, n, iw[I_START], iw[I_FILL], iw[I_OPP], fw[W_OWN])
    start_field(entry, cfg, fw, out, skipped, 2 * len(white))
    event_average(entry, cfg, fw, iw, out)
    # 1. New players (§3.71): R_p against rated opponents; a second cycle also counts
    # unrated opponents at their first R_p (§1.67, L400).
    cycles = 2 if cfg[SECOND_CYCLE] != 0.0 else 1
    for cycle in range(1, cycles + 1):
        code = new_players_cycle(cycle, entry[E_RATING], cfg, row_at, dp, fw, iw)
        if code != -1:
            return code
    # 2. Provisional players, then 3. everyone else (§3.72).
    for phase in range(2):
        for i in range(n):
            if rates_in_phase(i, phase, fw, iw[I_START]):
                code = rate_rated_player(i, entry, cfg, row_at, dp, out, skipped, fw, iw)
                if code != -1:
                    return code
    first_ratings(fw, iw[I_START], out)
    return -1


@rule
def start_field(entry: Any, cfg: Any, fw: Any, out: Any, skipped: Any, half: int) -> None:
    """Who is rated and who provisional (§2.59, §3.72); nothing rated yet: every ``out``
    column at "no games", no game skipped."""
    unknown = cfg[UNKNOWN_EST] != 0.0
    pre = entry[E_RATING]
    for i in range(entry.shape[1]):
        rated = pre[i] == pre[i]
        fw[W_RATED, i] = 1.0 if rated else 0.0
        known = entry[E_EVENTS, i] >= 0.0
        prov = provisional(rated, entry[E_GAMES, i], known, cfg[ESTABLISHED], unknown)
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
def event_average(entry: Any, cfg: Any, fw: Any, iw: Any, out: Any) -> None:
    """Into ``W_EVENT`` (and every player's ``O_AVERAGE``): R_a of a complete round robin
    of rated players when a round-robin formula is configured — their average rating
    (§1.65), rounded to an integer as the book prints 2534 when so configured — with its
    cycles k and participants M (the players with games); else R_a NaN."""
    ev = fw[W_EVENT]
    ev[EV_AVERAGE] = math.nan
    needed = cfg[EXPECTED_FORMULA] == X_ROUND_ROBIN or cfg[PERF_FORMULA] == P_ROUND_ROBIN
    cycles = round_robin_cycles(entry.shape[1], iw) if needed else 0
    if cycles > 0:
        ev[EV_AVERAGE] = rated_average(entry[E_RATING], iw[I_START], fw)
        ev[EV_CYCLES] = cycles
        ev[EV_M] = players_with_games(iw[I_START, : entry.shape[1] + 1])
        if cfg[ROUND_AVERAGE] != 0.0:
            ev[EV_AVERAGE] = half_away(ev[EV_AVERAGE])
    for i in range(entry.shape[1]):
        out[O_AVERAGE, i] = ev[EV_AVERAGE]


@rule
def players_with_games(start: Any) -> int:
    """How many players have a rated game (M of a round robin)."""
    m = 0
    for i in range(len(start) - 1):
        if start[i + 1] > start[i]:
            m += 1
    return m


@rule
def round_robin_cycles(n: int, iw: Any) -> int:
    """k if every two of the players with rated games met exactly k times — a k-fold
    round robin (a match is M = 2) — else 0: every player has k(M − 1) games and meets
    each of his opponents k times (so all M − 1 others)."""
    start, opp, count = iw[I_START, : n + 1], iw[I_OPP], iw[I_COUNT]
    m = players_with_games(start)
    if m < 2:
        return 0
    first = 0
    while start[first + 1] == start[first]:
        first += 1
    played = start[first + 1] - start[first]
    k = int(played // (m - 1))
    if k * (m - 1) != played:
        return 0
    for i in range(n):
        count[i] = 0
    for i in range(n):
        a, b = start[i], start[i + 1]
        if a != b and (b - a != played or not meets_each_k_times(opp[a:b], k, count)):
            return 0
    return k


@rule
def meets_each_k_times(opponents: Any, k: int, count: Any) -> bool:
    """Whether each opponent appears ``k`` times in ``opponents`` (``count``: zeros, left
    zero)."""
    for o in opponents:
        count[o] += 1
    ok = True
    for o in opponents:
        ok = ok and count[o] == k
    for o in opponents:
        count[o] = 0
    return ok


@rule
def rated_average(pre: Any, start: Any, fw: Any) -> float:
    """R_a: the average rating of the players with games (NaN if one is unrated)."""
    values, k = fw[W_PROBS], 0
    for i in range(len(pre)):
        if start[i + 1] > start[i]:
            if pre[i] != pre[i]:
                return math.nan
            values[k] = pre[i]
            k += 1
    return fsum(values, k, fw[W_PARTIALS]) / k


@rule
def new_players_cycle(
    cycle: int, pre: Any, cfg: Any, row_at: Any, dp: Any, fw: Any, iw: Any
) -> int:
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
            value, code = performance(score, r_c, k, cfg[FACTOR_F] != 0.0, cfg, row_at, dp, fw)
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
    entry: Any,
    cfg: Any,
    row_at: Any,
    dp: Any,
    out: Any,
    skipped: Any,
    fw: Any,
    iw: Any,
) -> int:
    """A rated player's new rating: (2) R_n = R_o + K(W − W_e), or for a provisional
    player (14) over N_o + N games (§3.72), falling back to (2) where his R_p is infinite.
    −1, or a missing D_p cell's code."""
    pre, games = entry[E_RATING], entry[E_GAMES]
    k = rated_player_opponents(i, pre, cfg, skipped, fw, iw)
    fw[W_DONE, i] = 1.0
    if k == 0:
        fw[W_POST, i] = pre[i]
        for q in range(iw[I_START, i], iw[I_START, i + 1]):
            skipped[q] = 0.0  # no notes when nothing was rated
        return -1
    score = fsum(fw[W_SCORES], k, fw[W_PARTIALS])
    r_c = fsum(fw[W_RATINGS], k, fw[W_PARTIALS]) / k
    r_p, code = performance(score, r_c, k, False, cfg, row_at, dp, fw)
    if code != -1:
        return code
    w_e = expected_total(pre[i], r_c, k, cfg, row_at, fw)
    kf = k_factor(cfg, games[i], entry[E_EVENTS, i], entry[E_PEAK, i], float(k))
    new = pre[i] + kf * (score - w_e)
    method = STANDARD
    if fw[W_PROV, i] != 0.0:
        mine, code = performance(score, r_c, k, cfg[FACTOR_F] != 0.0, cfg, row_at, dp, fw)
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
def expected_total(rating: float, r_c: float, k: int, cfg: Any, row_at: Any, fw: Any) -> float:
    """W_e over the ``k`` counted games by (8) in a complete round robin of rated players
    (``W_EVENT``), by (4) k·P_D of the difference from the opponents' average R_c, or by
    (3) Σ P_D per game, as configured (§1.65–§1.66, §1.74)."""
    formula = cfg[EXPECTED_FORMULA]
    r_a = fw[W_EVENT, EV_AVERAGE]
    if formula == X_ROUND_ROBIN and r_a == r_a:
        p_da = expectancy(rating - r_a, cfg, row_at)
        return round_robin_expected(p_da, fw[W_EVENT, EV_M], fw[W_EVENT, EV_CYCLES])
    if formula == X_AVERAGE:
        return k * expectancy(rating - r_c, cfg, row_at)
    return expected_sum(rating, k, cfg, row_at, fw)


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
