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
from arpad.errors import ConfigError, InputError
from arpad.model import check_count, check_rating
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


def parse_rating(text: str | None, what: str) -> float | None:
    """A rating from a form or a query (empty: unrated), finite and on the scale every
    file is held to (:data:`arpad.model.RATING_LIMITS`).

    >>> parse_rating(" 1800 ", "rating"), parse_rating("", "rating")
    (1800.0, None)

    Raises:
        InputError: not a number, NaN, an infinity or off the scale (``inf``, ``-500``).
    """
    if text is None or not text.strip():
        return None
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} must be a number, not {text!r}") from None
    check_rating(value, what)
    return value


def parse_opponents(texts: Sequence[str]) -> list[tuple[float, float]]:
    """``RATING:W|D|L`` items, several per text (separated by spaces or commas).

    Raises:
        ConfigError: a malformed item, none at all, or too many.
        InputError: an opponent's rating that is not finite or off the scale.
    """
    items = [t for text in texts for t in text.replace(",", " ").split()]
    if not items:
        raise ConfigError("give at least one opponent as RATING:RESULT, e.g. 1650:W")
    if len(items) > MAX_OPPONENTS:
        raise ConfigError(f"at most {MAX_OPPONENTS} opponents, not {len(items)}")
    parsed = [parse_opponent(t) for t in items]
    for (rating, _), text in zip(parsed, items, strict=True):
        check_rating(rating, f"opponent {text!r}")
    return parsed


def estimate_for(
    system: str, rating: str | None, games: int | None, opponents: Sequence[str]
) -> PlayerRating:
    """The estimate by the rules ``arpad estimate`` applies: a rating needs the number of
    games it rests on when the estimator reads it (US Chess: N changes K and the
    formula; assuming 0 would treat an established player as new, issue 23), and the
    estimator's own default otherwise (FIDE: K as for a rated player).

    Raises:
        ConfigError: bad input, named in one line.
        InputError: a rating or count that is not finite or off the scale.
    """
    hook = get_system(system).require_estimator()
    pre = parse_rating(rating, "rating")
    if pre is None and games:
        raise ConfigError("games needs a rating (an unrated player has no games)")
    if games is not None:
        check_count(games, "games")
    if pre is not None and games is None and hook.needs_games:
        raise ConfigError(
            "a rating needs the number of games it is based on "
            "(N: 17 for 1641P17; any number over 25 for an established rating)"
        )
    request = EstimateRequest(pre, games, tuple(parse_opponents(opponents)), dt.date.today())
    return get_system(system).estimate(request).rating
