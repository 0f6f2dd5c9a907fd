"""The Boosting System (arpad.systems.pra.boosting), spec §2 and the ambiguities A1–A9."""

from __future__ import annotations

import numpy as np
import pytest

from arpad.systems.pra.boosting import (
    BoostCoefficients,
    BoostSchedule,
    Measurement,
    boost,
    measurements,
)

ZERO = np.zeros(1, dtype=np.int64)


def column(values: list[float]) -> np.ndarray:
    return np.asarray(values, dtype=float).reshape(len(values), 1)


def rising(block: int = 20, start: float = 1500.0, step: float = 4.0) -> np.ndarray:
    return column([start + step * (k + 1) for k in range(block)])


def one(
    window: np.ndarray, direction: int, omega: float = 1.0, first: bool = False
) -> tuple[float, int, int]:
    r, d, t = boost(window, np.array([direction], dtype=np.int64), omega, first_block=first)
    return float(r[0]), int(d[0]), int(t[0])


def test_schedule_follows_L300_L302_with_the_L308_typo_corrected() -> None:
    # 19, 39, …, 159 with 20-game blocks (ω = 1); then 199, 239, 279, 319 with 40-game
    # blocks and ω = 0.15. Read literally, `if(ctr < 319) omega = 0.0` (L308) would switch
    # the reduced boosts off; the prose says they run "until game 319" (spec A2).
    points = measurements()
    assert [m.last for m in points] == [19, 39, 59, 79, 99, 119, 139, 159, 199, 239, 279, 319]
    assert {m.block for m in points[:8]} == {20} and {m.omega for m in points[:8]} == {1.0}
    assert points[8:] == tuple(Measurement(g, 40, 0.15) for g in (199, 239, 279, 319))
    assert points[8].first == 160  # the first reduced window is games 160–199 (spec §2.7)


def test_schedule_l467_variant_adds_a_measurement_at_179() -> None:
    # L467 lists boosts at "160, 180, 200, 240, 280, and 320" (1-based), spec A3.
    lasts = [m.last for m in measurements(BoostSchedule.L467)]
    assert 179 in lasts and 179 not in [m.last for m in measurements()]
    assert lasts[-3:] == [239, 279, 319]


def test_first_block_uptrend_boost_spec_example() -> None:
    # Spec §2.7: R(k) = 1500 + 4(k+1); Rbar = 1512, 1532, 1552, 1572; peak 1580, trough
    # 1504; ctr = 19 < 20 sets direction +1, so 1580 + 2.625·76 = 1779.5.
    assert one(rising(), 0, first=True) == (1779.5, 1, 1)


def test_first_block_rule_changes_the_coefficient() -> None:
    # Without the `ctr < 20` rule (L271) a player starting at direction 0 would get 0.875.
    assert one(rising(), 0, first=False) == (1580 + 0.875 * 76, 1, 1)


def test_later_blocks_coefficient_depends_on_previous_direction_L268() -> None:
    assert one(rising(), 1)[0] == pytest.approx(1580 + 2.625 * 76)
    assert one(rising(), 0)[0] == pytest.approx(1580 + 0.875 * 76)
    assert one(rising(), -1) == (pytest.approx(1580 + 0.5 * 76), 0, 1)  # never −1 → +1


def test_crash_mirrors_boost() -> None:
    falling = rising(step=-4.0)  # 1496 … 1420
    assert one(falling, 0, first=True) == (pytest.approx(1420 - 2.625 * 76), -1, -1)
    assert one(falling, 1) == (pytest.approx(1420 - 0.5 * 76), 0, -1)
    assert one(falling, 0) == (pytest.approx(1420 - 0.875 * 76), -1, -1)


def test_mixed_block_sets_direction_zero_and_leaves_rating() -> None:
    window = rising()
    window[15:] -= 100.0  # last sub-block below the third: V3 < 0
    assert one(window, 1) == (float(window[-1, 0]), 0, 0)


def test_zero_velocity_is_not_a_trend_A7() -> None:
    # V2 = 0 exactly: neither all positive nor all negative → mixed.
    values = [1500.0] * 5 + [1510.0] * 10 + [1520.0] * 5
    assert one(column(values), 1) == (1520.0, 0, 0)


def test_peak_and_trough_are_taken_over_the_window_A5() -> None:
    # A spike in the last sub-block raises the peak without spoiling the trend.
    window = rising()
    window[17, 0] = 1700.0
    r, _, t = one(window, 0, first=True)
    assert t == 1 and r == pytest.approx(1700.0 + 2.625 * (1700.0 - 1504.0))


def test_reduced_phase_scales_coefficients_by_omega() -> None:
    # ω = 0.15: 2.625·0.15 = 0.39375 over a 40-game window of sub-blocks of 10 (A9).
    window = rising(block=40, step=1.0)  # 1501 … 1540
    assert one(window, 1, omega=0.15)[0] == pytest.approx(1540 + 0.39375 * 39)


def test_vectorised_over_players() -> None:
    window = np.hstack([rising(), rising(step=-4.0), column([1500.0] * 20)])
    r, d, t = boost(window, np.array([0, 0, 1], dtype=np.int64), 1.0, first_block=True)
    assert r.tolist() == [1779.5, pytest.approx(1220.5), 1500.0]
    assert d.tolist() == [1, -1, 0] and t.tolist() == [1, -1, 0]


def test_custom_coefficients() -> None:
    c = BoostCoefficients(same=1.0, from_stable=0.5, reversing=0.25)
    r, _, _ = boost(rising(), ZERO, 1.0, first_block=True, coefficients=c)
    assert float(r[0]) == pytest.approx(1580 + 76.0)
