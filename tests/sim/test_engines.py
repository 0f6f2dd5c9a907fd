"""The vectorised engines agree with the per-event systems (ARCHITECTURE "Performance
design": both paths to 1e-9)."""

from __future__ import annotations

import numpy as np
import pytest

from arpad.config import with_options
from arpad.curves import logistic_expectancy
from arpad.errors import ConfigError
from arpad.model import Game, PlayerEntry, build_event
from arpad.sim.engines import EloSpec, PRASpec, USCFSpec, parse_system
from arpad.sim.oracle import white_scores
from arpad.systems import get_system
from arpad.systems.uscf2020.formulas import effective_games_caps


def rounds(n: int, count: int, seed: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    true = rng.normal(1500, 300, n)
    out = []
    for _ in range(count):
        order = rng.permutation(n)
        w, b = order[0::2], order[1::2]
        out.append((w, b, white_scores(true[w], true[b], rng.random(w.size))))
    return out


@pytest.mark.parametrize("boosting", [True, False])
def test_pra_engine_equals_the_pra_system_round_by_round(boosting: bool) -> None:
    # 24 players, 200 rounds: through all eight full-strength boosts and the first
    # reduced one (game 199), with chaos seeds, re-centring off (it is not per-event).
    n, played = 24, 200
    schedule = rounds(n, played, seed=11)
    engine = PRASpec(boosting=boosting, recentre=False).start(np.full(n, 1500.0))
    system = get_system("pra")
    config = system.default_config() if boosting else system.config_type(boosting=False)
    players = [PlayerEntry(str(i)) for i in range(n)]
    states = None
    for k, (w, b, s) in enumerate(schedule):
        engine.play_round(w, b, s, k)
        games = [Game(str(x), str(y), float(z)) for x, y, z in zip(w, b, s, strict=True)]
        result = system.rate_event(build_event(f"r{k}", players, games), states, config)
        states = result.states
    per_event = np.array([states[str(i)].rating for i in range(n)])
    assert np.max(np.abs(engine.ratings - per_event)) < 1e-9
    if boosting:
        plain = PRASpec(boosting=False, recentre=False).start(np.full(n, 1500.0))
        for k, (w, b, s) in enumerate(schedule):
            plain.play_round(w, b, s, k)
        assert np.max(np.abs(plain.ratings - engine.ratings)) > 1.0  # boosting did something


def test_pra_engine_recentres_to_the_anchor() -> None:
    engine = PRASpec().start(np.full(10, 1500.0))
    for k, (w, b, s) in enumerate(rounds(10, 40, seed=2)):
        engine.play_round(w, b, s, k)
    assert float(np.mean(engine.ratings)) == pytest.approx(1500.0, abs=1e-9)


def test_elo_engine_is_logistic_per_game() -> None:
    engine = EloSpec(K=24.0).start(np.array([1500.0, 1700.0, 1600.0, 1600.0]))
    engine.play_round(np.array([0, 2]), np.array([1, 3]), np.array([1.0, 0.5]), 0)
    gain = 24 * (1 - 1 / (1 + 10 ** (200 / 400)))
    assert engine.ratings.tolist() == pytest.approx([1500 + gain, 1700 - gain, 1600, 1600])
    assert logistic_expectancy(-200.0) == pytest.approx(1 / (1 + 10 ** (200 / 400)))


def test_elo_engine_agrees_with_the_elo_system() -> None:
    # Elo 1986 with a constant K, the continuous logistic curve (C = 200: the engine's
    # 1/(1 + 10^(−D/400))) and established players, event by event over 10 rounds.
    system = get_system("elo")
    config = with_options(
        system.default_config(),
        {"K": "16", "curve": "logistic", "mode": "continuous", "k_rule": "constant"},
    )
    n = 12
    seeds = np.linspace(1300.0, 2400.0, n)
    engine = EloSpec(K=16.0).start(seeds)
    players = [PlayerEntry(str(i), rating=float(r), games=100) for i, r in enumerate(seeds)]
    states = None
    for k, (w, b, s) in enumerate(rounds(n, 10, seed=8)):
        engine.play_round(w, b, s, k)
        games = [Game(str(x), str(y), float(z)) for x, y, z in zip(w, b, s, strict=True)]
        result = system.rate_event(build_event(f"r{k}", players, games), states, config)
        states = result.states
    assert states is not None
    per_event = [states[str(i)].rating for i in range(n)]
    assert engine.ratings.tolist() == pytest.approx(per_event, abs=1e-9)
    assert max(abs(engine.ratings - seeds)) > 20.0


def test_uscf_effective_games_example_L165() -> None:
    # us-chess-rating-system-2020.txt L165–L169: R0 = 1700, N = 30 → N' = 20.0.
    # The engine's N* is the system's (one definition).
    caps = effective_games_caps(np.array([1700.0, 2400.0]))
    assert float(np.minimum(30.0, caps[0])) == pytest.approx(20.0, abs=0.05)
    assert float(np.minimum(80.0, caps[1])) == 50.0


def test_uscf_engine_two_steps_for_one_game() -> None:
    # us-chess-rating-system-2020.txt §1 Steps 4–5 and §4.2 by hand, m = 1, N = 20 each.
    engine = USCFSpec(initial_games=20).start(np.array([1700.0, 1500.0]))
    engine.play_round(np.array([0]), np.array([1]), np.array([0.0]), 0)

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
    # Not one pass against the pre-event ratings:
    assert engine.ratings[0] != pytest.approx(step4_a, abs=1e-3)


def test_uscf_engine_agrees_with_the_uscf2020_system() -> None:
    # Events where both apply: one game per player and round (m = 1: no bonus), every
    # player established (N > 8), far from every floor. The per-event system carries its
    # own states from round to round (N grows, N' follows the rating).
    system = get_system("uscf")
    n = 10
    seeds = np.linspace(1300.0, 2200.0, n)
    engine = USCFSpec(initial_games=30).start(seeds)
    players = [
        PlayerEntry(str(i), rating=float(r), games=30, wins=10, draws=10, losses=10, peak=900.0)
        for i, r in enumerate(seeds)
    ]
    states = None
    for k, (w, b, s) in enumerate(rounds(n, 8, seed=5)):
        engine.play_round(w, b, s, k)
        games = [Game(str(x), str(y), float(z)) for x, y, z in zip(w, b, s, strict=True)]
        result = system.rate_event(build_event(f"r{k}", players, games), states)
        assert all(p.floor is None for p in result.players)
        states = result.states
    assert states is not None
    per_event = [states[str(i)].rating for i in range(n)]
    assert engine.ratings.tolist() == pytest.approx(per_event, abs=1e-9)
    assert max(abs(engine.ratings - seeds)) > 50.0  # the ratings did move


def test_parse_system() -> None:
    assert parse_system("pra") == PRASpec()
    assert parse_system("pra-noboost").name == "pra-noboost"
    assert parse_system("elo").name == "elo-k16" and parse_system("elo:K=32") == EloSpec(32.0)
    assert parse_system("uscf:N=12") == USCFSpec(12)
    for bad in ("glicko", "elo:K=-1", "elo:C=3", "uscf:N=x", "pra:K=9"):
        with pytest.raises(ConfigError):
            parse_system(bad)
