"""The outcome oracle (spec §3.4, TV-06)."""

from __future__ import annotations

import numpy as np
import pytest

from arpad.sim.oracle import upset_probability, white_scores


def test_band_examples_L367_L371() -> None:
    # 2430 v 2560: difference 130, "100 to 200", cutoff 0.4 (j < 40 on a d100).
    # 900 v 2650: difference 1750, cutoff 0.0077 (j < 77 on a d10000).
    assert upset_probability(np.array([130.0, 1750.0])).tolist() == [0.4, 0.0077]


@pytest.mark.parametrize(
    ("diff", "p"),
    # Lower-inclusive bands (spec X8): discriminating at every edge.
    [
        (99.9, 0.5),
        (100.0, 0.4),
        (199.9, 0.4),
        (200.0, 0.3),
        (300.0, 0.2),
        (400.0, 0.1),
        (500.0, 0.064),
        (750.0, 0.0473),
        (1000.0, 0.0255),
        (1400.0, 0.0077),
        (1800.0, 0.0077),
        (1800.01, 0.0),
    ],
)
def test_band_edges(diff: float, p: float) -> None:
    assert upset_probability(np.array([diff, -diff])).tolist() == [p, p]


def test_dice_and_uniform_draws_agree() -> None:
    # j < cutoff·sides on a fair die is u < cutoff for u = j/sides: the same event.
    j = np.arange(100)
    u = j / 100.0
    weaker_wins = white_scores(np.full(100, 2430.0), np.full(100, 2560.0), u)
    assert weaker_wins.tolist() == [1.0 if k < 40 else 0.0 for k in j]
    j = np.arange(10_000)
    strong_white = white_scores(np.full(j.size, 2650.0), np.full(j.size, 900.0), j / 10_000.0)
    assert np.count_nonzero(strong_white == 0.0) == 77  # j = 0..76: the 900 wins


def test_frequencies() -> None:
    rng = np.random.default_rng(6)
    n = 200_000
    s = white_scores(np.full(n, 1500.0), np.full(n, 1750.0), rng.random(n))
    assert s.mean() == pytest.approx(0.3, abs=0.005)
    equal = white_scores(np.full(n, 1500.0), np.full(n, 1500.0), rng.random(n))
    assert equal.mean() == pytest.approx(0.5, abs=0.005)
    assert set(np.unique(s)) <= {0.0, 1.0}  # no draws (L179)
