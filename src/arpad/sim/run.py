"""One simulation run, many runs, and the per-run measurements.

Source: berard-pra-and-tournament-app.txt L339–L593. Each round is a random perfect
matching of the population (7,500 games for 15,000 players, L347, L369); the oracle
decides every game from the true ratings (:mod:`.oracle`); every system under test rates
the *same* games, as arrays through its round engine or as one one-game event per game
through its batch hook (:mod:`.engines`).
After each round we count the players out of spec — ``|true − calculated| ≥ 100`` ("at
least 100 points away", L569; in spec is "< 100", L377) — at each tolerance asked for
(the paper also reports 200, L571), and for each tracked player the first game after
which they are in spec (the paper's tables, L459–L565: "1" means in spec after the first
game; spec §3.6).

Randomness: every run draws from its own :class:`numpy.random.Generator`, spawned from
one seed with :class:`numpy.random.SeedSequence`, so run ``i`` gives the same numbers
whether the runs are made here, in another order, or on a Dask cluster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from arpad.config import Config, bounds
from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.model import PlayerEntry
from arpad.sim.engines import Round, SystemSpec
from arpad.sim.oracle import white_scores
from arpad.sim.populations import PopulationSpec, draw_population

IN_SPEC = 100.0
"""In spec: within 100 points of the true rating (L377)."""

SeedLike = int | np.random.SeedSequence | np.random.Generator | None
"""``seed``: an int for reproducible output across calls, a SeedSequence or Generator, or
``None`` for fresh entropy (the lab has no module-level random state)."""


@dataclass(frozen=True, slots=True)
class SimulationSpec(Config):
    """What to simulate. Defaults: the paper's standard population, 340 rounds, the PRA."""

    population: PopulationSpec = field(default_factory=PopulationSpec)
    rounds: int = field(default=340, metadata=bounds(1, None))
    systems: tuple[SystemSpec, ...] = (SystemSpec(),)
    tolerances: tuple[float, ...] = (IN_SPEC, 200.0)
    """Out-of-spec counts are recorded at each of these (out = distance ≥ tolerance)."""
    in_spec: float = IN_SPEC
    """The tolerance of the tracked players' "games until in spec"."""
    trajectories: bool = True
    """Keep every tracked player's rating after every game."""

    def check(self) -> None:
        names = [s.name for s in self.systems]
        if not names:
            raise ConfigError("simulate at least one system")
        if len(set(names)) != len(names):
            raise ConfigError(f"each system under test must appear once, got {names}")
        if self.rounds < 1:
            raise ConfigError(f"rounds must be ≥ 1, not {self.rounds}")


@dataclass(frozen=True)
class SystemRun:
    """What one system did in one run."""

    name: str
    out_of_spec: dict[float, np.ndarray]
    """Tolerance → counts at game 0 (the seeds) and after each round (length rounds + 1)."""
    until_in_spec: tuple[int | None, ...]
    """Per tracked player: the first game after which they were in spec (None: never)."""
    trajectories: FloatArray | None
    """Shape (rounds + 1, tracked): ratings at game 0 and after each round."""
    final_mean: float


@dataclass(frozen=True)
class RunResult:
    """One run: the population drawn and every system's measurements."""

    index: int
    tracked_true: tuple[float, ...]
    population_mean: float
    systems: tuple[SystemRun, ...]

    def system(self, name: str) -> SystemRun:
        for s in self.systems:
            if s.name == name:
                return s
        raise KeyError(name)


def _generator(seed: SeedLike) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


def run_seeds(seed: int | None, runs: int) -> list[np.random.SeedSequence]:
    """Independent seed sequences for ``runs`` runs (run i is the same however run).

    >>> [s.spawn_key for s in run_seeds(7, 2)]
    [(0,), (1,)]
    """
    return np.random.SeedSequence(seed).spawn(runs)


def played_rounds(true: FloatArray, rounds: int, rng: np.random.Generator) -> Iterator[Round]:
    """The games of ``rounds`` rounds, each a random perfect matching decided by the oracle
    from the true ratings (:class:`.engines.Round`; player ``i`` is ``str(i)``)."""
    n = true.size
    players = [PlayerEntry(str(i)) for i in range(n)]  # the engines' states carry the ratings
    for game in range(rounds):
        order = rng.permutation(n)
        white, black = order[0::2], order[1::2]
        score = white_scores(true[white], true[black], rng.random(white.size))
        yield Round(game, white, black, score, players)


def run_simulation(spec: SimulationSpec, seed: SeedLike = None, index: int = 0) -> RunResult:
    """Simulate one run.

    >>> small = SimulationSpec(PopulationSpec(players=200), rounds=25)
    >>> a = run_simulation(small, seed=3)
    >>> b = run_simulation(small, seed=3)
    >>> bool((a.systems[0].out_of_spec[100.0] == b.systems[0].out_of_spec[100.0]).all())
    True
    """
    rng = _generator(seed)
    pop = draw_population(spec.population, rng)
    engines = [s.start(pop.seeds) for s in spec.systems]
    tols = tuple(spec.tolerances)
    counts = {
        s.name: {t: np.empty(spec.rounds + 1, dtype=np.int64) for t in tols} for s in spec.systems
    }
    tracked = pop.tracked_index
    first_in: list[list[int | None]] = [[None] * tracked.size for _ in engines]
    paths = [np.empty((spec.rounds + 1, tracked.size)) for _ in engines]

    def measure(k: int, game: int) -> None:
        ratings = engines[k].ratings
        distance = np.abs(ratings - pop.true)
        name = spec.systems[k].name
        for t in tols:
            counts[name][t][game] = int(np.count_nonzero(distance >= t))
        paths[k][game] = ratings[tracked]
        if game >= 1:
            hits = distance[tracked] < spec.in_spec
            for j in np.flatnonzero(hits):
                if first_in[k][j] is None:
                    first_in[k][j] = game

    for k in range(len(engines)):
        measure(k, 0)
    for game, played in enumerate(played_rounds(pop.true, spec.rounds, rng)):
        for k, engine in enumerate(engines):
            engine.play_round(played)
            measure(k, game + 1)
    systems = tuple(
        SystemRun(
            name=s.name,
            out_of_spec=counts[s.name],
            until_in_spec=tuple(first_in[k]),
            trajectories=paths[k] if spec.trajectories else None,
            final_mean=float(np.mean(engines[k].ratings)),
        )
        for k, s in enumerate(spec.systems)
    )
    return RunResult(
        index=index,
        tracked_true=tuple(float(x) for x in pop.tracked_true),
        population_mean=float(np.mean(pop.true)),
        systems=systems,
    )


def _run_indexed(spec: SimulationSpec, seed: np.random.SeedSequence, index: int) -> RunResult:
    return run_simulation(spec, np.random.default_rng(seed), index)


Progress = Callable[[int], None]


def run_many(
    spec: SimulationSpec,
    runs: int,
    seed: int | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
) -> tuple[RunResult, ...]:
    """``runs`` independent runs, here or on Dask (identical results either way).

    Args:
        scheduler: ``None`` to run in this process; ``"local"`` for a Dask
            ``LocalCluster``; or a scheduler address (``tcp://host:8786``).
        workers: processes of the local cluster (default: the CPU count).
        progress: called with the number of runs finished so far.
    """
    if runs < 1:
        raise ConfigError(f"runs must be ≥ 1, not {runs}")
    seeds = run_seeds(seed, runs)
    if scheduler is None:
        results = []
        for i, s in enumerate(seeds):
            results.append(_run_indexed(spec, s, i))
            if progress is not None:
                progress(i + 1)
        return tuple(results)
    from arpad.sim.distributed import run_on_dask

    return run_on_dask(_run_indexed, spec, seeds, scheduler, workers, progress)


def tracked_table(
    results: Sequence[RunResult], system: str, columns: Sequence[float]
) -> list[list[int | None]]:
    """Games until in spec, one row per run, one column per tracked true rating."""
    rows = []
    for res in results:
        run = res.system(system)
        where = {t: j for j, t in enumerate(res.tracked_true)}
        missing = [c for c in columns if c not in where]
        if missing:
            raise ConfigError(f"true ratings {missing} were not tracked")
        rows.append([run.until_in_spec[where[c]] for c in columns])
    return rows


def mean_out_of_spec(results: Sequence[RunResult], system: str, tolerance: float) -> FloatArray:
    """The mean out-of-spec count after each game, over the runs."""
    stack = np.stack([r.system(system).out_of_spec[tolerance] for r in results])
    mean: FloatArray = stack.mean(axis=0)
    return mean
