"""Benchmark (issue 20, comp-ledger): the synthetic season (benchmarks/season.py,
``generate_season(2024, 100000, 25000)``: 25,000 events, 1,120,076 games) as a games CSV →
rated list in memory (benchmarks/compiled.py's child process, twice: the first may pay a
cold Numba compile), then imported into a SQLite ledger and rated (CPU seconds, as
benchmarks/compiled.py's ``ledger_section``; the rate's wall clock too, since its CPU
seconds include the writer thread's), and the ledger process's peak RSS.

    python benchmarks/ledger_columns.py
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compiled import CSV_TO_LIST
from season import generate_season

from arpad.io import games_csv
from arpad.ledger import Ledger


def main() -> None:
    events = generate_season(2024, 100000, 25000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "season.csv"
        path.write_text(games_csv.dumps(events), encoding="utf-8")
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", CSV_TO_LIST, str(path)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            read, rate, total, rss, players = out.split()
            print(
                f"games CSV → rated list: read {read} s + rate and list {rate} s = {total} s CPU,"
                f" peak RSS {rss} MiB ({players} players)",
                flush=True,
            )
        with Ledger.open(Path(tmp) / "season.db") as book:
            c0 = time.process_time()
            book.import_events(events, "synthetic-season")
            c1 = time.process_time()
            w1 = time.perf_counter()
            book.rate_pending(["uscf"])
            c2, w2 = time.process_time(), time.perf_counter()
    print(f"SQLite ledger: import {c1 - c0:.1f} s + rate {c2 - c1:.1f} s = {c2 - c0:.1f} s CPU")
    # CPU seconds count the writer thread's too (it inserts while the next run is rated).
    print(f"rate_pending wall clock: {w2 - w1:.1f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of the ledger process: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
