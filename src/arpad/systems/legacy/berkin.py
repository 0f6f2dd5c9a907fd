"""Valued game points (Berkin 1965, 1969): ratings on a direct ratio scale.

Source: elo-rating-of-chessplayers-1986.txt §8.61–§8.65 (L3211–3269):

    (56) ΔR = (R_c·W − R·L)/N_o      points won weighted by the opponent's strength,
                                     points lost by the player's own (the OCR's "R_L" is R·L)
    (57) R/R_C = W/L                 the ratio-scale premise
    (61) R_n = R_O + (R_C·W − R·L)/N_O    after a match
    (62) R_n = R_O + (R_a·W − R·L)/N_O    after a round robin
    (63)–(65) W_e = R/(R + R_C), N·R/(R + R_C), N·R/(R + R_a)
    (67) R_a = (R_1·R_2·…·R_M)^(1/M)      the geometric average

Which formula (decision D-legacy-6): a match (two players) uses (61); a complete round robin
(every pair met equally often) uses (62) with R_a the geometric mean of all M
participants; any other event values each game by (56) at that opponent's rating, the
rule (56) states. A new player's first rating follows (57): R = R_C·W/L with R_C the
geometric mean of the opponents met; with no loss or no win it stays unrated. The book
gives no N_O for this system; the default 30 is the book's sample for an established
rating (§2.59).

The system is a "conservative point bank based on ΣΔR = 0" (L3269): matches and
per-game valuation exchange points exactly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import FloatArray
from arpad.model import Event, EventKind, Pool
from arpad.systems import EventRating, PlayerRating, RatingSystem
from arpad.systems.expectation import ratings_of
from arpad.systems.legacy.common import (
    LegacyState,
    geometric_mean,
    list_entry,
    newcomer,
    require_positive_ratings,
    state_from_entry,
)


class RoundRobinAverage(StrEnum):
    """How a complete round robin is rated."""

    GEOMETRIC = "geometric"
    """(62) with R_a the geometric mean of all participants (67)."""
    PER_GAME = "per-game"
    """(56) game by game, as in any other tournament."""


@dataclass(frozen=True, slots=True)
class BerkinConfig(Config):
    """The constants of the valued-game-points system."""

    N_O: float = field(
        default=30.0,
        metadata=bounds(0, None, low_open=True, doc="(56): the sample weight N_O (book: none)"),
    )
    round_robin: RoundRobinAverage = field(
        default=RoundRobinAverage.GEOMETRIC,
        metadata={"doc": "complete round robins: (62) 'geometric' or (56) 'per-game'"},
    )


def match_change(rating: float, opponent: float, score: float, losses: float, n_o: float) -> float:
    """(61): ΔR = (R_C·W − R·L)/N_O.

    >>> round(match_change(300.0, 200.0, 7.0, 3.0, 30.0), 2)
    16.67
    """
    return (opponent * score - rating * losses) / n_o


def expected_score(rating: float, average: float, games: float = 1.0) -> float:
    """(63)–(65): W_e = N·R/(R + R_a).

    >>> expected_score(300.0, 200.0, 10)
    6.0
    """
    return games * rating / (rating + average)


def first_rating(opponents: list[float], score: float, losses: float) -> float | None:
    """(57) R = R_C·W/L, R_C the geometric mean of the opponents; ``None`` when W or L is 0."""
    if score <= 0.0 or losses <= 0.0:
        return None
    return geometric_mean(opponents) * score / losses


def _is_complete_round_robin(event: Event) -> bool:
    pairs = Counter(frozenset((g.white, g.black)) for g in event.rated_games())
    m = len(event.players)
    return m > 2 and len(pairs) == m * (m - 1) // 2 and len(set(pairs.values())) == 1


def rate_event(
    event: Event, states: Mapping[str, LegacyState], config: BerkinConfig
) -> EventRating[LegacyState]:
    """Rate a match by (61), a complete round robin by (62), anything else game by game (56)."""
    require_positive_ratings(event, states)
    ratings = {p.id: states[p.id].rating for p in event.players}
    by_player = event.results_by_player()
    rated_ids = [pid for pid, r in ratings.items() if r is not None]
    round_robin = (
        config.round_robin is RoundRobinAverage.GEOMETRIC
        and event.kind is not EventKind.MATCH
        and _is_complete_round_robin(event)
        and len(rated_ids) == len(event.players)
    )
    r_a = geometric_mean([r for r in ratings.values() if r is not None]) if round_robin else None
    players = []
    new_states: dict[str, LegacyState] = {}
    for entry in event.players:
        state = states[entry.id]
        rating = state.rating
        rated: list[tuple[float, float]] = []
        for opponent, s in by_player[entry.id]:
            r_opp = ratings[opponent]
            if r_opp is not None:
                rated.append((r_opp, s))
        n = len(rated)
        score = math.fsum(s for _, s in rated)
        losses = n - score
        opponents = [r for r, _ in rated]
        if n == 0:
            post, method, expected = rating, "no rated games", None
        elif rating is None:
            post, method, expected = first_rating(opponents, score, losses), "(57)", None
        elif r_a is not None:
            post = rating + (r_a * score - rating * losses) / config.N_O
            method, expected = "(62)", expected_score(rating, r_a, n)
        else:
            change = math.fsum(match_change(rating, r, s, 1.0 - s, config.N_O) for r, s in rated)
            post = rating + change
            method = "(61)" if len(event.players) == 2 else "(56) per game"
            expected = math.fsum(expected_score(rating, r) for r in opponents)
        players.append(
            PlayerRating(entry.id, rating, post, n, score, expected=expected, method=method)
        )
        new_states[entry.id] = LegacyState(post, state.games + n)
    return EventRating("berkin", event.id, event.pool, tuple(players), new_states)


def expected_scores(
    a: Sequence[LegacyState], b: Sequence[LegacyState], config: BerkinConfig, advantage: float
) -> FloatArray:
    """(63) W_e = R/(R + R_C) for each pair; ½ when either player is unrated or not > 0
    (the ratio scale has no expectancy there). ``advantage`` is added to ``a``'s rating."""
    ra = ratings_of(a, config) + advantage
    rb = ratings_of(b, config)
    out = np.full(ra.shape, 0.5)
    with np.errstate(invalid="ignore"):
        ok = (ra > 0) & (rb > 0)
    for i in np.flatnonzero(ok):
        out[i] = expected_score(float(ra[i]), float(rb[i]))
    return out


SYSTEM: RatingSystem[BerkinConfig, LegacyState] = RatingSystem(
    name="berkin",
    title="Valued game points (Berkin 1965/1969), ratio scale",
    source="elo-rating-of-chessplayers-1986.txt §8.6",
    config_type=BerkinConfig,
    state_type=LegacyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    expected_score_fn=expected_scores,
    newcomer=newcomer,
)
