"""The PRA's season loop (arpad.systems.pra.kernel, compiled) equals the per-event path,
to the last bit (issue 20): every configuration, random seasons with and without
boosting, states given mid-block, real games."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
import arpad.compiled
from arpad.io import read_events
from arpad.model import Game, PlayerEntry, build_event
from arpad.season import Season
from arpad.systems import get_system
from arpad.systems.pra import BoostSchedule, PRAConfig, PRAState
from arpad.systems.pra import season as pra_season
from arpad.systems.replay import Replay
from tests.conftest import shared_data
from tests.season_equality import assert_equal_to_per_event, mixed_season

SYSTEM = get_system("pra")


@pytest.fixture(autouse=True)
def compiled_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every season of these tests runs the compiled loop, however small."""
    monkeypatch.setattr(arpad.compiled, "COMPILED_FROM", 0)


CONFIGS: dict[str, dict[str, Any]] = {
    "paper": {},
    "no boosting": {"boosting": False},
    "schedule l467": {"schedule": BoostSchedule.L467},
    "K 16, R_bar 1200": {"K": 16.0, "R_bar": 1200.0},
    "omega 0.5": {"omega": 0.5},
    "coefficients": {"coeff_same": 1.5, "coeff_from_stable": 0.25, "coeff_reversing": 0.0},
}


@pytest.mark.parametrize("name", CONFIGS)
def test_long_season_through_every_measurement(name: str) -> None:
    # 12 players, 400 events: everyone passes game 319, so every block of the schedule
    # (20-game, 40-game, ω) is measured, from a start of 0 games and from the middle.
    config = PRAConfig(**CONFIGS[name])
    events = mixed_season(seed=3, players=12, events=400)
    batch = assert_equal_to_per_event(SYSTEM, events, config, tol=0.0)
    notes = [n for r in batch.events for p in r.players for n in p.notes]
    if config.boosting:
        assert any(n.startswith("boost") for n in notes)
        assert any(n.startswith("crash") for n in notes)
        assert any("ω=1)" not in n for n in notes)  # a reduced-phase measurement
    else:
        assert not notes
    assert max(s.games for s in batch.states.values()) > 320


def test_states_from_a_ledger_mid_block() -> None:
    # Given states carry half-full windows, directions and calibrated players (no boosting),
    # and a window longer than any block (a state built by hand: never measured).
    rng = np.random.default_rng(4)
    start = {
        "p3": PRAState(1520.0, games=30, block=tuple(1500.0 + rng.random(70))),
        "p1": PRAState(1610.0, games=12, direction=1, block=tuple(1600.0 + rng.random(12))),
        "p2": PRAState(1480.0, games=35, direction=-1, block=tuple(1500.0 - rng.random(15))),
        "p4": PRAState(1550.0, games=150, block=tuple(1540.0 + rng.random(30))),
        "p7": PRAState(1700.0, games=5, boosting=False),
        "p8": PRAState(1400.0, games=400),
        "elsewhere": PRAState(1500.0, games=3),
    }
    events = mixed_season(seed=8, players=12, events=200)
    for config in (PRAConfig(), PRAConfig(boosting=False)):
        batch = assert_equal_to_per_event(SYSTEM, events, config, start, tol=0.0)
        assert batch.states["elsewhere"] == start["elsewhere"]
        assert batch.states["p4"].games > 160


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 20),
    events=st.integers(1, 120),
    name=st.sampled_from(sorted(CONFIGS)),
)
def test_random_season_is_bit_identical_to_the_per_event_path(
    seed: int, players: int, events: int, name: str
) -> None:
    # The ledger compares lists byte for byte (tests/ledger/test_lookahead.py): equal to
    # the last bit, not only to 1e-9.
    history = mixed_season(seed, players=players, events=events)
    assert_equal_to_per_event(SYSTEM, history, PRAConfig(**CONFIGS[name]), tol=0.0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), boosting=st.booleans(), l467=st.booleans())
def test_random_ledger_states_are_bit_identical_to_the_per_event_path(
    seed: int, boosting: bool, l467: bool
) -> None:
    # States as a ledger hands them over: any counter (before, inside and past the
    # schedule), windows of any length (complete, short, empty), every direction, some
    # players calibrated; the season then runs them through their next measurements.
    rng = np.random.default_rng(seed)
    start = {}
    for i in range(0, 12, 2):
        games = int(rng.integers(0, 340))
        held = int(rng.integers(0, 25)) if games <= 319 else 0
        start[f"p{i}"] = PRAState(
            float(rng.normal(1500.0, 200.0)),
            games=games,
            direction=int(rng.integers(-1, 2)),
            block=tuple(1500.0 + 50.0 * rng.random(held)),
            boosting=bool(rng.random() < 0.8),
        )
    config = PRAConfig(
        boosting=boosting, schedule=BoostSchedule.L467 if l467 else BoostSchedule.PAPER
    )
    events = mixed_season(seed, players=12, events=150)
    assert_equal_to_per_event(SYSTEM, events, config, start, tol=0.0)


def test_the_python_loop_gives_the_compiled_loops_bits() -> None:
    # Below COMPILED_FROM games the loop runs as Python: the same results, to the bit.
    season = Season.from_events(mixed_season(seed=6, players=10, events=60))
    python = pra_season.rate_season(season, {}, PRAConfig(), compiled=False)
    numba = pra_season.rate_season(season, {}, PRAConfig(), compiled=True)
    assert list(python) == list(numba)
    assert python.states == numba.states


def test_replay_of_columns_takes_the_season_loop() -> None:
    events = mixed_season(seed=2, players=10, events=80)
    history: Replay[Any] = arpad.replay(Season.from_events(events), "pra")
    assert isinstance(history.columns, pra_season.PRASeasonRatings)
    assert list(history) == list(arpad.replay(iter(events), "pra"))
    assert history.states == arpad.replay(iter(events), "pra").states


def test_each_event_sees_the_one_before() -> None:
    a, b = PlayerEntry("a", rating=1600.0, games=50), PlayerEntry("b", rating=1500.0, games=50)
    events = [build_event(f"e{i}", [a, b], [Game("a", "b", 1.0)]) for i in range(3)]
    rated = pra_season.rate_season(Season.from_events(events), {}, PRAConfig())
    posts = [r.player("a").post for r in rated]
    assert posts[0] is not None and posts[0] < posts[1] < posts[2]  # type: ignore[operator]
    assert rated.games.tolist() == [1] * 6


def test_a_season_without_a_rated_game() -> None:
    events = mixed_season(seed=1, players=6, events=4)
    events = [dataclasses.replace(e, games=()) for e in events]
    batch = assert_equal_to_per_event(SYSTEM, events, PRAConfig())
    assert all(p.games == 0 and p.expected is None for r in batch.events for p in r.players)


def test_real_elite_classical_history() -> None:
    # Kwiatkowski's elite classical games 2015-2020 (62 monthly events, 4,624 games): every
    # player starts at R_bar and the most active pass game 319, so the whole schedule runs.
    events = read_events(shared_data("elite-games-kwiatkowski/games_2015_2020_classical.csv"))
    batch = assert_equal_to_per_event(SYSTEM, events, PRAConfig(), tol=0.0)
    assert any(p.method == "basic+boost" for r in batch.events for p in r.players)
