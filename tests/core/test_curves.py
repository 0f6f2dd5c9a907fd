"""Expectancy curves and their inverses (arpad.curves)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad import curves

diffs = st.floats(min_value=-1500, max_value=1500, allow_nan=False)
probs = st.floats(min_value=1e-6, max_value=1 - 1e-6)


def test_logistic_is_uscf_we_formula() -> None:
    # us-chess-rating-system-2020.txt §4.2 (L257): We = 1 / (1 + 10^(-(R-Ri)/400))
    for d in (-700.0, -200.0, 0.0, 35.0, 400.0):
        assert curves.logistic_expectancy(d) == pytest.approx(1 / (1 + 10 ** (-d / 400)), rel=1e-13)


def test_logistic_base_e_differs_from_base_10() -> None:
    # Elo §8.3 vs §8.4: the same D gives different P under the two bases with scale 400.
    assert curves.logistic_expectancy(200.0, base=math.e) != curves.logistic_expectancy(200.0)


def test_normal_expectancy_uses_sigma_200_root_2() -> None:
    # Elo §8.23 (L2867) and spec part 1 §3.3: D = 25 gives .5352 continuous.
    assert round(curves.normal_expectancy(25.0), 4) == 0.5352
    assert round(curves.normal_expectancy(108.0), 4) == 0.6487


def test_pwe_pieces() -> None:
    # us-chess-rating-system-2020.txt §4.1 (L183): 0 / linear / 1
    assert curves.provisional_winning_expectancy(-400.0) == 0.0
    assert curves.provisional_winning_expectancy(-399.0) == 0.5 - 399 / 800
    assert curves.provisional_winning_expectancy(400.0) == 1.0
    assert curves.provisional_winning_expectancy(100.0) == 0.625


def test_array_and_scalar_agree() -> None:
    d = np.array([-500.0, -10.0, 0.0, 77.0, 900.0])
    for f in (
        curves.logistic_expectancy,
        curves.normal_expectancy,
        curves.provisional_winning_expectancy,
    ):
        arr = f(d)
        assert isinstance(arr, np.ndarray)
        assert [f(float(x)) for x in d] == pytest.approx(list(arr), abs=1e-12)


@given(diffs)
def test_curves_are_symmetric(d: float) -> None:
    for f in (
        curves.logistic_expectancy,
        curves.normal_expectancy,
        curves.provisional_winning_expectancy,
    ):
        assert math.isclose(f(d) + f(-d), 1.0, abs_tol=1e-12)


@given(diffs, diffs)
def test_curves_are_monotone(a: float, b: float) -> None:
    lo, hi = min(a, b), max(a, b)
    for f in (
        curves.logistic_expectancy,
        curves.normal_expectancy,
        curves.provisional_winning_expectancy,
    ):
        assert f(lo) <= f(hi)


@given(probs)
def test_inverses_invert(p: float) -> None:
    assert math.isclose(curves.logistic_expectancy(curves.logistic_difference(p)), p, abs_tol=1e-9)
    assert math.isclose(curves.normal_expectancy(curves.normal_difference(p)), p, abs_tol=1e-9)
    assert math.isclose(
        curves.provisional_winning_expectancy(curves.provisional_winning_difference(p)),
        p,
        abs_tol=1e-12,
    )


def test_inverse_at_the_ends() -> None:
    assert curves.logistic_difference(1.0) == math.inf
    assert curves.logistic_difference(0.0) == -math.inf
