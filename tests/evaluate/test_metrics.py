"""Metrics, checked against values derived by hand."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from arpad.evaluate import metrics


def test_deviance_clips_to_one_percent() -> None:
    # A certain wrong prediction costs −log10(0.01) = 2, not infinity.
    assert metrics.deviance(np.array([0.0]), np.array([1.0])) == pytest.approx(2.0)
    # A draw predicted at ½: −(½·log10 ½ + ½·log10 ½) = log10 2.
    assert metrics.deviance(np.array([0.5]), np.array([0.5])) == pytest.approx(math.log10(2))


def test_log_loss_and_brier_by_hand() -> None:
    p, s = np.array([0.8, 0.4]), np.array([1.0, 0.5])
    expected = -(math.log(0.8) + 0.5 * math.log(0.4) + 0.5 * math.log(0.6)) / 2
    assert metrics.log_loss(p, s) == pytest.approx(expected)
    assert metrics.brier(p, s) == pytest.approx((0.04 + 0.01) / 2)


def test_kaggle_rmse_sums_each_player_month_first() -> None:
    # Month 1: player 0 plays twice as White (+0.25, +0.25 → total +0.5 vs player 1's −0.5).
    p = np.array([0.75, 0.75, 0.5])
    s = np.array([1.0, 1.0, 0.0])
    white = np.array([0, 0, 2])
    black = np.array([1, 1, 3])
    month = np.array([1, 1, 2])
    # Player-months: (0,1) −0.5, (1,1) +0.5, (2,2) +0.5, (3,2) −0.5 (predicted − actual).
    assert metrics.kaggle_rmse(p, s, white, black, month) == pytest.approx(0.5)


def test_fitted_first_move_of_a_constant_is_the_mean_score() -> None:
    s = np.array([1.0, 0.5, 0.5, 0.0, 1.0])
    m = s.mean()
    a = metrics.fit_first_move(np.full(5, 0.5), s)
    assert a == pytest.approx(400 * math.log10(m / (1 - m)), abs=0.01)
    assert metrics.shift(np.array([0.5]), a)[0] == pytest.approx(m, abs=1e-5)


def test_calibration_bins_cover_every_game(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    p = rng.random(500)
    s = (rng.random(500) < p).astype(float)
    table = metrics.calibration(p, s)
    assert sum(b.games for b in table) == 500
    assert all(b.low <= b.predicted < b.high for b in table)
    out = tmp_path / "cal.png"
    metrics.plot_calibration({"x": table}, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
