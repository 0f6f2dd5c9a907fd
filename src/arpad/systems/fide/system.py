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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry, Pool, RatingKind, identity_key
from arpad.performance import average
from arpad.systems import EventRating, ListEntry, PeriodLine, PlayerRating
from arpad.systems.fide.rules import (
    COMPRESSION_LIST,
    RATING_TYPE_OF_POOL,
    Era,
    FideConfig,
    FloatArray,
    Initial,
    RatingType,
    Rounding,
    base_k,
    cap_exempt,
    capped_difference,
    compress,
    dp,
    era_for,
    expectancy,
    expectancy_array,
    fast_gap_unrated,
    fast_raise,
    fast_raise_crossed,
    fast_seed_applies,
    floor_for,
    initial_rating_2022,
    initial_rating_2024,
    k_for_games,
    list_era,
    month_number,
    month_of,
    months_between,
    next_month,
    reached_top,
    round_change,
)

SYSTEM_NAME = "fide"
OWN_KINDS = frozenset({str(RatingKind.FIDE)})
"""The kinds of file rating this system rates from as-is."""


@dataclass(frozen=True, slots=True)
class PendingEvent:
    """One rated event of a listed player, not yet on a published list."""

    period: str
    """The list (``YYYY-MM``) that will publish it."""
    event_id: str
    delta: float
    """ΣΔ = Σ (W − PD) over the event's rated games."""
    games: int


@dataclass(frozen=True, slots=True)
class PooledEvent:
    """An unrated player's games against rated opponents in one event (§8.2)."""

    period: str
    event_id: str
    games: int
    score: float
    opponents: float
    """Σ of the rated opponents' ratings."""


@dataclass(frozen=True, slots=True)
class FideState:
    """A player's standing on FIDE's list of one rating type."""

    rating: float | None = None
    """The rating on list ``month``; ``None`` while unrated (or below the floor)."""
    month: str | None = None
    """The list ``rating`` was read from (``YYYY-MM``); ``None`` = not known."""
    games: int = 0
    """Rated games so far (K = 40 until 30)."""
    reached_top: bool = False
    """A published rating has reached 2400 (K = 10 for good)."""
    birth_year: int | None = None
    pending: tuple[PendingEvent, ...] = ()
    pooled: tuple[PooledEvent, ...] = ()
    """Unrated: play toward a first rating."""
    notes: tuple[str, ...] = ()
    """What the last publication did (floor, first rating withheld …)."""


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


def period_change(events: Sequence[PendingEvent], k: int, cfg: FideConfig) -> int:
    """The published change of a period: K × ΣΔ rounded once (or per tournament)."""
    if cfg.rounding is Rounding.TOURNAMENT:
        return sum(round_change(k * e.delta) for e in events)
    return round_change(k * math.fsum(e.delta for e in events))


def pooled_initial(pooled: Sequence[PooledEvent], month: str, cfg: FideConfig) -> Initial | None:
    """The first rating a list published in ``month`` gives the pooled play, if enough."""
    window = [
        e
        for e in pooled
        if e.period <= month and months_between(e.period, month) < cfg.initial_months
    ]
    games = sum(e.games for e in window)
    if games < cfg.initial_games:
        return None
    score = math.fsum(e.score for e in window)
    opponents = math.fsum(e.opponents for e in window)
    return initial_for(opponents, score, games, month, cfg)


def initial_for(opponents: float, score: float, games: int, month: str, cfg: FideConfig) -> Initial:
    """§8.2 by the rule of the list's era (D-fidecur-7, D-fidecur-8)."""
    if list_era(month) is Era.ERA_2024 and cfg.era is not Era.ERA_2022:
        return initial_rating_2024(opponents, score, games, cfg)
    return initial_rating_2022(opponents, score, games, cfg)


def first_publication(
    state: FideState,
    period: str,
    initial: Initial | None,
    played: int,
    rest: tuple[PendingEvent, ...],
    cfg: FideConfig,
) -> FideState:
    """An unrated player on the list of ``period``: his first rating from ``initial`` (the
    pooled play's, ``None`` if too little), unless it is below the floor; ``played`` is all
    his pooled games, ``rest`` what stays pending."""
    if initial is None:
        note = f"{played} games against rated opponents; a first rating needs {cfg.initial_games}"
        return replace(state, month=period, pending=rest, notes=(note,))
    floor = floor_for(period, cfg)
    if initial.rating < floor:
        note = f"initial rating {initial.rating:.0f} is below {floor:.0f}: not published"
        return replace(state, month=period, pending=rest, notes=(note,))
    return replace(
        state,
        rating=initial.rating,
        month=period,
        games=played,
        reached_top=initial.rating >= cfg.top_threshold,
        pending=rest,
        pooled=(),
        notes=(f"first rating {initial.rating:.0f} ({initial.rule} rule)",),
    )


def publish(state: FideState, month: str, rating_type: RatingType, cfg: FideConfig) -> FideState:
    """The state on the list of ``month``: every period up to it published, in order."""
    current = state
    periods = sorted(
        {e.period for e in state.pending if e.period <= month}
        | {e.period for e in state.pooled if e.period <= month}
    )
    for period in periods:
        current = _publish_one(current, period, rating_type, cfg)
    if current.month is None or current.month < month:
        current = _carry(current, month, cfg)
    return current


def _carry(state: FideState, month: str, cfg: FideConfig) -> FideState:
    """Carry a rating unchanged onto a later list (the March 2024 increase if it crosses)."""
    if state.month is not None and state.month >= month:
        return state
    rating = state.rating
    if (
        cfg.compression
        and rating is not None
        and state.month is not None
        and state.month < COMPRESSION_LIST <= month
    ):
        rating = compress(rating, cfg)
    return replace(state, rating=rating, month=month)


def _publish_one(
    state: FideState, period: str, rating_type: RatingType, cfg: FideConfig
) -> FideState:
    events = [e for e in state.pending if e.period == period]
    rest = tuple(e for e in state.pending if e.period != period)
    if state.rating is None:
        pooled = state.pooled
        initial = pooled_initial(pooled, period, cfg)
        played = sum(e.games for e in pooled)
        return first_publication(state, period, initial, played, rest, cfg)
    base = _carry(state, _previous(period), cfg) if state.month is not None else state
    assert base.rating is not None
    n = sum(e.games for e in events)
    k = period_k(base, period, n, rating_type, cfg)
    new = base.rating + period_change(events, k, cfg)
    if cfg.compression and base.month is not None and base.month < COMPRESSION_LIST <= period:
        new = compress(new, cfg)
    floor = floor_for(period, cfg)
    if new < floor:
        return FideState(
            birth_year=state.birth_year,
            month=period,
            notes=(f"rating {new:.0f} is below {floor:.0f}: shown unrated on the next list",),
        )
    return replace(
        base,
        rating=new,
        month=period,
        games=base.games + n,
        reached_top=base.reached_top or new >= cfg.top_threshold,
        pending=rest,
        notes=(),
    )


def _previous(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y - (m == 1):04d}-{(m - 2) % 12 + 1:02d}"


PublishFn = Callable[[FideState, str, RatingType, FideConfig], FideState]


def projected(
    state: FideState, rating_type: RatingType, cfg: FideConfig, publish_fn: PublishFn | None = None
) -> FideState:
    """The state once every pending period is published (by :func:`publish`, or the same
    rule in another form, ``publish_fn``)."""
    months = [e.period for e in state.pending] + [e.period for e in state.pooled]
    if not months:
        return state
    return (publish if publish_fn is None else publish_fn)(state, max(months), rating_type, cfg)


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
    """A rated player's games: (opponent id, opponent rating, score) → PD and ΣΔ terms.

    2022 era: a player benefits from "only one upgrade" per tournament, for the game with the
    greatest difference in his favour (D-fidecur-4); since 2024 every game is capped.
    """
    exempt = era is Era.ERA_2024 and cap_exempt(own, rating_type, start, cfg)
    upgrade: int | None = None
    if era is Era.ERA_2022:
        gaps = [
            (own - r, i) for i, (_, r, _) in enumerate(opponents) if own - r > cfg.cap_difference
        ]
        upgrade = max(gaps)[1] if gaps else None
    out = []
    for i, (oid, r, s) in enumerate(opponents):
        capped_allowed = era is not Era.ERA_2022 or own - r < 0 or i == upgrade
        d, capped = capped_difference(own, r, cfg, exempt=exempt, capped=capped_allowed)
        used = own - d if capped else r
        out.append(GameLine(oid, used, capped, s, expectancy(d)))
    return out


def _on_list_in_force(
    event: Event,
    states: Mapping[str, FideState],
    in_force: str | None,
    rtype: RatingType,
    cfg: FideConfig,
) -> tuple[dict[str, FideState], dict[str, str]]:
    """Every player on the list in force at the start (:func:`publish`, then the rapid/blitz
    rules that read the standard rating, :func:`enter_fast_event`), and their notes."""
    start = event_start(event)
    now: dict[str, FideState] = {}
    entering: dict[str, str] = {}
    for p in event.players:
        st = states[p.id]
        on_list = st if in_force is None else publish(st, in_force, rtype, cfg)
        now[p.id], note = enter_fast_event(st.month, on_list, p, rtype, start, cfg)
        if note:
            entering[p.id] = note
    return now, entering


def rate_event(
    event: Event, states: Mapping[str, FideState], cfg: FideConfig
) -> EventRating[FideState]:
    """Rate one event; each player's state keeps the event pending for its period's list."""
    start = event_start(event)
    era = era_for(start, cfg)
    rtype = rating_type_of(event)
    in_force = None if start is None else month_of(start)
    period = cfg.period or rating_period(event) or "9999-12"
    now, entering = _on_list_in_force(event, states, in_force, rtype, cfg)
    results = event.results_by_player()
    rating_of = {pid: st.rating for pid, st in now.items()}
    players: list[PlayerRating] = []
    new_states: dict[str, FideState] = {}
    notes: list[str] = []
    for p in event.players:
        st = now[p.id]
        own = st.rating
        counted: list[tuple[str, float, float]] = []
        skipped = 0
        for opp, score in results[p.id]:
            r = rating_of[opp]
            if r is None:
                continue
            if own is not None and fast_gap_unrated(own, r, rtype, start, cfg):
                skipped += 1
                continue
            counted.append((opp, r, score))
        player_notes = [entering[p.id]] if p.id in entering else []
        if skipped:
            player_notes.append(
                f"{skipped} game(s) {cfg.fast_gap:g}+ apart with a player above "
                f"{cfg.fast_gap_above:g}: not rated ({rtype.value})"
            )
        if own is None:
            rating, state = rate_unrated(p.id, st, counted, event, period, rtype, cfg, player_notes)
            players.append(rating)
            new_states[p.id] = state
            continue
        lines = game_lines(own, counted, era, rtype, start, cfg)
        n = len(lines)
        score = math.fsum(g.score for g in lines)
        expected = math.fsum(g.expected for g in lines)
        delta = math.fsum(g.delta for g in lines)
        prior_n = sum(e.games for e in st.pending if e.period == period)
        k = period_k(st, period, prior_n + n, rtype, cfg)
        listed = month_number(period) - 1
        if k < base_k(own, st.games, st.reached_top, st.birth_year, listed, rtype, cfg):
            player_notes.append(f"K reduced to {k}: K × n ≤ {cfg.K_games_cap} (§8.3.3)")
        capped = sum(g.capped for g in lines)
        if capped:
            player_notes.append(f"400-point rule in {capped} game(s)")
        perf = average([g.opponent_rating for g in lines]) + dp(score / n) if n else None
        pending = st.pending + ((PendingEvent(period, event.id, delta, n),) if n else ())
        new_states[p.id] = replace(st, pending=pending)
        post = own + round_change(k * delta)
        player_notes.extend(below_floor(post, period, cfg))
        players.append(
            PlayerRating(
                p.id,
                own,
                post,
                n,
                score,
                expected=expected if n else None,
                k=float(k),
                method=f"{era.value} rules",
                performance=perf if perf is None or math.isfinite(perf) else None,
                notes=tuple(player_notes),
            )
        )
    return EventRating(SYSTEM_NAME, event.id, event.pool, tuple(players), new_states, tuple(notes))


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


def rate_unrated(
    pid: str,
    st: FideState,
    counted: Sequence[tuple[str, float, float]],
    event: Event,
    period: str,
    rtype: RatingType,
    cfg: FideConfig,
    notes: list[str],
    publish_fn: PublishFn | None = None,
) -> tuple[PlayerRating, FideState]:
    """An unrated player's event: his ``counted`` games against rated opponents (opponent,
    rating, score) pooled toward a first rating (§8.2; a zero score in a first event is
    disregarded), and the rating the next lists would give them (``publish_fn``: see
    :func:`projected`)."""
    n = len(counted)
    score = math.fsum(s for _, _, s in counted)
    state = st
    if n and score == 0 and not st.pooled:
        notes.append("zero score in a first event: disregarded (§8.2)")
    elif n:
        pooled = PooledEvent(period, event.id, n, score, math.fsum(r for _, r, _ in counted))
        state = replace(st, pooled=(*st.pooled, pooled))
    shown = projected(state, rtype, cfg, publish_fn)
    post = shown.rating
    method = "unrated"
    if post is not None:
        method = shown.notes[0] if shown.notes else "first rating"
    else:
        notes.extend(shown.notes)
    return (
        PlayerRating(pid, None, post, n, score, method=method, notes=tuple(notes)),
        state,
    )


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
    return expectancy_array(used)


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
