"""Benchmark: import and rate the synthetic season (benchmarks/season.py) in a SQLite ledger.

    python benchmarks/ledger_season.py [--players 100000] [--events 25000] [--seed 2024]
                                       [--db /tmp/arpad-season.db] [--profile]

Prints the time to import and to rate (events/s, player-games/s), the database size, and
the time to produce a 100,000-player rating list in each output format. Targets on the
2-core reference machine (issue 6): import + rate under 60 s; a 100,000-player list under
1 s. Generating the season is not counted (it is the same in every benchmark).
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger
from arpad.model import Event, Game, PlayerEntry, Pool


def _remove(db: Path) -> None:
    """Delete a SQLite database and its journal files (``-wal``, ``-shm``)."""
    for p in db.parent.glob(db.name + "*"):
        p.unlink()


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def _time_lists(ledger: Ledger, label: str, repeat: int = 3) -> None:
    """Time query + formatting of the Regular list in each format: best of ``repeat``."""
    for fmt in ListFormat:
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            rows = ledger.rating_list("uscf", Pool.REGULAR)
            text = list_output(rows, fmt)
            times.append(time.perf_counter() - t0)
        print(
            f"{label} ({fmt.value}): {len(rows):,} players in {min(times):.2f} s "
            f"(best of {repeat}; first {times[0]:.2f} s), {len(text) / 2**20:.1f} MiB "
            "(target < 1 s)"
        )


def list_event(n: int) -> Event:
    """One event of ``n`` established players and n/2 games: a ledger whose list has
    exactly ``n`` rated players."""
    players = tuple(
        PlayerEntry(f"L{i:07d}", f"Player {i}", rating=1000.0 + (i * 7919) % 1500, games=50)
        for i in range(n)
    )
    games = tuple(
        Game(players[i].id, players[i + 1].id, (0.0, 0.5, 1.0)[i % 3], 1) for i in range(0, n, 2)
    )
    return Event("list-event", players, games, end_date=dt.date(2024, 12, 31))


def one_more(season: list[Event]) -> Event:
    """A small event after the season, of eight players the ledger knows: what a weekly
    upload into a big ledger rates."""
    players = season[0].players[:8]
    games = tuple(
        Game(a.id, b.id, 0.5, r + 1)
        for r, (a, b) in enumerate(zip(players[::2], players[1::2], strict=True))
    )
    last = max(e.end_date for e in season if e.end_date is not None)
    return Event(
        "one-more", tuple(PlayerEntry(p.id) for p in players), games,
        end_date=last + dt.timedelta(days=1),
    )  # fmt: skip


def hundred_thousand(db: Path, n: int = 100_000) -> None:
    """Time the 100,000-player rating list the issue asks for."""
    event = list_event(n)
    with Ledger.open(db) as ledger:
        ledger.import_events([event], "hundred-thousand")
        ledger.rate_pending(["uscf"])
        _time_lists(ledger, f"rating list of {n:,} players")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--db", type=Path, default=None)
    ap.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = ap.parse_args()

    t0 = time.perf_counter()
    season = generate_season(args.seed, args.players, args.events)
    n_games = sum(len(e.games) for e in season)
    n_entries = sum(len(e.players) for e in season)
    print(
        f"generated {len(season)} events, {n_games} games, {n_entries} player entries "
        f"in {time.perf_counter() - t0:.1f} s (not counted)"
    )

    workdir = None
    if args.db is None:
        workdir = tempfile.TemporaryDirectory()
        db = Path(workdir.name) / "season.db"
    else:
        db = args.db
        _remove(db)

    profiler = cProfile.Profile() if args.profile else None
    with Ledger.open(db) as ledger:
        if profiler is not None:
            profiler.enable()
        t0, c0 = time.perf_counter(), time.process_time()
        ledger.import_events(season, "synthetic-season")
        t_import, c_import = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        report = ledger.rate_pending(["uscf"])
        t_rate, c_rate = time.perf_counter() - t0, time.process_time() - c0
        if profiler is not None:
            profiler.disable()
        total = t_import + t_rate
        print(
            f"import: {t_import:.1f} s wall, {c_import:.1f} s CPU "
            f"({len(season) / t_import:,.0f} events/s, {n_games / t_import:,.0f} games/s)"
        )
        print(
            f"rate-pending: {t_rate:.1f} s wall, {c_rate:.1f} s CPU "
            f"({report.rated['uscf'] / t_rate:,.0f} events/s, "
            f"{2 * n_games / t_rate:,.0f} player-games/s)"
        )
        print(
            f"import + rate: {total:.1f} s wall, {c_import + c_rate:.1f} s CPU "
            f"({len(season) / total:,.0f} events/s; target < 60 s, ratio {total / 60:.2f})"
        )
        print(f"database size: {_size(db) / 2**20:.0f} MiB ({db})")
        t0, c0 = time.perf_counter(), time.process_time()
        ledger.import_events([one_more(season)], "one-more")
        ledger.rate_pending(["uscf"])
        print(
            "one more event into the season's ledger (import + rate): "
            f"{time.perf_counter() - t0:.2f} s wall, {time.process_time() - c0:.2f} s CPU"
        )
        _time_lists(ledger, "season rating list")
        t0 = time.perf_counter()
        rows = ledger.rating_list("uscf", Pool.REGULAR, as_of=season[len(season) // 2].end_date)
        print(
            f"rating list as of mid-season: {len(rows):,} players "
            f"in {time.perf_counter() - t0:.2f} s"
        )
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    list_db = db.parent / "list.db"
    _remove(list_db)  # left by an earlier run with the same --db
    try:
        hundred_thousand(list_db)
    finally:
        _remove(list_db)
    if workdir is not None:
        workdir.cleanup()


if __name__ == "__main__":
    main()
