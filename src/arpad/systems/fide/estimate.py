"""A rating-change estimate like FIDE's online calculator, under the rules FIDE applies.

FIDE's calculator (ratings.fide.com/calc.phtml) takes the own rating, K, and each opponent's
rating and result. Unlike it, this estimate exempts a player rated 2650+ from the 400-point
rule in standard play since 1 October 2025 (F-C16, F-C17, F-C20, F-C21), applies the 2022-era
"one upgrade" rule before March 2024, the rapid/blitz 600-point rule, and K × n ≤ 700; for an
unrated player it gives the current initial rating, not the archived one (F-I01–F-I08).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.systems.fide.rules import (
    Era,
    FideConfig,
    Initial,
    RatingType,
    base_k,
    era_for,
    fast_gap_unrated,
    initial_rating_2022,
    initial_rating_2024,
    k_for_games,
    month_number,
    month_of,
    next_month,
    round_change,
)
from arpad.systems.fide.system import GameLine, below_floor, game_lines


@dataclass(frozen=True, slots=True)
class FideEstimate:
    rating: float | None
    era: Era
    rating_type: RatingType
    games: tuple[GameLine, ...]
    skipped: int
    """Rapid/blitz games not rated under the 600-point rule."""
    k: int | None
    delta: float
    """ΣΔ = Σ (W − PD)."""
    change: float | None
    """K × ΣΔ, unrounded as FIDE's calculation page shows it."""
    new_rating: float | None
    initial: Initial | None = None
    note: str = ""


def estimate(
    rating: float | None,
    opponents: Sequence[tuple[float, float]],
    config: FideConfig,
    *,
    k: int | None = None,
    games_before: int = 30,
    reached_top: bool = False,
    birth_year: int | None = None,
    start: dt.date | None = None,
    rating_type: RatingType = RatingType.STANDARD,
) -> FideEstimate:
    """One player's change from ``(opponent rating, score)`` pairs.

    ``k`` fixes K (as FIDE's calculator asks for it); otherwise K follows §8.3.3 from
    ``games_before``, ``reached_top`` and ``birth_year``, reduced so that K × n ≤ 700.

    >>> e = estimate(2813, [(2400, 1.0)], FideConfig(), k=10, start=dt.date(2025, 11, 7))
    >>> e.games[0].expected, round(e.change or 0, 2)
    (0.93, 0.7)
    """
    era = era_for(start, config)
    if rating is None:
        rated = [(r, s) for r, s in opponents]
        n = len(rated)
        total = math.fsum(r for r, _ in rated)
        score = math.fsum(s for _, s in rated)
        note = ""
        if n and score == 0:
            note = "a zero score in a first event is disregarded (§8.2.1)"
        elif n < config.initial_games:
            note = f"{n} games against rated opponents; a first rating needs {config.initial_games}"
        if note:
            return FideEstimate(None, era, rating_type, (), 0, None, 0.0, None, None, None, note)
        rule = initial_rating_2022 if era is Era.ERA_2022 else initial_rating_2024
        initial = rule(total, score, n, config)
        floor = config.floor_2022 if era is Era.ERA_2022 else config.floor
        published = initial.rating if initial.rating >= floor else None
        note = "" if published is not None else f"below {floor:.0f}: not published"
        return FideEstimate(
            None, era, rating_type, (), 0, None, 0.0, None, published, initial, note
        )
    counted = [
        (f"{i}", r, s)
        for i, (r, s) in enumerate(opponents, start=1)
        if not fast_gap_unrated(rating, r, rating_type, start, config)
    ]
    lines = game_lines(rating, counted, era, rating_type, start, config)
    delta = math.fsum(g.delta for g in lines)
    # K is read from the list in force at the start (the list before the event's period), as
    # ``rate`` reads it; without a date the current rules, and no junior K.
    if start is None:
        listed, born = month_number("9999-12"), None
    else:
        listed, born = month_number(month_of(start)), birth_year
    base = k or base_k(rating, games_before, reached_top, born, listed, rating_type, config)
    k_used = k_for_games(base, len(lines), config)
    change = k_used * delta
    new = rating + round_change(change)
    period = "9999-12" if start is None else next_month(month_of(start))
    return FideEstimate(
        rating,
        era,
        rating_type,
        tuple(lines),
        len(opponents) - len(counted),
        k_used,
        delta,
        change,
        new,
        note="; ".join(below_floor(new, period, config)),
    )
