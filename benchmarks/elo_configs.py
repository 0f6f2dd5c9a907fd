"""Benchmark (issue 20): Elo's season from columns under configurations of every family.

    python benchmarks/elo_configs.py [--players N] [--events N] [--repeat N]

Prints, for each configuration, the CPU seconds of ``rate_season`` over a synthetic season
(:func:`season.generate_season`, as ``benchmarks/compiled.py``) from columns, and the
player-games per second. Run it against another tree's sources (``PYTHONPATH=…/src``) to
compare: before issue 20's session 2 the configurations marked † were rated event by event
by a second Python path; now every one runs the compiled loop.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.config import with_options
from arpad.season import Season
from arpad.systems import get_system

CONFIGS: dict[str, dict[str, Any]] = {
    "book defaults": {},
    "logistic curve": {"curve": "logistic", "mode": "continuous"},
    "normal curve †": {"mode": "continuous"},
    "K fide1986 †": {"k_rule": "fide1986"},
    "W_e (8), R_p (6) †": {"expected": "round-robin", "performance": "round-robin"},
    "R_p exact, normal †": {"performance": "exact", "mode": "continuous"},
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=20_000)
    ap.add_argument("--events", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    system = get_system("elo")
    events = generate_season(args.seed, args.players, args.events)
    own = Season.from_events([system.seen_as_own(e) for e in events])
    season = dataclasses.replace(own, events=None, first_entries=None)
    pg = 2 * len(season.white)
    print(f"Elo from columns ({season.size:,} events, {pg:,} player-games, best of {args.repeat}):")
    for name, options in CONFIGS.items():
        config = with_options(system.default_config(), options)
        system.rate_season(season, {}, config)  # compile, or load the cache: not counted
        best = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            system.rate_season(season, {}, config)
            best = min(best, time.process_time() - start)
        print(f"  {name:<22} {best:7.3f} s = {pg / best / 1e6:6.2f} M player-games/s")


if __name__ == "__main__":
    main()
