"""A toy rating system for ledger tests: a second, single-pool system whose state has
fields of every kind the codec must store (enum, date, tuple of dataclasses).

Each player gains 10 points per win and loses 10 per loss, starting at the file's rating
or 1000. Not a real system: it exists to show the ledger is generic.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from arpad.errors import RatingError
from arpad.model import Event, PlayerEntry, Pool
from arpad.systems import EventRating, ListEntry, PlayerRating, RatingSystem

CRASH = True
"""Events named ``crash…`` raise ZeroDivisionError while this is true (the bug "fixed" by
setting it false)."""


class Form(StrEnum):
    NEW = "new"
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class Visit:
    event: str
    day: dt.date | None
    points: float


@dataclass(frozen=True)
class ToyConfig:
    step: float = 10.0


@dataclass(frozen=True, slots=True)
class ToyState:
    rating: float
    games: int = 0
    form: Form = Form.NEW
    visits: tuple[Visit, ...] = ()


def state_from_entry(entry: PlayerEntry, event: Event, config: ToyConfig) -> ToyState:
    del event, config
    return ToyState(1000.0 if entry.rating is None else entry.rating, entry.games)


def rate_event(
    event: Event, states: Mapping[str, ToyState], config: ToyConfig
) -> EventRating[ToyState]:
    if event.name.startswith("refuse"):
        raise RatingError("the toy system refuses this event")
    if event.name.startswith("crash") and CRASH:
        raise ZeroDivisionError("division by zero")  # a bug of arpad, as the ledger sees it
    results = event.results_by_player()
    players, new = [], {}
    for p in event.players:
        st = states[p.id]
        delta = config.step * sum(2 * s - 1 for _, s in results[p.id])
        post = st.rating + delta
        form = Form.UP if delta > 0 else Form.DOWN if delta < 0 else st.form
        visit = Visit(event.id, event.end_date, sum(s for _, s in results[p.id]))
        new[p.id] = replace(st, rating=post, games=st.games + len(results[p.id]), form=form,
                            visits=(*st.visits, visit))  # fmt: skip
        players.append(PlayerRating(p.id, st.rating, post, len(results[p.id]), visit.points))
    return EventRating("toy", event.id, event.pool, tuple(players), new)


def list_entry(state: ToyState, config: ToyConfig) -> ListEntry:
    del config
    if any(v.event.startswith("broken") for v in state.visits):
        raise ValueError("a state this system cannot list")  # fails while recording
    return ListEntry(state.rating, state.games, state.games >= 5, "" if state.games >= 5 else "*")


SYSTEM: RatingSystem[ToyConfig, ToyState] = RatingSystem(
    name="toy",
    title="Toy system (tests only)",
    source="tests/ledger/toy_system.py",
    config_type=ToyConfig,
    state_type=ToyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
)
