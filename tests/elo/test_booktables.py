"""Tables 2.11 and 8.46 and the F factor of §8.85, against the seed's printed text."""

from __future__ import annotations

import bisect
import itertools
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.booktables import (
    F_TABLE,
    BookTable,
    HalfRule,
    round_half_up,
    small_sample_factor,
    table_difference,
    table_expectancy,
    table_p,
    table_row_at,
    table_rows,
    table_upper,
)
from arpad.curves import logistic_expectancy, normal_expectancy
from arpad.errors import ConfigError
from tests.conftest import SEEDS

SEED = "elo-rating-of-chessplayers-1986.txt"


def _printed_rows(first: int, last: int) -> list[tuple[int, int | None, int]]:
    """(lo, hi, H) parsed from the seed's three-column table between two lines."""
    path = SEEDS / SEED
    if not path.exists():
        pytest.skip("seed not available")
    lines = path.read_text(encoding="utf-8").splitlines()[first - 1 : last]
    rows: list[tuple[int, int | None, int]] = []
    for line in lines:
        for m in re.finditer(r"(\d+)-(\d+)\s+\.(\d\d)\s+\.?(\d\d)|[Oo]ver\s*(\d+)\s+1\.00", line):
            if m.group(5) is not None:
                rows.append((int(m.group(5)) + 1, None, 100))
            else:
                rows.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return sorted(rows, key=lambda r: r[2])


def test_table_2_11_transcription_matches_seed_L494_L510() -> None:
    printed = _printed_rows(494, 510)
    assert len(printed) == 51
    assert [(r.lo, r.hi, r.h) for r in table_rows("normal")] == printed


def test_table_8_46_transcription_matches_seed_L3138_L3154() -> None:
    printed = _printed_rows(3138, 3154)
    assert len(printed) == 51
    assert [(r.lo, r.hi, r.h) for r in table_rows("logistic")] == printed


@pytest.mark.parametrize("table", list(BookTable))
def test_rows_cover_every_integer_difference_without_gaps(table: BookTable) -> None:
    rows = table_rows(table)
    assert rows[0].lo == 0
    for a, b in itertools.pairwise(rows):
        assert a.hi is not None and b.lo == a.hi + 1 and b.h == a.h + 1


# -- D → P: the table/continuous discriminators of spec part 1 §3.3 -----------------------------


def test_table_vs_continuous_at_d25_spec_3_3() -> None:
    assert table_expectancy(25) == 0.53
    assert normal_expectancy(25.0) == pytest.approx(0.5352, abs=5e-5)
    assert round_half_up(normal_expectancy(25.0), 2) == 0.54  # the continuous mode differs


def test_table_vs_continuous_at_d108_example3_L678() -> None:
    # Example 3 (§2.43, L678): D_c = 108 gives .65 from the table; Φ gives .6487.
    assert table_expectancy(108) == 0.65
    assert normal_expectancy(108.0) == pytest.approx(0.6487, abs=5e-5)


@pytest.mark.parametrize(
    ("d", "h", "l"),
    [(3, 0.50, 0.50), (4, 0.51, 0.49), (735, 0.99, 0.01), (736, 1.00, 0.00), (2000, 1.0, 0.0)],
)
def test_normal_table_row_edges(d: int, h: float, l: float) -> None:  # noqa: E741
    assert table_expectancy(d) == h
    assert table_expectancy(-d) == l


@pytest.mark.parametrize(
    ("d", "book", "formula"),
    # TV-09 (spec part 2 T4): the four boundaries where Table 8.46 is one point off the
    # rounded formula (46).
    [(127, 0.67, 0.68), (135, 0.68, 0.69), (323, 0.86, 0.87), (920, 0.99, 1.00)],
)
def test_logistic_table_boundaries_TV09_L3132(d: int, book: float, formula: float) -> None:
    assert table_expectancy(d, "logistic") == book
    assert round_half_up(logistic_expectancy(float(d)), 2) == formula


@pytest.mark.parametrize(
    ("d", "p"), [(3, 0.50), (4, 0.51), (128, 0.68), (205, 0.76), (206, 0.77), (921, 1.0)]
)
def test_logistic_table_rows_TV09(d: int, p: float) -> None:
    assert table_expectancy(d, "logistic") == p


def test_fractional_differences_round_half_up_before_lookup() -> None:
    # 2533.75 is the unrounded Wijk aan Zee average: D = 2635 − 2533.75 = 101.25 → 101 → .64.
    assert table_expectancy(2635 - 2533.75) == 0.64
    assert table_expectancy(3.5) == 0.51  # 3.5 → 4
    assert table_expectancy(-3.5) == 0.49


@given(st.floats(min_value=-3000, max_value=3000, allow_nan=False))
def test_table_expectancy_is_symmetric(d: float) -> None:
    for table in BookTable:
        assert table_expectancy(d, table) + table_expectancy(-d, table) == pytest.approx(1.0)


@given(
    st.floats(min_value=-3000, max_value=3000, allow_nan=False),
    st.floats(min_value=0, max_value=500, allow_nan=False),
)
def test_table_expectancy_is_monotone(d: float, step: float) -> None:
    assert table_expectancy(d + step) >= table_expectancy(d)


def test_table_2_11_is_close_to_but_not_the_rounded_normal_spec_3_3() -> None:
    # Spec part 1 §3.3: the table is not round(Φ(D/282.84), 2): 110 integer D in 0–735 differ.
    differing = sum(
        1 for d in range(736) if table_expectancy(d) != round_half_up(normal_expectancy(d), 2)
    )
    assert differing == 110
    assert all(abs(table_expectancy(d) - normal_expectancy(float(d))) < 0.0101 for d in range(736))


# -- P → D ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("p", "d_p", "where"),
    [
        (10.5 / 15, 149, "§2.41 L660"),
        (15 / 19, 230, "§2.48 L767"),
        (12 / 19, 95, "§2.48 L768"),
        (9 / 19, -21, "§2.48 L769"),
        (12.5 / 24, 14, "§2.49 L789"),
        (14 / 18, 220, "§3.35 L1057"),
        (13.5 / 18, 193, "§3.35 L1058"),
        (12.5 / 18, 141, "§3.35 L1061"),
        (11.5 / 18, 102, "§3.35 L1062"),
        (11 / 18, 80, "§3.35 L1063"),
        (10.5 / 18, 57, "§3.35 L1064"),
        (9 / 18, 0, "§3.35 L1066"),
        (7 / 18, -80, "§3.35 L1070"),
        (6.5 / 18, -102, "§3.35 L1071"),
        (6 / 18, -125, "§3.35 L1072"),
        (3.5 / 18, -251, "§3.35 L1073"),
    ],
)
def test_every_printed_d_p_is_the_row_midpoint(p: float, d_p: int, where: str) -> None:
    assert table_difference(p) == d_p, where


def test_fischer_spassky_d_p_90_L520() -> None:
    # §2.13 (L516–524): Fischer 12.5/20 = .625 and Spassky .375 give D_P = ±90; .625 lies
    # between two rows, the book's 90 is the continuous inverse (90.1).
    assert table_difference(12.5 / 20) == 90
    assert table_difference(7.5 / 20) == -90
    assert table_difference(0.625, half=HalfRule.UP) == 95
    assert table_difference(0.625, half=HalfRule.INTERPOLATE) == 91


def test_extreme_scores() -> None:
    assert table_difference(1.0) == math.inf
    assert table_difference(0.0) == -math.inf
    assert table_difference(199.5 / 200) == 677  # rounds to 1.00: the .99 row (D-elo-3)
    assert table_difference(0.5 / 200) == -677
    with pytest.raises(ConfigError):
        table_difference(1.5)
    with pytest.raises(ConfigError):
        table_difference(0.5, half="sideways")


@given(st.integers(min_value=1, max_value=99))
def test_inverse_then_lookup_returns_the_percentage(h: int) -> None:
    for table in BookTable:
        d = table_difference(h / 100, table)
        assert table_expectancy(d, table) == pytest.approx(h / 100)


def test_round_half_up() -> None:
    assert round_half_up(2533.75) == 2534
    assert round_half_up(2215.66) == 2216
    assert round_half_up(139.6875) == 140  # Example 2 (L670): D_a = 149·15/16 → 140
    assert round_half_up(-68.04) == -68
    assert round_half_up(2.5) == 3  # Python's round would give 2
    assert round_half_up(-2.5) == -3


# -- the F factor of §8.85 -----------------------------------------------------------------------


def test_f_table_transcription_L3400_L3406() -> None:
    path = SEEDS / SEED
    if not path.exists():
        pytest.skip("seed not available")
    lines = path.read_text(encoding="utf-8").splitlines()[3399:3406]
    printed = [tuple(float(x) for x in re.findall(r"\.\d\d", ln)) for ln in lines]
    assert printed == list(F_TABLE)


@pytest.mark.parametrize(
    ("n", "d_p", "f", "r_f"),
    # TV-29 (spec part 2, constructed usage of (70)): R_F − R_C = D_p·F.
    [(9, 200, 0.82, 164.0), (5, 400, 0.51, 204.0), (17, 50, 0.99, 49.5)],
)
def test_small_sample_factor_TV29_L3410(n: int, d_p: int, f: float, r_f: float) -> None:
    assert small_sample_factor(n, d_p) == f
    assert d_p * small_sample_factor(n, d_p) == pytest.approx(r_f)
    assert small_sample_factor(n, -d_p) == f  # sign kept by the caller


def test_small_sample_factor_outside_the_printed_cells() -> None:
    assert small_sample_factor(10, 200) == pytest.approx(0.83)  # between N = 9 and 11
    assert small_sample_factor(10, 200, interpolate=False) == 0.82  # the N = 9 row
    assert small_sample_factor(9, 175) == pytest.approx(0.845)  # between columns
    assert small_sample_factor(9, 175, interpolate=False) == 0.87
    assert small_sample_factor(9, 25) == pytest.approx(0.985)  # toward F = 1 at 0
    assert small_sample_factor(9, 677) == 0.55  # the 400 column
    assert small_sample_factor(3, 200) == 0.78  # the N = 5 row
    assert small_sample_factor(25, 200) == 0.86  # the N = 17 row up to 29 games
    assert small_sample_factor(30, 200) == 1.0  # §2.59: thirty games and more


@pytest.mark.parametrize("table", list(BookTable))
@given(d=st.floats(min_value=-1500, max_value=1500) | st.integers(-1500, 1500).map(float))
def test_table_lookup_is_the_row_that_holds_the_rounded_difference(
    table: BookTable, d: float
) -> None:
    """The one lookup (``table_p``, a bisection since issue 20) gives H/100 of the row
    whose range [lo, hi] holds |D| rounded half up (Table 2.11 / 8.46 as transcribed),
    1 − H/100 below 0."""
    a = math.floor(abs(d) + 0.5 + 1e-9)
    row = next(r for r in table_rows(table) if r.lo <= a and (r.hi is None or a <= r.hi))
    assert table_expectancy(d, table) == (row.h if d >= 0 else 100 - row.h) / 100.0


@pytest.mark.parametrize("table", list(BookTable))
def test_table_lookup_is_bisect_left_over_the_upper_ends(table: BookTable) -> None:
    """The lookup (one index into ``table_row_at``, D-loopspeed-5) gives, for every whole
    difference up to past the last row and both signs, H/100 of the first row whose upper
    end holds it (``bisect_left`` over the printed upper ends; beyond them 100), and
    NaN and ±inf the last row's."""
    upper = table_upper(table).tolist()
    row_at = table_row_at(table)
    for a in range(int(upper[-1]) + 50):
        row = bisect.bisect_left(upper, a)
        h = 50 + row if row < len(upper) else 100
        assert table_p(float(a), row_at) == h / 100.0
        assert table_p(-float(a) - 0.4, row_at) == (100 - h) / 100.0
    assert table_p(math.inf, row_at) == 1.0 and table_p(-math.inf, row_at) == 0.0
    assert table_p(math.nan, row_at) == 0.0  # NaN ≥ 0 is false: the lower side
