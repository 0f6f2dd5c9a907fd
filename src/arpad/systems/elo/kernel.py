"""Elo's season loop: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`). Each event is rated by :func:`.rules.rate_field`, the function
the per-event path calls, so run either way it gives the per-event path's bits.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import local_games, rule, season_loop
from arpad.systems.elo import rules as r

# State columns (one row per player), the rules' entry rows: NaN for a ``None`` rating or
# peak, −1 for unknown events.
RATING, GAMES, EVENTS, PEAK = r.E_RATING, r.E_GAMES, r.E_EVENTS, r.E_PEAK
N_FIELDS = r.N_ENTRY
PRE = r.N_OUT
"""Results table: the rule's rows ``O_*``, then the pre-event rating."""
N_RESULTS = r.N_OUT + 1


def rate_events(
    first: int,
    last: int,
    white: Any,
    black: Any,
    score: Any,
    game_start: Any,
    members: Any,
    member_start: Any,
    cfg: Any,
    row_at: Any,
    dp: Any,
    table: Any,
    local_of: Any,
    results: Any,
    after: Any,
    skipped: Any,
    status: Any,
    scratch: Any,
) -> int:
    """Rate events ``first`` to ``last − 1`` from the states in ``table``; returns −1, or
    the event where the rule stopped for a D_p cell (its code in ``status[0]``).
    ``scratch``: every event's buffers (:func:`scratch`; the loop allocates nothing, so it
    compiles without reference counts, D-loopspeed-1)."""
    fw, iw, gw_all, gb_all, entry_all, out_all = scratch
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        g0, g1 = game_start[e], game_start[e + 1]
        n = m1 - m0
        gw, gb = gw_all[: g1 - g0], gb_all[: g1 - g0]
        local_games(members[m0:m1], white[g0:g1], black[g0:g1], local_of, gw, gb)
        entry = entry_all[:, :n]
        entry_states(members[m0:m1], table, entry)
        out = out_all[:, :n]
        code = r.rate_field(
            gw,
            gb,
            score[g0:g1],
            entry,
            cfg,
            row_at,
            dp,
            out,
            skipped[2 * g0 : 2 * g1],
            fw,
            iw,
        )
        for i in range(n):
            local_of[members[m0 + i]] = -1
        if code != -1:
            status[0] = code
            return e
        for i in range(n):
            apply_result(
                m0 + i, members[m0 + i], entry[RATING, i], out[:, i], table, results, after
            )
    return -1


@rule
def entry_states(members: Any, table: Any, entry: Any) -> None:
    """Each member's state before the event as the rules' entry rows (``E_*``)."""
    for i in range(len(members)):
        for f in range(N_FIELDS):
            entry[f, i] = table[members[i], f]


@rule
def apply_result(
    col: int, slot: int, pre: float, out: Any, table: Any, results: Any, after: Any
) -> None:
    """A member's results into column ``col`` and his state after the event: the new
    rating, games, events and peak when he was rated."""
    for q in range(r.N_OUT):
        results[q, col] = out[q]
    results[PRE, col] = pre
    post = out[r.O_POST]
    m = out[r.O_GAMES]
    if not math.isnan(post) and m > 0:
        table[slot, RATING] = post
        table[slot, GAMES] += m
        if table[slot, EVENTS] >= 0:
            table[slot, EVENTS] += 1
        peak = table[slot, PEAK]
        table[slot, PEAK] = post if math.isnan(peak) else max(peak, post)
    for f in range(N_FIELDS):  # element by element: a slice copy needs Numba's runtime
        after[col, f] = table[slot, f]


def scratch(game_start: Any, member_start: Any) -> tuple[Any, ...]:
    """The buffers :func:`rate_events` needs, sized for the season's largest event: the
    rule's scratch (:func:`.rules.work`), the games in local indices, the entry rows and
    the results."""
    n_max = int(np.diff(member_start).max(initial=0))
    g_max = int(np.diff(game_start).max(initial=0))
    fw, iw = r.work(n_max, g_max)
    local = np.empty(g_max, dtype=np.int64), np.empty(g_max, dtype=np.int64)
    return fw, iw, *local, np.empty((r.N_ENTRY, n_max)), np.empty((r.N_OUT, n_max))


LOOP = season_loop(rate_events, refcounts=False)
"""The loop, compiled on first use."""
