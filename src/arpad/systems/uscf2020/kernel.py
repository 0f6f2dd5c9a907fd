"""The US Chess season loop, compiled: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`). Every rule it applies is a function of :mod:`.rules`, the
ones the per-event path calls, so run either way it gives the per-event path's bits.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import jit
from arpad.systems.uscf2020 import rules as r

# Rows of the results table, one column per member (player of an event).
PRE, POST, GAMES, SCORE, EXPECTED, K, BONUS, SPECIAL, FLOOR, STEP4 = range(10)
N_RESULTS = 10


def rate_events(  # noqa: C901
    first: int,
    last: int,
    white: Any,
    black: Any,
    score: Any,
    game_start: Any,
    members: Any,
    member_start: Any,
    in_regular: Any,
    event_b: Any,
    init_r0: Any,
    init_games: Any,
    quick_regular: Any,
    cfg: Any,
    table: Any,
    local_of: Any,
    results: Any,
    after: Any,
) -> int:
    """Rate events ``first`` to ``last − 1`` (tournaments only) from the states in
    ``table`` (one row of :mod:`.rules` fields per player), writing each member's results
    and state after the event. Returns −1 when done; else it stopped at event ``e``:
    ``2e + 1`` when a member is unrated and has no initial rating in ``init_r0`` yet (the
    caller computes it and runs on from ``e``), ``2e`` when a special rating failed.

    Per member: ``init_r0``/``init_games`` the Step 1 initial rating of an unrated
    player, ``quick_regular`` the Regular rating of the Quick side's dual-rated K.
    """
    c = cfg.copy()
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        g0, g1 = game_start[e], game_start[e + 1]
        n = m1 - m0
        for i in range(n):
            if math.isnan(table[members[m0 + i], r.RATING]) and math.isnan(init_r0[m0 + i]):
                return 2 * e + 1
        for i in range(n):
            local_of[members[m0 + i]] = i
        gw = np.empty(g1 - g0, dtype=np.int64)
        gb = np.empty(g1 - g0, dtype=np.int64)
        wins = np.zeros(n)
        draws = np.zeros(n)
        for j in range(g1 - g0):
            gw[j] = local_of[white[g0 + j]]
            gb[j] = local_of[black[g0 + j]]
            x = score[g0 + j]
            if x == 0.5:
                draws[gw[j]] += 1.0
                draws[gb[j]] += 1.0
            elif x == 1.0:
                wins[gw[j]] += 1.0
            elif x == 0.0:
                wins[gb[j]] += 1.0
        r0 = np.empty(n)
        games = np.empty(n)
        unrated = np.zeros(n, dtype=np.bool_)
        all_wins = np.zeros(n, dtype=np.bool_)
        all_losses = np.zeros(n, dtype=np.bool_)
        regular = np.empty(n)
        for i in range(n):
            row = table[members[m0 + i]]
            if math.isnan(row[r.RATING]):
                r0[i] = init_r0[m0 + i]
                games[i] = init_games[m0 + i]
                unrated[i] = True
            else:
                r0[i] = row[r.RATING]
                games[i] = row[r.GAMES]
                history = row[r.GAMES] > 0
                all_wins[i] = history and row[r.ALL_WINS] != 0.0
                all_losses[i] = history and row[r.ALL_LOSSES] != 0.0
            regular[i] = r.dual_regular(in_regular[e], unrated[i], r0[i], quick_regular[m0 + i])
        c[r.B] = event_b[e]
        out = np.zeros((8, n))
        r.rate_field(
            gw, gb, score[g0:g1], r0, games, unrated, all_wins, all_losses, regular, True, c, out
        )
        for i in range(n):
            col = m0 + i
            slot = members[col]
            prior = table[slot]
            pre = math.nan if unrated[i] else r0[i]
            results[PRE, col] = pre
            results[FLOOR, col] = math.nan
            results[GAMES, col] = out[0, i]
            results[SCORE, col] = out[1, i]
            results[STEP4, col] = out[2, i]
            results[EXPECTED, col] = out[4, i]
            results[K, col] = out[5, i]
            results[BONUS, col] = out[6, i]
            results[SPECIAL, col] = out[7, i]
            if out[0, i] == 0:
                results[POST, col] = pre
                after[col, :] = prior
                continue
            post = out[3, i]
            if math.isnan(post):
                return 2 * e
            if c[r.APPLY_FLOORS] != 0.0:
                floor = r.state_floor(prior, c)
                if post < floor:
                    post = floor
                    results[FLOOR, col] = floor
            results[POST, col] = post
            new = after[col]
            r.after_event(prior, post, games[i], wins[i], draws[i], out[0, i], c, new)
            r.carry_known_floor(prior, new, c)
            table[slot, :] = new
        for i in range(n):
            local_of[members[m0 + i]] = -1
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
