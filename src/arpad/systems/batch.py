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
:mod:`arpad.systems.waves` lays a history out and schedules it into waves for one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from arpad.model import Event
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
