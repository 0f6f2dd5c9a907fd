"""Elo's season loop (arpad.systems.elo.kernel, compiled) equals the per-event path, to the
last bit (issue 20): every configuration, random seasons, given states, real games."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
import arpad.compiled
from arpad.booktables import HalfRule
from arpad.io import read_events
from arpad.model import Game, PlayerEntry, build_event
from arpad.season import Season, SeasonRatings
from arpad.systems import get_system
from arpad.systems.elo import Curve, EloConfig, EloState, Mode
from arpad.systems.elo import season as elo_season
from arpad.systems.elo.krules import K25Ends, KRule
from arpad.systems.elo.options import ExpectedFormula, PerformanceFormula
from arpad.systems.replay import Replay
from tests.conftest import shared_data
from tests.season_equality import assert_equal_to_per_event, mixed_season, one_by_one

SYSTEM = get_system("elo")


@pytest.fixture(autouse=True)
def compiled_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every season of these tests runs the compiled loop, however small."""
    monkeypatch.setattr(arpad.compiled, "COMPILED_FROM", 0)


CONFIGS: dict[str, dict[str, Any]] = {
    "book defaults": {},
    "logistic table": {"curve": Curve.LOGISTIC},
    "normal curve": {"mode": Mode.CONTINUOUS},
    "logistic curve, C 150": {"curve": Curve.LOGISTIC, "mode": Mode.CONTINUOUS, "C": 150.0},
    "logistic-e": {"curve": Curve.LOGISTIC_E, "mode": Mode.CONTINUOUS},
    "linear": {"curve": Curve.LINEAR, "mode": Mode.CONTINUOUS},
    "K games (19)": {"k_rule": KRule.GAMES},
    "K games, N_o 25": {"k_rule": KRule.GAMES, "N_o": 25.0},
    "K precision (36)": {"k_rule": KRule.PRECISION},
    "K uscf": {"k_rule": KRule.USCF},
    "K fide1986": {"k_rule": KRule.FIDE1986},
    "K fide1986, ends first": {"k_rule": KRule.FIDE1986, "fide_k_ends": K25Ends.FIRST},
    "W_e by (4)": {"expected": ExpectedFormula.AVERAGE},
    "R_p by (10)": {"performance": PerformanceFormula.LINEAR},
    "no factor F": {"factor_f": False},
    "new players not first": {"new_players_first": False},
    "provisional not first": {"provisional_first": False},
    "one cycle": {"second_cycle": False},
    "unknown history provisional": {"unknown_history_established": False},
    "established at 10": {"established_games": 10},
    "half up": {"half": "up"},
    "interpolate": {"half": "interpolate"},
    "W_e by (8)": {"expected": ExpectedFormula.ROUND_ROBIN},
    "R_p by (6)": {"performance": PerformanceFormula.ROUND_ROBIN},
    "(8) and (6), R_a not rounded": {
        "expected": ExpectedFormula.ROUND_ROBIN,
        "performance": PerformanceFormula.ROUND_ROBIN,
        "round_average": False,
    },
    "R_p exact": {"performance": PerformanceFormula.EXACT, "mode": Mode.CONTINUOUS},
    "R_p exact, table": {"performance": PerformanceFormula.EXACT},
    "R_p exact, logistic-e": {
        "performance": PerformanceFormula.EXACT,
        "curve": Curve.LOGISTIC_E,
        "mode": Mode.CONTINUOUS,
    },
    "normal curve, (8), fide1986": {
        "mode": Mode.CONTINUOUS,
        "expected": ExpectedFormula.ROUND_ROBIN,
        "k_rule": KRule.FIDE1986,
    },
}


@pytest.mark.parametrize("name", CONFIGS)
def test_season_with_every_kind_of_player_and_event(name: str) -> None:
    config = EloConfig(**CONFIGS[name])
    events = mixed_season(seed=5)
    batch = assert_equal_to_per_event(SYSTEM, events, config)
    methods = {p.method for r in batch.events for p in r.players}
    # The season really exercises every step of the per-event path.
    assert {"no games", "performance", "standard"} <= methods
    if config.k_rule is KRule.CONSTANT and config.established_games == 30:
        assert "provisional" in methods


CURVES = [
    (Curve.NORMAL, Mode.TABLE),
    (Curve.LOGISTIC, Mode.TABLE),
    (Curve.NORMAL, Mode.CONTINUOUS),
    (Curve.LOGISTIC, Mode.CONTINUOUS),
    (Curve.LOGISTIC_E, Mode.CONTINUOUS),
    (Curve.LINEAR, Mode.CONTINUOUS),
]


@st.composite
def any_config(draw: st.DrawFn) -> EloConfig:
    """An :class:`EloConfig` drawing every option: curve and mode, C, every K rule, N_o,
    every W_e and R_p formula, and each switch."""
    curve, mode = draw(st.sampled_from(CURVES))
    return EloConfig(
        curve=curve,
        mode=mode,
        C=200.0 if mode is Mode.TABLE else draw(st.sampled_from([120.0, 200.0, 283.5])),
        K=draw(st.sampled_from([10.0, 16.0, 32.5])),
        k_rule=draw(st.sampled_from(list(KRule))),
        N_o=draw(st.sampled_from([None, 25.0, 50.0])),
        expected=draw(st.sampled_from(list(ExpectedFormula))),
        performance=draw(st.sampled_from(list(PerformanceFormula))),
        established_games=draw(st.sampled_from([1, 10, 30])),
        factor_f=draw(st.booleans()),
        new_players_first=draw(st.booleans()),
        provisional_first=draw(st.booleans()),
        second_cycle=draw(st.booleans()),
        round_average=draw(st.booleans()),
        fide_k_ends=draw(st.sampled_from(list(K25Ends))),
        unknown_history_established=draw(st.booleans()),
        half=draw(st.sampled_from(list(HalfRule))),
    )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), config=any_config())
def test_every_option_is_bit_identical_to_the_per_event_path(seed: int, config: EloConfig) -> None:
    # Every option of EloConfig through the compiled loop (there is no other path).
    history = mixed_season(seed, players=14, events=25)
    assert_equal_to_per_event(SYSTEM, history, config, tol=0.0)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(4, 24),
    events=st.integers(1, 40),
    name=st.sampled_from(sorted(CONFIGS)),
)
def test_random_season_is_bit_identical_to_the_per_event_path(
    seed: int, players: int, events: int, name: str
) -> None:
    # The ledger compares lists byte for byte (tests/ledger/test_lookahead.py): every float
    # the engine gives must be the per-event path's to the last bit, not only to 1e-9.
    history = mixed_season(seed, players=players, events=events)
    assert_equal_to_per_event(SYSTEM, history, EloConfig(**CONFIGS[name]), tol=0.0)


def test_given_states_and_first_appearances() -> None:
    # A ledger hands the engine states for some players; the others start from their file.
    events = mixed_season(seed=9, players=12, events=20)
    start = {
        "p1": EloState(rating=2000.0, games=12, events=2, peak=2000.0),
        "p3": EloState(),
        "p5": EloState(rating=2450.0, games=0, events=None, peak=2450.0),
        "elsewhere": EloState(rating=1900.0, games=40, events=3),
    }
    for k_rule in (KRule.CONSTANT, KRule.FIDE1986):
        batch = assert_equal_to_per_event(SYSTEM, events, EloConfig(k_rule=k_rule), start)
        assert batch.states["elsewhere"] == start["elsewhere"]


def test_replay_of_columns_takes_the_season_loop() -> None:
    events = mixed_season(seed=2, events=30)
    history: Replay[Any] = arpad.replay(Season.from_events(events), "elo")
    assert isinstance(history.columns, elo_season.EloSeasonRatings)
    assert list(history) == list(arpad.replay(iter(events), "elo"))


def test_each_event_sees_the_one_before() -> None:
    a, b = PlayerEntry("a", rating=2000.0, games=50), PlayerEntry("b", rating=1800.0, games=50)
    events = [build_event(f"e{i}", [a, b], [Game("a", "b", 1.0)]) for i in range(3)]
    rated = elo_season.rate_season(Season.from_events(events), {}, EloConfig())
    posts = [r.player("a").post for r in rated]
    assert posts[0] is not None and posts[0] < posts[1] < posts[2]  # type: ignore[operator]


@pytest.mark.parametrize("k_rule", [KRule.CONSTANT, KRule.FIDE1986])
def test_real_elite_classical_history(k_rule: KRule) -> None:
    # Kwiatkowski's elite classical games 2015-2020 (62 monthly events, 4,624 games, the
    # same players meeting again and again), from ledger-like states: ratings from 2600
    # to 2740, every fourth player provisional, every seventh unrated.
    events = read_events(shared_data("elite-games-kwiatkowski/games_2015_2020_classical.csv"))
    ids = sorted({p.id for e in events for p in e.players})
    start = {
        pid: EloState(rating=2600.0 + 10 * (i % 15), games=12 if i % 4 == 0 else 60, events=3)
        for i, pid in enumerate(ids)
        if i % 7
    }
    assert_equal_to_per_event(SYSTEM, events, EloConfig(k_rule=k_rule), start)


@pytest.mark.parametrize(
    "name", ["book defaults", "new players not first", "W_e by (8)", "R_p exact, table"]
)
def test_columns_for_the_ledger_equal_the_built_results(name: str) -> None:
    # member_results, member_states and event_notes straight from the loop's rows equal
    # what the generic SeasonRatings methods build from every EventRating.
    events = mixed_season(seed=3, players=18, events=40)
    config = EloConfig(**CONFIGS[name])
    rated = elo_season.rate_season(Season.from_events(events), {}, config)
    fast, slow = rated.member_results(), SeasonRatings.member_results(rated)
    for f in dataclasses.fields(fast):
        got, want = getattr(fast, f.name), getattr(slow, f.name)
        if isinstance(want, np.ndarray):
            assert got.dtype == want.dtype, f.name
            np.testing.assert_array_equal(got, want, err_msg=f.name)
        else:
            assert got == want, f.name
    assert any(fast.notes)
    assert rated.member_states() == SeasonRatings.member_states(rated)
    per_event, _ = one_by_one(SYSTEM, events, config)
    assert [rated.event_notes(e) for e in range(len(events))] == [r.notes for r in per_event]
