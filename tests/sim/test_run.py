"""Runs: reproducibility, metrics, many runs here or on Dask (spec §3.6)."""

from __future__ import annotations

import numpy as np
import pytest

from arpad.errors import ConfigError
from arpad.sim import (
    PopulationSpec,
    SimulationSpec,
    SystemSpec,
    mean_out_of_spec,
    parse_system,
    run_many,
    run_simulation,
    tracked_table,
)
from arpad.sim.run import run_seeds

SMALL = SimulationSpec(
    PopulationSpec(players=400),
    rounds=45,
    systems=(
        parse_system("pra"),
        parse_system("pra:boosting=false"),
        parse_system("elo:K=16,curve=logistic,mode=continuous"),
    ),
)


def counts(result, name="pra", tol=100.0):
    return result.system(name).out_of_spec[tol]


def test_same_seed_same_run_other_seed_other_run() -> None:
    a, b, c = (run_simulation(SMALL, seed=s) for s in (1, 1, 2))
    assert np.array_equal(counts(a), counts(b))
    assert a.system("pra").until_in_spec == b.system("pra").until_in_spec
    assert not np.array_equal(counts(a), counts(c))


def test_all_systems_start_from_the_same_seeds_and_see_the_same_games() -> None:
    r = run_simulation(SMALL, seed=4)
    assert len({int(s.out_of_spec[100.0][0]) for s in r.systems}) == 1
    # Recording after every game, at both tolerances.
    assert counts(r).shape == (46,) and np.all(counts(r, tol=200.0) <= counts(r))


def test_games_until_in_spec_is_the_first_game_in_spec() -> None:
    r = run_simulation(SMALL, seed=5)
    run = r.system("pra")
    assert run.trajectories is not None
    for j, true in enumerate(r.tracked_true):
        path = np.abs(run.trajectories[1:, j] - true) < 100.0
        first = int(np.argmax(path)) + 1 if path.any() else None
        assert run.until_in_spec[j] == first
    # The 1500 player is in spec after game 1, always (the table's column of 1s, L469).
    assert run.until_in_spec[r.tracked_true.index(1500.0)] == 1


def test_run_many_equals_the_runs_made_one_by_one() -> None:
    many = run_many(SMALL, 3, seed=9)
    for i, seq in enumerate(run_seeds(9, 3)):
        alone = run_simulation(SMALL, np.random.default_rng(seq), i)
        assert np.array_equal(counts(many[i]), counts(alone))


def test_tracked_table_and_mean() -> None:
    many = run_many(SMALL, 2, seed=3)
    table = tracked_table(many, "pra", [1400.0, 1500.0])
    assert len(table) == 2 and all(row[1] == 1 for row in table)
    mean = mean_out_of_spec(many, "pra", 100.0)
    assert mean[0] == pytest.approx((counts(many[0])[0] + counts(many[1])[0]) / 2)
    with pytest.raises(ConfigError):
        tracked_table(many, "pra", [1450.0])


def test_boosting_speeds_up_the_chaos_start() -> None:
    # The paper's central claim on a small population: after 40 games (two boosts) the
    # PRA has fewer players out of spec than the Basic System alone, in every run.
    for r in run_many(SMALL, 3, seed=21):
        assert counts(r, "pra")[40] < counts(r, "pra:boosting=false")[40]


def test_dask_gives_the_local_results() -> None:
    pytest.importorskip("dask.distributed")
    spec = SimulationSpec(PopulationSpec(players=200), rounds=25)
    local = run_many(spec, 2, seed=17)
    remote = run_many(spec, 2, seed=17, scheduler="local", workers=1)
    for a, b in zip(local, remote, strict=True):
        assert a.index == b.index and np.array_equal(counts(a), counts(b))
        assert a.system("pra").until_in_spec == b.system("pra").until_in_spec


def test_spec_validation() -> None:
    with pytest.raises(ConfigError):
        SimulationSpec(systems=())
    with pytest.raises(ConfigError):
        SimulationSpec(systems=(SystemSpec(), SystemSpec()))
    with pytest.raises(ConfigError):
        run_many(SMALL, 0)
