"""Glicko, Glicko-2, Stephenson, logistic Elo and the constant baseline.

The published examples: Glickman, *The Glicko system* (glicko.net/glicko/glicko.pdf),
"Example calculation" (1500/200 against 1400/30 win, 1550/100 loss, 1700/300 loss gives
r' = 1464, RD' = 151.4); Glickman, *Example of the Glicko-2 system*
(glicko.net/glicko/glicko2.pdf), the same games with σ = 0.06 and τ = 0.5 give
1464.06 / 151.52 / 0.05999.
"""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import ConfigError
from arpad.model import Event, Game, PlayerEntry
from arpad.systems import get_system
from arpad.systems.constant import ConstantConfig, ConstantState
from arpad.systems.glicko import GlickoConfig
from arpad.systems.glicko2 import Glicko2Config, Glicko2State
from arpad.systems.glicko_core import GlickoState, month_of, onset
from arpad.systems.logistic import LogisticConfig, LogisticState
from arpad.systems.stephenson import StephensonConfig

EXAMPLE = Event(
    "glickman-example",
    tuple(PlayerEntry(p) for p in "abcd"),
    (Game("a", "b", 1.0), Game("c", "a", 1.0), Game("d", "a", 1.0)),
)
"""The player (a) beats 1400/30, loses to 1550/100 and 1700/300 (colours do not matter
in Glicko; Black's games check that the colour bookkeeping is right)."""


def test_glicko_glickman_example() -> None:
    states = {
        "a": GlickoState(1500.0, 200.0),
        "b": GlickoState(1400.0, 30.0),
        "c": GlickoState(1550.0, 100.0),
        "d": GlickoState(1700.0, 300.0),
    }
    a = get_system("glicko").rate_event(EXAMPLE, states).states["a"]
    assert a.rating == pytest.approx(1464, abs=0.5)
    assert a.rd == pytest.approx(151.4, abs=0.05)


def test_glicko2_glickman_example() -> None:
    states = {
        "a": Glicko2State(1500.0, 200.0, 0.06),
        "b": Glicko2State(1400.0, 30.0, 0.06),
        "c": Glicko2State(1550.0, 100.0, 0.06),
        "d": Glicko2State(1700.0, 300.0, 0.06),
    }
    a = get_system("glicko2").rate_event(EXAMPLE, states, Glicko2Config(tau=0.5)).states["a"]
    # The paper converts its rounded μ' = −0.2069 back: 173.7178 × −0.2069 + 1500 = 1464.06;
    # the unrounded μ' gives 1464.05, so μ' is checked at the paper's four decimals.
    assert (a.rating - 1500.0) / 173.7178 == pytest.approx(-0.2069, abs=0.00005)
    assert a.rating == pytest.approx(1464.06, abs=0.01)
    assert a.rd == pytest.approx(151.52, abs=0.005)
    # σ' = 0.0599960 here; the paper prints 0.05999 (truncated, not rounded).
    assert a.volatility == pytest.approx(0.05999, abs=0.00001)
    assert a.volatility < 0.06


def test_stephenson_with_h_b_lambda_zero_is_glicko() -> None:
    """The appendix: "steph reproduces glicko upon setting h = b = λ = 0"."""
    states = {p: GlickoState(1500.0 + 60 * i, 80.0 + 50 * i) for i, p in enumerate("abcd")}
    steph = StephensonConfig(c=20.0, h=0.0, b=0.0, lam=0.0)
    s = get_system("stephenson").rate_event(EXAMPLE, states, steph).states
    g = get_system("glicko").rate_event(EXAMPLE, states, GlickoConfig(c=20.0)).states
    for p in "abcd":
        assert s[p].rating == pytest.approx(g[p].rating, abs=1e-9)
        assert s[p].rd == pytest.approx(g[p].rd, abs=1e-9)


def test_stephenson_lambda_pulls_toward_opponents_and_bonus_adds() -> None:
    states = {"a": GlickoState(2000.0, 100.0), "b": GlickoState(2400.0, 100.0)}
    event = Event("e", (PlayerEntry("a"), PlayerEntry("b")), (Game("a", "b", 0.5),))
    system = get_system("stephenson")
    base = system.rate_event(event, states, StephensonConfig(lam=0.0, h=0.0)).states["a"]
    pulled = system.rate_event(event, states, StephensonConfig(lam=0.05, h=0.0)).states["a"]
    bonus = system.rate_event(event, states, StephensonConfig(lam=0.0, h=0.0, b=0.1)).states["a"]
    # λ(r̄ − r) = 0.05 × 400 = 20 points toward the 2400 opponent.
    assert pulled.rating - base.rating == pytest.approx(20.0, abs=1e-9)
    assert bonus.rating > base.rating


def test_rd_grows_with_the_months_away_and_is_capped() -> None:
    old = GlickoState(1800.0, 50.0, games=10, last=dt.date(2020, 1, 1))
    now = month_of(dt.date(2020, 5, 1))  # four periods later
    rd = onset(old, now, c=34.6, rd_max=350.0)
    assert rd == pytest.approx(np.hypot(50.0, 34.6 * 2.0))
    assert onset(old, month_of(dt.date(2030, 1, 1)), c=34.6, rd_max=350.0) == 350.0
    assert onset(GlickoState(1500.0, 350.0), now, c=34.6, rd_max=350.0) == 350.0


def test_logistic_period_is_zero_sum_with_k32() -> None:
    event = Event(
        "e",
        tuple(PlayerEntry(p) for p in "abc"),
        (Game("a", "b", 1.0), Game("b", "c", 0.5), Game("c", "a", 0.0)),
    )
    out = get_system("logistic").rate_event(event, None, LogisticConfig(K=32.0)).states
    assert sum(s.rating for s in out.values()) == pytest.approx(4500.0)
    # a beat b at equal ratings (+16) and beat c as Black (+16).
    assert out["a"].rating == pytest.approx(1532.0)


def test_constant_predicts_its_value_and_shifts_by_the_first_move() -> None:
    system = get_system("constant")
    states = [ConstantState()] * 3
    p = system.expected_score(states, states, ConstantConfig(0.55))
    assert p.tolist() == pytest.approx([0.55, 0.55, 0.55])
    # A first-move advantage of 400·log10(3) points triples White's odds: ½ → ¾.
    a = 400.0 * np.log10(3.0)
    assert system.expected_score(
        ConstantState(), ConstantState(), None, first_move_advantage=a
    ) == (pytest.approx(0.75))


def test_glicko_first_move_advantage_adds_to_the_rating_difference() -> None:
    system = get_system("glicko")
    a, b = GlickoState(1550.0, 80.0), GlickoState(1500.0, 60.0)
    shifted = system.expected_score(a, b, None, first_move_advantage=30.0)
    assert shifted == pytest.approx(system.expected_score(GlickoState(1580.0, 80.0), b))


@pytest.mark.parametrize(
    ("config_type", "field", "bad"),
    [
        (GlickoConfig, "initial_rd", 0.0),
        (GlickoConfig, "c", -1.0),
        (Glicko2Config, "tau", 0.0),
        (StephensonConfig, "lam", 1.5),
        (StephensonConfig, "b", -0.1),
        (LogisticConfig, "K", -1.0),
        (ConstantConfig, "expected", 1.0),
    ],
)
def test_configs_refuse_bad_values_at_construction(
    config_type: type, field: str, bad: float
) -> None:
    with pytest.raises(ConfigError, match=field):
        config_type(**{field: bad})


ratings = st.floats(1000, 2800)
deviations = st.floats(30, 350)


@settings(max_examples=50, deadline=None)
@given(ratings, deviations, ratings, deviations)
def test_glicko_expected_score_is_symmetric(ra: float, da: float, rb: float, db: float) -> None:
    from arpad.systems import glicko

    a, b = GlickoState(ra, da), GlickoState(rb, db)
    cfg = GlickoConfig()
    p = glicko.expected_score([a, b], [b, a], cfg)
    assert 0.0 < p[0] < 1.0
    assert p[0] + p[1] == pytest.approx(1.0)


@settings(max_examples=50, deadline=None)
@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]))
def test_logistic_win_never_lowers_rating(ra: float, rb: float, score: float) -> None:
    event = Event("e", (PlayerEntry("a"), PlayerEntry("b")), (Game("a", "b", score),))
    states = {"a": LogisticState(ra), "b": LogisticState(rb)}
    out = get_system("logistic").rate_event(event, states).states
    if score == 1.0:
        assert out["a"].rating >= ra
    if score == 0.0:
        assert out["a"].rating <= ra


@settings(max_examples=40, deadline=None)
@given(ratings, deviations, ratings, deviations, st.sampled_from([0.0, 0.5, 1.0]))
def test_glicko2_and_stephenson_win_never_lowers_rating(
    ra: float, da: float, rb: float, db: float, score: float
) -> None:
    event = Event("e", (PlayerEntry("a"), PlayerEntry("b")), (Game("a", "b", score),))
    g2 = get_system("glicko2").rate_event(
        event, {"a": Glicko2State(ra, da, 0.06), "b": Glicko2State(rb, db, 0.06)}
    )
    st_ = get_system("stephenson").rate_event(
        event, {"a": GlickoState(ra, da), "b": GlickoState(rb, db)}, StephensonConfig(lam=0.0)
    )
    # The deviation can grow by at most the new volatility σ' (Glicko-2, Step 6) or h per
    # game (Stephenson's v + h·m) before the game shrinks it.
    sigma = g2.states["a"].volatility
    bounds = (np.hypot(da, sigma * 173.7178), np.hypot(da, StephensonConfig().h))
    for out, most in zip((g2.states["a"], st_.states["a"]), bounds, strict=True):
        if score == 1.0:
            assert out.rating >= ra
        if score == 0.0:
            assert out.rating <= ra
        assert out.rd <= most + 1e-9
