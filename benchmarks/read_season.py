"""Benchmark (issue 20, columns in): each bulk reader's ``read_season`` against
``Season.from_events(read(...))`` on the same file, CPU seconds, best of ``--repeat``.

    python benchmarks/read_season.py [--players 40000] [--events 5000] [--repeat 3]

Files: the synthetic season of benchmarks/season.py as a games CSV
(``generate_season(2024, players, events)``) and as a dated-games CSV (its columns
``date,white,black,result,event``), and the real Kaggle 2010 training file
(../shared/data/kaggle2010-elo-vs-rest). The full-size season (100,000 players, 25,000
events, 1.12 M games) is benchmarks/compiled.py's CSV → list step.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.io import dated_games, games_csv, kaggle2010
from arpad.season import Season

KAGGLE = (
    Path(__file__).resolve().parents[2]
    / "shared"
    / "data"
    / "kaggle2010-elo-vs-rest"
    / "training_data.csv"
)


def best_cpu(step: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        c0 = time.process_time()
        step()
        times.append(time.process_time() - c0)
    return min(times)


def compare(label: str, module: ModuleType, path: Path, repeat: int) -> None:
    def columns() -> Season:
        with path.open(encoding="utf-8") as fh:
            season: Season = module.read_season(fh, str(path))
            return season

    def events() -> Season:
        with path.open(encoding="utf-8") as fh:
            return Season.from_events(module.read(fh, str(path)))

    season = columns()
    bulk, by_events = best_cpu(columns, repeat), best_cpu(events, repeat)
    print(
        f"{label}: {len(season.white):,} games, {season.size:,} events —"
        f" read_season {bulk:.2f} s, Season.from_events(read) {by_events:.2f} s"
        f" ({by_events / bulk:.1f}×)",
        flush=True,
    )


def dated_text(games_csv_text: str) -> str:
    """The games CSV as a dated-games CSV (no round, the event last)."""
    out = io.StringIO()
    out.write("date,white,black,result,event\n")
    for row in games_csv_text.splitlines()[1:]:
        event, date, _, white, black, result, _ = row.split(",")
        out.write(f"{date},{white},{black},{result},{event}\n")
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=40_000)
    ap.add_argument("--events", type=int, default=5_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    text = games_csv.dumps(generate_season(2024, args.players, args.events))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "season.csv"
        path.write_text(text, encoding="utf-8")
        compare("games CSV (synthetic season)", games_csv, path, args.repeat)
        dated = Path(tmp) / "dated.csv"
        dated.write_text(dated_text(text), encoding="utf-8")
        compare("dated games (the same season)", dated_games, dated, args.repeat)
    if KAGGLE.exists():
        compare("Kaggle 2010 training_data.csv", kaggle2010, KAGGLE, args.repeat)


if __name__ == "__main__":
    main()
