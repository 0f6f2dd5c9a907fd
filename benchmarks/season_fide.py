"""Benchmark: the FIDE batch engines (``fide``, ``fide1986``) against their per-event path on
the synthetic season of ``benchmarks/season.py``.

    python benchmarks/season_fide.py [--players 100000] [--events 25000] [--seed 2024]
                                     [--systems fide,fide1986]

For each system, rates the same season twice, in date order: event by event through
``RatingSystem.rate_event`` (each from the states the earlier ones left), and in one call of
``RatingSystem.rate_batch`` (the batch engine, every event's result built). Prints CPU
seconds, player-games/s and the engine's speed-up, and checks that both paths agree to 1e-9
on every player's rating after every event (a benchmark is no test, but a fast wrong answer
is no result).

The season's ratings carry no kind, so both systems take them as FIDE ratings; the FIDE
entries of the generator (``fide=``) are FIDE ratings too; the rest are unrated (pooled
toward a first rating, which the engines rate by the per-event rules).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.model import Event
from arpad.systems import EventRating, get_system


def per_event(system: Any, events: list[Event]) -> list[EventRating[Any]]:
    states: dict[str, Any] = {}
    out = []
    for event in events:
        result = system.rate_event(event, {p: states[p] for p in event.player_ids if p in states})
        states.update(result.states)
        out.append(result)
    return out


def disagreements(a: list[EventRating[Any]], b: list[EventRating[Any]]) -> int:
    bad = 0
    for x, y in zip(a, b, strict=True):
        for p, q in zip(x.players, y.players, strict=True):
            if (p.post is None) != (q.post is None) or (
                p.post is not None
                and q.post is not None
                and not math.isclose(p.post, q.post, rel_tol=0.0, abs_tol=1e-9)
            ):
                bad += 1
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--systems", default="fide,fide1986")
    args = ap.parse_args()

    t0 = time.perf_counter()
    events = generate_season(args.seed, args.players, args.events)
    player_games = 2 * sum(1 for e in events for g in e.games if g.rated)
    print(
        f"season: {len(events):,} events, {player_games // 2:,} games, {args.players:,} "
        f"players (generated in {time.perf_counter() - t0:.1f} s)"
    )
    for name in args.systems.split(","):
        system = get_system(name)
        c0 = time.process_time()
        slow = per_event(system, events)
        slow_cpu = time.process_time() - c0
        c0 = time.process_time()
        fast = list(system.rate_batch(events).events)
        fast_cpu = time.process_time() - c0
        bad = disagreements(fast, slow)
        print(
            f"{name}: per-event {slow_cpu:.2f} s CPU ({player_games / slow_cpu / 1e6:.3f} M "
            f"player-games/s)\n  batch {fast_cpu:.2f} s CPU ({player_games / fast_cpu / 1e6:.3f} "
            f"M player-games/s), {slow_cpu / fast_cpu:.2f}x the per-event path, "
            f"{bad} disagreements"
        )


if __name__ == "__main__":
    main()
