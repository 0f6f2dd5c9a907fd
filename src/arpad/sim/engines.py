"""Rating systems under test, as vectorised engines that rate a whole round at once.

In a simulated round every player plays exactly one game (a perfect matching), so the
games share no player and can be rated together: one numpy step per round. Each engine
reproduces a per-event system of arpad exactly (docs/simulate.md, "Agreement"):

- ``pra``: Berard's Basic System and Boosting System through the same functions as
  :mod:`arpad.systems.pra` (``basic_change``, ``boost``), plus the periodic ``adj``
  re-centring once per round (spec X5), anchored at the seeds' mean (spec X6);
- ``elo-kK``: the ``elo`` system configured with the continuous logistic curve and one
  constant K (:attr:`EloSpec.config`), ``R' = R + K(S − 1/(1 + 10^(−D/400)))`` game by
  game (elo-rating-of-chessplayers-1986.txt §1.61 with the logistic curve of §8.4);
- ``uscf``: the ``uscf`` system's own Steps 3–5 (us-chess-rating-system-2020.txt §1)
  with each round a one-game event per player, through
  :func:`arpad.systems.uscf2020.steps.rating_step`: N* and K are the system's (§3,
  §4.2), no bonus (m < 3), each result raised to the configured 100 (§1). The §5 floors
  beyond that minimum are not modelled; ``initial_games`` (default 9) sets N before the
  first round.

No formula is written here: every engine calls the functions of its system, and
``tests/sim/test_engines.py`` checks each against the system's per-event path.

Engines are the one mutable thing in the lab: each belongs to one run and is updated in
place, round by round. Their specifications are frozen values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.systems.elo.expectancy import Curve, Mode
from arpad.systems.elo.formulas import new_rating
from arpad.systems.elo.krules import KRule
from arpad.systems.elo.system import EloConfig
from arpad.systems.pra.basic import basic_change
from arpad.systems.pra.boosting import FULL_BLOCK, IntArray, boost
from arpad.systems.pra.system import PRAConfig
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.steps import Field, rating_step, step3


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
    """Elo's system (``elo``) with the continuous logistic curve and one constant K for
    everyone: :attr:`config` is that configuration of the real system, and the engine
    rates a round with the system's own expectancy and formula (2)."""

    K: float = field(default=16.0, metadata=bounds(0, None, low_open=True))

    @property
    def name(self) -> str:
        return f"elo-k{self.K:g}"

    @property
    def config(self) -> EloConfig:
        """The ``elo`` system's configuration this engine runs."""
        return EloConfig(
            K=self.K, k_rule=KRule.CONSTANT, curve=Curve.LOGISTIC, mode=Mode.CONTINUOUS
        )

    def start(self, seeds: FloatArray) -> EloEngine:
        return EloEngine(self, seeds)


class EloEngine:
    def __init__(self, spec: EloSpec, seeds: FloatArray) -> None:
        self.config = spec.config
        self.expectancy = self.config.expectancy()
        self.ratings = seeds.astype(float).copy()

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        r = self.ratings
        rw, rb = r[white], r[black]
        # (2) R_n = R_o + K(W − W_e), W_e by (3) for one game (elo-rating-of-chessplayers-
        # 1986.txt §1.61), exactly as the elo system rates an established player.
        k = self.config.K
        r[white] = new_rating(rw, k, score, self.expectancy.p_array(rw - rb))
        r[black] = new_rating(rb, k, 1.0 - score, self.expectancy.p_array(rb - rw))


@dataclass(frozen=True, slots=True)
class USCFSpec(Config):
    """The US Chess 2020 system (``uscf``), each round a one-game event per player: the
    system's own Steps 3–5 (:mod:`arpad.systems.uscf2020.steps`) over the round's arrays,
    so N*, K, the special formula and the 100 minimum are the system's. Not modelled: the
    §5 floors beyond the 100 minimum, and the all-wins/all-losses special cases (every
    player starts with ``initial_games`` assigned games)."""

    initial_games: int = field(default=9, metadata=bounds(0, None))
    """N before the first round (9: the first N rated by the standard formula, §4)."""
    config: USCFConfig = field(default_factory=USCFConfig)

    @property
    def name(self) -> str:
        return "uscf"

    def start(self, seeds: FloatArray) -> USCFEngine:
        return USCFEngine(self, seeds)


class USCFEngine:
    def __init__(self, spec: USCFSpec, seeds: FloatArray) -> None:
        self.config = spec.config
        self.ratings = seeds.astype(float).copy()
        self.games = np.full(seeds.size, float(spec.initial_games))

    def play_round(
        self, white: IntArray, black: IntArray, score: FloatArray, game_index: int
    ) -> None:
        n = self.ratings.size
        no = np.zeros(n, dtype=bool)
        field = Field(
            white=white.astype(np.intp),
            black=black.astype(np.intp),
            white_score=score,
            r0=self.ratings,
            games=self.games,
            unrated=no,
            special=self.games <= self.config.special_through,
            all_wins=no,
            all_losses=no,
            bonus_ok=no,  # m = 1 < 3 (§4.2)
            regular_rating=np.full(n, np.nan),
        )
        # Step 4 against the pre-event ratings, Step 5 against the Step 4 ratings (§1).
        step4 = rating_step(field, step3(field, self.config), self.config)
        step5 = rating_step(field, step4.rating, self.config)
        self.ratings = step5.rating
        self.games = self.games + field.m


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
