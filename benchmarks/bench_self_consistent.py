#!/usr/bin/env python3
"""Throughput of the period method (arpad.historical.approximations.self_consistent_ratings)
and of the fit-then-test experiment of ``arpad test-system``.

Prints players, games, seconds and games per second for simulated pools (fixed seeds) and,
when ../shared/data is present, for the Kaggle 2010 training games. Nothing is asserted.

    python benchmarks/bench_self_consistent.py
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from arpad.curves import logistic_expectancy, normal_expectancy
from arpad.historical.approximations import self_consistent_ratings
from arpad.historical.crosstable import Crosstable

KAGGLE = (
    Path(__file__).resolve().parents[1].parent
    / "shared/data/kaggle2010-elo-vs-rest/training_data.csv"
)


def simulated(players: int, games: int, seed: int = 1) -> Crosstable:
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 250.0, players)
    a = rng.integers(0, players, games)
    b = (a + rng.integers(1, players, games)) % players
    p = logistic_expectancy(strength[a] - strength[b])
    u = rng.uniform(size=games)
    score = np.where(u < p - 0.15, 1.0, np.where(u < p + 0.15, 0.5, 0.0))
    return Crosstable.from_results(
        (f"p{i}", f"p{j}", float(s)) for i, j, s in zip(a, b, score, strict=True)
    )


def run(label: str, table: Crosstable) -> None:
    for name, curve in (("logistic", logistic_expectancy), ("normal", normal_expectancy)):
        start = time.perf_counter()
        solved = self_consistent_ratings(table, curve, anchor=2000.0, prior_draws=1.0)
        seconds = time.perf_counter() - start
        games = float(table.games.sum())
        print(
            f"{label:<28} {name:<9} players {table.size:>6}  games {games:>8.0f}  "
            f"{seconds:7.3f} s  {games / seconds:>12,.0f} games/s  Newton steps {solved.iterations}"
        )


def main() -> None:
    for players, games in ((200, 5_000), (2_000, 50_000), (10_000, 200_000)):
        run(f"simulated {players}/{games}", simulated(players, games))
    if KAGGLE.exists():
        from arpad.analysis.games import read_games

        records = read_games(KAGGLE).games
        run(
            "kaggle 2010 months 1-95",
            Crosstable.from_results(
                (g.white, g.black, g.score)
                for g in records
                if g.period is not None and g.period <= 95
            ),
        )


if __name__ == "__main__":
    main()
