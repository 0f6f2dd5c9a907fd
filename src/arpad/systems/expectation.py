"""Building a system's ``expected_score_fn`` from its own expectancy curve.

Most systems predict a game from the difference of the two ratings through one curve
(:mod:`arpad.curves`); :func:`by_difference` turns such a curve into the vectorised
function :class:`arpad.systems.RatingSystem` expects. What a system does with a player who
has no rating is its own rule, given as ``unrated``: the rating the system imputes to an
unrated opponent (USCF 1993: 1000), or ``None`` when the system has none, and then a game
involving that player is predicted ½ (docs/decisions.md D-iface-3).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import numpy as np

from arpad.curves import FloatArray


class Rated(Protocol):
    @property
    def rating(self) -> float | None: ...


C = TypeVar("C")
S = TypeVar("S", bound=Rated)

Curve = Callable[[FloatArray, Any], FloatArray]
"""``(d, config) -> P`` for an array of differences ``d = R_a − R_b``."""


def ratings_of(
    states: Sequence[S], config: C, unrated: Callable[[S, C], float | None] | None = None
) -> FloatArray:
    """Each state's rating as a float array; NaN for an unrated player with no imputation."""
    out = np.empty(len(states))
    for i, s in enumerate(states):
        r = s.rating
        if r is None and unrated is not None:
            r = unrated(s, config)
        out[i] = math.nan if r is None else float(r)
    return out


def by_difference(
    curve: Curve,
    unrated: Callable[[S, C], float | None] | None = None,
    direction: Callable[[C], int] | None = None,
) -> Callable[[Sequence[S], Sequence[S], C, float], FloatArray]:
    """``expected_score_fn`` for a system whose expectancy depends on R_a − R_b only.

    The first-move advantage is added to ``a``'s rating, in the stronger direction of the
    scale (``direction(config)`` is −1 for a scale on which the strongest have the
    smallest numbers, as Ingo's).

    >>> from arpad.curves import logistic_expectancy
    >>> from arpad.systems.legacy.common import LegacyState
    >>> fn = by_difference(lambda d, cfg: logistic_expectancy(d))
    >>> fn([LegacyState(1600.0), LegacyState(None)], [LegacyState(1400.0)] * 2, None, 0.0)
    array([0.75974693, 0.5       ])
    """

    def expected(a: Sequence[S], b: Sequence[S], config: C, advantage: float) -> FloatArray:
        sign = 1 if direction is None else direction(config)
        d = ratings_of(a, config, unrated) - ratings_of(b, config, unrated) + sign * advantage
        known = ~np.isnan(d)
        out = np.full(d.shape, 0.5)
        if known.any():
            out[known] = curve(d[known], config)
        return out

    return expected


def pointwise(scalar: Callable[[float], float]) -> Callable[[FloatArray], FloatArray]:
    """A scalar expectancy (a book table lookup) applied to every element of an array."""

    def apply(d: FloatArray) -> FloatArray:
        return np.fromiter((scalar(float(x)) for x in d), dtype=float, count=d.size)

    return apply
