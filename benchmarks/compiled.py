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
   the sorted list), in a child process whose peak RSS (its own ``VmHWM``; not
   ``ru_maxrss``, which in a child counts the parent's memory at the fork) is the
   season's peak memory;
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
Numba < 0.8 s with a warm cache; the cold compile of each loop is stated. The run ends
with every target, its figure and "met" or "NOT MET", in one table.

"From columns" is a season as a bulk reader gives it: columns only (no ``Event``
objects), each system's own kind of rating (``RatingSystem.seen_as_own``, applied
before the clock starts). Loops are timed best of ``--repeat`` (CPU seconds): on a shared
machine the spread between runs is large.
"""

from __future__ import annotations

import argparse
import compileall
import dataclasses
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


@dataclasses.dataclass(frozen=True)
class Target:
    """One target of issue 20: what, the figure measured, the target, met or not."""

    what: str
    figure: str
    target: str
    met: bool | None
    """``None``: nothing to measure (no season loop, elochess missing)."""


TARGETS: list[Target] = []


def target(what: str, figure: str, wanted: str, met: bool | None) -> None:
    TARGETS.append(Target(what, figure, wanted, met))


def best_cpu(step: Callable[[], Any], repeat: int) -> float:
    return min(cpu(step)[0] for _ in range(repeat))


def own_columns(events: Sequence[Event], name: str) -> Season:
    """The season as a bulk reader gives it to ``name``: columns only, own ratings."""
    system = get_system(name)
    own = Season.from_events([system.seen_as_own(e) for e in events])
    return dataclasses.replace(own, events=None, first_entries=None)


LOOP_TARGETS = ("uscf", "elo", "fide")
"""The systems issue 20 sets ≥ 10 M player-games/s for."""


def columns_section(
    events: Sequence[Event], elo_s: float | None, repeat: int, only: Sequence[str] = ()
) -> None:
    pool = events[0].pool
    print(f"From columns ({len(events):,} events, best of {repeat}):")
    for name in REGISTRY:
        system = get_system(name)
        if system.season_fn is None or pool not in system.pools:
            if name in LOOP_TARGETS:
                print(f"  {name:<8} no season loop")
                target(f"{name} from columns", "no season loop", "≥ 10 M/s", None)
            continue
        if only and name not in only:
            continue
        season = own_columns(events, name)
        pg = player_games(season)
        config = system.default_config()
        system.rate_season(season, {}, config)  # compile, or load the cache: not counted
        seconds = best_cpu(lambda: system.rate_season(season, {}, config), repeat)  # noqa: B023
        rate = pg / seconds / 1e6
        print(f"  {name:<8} loop {seconds:6.3f} s = {rate:5.2f} M player-games/s ({pg:,})")
        if name in LOOP_TARGETS:
            target(f"{name} from columns", f"{rate:.2f} M/s", "≥ 10 M/s", rate >= 10)
        if name == "uscf":
            ratio = elo_s / seconds if elo_s else None
            shown = f"{ratio:.1f}×" if ratio else "elochess not installed"
            target("uscf vs elochess (calls only)", shown, "≥ 4×", ratio >= 4 if ratio else None)
        loop_only = functools.partial(system.season_fn, season, {}, config)
        alone = best_cpu(loop_only, repeat)
        print(
            f"  {name:<8} season_fn alone {alone:6.3f} s = {pg / alone / 1e6:5.2f} M player-games/s"
        )
        history = arpad.replay(season, name)
        columns = history.columns
        some = min(season.size, 2000)
        if columns is not None:
            built, _ = cpu(lambda: [columns.event_rating(e) for e in range(some)])  # noqa: B023
            print(f"  {name:<8} building EventRatings: {built / some * 1e3:.2f} ms per event")


def events_section(events: Sequence[Event], elo_s: float | None, repeat: int) -> None:
    print(f"From Event objects through arpad.replay (US Chess, best of {repeat}):")
    pg = 2 * sum(1 for e in events for _ in e.rated_games())
    seconds = best_cpu(lambda: arpad.replay(Season.from_events(events), "uscf").states, repeat)
    ratio = elo_s / seconds if elo_s else None
    shown = f"; {ratio:.2f}× elochess" if ratio else ""
    print(
        f"  columns from the events + loop: {seconds:6.2f} s = {pg / seconds / 1e6:.1f} M/s{shown}"
    )
    target(
        "uscf from Event objects vs elochess",
        f"{ratio:.2f}×" if ratio else "elochess not installed",
        "≥ 2×",
        ratio >= 2 if ratio else None,
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
config = system.default_config()  # once, as arpad's own lists do (D-readfast-2)
rows = sorted(((system.list_entry(s, config).rating or 0.0, pid)
               for pid, s in states.items()), reverse=True)
c2 = time.process_time()
# This process's own peak (VmHWM): ru_maxrss of a child started by a large parent
# reports the parent's memory at the fork (Linux keeps the larger of the two).
try:
    with open("/proc/self/status") as status:
        rss = next(int(l.split()[1]) for l in status if l.startswith("VmHWM")) / 1024
except OSError:
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
    target("games CSV → rated list", f"{total} s", "< 5 s", float(total) < 5)
    target("peak memory of the season", f"{rss} MiB", "≤ 300 MiB", float(rss) <= 300)


def ledger_section(events: Sequence[Event], tmp: Path) -> None:
    from arpad.ledger import Ledger

    with Ledger.open(tmp / "season.db") as book:
        imported, _ = cpu(lambda: book.import_events(events, "synthetic-season"))
        rated, _ = cpu(lambda: book.rate_pending(["uscf"]))
    total = imported + rated
    print(
        f"SQLite ledger: import {imported:.1f} s + rate {rated:.1f} s = {total:.1f} s"
        " CPU; target < 10 s"
    )
    target("ledger import + rate", f"{total:.1f} s", "< 10 s", total < 10)


def cli_section(repeat: int) -> None:
    # An installed package has its bytecode; a checkout under PYTHONDONTWRITEBYTECODE=1
    # would compile every changed module at each start, which is not what users pay.
    import arpad

    compileall.compile_dir(Path(arpad.__file__).parent, quiet=1)
    base = min(child_cpu([sys.executable, "-c", "pass"]) for _ in range(repeat))
    print(f"Command line (best of {repeat}, CPU; python -c pass {base:.3f} s):")
    for label, args in (
        ("arpad rate examples/uscf-open.json", ["rate", "examples/uscf-open.json"]),
        ("arpad --help", ["--help"]),
    ):
        runs = [
            child_cpu([str(Path(sys.executable).parent / "arpad"), *args]) for _ in range(repeat)
        ]
        best, median = min(runs), sorted(runs)[len(runs) // 2]
        print(
            f"  {label:<36} best {best:.3f} s = {best / base:4.1f}×, median {median:.3f} s"
            " (targets ≤ 0.3 s, ≤ 15×)"
        )
        target(label, f"{best:.3f} s CPU", "≤ 0.3 s", best <= 0.3)
        target(f"{label} / python -c pass", f"{best / base:.1f}×", "≤ 15×", best / base <= 15)


NUMBA_START = """
import sys, time
sys.path.insert(0, sys.argv[2])
from season import generate_season
import arpad
from arpad.season import Season
from arpad.systems import get_system
system = get_system(sys.argv[1])
events = generate_season(7, 1500, 300)
own = Season.from_events([system.seen_as_own(e) for e in events])
config = system.default_config()
c0 = time.process_time()
system.rate_season(own, {}, config)
c1 = time.process_time()
system.rate_season(own, {}, config)
c2 = time.process_time()
print(f"{(c1 - c0) - (c2 - c1):.2f}")
"""
"""Numba's cost in a fresh process: the first season (Numba imported, the loop compiled or
loaded from the cache) less the second (the same season, the loop loaded)."""


def numba_section(tmp: Path) -> None:
    def run(name: str, env: dict[str, str]) -> float:
        out = subprocess.run(
            [sys.executable, "-c", NUMBA_START, name, str(ROOT / "benchmarks")],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        ).stdout
        return float(out.strip())

    print("Numba (a fresh process: import, then compile or load the loop; CPU):")
    warmest = 0.0
    for name in REGISTRY:
        if get_system(name).season_fn is None:
            continue
        cold = run(name, {**os.environ, "NUMBA_CACHE_DIR": str(tmp / f"cold-{name}")})
        warm = min(run(name, dict(os.environ)) for _ in range(3))
        warmest = max(warmest, warm)
        print(f"  {name:<8} cold compile {cold:5.1f} s; warm cache {warm:.2f} s")
        target(f"{name}: first run after install", f"{cold:.0f} s compile", "stated", None)
    target("Numba with a warm cache (slowest loop)", f"{warmest:.2f} s", "< 0.8 s", warmest < 0.8)


def summary() -> None:
    print("\nIssue 20 targets:")
    for t in TARGETS:
        verdict = {True: "met", False: "NOT MET", None: "—"}[t.met]
        print(f"  {t.what:<48} {t.figure:>22}  {t.target:<10} {verdict}")


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
    ap.add_argument("--repeat", type=int, default=3, help="best of this many timings")
    args = ap.parse_args()
    t0 = time.perf_counter()
    events = generate_season(args.seed, args.players, args.events)
    print(f"(season generated in {time.perf_counter() - t0:.0f} s, not counted)")
    built, season = cpu(lambda: Season.from_events(events))
    print(f"Season.from_events: {built:.2f} s CPU")
    elo_s: float | None = None
    try:
        prepared = elochess_inputs(events)
        elo_s = best_cpu(lambda: elochess(prepared), args.repeat)
        pg = player_games(season)
        print(
            f"elochess (calls only, best of {args.repeat}): {elo_s:.2f} s"
            f" = {pg / elo_s / 1e6:.2f} M player-games/s"
        )
    except ImportError:
        print("elochess: not installed (pip install elochess)")
    only = [n for n in args.systems.split(",") if n]
    columns_section(events, elo_s, args.repeat, only)
    if args.columns_only:
        if args.simulate:
            simulate_section()
        return
    events_section(events, elo_s, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        csv_section(events, Path(tmp))
        if not args.skip_ledger:
            ledger_section(events, Path(tmp))
        cli_section(max(args.repeat, 10))
        numba_section(Path(tmp))
    simulate_section()
    summary()


if __name__ == "__main__":
    main()
