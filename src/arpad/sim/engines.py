"""The systems under test: registered rating systems, rated round by round through their
round engines or batch hooks.

A system under test is a rating system of the registry (:func:`arpad.systems.get_system`,
any name ``arpad systems`` lists) with one of its configurations: ``elo`` with the
logistic curve and K = 16 is an :class:`~arpad.systems.elo.EloConfig` of the ``elo``
system, not a formula of the lab's. Each simulated round (a perfect matching: every player
plays one game) becomes one one-game :class:`~arpad.model.Event` per game, handed to the
system's batch hook, :meth:`arpad.systems.RatingSystem.rate_batch` (the system's season
engine where it has one, else its events one by one), which rates them exactly as
:meth:`~arpad.systems.RatingSystem.rate_event` would, event after event
(``tests/sim/test_engines.py`` checks the lab against that to 1e-9). N*, K, floors,
boosts and curves are therefore the systems' own, with all their rules.

What the lab adds is not a rating rule:

- the seeds: each player enters as an event file's entry with the seed as his rating,
  based on ``games`` games (0 by default: the PRA's game counter starts at the first
  game; US Chess in Berard's comparison starts from N = 9, the first N rated by the
  standard formula, docs/decisions.md D-sim-4), read by the system's own
  ``state_from_entry``;
- the period of the system's pool rule, where it has one
  (:attr:`~arpad.systems.RatingSystem.pool_adjustment_fn`: the PRA's ``adj``, eq. (2),
  berard-pra-and-tournament-app.txt L171, paid "at the end of each day", L224): after
  every round (spec X5), anchored at the seeds' mean (spec X6).

Speed: where the system has a :attr:`~arpad.systems.RatingSystem.round_engine` that covers
the population (``pra``; ``elo`` with a constant K; ``uscf``), the lab hands it the round's
arrays instead of building the events: the same rules in one numpy step per round, equal to
the batch hook of the same events (``tests/sim/test_engines.py`` runs both paths; D-simfast-1).

Engines are the one mutable thing in the lab: each belongs to one run and is updated in
place, round by round. Their specifications are frozen values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.config import Config, bounds, describe, with_options
from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.model import Event, Game, PlayerEntry
from arpad.systems import RatingSystem, RoundEngine, get_system

IntArray = npt.NDArray[np.int64]

LAB_OPTIONS = ("games", "adj", "anchor")
"""Keys of a ``-s`` specification that belong to the lab, not to the system's config."""


@dataclass(frozen=True, slots=True)
class SystemSpec(Config):
    """A system under test: a registered system, its configuration, and how it starts."""

    system: str = "pra"
    """A registered system name (``arpad systems``)."""
    config: Any = None
    """The system's configuration (``None``: its defaults)."""
    games: int = field(default=0, metadata=bounds(0, None))
    """N: the games behind each seed rating, as an event file would give it."""
    adj: bool = True
    """Apply the system's pool rule after every round, where it has one (PRA: ``adj``)."""
    anchor: float | None = None
    """The pool rule's anchor; ``None`` = the mean of the seed ratings (spec X6)."""
    label: str = ""
    """The name in results; ``""``: the system and the options that differ (``name``)."""

    def check(self) -> None:
        system = get_system(self.system)  # raises for an unknown name
        system.config_or_default(self.config)  # raises for another system's config

    @property
    def name(self) -> str:
        """The label, or ``system[:option=value,…]`` for the non-default settings."""
        if self.label:
            return self.label
        system = get_system(self.system)
        config = system.config_or_default(self.config)
        default = {k: v for k, v, _ in describe(system.default_config())}
        parts = [f"{k}={v}" for k, v, _ in describe(config) if default.get(k) != v]
        if self.games:
            parts.append(f"games={self.games}")
        if not self.adj and system.pool_adjustment_fn is not None:
            parts.append("adj=false")
        if self.anchor is not None:
            parts.append(f"anchor={self.anchor:g}")
        return system.name + (":" + ",".join(parts) if parts else "")

    def start(self, seeds: FloatArray, fast: bool = True) -> Engine:
        """An engine over players seeded at ``seeds``; ``fast=False`` rates every round's
        events by the batch hook even where the system has a round engine."""
        return Engine(self, seeds, fast)


def round_events(
    index: int, white: IntArray, black: IntArray, score: FloatArray, players: Sequence[PlayerEntry]
) -> list[Event]:
    """Round ``index`` (0-based) as one one-game event per game: ``players[white[k]]``
    has White against ``players[black[k]]`` and scores ``score[k]``."""
    games = zip(white.tolist(), black.tolist(), score.tolist(), strict=True)
    return [
        Event(
            id=f"r{index + 1}.{k + 1}",
            players=(players[w], players[b]),
            games=(Game(players[w].id, players[b].id, s),),
        )
        for k, (w, b, s) in enumerate(games)
    ]


@dataclass(frozen=True)
class Round:
    """One simulated round: ``players[white[k]]`` has White against ``players[black[k]]``
    and scores ``score[k]``; every player plays once."""

    index: int
    """0-based."""
    white: IntArray
    black: IntArray
    score: FloatArray
    players: Sequence[PlayerEntry]

    @cached_property
    def events(self) -> list[Event]:
        """The round as one one-game event per game (built once, for the engines that
        rate events)."""
        return round_events(self.index, self.white, self.black, self.score, self.players)


class Engine:
    """A system under test over one population: every player's state, round after round.

    Players are named ``"0"``, ``"1"``, … by their index in ``seeds``.
    """

    def __init__(self, spec: SystemSpec, seeds: FloatArray, fast: bool = True) -> None:
        self.spec = spec
        self.system: RatingSystem[Any, Any] = get_system(spec.system)
        self.config = self.system.config_or_default(spec.config)
        self.anchor = float(np.mean(seeds)) if spec.anchor is None else spec.anchor
        entries = tuple(
            PlayerEntry(str(i), rating=float(r), games=spec.games)
            for i, r in enumerate(seeds.tolist())
        )
        self.ids = [p.id for p in entries]
        seeded = Event(id="seeds", players=entries, games=())
        self.states: dict[str, Any] = {
            p.id: self.system.prior_state(p, seeded, self.config) for p in entries
        }
        factory = self.system.round_engine
        self.rounds: RoundEngine | None = None
        """The system's round engine, where it covers these players and configuration."""
        if fast and factory is not None:
            self.rounds = factory([self.states[pid] for pid in self.ids], self.config)
        self._listed = self._ratings()
        self.adjusts = spec.adj and self.system.pool_adjustment_fn is not None

    @property
    def ratings(self) -> FloatArray:
        """Everyone's rating as the system lists it, by player index."""
        return self._listed if self.rounds is None else self.rounds.ratings

    def _ratings(self) -> FloatArray:
        """Everyone's rating as the system lists it (NaN for an unrated player)."""
        entry = self.system.list_entry
        listed = (entry(self.states[pid], self.config).rating for pid in self.ids)
        return np.fromiter((np.nan if r is None else r for r in listed), float, len(self.ids))

    def play_round(self, played: Round) -> None:
        """Rate one round by the system's round engine or batch hook, then its pool rule."""
        if self.rounds is not None:
            self.rounds.play_round(played.white, played.black, played.score)
            if self.adjusts:
                self.rounds.adjust_pool(self.anchor)
            return
        period = self.system.rate_batch(played.events, self.states, self.config)
        self.states.update(period.states)
        adjust = self.system.pool_adjustment_fn
        if adjust is not None and self.adjusts:
            self.states = dict(adjust(self.states, self.config, self.anchor))
        self._listed = self._ratings()


def parse_system(text: str) -> SystemSpec:
    """A system under test from its command-line form ``NAME[:KEY=VALUE,…]``.

    ``NAME`` is a registered system; each ``KEY`` is an option of its configuration (as
    ``arpad rate -o KEY=VALUE``) or one of the lab's: ``games`` (N behind each seed),
    ``adj`` (the pool rule after every round, default true), ``anchor``. The text is the
    label in the results.

    >>> parse_system("elo:K=16,curve=logistic,mode=continuous").config.K
    16.0
    >>> parse_system("uscf:games=9").games
    9
    """
    name, _, params = text.strip().partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in params.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"system option {part!r} must look like NAME=VALUE")
        options[key.strip()] = value.strip()
    lab = {k: options.pop(k) for k in LAB_OPTIONS if k in options}
    system = get_system(name)
    known = {f.name for f in dataclasses.fields(system.config_type)}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ConfigError(
            f"system {system.name!r} has no option {unknown[0]!r}; its options: "
            f"{', '.join(sorted(known))}; the lab's: {', '.join(LAB_OPTIONS)}"
        )
    config = with_options(system.default_config(), options)
    try:
        games = int(lab.get("games", "0"))
        anchor = float(lab["anchor"]) if "anchor" in lab else None
    except ValueError:
        raise ConfigError(f"bad value in system {text!r}") from None
    adj = lab.get("adj", "true").lower()
    if adj not in ("true", "false"):
        raise ConfigError(f"option 'adj' takes true or false, not {lab['adj']!r}")
    return SystemSpec(name, config, games, adj == "true", anchor, label=text.strip())
