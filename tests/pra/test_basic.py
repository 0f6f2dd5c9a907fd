"""The Basic System (arpad.systems.pra.basic): eq. (2), adj, sequential play."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.curves import eacomp_expectancy
from arpad.errors import ConfigError
from arpad.systems.pra.basic import adjustment, basic_change, basic_game, play_games, recentre

ratings = st.floats(min_value=0.0, max_value=3000.0, allow_nan=False)
scores = st.sampled_from([0.0, 0.5, 1.0])


def test_population_total_and_adj_example_L173() -> None:
    # TV-01, L165 and L173: N = 20,000 → P = 30,000,000; the pool holds 29,875,241, a
    # deficit of 124,759, so adj = 124,759/20,000 = 6.24 is added to everyone.
    assert adjustment(29_875_241, 20_000) == pytest.approx(6.23795, abs=5e-6)
    assert round(adjustment(29_875_241, 20_000), 2) == 6.24


def test_adj_of_a_surplus_is_negative() -> None:
    # L171: adj is "the opposite of the surplus or deficit"; L871: subtract (mean − 1500).
    assert adjustment(30_000_100, 20_000) == pytest.approx(-0.005)


def test_recentre_restores_the_anchor() -> None:
    new, adj = recentre(np.array([1400.0, 1600.0, 1700.0]))
    assert float(np.mean(new)) == pytest.approx(1500.0)
    assert adj == pytest.approx(-66.6666667)
    new, _ = recentre([2200.0, 2300.0], anchor=2258.0)
    assert float(np.mean(new)) == pytest.approx(2258.0)


def test_a_win_between_equals_is_worth_4_5() -> None:
    # K = 9 and E = 0.5: the ±4.5 steps of every P-Zero trace (L1239 ff.).
    assert basic_change(1500.0, 1500.0, 1.0) == 4.5
    assert basic_change(1500.0, 1500.0, 0.0) == -4.5


def test_frankfurt_1997_game_5_change() -> None:
    # Spec TV-07 g5: Karpov (0.0) v Lobron (−9.0), 0-1: E_w = 0.503046, Δw = −4.527418.
    assert basic_change(0.0, -9.0, 0.0) == pytest.approx(-4.527418, abs=5e-7)


@given(ratings, ratings, scores)
def test_basic_game_is_zero_sum(a: float, b: float, s: float) -> None:
    r = [a, b]
    play_games(r, [(0, 1, s)])
    assert math.fsum(r) == pytest.approx(a + b, abs=1e-9)


@given(ratings, ratings)
def test_a_win_never_lowers_a_rating(a: float, b: float) -> None:
    assert basic_change(a, b, 1.0) >= 0.0
    assert basic_change(a, b, 0.0) <= 0.0


def test_play_games_is_sequential() -> None:
    # The second game uses the ratings after the first (L169, L630).
    r = [0.0, 0.0, 0.0]
    expected = play_games(r, [(0, 1, 1.0), (0, 2, 1.0)])
    assert expected[0] == 0.5
    assert expected[1] > 0.5  # player 0 is now 4.5 above player 2
    assert r[0] == pytest.approx(4.5 + 9 * (1 - expected[1]))


@given(ratings, ratings, scores)
def test_one_game_rule_is_eacomp_and_k_times_the_surprise(a: float, b: float, s: float) -> None:
    # eq. (2) with E = EAComp (eq. (3)): the array EAComp gives the rule's doubles too.
    e_white, change = basic_game(a, b, s, 9.0)
    assert e_white == eacomp_expectancy(np.array([a - b]))[0]
    assert change == 9.0 * (s - e_white) == basic_change(a, b, s)


def test_an_empty_pool_has_no_adj() -> None:
    with pytest.raises(ConfigError, match="at least one player"):
        recentre([])


def test_the_pool_rule_pays_adj_to_every_state() -> None:
    # The PRA's pool_adjustment_fn: adj (L171) over states; only the ratings move, and the
    # default anchor is the configuration's R_bar (L163).
    from arpad.systems import get_system
    from arpad.systems.pra import PRAConfig, PRAState

    system = get_system("pra")
    assert system.pool_adjustment_fn is not None
    states = {"a": PRAState(1400.0, games=7, direction=1, block=(1390.0,)), "b": PRAState(1700.0)}
    paid = system.pool_adjustment_fn(states, PRAConfig(), None)
    assert paid["a"] == PRAState(1350.0, games=7, direction=1, block=(1390.0,))
    assert paid["b"].rating == pytest.approx(1650.0)
    assert system.pool_adjustment_fn(states, PRAConfig(R_bar=2000.0), None)["b"].rating == 2150.0
    assert system.pool_adjustment_fn(states, PRAConfig(), 1600.0)["a"].rating == 1450.0
