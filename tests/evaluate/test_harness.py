"""The evaluation harness on a small synthetic stream (tests/evaluate/synthetic.py)."""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pytest

from arpad.errors import ConfigError
from arpad.evaluate import harness
from arpad.evaluate.harness import Mode, Policy, Split, Unrated
from arpad.io import kaggle2010
from arpad.model import Event
from arpad.systems import get_system
from arpad.systems.logistic import LogisticConfig
from tests.evaluate.synthetic import kaggle_text

SPLIT = Split(train_until=9, test_from=10, test_until=12)


def periods(text: str | None = None) -> list[harness.Period]:
    return harness.periods_of(kaggle2010.read(io.StringIO(text or kaggle_text()), "s.csv"))


def flip_test_scores(text: str, first_test: int) -> str:
    lines = text.splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        m, w, b, s = line.split(",")
        if int(m) >= first_test:
            s = f"{1.0 - float(s):g}"
        out.append(",".join([m, w, b, s]))
    return "\n".join(out) + "\n"


def test_kaggle_month_numbers_are_the_period_numbers() -> None:
    assert [p.number for p in periods()] == list(range(1, 13))


@pytest.mark.parametrize("mode", list(Mode))
def test_nothing_is_fitted_on_the_test_periods(mode: Mode) -> None:
    """Flipping every test result leaves the fitted first-move advantage and (in fixed
    mode) every prediction unchanged."""
    system = get_system("logistic")
    text = kaggle_text()
    a = harness.run(periods(text), system, LogisticConfig(), SPLIT, Policy(mode=mode))
    b = harness.run(
        periods(flip_test_scores(text, 10)), system, LogisticConfig(), SPLIT, Policy(mode=mode)
    )
    assert a.first_move_advantage == b.first_move_advantage
    assert a.games == b.games
    if mode is Mode.FIXED:
        # Same predictions, opposite results: the calibration's predicted means agree.
        assert [x.predicted for x in a.calibration] == [x.predicted for x in b.calibration]


def test_rolling_uses_the_test_results_of_earlier_test_periods() -> None:
    system = get_system("logistic")
    fixed = harness.run(periods(), system, LogisticConfig(), SPLIT, Policy(mode=Mode.FIXED))
    rolling = harness.run(periods(), system, LogisticConfig(), SPLIT, Policy(mode=Mode.ROLLING))
    assert fixed.games == rolling.games
    assert fixed.deviance != rolling.deviance


def test_first_move_advantage_is_found_in_the_games() -> None:
    """The stream has a 35-point advantage; the constant baseline recovers it roughly."""
    r = harness.run(
        periods(), get_system("constant"), None or get_system("constant").default_config(), SPLIT
    )
    assert 10.0 < r.first_move_advantage < 80.0
    assert r.deviance < r.deviance_without_first_move


def test_unrated_policies() -> None:
    system = get_system("logistic")
    ps = periods()
    own = harness.run(ps, system, LogisticConfig(), Split(8, 9, 12))
    skip = harness.run(ps, system, LogisticConfig(), Split(8, 9, 12), Policy(unrated=Unrated.SKIP))
    const = harness.run(
        ps, system, LogisticConfig(), Split(8, 9, 12), Policy(unrated=Unrated.CONSTANT)
    )
    assert own.newcomer_games > 0
    assert skip.skipped_games == own.newcomer_games
    assert skip.games == own.games - own.newcomer_games
    assert const.games == own.games
    assert const.deviance != own.deviance


def test_a_seeded_newcomer_rating_is_an_entry_rating() -> None:
    """Seeding every newcomer at 1300 is what an event file giving them 1300 does: for
    logistic Elo, the same as its own rule with ``initial=1300``; a uniform shift of every
    rating, so Glicko scores the same as with its own 1500."""
    system = get_system("logistic")
    ps = periods()
    own = harness.run(ps, system, LogisticConfig(initial=1300.0), SPLIT)
    seeded = harness.run(ps, system, LogisticConfig(), SPLIT, Policy(newcomer_rating=1300.0))
    assert own.deviance == pytest.approx(seeded.deviance, abs=1e-12)
    glicko = get_system("glicko")
    g_own = harness.run(ps, glicko, glicko.default_config(), SPLIT)
    g_seeded = harness.run(
        ps, glicko, glicko.default_config(), SPLIT, Policy(newcomer_rating=1300.0)
    )
    assert g_own.deviance == pytest.approx(g_seeded.deviance, abs=1e-9)


def test_warns_when_no_period_rates_anybody() -> None:
    r = harness.run(
        periods(), get_system("constant"), get_system("constant").default_config(), SPLIT
    )
    assert any("rated anybody" in w for w in r.warnings)


def test_a_system_without_expected_score_is_refused() -> None:
    assert harness.can_predict(get_system("logistic"))
    mute = dataclasses.replace(get_system("logistic"), expected_score_fn=None)
    assert not harness.can_predict(mute)
    with pytest.raises(ConfigError, match="cannot predict"):
        harness.run(periods(), mute, LogisticConfig(), SPLIT)


def test_split_must_be_chronological() -> None:
    with pytest.raises(ConfigError, match="must come after"):
        Split(10, 10, 12)


def test_default_split_is_the_last_tenth() -> None:
    ps = periods()
    assert harness.default_split(ps, None, None) == Split(11, 12, 12)
    assert harness.default_split(ps, 6, None) == Split(6, 7, 12)


def test_one_month_of_games_cannot_be_split() -> None:
    with pytest.raises(ConfigError, match="at least two periods"):
        harness.default_split(periods()[:1], None, None)


def test_undated_events_are_refused() -> None:
    with pytest.raises(ConfigError, match="no date"):
        harness.periods_of([Event("x", (), ())])


def test_predictions_are_probabilities() -> None:
    for name in ("glicko", "glicko2", "stephenson", "logistic", "constant"):
        system = get_system(name)
        r = harness.run(periods(), system, system.default_config(), SPLIT)
        assert 0.0 < r.deviance < 2.0
        assert all(0.0 <= b.predicted <= 1.0 for b in r.calibration)
        assert np.isfinite(r.rmse)
