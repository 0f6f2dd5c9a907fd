"""Norms and titles: rules that reward performances, computed on top of ratings.

This package holds one module per title system (``fide1986``, ``uscf1994``), the common
report shape of norm checks, and the registry of title systems beside the registry of
rating systems: each module publishes one :class:`TitleSystem` named ``TITLE_SYSTEM``, and
:data:`NORM_SYSTEMS` maps its name to the module (add one line per system). ``arpad norms
FILE --system NAME``, the ledger and the web pages reach title systems only through it.

Results are typed: a :class:`Fact` carries a number, a flag or a label, never a number
written as text, and ``None`` for a requirement that could not be checked.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.model import Event

NORM_SYSTEMS: dict[str, str] = {
    "fide1986": "arpad.titles.fide1986",
    "uscf1994": "arpad.titles.uscf1994",
}
"""Title system name → module defining ``TITLE_SYSTEM``. Add one line per system."""

NORMS_FOR_SYSTEM: dict[str, str] = {
    "fide1986": "fide1986",
    "uscf1994": "uscf1994",
}
"""Rating system name (:data:`arpad.systems.REGISTRY`) → the norm system whose norms the
rating ledger stores for the events that rating system rates. Add one line per pair."""


FactValue = float | int | bool | str | tuple[float, ...] | None
"""A fact's value: a number, a flag, a label, numbers, or ``None`` (not known / not checked)."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One number (or flag, or label) behind a norm result, typed.

    >>> Fact("E_Y", 2.71828, 3).text, Fact("title at once", True).text, Fact("Δ", None).text
    ('2.718', 'yes', '—')
    """

    label: str
    value: FactValue
    digits: int | None = None
    """Decimals a float is shown with (``None``: as short as it reads)."""

    @property
    def text(self) -> str:
        """The value as the one renderer shows it."""
        return format_value(self.value, self.digits)


def format_value(value: FactValue, digits: int | None = None) -> str:
    """How a fact value reads in a table: ``yes``/``no``, numbers to ``digits``, ``—``."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(format_value(v, digits) for v in value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "—"
        return f"{value:.{digits}f}" if digits is not None else f"{value:g}"
    return str(value)


def fact_values(facts: Iterable[Fact]) -> dict[str, FactValue]:
    """``{label: value}`` of some facts."""
    return {f.label: f.value for f in facts}


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
    facts: tuple[Fact, ...] = ()
    """The numbers behind the result."""


@dataclass(frozen=True, slots=True)
class NormReport:
    """Every norm result of one event under one system."""

    system: str
    event_id: str
    event_name: str
    facts: tuple[Fact, ...]
    """Event-level numbers (average, category …)."""
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


@dataclass(frozen=True)
class TitleSystem:
    """A title system: its name, configuration type and the functions the ledger and the
    command line call.

    ``norm_report_fn(event, config)`` checks every norm of one event;
    ``titles_from_norms_fn`` (optional) adds a player's stored norms up, event by event,
    into titles: it takes each event's norm results in rating order and returns
    ``(event index, title name)`` for every title reached.
    """

    name: str
    title: str
    source: str
    config_type: type[Any]
    norm_report_fn: Callable[[Event, Any], NormReport]
    titles_from_norms_fn: (
        Callable[[Sequence[Sequence[NormResult]]], tuple[tuple[int, str], ...]] | None
    ) = None

    def config(self, options: Mapping[str, str] | None = None) -> Any:
        """The default configuration with ``NAME=VALUE`` options applied."""
        return with_options(self.config_type(), dict(options or {}))

    def norm_report(self, event: Event, options: Mapping[str, str] | None = None) -> NormReport:
        return self.norm_report_fn(event, self.config(options))


def norm_system_names() -> list[str]:
    return sorted(NORM_SYSTEMS)


def get_title_system(name: str) -> TitleSystem:
    """The title system registered as ``name``.

    Raises:
        ConfigError: no such title system.
    """
    try:
        module_name = NORM_SYSTEMS[name]
    except KeyError:
        raise ConfigError(
            f"unknown title system {name!r}; choose one of {', '.join(norm_system_names())}"
        ) from None
    system: TitleSystem = importlib.import_module(module_name).TITLE_SYSTEM
    return system


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
    return get_title_system(system).norm_report(event, options)
