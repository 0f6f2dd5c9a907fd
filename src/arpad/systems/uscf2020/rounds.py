"""US Chess's round engine: a whole population's perfect-matching round in one numpy step.

Each game of the round is an undated Regular one-game event, rated as
:func:`arpad.systems.uscf2020.rating.rate_event` rates it (us-chess-rating-system-2020.txt
§1), by the functions the season engine (:mod:`.season`) uses: Steps 4 and 5 with N*, K,
the special formula and the bonus (m < 3: none unless configured otherwise) by
:func:`.steps.rating_step`; the §5 floors in force before the event
(:func:`.season.computed_floors`, or the known floor); the state's update, counts, peak
and games above 2200 by :func:`.season.after_event_rows`. The players' states are a
season :class:`~.season.Roster`, one row per player.

Covered: every player rated and without match history (§7). Others: ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.systems.uscf2020 import formulas as fm
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.season import (
    ALL_LOSSES,
    ALL_WINS,
    GAMES,
    KNOWN,
    RATING,
    Roster,
    after_event_rows,
    computed_floors,
    event_counts,
)
from arpad.systems.uscf2020.state import USCFState
from arpad.systems.uscf2020.steps import Field, rating_step

IntArray = npt.NDArray[np.int64]


class USCFRounds:
    """Rated players' states as roster rows, rated round after round."""

    def __init__(self, states: Sequence[USCFState], config: USCFConfig) -> None:
        self.config = config.for_date(None)  # an undated event's configuration
        roster = Roster.of([str(i) for i in range(len(states))])
        roster.put_all(list(range(len(states))), list(states))
        self.table: FloatArray = roster.table
        # One game each: m = 1 for every player; bonus_eligible of one opponent.
        self.bonus_ok = fm.bonus_eligible(
            (0,),
            min_games=self.config.bonus_min_games,
            max_meetings=self.config.max_meetings_for_bonus,
        )

    @property
    def ratings(self) -> FloatArray:
        out: FloatArray = self.table[:, RATING]
        return out

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        config, prior = self.config, self.table
        n = prior.shape[0]
        r0, games = prior[:, RATING].copy(), prior[:, GAMES].copy()
        history = games > 0
        all_wins = history & (prior[:, ALL_WINS] != 0.0)
        all_losses = history & (prior[:, ALL_LOSSES] != 0.0)
        unrated = np.zeros(n, dtype=bool)
        f = Field(
            white=white.astype(np.intp),
            black=black.astype(np.intp),
            white_score=score,
            r0=r0,
            games=games,
            unrated=unrated,
            special=(games <= config.special_through) | all_wins | all_losses,
            all_wins=all_wins,
            all_losses=all_losses,
            bonus_ok=np.full(n, self.bonus_ok),
            regular_rating=np.full(n, np.nan),
        )
        # Step 3 rates unrated players only; Step 4 against R_0, Step 5 against Step 4.
        step4 = rating_step(f, r0, config)
        post = rating_step(f, step4.rating, config).rating
        if config.apply_floors:  # §5: the floor in force before the event
            known = prior[:, KNOWN]
            in_force = np.where(np.isnan(known), computed_floors(prior, config), known)
            post = np.where(post < in_force, in_force, post)
        counts, swept, lost_all = event_counts(f.m, f.wins, f.draws)
        self.table = after_event_rows(
            prior, post, games, unrated, f.m, counts, swept, lost_all, config
        )

    def adjust_pool(self, anchor: float | None) -> None:
        raise NotImplementedError("US Chess has no pool rule")


def round_engine(states: Sequence[USCFState], config: USCFConfig) -> USCFRounds | None:
    """US Chess's :attr:`~arpad.systems.RatingSystem.round_engine`: ``None`` unless every
    player is rated and has no match history."""
    if not states or any(s.rating is None or s.match_changes for s in states):
        return None
    return USCFRounds(states, config)
