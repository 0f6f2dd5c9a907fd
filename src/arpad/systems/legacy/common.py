"""What the older systems share: a plain state, the games against rated opponents, and the
averages of the opponents' ratings.

Rules shared by every legacy system here (decision D-legacy-1): only rated games count;
a game counts for a player when the opponent has a pre-event rating in the system (an
unrated opponent has no R_c to offer); a player with no pre-event rating gets his first
rating from the event's performance formula, computed over his games against rated
opponents.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np

from arpad.curves import FloatArray
from arpad.errors import InputError
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.expectation import by_difference, pointwise


class Rated(Protocol):
    """Any state with a rating (``None``: unrated)."""

    @property
    def rating(self) -> float | None: ...


@dataclass(frozen=True, slots=True)
class LegacyState:
    """A rating (``None``: unrated) and the number of games it rests on."""

    rating: float | None
    games: int = 0


def state_from_entry(entry: PlayerEntry, event: Event, config: object) -> LegacyState:
    """The event file's pre-event rating and game count, read as-is."""
    return LegacyState(rating=entry.rating, games=entry.games)


def newcomer(config: object) -> LegacyState:
    """A player new to the pool: unrated, no games."""
    return LegacyState(rating=None)


def expectancy(d: float, k: float = 800.0, cap: float | None = None) -> float:
    """Linear expectancy ½ + D/k on the rectangular distribution (54), D limited to ``cap``
    and P to [0, 1].

    >>> expectancy(200.0)
    0.75
    >>> expectancy(500.0, cap=350.0)
    0.9375
    """
    if cap is not None:
        d = max(-cap, min(cap, d))
    return min(1.0, max(0.0, 0.5 + d / k))


def linear_expected(
    k_of: Callable[[Any], float], direction: int = 1
) -> Callable[[Sequence[Rated], Sequence[Rated], Any, float], FloatArray]:
    """``expected_score_fn`` of a system whose performance formula is linear in the score:
    R_p = R_c + k(P − ½) means P = ½ + D/k, the general linear expectancy (54) of
    :func:`expectancy` with that system's ``k``."""

    def curve(d: FloatArray, config: Any) -> FloatArray:
        k = k_of(config)
        if k == 0.0:  # no points move with D: the better player is certain to win
            return np.sign(d) * 0.5 + 0.5
        return pointwise(lambda x: expectancy(x, k))(d)

    return by_difference(curve, direction=lambda cfg: direction)


def list_entry(state: LegacyState, config: object) -> ListEntry:
    """Rated players appear with their rating; none of these systems has a provisional mark."""
    return ListEntry(rating=state.rating, games=state.games, established=state.rating is not None)


@dataclass(frozen=True, slots=True)
class RatedResults:
    """One player's games against opponents with a pre-event rating."""

    opponents: tuple[float, ...]
    """The opponents' pre-event ratings, one per game."""
    scores: tuple[float, ...]

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def score(self) -> float:
        """W: points, draws counting ½."""
        return math.fsum(self.scores)

    @property
    def losses(self) -> float:
        """L: N − W, draws counting ½ (the book's L, §2.2)."""
        return self.games - self.score

    @property
    def percentage(self) -> float:
        """P in percent, as the Ingo and Harkness formulas (47) and (49) take it."""
        return 100.0 * self.score / self.games

    @property
    def competition(self) -> float:
        """R_c: the average rating of the opponents met (game by game)."""
        return math.fsum(self.opponents) / len(self.opponents)


def rated_results(event: Event, states: Mapping[str, Rated]) -> dict[str, RatedResults]:
    """Every player's games against opponents rated before the event."""
    out: dict[str, RatedResults] = {}
    for player, results in event.results_by_player().items():
        opponents = []
        scores = []
        for opponent, score in results:
            rating = states[opponent].rating
            if rating is not None:
                opponents.append(rating)
                scores.append(score)
        out[player] = RatedResults(tuple(opponents), tuple(scores))
    return out


RatedState = TypeVar("RatedState", bound=Rated)


def rate_each(
    system: str,
    event: Event,
    states: Mapping[str, RatedState],
    rate_one: Callable[[str, RatedState, RatedResults], tuple[PlayerRating, RatedState]],
) -> EventRating[RatedState]:
    """The loop the older systems share: ``rate_one(player_id, state, results)`` rates each
    player who has games against rated opponents; the others keep their state."""
    results = rated_results(event, states)
    players: list[PlayerRating] = []
    new_states: dict[str, RatedState] = {}
    for entry in event.players:
        state, res = states[entry.id], results[entry.id]
        if res.games == 0:
            rating = PlayerRating(
                entry.id, state.rating, state.rating, 0, 0.0, method="no rated games"
            )
            new = state
        else:
            rating, new = rate_one(entry.id, state, res)
        players.append(rating)
        new_states[entry.id] = new
    return EventRating(system, event.id, event.pool, tuple(players), new_states)


def require_positive_ratings(event: Event, states: Mapping[str, Rated]) -> None:
    """Ratio-scale systems need ratings above zero.

    Raises:
        InputError: a player's rating is zero or negative.
    """
    for p in event.players:
        rating = states[p.id].rating
        if rating is not None and not rating > 0:
            raise InputError(
                f"player {p.id!r} has rating {rating!r}; this system's ratings are on a ratio "
                "scale and must be > 0",
                path=event.source,
                line=p.line,
                field="rating",
            )


def geometric_mean(values: Sequence[float]) -> float:
    """(67)/(68): R_a = antilog[(log R_1 + … + log R_M)/M] (Elo §8.64, L3265–3267).

    >>> round(geometric_mean([100.0, 400.0]), 6)
    200.0
    """
    if not values or any(not v > 0 for v in values):
        raise InputError("a geometric mean needs positive values")
    return math.exp(math.fsum(math.log(v) for v in values) / len(values))
