"""The 1994 title system (uscf-ratings-committee-1994.txt §2, L302–L432)."""

from __future__ import annotations

import math

import pytest
from scipy.special import ndtri
from scipy.stats import binom, norm

from arpad.performance import expected_score
from arpad.titles.uscf1994 import (
    TitleConfig,
    TitleStatus,
    award,
    convert_old_status,
    delta_coefficient,
    delta_schedule,
    deltas,
    norms_earned,
    title_name,
)
from tests.conftest import seed_line
from tests.uscf1994.helpers import SEED

PRINTED = [0.306, 0.727, 1.030, 1.277, 1.491]  # L326–L330


def test_delta_schedule_at_p_27_L326_L330() -> None:
    assert [round(delta_coefficient(j, 27.0), 3) for j in range(1, 6)] == PRINTED
    assert delta_schedule() == tuple(PRINTED)


def test_the_printed_constants_assume_a_per_game_sd_of_one_half_L324() -> None:
    # Δ_j/√n divided by z_j = Φ⁻¹(1 − 0.27^j) is the assumed per-game s.d.: ½ for every j,
    # the largest a game score can have (p = ½, no draws) — "conservative" (L324).
    for j, printed in enumerate(PRINTED, start=1):
        z = float(ndtri(1 - 0.27**j))
        assert printed / z == pytest.approx(0.5, abs=0.0005 / z)


def test_delta_for_one_norm_4_to_10_rounds_L332() -> None:
    printed = [0.612, 0.684, 0.750, 0.810, 0.865, 0.918, 0.968]
    for n, value in zip(range(4, 11), printed, strict=True):
        assert deltas(n)[0] == pytest.approx(value, abs=0.0005)
    # The report multiplies the rounded 0.306: the exact coefficient gives 0.969 at n = 10.
    exact = TitleConfig(coefficient_digits=None)
    assert round(deltas(10, exact)[0], 3) == 0.969


def test_delta_for_a_four_round_event_L382() -> None:
    assert deltas(4) == pytest.approx((0.612, 1.454, 2.060, 2.554, 2.982), abs=0.0005)


def test_p_is_configurable() -> None:
    cfg = TitleConfig(P=40.0)
    assert delta_schedule(cfg)[0] == pytest.approx(round(0.5 * float(ndtri(0.6)), 3))
    assert delta_schedule(cfg)[0] < delta_schedule()[0]


OPPONENTS = [1800.0, 1900.0, 2000.0, 2100.0]  # §2.5, L356
EXPECTED_TABLE = {  # L361–L370
    1500: 0.326, 1600: 0.535, 1700: 0.842, 1800: 1.251, 1900: 1.740,
    2000: 2.260, 2100: 2.749, 2200: 3.158, 2300: 3.465,
}  # fmt: skip


def test_section_2_5_expected_scores_L356_L370() -> None:
    assert seed_line(SEED, 362).split() == ["1500", "0.326"]
    for level, printed in EXPECTED_TABLE.items():
        assert expected_score(level, OPPONENTS) == pytest.approx(printed, abs=0.0005)
    assert expected_score(1750, OPPONENTS) == pytest.approx(1.034, abs=0.0005)  # L356


LEVELS_BY_100 = range(1500, 2400, 100)


def test_section_2_5_example_four_rounds_L380_L390() -> None:
    result = award(OPPONENTS, 3.5, levels=LEVELS_BY_100)
    got = {r.level: (r.norms, r.title) for r in result.levels}
    assert got == {
        1500: (5, True),  # 0.326 + 2.982 = 3.308 < 3.5
        1600: (4, False),  # 0.535 + 2.554 = 3.089
        1700: (4, False),  # 0.842 + 2.554 = 3.396
        1800: (3, False),  # 1.251 + 2.060 = 3.311
        1900: (2, False),  # 1.740 + 1.454 = 3.194
        2000: (1, False),  # 2.260 + 0.612 = 2.872
        2100: (1, False),  # 2.749 + 0.612 = 3.361
        2200: (0, False),  # 3.158 + 0.612 = 3.770 > 3.5
        2300: (0, False),
    }
    assert result.status.titles == (1500.0,)
    assert dict(result.status.norms) == {
        1600.0: 4, 1700.0: 4, 1800.0: 3, 1900.0: 2, 2000.0: 1, 2100.0: 1,
    }  # fmt: skip


def test_section_2_5_example_eight_rounds_L392_L397() -> None:
    # Each opponent twice, 7 out of 8: "the 1800-title, 3 norms towards the 1900-title,
    # 2 norms towards the 2000-title, and 1 norm towards the 2100-title".
    result = award(OPPONENTS * 2, 7.0, levels=LEVELS_BY_100)
    got = {r.level: (r.norms, r.title) for r in result.levels}
    assert got[1800] == (5, True)
    assert got[1900] == (3, False)
    assert got[2000] == (2, False)
    assert got[2100] == (1, False)
    assert got[2200] == (0, False)
    assert all(got[level][1] for level in (1500, 1600, 1700))


def test_norms_need_four_games_L336() -> None:
    assert norms_earned(3.0, 0.5, 3) == 0
    assert norms_earned(4.0, 0.5, 4) > 0


def test_score_must_exceed_the_threshold_strictly_L314_L337() -> None:
    expected = 1.0
    threshold = expected + deltas(4)[0]
    assert norms_earned(threshold, expected, 4) == 0
    assert norms_earned(threshold + 1e-9, expected, 4) == 1


def test_results_apply_to_every_unearned_title_at_once_L338() -> None:
    status = TitleStatus(titles=(1600.0,), norms=((1800.0, 4),))
    result = award([1800.0] * 4, 4.0, status)
    assert 1800.0 in result.status.titles  # 4 + ≥ 1 norms
    assert 1600.0 in result.status.titles
    after = dict(result.status.norms)
    assert 1600.0 not in after  # a title already held earns nothing more
    assert after[2000.0] == 1  # 4 > 3.04 + 0.612; 4 < 3.04 + 1.454
    assert 2200.0 not in after  # 4 < 3.64 + 0.612


def test_life_master_after_20_norms_at_2200_L405() -> None:
    cfg = TitleConfig()
    opponents = [2200.0] * 4
    score = 2.0 + deltas(4, cfg)[0] + 0.01  # exactly one norm at 2200 per event
    assert norms_earned(score, expected_score(2200.0, opponents), 4) == 1
    status = TitleStatus()
    for event in range(1, 21):
        result = award(opponents, score, status, cfg)
        status = result.status
        assert (2200.0 in status.titles) == (event >= 5)
        assert (2200.0 in status.life_titles) == (event >= 20)
    assert dict(status.life_norms)[2200.0] == 20
    assert 2400.0 not in status.life_titles


def test_title_names_L413_L427() -> None:
    assert [title_name(x) for x in (400, 1000, 2000, 2200, 2600)] == [
        "Category VIII", "Category V", "Expert", "Master", "Advanced Senior Master",
    ]  # fmt: skip
    assert TitleConfig().levels() == tuple(float(x) for x in range(400, 2601, 200))


def test_weaker_players_rarely_earn_norms_L322() -> None:
    # "a player with an ability … Y − 100 will earn a norm … with a probability of about
    # 11 %, … less than a 5 in a thousand chance [of a title in 10 tournaments]. … Y − 200
    # … about 3 %, … a 3 in a million chance" — 4 rounds against four Y-rated opponents.
    # Reproduced with the normal approximation and the weaker player's own binomial
    # variance, and a title as five single norms in ten events.
    n = 4
    for gap, printed_norm, title_bound in ((100, 0.11, 0.005), (200, 0.03, 4e-6)):
        p = 1 / (1 + 10 ** (gap / 400))
        threshold = n * 0.5 + deltas(n)[0]
        chance = float(norm.sf((threshold - n * p) / math.sqrt(n * p * (1 - p))))
        assert chance == pytest.approx(printed_norm, abs=0.005)
        assert float(binom.sf(4, 10, chance)) < title_bound


def test_convert_old_titles_and_norms_example_L409() -> None:
    # "if after performing the first two steps, a player has 3 norms for the 1600-title,
    # and has the 1200-title, then the player is awarded 3 norms for the 1400-title."
    status = convert_old_status([1200], {1600: 3})
    assert status.norms_at(1400) == 3
    assert status.norms_at(1600) == 3
    assert 1200.0 in status.titles


def test_convert_old_levels_that_no_longer_exist_L407_L408() -> None:
    # A 1300 title → 3 norms towards 1400; 3 norms at 1500 → ⌈3/2⌉ = 2 norms at 1600.
    status = convert_old_status([1300], {1500: 3})
    assert status.norms_at(1400) == 3
    assert status.norms_at(1600) == 2
    assert 1200.0 in status.titles  # lower titles came automatically (L349)
    # Above the top (2600): the 2700 title becomes the Advanced Senior Master title.
    assert 2600.0 in convert_old_status([2700], {}).titles
