"""Pool integrity, deflation and inflation (Elo §3.5–§3.8)."""

from __future__ import annotations

import numpy as np
import pytest

from arpad.analysis.pool_integrity import (
    Exchange,
    Observation,
    compare_pools,
    describe_pool,
    established_sample_trend,
    exceptional_bonus,
    exceptional_threshold,
    expectancy_gap_points,
    feedback_points,
    inflation_offset,
    is_exceptional,
    median_entry_rating,
    point_exchanges,
    pool_flow,
    victimisation,
)
from arpad.errors import ConfigError
from arpad.model import Game, PlayerEntry, Pool, build_event
from arpad.systems import EventRating, PlayerRating, get_system


def test_underrated_player_victimises_his_opponents_TV19_L1198() -> None:
    # "A 50-point difference … can make as much as a 7% difference in expectancy, and each
    # opponent of the underrated player could lose .07K".
    assert victimisation(50, 1.0) == pytest.approx(0.07)
    assert victimisation(50, 32) == pytest.approx(0.07 * 32)
    assert expectancy_gap_points(0.07) == pytest.approx(50, abs=0.5)


@pytest.mark.parametrize(
    ("games", "probability", "printed"),
    # TV-20 (§3.64, L1229): 9 rounds 2.46 at 5 %, 12 rounds 4.03 at 1 % (book z ≈ 1.64, 2.33).
    [(9, 0.05, 2.46), (12, 0.01, 4.03), (5, 0.10, 1.43), (19, 0.05, 3.58)],
)
def test_exceptional_performance_thresholds_TV20_L1229(
    games: int, probability: float, printed: float
) -> None:
    assert exceptional_threshold(games, probability) == pytest.approx(printed, abs=0.02)


def test_is_exceptional() -> None:
    assert is_exceptional(8.5, 6.0, 9)  # 2.5 ≥ 2.47
    assert not is_exceptional(8.0, 6.0, 9)
    with pytest.raises(ConfigError):
        exceptional_threshold(9, 0.7)


def test_feedback_points_L1247() -> None:
    # (actual − expected percentage) × K for each opponent.
    assert feedback_points(9.0, 12, 6.0, 32) == pytest.approx(32 * 0.25)
    with pytest.raises(ConfigError):
        feedback_points(1, 0, 0, 32)


def test_bonus_brings_the_rating_within_one_sd_of_the_performance_L1245() -> None:
    sigma = 282.84271247461906 / 3  # σ_p for 9 games
    assert exceptional_bonus(2000, 2300, 9) == pytest.approx(300 - sigma)
    assert exceptional_bonus(2250, 2300, 9) == 0.0


def test_new_players_at_the_pool_median_L1249() -> None:
    assert median_entry_rating([1200, 1500, 1700, 2100]) == 1600


def test_pool_flow_of_a_zero_sum_system_and_its_entrants_L1188() -> None:
    elo = get_system("elo")
    players = [
        PlayerEntry("a", rating=2000, games=50),
        PlayerEntry("b", rating=1900, games=50),
        PlayerEntry("c"),
    ]
    games = [Game("a", "b", 0.0), Game("c", "a", 0.5), Game("c", "b", 1.0)]
    result = elo.rate_event(build_event("e", players, games))
    flow = pool_flow([result])
    event = flow.events[0]
    # The established players' exchange includes their games with the newcomer, rated at his
    # R_p: not zero-sum by itself; the newcomer brings his R_p into the pool.
    assert event.entrants == 1
    assert event.entered == pytest.approx(result.player("c").post)
    assert flow.entry["a"] == 2000
    assert flow.taken_out(["a", "b"]) == pytest.approx(
        (result.player("a").post or 0) - 2000 + (result.player("b").post or 0) - 1900
    )


def test_pool_flow_over_two_events_tracks_entry_and_last_ratings() -> None:
    r1: EventRating[object] = EventRating(
        "x",
        "e1",
        Pool.REGULAR,
        (PlayerRating("a", 1500, 1520, 4, 3.0), PlayerRating("b", 1500, 1480, 4, 1.0)),
        {},
    )
    r2: EventRating[object] = EventRating(
        "x",
        "e2",
        Pool.REGULAR,
        (PlayerRating("a", 1520, 1510, 4, 1.5), PlayerRating("n", None, 1400, 4, 2.0)),
        {},
    )
    flow = pool_flow([r1, r2])
    assert flow.exchanged == pytest.approx(-10.0)  # the second event lost 10 points
    assert dict(flow.last) == {"a": 1510, "b": 1480, "n": 1400}
    assert flow.taken_out() == pytest.approx(10 - 20 + 0)
    assert flow.average_change == pytest.approx(-10 / 3)


def test_monitoring_trend_of_established_25_to_40_L1255() -> None:
    rng = np.random.default_rng(7)
    obs = []
    for year in range(1980, 1990):
        for i in range(40):
            obs.append(
                Observation(
                    year, f"p{i}", 2000 - 5 * (year - 1980) + rng.normal(0, 30), age=30, games=100
                )
            )
        obs.append(Observation(year, "junior", 1200 + 100 * (year - 1980), age=15, games=100))
        obs.append(Observation(year, "newbie", 900, age=30, games=5))
    trend = established_sample_trend(obs)
    assert trend.counts == (40,) * 10  # the junior and the provisional are left out
    assert trend.slope == pytest.approx(-5, abs=1.5)
    assert trend.significant()
    with pytest.raises(ConfigError):
        established_sample_trend(obs[:5])


def test_compare_pools_two_years_apart_L1257() -> None:
    rng = np.random.default_rng(3)
    before = list(rng.normal(1550, 250, 400))
    after = list(rng.normal(1500, 250, 400))
    c = compare_pools(before, after)
    assert c.mean_shift == pytest.approx(c.after.mean - c.before.mean)
    assert c.p_value < 0.05
    d = describe_pool([1, 2, 3, 4])
    assert (d.count, d.mean, d.median) == (4, 2.5, 2.5)
    assert d.sd == pytest.approx(1.2909944)  # the N − 1 divisor (note 1.25, L3765)


def test_point_exchanges_table_3_84_layout_L1261() -> None:
    rows = [
        Exchange("j1", 1500, True, 6.5, 4.0, 7, 32),  # 2.5 ≥ 2.18 (7 games, 5 %): +80
        Exchange("j2", 1800, True, 4.0, 4.0, 7, 32),  # 0
        Exchange("a1", 1600, False, 3.0, 3.5, 7, 32),  # −16
        Exchange("a2", 2000, False, 2.0, 3.5, 7, 32),  # −48
    ]
    segments = {s.name: s for s in point_exchanges(rows)}
    assert next(iter(segments)) == "Juniors rated under 1700"
    assert segments["Juniors rated under 1700"].gain == 80
    assert segments["Juniors rated under 1700"].exceptional == 1
    assert segments["All juniors"].gain == 40
    assert segments["All players"].players == 4
    assert segments["All players"].gain == 4
    assert segments["Adults over 1700"].gain == -48
    assert segments["All juniors"].exceptional_share == 50


def test_inflation_offset_L2505() -> None:
    assert inflation_offset({"master": (2200, 2300)}) == {"master": 100}
