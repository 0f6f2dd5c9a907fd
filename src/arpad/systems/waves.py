"""Laying a history out for the season engines, and scheduling it into waves: the one
scheduler of the Elo, PRA, FIDE 1986 and current FIDE engines (the US Chess season engine
keeps its own, :mod:`arpad.systems.uscf2020.season`, which also splits its waves by the
US Chess rules' needs).

Events that share no player do not influence each other: an event joins the wave after the
last wave that holds one of its players (:func:`wave_numbers`, docs/decisions.md
D-speed-1), so the events of a wave share no player and see the states the earlier waves
left, exactly the order of rating the events one by one. Two layouts use that schedule:

- :func:`columns` lays the whole history out once (one slot per player, one entry per
  player-event, one row per rated game) and :func:`wave_order` puts its entries and games
  in wave order (the Elo engine; the PRA engine uses the columns with its own per-game
  layers);
- :func:`waves` lists each wave's events and :func:`layout` lays one wave out at a time
  (the FIDE engines).

Within a wave every game is a row of arrays, counted once for each of its two players (its
*owner*); :func:`grouped` and :func:`grouped_fsums` give each owner's games in game order
and their exact sums (``math.fsum``, as the per-event paths sum ratings and expectancies,
so that the engines agree with them to the last bit).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
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


def wave_numbers(entry_slot: IntArray, event_start: Sequence[int], players: int) -> IntArray:
    """Each event's wave: the one after the last wave holding one of its players (an event
    without players: wave 0). Event ``e``'s players are the slots
    ``entry_slot[event_start[e]:event_start[e + 1]]``, of ``players`` in all."""
    last = np.full(players, -1, dtype=np.int64)
    wave = np.zeros(len(event_start) - 1, dtype=np.int64)
    for e, (a, b) in enumerate(itertools.pairwise(event_start)):
        if b > a:
            slots = entry_slot[a:b]
            w = int(last[slots].max()) + 1
            last[slots] = w
            wave[e] = w
    return wave


def waves(events: Sequence[Event], slot: Mapping[str, int], players: int) -> list[list[int]]:
    """The indices of ``events`` grouped by wave (:func:`wave_numbers`), in order within
    each wave; ``slot`` is each player's row, of ``players`` rows."""
    entry_slot = np.array([slot[p.id] for e in events for p in e.players], dtype=np.int64)
    wave = wave_numbers(entry_slot, entry_offsets(events), players).tolist()
    out: list[list[int]] = [[] for _ in range(max(wave, default=-1) + 1)]
    for e, w in enumerate(wave):
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


# -- the whole history in columns, in wave order ---------------------------------------------


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
class WaveOrder:
    """The entries and games of :class:`Columns` in wave order (:func:`wave_numbers`):
    every player's events keep their order."""

    entry_order: IntArray
    """Entry indices (of :class:`Columns`) in wave order; stable within a wave."""
    game_white: IntArray
    """Positions (in ``entry_order``) of White, per rated game in wave order."""
    game_black: IntArray
    game_score: FloatArray
    entry_bounds: IntArray
    """Offsets of each wave's entries (waves + 1 of them)."""
    game_bounds: IntArray


def wave_order(c: Columns) -> WaveOrder:
    """The entries and games of ``c`` in wave order."""
    wave = wave_numbers(c.entry_slot, c.event_start.tolist(), len(c.ids))
    entry_order = np.argsort(wave[c.entry_event], kind="stable")
    game_order = np.argsort(wave[c.game_event], kind="stable")
    position = np.empty_like(entry_order)
    position[entry_order] = np.arange(entry_order.size)
    n_waves = int(wave.max()) + 1 if wave.size else 0
    keys = np.arange(n_waves + 1)
    return WaveOrder(
        entry_order=entry_order,
        game_white=position[c.game_white[game_order]],
        game_black=position[c.game_black[game_order]],
        game_score=c.game_score[game_order],
        entry_bounds=np.searchsorted(wave[c.entry_event][entry_order], keys),
        game_bounds=np.searchsorted(wave[c.game_event][game_order], keys),
    )
