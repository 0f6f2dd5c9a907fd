"""Search spaces and candidates (the Dask path is in test_evaluate_cli.py)."""

from __future__ import annotations

import pytest

from arpad.errors import ConfigError
from arpad.evaluate.harness import Split
from arpad.evaluate.search import candidates, parse_space, validation_split


def test_grid_is_every_combination_in_order() -> None:
    grid = candidates(parse_space(["K=16,32", "advantage=0,30,60"]), None)
    assert len(grid) == 6
    assert grid[0] == {"K": "16", "advantage": "0"}
    assert grid[-1] == {"K": "32", "advantage": "60"}


def test_random_draws_are_reproducible_from_the_seed_and_stay_in_range() -> None:
    space = parse_space(["lam=0:0.3", "K=16,32"])
    a = candidates(space, 20, seed=4)
    assert a == candidates(space, 20, seed=4)
    assert a != candidates(space, 20, seed=5)
    assert all(0.0 <= float(c["lam"]) <= 0.3 and c["K"] in ("16", "32") for c in a)


@pytest.mark.parametrize("bad", ["K", "K=", "=3", "K=a:b"])
def test_bad_search_fields_are_refused(bad: str) -> None:
    with pytest.raises(ConfigError):
        parse_space([bad])


def test_a_range_needs_random_search() -> None:
    with pytest.raises(ConfigError, match="--random"):
        candidates(parse_space(["K=10:60"]), None)


def test_validation_is_the_end_of_training() -> None:
    assert validation_split(Split(95, 96, 100), 91) == Split(90, 91, 95)
    with pytest.raises(ConfigError, match="validation"):
        validation_split(Split(95, 96, 100), 96)
