"""Comparing a batch engine's results with the per-event path's, to 1e-9 on every number
(or exactly, ``tolerance=0.0``: every float to the last bit, what the ledger's lists need).

Used by the FIDE engines' tests (tests/fide/test_season.py, tests/fide1986/test_season.py).
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import arpad
from arpad.model import Event
from arpad.systems import EventRating, RatingSystem

TOLERANCE = 1e-9


def one_by_one(
    system: RatingSystem[Any, Any], events: Sequence[Event], config: Any
) -> list[EventRating[Any]]:
    """Every event rated by ``rate_event`` from the states the earlier ones left."""
    states: dict[str, Any] = {}
    out = []
    for event in events:
        known = {p.id: states[p.id] for p in event.players if p.id in states}
        result = system.rate_event(event, known, config)
        states.update(result.states)
        out.append(result)
    return out


def same(a: object, b: object, where: str = "", tolerance: float = TOLERANCE) -> None:
    """``a`` equals ``b``: floats to ``tolerance`` (±inf and None exactly), dataclasses and
    tuples field by field, anything else exactly."""
    if isinstance(a, float) and isinstance(b, float):
        assert a == b or math.isclose(a, b, rel_tol=0.0, abs_tol=tolerance), (where, a, b)
    elif dataclasses.is_dataclass(a) and not isinstance(a, type):
        assert type(a) is type(b), (where, a, b)
        for f in dataclasses.fields(a):
            if f.compare:
                same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}", tolerance)
    elif isinstance(a, tuple) and isinstance(b, tuple):
        assert len(a) == len(b), (where, a, b)
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{k}]", tolerance)
    else:
        assert a == b, (where, a, b)


def _own_notes(notes: tuple[str, ...]) -> tuple[str, ...]:
    """An event's notes without those :meth:`RatingSystem.rate_event` adds about the file's
    ratings (:func:`arpad.systems.provenance_notes`): they are the interface's, not the
    system's: ``RatingSystem.rate_batch`` adds them, an engine's own hook does not."""
    return tuple(n for n in notes if "rated no one" not in n and "does not rate" not in n)


def assert_same_results(
    got: Sequence[EventRating[Any]],
    expected: Sequence[EventRating[Any]],
    tolerance: float = TOLERANCE,
) -> None:
    """Each event's result, every player's numbers and state after it, equal to
    ``tolerance``."""
    assert [r.event_id for r in got] == [r.event_id for r in expected]
    for a, b in zip(got, expected, strict=True):
        where = a.event_id
        assert _own_notes(a.notes) == _own_notes(b.notes), where
        assert [p.player_id for p in a.players] == [p.player_id for p in b.players], where
        for p, q in zip(a.players, b.players, strict=True):
            same(p, q, f"{where}/{p.player_id}", tolerance)
        assert set(a.states) == set(b.states), where
        for pid, state in b.states.items():
            same(a.states[pid], state, f"{where}/{pid} state", tolerance)


def assert_batch_equals_one_by_one(
    system: RatingSystem[Any, Any],
    events: Sequence[Event],
    config: Any,
    tolerance: float = TOLERANCE,
) -> None:
    """``system.rate_batch`` equals rating the events one by one (to ``tolerance``): every
    event's result, and every player's final state."""
    expected = one_by_one(system, events, config)
    got = system.rate_batch(events, None, config)
    assert_same_results(got.events, expected, tolerance)
    final = {k: v for r in expected for k, v in r.states.items()}
    assert set(got.states) == set(final)
    for pid, state in final.items():
        same(got.states[pid], state, f"final state of {pid}", tolerance)


def assert_replay_uses_the_hook(
    system: RatingSystem[Any, Any], events: Sequence[Event], config: Any
) -> None:
    """``arpad.replay`` equals rating one by one, and it goes through the system's batch hook
    (a spy in its place is called once, with every event)."""
    expected = one_by_one(system, events, config)
    assert_same_results(list(arpad.replay(events, system.name, config)), expected)
    hook = system.rate_batch_fn
    assert hook is not None
    calls: list[int] = []

    def spy(events: Sequence[Event], states: Any, cfg: Any) -> Any:
        calls.append(len(events))
        return hook(events, states, cfg)

    spied = dataclasses.replace(system, rate_batch_fn=spy)
    assert_same_results(list(arpad.replay(events, spied, config)), expected)
    assert calls == [len(events)]


def synthetic_season(seed: int, players: int, events: int) -> list[Event]:
    """A season from the benchmark generator (benchmarks/season.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        from season import generate_season  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    out: list[Event] = generate_season(seed=seed, players=players, events=events)
    return out
