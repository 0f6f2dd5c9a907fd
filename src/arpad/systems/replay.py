"""Driving a rating system over a whole history: :func:`replay` (exported as ``arpad.replay``).

A rating committee rates events in date order, each from the states the earlier events
left. :func:`replay` does that for any registered system: players met for the first time
start from what their event file says about them (``state_from_entry``: a rating, or
unrated), and afterwards from their state in the replay. An optional ``predict`` hook sees
every rated game just before its event is rated, with both players' states and the
system's expected score; the ledger, ``arpad evaluate`` and the simulation lab share this
one path.

>>> from arpad.model import Game, PlayerEntry, build_event
>>> players = [PlayerEntry("a", rating=1700.0, games=30),
...            PlayerEntry("b", rating=1500.0, games=40)]
>>> events = [build_event(f"e{i}", players, [Game("a", "b", 0.0)]) for i in range(3)]
>>> history = replay(events, "uscf")
>>> [round(r.player("a").post) for r in history]
[1673, 1647, 1624]
>>> round(history.states["b"].rating)
1588
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from arpad.errors import ConfigError
from arpad.model import Event, Game, Pool
from arpad.systems import EventRating, RatingSystem, get_system

if TYPE_CHECKING:
    from arpad.season import Season, SeasonRatings

S = TypeVar("S")

BATCH_EVENTS = 2048
"""Events handed to a system's batch engine at a time (replay stays lazy)."""


@dataclass(frozen=True, slots=True)
class GamePrediction(Generic[S]):
    """One rated game as it stood just before its event was rated."""

    event: Event
    game: Game
    white: S
    """White's state before the event."""
    black: S
    expected: float
    """White's expected score by the system's own expectancy."""


class Replay(Generic[S]):
    """The events of a history being rated in order.

    Iterating yields each event's :class:`~arpad.systems.EventRating` (rating lazily, so a
    long history streams); iterating again yields the same results. :attr:`states` holds
    every player's state after the last event (it finishes the replay first). A
    :class:`~arpad.season.Season` given to a system with a season loop is rated in one
    call: :attr:`columns` holds its results as columns, and the ``EventRating`` objects
    are built only when iterated.
    """

    def __init__(
        self,
        events: Iterable[Event] | Season,
        system: RatingSystem[Any, S],
        config: Any,
        states: Mapping[str, S],
        predict: Callable[[GamePrediction[S]], object] | None,
    ) -> None:
        self.system = system
        self.config = system.config_or_default(config)
        self._states = {k: system.check_state(s, f"the state of {k!r}") for k, s in states.items()}
        self._predict = predict
        self._done: list[EventRating[S]] = []
        self._pool: Pool | None = None
        self._finished = False
        self.columns: SeasonRatings[S] | None = None
        self._rated: Iterator[EventRating[S]] = iter(())
        columns = sys.modules.get("arpad.season")  # loaded if ``events`` can be a Season
        if columns is None or not isinstance(events, columns.Season):
            self._events: Iterator[Event] = iter(cast("Iterable[Event]", events))
        elif system.season_fn is not None and predict is None:
            self.columns = system.rate_season(events, self._states, self.config)
            self._rated = iter(self.columns)  # results, built one by one when read
            self._events = iter(())
        else:
            self._events = iter(events.to_events())

    @property
    def states(self) -> dict[str, S]:
        """Every player's state after the last event, by player id."""
        if self.columns is not None:
            return {**self._states, **self.columns.states}
        for _ in self:
            pass
        return dict(self._states)

    @property
    def results(self) -> list[EventRating[S]]:
        """Every event's result, in order (finishes the replay)."""
        return list(self)

    def __iter__(self) -> Iterator[EventRating[S]]:
        yield from list(self._done)
        for result in self._rated:
            self._done.append(result)
            yield result
        while not self._finished:
            batch = list(islice(self._events, self._chunk()))
            if not batch:
                self._finished = True
                break
            for result in self._rate(batch):
                self._done.append(result)
                yield result

    def _chunk(self) -> int:
        batched = self.system.rate_batch_fn is not None and self._predict is None
        return BATCH_EVENTS if batched else 1

    def _check_pool(self, event: Event) -> None:
        if self._pool is None:
            self._pool = event.pool
        elif event.pool != self._pool:
            raise ConfigError(
                f"event {event.id!r} is in the {event.pool.value!r} pool, the history so far "
                f"in {self._pool.value!r}; replay one pool at a time"
            )

    def _rate(self, events: list[Event]) -> list[EventRating[S]]:
        for event in events:
            self._check_pool(event)
        if len(events) > 1:
            ids = {p.id for e in events for p in e.players}
            known = {k: v for k, v in self._states.items() if k in ids}
            period = self.system.rate_batch(events, known, self.config)
            self._states.update(period.states)
            return list(period.events)
        event = events[0]
        prior = {p.id: self._states[p.id] for p in event.players if p.id in self._states}
        if self._predict is not None:
            self._announce(event, prior)
        result = self.system.rate_event(event, prior, self.config)
        self._states.update(result.states)
        return [result]

    def _announce(self, event: Event, prior: Mapping[str, S]) -> None:
        assert self._predict is not None
        games = list(event.rated_games())
        if not games:
            return
        full = dict(prior)
        for p in event.players:
            if p.id not in full:
                full[p.id] = self.system.prior_state(p, event, self.config)
        white = [full[g.white] for g in games]
        black = [full[g.black] for g in games]
        expected = self.system.expected_score(white, black, self.config)
        for g, w, b, e in zip(games, white, black, expected, strict=True):
            self._predict(GamePrediction(event, g, w, b, float(e)))


def replay(
    events: Iterable[Event] | Season,
    system: str | RatingSystem[Any, S],
    config: Any = None,
    states: Mapping[str, S] | None = None,
    *,
    predict: Callable[[GamePrediction[S]], object] | None = None,
) -> Replay[S]:
    """Rate a date-ordered stream of events (one pool) through ``system``, in order.

    Args:
        events: the history, oldest first; any iterable (it is read lazily), or a
            :class:`~arpad.season.Season` (columns; rated by the system's season loop
            when it has one and no ``predict`` is given).
        system: a registered name (``"uscf"``) or a :class:`~arpad.systems.RatingSystem`.
        config: the system's configuration (default: the system's defaults).
        states: players' states before the first event, by player id; players not given
            start from their event file's entry.
        predict: called with a :class:`GamePrediction` for every rated game, before its
            event is rated (then events are rated one at a time, not by a batch engine).

    Raises:
        ConfigError: an unknown system, another system's configuration or states, or
            events from more than one pool.
    """
    chosen: RatingSystem[Any, Any] = get_system(system) if isinstance(system, str) else system
    return Replay(events, chosen, config, states or {}, predict)
