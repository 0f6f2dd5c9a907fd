"""Rating systems under test, as vectorised engines that rate a whole round at once.

In a simulated round every player plays exactly one game (a perfect matching), so the
games share no player and can be rated together: one numpy step per round. Each engine
reproduces a per-event system of arpad exactly (docs/simulate.md, "Agreement"):

- ``pra``: Berard's Basic System and Boosting System through the same functions as
  :mod:`arpad.systems.pra` (``basic_change``, ``boost``), plus the periodic ``adj``
  re-centring once per round (spec X5), anchored at the seeds' mean (spec X6);
- ``elo``: ``R' = R + K(S − 1/(1 + 10^(−D/400)))`` game by game with a fixed K
  (elo-rating-of-chessplayers-1986.txt §1.61 with the logistic curve of §8.4);
- ``uscf``: the US Chess standard formula (us-chess-rating-system-2020.txt §4.2) with each
  round a one-game event: ``K = 800/(N' + 1)``, ``N' = min(N, N*)`` (§3), no bonus
  (m < 3); Step 4 rates against the opponents' pre-event ratings, Step 5 again against
  their Step 4 ratings, each result raised to 100 if lower (§1). The special formula for
  N ≤ 8 and the personal and peak floors (§5) are not modelled: ``initial_games``
  (default 9) sets N before the first round.

Engines are the one mutable thing in the lab: each belongs to one run and is updated in
place, round by round. Their specifications are frozen values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import FloatArray, logistic_expectancy
from arpad.errors import ConfigError
from arpad.systems.pra.basic import basic_change
from arpad.systems.pra.boosting import FULL_BLOCK, IntArray, boost
from arpad.systems.pra.system import PRAConfig


class Engine(Protocol):
    """A system under test, holding the current ratings of the whole population."""

    ratings: FloatArray

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        """Rate one round; ``game_index`` is every player's 0-based game counter."""


@dataclass(frozen=True, slots=True)
class PRASpec(Config):
    """Berard's PRA under test (with or without the Boosting System)."""

    boosting: bool = True
    recentre: bool = True
    """Pay ``adj`` after every round so the mean stays at the anchor (L171, L224)."""
    anchor: float | None = None
    """Re-centring anchor; ``None`` = the mean of the seed ratings (spec X6)."""
    config: PRAConfig = field(default_factory=PRAConfig)

    @property
    def name(self) -> str:
        return "pra" if self.boosting else "pra-noboost"

    def start(self, seeds: FloatArray) -> PRAEngine:
        return PRAEngine(self, seeds)


class PRAEngine:
    """The PRA over a population whose players all share the same game counter."""

    def __init__(self, spec: PRASpec, seeds: FloatArray) -> None:
        self.spec = spec
        self.config = spec.config
        self.ratings = seeds.astype(float).copy()
        self.direction: IntArray = np.zeros(seeds.size, dtype=np.int64)
        self.anchor = float(np.mean(seeds)) if spec.anchor is None else spec.anchor
        self.points = self.config.measurement_at()
        block = max(m.block for m in self.points.values())
        self.window = np.empty((block, seeds.size))
        starts = sorted(self.points)
        self.block_start: dict[int, int] = {}
        first = 0
        for last in starts:
            for ctr in range(first, last + 1):
                self.block_start[ctr] = first
            first = last + 1

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        r = self.ratings
        change = basic_change(r[white], r[black], score, self.config.K)
        r[white] += change
        r[black] -= change
        start = self.block_start.get(game_index)
        if start is not None and self.spec.boosting:
            self.window[game_index - start] = r
            point = self.points.get(game_index)
            if point is not None:
                new_r, self.direction, _ = boost(
                    self.window[: point.block],
                    self.direction,
                    point.omega,
                    first_block=game_index < FULL_BLOCK,
                    coefficients=self.config.coefficients,
                )
                r[:] = new_r
        if self.spec.recentre:
            r += self.anchor - float(np.mean(r))


@dataclass(frozen=True, slots=True)
class EloSpec(Config):
    """Logistic Elo with a fixed K for everyone."""

    K: float = field(default=16.0, metadata=bounds(0, None, low_open=True))

    @property
    def name(self) -> str:
        return f"elo-k{self.K:g}"

    def start(self, seeds: FloatArray) -> EloEngine:
        return EloEngine(self, seeds)


class EloEngine:
    def __init__(self, spec: EloSpec, seeds: FloatArray) -> None:
        self.k = spec.K
        self.ratings = seeds.astype(float).copy()

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        r = self.ratings
        change = self.k * (score - logistic_expectancy(r[white] - r[black]))
        r[white] += change
        r[black] -= change


USCF_MINIMUM = 100.0
"""A Step 4 or Step 5 result below 100 becomes 100 (us-chess-rating-system-2020.txt §1)."""
USCF_NSTAR_CAP = 2355.0
"""Above R0 = 2355, N* = 50 (us-chess-rating-system-2020.txt §3 eq. (1))."""


def effective_games(rating: FloatArray, games: FloatArray) -> FloatArray:
    """N' = min(N, N*) with N* = 50/√(0.662 + 0.00000739(2569 − R0)²) up to 2355, else 50
    (us-chess-rating-system-2020.txt §3, L159–L163).

    >>> round(float(effective_games(np.array([1700.0]), np.array([30.0]))[0]), 1)  # L165
    20.0
    """
    nstar = np.where(
        rating <= USCF_NSTAR_CAP,
        50.0 / np.sqrt(0.662 + 0.00000739 * (2569.0 - rating) ** 2),
        50.0,
    )
    return np.minimum(games, nstar)


@dataclass(frozen=True, slots=True)
class USCFSpec(Config):
    """The US Chess 2020 standard formula, one-game events, no bonus, no floors."""

    initial_games: int = field(default=9, metadata=bounds(0, None))
    """N before the first round (9: the first N rated by the standard formula, §4)."""

    @property
    def name(self) -> str:
        return "uscf"

    def start(self, seeds: FloatArray) -> USCFEngine:
        return USCFEngine(self, seeds)


class USCFEngine:
    def __init__(self, spec: USCFSpec, seeds: FloatArray) -> None:
        self.ratings = seeds.astype(float).copy()
        self.games = np.full(seeds.size, float(spec.initial_games))

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        r, n = self.ratings, self.games
        rw, rb = r[white], r[black]
        kw = 800.0 / (effective_games(rw, n[white]) + 1.0)
        kb = 800.0 / (effective_games(rb, n[black]) + 1.0)
        # Step 4: intermediate ratings against the opponents' pre-event ratings.
        iw = np.maximum(rw + kw * (score - logistic_expectancy(rw - rb)), USCF_MINIMUM)
        ib = np.maximum(rb + kb * ((1.0 - score) - logistic_expectancy(rb - rw)), USCF_MINIMUM)
        # Step 5: again from the pre-event ratings, against the opponents' Step 4 ratings.
        r[white] = np.maximum(rw + kw * (score - logistic_expectancy(rw - ib)), USCF_MINIMUM)
        r[black] = np.maximum(
            rb + kb * ((1.0 - score) - logistic_expectancy(rb - iw)), USCF_MINIMUM
        )
        n += 1.0


SystemSpec = PRASpec | EloSpec | USCFSpec


def parse_system(text: str) -> SystemSpec:
    """A system under test from its command-line name.

    ``pra``, ``pra-noboost``, ``elo`` / ``elo:K=24``, ``uscf`` / ``uscf:N=9``.

    >>> parse_system("elo:K=24")
    EloSpec(K=24.0)
    """
    name, _, params = text.partition(":")
    options: dict[str, str] = {}
    for part in filter(None, params.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ConfigError(f"system option {part!r} must look like NAME=VALUE")
        options[key.strip()] = value.strip()
    try:
        if name == "pra" and not options:
            return PRASpec()
        if name == "pra-noboost" and not options:
            return PRASpec(boosting=False)
        if name == "elo" and set(options) <= {"K"}:
            k = float(options.get("K", 16.0))
            if not (k > 0 and math.isfinite(k)):
                raise ValueError
            return EloSpec(k)
        if name == "uscf" and set(options) <= {"N"}:
            n = int(options.get("N", 9))
            if n < 0:
                raise ValueError
            return USCFSpec(n)
    except ValueError:
        raise ConfigError(f"bad value in system {text!r}") from None
    raise ConfigError(
        f"unknown system under test {text!r}; use pra, pra-noboost, elo[:K=16] or uscf[:N=9]"
    )
