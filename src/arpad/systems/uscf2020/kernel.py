"""The US Chess season loop, compiled: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`). Every rule it applies is a function of :mod:`.rules`, the
ones the per-event path calls, so run either way it gives the per-event path's bits.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import copy_into, rule, season_loop
from arpad.systems.uscf2020 import rules as r

# Rows of the results table, one column per member (player of an event).
PRE, POST, GAMES, SCORE, EXPECTED, K, BONUS, SPECIAL, FLOOR, STEP4 = range(10)
N_RESULTS = 10


def rate_events(
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
    scratch: Any,
) -> int:
    """Rate events ``first`` to ``last − 1`` (tournaments only) from the states in
    ``table`` (one row of :mod:`.rules` fields per player), writing each member's results
    and state after the event. Returns −1 when done; else it stopped at event ``e``:
    ``2e + 1`` when a member is unrated and has no initial rating in ``init_r0`` yet (the
    caller computes it and runs on from ``e``), ``2e`` when a special rating failed.

    Per member: ``init_r0``/``init_games`` the Step 1 initial rating of an unrated
    player, ``quick_regular`` the Regular rating of the Quick side's dual-rated K.
    ``scratch``: every event's buffers (:func:`scratch`). The loop allocates nothing, so
    it is compiled without Numba's reference counts (D-loopspeed-1).
    """
    c, local, entry, flags, out_all, fw, iw = scratch
    copy_into(cfg, c)
    for e in range(first, last):
        m0, m1 = member_start[e], member_start[e + 1]
        g0, g1 = game_start[e], game_start[e + 1]
        n = m1 - m0
        if missing_initial(members[m0:m1], table, init_r0[m0:m1]):
            return 2 * e + 1
        gw, gb = local[0, : g1 - g0], local[1, : g1 - g0]
        wins, draws = entry[3, :n], entry[4, :n]
        event_games(
            members[m0:m1], white[g0:g1], black[g0:g1], score[g0:g1], local_of, local, entry
        )
        r0, games, regular = entry[0, :n], entry[1, :n], entry[2, :n]
        unrated, all_wins, all_losses = flags[0, :n], flags[1, :n], flags[2, :n]
        entry_states(
            members[m0:m1],
            table,
            init_r0,
            init_games,
            quick_regular,
            m0,
            in_regular[e],
            entry,
            flags,
        )
        c[r.B] = event_b[e]
        out = out_all[:, :n]
        out[:, :] = 0.0
        r.rate_field(
            gw,
            gb,
            score[g0:g1],
            r0,
            games,
            unrated,
            all_wins,
            all_losses,
            regular,
            True,
            c,
            out,
            fw,
            iw,
        )
        for i in range(n):
            col = m0 + i
            pre = math.nan if unrated[i] else r0[i]
            if not apply_result(
                col,
                members[col],
                pre,
                games[i],
                wins[i],
                draws[i],
                out[:, i],
                c,
                table,
                results,
                after,
            ):
                return 2 * e
        for i in range(n):
            local_of[members[m0 + i]] = -1
    return -1


@rule
def missing_initial(members: Any, table: Any, init_r0: Any) -> bool:
    """Whether a member is unrated with no Step 1 initial rating computed yet."""
    for i in range(len(members)):
        if math.isnan(table[members[i], r.RATING]) and math.isnan(init_r0[i]):
            return True
    return False


@rule
def event_games(
    members: Any, white: Any, black: Any, score: Any, local_of: Any, local: Any, entry: Any
) -> None:
    """The event's games in local indices (rows 0 and 1 of ``local``) and each member's
    wins and draws (rows 3 and 4 of ``entry``); ``local_of`` maps slots to local indices
    until the caller resets it."""
    for i in range(len(members)):
        local_of[members[i]] = i
        entry[3, i] = 0.0
        entry[4, i] = 0.0
    for j in range(len(white)):
        w = local[0, j] = local_of[white[j]]
        b = local[1, j] = local_of[black[j]]
        x = score[j]
        if x == 0.5:
            entry[4, w] += 1.0
            entry[4, b] += 1.0
        elif x == 1.0:
            entry[3, w] += 1.0
        elif x == 0.0:
            entry[3, b] += 1.0


@rule
def entry_states(
    members: Any,
    table: Any,
    init_r0: Any,
    init_games: Any,
    quick_regular: Any,
    m0: int,
    in_regular: bool,
    entry: Any,
    flags: Any,
) -> None:
    """Each member's R_0 and N (row 0, 1 of ``entry``; the Step 1 values for the unrated),
    the Regular rating of the dual-rated K (row 2), and whether unrated, all previous games
    won, all lost (rows of ``flags``; only for a player with history)."""
    for i in range(len(members)):
        row = table[members[i]]
        unrated = math.isnan(row[r.RATING])
        flags[0, i] = unrated
        flags[1, i] = False
        flags[2, i] = False
        if unrated:
            entry[0, i] = init_r0[m0 + i]
            entry[1, i] = init_games[m0 + i]
        else:
            entry[0, i] = row[r.RATING]
            entry[1, i] = row[r.GAMES]
            history = row[r.GAMES] > 0
            flags[1, i] = history and row[r.ALL_WINS] != 0.0
            flags[2, i] = history and row[r.ALL_LOSSES] != 0.0
        entry[2, i] = r.dual_regular(in_regular, unrated, entry[0, i], quick_regular[m0 + i])


@rule
def apply_result(
    col: int,
    slot: int,
    pre: float,
    games: float,
    wins: float,
    draws: float,
    out: Any,
    cfg: Any,
    table: Any,
    results: Any,
    after: Any,
) -> bool:
    """A member's results into column ``col`` of ``results`` and his state after the
    event (§5 floor, §7 state updates); False when his special rating failed to settle."""
    prior = table[slot]
    write_results(col, pre, out, results)
    if out[0] == 0:
        results[POST, col] = pre
        copy_into(prior, after[col])
        return True
    post = out[3]
    if math.isnan(post):
        return False
    if cfg[r.APPLY_FLOORS] != 0.0:
        floor = r.state_floor(prior, cfg)
        if post < floor:
            post = floor
            results[FLOOR, col] = floor
    results[POST, col] = post
    new = after[col]
    r.after_event(prior, post, games, wins, draws, out[0], cfg, new)
    r.carry_known_floor(prior, new, cfg)
    copy_into(new, table[slot])
    return True


@rule
def write_results(col: int, pre: float, out: Any, results: Any) -> None:
    """The rule's figures for one member (``out``, a column of :func:`.rules.rate_field`)."""
    results[PRE, col] = pre
    results[FLOOR, col] = math.nan
    results[GAMES, col] = out[0]
    results[SCORE, col] = out[1]
    results[STEP4, col] = out[2]
    results[EXPECTED, col] = out[4]
    results[K, col] = out[5]
    results[BONUS, col] = out[6]
    results[SPECIAL, col] = out[7]


def scratch(cfg: Any, game_start: Any, member_start: Any) -> tuple[Any, ...]:
    """The buffers :func:`rate_events` needs, sized for the season's largest event: the
    parameters it sets per event, the games in local indices, the entry rows and flags,
    the rule's output and scratch (:func:`.rules.work`)."""
    n_max = int(np.diff(member_start).max(initial=0))
    g_max = int(np.diff(game_start).max(initial=0))
    local = np.empty((2, g_max), dtype=np.int64)
    entry, flags = np.empty((5, n_max)), np.empty((3, n_max), dtype=np.bool_)
    return (np.empty_like(cfg), local, entry, flags, np.empty((8, n_max)), *r.work(n_max, g_max))


LOOP = season_loop(rate_events, refcounts=False)
"""The loop, compiled on first use."""
