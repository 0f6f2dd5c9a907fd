"""arpad: rate chess events exactly the way federations do.

The core is pure: :mod:`arpad.model` (events), :mod:`arpad.curves` (expectancy),
:mod:`arpad.performance` (performance ratings) and one module per rating system under
:mod:`arpad.systems`, all reachable through :func:`arpad.get_system`; :func:`arpad.replay`
rates a whole history through any of them. Files are read
and written by :mod:`arpad.io`; the command line lives in :mod:`arpad.cli`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arpad.errors import ArpadError, ConfigError, InputError, RatingError
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool
from arpad.systems import get_system

if TYPE_CHECKING:
    from arpad.systems.replay import replay

__version__ = "0.5.0"

__all__ = [
    "ArpadError",
    "ConfigError",
    "Event",
    "EventKind",
    "Game",
    "InputError",
    "PlayerEntry",
    "Pool",
    "RatingError",
    "__version__",
    "get_system",
    "replay",
]


def __getattr__(name: str) -> Any:
    """:func:`replay` is imported on first use: ``arpad rate`` of one event never replays
    a history (issue 20, start-up)."""
    if name == "replay":
        from arpad.systems.replay import replay

        globals()["replay"] = replay
        return replay
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
