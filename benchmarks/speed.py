"""Benchmark (issue 13): the US Chess season engine against the per-event path and elochess.

    pip install elochess        # into your venv; a comparison only, not a dependency
    python benchmarks/speed.py [--players 100000] [--events 25000] [--repeat 3]
                               [--list-players 1000000] [--skip-ledger] [--skip-list]
                               [--only-list] [--list-db PATH]

Prints, in one run, CPU seconds (best of ``--repeat`` where a step is cheap enough to
repeat), throughput in player-games/s and ratios for:

1. a 64-player 7-round event: the per-event path, the season engine, elochess;
2. the synthetic season (benchmarks/season.py): the per-event path (``rate_event`` in
   order), the season engine (arrays only; and with every event's results built),
   elochess (one pass, US Chess formulas without the special formula's knot algorithm,
   no floors, its own bonus rule) — each on the same games;
3. the same season imported into a SQLite ledger and rated (``rate-pending``), with the
   season engine (the ledger's default) and one section at a time;
4. a rating list of ``--list-players`` players: the query, CSV and table formatting, and
   query + CSV (``--only-list`` times this alone; ``--list-db PATH`` keeps its ledger at
   PATH and reuses it on the next run).

CPU time (``time.process_time``) is reported, not wall time: the reference machine is
shared, and other processes stretch wall time. Run it on a quiet machine for figures to
compare; ratios are steadier than absolute numbers. Targets (issue 13): season ≥ 10 M
player-games/s in memory and ≥ 3× elochess per player-game; ledger import + rate < 10 s;
the 1 M-player list < 2 s; peak memory of the season ≤ 300 MiB.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger_season import list_event
from season import generate_season
from uscf_season import one_event

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger
from arpad.ledger.lookahead import Lookahead
from arpad.model import Event, Pool
from arpad.season import Season
from arpad.systems.uscf2020 import SYSTEM, USCFConfig, USCFState
from arpad.systems.uscf2020.season import rate_season as rate_columns

CONFIG = USCFConfig()


def cpu(step: Callable[[], Any], repeat: int) -> float:
    """Best CPU seconds of ``repeat`` runs of ``step``."""
    best = float("inf")
    for _ in range(repeat):
        c0 = time.process_time()
        step()
        best = min(best, time.process_time() - c0)
    return best


def player_games(events: Sequence[Event]) -> int:
    return 2 * sum(1 for e in events for g in e.games if g.rated)


def per_event(events: Sequence[Event]) -> None:
    states: dict[str, USCFState] = {}
    for e in events:
        result = SYSTEM.rate_event(e, {p: states[p] for p in e.player_ids if p in states}, CONFIG)
        states.update(result.states)


def rate_season(events: Sequence[Event], start: dict[str, USCFState], config: USCFConfig) -> Any:
    """The compiled season loop over the events' columns (issue 20)."""
    return rate_columns(Season.from_events(events), start, config, compiled=True)


def engine(events: Sequence[Event]) -> None:
    rate_season(events, {}, CONFIG)


def engine_with_results(events: Sequence[Event]) -> None:
    list(rate_season(events, {}, CONFIG))


def elochess(events: Sequence[Event]) -> None:
    """The same games through elochess's US Chess calculator, one pass per event."""
    from elochess.uscf import UscfCalculator

    rating: dict[str, int] = {}
    games: dict[str, int] = {}
    for e in events:
        pre = {p.id: rating.get(p.id, round(p.rating or 750.0)) for p in e.players}
        results: dict[str, tuple[list[int], float]] = {p.id: ([], 0.0) for p in e.players}
        for g in e.games:
            if g.rated:
                results[g.white][0].append(pre[g.black])
                results[g.black][0].append(pre[g.white])
                results[g.white] = (results[g.white][0], results[g.white][1] + g.score)
                results[g.black] = (results[g.black][0], results[g.black][1] + 1.0 - g.score)
        for p in e.players:
            opps, score = results[p.id]
            if opps:
                n = games.get(p.id, p.games)
                rating[p.id] = UscfCalculator.update_rating(pre[p.id], opps, score, games_played=n)
                games[p.id] = n + len(opps)


def have_elochess() -> bool:
    try:
        import elochess  # noqa: F401
    except ImportError:
        return False
    return True


def line(label: str, seconds: float, pg: int, base: float | None = None, note: str = "") -> None:
    rate = pg / seconds if seconds > 0 else float("inf")
    ratio = f"  {base / seconds:6.2f}× per-event" if base else ""
    print(f"  {label:<34} {seconds:8.3f} s CPU  {rate / 1e6:7.2f} M player-games/s{ratio} {note}")


def compare(label: str, events: Sequence[Event], repeat: int, slow_repeat: int) -> None:
    pg = player_games(events)
    print(f"{label}: {len(events):,} events, {pg // 2:,} games, {pg:,} player-games")
    base = cpu(lambda: per_event(events), slow_repeat)
    line("per-event path (rate_event)", base, pg)
    arrays = cpu(lambda: engine(events), repeat)
    line("season engine (arrays)", arrays, pg, base)
    built = cpu(lambda: engine_with_results(events), slow_repeat)
    line("season engine + results", built, pg, base)
    if have_elochess():
        elo = cpu(lambda: elochess(events), slow_repeat)
        line("elochess (one pass)", elo, pg, base)
        print(
            f"  engine vs elochess per player-game: {elo / arrays:.2f}× (arrays), "
            f"{elo / built:.2f}× (with results); target ≥ 3×"
        )
    else:
        print("  elochess: not installed (pip install elochess)")


def season_memory(events: Sequence[Event]) -> None:
    tracemalloc.start()
    rate_season(events, {}, CONFIG)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  memory: the engine allocates at most {peak / 2**20:.0f} MiB; the process peaked "
        f"at {rss:.0f} MiB RSS (including the season's Event objects); target ≤ 300 MiB"
    )


def ledger(events: Sequence[Event], workdir: Path) -> None:
    pg = player_games(events)
    print(f"SQLite ledger, the same season ({len(events):,} events):")
    times: dict[str, float] = {}
    for mode in ("engine", "one section at a time"):
        db = workdir / f"{mode[:6]}.db"
        original = Lookahead._pool
        if mode != "engine":
            Lookahead._pool = lambda self, event: None  # type: ignore[method-assign]
        try:
            with Ledger.open(db) as book:
                c0 = time.process_time()
                book.import_events(events, "synthetic-season")
                imported = time.process_time() - c0
                c0 = time.process_time()
                book.rate_pending(["uscf"])
                rated = time.process_time() - c0
        finally:
            Lookahead._pool = original  # type: ignore[method-assign]
        times[mode] = rated
        base = times.get("engine")
        ratio = (
            f"; rating {rated / base:.2f}× the engine's time" if mode != "engine" and base else ""
        )
        print(
            f"  {mode:<22} import {imported:6.1f} s + rate {rated:6.1f} s CPU = "
            f"{imported + rated:6.1f} s ({pg / rated / 1e6:.2f} M player-games/s rating)"
            f"{ratio}; target import + rate < 10 s"
        )


def big_list(n: int, db: Path, repeat: int) -> None:
    """Time the ``n``-player list: the query, then CSV and the table (as ``arpad list``
    prints them), on the ledger ``db`` (built first when it does not exist)."""
    if not db.exists():
        with Ledger.open(db) as book:
            c0 = time.process_time()
            book.import_events([list_event(n)], "list")
            book.rate_pending(["uscf"])
            print(f"{n:,}-player list: ledger built in {time.process_time() - c0:.1f} s CPU")
    with Ledger.open(db) as book:
        rows = book.rating_list("uscf", Pool.REGULAR)
        print(f"{len(rows):,}-player list (best of {repeat}, CPU):")

        def query() -> None:
            book.rating_list("uscf", Pool.REGULAR)

        def query_csv() -> None:
            list_output(book.rating_list("uscf", Pool.REGULAR), ListFormat.CSV)

        publish = SYSTEM.published
        print(f"  query {cpu(query, repeat):.2f} s")
        print(f"  CSV formatting {cpu(lambda: list_output(rows, ListFormat.CSV), repeat):.2f} s")
        table = cpu(lambda: list_output(rows, ListFormat.TABLE, publish, 80), repeat)
        print(f"  table formatting (80 columns) {table:.2f} s")
        print(f"  query + CSV: {cpu(query_csv, repeat):.2f} s; target < 2 s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--list-players", type=int, default=1_000_000)
    ap.add_argument("--skip-ledger", action="store_true")
    ap.add_argument("--skip-list", action="store_true")
    ap.add_argument("--only-list", action="store_true", help="time the list alone")
    ap.add_argument("--list-db", type=Path, help="the list's ledger (kept; built if absent)")
    args = ap.parse_args()
    if args.only_list:
        with tempfile.TemporaryDirectory() as tmp:
            big_list(args.list_players, args.list_db or Path(tmp) / "list.db", args.repeat)
        return

    event = [one_event()]
    compare("64-player 7-round event (x200)", event * 200, args.repeat, args.repeat)
    t0 = time.perf_counter()
    season = generate_season(args.seed, args.players, args.events)
    print(f"\n(season generated in {time.perf_counter() - t0:.0f} s, not counted)")
    compare("synthetic season", season, args.repeat, 1)
    season_memory(season)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_ledger:
            print()
            ledger(season, Path(tmp))
        if not args.skip_list:
            print()
            big_list(args.list_players, args.list_db or Path(tmp) / "list.db", args.repeat)


if __name__ == "__main__":
    main()
