"""One FIDE event's steps over flat arrays: publication of the lists, the games, K, an
unrated player's pooled play (§8.2), written once in the subset of Python that Numba
compiles (:mod:`arpad.compiled`).

:func:`arpad.systems.fide.system.rate_event` calls :func:`publish_members` and
:func:`rate_members` as ordinary Python over a table of its players' states
(:mod:`.table`); the season loop (:mod:`.kernel`) calls the same functions compiled, event
after event, over the table of the whole season. So both give the same bits.

A player's state is a row of the table (:data:`RATING` … :data:`POOL_TAIL`); what he has
rated and not yet published (pending events, §8.3.4) and his play toward a first rating
(pooled events, §8.2) are *records* (rows of ``recs``), each player's two lists linked from
his row. A record published or dropped is not removed but marked with the event at which it
died (:data:`R_DIED`), so the state after any earlier event can still be read
(:meth:`.table.StateTable.state`).

Numbers and the rules they come from: :mod:`.rules` (K §8.3.3, the 400-point rule §8.3.1,
the rounding §8.3.4, floors, the March 2024 increase, initial ratings §8.2).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arpad.compiled import rule
from arpad.exactsum import fsum
from arpad.systems.fide import rules as r

# A player's row: the list rating (NaN: unrated) and list (month number, −1: not known),
# games, reached 2400 (0/1), birth year (NaN), what the last publication said (a note code
# and two numbers), the heads and tails of his pending and pooled records (−1: none), and
# the list up to which his pooled play is known to give no first rating (:data:`SETTLED`).
RATING, MONTH, GAMES, TOP, BIRTH, NOTE, NOTE_A, NOTE_B = range(8)
PEND_HEAD, PEND_TAIL, POOL_HEAD, POOL_TAIL, SETTLED = range(8, 13)
N_FIELDS = 13
UNSETTLED = -math.inf
"""``SETTLED`` of a row of which nothing is known: every list with pooled play up to ``s``
was published from the pooled records as they are and gave no first rating (§8.2), so
publishing it again gives none either (a list's window, :func:`in_window`, reads only the
records of its own and earlier periods). A record pooled for period P lowers it below P,
a cleared list resets it (D-loopspeed-3)."""

# Note codes (:func:`arpad.systems.fide.table.note_texts` writes them out).
NO_NOTE, NOTE_FEW, NOTE_INITIAL_BELOW, NOTE_FIRST, NOTE_BELOW_FLOOR, NOTE_GIVEN = range(6)

# A record: the period (list) that publishes it, games, ΣΔ in hundredths (pending) or the
# score (pooled), the opponents' rating sum (pooled), the next record of the list, the event
# at which it died (ALIVE: not yet), the event it comes from (< 0: a given state's).
R_PERIOD, R_GAMES, R_A, R_B, R_NEXT, R_DIED, R_EVENT = range(7)
N_REC = 7
ALIVE = math.inf
PROJECTED = -2.0
"""Death mark of a record published only to show what the next lists would give."""

# An event's facts: the list in force at its start (−1: undated), its period (list), and
# 0/1: standard, 2022 era, the 2650 exemption applies, the 600-point rule applies, rated by
# the per-event path (the season loop stops there).
E_IN_FORCE, E_PERIOD, E_STANDARD, E_ERA22, E_EXEMPT, E_GAP, E_ALONE = range(7)
N_FACTS = 7

# A member's results.
O_PRE, O_POST, O_GAMES, O_SCORE, O_EXPECTED, O_K, O_K0, O_CAPPED = range(8)
O_SKIPPED, O_USED, O_ZERO, O_NOTE, O_NOTE_A, O_NOTE_B = range(8, 14)
N_OUT = 14

# Scratch (:func:`work`): float and int rows for an event's games, and room for one player's
# pooled records (the opponents' sums, then partials for their exact sum).
W_PRE, W_OWN, W_RATINGS, W_SCORES, W_USED, W_PARTIALS, W_SHOWN = range(7)
N_WORK = 7
I_START, I_AT, I_OPP = range(3)
N_IWORK = 3


@rule
def work(n: int, g: int, records: int) -> tuple[Any, Any, Any]:
    """Scratch for events of at most ``n`` players and ``g`` games whose players have at
    most ``records`` records each: ``(floats, ints, pooled)`` (rows ``W_*``, ``I_*``;
    ``pooled`` for :func:`window_opponents`). The season loop allocates it once per run, the
    per-event path once per event: the steps allocate nothing, so the loop compiles
    without reference counts (D-loopspeed-1)."""
    cap = max(2 * g, n + 1, N_FIELDS)
    ints = np.empty((N_IWORK, cap), dtype=np.int64)
    return np.empty((N_WORK, cap)), ints, np.empty((2, max(records, 1)))


# -- records --------------------------------------------------------------------------------


@rule
def append(
    row: Any, head: int, recs: Any, status: Any, period: float, games: float, a: float,
    b: float, event: float,
) -> None:  # fmt: skip
    """Append a record to the list at ``head`` (:data:`PEND_HEAD` or :data:`POOL_HEAD`)."""
    i = status[0]
    status[0] = i + 1
    rec = recs[i]
    rec[R_PERIOD], rec[R_GAMES], rec[R_A], rec[R_B], rec[R_EVENT] = period, games, a, b, event
    rec[R_NEXT], rec[R_DIED] = -1.0, ALIVE
    tail = int(row[head + 1])
    if tail >= 0:
        recs[tail, R_NEXT] = i
    else:
        row[head] = i
    row[head + 1] = i
    if head == POOL_HEAD:
        row[SETTLED] = min(row[SETTLED], period - 1.0)


@rule
def kill(row: Any, head: int, recs: Any, stamp: float, period: float) -> None:
    """Mark the list's live records of ``period`` (< 0: all) dead at ``stamp``."""
    i, tail = int(row[head]), int(row[head + 1])
    while i >= 0:
        rec = recs[i]
        if rec[R_DIED] == ALIVE and (period < 0 or rec[R_PERIOD] == period):
            rec[R_DIED] = stamp
        if i == tail:
            break
        i = int(rec[R_NEXT])


@rule
def clear(row: Any, head: int, recs: Any, stamp: float) -> None:
    """Every live record of the list dead at ``stamp``, the list empty."""
    kill(row, head, recs, stamp, -1.0)
    row[head], row[head + 1] = -1.0, -1.0
    if head == POOL_HEAD:
        row[SETTLED] = UNSETTLED


@rule
def revive(row: Any, head: int, recs: Any) -> None:
    """Records marked :data:`PROJECTED` alive again."""
    i, tail = int(row[head]), int(row[head + 1])
    while i >= 0:
        if recs[i, R_DIED] == PROJECTED:
            recs[i, R_DIED] = ALIVE
        if i == tail:
            break
        i = int(recs[i, R_NEXT])


@rule
def advance(row: Any, head: int, recs: Any) -> None:
    """Move the list's head past its dead records (so lists stay short)."""
    i, tail = int(row[head]), int(row[head + 1])
    while i >= 0 and recs[i, R_DIED] != ALIVE:
        if i == tail:
            row[head], row[head + 1] = -1.0, -1.0
            return
        i = int(recs[i, R_NEXT])
    row[head] = i


@rule
def list_sums(row: Any, head: int, recs: Any, period: float) -> tuple[float, float, int]:
    """Games and Σ A of the list's live records of ``period`` (< 0: all), and how many."""
    games, total, count = 0.0, 0.0, 0
    i, tail = int(row[head]), int(row[head + 1])
    while i >= 0:
        rec = recs[i]
        if rec[R_DIED] == ALIVE and (period < 0 or rec[R_PERIOD] == period):
            games += rec[R_GAMES]
            total += rec[R_A]
            count += 1
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return games, total, count


@rule
def next_in(i: int, tail: int, recs: Any, after: float, month: float, stamp: float) -> float:
    """The earliest period later than ``after`` and up to ``month`` of the records from
    ``i`` to ``tail`` that were alive when the publication marking its deaths ``stamp``
    began (``inf``: none)."""
    best = math.inf
    while i >= 0:
        rec = recs[i]
        q = rec[R_PERIOD]
        if (rec[R_DIED] == ALIVE or rec[R_DIED] == stamp) and after < q <= month and q < best:
            best = q
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return best


@rule
def last_in(i: int, tail: int, recs: Any, upto: float, stamp: float) -> float:
    """The latest period up to ``upto`` of the records from ``i`` to ``tail`` alive when
    the publication marking its deaths ``stamp`` began (−inf: none)."""
    best = -math.inf
    while i >= 0:
        rec = recs[i]
        q = rec[R_PERIOD]
        if (rec[R_DIED] == ALIVE or rec[R_DIED] == stamp) and best < q <= upto:
            best = q
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return best


@rule
def settled_start(row: Any, month: float, recs: Any, stamp: float) -> float:
    """Where the publication of an unrated player with nothing pending may start: the
    latest period with pooled play up to ``month`` that is settled (:data:`UNSETTLED`; the
    earlier ones, settled too, would each be overwritten by the next), −inf: from the
    first."""
    if not math.isnan(row[RATING]) or row[PEND_HEAD] >= 0 or row[SETTLED] == UNSETTLED:
        return -math.inf
    upto = min(row[SETTLED], month)
    return last_in(int(row[POOL_HEAD]), int(row[POOL_TAIL]), recs, upto, stamp)


@rule
def last_period(row: Any, recs: Any) -> float:
    """The latest period of the live records of both lists (−inf: none)."""
    last = -math.inf
    for head in (PEND_HEAD, POOL_HEAD):
        i, tail = int(row[head]), int(row[head + 1])
        while i >= 0:
            rec = recs[i]
            if rec[R_DIED] == ALIVE and rec[R_PERIOD] > last:
                last = rec[R_PERIOD]
            if i == tail:
                break
            i = int(rec[R_NEXT])
    return last


@rule
def exact_sum(x: Any, n: int, partials: Any) -> float:
    """``math.fsum`` of ``x[0:n]``: whole numbers (ratings, as FIDE publishes them) add
    exactly as they come; others by :func:`arpad.exactsum.fsum` (``partials``: room for
    ``n``)."""
    total = 0.0
    for j in range(n):
        if x[j] != math.floor(x[j]) or abs(x[j]) > 2.0**40:
            return float(fsum(x, n, partials))
        total += x[j]
    return total


# -- publication ------------------------------------------------------------------------------


@rule
def set_note(row: Any, code: int, a: float, b: float) -> None:
    row[NOTE], row[NOTE_A], row[NOTE_B] = code, a, b


@rule
def carry(row: Any, month: float, p: Any) -> None:
    """A standing carried unchanged onto a later list (the March 2024 increase if it
    crosses that list)."""
    if row[MONTH] >= 0 and row[MONTH] >= month:
        return
    if not math.isnan(row[RATING]) and r.crosses_compression(row[MONTH], month, p):
        row[RATING] = r.compressed(row[RATING], p[r.FACTOR])
    row[MONTH] = month


@rule
def in_window(rec: Any, period: float, p: Any) -> bool:
    """A live pooled record that counts toward the list ``period`` (§8.2: within 26
    months to it)."""
    q = rec[R_PERIOD]
    return bool(rec[R_DIED] == ALIVE and q <= period and period - q < p[r.INIT_MONTHS])


@rule
def pooled_window(row: Any, recs: Any, period: float, p: Any) -> tuple[float, float, float]:
    """An unrated player's pooled play for the list ``period`` (:func:`in_window`): games,
    score, and his pooled games in all."""
    games, score, played = 0.0, 0.0, 0.0
    i, tail = int(row[POOL_HEAD]), int(row[POOL_TAIL])
    while i >= 0:
        rec = recs[i]
        if rec[R_DIED] == ALIVE:
            played += rec[R_GAMES]
        if in_window(rec, period, p):
            games += rec[R_GAMES]
            score += rec[R_A]
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return games, score, played


@rule
def window_opponents(row: Any, recs: Any, period: float, p: Any, pooled: Any) -> float:
    """Σ of the opponents' ratings over the records of :func:`in_window` (exact), asked
    for only when they are enough for a first rating (``pooled``: :func:`work`'s room for
    a player's records)."""
    opponents = pooled[0]
    k = 0
    i, tail = int(row[POOL_HEAD]), int(row[POOL_TAIL])
    while i >= 0:
        rec = recs[i]
        if in_window(rec, period, p):
            opponents[k] = rec[R_B]
            k += 1
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return exact_sum(opponents, k, pooled[1])


@rule
def first_rating(
    row: Any, period: float, recs: Any, stamp: float, p: Any, dp_table: Any, pooled: Any
) -> None:
    """An unrated player on the list ``period``: his first rating from his pooled play, if
    enough and not below the floor (§8.2; D-fidecur-7, D-fidecur-8)."""
    row[MONTH] = period
    games, score, played = pooled_window(row, recs, period, p)
    if games < p[r.INIT_GAMES]:
        set_note(row, NOTE_FEW, played, 0.0)
        row[SETTLED] = max(row[SETTLED], period)  # published in order: the earlier gave none
        return
    opponents = window_opponents(row, recs, period, p, pooled)
    ru, _, _, _, by_2024 = r.initial_of_list(opponents, score, games, period, p, dp_table)
    floor = r.list_floor(period, p)
    if ru < floor:
        set_note(row, NOTE_INITIAL_BELOW, ru, floor)
        row[SETTLED] = max(row[SETTLED], period)
        return
    row[RATING], row[GAMES] = ru, played
    row[TOP] = 1.0 if ru >= p[r.TOP] else 0.0
    clear(row, POOL_HEAD, recs, stamp)
    set_note(row, NOTE_FIRST, ru, 2024.0 if by_2024 else 2022.0)


@rule
def fall_below(row: Any, new: float, floor: float, recs: Any, stamp: float) -> None:
    """§7.2.1: a rating below the floor is shown unrated on the next list (the player
    starts again; his birth year stays)."""
    row[RATING], row[GAMES], row[TOP] = math.nan, 0.0, 0.0
    clear(row, PEND_HEAD, recs, stamp)
    clear(row, POOL_HEAD, recs, stamp)
    set_note(row, NOTE_BELOW_FLOOR, new, floor)


@rule
def period_change(row: Any, recs: Any, period: float, k: float, total: float, p: Any) -> float:
    """§8.3.4: the period's K × ΣΔ rounded once (``total``: ΣΔ in hundredths), or each
    tournament's separately (``rounding="tournament"``; D-fidecur-6)."""
    if p[r.ROUND_EACH] == 0.0:
        return float(r.rounded_change(k, total))
    change = 0.0
    i, tail = int(row[PEND_HEAD]), int(row[PEND_TAIL])
    while i >= 0:
        rec = recs[i]
        if rec[R_DIED] == ALIVE and rec[R_PERIOD] == period:
            change += r.rounded_change(k, rec[R_A])
        if i == tail:
            break
        i = int(rec[R_NEXT])
    return change


@rule
def publish_period(
    row: Any, period: float, standard: bool, recs: Any, stamp: float, p: Any, dp_table: Any,
    pooled: Any,
) -> None:  # fmt: skip
    """The list ``period``: its pending events published (K from the previous list, K × n ≤
    700, K × ΣΔ rounded once, §8.3.3–§8.3.4; the March 2024 increase; the floor), or an
    unrated player's first rating."""
    games, total, _ = list_sums(row, PEND_HEAD, recs, period)
    if math.isnan(row[RATING]):
        kill(row, PEND_HEAD, recs, stamp, period)
        first_rating(row, period, recs, stamp, p, dp_table, pooled)
        return
    if row[MONTH] >= 0:
        carry(row, period - 1.0, p)
    k0 = r.k_base(row[RATING], row[GAMES], row[TOP] != 0.0, row[BIRTH], period - 1.0, standard, p)
    k = r.k_games(k0, games, p[r.K_CAP])
    new = row[RATING] + period_change(row, recs, period, k, total, p)
    kill(row, PEND_HEAD, recs, stamp, period)
    if r.crosses_compression(row[MONTH], period, p):
        new = r.compressed(new, p[r.FACTOR])
    row[MONTH] = period
    floor = r.list_floor(period, p)
    if new < floor:
        fall_below(row, new, floor, recs, stamp)
        return
    row[RATING], row[GAMES] = new, row[GAMES] + games
    if new >= p[r.TOP]:
        row[TOP] = 1.0
    set_note(row, NO_NOTE, 0.0, 0.0)


@rule
def publish(
    row: Any, month: float, standard: bool, recs: Any, stamp: float, p: Any, dp_table: Any,
    pooled: Any,
) -> None:  # fmt: skip
    """The standing on the list ``month``: every period up to it published in order, then
    carried to it (``pooled``: :func:`work`'s room for a player's records)."""
    if row[PEND_HEAD] >= 0 or row[POOL_HEAD] >= 0:
        # The periods with play up to ``month`` as they stand before the first is published
        # (a first rating drops the pooled play; its later periods are published all the same).
        pend, pend_tail = int(row[PEND_HEAD]), int(row[PEND_TAIL])
        pool, pool_tail = int(row[POOL_HEAD]), int(row[POOL_TAIL])
        q = settled_start(row, month, recs, stamp)
        if q > -math.inf:  # the settled lists before it: each overwritten by the next
            publish_period(row, q, standard, recs, stamp, p, dp_table, pooled)
        while True:
            a = next_in(pend, pend_tail, recs, q, month, stamp)
            q = min(a, next_in(pool, pool_tail, recs, q, month, stamp))
            if q == math.inf:
                break
            publish_period(row, q, standard, recs, stamp, p, dp_table, pooled)
        if stamp >= 0:
            advance(row, PEND_HEAD, recs)
            advance(row, POOL_HEAD, recs)
    if row[MONTH] < 0 or row[MONTH] < month:
        carry(row, month, p)


@rule
def publish_members(
    e: int, facts: Any, members: Any, m0: int, m1: int, table: Any, recs: Any, p: Any, dp: Any,
    pooled: Any,
) -> None:  # fmt: skip
    """Step 1 of an event: every player on the list in force at its start (D-fidecur-2)."""
    month = facts[E_IN_FORCE]
    if month < 0:
        return
    for i in range(m0, m1):
        publish(table[members[i]], month, facts[E_STANDARD] != 0.0, recs, float(e), p, dp, pooled)


# -- the games --------------------------------------------------------------------------------


@rule
def game_lists(
    white: Any, black: Any, score: Any, g0: int, g1: int, local_of: Any, n: int, iw: Any,
    own: Any,
) -> None:  # fmt: skip
    """Each member's games in the event's order: offsets (``iw[I_START]``), opponents
    (local, ``iw[I_OPP]``), scores (``own``)."""
    start, at, opp = iw[I_START], iw[I_AT], iw[I_OPP]
    for i in range(n + 1):
        start[i] = 0
    for j in range(g0, g1):
        start[local_of[white[j]] + 1] += 1
        start[local_of[black[j]] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    for i in range(n):
        at[i] = start[i]
    for j in range(g0, g1):
        w, b = local_of[white[j]], local_of[black[j]]
        opp[at[w]], own[at[w]] = b, score[j]
        opp[at[b]], own[at[b]] = w, 1.0 - score[j]
        at[w] += 1
        at[b] += 1


@rule
def rated_lines(
    own: float, ratings: Any, scores: Any, n: int, era22: bool, exempt_ok: bool, p: Any,
    row_at: Any, used: Any, partials: Any,
) -> tuple[float, float, float, int]:  # fmt: skip
    """A rated player's counted games: W, Σ PD in hundredths (table 8.1.2, the 400-point
    rule with the 2650 exemption or the 2022 era's one upgrade), Σ of the ratings used
    (exact; ``used`` and ``partials``: room for them) and the games the 400-point rule
    changed."""
    exempt = r.exempt_player(own, era22, exempt_ok, p[r.EXEMPT_FROM])
    upgrade = r.upgrade_game(own, ratings, n, p[r.CAP]) if era22 else -1
    score, expected, capped = 0.0, 0.0, 0
    for j in range(n):
        allowed = not era22 or own - ratings[j] < 0 or j == upgrade
        d, changed = r.capped_game(own, ratings[j], p[r.CAP], exempt, allowed)
        used[j] = own - d if changed else ratings[j]
        expected += r.expectancy_hundredths(d, row_at)
        score += scores[j]
        if changed:
            capped += 1
    return score, expected, exact_sum(used, n, partials), capped


@rule
def counted_games(
    i: int, own: float, start: Any, opp: Any, own_score: Any, pre: Any, gap_ok: bool, p: Any,
    ratings: Any, scores: Any,
) -> tuple[int, int]:  # fmt: skip
    """Member ``i``'s games against rated opponents, into ``ratings`` and ``scores``: how
    many, and the games the 600-point rule leaves unrated (a rated ``own`` only)."""
    n, skipped = 0, 0
    for j in range(start[i], start[i + 1]):
        rating = pre[opp[j]]
        if math.isnan(rating):
            continue
        if not math.isnan(own) and r.gap_unrated(
            own, rating, gap_ok, p[r.FAST_GAP], p[r.FAST_GAP_ABOVE]
        ):
            skipped += 1
            continue
        ratings[n], scores[n] = rating, own_score[j]
        n += 1
    return n, skipped


@rule
def rate_rated(
    e: int, own: float, games: Any, facts: Any, row: Any, recs: Any, status: Any, p: Any,
    row_at: Any, out: Any,
) -> None:  # fmt: skip
    """A rated player's event: ΣΔ, K from the previous list reduced so that K × n ≤ 700
    over the period, the change as a one-event period would round it, the event pending."""
    ratings, scores, buffer, partials, n, skipped = games
    era22, exempt_ok = facts[E_ERA22] != 0.0, facts[E_EXEMPT] != 0.0
    score, expected, used, capped = rated_lines(
        own, ratings, scores, n, era22, exempt_ok, p, row_at, buffer, partials
    )
    delta = 100.0 * score - expected
    period = facts[E_PERIOD]
    prior, _, _ = list_sums(row, PEND_HEAD, recs, period)
    top = row[TOP] != 0.0
    k0 = r.k_base(own, row[GAMES], top, row[BIRTH], period - 1.0, facts[E_STANDARD] != 0.0, p)
    k = r.k_games(k0, prior + n, p[r.K_CAP])
    out[O_POST] = own + r.rounded_change(k, delta)
    out[O_GAMES], out[O_SCORE], out[O_EXPECTED] = n, score, expected / 100.0
    out[O_K], out[O_K0], out[O_CAPPED], out[O_SKIPPED], out[O_USED] = k, k0, capped, skipped, used
    if n > 0:
        append(row, PEND_HEAD, recs, status, period, float(n), delta, 0.0, float(e))


@rule
def project(
    row: Any, standard: bool, recs: Any, p: Any, dp_table: Any, out: Any, shown: Any,
    pooled: Any,
) -> None:  # fmt: skip
    """What the next lists would show of a player (every period he has play in published,
    on a copy of his row in ``shown``): the rating and the note."""
    for f in range(N_FIELDS):
        shown[f] = row[f]
    last = last_period(row, recs)
    if last > -math.inf:
        publish(shown, last, standard, recs, PROJECTED, p, dp_table, pooled)
        revive(row, PEND_HEAD, recs)
        revive(row, POOL_HEAD, recs)
    out[O_POST] = shown[RATING]
    out[O_NOTE], out[O_NOTE_A], out[O_NOTE_B] = shown[NOTE], shown[NOTE_A], shown[NOTE_B]


@rule
def rate_unrated(
    e: int, games: Any, facts: Any, row: Any, recs: Any, status: Any, p: Any, dp_table: Any,
    out: Any, shown: Any, pooled: Any,
) -> None:  # fmt: skip
    """An unrated player's event: his games against rated opponents pooled toward a first
    rating (§8.2; a zero score in a first event is disregarded), and the rating the next
    lists would give them."""
    ratings, scores, _, partials, n, _ = games
    score = 0.0
    for j in range(n):
        score += scores[j]
    out[O_GAMES], out[O_SCORE] = n, score
    if n > 0 and score == 0.0 and row[POOL_HEAD] < 0:
        out[O_ZERO] = 1.0
    elif n > 0:
        period = facts[E_PERIOD]
        opponents = exact_sum(ratings, n, partials)
        append(row, POOL_HEAD, recs, status, period, float(n), score, opponents, float(e))
    project(row, facts[E_STANDARD] != 0.0, recs, p, dp_table, out, shown, pooled)


@rule
def rate_members(
    e: int, facts: Any, white: Any, black: Any, score: Any, g0: int, g1: int, members: Any,
    m0: int, m1: int, table: Any, recs: Any, status: Any, local_of: Any, p: Any, row_at: Any,
    dp_table: Any, out: Any, fw: Any, iw: Any, pooled: Any,
) -> None:  # fmt: skip
    """Steps 2 and 3 of an event (its players on the list in force): each member's games,
    K and change, or his pooled play; results in ``out[m0:m1]`` (``fw``, ``iw``,
    ``pooled``: :func:`work`)."""
    n = m1 - m0
    pre = fw[W_PRE]
    for i in range(n):
        local_of[members[m0 + i]] = i
        pre[i] = table[members[m0 + i], RATING]
    own_score = fw[W_OWN]
    game_lists(white, black, score, g0, g1, local_of, n, iw, own_score)
    start, opp = iw[I_START], iw[I_OPP]
    gap_ok = facts[E_GAP] != 0.0
    ratings, scores, used, partials = fw[W_RATINGS], fw[W_SCORES], fw[W_USED], fw[W_PARTIALS]
    for i in range(n):
        row = table[members[m0 + i]]
        o = out[m0 + i]
        for f in range(N_OUT):
            o[f] = 0.0
        o[O_PRE] = pre[i]
        n_i, skipped = counted_games(
            i, pre[i], start, opp, own_score, pre, gap_ok, p, ratings, scores
        )
        games = (ratings, scores, used, partials, n_i, skipped)
        if math.isnan(pre[i]):
            rate_unrated(e, games, facts, row, recs, status, p, dp_table, o, fw[W_SHOWN], pooled)
        else:
            rate_rated(e, pre[i], games, facts, row, recs, status, p, row_at, o)
    for i in range(n):
        local_of[members[m0 + i]] = -1
