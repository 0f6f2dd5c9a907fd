"""Expectancy curves: the probability (expected score) of a player ``D`` points stronger.

Every function takes ``d = R_player - R_opponent`` and returns the player's expected
score in [0, 1]; every inverse takes an expected score and returns ``d``. All accept
floats or numpy arrays (they are vectorised with numpy), so the batch paths of the
simulation lab and the ledger use the same code as the per-event path.

Sources:
- logistic, base 10, scale 400: us-chess-rating-system-2020.txt §4.2 (We) and
  elo-rating-of-chessplayers-1986.txt §8.4 (logistic to base √10 with C = 200, i.e.
  ``1/(1 + 10^(-D/400))``);
- logistic, base e: elo-rating-of-chessplayers-1986.txt §8.3;
- normal: elo-rating-of-chessplayers-1986.txt §8.23 (L2867): P_D = Φ(D / (σ√2)) with
  σ = C = 200, so Φ(D / 282.84);
- linear provisional winning expectancy PWe: us-chess-rating-system-2020.txt §4.1.
"""

from __future__ import annotations

import math
from typing import overload

import numpy as np
import numpy.typing as npt
from scipy.special import ndtr, ndtri

from arpad.errors import ConfigError

FloatArray = npt.NDArray[np.float64]

CLASS_INTERVAL = 200.0
"""C, the class interval: 200 rating points = one σ (Elo §2.2, L574; §8.21, L2835)."""

NORMAL_SIGMA = CLASS_INTERVAL * math.sqrt(2.0)
"""σ√2 = 282.84, the spread of the difference of two performances (Elo §8.23, L2867)."""

LOGISTIC_SCALE = 400.0
"""The ``400`` of ``1/(1 + 10^(-D/400))`` (US Chess 2020 §4.2; Elo §8.4 with C = 200)."""


@overload
def logistic_expectancy(d: float, scale: float = ..., base: float = ...) -> float: ...
@overload
def logistic_expectancy(d: FloatArray, scale: float = ..., base: float = ...) -> FloatArray: ...
def logistic_expectancy(
    d: float | FloatArray, scale: float = LOGISTIC_SCALE, base: float = 10.0
) -> float | FloatArray:
    """Logistic expectancy ``1 / (1 + base^(-d/scale))``.

    With the defaults this is US Chess's standard winning expectancy We
    (us-chess-rating-system-2020.txt §4.2) and Elo's logistic to base √10 with C = 200
    (``√10^(-d/200) = 10^(-d/400)``; Elo §8.4).

    >>> round(logistic_expectancy(100.0), 4)
    0.6401
    """
    if scale <= 0 or base <= 1:
        raise ConfigError(f"logistic needs scale > 0 and base > 1, got {scale!r}, {base!r}")
    if not isinstance(d, np.ndarray):
        # Scalar fast path (the per-event code calls this millions of times).
        t = float(d) * (math.log(base) / scale)
        if t >= 0.0:
            return 1.0 / (1.0 + math.exp(-t))
        e = math.exp(t)
        return e / (1.0 + e)
    x = np.asarray(d, dtype=float) * (math.log(base) / scale)
    # 1/(1+exp(-x)) written through tanh for stability at large |x|.
    y = 0.5 * (1.0 + np.tanh(0.5 * x))
    return y if isinstance(d, np.ndarray) else float(y)


@overload
def logistic_difference(p: float, scale: float = ..., base: float = ...) -> float: ...
@overload
def logistic_difference(p: FloatArray, scale: float = ..., base: float = ...) -> FloatArray: ...
def logistic_difference(
    p: float | FloatArray, scale: float = LOGISTIC_SCALE, base: float = 10.0
) -> float | FloatArray:
    """Inverse of :func:`logistic_expectancy`: the ``d`` at which the expectancy is ``p``.

    ``p`` of 0 or 1 gives ∓∞.

    >>> round(logistic_difference(0.75), 2)
    190.85
    """
    pa = np.asarray(p, dtype=float)
    with np.errstate(divide="ignore"):
        y = (scale / math.log(base)) * (np.log(pa) - np.log1p(-pa))
    return y if isinstance(p, np.ndarray) else float(y)


@overload
def normal_expectancy(d: float, sigma: float = ...) -> float: ...
@overload
def normal_expectancy(d: FloatArray, sigma: float = ...) -> FloatArray: ...
def normal_expectancy(d: float | FloatArray, sigma: float = NORMAL_SIGMA) -> float | FloatArray:
    """Normal expectancy Φ(d/σ'), by default σ' = 200√2 (Elo §8.23, L2867).

    This is the continuous mode of Elo's Table 2.11; the table itself (a lookup with
    its own rules) lives with the Elo system.

    >>> round(normal_expectancy(25.0), 4)
    0.5352
    """
    if sigma <= 0:
        raise ConfigError(f"sigma must be > 0, got {sigma!r}")
    y = ndtr(np.asarray(d, dtype=float) / sigma)
    return y if isinstance(d, np.ndarray) else float(y)


@overload
def normal_difference(p: float, sigma: float = ...) -> float: ...
@overload
def normal_difference(p: FloatArray, sigma: float = ...) -> FloatArray: ...
def normal_difference(p: float | FloatArray, sigma: float = NORMAL_SIGMA) -> float | FloatArray:
    """Inverse of :func:`normal_expectancy`: D_P = σ'·Φ⁻¹(P).

    >>> round(normal_difference(0.625), 1)
    90.1
    """
    y = sigma * ndtri(np.asarray(p, dtype=float))
    return y if isinstance(p, np.ndarray) else float(y)


PWE_WIDTH = 400.0
"""The ±400 range of the linear provisional winning expectancy (US Chess 2020 §4.1)."""


@overload
def provisional_winning_expectancy(d: float, width: float = ...) -> float: ...
@overload
def provisional_winning_expectancy(d: FloatArray, width: float = ...) -> FloatArray: ...
def provisional_winning_expectancy(
    d: float | FloatArray, width: float = PWE_WIDTH
) -> float | FloatArray:
    """US Chess PWe (us-chess-rating-system-2020.txt §4.1), with ``d = R - R_i``.

    ``0`` if ``d ≤ -400``, ``0.5 + d/800`` inside, ``1`` if ``d ≥ 400``.

    >>> provisional_winning_expectancy(200.0)
    0.75
    >>> provisional_winning_expectancy(-450.0)
    0.0
    """
    if not isinstance(d, np.ndarray):
        return min(max(0.5 + float(d) / (2.0 * width), 0.0), 1.0)
    return np.clip(0.5 + d / (2.0 * width), 0.0, 1.0)


@overload
def provisional_winning_difference(p: float, width: float = ...) -> float: ...
@overload
def provisional_winning_difference(p: FloatArray, width: float = ...) -> FloatArray: ...
def provisional_winning_difference(
    p: float | FloatArray, width: float = PWE_WIDTH
) -> float | FloatArray:
    """Inverse of PWe on its sloped part: ``d = 800(p - 0.5)``, so 0 and 1 give ∓400.

    >>> provisional_winning_difference(0.75)
    200.0
    """
    y = 2.0 * width * (np.asarray(p, dtype=float) - 0.5)
    return y if isinstance(p, np.ndarray) else float(y)
