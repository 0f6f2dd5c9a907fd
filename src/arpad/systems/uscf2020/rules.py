"""The rules of us-chess-rating-system-2020.txt, each written once, over floats and flat
arrays in the subset of Python that Numba compiles (:mod:`arpad.compiled`).

The per-event path (:mod:`.rating`) calls these functions as ordinary Python; the season
loop (:mod:`.kernel`) calls the very same functions compiled. ``math`` everywhere (no NumPy
ufuncs), and every sum in one fixed order (a player's games in the event's order), so the
two paths agree to the last bit. ``None`` is NaN here; a configuration is the flat array
:func:`params` makes of a :class:`~.config.USCFConfig`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import player_games, rule
from arpad.curves import PWE_WIDTH, logistic_p, provisional_p

# §3 (L159), equation (1).
NSTAR_TOP = 2355.0
NSTAR_MAX = 50.0
NSTAR_A = 0.662
NSTAR_B = 0.00000739
NSTAR_CENTRE = 2569.0

LN10_400 = math.log(10.0) / 400.0
"""The logistic We of §4.2 (L292) as 1/(1 + e^(−d·ln10/400)) (``arpad.curves``)."""

PEAK_FLOOR_LOW = 1200.0
PEAK_FLOOR_HIGH = 2100.0
"""The peak-based floors 1200, 1300, …, 2100 (§5, L314)."""
OLM_FLOOR = 2200.0
"""The Original Life Master floor (§5, L316)."""

# The configuration as a flat array (:func:`params`): the index of each constant.
EPSILON, CAP, MINIMUM, ESTABLISHED, SPECIAL_THROUGH, BONUS_MIN, BONUS_FLOOR = range(7)
MAX_MEETINGS, OLM_GAMES, TEXT_START, APPLY_FLOORS, B = range(7, 12)
N_PARAMS = 12


def params(config: Any, b: float) -> Any:
    """A :class:`~.config.USCFConfig` as the flat array the rules take, with bonus
    multiplier ``b``."""
    out = np.empty(N_PARAMS)
    out[EPSILON] = config.epsilon
    out[CAP] = config.special_cap
    out[MINIMUM] = config.minimum_rating
    out[ESTABLISHED] = config.established_after
    out[SPECIAL_THROUGH] = config.special_through
    out[BONUS_MIN] = config.bonus_min_games
    out[BONUS_FLOOR] = config.bonus_games_floor
    out[MAX_MEETINGS] = config.max_meetings_for_bonus
    out[OLM_GAMES] = config.olm_games
    out[TEXT_START] = 1.0 if config.special_start == "text" else 0.0
    out[APPLY_FLOORS] = 1.0 if config.apply_floors else 0.0
    out[B] = b
    return out


# Scratch rows of :func:`rate_field` and :func:`rate_fixed` (:func:`work`): floats, then
# ints. Booleans are 1.0/0.0.
W_OWN, W_RATINGS, W_M, W_SCORE, W_NEFF, W_SPECIAL, W_BONUS_OK, W_STEP3, W_STEP4 = range(9)
N_WORK = 9
I_START, I_FILL, I_OPP = range(3)
N_IWORK = 3


@rule
def work(n: int, g: int) -> tuple[Any, Any]:
    """Scratch for :func:`rate_field` over events of at most ``n`` players and ``g`` games:
    ``(floats, ints)``, one row per buffer (``W_*``, ``I_*``). The season loop allocates it
    once for the whole season, the per-event path once per event."""
    cap = max(2 * g, n) + 1
    return np.empty((N_WORK, cap)), np.empty((N_IWORK, cap), dtype=np.int64)


# --------------------------------------------------------------------------- §3, §4.2


@rule
def effective_games_cap(r0: float) -> float:
    """N* (§3, L159): 50/√(0.662 + 0.00000739·(2569 − R0)²) for R0 ≤ 2355, else 50."""
    if r0 > NSTAR_TOP:
        return NSTAR_MAX
    d = NSTAR_CENTRE - r0
    return NSTAR_MAX / math.sqrt(NSTAR_A + NSTAR_B * (d * d))


@rule
def winning_expectancy(d: float) -> float:
    """We = 1/(1 + 10^(−d/400)) (§4.2, L292), ``d`` = R_0 − R_i."""
    return logistic_p(d, LN10_400)


@rule
def k_factor(n_eff: float, m: float, regular: float) -> float:
    """K (§4.2, L263, L282) = 800/(N' + m); in a dual-rated event for a player whose
    Regular rating R (``regular``; NaN where the rule does not apply) exceeds 2200:
    800(6.5 − 0.0025R)/(N' + m) below 2500, 200/(N' + m) from 2500."""
    numerator = 800.0
    if regular > 2200.0:
        numerator = 200.0 if regular >= 2500.0 else 800.0 * (6.5 - 0.0025 * regular)
    return numerator / (n_eff + m)


@rule
def bonus_amount(change: float, m: float, b: float, m_floor: float) -> float:
    """max(0, K(S − E) − B·√m') with m' = max(m, 4) (§4.2, L296–300); ``change`` = K(S − E)."""
    return max(0.0, change - b * math.sqrt(max(m, m_floor)))


# --------------------------------------------------------------------------- §4.1


@rule
def adjusted_prior(
    r0: float, n_eff: float, score: float, all_wins: bool, all_losses: bool
) -> tuple[float, float]:
    """(R'_0, S') of §4.1 (L187–197): a player who won (lost) every previous game counts
    as R_0 − 400 (R_0 + 400) with N' wins (losses); else N' draws at R_0."""
    if all_wins:
        return r0 - 400.0, score + n_eff
    if all_losses:
        return r0 + 400.0, score
    return r0, score + n_eff / 2.0


@rule
def special_objective(r: float, n_eff: float, r0a: float, sa: float, opp: Any) -> float:
    """f(R) = N'·PWe(R − R'_0) + Σ PWe(R − R_i) − S' (§4.1, L201), PWe = clip(½ + d/800)."""
    total = n_eff * provisional_p(r - r0a, PWE_WIDTH)
    for i in range(len(opp)):
        total += provisional_p(r - opp[i], PWE_WIDTH)
    return total - sa


@rule
def knot_below(r: float, r0a: float, opp: Any) -> float:
    """The largest knot x_i = R_i − 400, y_i = R_i + 400 (i = 0..m, R'_0 first) below
    ``r`` (§4.1, L205); −inf if none."""
    best = -math.inf
    for i in range(len(opp) + 1):
        c = r0a if i == 0 else opp[i - 1]
        if best < c - 400.0 < r:
            best = c - 400.0
        if best < c + 400.0 < r:
            best = c + 400.0
    return best


@rule
def knot_above(r: float, r0a: float, opp: Any) -> float:
    """The smallest knot above ``r`` (§4.1, L205); +inf if none."""
    best = math.inf
    for i in range(len(opp) + 1):
        c = r0a if i == 0 else opp[i - 1]
        if r < c - 400.0 < best:
            best = c - 400.0
        if r < c + 400.0 < best:
            best = c + 400.0
    return best


@rule
def special_rating(
    r0: float,
    n_eff: float,
    opp: Any,
    score: float,
    all_wins: bool,
    all_losses: bool,
    epsilon: float,
    cap: float,
    text_start: bool,
) -> float:
    """The special rating by the knot algorithm of §4.1 (L211–249) against opponents'
    ratings ``opp``; NaN if the iteration fails to settle (cannot happen for valid input:
    the guard keeps a bug from looping forever). ``cap`` is +inf for none."""
    m = len(opp)
    r0a, sa = adjusted_prior(r0, n_eff, score, all_wins, all_losses)
    if n_eff + m == 0:
        return r0
    mm = special_start(r0a, n_eff, opp, score, text_start)
    for _ in range(8 * (2 * m + 2) + 64):
        moved, settled = special_move(mm, n_eff, r0a, sa, opp, epsilon)
        if settled:
            return min(special_linear_range(mm, r0, r0a, opp), cap)  # L249
        mm = moved
    return math.nan


@rule
def special_start(r0a: float, n_eff: float, opp: Any, score: float, text_start: bool) -> float:
    """Step 1 (L213–215): M = R'_0 as the federation's program does, or the text's
    M = (N'R'_0 + ΣR_i + 400(2S − m))/(N' + m)."""
    if not text_start:
        return r0a
    m = len(opp)
    total = 0.0
    for i in range(m):
        total += opp[i]
    return (n_eff * r0a + total + 400.0 * (2.0 * score - m)) / (n_eff + m)


@rule
def special_move(
    mm: float, n_eff: float, r0a: float, sa: float, opp: Any, epsilon: float
) -> tuple[float, bool]:
    """One iteration of Steps 2 and 3 (L217–235): ``(next M, settled)``; settled when
    |f(M)| ≤ ε."""
    fm = special_objective(mm, n_eff, r0a, sa, opp)
    if fm > epsilon:  # Step 2 (L217–225): move down to the secant or the knot below.
        za = knot_below(mm, r0a, opp)
        fa = special_objective(za, n_eff, r0a, sa, opp)
        if abs(fm - fa) < epsilon:
            return za, False
        star = mm - fm * (mm - za) / (fm - fa)
        return (za if star < za else star), False
    if fm < -epsilon:  # Step 3 (L227–235): move up.
        zb = knot_above(mm, r0a, opp)
        fb = special_objective(zb, n_eff, r0a, sa, opp)
        if abs(fb - fm) < epsilon:
            return zb, False
        star = mm - fm * (zb - mm) / (fb - fm)
        return (zb if star > zb else star), False
    return mm, True


@rule
def special_linear_range(mm: float, r0: float, r0a: float, opp: Any) -> float:
    """Step 4 (L237–247): if no PWe is in its linear range at M (|M − R_i| ≤ 400, written
    R_i − 400 ≤ M ≤ R_i + 400: the very floats the knots are made of), M moves to R_0
    when R_0 lies between the knots around M, else to the nearer of those knots."""
    p = 1 if r0a - 400.0 <= mm <= r0a + 400.0 else 0
    for i in range(len(opp)):
        if opp[i] - 400.0 <= mm <= opp[i] + 400.0:
            p += 1
    if p != 0:
        return mm
    za = knot_below(mm, r0a, opp)
    zb = knot_above(mm, r0a, opp)
    if za <= r0 <= zb:
        return r0
    return za if r0 < za else zb


# --------------------------------------------------------------------------- §5


@rule
def round_half_up(x: float) -> float:
    """Conventional rounding to the nearest integer (§1, §7)."""
    return float(math.floor(x + 0.5))


@rule
def absolute_floor(wins: float, draws: float, rated_events: float) -> float:
    """AF = min(100 + 4·N_W + 2·N_D + N_R, 150) (§5, L310)."""
    return min(100.0 + 4.0 * wins + 2.0 * draws + rated_events, 150.0)


@rule
def peak_floor(peak: float) -> float:
    """The floor of the highest established rating: rounded, less 200, down to the floor
    at or below it among 1200, …, 2100 (§5, L314); NaN when below 1200 (or no peak)."""
    if peak != peak:
        return math.nan
    level = math.floor((round_half_up(peak) - 200.0) / 100.0) * 100.0
    if level < PEAK_FLOOR_LOW:
        return math.nan
    return min(level, PEAK_FLOOR_HIGH)


@rule
def computed_floor(
    rating: float,
    games: float,
    wins: float,
    draws: float,
    rated_events: float,
    peak: float,
    above_2200: float,
    prize: float,
    cfg: Any,
) -> float:
    """The highest floor the formulas of §5 give a state (NaN: no peak, no prize floor)."""
    out = max(absolute_floor(wins, draws, rated_events), cfg[MINIMUM])
    if rating == rating and games > cfg[ESTABLISHED]:
        pf = peak_floor(peak)
        if pf == pf:
            out = max(out, pf)
    if above_2200 >= cfg[OLM_GAMES]:
        out = max(out, OLM_FLOOR)
    if prize == prize:
        out = max(out, prize)
    return float(out)


# --------------------------------------------------------------------------- §1 steps 3–5


@rule
def rate_field(
    white: Any,
    black: Any,
    white_score: Any,
    r0: Any,
    games: Any,
    unrated: Any,
    all_wins: Any,
    all_losses: Any,
    regular: Any,
    allow_bonus: bool,
    cfg: Any,
    out: Any,
    fw: Any,
    iw: Any,
) -> None:
    """Steps 3, 4 and 5 of §1 (L37–53) for one event's players (local indices 0..n−1).

    Games are (``white``, ``black``, ``white_score``); per player: R_0, N (the Step 1
    value for the unrated), whether unrated, all previous games won / lost (only for
    players with history), the Regular rating for the dual-rated K (NaN: not applicable).
    ``out`` (8 × n) receives, per player: m, score, step-4 rating, step-5 rating, E, K
    (NaN for the special formula), bonus, 1.0 if rated by the special formula, and NaN
    in the step-5 row if the special formula failed to settle. ``fw``/``iw`` are scratch
    (:func:`work`).
    """
    n = len(r0)
    start = iw[I_START]
    player_games(white, black, white_score, n, start, iw[I_FILL], iw[I_OPP], fw[W_OWN])
    player_facts(r0, games, all_wins, all_losses, allow_bonus, cfg, fw, iw)
    step3 = fw[W_STEP3, :n]
    unrated_step(r0, games, unrated, cfg, step3, fw, iw)
    # Step 4 against the step-3 ratings, step 5 against the step-4 ratings (L44–53).
    step4 = fw[W_STEP4, :n]
    rating_step(r0, step3, all_wins, all_losses, regular, cfg, step4, out, fw, iw)
    rating_step(r0, step4, all_wins, all_losses, regular, cfg, out[3], out, fw, iw)
    for i in range(n):
        out[0, i] = fw[W_M, i]
        out[1, i] = fw[W_SCORE, i]
        out[2, i] = step4[i]
        out[7, i] = fw[W_SPECIAL, i]


@rule
def unrated_step(r0: Any, games: Any, unrated: Any, cfg: Any, step3: Any, fw: Any, iw: Any) -> None:
    """Step 3 (L37–42): an unrated player with N = 0 is rated by the special formula with
    N' = 1 against the opponents' R_0, at least 100; everyone else keeps R_0."""
    start, opp, ratings = iw[I_START], iw[I_OPP], fw[W_RATINGS]
    for i in range(len(r0)):
        step3[i] = r0[i]
        if unrated[i] and games[i] == 0 and fw[W_M, i] > 0:
            for q in range(start[i], start[i + 1]):
                ratings[q] = r0[opp[q]]
            s3 = special_rating(
                r0[i],
                1.0,
                ratings[start[i] : start[i + 1]],
                fw[W_SCORE, i],
                False,
                False,
                cfg[EPSILON],
                cfg[CAP],
                cfg[TEXT_START] != 0.0,
            )
            step3[i] = max(s3, cfg[MINIMUM]) if s3 == s3 else s3


@rule
def player_facts(
    r0: Any,
    games: Any,
    all_wins: Any,
    all_losses: Any,
    allow_bonus: bool,
    cfg: Any,
    fw: Any,
    iw: Any,
) -> None:
    """Per player, into the scratch rows: m, S, N' = min(N, N*) (§3), whether the special
    formula rates them (step 4, L46) and whether a bonus is possible (§4.2)."""
    start, opp, own = iw[I_START], iw[I_OPP], fw[W_OWN]
    for i in range(len(r0)):
        fw[W_M, i] = start[i + 1] - start[i]
        score = 0.0
        for q in range(start[i], start[i + 1]):
            score += own[q]
        fw[W_SCORE, i] = score
        fw[W_NEFF, i] = min(float(games[i]), effective_games_cap(r0[i]))
        special = special_applies(games[i], all_wins[i], all_losses[i], cfg[SPECIAL_THROUGH])
        fw[W_SPECIAL, i] = 1.0 if special else 0.0
        ok = allow_bonus and bonus_eligible(
            opp[start[i] : start[i + 1]], cfg[BONUS_MIN], cfg[MAX_MEETINGS]
        )
        fw[W_BONUS_OK, i] = 1.0 if ok else 0.0


@rule
def rate_fixed(
    white: Any,
    black: Any,
    white_score: Any,
    r0: Any,
    games: Any,
    all_wins: Any,
    all_losses: Any,
    regular: Any,
    cfg: Any,
    out: Any,
    fw: Any,
    iw: Any,
) -> None:
    """One rating step of every player against the others' R_0 as they are (a FIDE
    foreign event, §6; an estimate against fixed opponents): ``out`` as in
    :func:`rate_field`, the step's rating in rows 2 and 3."""
    n = len(r0)
    start = iw[I_START]
    player_games(white, black, white_score, n, start, iw[I_FILL], iw[I_OPP], fw[W_OWN])
    player_facts(r0, games, all_wins, all_losses, True, cfg, fw, iw)
    rating_step(r0, r0, all_wins, all_losses, regular, cfg, out[3], out, fw, iw)
    for i in range(n):
        out[0, i] = fw[W_M, i]
        out[1, i] = fw[W_SCORE, i]
        out[2, i] = out[3, i]
        out[7, i] = fw[W_SPECIAL, i]


@rule
def dual_regular(in_regular: bool, unrated: bool, r0: float, quick_regular: float) -> float:
    """The Regular rating of the dual-rated K (§4.2, L280): in a dual-rated event's
    Regular side the player's own pre-event rating (none while unrated); on the Quick
    side ``quick_regular`` (NaN unless ``dual_rated_k_in_quick``, D-uscf-3)."""
    if in_regular:
        return math.nan if unrated else r0
    return quick_regular


@rule
def special_applies(games: float, all_wins: bool, all_losses: bool, through: float) -> bool:
    """Step 4 (L46): the special formula rates a player with N ≤ 8, or who won (lost)
    every previous game (``all_wins``/``all_losses`` only for a player with history)."""
    return games <= through or all_wins or all_losses


@rule
def bonus_eligible(opponents: Any, min_games: float, max_meetings: float) -> bool:
    """Bonus only if m ≥ 3 and no opponent met more than twice (§4.2, L288–294);
    ``opponents`` are the opponents' numbers, one per game."""
    m = len(opponents)
    if m < min_games:
        return False
    for a in range(m):
        met = 0
        for b in range(m):
            if opponents[b] == opponents[a]:
                met += 1
        if met > max_meetings:
            return False
    return True


@rule
def rating_step(
    r0: Any,
    against: Any,
    all_wins: Any,
    all_losses: Any,
    regular: Any,
    cfg: Any,
    rating: Any,
    out: Any,
    fw: Any,
    iw: Any,
) -> None:
    """Step 4 or 5 (L44–53): every player from their own R_0 against ``against``; writes
    ``rating`` and E, K, bonus into rows 4–6 of ``out``."""
    start, opp, ratings = iw[I_START], iw[I_OPP], fw[W_RATINGS]
    for i in range(len(r0)):
        expected = 0.0
        for q in range(start[i], start[i + 1]):
            ratings[q] = against[opp[q]]
            expected += winning_expectancy(r0[i] - ratings[q])
        out[4, i] = expected
        m = fw[W_M, i]
        if m == 0:
            rating[i] = r0[i]
            out[5, i] = math.nan
            out[6, i] = 0.0
            continue
        if fw[W_SPECIAL, i] != 0.0:
            r = special_rating(
                r0[i],
                fw[W_NEFF, i],
                ratings[start[i] : start[i + 1]],
                fw[W_SCORE, i],
                all_wins[i],
                all_losses[i],
                cfg[EPSILON],
                cfg[CAP],
                cfg[TEXT_START] != 0.0,
            )
            out[5, i] = math.nan
            out[6, i] = 0.0
        else:
            k = k_factor(fw[W_NEFF, i], m, regular[i])
            change = k * (fw[W_SCORE, i] - expected)
            ok = fw[W_BONUS_OK, i] != 0.0
            bonus = bonus_amount(change, m, cfg[B], cfg[BONUS_FLOOR]) if ok else 0.0
            r = r0[i] + change + bonus
            out[5, i] = k
            out[6, i] = bonus
        rating[i] = max(r, cfg[MINIMUM]) if r == r else r


# --------------------------------------------------------------------------- states

# A player's state (:class:`~.state.USCFState` without its match history) as one row of
# floats: NaN for ``None``, 1.0/0.0 for booleans; counts are exact in floats.
RATING, GAMES, WINS, DRAWS, LOSSES, ALL_WINS, ALL_LOSSES, EVENTS = range(8)
PEAK, ABOVE_2200, PRIZE, KNOWN = range(8, 12)
N_FIELDS = 12


@rule
def state_floor(row: Any, cfg: Any) -> float:
    """The floor in force for a state (§5): its known floor if set, else the computed one
    (the state before the event, D-uscf-4)."""
    known: float = row[KNOWN]
    return known if known == known else row_floor(row, cfg)


@rule
def row_floor(row: Any, cfg: Any) -> float:
    """:func:`computed_floor` of a state row (its known floor aside)."""
    return computed_floor(
        row[RATING],
        row[GAMES],
        row[WINS],
        row[DRAWS],
        row[EVENTS],
        row[PEAK],
        row[ABOVE_2200],
        row[PRIZE],
        cfg,
    )


@rule
def after_event(
    prior: Any,
    post: float,
    assigned_games: float,
    wins: float,
    draws: float,
    m: float,
    cfg: Any,
    new: Any,
) -> None:
    """The state after an event in which the player completed m games (``new``, a row).

    §7: "each players' value of N is incremented by m" from ``assigned_games``, the N
    the rating was based on (the Step 1 value for an unrated player). All wins / all
    losses refer to games actually played in the pool (§4.1); games above 2200 count
    while established above 2200 (§5, OLM); the peak is the highest established rating.
    """
    for f in range(N_FIELDS):
        new[f] = prior[f]
    if m == 0:
        return
    history = prior[RATING] == prior[RATING] and prior[GAMES] > 0
    games = assigned_games + m
    new[RATING] = post
    new[GAMES] = games
    new[WINS] = prior[WINS] + wins
    new[DRAWS] = prior[DRAWS] + draws
    new[LOSSES] = prior[LOSSES] + (m - wins - draws)
    before_wins = prior[ALL_WINS] != 0.0 if history else True
    before_losses = prior[ALL_LOSSES] != 0.0 if history else True
    new[ALL_WINS] = 1.0 if before_wins and wins == m else 0.0
    new[ALL_LOSSES] = 1.0 if before_losses and m - wins - draws == m else 0.0
    new[EVENTS] = prior[EVENTS] + (1.0 if m >= 3 else 0.0)
    established = prior[RATING] == prior[RATING] and prior[GAMES] > cfg[ESTABLISHED]
    if established and prior[RATING] > 2200.0:
        new[ABOVE_2200] = prior[ABOVE_2200] + m
    if games > cfg[ESTABLISHED]:
        new[PEAK] = post if prior[PEAK] != prior[PEAK] else max(prior[PEAK], post)


@rule
def carry_known_floor(prior: Any, new: Any, cfg: Any) -> None:
    """Keep a known floor (published, or lowered by a granted match request, §7 item 4)
    until the formulas give a higher floor than before the event (a new peak or more
    games raised it): then the computed floor takes over (D-uscf-5)."""
    if new[KNOWN] == new[KNOWN]:
        raised = row_floor(new, cfg)
        if raised > row_floor(prior, cfg) and raised > new[KNOWN]:
            new[KNOWN] = math.nan
