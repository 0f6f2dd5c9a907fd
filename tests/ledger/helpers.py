"""A small reproducible season for ledger tests (players with ratings, FIDE ratings,
birth dates or nothing; events of 4-10 players over a year, some Quick, some dual-rated)."""

from __future__ import annotations

import datetime as dt

import numpy as np

from arpad.model import Event, Game, PlayerEntry, Pool


def small_season(seed: int, players: int = 200, events: int = 120) -> list[Event]:
    rng = np.random.default_rng(seed)
    entries = []
    for i in range(players):
        kind = rng.random()
        pid = f"S{i:05d}"
        if kind < 0.6:
            rating = float(round(rng.normal(1500, 300), 1))
            entries.append(
                PlayerEntry(pid, f"Player {i}", rating=rating, games=int(rng.integers(1, 200)))
            )
        elif kind < 0.7:
            entries.append(PlayerEntry(pid, f"Player {i}", fide=float(rng.integers(1400, 2300))))
        elif kind < 0.9:
            born = dt.date(2000, 1, 1) + dt.timedelta(days=int(rng.integers(0, 5000)))
            entries.append(PlayerEntry(pid, f"Player {i}", birth_date=born))
        else:
            entries.append(PlayerEntry(pid, f"Player {i}"))
    out = []
    for e in range(events):
        size = int(rng.integers(4, 11))
        who = sorted(rng.choice(players, size=size, replace=False))
        games = []
        for r in range(1, int(rng.integers(3, 6)) + 1):
            order = rng.permutation(who)
            for a, b in zip(order[0::2], order[1::2], strict=False):
                games.append(
                    Game(entries[a].id, entries[b].id, float(rng.choice([0.0, 0.5, 1.0])), r)
                )
        kind = rng.random()
        pool = Pool.QUICK if kind < 0.15 else Pool.REGULAR
        out.append(
            Event(
                id=f"T{e:04d}",
                name=f"Event {e}",
                players=tuple(entries[i] for i in who),
                games=tuple(games),
                end_date=dt.date(2024, 1, 1) + dt.timedelta(days=int(rng.integers(0, 366))),
                pool=pool,
                dual_rated=pool == Pool.REGULAR and kind > 0.9,
            )
        )
    return out
