"""Helpers for the season engines' equality tests: a season with every kind of player and
event, the per-event path, and a field-by-field comparison to 1e-9 (issue 13, point 1), or
exactly (``tol=0.0``: every float to the last bit, what the ledger's lists need)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from arpad.model import Event, Game, PlayerEntry, build_event
from arpad.systems import EventRating, PeriodRating, RatingSystem

TOL = 1e-9


def mixed_players(rng: np.random.Generator, n: int) -> list[PlayerEntry]:
    """Every kind of player a file gives: unrated, provisional (few games), established,
    a rating with no games count (history unknown), a known number of events, a peak over
    2400 (the FIDE K rule)."""
    out = []
    for i in range(n):
        kind = i % 6
        rating = float(rng.integers(1300, 2600)) + float(rng.choice([0.0, 0.25, 0.5]))
        if kind == 0:
            out.append(PlayerEntry(f"p{i}"))
        elif kind == 1:
            out.append(PlayerEntry(f"p{i}", rating=rating, games=int(rng.integers(1, 30))))
        elif kind == 2:
            out.append(PlayerEntry(f"p{i}", rating=rating, games=int(rng.integers(30, 200))))
        elif kind == 3:
            out.append(PlayerEntry(f"p{i}", rating=rating))
        elif kind == 4:
            out.append(
                PlayerEntry(f"p{i}", rating=rating, games=int(rng.integers(5, 60)), events=i % 4)
            )
        else:
            out.append(
                PlayerEntry(
                    f"p{i}", rating=rating, games=int(rng.integers(10, 90)), peak=rating + 150
                )
            )
    return out


def mixed_season(seed: int, players: int = 30, events: int = 60) -> list[Event]:
    """Events of every shape: one-game events, small round robins (double ones too),
    Swisses with repeated pairings and byes, an unrated game, a player with no game, events
    of only unrated players; players return across events, so the waves interleave."""
    rng = np.random.default_rng(seed)
    pool = mixed_players(rng, players)
    out: list[Event] = []
    for e in range(events):
        shape = e % 5
        size = 2 if shape == 0 else min(int(rng.integers(3, 9)), players)
        if shape == 4:  # only unrated players (and no rating for anyone: rated by nobody)
            chosen = [p for p in pool if p.rating is None][: int(rng.integers(2, 5))]
        else:
            chosen = [pool[j] for j in rng.choice(players, size=size, replace=False)]
        ids = [p.id for p in chosen]
        games: list[Game] = []
        if shape in (1, 2):  # round robin, once or twice
            for _ in range(shape):
                games += [
                    Game(a, b, float(rng.choice([0.0, 0.5, 1.0])))
                    for k, a in enumerate(ids)
                    for b in ids[k + 1 :]
                ]
        else:
            for _ in range(int(rng.integers(1, 6))):
                order = rng.permutation(len(ids))
                for k in range(0, len(order) - 1, 2):  # odd sizes: one bye a round
                    a, b = ids[order[k]], ids[order[k + 1]]
                    games.append(Game(a, b, float(rng.choice([0.0, 0.5, 1.0]))))
        if games and shape == 3:
            games[0] = dataclasses.replace(games[0], rated=False)
        if shape == 3 and len(ids) > 3:  # one player who plays no game
            games = [g for g in games if ids[-1] not in (g.white, g.black)]
        out.append(build_event(f"e{e}", chosen, games))
    return out


def one_by_one(
    system: RatingSystem[Any, Any],
    events: Sequence[Event],
    config: Any,
    start: Mapping[str, Any] | None = None,
) -> tuple[list[EventRating[Any]], dict[str, Any]]:
    """The per-event path: :meth:`RatingSystem.rate_event` for each event in order."""
    states: dict[str, Any] = dict(start or {})
    out = []
    for event in events:
        known = {p.id: states[p.id] for p in event.players if p.id in states}
        result = system.rate_event(event, known, config)
        states.update(result.states)
        out.append(result)
    return out, states


def close(x: object, y: object, what: str, tol: float = TOL) -> None:
    if isinstance(x, float) and isinstance(y, float):
        if math.isinf(x) or math.isinf(y) or tol == 0.0:
            assert x == y, (what, x, y)
        else:
            assert x == pytest.approx(y, abs=tol, rel=tol), what
    elif isinstance(x, tuple) and isinstance(y, tuple):
        assert len(x) == len(y), what
        for u, v in zip(x, y, strict=True):
            close(u, v, what, tol)
    else:
        assert x == y, what


def same_state(a: object, b: object, what: str, tol: float = TOL) -> None:
    assert type(a) is type(b), what
    for f in dataclasses.fields(a):  # type: ignore[arg-type]
        close(getattr(a, f.name), getattr(b, f.name), f"{what}.{f.name}", tol)


def assert_equal_to_per_event(
    system: RatingSystem[Any, Any],
    events: Sequence[Event],
    config: Any,
    start: Mapping[str, Any] | None = None,
    tol: float = TOL,
) -> PeriodRating[Any]:
    """The batch engine equals the per-event path on every field of every player's result
    and state, to ``tol`` (1e-9; 0.0: exactly), and on the final states of every player
    (``start``: the states given before the first event)."""
    expected, final = one_by_one(system, events, config, start)
    batch = system.rate_batch(events, start, config)
    assert [r.event_id for r in batch.events] == [r.event_id for r in expected]
    for got, want in zip(batch.events, expected, strict=True):
        assert got.system == want.system and got.pool == want.pool
        assert [p.player_id for p in got.players] == [p.player_id for p in want.players]
        for p, q in zip(got.players, want.players, strict=True):
            for f in dataclasses.fields(p):
                close(
                    getattr(p, f.name),
                    getattr(q, f.name),
                    f"{want.event_id}/{q.player_id}.{f.name}",
                    tol,
                )
        assert set(got.states) == set(want.states), want.event_id
        for pid, state in want.states.items():
            same_state(got.states[pid], state, f"{want.event_id}/{pid}", tol)
    assert set(batch.states) == set(final)
    for pid, state in final.items():
        same_state(batch.states[pid], state, pid, tol)
    return batch
