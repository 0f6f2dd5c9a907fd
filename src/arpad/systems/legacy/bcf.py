"""The British Chess Federation grading system (Clarke 1958), as Elo describes it.

Source: elo-rating-of-chessplayers-1986.txt §8.54 (L3181–3183): "The system uses formula
(49) on a periodic basis, performance ratings being calculated over a two-year period, with
a thirty-game minimum required. Ratings are grouped by grades, as follows:
248-241 Grade 1a 240-233 Grade 1b 232-225 Grade 2a etc."

    (49) R_p = R_c + 10(P − 50)        P in percent

One rated "event" here is one grading period: give the system an event holding every game
of the two years. A player with fewer than 30 games against graded opponents keeps his
previous grade (decision D-legacy-4). The book gives the constant of (49) as 10 and the
bands as 8 points wide; both are options.

Grade bands (decision D-legacy-4): the three printed bands continue "etc." in steps of 8
(2b = 224–217, 3a = 216–209, …); a grade is rounded to a whole number before its band is
read; grades above 248 are in band 1a.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.model import Event, Pool
from arpad.systems import EventRating, ListEntry, PlayerRating, RatingSystem
from arpad.systems.legacy.common import (
    LegacyState,
    linear_expected,
    newcomer,
    rated_results,
    state_from_entry,
)


@dataclass(frozen=True, slots=True)
class BCFConfig(Config):
    """The BCF grading constants (Elo §8.54)."""

    points_per_percent: float = field(
        default=10.0, metadata=bounds(0, None, low_open=True, doc="(49): R_c + 10(P − 50)")
    )
    minimum_games: int = field(
        default=30, metadata=bounds(1, None, doc="games needed in the grading period")
    )
    top_grade: int = field(default=248, metadata={"doc": "upper end of band 1a"})
    band_width: int = field(
        default=8, metadata=bounds(1, None, doc="points per band (248-241, 240-233, …)")
    )


def grade_band(grade: float, top: int = 248, width: int = 8) -> str:
    """The printed band of a grade: 248-241 → 1a, 240-233 → 1b, 232-225 → 2a, …

    >>> grade_band(241), grade_band(240), grade_band(225), grade_band(224)
    ('1a', '1b', '2a', '2b')
    """
    whole = int(grade + 0.5) if grade >= 0 else -int(-grade + 0.5)
    k = max(0, (top - whole) // width)
    return f"{k // 2 + 1}{'ab'[k % 2]}"


def list_entry(state: LegacyState, config: BCFConfig) -> ListEntry:
    mark = (
        ""
        if state.rating is None
        else grade_band(state.rating, config.top_grade, config.band_width)
    )
    return ListEntry(
        rating=state.rating, games=state.games, established=state.rating is not None, mark=mark
    )


def rate_event(
    event: Event, states: Mapping[str, LegacyState], config: BCFConfig
) -> EventRating[LegacyState]:
    """Grade one period: (49) over every game against graded opponents, for players with
    at least ``minimum_games`` of them."""
    results = rated_results(event, states)
    players = []
    new_states: dict[str, LegacyState] = {}
    for entry in event.players:
        state = states[entry.id]
        res = results[entry.id]
        if res.games < config.minimum_games:
            players.append(
                PlayerRating(
                    entry.id,
                    state.rating,
                    state.rating,
                    res.games,
                    res.score,
                    method="too few games",
                    notes=(
                        f"{res.games} games against graded opponents; a grade needs "
                        f"{config.minimum_games}",
                    ),
                )
            )
            new_states[entry.id] = state
            continue
        grade = res.competition + config.points_per_percent * (res.percentage - 50.0)
        players.append(
            PlayerRating(
                entry.id,
                state.rating,
                grade,
                res.games,
                res.score,
                method=f"(49), grade {grade_band(grade, config.top_grade, config.band_width)}",
                performance=grade,
            )
        )
        new_states[entry.id] = LegacyState(grade, res.games)
    return EventRating("bcf", event.id, event.pool, tuple(players), new_states)


SYSTEM: RatingSystem[BCFConfig, LegacyState] = RatingSystem(
    name="bcf",
    title="British Chess Federation grading (Clarke 1958)",
    source="elo-rating-of-chessplayers-1986.txt §8.54",
    config_type=BCFConfig,
    state_type=LegacyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    # (49) read backwards: P = 50 + D/10 percent.
    expected_score_fn=linear_expected(lambda cfg: 100.0 * cfg.points_per_percent),
    newcomer=newcomer,
)
