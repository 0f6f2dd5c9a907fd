"""Small builders shared by the uscf1993/uscf1994 tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from arpad.model import Event, Game, PlayerEntry, build_event

SEED = "uscf-ratings-committee-1994.txt"


def split_score(total: float, games: int) -> list[float]:
    """Per-game scores adding up to ``total``: wins first, then a draw, then losses."""
    wins = int(total)
    scores = [1.0] * wins
    if total - wins:
        scores.append(0.5)
    scores += [0.0] * (games - len(scores))
    return scores


def one_player_event(
    player: PlayerEntry,
    opponents: Sequence[float],
    total: float,
    *,
    opponent_games: int = 100,
    end_date: dt.date | None = dt.date(1994, 8, 1),
    event_id: str = "event",
) -> Event:
    """``player`` against established opponents with the given ratings, scoring ``total``."""
    entries = [player] + [
        PlayerEntry(f"opp{i}", rating=r, games=opponent_games) for i, r in enumerate(opponents)
    ]
    games = [
        Game(player.id, f"opp{i}", s, round=i + 1)
        for i, s in enumerate(split_score(total, len(opponents)))
    ]
    return build_event(event_id, entries, games, end_date=end_date)
