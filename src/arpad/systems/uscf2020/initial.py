"""Initial ratings of unrated players, us-chess-rating-system-2020.txt §2.

Each pool has its own priority list (§2.1–§2.6); the FIDE and CFC conversions and the
age formula are §2.7. An office-assigned foreign rating (§2, L61) is based on 0 games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from arpad.errors import InputError
from arpad.model import PlayerEntry, Pool, PoolRating

DEFAULT_RATING = 750.0
"""The last resort of every priority list (§2.1 item 5 and the like)."""

ADULT_AGE = 26.0
"""Age assumed for an adult without a birth date, and for a miscoded one (§2.7, L151)."""

MISCODED_BELOW = 3.0
"""A computed age under 3 is a miscoded birth date (§2.7, L151)."""


@dataclass(frozen=True, slots=True)
class Initial:
    """An initial rating with the N it is treated as based on, and where it came from."""

    rating: float
    games: int
    source: str


FIDE_CONVERSION_2024_SINCE = dt.date(2024, 3, 1)
"""Events ending from this day convert FIDE ratings by the 2024 refit (:func:`fide_to_uscf`):
the first FIDE list after its one-time increase of 1 March 2024, which the refit follows
(D-fiderules-6)."""


def fide_to_uscf(
    fide: float, end: dt.date | None = None, since: dt.date | None = FIDE_CONVERSION_2024_SINCE
) -> float:
    """The FIDE → US Chess conversion in force for an event ending on ``end``:

    - §2.7 (L137), 2020: 180 + 0.94·FIDE if FIDE ≤ 2000, else 20 + 1.02·FIDE;
    - refitted after FIDE's March 2024 increase of ratings 1000–2000 (US Chess Ratings
      Committee; published as the "general conversion" of rule 28D1, Official Rules of
      Chess, 7th edition, 2025 online update): −1073 + 1.5667·FIDE if FIDE ≤ 2000, else
      20 + 1.02·FIDE — for events ending from ``since`` (``None``: never). Undated: 2020.

    >>> fide_to_uscf(2000.0), fide_to_uscf(2100.0)
    (2060.0, 2162.0)
    >>> round(fide_to_uscf(1500.0, dt.date(2025, 6, 1)), 2), fide_to_uscf(1500.0)
    (1277.05, 1590.0)
    """
    if since is not None and end is not None and end >= since and fide <= 2000.0:
        return -1073.0 + 1.5667 * fide
    return 180.0 + 0.94 * fide if fide <= 2000.0 else 20.0 + 1.02 * fide


def fide_to_uscf_youth(fide: float) -> float:
    """§6 (L328), youth events: 560 + 0.76·FIDE if FIDE ≤ 2000, else 80 + 1.0·FIDE."""
    return 560.0 + 0.76 * fide if fide <= 2000.0 else 80.0 + 1.0 * fide


def cfc_to_uscf(cfc: float) -> float:
    """§2.7 (L141): CFC − 90 if CFC ≤ 1500, else 1.1·CFC − 240.

    >>> cfc_to_uscf(1500.0), round(cfc_to_uscf(1600.0), 6)
    (1410.0, 1520.0)
    """
    return cfc - 90.0 if cfc <= 1500.0 else 1.1 * cfc - 240.0


def age_in_years(birth: dt.date, end: dt.date) -> float:
    """Age = (tournament end date − birth date)/365.25 (§2.7, L145)."""
    return (end - birth).days / 365.25


def age_rating(age: float) -> float:
    """§2.7 (L149): 100 below age 2, 50·Age from 2 to 26, 1300 above 26.

    >>> age_rating(12.0), age_rating(30.0)
    (600.0, 1300.0)
    """
    if age < 2.0:
        return 100.0
    if age <= 26.0:
        return 50.0 * age
    return 1300.0


def _fide_games(fide: float) -> int:
    return 10 if fide > 2150.0 else 5  # §2.1 item 1


def _cfc_games(cfc: float) -> int:
    return 5 if cfc > 1500.0 else 0  # §2.1 item 2


def _established(p: PoolRating, established_after: int) -> bool:
    return p.established if p.established is not None else p.games > established_after


@dataclass(frozen=True, slots=True)
class Context:
    """What a priority rule may read besides the entry."""

    established_after: int = 25
    end: dt.date | None = None
    fide_since: dt.date | None = FIDE_CONVERSION_2024_SINCE


Rule = Callable[[PlayerEntry, Context], Initial | None]


def _from_fide(online: bool) -> Rule:
    def rule(e: PlayerEntry, ctx: Context) -> Initial | None:
        if e.fide is None:
            return None
        n = 0 if online else _fide_games(e.fide)
        return Initial(fide_to_uscf(e.fide, ctx.end, ctx.fide_since), n, f"FIDE {e.fide:g}")

    return rule


def _from_cfc(online: bool) -> Rule:
    def rule(e: PlayerEntry, _ctx: Context) -> Initial | None:
        if e.cfc is None:
            return None
        n = 0 if online else _cfc_games(e.cfc)
        return Initial(cfc_to_uscf(e.cfc), n, f"CFC {e.cfc:g}")

    return rule


def _from_pool(
    pool: Pool,
    *,
    min_games: int = 0,
    games: Callable[[PoolRating], int] = lambda p: 0,
    established: bool | None = None,
) -> Rule:
    """Use another pool's rating: with at least ``min_games``, optionally only if
    (not) established, treated as based on ``games(rating)`` games."""

    def rule(e: PlayerEntry, ctx: Context) -> Initial | None:
        p = e.other_pools.get(pool)
        if p is None or p.games < min_games:
            return None
        if established is not None and _established(p, ctx.established_after) != established:
            return None
        return Initial(p.rating, games(p), f"{pool.value} rating")

    return rule


def _from_foreign(e: PlayerEntry, _ctx: Context) -> Initial | None:
    if e.foreign_rating is None:
        return None
    return Initial(e.foreign_rating, 0, "converted foreign rating")


def _at_most_10(p: PoolRating) -> int:
    return min(10, p.games)


def _ten(_p: PoolRating) -> int:
    return 10


PRIORITIES: dict[Pool, tuple[Rule, ...]] = {
    # §2.1 Regular
    Pool.REGULAR: (
        _from_fide(False),
        _from_cfc(False),
        _from_pool(Pool.QUICK, min_games=4),
    ),
    # §2.2 Quick
    Pool.QUICK: (
        _from_pool(Pool.REGULAR, min_games=4, games=_at_most_10),
        _from_fide(False),
        _from_cfc(False),
    ),
    # §2.3 Blitz
    Pool.BLITZ: (
        _from_pool(Pool.REGULAR, games=_ten, established=True),
        _from_fide(False),
        _from_cfc(False),
        _from_pool(Pool.REGULAR, min_games=4, games=_at_most_10, established=False),
        _from_pool(Pool.QUICK, min_games=4),
    ),
    # §2.4 online Regular
    Pool.ONLINE_REGULAR: (
        _from_pool(Pool.REGULAR, min_games=10, games=_ten),
        _from_fide(False),
        _from_cfc(False),
    ),
    # §2.5 online Quick
    Pool.ONLINE_QUICK: (
        _from_pool(Pool.ONLINE_BLITZ, games=_at_most_10),
        _from_pool(Pool.QUICK),
        _from_pool(Pool.BLITZ),
        _from_pool(Pool.REGULAR),
        _from_fide(True),
        _from_cfc(True),
    ),
    # §2.6 online Blitz
    Pool.ONLINE_BLITZ: (
        _from_pool(Pool.ONLINE_QUICK, games=_at_most_10),
        _from_pool(Pool.BLITZ),
        _from_pool(Pool.QUICK),
        _from_pool(Pool.REGULAR),
        _from_fide(True),
        _from_cfc(True),
    ),
}


def age_based(entry: PlayerEntry, end_date: dt.date | None) -> Initial | None:
    """The age rule of §2.7, or ``None`` when there is neither a birth date nor ``adult``.

    Raises:
        InputError: a birth date is given but the event has no end date.
    """
    if entry.birth_date is None:
        if entry.adult:
            return Initial(age_rating(ADULT_AGE), 0, "adult, no birth date (age 26)")
        return None
    if end_date is None:
        raise InputError(
            f"player {entry.id!r} has a birth date but the event has no end_date; "
            "add event.end_date to compute the age (US Chess §2.7)",
            line=entry.line,
        )
    age = age_in_years(entry.birth_date, end_date)
    if age < MISCODED_BELOW:
        return Initial(age_rating(ADULT_AGE), 0, f"age {age:.1f} taken as miscoded (26)")
    return Initial(age_rating(age), 0, f"age {age:.1f}")


def initial_rating(
    entry: PlayerEntry,
    pool: Pool,
    end_date: dt.date | None,
    established_after: int = 25,
    fide_since: dt.date | None = FIDE_CONVERSION_2024_SINCE,
) -> Initial:
    """The Step 1 initial rating of an unrated player in ``pool`` (§2.1–§2.7).

    Order: the pool's priority list; then an office-assigned foreign rating (N = 0), which
    §2 allows only for players unrated in every US Chess pool and without FIDE or CFC
    ratings, so it can only apply once the list has found nothing; then age; then 750.
    """
    ctx = Context(established_after, end_date, fide_since)
    for rule in PRIORITIES[pool]:
        found = rule(entry, ctx)
        if found is not None:
            return found
    foreign = _from_foreign(entry, ctx)
    if foreign is not None:
        return foreign
    by_age = age_based(entry, end_date)
    if by_age is not None:
        return by_age
    return Initial(DEFAULT_RATING, 0, "default 750")
