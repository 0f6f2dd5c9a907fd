"""Whole-History Rating: each player's strength a Wiener process, fitted (maximum a
posteriori) to every game seen so far each time an event is rated.

Coulom, R. (2008), "Whole-History Rating: A Bayesian Rating System for Players of
Time-Varying Strength", Computers and Games (CG 2008), LNCS 5131, pp. 113–124:

- §2.1 the Bradley–Terry model: with ``r = ln γ`` (natural units), player ``i`` beats ``j``
  with probability ``γ_i/(γ_i + γ_j) = 1/(1 + e^(r_j − r_i))``; a draw counts as half a
  win and half a loss (the score ``s`` weights the two log-likelihood terms);
- §2.2 a player's strength at his successive time steps follows a Wiener process:
  ``r(t₂) − r(t₁) ~ N(0, |t₂ − t₁|·w²)``;
- §2.3 a prior at each player's first time step: virtual draws against a virtual player of
  rating 0, so that a player with only wins keeps a finite rating (``virtual_games``; the
  PyPI ``whr`` package's default is 2);
- §3 the ratings are the maximum of the posterior. The paper finds it by Newton's method
  player by player; here scipy's L-BFGS maximises the same posterior over every
  (player, time step) at once (D-evaluate-3).

Time steps are months (D-eval-2), so ``w2`` is in Elo points² per month. The rating shown
and used to predict is the player's strength at his last time step, on the Elo scale
``center + r·400/ln 10``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems.pairwise import FloatArray, list_entry
from arpad.systems.wholehistory import (
    SCALE,
    Chunk,
    HistoryArrays,
    HistoryState,
    arrays,
    center_field,
    entry_state,
    logistic_expected,
    refit_event,
    tolerance_field,
)

IntArray = npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class WHRState(HistoryState):
    """A player's strength at his last time step and the history he was last fitted on
    (:class:`~arpad.systems.wholehistory.HistoryState`; ``fit``: every player's strength
    at his last step)."""


@dataclass(frozen=True, slots=True)
class WHRConfig(Config):
    w2: float = field(
        default=300.0, metadata=bounds(0, None, low_open=True, doc="w²: Elo points² per month")
    )
    virtual_games: float = field(
        default=2.0, metadata=bounds(0, None, doc="virtual draws at a player's first step")
    )
    advantage: float = field(default=0.0, metadata=bounds(doc="White's advantage, Elo points"))
    center: float = center_field()
    tolerance: float = tolerance_field()


def state_from_entry(entry: PlayerEntry, event: Event, config: WHRConfig) -> WHRState:
    return entry_state(WHRState, entry, config)


def newcomer_state(config: WHRConfig) -> WHRState:
    return WHRState(config.center)


@dataclass(frozen=True)
class Steps:
    """The (player, time step) variables of a history: one per step a player played."""

    player: IntArray
    step: IntArray
    white: IntArray
    """The variable of each game's White (and Black)."""
    black: IntArray
    first: IntArray
    """The variable of each player's first step."""
    last: IntArray
    """The variable of each player's last step."""


def steps(h: HistoryArrays) -> Steps:
    """The variables of :func:`posterior` for the history's games."""
    n = h.players
    pairs = np.unique(
        np.stack([np.concatenate([h.white, h.black]), np.concatenate([h.step, h.step])]),
        axis=1,
    )
    player, step = pairs[0], pairs[1]
    code = {(int(p), int(t)): i for i, (p, t) in enumerate(zip(player, step, strict=True))}
    white = np.array([code[int(p), int(t)] for p, t in zip(h.white, h.step, strict=True)])
    black = np.array([code[int(p), int(t)] for p, t in zip(h.black, h.step, strict=True)])
    first = np.searchsorted(player, np.arange(n), side="left")
    last = np.searchsorted(player, np.arange(n), side="right") - 1
    return Steps(
        player.astype(np.intp),
        step.astype(np.intp),
        white.astype(np.intp),
        black.astype(np.intp),
        first.astype(np.intp),
        last.astype(np.intp),
    )


def posterior(
    r: FloatArray, h: HistoryArrays, v: Steps, config: WHRConfig
) -> tuple[float, FloatArray]:
    """Minus the log posterior of the strengths ``r`` (one per variable) and its gradient:
    the games' Bradley–Terry likelihood (draws as half a win), the Wiener process between
    a player's consecutive steps, and the virtual draws at each player's first step."""
    adv = config.advantage / SCALE
    d = r[v.white] - r[v.black] + adv
    p = 1.0 / (1.0 + np.exp(-d))
    q = np.clip(p, 1e-300, 1.0)
    q1 = np.clip(1.0 - p, 1e-300, 1.0)
    value = -float(np.sum(h.score * np.log(q) + (1.0 - h.score) * np.log(q1)))
    m = len(r)
    slope = h.score - p
    grad = np.asarray(
        np.bincount(v.black, slope, minlength=m) - np.bincount(v.white, slope, minlength=m),
        dtype=np.float64,
    )
    same = v.player[1:] == v.player[:-1]
    gap = (v.step[1:] - v.step[:-1]).astype(float)
    var = np.where(same, np.maximum(gap, 1.0) * config.w2 / SCALE**2, 1.0)
    diff = np.where(same, r[1:] - r[:-1], 0.0)
    value += float(np.sum(diff**2 / (2.0 * var)))
    pull = diff / var
    grad[1:] += pull
    grad[:-1] -= pull
    # Virtual draws against rating 0: each is −½ ln σ(r) − ½ ln σ(−r).
    f = r[v.first]
    pf = 1.0 / (1.0 + np.exp(-f))
    value -= config.virtual_games * float(
        np.sum(0.5 * np.log(np.clip(pf, 1e-300, 1)) + 0.5 * np.log(np.clip(1 - pf, 1e-300, 1)))
    )
    grad[v.first] -= config.virtual_games * (0.5 - pf)
    return value, np.asarray(grad, dtype=float)


def fit(h: HistoryArrays, v: Steps, start: FloatArray, config: WHRConfig) -> FloatArray:
    """The maximum a posteriori strengths (natural units), one per variable."""
    from scipy.optimize import minimize

    found = minimize(
        posterior,
        start,
        args=(h, v, config),
        jac=True,
        method="L-BFGS-B",
        options={"gtol": config.tolerance, "ftol": 1e-15, "maxiter": 10_000},
    )
    return np.asarray(found.x, dtype=float)


def rate_event(
    event: Event, states: Mapping[str, WHRState], config: WHRConfig
) -> EventRating[WHRState]:
    """Refit every strength to the merged history with this event's games; the event's
    players take their strength at their last step."""

    def refit(history: tuple[Chunk, ...], last: dict[str, float]) -> dict[str, float]:
        h = arrays(history)
        v = steps(h)
        start = np.array([last.get(h.ids[p], 0.0) for p in v.player], dtype=float)
        r = fit(h, v, start, config)
        return {pid: float(r[v.last[i]]) for i, pid in enumerate(h.ids)}

    return refit_event("whr", WHRState, event, states, config.center, refit)


def expected_score(
    white: Sequence[WHRState],
    black: Sequence[WHRState],
    config: WHRConfig,
    first_move_advantage: float = 0.0,
) -> FloatArray:
    """Bradley–Terry on the Elo scale: the logistic of ``R_w − R_b + advantage``."""
    return logistic_expected(white, black, config.advantage + first_move_advantage)


def _list_entry(state: WHRState, config: Any) -> Any:
    return list_entry(state, config)


SYSTEM: RatingSystem[WHRConfig, WHRState] = RatingSystem(
    name="whr",
    title="Whole-History Rating (Coulom 2008)",
    source="Coulom 2008, Whole-History Rating, CG 2008, LNCS 5131 pp. 113-124, §2-§3",
    config_type=WHRConfig,
    state_type=WHRState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=_list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    newcomer=newcomer_state,
    refits_history=True,
)
