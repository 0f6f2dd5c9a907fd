"""The FIDE-event adjustment (uscf-ratings-committee-1994.txt §6, L499–L587)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io.fide_printout import read
from arpad.systems.uscf1994.fide_adjustment import (
    FideAdjustmentConfig,
    PrintoutLine,
    adjusted_expected,
    fide_adjustment,
)
from tests.conftest import EXAMPLES, seed_line
from tests.uscf1994.helpers import SEED

# L544–L548, transcribed: start, fed, city, Ro, Rc, W, N, Chg.
KAMSKY = [
    ("22.02.93", "ESP", "Linares", 2655, 2678, 5.5, 13, -0.61),
    ("20.03.93", "USA", "New York", 2655, 2372, 2.5, 3, -0.02),
    ("10.04.93", "GER", "Dortmund", 2655, 2634, 3.5, 7, -0.21),
    ("18.04.93", "ARG", "Bns Aires", 2655, 2563, 7.0, 11, 0.07),
]


def _lines() -> list[PrintoutLine]:
    return [
        PrintoutLine("Kamsky", ro, w, n, chg, fed, start, city, rc)
        for start, fed, city, ro, rc, w, n, chg in KAMSKY
    ]


def test_transcription_matches_the_seed_L545_L548() -> None:
    for i, row in enumerate(KAMSKY):
        cells = seed_line(SEED, 545 + i).split("\t")
        assert cells[0] == row[0] and cells[1] == row[1] and cells[2] == row[2]
        assert [float(x) for x in cells[3:8]] == [row[3], row[4], row[5], row[6], row[7]]


def test_kamsky_example_2795_to_2757_L540_L575() -> None:
    r = fide_adjustment(_lines(), 2795.0)
    assert r.events_used == 3 and r.events_skipped == 1  # New York was USCF-rated
    assert r.games == 31  # L554
    assert r.score == pytest.approx(16.0)  # L558
    assert r.change_sum == pytest.approx(-0.75)  # L562
    assert r.expected == pytest.approx(16.75)  # L566
    assert r.offset == 46  # L568 (Table 1: 2655 → 2701)
    # L571 prints 10^(−94/400) = 0.5821, 31/16.75 − 1 = 0.8507, a denominator of 1.50 and
    # E_adj = 20.7; unrounded the denominator is 1.4952 and E_adj = 20.733.
    assert r.adjusted_expected == pytest.approx(20.7, abs=0.05)
    # L575: 2795 + 8(16 − 20.7) = 2795 − 37.6 ≈ 2757. Unrounded: 2795 − 37.86 = 2757.14;
    # both round to the printed 2757.
    assert r.new_rating == pytest.approx(2757, abs=0.5)


def test_the_intermediate_factors_of_L571() -> None:
    assert pytest.approx(0.5821, abs=0.00005) == 10 ** ((2655 - 2795 + 46) / 400)
    assert pytest.approx(0.8507, abs=0.00005) == 31 / 16.75 - 1


def test_example_file_reproduces_kamsky() -> None:
    path = EXAMPLES / "fide-printout-kamsky-1993.csv"
    lines = read(io.StringIO(path.read_text(encoding="utf-8")), str(path))
    assert fide_adjustment(lines, 2795.0).new_rating == pytest.approx(2757, abs=0.5)
    assert lines[0].uscf == 2795.0


def test_uscf_rated_column_overrides_the_federation_rule() -> None:
    lines = _lines()
    lines[1] = PrintoutLine("Kamsky", 2655, 2.5, 3, -0.02, "USA", uscf_rated=False)
    assert fide_adjustment(lines, 2795.0).games == 34
    assert fide_adjustment(_lines(), 2795.0, FideAdjustmentConfig(K=16)).k == 16


def test_equal_ratings_on_both_scales_leave_the_expectation_unchanged() -> None:
    # When R_u = R_f + A the two scales agree and E_adj = E (§6.4).
    assert adjusted_expected(31, 16.75, 2655, 2701, 46) == pytest.approx(16.75)


@given(
    st.integers(min_value=1, max_value=60),
    st.floats(min_value=0.05, max_value=0.95),
    st.floats(min_value=2000, max_value=2800),
    st.floats(min_value=-300, max_value=300),
)
def test_a_higher_uscf_rating_raises_the_adjusted_expectation(
    n: int, frac: float, fide: float, gap: float
) -> None:
    e = frac * n
    low = adjusted_expected(n, e, fide, fide + gap, 30)
    high = adjusted_expected(n, e, fide, fide + gap + 50, 30)
    assert 0 < low < high < n


def test_inconsistent_printout_is_refused() -> None:
    bad = [PrintoutLine("X", 2300, 1.0, 2, 5.0, "ESP")]  # E = 1 − 5 < 0
    with pytest.raises(InputError, match="outside"):
        fide_adjustment(bad, 2350.0)
    with pytest.raises(InputError, match="several players"):
        fide_adjustment([*_lines(), bad[0]], 2350.0)
