"""A synthetic federation season for benchmarks: players, events, pairings and results.

Not a test fixture: the numbers only have to look like a federation's year (a realistic
mix of unrated, provisional and established players; events of 4–9 rounds, mostly small
club Swisses and some large opens), and be reproducible from a seed.

    >>> events = generate_season(seed=1, players=500, events=40)
    >>> len(events), all(4 <= max(g.round or 0 for g in e.games) <= 9 for e in events)
    (40, True)
"""

from __future__ import annotations

import datetime as dt

import numpy as np

from arpad.model import Event, Game, PlayerEntry

START = dt.date(2024, 1, 1)


def _entry(i: int, rng: np.random.Generator, strength: float) -> PlayerEntry:
    """A player's first appearance: established, provisional or unrated (with FIDE, age
    or nothing), with a pre-season rating near their strength."""
    kind = rng.random()
    pid = f"P{i:06d}"
    if kind < 0.6:
        return PlayerEntry(
            pid,
            rating=float(round(strength + rng.normal(0, 60), 1)),
            games=int(rng.integers(26, 600)),
        )
    if kind < 0.8:
        return PlayerEntry(
            pid,
            rating=float(round(strength + rng.normal(0, 120), 1)),
            games=int(rng.integers(1, 26)),
        )
    if kind < 0.85:
        return PlayerEntry(pid, fide=float(round(strength - 80)))
    if kind < 0.95:
        years = float(rng.uniform(6, 60))
        return PlayerEntry(pid, birth_date=START - dt.timedelta(days=int(years * 365.25)))
    return PlayerEntry(pid, adult=True)


def _sample_players(rng: np.random.Generator, cumulative: np.ndarray, size: int) -> np.ndarray:
    """``size`` distinct players drawn by activity weight (inverse-CDF draws, duplicates
    dropped and redrawn: ``rng.choice(replace=False, p=...)`` costs O(players) per call)."""
    chosen: list[int] = []
    seen: set[int] = set()
    while len(chosen) < size:
        draws = np.searchsorted(cumulative, rng.random(2 * size), side="right")
        for d in np.minimum(draws, len(cumulative) - 1).tolist():
            if d not in seen:
                seen.add(d)
                chosen.append(d)
                if len(chosen) == size:
                    break
    return np.array(chosen)


def generate_season(seed: int = 2024, players: int = 100_000, events: int = 25_000) -> list[Event]:
    """``events`` events over one year among ``players`` players, sorted by end date."""
    rng = np.random.default_rng(seed)
    strength = np.clip(rng.normal(1450, 380, players), 150, 2750)
    entries = [_entry(i, rng, float(strength[i])) for i in range(players)]
    # Popular players play more often: a heavy-tailed activity weight.
    activity = rng.pareto(1.5, players) + 0.2
    cumulative = np.cumsum(activity / activity.sum())
    out: list[Event] = []
    for e in range(events):
        big = rng.random() < 0.06
        size = int(rng.integers(30, 130)) if big else int(rng.integers(4, 17))
        rounds = int(rng.integers(4, 10))
        who = _sample_players(rng, cumulative, size)
        # All rounds at once: a random pairing per round, results from the strengths.
        order = np.stack([rng.permutation(who) for _ in range(rounds)])
        half = size // 2
        white, black = order[:, 0 : 2 * half : 2].ravel(), order[:, 1 : 2 * half : 2].ravel()
        rnd = np.repeat(np.arange(1, rounds + 1), half)
        p_white = 1.0 / (1.0 + 10.0 ** (-(strength[white] - strength[black]) / 400.0))
        draw = 0.25 * (1.0 - np.abs(2.0 * p_white - 1.0))
        u = rng.random(len(white))
        score = np.where(u < p_white - draw / 2, 1.0, np.where(u < p_white + draw / 2, 0.5, 0.0))
        games = [
            Game(entries[a].id, entries[b].id, float(sc), int(r))
            for a, b, sc, r in zip(
                white.tolist(), black.tolist(), score.tolist(), rnd.tolist(), strict=True
            )
        ]
        end = START + dt.timedelta(days=int(rng.integers(0, 365)))
        out.append(
            Event(
                id=f"E{e:05d}",
                players=tuple(entries[i] for i in sorted(who)),
                games=tuple(games),
                end_date=end,
            )
        )
    out.sort(key=lambda ev: (ev.end_date, ev.id))
    return out
