"""Benchmark: the memory of the upload's background job, phase by phase.

    python benchmarks/upload_job_memory.py --db COPY_OF_A_LEDGER [--games 123000]

Runs in this process what the server's background job does with an uploaded games CSV
(:func:`arpad.web.background.preview_upload`), one phase at a time, on the ledger
``--db`` (nothing is stored): reading and resolving the file, the preview against the
ledger, and the preview's rows as the job stores them. After each phase it prints
the kernel's peak of this process's resident memory (``VmHWM``), its anonymous part now
(``RssAnon``) and tracemalloc's peak of Python's allocations within the phase. The file is
``benchmarks/web_load.py``'s club CSV (123,000 games: the 5.4 MiB file of issue 24).
"""

from __future__ import annotations

import argparse
import tempfile
import time
import tracemalloc
from pathlib import Path

from web_load import games_csv

from arpad.ledger import Ledger
from arpad.web import background, previews
from arpad.web.uploads import read_options


def status_mb() -> str:
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "RssAnon", "RssFile"):
            fields[key] = int(value.split()[0]) // 1024
    return ", ".join(f"{k} {v} MB" for k, v in fields.items())


def phase(name: str, started: float) -> None:
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    print(f"{name:<28} {time.perf_counter() - started:6.1f} s  python peak {peak / 2**20:5.0f} MB  "
          f"({status_mb()})")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, required=True)
    ap.add_argument("--games", type=int, default=123_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="arpad-job-bench-") as tmp:
        path = games_csv(Path(tmp) / "club-games.csv", args.games)
        print(f"{args.games:,} games, {path.stat().st_size / 2**20:.1f} MiB; {status_mb()}")
        with Ledger.open(args.db) as ledger:
            tracemalloc.start()
            t0 = time.perf_counter()
            options = read_options(None, None, None)  # the form's defaults
            prepared, _ = background.read_upload(ledger, path, options, strict=False)
            phase("read and resolve the file", t0)
            t0 = time.perf_counter()
            with ledger.engine.connect() as conn:
                shown = background.preview_import(conn, prepared)
            phase("preview against the ledger", t0)
            t0 = time.perf_counter()
            rows = list(previews.player_items(shown)) + list(previews.section_items(shown))
            phase(f"preview rows ({len(rows):,})", t0)
            tracemalloc.stop()


if __name__ == "__main__":
    main()
