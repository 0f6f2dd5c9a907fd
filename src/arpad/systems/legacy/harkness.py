"""The Harkness system (USCF 1950–1960), as Elo describes it.

Source: elo-rating-of-chessplayers-1986.txt §8.53 (L3171–3179):

    (49) R_p = R_c + 10(P − 50)        P in percent; "used only for events of over nine games"
    (50) R_p = R_c + 50(W − L)         "the principal working formula"
    (51) R_n = (R_p1 + R_p2 + R_p3 + R_p4)/4

The scale "ran downwards from 2600, as do the existing USCF and FIDE scales". The book's
criticism is kept, not fixed: "a strong player can lose points even with a perfect score
and a weak player can gain by losing all his games" (L3179).

(49) and (50) agree at 10 games (500(W − L)/N = 50(W − L) for N = 10), so the switch at
"over nine games" is seamless.

Decision D-legacy-3: (51) needs the last four performances. When fewer are known (a
player read from an event file carries only his rating), the pre-event rating stands in
for each missing one (``missing_performances = "rating"``, the default; with no history
this is (3R_o + R_p)/4, the Ingo blend (48)); ``"known"`` averages only the known ones.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry, Pool
from arpad.systems import EventRating, ListEntry, PlayerRating, RatingSystem
from arpad.systems.legacy.common import RatedResults, linear_expected, rate_each


class MissingPerformances(StrEnum):
    """What (51) averages when fewer than four performances are known."""

    RATING = "rating"
    """The pre-event rating stands in for each unknown earlier performance."""
    KNOWN = "known"
    """Only the known performances are averaged."""


@dataclass(frozen=True, slots=True)
class HarknessConfig(Config):
    """The Harkness constants (Elo §8.53)."""

    points_per_game: float = field(
        default=50.0, metadata=bounds(0, None, low_open=True, doc="(50): R_c + 50(W − L)")
    )
    points_per_percent: float = field(
        default=10.0, metadata=bounds(0, None, low_open=True, doc="(49): R_c + 10(P − 50)")
    )
    percentage_formula_over: int = field(
        default=9,
        metadata=bounds(0, None, doc="(49) for events of over this many games, else (50)"),
    )
    performances_averaged: int = field(
        default=4, metadata=bounds(1, None, doc="(51): the last four performance ratings")
    )
    missing_performances: MissingPerformances = field(
        default=MissingPerformances.RATING,
        metadata={"doc": "fewer than four known: 'rating' stands in, or 'known' only"},
    )


@dataclass(frozen=True, slots=True)
class HarknessState:
    """A rating and the most recent performance ratings (newest last)."""

    rating: float | None
    games: int = 0
    performances: tuple[float, ...] = ()


def state_from_entry(entry: PlayerEntry, event: Event, config: HarknessConfig) -> HarknessState:
    return HarknessState(rating=entry.rating, games=entry.games)


def list_entry(state: HarknessState, config: HarknessConfig) -> ListEntry:
    return ListEntry(rating=state.rating, games=state.games, established=state.rating is not None)


def performance(
    r_c: float, score: float, games: int, config: HarknessConfig | None = None
) -> tuple[float, str]:
    """R_p by (50), or by (49) for events of over nine games; returns the formula used.

    >>> performance(1800.0, 4.0, 4)
    (2000.0, '(50)')
    >>> performance(2000.0, 6.0, 10)
    (2100.0, '(49)')
    """
    cfg = HarknessConfig() if config is None else config
    if games > cfg.percentage_formula_over:
        percentage = 100.0 * score / games
        return r_c + cfg.points_per_percent * (percentage - 50.0), "(49)"
    return r_c + cfg.points_per_game * (score - (games - score)), "(50)"


def new_rating(
    previous: tuple[float, ...], r_o: float | None, r_p: float, config: HarknessConfig
) -> tuple[float, tuple[float, ...]]:
    """(51): the mean of the last four performances, and the performances to keep."""
    keep = config.performances_averaged
    history = (*previous, r_p)[-keep:]
    if (
        len(history) < keep
        and r_o is not None
        and (config.missing_performances is MissingPerformances.RATING)
    ):
        padded = (r_o,) * (keep - len(history)) + history
    else:
        padded = history
    return math.fsum(padded) / len(padded), history


def rate_event(
    event: Event, states: Mapping[str, HarknessState], config: HarknessConfig
) -> EventRating[HarknessState]:
    """Rate one event: R_p by (50)/(49) over the games against rated opponents, then (51)."""

    def rate_one(
        pid: str, state: HarknessState, res: RatedResults
    ) -> tuple[PlayerRating, HarknessState]:
        n, score = res.games, res.score
        r_p, formula = performance(res.competition, score, n, config)
        post, history = new_rating(state.performances, state.rating, r_p, config)
        rating = PlayerRating(
            pid, state.rating, post, n, score, method=f"{formula} then (51)", performance=r_p
        )
        return rating, HarknessState(post, state.games + n, history)

    return rate_each("harkness", event, states, rate_one)


SYSTEM: RatingSystem[HarknessConfig, HarknessState] = RatingSystem(
    name="harkness",
    title="Harkness system (USCF 1950–1960)",
    source="elo-rating-of-chessplayers-1986.txt §8.53",
    config_type=HarknessConfig,
    state_type=HarknessState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    # (49) read backwards: P = 50 + D/10 percent.
    expected_score_fn=linear_expected(lambda cfg: 100.0 * cfg.points_per_percent),
    newcomer=lambda cfg: HarknessState(rating=None),
)
