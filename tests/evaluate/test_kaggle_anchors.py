"""The anchors of issue 12 on the real Kaggle 2010 games (skipped without ../shared/data).

The split of the issue and of SOURCE.md ("train on months 1–95, predict 96–100 … all
training rows of months 96–100"): training_data.csv, months 1–95 train, 96–100 test
(11,182 games). Measured from outside (the issue text): a constant prediction scores
0.2997 and plain Elo with K = 32 and a white advantage 0.2899, in binomial deviance
(base 10, clipped to [0.01, 0.99]). The constant is the training mean score (the fitted
first-move advantage of a ½ prediction); Elo's ratings are frozen at the end of month 95
(``fixed``), and the white advantage is the one fitted on the training predictions.
"""

from __future__ import annotations

import functools

import pytest

from arpad.evaluate import harness
from arpad.evaluate.harness import Mode, Policy, Split
from arpad.evaluate.presets import get_preset
from arpad.evaluate.search import validation_split
from arpad.io import read_events
from arpad.systems import get_system
from arpad.systems.logistic import LogisticConfig
from tests.conftest import shared_data

SPLIT = Split(train_until=95, test_from=96, test_until=100)


@functools.cache
def kaggle_periods() -> list[harness.Period]:
    return harness.periods_of(read_events(shared_data("kaggle2010-elo-vs-rest/training_data.csv")))


def periods() -> list[harness.Period]:
    shared_data("kaggle2010-elo-vs-rest/training_data.csv")  # skips when absent
    return kaggle_periods()


def test_kaggle_constant_anchor_0_2997() -> None:
    system = get_system("constant")
    r = harness.run(periods(), system, system.default_config(), SPLIT)
    assert r.games == 11_182
    assert r.deviance == pytest.approx(0.2997, abs=0.0005)


def test_kaggle_elo_k32_white_advantage_anchor_0_2899() -> None:
    r = harness.run(
        periods(), get_system("logistic"), LogisticConfig(K=32.0), SPLIT, Policy(mode=Mode.FIXED)
    )
    assert r.deviance == pytest.approx(0.2899, abs=0.0005)
    assert 20.0 < r.first_move_advantage < 50.0
    assert r.deviance_without_first_move > r.deviance


def test_kaggle_glicko2_is_in_the_table_and_beats_the_constant() -> None:
    system = get_system("glicko2")
    r = harness.run(periods(), system, system.default_config(), SPLIT)
    assert r.deviance < 0.2997


@pytest.mark.parametrize("name", ["stephenson-kaggle", "stephenson-kaggle-nobonus"])
def test_kaggle_presets_validation_deviance_is_what_they_record(name: str) -> None:
    """Each preset records the validation deviance (months 91–95, training 1–90) on which
    it was chosen; the configuration reproduces it."""
    preset = get_preset(name)
    r = harness.run(
        periods(),
        get_system(preset.system),
        preset.config(),
        validation_split(SPLIT, 91),
        preset.policy(),
    )
    recorded = float(preset.extra["validation deviance (months 91-95)"])
    assert r.deviance == pytest.approx(recorded, abs=0.000005)


def test_kaggle_best_preset_reaches_the_target_0_2870() -> None:
    """Issue 12's target for a better rule, on the test months (chosen on validation)."""
    preset = get_preset("stephenson-kaggle")
    r = harness.run(periods(), get_system(preset.system), preset.config(), SPLIT, preset.policy())
    assert r.deviance <= 0.2870
