"""The working formulae (2)–(36) and (70)–(71) beyond the chapter 2 examples."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import ConfigError
from arpad.performance import performance_rating
from arpad.systems.elo.expectancy import Curve, Expectancy, Mode
from arpad.systems.elo.formulas import (
    adjusted_difference,
    average_with_player,
    exact_performance,
    expected_score_individual,
    linear_performance,
    new_rating,
    precision_change,
    precision_new_rating,
    rating_change_from_performance,
    round_robin_average_from_performance,
    round_robin_expected,
    score_difference,
    small_sample_performance,
    small_sample_round_robin,
    uscf_linear_new_rating,
    weighted_new_rating,
)


def test_round_robin_identities_TV06_L2919() -> None:
    # (20)–(23), spec part 2 TV-06 [constructed]: M = 16, R = 2600, R_C = 2500.
    r_a = average_with_player(16, 2500, 2600)
    assert r_a == 2506.25
    assert 2600 - r_a == pytest.approx(adjusted_difference(2600 - 2500, 16))  # (22)
    # (24): R_a = R_p − D_c (M − 1)/M with R_p = R: the same R_a.
    assert round_robin_average_from_performance(2600, 100, 16) == pytest.approx(r_a)


def test_linear_performance_TV07_L2977() -> None:
    # [constructed] R_c = 2400, W = 6, L = 3: 2400 + 400·3/9.
    assert linear_performance(2400, 6, 3, 9) == pytest.approx(2533.33, abs=0.005)


def test_uscf_linear_rating_and_the_350_cap_TV07_L2995() -> None:
    # [constructed] R_o = 1600, W − L = +1, ΣD (D_i = R_i − R) = +150 → 1622.
    assert uscf_linear_new_rating(1600, 3, 2, [150]) == 1622
    # A 500-point difference enters as 350 (§1.84, L474): the two readings differ.
    assert uscf_linear_new_rating(2000, 1, 0, [-500]) == pytest.approx(2000 + 16 - 0.04 * 350)
    assert uscf_linear_new_rating(2000, 1, 0, [-500], cap=math.inf) == pytest.approx(2000 + 16 - 20)


def test_brazil_changes_by_formula_15_L1104() -> None:
    # §3.35: ΔR = (R_p − R_o)·18/50; German 84·.36 = 30.24 → 30, Camara −189·.36 → −68.
    assert rating_change_from_performance(2424, 2340, 18, 50) == pytest.approx(30.24)
    assert round(rating_change_from_performance(2216, 2405, 18, 50)) == -68
    assert weighted_new_rating(2340, 2424, 18, 50) == pytest.approx(2370.24)
    with pytest.raises(ConfigError):
        rating_change_from_performance(2400, 2300, 10, 0)


def test_formula_19_equals_15_for_the_linear_curve() -> None:
    # (18)/(19): with the average slope 1/4σ, K = 4σ/N_o makes K(W − W_e) equal
    # (R_p − R_o)N/N_o when R_p comes from the linear curve against the same R_c.
    linear = Expectancy(curve="linear", mode=Mode.CONTINUOUS)  # type: ignore[arg-type]
    r_o, r_c, n, w, n_o = 2100.0, 2000.0, 10, 7.0, 40
    r_p = linear_performance(r_c, w, n - w, n)
    k = 800 / n_o
    w_e = n * linear.p(r_o - r_c)
    assert k * (w - w_e) == pytest.approx(rating_change_from_performance(r_p, r_o, n, n_o))


def test_precision_modulus_weighting_34_35() -> None:
    # (34): equal games weight R_O and R_P equally; (35) is the change it implies.
    assert precision_new_rating(2000, 2100, 30, 30) == 2050
    assert precision_change(2000, 2100, 30, 30) == pytest.approx(50)
    assert precision_new_rating(2000, 2100, 5, 30) - 2000 == pytest.approx(
        precision_change(2000, 2100, 5, 30)
    )


def test_small_sample_formulas_70_71_L3410() -> None:
    assert small_sample_performance(2000, 200, 9) == pytest.approx(2164)  # TV-29
    assert small_sample_performance(2000, -200, 9) == pytest.approx(1836)
    # N = 18 reads the N = 17 row; D_a = 208 lies between the 200 (.86) and 250 (.81) columns.
    assert small_sample_round_robin(2216, 208, 18) == pytest.approx(2216 + 208 * 0.852)


def test_round_robin_expected_multiple_cycles() -> None:
    assert round_robin_expected(0.5, 8) == 3.5
    assert round_robin_expected(0.5, 8, cycles=4) == 14.0  # candidates' quadruple round robin
    with pytest.raises(ConfigError):
        round_robin_expected(0.5, 8, cycles=0)


def test_score_difference_with_factor_f() -> None:
    t = Expectancy()
    assert score_difference(7, 9, t) == t.d(7 / 9)
    # 7/9 → .78 → D_p = 220; F(9, 220) = .82 − .07·20/50 = .792 (interpolated, D-elo-4).
    assert score_difference(7, 9, t, factor_f=True) == pytest.approx(220 * 0.792)
    assert score_difference(9, 9, t, factor_f=True) == math.inf
    with pytest.raises(ConfigError):
        score_difference(0, 0, t)


@given(
    st.lists(st.integers(min_value=1800, max_value=2700), min_size=2, max_size=12),
    st.integers(min_value=1800, max_value=2700),
)
def test_zero_sum_of_individual_expectancies(opponents: list[int], rating: int) -> None:
    # P(D) + P(−D) = 1 in both modes: the expected scores of a pairing add up to 1.
    for mode in Mode:
        e = Expectancy(mode=mode)
        for r in opponents:
            assert e.p(rating - r) + e.p(r - rating) == pytest.approx(1.0)
        assert 0 <= expected_score_individual(rating, opponents, e) <= len(opponents)


@given(
    st.lists(st.integers(min_value=1800, max_value=2700), min_size=3, max_size=10),
    st.data(),
)
def test_exact_performance_solves_its_equation(opponents: list[int], data: st.DataObject) -> None:
    n = len(opponents)
    score = data.draw(st.integers(min_value=1, max_value=2 * n - 1)) / 2
    x = Expectancy(mode=Mode.CONTINUOUS)
    r_p = exact_performance(opponents, score, x)
    assert expected_score_individual(r_p, opponents, x) == pytest.approx(score, abs=1e-6)


@settings(deadline=None)
@given(
    st.lists(st.integers(min_value=1800, max_value=2700), min_size=1, max_size=10),
    st.data(),
    st.sampled_from(["normal", "logistic", "logistic-e", "linear"]),
)
def test_exact_performance_is_the_least_rating_that_reaches_the_score(
    opponents: list[int], data: st.DataObject, curve: str
) -> None:
    # §1.55 by bisection to the last bit: the expected score reaches W at R_p and not one
    # float below it; the old solver (scipy's brentq, to 1e-10) agrees to 1e-9.
    n = len(opponents)
    score = data.draw(st.integers(min_value=1, max_value=2 * n - 1)) / 2
    x = Expectancy(curve=Curve(curve), mode=Mode.CONTINUOUS)
    r_p = exact_performance(opponents, score, x)
    if math.isinf(r_p):  # the capped linear curve expects 1/16 to 15/16 a game
        assert curve == "linear" and (score <= n / 16 or score > 15 * n / 16)
        return
    assert expected_score_individual(r_p, opponents, x) >= score
    assert expected_score_individual(math.nextafter(r_p, -math.inf), opponents, x) < score
    if curve != "linear":
        assert r_p == pytest.approx(performance_rating(opponents, score, x.p), abs=1e-9)


@given(st.floats(min_value=1000, max_value=3000), st.floats(min_value=-5, max_value=5))
def test_new_rating_moves_with_the_excess_score(r_o: float, excess: float) -> None:
    assert (new_rating(r_o, 10, 5 + excess, 5) - r_o) * excess >= 0
