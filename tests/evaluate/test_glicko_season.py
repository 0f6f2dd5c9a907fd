"""The Glicko family's season loop (arpad.systems.glicko_kernel, compiled) equals the
per-event path to the last bit (issue 20): Glicko, Glicko-2 and Stephenson under their main
options, random dated seasons with every kind of player (unrated, rated from the file,
given states, long idle, many periods, undated events), and the expected scores the loop
writes equal the predictions :func:`arpad.replay` announces."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
import arpad.compiled
from arpad.evaluate import harness
from arpad.evaluate.harness import Mode, Policy, Unrated
from arpad.io import kaggle2010
from arpad.model import Event, Game, PlayerEntry, build_event
from arpad.season import Season
from arpad.systems import get_system
from arpad.systems import glicko_season as family
from arpad.systems.glicko import GlickoConfig
from arpad.systems.glicko2 import Glicko2Config, Glicko2State
from arpad.systems.glicko_core import GlickoState
from arpad.systems.replay import GamePrediction, Replay
from arpad.systems.stephenson import StephensonConfig
from tests.evaluate.synthetic import kaggle_text
from tests.season_equality import assert_equal_to_per_event, mixed_season


@pytest.fixture(autouse=True)
def compiled_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every season of these tests runs the compiled loop, however small."""
    monkeypatch.setattr(arpad.compiled, "COMPILED_FROM", 0)


CONFIGS: dict[str, tuple[str, Any]] = {
    "glicko": ("glicko", GlickoConfig()),
    "glicko, c 60, rd_max 250": ("glicko", GlickoConfig(c=60.0, rd_max=250.0, initial_rd=300.0)),
    "glicko2": ("glicko2", Glicko2Config()),
    "glicko2, tau 1.2": ("glicko2", Glicko2Config(tau=1.2, initial_volatility=0.09)),
    "glicko2, tau 0.3, eps 1e-9": ("glicko2", Glicko2Config(tau=0.3, epsilon=1e-9)),
    "stephenson": ("stephenson", StephensonConfig()),
    "stephenson, gamma, bonus, lambda": (
        "stephenson",
        StephensonConfig(gamma=30.0, b=0.01, lam=0.05, h=15.0, c=20.0),
    ),
    "stephenson as glicko": ("stephenson", StephensonConfig(h=0.0, b=0.0, lam=0.0)),
}


def dated(events: list[Event], seed: int) -> list[Event]:
    """The events dated in order: gaps of days to years (long idle players, many periods,
    several events in one month), every seventh event undated."""
    rng = np.random.default_rng(seed)
    day = dt.date(2019, 1, 1)
    out = []
    for i, event in enumerate(events):
        day += dt.timedelta(days=int(rng.choice([0, 3, 20, 45, 400, 1200])))
        out.append(dataclasses.replace(event, end_date=None if i % 7 == 6 else day))
    return out


def given_states(name: str) -> dict[str, Any]:
    """States a ledger might hand the loop: recent, long idle, undated, never played."""
    last = dt.date(2018, 11, 3)
    if name == "glicko2":
        return {
            "p1": Glicko2State(1720.0, 80.0, 0.05, 40, last),
            "p2": Glicko2State(1400.0, 200.0, 0.07, 3, dt.date(2010, 1, 1)),
            "p7": Glicko2State(1900.5, 60.0, 0.06, 12, None),
            "elsewhere": Glicko2State(1500.0, 350.0, 0.06),
        }
    return {
        "p1": GlickoState(1720.0, 80.0, 40, last),
        "p2": GlickoState(1400.0, 200.0, 3, dt.date(2010, 1, 1)),
        "p7": GlickoState(1900.5, 60.0, 12, None),
        "elsewhere": GlickoState(1500.0, 350.0),
    }


@pytest.mark.parametrize("case", CONFIGS)
def test_season_with_every_kind_of_player_and_event(case: str) -> None:
    name, config = CONFIGS[case]
    events = dated(mixed_season(seed=5), seed=5)
    system = get_system(name)
    batch = assert_equal_to_per_event(system, events, config, tol=0.0)
    start = given_states(name)
    with_states = assert_equal_to_per_event(system, events, config, start, tol=0.0)
    assert with_states.states["elsewhere"] == start["elsewhere"]
    # The season really has players back after a year or more away, and undated events.
    assert longest_absence(batch.events) >= 12
    assert any(e.end_date is None for e in events)


def longest_absence(results: Any) -> int:
    """The most months between two events a player was rated in."""
    last: dict[str, dt.date] = {}
    most = 0
    for result in results:
        for pid, state in result.states.items():
            if state.last is not None and pid in last and state.last != last[pid]:
                months = (state.last.year - last[pid].year) * 12
                most = max(most, months + state.last.month - last[pid].month)
            if state.last is not None:
                last[pid] = state.last
    return most


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(4, 24),
    events=st.integers(1, 40),
    case=st.sampled_from(sorted(CONFIGS)),
)
def test_random_season_is_bit_identical_to_the_per_event_path(
    seed: int, players: int, events: int, case: str
) -> None:
    name, config = CONFIGS[case]
    history = dated(mixed_season(seed, players=players, events=events), seed)
    start = given_states(name) if seed % 2 else None  # half the seasons from a ledger's states
    assert_equal_to_per_event(get_system(name), history, config, start, tol=0.0)


@pytest.mark.parametrize("name", ["glicko", "glicko2", "stephenson"])
def test_the_python_loop_gives_the_compiled_loops_bits(name: str) -> None:
    config = get_system(name).default_config()
    season = Season.from_events(dated(mixed_season(seed=3), seed=3))
    python = family.rate_season(season, {}, config, name, compiled=False)
    compiled = family.rate_season(season, {}, config, name, compiled=True)
    for column in ("pre", "post", "score", "game_expected"):
        assert getattr(python, column).tobytes() == getattr(compiled, column).tobytes(), column
    assert python.states == compiled.states


@pytest.mark.parametrize("case", CONFIGS)
def test_the_loops_expected_scores_are_the_announced_predictions(case: str) -> None:
    # What arpad evaluate reads: White's expected score before each game's event, as
    # replay's predict hook announces it from the per-event path, to the last bit.
    name, config = CONFIGS[case]
    events = dated(mixed_season(seed=11, events=40), seed=11)
    announced: list[float] = []

    def collect(prediction: GamePrediction[Any]) -> None:
        announced.append(prediction.expected)

    replayed = arpad.replay(events, name, config, predict=collect).states
    season = Season.from_events(events)
    rated = family.rate_season(season, {}, config, name)
    assert len(announced) == len(season.white) > 0
    assert rated.game_expected.tolist() == announced
    assert rated.states == {pid: replayed[pid] for pid in season.players}


def test_replay_of_columns_takes_the_season_loop() -> None:
    events = dated(mixed_season(seed=2, events=30), seed=2)
    for name in ("glicko", "glicko2", "stephenson"):
        history: Replay[Any] = arpad.replay(Season.from_events(events), name)
        assert isinstance(history.columns, family.GlickoSeasonRatings)
        assert list(history) == list(arpad.replay(iter(events), name))


def test_rd_grows_over_the_months_away_in_the_loop() -> None:
    # Glickman 1995, Step 1: back after 4 periods, RD = √(50² + 34.6²·4) before the game.
    a = PlayerEntry("a", rating=1800.0, games=10)
    b = PlayerEntry("b", rating=1800.0, games=10)
    first = dataclasses.replace(
        build_event("e0", [a, b], [Game("a", "b", 0.5)]), end_date=dt.date(2020, 1, 5)
    )
    second = dataclasses.replace(
        build_event("e1", [a, b], [Game("a", "b", 0.5)]), end_date=dt.date(2020, 5, 5)
    )
    start = {"a": GlickoState(1800.0, 50.0, 10, dt.date(2019, 12, 1))}
    rated = family.rate_season(Season.from_events([first, second]), start, GlickoConfig(), "glicko")
    one_by_one = [r.states["a"] for r in arpad.replay([first, second], "glicko", states=start)]
    assert [r.states["a"] for r in rated] == one_by_one
    assert one_by_one[1].rd > one_by_one[0].rd  # grown over four months, then shrunk


@pytest.mark.parametrize("name", ["glicko", "glicko2", "stephenson"])
@pytest.mark.parametrize(
    "policy",
    [
        Policy(),
        Policy(mode=Mode.FIXED),
        Policy(unrated=Unrated.SKIP, newcomer_rating=1300.0),
    ],
    ids=["rolling", "fixed", "skip, seeded"],
)
def test_evaluate_reads_the_same_predictions_from_the_loops_columns(
    name: str, policy: Policy, monkeypatch: pytest.MonkeyPatch
) -> None:
    # arpad evaluate with the season loop's columns (season_predicts) against the per-event
    # path's announced predictions: every prediction, period and rating to the last bit,
    # and the same scores.
    periods = harness.periods_of(kaggle2010.read(io.StringIO(kaggle_text()), "s.csv"))
    split = harness.Split(train_until=9, test_from=10, test_until=12)
    rows: list[tuple[Any, ...]] = []
    original = harness._Collector.add_rated

    def spy(self: Any, number: int, game: Game, expected: float, ratings: Any) -> None:
        rows.append((number, game, expected, ratings))
        original(self, number, game, expected, ratings)

    monkeypatch.setattr(harness._Collector, "add_rated", spy)
    loops: list[int] = []
    loop = family.rate_season

    def counted(*args: Any, **kwargs: Any) -> Any:
        loops.append(1)
        return loop(*args, **kwargs)

    monkeypatch.setattr(family, "rate_season", counted)
    system = get_system(name)
    assert system.season_predicts
    config = system.default_config()
    columns = harness.run(periods, system, config, split, policy)
    by_columns, rows[:] = list(rows), []
    assert loops == [1]  # the whole stream in one call of the season loop
    per_event = dataclasses.replace(system, season_predicts=False)
    announced = harness.run(periods, per_event, config, split, policy)
    assert loops == [1] and len(by_columns) == len(rows) > 700
    assert by_columns == rows
    assert repr(columns) == repr(announced)  # every score, to the last digit repr shows
