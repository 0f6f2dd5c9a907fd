"""Elo's season loop: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`). Each event is rated by :func:`.rules.rate_field`, the function
the per-event path calls, so run either way it gives the per-event path's bits.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import jit
from arpad.systems.elo import rules as r

# State columns (one row per player): NaN for a ``None`` rating or peak, −1 for unknown events.
RATING, GAMES, EVENTS, PEAK = range(4)
N_FIELDS = 4
PRE = r.N_OUT
"""Results table: the rule's rows ``O_*``, then the pre-event rating."""
N_RESULTS = r.N_OUT + 1


def rate_events(  # noqa: C901
    first: int,
    last: int,
    white: Any,
    black: Any,
    score: Any,
    game_start: Any,
    members: Any,
    member_start: Any,
    cfg: Any,
    upper: Any,
    dp: Any,
    table: Any,
    local_of: Any,
    results: Any,
    after: Any,
    skipped: Any,
    status: Any,
) -> int:
    """Rate events ``first`` to ``last − 1`` from the states in ``table``; returns −1, or
    the event where the rule stopped for a D_p cell (its code in ``status[0]``)."""
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        g0, g1 = game_start[e], game_start[e + 1]
        n = m1 - m0
        for i in range(n):
            local_of[members[m0 + i]] = i
        gw = np.empty(g1 - g0, dtype=np.int64)
        gb = np.empty(g1 - g0, dtype=np.int64)
        for j in range(g1 - g0):
            gw[j] = local_of[white[g0 + j]]
            gb[j] = local_of[black[g0 + j]]
        pre = np.empty(n)
        games = np.empty(n)
        known = np.empty(n, dtype=np.bool_)
        for i in range(n):
            row = table[members[m0 + i]]
            pre[i] = row[RATING]
            games[i] = row[GAMES]
            known[i] = row[EVENTS] >= 0
        out = np.zeros((r.N_OUT, n))
        code = r.rate_field(
            gw, gb, score[g0:g1], pre, games, known, cfg, upper, dp, out, skipped[2 * g0 : 2 * g1]
        )
        for i in range(n):
            local_of[members[m0 + i]] = -1
        if code != -1:
            status[0] = code
            return e
        for i in range(n):
            col = m0 + i
            slot = members[col]
            for q in range(r.N_OUT):
                results[q, col] = out[q, i]
            results[PRE, col] = pre[i]
            post = out[r.O_POST, i]
            m = out[r.O_GAMES, i]
            if not math.isnan(post) and m > 0:
                table[slot, RATING] = post
                table[slot, GAMES] += m
                if table[slot, EVENTS] >= 0:
                    table[slot, EVENTS] += 1
                peak = table[slot, PEAK]
                table[slot, PEAK] = post if math.isnan(peak) else max(peak, post)
            after[col, :] = table[slot]
    return -1


_compiled: list[Any] = []


def loaded() -> bool:
    """Whether :func:`compiled` has loaded the compiled loop in this process."""
    return bool(_compiled)


def compiled() -> Any:
    """:func:`rate_events` compiled by Numba (loaded on the first call)."""
    if not _compiled:
        _compiled.append(jit(rate_events))
    return _compiled[0]
