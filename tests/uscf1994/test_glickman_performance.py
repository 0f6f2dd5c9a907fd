"""§4's non-iterative performance rating (uscf-ratings-committee-1994.txt L453–L477)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import ConfigError
from arpad.performance import glickman_performance, performance_rating


def test_section_4_example_gives_1896_L455() -> None:
    # "if a player scores 3.5 points against opponents rated 1600, 1700, 1750, 1800, and
    # 1850, then his or her performance rating is 1896" (L455).
    assert glickman_performance([1600, 1700, 1750, 1800, 1850], 3.5) == pytest.approx(1896, abs=0.5)


def _terms(opponents: list[float], score: float) -> tuple[float, float, float, float]:
    """r_g, a, b, c exactly as L459–L469 print them, with the h's."""
    m = len(opponents)
    r_g = sum(opponents) / m + 400 * (2 * score - m) / m
    h_g = 10 ** (r_g / 400)
    hs = [10 ** (r / 400) for r in opponents]
    ps = [h_g / (h_g + h) for h in hs]
    a = sum(ps)
    b = sum(p * (1 - p) for p in ps)
    c = sum(p * (1 - p) * (h - h_g) / (h + h_g) for p, h in zip(ps, hs, strict=True))
    return r_g, a, b, c


def test_the_printed_condition_for_D_has_lost_a_sign_L469() -> None:
    # Example 2 of §1.7 at 0 points (L271 prints 428). The printed condition b² > 2c(W − a)
    # holds, but b² + 2c(W − a) < 0, so its square root does not exist; D = 0 gives 428.
    opponents, score = [1040.0] * 5, 0.0
    r_g, a, b, c = _terms(opponents, score)
    assert b * b > 2 * c * (score - a)
    assert b * b + 2 * c * (score - a) < 0
    k = 400 / math.log(10)
    assert r_g + k * (0 - b) / c == pytest.approx(428, abs=0.5)
    assert glickman_performance(opponents, score) == pytest.approx(r_g + k * (0 - b) / c)


def test_the_formula_as_printed_where_the_root_exists() -> None:
    opponents, score = [1600.0, 1700.0, 1750.0, 1800.0, 1850.0], 3.5
    r_g, a, b, c = _terms(opponents, score)
    d = math.sqrt(b * b + 2 * c * (score - a))
    k = 400 / math.log(10)
    assert glickman_performance(opponents, score) == pytest.approx(r_g + k * (d - b) / c)


def test_c_equal_to_zero_takes_the_limit() -> None:
    # A 50 % score against equal opponents: r_g is their rating, c = 0 exactly, and the
    # limit (W − a)/b = 0 gives the exact answer.
    assert glickman_performance([1500.0] * 4, 2.0) == pytest.approx(1500.0)
    # Opponents symmetric about r_g with an uneven score: c = 0 again.
    value = glickman_performance([1400.0, 1600.0], 1.0)
    assert value == pytest.approx(1500.0)


@pytest.mark.parametrize("m", [1, 4, 9])
def test_all_wins_and_all_losses_are_beyond_one_draw_L455(m: int) -> None:
    # "substantially lower than the result of all losses and a single draw, and is
    # substantially higher than the result of all wins and a single draw" (L455).
    opponents = [1500.0 + 37 * i for i in range(m)]
    assert glickman_performance(opponents, m) > performance_rating(opponents, m - 0.5) + 100
    assert glickman_performance(opponents, 0.0) < performance_rating(opponents, 0.5) - 100
    assert math.isfinite(glickman_performance(opponents, m))


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError):
        glickman_performance([], 0.0)
    with pytest.raises(ConfigError):
        glickman_performance([1500.0], 2.0)


# The property: opponents within a 400-point band and a score between 10 % and 90 % of
# the games. Searching that domain (two- and three-point rating mixes, m up to 40, every
# half-point score) the largest gap found was 2.3 points (20 games, 18 points, 11 opponents
# at the bottom of the band and 9 at the top); hence the stated tolerance of 3 points.
# Outside it the gap grows: 57 points at 0.5/11 against equal opponents.
TOLERANCE = 3.0


@st.composite
def banded_events(draw: st.DrawFn) -> tuple[list[float], float]:
    m = draw(st.integers(min_value=1, max_value=20))
    low = draw(st.floats(min_value=100, max_value=2600))
    if draw(st.booleans()):
        opponents = [low + 400 * draw(st.sampled_from([0.0, 1.0])) for _ in range(m)]
    else:
        opponents = [low + draw(st.floats(min_value=0, max_value=400)) for _ in range(m)]
    lowest = max(1, math.ceil(2 * 0.1 * m))
    highest = min(2 * m - 1, math.floor(2 * 0.9 * m))
    halves = draw(st.integers(min_value=min(lowest, highest), max_value=highest))
    return opponents, halves / 2


@settings(max_examples=300, deadline=None)
@given(banded_events())
def test_non_iterative_is_close_to_exact_for_mixed_scores(case: tuple[list[float], float]) -> None:
    opponents, score = case
    m = len(opponents)
    if not 0.1 * m <= score <= 0.9 * m:
        return  # m = 1: no half-point score lies within 10–90 %
    exact = performance_rating(opponents, score)
    assert abs(glickman_performance(opponents, score) - exact) <= TOLERANCE


@settings(max_examples=200, deadline=None)
@given(banded_events())
def test_non_iterative_rises_with_the_score_inside_the_band(
    case: tuple[list[float], float],
) -> None:
    opponents, _ = case
    m = len(opponents)
    halves = [h for h in range(2 * m + 1) if 0.1 * m <= h / 2 <= 0.9 * m]
    values = [glickman_performance(opponents, h / 2) for h in halves]
    assert all(x < y for x, y in itertools.pairwise(values))


def test_the_L455_claim_fails_for_lopsided_fields() -> None:
    # Known limit of the seed's claim (recorded in docs/uscf1994.md). Against 10 opponents
    # at 100 and 4 at 500 the quadratic has no root at 13.5 and 14 points (D = 0): both get
    # the parabola's vertex, 950, so all wins is not above one draw less. Against 5 at 100
    # and 9 at 500, all losses comes out 4 points *above* half a point.
    high = [100.0] * 10 + [500.0] * 4
    assert glickman_performance(high, 14.0) == pytest.approx(950.0, abs=0.1)
    assert glickman_performance(high, 13.5) == pytest.approx(950.0, abs=0.1)
    low = [100.0] * 5 + [500.0] * 9
    assert glickman_performance(low, 0.0) - glickman_performance(low, 0.5) == pytest.approx(
        4.0, abs=0.1
    )
