"""Benchmark (issue 20): the compiled season loops over columns, in one run.

    pip install elochess        # a comparison only, not a dependency
    python benchmarks/compiled.py [--players 100000] [--events 25000] [--skip-ledger]

Prints CPU seconds (``time.process_time``; children's CPU for the subprocess steps),
player-games/s and ratios for:

1. each system with a season loop, from columns (:class:`arpad.season.Season`), results
   as columns (``arpad.replay(season, system)``; building every ``EventRating`` is
   reported apart);
2. elochess's US Chess calculator on the same games, calls only (each event's opponent
   lists built before the clock starts; one pass, no special formula, no floors);
3. from ``Event`` objects through ``arpad.replay``: columns built from the events, and the
   chunked ``replay(events)`` with every result built;
4. the season as a games CSV → rated list in memory (``games_csv.read_season``, the loop,
   the sorted list), in a child process whose peak RSS is the season's peak memory;
5. the season imported into a SQLite ledger and rated;
6. ``arpad rate examples/uscf-open.json`` and ``arpad --help`` against ``python -c pass``;
7. Numba: a cold compile (an empty cache folder) and a warm start (the user cache);
8. ``arpad simulate --seed 1`` (the lab's defaults: 15,000 players, 340 rounds of the
   PRA's round engine, the season loop over one-game events), in a child process.

``--systems uscf,pra`` limits section 1 to those systems; ``--columns-only`` runs only
section 1 (and 8 with ``--simulate``).

Targets (issue 20): US Chess ≥ 10 M player-games/s from columns and ≥ 4× elochess;
Elo and FIDE ≥ 10 M/s; from Event objects ≥ 2× elochess; CSV → list < 5 s; ledger
import + rate < 10 s; peak ≤ 300 MiB; CLI ≤ 0.3 s CPU and ≤ 15× ``python -c pass``;
Numba < 0.8 s with a warm cache.
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

import arpad
from arpad.io import games_csv
from arpad.model import Event
from arpad.season import Season
from arpad.systems import REGISTRY, get_system

ROOT = Path(__file__).resolve().parents[1]
LOOP_TARGETS = {"uscf": 10.0, "elo": 10.0, "fide": 10.0}
"""Issue 20's targets for the season loops from columns, M player-games/s."""


def cpu(step: Callable[[], Any]) -> tuple[float, Any]:
    c0 = time.process_time()
    out = step()
    return time.process_time() - c0, out


def child_cpu(args: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, capture_output=True, env=env, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def player_games(season: Season) -> int:
    return 2 * len(season.white)


def elochess_inputs(
    events: Sequence[Event],
) -> list[list[tuple[str, list[str], float, float, int]]]:
    """Per event, per player with games: (id, opponent ids, score, entry rating, entry N)."""
    out = []
    for e in events:
        opps: dict[str, list[str]] = {}
        score: dict[str, float] = {}
        for g in e.rated_games():
            opps.setdefault(g.white, []).append(g.black)
            opps.setdefault(g.black, []).append(g.white)
            score[g.white] = score.get(g.white, 0.0) + g.score
            score[g.black] = score.get(g.black, 0.0) + 1.0 - g.score
        out.append(
            [
                (p.id, opps[p.id], score[p.id], p.rating or 750.0, p.games)
                for p in e.players
                if p.id in opps
            ]
        )
    return out


def elochess(prepared: list[list[tuple[str, list[str], float, float, int]]]) -> None:
    from elochess.uscf import UscfCalculator

    update = UscfCalculator.update_rating
    rating: dict[str, int] = {}
    games: dict[str, int] = {}
    for event in prepared:
        pre = {pid: rating.get(pid, round(r)) for pid, _, _, r, _ in event}
        for pid, opps, score, _, n0 in event:
            n = games.get(pid, n0)
            rating[pid] = update(pre[pid], [pre[o] for o in opps], score, games_played=n)
            games[pid] = n + len(opps)


def columns_section(
    season: Season, events: Sequence[Event], elo_s: float | None, only: Sequence[str] = ()
) -> None:
    pg = player_games(season)
    print(f"From columns ({season.size:,} events, {pg:,} player-games):")
    for name in REGISTRY:
        system = get_system(name)
        if system.season_fn is None or season.pool not in system.pools:
            continue
        if only and name not in only:
            continue
        rate = functools.partial(arpad.replay, season, name)
        cpu(rate)  # compile, or load the cache: not counted
        seconds, history = cpu(rate)
        ratio = f"; {elo_s / seconds:.1f}× elochess" if elo_s and name == "uscf" else ""
        rate_m = pg / seconds / 1e6
        target = LOOP_TARGETS.get(name)
        if target is not None:
            ratio += f"; target ≥ {target:g} M/s {'met' if rate_m >= target else 'not met'}"
        print(f"  {name:<8} loop {seconds:6.2f} s = {rate_m:5.1f} M player-games/s{ratio}")
        loop_only = functools.partial(system.season_fn, season, {}, system.default_config())
        alone, _ = cpu(loop_only)
        print(
            f"  {name:<8} season_fn alone (no seen_as_own pass over the events) {alone:6.2f} s"
            f" = {pg / alone / 1e6:5.1f} M player-games/s"
        )
        columns = history.columns
        some = min(season.size, 2000)
        if columns is not None:
            built, _ = cpu(lambda: [columns.event_rating(e) for e in range(some)])  # noqa: B023
            print(f"  {name:<8} building EventRatings: {built / some * 1e3:.2f} ms per event")
    missing = [n for n in ("elo", "fide") if get_system(n).season_fn is None]
    if missing:
        print(f"  no season loop yet: {', '.join(missing)}")


def events_section(events: Sequence[Event], elo_s: float | None, pg: int) -> None:
    print("From Event objects through arpad.replay (US Chess):")
    seconds, _ = cpu(lambda: arpad.replay(Season.from_events(events), "uscf").states)
    ratio = f"; {elo_s / seconds:.2f}× elochess" if elo_s else ""
    print(
        f"  columns from the events + loop: {seconds:6.2f} s = {pg / seconds / 1e6:.1f} M/s{ratio}"
    )
    seconds, _ = cpu(lambda: arpad.replay(events, "uscf").states)
    print(f"  replay(events) (batches of events): {seconds:6.2f} s = {pg / seconds / 1e6:.1f} M/s")


CSV_TO_LIST = """
import sys, time, resource
from arpad.io import games_csv
import arpad
from arpad.systems import get_system
c0 = time.process_time()
with open(sys.argv[1], encoding="utf-8") as fh:
    season = games_csv.read_season(fh, sys.argv[1])
c1 = time.process_time()
states = arpad.replay(season, "uscf").states
system = get_system("uscf")
rows = sorted(((system.list_entry(s, system.default_config()).rating or 0.0, pid)
               for pid, s in states.items()), reverse=True)
c2 = time.process_time()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{c1 - c0:.2f} {c2 - c1:.2f} {c2 - c0:.2f} {rss:.0f} {len(rows)}")
"""


def csv_section(events: Sequence[Event], tmp: Path) -> None:
    path = tmp / "season.csv"
    path.write_text(games_csv.dumps(events), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-c", CSV_TO_LIST, str(path)], check=True, capture_output=True, text=True
    ).stdout.split()
    read, rate, total, rss, players = out
    print(
        f"Games CSV → rated list in memory: read {read} s + rate and list {rate} s = {total} s CPU"
        f" ({int(players):,} players); peak RSS {rss} MiB (Python, NumPy, Numba included);"
        " targets < 5 s, ≤ 300 MiB"
    )


def ledger_section(events: Sequence[Event], tmp: Path) -> None:
    from arpad.ledger import Ledger

    with Ledger.open(tmp / "season.db") as book:
        imported, _ = cpu(lambda: book.import_events(events, "synthetic-season"))
        rated, _ = cpu(lambda: book.rate_pending(["uscf"]))
    print(
        f"SQLite ledger: import {imported:.1f} s + rate {rated:.1f} s = {imported + rated:.1f} s"
        " CPU; target < 10 s"
    )


def cli_section() -> None:
    base = min(child_cpu([sys.executable, "-c", "pass"]) for _ in range(3))
    print(f"Command line (best of 3, CPU; python -c pass {base:.3f} s):")
    for label, args in (
        ("arpad rate examples/uscf-open.json", ["rate", "examples/uscf-open.json"]),
        ("arpad --help", ["--help"]),
    ):
        best = min(child_cpu([str(Path(sys.executable).parent / "arpad"), *args]) for _ in range(3))
        print(f"  {label:<36} {best:.3f} s = {best / base:4.1f}× (targets ≤ 0.3 s, ≤ 15×)")


NUMBA_START = """
import time
c0 = time.process_time()
from arpad.season import Season
from arpad.model import Game, PlayerEntry, build_event
from arpad.systems.uscf2020.season import rate_season
from arpad.systems.uscf2020 import USCFConfig
e = build_event("e", [PlayerEntry("a", rating=1500.0, games=30), PlayerEntry("b")],
                [Game("a", "b", 1.0)])
c1 = time.process_time()
rate_season(Season.from_events([e]), {}, USCFConfig(), compiled=True)
print(f"{time.process_time() - c1:.2f}")
"""


def numba_section(tmp: Path) -> None:
    def run(env: dict[str, str]) -> str:
        return subprocess.run(
            [sys.executable, "-c", NUMBA_START],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout.strip()

    cold = run({**os.environ, "NUMBA_CACHE_DIR": str(tmp / "cold")})
    warm = min(float(run(dict(os.environ))) for _ in range(3))
    print(
        f"Numba (US Chess loop): cold compile {cold} s CPU; warm cache {warm:.2f} s"
        " (import + load); target < 0.8 s warm"
    )


def simulate_section() -> None:
    """``arpad simulate --seed 1`` on its defaults: CPU of the child (Numba's warm start
    included) and the game ratings per second the command prints."""
    arpad_cli = str(Path(sys.executable).parent / "arpad")
    args = [arpad_cli, "simulate", "--seed", "1", "--quiet"]
    best = min(child_cpu(args) for _ in range(2))
    games = 15_000 // 2 * 340
    print(
        f"arpad simulate --seed 1 (15,000 players, 340 rounds, {games:,} games): {best:.2f} s"
        f" CPU = {2 * games / best / 1e6:.1f} M player-games/s (start-up and measuring included)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--skip-ledger", action="store_true")
    ap.add_argument("--systems", default="", help="section 1 for these systems only")
    ap.add_argument("--columns-only", action="store_true", help="section 1 only")
    ap.add_argument("--simulate", action="store_true", help="with --columns-only: section 8")
    args = ap.parse_args()
    t0 = time.perf_counter()
    events = generate_season(args.seed, args.players, args.events)
    print(f"(season generated in {time.perf_counter() - t0:.0f} s, not counted)")
    built, season = cpu(lambda: Season.from_events(events))
    print(f"Season.from_events: {built:.2f} s CPU")
    elo_s: float | None = None
    try:
        prepared = elochess_inputs(events)
        elo_s, _ = cpu(lambda: elochess(prepared))
        pg = player_games(season)
        print(f"elochess (calls only): {elo_s:.2f} s = {pg / elo_s / 1e6:.2f} M player-games/s")
    except ImportError:
        print("elochess: not installed (pip install elochess)")
    columns_section(season, events, elo_s, [n for n in args.systems.split(",") if n])
    if args.columns_only:
        if args.simulate:
            simulate_section()
        return
    events_section(events, elo_s, player_games(season))
    with tempfile.TemporaryDirectory() as tmp:
        csv_section(events, Path(tmp))
        if not args.skip_ledger:
            ledger_section(events, Path(tmp))
        cli_section()
        numba_section(Path(tmp))
    simulate_section()


if __name__ == "__main__":
    main()
