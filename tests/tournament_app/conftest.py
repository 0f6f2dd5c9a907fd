"""Shared inputs of the Tournament App tests: the paper's tournaments as app inputs."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from arpad.analysis.tournament_app import AppGame, AppInput, Entrant

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# berard-pra-and-tournament-app.txt L631-L645 (Frankfurt 1997 games, in order).
FRANKFURT_GAMES = (
    "4 1 0.0 3 2 0.0 1 2 1.0 4 3 0.0 2 4 0.0 3 1 0.0 "
    "1 4 1.0 2 3 0.5 2 1 1.0 3 4 0.5 1 3 0.5 4 2 0.0"
)
# L986-L991 (Isle of Lewis 1995 games, two per line in the paper).
LEWIS_GAMES = (
    "3 2 0.5 1 4 1.0 2 4 1.0 3 1 0.0 1 2 0.5 4 3 1.0 "
    "2 3 0.0 4 1 0.0 2 1 0.5 3 4 0.0 1 3 1.0 4 2 0.0"
)


def games(text: str) -> tuple[AppGame, ...]:
    t = text.split()
    return tuple(
        AppGame(int(t[i]) - 1, int(t[i + 1]) - 1, float(t[i + 2])) for i in range(0, len(t), 3)
    )


def tournament(
    name: str,
    system: str,
    roster: Sequence[tuple[float | None, str]],
    rating2: float,
    text: str,
) -> AppInput:
    return AppInput(name, system, tuple(Entrant(n, r) for r, n in roster), games(text), rating2)


def frankfurt() -> AppInput:
    # L609-L645.
    roster = [(2765.0, "Anand"), (2760.0, "Karpov"), (2725.0, "Topalov"), (2570.0, "Lobron")]
    return tournament("Frankfurt_Chess_Classics_1997", "Elo", roster, 2765.0, FRANKFURT_GAMES)


def lewis_elo() -> AppInput:
    # L997-L1004 header with the games of L986-L991.
    roster = [(2630.0, "Polgar"), (2600.0, "Agdestein"), (2510.0, "Motwani"), (2655.0, "Short")]
    return tournament("Isle_of_Lewis_1995", "Elo", roster, 2765.0, LEWIS_GAMES)


def lewis_chessmetrics() -> AppInput:
    # L978-L991.
    roster = [(2687.0, "Polgar"), (2607.0, "Agdestein"), (2499.0, "Motwani"), (2707.0, "Short")]
    return tournament("Isle_of_Lewis_1995", "Chessmetrics(FailedHere)", roster, 2807.0, LEWIS_GAMES)


def world_cup_rows() -> list[dict[str, str]]:
    with (DATA / "world_cup_2013.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))
