"""The common interface every rating system exposes, and the registry of systems.

A rating system is a pure function of (event, the players' prior states, configuration)
returning an :class:`EventRating`. Each system lives in its own module and publishes one
:class:`RatingSystem` value named ``SYSTEM`` built from three functions with the same
names everywhere:

- ``state_from_entry(entry, event, config) -> State``: a player's prior state in this
  system, read from what the event file says about them (rating, games, history). The
  ledger supplies states from its own records instead. :meth:`RatingSystem.rate_event`
  and :meth:`RatingSystem.prior_state` hand it the entry as the system sees it: its
  ``rating`` is one of the system's own kinds (``rating_kinds``) or ``None``, never
  another system's rating (:meth:`arpad.model.PlayerEntry.own_rating`).
- ``rate_event(event, states, config) -> EventRating``: rate one event. ``states`` holds
  a state for every player of the event. Pure and deterministic.
- ``list_entry(state, config) -> ListEntry``: how the state shows on a rating list.

States and configurations are frozen dataclasses. A state's fields are JSON-friendly
(numbers, strings, booleans, ``None``, dates, enums, and tuples or frozen dataclasses of
those) so the ledger can store them.

Systems are looked up by name with :func:`get_system`; :data:`REGISTRY` maps each name to
its module, imported on first use.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from arpad.config import validate
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry, Pool, Rating

C = TypeVar("C")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's outcome of rating one event in one system.

    ``post`` is ``None`` when the system gives the player no rating from this event
    (for example too few games); ``pre`` is ``None`` for a player who was unrated.
    """

    player_id: str
    pre: float | None
    post: float | None
    games: int
    """m: rated games played in the event."""
    score: float
    expected: float | None = None
    """Expected score against the opponents met (the system's own formula)."""
    k: float | None = None
    bonus: float = 0.0
    method: str = ""
    """Which formula rated the player (e.g. ``special``, ``standard``)."""
    performance: float | None = None
    """Performance rating in the event (±inf for a perfect or zero score)."""
    floor: float | None = None
    """The rating floor that bound the result, if one did."""
    notes: tuple[str, ...] = ()

    @property
    def change(self) -> float | None:
        """``post - pre`` when both exist."""
        if self.pre is None or self.post is None:
            return None
        return self.post - self.pre


@dataclass(frozen=True, slots=True)
class EventRating(Generic[S]):
    """The result of rating one event in one pool of one system."""

    system: str
    event_id: str
    pool: Pool
    players: tuple[PlayerRating, ...]
    states: Mapping[str, S]
    """Every player's state after the event."""
    notes: tuple[str, ...] = ()

    def player(self, player_id: str) -> PlayerRating:
        for p in self.players:
            if p.player_id == player_id:
                return p
        raise KeyError(player_id)


@dataclass(frozen=True, slots=True)
class ListEntry:
    """How a player's state appears on a published rating list."""

    rating: float | None
    games: int
    established: bool
    mark: str = ""
    """The system's mark for a non-established rating (``P12``, ``*``), or ``""``."""


@dataclass(frozen=True)
class RatingSystem(Generic[C, S]):
    """A rating system: its name, configuration type and the three functions."""

    name: str
    title: str
    source: str
    config_type: type[C]
    state_type: type[S]
    state_from_entry: Callable[[PlayerEntry, Event, C], S]
    rate_event_fn: Callable[[Event, Mapping[str, S], C], EventRating[S]]
    list_entry: Callable[[S, C], ListEntry]
    pools: tuple[Pool, ...] = field(default=tuple(Pool))
    rating_kinds: tuple[str, ...] = ()
    """Kinds of file ratings (:class:`~arpad.model.RatingKind` values or system names) this
    system takes as its own, besides its own name; see :meth:`own_kinds`."""
    initialises_from: tuple[str, ...] = ()
    """Kinds this system's document converts into an initial rating (US Chess §2: FIDE,
    CFC); ratings of these kinds are not used as-is but are not ignored either."""

    def own_kinds(self) -> frozenset[str]:
        """The kinds of file rating this system rates from as-is (docs/formats.md)."""
        return frozenset((self.name, *map(str, self.rating_kinds)))

    def seen_as_own(self, event: Event) -> Event:
        """``event`` with each entry's rating the one of this system's kinds, or unrated
        (:meth:`arpad.model.PlayerEntry.own_rating`): a rating of another system is
        never used as-is."""
        kinds = self.own_kinds()
        players = tuple(p.own_rating(kinds) for p in event.players)
        if all(a is b for a, b in zip(players, event.players, strict=True)):
            return event
        return dataclasses.replace(event, players=players)

    def prior_state(self, entry: PlayerEntry, event: Event, config: C) -> S:
        """:attr:`state_from_entry` of ``entry`` as this system sees it (its own kinds of
        rating only, :meth:`arpad.model.PlayerEntry.own_rating`)."""
        return self.state_from_entry(entry.own_rating(self.own_kinds()), event, config)

    def default_config(self) -> C:
        return self.config_type()

    def rate_event(
        self,
        event: Event,
        states: Mapping[str, S] | None = None,
        config: C | None = None,
    ) -> EventRating[S]:
        """Rate ``event``; players missing from ``states`` get :attr:`state_from_entry`."""
        cfg = self.default_config() if config is None else config
        _validate_once(cfg)
        if event.pool not in self.pools:
            names = ", ".join(p.value for p in self.pools)
            raise ConfigError(
                f"system {self.name!r} rates the pools {names}; event {event.id!r} is "
                f"{event.pool.value!r}"
            )
        own = self.seen_as_own(event)
        full: dict[str, S] = dict(states) if states is not None else {}
        for p in own.players:
            if p.id not in full:
                full[p.id] = self.state_from_entry(p, own, cfg)
        result = self.rate_event_fn(own, full, cfg)
        fresh = set(full) - set(states or ())
        notes = provenance_notes(self, event, own, result, fresh)
        return dataclasses.replace(result, notes=result.notes + notes) if notes else result


def provenance_notes(
    system: RatingSystem[Any, Any],
    event: Event,
    own: Event,
    result: EventRating[Any],
    fresh: set[str],
) -> tuple[str, ...]:
    """Notes saying which file ratings ``system`` did not take as its own (among the
    players in ``fresh``, those it read from the file), and why nobody was rated when
    nobody was. ``own`` is ``event`` as the system sees it (:meth:`seen_as_own`)."""
    kinds = system.own_kinds()
    unused: dict[str, int] = {}
    for p, seen in zip(event.players, own.players, strict=True):
        if p.id in fresh and seen.rating is None:
            for r in p.foreign_ratings(kinds)[:1]:
                unused[r.label] = unused.get(r.label, 0) + 1
    notes = []
    converts = {Rating(k, 0.0).label for k in system.initialises_from}
    for label, n in sorted(unused.items()):
        players = "1 player has" if n == 1 else f"{n} players have"
        how = (
            f"which {system.name} does not rate from as-is: it converts it into an initial "
            "rating by its own rules"
            if label in converts
            else f"which {system.name} does not rate from: they are unrated in {system.name}"
        )
        notes.append(f"{players} a {label} rating, {how}")
    rated_games = any(True for _ in event.rated_games())
    nobody = bool(result.players) and all(p.post is None for p in result.players)
    # Only when no state was given: a ledger's states may rate players the file does not.
    unrated = all(p.id in fresh and p.rating is None for p in own.players)
    if rated_games and nobody and unrated and not system.initialises_from:
        labels = ", ".join(sorted(Rating(k, 0.0).label for k in kinds))
        notes.append(
            f"{system.name} rated no one: no player has a rating it uses ({labels}), and it "
            "rates no one in a pool that starts unrated"
        )
    return tuple(notes)


@functools.lru_cache(maxsize=64)
def _validated(config: object) -> bool:
    validate(config)
    return True


def _validate_once(config: object) -> None:
    """Validate a configuration, remembering frozen (hashable) ones already checked."""
    try:
        _validated(config)
    except TypeError:  # unhashable: validate every time
        validate(config)


REGISTRY: dict[str, str] = {
    "uscf": "arpad.systems.uscf2020",
    "uscf1993": "arpad.systems.uscf1993",
    "uscf1994": "arpad.systems.uscf1994",
    "elo": "arpad.systems.elo",
    "fide1986": "arpad.systems.fide1986",
    "ingo": "arpad.systems.legacy.ingo",
    "harkness": "arpad.systems.legacy.harkness",
    "bcf": "arpad.systems.legacy.bcf",
    "ccla": "arpad.systems.legacy.ccla",
    "linear": "arpad.systems.legacy.linear",
    "berkin": "arpad.systems.legacy.berkin",
    "pra": "arpad.systems.pra",
}
"""System name → module defining ``SYSTEM``. Add one line per system."""

ALIASES: dict[str, str] = {"uscf2020": "uscf"}


def system_names() -> list[str]:
    return sorted(REGISTRY)


def get_system(name: str) -> RatingSystem[Any, Any]:
    """The rating system registered as ``name``.

    Raises:
        ConfigError: no such system.
    """
    key = ALIASES.get(name, name)
    try:
        module = REGISTRY[key]
    except KeyError:
        raise ConfigError(
            f"unknown rating system {name!r}; choose one of {', '.join(system_names())}"
        ) from None
    system: RatingSystem[Any, Any] = importlib.import_module(module).SYSTEM
    return system


def finite_or_none(x: float | None) -> float | None:
    """``x`` unless it is ±inf or NaN (for JSON output)."""
    return x if x is not None and math.isfinite(x) else None
