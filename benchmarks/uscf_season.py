"""Benchmark: rate a synthetic US Chess season in date order, and one large event.

    python benchmarks/uscf_season.py [--players 100000] [--events 25000] [--seed 2024]

Prints events/s and player-games/s for the season, and the time per event for a
64-player 7-round Swiss. Targets on the 2-core reference machine (issue 2): the 64-player
event under 5 ms, the whole season under 20 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.model import Event, Game, PlayerEntry
from arpad.systems.uscf2020 import SYSTEM, USCFConfig, USCFState


def one_event(seed: int = 7) -> Event:
    rng = np.random.default_rng(seed)
    players = [
        PlayerEntry(
            f"p{i}",
            rating=float(rng.normal(1600, 300)),
            games=int(rng.integers(0, 300)) if i % 8 else 0,
        )
        if i % 10
        else PlayerEntry(f"p{i}")
        for i in range(64)
    ]
    players = [p if p.rating is None or p.games > 0 else PlayerEntry(p.id) for p in players]
    games = []
    for r in range(1, 8):
        order = rng.permutation(64)
        for a, b in zip(order[0::2], order[1::2], strict=True):
            games.append(Game(f"p{a}", f"p{b}", float(rng.choice([0.0, 0.5, 1.0])), r))
    return Event(id="big", players=tuple(players), games=tuple(games))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    config = USCFConfig()

    event = one_event()
    SYSTEM.rate_event(event, None, config)
    reps = 50
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(reps):
        SYSTEM.rate_event(event, None, config)
    wall, cpu = (time.perf_counter() - t0) / reps, (time.process_time() - c0) / reps
    print(
        f"64-player 7-round event: {wall * 1e3:.2f} ms wall, {cpu * 1e3:.2f} ms CPU "
        f"per event (target < 5 ms; CPU/target = {cpu / 5e-3:.2f})"
    )

    t0 = time.perf_counter()
    season = generate_season(args.seed, args.players, args.events)
    gen = time.perf_counter() - t0
    n_games = sum(len(e.games) for e in season)
    print(f"generated {len(season)} events, {n_games} games in {gen:.1f} s")

    states: dict[str, USCFState] = {}
    t0, c0 = time.perf_counter(), time.process_time()
    for e in season:
        result = SYSTEM.rate_event(e, {p: states[p] for p in e.player_ids if p in states}, config)
        states.update(result.states)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"season: {wall:.2f} s wall, {cpu:.2f} s CPU, {len(season) / cpu:,.0f} events/s, "
        f"{2 * n_games / cpu:,.0f} player-games/s (CPU; target < 20 s for 25,000 events)"
    )
    established = sum(1 for s in states.values() if s.established(config))
    print(f"players rated: {len(states)}, established after the season: {established}")


if __name__ == "__main__":
    main()
