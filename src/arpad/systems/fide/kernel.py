"""FIDE's season loop: events in date order, one by one, over flat arrays.

:func:`rate_events` is plain Python; :func:`compiled` compiles it (loading Numba) for the
bulk paths (:mod:`.season`). Each event is rated by :func:`.steps.publish_members` and
:func:`.steps.rate_members`, the functions the per-event path calls, so run either way it
gives the per-event path's bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arpad.compiled import season_loop
from arpad.systems.fide import steps as s


def rate_events(
    first: int,
    last: int,
    facts: Any,
    white: Any,
    black: Any,
    score: Any,
    game_start: Any,
    members: Any,
    member_start: Any,
    table: Any,
    recs: Any,
    status: Any,
    local_of: Any,
    p: Any,
    row_at: Any,
    dp_table: Any,
    out: Any,
    after: Any,
    scratch: Any,
) -> int:
    """Rate events ``first`` to ``last − 1`` from the states in ``table`` (rows of
    :mod:`.steps`), writing each member's results (``out``) and row after the event
    (``after``). Returns −1 when done, or the first event the per-event path must rate
    (:data:`.steps.E_ALONE`). ``scratch``: :func:`scratch` (the loop allocates nothing,
    so it compiles without reference counts, D-loopspeed-1)."""
    fw, iw, pooled = scratch
    for e in range(first, last):
        f = facts[e]
        if f[s.E_ALONE] != 0.0:
            return e
        m0, m1 = member_start[e], member_start[e + 1]
        s.publish_members(e, f, members, m0, m1, table, recs, p, dp_table, pooled)
        g0, g1 = game_start[e], game_start[e + 1]
        s.rate_members(
            e, f, white, black, score, g0, g1, members, m0, m1, table, recs, status, local_of, p,
            row_at, dp_table, out, fw, iw, pooled,
        )  # fmt: skip
        for i in range(m0, m1):
            for f in range(s.N_FIELDS):  # element by element: a slice copy needs the runtime
                after[i, f] = table[members[i], f]
    return -1


def scratch(game_start: Any, member_start: Any, records: int) -> tuple[Any, Any, Any]:
    """The steps' scratch (:func:`.steps.work`) for the season's largest event, with room
    for ``records`` records of one player."""
    n_max = int(np.diff(member_start).max(initial=0))
    g_max = int(np.diff(game_start).max(initial=0))
    return s.work(n_max, g_max, records)


LOOP = season_loop(rate_events, refcounts=False)
"""The loop, compiled on first use."""
