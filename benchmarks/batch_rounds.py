#!/usr/bin/env python3
"""The batch engines (``RatingSystem.rate_batch``) against rating event by event.

A season of rounds, every round a perfect matching of one-game events (fixed seed),
rated by every system with a batch engine both ways. Prints events, seconds, the ratio
and the largest difference of the final ratings (the conformance suite checks 1e-9).
Nothing is asserted.

    python benchmarks/batch_rounds.py [players] [rounds]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from arpad.model import Event, Game, PlayerEntry, build_event
from arpad.systems import get_system, system_names


def season(players: int, rounds: int, seed: int = 1) -> list[Event]:
    rng = np.random.default_rng(seed)
    entries = [
        PlayerEntry(str(i), rating=float(rng.integers(1200, 2200)), games=40)
        for i in range(players)
    ]
    events = []
    for r in range(rounds):
        order = rng.permutation(players)
        for k in range(0, players - 1, 2):
            a, b = entries[order[k]], entries[order[k + 1]]
            score = float(rng.choice([0.0, 0.5, 1.0]))
            events.append(build_event(f"r{r}-{k}", [a, b], [Game(a.id, b.id, score)]))
    return events


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    events = season(players, rounds)
    header = ("system", "events", "per event s", "batch s", "ratio", "max diff")
    print("{:<10} {:>7} {:>12} {:>8} {:>6} {:>9}".format(*header))
    for name in system_names():
        system = get_system(name)
        if system.rate_batch_fn is None:
            continue
        start = time.perf_counter()
        one = system.rate_period(events)
        per_event = time.perf_counter() - start
        start = time.perf_counter()
        batch = system.rate_batch(events)
        batched = time.perf_counter() - start
        diff = max(
            abs((one.states[k].rating or 0.0) - (batch.states[k].rating or 0.0))
            for k in batch.states
        )
        print(
            f"{name:<10} {len(events):>7} {per_event:>12.2f} {batched:>8.2f} "
            f"{per_event / batched:>6.1f} {diff:>9.1e}"
        )


if __name__ == "__main__":
    main()
