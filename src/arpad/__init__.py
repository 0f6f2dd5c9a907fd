"""arpad: rate chess events exactly the way federations do.

The core is pure: :mod:`arpad.model` (events), :mod:`arpad.curves` (expectancy),
:mod:`arpad.performance` (performance ratings) and one module per rating system under
:mod:`arpad.systems`, all reachable through :func:`arpad.systems.get_system`. Files are read
and written by :mod:`arpad.io`; the command line lives in :mod:`arpad.cli`.
"""

from __future__ import annotations

from arpad.errors import ArpadError, ConfigError, InputError, RatingError
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool

__version__ = "0.1.0"

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
]
