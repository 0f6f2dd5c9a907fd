"""Rating estimators: one player's rating change against a list of opponents whose
ratings are taken as given, for each system that offers one.

:data:`ESTIMATORS` maps a system name to a function building its :class:`Estimator`; the
estimator page and ``/api/estimate/{system}`` offer every entry, so a system's estimator
appears on the web by one line here. US Chess reuses ``arpad estimate``'s calculation
(:func:`arpad.systems.uscf2020.rating.estimate`); FIDE's current rules reuse ``arpad
estimate --system fide``'s (:func:`arpad.systems.fide.estimate.estimate`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arpad.cli.estimate import parse_opponent
from arpad.errors import ConfigError
from arpad.systems import PlayerRating

MAX_OPPONENTS = 100


@dataclass(frozen=True, slots=True)
class Estimator:
    system: str
    title: str
    note: str
    run: Callable[[float | None, int, list[tuple[float, float]]], PlayerRating]
    """``run(rating or None if unrated, games, [(opponent rating, score), …])``."""


def _uscf() -> Estimator:
    from arpad.systems.uscf2020 import USCFConfig
    from arpad.systems.uscf2020.rating import estimate

    config = USCFConfig()

    def run(rating: float | None, games: int, results: list[tuple[float, float]]) -> PlayerRating:
        return estimate(rating, games, results, config)

    return Estimator(
        "uscf",
        "US Chess (2020 rules)",
        "Like the federation's estimator: opponents' ratings are taken as they are; an "
        "unrated player starts at 750 with N = 0.",
        run,
    )


def _fide() -> Estimator:
    import datetime as dt

    from arpad.systems.fide import FideConfig
    from arpad.systems.fide.estimate import estimate

    config = FideConfig()

    def run(rating: float | None, games: int, results: list[tuple[float, float]]) -> PlayerRating:
        # Today's rules; K from the games played before (30 or more: K = 20 below 2400), and
        # K = 10 for a rating of 2400 or more (a published rating that reached 2400).
        top = rating is not None and rating >= config.top_threshold
        est = estimate(
            rating, results, config, games_before=games, reached_top=top, start=dt.date.today()
        )
        expected = [g.expected for g in est.games]
        return PlayerRating(
            "player",
            rating,
            est.new_rating,
            len(est.games) if rating is not None else len(results),
            math.fsum(s for _, s in results),
            expected=math.fsum(expected) if rating is not None else None,
            k=None if est.k is None else float(est.k),
            method=f"fide {est.era.value}",
            notes=(est.note,) if est.note else (),
        )

    return Estimator(
        "fide",
        "FIDE (the regulations in force today)",
        "Like FIDE's calculator but under the rules FIDE applies: the 400-point rule with the "
        "2650 exemption, K by games played (give 30 or more for an established player), "
        "K × n ≤ 700; an unrated player gets the initial rating of 8.2 when the games allow.",
        run,
    )


ESTIMATORS: dict[str, Callable[[], Estimator]] = {"uscf": _uscf, "fide": _fide}


def estimator(system: str) -> Estimator:
    """Raises: ConfigError: the system offers no estimator."""
    make = ESTIMATORS.get(system)
    if make is None:
        raise ConfigError(
            f"no estimator for {system!r}; choose one of {', '.join(sorted(ESTIMATORS))}"
        )
    return make()


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
    return estimator(system).run(rating, games, parse_opponents(opponents))
