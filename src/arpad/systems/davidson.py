"""Davidson's draw model: three outcomes from a Bradley–Terry strength ratio.

Davidson (1970), "On extending the Bradley–Terry model to accommodate ties", *Journal of
the American Statistical Association* 65:317–328: with strengths
``π_i, π_j`` and a tie parameter ``ν ≥ 0``,

    P(i wins)  = π_i / (π_i + π_j + ν·√(π_i·π_j))
    P(tie)     = ν·√(π_i·π_j) / (π_i + π_j + ν·√(π_i·π_j))
    P(j wins)  = π_j / (π_i + π_j + ν·√(π_i·π_j))

``ν = 0`` is the Bradley–Terry model; at equal strengths the draw probability is
``ν/(2 + ν)``. A logistic rating system's expected score ``E`` is the Bradley–Terry
probability ``π_w/(π_w + π_b)`` with ``π = 10^(R/400)`` (Elo 1986 §8.4), so its strength
ratio is ``E/(1 − E)`` (White's advantage included, as it is in ``E``); that is how the
logistic systems offer this model (:func:`bradley_terry`, D-eval2-1). Dividing through by
``√(π_i·π_j)`` with ``x = √(π_i/π_j)`` gives the stable form used here:
``(x, ν, 1/x) / (x + ν + 1/x)``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

NU_BOUNDS = (0.0, 100.0)
"""The range searched for ν (a draw rate of up to 98 % between equals)."""


def probabilities(log_ratio: FloatArray, nu: float) -> FloatArray:
    """``(n, 3)``: P(White wins), P(draw), P(Black wins) from ``ln(π_w/π_b)`` and ``ν``.

    >>> probabilities(np.array([0.0]), 2.0).round(6).tolist()
    [[0.25, 0.5, 0.25]]
    """
    half = np.clip(np.asarray(log_ratio, dtype=float), -1400.0, 1400.0) / 2.0
    x = np.exp(half)
    inv = np.exp(-half)
    total = x + nu + inv
    return np.stack([x / total, np.full_like(x, nu) / total, inv / total], axis=-1)


def bradley_terry(expected: FloatArray, nu: float) -> FloatArray:
    """Davidson's three outcomes for a system whose expected score ``E`` is the
    Bradley–Terry probability: strength ratio ``E/(1 − E)``.

    >>> bradley_terry(np.array([0.75]), 0.0).round(6).tolist()
    [[0.75, 0.0, 0.25]]
    """
    e = np.clip(np.asarray(expected, dtype=float), 1e-300, 1.0)
    f = np.clip(1.0 - np.asarray(expected, dtype=float), 1e-300, 1.0)
    return probabilities(np.log(e) - np.log(f), nu)


def outcome_index(score: FloatArray) -> npt.NDArray[np.intp]:
    """0 for White's win, 1 for a draw, 2 for Black's win (the columns above)."""
    s = np.asarray(score, dtype=float)
    return np.where(s == 1.0, 0, np.where(s == 0.0, 2, 1)).astype(np.intp)


def outcome_losses(probs: FloatArray, score: FloatArray) -> FloatArray:
    """Each game's ``−ln P(the outcome that happened)`` (natural logs, the probability kept
    off 0 by 1e−15)."""
    picked = np.asarray(probs)[np.arange(len(score)), outcome_index(score)]
    return np.asarray(-np.log(np.clip(picked, 1e-15, 1.0)), dtype=float)


def log_loss(probs: FloatArray, score: FloatArray) -> float:
    """The three-outcome log loss: the mean of :func:`outcome_losses`.

    >>> round(log_loss(np.array([[0.5, 0.25, 0.25]]), np.array([0.5])), 6)
    1.386294
    """
    if len(score) == 0:
        return float("nan")
    return float(np.mean(outcome_losses(probs, score)))


__all__ = [
    "NU_BOUNDS",
    "bradley_terry",
    "log_loss",
    "outcome_index",
    "outcome_losses",
    "probabilities",
]
