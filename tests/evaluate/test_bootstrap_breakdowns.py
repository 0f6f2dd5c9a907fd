"""Paired player-month bootstrap intervals and the breakdowns of the test games."""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pytest

from arpad.evaluate import bootstrap, breakdowns, harness, metrics
from arpad.evaluate.harness import Predictions, Split
from arpad.io import kaggle2010
from arpad.systems import get_system
from tests.evaluate.synthetic import kaggle_text

SPLIT = Split(train_until=9, test_from=10, test_until=12)


def _results(*names: str) -> list[harness.Result]:
    ps = harness.periods_of(kaggle2010.read(io.StringIO(kaggle_text()), "s.csv"))
    out = [harness.run(ps, get_system(n), get_system(n).default_config(), SPLIT) for n in names]
    return sorted(out, key=lambda r: r.deviance)


def test_intervals_hold_the_estimate_and_the_best_differs_from_itself_by_zero() -> None:
    results = bootstrap.intervals(_results("glicko", "logistic", "constant"), 200, seed=1)
    for r in results:
        for name in ("deviance", "log_loss", "brier", "rmse"):
            lo, hi = r.intervals[name]
            assert lo < getattr(r, name) < hi, name
    assert results[0].intervals["difference_from_best"] == (0.0, 0.0)
    assert results[0].difference_from_best == 0.0
    lo, hi = results[-1].intervals["difference_from_best"]
    assert lo <= results[-1].difference_from_best <= hi


def test_intervals_are_reproducible_from_the_seed() -> None:
    rs = _results("glicko", "constant")
    a = bootstrap.intervals(rs, 100, seed=3)
    assert [r.intervals for r in a] == [r.intervals for r in bootstrap.intervals(rs, 100, seed=3)]
    assert [r.intervals for r in a] != [r.intervals for r in bootstrap.intervals(rs, 100, seed=4)]


def test_pairing_makes_the_difference_tighter_than_the_scores() -> None:
    """Two systems scored under the same draws: most of the block-to-block variation is
    shared, so their difference varies less than either score (glicko and glicko2 predict
    alike on these games)."""
    _, b = bootstrap.intervals(_results("glicko", "glicko2"), 300, seed=0)
    width = b.intervals["difference_from_best"][1] - b.intervals["difference_from_best"][0]
    assert width < b.intervals["deviance"][1] - b.intervals["deviance"][0]


def test_the_rmse_of_a_replicate_drawing_each_block_once_is_the_kaggle_rmse() -> None:
    """Hand case: two months, three players; every block drawn once gives the metric."""
    p = np.array([0.75, 0.5, 0.25])
    s = np.array([1.0, 0.5, 1.0])
    white = np.array([0, 1, 2])
    black = np.array([1, 2, 0])
    period = np.array([1, 1, 2])
    blocks_w = np.array([0, 1, 3])  # (0,1), (1,1), (2,2)
    blocks_b = np.array([1, 2, 4])  # (1,1), (2,1), (0,2)
    once = np.ones((1, 5))
    got = bootstrap._rmse(p - s, blocks_w, blocks_b, once)
    # Player-month totals of predicted − actual: (0,1) −0.25; (1,1) +0.25 + 0; (2,1) 0;
    # (2,2) −0.75; (0,2) +0.75 → sqrt((0.0625·2 + 0 + 0.5625·2) / 5).
    assert got[0] == pytest.approx(np.sqrt((0.0625 * 2 + 0.5625 * 2) / 5))
    assert got[0] == pytest.approx(metrics.kaggle_rmse(p, s, white, black, period))


def _hand_predictions() -> Predictions:
    """Six games: two with a newcomer, prior games 0, 3, 7, 25, 60, 60."""
    return Predictions(
        p=np.array([0.6, 0.4, 0.7, 0.5, 0.55, 0.3]),
        s=np.array([1.0, 0.5, 1.0, 0.0, 0.5, 0.0]),
        white=np.arange(6, dtype=np.intp),
        black=np.arange(6, 12, dtype=np.intp),
        period=np.full(6, 10, dtype=np.intp),
        newcomer=np.array([True, True, False, False, False, False]),
        game=np.arange(6, dtype=np.intp),
        line=np.arange(2, 8, dtype=np.intp),
        prior=np.array([0, 3, 7, 25, 60, 60], dtype=np.intp),
        trained=np.array([False, True, True, True, False, True]),
        rating=np.array([np.nan, 2100.0, 2300.0, 2500.0, 2700.0, 2900.0]),
    )


def test_breakdown_subsets_by_hand() -> None:
    sc = _hand_predictions()
    rows = {(r.group, r.label): r for r in breakdowns.rows(sc)}
    assert rows["players", "newcomer"].games == 2
    assert rows["players", "seen"].games == 4
    assert rows["players", "contest"].games == 4
    expected = metrics.deviance(sc.p[:2], sc.s[:2])
    assert rows["players", "newcomer"].deviance == pytest.approx(expected)
    assert [rows["prior games", k].games for k in ("0", "1-4", "5-19", "20-49", "50+")] == [
        1,
        1,
        1,
        1,
        2,
    ]
    assert rows["prior games", "50+"].deviance == pytest.approx(
        metrics.deviance(sc.p[4:], sc.s[4:])
    )


def test_rating_bands_are_the_references_quartiles_and_the_same_games_for_every_row() -> None:
    sc = _hand_predictions()
    ref = harness.Result(
        "a", {}, None, 6, 0.3, 0.6, 0.2, 0.5, 0.0, 0.3, 2, None, None, 0, (), scored=sc
    )
    other_sc = dataclasses.replace(sc, p=np.full(6, 0.5), rating=np.full(6, np.nan))
    other = dataclasses.replace(ref, system="b", scored=other_sc)
    a, b = breakdowns.with_bands([ref, other])
    bands_a = [r for r in a.breakdown if r.group == "rating band"]
    bands_b = [r for r in b.breakdown if r.group == "rating band"]
    # Quartiles of 2100, 2300, 2500, 2700, 2900: 2300, 2500, 2700.
    assert [r.label for r in bands_a] == ["<2300", "2300-2500", "2500-2700", "2700+", "unrated"]
    assert [r.games for r in bands_a] == [1, 1, 1, 2, 1]
    assert [r.games for r in bands_b] == [r.games for r in bands_a]
    assert bands_b[-1].deviance == pytest.approx(metrics.deviance(np.array([0.5]), sc.s[:1]))
