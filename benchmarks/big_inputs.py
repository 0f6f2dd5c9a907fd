"""Time and memory of ``arpad rate`` on one very large event, and of ``arpad import`` on a
large games CSV (issue 15: no path quadratic in the players, memory proportional to the
file). The files are generated into a temporary folder; nothing big is committed.

    python benchmarks/big_inputs.py                      # 100,000 players, 50 MB CSV
    python benchmarks/big_inputs.py --players 20000 --csv-mb 10

Each command runs as a subprocess of the ``arpad`` on PATH (so the same script measures
any installed version); the figures are wall time and the child's peak resident memory.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from measure import measure


def event_file(folder: Path, players: int) -> Path:
    """One Swiss round of ``players`` rated players (half of them paired in games)."""
    rng = random.Random(15)
    doc = {
        "format": "arpad-event/1",
        "event": {"id": "big-open", "name": "Big Open", "end_date": "2024-05-31"},
        "players": [
            {"id": f"p{i}", "name": f"Player {i}", "rating": rng.randint(800, 2600), "games": 40}
            for i in range(players)
        ],
        "games": [
            {"round": 1, "white": f"p{i}", "black": f"p{i + 1}", "result": "1-0"}
            for i in range(0, players - 1, 2)
        ],
    }
    path = folder / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def games_csv(folder: Path, megabytes: int) -> Path:
    """A games CSV of about ``megabytes`` MB: club events of 100 players, 2,000 games each."""
    rng = random.Random(15)
    path = folder / "games.csv"
    target = megabytes * 1_000_000
    with path.open("w", encoding="utf-8") as out:
        out.write("event,date,round,white,black,result\n")
        written, event = 0, 0
        while written < target:
            event += 1
            day = f"20{10 + event // 365 % 15:02d}-{1 + event // 28 % 12:02d}-{1 + event % 28:02d}"
            for g in range(2000):
                a, b = rng.sample(range(100), 2)
                line = (
                    f"club-{event},{day},{1 + g // 50},{event % 50}-{a},{event % 50}-{b},"
                    f"{rng.choice(['1-0', '0-1', '1/2-1/2'])}\n"
                )
                written += out.write(line)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--csv-mb", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.players:
            big = event_file(folder, args.players)
            m = measure(["rate", str(big), "--json"])
            print(
                f"rate, {args.players:,} players: {m.wall:.1f} s wall, {m.cpu:.1f} s CPU, "
                f"peak {m.peak_mib:.0f} MiB"
            )
        if args.csv_mb:
            path = games_csv(folder, args.csv_mb)
            size = path.stat().st_size / 1e6
            m = measure(["import", str(path), "--db", str(folder / "l.db")])
            print(
                f"import, {size:.0f} MB games CSV: {m.wall:.1f} s wall, {m.cpu:.1f} s CPU, "
                f"peak {m.peak_mib:.0f} MiB"
            )


if __name__ == "__main__":
    main()
