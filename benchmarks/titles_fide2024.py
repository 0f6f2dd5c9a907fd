#!/usr/bin/env python3
"""The FIDE 2024 norm check (``arpad norms --system fide``) on a random Swiss.

Players rated 2100–2650 with random titles, federations and sexes, paired at random for
``rounds`` rounds (fixed seed); every player checked for every norm title not held, with
the 1.4.1e/f search of the game sets. Prints players, rounds, seconds and the sets the
search tried. Nothing is asserted.

    python benchmarks/titles_fide2024.py [players] [rounds]
"""

from __future__ import annotations

import random
import sys
import time

from arpad.model import Event, Game, PlayerEntry
from arpad.titles import norm_report
from arpad.titles.fide2024 import norm


def swiss(players: int, rounds: int, seed: int = 1) -> Event:
    rng = random.Random(seed)
    feds = ["GER", "FRA", "ESP", "NOR", "ITA", "NED"]
    titles = [None, "GM", "IM", "FM", "WGM", "WIM"]
    entries = [
        PlayerEntry(
            f"p{i}", f"P{i}", rating=float(rng.randint(2100, 2650)), games=40,
            federation=rng.choice(feds), title=rng.choice(titles), sex=rng.choice("mf"),
        )
        for i in range(players)
    ]  # fmt: skip
    games = []
    for r in range(1, rounds + 1):
        ids = [p.id for p in entries]
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=False):
            games.append(Game(a, b, rng.choice([1.0, 0.5, 0.0, 1.0]), r))
    return Event("swiss", tuple(entries), tuple(games), name="random Swiss")


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    event = swiss(players, rounds)
    tried = 0
    original = norm.check_games

    def counting(*args: object, **kwargs: object) -> norm.TitleCheck:
        nonlocal tried
        tried += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    norm.check_games = counting  # type: ignore[assignment]
    start = time.perf_counter()
    report = norm_report(event, "fide")
    seconds = time.perf_counter() - start
    print(
        f"{players} players, {rounds} rounds: {seconds:.2f} s, "
        f"{len(report.results)} results, {tried} full checks"
    )


if __name__ == "__main__":
    main()
