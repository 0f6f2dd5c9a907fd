"""The exact performance-rating solver (arpad.performance)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.curves import logistic_expectancy, normal_expectancy
from arpad.errors import ConfigError
from arpad.performance import (
    expected_score,
    logistic_performance,
    logistic_performances,
    performance_rating,
)

ratings = st.lists(st.floats(min_value=100, max_value=2900), min_size=1, max_size=12)


def test_even_score_against_equal_field_is_their_rating() -> None:
    assert performance_rating([1800.0] * 4, 2.0) == pytest.approx(1800.0, abs=1e-8)


def test_perfect_and_zero_scores_are_infinite() -> None:
    # Elo 1986 §1.51 (L354): a 100 % or zero score gives an indeterminate rating.
    assert performance_rating([1500.0, 1600.0], 2.0) == math.inf
    assert performance_rating([1500.0, 1600.0], 0.0) == -math.inf


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError):
        performance_rating([], 0.0)
    with pytest.raises(ConfigError):
        performance_rating([1500.0], 1.5)


@given(ratings, st.floats(min_value=0.01, max_value=0.99))
def test_solution_satisfies_the_equation(opps: list[float], frac: float) -> None:
    score = frac * len(opps)
    for curve in (logistic_expectancy, normal_expectancy):
        r = performance_rating(opps, score, curve)
        assert expected_score(r, opps, curve) == pytest.approx(score, abs=1e-6)


fractions = st.floats(min_value=0.01, max_value=0.98)
increments = st.floats(min_value=0.001, max_value=0.01)


@given(ratings, fractions, increments)
def test_more_score_never_lowers_the_performance(
    opps: list[float], frac: float, more: float
) -> None:
    m = len(opps)
    assert performance_rating(opps, frac * m) <= performance_rating(opps, (frac + more) * m)


@given(ratings, st.floats(min_value=0.01, max_value=0.99))
def test_logistic_fast_solver_agrees_with_the_generic_one(opps: list[float], frac: float) -> None:
    score = frac * len(opps)
    assert logistic_performance(opps, score) == pytest.approx(
        performance_rating(opps, score), abs=1e-6
    )


def test_logistic_fast_solver_edges() -> None:
    assert logistic_performance([1500.0], 1.0) == math.inf
    assert logistic_performance([1500.0], 0.0) == -math.inf
    with pytest.raises(ConfigError):
        logistic_performance([], 0.0)


@given(
    st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, 7), st.sampled_from([0.0, 0.5, 1.0])),
        min_size=1,
        max_size=30,
    ),
    st.lists(st.floats(min_value=100, max_value=2900), min_size=8, max_size=8),
)
def test_batch_performances_agree_with_the_scalar_solver(
    games: list[tuple[int, int, float]], ratings8: list[float]
) -> None:
    games = [g for g in games if g[0] != g[1]]
    if not games:
        return
    white = np.array([g[0] for g in games], dtype=np.intp)
    black = np.array([g[1] for g in games], dtype=np.intp)
    ws = np.array([g[2] for g in games])
    opp = np.array(ratings8)
    batch = logistic_performances(white, black, ws, opp)
    for j in range(8):
        mine = [(ratings8[b], s) for w, b, s in games if w == j]
        mine += [(ratings8[w], 1 - s) for w, b, s in games if b == j]
        if not mine:
            assert math.isnan(batch[j])
            continue
        expect = logistic_performance([r for r, _ in mine], sum(s for _, s in mine))
        assert batch[j] == pytest.approx(expect, abs=1e-6)
