"""The simulation lab's populations: true ratings, tracked players, seed ratings.

Source: berard-pra-and-tournament-app.txt "Algorithm Performance" (L385–L467) and the
elite runs (L444–L465, L583):

- the standard population: 15,000 players, bell-shaped, mean 1500, "standard deviation
  of about 300" (L391): true ratings drawn once from N(1500, 300);
- the elite population: 15,000 players who "start at about 2150 and go up to 2821", "the
  elite members of about a million regular players" with mean 2258 (L444–L446): the top
  15,000 of 1,000,000 draws from N(1500, 300) (spec §3.2; its mean is ≈ 2258);
- tracked players with fixed true ratings 600, 700, …, 2800 (L461), injected in place of
  random members so the size stays 15,000 (spec X30);
- seed ratings: the "initial state of chaos", every seed at the mean (1500, or 2258 for
  the elite, L399, L446); "stable" (seeds = true ratings); a systematic offset; or a
  "mild disturbance" (true + N(0, σ), σ unstated: 100 by default, spec X29) (L395–L399).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import FloatArray
from arpad.errors import ConfigError

PLAYERS = 15_000
"""Population size (L347, L391)."""
MEAN = 1500.0
SD = 300.0
ELITE_POOL = 1_000_000
"""The elite are the top of "about a million regular players" (L444)."""
ELITE_SEED = 2258.0
"""The elite population's mean; "I started everyone at that rating" (L446)."""
TRACKED = tuple(float(r) for r in range(600, 2900, 100))
"""True ratings of the players watched individually (L461)."""


class PopulationKind(StrEnum):
    STANDARD = "standard"
    ELITE = "elite"


class SeedMode(StrEnum):
    CHAOS = "chaos"
    """Every seed at the population's mean (L399)."""
    STABLE = "stable"
    """Seeds equal to the true ratings (L395)."""
    OFFSET = "offset"
    """Seeds = true + a constant (systematically too high or low, L397)."""
    DISTURBANCE = "disturbance"
    """Seeds = true + N(0, σ): a "mild disturbance" (L347, L429)."""


@dataclass(frozen=True, slots=True)
class PopulationSpec(Config):
    """How to draw a population. Defaults: the paper's standard population from chaos."""

    kind: PopulationKind = PopulationKind.STANDARD
    players: int = field(default=PLAYERS, metadata=bounds(2, None))
    seeds: SeedMode = SeedMode.CHAOS
    seed_value: float | None = None
    """The chaos seed; default 1500 (standard) or 2258 (elite)."""
    offset: float = 0.0
    disturbance: float = field(default=100.0, metadata=bounds(0, None))
    tracked: tuple[float, ...] = TRACKED

    @property
    def chaos_seed(self) -> float:
        if self.seed_value is not None:
            return self.seed_value
        return ELITE_SEED if self.kind == PopulationKind.ELITE else MEAN


@dataclass(frozen=True)
class Population:
    """True ratings, seed ratings, and where the tracked players sit."""

    true: FloatArray
    seeds: FloatArray
    tracked_index: np.ndarray
    tracked_true: FloatArray


def draw_population(spec: PopulationSpec, rng: np.random.Generator) -> Population:
    """Draw the true ratings and seeds of one run.

    >>> pop = draw_population(PopulationSpec(players=100), np.random.default_rng(1))
    >>> pop.true.size, float(pop.seeds[0]), float(pop.true[pop.tracked_index[0]])
    (100, 1500.0, 600.0)
    """
    n = spec.players
    if n % 2:
        raise ConfigError(f"every player plays every round: the size must be even, not {n}")
    if len(spec.tracked) > n:
        raise ConfigError(f"{len(spec.tracked)} tracked players do not fit in {n}")
    if spec.kind == PopulationKind.ELITE:
        pool = rng.normal(MEAN, SD, max(ELITE_POOL, n))
        true = np.sort(np.partition(pool, pool.size - n)[pool.size - n :])
        rng.shuffle(true)
    else:
        true = rng.normal(MEAN, SD, n)
    tracked_index = rng.choice(n, size=len(spec.tracked), replace=False)
    tracked_true = np.asarray(spec.tracked, dtype=float)
    true[tracked_index] = tracked_true
    if spec.seeds == SeedMode.CHAOS:
        seeds = np.full(n, spec.chaos_seed)
    elif spec.seeds == SeedMode.STABLE:
        seeds = true.copy()
    elif spec.seeds == SeedMode.OFFSET:
        seeds = true + spec.offset
    else:
        seeds = true + rng.normal(0.0, spec.disturbance, n)
    return Population(true, seeds, tracked_index, tracked_true)
