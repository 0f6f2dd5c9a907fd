"""Norms and titles: rules that reward performances, computed on top of ratings.

This package holds one module per title system (``fide1986``, ``uscf1994``), the common
report shape of norm checks, and the registry of title systems beside the registry of
rating systems: each module publishes one :class:`TitleSystem` named ``TITLE_SYSTEM``, and
:data:`NORM_SYSTEMS` maps its name to the module (add one line per system, in
:mod:`arpad.norm_registry`). ``arpad norms FILE --system NAME``, the ledger and the web
pages reach title systems only through it.

Results are typed: a :class:`Fact` carries a number, a flag or a label, never a number
written as text, and ``None`` for a requirement that could not be checked.
"""

from __future__ import annotations

import datetime as dt
import importlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.model import Event
from arpad.norm_registry import NORM_SYSTEMS as NORM_SYSTEMS
from arpad.norm_registry import NORMS_FOR_SYSTEM as NORMS_FOR_SYSTEM
from arpad.norm_registry import norm_system_names as norm_system_names

DEFAULT_NORM_SYSTEM = "fide"
"""The family ``arpad norms`` chooses from by the event's date when no ``--system`` is
given (:func:`rules_for_event`)."""


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


VERDICT_FACT = "norm"
"""The fact under which a stored provisional norm keeps what it is provisional on."""


class NormStatus(StrEnum):
    """Whether a norm is earned: every requirement holds (``earned``), none fails but some
    cannot be settled from the input (``provisional``), or one fails (``not earned``)."""

    EARNED = "earned"
    PROVISIONAL = "provisional"
    NOT_EARNED = "not earned"


@dataclass(frozen=True, slots=True)
class Check:
    """One requirement of a title event: met (True), failed (False) or not checkable (None)."""

    name: str
    ok: bool | None
    detail: str


@dataclass(frozen=True, slots=True)
class NormResult:
    """One player's result against one title's norm in one event.

    A norm system sets ``earned`` to whether the score requirement is met;
    :func:`with_status` then weighs the event's requirements: ``score_met`` keeps the
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
    facts: tuple[Fact, ...] = ()
    """The numbers behind the result."""
    status: NormStatus | None = None
    """Set by :func:`with_status` (``None`` straight from a norm system)."""
    score_met: bool | None = None
    """The score requirement alone (set by :func:`with_status`)."""
    provisional_on: tuple[str, ...] = ()
    """The requirements the input cannot settle, for a provisional norm."""

    @property
    def stored_facts(self) -> tuple[Fact, ...]:
        """``facts`` plus, for a provisional norm, ``Fact("norm", "provisional on …")``:
        what the ledger stores (:meth:`from_stored` reads it back)."""
        if not self.provisional_on:
            return self.facts
        return (*self.facts, Fact(VERDICT_FACT, self.verdict))

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
        facts: tuple[Fact, ...],
    ) -> NormResult:
        """A title result the ledger stored (its score met, no requirement failed)."""
        verdict = str(fact_values(facts).get(VERDICT_FACT) or "")
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
            tuple(f for f in facts if f.label != VERDICT_FACT),
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
        # A system may leave a result's own requirements unsettled (``provisional_on``).
        own = r.provisional_on if r.status is None else ()
        met = (r.earned or bool(own)) if r.score_met is None else r.score_met
        if not met or failed:
            status = NormStatus.NOT_EARNED
        else:
            status = NormStatus.PROVISIONAL if unsettled or own else NormStatus.EARNED
        pending = (*own, *unsettled) if status is NormStatus.PROVISIONAL else ()
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
    family: str | None = None
    """The rules this system is one dated version of (``FIDE title regulations``);
    ``None``: a system with no dated versions, applied on any date."""
    in_force: tuple[dt.date | None, dt.date | None] = (None, None)
    """First and last day of the events (by start date) this version applies to."""
    forecast_fn: Callable[[Event, Any], Sequence[Any]] | None = None
    """``(event, config)`` → what each player needs in the rounds left (dataclasses)."""
    certificate_fn: Callable[[Event, str, Any], dict[str, Any]] | None = None
    """``(event, player, config)`` → the data of a title result certificate."""
    certificate_page_fn: Callable[[dict[str, Any]], str] | None = None
    """Certificate data → a printable HTML page."""
    event_report_fn: Callable[[Event, Any], dict[str, Any]] | None = None
    """``(event, config)`` → the data of the tournament report to the federation."""

    def covers(self, day: dt.date) -> bool:
        """Whether an event starting on ``day`` falls under this version."""
        first, last = self.in_force
        return (first is None or day >= first) and (last is None or day <= last)

    def distance(self, day: dt.date) -> int:
        """Days from ``day`` to this version's span (0 inside it)."""
        first, last = self.in_force
        if first is not None and day < first:
            return (first - day).days
        if last is not None and day > last:
            return (day - last).days
        return 0

    @property
    def span(self) -> str:
        """The span in words: ``1971-01-01 to 1986-12-31``, ``from 2024-01-01``."""
        first, last = self.in_force
        if last is None:
            return f"from {first}" if first else "on any date"
        return f"{first} to {last}" if first else f"until {last}"

    def config(self, options: Mapping[str, str] | None = None) -> Any:
        """The default configuration with ``NAME=VALUE`` options applied."""
        return with_options(self.config_type(), dict(options or {}))

    def report(self, event: Event, config: Any) -> NormReport:
        """Every norm of ``event`` under ``config``, each with its :class:`NormStatus`."""
        return with_status(self.norm_report_fn(_as_rated(event, self.name), config))

    def norm_report(self, event: Event, options: Mapping[str, str] | None = None) -> NormReport:
        return self.report(event, self.config(options))


@dataclass(frozen=True, slots=True)
class RulesChoice:
    """The title rules chosen for an event, and why: ``warning`` (one line) when no
    implemented version covers the event's date, or when the asked rules do not."""

    system: TitleSystem
    day: dt.date | None
    by_date: bool
    warning: str | None = None
    day_is_end: bool = False
    """The file gives no start date: ``day`` is the event's end."""

    @property
    def statement(self) -> str:
        """Which rules were used, in words, for the command line."""
        how = f"the event {'ends' if self.day_is_end else 'starts'} {self.day}"
        how = how if self.day else "the event has no date"
        chosen = "chosen by date" if self.by_date else "as asked"
        return f"Rules: {self.system.title} [{self.system.name}], {chosen}; {how}."


def event_day(event: Event) -> dt.date | None:
    """The date that decides an event's rules: its start, else its end (B.01 0.2: changes
    "shall apply to those [tournaments] starting on or after the date")."""
    return event.start_date or event.end_date


def family_members(family: str) -> list[TitleSystem]:
    """The dated versions of a family of rules, oldest first."""
    systems = [get_title_system(n) for n in norm_system_names()]
    members = [s for s in systems if s.family == family]
    return sorted(members, key=lambda s: s.in_force[0] or dt.date.min)


def version_on(system: TitleSystem, day: dt.date | None) -> tuple[TitleSystem, bool]:
    """The version of ``system``'s family in force on ``day`` and whether one covers it
    (else the nearest in time; without a date, the newest)."""
    if system.family is None:
        return system, True
    members = family_members(system.family)
    if day is None:
        return members[-1], False
    covering = [m for m in members if m.covers(day)]
    if covering:
        return covering[-1], True
    return min(members, key=lambda m: m.distance(day)), False


def dated_norm_system(name: str, day: dt.date | None) -> str:
    """The norm system of ``name``'s family in force on ``day`` (the ledger's choice).

    >>> dated_norm_system("fide1986", dt.date(2025, 11, 1))
    'fide'
    >>> dated_norm_system("fide", dt.date(1975, 1, 1))
    'fide1986'
    """
    return version_on(get_title_system(name), day)[0].name


def same_rules(name: str, other: str) -> bool:
    """Whether two norm systems are versions of one family (or the same system)."""
    a, b = get_title_system(name), get_title_system(other)
    return name == other or (a.family is not None and a.family == b.family)


def rules_for_event(event: Event, name: str | None = None) -> RulesChoice:
    """The title rules for ``event``: by its date among the versions of the default
    family (``name`` ``None``), or the rules asked for, with a one-line warning when the
    event's date is outside what they, or any implemented version, cover."""
    day = event_day(event)
    end = event.start_date is None and day is not None
    asked = get_title_system(name or DEFAULT_NORM_SYSTEM)
    chosen, covered = version_on(asked, day)
    if name is not None:
        if asked.family is None or day is None or asked.covers(day):
            return RulesChoice(asked, day, False, None, end)
        better = f"; the rules for it: {chosen.name}" if covered else ""
        return RulesChoice(
            asked,
            day,
            False,
            f"{asked.name} applies to events {asked.span}; this event "
            f"{'ends' if end else 'starts'} {day}{better}",
            end,
        )
    if covered:
        return RulesChoice(chosen, day, True, None, end)
    spans = ", ".join(f"{m.name} {m.span}" for m in family_members(chosen.family or ""))
    if day is None:
        why = f"the event has no date: using {chosen.name}, the newest ({spans})"
    else:
        why = (
            f"no implemented {chosen.family} cover {day} ({spans}): "
            f"using {chosen.name}, the nearest"
        )
    return RulesChoice(chosen, day, True, why, end)


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


def _as_rated(event: Event, norm_system: str) -> Event:
    """``event`` as the rating system of the same name sees it: only its own kinds of
    rating count (a FIDE norm is not checked against US Chess ratings; D-prov-6)."""
    from arpad.systems import REGISTRY, get_system

    return get_system(norm_system).seen_as_own(event) if norm_system in REGISTRY else event
