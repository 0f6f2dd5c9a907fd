"""The hooks written once for every system with a season loop (arpad.systems.lazy)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import arpad
from arpad.model import Game, PlayerEntry, build_event
from arpad.season import Season
from arpad.systems import get_system
from arpad.systems.lazy import batch_of_season


def _events() -> list[Any]:
    a, b, c = PlayerEntry("a", rating=1700.0, games=30), PlayerEntry("b"), PlayerEntry("c")
    return [
        build_event("e1", [a, b], [Game("a", "b", 1.0)]),
        build_event("e2", [b, c], [Game("b", "c", 0.5)]),
    ]


def test_batch_of_season_rates_the_events_as_one_season() -> None:
    seen: list[Season] = []
    loop = get_system("uscf").season_fn
    assert loop is not None

    def spy(season: Season, states: Mapping[str, Any], config: Any) -> Any:
        seen.append(season)
        return loop(season, states, config)

    events = _events()
    config = get_system("uscf").default_config()
    period = batch_of_season(spy)(events, {}, config)
    assert len(seen) == 1 and seen[0].event_ids == ("e1", "e2")
    assert [r.event_id for r in period.events] == ["e1", "e2"]
    assert period.states == dict(arpad.replay(events, "uscf").states)


def test_batch_of_season_keeps_the_states_of_players_not_in_the_events() -> None:
    def never(season: Season, states: Mapping[str, Any], config: Any) -> Any:
        raise AssertionError("no season to rate")

    period = batch_of_season(never)([], {"x": 1}, None)
    assert period.events == () and period.states == {"x": 1}
