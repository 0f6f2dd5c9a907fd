"""The §8.74 experiment on real games (arpad.analysis.real_data). The tests assert the
procedure, not which curve wins: that is what the data say, and it changes with the
choice of training period (docs/testing-a-rating-system.md)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from arpad.analysis.games import GameFile, GameRecord, read_games
from arpad.analysis.real_data import PeriodRange, curve_test, default_split, fitted_games
from arpad.analysis.system_tests import CURVES
from arpad.curves import logistic_expectancy
from arpad.errors import ConfigError
from tests.conftest import shared_data


def _simulated(seed: int = 3, players: int = 40, periods: int = 12) -> GameFile:
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 250.0, players)
    games = []
    for period in range(1, periods + 1):
        for _ in range(150):
            a, b = rng.choice(players, 2, replace=False)
            p = float(logistic_expectancy(strength[a] - strength[b]))
            u = rng.uniform()
            score = 1.0 if u < p - 0.15 else (0.5 if u < p + 0.15 else 0.0)
            games.append(GameRecord(f"p{a}", f"p{b}", score, period=period))
    return GameFile("simulated", "pairs", tuple(games))


def test_fit_then_test_on_simulated_games() -> None:
    file = _simulated()
    report = curve_test(file)
    assert report.method == "fitted per curve"
    assert report.train_games == 150 * 7 and report.rated_players == 40
    assert report.games_tested == 150 * 5
    for t in report.comparison.tests:
        assert sum(c.games for c in t.classes) == report.games_tested
        assert t.chi_square is not None and t.chi_square.dof >= 1
    assert report.comparison.best.curve in CURVES
    assert "periods 1-7" in report.notes[0]


def test_fitted_ratings_are_self_consistent_on_the_training_games() -> None:
    file = _simulated()
    tested, train_games, rated = fitted_games(
        file.games, logistic_expectancy, PeriodRange(1, 7), PeriodRange(8, 12), 1, 0.0
    )
    ratings = {}
    for tested_game in tested:
        ratings[tested_game.white], ratings[tested_game.black] = (
            tested_game.white_rating,
            tested_game.black_rating,
        )
    training = [g for g in file.games if g.period is not None and g.period <= 7]
    expected: dict[str, float] = {}
    actual: dict[str, float] = {}
    for g in training:
        if g.white in ratings and g.black in ratings:
            e = logistic_expectancy(ratings[g.white] - ratings[g.black])
            for player, x, s in ((g.white, e, g.score), (g.black, 1 - e, 1 - g.score)):
                expected[player] = expected.get(player, 0.0) + x
                actual[player] = actual.get(player, 0.0) + s
    assert len(ratings) == rated == 40
    assert all(math.isclose(expected[p], actual[p], abs_tol=1e-6) for p in expected)
    assert np.mean(list(ratings.values())) == pytest.approx(2000.0)
    assert train_games == 1050


def test_period_ranges_and_split() -> None:
    assert PeriodRange.parse("96-100") == PeriodRange(96, 100)
    assert 97 in PeriodRange(96, 100) and 101 not in PeriodRange(96, 100)
    assert default_split(list(range(1, 101))) == (PeriodRange(1, 95), PeriodRange(96, 100))
    with pytest.raises(ConfigError):
        PeriodRange.parse("9-1")
    with pytest.raises(ConfigError):
        PeriodRange.parse("x")
    with pytest.raises(ConfigError):
        default_split([1, 2, 3])
    no_periods = GameFile("x", "pairs", (GameRecord("a", "b", 1.0),))
    with pytest.raises(ConfigError):
        curve_test(no_periods)


def test_kaggle_training_data_normal_against_logistic() -> None:
    # Jeff Sonas's 2010 FIDE games: no ratings, so each curve's ratings are fitted on
    # months 1-95 and tested on months 96-100 (the contest's own split).
    file = read_games(shared_data("kaggle2010-elo-vs-rest/training_data.csv"))
    assert file.format == "kaggle" and len(file.games) == 65053 and not file.has_ratings
    report = curve_test(file, train=PeriodRange(1, 95), test=PeriodRange(96, 100))
    normal, logistic = report.comparison.test("normal"), report.comparison.test("logistic")
    assert normal.games == logistic.games == report.games_tested > 1000
    for t in (normal, logistic):
        chi = t.chi_square
        assert chi is not None and chi.applicable  # ≥ 30 games, ≥ 6 classes, f_e ≥ 5
        assert chi.dof == len(t.labels) - 1
        assert math.fsum(c.games for c in t.classes) == t.games
        assert 0.0 < t.log_loss < math.log(2) + 0.05
    assert report.comparison.best in (normal, logistic)


@pytest.mark.parametrize("name", ["games_2015_2020_classical.csv", "results_2021_all_speeds.csv"])
def test_kwiatkowski_elite_games_on_their_fide_ratings(name: str) -> None:
    file = read_games(shared_data(f"elite-games-kwiatkowski/{name}"))
    assert file.format == "kwiatkowski" and file.has_ratings
    report = curve_test(file)
    assert report.method == "file ratings"
    assert report.games_tested == len(file.games)
    assert any("§8.74" in n for n in report.notes)
    for t in report.comparison.tests:
        assert sum(c.games for c in t.classes) == len(file.games)
        # elite players: almost every game within 200 points, so classes get merged
        assert t.chi_square is not None
        assert len(t.labels) < len([c for c in t.classes if c.games])
    classical = curve_test(file, classical_only=True)
    assert classical.games_tested == sum(1 for g in file.games if not g.rapid)
