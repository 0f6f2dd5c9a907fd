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
from dataclasses import dataclass, replace
from enum import StrEnum

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


VERDICT_FACT = "norm"
"""The fact under which a stored provisional norm keeps what it is provisional on."""


class NormStatus(StrEnum):
    """Whether a norm is earned: every requirement holds (``earned``), none fails but some
    cannot be settled from the input (``provisional``), or one fails (``not earned``)."""

    EARNED = "earned"
    PROVISIONAL = "provisional"
    NOT_EARNED = "not earned"


@dataclass(frozen=True, slots=True)
class NormResult:
    """One player's result against one title's norm in one event.

    A norm system sets ``earned`` to whether the score requirement is met;
    :func:`norm_report` then weighs the event's requirements: ``score_met`` keeps the
    score verdict, ``status`` says whether the norm is earned, provisional (on the
    requirements named in ``provisional_on``) or not, and ``earned`` becomes
    ``status == "earned"``.
    """

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
    status: NormStatus | None = None
    """Set by :func:`norm_report` (``None`` straight from a norm system)."""
    score_met: bool | None = None
    """The score requirement alone (set by :func:`norm_report`)."""
    provisional_on: tuple[str, ...] = ()
    """The requirements the input cannot settle, for a provisional norm."""

    @property
    def stored_facts(self) -> tuple[tuple[str, str], ...]:
        """``facts`` plus, for a provisional norm, ``("norm", "provisional on …")``: what
        the ledger stores (:meth:`from_stored` reads it back)."""
        return (*self.facts, (VERDICT_FACT, self.verdict)) if self.provisional_on else self.facts

    @classmethod
    def from_stored(
        cls,
        player_id: str,
        name: str,
        title: str,
        earned: bool,
        score: float,
        games: int,
        required: float | None,
        facts: tuple[tuple[str, str], ...],
    ) -> NormResult:
        """A title result the ledger stored (its score met, no requirement failed)."""
        verdict = dict(facts).get(VERDICT_FACT, "")
        pending = tuple(verdict.removeprefix("provisional on ").split("; ")) if verdict else ()
        status = NormStatus.PROVISIONAL if pending else NormStatus.EARNED
        return cls(
            player_id,
            name,
            title,
            earned,
            score,
            games,
            required,
            tuple(f for f in facts if f[0] != VERDICT_FACT),
            status if earned or pending else NormStatus.NOT_EARNED,
            True,
            pending,
        )

    @property
    def verdict(self) -> str:
        """``yes``, ``provisional on …`` or ``no``, for tables."""
        if self.status is NormStatus.PROVISIONAL:
            return "provisional on " + "; ".join(self.provisional_on)
        earned = self.earned if self.status is None else self.status is NormStatus.EARNED
        return "yes" if earned else "no"


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

    @property
    def title_results(self) -> tuple[NormResult, ...]:
        """The norms earned or provisional (the score met, no requirement failed)."""
        ok = (NormStatus.EARNED, NormStatus.PROVISIONAL)
        return tuple(r for r in self.results if r.status in ok)


def with_status(report: NormReport) -> NormReport:
    """``report`` with every result's :class:`NormStatus`: a norm is earned only when the
    score and every requirement of the event hold; when none fails but some cannot be
    settled from the input (``Check.ok is None``, not waived), it is provisional on those."""
    failed = any(c.ok is False for c in report.checks)
    unsettled = tuple(c.name for c in report.checks if c.ok is None and "waived" not in c.detail)
    results = []
    for r in report.results:
        met = r.earned if r.score_met is None else r.score_met
        if not met or failed:
            status = NormStatus.NOT_EARNED
        else:
            status = NormStatus.PROVISIONAL if unsettled else NormStatus.EARNED
        pending = unsettled if status is NormStatus.PROVISIONAL else ()
        results.append(
            replace(
                r,
                earned=status is NormStatus.EARNED,
                status=status,
                score_met=met,
                provisional_on=pending,
            )
        )
    return replace(report, results=tuple(results))


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
    report: NormReport = module.norm_report(_as_rated(event, system), dict(options or {}))
    return with_status(report)


def _as_rated(event: Event, norm_system: str) -> Event:
    """``event`` as the rating system of the same name sees it: only its own kinds of
    rating count (a FIDE norm is not checked against US Chess ratings; D-prov-6)."""
    from arpad.systems import REGISTRY, get_system

    return get_system(norm_system).seen_as_own(event) if norm_system in REGISTRY else event
