"""Benchmark (issue 20, columns in): each bulk reader's ``read_season`` against
``Season.from_events(read(...))`` on the same file, CPU seconds, best of ``--repeat``.

    python benchmarks/read_season.py [--players 40000] [--events 5000] [--repeat 3]

Files: the synthetic season of benchmarks/season.py as a games CSV
(``generate_season(2024, players, events)``), as a dated-games CSV (its columns
``date,white,black,result,event``; again with ``white_elo,black_elo``, a FIDE rating for
four players in five), as a PGN collection (its first ``--pgn-games`` games, the same
ratings as ``WhiteElo``/``BlackElo``), the real Kaggle 2010 training file
(../shared/data/kaggle2010-elo-vs-rest), the real rated dated-games file
(../shared/data/elite-games-kwiatkowski) and the real PGN files
(../shared/data/pgn-real-events). For the rated files, also read + rate by US Chess's
season loop (``rate_season``, which translates the FIDE ratings, §2), each way. The
full-size season (100,000 players, 25,000 events, 1.12 M games) is benchmarks/compiled.py's
CSV → list step.
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

from arpad.io import dated_games, games_csv, kaggle2010, pgn
from arpad.season import Season
from arpad.systems import get_system

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
KAGGLE = DATA / "kaggle2010-elo-vs-rest" / "training_data.csv"
ELITE = DATA / "elite-games-kwiatkowski" / "games_2015_2020_classical.csv"
PGNS = sorted((DATA / "pgn-real-events").glob("*.pgn"))


def best_cpu(step: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        c0 = time.process_time()
        step()
        times.append(time.process_time() - c0)
    return min(times)


def compare(label: str, module: ModuleType, path: Path, repeat: int, rate: bool = False) -> None:
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
    if rate:
        uscf = get_system("uscf")
        uscf.rate_season(columns())  # a cold compile is not the reader's
        bulk = best_cpu(lambda: uscf.rate_season(columns()).member_results(), repeat)
        by_events = best_cpu(lambda: uscf.rate_season(events()).member_results(), repeat)
        print(
            f"  + US Chess rate_season: {bulk:.2f} s from columns,"
            f" {by_events:.2f} s from events ({by_events / bulk:.1f}×)",
            flush=True,
        )


def _elo(player: str) -> str:
    """A FIDE rating for four players in five (a fixed one each, from the id)."""
    code = sum(map(ord, player)) * 7919
    return "" if code % 5 == 0 else str(1400 + code % 1300)


def rated_text(dated: str) -> str:
    """The dated-games CSV with each side's FIDE rating."""
    lines = dated.splitlines()
    out = [lines[0] + ",white_elo,black_elo"]
    for row in lines[1:]:
        _, white, black, _, _ = row.split(",")
        out.append(f"{row},{_elo(white)},{_elo(black)}")
    return "\n".join(out) + "\n"


def pgn_text(dated: str, games: int) -> str:
    """The first ``games`` games of the dated-games CSV as PGN tag pairs."""
    out = []
    for row in dated.splitlines()[1 : games + 1]:
        day, white, black, result, event = row.split(",")
        tags = {"Event": event, "Date": day.replace("-", "."), "White": white,
                "Black": black, "Result": result, "WhiteElo": _elo(white),
                "BlackElo": _elo(black)}  # fmt: skip
        out.append("".join(f'[{k} "{v}"]\n' for k, v in tags.items() if v) + f"\n{result}\n\n")
    return "".join(out)


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
    ap.add_argument("--pgn-games", type=int, default=20_000)
    args = ap.parse_args()
    text = games_csv.dumps(generate_season(2024, args.players, args.events))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "season.csv"
        path.write_text(text, encoding="utf-8")
        compare("games CSV (synthetic season)", games_csv, path, args.repeat)
        dated = Path(tmp) / "dated.csv"
        dated.write_text(dated_text(text), encoding="utf-8")
        compare("dated games (the same season)", dated_games, dated, args.repeat)
        rated = Path(tmp) / "rated.csv"
        rated.write_text(rated_text(dated_text(text)), encoding="utf-8")
        compare("dated games with Elo (the same season)", dated_games, rated, args.repeat, True)
        games = Path(tmp) / "season.pgn"
        games.write_text(pgn_text(dated_text(text), args.pgn_games), encoding="utf-8")
        label = f"PGN (its first {args.pgn_games:,} games)"
        compare(label, pgn, games, args.repeat, True)
    if KAGGLE.exists():
        compare("Kaggle 2010 training_data.csv", kaggle2010, KAGGLE, args.repeat)
    if ELITE.exists():
        compare(f"real {ELITE.name}", dated_games, ELITE, args.repeat, True)
    for path in PGNS:
        compare(f"real {path.name}", pgn, path, args.repeat, True)


if __name__ == "__main__":
    main()
