"""Scores of probabilistic predictions of chess games.

``p`` is the predicted score of White, ``s`` White's actual score (1, ½, 0); a draw counts
as half a win in every metric, as in both rating competitions.

- Binomial deviance: ``−mean(s·log10 p + (1 − s)·log10(1 − p))`` with ``p`` clipped to
  [0.01, 0.99], the metric of the Deloitte/FIDE Chess Rating Challenge (Kaggle, 2011).
- Log loss: the same in natural logarithms, unclipped (``p`` kept off 0 and 1 by 1e−15).
- Brier score: ``mean((p − s)²)``.
- Kaggle 2010 RMSE: the contest's metric, the root mean square over player-months of the
  difference between a player's predicted and actual total score in that month.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy.optimize import minimize_scalar

FloatArray = npt.NDArray[np.float64]


def deviance(p: FloatArray, s: FloatArray) -> float:
    """Binomial deviance in base-10 logs per game, ``p`` clipped to [0.01, 0.99].

    >>> round(deviance(np.array([0.5]), np.array([1.0])), 6)
    0.30103
    """
    q = np.clip(p, 0.01, 0.99)
    return float(-np.mean(s * np.log10(q) + (1.0 - s) * np.log10(1.0 - q)))


def log_loss(p: FloatArray, s: FloatArray) -> float:
    """Natural-log loss with draws as half a win.

    >>> round(log_loss(np.array([0.5, 0.5]), np.array([1.0, 0.5])), 6)
    0.693147
    """
    q = np.clip(p, 1e-15, 1.0 - 1e-15)
    return float(-np.mean(s * np.log(q) + (1.0 - s) * np.log(1.0 - q)))


def brier(p: FloatArray, s: FloatArray) -> float:
    """Mean squared error of the predicted score.

    >>> brier(np.array([0.5, 1.0]), np.array([1.0, 1.0]))
    0.125
    """
    return float(np.mean(np.square(p - s)))


def kaggle_rmse(
    p: FloatArray,
    s: FloatArray,
    white: npt.NDArray[np.intp],
    black: npt.NDArray[np.intp],
    period: npt.NDArray[np.intp],
) -> float:
    """The Kaggle 2010 metric: RMSE over player-months of predicted minus actual totals.

    ``white``/``black`` are player numbers and ``period`` the month of each game.

    >>> one = np.array([0]); two = np.array([1]); m = np.array([1])
    >>> kaggle_rmse(np.array([0.75]), np.array([1.0]), one, two, m)
    0.25
    """
    players = np.concatenate([white, black])
    months = np.concatenate([period, period])
    diff = np.concatenate([p - s, s - p])
    keys, inverse = np.unique(np.stack([players, months]), axis=1, return_inverse=True)
    totals = np.bincount(inverse.ravel(), diff, minlength=keys.shape[1])
    return float(math.sqrt(np.mean(np.square(totals))))


def shift(p: FloatArray, advantage: float) -> FloatArray:
    """``p`` with White's odds multiplied by ``10^(advantage/400)``: a first-move
    advantage of ``advantage`` Elo points on the logistic scale.

    >>> round(float(shift(np.array([0.5]), 400.0 * math.log10(3.0))[0]), 6)
    0.75
    """
    q = np.clip(p, 1e-12, 1.0 - 1e-12)
    odds = q / (1.0 - q) * 10.0 ** (advantage / 400.0)
    return np.asarray(odds / (1.0 + odds), dtype=float)


def fit_first_move(p: FloatArray, s: FloatArray) -> float:
    """The first-move advantage (Elo points) that minimises the deviance of ``shift(p, A)``.

    For a constant ``p = ½`` this is ``400·log10(m/(1 − m))``, ``m`` the mean score.
    """
    if len(p) == 0:
        return 0.0

    def loss(a: float) -> float:
        return log_loss(shift(p, a), s)

    found = minimize_scalar(loss, bounds=(-400.0, 400.0), method="bounded", options={"xatol": 1e-4})
    return float(found.x)


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    """Games whose prediction fell in ``[low, high)``: how many, predicted and actual."""

    low: float
    high: float
    games: int
    predicted: float
    actual: float


def calibration(p: FloatArray, s: FloatArray, bins: int = 10) -> tuple[CalibrationBin, ...]:
    """The predictions in ``bins`` equal-width bins of [0, 1] (empty bins left out)."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.digitize(p, edges) - 1, 0, bins - 1)
    out = []
    for b in range(bins):
        mask = which == b
        n = int(mask.sum())
        if n:
            out.append(
                CalibrationBin(
                    float(edges[b]),
                    float(edges[b + 1]),
                    n,
                    float(p[mask].mean()),
                    float(s[mask].mean()),
                )
            )
    return tuple(out)


def plot_calibration(
    curves: dict[str, tuple[CalibrationBin, ...]], path: str | Path, title: str = ""
) -> None:
    """A PNG of actual against predicted score per bin, one line per system."""
    matplotlib: Any = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt: Any = importlib.import_module("matplotlib.pyplot")
    fig, ax = plt.subplots(figsize=(6, 6), dpi=100)
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect calibration")
    for name, table in curves.items():
        ax.plot([b.predicted for b in table], [b.actual for b in table], marker="o", label=name)
    ax.set_xlabel("predicted score of White")
    ax.set_ylabel("actual score of White")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(title or "Calibration")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
