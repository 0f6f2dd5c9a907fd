"""The Glicko-2 system (Glickman 2001/2013): rating, deviation and volatility σ.

Source: Glickman, M. E. (2013), *Example of the Glicko-2 system*
(glicko.net/glicko/glicko2.pdf), Steps 1–8; the worked example of that paper is the test
``test_glicko2_glickman_example``. A rating period is a calendar month (D-eval-2); a
player who sat out t − 1 periods before this one has φ² grown by σ² for each of them
(the paper: "φ' = √(φ² + σ²)" for a player who does not compete).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems import glicko_core as core
from arpad.systems.pairwise import (
    FloatArray,
    GameArrays,
    game_arrays,
    list_entry,
    period_result,
    periods_between,
)

SCALE = 173.7178
"""Step 2: μ = (r − 1500)/173.7178, φ = RD/173.7178."""


@dataclass(frozen=True, slots=True)
class Glicko2State:
    """Rating r, deviation RD and volatility σ on the Glicko scale."""

    rating: float
    rd: float
    volatility: float
    games: int = 0
    last: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Glicko2Config(Config):
    """Glicko-2's constants (Step 1)."""

    initial: float = field(default=1500.0, metadata=bounds(doc="r of an unrated player"))
    initial_rd: float = field(
        default=350.0, metadata=bounds(0, None, low_open=True, doc="RD of an unrated player")
    )
    initial_volatility: float = field(
        default=0.06, metadata=bounds(0, None, low_open=True, doc="σ of an unrated player")
    )
    tau: float = field(
        default=0.5,
        metadata=bounds(0, None, low_open=True, doc="τ: volatility change (0.3–1.2; 0.5 example)"),
    )
    epsilon: float = field(
        default=1e-6, metadata=bounds(0, None, low_open=True, doc="Step 5 tolerance")
    )


def state_from_entry(entry: PlayerEntry, event: Event, config: Glicko2Config) -> Glicko2State:
    rating = config.initial if entry.rating is None else entry.rating
    return Glicko2State(rating, config.initial_rd, config.initial_volatility, entry.games)


def newcomer_state(config: Glicko2Config) -> Glicko2State:
    return Glicko2State(config.initial, config.initial_rd, config.initial_volatility)


def new_volatility(
    delta: FloatArray, phi: FloatArray, v: FloatArray, sigma: FloatArray, tau: float, eps: float
) -> FloatArray:
    """Step 5: σ' by the Illinois algorithm, for every player at once."""
    a = np.log(np.square(sigma))
    phi2 = np.square(phi)
    delta2 = np.square(delta)

    def f(x: FloatArray) -> FloatArray:
        ex = np.exp(x)
        return np.asarray(
            ex * (delta2 - phi2 - v - ex) / (2.0 * np.square(phi2 + v + ex)) - (x - a) / tau**2,
            dtype=float,
        )

    big = delta2 > phi2 + v
    lo = np.where(big, np.log(np.maximum(delta2 - phi2 - v, 1e-300)), a - tau)
    k = np.ones_like(a)
    need = ~big & (f(a - k * tau) < 0)
    while need.any():
        k = np.where(need, k + 1.0, k)
        need = need & (f(a - k * tau) < 0)
    big_a, big_b = a.copy(), np.where(big, lo, a - k * tau)
    f_a, f_b = f(big_a), f(big_b)
    active = np.abs(big_b - big_a) > eps
    for _ in range(200):
        if not active.any():
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        swap = f_c * f_b <= 0
        new_a = np.where(swap, big_b, big_a)
        new_fa = np.where(swap, f_b, f_a / 2.0)
        big_a = np.where(active, new_a, big_a)
        f_a = np.where(active, new_fa, f_a)
        big_b = np.where(active, c, big_b)
        f_b = np.where(active, f_c, f_b)
        active = active & (np.abs(big_b - big_a) > eps)
    return np.asarray(np.exp(big_a / 2.0), dtype=float)


def period_update(
    arrays: GameArrays, mu: FloatArray, phi: FloatArray, sigma: FloatArray, config: Glicko2Config
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Steps 3–7 on the Glicko-2 scale: (μ', φ', σ', games played) per player."""
    n = arrays.players
    w, b, s = arrays.white, arrays.black, arrays.score
    me = np.concatenate([w, b])
    opp = np.concatenate([b, w])
    score = np.concatenate([s, 1.0 - s])
    g_opp = 1.0 / np.sqrt(1.0 + 3.0 * np.square(phi[opp]) / math.pi**2)
    e = 1.0 / (1.0 + np.exp(-g_opp * (mu[me] - mu[opp])))
    played = np.bincount(me, minlength=n).astype(float)
    info = np.bincount(me, g_opp * g_opp * e * (1.0 - e), minlength=n)
    on = played > 0
    v = np.full(n, np.inf)
    v[on] = 1.0 / info[on]
    pull = np.bincount(me, g_opp * (score - e), minlength=n)
    delta = np.zeros(n)
    delta[on] = v[on] * pull[on]  # no games: v = ∞ and no Δ (step 4 runs only on players)
    sigma_new = sigma.copy()
    sigma_new[on] = new_volatility(delta[on], phi[on], v[on], sigma[on], config.tau, config.epsilon)
    phi_star = np.sqrt(np.square(phi) + np.square(sigma_new))
    phi_new = phi.copy()
    phi_new[on] = 1.0 / np.sqrt(1.0 / np.square(phi_star[on]) + 1.0 / v[on])
    mu_new = mu + np.where(on, np.square(phi_new) * pull, 0.0)
    return mu_new, phi_new, sigma_new, played


def rate_event(
    event: Event, states: Mapping[str, Glicko2State], config: Glicko2Config
) -> EventRating[Glicko2State]:
    """One rating period (Steps 2–8)."""
    arrays = game_arrays(event)
    before = [states[pid] for pid in arrays.ids]
    sigma = np.array([s.volatility for s in before])
    # Periods sat out since the last one: φ² + σ² each (the paper's non-competing rule).
    idle = np.array(
        [
            0 if s.last is None and s.games == 0 else periods_between(s.last, event.end_date) - 1
            for s in before
        ],
        dtype=float,
    )
    mu = (np.array([s.rating for s in before]) - 1500.0) / SCALE
    phi = np.sqrt(np.square(np.array([s.rd for s in before]) / SCALE) + idle * np.square(sigma))
    mu_new, phi_new, sigma_new, played = period_update(arrays, mu, phi, sigma, config)
    after = {pid: states[pid] for pid in arrays.ids}
    for i, pid in enumerate(arrays.ids):
        if played[i] > 0:
            after[pid] = Glicko2State(
                1500.0 + SCALE * float(mu_new[i]),
                SCALE * float(phi_new[i]),
                float(sigma_new[i]),
                before[i].games + int(played[i]),
                event.end_date,
            )
    return period_result("glicko2", event, arrays, after, [s.rating for s in before])


expected_score = core.expected_score
"""White's expected score (:func:`arpad.systems.glicko_core.expected_score`)."""


SYSTEM: RatingSystem[Glicko2Config, Glicko2State] = RatingSystem(
    name="glicko2",
    title="Glicko-2 (Glickman 2001)",
    source="Glickman, Example of the Glicko-2 system (glicko.net/glicko/glicko2.pdf)",
    config_type=Glicko2Config,
    state_type=Glicko2State,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    newcomer=newcomer_state,
)
