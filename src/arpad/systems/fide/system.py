"""Rating events and monthly periods under FIDE's current regulations.

A player's :class:`FideState` is his standing on the last published list plus what has been
rated since and not yet published. Rating an event:

1. brings every player to the list in force at the event's start (publishing the periods
   whose lists appeared before it; D-fidecur-2: F-P02 and F-P03 rate an event that started
   on 31 October on the October list);
2. computes each rated player's ΣΔ = Σ (W − PD) against rated opponents (table 8.1.2, the
   400-point rule), and pools an unrated player's games against rated opponents;
3. files the event under its rating period (the list after the month it ends in) without
   rounding: the period's change K × ΣΔ is rounded once when the period's list is published
   (§8.3.4), with K from the previous list and reduced so that K × n ≤ 700 over the period.

``PlayerRating.post`` is Ro plus this event's change rounded as a one-event period would be
(K × ΣΔ itself is ``k × (score − expected)``); ``list_entry`` shows the rating the next list
would publish from everything rated so far.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from arpad.booktables import table_expectancy_array
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry, Pool, RatingKind, identity_key
from arpad.season import IntArray
from arpad.systems import EventRating, ListEntry, PeriodLine, PlayerRating
from arpad.systems.fide import steps
from arpad.systems.fide.rules import (
    DP_BY_HUNDREDTH,
    RATING_TYPE_OF_POOL,
    ROW_AT,
    Era,
    FideConfig,
    FloatArray,
    RatingType,
    base_k,
    cap_exemption_applies,
    capped_game,
    era_for,
    exempt_player,
    expectancy,
    fast_gap_applies,
    fast_raise,
    fast_raise_crossed,
    fast_seed_applies,
    floor_for,
    k_for_games,
    month_number,
    month_of,
    next_month,
    params,
    performance,
    reached_top,
    upgrade_game,
)
from arpad.systems.fide.state import FideState
from arpad.systems.fide.table import StateTable, month_name

SYSTEM_NAME = "fide"
OWN_KINDS = frozenset({str(RatingKind.FIDE)})
"""The kinds of file rating this system rates from as-is."""


def newcomer_state(config: FideConfig) -> FideState:
    """A player new to FIDE's list."""
    return FideState()


def state_from_entry(entry: PlayerEntry, event: Event, config: FideConfig) -> FideState:
    """The standing an event file gives: the rating (the list in force at the start), games
    played (0 = unknown: then counted as past K = 40, D-fidecur-5), the peak, birth year."""
    rating = entry.rating if entry.rating is not None else entry.fide
    start = event_start(event)
    reached = reached_top(rating, entry.peak, config)
    games = entry.games if entry.games else (config.new_games if rating is not None else 0)
    return FideState(
        rating=rating,
        month=None if start is None else month_of(start),
        games=games,
        reached_top=reached,
        birth_year=None if entry.birth_date is None else entry.birth_date.year,
    )


def event_start(event: Event) -> dt.date | None:
    return event.start_date if event.start_date is not None else event.end_date


def rating_period(event: Event) -> str | None:
    """The list that publishes an event: the month after it ends (F-P02/F-P03: events
    ending in November are on the December list). Undated: ``None``."""
    end = event.end_date or event_start(event)
    return None if end is None else next_month(month_of(end))


def rating_type_of(event: Event) -> RatingType:
    try:
        return RATING_TYPE_OF_POOL[event.pool]
    except KeyError:
        raise ConfigError(f"FIDE rates standard, rapid and blitz; not {event.pool.value}") from None


# -- publication ------------------------------------------------------------------------------


def period_k(
    state: FideState, period: str, games: int, rating_type: RatingType, cfg: FideConfig
) -> int:
    """K for a period: from the previous list's standing, then K × n ≤ 700 (§8.3.3)."""
    assert state.rating is not None
    k = base_k(
        state.rating,
        state.games,
        state.reached_top,
        state.birth_year,
        month_number(period) - 1,
        rating_type,
        cfg,
    )
    return k_for_games(k, games, cfg)


def _one(state: FideState, cfg: FideConfig) -> StateTable:
    table = StateTable(1, len(state.pending) + len(state.pooled), (), cfg)
    table.put(0, state)
    return table


def publish(state: FideState, month: str, rating_type: RatingType, cfg: FideConfig) -> FideState:
    """The state on the list of ``month``: every period up to it published, in order
    (:func:`.steps.publish`)."""
    table = _one(state, cfg)
    standard = rating_type is RatingType.STANDARD
    row = table.rows[0]
    pooled = steps.work(0, 0, len(table.recs))[2]
    at = month_number(month)
    steps.publish(row, at, standard, table.recs, 0.0, params(cfg), DP_BY_HUNDREDTH, pooled)
    return table.state(row)


def projected(state: FideState, rating_type: RatingType, cfg: FideConfig) -> FideState:
    """The state once every pending period is published."""
    months = [e.period for e in state.pending] + [e.period for e in state.pooled]
    if not months:
        return state
    return publish(state, max(months), rating_type, cfg)


def _previous(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y - (m == 1):04d}-{(m - 2) % 12 + 1:02d}"


def list_entry(state: FideState, config: FideConfig) -> ListEntry:
    """The rating the next list would show from everything rated so far (standard K rules;
    rapid/blitz use the same rounding, K is the only difference and is stored per event)."""
    shown = projected(state, RatingType.STANDARD, config)
    if shown.rating is None:
        return ListEntry(None, sum(e.games for e in shown.pooled), False)
    return ListEntry(shown.rating, shown.games, True)


# -- one event ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game as FIDE's calculation page shows it."""

    opponent: str
    opponent_rating: float
    """The rating used (capped opponents at own ± 400, marked ``*``)."""
    capped: bool
    score: float
    expected: float

    @property
    def delta(self) -> float:
        return self.score - self.expected


def game_lines(
    own: float,
    opponents: Sequence[tuple[str, float, float]],
    era: Era,
    rating_type: RatingType,
    start: dt.date | None,
    cfg: FideConfig,
) -> list[GameLine]:
    """A rated player's games: (opponent id, opponent rating, score) → PD and ΣΔ terms, by
    the rules the event's steps use (:func:`.steps.rated_lines`): the 2650 exemption, or in
    the 2022 era "only one upgrade" per tournament (D-fidecur-4)."""
    era22 = era is Era.ERA_2022
    applies = cap_exemption_applies(rating_type, start, cfg)
    exempt = exempt_player(own, era22, applies, cfg.cap_exempt_from)
    ratings = np.array([r for _, r, _ in opponents], dtype=float)
    upgrade = upgrade_game(own, ratings, len(ratings), cfg.cap_difference) if era22 else -1
    out = []
    for i, (oid, r, s) in enumerate(opponents):
        allowed = not era22 or own - r < 0 or i == upgrade
        d, capped = capped_game(own, r, cfg.cap_difference, exempt, allowed)
        used = own - d if capped else r
        out.append(GameLine(oid, used, capped, s, expectancy(d)))
    return out


def event_facts(event: Event, cfg: FideConfig) -> FloatArray:
    """The event's facts for its steps (:func:`dated_facts`), and whether it needs the
    per-event path (a rapid/blitz player whose standard rating the rules read,
    :func:`enter_fast_event`)."""
    start = event_start(event)
    facts = np.array(dated_facts(start, event.end_date or start, rating_type_of(event), cfg))
    facts[steps.E_ALONE] = reads_standard(event)
    return facts


def reads_standard(event: Event) -> bool:
    """A rapid or blitz event where a player's standard rating is read
    (:func:`enter_fast_event`): rated by the per-event path (:data:`.steps.E_ALONE`)."""
    if rating_type_of(event) is RatingType.STANDARD:
        return False
    return any_standard_rating(event.players)


def any_standard_rating(entries: Iterable[PlayerEntry]) -> bool:
    """One of ``entries`` gives a standard rating (:func:`standard_rating`)."""
    return any(standard_rating(p) is not None for p in entries)


def dated_facts(
    start: dt.date | None, end: dt.date | None, rtype: RatingType, cfg: FideConfig
) -> tuple[float, ...]:
    """An event's facts for its steps (:data:`.steps.E_IN_FORCE` …): the list in force at
    its start, its period (the month after it ends, :func:`rating_period`), standard, era,
    whether the 2650 exemption and the 600-point rule apply."""
    period = cfg.period or (next_month(month_of(end)) if end is not None else "9999-12")
    return (
        -1.0 if start is None else float(month_number(month_of(start))),
        float(month_number(period)),
        float(rtype is RatingType.STANDARD),
        float(era_for(start, cfg) is Era.ERA_2022),
        float(cap_exemption_applies(rtype, start, cfg)),
        float(fast_gap_applies(rtype, start, cfg)),
        0.0,
    )


def event_columns(event: Event) -> tuple[IntArray, IntArray, FloatArray]:
    """The event's rated games as White, Black (its players' indices) and White's score."""
    index = {p.id: i for i, p in enumerate(event.players)}
    rated = [g for g in event.games if g.rated]
    white = np.array([index[g.white] for g in rated], dtype=np.int64)
    black = np.array([index[g.black] for g in rated], dtype=np.int64)
    return white, black, np.array([g.score for g in rated], dtype=float)


def rate_event(
    event: Event, states: Mapping[str, FideState], cfg: FideConfig
) -> EventRating[FideState]:
    """Rate one event by its steps (:mod:`.steps`, as ordinary Python); each player's state
    keeps the event pending for its period's list."""
    ids = [p.id for p in event.players]
    n = len(ids)
    given = [states[pid] for pid in ids]
    table = StateTable(n, n + sum(len(x.pending) + len(x.pooled) for x in given), (event.id,), cfg)
    for i, state in enumerate(given):
        table.put(i, state)
    facts = event_facts(event, cfg)
    p = params(cfg)
    members = np.arange(n, dtype=np.int64)
    fw, iw, pooled = steps.work(n, len(event.games), len(table.recs) + n)
    steps.publish_members(
        0, facts, members, 0, n, table.rows, table.recs, p, DP_BY_HUNDREDTH, pooled
    )  # fmt: skip
    entering = _enter_fast(event, given, table, cfg)
    table.reserve(n)  # the records its players may file
    white, black, score = event_columns(event)
    out = np.zeros((n, steps.N_OUT))
    local_of = np.full(n, -1, dtype=np.int64)
    steps.rate_members(
        0, facts, white, black, score, 0, len(white), members, 0, n, table.rows, table.recs,
        table.status, local_of, p, ROW_AT, DP_BY_HUNDREDTH, out, fw, iw, pooled,
    )  # fmt: skip
    period = month_name(facts[steps.E_PERIOD])
    era, rtype = era_for(event_start(event), cfg), rating_type_of(event)
    players = tuple(
        player_rating(pid, out[i].tolist(), entering.get(pid), era, rtype, period, table)
        for i, pid in enumerate(ids)
    )
    new_states = {pid: table.state(table.rows[i]) for i, pid in enumerate(ids)}
    return EventRating(SYSTEM_NAME, event.id, event.pool, players, new_states)


def _enter_fast(
    event: Event, given: Sequence[FideState], table: StateTable, cfg: FideConfig
) -> dict[str, str]:
    """The rapid/blitz rules that read a player's standard rating
    (:func:`enter_fast_event`), on the table's states after publication; their notes."""
    rtype = rating_type_of(event)
    if rtype is RatingType.STANDARD:
        return {}
    start = event_start(event)
    notes = {}
    for i, (entry, before) in enumerate(zip(event.players, given, strict=True)):
        now = table.state(table.rows[i])
        state, note = enter_fast_event(before.month, now, entry, rtype, start, cfg)
        if note:
            table.put(i, state, stamp=0.0)
            notes[entry.id] = note
    return notes


def player_rating(
    pid: str,
    o: Sequence[float],
    entering: str | None,
    era: Era,
    rtype: RatingType,
    period: str,
    table: StateTable,
) -> PlayerRating:
    """A member's :class:`PlayerRating` from his results (:data:`.steps.O_PRE` …) and notes."""
    notes = [entering] if entering else []
    if math.isnan(o[steps.O_PRE]):
        return _unrated_rating(pid, o, notes, table)
    cfg = table.cfg
    n, score, k = int(o[steps.O_GAMES]), o[steps.O_SCORE], o[steps.O_K]
    if o[steps.O_SKIPPED]:
        notes.append(
            f"{int(o[steps.O_SKIPPED])} game(s) {cfg.fast_gap:g}+ apart with a player above "
            f"{cfg.fast_gap_above:g}: not rated ({rtype.value})"
        )
    if k < o[steps.O_K0]:
        notes.append(f"K reduced to {int(k)}: K × n ≤ {cfg.K_games_cap} (§8.3.3)")
    if o[steps.O_CAPPED]:
        notes.append(f"400-point rule in {int(o[steps.O_CAPPED])} game(s)")
    perf = performance(o[steps.O_USED], n, score, DP_BY_HUNDREDTH) if n else None
    post = o[steps.O_POST]
    notes.extend(below_floor(post, period, cfg))
    return PlayerRating(
        pid,
        o[steps.O_PRE],
        post,
        n,
        score,
        expected=o[steps.O_EXPECTED] if n else None,
        k=k,
        method=f"{era.value} rules",
        performance=perf if perf is None or math.isfinite(perf) else None,
        notes=tuple(notes),
    )


def _unrated_rating(
    pid: str, o: Sequence[float], notes: list[str], table: StateTable
) -> PlayerRating:
    """An unrated player's result: the rating the next lists would give his pooled play."""
    if o[steps.O_ZERO]:
        notes.append("zero score in a first event: disregarded (§8.2)")
    shown = table.notes(o[steps.O_NOTE], o[steps.O_NOTE_A], o[steps.O_NOTE_B])
    post = None if math.isnan(o[steps.O_POST]) else o[steps.O_POST]
    method = "unrated"
    if post is not None:
        method = shown[0] if shown else "first rating"
    else:
        notes.extend(shown)
    n, score = int(o[steps.O_GAMES]), o[steps.O_SCORE]
    return PlayerRating(pid, None, post, n, score, method=method, notes=tuple(notes))


def below_floor(post: float, period: str, cfg: FideConfig) -> tuple[str, ...]:
    """The note for a rating that falls below the floor of the list that publishes it:
    §7.2.1 (1 March 2024) "Players whose ratings drop below 1400 are shown as unrated on the
    next list" (1001 before March 2024), as the period's publication does."""
    floor = floor_for(period, cfg)
    if post >= floor:
        return ()
    return (f"{post:.0f} is below {floor:.0f}: shown unrated on the next list (§7.2.1)",)


def standard_rating(entry: PlayerEntry) -> float | None:
    """The player's standard rating as the file or the ledger gives it beside a rapid or
    blitz rating (``other_pools``: the ledger fills it from its standard list)."""
    other = entry.other_pools.get(Pool.REGULAR)
    return None if other is None else other.rating


def enter_fast_event(
    before: str | None,
    state: FideState,
    entry: PlayerEntry,
    rating_type: RatingType,
    start: dt.date | None,
    cfg: FideConfig,
) -> tuple[FideState, str | None]:
    """A player's rapid/blitz standing on the list in force at the event (``state``, brought
    there from list ``before``) after the rules that read his standard rating, and a note:

    - the one-time raise to standard − 100 if the standing crossed the October 2022 list
      (D-fiderules-2);
    - §7.2.1 of the rapid and blitz regulations (1 March 2024): unrated, he is rated with
      his standard rating, as a new player (K 40 until 30 games; D-fiderules-3).
    """
    standard = standard_rating(entry) if rating_type is not RatingType.STANDARD else None
    if standard is None:
        return state, None
    if state.rating is not None:
        if not fast_raise_crossed(before, state.month, rating_type, cfg):
            return state, None
        raised = fast_raise(state.rating, standard, cfg)
        if raised == state.rating:
            return state, None
        note = f"raised from {state.rating:.0f} to {raised:.0f}: standard − 100 (October 2022)"
        return replace(
            state, rating=raised, reached_top=state.reached_top or (raised >= cfg.top_threshold)
        ), note
    if not fast_seed_applies(rating_type, start, cfg):
        return state, None
    seeded = replace(
        state,
        rating=standard,
        games=0,
        reached_top=reached_top(standard, None, cfg),
        pooled=(),
        notes=(),
    )
    return seeded, f"no {rating_type.value} rating: rated with his standard {standard:.0f} (§7.2.1)"


# -- expected score, periods ----------------------------------------------------------------


def expected_score(a: FloatArray, b: FloatArray, config: FideConfig) -> FloatArray:
    """PD of ``a`` against ``b`` by table 8.1.2 under the current rules (400-point rule;
    standard, a player rated 2650+ uses the full difference), vectorised.

    >>> expected_score(np.array([2813.0, 2400.0]), np.array([2400.0, 2813.0]), FideConfig())
    array([0.93, 0.08])
    """
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    capped = np.clip(d, -config.cap_difference, config.cap_difference)
    used = np.where(np.asarray(a) >= config.cap_exempt_from, d, capped)
    return table_expectancy_array(used)


def expected_score_states(
    a: Sequence[FideState], b: Sequence[FideState], config: FideConfig, advantage: float = 0.0
) -> FloatArray:
    """:func:`expected_score` over two sequences of states (the interface's vectorised
    expectancy): each state's list rating (``advantage`` added to ``a``'s); a game with an
    unrated player is predicted ½.

    Not symmetric by FIDE's own rule: a player rated 2650+ uses the full difference and his
    opponent the capped one, so E(2813, 2400) + E(2400, 2813) = .93 + .08 (F-P01, F-P02).

    >>> s = [FideState(rating=2813.0), FideState(rating=2400.0), FideState()]
    >>> expected_score_states(s, [s[1], s[0], s[0]], FideConfig())
    array([0.93, 0.08, 0.5 ])
    """
    ra = np.array([math.nan if s.rating is None else s.rating for s in a], dtype=float)
    rb = np.array([math.nan if s.rating is None else s.rating for s in b], dtype=float)
    known = ~(np.isnan(ra) | np.isnan(rb))
    out = np.full(ra.shape, 0.5)
    if known.any():
        out[known] = expected_score(ra[known] + advantage, rb[known], config)
    return out


def follow_list(state: FideState, entry: PlayerEntry, event: Event, cfg: FideConfig) -> FideState:
    """A known player's standing when a later event's file gives his rating: the file's
    rating is the list in force at the event's start (D-fidecur-2), so when that list is
    later than ``state``'s, it is his rating there — it already holds every period up to
    that list (and any correction FIDE made), which stop being pending (D-fiderules-4)."""
    start = event_start(event)
    rating = entry.rating if entry.rating is not None else entry.fide
    if start is None or rating is None:
        return state
    month = month_of(start)
    if state.month is not None and month <= state.month:
        return state
    published = sum(e.games for e in state.pending if e.period <= month)
    return replace(
        state,
        rating=rating,
        month=month,
        games=entry.games or state.games + published,
        reached_top=state.reached_top or reached_top(rating, entry.peak, cfg),
        pending=tuple(e for e in state.pending if e.period > month),
        pooled=(),
        notes=(),
    )


def _start_key(event: Event) -> dt.date:
    start = event_start(event)
    return dt.date.min if start is None else start


@dataclass(frozen=True, slots=True)
class FidePeriodResult:
    month: str
    lines: tuple[PeriodLine, ...]
    events: tuple[EventRating[FideState], ...]
    states: Mapping[str, FideState] = field(default_factory=dict)


def rate_period(
    events: Sequence[Event],
    states: Mapping[str, FideState],
    cfg: FideConfig,
    *,
    key: Callable[[PlayerEntry], str] | None = None,
    month: str | None = None,
) -> FidePeriodResult:
    """Rate a month's events in order and publish the list ``month`` (default: the latest
    rating period of the events). Players are recognised by ``key`` (default FIDE id, else
    name); a player unknown to ``states`` starts from the first event naming him, and a
    later event's file, from a later list, gives his standing on that list
    (:func:`follow_list`). The events are taken by start date (the lists in force), so the
    result does not depend on the order of the files."""
    key_of = key if key is not None else identity_key
    events = sorted(events, key=_start_key)
    current: dict[str, FideState] = dict(states)
    names: dict[str, str] = {}
    results = []
    changes: dict[str, list[tuple[str, float]]] = {}
    for event in events:
        keys = {p.id: key_of(p) for p in event.players}
        if len(set(keys.values())) != len(keys):
            raise ConfigError(f"event {event.id!r}: two players share a key; give FIDE ids")
        local = {}
        for p in event.players:
            k = keys[p.id]
            names.setdefault(k, p.name or p.id)
            # FIDE ratings only (a national rating is not used as-is; D-prov-2)
            entry = p.own_rating(OWN_KINDS)
            if k not in current:
                current[k] = state_from_entry(entry, event, cfg)
            else:
                current[k] = follow_list(current[k], entry, event, cfg)
            local[p.id] = current[k]
        res = rate_event(event, local, cfg)
        for pr in res.players:
            k = keys[pr.player_id]
            current[k] = res.states[pr.player_id]
            if pr.pre is not None and pr.k is not None and pr.expected is not None:
                changes.setdefault(k, []).append((event.id, pr.k * (pr.score - pr.expected)))
        results.append(res)
    periods = [m for e in events if (m := rating_period(e)) is not None]
    target = month or cfg.period or (max(periods) if periods else None)
    lines = []
    for k, name in names.items():
        st = current[k]
        rtype = RatingType.STANDARD if not events else rating_type_of(events[0])
        before = publish(st, _previous(target), rtype, cfg) if target else st
        new_state = publish(before, target, rtype, cfg) if target else projected(st, rtype, cfg)
        current[k] = new_state
        games = sum(e.games for e in st.pending if e.period == target)
        games += sum(e.games for e in st.pooled if e.period == target)
        lines.append(
            PeriodLine(
                k,
                name,
                before.rating,
                new_state.rating,
                games,
                tuple(changes.get(k, [])),
                new_state.notes,
            )
        )
    return FidePeriodResult(target or "", tuple(lines), tuple(results), current)
