"""The constant baseline: every game is predicted the same score, whoever plays.

It changes no rating (its state keeps whatever rating an event file gave, for lists, and
counts games) and predicts White's score ``expected``
(½ by default). With the evaluation's fitted first-move advantage the prediction becomes
the mean score of White in the training periods, the "constant" of the Kaggle 2010 and
FIDE 2011 rating competitions (D-eval-4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, RatingSystem, davidson
from arpad.systems.pairwise import FloatArray, game_arrays, period_result


@dataclass(frozen=True, slots=True)
class ConstantState:
    rating: float | None = None
    """The rating an event file gave, carried unchanged (never used to predict)."""
    games: int = 0


@dataclass(frozen=True, slots=True)
class ConstantConfig(Config):
    expected: float = field(
        default=0.5, metadata=bounds(0, 1, low_open=True, high_open=True, doc="White's score")
    )


def state_from_entry(entry: PlayerEntry, event: Event, config: ConstantConfig) -> ConstantState:
    return ConstantState(entry.rating, entry.games)


def newcomer_state(config: ConstantConfig) -> ConstantState:
    return ConstantState()


def rate_event(
    event: Event, states: Mapping[str, ConstantState], config: ConstantConfig
) -> EventRating[ConstantState]:
    """Counts the games; every rating stays as it was."""
    arrays = game_arrays(event)
    played = arrays.games()
    before = [states[pid] for pid in arrays.ids]
    after = {
        pid: ConstantState(before[i].rating, before[i].games + int(played[i]))
        for i, pid in enumerate(arrays.ids)
    }
    return period_result("constant", event, arrays, after, [s.rating for s in before])


def expected_score(
    white: Sequence[ConstantState],
    black: Sequence[ConstantState],
    config: ConstantConfig,
    first_move_advantage: float = 0.0,
) -> FloatArray:
    """``expected`` for every game; a first-move advantage A multiplies White's odds by
    10^(A/400), as adding A points does on the logistic curve."""
    odds = config.expected / (1.0 - config.expected) * 10.0 ** (first_move_advantage / 400.0)
    return np.full(len(white), odds / (1.0 + odds))


def list_entry(state: ConstantState, config: ConstantConfig) -> ListEntry:
    return ListEntry(rating=state.rating, games=state.games, established=state.rating is not None)


SYSTEM: RatingSystem[ConstantConfig, ConstantState] = RatingSystem(
    name="constant",
    title="Constant prediction (baseline)",
    source="Kaggle 2010 / FIDE 2011 rating competitions: the all-games constant benchmark",
    config_type=ConstantConfig,
    state_type=ConstantState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    newcomer=newcomer_state,
)
