"""Benchmark: ``arpad serve`` under concurrent readers, on loopback only.

    python benchmarks/web_load.py [--players 100000] [--events 25000] [--db PATH]
                                  [--clients 50] [--requests 3000] [--seconds 60]
                                  [--during-rating]

Builds (or reuses, with ``--db`` naming an existing file) a SQLite ledger of the synthetic
season (benchmarks/season.py: 100,000 players, rated with uscf), starts ``arpad serve`` in
its own process on 127.0.0.1, and runs ``--clients`` concurrent clients (threads with
keep-alive connections) that ask for rating-list pages, list searches, player pages and
event pages chosen at random, until ``--requests`` answers or ``--seconds`` have passed.
Prints requests/s and the 50th/95th-percentile latency per kind of page (target: p95 under
200 ms at 50 clients). With ``--during-rating`` a long rating run (``rate-pending
--from-scratch`` of the whole season, in another process) goes on meanwhile, to show that
readers are not blocked by it.

The clients run on the same machine as the server and take CPU from it; on a shared
machine the figures are noisy: compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arpad.ledger import Ledger
from arpad.model import Pool

HOST = "127.0.0.1"
ARPAD = [sys.executable, "-c", "from arpad.cli import main; main()"]


def build(db: Path, players: int, events: int, seed: int) -> None:
    from season import generate_season

    t0 = time.perf_counter()
    season = generate_season(seed, players, events)
    with Ledger.open(db) as ledger:
        ledger.import_events(season, "synthetic-season")
        ledger.rate_pending(["uscf"])
    print(f"built the ledger in {time.perf_counter() - t0:.0f} s ({db})")


def targets(db: Path, seed: int) -> dict[str, list[str]]:
    with Ledger.open(db) as ledger:
        rows = ledger.rating_list("uscf", Pool.REGULAR)
        keys = [e.key for e in ledger.events()]
    rng = random.Random(seed)
    players = rng.sample([r.player_id for r in rows], min(2000, len(rows)))
    pages = max(1, len(rows) // 50)
    # the synthetic players have no names: search for a part of an id (a dozen matches)
    names = [(r.name.split() or [r.player_id[:6]])[-1] for r in rng.sample(rows, 200)]
    print(f"ledger: {len(rows):,} players on the regular list, {len(keys):,} events")
    q = urllib.parse.quote
    return {
        "list": [
            f"/lists?system=uscf&pool=regular&page={rng.randint(1, pages)}" for _ in range(500)
        ],
        "search": [f"/lists?system=uscf&pool=regular&q={q(n)}" for n in names],
        "player": [f"/players/{q(p, safe='')}" for p in players],
        "event": [f"/events/{q(k, safe='')}" for k in rng.sample(keys, min(2000, len(keys)))],
    }


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/api/systems")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


def run_clients(
    port: int, urls: dict[str, list[str]], clients: int, requests: int, seconds: float, seed: int
) -> tuple[dict[str, list[float]], int, float]:
    kinds = list(urls)
    latencies: dict[str, list[float]] = {k: [] for k in kinds}
    errors = 0
    lock = threading.Lock()
    counter = iter(range(requests))
    deadline = time.monotonic() + seconds

    def client(n: int) -> None:
        nonlocal errors
        rng = random.Random(seed + n)
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        while time.monotonic() < deadline:
            with lock:
                if next(counter, None) is None:
                    break
            kind = kinds[rng.randrange(len(kinds))]
            url = rng.choice(urls[kind])
            t0 = time.perf_counter()
            try:
                conn.request("GET", url)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
            elapsed = time.perf_counter() - t0
            with lock:
                if ok:
                    latencies[kind].append(elapsed)
                else:
                    errors += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors, time.perf_counter() - t0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:  # noqa: C901
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--events", type=int, default=25_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--db", type=Path, default=Path("/tmp/arpad-web-bench.db"))
    ap.add_argument("--port", type=int, default=0, help="default: a free port")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=3000)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--during-rating", action="store_true")
    args = ap.parse_args()

    if not args.db.exists():
        build(args.db, args.players, args.events, args.seed)
    urls = targets(args.db, args.seed)
    scratch = None
    if args.during_rating:  # the run rewrites the ledger: give it a copy
        scratch = tempfile.TemporaryDirectory(prefix="arpad-web-bench-")
        copy = Path(scratch.name) / args.db.name
        for part in args.db.parent.glob(args.db.name + "*"):
            shutil.copy(part, copy.parent / part.name)
        args.db = copy
    if not args.port:
        with socket.socket() as s:
            s.bind((HOST, 0))
            args.port = s.getsockname()[1]
    env = {**os.environ, "ARPAD_DB": str(args.db)}
    server = subprocess.Popen(
        [*ARPAD, "serve", "--host", HOST, "--port", str(args.port)],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    rating = None
    try:
        wait_for(args.port)
        for kind in urls:  # warm up: the list cache, the first query of each kind
            conn = http.client.HTTPConnection(HOST, args.port, timeout=60)
            conn.request("GET", urls[kind][0])
            conn.getresponse().read()
        if args.during_rating:
            rating = subprocess.Popen(
                [*ARPAD, "rate-pending", "--from-scratch", "--quiet", "--system", "uscf"],
                env=env,
                stdout=subprocess.DEVNULL,
            )
            time.sleep(2)
        latencies, errors, wall = run_clients(
            args.port, urls, args.clients, args.requests, args.seconds, args.seed
        )
        if rating is not None:
            still = "still running" if rating.poll() is None else "finished"
            print(f"a from-scratch rating run went on meanwhile ({still} at the end)")
    finally:
        if rating is not None and rating.poll() is None:
            rating.terminate()
            rating.wait()
        server.terminate()
        server.wait()
        if scratch is not None:
            scratch.cleanup()
    total = sum(len(v) for v in latencies.values())
    print(
        f"{args.clients} clients, {total} answers in {wall:.1f} s: {total / wall:.0f} requests/s"
        f" ({errors} errors); noisy figures on a shared machine"
    )
    print(f"{'page':<8} {'answers':>8} {'p50 ms':>8} {'p95 ms':>8}")
    for kind, values in latencies.items():
        if values:
            p50, p95 = percentile(values, 50) * 1000, percentile(values, 95) * 1000
            print(f"{kind:<8} {len(values):>8} {p50:>8.0f} {p95:>8.0f}")
    every = [v for values in latencies.values() for v in values]
    if every:
        print(f"{'all':<8} {len(every):>8} {percentile(every, 50) * 1000:>8.0f} "
              f"{percentile(every, 95) * 1000:>8.0f}   (target p95 < 200 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
