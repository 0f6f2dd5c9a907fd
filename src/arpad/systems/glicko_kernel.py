"""The Glicko family's season loop: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; ``LOOP.compiled()`` compiles it (loading Numba) for
the bulk paths (:mod:`arpad.systems.glicko_season`). Each event is rated by the rules the
per-event path calls (:func:`.glicko_rules.glicko_event` for Glicko and Stephenson,
:func:`.glicko_rules.glicko2_event` for Glicko-2), so either way it gives the per-event
path's bits. Before rating an event the loop writes each game's expected score for White
from the states before the event (the prediction :func:`arpad.replay` announces).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arpad.compiled import largest_event, local_games, rule, season_loop
from arpad.systems import glicko_rules as r

# State columns (one row per player); NaN volatility outside Glicko-2.
RATING, RD, VOL, GAMES, LAST_DAY, LAST_MONTH = range(6)
N_FIELDS = 6
# Results table (one column per member row).
PRE, POST, PLAYED, SCORE = range(4)
N_RESULTS = 4
# Which update: Glicko's Step 2 / Stephenson's, or Glicko-2's Steps 3–8.
GLICKO, GLICKO2 = 0, 1
# Parameters: Glicko and Stephenson (c, rd_max, γ, h, b, λ), Glicko-2 (τ, ε).
P_C, P_RD_MAX, P_GAMMA, P_H, P_B, P_LAM, P_TAU, P_EPS = range(8)
N_PARAMS = 8
# Rows of the per-event scratch.
W_RATING, W_RD, W_SIGMA, W_OUT, W_PLAYED, W_INFO, W_PULL, W_OPP = 0, 1, 2, 3, 6, 7, 8, 9
N_WORK = 10


def rate_events(
    kind: int,
    white: Any,
    black: Any,
    score: Any,
    game_start: Any,
    members: Any,
    member_start: Any,
    event_day: Any,
    event_month: Any,
    params: Any,
    table: Any,
    results: Any,
    after: Any,
    expected: Any,
) -> None:
    """Rate every event from the states in ``table`` (updated in place): each member's
    results into ``results[:, row]`` and his state after the event into ``after[row]``,
    each game's expected score before its event into ``expected``."""
    n_max, g_max = largest_event(0, len(game_start) - 1, game_start, member_start)
    gw_all = np.empty(g_max, dtype=np.int64)
    gb_all = np.empty(g_max, dtype=np.int64)
    work_all = np.empty((N_WORK, n_max))
    local_of = np.full(len(table), -1, dtype=np.int64)
    for e in range(len(game_start) - 1):
        m0, m1 = member_start[e], member_start[e + 1]
        g0, g1 = game_start[e], game_start[e + 1]
        slots = members[m0:m1]
        gw, gb = gw_all[: g1 - g0], gb_all[: g1 - g0]
        local_games(slots, white[g0:g1], black[g0:g1], local_of, gw, gb)
        game_expectations(white[g0:g1], black[g0:g1], table, expected[g0:g1])
        work = work_all[:, : m1 - m0]
        if kind == GLICKO2:
            glicko2_onset(slots, table, event_month[e], work)
            r.glicko2_event(
                gw, gb, score[g0:g1], work[W_RATING], work[W_RD], work[W_SIGMA],
                params[P_TAU], params[P_EPS], work[W_OUT : W_OUT + 3], work[W_PLAYED],
                work[W_INFO], work[W_PULL],
            )  # fmt: skip
        else:
            glicko_onset(slots, table, event_month[e], params, work)
            r.glicko_event(
                gw, gb, score[g0:g1], work[W_RATING], work[W_RD], params[P_GAMMA],
                params[P_H], params[P_B], params[P_LAM], work[W_OUT], work[W_OUT + 1],
                work[W_PLAYED], work[W_INFO], work[W_PULL], work[W_OPP],
            )  # fmt: skip
        member_scores(gw, gb, score[g0:g1], work[W_INFO])
        for i in range(m1 - m0):
            local_of[slots[i]] = -1
            apply_result(
                m0 + i, slots[i], kind, work[:, i], event_day[e], event_month[e], table,
                results, after,
            )  # fmt: skip


@rule
def game_expectations(white: Any, black: Any, table: Any, expected: Any) -> None:
    """White's expected score in each game from the states before the event
    (:func:`arpad.systems.glicko_core.expected_score` with no first-move advantage)."""
    for j in range(len(white)):
        w, b = table[white[j]], table[black[j]]
        expected[j] = r.expectation(w[RATING] - b[RATING] + 0.0, r.pair_rd(w[RD], b[RD]))


@rule
def glicko_onset(slots: Any, table: Any, now: int, params: Any, work: Any) -> None:
    """Each member's rating and RD after Step 1 (:func:`.glicko_core.onset`)."""
    for i in range(len(slots)):
        row = table[slots[i]]
        last = int(row[LAST_MONTH])
        newcomer = r.is_newcomer(last, row[GAMES])
        periods = r.idle_periods(last, now)
        work[W_RATING, i] = row[RATING]
        work[W_RD, i] = r.onset_rd(row[RD], newcomer, periods, params[P_C], params[P_RD_MAX])


@rule
def glicko2_onset(slots: Any, table: Any, now: int, work: Any) -> None:
    """Each member's μ, φ (grown over the periods sat out) and σ (Glicko-2, Step 2)."""
    for i in range(len(slots)):
        row = table[slots[i]]
        idle = r.periods_sat_out(int(row[LAST_MONTH]), row[GAMES], now)
        work[W_RATING, i] = r.to_mu(row[RATING])
        work[W_RD, i] = r.onset_phi(row[RD], row[VOL], idle)
        work[W_SIGMA, i] = row[VOL]


@rule
def member_scores(gw: Any, gb: Any, score: Any, out: Any) -> None:
    """Each member's score in the event (halves: exact in any order)."""
    for i in range(len(out)):
        out[i] = 0.0
    for j in range(len(gw)):
        out[gw[j]] += score[j]
        out[gb[j]] += 1.0 - score[j]


@rule
def apply_result(
    col: int,
    slot: int,
    kind: int,
    work: Any,
    day: int,
    month: int,
    table: Any,
    results: Any,
    after: Any,
) -> None:
    """A member's results into column ``col`` and, when he played, his new state."""
    row = table[slot]
    results[PRE, col] = row[RATING]
    m = work[W_PLAYED]
    if m > 0.0:
        row[RATING] = work[W_OUT]
        row[RD] = work[W_OUT + 1]
        if kind == GLICKO2:
            row[VOL] = work[W_OUT + 2]
        row[GAMES] += m
        row[LAST_DAY] = day
        row[LAST_MONTH] = month
    results[POST, col] = row[RATING]
    results[PLAYED, col] = m
    results[SCORE, col] = work[W_INFO]
    after[col, :] = row


LOOP = season_loop(rate_events)
"""The loop, compiled on first use."""
