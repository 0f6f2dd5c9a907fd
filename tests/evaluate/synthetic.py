"""A small stream of games from known strengths, written in the Kaggle 2010 format."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def kaggle_text(months: int = 12, players: int = 40, games: int = 60, seed: int = 7) -> str:
    """Games drawn from logistic strengths (sd 200) with a 35-point first-move advantage;
    players 30–39 first appear in month 9 (newcomers)."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 200.0, players)
    lines = ['"Month #","White Player #","Black Player #","Score"']
    for m in range(1, months + 1):
        pool = players if m >= 9 else 30
        for _ in range(games):
            w, b = rng.choice(pool, size=2, replace=False)
            p = 1.0 / (1.0 + 10.0 ** (-(strength[w] - strength[b] + 35.0) / 400.0))
            u = rng.random()
            score = 1.0 if u < p - 0.15 else (0.0 if u > p + 0.15 else 0.5)
            lines.append(f"{m},{w + 1},{b + 1},{score:g}")
    return "\n".join(lines) + "\n"


def write(path: Path, **kwargs: int) -> Path:
    path.write_text(kaggle_text(**kwargs), encoding="utf-8")
    return path
