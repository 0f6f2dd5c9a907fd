"""Time and memory of ``arpad import`` on FIDE's players list (issue 21: a 1.6-million-row
list in at most 60 s and 500 MiB), on a synthetic list of the real file's layout
(:mod:`arpad.io.fide_players_writer`; FIDE's own data is never used or committed).

    python benchmarks/fide_list_import.py                    # 1,600,000 players, TXT
    python benchmarks/fide_list_import.py --players 100000 --format xml

The list is written to a temporary folder and imported into a new SQLite ledger by the
``arpad`` on PATH, as a subprocess: the figures are its wall time, CPU time and peak
resident memory. A second import of a list one month later (every player known) is
timed too, unless ``--once``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from pathlib import Path

from measure import measure

from arpad.io.fide_players_writer import synthetic_players, write_list


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_600_000)
    parser.add_argument("--format", choices=("txt", "xml"), default="txt")
    parser.add_argument("--once", action="store_true", help="Only the first import.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = str(folder / "ledger.db")
        months = [dt.date(2026, 9, 1)] if args.once else [dt.date(2026, 9, 1), dt.date(2026, 10, 1)]
        for month, day in enumerate(months):
            path = folder / f"players_list_{day:%b%y}.{args.format}".lower()
            start = time.perf_counter()
            write_list(
                path, synthetic_players(args.players, month=month), list_date=day, fmt=args.format
            )
            made = time.perf_counter() - start
            size = path.stat().st_size / 2**20
            m = measure(["import", str(path), "--db", db])
            print(f"{path.name}: {size:.0f} MiB written in {made:.1f} s")
            print(f"  {m.stdout}")
            print(
                f"  import: {m.wall:.1f} s wall, {m.cpu:.1f} s CPU, peak {m.peak_mib:.0f} MiB "
                f"(targets: 60 s, 500 MiB)"
            )
            path.unlink()
        print(f"ledger: {Path(db).stat().st_size / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
