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

Both systems also share the state (:class:`HistoryState`), the configuration fields that
place and stop the fit (:func:`center_field`, :func:`tolerance_field`), the entry and
newcomer rules and the skeleton of rating an event (:func:`refit_event`): each keeps only
its loss and its optimiser (D-eval2-4).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from arpad.config import bounds
from arpad.curves import logistic_expectancy
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating
from arpad.systems.pairwise import game_arrays, month_index, period_result

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]


SCALE = 400.0 / math.log(10.0)
"""Elo points per natural unit of rating (both fits work in natural units)."""


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


@dataclass(frozen=True, slots=True)
class HistoryState:
    """A player of a whole-history system: his rating (Elo scale) and games, the games
    seen when he was last rated (shared with that event's players) and every player's
    fitted value after that fit (natural units: the next fit's start)."""

    rating: float = 1500.0
    games: int = 0
    history: tuple[Chunk, ...] = ()
    fit: tuple[tuple[str, float], ...] = ()


StateT = TypeVar("StateT", bound=HistoryState)


class CenteredConfig(Protocol):
    @property
    def center(self) -> float: ...


def center_field() -> Any:
    """The configuration field ``center``: the Elo-scale rating of ``r = 0``."""
    return field(default=1500.0, metadata=bounds(doc="the Elo-scale rating of r = 0"))


def tolerance_field() -> Any:
    """The configuration field ``tolerance``: the fit stops when every gradient term is
    below it."""
    return field(
        default=1e-6,
        metadata=bounds(0, None, low_open=True, doc="stop when every gradient term is below"),
    )


def entry_state(state_type: type[StateT], entry: PlayerEntry, config: CenteredConfig) -> StateT:
    """A file's rating is shown until the player's games are fitted (the fit itself starts
    a player never fitted at ``r = 0``)."""
    rating = config.center if entry.rating is None else entry.rating
    return state_type(rating, entry.games)


def last_fit(states: Sequence[HistoryState]) -> dict[str, float]:
    """The fitted values of the latest fit any of ``states`` took part in."""
    latest = max(states, key=lambda s: len(s.history), default=None)
    return {} if latest is None else dict(latest.fit)


def refit_event(
    name: str,
    state_type: type[StateT],
    event: Event,
    states: Mapping[str, StateT],
    center: float,
    refit: Callable[[tuple[Chunk, ...], dict[str, float]], dict[str, float]],
) -> EventRating[StateT]:
    """Rate ``event`` by refitting the merged history with its games: ``refit(history,
    start)`` gives every player's value (natural units) from the last fit's values
    ``start``; the event's players take ``center + value·400/ln 10``."""
    event_arrays = game_arrays(event)
    before = [states[pid] for pid in event_arrays.ids]
    played = event_arrays.games()
    pre = [s.rating for s in before]
    if not played.any():
        return period_result(name, event, event_arrays, dict(states), pre)
    history = merged(before, event)
    value = refit(history, last_fit(before))
    fitted = tuple(value.items())
    after = {
        pid: state_type(center + SCALE * value[pid], s.games + int(played[i]), history, fitted)
        if played[i] > 0
        else s
        for i, (pid, s) in enumerate(zip(event_arrays.ids, before, strict=True))
    }
    return period_result(name, event, event_arrays, after, pre)


def logistic_expected(
    white: Sequence[HistoryState], black: Sequence[HistoryState], advantage: float
) -> FloatArray:
    """Bradley–Terry on the Elo scale, the whole-history systems' expected score: the
    logistic of ``R_w − R_b + advantage`` (points) for each pair."""
    r_w = np.fromiter((s.rating for s in white), float, len(white))
    r_b = np.fromiter((s.rating for s in black), float, len(black))
    expected: FloatArray = logistic_expectancy(r_w - r_b + advantage)
    return expected
