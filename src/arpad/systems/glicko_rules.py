"""The rules of Glicko, Glicko-2 and the Stephenson system, each written once.

Plain functions over floats, ints and flat arrays in the subset of Python that Numba
compiles (``math``, not NumPy), marked :func:`arpad.compiled.rule`: the per-event path
(:func:`arpad.systems.glicko_core.rate_period`, :func:`arpad.systems.glicko2.rate_event`)
calls them as ordinary Python, the season loop (:mod:`arpad.systems.glicko_kernel`)
compiled, so both give the same bits (decision D-glicko-1).

Sources:

- Glickman, M. E. (1995, rev. 2016), *The Glicko system* (glicko.net/glicko/glicko.pdf):
  Step 1 (RD = min(√(RD² + c²t), 350), t the periods since the player last competed),
  Step 2 (``q = ln 10/400``, ``g(RD) = 1/√(1 + 3q²RD²/π²)``,
  ``E = 1/(1 + 10^(−g(RD_j)(r − r_j)/400))``, ``1/d² = q² Σ g(RD_j)² E(1 − E)``,
  ``r' = r + q/(1/RD² + 1/d²) Σ g(RD_j)(s_j − E)``, ``RD' = √((1/RD² + 1/d²)^−1)``) and
  the expected outcome of a game, ``E`` with ``g(√(RD_a² + RD_b²))``.
- Stephenson, A. (2012), *Comparing predictive performance of chess ratings with the
  PlayerRatings package*, appendix "Stephenson System": ``v* = (1/(v + h²m) + d)^−1``,
  ``r* = r + q·v*·Σ k_j(s_j − e_j + b) + λ(r̄ − r)``, ``e_j`` with γw_j (w_j = +1 as
  White, −1 as Black); ``h = b = λ = γ = 0`` is Glicko's Step 2. Units as D-eval-3 says.
- Glickman, M. E. (2013), *Example of the Glicko-2 system* (glicko.net/glicko/glicko2.pdf):
  Step 2 (μ = (r − 1500)/173.7178, φ = RD/173.7178), Steps 3–4 (v, Δ with
  ``g(φ) = 1/√(1 + 3φ²/π²)``, ``E = 1/(1 + exp(−g(φ_j)(μ − μ_j)))``), Step 5 (σ' by the
  Illinois algorithm), Steps 6–8 (φ*, φ', μ', back to the rating scale); a player who sat
  out periods has φ² grown by σ² for each (the paper's non-competing rule, D-eval-2).
"""

from __future__ import annotations

import math
from typing import Any

from arpad.compiled import rule

Q = math.log(10.0) / 400.0
"""q = ln 10 / 400 (Glickman 1995, Step 2)."""
PI2 = math.pi**2
"""π², in g(RD) and g(φ)."""
SCALE = 173.7178
"""Glicko-2, Step 2: μ = (r − 1500)/173.7178, φ = RD/173.7178."""
NO_MONTH = -1
"""The rating period of a state without a last event date (month numbers start at 1:
:func:`arpad.systems.pairwise.month_index`)."""
MAX_ILLINOIS = 200
"""Iterations of Step 5's Illinois loop at most (it converges in a handful)."""


@rule
def g(rd: float) -> float:
    """g(RD) = 1/√(1 + 3q²RD²/π²) (Glickman 1995, Step 2; Stephenson's ``k``).

    >>> round(g(30.0), 4), round(g(300.0), 4)
    (0.9955, 0.7242)
    """
    return 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * (rd * rd) / PI2)


@rule
def expected_at(diff: float, k: float) -> float:
    """E = 1/(1 + 10^(−k·diff/400)) at rating difference ``diff`` with weight ``k = g(RD)``."""
    return 1.0 / (1.0 + math.pow(10.0, -k * diff / 400.0))


@rule
def pair_rd(rd_a: float, rd_b: float) -> float:
    """√(RD_a² + RD_b²): the deviation of a pair in the expected outcome of their game."""
    return math.sqrt(rd_a * rd_a + rd_b * rd_b)


@rule
def expectation(diff: float, rd: float) -> float:
    """The expected score at rating difference ``diff`` against an opponent (or a pair) of
    deviation ``rd`` (Glickman 1995, "expected outcome")."""
    return expected_at(diff, g(rd))


@rule
def idle_periods(last_month: int, now_month: int) -> int:
    """Rating periods from the last one played to this one, at least 1 (1 when either has
    no date: an undated event is a period of its own; D-eval-2)."""
    if last_month == NO_MONTH or now_month == NO_MONTH:
        return 1
    return max(1, now_month - last_month)


@rule
def is_newcomer(last_month: int, games: float) -> bool:
    """Never rated and no games from the file: Step 1 does not apply (the newcomer RD)."""
    return last_month == NO_MONTH and games == 0


@rule
def onset_rd(rd: float, newcomer: bool, periods: int, c: float, rd_max: float) -> float:
    """Step 1: RD = min(√(RD² + c²t), rd_max) for a player rated before, ``t`` the
    periods since his last; a newcomer keeps his RD."""
    if newcomer:
        return rd
    return min(math.sqrt(rd * rd + c * c * periods), rd_max)


@rule
def glicko_event(
    white: Any,
    black: Any,
    score: Any,
    rating: Any,
    rd: Any,
    gamma: float,
    h: float,
    b: float,
    lam: float,
    out_rating: Any,
    out_rd: Any,
    played: Any,
    info: Any,
    pull: Any,
    opp_sum: Any,
) -> None:
    """Glicko's Step 2 / Stephenson's update of one period for every player of an event.

    ``rating`` and ``rd`` are the players' onset values (after Step 1), indexed like the
    games' ``white`` and ``black``; ``out_rating``, ``out_rd`` and ``played`` (games per
    player) receive the results; ``info``, ``pull`` and ``opp_sum`` are scratch of the
    same length. A player without a game keeps his state (his places are left untouched).
    """
    n = len(rating)
    for i in range(n):
        played[i] = 0.0
        info[i] = 0.0
        pull[i] = 0.0
        opp_sum[i] = 0.0
    for j in range(len(white)):
        w, bl, s = white[j], black[j], score[j]
        add_game(
            w, rating[w] - rating[bl] + gamma, rd[bl], s, rating[bl], b, played, info, pull, opp_sum
        )
        add_game(
            bl,
            rating[bl] - rating[w] - gamma,
            rd[w],
            1.0 - s,
            rating[w],
            b,
            played,
            info,
            pull,
            opp_sum,
        )
    for i in range(n):
        if played[i] > 0.0:
            v_new = new_variance(rd[i], played[i], info[i], h)
            out_rating[i] = new_rating(rating[i], v_new, pull[i], opp_sum[i], played[i], lam)
            out_rd[i] = math.sqrt(v_new)


@rule
def add_game(
    i: int,
    diff: float,
    rd_opp: float,
    s: float,
    r_opp: float,
    b: float,
    played: Any,
    info: Any,
    pull: Any,
    opp_sum: Any,
) -> None:
    """One game seen from player ``i``: k = g(RD_opp), e at ``diff`` (γ included), and the
    sums Σ k²e(1 − e), Σ k(s − e + b) and Σ r_opp."""
    k = g(rd_opp)
    e = expected_at(diff, k)
    played[i] += 1.0
    info[i] += k * k * e * (1.0 - e)
    pull[i] += k * (s - e + b)
    opp_sum[i] += r_opp


@rule
def new_variance(rd: float, m: float, info: float, h: float) -> float:
    """v* = (1/(RD² + h²m) + q²Σk²e(1 − e))^−1 (Stephenson; Glicko's RD'² with h = 0)."""
    return 1.0 / (1.0 / (rd * rd + h * h * m) + Q * Q * info)


@rule
def new_rating(r: float, v_new: float, pull: float, opp_sum: float, m: float, lam: float) -> float:
    """r* = r + q·v*·Σk(s − e + b) + λ(r̄ − r), r̄ the opponents' mean rating."""
    return r + Q * v_new * pull + lam * (opp_sum / m - r)


# -- Glicko-2 ---------------------------------------------------------------------------


@rule
def g2(phi: float) -> float:
    """g(φ) = 1/√(1 + 3φ²/π²) (Glicko-2, Step 3)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * (phi * phi) / PI2)


@rule
def to_mu(r: float) -> float:
    """μ = (r − 1500)/173.7178 (Glicko-2, Step 2)."""
    return (r - 1500.0) / SCALE


@rule
def periods_sat_out(last_month: int, games: float, now_month: int) -> int:
    """Periods a player sat out before this one (φ² grows by σ² for each, the paper's
    non-competing rule): none for a newcomer."""
    if is_newcomer(last_month, games):
        return 0
    return idle_periods(last_month, now_month) - 1


@rule
def onset_phi(rd: float, sigma: float, idle: int) -> float:
    """φ on the Glicko-2 scale after ``idle`` periods sat out: √(φ² + idle·σ²)."""
    phi = rd / SCALE
    return math.sqrt(phi * phi + idle * (sigma * sigma))


@rule
def volatility_f(x: float, a: float, delta2: float, phi2: float, v: float, tau: float) -> float:
    """Step 5's f(x) = eˣ(Δ² − φ² − v − eˣ)/(2(φ² + v + eˣ)²) − (x − a)/τ²."""
    ex = math.exp(x)
    s = phi2 + v + ex
    return ex * (delta2 - phi2 - v - ex) / (2.0 * (s * s)) - (x - a) / (tau * tau)


@rule
def new_volatility(
    delta: float, phi: float, v: float, sigma: float, tau: float, eps: float
) -> float:
    """Step 5: σ' by the Illinois algorithm (the paper's steps 1–5)."""
    a = math.log(sigma * sigma)
    phi2, delta2 = phi * phi, delta * delta
    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(max(delta2 - phi2 - v, 1e-300))
    else:
        k = 1.0
        while volatility_f(a - k * tau, a, delta2, phi2, v, tau) < 0.0:
            k += 1.0
        big_b = a - k * tau
    f_a = volatility_f(big_a, a, delta2, phi2, v, tau)
    f_b = volatility_f(big_b, a, delta2, phi2, v, tau)
    for _ in range(MAX_ILLINOIS):
        if abs(big_b - big_a) <= eps:
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = volatility_f(c, a, delta2, phi2, v, tau)
        if f_c * f_b <= 0.0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)


@rule
def glicko2_event(
    white: Any,
    black: Any,
    score: Any,
    mu: Any,
    phi: Any,
    sigma: Any,
    tau: float,
    eps: float,
    out: Any,
    played: Any,
    info: Any,
    pull: Any,
) -> None:
    """Steps 3–8 of one period for every player of an event: ``out[0]``, ``out[1]``,
    ``out[2]`` receive r', RD' and σ' on the rating scale of each player who played (the
    others keep their state: left untouched), ``played`` the games per player; ``info``
    and ``pull`` are scratch."""
    n = len(mu)
    for i in range(n):
        played[i] = 0.0
        info[i] = 0.0
        pull[i] = 0.0
    for j in range(len(white)):
        w, b, s = white[j], black[j], score[j]
        add_game2(w, mu[w] - mu[b], phi[b], s, played, info, pull)
        add_game2(b, mu[b] - mu[w], phi[w], 1.0 - s, played, info, pull)
    for i in range(n):
        if played[i] > 0.0:
            glicko2_player(i, mu[i], phi[i], sigma[i], info[i], pull[i], tau, eps, out)


@rule
def add_game2(
    i: int, diff: float, phi_opp: float, s: float, played: Any, info: Any, pull: Any
) -> None:
    """One game seen from player ``i`` (Steps 3–4): Σ g²E(1 − E) and Σ g(s − E)."""
    k = g2(phi_opp)
    e = 1.0 / (1.0 + math.exp(-k * diff))
    played[i] += 1.0
    info[i] += k * k * e * (1.0 - e)
    pull[i] += k * (s - e)


@rule
def glicko2_player(
    i: int,
    mu: float,
    phi: float,
    sigma: float,
    info: float,
    pull: float,
    tau: float,
    eps: float,
    out: Any,
) -> None:
    """Steps 4–8 for a player who played: v, Δ, σ', φ*, φ', μ', back to r and RD."""
    v = 1.0 / info
    sigma_new = new_volatility(v * pull, phi, v, sigma, tau, eps)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * pull
    out[0][i] = 1500.0 + SCALE * mu_new
    out[1][i] = SCALE * phi_new
    out[2][i] = sigma_new
