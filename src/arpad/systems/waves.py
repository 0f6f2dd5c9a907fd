"""Helpers shared by the batch engines that rate a history in waves (FIDE 1986 and current
FIDE; the US Chess season engine has its own schedule, :mod:`arpad.systems.uscf2020.season`).

Events that share no player do not influence each other: :func:`waves` groups a date-ordered
history into waves of player-disjoint events, each wave seeing the states the earlier waves
left, exactly the order of rating the events one by one. Within a wave every game is a row
of arrays, counted once for each of its two players (its *owner*); :func:`grouped` and
:func:`grouped_fsums` give each owner's games in game order and their exact sums.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, PeriodRating

S = TypeVar("S")
C = TypeVar("C")

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


def waves(events: Sequence[Event], slot: Mapping[str, int], players: int) -> list[list[int]]:
    """Events grouped into waves: each goes into the wave after the last one holding one of
    its players, so the events of a wave share no player and see the states the earlier
    waves left (the order of rating one by one)."""
    last = np.full(players, -1, dtype=np.int64)
    out: list[list[int]] = []
    for e, event in enumerate(events):
        slots = [slot[p.id] for p in event.players]
        if not slots:
            w = 0
        else:
            w = int(last[slots].max()) + 1
            last[slots] = w
        while len(out) <= w:
            out.append([])
        out[w].append(e)
    return out


def grouped(
    owner: IntArray, order: IntArray, mask: BoolArray, size: int
) -> tuple[IntArray, list[int]]:
    """The games where ``mask``, sorted by owner then game order, and each owner's bounds."""
    idx = np.flatnonzero(mask)
    idx = idx[np.lexsort((order[idx], owner[idx]))]
    bounds: list[int] = np.searchsorted(owner[idx], np.arange(size + 1)).tolist()
    return idx, bounds


def grouped_fsums(groups: tuple[IntArray, list[int]], values: FloatArray) -> list[float]:
    """``math.fsum`` of each owner's ``values`` (indexed like the games of ``grouped``), in
    game order: sums exactly as a per-event path that adds a player's games one by one."""
    idx, bounds = groups
    vals = values[idx].tolist()
    return [math.fsum(vals[a:b]) for a, b in itertools.pairwise(bounds)]


def one_by_one(
    events: Sequence[Event],
    states: Mapping[str, S],
    config: C,
    rate_event: Callable[[Event, Mapping[str, S], C], EventRating[S]],
    state_from_entry: Callable[[PlayerEntry, Event, C], S],
) -> PeriodRating[S]:
    """The events rated in order by the system's ``rate_event`` (what a batch hook does for
    a configuration its engine leaves to the per-event path)."""
    current = dict(states)
    results = []
    for event in events:
        full = {
            p.id: current[p.id] if p.id in current else state_from_entry(p, event, config)
            for p in event.players
        }
        result = rate_event(event, full, config)
        current.update(result.states)
        results.append(result)
    return PeriodRating(tuple(results), current)


def starting_states(
    events: Sequence[Event],
    states: Mapping[str, S],
    config: C,
    state_from_entry: Callable[[PlayerEntry, Event, C], S],
) -> dict[str, S]:
    """Every player's state before the history: the one given, else his file's entry in
    the first event naming him (what rating the events one by one gives him)."""
    out = dict(states)
    for event in events:
        for p in event.players:
            if p.id not in out:
                out[p.id] = state_from_entry(p, event, config)
    return out


def entry_offsets(events: Sequence[Event]) -> list[int]:
    """Where each event's entries (its players, in order) start in a season's columns, and
    the total at the end."""
    return list(itertools.accumulate((len(e.players) for e in events), initial=0))


@dataclass
class Wave:
    """One wave laid out in columns: entries (player-events) and rated games."""

    entries: IntArray
    """Season entry index of each wave entry."""
    slot: IntArray
    """The player's slot (his row in the engine's arrays) of each wave entry."""
    event: IntArray
    """Season event index of each wave entry."""
    white: IntArray
    """Wave entry index of White, per rated game (events in order, games in order)."""
    black: IntArray
    score: FloatArray


def layout(
    events: Sequence[Event],
    wave: Sequence[int],
    entry_start: Sequence[int],
    slot: Mapping[str, int],
) -> Wave:
    """The events ``wave`` (indices into ``events``) in columns; ``entry_start`` from
    :func:`entry_offsets`, ``slot`` each player's row."""
    entries: list[int] = []
    slots: list[int] = []
    event_of: list[int] = []
    white: list[int] = []
    black: list[int] = []
    score: list[float] = []
    for e in wave:
        event = events[e]
        local = {p.id: len(entries) + j for j, p in enumerate(event.players)}
        entries += range(entry_start[e], entry_start[e] + len(event.players))
        slots += [slot[p.id] for p in event.players]
        event_of += [e] * len(event.players)
        for g in event.games:
            if g.rated:
                white.append(local[g.white])
                black.append(local[g.black])
                score.append(g.score)
    return Wave(
        np.array(entries, np.int64),
        np.array(slots, np.int64),
        np.array(event_of, np.int64),
        np.array(white, np.int64),
        np.array(black, np.int64),
        np.array(score, float),
    )
