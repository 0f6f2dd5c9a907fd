"""Every player's :class:`~arpad.systems.fide.system.FideState` as arrays, for the batch
engine (:mod:`arpad.systems.fide.season`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from arpad.systems.fide.arrays import NONE, month_index, month_name
from arpad.systems.fide.rules import FloatArray
from arpad.systems.fide.system import FideState, PendingEvent, PooledEvent
from arpad.systems.waves import BoolArray, IntArray


@dataclass
class Roster:
    """Every player's :class:`FideState` as arrays, one slot per player.

    A listed player's pending events are summed per period in ``open_*`` (one open period;
    a player with more is in ``several``); the events themselves, the pooled play and the
    notes are kept as the state's own tuples for the few players who have them.
    """

    ids: list[str]
    slot: dict[str, int]
    rating: FloatArray
    month: IntArray
    games: IntArray
    top: BoolArray
    birth: IntArray
    open_period: IntArray
    open_delta: FloatArray
    open_games: IntArray
    pending: dict[int, tuple[PendingEvent, ...]] = field(default_factory=dict)
    pooled: dict[int, tuple[PooledEvent, ...]] = field(default_factory=dict)
    notes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    several: set[int] = field(default_factory=set)
    """Slots whose pending events span several periods (published one by one)."""

    @classmethod
    def of(cls, ids: list[str]) -> Roster:
        n = len(ids)
        return cls(
            ids,
            {pid: i for i, pid in enumerate(ids)},
            rating=np.full(n, np.nan),
            month=np.full(n, NONE, np.int64),
            games=np.zeros(n, np.int64),
            top=np.zeros(n, bool),
            birth=np.full(n, NONE, np.int64),
            open_period=np.full(n, NONE, np.int64),
            open_delta=np.zeros(n),
            open_games=np.zeros(n, np.int64),
        )

    def put(self, slot: int, state: FideState) -> None:
        self.rating[slot] = np.nan if state.rating is None else state.rating
        self.month[slot] = NONE if state.month is None else month_index(state.month)
        self.games[slot] = state.games
        self.top[slot] = state.reached_top
        self.birth[slot] = NONE if state.birth_year is None else state.birth_year
        _keep(self.pending, slot, state.pending)
        _keep(self.pooled, slot, state.pooled)
        _keep(self.notes, slot, state.notes)
        periods = {e.period for e in state.pending}
        self.several.discard(slot)
        self.open_period[slot], self.open_delta[slot], self.open_games[slot] = NONE, 0.0, 0
        if (
            len(periods) > 1
            or (state.pending and state.rating is None)
            or (state.pending and state.pooled)
        ):
            self.several.add(slot)
        elif periods:
            self.open_period[slot] = month_index(periods.pop())
            self.open_delta[slot] = math.fsum(e.delta for e in state.pending)
            self.open_games[slot] = sum(e.games for e in state.pending)

    def get(self, slot: int) -> FideState:
        return state_of(
            float(self.rating[slot]),
            int(self.month[slot]),
            int(self.games[slot]),
            bool(self.top[slot]),
            int(self.birth[slot]),
            self.pending.get(slot, ()),
            self.pooled.get(slot, ()),
            self.notes.get(slot, ()),
        )

    def states(self) -> dict[str, FideState]:
        return {pid: self.get(i) for i, pid in enumerate(self.ids)}


T = TypeVar("T")


def _keep(store: dict[int, tuple[T, ...]], slot: int, value: tuple[T, ...]) -> None:
    """Keep a non-empty tuple of a state by slot (most players have none)."""
    if value:
        store[slot] = value
    else:
        store.pop(slot, None)


def state_of(
    rating: float,
    month: int,
    games: int,
    top: bool,
    birth: int,
    pending: tuple[PendingEvent, ...],
    pooled: tuple[PooledEvent, ...],
    notes: tuple[str, ...],
) -> FideState:
    """A state from its values in the arrays (NaN and ``NONE`` stand for ``None``)."""
    return FideState(
        rating=None if math.isnan(rating) else rating,
        month=None if month == NONE else month_name(month),
        games=games,
        reached_top=top,
        birth_year=None if birth == NONE else birth,
        pending=pending,
        pooled=pooled,
        notes=notes,
    )
