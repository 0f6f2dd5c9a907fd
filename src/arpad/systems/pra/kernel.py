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

from arpad.compiled import jit, rule
from arpad.systems.pra.basic import basic_game
from arpad.systems.pra.boosting import MAX_BLOCK, REDUCED_LAST, after_game_plan, boost
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


@rule
def play_side(
    side: int,
    p: int,
    basic: float,
    col: int,
    cfg: Any,
    rating: Any,
    state: Any,
    boosting: Any,
    window: Any,
    results: Any,
    side_f: Any,
    side_i: Any,
) -> None:
    """Player ``p`` (member column ``col``) after one game's Basic System step (rating
    ``basic``): the window, a measurement and boost (:func:`.system.after_game`'s rules),
    the records of the side. A step of the loop, registered as a rule so that the
    compiled loop calls it compiled."""
    ctr = state[p, CTR]
    held = state[p, HELD]
    keep, block, omega = after_game_plan(ctr, held, boosting[p], cfg[L467] != 0.0, cfg[OMEGA])
    if ctr <= REDUCED_LAST and held < MAX_BLOCK:
        window[p, held] = basic
    side_f[BASIC, side] = basic
    side_i[PREV, side] = state[p, LAST_SIDE]
    side_i[SIDE_CTR, side] = ctr
    state[p, LAST_SIDE] = side
    state[p, CTR] = ctr + 1
    state[p, HELD] = keep
    rating[p] = basic
    if block > 0:
        after, direction, trend = boost(
            window[p, :block],
            state[p, DIRECTION],
            omega,
            first_block(ctr),
            cfg[SAME],
            cfg[FROM_STABLE],
            cfg[REVERSING],
        )
        rating[p] = after
        state[p, DIRECTION] = direction
        side_i[TREND, side] = trend
        side_i[SIDE_DIRECTION, side] = direction
        if trend != 0:
            results[BOOSTED, col] = 1.0
    side_f[RATED, side] = rating[p]


@rule
def play_game(
    j: int,
    w: int,
    b: int,
    s: float,
    col_of: Any,
    cfg: Any,
    rating: Any,
    state: Any,
    boosting: Any,
    window: Any,
    results: Any,
    side_f: Any,
    side_i: Any,
) -> None:
    """Game ``j`` (White ``w``, Black ``b``, White's score ``s``) as
    :func:`.system.rate_event` plays it: both changes from the ratings before the game,
    then White's side, then Black's (Σ E and Σ S added in that order)."""
    e_white, change = basic_game(rating[w], rating[b], s, cfg[K])
    black_basic = rating[b] - change
    cw, cb = col_of[w], col_of[b]
    results[EXPECTED, cw] += e_white
    results[SCORE, cw] += s
    results[GAMES, cw] += 1.0
    play_side(
        2 * j, w, rating[w] + change, cw, cfg, rating, state, boosting, window, results,
        side_f, side_i,
    )  # fmt: skip
    results[EXPECTED, cb] += 1.0 - e_white
    results[SCORE, cb] += 1.0 - s
    results[GAMES, cb] += 1.0
    play_side(
        2 * j + 1, b, black_basic, cb, cfg, rating, state, boosting, window, results,
        side_f, side_i,
    )  # fmt: skip


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
    zeroed; ``col_of`` all −1)."""
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        for c in range(m0, m1):
            col_of[members[c]] = c
            results[PRE, c] = rating[members[c]]
        for j in range(game_start[e], game_start[e + 1]):
            play_game(
                j, white[j], black[j], score[j], col_of, cfg, rating, state, boosting, window,
                results, side_f, side_i,
            )  # fmt: skip
        for c in range(m0, m1):
            p = members[c]
            col_of[p] = -1
            results[POST, c] = rating[p]
            after[c, :] = state[p, :]


_compiled: list[Any] = []


def loaded() -> bool:
    """Whether :func:`compiled` has loaded the compiled loop in this process."""
    return bool(_compiled)


def compiled() -> Any:
    """:func:`rate_events` compiled by Numba (loaded on the first call)."""
    if not _compiled:
        _compiled.append(jit(rate_events))
    return _compiled[0]
