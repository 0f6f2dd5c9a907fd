"""What the whole-history systems share (Elo++-style, WHR): a state that carries the games
seen so far, merged from the players of each event, and those games as arrays.

A whole-history system refits every rating to every game seen so far each time it rates an
event, instead of moving two ratings by one game's surprise. Within arpad's interface (a
system sees the states of one event's players, ``arpad.systems``) the history travels with
the states: each player's state holds the history as it stood when he was last rated (the
same immutable tuple shared by every player of that event, so it costs one reference per
player), and rating an event merges the histories of its players, adds its games and
refits. In a replay where each month's players overlap the previous month's, the merged
history is every game so far; a player who has not played since keeps the rating of his
last fit (the refit moves only the event's players' published states). Each event is
one *chunk*, keyed by its id, at the time step of its month (D-eval-2); an undated event is
one step after the latest chunk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from arpad.model import Event
from arpad.systems.pairwise import month_index

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class Chunk:
    """One rated event's games, at its time step (its month number)."""

    key: str
    step: int
    white: tuple[str, ...]
    black: tuple[str, ...]
    score: tuple[float, ...]


class WithHistory(Protocol):
    @property
    def history(self) -> tuple[Chunk, ...]: ...


def merged(states: Iterable[WithHistory], event: Event) -> tuple[Chunk, ...]:
    """The union of the states' histories (by chunk key) with ``event``'s chunk, in time
    order (step, then key)."""
    seen_tuples: set[int] = set()
    chunks: dict[str, Chunk] = {}
    for s in states:
        if id(s.history) in seen_tuples:
            continue
        seen_tuples.add(id(s.history))
        for c in s.history:
            chunks.setdefault(c.key, c)
    games = list(event.rated_games())
    if games:
        latest = max((c.step for c in chunks.values()), default=0)
        step = latest + 1 if event.end_date is None else month_index(event.end_date)
        chunks[event.id] = Chunk(
            event.id,
            step,
            tuple(g.white for g in games),
            tuple(g.black for g in games),
            tuple(g.score for g in games),
        )
    return tuple(sorted(chunks.values(), key=lambda c: (c.step, c.key)))


@dataclass(frozen=True)
class HistoryArrays:
    """A history's games as arrays over its players ``ids`` (first appearance order)."""

    ids: tuple[str, ...]
    white: IntArray
    black: IntArray
    score: FloatArray
    step: IntArray

    @property
    def players(self) -> int:
        return len(self.ids)


def arrays(history: tuple[Chunk, ...]) -> HistoryArrays:
    """Every game of ``history`` as :class:`HistoryArrays`."""
    index: dict[str, int] = {}
    white: list[int] = []
    black: list[int] = []
    score: list[float] = []
    step: list[int] = []
    for c in history:
        white.extend(index.setdefault(p, len(index)) for p in c.white)
        black.extend(index.setdefault(p, len(index)) for p in c.black)
        score.extend(c.score)
        step.extend([c.step] * len(c.score))
    return HistoryArrays(
        tuple(index),
        np.array(white, dtype=np.intp),
        np.array(black, dtype=np.intp),
        np.array(score, dtype=float),
        np.array(step, dtype=np.intp),
    )


def start_values(ids: tuple[str, ...], ratings: Mapping[str, float]) -> FloatArray:
    """Each player's last fitted value (natural units) as the optimiser's start, 0 for one
    not fitted before."""
    return np.array([ratings.get(pid, 0.0) for pid in ids], dtype=float)
