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

from arpad.compiled import rule
from arpad.errors import ConfigError

FloatArray = npt.NDArray[np.float64]

CLASS_INTERVAL = 200.0
"""C, the class interval: 200 rating points = one σ (Elo §2.2, L574; §8.21, L2835)."""

NORMAL_SIGMA = CLASS_INTERVAL * math.sqrt(2.0)
"""σ√2 = 282.84, the spread of the difference of two performances (Elo §8.23, L2867)."""

LOGISTIC_SCALE = 400.0
"""The ``400`` of ``1/(1 + 10^(-D/400))`` (US Chess 2020 §4.2; Elo §8.4 with C = 200)."""


@rule
def logistic_p(d: float, k: float) -> float:
    """1/(1 + e^(−kd)), written to stay exact at large |kd| (the one scalar logistic: the
    per-event paths and the compiled season loops call it, :mod:`arpad.compiled`)."""
    t = d * k
    if t >= 0.0:
        return 1.0 / (1.0 + math.exp(-t))
    e = math.exp(t)
    return e / (1.0 + e)


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
        return logistic_p(float(d), math.log(base) / scale)
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
    from scipy.special import ndtr  # here, not at the top: `arpad rate` never needs SciPy

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
    from scipy.special import ndtri

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
        return provisional_p(float(d), width)
    return np.clip(0.5 + d / (2.0 * width), 0.0, 1.0)


@rule
def provisional_p(d: float, width: float) -> float:
    """PWe of one difference, ``min(max(½ + d/(2·width), 0), 1)`` (US Chess 2020 §4.1): the
    one scalar PWe (the special formula's rule and :func:`provisional_winning_expectancy`
    call it; the season loops compile it, :mod:`arpad.compiled`)."""
    return min(max(0.5 + d / (2.0 * width), 0.0), 1.0)


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


EACOMP_CERTAIN = 1800.0
"""Beyond ±1800 points Berard's EAComp treats the result as certain
(berard-pra-and-tournament-app.txt L190–L191, L206)."""


@overload
def eacomp_expectancy(d: float) -> float: ...
@overload
def eacomp_expectancy(d: FloatArray) -> FloatArray: ...
def eacomp_expectancy(d: float | FloatArray) -> float | FloatArray:
    """Berard's expectation function EAComp (berard-pra-and-tournament-app.txt eq. (3), L186–L201).

    ``d = val1 - val2`` is the player's rating minus the opponent's. Piecewise: certain
    beyond ±1800, parabolic arcs with vertices (±450, 0.9/0.1) on 450 < |d| ≤ 1800, the
    lines ``0.001·d ± 0.05 + 0.5`` on 150 < |d| ≤ 450 (60-40 at 150, 70-30 at 250, …,
    L206–L212), and parabolic arcs with vertices (±150, 0.6/0.4) through (0, 0.5) inside.
    Each branch is written as the paper's C code writes it, so the doubles agree with it
    bit for bit. ``E(d) + E(-d) = 1`` exactly.

    >>> eacomp_expectancy(82.0)  # the paper's 0.53266996707758614697757742721954 (L679)
    0.5326699670775861
    >>> eacomp_expectancy(300.0), eacomp_expectancy(-1800.0)
    (0.75, 0.0)
    """
    if not isinstance(d, np.ndarray):
        return eacomp_p(float(d))
    # The one rule, element by element (no array copy of it: the arrays are small).
    x = np.asarray(d, dtype=float)
    y: FloatArray = np.fromiter((eacomp_p(v) for v in x.ravel().tolist()), float, x.size)
    return y.reshape(x.shape)


@rule
def eacomp_p(d: float) -> float:
    """EAComp for one difference (berard-pra-and-tournament-app.txt eq. (3), L186–L201),
    branch by branch as in the C code: the rule the PRA's per-event path and its compiled
    season loop call (:mod:`arpad.compiled`), and :func:`eacomp_expectancy` over arrays."""
    if d > EACOMP_CERTAIN:
        return 1.0
    if d > 450.0:
        return 0.9 + math.sqrt((d - 450.0) / 135000.0)
    if d > 150.0:
        return 0.001 * d + 0.45
    if d > 0.0:
        return 0.6 - math.sqrt(max((d - 150.0) / -15000.0, 0.0))
    if d > -150.0:
        return 0.4 + math.sqrt((d + 150.0) / 15000.0)
    if d > -450.0:
        return 0.001 * d + 0.55
    if d > -EACOMP_CERTAIN:
        return 0.1 - math.sqrt(max((d + 450.0) / -135000.0, 0.0))
    return 0.0


@overload
def eacomp_difference(p: float) -> float: ...
@overload
def eacomp_difference(p: FloatArray) -> FloatArray: ...
def eacomp_difference(p: float | FloatArray) -> float | FloatArray:
    """Inverse of :func:`eacomp_expectancy`: the rating difference whose EAComp is ``p``.

    The paper uses it for the Ratings Law of Large Numbers: a 7/7 match score means a
    difference of ``E⁻¹(1)``, "1800 points or higher" (berard-pra-and-tournament-app.txt
    L671–L673). ``p = 1`` and ``p = 0`` give ±1800, the edges of the certain region (read
    them as "1800 or more"). Each piece inverts the matching piece of EAComp.

    >>> eacomp_difference(0.75), eacomp_difference(1.0)
    (300.0, 1800.0)
    """
    q = np.asarray(p, dtype=float)
    if np.any((q < 0.0) | (q > 1.0)):
        raise ConfigError(f"an expected score must lie in [0, 1], got {p!r}")
    # Inside 0.4 ≤ p ≤ 0.6 both arcs are d = 15000·u·(0.2 − |u|) with u = p − 0.5
    # (150 − 15000(0.6 − p)² and −150 + 15000(p − 0.4)² expanded), exact at p = 0.5.
    u = q - 0.5
    y = np.select(
        [q >= 1.0, q > 0.9, q > 0.6, q >= 0.4, q >= 0.1, q > 0.0],
        [
            EACOMP_CERTAIN,
            450.0 + 135000.0 * (q - 0.9) ** 2,
            1000.0 * q - 450.0,
            15000.0 * u * (0.2 - np.abs(u)),
            1000.0 * q - 550.0,
            -450.0 - 135000.0 * (0.1 - q) ** 2,
        ],
        default=-EACOMP_CERTAIN,
    )
    return y if isinstance(p, np.ndarray) else float(y)
