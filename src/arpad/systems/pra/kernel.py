"""The PRA's season loop: events in date order, game by game, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`, the simulation lab's :mod:`.rounds`). Each game is the Basic
System's step (:func:`.basic.basic_game`, eq. (2), berard-pra-and-tournament-app.txt
L169) followed by each player's Boosting System (:func:`.boosting.after_game_plan`,
:func:`.boosting.boost`, L226–L337): the rules the per-event path
(:func:`.system.rate_event`) calls, so run either way the loop gives its bits.

Players' states are columns (rating, games, direction, the window's length and its first
:data:`.boosting.MAX_BLOCK` ratings — a longer window can never be measured —, the
boosting flag). Each game side (``2j`` White's of game ``j``, ``2j + 1`` Black's) records
R(k), the rating after it, the player's previous side, the counter and what a measurement
did, so that a state's window can be rebuilt after any event (:mod:`.season`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arpad.compiled import season_loop
from arpad.systems.pra.basic import basic_game
from arpad.systems.pra.boosting import MAX_BLOCK, after_game_plan, boost
from arpad.systems.pra.boosting import in_first_block as first_block

# The configuration as a flat array (:func:`params`).
K, L467, OMEGA, SAME, FROM_STABLE, REVERSING = range(6)
N_PARAMS = 6

# Results table rows, one column per member (player of an event).
PRE, POST, GAMES, SCORE, EXPECTED, BOOSTED = range(6)
N_RESULTS = 6

# Each member's state after the event besides the rating (``after``, one row per member),
# and the players' integer columns (``state``, one row per player).
CTR, DIRECTION, HELD, LAST_SIDE = range(4)
N_AFTER = 4

# Per game side: floats ``side_f`` (R(k), the rating after) and ints ``side_i``.
BASIC, RATED = range(2)
PREV, SIDE_CTR, TREND, SIDE_DIRECTION = range(4)


def params(config: Any) -> Any:
    """A :class:`~.system.PRAConfig` as the flat array the loop takes."""
    out = np.empty(N_PARAMS)
    out[K] = config.K
    out[L467] = 1.0 if config.l467 else 0.0
    out[OMEGA] = config.omega
    out[SAME] = config.coeff_same
    out[FROM_STABLE] = config.coeff_from_stable
    out[REVERSING] = config.coeff_reversing
    return out


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
    rating: Any,
    state: Any,
    boosting: Any,
    window: Any,
    col_of: Any,
    results: Any,
    after: Any,
    side_f: Any,
    side_i: Any,
) -> None:
    """Rate events ``first`` to ``last − 1`` from the players' columns (``rating``,
    ``state`` rows of :data:`CTR` … :data:`LAST_SIDE`, ``boosting``, ``window``), writing
    each member's results and state after the event (``results`` and ``after`` must come
    zeroed; ``col_of`` all −1).

    Each game as :func:`.system.rate_event` plays it: both changes from the ratings before
    the game (:func:`.basic.basic_game`), then White's side, then Black's, each adding to
    Σ E and Σ S and running :func:`.system.after_game`'s rules. One flat loop (no helper
    taking arrays: passing arrays to a function costs Numba reference counts per call).
    """
    l467 = cfg[L467] != 0.0
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        for c in range(m0, m1):
            col_of[members[c]] = c
            results[PRE, c] = rating[members[c]]
        for j in range(game_start[e], game_start[e + 1]):
            w, b = white[j], black[j]
            e_white, change = basic_game(rating[w], rating[b], score[j], cfg[K])
            who = (w, b)
            basic = (rating[w] + change, rating[b] - change)
            expected = (e_white, 1.0 - e_white)
            points = (score[j], 1.0 - score[j])
            for q in range(2):
                p, side, col = who[q], 2 * j + q, col_of[who[q]]
                results[EXPECTED, col] += expected[q]
                results[SCORE, col] += points[q]
                results[GAMES, col] += 1.0
                ctr, held = state[p, CTR], state[p, HELD]
                keep, block, omega = after_game_plan(ctr, held, boosting[p], l467, cfg[OMEGA])
                # A window past MAX_BLOCK is never measured: its last cell may be overwritten.
                window[min(held, MAX_BLOCK - 1), p] = basic[q]
                rating[p] = basic[q]
                side_f[BASIC, side] = basic[q]
                side_i[PREV, side] = state[p, LAST_SIDE]
                side_i[SIDE_CTR, side] = ctr
                state[p, CTR], state[p, HELD], state[p, LAST_SIDE] = ctr + 1, keep, side
                if block > 0:
                    rating[p], state[p, DIRECTION], trend = boost(
                        window[:block, p], state[p, DIRECTION], omega, first_block(ctr),
                        cfg[SAME], cfg[FROM_STABLE], cfg[REVERSING],
                    )  # fmt: skip
                    side_i[TREND, side] = trend
                    side_i[SIDE_DIRECTION, side] = state[p, DIRECTION]
                    results[BOOSTED, col] += trend * trend
                side_f[RATED, side] = rating[p]
        for c in range(m0, m1):
            p = members[c]
            col_of[p] = -1
            results[POST, c] = rating[p]
            after[c, CTR], after[c, DIRECTION] = state[p, CTR], state[p, DIRECTION]
            after[c, HELD], after[c, LAST_SIDE] = state[p, HELD], state[p, LAST_SIDE]


LOOP = season_loop(rate_events)
"""The loop, compiled on first use."""
