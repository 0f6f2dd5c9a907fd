"""Benchmark (issues 13, 20): the Elo and PRA season loops against the per-event path.

    python benchmarks/season_engines.py [--players 100000] [--events 25000] [--seed 2024]
                                        [--systems elo,pra] [--repeat 1]

For each system, on the synthetic season of benchmarks/season.py (the same games for every
path), prints CPU seconds, player-games/s and the ratio to the per-event path of:

1. the per-event path: ``SYSTEM.rate_event`` for each event in date order;
2. the season engine, arrays only (``rate_season``: every rating computed, no result
   objects built);
3. the season engine with every event's result and state built (``SYSTEM.rate_batch``,
   what ``arpad.replay`` uses).

Each path's results are checked against the per-event path's final ratings (to 1e-9)
before any figure is printed. CPU time (``time.process_time``) is reported, not wall
time: the reference machine is shared. ``--repeat`` takes the best of that many runs of
the engine paths (the per-event path runs once).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.model import Event
from arpad.season import Season
from arpad.systems import RatingSystem, get_system
from arpad.systems.elo import season as elo_season
from arpad.systems.elo import system as elo_system
from arpad.systems.pra import season as pra_season
from arpad.systems.pra import system as pra_system

ENGINES: dict[str, tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]] = {
    # name: (rate_event, state_from_entry, rate_season)
    "elo": (
        elo_system.rate_event,
        elo_system.state_from_entry,
        lambda events, states, config: elo_season.rate_season(
            Season.from_events(events), states, config, compiled=True
        ),
    ),
    "pra": (
        pra_system.rate_event,
        pra_system.state_from_entry,
        lambda events, states, config: pra_season.rate_season(
            Season.from_events(events), states, config, compiled=True
        ),
    ),
}


def cpu(step: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """Best CPU seconds of ``repeat`` runs of ``step``, and its last result."""
    best, out = math.inf, None
    for _ in range(repeat):
        c0 = time.process_time()
        out = step()
        best = min(best, time.process_time() - c0)
    return best, out


def per_event(system: RatingSystem[Any, Any], events: Sequence[Event]) -> dict[str, Any]:
    states: dict[str, Any] = {}
    for e in events:
        known = {p: states[p] for p in e.player_ids if p in states}
        states.update(system.rate_event(e, known).states)
    return states


def check(name: str, states: dict[str, Any], reference: dict[str, Any]) -> None:
    """The path's final ratings equal the per-event path's to 1e-9."""
    for pid, want in reference.items():
        got = states[pid].rating
        if (got is None) != (want.rating is None) or (
            got is not None and not math.isclose(got, want.rating, rel_tol=1e-9, abs_tol=1e-9)
        ):
            raise SystemExit(f"{name}: {pid} rated {got!r}, the per-event path {want.rating!r}")


def bench(name: str, events: list[Event], repeat: int) -> None:
    system = get_system(name)
    _rate_event, _state_from_entry, rate_season = ENGINES[name]
    games = 2 * sum(1 for e in events for g in e.games if g.rated)
    own = [system.seen_as_own(e) for e in events]
    config = system.default_config()
    base, reference = cpu(lambda: per_event(system, events))
    rows = [("per-event path (rate_event in order)", base)]
    seconds, season = cpu(lambda: rate_season(own, {}, config), repeat)
    check("season engine", season.states, reference)
    rows.append(("season engine, arrays only", seconds))
    seconds, period = cpu(lambda: system.rate_batch(events), repeat)
    check("rate_batch", dict(period.states), reference)
    rows.append(("season engine + every result (rate_batch)", seconds))
    print(f"\n{name}: {len(events):,} events, {games:,} player-games")
    print(f"  {'path':<44} {'CPU s':>7} {'M pg/s':>7} {'× per-event':>11}")
    for label, s in rows:
        print(f"  {label:<44} {s:7.2f} {games / s / 1e6:7.2f} {base / s:11.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--systems", default="elo,pra")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    c0 = time.process_time()
    events = generate_season(args.seed, args.players, args.events)
    print(f"generated {len(events):,} events in {time.process_time() - c0:.1f} s CPU")
    for name in args.systems.split(","):
        bench(name, events, args.repeat)


if __name__ == "__main__":
    main()
