"""The batch engine of the current FIDE system: a run of events rated in waves over arrays,
equal to :func:`arpad.systems.fide.system.rate_event` one event after the other.

FIDE rates by monthly lists: every game of an event is rated from the list in force at its
start, and the period's change K × ΣΔ is rounded once when the next list is published
(§8.3.4), with K from the previous list and K × n ≤ 700 (§8.3.3). So an event depends on the
earlier events only through its players' standing, and events that share no player are
independent: the history is scheduled into *waves* of player-disjoint events (as the US
Chess season engine does, :mod:`arpad.systems.uscf2020.season`), and each wave is one
vectorised pass:

1. publication: every player is brought to the list in force at his event's start; a
   listed player's pending period (one per player, the usual case) is published over arrays
   (carry with the March 2024 increase, K from the previous list, K × n ≤ 700, the rounding,
   the 1400/1001 floor);
2. the games: the 400-point rule (the 2650 exemption, the 2022 era's one upgrade per
   tournament), the rapid/blitz 600-point rule and PD by table 8.1.2, for every game of the
   wave at once, summed per player;
3. K and the change of each listed player, his event filed as pending.

Done player by player with the per-event path's own functions, because they are rare and
have rules of their own: an unrated player's event (his pooled play, §8.2, and the first
rating a list would give it), the publication of an unrated player's pooled play, and a
player whose pending events span several periods (an event that ends in a later month than
the next one starts). A configuration that rounds each tournament separately
(``rounding="tournament"``) is rated event by event.

The waves come from :mod:`arpad.systems.waves`, the scheduler of every season engine but
US Chess's. Sums of ratings, PD and ΣΔ over a player's games are ``math.fsum`` in game order
(:func:`arpad.systems.waves.grouped_fsums`), as the per-event path takes them, so the results
are the per-event path's to the last bit (docs/decisions.md D-waves-1).

Per-event results are built lazily (:meth:`FideSeason.event_ratings`); :func:`rate_batch` is
the system's ``rate_batch_fn``, which :func:`arpad.replay` uses. docs/decisions.md
D-season-fide-1.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.model import Event
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.fide.arrays import (
    COMPRESSION,
    NONE,
    base_k_array,
    compress_array,
    k_for_games_array,
    month_index,
    month_name,
    publish_pooled,
    round_change_array,
)
from arpad.systems.fide.roster import Roster, state_of
from arpad.systems.fide.rules import (
    Era,
    FideConfig,
    FloatArray,
    RatingType,
    Rounding,
    cap_exemption_applies,
    dp,
    era_for,
    expectancy_array,
    fast_gap_applies,
    month_of,
)
from arpad.systems.fide.system import (
    SYSTEM_NAME,
    FideState,
    PendingEvent,
    PooledEvent,
    below_floor,
    enter_fast_event,
    event_start,
    rate_event,
    rate_unrated,
    rating_period,
    rating_type_of,
    state_from_entry,
)
from arpad.systems.waves import (
    BoolArray,
    IntArray,
    Wave,
    entry_offsets,
    grouped,
    grouped_fsums,
    layout,
    one_by_one,
    starting_states,
    waves,
)

# -- the schedule ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _EventFacts:
    """What the rules need to know about one event."""

    in_force: int
    """The list in force at the start (NONE: undated)."""
    period: int
    period_name: str
    rating_type: RatingType
    era: Era
    exempt_ok: bool
    """The 2650 exemption applies to its games (standard, started since 1 October 2025)."""
    gap_ok: bool
    """The rapid/blitz 600-point rule applies (started since 1 December 2024)."""


def _facts(event: Event, cfg: FideConfig) -> _EventFacts:
    start = event_start(event)
    rtype = rating_type_of(event)
    period = cfg.period or rating_period(event) or "9999-12"
    return _EventFacts(
        in_force=NONE if start is None else month_index(month_of(start)),
        period=month_index(period),
        period_name=period,
        rating_type=rtype,
        era=era_for(start, cfg),
        exempt_ok=cap_exemption_applies(rtype, start, cfg),
        gap_ok=fast_gap_applies(rtype, start, cfg),
    )


# -- the season -----------------------------------------------------------------------------


@dataclass
class FideSeason:
    """What :func:`rate_season` computed: per entry (player-event) arrays, per event its
    entries; results and states are built when asked for."""

    events: Sequence[Event]
    roster: Roster
    entry_start: list[int]
    """Entry offset of each event (its players in the event's order)."""
    pre: FloatArray
    post: FloatArray
    games: IntArray
    score: FloatArray
    expected: FloatArray
    k: IntArray
    k_reduced: BoolArray
    capped: IntArray
    skipped: IntArray
    used_sum: FloatArray
    """Σ of the ratings used (capped opponents at own ± 400), for the performance."""
    after: dict[str, npt.NDArray[Any]]
    after_pending: list[tuple[PendingEvent, ...]]
    after_pooled: list[tuple[PooledEvent, ...]]
    after_notes: list[tuple[str, ...]]
    facts: list[_EventFacts]
    cfg: FideConfig
    by_event: dict[str, npt.NDArray[Any]] = field(default_factory=dict)
    """The events' facts as arrays (in force, period, standard, era 2022, the two rules)."""
    unrated: dict[int, PlayerRating] = field(default_factory=dict)
    """The results of unrated players (built by the per-event path's rules)."""
    fallback: dict[int, EventRating[FideState]] = field(default_factory=dict)
    entering: dict[int, str] = field(default_factory=dict)
    """Notes of the rapid/blitz rules that read the standard rating, by entry."""

    @property
    def states(self) -> dict[str, FideState]:
        """Every player's state after the last event."""
        return self.roster.states()

    def event_ratings(self) -> list[EventRating[FideState]]:
        """Each event's result, in the order the events were given."""
        lists = {
            name: values.tolist()
            for name, values in (
                ("pre", self.pre),
                ("post", self.post),
                ("games", self.games),
                ("score", self.score),
                ("expected", self.expected),
                ("k", self.k),
                ("reduced", self.k_reduced),
                ("capped", self.capped),
                ("skipped", self.skipped),
                ("used", self.used_sum),
            )
        }
        after = {name: values.tolist() for name, values in self.after.items()}
        out = []
        for e, event in enumerate(self.events):
            if e in self.fallback:
                out.append(self.fallback[e])
                continue
            base = self.entry_start[e]
            facts = self.facts[e]
            players = []
            states = {}
            for j, entry in enumerate(event.players):
                i = base + j
                players.append(self.unrated.get(i) or self._player(i, entry.id, facts, lists))
                states[entry.id] = state_of(
                    after["rating"][i],
                    after["month"][i],
                    after["games"][i],
                    after["top"][i],
                    after["birth"][i],
                    self.after_pending[i],
                    self.after_pooled[i],
                    self.after_notes[i],
                )
            out.append(EventRating(SYSTEM_NAME, event.id, event.pool, tuple(players), states))
        return out

    def _player(
        self, i: int, pid: str, facts: _EventFacts, v: Mapping[str, list[Any]]
    ) -> PlayerRating:
        cfg = self.cfg
        n, score = v["games"][i], v["score"][i]
        notes = [self.entering[i]] if i in self.entering else []
        if v["skipped"][i]:
            notes.append(
                f"{v['skipped'][i]} game(s) {cfg.fast_gap:g}+ apart with a player above "
                f"{cfg.fast_gap_above:g}: not rated ({facts.rating_type.value})"
            )
        if v["reduced"][i]:
            notes.append(f"K reduced to {v['k'][i]}: K × n ≤ {cfg.K_games_cap} (§8.3.3)")
        if v["capped"][i]:
            notes.append(f"400-point rule in {v['capped'][i]} game(s)")
        notes.extend(below_floor(v["post"][i], facts.period_name, cfg))
        perf = v["used"][i] / n + _dp(score, n) if n else None
        return PlayerRating(
            pid,
            v["pre"][i],
            v["post"][i],
            n,
            score,
            expected=v["expected"][i] if n else None,
            k=float(v["k"][i]),
            method=f"{facts.era.value} rules",
            performance=perf if perf is None or math.isfinite(perf) else None,
            notes=tuple(notes),
        )


@functools.lru_cache(maxsize=4096)
def _dp(score: float, n: int) -> float:
    """dp of table 8.1.1 for a score of ``score`` in ``n`` games (few distinct pairs)."""
    return dp(score / n)


def rate_season(
    events: Sequence[Event], states: Mapping[str, FideState], cfg: FideConfig
) -> FideSeason:
    """Rate ``events`` in order (each from the states the earlier ones left), in waves.

    ``states`` are the players' states before the first event, by player id; a player met
    for the first time starts from his event file's entry (``state_from_entry``).
    """
    first = starting_states(events, states, cfg, state_from_entry)
    ids = list(first)
    roster = Roster.of(ids)
    for slot, st in enumerate(first.values()):
        roster.put(slot, st)
    starts = entry_offsets(events)
    n = starts[-1]
    season = FideSeason(
        events=events,
        roster=roster,
        entry_start=starts[:-1],
        pre=np.full(n, np.nan),
        post=np.full(n, np.nan),
        games=np.zeros(n, np.int64),
        score=np.zeros(n),
        expected=np.zeros(n),
        k=np.zeros(n, np.int64),
        k_reduced=np.zeros(n, bool),
        capped=np.zeros(n, np.int64),
        skipped=np.zeros(n, np.int64),
        used_sum=np.zeros(n),
        after={
            "rating": np.full(n, np.nan),
            "month": np.full(n, NONE, np.int64),
            "games": np.zeros(n, np.int64),
            "top": np.zeros(n, bool),
            "birth": np.full(n, NONE, np.int64),
        },
        after_pending=[()] * n,
        after_pooled=[()] * n,
        after_notes=[()] * n,
        facts=[_facts(e, cfg) for e in events],
        cfg=cfg,
    )
    f = season.facts
    season.by_event = {
        "in_force": np.array([x.in_force for x in f], np.int64),
        "period": np.array([x.period for x in f], np.int64),
        "standard": np.array([x.rating_type is RatingType.STANDARD for x in f], bool),
        "era22": np.array([x.era is Era.ERA_2022 for x in f], bool),
        "exempt_ok": np.array([x.exempt_ok for x in f], bool),
        "gap_ok": np.array([x.gap_ok for x in f], bool),
    }
    for wave in waves(events, roster.slot, len(ids)):
        _rate_wave(season, wave)
    return season


def _rate_wave(season: FideSeason, wave: Sequence[int]) -> None:
    w = layout(season.events, wave, season.entry_start, season.roster.slot)
    _publish(season, w)
    _rate_games(season, w)


def _publish(season: FideSeason, w: Wave) -> None:
    """Step 1: every dated entry's player on the list in force at his event's start
    (:func:`arpad.systems.fide.system.publish`)."""
    roster, cfg, slot = season.roster, season.cfg, w.slot
    in_force = season.by_event["in_force"][w.event]
    standard = season.by_event["standard"][w.event]
    before = roster.month[slot].copy()
    dated = in_force != NONE
    rated = ~np.isnan(roster.rating[slot])
    alone = np.array([s in roster.several or s in roster.pooled for s in slot.tolist()], dtype=bool)
    for j in np.flatnonzero(dated & alone).tolist():
        s = int(slot[j])
        rtype = season.facts[int(w.event[j])].rating_type
        roster.put(s, publish_pooled(roster.get(s), month_name(int(in_force[j])), rtype, cfg))
    op = roster.open_period[slot]
    due = dated & ~alone & rated & (op != NONE) & (op <= in_force)
    if due.any():
        _publish_open(roster, slot[due], standard[due], cfg)
    carry = dated & ~alone & (roster.month[slot] < in_force)
    if carry.any():
        s, target = slot[carry], in_force[carry]
        month = roster.month[s]
        crossing = (
            cfg.compression
            & ~np.isnan(roster.rating[s])
            & (month != NONE)
            & (month < COMPRESSION)
            & (target >= COMPRESSION)
        )
        roster.rating[s] = compress_array(roster.rating[s], crossing, cfg)
        roster.month[s] = target
    if not standard.all():
        _enter_fast(season, w, before)


def _enter_fast(season: FideSeason, w: Wave, before: IntArray) -> None:
    """The rapid/blitz rules that read a player's standard rating
    (:func:`~arpad.systems.fide.system.enter_fast_event`: the October 2022 raise, §7.2.1),
    for the wave's rapid and blitz entries whose player is unrated or crossed the raise's
    list (``before``: each entry's list before the publication step)."""
    roster, cfg = season.roster, season.cfg
    raise_at = NONE if cfg.fast_raise_list is None else month_index(cfg.fast_raise_list)
    month = roster.month[w.slot]
    with np.errstate(invalid="ignore"):
        crossed = (before != NONE) & (before < raise_at) & (month >= raise_at)
    maybe = ~season.by_event["standard"][w.event] & (np.isnan(roster.rating[w.slot]) | crossed)
    for j in np.flatnonzero(maybe).tolist():
        e, i, s = int(w.event[j]), int(w.entries[j]), int(w.slot[j])
        entry = season.events[e].players[i - season.entry_start[e]]
        facts = season.facts[e]
        was = None if before[j] == NONE else month_name(int(before[j]))
        start = event_start(season.events[e])
        state, note = enter_fast_event(was, roster.get(s), entry, facts.rating_type, start, cfg)
        if note:
            roster.put(s, state)
            season.entering[i] = note


def _publish_open(roster: Roster, s: IntArray, standard: BoolArray, cfg: FideConfig) -> None:
    """Publish the one open period of listed players (``_publish_one`` over arrays)."""
    p = roster.open_period[s]
    prev = p - 1
    month = roster.month[s]
    rating = roster.rating[s]
    carried = (month != NONE) & (month < prev)
    cross_prev = cfg.compression & carried & (month < COMPRESSION) & (prev >= COMPRESSION)
    rating = compress_array(rating, cross_prev, cfg)
    base_month = np.where(carried, prev, month)
    n = roster.open_games[s]
    k0 = base_k_array(rating, roster.games[s], roster.top[s], roster.birth[s], prev, standard, cfg)
    k = k_for_games_array(k0, n, cfg)
    new = rating + round_change_array(k * roster.open_delta[s])
    cross = cfg.compression & (base_month != NONE) & (base_month < COMPRESSION) & (p >= COMPRESSION)
    new = compress_array(new, cross, cfg)
    floor = np.where(p >= COMPRESSION, cfg.floor, cfg.floor_2022)
    below = new < floor
    roster.rating[s] = np.where(below, np.nan, new)
    roster.month[s] = p
    roster.games[s] = np.where(below, 0, roster.games[s] + n)
    roster.top[s] = ~below & (roster.top[s] | (new >= cfg.top_threshold))
    roster.open_period[s], roster.open_delta[s], roster.open_games[s] = NONE, 0.0, 0
    for j, slot in enumerate(s.tolist()):
        roster.pending.pop(slot, None)
        if below[j]:
            roster.notes[slot] = (
                f"rating {new[j]:.0f} is below {floor[j]:.0f}: shown unrated on the next list",
            )
        else:
            roster.notes.pop(slot, None)


def _rate_games(season: FideSeason, w: Wave) -> None:
    """Steps 2 and 3: every game of the wave, then K, the change and the pending event of
    each listed player; unrated players by the per-event path's rules."""
    roster, cfg = season.roster, season.cfg
    by_event = season.by_event
    period, standard = by_event["period"][w.event], by_event["standard"][w.event]
    slot = w.slot
    size = len(slot)
    r = roster.rating[slot]
    ev = w.event
    g = len(w.white)
    owner = np.concatenate([w.white, w.black])
    opp = np.concatenate([w.black, w.white])
    score = np.concatenate([w.score, 1.0 - w.score])
    order_in_event = np.concatenate([np.arange(g), np.arange(g)])
    own_r, opp_r = r[owner], r[opp]
    ev_of = ev[owner]
    gap_ok, exempt_ok = by_event["gap_ok"][ev_of], by_event["exempt_ok"][ev_of]
    era22 = by_event["era22"][ev_of]
    own_rated = ~np.isnan(own_r)
    counted = ~np.isnan(opp_r)
    with np.errstate(invalid="ignore"):
        skipped = (
            counted
            & own_rated
            & gap_ok
            & (np.abs(own_r - opp_r) >= cfg.fast_gap)
            & (np.fmax(own_r, opp_r) > cfg.fast_gap_above)
        )
    counted &= ~skipped
    d = own_r - opp_r
    rated_game = counted & own_rated
    # The 2022 era's one upgrade: the counted game with the greatest difference in the
    # player's favour over 400 (the latest such game on a tie), D-fidecur-4.
    with np.errstate(invalid="ignore"):
        upgrade_candidate = rated_game & era22 & (d > cfg.cap_difference)
    upgrade = np.zeros(2 * g, bool)
    cand = np.flatnonzero(upgrade_candidate)
    if cand.size:
        order = cand[np.lexsort((order_in_event[cand], d[cand], owner[cand]))]
        last = np.append(owner[order][1:] != owner[order][:-1], True)
        upgrade[order[last]] = True
    with np.errstate(invalid="ignore"):
        exempt = ~era22 & exempt_ok & (own_r >= cfg.cap_exempt_from)
        allowed = ~era22 | (d < 0) | upgrade
        capped = rated_game & ~exempt & allowed & (np.abs(d) > cfg.cap_difference)
    d_used: FloatArray = np.where(capped, np.copysign(cfg.cap_difference, d), d)
    pd = np.zeros(2 * g)
    pd[rated_game] = expectancy_array(d_used[rated_game])
    used = np.where(capped, own_r - d_used, opp_r)

    def per_entry(weights: FloatArray, mask: BoolArray) -> Any:
        return np.bincount(owner[mask], weights[mask], minlength=size)

    ones = np.ones(2 * g)
    n = per_entry(ones, rated_game).astype(np.int64)
    total = per_entry(score, rated_game)
    # Sums of ratings and expectancies by ``math.fsum``, as the per-event path takes them
    # (to the last bit); counts and scores (halves) are exact in a ``bincount``.
    games_of = grouped(owner, order_in_event, rated_game, size)
    expected = np.array(grouped_fsums(games_of, pd))
    used_sum = np.array(grouped_fsums(games_of, np.nan_to_num(used)))
    deltas = grouped_fsums(games_of, score - pd)
    # K from the previous list, K × n ≤ 700 over the period (§8.3.3).
    open_here = roster.open_period[slot] == period
    prior_n = np.where(open_here, roster.open_games[slot], 0)
    for j in np.flatnonzero(np.isin(slot, list(roster.several))).tolist():
        name = month_name(int(period[j]))
        prior_n[j] = sum(e.games for e in roster.pending.get(int(slot[j]), ()) if e.period == name)
    k0 = base_k_array(
        r, roster.games[slot], roster.top[slot], roster.birth[slot], period - 1, standard, cfg
    )
    k = k_for_games_array(k0, prior_n + n, cfg)
    delta = np.array(deltas)
    post = r + round_change_array(k * delta)
    rated = ~np.isnan(r)
    e_idx = w.entries
    season.pre[e_idx] = r
    season.post[e_idx] = post
    season.games[e_idx] = n
    season.score[e_idx] = total
    season.expected[e_idx] = expected
    season.k[e_idx] = k
    season.k_reduced[e_idx] = k < k0
    season.capped[e_idx] = per_entry(ones, capped).astype(np.int64)
    season.skipped[e_idx] = per_entry(ones, skipped).astype(np.int64)
    season.used_sum[e_idx] = used_sum
    _file_pending(season, w, np.flatnonzero(rated & (n > 0)), n, deltas)
    unrated = np.flatnonzero(~rated)
    if unrated.size:
        idx, bounds = grouped(owner, order_in_event, counted & ~own_rated, size)
        for j in unrated.tolist():
            mine = idx[bounds[j] : bounds[j + 1]]
            _rate_unrated(season, w, j, opp_r[mine].tolist(), score[mine].tolist())
    after = season.after
    after["rating"][e_idx] = roster.rating[slot]
    after["month"][e_idx] = roster.month[slot]
    after["games"][e_idx] = roster.games[slot]
    after["top"][e_idx] = roster.top[slot]
    after["birth"][e_idx] = roster.birth[slot]
    pending, pooled, notes = roster.pending, roster.pooled, roster.notes
    for i, s in zip(e_idx.tolist(), slot.tolist(), strict=True):
        season.after_pending[i] = pending.get(s, ())
        season.after_pooled[i] = pooled.get(s, ())
        season.after_notes[i] = notes.get(s, ())


def _file_pending(
    season: FideSeason, w: Wave, filed: IntArray, n: IntArray, deltas: list[float]
) -> None:
    """File each listed player's event under its period (``PendingEvent``), and add it to
    his open period; a second period makes him one of the ``several``."""
    roster, facts, events = season.roster, season.facts, season.events
    slots = w.slot[filed]
    period = season.by_event["period"][w.event[filed]]
    games = n[filed]
    delta = np.array([deltas[j] for j in filed.tolist()], dtype=float)
    several = np.isin(slots, list(roster.several))
    open_period = roster.open_period[slots]
    joins = ~several & ((open_period == NONE) | (open_period == period))
    joined = slots[joins]  # a wave holds each player once: no repeated slots
    roster.open_period[joined] = period[joins]
    roster.open_delta[joined] += delta[joins]
    roster.open_games[joined] += games[joins]
    roster.several.update(slots[~several & ~joins].tolist())
    pending = roster.pending
    for s, e, d, m in zip(
        slots.tolist(), w.event[filed].tolist(), delta.tolist(), games.tolist(), strict=True
    ):
        pe = PendingEvent(facts[e].period_name, events[e].id, d, m)
        pending[s] = (*pending.get(s, ()), pe)


def _rate_unrated(
    season: FideSeason, w: Wave, j: int, opponents: list[float], scores: list[float]
) -> None:
    """An unrated player's event by the per-event path's rule (:func:`rate_unrated`), the
    lists it projects published by :func:`publish_pooled`. ``opponents``: the ratings of
    his rated opponents, ``scores`` his scores, in game order."""
    roster = season.roster
    e, s = int(w.event[j]), int(w.slot[j])
    facts = season.facts[e]
    counted = [("", r, score) for r, score in zip(opponents, scores, strict=True)]
    rating, state = rate_unrated(
        roster.ids[s],
        roster.get(s),
        counted,
        season.events[e],
        facts.period_name,
        facts.rating_type,
        season.cfg,
        [],
        publish_pooled,
    )
    season.unrated[int(w.entries[j])] = rating
    roster.put(s, state)


def rate_batch(
    events: Sequence[Event], states: Mapping[str, FideState], config: FideConfig
) -> PeriodRating[FideState]:
    """The batch hook of :data:`arpad.systems.fide.SYSTEM`: :func:`rate_season` with every
    event's result built; a configuration rounding each tournament separately is rated event
    by event."""
    if config.rounding is Rounding.TOURNAMENT:
        return one_by_one(events, states, config, rate_event, state_from_entry)
    season = rate_season(events, states, config)
    return PeriodRating(tuple(season.event_ratings()), season.states)
