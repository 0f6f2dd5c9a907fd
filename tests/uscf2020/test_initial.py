"""Initial ratings, us-chess-rating-system-2020.txt §2 (L57-151)."""

from __future__ import annotations

import datetime as dt

import pytest

from arpad.errors import InputError
from arpad.model import PlayerEntry, Pool, PoolRating
from arpad.systems.uscf2020 import age_rating, cfc_to_uscf, fide_to_uscf, initial_rating
from arpad.systems.uscf2020.initial import fide_to_uscf_youth

END = dt.date(2024, 6, 30)


def test_uscf2020_fide_conversion_L137() -> None:
    assert fide_to_uscf(1800.0) == pytest.approx(180 + 0.94 * 1800)
    assert fide_to_uscf(2000.0) == pytest.approx(2060.0)  # ≤ 2000 branch
    assert fide_to_uscf(2001.0) == pytest.approx(20 + 1.02 * 2001)


def test_uscf2020_youth_conversion_L328() -> None:
    assert fide_to_uscf_youth(1500.0) == pytest.approx(560 + 0.76 * 1500)
    assert fide_to_uscf_youth(2100.0) == pytest.approx(2180.0)


def test_uscf2020_cfc_conversion_L141() -> None:
    assert cfc_to_uscf(1500.0) == 1410.0
    assert cfc_to_uscf(1501.0) == pytest.approx(1.1 * 1501 - 240)


@pytest.mark.parametrize(
    ("age", "rating"), [(1.5, 100.0), (2.0, 100.0), (10.0, 500.0), (26.0, 1300.0), (40.0, 1300.0)]
)
def test_uscf2020_age_formula_L149(age: float, rating: float) -> None:
    assert age_rating(age) == rating


def _entry(**kw: object) -> PlayerEntry:
    return PlayerEntry("p", **kw)  # type: ignore[arg-type]


def test_uscf2020_age_from_birth_date_L145() -> None:
    born = dt.date(2012, 6, 30)
    init = initial_rating(_entry(birth_date=born), Pool.REGULAR, END)
    assert init.rating == pytest.approx(50 * (END - born).days / 365.25)
    assert init.games == 0


def test_uscf2020_adult_without_birth_date_is_26_L151() -> None:
    assert initial_rating(_entry(adult=True), Pool.REGULAR, END).rating == 1300.0
    assert initial_rating(_entry(), Pool.REGULAR, END).rating == 750.0  # §2.1 item 5


def test_uscf2020_age_under_3_is_miscoded_L151() -> None:
    init = initial_rating(_entry(birth_date=dt.date(2022, 1, 1)), Pool.REGULAR, END)
    assert init.rating == 1300.0  # treated as 26, not 50·2.5 = 125


def test_uscf2020_birth_date_needs_an_end_date() -> None:
    with pytest.raises(InputError, match="end_date"):
        initial_rating(_entry(birth_date=dt.date(2000, 1, 1)), Pool.REGULAR, None)


@pytest.mark.parametrize(("fide", "games"), [(2150.0, 5), (2151.0, 10)])
def test_uscf2020_regular_fide_first_with_n_5_or_10_L67(fide: float, games: int) -> None:
    init = initial_rating(_entry(fide=fide, cfc=1900.0, adult=True), Pool.REGULAR, END)
    assert (init.rating, init.games) == (pytest.approx(fide_to_uscf(fide)), games)


@pytest.mark.parametrize(("cfc", "games"), [(1500.0, 0), (1501.0, 5)])
def test_uscf2020_regular_cfc_second_L68(cfc: float, games: int) -> None:
    init = initial_rating(_entry(cfc=cfc, adult=True), Pool.REGULAR, END)
    assert (init.rating, init.games) == (pytest.approx(cfc_to_uscf(cfc)), games)


def test_uscf2020_regular_quick_rating_needs_4_games_L69() -> None:
    q3 = _entry(other_pools={Pool.QUICK: PoolRating(1600.0, 3)}, adult=True)
    q4 = _entry(other_pools={Pool.QUICK: PoolRating(1600.0, 4)}, adult=True)
    assert initial_rating(q3, Pool.REGULAR, END).rating == 1300.0
    assert (
        initial_rating(q4, Pool.REGULAR, END).rating,
        initial_rating(q4, Pool.REGULAR, END).games,
    ) == (1600.0, 0)


def test_uscf2020_quick_prefers_regular_over_fide_L77() -> None:
    e = _entry(fide=2300.0, other_pools={Pool.REGULAR: PoolRating(2250.0, 7)})
    init = initial_rating(e, Pool.QUICK, END)
    assert (init.rating, init.games) == (2250.0, 7)  # N = min(10, 7)


def test_uscf2020_blitz_priority_L88() -> None:
    established = _entry(fide=2000.0, other_pools={Pool.REGULAR: PoolRating(1900.0, 30)})
    assert initial_rating(established, Pool.BLITZ, END).games == 10  # item 1
    provisional = _entry(fide=2000.0, other_pools={Pool.REGULAR: PoolRating(1900.0, 12)})
    # FIDE, by the 2020 document's conversion (the 2024 refit applies from March 2024)
    init = initial_rating(provisional, Pool.BLITZ, END, fide_since=None)
    assert init.rating == pytest.approx(2060.0)
    no_fide = _entry(
        other_pools={Pool.REGULAR: PoolRating(1900.0, 12), Pool.QUICK: PoolRating(1700.0, 20)}
    )
    assert (
        initial_rating(no_fide, Pool.BLITZ, END).rating,
        initial_rating(no_fide, Pool.BLITZ, END).games,
    ) == (1900.0, 10)  # item 4
    quick_only = _entry(other_pools={Pool.QUICK: PoolRating(1700.0, 20)})
    assert initial_rating(quick_only, Pool.BLITZ, END).rating == 1700.0  # item 5, N = 0


def test_uscf2020_online_regular_needs_10_regular_games_L100() -> None:
    nine = _entry(other_pools={Pool.REGULAR: PoolRating(1900.0, 9)})
    ten = _entry(other_pools={Pool.REGULAR: PoolRating(1900.0, 10)})
    assert initial_rating(nine, Pool.ONLINE_REGULAR, END).rating == 750.0
    assert initial_rating(ten, Pool.ONLINE_REGULAR, END).games == 10


def test_uscf2020_online_quick_and_blitz_priorities_L110_L124() -> None:
    e = _entry(
        fide=2300.0,
        other_pools={Pool.ONLINE_BLITZ: PoolRating(1500.0, 14), Pool.QUICK: PoolRating(1600.0, 30)},
    )
    oq = initial_rating(e, Pool.ONLINE_QUICK, END)
    assert (oq.rating, oq.games) == (1500.0, 10)
    f = initial_rating(_entry(fide=2300.0), Pool.ONLINE_BLITZ, END)
    assert (f.rating, f.games) == (pytest.approx(fide_to_uscf(2300.0)), 0)  # N = 0 online
    order = _entry(
        other_pools={Pool.REGULAR: PoolRating(1900.0, 40), Pool.BLITZ: PoolRating(1700.0, 40)}
    )
    assert initial_rating(order, Pool.ONLINE_BLITZ, END).rating == 1700.0  # Blitz before Regular


def test_uscf2020_foreign_rating_is_n_0_L61() -> None:
    init = initial_rating(_entry(foreign_rating=1850.0, adult=True), Pool.REGULAR, END)
    assert (init.rating, init.games) == (1850.0, 0)


def test_fide_conversion_refitted_after_fides_march_2024_increase() -> None:
    """The FIDE → US Chess conversion refitted after FIDE's one-time increase of 1 March
    2024, published as rule 28D1's general conversion (Official Rules of Chess, 7th
    edition, 2025 update): −1073 + 1.5667·FIDE up to 2000, 20 + 1.02·FIDE above (unchanged);
    chosen by the event's end date like the bonus eras (D-fiderules-6). The two pieces
    still meet at 2000 (2060.4 and 2060)."""
    after, before = dt.date(2024, 3, 1), dt.date(2024, 2, 29)
    assert fide_to_uscf(1400.0, after) == pytest.approx(-1073 + 1.5667 * 1400)  # 1120.38
    assert fide_to_uscf(1400.0, before) == pytest.approx(180 + 0.94 * 1400)  # 1496
    assert fide_to_uscf(2200.0, after) == fide_to_uscf(2200.0, before) == pytest.approx(2264.0)
    assert fide_to_uscf(2000.0, after) == pytest.approx(2060.4)
    assert fide_to_uscf(1400.0, after, since=None) == pytest.approx(1496.0)
    new = initial_rating(_entry(fide=1800.0), Pool.REGULAR, dt.date(2025, 5, 1))
    old = initial_rating(_entry(fide=1800.0), Pool.REGULAR, dt.date(2023, 5, 1))
    assert (new.rating, new.games) == (pytest.approx(1747.06), 5)
    assert (old.rating, old.games) == (pytest.approx(1872.0), 5)
    # the rating system's option and the §6 update of foreign FIDE events use the same rule
    from arpad.systems.uscf2020 import USCFConfig

    assert USCFConfig().fide_conversion_since == dt.date(2024, 3, 1)
