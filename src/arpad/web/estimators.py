"""Rating estimators on the web: one player's rating change against a list of opponents
whose ratings are taken as given, for each system that offers one.

Every system with an estimator hook (:attr:`arpad.systems.RatingSystem.estimator`) is
offered by the estimator page and ``/api/estimate/{system}``; ``arpad estimate`` runs the
same hook, so the two give the same numbers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.cli.estimate import parse_opponent
from arpad.errors import ConfigError
from arpad.systems import EstimateRequest, PlayerRating, get_system

MAX_OPPONENTS = 100


@dataclass(frozen=True, slots=True)
class Offered:
    """An estimator as the page lists it."""

    system: str
    title: str
    note: str


def estimator(system: str) -> Offered:
    """Raises: ConfigError: no such system, or it offers no estimator."""
    rating_system = get_system(system)
    hook = rating_system.require_estimator()
    return Offered(rating_system.name, hook.title, hook.note)


def parse_opponents(texts: Sequence[str]) -> list[tuple[float, float]]:
    """``RATING:W|D|L`` items, several per text (separated by spaces or commas).

    Raises:
        ConfigError: a malformed item, none at all, or too many.
    """
    items = [t for text in texts for t in text.replace(",", " ").split()]
    if not items:
        raise ConfigError("give at least one opponent as RATING:RESULT, e.g. 1650:W")
    if len(items) > MAX_OPPONENTS:
        raise ConfigError(f"at most {MAX_OPPONENTS} opponents, not {len(items)}")
    return [parse_opponent(t) for t in items]


def estimate_for(
    system: str, rating: float | None, games: int, opponents: Sequence[str]
) -> PlayerRating:
    """Raises: ConfigError: bad input, named in one line."""
    if rating is None and games:
        raise ConfigError("games needs a rating (an unrated player has no games)")
    if games < 0:
        raise ConfigError(f"games must be 0 or more, not {games}")
    request = EstimateRequest(rating, games, tuple(parse_opponents(opponents)), dt.date.today())
    return get_system(system).estimate(request).rating
