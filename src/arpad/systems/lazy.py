"""The hooks that reach a system's season loop and round engine, imported on first call.

A system's package defines ``SYSTEM`` above its modules; its season loop
(``<package>.season``) and round engine (``<package>.rounds``) import NumPy and, for a
large season, Numba, and import the system's own modules. Reaching them through
:func:`season_hooks` keeps both out of ``arpad rate`` of one event and out of import
cycles, and writes the three hooks once for every system that has them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from arpad.model import Event


def season_hooks(package: str, *, rounds: bool = True) -> dict[str, Any]:
    """``rate_batch_fn``, ``season_fn`` and (with ``rounds``) ``round_engine`` for
    :class:`arpad.systems.RatingSystem`, each importing ``package.season`` or
    ``package.rounds`` when first called."""

    def rate_batch(events: Sequence[Event], states: Mapping[str, Any], config: Any) -> Any:
        """The season loop over the events' columns (``<package>.season.rate_batch``)."""
        return importlib.import_module(f"{package}.season").rate_batch(events, states, config)

    def rate_season(season: Any, states: Mapping[str, Any], config: Any) -> Any:
        """The season loop (``<package>.season.rate_season``)."""
        return importlib.import_module(f"{package}.season").rate_season(season, states, config)

    def round_engine(states: Sequence[Any], config: Any) -> Any:
        """The simulation lab's round engine (``<package>.rounds.round_engine``)."""
        return importlib.import_module(f"{package}.rounds").round_engine(states, config)

    hooks: dict[str, Any] = {"rate_batch_fn": rate_batch, "season_fn": rate_season}
    if rounds:
        hooks["round_engine"] = round_engine
    return hooks
