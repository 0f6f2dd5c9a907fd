"""Table 1 (FIDE → USCF, L148–L170) and Table 2 (age, L178–L199)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.errors import ConfigError
from arpad.systems.uscf1994.tables import (
    AGE_TO_RATING,
    FIDE_TO_USCF,
    BetweenRows,
    age_on,
    age_rating,
    fide_offset,
    fide_to_uscf,
)
from tests.conftest import seed_line
from tests.uscf1994.helpers import SEED


def _pairs(first: int, last: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for n in range(first, last + 1):
        cells = [int(x) for x in seed_line(SEED, n).split()]
        out.update(zip(cells[0::2], cells[1::2], strict=True))
    return out


def test_table_1_every_cell_matches_the_seed_L151_L170() -> None:
    seed = _pairs(151, 170)
    assert len(seed) == 100
    for fide, uscf in seed.items():
        assert fide_to_uscf(fide) == uscf
    assert len(FIDE_TO_USCF) == 100


def test_table_2_every_cell_matches_the_seed_L181_L199() -> None:
    seed = _pairs(181, 199)
    assert sorted(seed) == list(range(5, 81))
    for age, rating in seed.items():
        assert age_rating(age) == rating
    assert len(AGE_TO_RATING) == 76


@pytest.mark.parametrize(
    ("fide", "uscf"),
    [
        (2655, 2701),  # L163, and §6.3 L568 ("2655 … is 2701")
        (2200, 2214),  # L151, first row
        (2695, 2724),  # L170, last row
        (2199, 2214),  # L144: below 2200, + 15
        (1800, 1815),
        (2700, 2730),  # L144: 2700 and higher, + 30
        (2805, 2835),
    ],
)
def test_table_1_lookups_and_the_rules_beside_it_L144(fide: float, uscf: float) -> None:
    assert fide_to_uscf(fide) == pytest.approx(uscf)


def test_table_1_between_rows_D_uscf1994_2() -> None:
    # 2302 lies between 2300 → 2354 and 2305 → 2361.
    assert fide_to_uscf(2302) == pytest.approx(2354 + 0.4 * 7)
    assert fide_to_uscf(2302, BetweenRows.ROW_BELOW) == 2354
    assert fide_to_uscf(2302, BetweenRows.NEAREST) == 2354
    assert fide_to_uscf(2303, BetweenRows.NEAREST) == 2361
    # Between the last row (2695 → 2724) and 2700 (+30 → 2730).
    assert fide_to_uscf(2697.5) == pytest.approx(2727.0)


@given(st.floats(min_value=1000, max_value=2900), st.floats(min_value=0.01, max_value=50))
def test_table_1_interpolation_is_monotone(fide: float, more: float) -> None:
    assert fide_to_uscf(fide) <= fide_to_uscf(fide + more) + 1e-9


def test_fide_offset_kamsky_L568() -> None:
    assert fide_offset(2655) == 46


def test_table_1_refuses_nan() -> None:
    with pytest.raises(ConfigError):
        fide_to_uscf(float("nan"))


@pytest.mark.parametrize(
    ("age", "rating"),
    [(5, 543), (12, 822), (48, 1428), (80, 1203), (4, 543), (0, 543), (81, 1203), (99, 1203)],
)
def test_table_2_lookups_and_ages_outside_5_to_80_D_uscf1994_3(age: int, rating: float) -> None:
    assert age_rating(age) == rating


def test_age_is_completed_years_on_the_day() -> None:
    born = dt.date(1980, 2, 29)
    assert age_on(born, dt.date(1994, 2, 28)) == 13
    assert age_on(born, dt.date(1994, 3, 1)) == 14
