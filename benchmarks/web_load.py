"""Benchmark: ``arpad serve`` under concurrent readers, on loopback only.

    python benchmarks/web_load.py [--players 100000] [--events 25000] [--db PATH]
                                  [--clients 50] [--requests 3000] [--seconds 60]
                                  [--workers N] [--pages list,player] [--during-rating]
                                  [--upload-games 123000]

Builds (or reuses, with ``--db`` naming an existing file) a SQLite ledger of the synthetic
season (benchmarks/season.py: 100,000 players, rated with uscf), starts ``arpad serve`` in
its own process on 127.0.0.1, and runs ``--clients`` concurrent clients (threads with
keep-alive connections) that ask for rating-list pages, list searches, player pages and
event pages and the API's list and player documents chosen at random, until
``--requests`` answers or ``--seconds`` have passed. Prints, per kind of page, requests/s,
the 50th/95th/99th-percentile latency and the errors, then one ``SUMMARY`` line per page
(target: p95 under 200 ms at 50 clients) with the machine's load average before and after
the run and the number of server worker processes; and the server's CPU time per answer
(what the server needs, whatever else the machine is doing).
With ``--during-rating`` a long rating run (``rate-pending --from-scratch`` of the whole
season, in another process) goes on meanwhile, to show that readers are not blocked by it.
With ``--upload-games N`` an officer uploads a generated games CSV of N games (123,000:
the 4.9 MiB file of issue 24) through ``/api/uploads`` when the readers start, and the
benchmark follows it until its preview is ready; the server's memory (the main process,
its workers and the background job, sampled every 0.2 s from /proc) is reported at its
peak.

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
from typing import Any

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
        "api-list": [
            f"/api/lists/uscf/regular?page={rng.randint(1, pages)}&size=50" for _ in range(500)
        ],
        "api-player": [f"/api/players/{q(p, safe='')}" for p in players],
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
) -> tuple[dict[str, list[float]], dict[str, int], float]:
    kinds = list(urls)
    latencies: dict[str, list[float]] = {k: [] for k in kinds}
    errors: dict[str, int] = dict.fromkeys(kinds, 0)
    lock = threading.Lock()
    counter = iter(range(requests))
    deadline = time.monotonic() + seconds

    def client(n: int) -> None:
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
                    errors[kind] += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors, time.perf_counter() - t0


def games_csv(path: Path, games: int, seed: int = 24) -> Path:
    """A club's games CSV: weekly 40-player, 5-round events among 6,000 members (the
    shape of the officer's file in issue 24: 123,000 games are 5.7 MB)."""
    rng = random.Random(seed)
    lines = ["event,date,round,white,black,result"]
    event = 0
    while len(lines) <= games:
        day = f"{2001 + event // 52}-{1 + event % 52 // 5:02d}-{1 + event % 5 * 6:02d}"
        members = rng.sample(range(10_000_000, 10_006_000), 40)
        for rnd in range(1, 6):
            rng.shuffle(members)
            for i in range(0, 40, 2):
                if len(lines) <= games:
                    result = rng.choice(["1-0", "0-1", "1/2-1/2"])
                    lines.append(
                        f"club-{event:04d},{day},{rnd},{members[i]},{members[i + 1]},{result}"
                    )
        event += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def tree_rss(root: int, peaks: dict[int, int] | None = None) -> tuple[int, int]:
    """Resident memory of ``root`` and its descendants (bytes), and of the largest one;
    ``peaks`` (pid → bytes) keeps each process's largest."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[1])
        rss[int(entry.name)] = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
    family, changed = {root}, True
    while changed:
        grown = family | {p for p, parent in parents.items() if parent in family}
        changed, family = grown != family, grown
    sizes = [rss.get(p, 0) for p in family]
    if peaks is not None:
        for p in family:
            peaks[p] = max(peaks.get(p, 0), rss.get(p, 0))
    return sum(sizes), max(sizes)


def tree_cpu(root: int) -> float:
    """CPU seconds (user and system) used so far by ``root`` and its descendants."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[1])
        cpu[int(entry.name)] = (int(stat[11]) + int(stat[12])) / tick
    family, changed = {root}, True
    while changed:
        grown = family | {p for p, parent in parents.items() if parent in family}
        changed, family = grown != family, grown
    return sum(cpu.get(p, 0.0) for p in family)


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def role(pid: int) -> str:
    """What a server process is, from its command line."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return "ended"
    for mark, name in [("background", "upload job"), ("rate-pending", "rating run"),
                       ("spawn_main", "worker"), ("serve", "main")]:  # fmt: skip
        if mark in argv:
            return name
    return argv[:40]


def status_kb(pid: int) -> dict[str, int]:
    """``VmHWM`` (the kernel's own peak of resident memory: nothing between samples is
    missed), ``RssAnon`` (heap, SQLite's page caches) and ``RssFile`` (mapped files,
    libraries) of a process, in kB."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmHWM", "RssAnon", "RssFile"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def open_on(pid: int, path: Path) -> int:
    """How many file descriptors of ``pid`` are open on the database file ``path`` (one
    per SQLite connection)."""
    count = 0
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                count += os.readlink(fd) == str(path)
            except OSError:
                continue
    except OSError:
        pass
    return count


class MemoryWatch(threading.Thread):
    """Samples :func:`tree_rss` of the server every 0.2 s; keeps the peaks, and per process
    the largest ``VmHWM``, ``RssAnon``, ``RssFile`` and number of open connections to the
    ledger (``db``)."""

    def __init__(self, root: int, db: Path | None = None) -> None:
        super().__init__(daemon=True)
        self.root, self.peak_total, self.peak_one = root, 0, 0
        self.db = None if db is None else db.resolve()
        self.peaks: dict[int, int] = {}
        self.roles: dict[int, str] = {}
        self.status: dict[int, dict[str, int]] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(0.2):
            total, one = tree_rss(self.root, self.peaks)
            for pid in self.peaks:
                if pid not in self.roles:
                    self.roles[pid] = role(pid)
                seen = self.status.setdefault(pid, {})
                now = status_kb(pid)
                if self.db is not None:
                    now["connections"] = open_on(pid, self.db)
                for key, value in now.items():
                    seen[key] = max(seen.get(key, 0), value)
            self.peak_total, self.peak_one = max(self.peak_total, total), max(self.peak_one, one)


def upload(port: int, token: str, path: Path) -> tuple[str, float]:
    """POST the file to /api/uploads and follow it until its preview is ready; returns
    its final state and the seconds it took."""
    import json

    boundary = "arpad-bench"
    head = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{path.name}"'
    body = (head + "\r\n\r\n").encode() + path.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    auth = {"Authorization": f"Bearer {token}"}
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    kind = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    conn.request("POST", "/api/uploads", body=body, headers={**auth, **kind})
    answer = conn.getresponse()
    doc = json.loads(answer.read())
    if answer.status != 202:
        return f"refused {answer.status}: {doc}", time.perf_counter() - t0
    state = "queued"
    while state in ("queued", "reading") and time.perf_counter() - t0 < 900:
        time.sleep(1)
        conn.request("GET", doc["url"], headers=auth)
        state = json.loads(conn.getresponse().read())["state"]
    conn.close()
    return state, time.perf_counter() - t0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def parse() -> argparse.Namespace:
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
    ap.add_argument("--workers", type=int, default=0, help="default: arpad serve's")
    ap.add_argument("--pages", default="", help="kinds of page, comma-separated (default: all)")
    ap.add_argument("--upload-games", type=int, default=0)
    ap.add_argument("--upload-wait", type=float, default=900, help="seconds, after the readers")
    return ap.parse_args()


def serve_command(args: argparse.Namespace) -> list[str]:
    if not args.port:
        with socket.socket() as s:
            s.bind((HOST, 0))
            args.port = s.getsockname()[1]
    command = [*ARPAD, "serve", "--host", HOST, "--port", str(args.port), "--max-upload-mb", "8"]
    return command + (["--workers", str(args.workers)] if args.workers else [])


class Upload:
    """The officer's upload (``--upload-games``): a token, the generated file, and the
    thread that sends it and follows it."""

    def __init__(self, db: Path, games: int) -> None:
        from arpad.ledger.tokens import create_token

        with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
            self.token = create_token(conn, "web_load benchmark").token
        self.scratch = tempfile.TemporaryDirectory(prefix="arpad-web-csv-")
        self.csv = games_csv(Path(self.scratch.name) / "club-games.csv", games)
        self.done: list[tuple[str, float]] = []
        self.thread: threading.Thread | None = None
        print(f"upload: {games:,} games, {self.csv.stat().st_size / 2**20:.1f} MiB")

    def start(self, port: int) -> None:
        self.thread = threading.Thread(
            target=lambda: self.done.append(upload(port, self.token, self.csv)), daemon=True
        )
        self.thread.start()

    def report(self, wait: float) -> None:
        if self.thread is not None:
            self.thread.join(wait)
        if self.done:
            print(f"upload: {self.done[0][0]} after {self.done[0][1]:.0f} s")
        else:
            print(f"upload: not read yet {wait:.0f} s after the readers ended")
        self.scratch.cleanup()


def warm_up(port: int, urls: dict[str, list[str]]) -> None:
    for kind in urls:  # the list cache, the first query of each kind
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        conn.request("GET", urls[kind][0])
        conn.getresponse().read()


def report(
    args: argparse.Namespace, watch: MemoryWatch, measured: Any, run: dict[str, Any]
) -> None:
    latencies, errors, wall = measured
    print(
        f"server memory at peak: {watch.peak_total / 2**20:.0f} MB resident (all processes),"
        f" largest process {watch.peak_one / 2**20:.0f} MB"
    )
    for pid, peak in sorted(watch.peaks.items(), key=lambda kv: -kv[1]):
        st = watch.status.get(pid, {})
        detail = ", ".join(
            f"{key} {st[key] / 1024:.0f} MB" for key in ("VmHWM", "RssAnon", "RssFile") if key in st
        )
        if "connections" in st:
            detail += f", up to {st['connections']} ledger connections"
        print(f"  {watch.roles.get(pid, '?'):<12} pid {pid}: peak {peak / 2**20:.0f} MB ({detail})")
    total = sum(len(v) for v in latencies.values())
    run["workers"] = sum(1 for r in watch.roles.values() if r == "worker")
    print(
        f"{args.clients} clients, {run['workers']} server worker processes, {total} answers"
        f" in {wall:.1f} s: {total / wall:.0f} requests/s ({sum(errors.values())} errors)"
    )
    print(
        f"load average (1, 5, 15 min) before: {run['load_before']}, after: {run['load_after']}"
        f" on {os.cpu_count()} CPUs; the server used {run['server_cpu']:.1f} CPU s,"
        f" {run['server_cpu'] / max(total, 1) * 1000:.1f} ms per answer"
    )
    print("(figures taken with other work on the machine are noisy: read the load average)")
    rows = _page_rows(latencies, errors, wall)
    print(f"{'page':<10} {'answers':>8} {'req/s':>6} " + " ".join(f"{h:>7}" for h in _HEADS))
    for kind, n, rate, p50, p95, p99, wrong in rows:
        print(f"{kind:<10} {n:>8} {rate:>6.0f} {p50:>7.0f} {p95:>7.0f} {p99:>7.0f} {wrong:>7}")
    print("summary (target p95 < 200 ms at 50 clients):")
    for kind, _, rate, p50, p95, p99, wrong in rows:
        print(
            f"SUMMARY page={kind} clients={args.clients} workers={run['workers']}"
            f" p50_ms={p50:.0f} p95_ms={p95:.0f} p99_ms={p99:.0f} req_s={rate:.1f}"
            f" errors={wrong} load_before={run['load_before'].split()[0]}"
            f" load_after={run['load_after'].split()[0]} met={'yes' if p95 < 200 else 'no'}"
        )


_HEADS = ("p50 ms", "p95 ms", "p99 ms", "errors")


def _page_rows(
    latencies: dict[str, list[float]], errors: dict[str, int], wall: float
) -> list[tuple[str, int, float, float, float, float, int]]:
    """Per kind of page, then for all: answers, requests/s, p50/p95/p99 ms, errors."""
    every = [v for values in latencies.values() for v in values]
    kinds = [(k, v, errors[k]) for k, v in latencies.items()]
    kinds.append(("all", every, sum(errors.values())))
    return [
        (kind, len(v), len(v) / wall, ms(v, 50), ms(v, 95), ms(v, 99), wrong)
        for kind, v, wrong in kinds
        if v
    ]


def ms(values: list[float], p: float) -> float:
    return percentile(values, p) * 1000


def main() -> None:
    args = parse()
    if not args.db.exists():
        build(args.db, args.players, args.events, args.seed)
    urls = targets(args.db, args.seed)
    urls = {kind: urls[kind] for kind in (args.pages.split(",") if args.pages else urls)}
    scratch = None
    if args.during_rating:  # the run rewrites the ledger: give it a copy
        scratch = tempfile.TemporaryDirectory(prefix="arpad-web-bench-")
        copy = Path(scratch.name) / args.db.name
        for part in args.db.parent.glob(args.db.name + "*"):
            shutil.copy(part, copy.parent / part.name)
        args.db = copy
    env = {**os.environ, "ARPAD_DB": str(args.db)}
    officer = Upload(args.db, args.upload_games) if args.upload_games else None
    server = subprocess.Popen(serve_command(args), env=env, stdout=subprocess.DEVNULL)
    watch = MemoryWatch(server.pid, args.db)
    rating = None
    try:
        wait_for(args.port)
        print(f"server at rest: {tree_rss(server.pid)[0] / 2**20:.0f} MB resident (all processes)")
        warm_up(args.port, urls)
        if args.during_rating:
            rating = subprocess.Popen(
                [*ARPAD, "rate-pending", "--from-scratch", "--quiet", "--system", "uscf"],
                env=env,
                stdout=subprocess.DEVNULL,
            )
            time.sleep(2)
        watch.start()
        if officer is not None:
            officer.start(args.port)
        run: dict[str, Any] = {"load_before": load_average()}
        cpu_before = tree_cpu(server.pid)
        measured = run_clients(
            args.port, urls, args.clients, args.requests, args.seconds, args.seed
        )
        run["server_cpu"] = tree_cpu(server.pid) - cpu_before
        run["load_after"] = load_average()
        if officer is not None:
            officer.report(args.upload_wait)
        watch.stop.set()
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
    report(args, watch, measured, run)


if __name__ == "__main__":
    main()
