"""An Elo++-style whole-history fit: the winner of the Kaggle 2010 contest, re-fitted to
every game seen so far each time an event is rated.

Sismanis, Y. (2010), "How I won the 'Chess Ratings – Elo vs the Rest of the World'
Competition", arXiv:1012.4571, §3:

- one rating ``r`` per player (natural units); White's predicted score
  ``ô = 1/(1 + e^(r_b − r_w − γ))``, ``γ`` White's advantage;
- each game weighted by its recency, ``w = ((1 + t − t_min)/(1 + t_max − t_min))²`` with
  ``t`` its month and ``t_min``, ``t_max`` the first and last months of the history;
- a *neighbourhood* prior: each rating is pulled toward ``â_i``, the ``w``-weighted mean
  rating of the opponents he met, with strength ``λ``;
- the loss ``½ Σ w (ô − s)² + ½ λ Σ_i (r_i − â_i)²``. The paper's constants: ``γ = 0.2``,
  ``λ = 0.77``.

"Style" (D-evaluate-3): the paper minimises the loss by 50 epochs of stochastic gradient
descent with a decaying step, holding ``â`` fixed within an epoch; here the loss itself,
``â`` a function of the ratings, is minimised by L-BFGS (scipy) to a tight tolerance, so the
result does not depend on the step schedule, the order of the games or the number of
epochs. Ratings are shown on the Elo scale, ``center + r·400/ln 10``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems.pairwise import FloatArray, list_entry
from arpad.systems.wholehistory import (
    Chunk,
    HistoryArrays,
    HistoryState,
    arrays,
    center_field,
    entry_state,
    logistic_expected,
    refit_event,
    start_values,
    tolerance_field,
)


@dataclass(frozen=True, slots=True)
class EloPlusPlusState(HistoryState):
    """A player's fitted rating and the history he was last fitted on
    (:class:`~arpad.systems.wholehistory.HistoryState`)."""


@dataclass(frozen=True, slots=True)
class EloPlusPlusConfig(Config):
    gamma: float = field(
        default=0.2, metadata=bounds(doc="γ: White's advantage, natural units (§3)")
    )
    lam: float = field(default=0.77, metadata=bounds(0, None, doc="λ: neighbourhood prior"))
    iterations: int = field(default=10_000, metadata=bounds(1, None, doc="most L-BFGS steps"))
    tolerance: float = tolerance_field()
    center: float = center_field()


def state_from_entry(
    entry: PlayerEntry, event: Event, config: EloPlusPlusConfig
) -> EloPlusPlusState:
    """A file's rating is shown until the player's games are fitted (the fit itself starts
    every player at ``r = 0``, as the paper does)."""
    return entry_state(EloPlusPlusState, entry, config)


def newcomer_state(config: EloPlusPlusConfig) -> EloPlusPlusState:
    return EloPlusPlusState(config.center)


def time_weights(step: Sequence[int] | np.ndarray) -> FloatArray:
    """``((1 + t − t_min)/(1 + t_max − t_min))²`` (Sismanis 2010, §3).

    >>> time_weights([1, 2, 3]).tolist()
    [0.1111111111111111, 0.4444444444444444, 1.0]
    """
    t = np.asarray(step, dtype=float)
    return np.asarray(((1.0 + t - t.min()) / (1.0 + t.max() - t.min())) ** 2, dtype=float)


def neighbour_means(h: HistoryArrays, w: FloatArray, r: FloatArray) -> FloatArray:
    """``â_i``: the ``w``-weighted mean rating of each player's opponents."""
    n = h.players
    total = np.bincount(h.white, w * r[h.black], minlength=n) + np.bincount(
        h.black, w * r[h.white], minlength=n
    )
    weight = np.bincount(h.white, w, minlength=n) + np.bincount(h.black, w, minlength=n)
    return np.asarray(total / weight, dtype=float)


def averaging(h: HistoryArrays, w: FloatArray) -> Any:
    """``A``, the sparse matrix with ``â = A r`` (each row: the player's opponents, weighted
    by ``w`` and normalised)."""
    from scipy import sparse

    n = h.players
    weight = np.bincount(h.white, w, minlength=n) + np.bincount(h.black, w, minlength=n)
    pull = np.concatenate([w / weight[h.white], w / weight[h.black]])
    rows = np.concatenate([h.white, h.black])
    cols = np.concatenate([h.black, h.white])
    return sparse.csr_matrix((pull, (rows, cols)), shape=(n, n))


def loss(
    r: FloatArray, h: HistoryArrays, w: FloatArray, a: Any, config: EloPlusPlusConfig
) -> tuple[float, FloatArray]:
    """``½ Σ w (ô − s)² + ½ λ Σ_i (r_i − â_i)²`` with ``â = A r``, and its gradient
    ``Σ ± w (ô − s) ô(1 − ô) + λ (I − A)ᵀ (r − A r)``."""
    n = h.players
    p = 1.0 / (1.0 + np.exp(r[h.black] - r[h.white] - config.gamma))
    miss = p - h.score
    slope = w * miss * p * (1.0 - p)
    grad = np.asarray(
        np.bincount(h.white, slope, minlength=n) - np.bincount(h.black, slope, minlength=n),
        dtype=np.float64,
    )
    gap = r - a @ r
    grad += config.lam * (gap - a.T @ gap)
    value = 0.5 * float(np.sum(w * miss**2)) + 0.5 * config.lam * float(np.sum(gap**2))
    return value, grad


def fit(h: HistoryArrays, start: FloatArray, config: EloPlusPlusConfig) -> FloatArray:
    """The ratings (natural units) that minimise the Elo++ loss (L-BFGS, scipy)."""
    from scipy.optimize import minimize

    w = time_weights(h.step)
    a = averaging(h, w)
    found = minimize(
        loss,
        start,
        args=(h, w, a, config),
        jac=True,
        method="L-BFGS-B",
        options={"gtol": config.tolerance, "ftol": 1e-15, "maxiter": config.iterations},
    )
    return np.asarray(found.x, dtype=float)


def rate_event(
    event: Event, states: Mapping[str, EloPlusPlusState], config: EloPlusPlusConfig
) -> EventRating[EloPlusPlusState]:
    """Refit every rating to the merged history with this event's games; the event's
    players take their new ratings."""

    def refit(history: tuple[Chunk, ...], last: dict[str, float]) -> dict[str, float]:
        h = arrays(history)
        r = fit(h, start_values(h.ids, last), config)
        return dict(zip(h.ids, (float(x) for x in r), strict=True))

    return refit_event("eloplusplus", EloPlusPlusState, event, states, config.center, refit)


def expected_score(
    white: Sequence[EloPlusPlusState],
    black: Sequence[EloPlusPlusState],
    config: EloPlusPlusConfig,
    first_move_advantage: float = 0.0,
) -> FloatArray:
    """``ô`` on the Elo scale without White's ``γ``: the logistic of ``R_w − R_b`` (+ a
    first-move advantage in points if given). ``γ`` is part of the fit; a prediction's
    colour advantage is the caller's (``arpad evaluate`` fits it on the training
    predictions), so that ``E(a, b) + E(b, a) = 1`` as for every system (conformance)."""
    return logistic_expected(white, black, first_move_advantage)


def _list_entry(state: EloPlusPlusState, config: Any) -> Any:
    return list_entry(state, config)


SYSTEM: RatingSystem[EloPlusPlusConfig, EloPlusPlusState] = RatingSystem(
    name="eloplusplus",
    title="Elo++-style whole-history fit (Sismanis 2010)",
    source="Sismanis 2010, arXiv:1012.4571 §3 (Kaggle 2010 winner)",
    config_type=EloPlusPlusConfig,
    state_type=EloPlusPlusState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=_list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    newcomer=newcomer_state,
    refits_history=True,
)
