"""The Boosting System (arpad.systems.pra.boosting), spec §2 and the ambiguities A1–A9."""

from __future__ import annotations

import pytest

from arpad.systems.pra.boosting import (
    BoostCoefficients,
    BoostSchedule,
    Measurement,
    after_game_plan,
    boost,
    measurement,
    measurements,
)


def rising(block: int = 20, start: float = 1500.0, step: float = 4.0) -> list[float]:
    return [start + step * (k + 1) for k in range(block)]


def one(
    window: list[float],
    direction: int,
    omega: float = 1.0,
    first: bool = False,
    c: BoostCoefficients | None = None,
) -> tuple[float, int, int]:
    c = BoostCoefficients() if c is None else c
    return boost(window, direction, omega, first, c.same, c.from_stable, c.reversing)


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
    window[15:] = [x - 100.0 for x in window[15:]]  # last sub-block below the third: V3 < 0
    assert one(window, 1) == (window[-1], 0, 0)


def test_zero_velocity_is_not_a_trend_A7() -> None:
    # V2 = 0 exactly: neither all positive nor all negative → mixed.
    values = [1500.0] * 5 + [1510.0] * 10 + [1520.0] * 5
    assert one(values, 1) == (1520.0, 0, 0)


def test_peak_and_trough_are_taken_over_the_window_A5() -> None:
    # A spike in the last sub-block raises the peak without spoiling the trend.
    window = rising()
    window[17] = 1700.0
    r, _, t = one(window, 0, first=True)
    assert t == 1 and r == pytest.approx(1700.0 + 2.625 * (1700.0 - 1504.0))


def test_reduced_phase_scales_coefficients_by_omega() -> None:
    # ω = 0.15: 2.625·0.15 = 0.39375 over a 40-game window of sub-blocks of 10 (A9).
    window = rising(block=40, step=1.0)  # 1501 … 1540
    assert one(window, 1, omega=0.15)[0] == pytest.approx(1540 + 0.39375 * 39)


def test_custom_coefficients() -> None:
    c = BoostCoefficients(same=1.0, from_stable=0.5, reversing=0.25)
    assert one(rising(), 0, first=True, c=c)[0] == pytest.approx(1580 + 76.0)


def test_the_schedule_rule_at_every_game() -> None:
    # measurement() is the one rule: the list is read off it; no block outside it.
    assert measurement(18, False, 0.15) == (0, 0.0)
    assert measurement(179, False, 0.15) == (0, 0.0)
    assert measurement(179, True, 0.15) == (20, 0.15)  # L467
    assert measurement(199, True, 0.15) == (20, 0.15)
    assert measurement(199, False, 0.15) == (40, 0.15)
    assert measurement(320, False, 0.15) == (0, 0.0)
    assert measurement(-1, False, 0.15) == (0, 0.0)


def test_the_window_after_a_game() -> None:
    # (window kept, block measured, ω): R(k) joins until game 319; a scheduled game empties
    # the window, measuring only a complete block of a boosting player (L234, L300–L302).
    assert after_game_plan(5, 5, True, False, 0.15) == (6, 0, 0.0)
    assert after_game_plan(19, 19, True, False, 0.15) == (0, 20, 1.0)
    assert after_game_plan(19, 10, True, False, 0.15) == (0, 0, 0.0)  # joined mid-block
    assert after_game_plan(19, 19, False, False, 0.15) == (0, 0, 0.0)  # calibrated
    assert after_game_plan(319, 39, True, False, 0.15) == (0, 40, 0.15)
    assert after_game_plan(320, 0, True, False, 0.15) == (0, 0, 0.0)
