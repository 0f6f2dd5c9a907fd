"""The chi-square test (73) and Kolmogorov–Smirnov (arpad.analysis.chi_square).

Each of the book's five chi-square tables (seed §8.96) and the K-S table (§9.17) is a test
here: (73) applied to the printed f_o and f_e must give the printed χ², each row its printed
contribution, and the critical values and verdicts must be the book's.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis import chi_square as cs
from arpad.errors import ConfigError

from . import book_tables as bt


def test_us_open_1976_chi_square_L3557() -> None:
    result = cs.chi_square(bt.US_OPEN_1976_OBSERVED, bt.US_OPEN_1976_EXPECTED)
    assert result.statistic == pytest.approx(bt.US_OPEN_1976_CHI2, abs=5e-4)
    assert result.contributions == pytest.approx(bt.US_OPEN_1976_CONTRIBUTION, abs=5e-4)
    # "There are 7 intervals but ... only 6 degrees of freedom. The critical values ... are
    # 16.812 for a 1%, and 12.592 for a 5%" (L3566)
    assert result.dof == 6
    assert (round(result.critical_1, 3), round(result.critical_5, 3)) == (16.812, 12.592)
    assert result.verdict is cs.Verdict.NOT_SIGNIFICANT
    assert result.applicable  # 546 observations, 7 intervals, every f_e ≥ 5
    # the proportions sum to .9992 as printed (L3564)
    assert math.fsum(bt.US_OPEN_1976_PROPORTION) == pytest.approx(0.9992)


def test_milwaukee_pairings_chi_square_L3572_L3583() -> None:
    observed = [row[5] for row in bt.MILWAUKEE]
    expected = [row[6] for row in bt.MILWAUKEE]
    result = cs.chi_square(observed, expected, observations=4795)
    # text "6.24" (L3583) is the unrounded sum; the table's 6.23 sums the rounded terms
    assert result.statistic == pytest.approx(6.24, abs=0.005)
    assert math.fsum(round(c, 2) for c in result.contributions) == pytest.approx(6.23, abs=1e-9)
    assert [round(c, 2) for c in result.contributions] == [row[7] for row in bt.MILWAUKEE]
    assert result.dof == 8
    assert (round(result.critical_1, 3), round(result.critical_5, 3)) == (20.090, 15.507)
    assert result.verdict is cs.Verdict.NOT_SIGNIFICANT
    assert sum(row[1] for row in bt.MILWAUKEE) == 4795  # L3580


def test_milwaukee_observed_is_wins_plus_half_draws_L3572() -> None:
    for label, games, w, lost, d, f_o, *_ in bt.MILWAUKEE:
        assert w + lost + d == games, label
        if label == "251-300":
            assert w + d / 2 == 69.5 and f_o == 69.0  # printed inconsistency (spec E8)
        else:
            assert w + d / 2 == f_o, label


def test_uscf_1983_chi_square_L3588_L3614() -> None:
    result = cs.chi_square(bt.USCF_1983_OBSERVED, bt.USCF_1983_EXPECTED)
    # docs/testing-a-rating-system.md: the printed columns give 156.92 (book 156.91)
    assert round(result.statistic, 2) == 156.92
    assert result.statistic == pytest.approx(bt.USCF_1983_CHI2, abs=0.02)
    assert result.contributions == pytest.approx(bt.USCF_1983_CONTRIBUTION, abs=0.006)
    assert result.dof == 19
    assert round(result.critical_5, 3) == 30.144
    assert round(result.critical_1, 3) == 36.191
    assert round(cs.critical_value(19, 0.001), 2) == 43.82  # "even for a .1% probability"
    assert result.verdict is cs.Verdict.ALMOST_CERTAINLY_SIGNIFICANT  # normality rejected
    assert sum(bt.USCF_1983_OBSERVED) == 28988


def test_large_swiss_chi_square_L3622_L3637() -> None:
    result = cs.chi_square(bt.SWISS_OBSERVED, bt.SWISS_EXPECTED)
    assert round(result.statistic, 2) == 19.40  # book 19.41 (docs/testing-a-rating-system.md)
    assert result.statistic == pytest.approx(bt.SWISS_CHI2, abs=0.015)
    assert result.dof == 12
    assert (round(result.critical_5, 3), round(result.critical_1, 3)) == (21.026, 26.217)
    # "somewhat less than 10% probability. Thus the hypothesis ... may be accepted" (L3637)
    assert 0.05 < result.p_value < 0.10
    assert result.verdict is cs.Verdict.NOT_SIGNIFICANT
    assert sum(bt.SWISS_OBSERVED) == 774


def test_belgian_1983_chi_square_L3645_L3662() -> None:
    result = cs.chi_square(bt.BELGIAN_1983_OBSERVED, bt.BELGIAN_1983_EXPECTED)
    assert round(result.statistic, 2) == 10.56  # book 10.54 (docs/testing-a-rating-system.md)
    assert result.statistic == pytest.approx(bt.BELGIAN_1983_CHI2, abs=0.03)
    assert result.contributions == pytest.approx(bt.BELGIAN_1983_CONTRIBUTION, abs=0.006)
    assert result.dof == 10
    assert round(result.critical_5, 3) == 18.307
    # the book prints 23.161 for the 1 % value (L3662); the tables give 23.209 (spec E12)
    assert round(result.critical_1, 3) == 23.209
    assert result.verdict is cs.Verdict.NOT_SIGNIFICANT
    assert sum(bt.BELGIAN_1983_OBSERVED) == 2643


@pytest.mark.parametrize(("dof", "level", "printed", "line"), bt.CRITICAL_VALUES)
def test_critical_values_quoted_in_the_book(
    dof: int, level: float, printed: float, line: int
) -> None:
    digits = len(str(printed).split(".")[1])
    assert cs.critical_value(dof, level) == pytest.approx(printed, abs=0.5 * 10**-digits), line


def test_uscf_chi_square_critical_index_7_35_L2470() -> None:
    # §7.35: "a critical index below 33.4" — the 1 % value for 17 degrees of freedom
    assert round(cs.critical_value(17, 0.01), 1) == 33.4


def test_verdict_readings_L3549() -> None:
    assert cs.verdict(0.009) is cs.Verdict.ALMOST_CERTAINLY_SIGNIFICANT
    assert cs.verdict(0.01) is cs.Verdict.PROBABLY_SIGNIFICANT
    assert cs.verdict(0.049) is cs.Verdict.PROBABLY_SIGNIFICANT
    assert cs.verdict(0.05) is cs.Verdict.NOT_SIGNIFICANT


def test_book_rules_L3535() -> None:
    # fewer than 30 observations, fewer than 6 intervals, an interval expecting under 5
    small = cs.chi_square([3, 4, 5, 6, 5], [4.0, 4.0, 5.0, 6.0, 4.0])
    assert not small.applicable
    assert len(small.problems) == 3
    assert any("30" in p for p in small.problems)
    assert any("at least 6" in p for p in small.problems)
    ok = cs.chi_square([10] * 6, [10.0] * 6)
    assert ok.applicable and ok.statistic == 0.0
    # the number of observations may differ from Σ f_o (games against points)
    assert cs.chi_square([10] * 6, [10.0] * 6, observations=29).problems


def test_restrictions_set_degrees_of_freedom_L3551() -> None:
    # "8 intervals of data but a restriction on the total, then there are only 7"
    assert cs.chi_square([5.0] * 8, [5.0] * 8).dof == 7
    assert cs.chi_square([5.0] * 8, [5.0] * 8, restrictions=3).dof == 5
    with pytest.raises(ConfigError):
        cs.chi_square([1.0], [1.0])
    with pytest.raises(ConfigError):
        cs.chi_square([1.0, 2.0], [1.0, 0.0])
    with pytest.raises(ConfigError):
        cs.chi_square([1.0, 2.0], [1.0])


def test_merge_small_intervals_keeps_totals() -> None:
    obs, exp, labels = cs.merge_small_intervals(
        [2, 3, 10, 20, 10, 1], [1.0, 4.0, 12.0, 22.0, 8.0, 3.0], list("abcdef")
    )
    assert min(exp) >= 5
    assert sum(obs) == 46 and sum(exp) == 50
    assert labels == ("a+b", "c", "d", "e+f")


def test_kolmogorov_smirnov_belgian_pool_L3719_L3737() -> None:
    result = cs.kolmogorov_smirnov(bt.KS_OBSERVED, bt.KS_EXPECTED, n=bt.BELGIAN_1975_N)
    assert result.differences == pytest.approx(bt.KS_DIFFERENCE, abs=1e-9)
    assert result.max_difference == pytest.approx(0.0235)
    # allowable maximums for n = 1857 (L3736–3737)
    assert result.critical_5 == pytest.approx(bt.KS_ALLOWABLE_5, abs=1e-4)
    assert result.critical_1 == pytest.approx(bt.KS_ALLOWABLE_1, abs=2e-4)  # 1.628/√n = .0378
    # "None of the differences exceeded the 5% criterion" (L3739)
    assert result.verdict is cs.Verdict.NOT_SIGNIFICANT


def test_cumulative_columns_of_table_2_71_L897_L916() -> None:
    # US Open 1973–75 deviations (spec part 1 TV-16): counts, the cumulative number and the
    # cumulative percent as printed. The percent column is truncated in places and carries
    # slips (17.2 for 258/1514 = 17.04; 82.4, 92.8, 98.7 for 82.50, 92.93, 98.81).
    counts = [4, 8, 15, 27, 55, 49, 100, 144, 174, 198, 202, 147, 126, 90, 68, 43, 30, 16, 10, 8]
    cumulative_number = [
        4, 12, 27, 54, 109, 158, 258, 402, 576, 774,
        976, 1123, 1249, 1339, 1407, 1450, 1480, 1496, 1506, 1514,
    ]  # fmt: skip
    printed = [
        0.26, 0.79, 1.78, 3.56, 7.20, 10.4, 17.2, 26.5, 38.0, 51.0,
        64.5, 74.2, 82.4, 88.4, 92.8, 95.7, 97.7, 98.7, 99.4, 100.0,
    ]  # fmt: skip
    cumulative = cs.cumulative_proportions(counts)
    assert [round(1514 * c) for c in cumulative] == cumulative_number
    for c, p in zip(cumulative, printed, strict=True):
        assert 100 * c == pytest.approx(p, abs=0.17)


@given(st.lists(st.floats(min_value=0.1, max_value=1e4), min_size=2, max_size=30))
def test_chi_square_is_zero_only_for_a_perfect_fit(expected: list[float]) -> None:
    assert cs.chi_square(expected, expected).statistic == 0.0
    shifted = [expected[0] + 1.0, *expected[1:]]
    assert cs.chi_square(shifted, expected).statistic > 0.0
