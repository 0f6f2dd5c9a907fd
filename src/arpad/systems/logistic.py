"""Plain logistic Elo over rating periods: the baseline of the rating-prediction literature.

Every player starts at ``initial``; after each period (a calendar month, D-eval-2)
``R' = R + K·Σ(s − E)`` with ``E = 1/(1 + 10^(−(R − R_opp ± A)/400))``, every game of the
period scored against the ratings at its onset (the simultaneous form of Elo 1986 §1.61,
elo-rating-of-chessplayers-1986.txt L402–410, with the logistic curve of §8.4 and one K for
all). ``A`` is White's advantage in rating points (+A for White, −A for Black). This is not
the book's system (``elo``, with its new-player rules and K schedule) but the "Elo with
K = 32" that the Kaggle 2010 contest and later studies use as the baseline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import logistic_expectancy
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems.pairwise import FloatArray, game_arrays, list_entry, period_result


@dataclass(frozen=True, slots=True)
class LogisticState:
    rating: float
    games: int = 0


@dataclass(frozen=True, slots=True)
class LogisticConfig(Config):
    K: float = field(default=32.0, metadata=bounds(0, None, doc="points per game"))
    initial: float = field(default=1500.0, metadata=bounds(doc="rating of an unrated player"))
    advantage: float = field(
        default=0.0, metadata=bounds(doc="A: White's advantage in rating points")
    )


def state_from_entry(entry: PlayerEntry, event: Event, config: LogisticConfig) -> LogisticState:
    """The file's rating, or ``initial`` for an unrated player."""
    rating = config.initial if entry.rating is None else entry.rating
    return LogisticState(rating, entry.games)


def newcomer_state(config: LogisticConfig) -> LogisticState:
    return LogisticState(config.initial)


def _expectation(r_white: FloatArray, r_black: FloatArray, config: LogisticConfig) -> FloatArray:
    return logistic_expectancy(r_white - r_black + config.advantage)


def rate_event(
    event: Event, states: Mapping[str, LogisticState], config: LogisticConfig
) -> EventRating[LogisticState]:
    """R' = R + K·Σ(s − E) over the period's games, all at the onset ratings."""
    arrays = game_arrays(event)
    before = [states[pid] for pid in arrays.ids]
    rating = np.array([s.rating for s in before])
    e = _expectation(rating[arrays.white], rating[arrays.black], config)
    change = config.K * arrays.per_player(arrays.score - e, e - arrays.score)
    played = arrays.games()
    after = {
        pid: LogisticState(float(rating[i] + change[i]), before[i].games + int(played[i]))
        if played[i] > 0
        else before[i]
        for i, pid in enumerate(arrays.ids)
    }
    return period_result("logistic", event, arrays, after, [s.rating for s in before])


def expected_score(
    white: Sequence[LogisticState],
    black: Sequence[LogisticState],
    config: LogisticConfig,
    first_move_advantage: float = 0.0,
) -> FloatArray:
    """White's expected score E(R_w − R_b + A), plus a first-move advantage if given."""
    r_w = np.fromiter((s.rating for s in white), float, len(white))
    r_b = np.fromiter((s.rating for s in black), float, len(black))
    return _expectation(r_w + first_move_advantage, r_b, config)


SYSTEM: RatingSystem[LogisticConfig, LogisticState] = RatingSystem(
    name="logistic",
    title="Logistic Elo, one K (baseline)",
    source="elo-rating-of-chessplayers-1986.txt §1.61 (L402-410), §8.4; Kaggle 2010 baseline",
    config_type=LogisticConfig,
    state_type=LogisticState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    newcomer=newcomer_state,
)
