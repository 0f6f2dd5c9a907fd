"""A player's standing on FIDE's list, as the per-event path and the season loop's table
(:mod:`.table`) both keep it: below both, so that neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PendingEvent:
    """One rated event of a listed player, not yet on a published list."""

    period: str
    """The list (``YYYY-MM``) that will publish it."""
    event_id: str
    delta: float
    """ΣΔ = Σ (W − PD) over the event's rated games."""
    games: int


@dataclass(frozen=True, slots=True)
class PooledEvent:
    """An unrated player's games against rated opponents in one event (§8.2)."""

    period: str
    event_id: str
    games: int
    score: float
    opponents: float
    """Σ of the rated opponents' ratings."""


@dataclass(frozen=True, slots=True)
class FideState:
    """A player's standing on FIDE's list of one rating type."""

    rating: float | None = None
    """The rating on list ``month``; ``None`` while unrated (or below the floor)."""
    month: str | None = None
    """The list ``rating`` was read from (``YYYY-MM``); ``None`` = not known."""
    games: int = 0
    """Rated games so far (K = 40 until 30)."""
    reached_top: bool = False
    """A published rating has reached 2400 (K = 10 for good)."""
    birth_year: int | None = None
    pending: tuple[PendingEvent, ...] = ()
    pooled: tuple[PooledEvent, ...] = ()
    """Unrated: play toward a first rating."""
    notes: tuple[str, ...] = ()
    """What the last publication did (floor, first rating withheld …)."""
