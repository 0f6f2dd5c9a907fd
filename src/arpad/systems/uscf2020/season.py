"""The season engine: many US Chess events rated together, equal to rating them one by one.

Events that share no player do not influence each other, so a date-ordered history is
scheduled into *waves*: an event goes into the wave after the last wave holding one of its
players. Each wave is rated in one vectorised pass over arrays (the same steps as
:func:`arpad.systems.uscf2020.rating.rate_event`: Step 1 initial ratings, step 3, steps 4
and 5 with the special formula in lock step, floors, state updates), the players' states
held in a :class:`Roster` of arrays. Matches (§7) and FIDE foreign events (§6), rare and
with rules of their own, are rated in their wave by ``rate_event`` itself.

:func:`rate_season` returns a :class:`SeasonRatings`: arrays per player-event, from which
the per-event results (:meth:`SeasonRatings.event_ratings`, with performance ratings
computed in one batch) and the final states are built only when asked for. ``arpad.replay``
and :meth:`arpad.systems.RatingSystem.rate_batch` use it through :func:`rate_batch`.
docs/decisions.md D-speed-1 to D-speed-3.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.model import Event, EventKind, MatchChange, PlayerEntry, Pool
from arpad.performance import logistic_performances
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.uscf2020 import steps
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.floors import OLM_FLOOR, PEAK_FLOORS
from arpad.systems.uscf2020.initial import Initial, initial_rating
from arpad.systems.uscf2020.rating import SYSTEM_NAME, rate_event
from arpad.systems.uscf2020.state import USCFState, state_from_entry

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

_INT_FIELDS = ("games", "wins", "draws", "losses", "rated_events", "games_above_2200")
_BOOL_FIELDS = ("all_wins", "all_losses")
_FLOAT_FIELDS = ("rating", "peak", "prize_floor", "known_floor")
"""USCFState's fields as arrays; NaN stands for ``None`` in the float ones."""


def _none(x: float) -> float | None:
    return None if math.isnan(x) else x


@dataclass
class Roster:
    """Every player's state as arrays, one slot per player (``slot[player_id]``)."""

    ids: list[str]
    slot: dict[str, int]
    arrays: dict[str, npt.NDArray[Any]]
    match_changes: dict[int, tuple[MatchChange, ...]] = field(default_factory=dict)
    """The few players with match history (§7), by slot."""

    @classmethod
    def of(cls, ids: list[str]) -> Roster:
        n = len(ids)
        arrays: dict[str, npt.NDArray[Any]] = {f: np.zeros(n, np.int64) for f in _INT_FIELDS}
        arrays |= {f: np.zeros(n, bool) for f in _BOOL_FIELDS}
        arrays |= {f: np.full(n, np.nan) for f in _FLOAT_FIELDS}
        return cls(ids, {pid: i for i, pid in enumerate(ids)}, arrays)

    def put(self, slot: int, state: USCFState) -> None:
        for name in (*_INT_FIELDS, *_BOOL_FIELDS):
            self.arrays[name][slot] = getattr(state, name)
        for name in _FLOAT_FIELDS:
            value = getattr(state, name)
            self.arrays[name][slot] = np.nan if value is None else value
        if state.match_changes:
            self.match_changes[slot] = state.match_changes
        else:
            self.match_changes.pop(slot, None)

    def get(self, slot: int) -> USCFState:
        a = self.arrays
        return USCFState(
            rating=_none(float(a["rating"][slot])),
            games=int(a["games"][slot]),
            wins=int(a["wins"][slot]),
            draws=int(a["draws"][slot]),
            losses=int(a["losses"][slot]),
            all_wins=bool(a["all_wins"][slot]),
            all_losses=bool(a["all_losses"][slot]),
            rated_events=int(a["rated_events"][slot]),
            peak=_none(float(a["peak"][slot])),
            games_above_2200=int(a["games_above_2200"][slot]),
            prize_floor=_none(float(a["prize_floor"][slot])),
            known_floor=_none(float(a["known_floor"][slot])),
            match_changes=self.match_changes.get(slot, ()),
        )

    def states(self) -> dict[str, USCFState]:
        return {pid: self.get(i) for i, pid in enumerate(self.ids)}


def computed_floors(a: Mapping[str, npt.NDArray[Any]], config: USCFConfig) -> FloatArray:
    """:func:`arpad.systems.uscf2020.floors.computed_floor` over arrays of states (§5)."""
    absolute = np.minimum(100 + 4 * a["wins"] + 2 * a["draws"] + a["rated_events"], 150)
    out = np.maximum(absolute.astype(float), config.minimum_rating)
    rating, peak = np.asarray(a["rating"], float), np.asarray(a["peak"], float)
    established = ~np.isnan(rating) & (a["games"] > config.established_after)
    with np.errstate(invalid="ignore"):
        level = np.floor((np.floor(peak + 0.5) - 200.0) / 100.0) * 100.0  # L314
        has_peak = established & (level >= PEAK_FLOORS[0])
    out = np.where(has_peak, np.maximum(out, np.minimum(level, PEAK_FLOORS[-1])), out)
    out = np.where(a["games_above_2200"] >= config.olm_games, np.maximum(out, OLM_FLOOR), out)
    prize = np.asarray(a["prize_floor"], float)
    result: FloatArray = np.where(np.isnan(prize), out, np.maximum(out, prize))
    return result


@dataclass
class Schedule:
    """A history in columns: entries (player-events) and rated games, grouped by wave."""

    events: Sequence[Event]
    entries: list[tuple[int, PlayerEntry]]
    """(event index, entry) per entry, in wave order."""
    entry_slot: IntArray
    entry_event: IntArray
    game_white: IntArray
    """Entry index of White, per rated game, in wave order."""
    game_black: IntArray
    game_score: FloatArray
    wave_entries: IntArray
    """Entry offsets of the waves (vectorised events first, then the others)."""
    wave_games: IntArray
    plain_entries: IntArray
    """Per wave, the end of its vectorised events' entries (the rest are rated one by one)."""
    plain_games: IntArray
    fallback: list[list[int]]
    """Per wave, the events rated by ``rate_event`` (matches, FIDE foreign events)."""
    bonus_ok: BoolArray
    regular: FloatArray
    """The fixed Regular rating for the dual-rated K (NaN where none)."""
    regular_own: BoolArray
    """The dual-rated K uses the player's own pre-event Regular rating (§4.2, L280)."""


def _plain(event: Event) -> bool:
    return event.kind not in (EventKind.MATCH, EventKind.FIDE_FOREIGN)


def schedule(
    events: Sequence[Event], roster: Roster, config: USCFConfig, seen: set[str]
) -> Schedule:
    """Put every event into its wave and lay the history out in columns.

    Players met for the first time get their file's state in ``roster`` (as
    :meth:`arpad.systems.RatingSystem.rate_event` would give them).
    """
    n_events = len(events)
    entry_event: list[int] = []
    entry_slot: list[int] = []
    entries: list[tuple[int, PlayerEntry]] = []
    g_event: list[int] = []
    g_white: list[int] = []
    g_black: list[int] = []
    g_score: list[float] = []
    last = np.full(len(roster.ids), -1, dtype=np.int64)
    wave = np.zeros(n_events, dtype=np.int64)
    slot_of = roster.slot
    for e, event in enumerate(events):
        base = len(entry_slot)
        ids = [p.id for p in event.players]
        local = {pid: base + i for i, pid in enumerate(ids)}
        slots = [slot_of[pid] for pid in ids]
        for p in event.players:
            if p.id not in seen:
                seen.add(p.id)
                roster.put(slot_of[p.id], state_from_entry(p, event, config))
        entries += [(e, p) for p in event.players]
        entry_slot += slots
        entry_event += [e] * len(slots)
        for g in event.games:
            if g.rated:
                g_white.append(local[g.white])
                g_black.append(local[g.black])
                g_score.append(g.score)
                g_event.append(e)
        if slots:
            w = int(last[slots].max()) + 1
            last[slots] = w
            wave[e] = w
    plain = np.array([_plain(ev) for ev in events], dtype=bool)
    ev_key = wave * 2 + ~plain  # a wave's vectorised events first
    e_of_entry = np.array(entry_event, dtype=np.int64)
    e_of_game = np.array(g_event, dtype=np.int64)
    entry_order = np.argsort(ev_key[e_of_entry], kind="stable")
    game_order = np.argsort(ev_key[e_of_game], kind="stable")
    new_index = np.empty_like(entry_order)
    new_index[entry_order] = np.arange(len(entry_order))
    white = new_index[np.array(g_white, dtype=np.int64)[game_order]]
    black = new_index[np.array(g_black, dtype=np.int64)[game_order]]
    score = np.array(g_score, dtype=float)[game_order]
    n_waves = int(wave.max()) + 1 if n_events else 0
    keys = np.arange(2 * n_waves + 1)
    entry_keys = ev_key[e_of_entry][entry_order]
    game_keys = ev_key[e_of_game][game_order]
    entry_bounds = np.searchsorted(entry_keys, keys)
    game_bounds = np.searchsorted(game_keys, keys)
    fallback: list[list[int]] = [[] for _ in range(n_waves)]
    for e in np.flatnonzero(~plain).tolist():
        fallback[int(wave[e])].append(e)
    ordered = [entries[i] for i in entry_order.tolist()]
    n = len(ordered)
    return Schedule(
        events=events,
        entries=ordered,
        entry_slot=np.array(entry_slot, dtype=np.int64)[entry_order],
        entry_event=e_of_entry[entry_order],
        game_white=white,
        game_black=black,
        game_score=score,
        wave_entries=entry_bounds[0::2],
        wave_games=game_bounds[0::2],
        plain_entries=entry_bounds[1::2],
        plain_games=game_bounds[1::2],
        fallback=fallback,
        bonus_ok=_bonus_eligible(white, black, n, events, e_of_entry[entry_order], config),
        regular=_fixed_regulars(events, ordered, config),
        regular_own=np.array(
            [ev.dual_rated and ev.pool == Pool.REGULAR for ev in events], dtype=bool
        ).reshape(n_events)[e_of_entry[entry_order]],
    )


def _bonus_eligible(
    white: IntArray,
    black: IntArray,
    n: int,
    events: Sequence[Event],
    entry_event: IntArray,
    config: USCFConfig,
) -> BoolArray:
    """:func:`arpad.systems.uscf2020.formulas.bonus_eligible` for every entry at once:
    m ≥ 3 and no opponent met more than twice (§4.2, L288–294); never in a match (§7)."""
    m = np.bincount(white, minlength=n) + np.bincount(black, minlength=n)
    owner = np.concatenate([white, black])
    other = np.concatenate([black, white])
    pairs, meetings = np.unique(owner * max(n, 1) + other, return_counts=True)
    most = np.zeros(n, dtype=np.int64)
    np.maximum.at(most, pairs // max(n, 1), meetings)
    match = np.array([e.kind == EventKind.MATCH for e in events], dtype=bool)
    out: BoolArray = (
        (m >= config.bonus_min_games)
        & (most <= config.max_meetings_for_bonus)
        & ~match[entry_event]
    )
    return out


def _fixed_regulars(
    events: Sequence[Event], entries: list[tuple[int, PlayerEntry]], config: USCFConfig
) -> FloatArray:
    """The Regular rating a Quick-pool player brings to a dual-rated event when the option
    asks for the dual-rated K there (§4.2, D-uscf-3); NaN otherwise."""
    out = np.full(len(entries), np.nan)
    if not config.dual_rated_k_in_quick:
        return out
    for i, (e, entry) in enumerate(entries):
        event = events[e]
        if event.dual_rated and event.pool == Pool.QUICK:
            other = entry.other_pools.get(Pool.REGULAR)
            if other is not None and other.rating is not None:
                out[i] = other.rating
    return out


@dataclass
class SeasonRatings:
    """What :func:`rate_season` computed, per entry (player-event) in wave order."""

    schedule: Schedule
    roster: Roster
    config: USCFConfig
    pre: FloatArray
    post: FloatArray
    expected: FloatArray
    k: FloatArray
    bonus: FloatArray
    special: BoolArray
    floor: FloatArray
    step4: FloatArray
    """Each entry's step-4 rating: the opponents' ratings of the performance column."""
    after: dict[str, npt.NDArray[Any]]
    """Each entry's state after its event, as arrays (see :class:`Roster`)."""
    after_matches: dict[int, tuple[MatchChange, ...]]
    initials: dict[int, Initial]
    fallback: dict[int, EventRating[USCFState]]

    @property
    def states(self) -> dict[str, USCFState]:
        """Every player's state after the last event."""
        return self.roster.states()

    def performances(self) -> FloatArray:
        """Every entry's performance rating against the opponents' step-4 ratings, in one
        batch (D-uscf-12; the per-event path's solver, to its tolerance)."""
        s = self.schedule
        # Games of events rated alone carry no step-4 ratings here (NaN): left out.
        keep = ~np.isnan(self.step4[s.game_white])
        return logistic_performances(
            s.game_white[keep], s.game_black[keep], s.game_score[keep], self.step4
        )

    def event_ratings(self) -> list[EventRating[USCFState]]:
        """Each event's result, in the order the events were given."""
        s = self.schedule
        perf = self.performances()
        games = np.bincount(s.game_white, minlength=len(s.entries)) + np.bincount(
            s.game_black, minlength=len(s.entries)
        )
        scores = np.bincount(s.game_white, s.game_score, len(s.entries)) + np.bincount(
            s.game_black, 1.0 - s.game_score, len(s.entries)
        )
        lists = {
            "pre": self.pre.tolist(),
            "post": self.post.tolist(),
            "expected": self.expected.tolist(),
            "k": self.k.tolist(),
            "bonus": self.bonus.tolist(),
            "special": self.special.tolist(),
            "floor": self.floor.tolist(),
            "perf": perf.tolist(),
            "games": games.tolist(),
            "score": scores.tolist(),
        }
        after = {name: values.tolist() for name, values in self.after.items()}
        by_event: list[list[PlayerRating]] = [[] for _ in s.events]
        states: list[dict[str, USCFState]] = [{} for _ in s.events]
        for i, (e, entry) in enumerate(s.entries):
            if e in self.fallback:
                continue
            by_event[e].append(self._player(i, entry.id, lists))
            states[e][entry.id] = self._state_after(i, after)
        out = []
        for e, event in enumerate(s.events):
            if e in self.fallback:
                out.append(self.fallback[e])
                continue
            out.append(
                EventRating(SYSTEM_NAME, event.id, event.pool, tuple(by_event[e]), states[e])
            )
        return out

    def _player(self, i: int, pid: str, v: Mapping[str, list[float]]) -> PlayerRating:
        notes: list[str] = []
        init = self.initials.get(i)
        if init is not None:
            notes.append(f"unrated: initial {init.rating:.0f} from {init.source} (N={init.games})")
        pre = _none(v["pre"][i])
        m = int(v["games"][i])
        if m == 0:
            return PlayerRating(pid, pre, pre, 0, 0.0, notes=tuple(notes))
        floor = _none(v["floor"][i])
        if floor is not None:
            notes.append(f"floor {floor:.0f} applied")
        return PlayerRating(
            player_id=pid,
            pre=pre,
            post=v["post"][i],
            games=m,
            score=v["score"][i],
            expected=v["expected"][i],
            k=_none(v["k"][i]),
            bonus=v["bonus"][i],
            method="special" if v["special"][i] else "standard",
            performance=v["perf"][i],
            floor=floor,
            notes=tuple(notes),
        )

    def _state_after(self, i: int, a: Mapping[str, list[float]]) -> USCFState:
        return USCFState(
            rating=_none(a["rating"][i]),
            games=int(a["games"][i]),
            wins=int(a["wins"][i]),
            draws=int(a["draws"][i]),
            losses=int(a["losses"][i]),
            all_wins=bool(a["all_wins"][i]),
            all_losses=bool(a["all_losses"][i]),
            rated_events=int(a["rated_events"][i]),
            peak=_none(a["peak"][i]),
            games_above_2200=int(a["games_above_2200"][i]),
            prize_floor=_none(a["prize_floor"][i]),
            known_floor=_none(a["known_floor"][i]),
            match_changes=self.after_matches.get(i, ()),
        )


def rate_season(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> SeasonRatings:
    """Rate ``events`` in order (each from the states the earlier ones left), in waves.

    ``states`` are the players' states before the first event, by player id; a player met
    for the first time starts from their event file's entry. The events share one bonus
    era (B by end date, D-uscf-eras-1), as :func:`rate_batch` arranges.

    Raises:
        ConfigError: the events span bonus eras and the configuration does not fix B.
    """
    runs = _era_runs(events, config)
    if len(runs) > 1:
        raise ConfigError("rate_season: the events span bonus eras; rate them by rate_batch")
    if runs:
        config = runs[0][0]
    ids = list(dict.fromkeys([*states, *(p.id for e in events for p in e.players)]))
    roster = Roster.of(ids)
    for pid, st in states.items():
        roster.put(roster.slot[pid], st)
    sched = schedule(events, roster, config, set(states))
    n = len(sched.entries)
    out = SeasonRatings(
        schedule=sched,
        roster=roster,
        config=config,
        pre=np.full(n, np.nan),
        post=np.full(n, np.nan),
        expected=np.full(n, np.nan),
        k=np.full(n, np.nan),
        bonus=np.zeros(n),
        special=np.zeros(n, dtype=bool),
        floor=np.full(n, np.nan),
        step4=np.full(n, np.nan),
        after={name: np.zeros(n, values.dtype) for name, values in roster.arrays.items()},
        after_matches={},
        initials={},
        fallback={},
    )
    for w in range(len(sched.fallback)):
        a, b = int(sched.wave_entries[w]), int(sched.plain_entries[w])
        ga, gb = int(sched.wave_games[w]), int(sched.plain_games[w])
        if b > a:
            _rate_wave(out, a, b, ga, gb)
        for e in sched.fallback[w]:
            _rate_alone(out, e)
    return out


def _rate_wave(out: SeasonRatings, a: int, b: int, ga: int, gb: int) -> None:
    """Rate the vectorised events of one wave: entries ``a:b``, games ``ga:gb``."""
    s, roster, config = out.schedule, out.roster, out.config
    slot = s.entry_slot[a:b]
    prior = {name: values[slot] for name, values in roster.arrays.items()}
    rating = np.asarray(prior["rating"], float)
    unrated = np.isnan(rating)
    # Step 1 (§1 L27, §2): R_0 and N; initial ratings for the unrated.
    r0 = rating.copy()
    assigned = np.asarray(prior["games"], np.int64).copy()
    for j in np.flatnonzero(unrated).tolist():
        e, entry = s.entries[a + j]
        event = s.events[e]
        init = initial_rating(entry, event.pool, event.end_date, config.established_after)
        out.initials[a + j] = init
        r0[j], assigned[j] = init.rating, init.games
    history = ~unrated & (prior["games"] > 0)
    all_wins = history & np.asarray(prior["all_wins"], bool)
    all_losses = history & np.asarray(prior["all_losses"], bool)
    regular = np.where(s.regular_own[a:b] & ~unrated, r0, s.regular[a:b])
    f = steps.Field(
        white=s.game_white[ga:gb] - a,
        black=s.game_black[ga:gb] - a,
        white_score=s.game_score[ga:gb],
        r0=r0,
        games=assigned.astype(float),
        unrated=unrated,
        special=(assigned <= config.special_through) | all_wins | all_losses,
        all_wins=all_wins,
        all_losses=all_losses,
        bonus_ok=s.bonus_ok[a:b],
        regular_rating=regular,
    )
    step4 = steps.rating_step(f, steps.step3(f, config), config)
    step5 = steps.rating_step(f, step4.rating, config)
    m = f.m
    played = m > 0
    post = step5.rating
    floor = np.full(b - a, np.nan)
    if config.apply_floors:  # §5: the floor in force before the event
        known = np.asarray(prior["known_floor"], float)
        in_force = np.where(np.isnan(known), computed_floors(prior, config), known)
        binds = played & (post < in_force)
        post = np.where(binds, in_force, post)
        floor = np.where(binds, in_force, np.nan)
    pre = np.where(unrated, np.nan, r0)
    out.pre[a:b] = pre
    out.post[a:b] = np.where(played, post, pre)
    out.expected[a:b] = step5.expected
    out.k[a:b] = step5.k
    out.bonus[a:b] = step5.bonus
    out.special[a:b] = f.special
    out.floor[a:b] = floor
    out.step4[a:b] = step4.rating
    new = _after_event(prior, post, assigned, unrated, f, config)
    for name, values in new.items():
        values = np.where(played, values, prior[name])
        roster.arrays[name][slot] = values
        out.after[name][a:b] = values
    for j in np.flatnonzero(np.isin(slot, list(roster.match_changes))).tolist():
        out.after_matches[a + j] = roster.match_changes[int(slot[j])]


def _after_event(
    prior: Mapping[str, npt.NDArray[Any]],
    post: FloatArray,
    assigned: IntArray,
    unrated: BoolArray,
    f: steps.Field,
    config: USCFConfig,
) -> dict[str, npt.NDArray[Any]]:
    """:func:`arpad.systems.uscf2020.state.after_event` then
    :func:`arpad.systems.uscf2020.floors.carry_known_floor`, for every entry at once (only
    entries with games take the result)."""
    m = f.m.astype(np.int64)
    wins, draws = f.wins.astype(np.int64), f.draws.astype(np.int64)
    losses = m - wins - draws
    games = assigned + m
    history = ~unrated & (prior["games"] > 0)
    before_wins = np.where(history, prior["all_wins"], True)
    before_losses = np.where(history, prior["all_losses"], True)
    rating = np.asarray(prior["rating"], float)
    established = ~unrated & (prior["games"] > config.established_after)
    with np.errstate(invalid="ignore"):
        above = established & (rating > 2200.0)
    peak = np.asarray(prior["peak"], float)
    new: dict[str, npt.NDArray[Any]] = {
        "rating": post,
        "games": games,
        "wins": prior["wins"] + wins,
        "draws": prior["draws"] + draws,
        "losses": prior["losses"] + losses,
        "all_wins": before_wins & (wins == m),
        "all_losses": before_losses & (losses == m),
        "rated_events": prior["rated_events"] + (m >= 3),
        "peak": np.where(games > config.established_after, np.fmax(peak, post), peak),
        "games_above_2200": prior["games_above_2200"] + np.where(above, m, 0),
        "prize_floor": prior["prize_floor"],
        "known_floor": prior["known_floor"],
    }
    known = np.asarray(prior["known_floor"], float)
    if not np.isnan(known).all():  # the formulas never read the known floor itself
        raised = computed_floors(new, config)
        drop = ~np.isnan(known) & (raised > computed_floors(prior, config)) & (raised > known)
        new["known_floor"] = np.where(drop, np.nan, known)
    return new


def _rate_alone(out: SeasonRatings, e: int) -> None:
    """A match or FIDE foreign event: rated by ``rate_event`` from the roster's states."""
    s, roster = out.schedule, out.roster
    event = s.events[e]
    prior = {p.id: roster.get(roster.slot[p.id]) for p in event.players}
    result = rate_event(event, prior, out.config)
    for pid, st in result.states.items():
        roster.put(roster.slot[pid], st)
    out.fallback[e] = result


def rate_batch(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> PeriodRating[USCFState]:
    """The batch hook of :data:`arpad.systems.uscf2020.SYSTEM`: :func:`rate_season` with
    every event's result built.

    The engine rates with one configuration, so a history that crosses a bonus era (B by
    the event's end date, D-uscf-eras-1) is rated run by run, each run of consecutive
    events with its era's B, exactly as the per-event path picks it.
    """
    results: list[EventRating[USCFState]] = []
    current: dict[str, USCFState] = dict(states)
    for run_config, run in _era_runs(events, config):
        season = rate_season(run, current, run_config)
        results.extend(season.event_ratings())
        current.update(season.states)
    return PeriodRating(tuple(results), current)


def _era_runs(events: Sequence[Event], config: USCFConfig) -> list[tuple[USCFConfig, list[Event]]]:
    """Consecutive events grouped by the configuration of their date (:meth:`for_date`)."""
    runs: list[tuple[USCFConfig, list[Event]]] = []
    for event in events:
        dated = config.for_date(event.end_date)
        if runs and runs[-1][0] == dated:
            runs[-1][1].append(event)
        else:
            runs.append((dated, [event]))
    return runs
