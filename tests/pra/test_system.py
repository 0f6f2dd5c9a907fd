"""The PRA through the common interface (``--system pra``)."""

from __future__ import annotations

import pytest

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.model import Game, PlayerEntry, build_event
from arpad.systems import get_system
from arpad.systems.pra import PRAConfig, PRAState, after_game, basic_change, initial_state
from arpad.systems.pra.boosting import BoostSchedule


def test_registered_as_pra() -> None:
    system = get_system("pra")
    assert system.name == "pra"
    assert system.default_config() == PRAConfig()


def test_new_player_starts_at_1500_L163() -> None:
    assert initial_state() == PRAState(rating=1500.0)


def test_one_game_event_is_one_basic_step() -> None:
    # The per-game step and the event path are the same rule (style habit 6).
    event = build_event(
        "e", [PlayerEntry("a", rating=1600.0, games=50), PlayerEntry("b")], [Game("a", "b", 0.0)]
    )
    result = get_system("pra").rate_event(event)
    change = basic_change(1600.0, 1500.0, 0.0)
    assert result.player("a").post == pytest.approx(1600.0 + change)
    assert result.player("b").post == pytest.approx(1500.0 - change)
    assert result.player("a").expected == pytest.approx(0.6 - ((150 - 100) / 15000) ** 0.5)
    assert result.states["b"].games == 1


def test_event_is_rated_game_by_game() -> None:
    # Two wins over the same opponent: the second uses the ratings after the first.
    event = build_event(
        "e", [PlayerEntry("a"), PlayerEntry("b")], [Game("a", "b", 1.0), Game("b", "a", 0.0)]
    )
    post = get_system("pra").rate_event(event).player("a").post
    second = basic_change(1504.5, 1495.5, 1.0)
    assert post == pytest.approx(1504.5 + second)
    assert post != pytest.approx(1500.0 + 2 * 4.5)


def test_boost_after_the_twentieth_game_via_after_game() -> None:
    # Spec §2.7 example, fed game by game through the per-player bookkeeping.
    state = initial_state()
    record = None
    for k in range(20):
        state, record = after_game(state, 1500.0 + 4.0 * (k + 1), PRAConfig())
    assert record is not None and record.game == 19
    assert state.rating == 1779.5 and state.direction == 1
    assert state.games == 20 and state.block == ()


def test_no_boost_without_a_complete_block() -> None:
    # A player read from a file with 10 games joins mid-block: the block ending at game
    # 19 is incomplete, so it is not measured.
    state = PRAState(rating=1500.0, games=10)
    for k in range(10):
        state, record = after_game(state, 1500.0 + 4.0 * (k + 1), PRAConfig())
    assert record is None and state.rating == 1540.0


def test_boosting_switch_off() -> None:
    state = PRAState(rating=1500.0, boosting=False)
    for k in range(20):
        state, record = after_game(state, 1500.0 + 4.0 * (k + 1), PRAConfig())
    assert record is None and state.rating == 1580.0


def test_no_boosting_after_game_319() -> None:
    state = PRAState(rating=1500.0, games=320)
    for k in range(40):
        state, record = after_game(state, 1500.0 + 4.0 * (k + 1), PRAConfig())
        assert record is None
    assert state.block == ()


def test_event_notes_a_boost() -> None:
    # 20 wins in a row against an equal, much lower-rated field: a steady climb.
    players = [PlayerEntry("hero")] + [PlayerEntry(f"p{i}") for i in range(20)]
    games = [Game("hero", f"p{i}", 1.0) for i in range(20)]
    result = get_system("pra").rate_event(build_event("e", players, games))
    hero = result.player("hero")
    assert hero.method == "basic+boost"
    assert hero.notes and hero.notes[0].startswith("boost after game 20")
    basic_only = with_options(PRAConfig(), {"boosting": "false"})
    plain = get_system("pra").rate_event(build_event("e", players, games), None, basic_only)
    assert hero.post is not None and plain.player("hero").post is not None
    assert hero.post > (plain.player("hero").post or 0.0)


def test_config_options_and_validation() -> None:
    cfg = with_options(PRAConfig(), {"schedule": "l467", "omega": "0.2"})
    assert cfg.schedule == BoostSchedule.L467 and cfg.l467
    with pytest.raises(ConfigError):
        with_options(PRAConfig(), {"K": "0"})
    with pytest.raises(ConfigError):
        with_options(PRAConfig(), {"omega": "1.5"})


def test_list_entry_is_never_provisional() -> None:
    entry = get_system("pra").list_entry(PRAState(rating=1612.3, games=3), PRAConfig())
    assert entry.established and entry.mark == "" and entry.rating == 1612.3
