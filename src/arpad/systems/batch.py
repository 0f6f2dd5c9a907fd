"""A batch engine for systems that rate each player from his own games only.

Events that share no player do not influence each other, so a run of them can be rated
as one merged event, in one call of the system's own ``rate_event``: for a system whose
per-event path is vectorised over the players (US Chess: :mod:`arpad.systems.uscf2020.steps`)
a whole round of a season, or of a simulation, is one numpy step. The merged result is
split back into one :class:`~arpad.systems.EventRating` per event, equal to rating the
events one by one (the conformance suite checks it to 1e-9).

Merging is exact only where nothing in the rules looks at the event as a whole (its
players, its rounds, whether it is a round robin). Each system says which events and
configurations qualify (``mergeable``); the others are rated on their own, in order.

The hook's signature is the interface's ``rate_batch_fn``:
``(events, states, config) -> PeriodRating``, states keyed by player id. A system may
replace this engine with its own (a season engine) as long as the results stay equal;
:func:`columns` and :func:`waves` lay a history out for one (Elo's and the PRA's,
:mod:`arpad.systems.elo.season`, :mod:`arpad.systems.pra.season`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, PeriodRating

C = TypeVar("C")
S = TypeVar("S")

RateFn = Callable[[Event, Mapping[str, S], C], EventRating[S]]
StateFn = Callable[..., S]


def merge_key(event: Event) -> Hashable:
    """What merged events must share: everything on an event besides players and games."""
    return (event.pool, event.dual_rated, event.kind, event.end_date, event.youth)


def merged_rounds(
    rate: RateFn[S, C],
    state_from_entry: Callable[..., S],
    mergeable: Callable[[Event, C], bool],
) -> Callable[[Sequence[Event], Mapping[str, S], C], PeriodRating[S]]:
    """A ``rate_batch_fn`` rating runs of player-disjoint, mergeable events together.

    ``rate`` is the system's ``rate_event_fn`` (states complete), ``state_from_entry`` its
    prior-state reader, ``mergeable(event, config)`` whether an event may join a round.
    """

    def rate_batch(events: Sequence[Event], states: Mapping[str, S], config: C) -> PeriodRating[S]:
        current = dict(states)
        results: list[EventRating[S]] = []
        pending: list[Event] = []
        seen: set[str] = set()

        def full_states(event: Event) -> dict[str, S]:
            return {
                p.id: current[p.id] if p.id in current else state_from_entry(p, event, config)
                for p in event.players
            }

        def flush() -> None:
            if len(pending) == 1:
                one = pending[0]
                result = rate(one, full_states(one), config)
                current.update(result.states)
                results.append(result)
            elif pending:
                results.extend(_rate_merged(pending, rate, full_states, config, current))
            pending.clear()
            seen.clear()

        for event in events:
            ids = set(event.player_ids)
            if not mergeable(event, config):
                flush()
                pending.append(event)
                flush()
                continue
            if pending and (ids & seen or merge_key(event) != merge_key(pending[0])):
                flush()
            pending.append(event)
            seen |= ids
        flush()
        return PeriodRating(tuple(results), current)

    return rate_batch


def _rate_merged(
    events: list[Event],
    rate: RateFn[S, C],
    full_states: Callable[[Event], dict[str, S]],
    config: C,
    current: dict[str, S],
) -> list[EventRating[S]]:
    """Rate player-disjoint events as one, and split the result per event."""
    prior: dict[str, S] = {}
    for e in events:
        prior.update(full_states(e))
    merged = replace(
        events[0],
        id="batch",
        players=tuple(p for e in events for p in e.players),
        games=tuple(g for e in events for g in e.games),
        unplayed=tuple(u for e in events for u in e.unplayed),
        name="",
    )
    whole = rate(merged, prior, config)
    if whole.notes:  # an event-level note cannot be attributed: rate one by one
        out = []
        for e in events:
            result = rate(e, full_states(e), config)
            current.update(result.states)
            out.append(result)
        return out
    by_id = {p.player_id: p for p in whole.players}
    current.update(whole.states)
    return [
        EventRating(
            whole.system,
            e.id,
            e.pool,
            tuple(by_id[pid] for pid in e.player_ids),
            {pid: whole.states[pid] for pid in e.player_ids},
        )
        for e in events
    ]


# -- season engines: a history in columns, scheduled into waves ------------------------------

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass
class Columns:
    """A history laid out in columns for a season engine: one slot per player, one entry
    per player-event (in event order), one row per rated game (in event and game order)."""

    events: Sequence[Event]
    ids: list[str]
    """Player ids by slot: the given states' players first, then in order of appearance."""
    slot: dict[str, int]
    entries: list[PlayerEntry]
    entry_slot: IntArray
    entry_event: IntArray
    event_start: IntArray
    """Offsets of each event's entries (``len(events) + 1`` of them)."""
    first_seen: list[tuple[int, int]]
    """``(entry, event)`` of each player's first entry, for players without a given state."""
    game_white: IntArray
    """Entry index of White, per rated game."""
    game_black: IntArray
    game_score: FloatArray
    """White's score, per rated game."""
    game_event: IntArray


_WHITE, _BLACK, _SCORE = attrgetter("white"), attrgetter("black"), attrgetter("score")


def columns(events: Sequence[Event], known: Iterable[str]) -> Columns:
    """Lay ``events`` out in columns; ``known`` are the players whose states are given."""
    ids = list(dict.fromkeys(known))
    slot = {pid: i for i, pid in enumerate(ids)}
    entries: list[PlayerEntry] = []
    entry_slot: list[int] = []
    entry_event: list[int] = []
    starts = [0]
    first_seen: list[tuple[int, int]] = []
    white: list[int] = []
    black: list[int] = []
    score: list[float] = []
    game_event: list[int] = []
    for e, event in enumerate(events):
        base = len(entries)
        pids = [p.id for p in event.players]
        local = dict(zip(pids, range(base, base + len(pids)), strict=True))
        if not slot.keys() >= local.keys():
            for pid in pids:
                if pid not in slot:
                    slot[pid] = len(ids)
                    ids.append(pid)
                    first_seen.append((local[pid], e))
        entries += event.players
        entry_slot += map(slot.__getitem__, pids)
        entry_event += [e] * len(pids)
        starts.append(len(entries))
        games = [g for g in event.games if g.rated]
        white += map(local.__getitem__, map(_WHITE, games))
        black += map(local.__getitem__, map(_BLACK, games))
        score += map(_SCORE, games)
        game_event += [e] * len(games)
    return Columns(
        events=events,
        ids=ids,
        slot=slot,
        entries=entries,
        entry_slot=np.array(entry_slot, dtype=np.int64),
        entry_event=np.array(entry_event, dtype=np.int64),
        event_start=np.array(starts, dtype=np.int64),
        first_seen=first_seen,
        game_white=np.array(white, dtype=np.int64),
        game_black=np.array(black, dtype=np.int64),
        game_score=np.array(score, dtype=float),
        game_event=np.array(game_event, dtype=np.int64),
    )


@dataclass
class Waves:
    """Entries and games in wave order: an event joins the wave after the last wave that
    holds one of its players, so the events of a wave share no player and every player's
    events keep their order (docs/decisions.md D-speed-1)."""

    entry_order: IntArray
    """Entry indices (of :class:`Columns`) in wave order; stable within a wave."""
    game_white: IntArray
    """Positions (in ``entry_order``) of White, per rated game in wave order."""
    game_black: IntArray
    game_score: FloatArray
    entry_bounds: IntArray
    """Offsets of each wave's entries (waves + 1 of them)."""
    game_bounds: IntArray


def waves(c: Columns) -> Waves:
    """Schedule the events of ``c`` into waves of player-disjoint events."""
    n_events = len(c.events)
    last = np.full(len(c.ids), -1, dtype=np.int64)
    wave = np.zeros(n_events, dtype=np.int64)
    starts = c.event_start.tolist()
    for e in range(n_events):
        slots = c.entry_slot[starts[e] : starts[e + 1]]
        if slots.size:
            w = int(last[slots].max()) + 1
            last[slots] = w
            wave[e] = w
    entry_order = np.argsort(wave[c.entry_event], kind="stable")
    game_order = np.argsort(wave[c.game_event], kind="stable")
    position = np.empty_like(entry_order)
    position[entry_order] = np.arange(entry_order.size)
    n_waves = int(wave.max()) + 1 if n_events else 0
    keys = np.arange(n_waves + 1)
    return Waves(
        entry_order=entry_order,
        game_white=position[c.game_white[game_order]],
        game_black=position[c.game_black[game_order]],
        game_score=c.game_score[game_order],
        entry_bounds=np.searchsorted(wave[c.entry_event][entry_order], keys),
        game_bounds=np.searchsorted(wave[c.game_event][game_order], keys),
    )
