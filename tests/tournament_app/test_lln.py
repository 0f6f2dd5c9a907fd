"""The Ratings Law of Large Numbers utilities (spec §4.12, TV-03–TV-05)."""

from __future__ import annotations

import pytest
from scipy import stats

from arpad.analysis.tournament_app.lln import (
    correlation_test,
    expected_match_score,
    implied_difference,
    nearest_half,
    sweep_probability,
)
from arpad.errors import ConfigError


def test_steinitz_blackburne_expected_score_L677() -> None:
    # Eq. (17): 7(0.5327) = 3.73 wins; Blackburne "about 3.27 points, or rounding to the
    # nearest half-game, 3.5 points" (L683).
    assert round(expected_match_score(2730, 2648, 7), 2) == 3.73
    assert round(expected_match_score(2648, 2730, 7), 2) == 3.27
    assert nearest_half(expected_match_score(2648, 2730, 7)) == 3.5


def test_steinitz_sweep_probability_L690() -> None:
    # Eq. (18): (0.5327)^7 = 0.01217 = 1.217 %.
    assert round(sweep_probability(2730, 2648, 7), 5) == 0.01217
    assert sweep_probability(2730, 2648, 7) == pytest.approx(0.0121677, abs=5e-8)


def test_seven_nil_implies_1800_or_more_L671() -> None:
    d = implied_difference(7, 7)
    assert d.difference == 1800.0 and d.at_least
    half = implied_difference(3.5, 7)
    assert half.difference == 0.0 and not half.at_least
    assert implied_difference(0, 7).difference == -1800.0


def test_implied_difference_rejects_bad_scores() -> None:
    with pytest.raises(ConfigError):
        implied_difference(8, 7)


def test_correlation_test_matches_scipy() -> None:
    x = [13.29, 4.52, -4.43, -13.38, 2.0, -1.5]
    y = [2765, 2760, 2725, 2570, 2700, 2690]
    r, p_two = stats.pearsonr(x, y)
    test = correlation_test(float(r), len(x))
    assert test is not None and test.p_value == pytest.approx(p_two / 2, rel=1e-9)
    assert correlation_test(1.0, 4) is None and correlation_test(0.5, 2) is None
