"""The systems under test are the registered systems: the lab's results equal rating the
same games event by event through the registry (ARCHITECTURE "Performance design": both
paths to 1e-9), and the systems' own rules (US Chess floors) apply in the lab."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from arpad.curves import logistic_expectancy
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry
from arpad.sim import PopulationSpec, SimulationSpec, SystemSpec, parse_system, run_simulation
from arpad.sim.engines import Round
from arpad.sim.populations import draw_population
from arpad.sim.run import played_rounds
from arpad.systems import get_system
from arpad.systems.pra import PRAConfig, PRAState
from arpad.systems.uscf2020.formulas import effective_games_caps

ELO = "elo:K=16,curve=logistic,mode=continuous"


def rate_one_by_one(spec: SystemSpec, seeds: np.ndarray, rounds: list[Round]) -> Any:
    """The per-event path: every event by ``RatingSystem.rate_event``, one after the other,
    then the system's pool rule after each round; returns every player's listed rating
    after each round."""
    system = get_system(spec.system)
    config = system.config_or_default(spec.config)
    entries = [PlayerEntry(str(i), rating=float(r), games=spec.games) for i, r in enumerate(seeds)]
    seeded = Event("seeds", tuple(entries), ())
    states = {p.id: system.prior_state(p, seeded, config) for p in entries}
    anchor = float(np.mean(seeds)) if spec.anchor is None else spec.anchor
    after = []
    for played in rounds:
        for event in played.events:
            result = system.rate_event(event, {p: states[p] for p in event.player_ids}, config)
            states.update(result.states)
        if spec.adj and system.pool_adjustment_fn is not None:
            states = dict(system.pool_adjustment_fn(states, config, anchor))
        after.append([system.list_entry(states[p.id], config).rating for p in entries])
    return np.array(after, dtype=float)


def random_rounds(n: int, count: int, seed: int) -> list[Round]:
    rng = np.random.default_rng(seed)
    return list(played_rounds(rng.normal(1500, 300, n), count, rng))


@pytest.mark.parametrize(
    ("text", "seeds", "played"),
    [
        # 24 players, 200 rounds: through all eight full-strength boosts and the first
        # reduced one (game 199), from chaos, with adj after every round.
        ("pra", "chaos", 200),
        ("pra:boosting=false", "chaos", 60),
        ("pra:adj=false", "chaos", 45),
        (ELO, "spread", 12),
        ("elo", "spread", 12),  # the book's defaults: Table 2.11, K = 10
        ("uscf:games=9", "spread", 12),
        ("uscf", "spread", 10),  # N = 0: the special formula for the first 8 games
        ("glicko", "spread", 8),  # any registered system, batch hook or not
    ],
)
@pytest.mark.parametrize("fast", [True, False], ids=["round-engine", "batch-hook"])
def test_lab_equals_rating_event_by_event(text: str, seeds: str, played: int, fast: bool) -> None:
    n = 24
    start = np.full(n, 1500.0) if seeds == "chaos" else np.linspace(1200.0, 2300.0, n)
    spec = parse_system(text)
    rounds = random_rounds(n, played, seed=11)
    engine = spec.start(start, fast=fast)
    lab = []
    for round_ in rounds:
        engine.play_round(round_)
        lab.append(engine.ratings.copy())
    per_event = rate_one_by_one(spec, start, rounds)
    assert np.max(np.abs(np.array(lab) - per_event)) < 1e-9
    assert np.max(np.abs(per_event[-1] - start)) > 20.0  # the ratings did move


@pytest.mark.parametrize(
    ("text", "games", "played"),
    [
        # 200 players through every boost of the paper's schedule (the last at game 319).
        ("pra", 0, 330),
        ("pra:adj=false", 0, 60),
        ("pra:boosting=false", 0, 30),
        ("pra", 5, 30),  # joined mid-block: the first measurement is skipped (L302)
        ("pra", 150, 60),  # from inside the full-strength phase into the reduced one
        # The lab's Elo arms: seeds with no games count are established (unknown history),
        # then provisional below 30 games (§2.59, §3.72), established again after.
        (ELO, 0, 40),
        (ELO, 30, 10),
        ("elo", 0, 35),  # the book's defaults: Table 2.11, K = 10, F for provisional R_p
        ("elo:k_rule=uscf,expected=average,provisional_first=false", 25, 10),
        # US Chess from N = 0 (the special formula through game 8, all-wins/all-losses
        # runs), across 25 games (established: peak floors), with and without floors.
        ("uscf", 0, 40),
        ("uscf", 9, 30),
        ("uscf:apply_floors=false", 20, 15),
        ("uscf:bonus_min_games=1", 30, 10),  # a bonus even for one game
    ],
)
def test_round_engine_equals_the_batch_hook(text: str, games: int, played: int) -> None:
    # The round engine against RatingSystem.rate_batch of the same one-game events.
    n = 200
    spec = dataclasses.replace(parse_system(text), games=games)
    start = np.random.default_rng(3).normal(1500.0, 250.0, n)
    fast, batch = spec.start(start), spec.start(start, fast=False)
    assert fast.rounds is not None and batch.rounds is None
    worst = 0.0
    for round_ in random_rounds(n, played, seed=17):
        fast.play_round(round_)
        batch.play_round(round_)
        worst = max(worst, float(np.max(np.abs(fast.ratings - batch.ratings))))
    assert worst < 1e-9
    assert np.max(np.abs(batch.ratings - start)) > 20.0


def test_a_whole_run_equals_the_per_event_path() -> None:
    # run_simulation's trajectories (every tracked player after every game) and final
    # means, against the same games rated event by event.
    spec = SimulationSpec(
        PopulationSpec(players=200),
        rounds=25,
        systems=(parse_system("pra"), parse_system(ELO), parse_system("uscf:games=9")),
    )
    result = run_simulation(spec, seed=5)
    rng = np.random.default_rng(5)
    pop = draw_population(spec.population, rng)
    rounds = list(played_rounds(pop.true, spec.rounds, rng))
    for system in spec.systems:
        per_event = rate_one_by_one(system, pop.seeds, rounds)
        run = result.system(system.name)
        assert run.trajectories is not None
        path = per_event[:, pop.tracked_index]
        assert np.max(np.abs(run.trajectories[1:] - path)) < 1e-9
        assert run.final_mean == pytest.approx(float(np.mean(per_event[-1])), abs=1e-9)


def test_pra_pays_adj_to_the_seeds_mean() -> None:
    # berard-pra-and-tournament-app.txt L171, L224; spec X6: the anchor is the seeds' mean.
    seeds = np.linspace(1400.0, 1700.0, 10)
    rounds = random_rounds(10, 40, seed=2)
    anchored, free = parse_system("pra").start(seeds), parse_system("pra:adj=false").start(seeds)
    for round_ in rounds:
        anchored.play_round(round_)
        free.play_round(round_)
    assert float(np.mean(anchored.ratings)) == pytest.approx(1550.0, abs=1e-9)
    assert abs(float(np.mean(free.ratings)) - 1550.0) > 1e-3  # boosting moved the mean
    fixed = SystemSpec("pra", anchor=1500.0).start(seeds)
    fixed.play_round(rounds[0])
    assert float(np.mean(fixed.ratings)) == pytest.approx(1500.0, abs=1e-9)


def test_elo_arm_is_logistic_per_game() -> None:
    # elo-rating-of-chessplayers-1986.txt (2) with the logistic curve of §8.4, by hand.
    engine = parse_system("elo:K=24,curve=logistic,mode=continuous").start(
        np.array([1500.0, 1700.0, 1600.0, 1600.0])
    )
    engine.play_round(one_round(0, [0, 2], [1, 3], [1.0, 0.5], 4))
    gain = 24 * (1 - 1 / (1 + 10 ** (200 / 400)))
    assert engine.ratings.tolist() == pytest.approx([1500 + gain, 1700 - gain, 1600, 1600])
    assert logistic_expectancy(-200.0) == pytest.approx(1 / (1 + 10 ** (200 / 400)))


def one_round(index: int, white: list[int], black: list[int], score: list[float], n: int) -> Round:
    players = [PlayerEntry(str(i)) for i in range(n)]
    return Round(index, np.array(white), np.array(black), np.array(score), players)


def test_uscf_effective_games_example_L165() -> None:
    # us-chess-rating-system-2020.txt L165–L169: R0 = 1700, N = 30 → N' = 20.0.
    caps = effective_games_caps(np.array([1700.0, 2400.0]))
    assert float(np.minimum(30.0, caps[0])) == pytest.approx(20.0, abs=0.05)
    assert float(np.minimum(80.0, caps[1])) == 50.0


def test_uscf_two_steps_for_one_game() -> None:
    # us-chess-rating-system-2020.txt §1 Steps 4–5 and §4.2 by hand, m = 1, N = 20 each.
    engine = parse_system("uscf:games=20").start(np.array([1700.0, 1500.0]))
    engine.play_round(one_round(0, [0], [1], [0.0], 2))

    def we(a: float, b: float) -> float:
        return 1 / (1 + 10 ** (-(a - b) / 400))

    def k(r: float) -> float:
        nstar = 50 / (0.662 + 0.00000739 * (2569 - r) ** 2) ** 0.5
        return 800 / (min(20.0, nstar) + 1)

    step4_a = 1700 + k(1700) * (0 - we(1700, 1500))
    step4_b = 1500 + k(1500) * (1 - we(1500, 1700))
    final_a = 1700 + k(1700) * (0 - we(1700, step4_b))
    final_b = 1500 + k(1500) * (1 - we(1500, step4_a))
    assert engine.ratings.tolist() == pytest.approx([final_a, final_b], abs=1e-9)
    assert engine.ratings[0] != pytest.approx(step4_a, abs=1e-3)  # not one pass


@pytest.mark.parametrize("fast", [True, False], ids=["round-engine", "batch-hook"])
def test_uscf_floors_apply_in_the_lab(fast: bool) -> None:
    # us-chess-rating-system-2020.txt §5: an established 1500 player (peak 1500) has the
    # floor 1300. Losing every game to an equal player takes the formula below it; the
    # system holds him at 1300 (the lab's old engine left the floors out).
    events = [one_round(r, [0], [1], [0.0], 2) for r in range(30)]
    seeds = np.array([1500.0, 1500.0])
    floored = parse_system("uscf:games=30").start(seeds, fast)
    formula = parse_system("uscf:games=30,apply_floors=false").start(seeds, fast)
    assert (floored.rounds is not None) == fast
    for round_ in events:
        floored.play_round(round_)
        formula.play_round(round_)
    assert formula.ratings[0] < 1250.0
    assert floored.ratings[0] == 1300.0


def test_names_and_parsing() -> None:
    assert parse_system("pra") == SystemSpec("pra", get_system("pra").default_config(), label="pra")
    assert parse_system("pra:boosting=false").config.boosting is False
    assert parse_system("uscf:games=12").games == 12
    assert parse_system(ELO).name == ELO
    unlabelled = SystemSpec("elo", parse_system(ELO).config, games=30)
    assert unlabelled.name == "elo:K=16.0,curve=logistic,mode=continuous,games=30"
    assert SystemSpec("pra", adj=False).name == "pra:adj=false"
    assert SystemSpec("elo", adj=False).name == "elo"  # no pool rule to switch off
    bad = ("nosuch", "elo:K=-1", "elo:Q=3", "uscf:games=x", "uscf:games=-1", "pra:adj=maybe")
    for text in bad:
        with pytest.raises(ConfigError):
            parse_system(text)
    with pytest.raises(ConfigError):
        SystemSpec("elo", get_system("pra").default_config())  # another system's config


@pytest.mark.parametrize("config", [PRAConfig(), PRAConfig(boosting=False)], ids=["boost", "basic"])
def test_pra_round_engine_takes_any_population_bit_for_bit(config: PRAConfig) -> None:
    # Players at different counters, with windows part full, a calibrated player and one
    # past game 319: the round engine (the season loop over one-game events) equals
    # RatingSystem.rate_batch of the same events to the last bit, adj included.
    rng = np.random.default_rng(8)
    n = 40
    states = [
        PRAState(
            float(rng.normal(1500.0, 250.0)),
            games=(g := int(rng.integers(0, 340))),
            direction=int(rng.integers(-1, 2)),
            block=tuple(1500.0 + rng.random(g % 20)) if g <= 319 else (),
            boosting=i % 7 != 0,
        )
        for i in range(n)
    ]
    system = get_system("pra")
    engine = system.round_engine
    assert engine is not None
    rounds = engine(states, config)
    assert rounds is not None
    current = {str(i): s for i, s in enumerate(states)}
    for round_ in random_rounds(n, 45, seed=2):
        rounds.play_round(round_.white, round_.black, round_.score)
        rounds.adjust_pool(1500.0)
        batch = system.rate_batch(round_.events, current, config)
        assert system.pool_adjustment_fn is not None
        current = dict(system.pool_adjustment_fn(batch.states, config, 1500.0))
        assert rounds.ratings.tolist() == [current[str(i)].rating for i in range(n)]
