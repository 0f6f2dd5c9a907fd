"""The older rating systems of Elo §8.5–§8.6 behind the common interface.

Vectors marked [constructed] exercise a printed formula with numbers of our own (spec
elo-book-part2.md §3.3, TV-17 to TV-21); the others are the book's worked numbers.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.config import with_options
from arpad.errors import ConfigError, InputError, RatingError
from arpad.model import EventKind, Game, PlayerEntry, build_event
from arpad.systems import get_system, system_names
from arpad.systems.legacy import bcf, berkin, ccla, common, harkness, ingo, linear
from arpad.systems.legacy.common import LegacyState, geometric_mean

LEGACY = ("ingo", "harkness", "bcf", "ccla", "linear", "berkin")


def _event(ratings: dict[str, float | None], games: list[tuple[str, str, float]], **kw: object):
    players = [
        PlayerEntry(pid, rating=r, games=0 if r is None else 30) for pid, r in ratings.items()
    ]
    return build_event("e", players, [Game(w, b, s) for w, b, s in games], **kw)


def _gauntlet(rating: float | None, opponents: list[float], scores: list[float]):
    """Player P against one opponent per game."""
    ratings: dict[str, float | None] = {"P": rating}
    games = []
    for i, (r, s) in enumerate(zip(opponents, scores, strict=True)):
        ratings[f"o{i}"] = r
        games.append(("P", f"o{i}", s))
    return _event(ratings, games)


@pytest.mark.parametrize("name", LEGACY)
def test_registered_behind_the_common_interface(name: str) -> None:
    assert name in system_names()
    system = get_system(name)
    assert system.name == name
    assert "elo-rating-of-chessplayers-1986.txt" in system.source
    config = system.default_config()
    event = _gauntlet(100.0, [100.0, 120.0], [1.0, 0.5])
    if name == "bcf":
        config = with_options(config, {"minimum_games": "2"})
    result = system.rate_event(event, None, config)
    assert result.system == name
    assert {p.player_id for p in result.players} == {"P", "o0", "o1"}
    assert set(result.states) == {"P", "o0", "o1"}
    entry = system.list_entry(result.states["P"], config)
    assert entry.rating == result.player("P").post


# --- Ingo (§8.52) ------------------------------------------------------------------------


def test_ingo_formulas_47_48_constructed_TV17() -> None:
    # R_c = 100, P = 75 % → R_p = 75; R_o = 90 → R_n = (3·90 + 75)/4 = 86.25
    assert ingo.performance(100.0, 75.0) == 75.0
    assert ingo.new_rating(90.0, 75.0) == 86.25
    result = ingo.SYSTEM.rate_event(_gauntlet(90.0, [100.0] * 4, [1.0, 1.0, 0.5, 0.5]))
    p = result.player("P")
    assert p.performance == pytest.approx(75.0)
    assert p.post == pytest.approx(86.25)
    # the scale runs upward from zero with the strongest smallest: winning lowers the number
    assert p.post is not None and p.post < 90.0


def test_ingo_new_player_gets_his_performance() -> None:
    result = ingo.SYSTEM.rate_event(_gauntlet(None, [100.0, 110.0], [0.0, 0.5]))
    assert result.player("P").post == pytest.approx(105.0 + 25.0)
    assert result.player("P").pre is None


# --- Harkness (§8.53) --------------------------------------------------------------------


def test_harkness_perfect_score_loses_points_L3179_constructed_TV18() -> None:
    # "a strong player can lose points even with a perfect score and a weak player can gain
    # by losing all his games": 2200 scores 4–0 against 1800s, R_p = 1800 + 50·4 = 2000
    strong = harkness.SYSTEM.rate_event(_gauntlet(2200.0, [1800.0] * 4, [1.0] * 4)).player("P")
    assert strong.performance == pytest.approx(2000.0)
    assert strong.post is not None and strong.post < 2200.0
    weak = harkness.SYSTEM.rate_event(_gauntlet(1400.0, [1800.0] * 4, [0.0] * 4)).player("P")
    assert weak.performance == pytest.approx(1600.0)
    assert weak.post is not None and weak.post > 1400.0


def test_harkness_formula_49_only_over_nine_games_L3177() -> None:
    # (49): R_c = 2000, P = 60 % → 2100 [constructed]; at 10 games (49) and (50) agree
    assert harkness.performance(2000.0, 6.0, 10) == (2100.0, "(49)")
    assert harkness.performance(2000.0, 6.0, 10)[0] == 2000.0 + 50 * (6 - 4)
    # 9 games is not "over nine": (50) gives +150 where (49) would give +166.7
    assert harkness.performance(2000.0, 6.0, 9) == (2150.0, "(50)")


def test_harkness_51_mean_of_last_four_performances() -> None:
    config = harkness.HarknessConfig()
    state = harkness.HarknessState(2000.0, 40, (1900.0, 2100.0, 2050.0))
    post, history = harkness.new_rating(state.performances, state.rating, 2150.0, config)
    assert post == pytest.approx((1900 + 2100 + 2050 + 2150) / 4)
    assert history == (1900.0, 2100.0, 2050.0, 2150.0)
    post5, history5 = harkness.new_rating(history, post, 1800.0, config)
    assert post5 == pytest.approx((2100 + 2050 + 2150 + 1800) / 4)
    assert len(history5) == 4


def test_harkness_missing_performances_decision_D_legacy_3() -> None:
    event = _gauntlet(2000.0, [2000.0] * 4, [1.0, 1.0, 1.0, 0.0])  # R_p = 2000 + 50·2
    by_rating = harkness.SYSTEM.rate_event(event).player("P")
    assert by_rating.post == pytest.approx((3 * 2000 + 2100) / 4)  # = Ingo's blend (48)
    known = with_options(harkness.HarknessConfig(), {"missing_performances": "known"})
    assert harkness.SYSTEM.rate_event(event, None, known).player("P").post == pytest.approx(2100)
    # a second event carries the first one's performance in the state
    first = harkness.SYSTEM.rate_event(event)
    second = harkness.SYSTEM.rate_event(event, {"P": first.states["P"]})
    assert second.states["P"].performances == (2100.0, 2100.0)


# --- BCF (§8.54) -------------------------------------------------------------------------


def test_bcf_grade_bands_L3183() -> None:
    # "248-241 Grade 1a 240-233 Grade 1b 232-225 Grade 2a etc."
    assert [bcf.grade_band(g) for g in (248, 241, 240, 233, 232, 225)] == [
        "1a", "1a", "1b", "1b", "2a", "2a",
    ]  # fmt: skip
    assert bcf.grade_band(224) == "2b" and bcf.grade_band(216) == "3a"  # the "etc."
    assert bcf.grade_band(260) == "1a"
    assert bcf.grade_band(240.6) == "1a" and bcf.grade_band(240.4) == "1b"


def test_bcf_needs_thirty_games_in_the_period_L3183() -> None:
    opponents = [150.0] * 30
    scores = [1.0] * 18 + [0.0] * 12  # 60 %
    graded = bcf.SYSTEM.rate_event(_gauntlet(140.0, opponents, scores)).player("P")
    assert graded.post == pytest.approx(150.0 + 10 * (60 - 50))  # (49)
    assert graded.method.startswith("(49)")
    short = bcf.SYSTEM.rate_event(_gauntlet(140.0, opponents[:29], scores[:29])).player("P")
    assert short.post == 140.0 and short.method == "too few games"
    entry = bcf.SYSTEM.list_entry(LegacyState(236.0, 30), bcf.BCFConfig())
    assert entry.mark == "1b"


# --- CCLA (§8.55) ------------------------------------------------------------------------


def test_ccla_52_constructed_TV19() -> None:
    c = ccla.CCLAConfig()
    # lower-rated 1600 beats 1800: +16 + .06·200 = +28, the loser −28
    assert ccla.game_change(1600.0, 1800.0, 1.0, c) == pytest.approx(28.0)
    assert ccla.game_change(1800.0, 1600.0, 0.0, c) == pytest.approx(-28.0)
    # higher beats lower: +16 − 12 = +4; lower −4
    assert ccla.game_change(1800.0, 1600.0, 1.0, c) == pytest.approx(4.0)
    assert ccla.game_change(1600.0, 1800.0, 0.0, c) == pytest.approx(-4.0)
    # draw: "The .06D goes from the higher-rated player to the lower, win, lose, or draw"
    assert ccla.game_change(1800.0, 1600.0, 0.5, c) == pytest.approx(-12.0)
    assert ccla.game_change(1600.0, 1800.0, 0.5, c) == pytest.approx(12.0)


def test_ccla_applies_after_each_game_in_order_L3189() -> None:
    event = _event({"A": 1600.0, "B": 1800.0, "C": 1700.0}, [("A", "B", 1.0), ("A", "C", 1.0)])
    result = ccla.SYSTEM.rate_event(event)
    # after game 1 A is 1628; game 2 against 1700: +16 + .06·72
    assert result.player("A").post == pytest.approx(1628.0 + 16 + 0.06 * 72)
    assert result.player("B").post == pytest.approx(1772.0)
    with pytest.raises(RatingError, match="initial_rating"):
        ccla.SYSTEM.rate_event(_event({"A": None, "B": 1800.0}, [("A", "B", 1.0)]))
    started = with_options(ccla.CCLAConfig(), {"initial_rating": "1500"})
    assert ccla.SYSTEM.rate_event(
        _event({"A": None, "B": 1800.0}, [("A", "B", 1.0)]), None, started
    ).player("A").post == pytest.approx(1500 + 16 + 0.06 * 300)


def test_ccla_class_rule_L3191() -> None:
    assert ccla.class_step(7, 0) == 1
    assert ccla.class_step(0, 7) == -1
    assert ccla.class_step(6, 4) == 0
    with pytest.raises(ConfigError):
        ccla.class_step(7, 4)


@given(
    st.floats(min_value=1000, max_value=2600),
    st.floats(min_value=-266, max_value=266),
    st.sampled_from([0.0, 0.5, 1.0]),
)
def test_ccla_is_the_linear_rule_game_by_game(r: float, d: float, s: float) -> None:
    # (52) ≡ R_o + K(W − ½ − D/k) with K = 32, K/k = .06 (spec part 2 TV-19 note), as long
    # as the linear P stays inside [0, 1], i.e. |D| ≤ k/2 = 266.7; (52) itself has no limit
    config = linear.LinearConfig(K=32.0, k=32.0 / 0.06)
    event = _event({"A": r, "B": r + d}, [("A", "B", s)])
    by_linear = linear.SYSTEM.rate_event(event, None, config).player("A").post
    by_ccla = ccla.SYSTEM.rate_event(event).player("A").post
    assert by_linear == pytest.approx(by_ccla, abs=1e-9)


# --- the general linear system (§8.56, §8.27) ---------------------------------------------

WIJK_OPPONENTS = [
    2600, 2600, 2555, 2575, 2615, 2470, 2550, 2600, 2510, 2560, 2410, 2470, 2485, 2445, 2460,
]  # fmt: skip
"""Portisch's opponents at Wijk aan Zee 1975 (seed L630–655; spec part 1 TV-06)."""


def test_elo_example_6_linear_performance_10_L743() -> None:
    # R_c = 2527, W = 10.5, L = 4.5, N = 15: R_p = 2527 + 400·6/15 = 2687
    scores = [1.0] * 6 + [0.5] * 9
    result = linear.SYSTEM.rate_event(_gauntlet(None, [float(r) for r in WIJK_OPPONENTS], scores))
    assert result.player("P").post == pytest.approx(2687.0)
    assert linear.performance(2527.0, 10.5 / 15) == pytest.approx(2687.0)


def test_elo_example_7_linear_rating_11_L755() -> None:
    # R_o = 2635, K = 10, C = 200, W − L = 6, ΣD_i = 1620: R_n = 2644.75
    config = with_options(linear.LinearConfig(), {"K": "10"})
    scores = [1.0] * 6 + [0.5] * 9
    event = _gauntlet(2635.0, [float(r) for r in WIJK_OPPONENTS], scores)
    p = linear.SYSTEM.rate_event(event, None, config).player("P")
    assert p.post == pytest.approx(2644.75)
    assert p.expected == pytest.approx(7.5 + 1620 / 800)


def test_uscf_formula_12_with_the_350_cap_constructed_TV07() -> None:
    # R_o = 1600, 3–2, Σ(R_i − R) = +150 → 1600 + 16 + 6 = 1622 (K = 32, k = 800)
    config = with_options(linear.LinearConfig(), {"cap": "350"})
    event = _gauntlet(1600.0, [1650.0, 1700.0, 1600.0, 1550.0, 1650.0], [1.0, 1.0, 1.0, 0.0, 0.0])
    assert linear.SYSTEM.rate_event(event, None, config).player("P").post == pytest.approx(1622.0)
    # a 500-point difference enters as 350 (L474): 16·(1 − 0) + .04·350 for a win over 2100
    capped = _gauntlet(1600.0, [2100.0], [1.0])
    post = linear.SYSTEM.rate_event(capped, None, config).player("P").post
    assert post == pytest.approx(1600 + 16 + 0.04 * 350)
    uncapped = linear.SYSTEM.rate_event(capped).player("P").post
    assert uncapped == pytest.approx(1600 + 16 + 0.04 * 400)  # P clipped at 0 only at 400


def test_linear_rectangular_limits_55_constructed_TV20() -> None:
    # k = 4C = 800: P = .75 → D = 200; D ∈ [−400, +400]; dP/dD = 1/800
    assert linear.performance(0.0, 0.75) == 200.0
    assert common.expectancy(400.0) == 1.0 and common.expectancy(-450.0) == 0.0
    assert common.expectancy(101.0) - common.expectancy(100.0) == pytest.approx(1 / 800)
    down = with_options(linear.LinearConfig(), {"direction": "down"})
    result = linear.SYSTEM.rate_event(_gauntlet(100.0, [100.0, 100.0], [1.0, 1.0]), None, down)
    assert result.player("P").post == pytest.approx(100.0 - 32.0)  # smaller is stronger


@given(
    st.lists(st.floats(min_value=1000, max_value=2400), min_size=2, max_size=6),
    st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=15, max_size=15),
    st.sampled_from([None, 350.0]),
)
def test_linear_system_is_zero_sum(
    ratings: list[float], results: list[float], cap: float | None
) -> None:
    ids = [f"p{i}" for i in range(len(ratings))]
    games = [
        (ids[i], ids[j], results[(i * 5 + j) % 15])
        for i in range(len(ids))
        for j in range(i + 1, len(ids))
    ]
    event = _event(dict(zip(ids, ratings, strict=True)), games)
    result = linear.SYSTEM.rate_event(event, None, linear.LinearConfig(cap=cap))
    assert math.fsum(p.change or 0.0 for p in result.players) == pytest.approx(0.0, abs=1e-7)


# --- Berkin's valued game points (§8.6) ---------------------------------------------------


def test_berkin_constructed_TV21() -> None:
    # R = 300, R_C = 200: W_e = .6 per game (63), 6 in 10 games (64); N_O = 30:
    # 6–4 gives ΔR = 0, 7–3 gives +16.67 (61); geometric mean of 100 and 400 is 200 (67)
    assert berkin.expected_score(300.0, 200.0) == pytest.approx(0.6)
    assert berkin.expected_score(300.0, 200.0, 10) == pytest.approx(6.0)
    assert berkin.match_change(300.0, 200.0, 6.0, 4.0, 30.0) == pytest.approx(0.0)
    assert berkin.match_change(300.0, 200.0, 7.0, 3.0, 30.0) == pytest.approx(16.6667, abs=1e-4)
    assert geometric_mean([100.0, 400.0]) == pytest.approx(200.0)


def test_berkin_match_61_is_a_point_bank_L3243() -> None:
    games = [("A", "B", 1.0)] * 7 + [("A", "B", 0.0)] * 3
    event = _event({"A": 300.0, "B": 200.0}, games, kind=EventKind.MATCH)
    result = berkin.SYSTEM.rate_event(event)
    assert result.player("A").post == pytest.approx(300 + 50 / 3)
    assert result.player("B").post == pytest.approx(200 - 50 / 3)
    assert result.player("A").method == "(61)"
    assert result.player("A").expected == pytest.approx(6.0)


def test_berkin_round_robin_62_uses_the_geometric_average_L3245() -> None:
    event = _event(
        {"A": 100.0, "B": 200.0, "C": 400.0},
        [("A", "B", 1.0), ("A", "C", 0.5), ("B", "C", 0.0)],
    )
    result = berkin.SYSTEM.rate_event(event)
    r_a = geometric_mean([100.0, 200.0, 400.0])
    a = result.player("A")
    assert a.method == "(62)"
    assert a.post == pytest.approx(100 + (r_a * 1.5 - 100 * 0.5) / 30)
    assert a.expected == pytest.approx(2 * 100 / (100 + r_a))  # (65)
    per_game = with_options(berkin.BerkinConfig(), {"round_robin": "per-game"})
    b = berkin.SYSTEM.rate_event(event, None, per_game).player("A")
    assert b.post == pytest.approx(100 + (200 * 1 + (400 * 0.5 - 100 * 0.5)) / 30)


def test_berkin_first_rating_57_and_ratio_scale_checks() -> None:
    event = _event({"N": None, "A": 200.0, "B": 800.0}, [("N", "A", 1.0), ("N", "B", 0.5)])
    n = berkin.SYSTEM.rate_event(event).player("N")
    assert n.post == pytest.approx(geometric_mean([200.0, 800.0]) * 1.5 / 0.5)
    perfect = _event({"N": None, "A": 200.0}, [("N", "A", 1.0)])
    assert berkin.SYSTEM.rate_event(perfect).player("N").post is None
    with pytest.raises(InputError, match="ratio"):
        berkin.SYSTEM.rate_event(_event({"A": 0.0, "B": 100.0}, [("A", "B", 1.0)]))


@given(
    st.lists(st.floats(min_value=10, max_value=5000), min_size=4, max_size=6),
    st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=12, max_size=12),
)
def test_berkin_swiss_is_zero_sum(ratings: list[float], results: list[float]) -> None:
    ids = [f"p{i}" for i in range(len(ratings))]
    games = [(ids[i], ids[(i + 1) % len(ids)], results[i]) for i in range(len(ids))]
    result = berkin.SYSTEM.rate_event(_event(dict(zip(ids, ratings, strict=True)), games))
    assert math.fsum(p.change or 0.0 for p in result.players) == pytest.approx(0.0, abs=1e-6)
