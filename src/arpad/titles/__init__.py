"""Norms and titles: rules that reward performances, computed on top of ratings.

This package holds one module per title system (``fide1986``, ``uscf1994``), the common
report shape of norm checks, and the registry of norm systems.

Each norm system is a module exposing ``norm_report(event, options) -> NormReport`` where
``options`` are ``NAME=VALUE`` strings for its configuration (the CLI's ``-o``).
:data:`NORM_SYSTEMS` maps a name to its module; add one line per system. ``arpad norms FILE
--system NAME`` dispatches through it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

from arpad.errors import ConfigError
from arpad.model import Event

NORM_SYSTEMS: dict[str, str] = {
    "fide1986": "arpad.titles.fide1986",
    "uscf1994": "arpad.titles.uscf1994",
}
"""Norm system name → module defining ``norm_report``. Add one line per system."""

NORMS_FOR_SYSTEM: dict[str, str] = {
    "fide1986": "fide1986",
    "uscf1994": "uscf1994",
}
"""Rating system name (:data:`arpad.systems.REGISTRY`) → the norm system whose norms the
rating ledger stores for the events that rating system rates. Add one line per pair."""


@dataclass(frozen=True, slots=True)
class Check:
    """One requirement of a title event: met (True), failed (False) or not checkable (None)."""

    name: str
    ok: bool | None
    detail: str


@dataclass(frozen=True, slots=True)
class NormResult:
    """One player's result against one title's norm in one event."""

    player_id: str
    name: str
    title: str
    earned: bool
    score: float
    games: int
    required: float | None
    """Points required; ``None`` when the norm is not available in this event."""
    facts: tuple[tuple[str, str], ...] = ()
    """The numbers behind the result, as ``(label, value)`` pairs."""


@dataclass(frozen=True, slots=True)
class NormReport:
    """Every norm result of one event under one system."""

    system: str
    event_id: str
    event_name: str
    facts: tuple[tuple[str, str], ...]
    """Event-level numbers (average, category …) as ``(label, value)`` pairs."""
    checks: tuple[Check, ...]
    results: tuple[NormResult, ...]
    notes: tuple[str, ...] = ()

    @property
    def earned(self) -> tuple[NormResult, ...]:
        return tuple(r for r in self.results if r.earned)

    @property
    def qualifies(self) -> bool:
        """No checkable requirement of the event failed."""
        return all(c.ok is not False for c in self.checks)


def norm_system_names() -> list[str]:
    return sorted(NORM_SYSTEMS)


def norm_system_for(rating_system: str) -> str | None:
    """The norm system that goes with a rating system, if any (:data:`NORMS_FOR_SYSTEM`).

    >>> norm_system_for("fide1986"), norm_system_for("uscf")
    ('fide1986', None)
    """
    return NORMS_FOR_SYSTEM.get(rating_system)


def norm_report(
    event: Event, system: str = "fide1986", options: Mapping[str, str] | None = None
) -> NormReport:
    """Every norm earned in ``event`` under the named norm system.

    Raises:
        ConfigError: no such norm system, or a bad option.
    """
    try:
        module_name = NORM_SYSTEMS[system]
    except KeyError:
        raise ConfigError(
            f"unknown norm system {system!r}; choose one of {', '.join(norm_system_names())}"
        ) from None
    module = importlib.import_module(module_name)
    report: NormReport = module.norm_report(event, dict(options or {}))
    return report
