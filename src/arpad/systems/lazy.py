"""The hooks that reach a system's season loop and round engine, imported on first call.

A system's package defines ``SYSTEM`` above its modules; its season loop
(``<package>.season``) and round engine (``<package>.rounds``) import NumPy and, for a
large season, Numba, and import the system's own modules. Reaching them through
:func:`season_hooks` keeps both out of ``arpad rate`` of one event and out of import
cycles, and writes the hooks once for every system that has them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from arpad.model import Event

if TYPE_CHECKING:
    from arpad.systems import BatchFn, PeriodRating, SeasonFn


def batch_of_season(rate_season: SeasonFn[Any, Any]) -> BatchFn[Any, Any]:
    """A batch hook (``rate_batch_fn``) that rates the events as one columnar season by
    ``rate_season`` (the system's season loop) and builds every event's result."""

    def rate_batch(
        events: Sequence[Event], states: Mapping[str, Any], config: Any
    ) -> PeriodRating[Any]:
        """The season loop over the events' columns, every event's result built."""
        from arpad.season import Season
        from arpad.systems import PeriodRating

        if not events:
            return PeriodRating((), dict(states))
        rated = rate_season(Season.from_events(events), states, config)
        current = dict(states)
        current.update(rated.states)
        return PeriodRating(tuple(rated), current)

    return rate_batch


def season_hooks(
    package: str, *, season: str = "season", rounds: bool = True, system: str | None = None
) -> dict[str, Any]:
    """``rate_batch_fn``, ``season_fn`` and (with ``rounds``) ``round_engine`` for
    :class:`arpad.systems.RatingSystem`, each importing ``package.<season>`` or
    ``package.rounds`` when first called. A loop that serves several systems (the Glicko
    family's) is told which by ``system``, passed after the configuration."""
    named = () if system is None else (system,)

    def loop() -> Any:
        return importlib.import_module(f"{package}.{season}")

    def rate_season(columns: Any, states: Mapping[str, Any], config: Any) -> Any:
        """The season loop (``rate_season`` of the loop's module)."""
        return loop().rate_season(columns, states, config, *named)

    def round_engine(states: Sequence[Any], config: Any) -> Any:
        """The simulation lab's round engine (``<package>.rounds.round_engine``)."""
        return importlib.import_module(f"{package}.rounds").round_engine(states, config)

    hooks: dict[str, Any] = {
        "rate_batch_fn": batch_of_season(rate_season),
        "season_fn": rate_season,
    }
    if rounds:
        hooks["round_engine"] = round_engine
    return hooks
