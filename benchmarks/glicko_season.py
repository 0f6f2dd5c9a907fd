"""Benchmark (issue 20): the Glicko family's season loop from columns against the
per-event path, in one run.

    python benchmarks/glicko_season.py [--players 20000] [--events 2200] [--repeat 3]

For Glicko, Glicko-2 and Stephenson (defaults) on the synthetic season of
``benchmarks/season.py`` (≈ 100,000 games with the defaults), prints CPU seconds
(``time.process_time``) and player-games/s of:

1. the compiled season loop from columns (:func:`arpad.systems.glicko_season.rate_season`,
   warm: compiled before the clock starts; best of ``--repeat``), results as columns;
2. building every ``EventRating`` from those columns;
3. the per-event path: ``RatingSystem.rate_event`` event after event (once).

The events are seen as each system's own (``seen_as_own``) before the clock starts.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.season import Season
from arpad.systems import get_system
from arpad.systems import glicko_season as family


def cpu(step: Callable[[], Any]) -> tuple[float, Any]:
    c0 = time.process_time()
    out = step()
    return time.process_time() - c0, out


def per_event(name: str, events: list[Any]) -> dict[str, Any]:
    system = get_system(name)
    config = system.default_config()
    states: dict[str, Any] = {}
    for event in events:
        known = {p.id: states[p.id] for p in event.players if p.id in states}
        states.update(system.rate_event(event, known, config).states)
    return states


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=20_000)
    ap.add_argument("--events", type=int, default=2_200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    events = generate_season(players=args.players, events=args.events)
    games = sum(len(e.games) for e in events)
    pg = 2 * games
    print(f"season: {len(events)} events, {games} games, {pg} player-games")
    for name in ("glicko", "glicko2", "stephenson"):
        measure(name, events, pg, args.repeat)


def measure(name: str, events: list[Any], pg: int, repeat: int) -> None:
    """One system's three figures (see the module's docstring)."""
    system = get_system(name)
    config = system.default_config()
    own = [system.seen_as_own(e) for e in events]
    season = Season.from_events(own)
    loop = functools.partial(family.rate_season, season, {}, config, name, compiled=True)
    loop()  # compiled (or loaded from the cache) before the clock starts
    best = min(cpu(loop)[0] for _ in range(repeat))
    rated = loop()
    build, _ = cpu(functools.partial(list, rated))
    slow, states = cpu(functools.partial(per_event, name, own))
    final = rated.states
    assert states == {pid: final[pid] for pid in states}
    print(
        f"  {name:<10} loop {best:7.3f} s = {pg / best / 1e6:6.2f} M player-games/s | "
        f"EventRatings {build:6.2f} s | per-event {slow:7.2f} s = "
        f"{pg / slow / 1e3:6.1f} k player-games/s | loop/per-event {slow / best:6.0f}x"
    )


if __name__ == "__main__":
    main()
