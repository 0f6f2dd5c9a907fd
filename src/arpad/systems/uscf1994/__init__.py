"""The USCF rating system proposed by the 1994 Ratings Committee (``--system uscf1994``).

Source: uscf-ratings-committee-1994.txt §1.3–§1.5 (L114–L239), §4 (L453–L477),
Tables 1 and 2 (L148–L199). Modules:

- :mod:`~arpad.systems.uscf1994.tables`: Table 1 (FIDE → USCF) and Table 2 (age);
- :mod:`~arpad.systems.uscf1994.config`: configuration, provisional options, player state;
- :mod:`~arpad.systems.uscf1994.rating`: the three rating steps of §1.3, in order;
- :mod:`~arpad.systems.uscf1994.steps`: one player's update in each step;
- :mod:`~arpad.systems.uscf1994.fide_adjustment`: the FIDE-event adjustment of §6.

The §4 performance rating is :func:`arpad.performance.glickman_performance`; the title
system of §2 is :mod:`arpad.titles.uscf1994`.

>>> from arpad.model import Game, PlayerEntry, build_event
>>> players = [PlayerEntry("new")] + [PlayerEntry(f"o{r}", rating=r, games=50)
...     for r in (700, 850, 950, 1200, 1500)]
>>> games = [Game("new", f"o{r}", s) for r, s in ((700, 1), (850, 1), (950, 1),
...     (1200, 0.5), (1500, 0.5))]
>>> round(SYSTEM.rate_event(build_event("ex1", players, games)).player("new").post)
1403
"""

from __future__ import annotations

from arpad.curves import logistic_expectancy
from arpad.model import Pool, RatingKind
from arpad.systems import RatingSystem
from arpad.systems.expectation import by_difference
from arpad.systems.uscf1994.config import (
    ProvisionalMethod,
    Record,
    SavedGame,
    Uscf1994Config,
    Uscf1994State,
)
from arpad.systems.uscf1994.rating import impute, list_entry, rate_event, state_from_entry
from arpad.systems.uscf1994.steps import provisional_k
from arpad.systems.uscf1994.tables import BetweenRows, age_rating, fide_offset, fide_to_uscf

__all__ = [
    "SYSTEM",
    "BetweenRows",
    "ProvisionalMethod",
    "Record",
    "SavedGame",
    "Uscf1994Config",
    "Uscf1994State",
    "age_rating",
    "fide_offset",
    "fide_to_uscf",
    "impute",
    "provisional_k",
    "rate_event",
]

SYSTEM: RatingSystem[Uscf1994Config, Uscf1994State] = RatingSystem(
    name="uscf1994",
    title="USCF 1994 (proposed by the Ratings Committee)",
    source="uscf-ratings-committee-1994.txt §1.3–§1.5, §4",
    config_type=Uscf1994Config,
    state_type=Uscf1994State,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    rating_kinds=(RatingKind.US_CHESS,),
    # §1.3 Table 1: an unrated player's FIDE rating is imputed (rating.py, imputation).
    initialises_from=(RatingKind.FIDE,),
    # The logistic We of the established formula (§1.5.1); an unrated player counts at the
    # default imputation (D-uscf1994-4), the only one that needs no event.
    expected_score_fn=by_difference(
        lambda d, cfg: logistic_expectancy(d), lambda s, cfg: cfg.imputed_default
    ),
)
