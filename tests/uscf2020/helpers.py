"""Small builders for US Chess test events."""

from __future__ import annotations

import datetime as dt
from typing import Any

from arpad.model import Event, EventKind, Game, PlayerEntry, Pool


def player(pid: str, rating: float | None = None, games: int = 0, **kw: Any) -> PlayerEntry:
    return PlayerEntry(pid, name=pid.upper(), rating=rating, games=games, **kw)


def event(
    players: list[PlayerEntry],
    results: list[tuple[str, str, float]],
    *,
    pool: Pool = Pool.REGULAR,
    kind: EventKind = EventKind.TOURNAMENT,
    end: dt.date | None = dt.date(2024, 6, 30),
    **kw: Any,
) -> Event:
    games = tuple(Game(w, b, s, round=i + 1) for i, (w, b, s) in enumerate(results))
    return Event(
        id="t", players=tuple(players), games=games, pool=pool, kind=kind, end_date=end, **kw
    )
