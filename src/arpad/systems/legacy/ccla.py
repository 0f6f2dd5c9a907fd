"""The CCLA system of the Correspondence Chess League of America, as Elo describes it.

Source: elo-rating-of-chessplayers-1986.txt §8.55 (L3185–3191). The league's own points
schedule (Hotchkiss) is not printed; the book gives the linear formula offered for it
(Williams 1969):

    (52) R_n = R_o ± 16 + .06D

"The formula is applied after each game, a process practical only in correspondence
competition. The + or − sign is used, of course, for the winner or the loser, respectively.
The .06D goes from the higher-rated player to the lower, win, lose, or draw."

Decision D-legacy-5: in a draw there is no winner or loser, so only the .06D moves. This
is also what the general linear rule gives game by game (R_n = R_o + K(W − ½ − D/k) with
K = 32 and K/k = .06), which :func:`game_change` follows. Games are applied one after the
other in the event's order, each with the ratings the previous games left.

The league's earlier class system is :func:`class_step`: "moved up one class upon winning
7 out of 10 games and dropped down a class for losing 7 out of 10" (L3191).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.errors import ConfigError, RatingError
from arpad.model import Event, Pool
from arpad.systems import EventRating, PlayerRating, RatingSystem
from arpad.systems.legacy.common import (
    LegacyState,
    linear_expected,
    list_entry,
    newcomer,
    state_from_entry,
)


@dataclass(frozen=True, slots=True)
class CCLAConfig(Config):
    """The constants of (52)."""

    win_points: float = field(
        default=16.0, metadata=bounds(0, None, doc="(52): the ±16 for winner and loser")
    )
    transfer: float = field(
        default=0.06, metadata=bounds(0, None, doc="(52): .06D from the higher to the lower")
    )
    initial_rating: float | None = field(
        default=None,
        metadata={"doc": "start rating for unrated players (the book gives none)"},
    )


def game_change(rating: float, opponent: float, score: float, config: CCLAConfig) -> float:
    """The change (52) for one player in one game: ±16 for a win/loss, plus .06D toward
    the lower-rated player.

    >>> game_change(1600.0, 1800.0, 1.0, CCLAConfig())
    28.0
    >>> game_change(1800.0, 1600.0, 0.5, CCLAConfig())
    -12.0
    """
    result = {1.0: 1.0, 0.5: 0.0, 0.0: -1.0}[score]
    return result * config.win_points + config.transfer * (opponent - rating)


def rate_event(
    event: Event, states: Mapping[str, LegacyState], config: CCLAConfig
) -> EventRating[LegacyState]:
    """Apply (52) after each game, in the event's order."""
    current: dict[str, float] = {}
    for entry in event.players:
        rating = states[entry.id].rating
        if rating is None:
            if config.initial_rating is None:
                raise RatingError(
                    f"player {entry.id!r} is unrated and CCLA gives no start rating; set one "
                    "with -o initial_rating=VALUE"
                )
            rating = config.initial_rating
        current[entry.id] = rating
    games = {p.id: 0 for p in event.players}
    scores = {p.id: 0.0 for p in event.players}
    for g in event.rated_games():
        white, black = current[g.white], current[g.black]
        current[g.white] = white + game_change(white, black, g.score, config)
        current[g.black] = black + game_change(black, white, 1.0 - g.score, config)
        for pid, s in ((g.white, g.score), (g.black, 1.0 - g.score)):
            games[pid] += 1
            scores[pid] += s
    players = []
    new_states: dict[str, LegacyState] = {}
    for entry in event.players:
        state = states[entry.id]
        post = current[entry.id] if games[entry.id] else state.rating
        players.append(
            PlayerRating(
                entry.id, state.rating, post, games[entry.id], scores[entry.id], method="(52)"
            )
        )
        new_states[entry.id] = LegacyState(post, state.games + games[entry.id])
    return EventRating("ccla", event.id, event.pool, tuple(players), new_states)


def class_step(wins: int, losses: int, games: int = 10) -> int:
    """The earlier CCLA class system: +1 (up a class) on winning 7 of 10, −1 (down) on
    losing 7 of 10, else 0 (L3191).

    >>> class_step(7, 2), class_step(3, 7), class_step(6, 3)
    (1, -1, 0)
    """
    if games != 10 or wins < 0 or losses < 0 or wins + losses > games:
        raise ConfigError("the class rule reads a block of 10 games")
    if wins >= 7:
        return 1
    if losses >= 7:
        return -1
    return 0


SYSTEM: RatingSystem[CCLAConfig, LegacyState] = RatingSystem(
    name="ccla",
    title="CCLA correspondence system (Williams 1969)",
    source="elo-rating-of-chessplayers-1986.txt §8.55",
    config_type=CCLAConfig,
    state_type=LegacyState,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    # (52) as the linear rule 2w(S − ½ − (t/2w)D): P = ½ + D/k with k = 2w/t (D-legacy-5).
    expected_score_fn=linear_expected(
        lambda cfg: math.inf if cfg.transfer == 0 else 2.0 * cfg.win_points / cfg.transfer
    ),
    newcomer=newcomer,
)
