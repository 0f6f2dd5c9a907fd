"""Printing a published list of 1,000,000 players (issue 21: under 2 s). A publication
stores its rows frozen (:mod:`arpad.ledger.publications`), so printing reads them in rank
order and formats them; no state or player table is read.

    python benchmarks/published_list.py                       # 1,000,000 rows
    python benchmarks/published_list.py --players 100000
    python benchmarks/published_list.py --db /tmp/list1m.db   # publish a rated ledger

Without ``--db`` the publication's rows are written straight into a new SQLite ledger
(synthetic players, ratings 800–2800, a US Chess publication); with ``--db`` the ledger's
current uscf Regular list is published (as ``benchmarks/speed.py --list-db`` builds one)
and the published CSV is checked byte for byte against ``arpad list --as-of``. Figures:
CPU seconds, best of ``--repeat``, of the query, of the CSV and table formatting, and of
``arpad list --published --format csv`` end to end (a subprocess).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import insert

from arpad.cli.ledger_output import ListFormat, list_output, stored_texts
from arpad.ledger import Ledger, publications, schema
from arpad.ledger.bulk import insert_rows
from arpad.model import Pool
from arpad.systems import get_system

CUTOFF = dt.date(2026, 9, 30)
T = TypeVar("T")


def synthetic_publication(db: str, players: int) -> None:
    """A ledger holding one uscf Regular publication of ``players`` frozen rows."""
    rng = random.Random(21)
    ratings = sorted((rng.uniform(800, 2800) for _ in range(players)), reverse=True)
    with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
        pid = conn.execute(
            insert(schema.publications).values(
                system="uscf",
                pool="regular",
                version=1,
                cutoff=CUTOFF,
                published_at="2026-10-01T00:00:00+00:00",
                published_by="benchmark",
                players=players,
                sections=0,
            )
        ).inserted_primary_key[0]  # type: ignore[index]
        columns = tuple(c.name for c in schema.publication_rows.columns)
        for start in range(0, players, 50_000):
            rows = []
            for rank in range(start + 1, min(players, start + 50_000) + 1):
                games = rng.randint(0, 400)
                rows.append((
                    pid, rank, f"{10_000_000 + rank}", f"Player {rank}, Synthetic",
                    ratings[rank - 1], games, games >= 26, "" if games >= 26 else f"P{games}",
                    f"2026-09-{1 + rank % 28:02d}", None, "USA", None,
                ))  # fmt: skip
            insert_rows(conn, schema.publication_rows, columns, rows)
        texts = stored_texts(publications.frozen_rows(conn, pid))
        publications._store_texts(conn, pid, texts)  # as arpad publish stores them


def best(repeat: int, work: Callable[[], T]) -> tuple[float, T]:
    """The least CPU time of ``repeat`` runs of ``work``, and its result."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        result = work()
        times.append(time.process_time() - start)
    return min(times), result


def end_to_end(db: str, *args: str) -> tuple[float, bytes]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        ["arpad", "list", "--db", db, "--system", "uscf", *args, "--format", "csv"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--db", help="A rated ledger to publish (its uscf Regular list).")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", help="Write the synthetic ledger here, or reuse it if it exists.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or args.keep or str(Path(tmp) / "published.db")
        if args.keep and Path(args.keep).exists():
            print(f"reusing {args.keep}")
        elif args.db:
            with Ledger.open(db) as ledger:
                start = time.process_time()
                done = ledger.publish("uscf", Pool.REGULAR, CUTOFF, "benchmark", stored_texts)
                p = done.publication
                print(f"publish: {time.process_time() - start:.2f} s CPU "
                      f"(version {p.version}, {p.players:,} players)")  # fmt: skip
        else:
            start = time.perf_counter()
            synthetic_publication(db, args.players)
            print(f"{args.players:,} frozen rows written in {time.perf_counter() - start:.1f} s")
        publish = get_system("uscf").published
        with Ledger.open(db) as ledger:
            query, (_, rows) = best(
                args.repeat, lambda: ledger.published_list("uscf", Pool.REGULAR)
            )
            pub = ledger.find_publication("uscf", Pool.REGULAR)
            stored, text = best(args.repeat, lambda: ledger.published_text(pub, "csv"))
        as_csv, _ = best(args.repeat, lambda: list_output(rows, ListFormat.CSV, publish))
        table, _ = best(args.repeat, lambda: list_output(rows, ListFormat.TABLE, publish, 80))
        print(f"{len(rows):,} rows: query {query:.2f} s, CSV {as_csv:.2f} s, table {table:.2f} s;"
              f" query + CSV {query + as_csv:.2f} s (target 2 s)")  # fmt: skip
        print(f"stored CSV read back: {stored:.2f} s; the same bytes as formatting the rows:"
              f" {text == list_output(rows, ListFormat.CSV, publish)}")  # fmt: skip
        cpu, printed = end_to_end(db, "--published")
        print(f"arpad list --published --format csv: {cpu:.2f} s CPU end to end")
        if args.db:
            _, live = end_to_end(db, "--as-of", CUTOFF.isoformat())
            print("byte-identical to arpad list --as-of:", printed == live)
            if printed != live:
                sys.exit(1)


if __name__ == "__main__":
    main()
