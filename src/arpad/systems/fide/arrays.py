"""FIDE's current rules over arrays, for the batch engine (:mod:`arpad.systems.fide.season`),
each the array form of a scalar rule of :mod:`arpad.systems.fide.rules` or
:mod:`arpad.systems.fide.system`, equal to it; and the publication of an unrated player's
pooled play with months as numbers (:func:`publish_pooled`).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from arpad.systems.fide.rules import (
    COMPRESSION_LIST,
    FideConfig,
    FloatArray,
    Initial,
    RatingType,
    compress,
    month_number,
    round_change,
)
from arpad.systems.fide.system import (
    FideState,
    _carry,
    _publish_one,
    first_publication,
    initial_for,
    publish,
)
from arpad.systems.waves import BoolArray, IntArray

NONE = -1
"""``None`` in the integer arrays (months, birth years)."""


@functools.lru_cache(maxsize=1024)
def month_index(month: str) -> int:
    """``"YYYY-MM"`` as a number of months (:func:`~arpad.systems.fide.rules.month_number`)."""
    return month_number(month)


@functools.lru_cache(maxsize=4096)
def month_name(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


COMPRESSION = month_index(COMPRESSION_LIST)


# -- K, rounding, the March 2024 list ------------------------------------------------------


def base_k_array(
    rating: FloatArray,
    games: IntArray,
    top: BoolArray,
    birth: IntArray,
    list_month: IntArray,
    standard: BoolArray,
    cfg: FideConfig,
) -> IntArray:
    """:func:`arpad.systems.fide.rules.base_k` over arrays (§8.3.3): ``list_month`` is the
    list K is read from, as a month number; rapid and blitz K 20 before
    ``fast_standard_k_from`` (D-fiderules-1)."""
    year = list_month // 12
    with np.errstate(invalid="ignore"):
        junior = (birth != NONE) & (year - birth <= cfg.junior_age) & (rating < cfg.junior_below)
    k = np.where(
        top,
        cfg.K_top,
        np.where(games < cfg.new_games, cfg.K_new, np.where(junior, cfg.K_junior, cfg.K_regular)),
    )
    since = cfg.fast_standard_k_from
    rules = standard if since is None else standard | (list_month >= month_number(since))
    out: IntArray = np.where(rules, k, cfg.K_rapid_blitz).astype(np.int64)
    return out


def k_for_games_array(k: IntArray, games: IntArray, cfg: FideConfig) -> IntArray:
    """:func:`arpad.systems.fide.rules.k_for_games` over arrays: K × n ≤ 700."""
    over = (games > 0) & (k * games > cfg.K_games_cap)
    out: IntArray = np.where(over, cfg.K_games_cap // np.maximum(games, 1), k)
    return out


def round_change_array(x: FloatArray) -> FloatArray:
    """:func:`arpad.systems.fide.rules.round_change` over an array: halves away from zero;
    values within 1e-4 of a half go through the scalar rule itself (its decimal rounding)."""
    y = np.round(x, 6)
    a = np.abs(y)
    out: FloatArray = np.sign(y) * np.floor(a + 0.5)
    near = np.flatnonzero(np.abs(a - np.floor(a) - 0.5) < 1e-4)
    for i in near.tolist():
        out[i] = round_change(float(x[i]))
    return out


def compress_array(rating: FloatArray, where: BoolArray, cfg: FideConfig) -> FloatArray:
    """The March 2024 increase (:func:`~arpad.systems.fide.rules.compress`) where asked."""
    out = rating.copy()
    for i in np.flatnonzero(where).tolist():
        out[i] = compress(float(rating[i]), cfg)
    return out


# -- an unrated player's pooled play (§8.2) --------------------------------------------------


def publish_pooled(
    state: FideState, month: str, rating_type: RatingType, cfg: FideConfig
) -> FideState:
    """:func:`arpad.systems.fide.system.publish` for an unrated player with pooled play and
    nothing pending (the same steps, months as numbers, the pooled play sorted by month so
    that each list's window of 26 months is a slice); other states go to ``publish``."""
    if state.rating is not None or state.pending or not state.pooled:
        return publish(state, month, rating_type, cfg)
    pooled = sorted(state.pooled, key=lambda e: month_index(e.period))
    window = _Window(
        [month_index(e.period) for e in pooled],
        list(itertools.accumulate((e.games for e in pooled), initial=0)),
        [e.score for e in pooled],
        [e.opponents for e in pooled],
    )
    target = month_index(month)
    periods = sorted({m for m in window.months if m <= target})
    current = state
    for i, period in enumerate(periods):
        if current.rating is not None:  # rated by an earlier period of this loop
            for later in periods[i:]:
                current = _publish_one(current, month_name(later), rating_type, cfg)
            break
        current = _first_rating(current, window, period, cfg)
    if current.month is None or current.month < month:
        current = _carry(current, month, cfg)
    return current


@dataclass(frozen=True, slots=True)
class _Window:
    """An unrated player's pooled play sorted by month: months, running games, scores and
    the opponents' rating sums."""

    months: list[int]
    games: list[int]
    """Games of the first k events, k = 0 … n."""
    scores: list[float]
    opponents: list[float]


def _first_rating(state: FideState, pooled: _Window, period: int, cfg: FideConfig) -> FideState:
    """``_publish_one`` of an unrated player: the first rating the list of ``period`` gives
    his pooled play (``pooled_initial``: the play of the 26 months to it), if any. ``fsum``
    is exact whatever the order, so the window's sums equal the per-event path's."""
    name = month_name(period)
    lo = bisect.bisect_right(pooled.months, period - cfg.initial_months)
    hi = bisect.bisect_right(pooled.months, period)
    games = pooled.games[hi] - pooled.games[lo]
    initial = None
    if games >= cfg.initial_games:
        score = math.fsum(pooled.scores[lo:hi])
        opponents = math.fsum(pooled.opponents[lo:hi])
        initial = _initial(opponents, score, games, name, cfg)
    return first_publication(state, name, initial, pooled.games[-1], (), cfg)


@functools.lru_cache(maxsize=65536)
def _initial(opponents: float, score: float, games: int, month: str, cfg: FideConfig) -> Initial:
    """:func:`~arpad.systems.fide.system.initial_for`, remembered: the same window recurs
    event after event while a player stays unrated."""
    return initial_for(opponents, score, games, month, cfg)
