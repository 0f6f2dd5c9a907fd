"""Quantum corrections and the estimator of missing ratings (spec §4.9, TV-14, TV-15)."""

from __future__ import annotations

import pytest

from arpad.analysis.tournament_app.corrections import (
    estimate_missing,
    nearest_whole,
    quantum_corrections,
)
from arpad.analysis.tournament_app.regression import Regression, ResidualRow, regress
from arpad.errors import RatingError

HASTINGS_1895_RUN1 = Regression(n=22, b0=2641.55, b1=3.0227, r=0.77, xbar=0.0, ybar=2641.55)
# L768–L784 (rows printed by the paper; index = rank − 1).
ROWS_1895 = [
    ResidualRow(0, "Pillsbury", 47.90, 2786.33, 2621, -165.33),
    ResidualRow(1, "Chigorin", 47.35, 2784.68, 2743, -41.68),
    ResidualRow(15, "Bird", -13.60, 2600.44, 2504, -96.44),
    ResidualRow(18, "Pollock", -22.20, 2574.43, 2462, -112.43),
]


def test_hastings_1895_quantum_corrections_L786() -> None:
    # L786–L816: Pillsbury 2621 → 2786 and Pollock 2462 → 2574, the run-1 PRs rounded to
    # the nearest whole number (L1040, L1192); Bird (−96.44, pressure) is left alone.
    fixes, skipped = quantum_corrections(ROWS_1895, HASTINGS_1895_RUN1, [21] * 22)
    assert [(f.name, f.before, f.after) for f in fixes] == [
        ("Pillsbury", 2621, 2786.0),
        ("Pollock", 2462, 2574.0),
    ]
    assert skipped == ()
    # Spec TV-14: the mean rises by (165 + 112)/22 = 12.59, 2641.55 → 2654.14.
    assert 2641.55 + sum(f.after - f.before for f in fixes) / 22 == pytest.approx(
        2654.14, abs=0.005
    )


def test_pressure_corrections_are_optional_L143() -> None:
    fixes, _ = quantum_corrections(ROWS_1895, HASTINGS_1895_RUN1, [21] * 22, include_pressure=True)
    assert "Bird" in [f.name for f in fixes]


def test_six_games_needed_for_a_correction_L1501() -> None:
    games = [21] * 22
    games[18] = 5
    fixes, skipped = quantum_corrections(ROWS_1895, HASTINGS_1895_RUN1, games)
    assert [f.name for f in fixes] == ["Pillsbury"]
    assert skipped[0].name == "Pollock" and "fewer than 6" in skipped[0].reason


def test_nearest_whole_rounds_half_up() -> None:
    # Python's round() would give 2574 (banker's rounding); the paper rounds to nearest.
    assert nearest_whole(2574.5) == 2575.0 and round(2574.5) == 2574
    assert nearest_whole(2586.49) == 2586.0


def test_hastings_1895_estimator_table_L950() -> None:
    # L950–L955 (P-Zero → I.R.): the five estimates lie on one line, each I.R. = round(ŷ)
    # (spec TV-15, ≈ 2658.96 + 3.3237·x). Feeding the estimator the line's own points as
    # the known ratings returns the same estimates for the unknown players.
    x = [47.90, -8.51, -22.20, -26.22, -64.92]
    ir = [2818, 2631, 2585, 2572, 2443]
    reg = regress(x, ir)
    assert [nearest_whole(reg.fitted(a)) for a in x] == ir
    est = estimate_missing(x, [2818.0, 2631.0, None, None, 2443.0])
    assert dict(est.estimates) == {2: 2585.0, 3: 2572.0}


def test_estimator_drops_the_worst_residual_until_the_line_passes_L1184() -> None:
    p0 = [40.0, 20.0, 10.0, 0.0, -10.0, -20.0, -40.0, 5.0]
    ratings: list[float | None] = [2800.0, 2700.0, 2650.0, 2600.0, 2550.0, 2500.0, 2900.0, None]
    est = estimate_missing(p0, ratings)
    assert len(est.steps) == 2
    assert est.steps[0].dropped == 6 and est.steps[-1].dropped is None
    assert dict(est.estimates) == {6: 2400.0, 7: 2625.0}
    assert est.ratings[6] == 2400.0 and est.ratings[0] == 2800.0


def test_estimator_needs_two_known_ratings() -> None:
    with pytest.raises(RatingError):
        estimate_missing([1.0, 0.0, -1.0], [2500.0, None, None])
