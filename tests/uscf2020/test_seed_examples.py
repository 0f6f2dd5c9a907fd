"""Every number printed in us-chess-rating-system-2020.txt, as a named test citing its line."""

from __future__ import annotations

import pytest

from arpad.systems.uscf2020 import (
    absolute_floor,
    effective_games,
    effective_games_cap,
    k_factor,
    peak_floor,
)
from tests.conftest import seed_line

SEED = "us-chess-rating-system-2020.txt"


def test_uscf2020_effective_games_example_L165() -> None:
    # L165-169: R0 = 1700, N = 30 → N* = 50/√6.24 = 20.0, N' = min(30, 20.0) = 20.0.
    assert "1700" in seed_line(SEED, 165)
    assert effective_games_cap(1700.0) == pytest.approx(20.0, abs=0.05)
    assert effective_games(30, 1700.0) == pytest.approx(20.0, abs=0.05)
    # The intermediate value printed on L167: 0.662 + 0.00000739·(2569 − 1700)² = 6.24.
    assert pytest.approx(6.24, abs=0.005) == 0.662 + 0.00000739 * (2569 - 1700) ** 2


def test_uscf2020_effective_games_is_capped_at_50_above_2355_L159() -> None:
    assert effective_games_cap(2356.0) == 50.0
    assert effective_games_cap(2355.0) < 50.0
    assert effective_games(10, 2400.0) == 10.0  # N' = min(N, N*)


# L269-278: the K table, N' and m → K.
K_TABLE = [
    (6, 4, 80.0),
    (6, 6, 66.67),
    (6, 10, 50.0),
    (20, 4, 33.33),
    (20, 6, 30.77),
    (20, 10, 26.67),
    (50, 4, 14.81),
    (50, 6, 14.29),
    (50, 10, 13.33),
]


@pytest.mark.parametrize(("n_eff", "m", "k"), K_TABLE)
def test_uscf2020_k_table_L269(n_eff: int, m: int, k: float) -> None:
    assert f"{n_eff}\t{m}" in "\n".join(seed_line(SEED, line) for line in range(270, 279))
    assert k_factor(float(n_eff), m) == pytest.approx(k, abs=0.005)


def test_uscf2020_dual_rated_k_L282() -> None:
    # L282: 800(6.5 − 0.0025R)/(N'+m) for 2200 < R < 2500, 200/(N'+m) from 2500;
    # continuous with 800/(N'+m) at 2200 and with 200/(N'+m) at 2500.
    assert k_factor(20.0, 5, dual_rated=True, regular_rating=2200.0) == 800.0 / 25
    assert k_factor(20.0, 5, dual_rated=True, regular_rating=2350.0) == pytest.approx(
        800 * (6.5 - 0.0025 * 2350) / 25
    )
    assert k_factor(20.0, 5, dual_rated=True, regular_rating=2499.999) == pytest.approx(
        200.0 / 25, abs=1e-3
    )
    assert k_factor(20.0, 5, dual_rated=True, regular_rating=2600.0) == 200.0 / 25
    # Not dual-rated: the ordinary K even above 2200.
    assert k_factor(20.0, 5, dual_rated=False, regular_rating=2600.0) == 800.0 / 25


def test_uscf2020_absolute_floor_example_L312() -> None:
    # L312: 3 wins, 1 draw, 10 events of ≥ 3 games → AF = 100 + 12 + 2 + 10 = 124.
    assert "124" in seed_line(SEED, 312)
    assert absolute_floor(3, 1, 10) == 124.0
    assert absolute_floor(20, 20, 20) == 150.0  # never above 150


@pytest.mark.parametrize(
    ("peak", "floor"),
    [(1941.0, 1700.0), (1999.51, 1800.0), (1388.0, None)],
)
def test_uscf2020_peak_floor_examples_L314(peak: float, floor: float | None) -> None:
    # L314: 1941 → 1741 → 1700; 1999.51 rounds to 2000 → 1800; 1388 → 1188 → absolute floor.
    assert "1999.51" in seed_line(SEED, 314)
    assert peak_floor(peak) == floor


def test_uscf2020_peak_floor_rounds_before_subtracting_L314() -> None:
    # 1999.49 rounds to 1999 → 1799 → 1700: rounding first is what the 1999.51 example shows.
    assert peak_floor(1999.49) == 1700.0
    assert peak_floor(1999.5) == 1800.0
    assert peak_floor(2600.0) == 2100.0  # the highest peak floor is 2100
    assert peak_floor(1400.0) == 1200.0
