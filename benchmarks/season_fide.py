"""Benchmark (issue 20): FIDE's compiled season loop on the synthetic season of
``benchmarks/season.py``, from columns, against its per-event path.

    python benchmarks/season_fide.py [--players 100000] [--events 25000] [--seed 2024]
                                     [--per-event 2000]

Prints CPU seconds (``time.process_time``) and player-games/s of ``arpad.replay(season,
"fide")`` (results as columns; the compile or cache load before the clock) for:

1. the season as ``Season.from_events`` gives it (what ``benchmarks/compiled.py`` times);
2. the same columns without ``Event`` objects (a bulk reader's season);
3. those with every rating rounded to a whole number (FIDE publishes whole numbers;
   the generator's ratings have a decimal, which costs the exact sums' partials);
4. those with every player rated (the unrated players' pooled play left out);

and the per-event path (``RatingSystem.rate_event`` event after event) on the first
``--per-event`` events, against the loop on the same events, with a check that every
player's rating after every event is the same (a benchmark is no test, but a fast wrong
answer is no result). The target of issue 20: FIDE ≥ 10 M player-games/s from columns.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

import arpad
from arpad.model import Event
from arpad.season import Season
from arpad.systems import EventRating, get_system

TARGET = 10.0
"""M player-games/s from columns (issue 20)."""


def per_event(events: list[Event]) -> list[EventRating[Any]]:
    system = get_system("fide")
    states: dict[str, Any] = {}
    out = []
    for event in events:
        result = system.rate_event(event, {p: states[p] for p in event.player_ids if p in states})
        states.update(result.states)
        out.append(result)
    return out


def variants(season: Season) -> list[tuple[str, Season]]:
    bare = dataclasses.replace(season, events=None, first_entries=None, first_member=None)
    whole = dataclasses.replace(bare, entry_rating=np.round(bare.entry_rating))
    rated = dataclasses.replace(
        whole, entry_rating=np.where(np.isnan(whole.entry_rating), 1500.0, whole.entry_rating)
    )
    return [
        ("Season.from_events (as benchmarks/compiled.py)", season),
        ("the same columns without Event objects", bare),
        ("ratings rounded to whole numbers", whole),
        ("every player rated (1500 for the unrated)", rated),
    ]


def loop_section(season: Season) -> None:
    pg = 2 * len(season.white)
    print(f"FIDE season loop from columns ({season.size:,} events, {pg:,} player-games):")
    assert arpad.replay(season, "fide").columns is not None  # compile, or load the cache
    for label, variant in variants(season):
        c0 = time.process_time()
        assert arpad.replay(variant, "fide").columns is not None
        seconds = time.process_time() - c0
        rate = pg / seconds / 1e6
        verdict = "met" if rate >= TARGET else "not met"
        print(f"  {label}: {seconds:.2f} s = {rate:.2f} M/s (target ≥ {TARGET:g}: {verdict})")


def per_event_section(events: list[Event]) -> None:
    pg = 2 * sum(1 for e in events for g in e.games if g.rated)
    c0 = time.process_time()
    slow = per_event(events)
    slow_s = time.process_time() - c0
    c0 = time.process_time()
    fast: list[EventRating[Any]] = list(arpad.replay(Season.from_events(events), "fide"))
    fast_s = time.process_time() - c0
    bad = sum(
        p.post != q.post and not (p.post is None or q.post is None)
        for a, b in zip(slow, fast, strict=True)
        for p, q in zip(a.players, b.players, strict=True)
    )
    print(
        f"First {len(events):,} events ({pg:,} player-games): per-event path {slow_s:.2f} s "
        f"= {pg / slow_s / 1e6:.3f} M/s; the loop with every EventRating built {fast_s:.2f} s "
        f"({slow_s / fast_s:.1f}×); {bad} ratings differ"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--per-event", type=int, default=2000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    events = generate_season(args.seed, args.players, args.events)
    print(f"(season generated in {time.perf_counter() - t0:.0f} s, not counted)")
    loop_section(Season.from_events(events))
    per_event_section(events[: args.per_event])


if __name__ == "__main__":
    main()
