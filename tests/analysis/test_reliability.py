"""Reliability expressions and the z-M test (arpad.analysis.reliability).

Source: elo-rating-of-chessplayers-1986.txt (the "seed" below) §2.5, §2.6, §3.6, §8.95;
spec elo-book-part1.md §7 and elo-book-part2.md §1.22, §3.5.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis import reliability as rel
from arpad.errors import ConfigError

# Table 2.55 as printed (seed L819–832): games, SD in W, SD in E, PE in W, PE in E, CL.
TABLE_2_55 = [
    (5, "1.12", "126.5", ".76", "85.3", ".57"),
    (7, "1.32", "106.9", ".89", "72.1", ".65"),
    (9, "1.50", "94.3", "1.01", "63.6", ".71"),
    (10, "1.58", "89.4", "1.07", "60.3", ".74"),
    (12, "1.73", "81.6", "1.17", "55.0", ".78"),
    (15, "1.94", "73.0", "1.31", "49.2", ".83"),
    (20, "2.24", "63.2", "1.51", "42.6", ".89"),
    (25, "2.50", "56.6", "1.69", "38.2", ".92"),
    (30, "2.74", "51.6", "1.85", "34.8", ".95"),
    (40, "3.16", "44.7", "2.13", "30.2", ".975"),
    (50, "3.53", "40.0", "2.38", "27.0", ".988"),
    (60, "3.87", "36.5", "2.61", "25.3", ".994"),
    (80, "4.47", "31.6", "3.02", "21.3", ".997"),
    (100, "5.00", "28.3", "3.37", "19.1", ".998"),
]

# Cells where the printed value is not the formula's (spec part 1 §7.1 and §17 item 6).
MISPRINTED = {(50, "sd_score"), (60, "pe_rating"), (80, "confidence"), (100, "confidence")}


def _half_unit(printed: str) -> float:
    return 0.5 * 10 ** -len(printed.split(".")[1]) + 1e-9


@pytest.mark.parametrize("row", TABLE_2_55, ids=[str(r[0]) for r in TABLE_2_55])
def test_table_2_55_generated_from_formulas_L819(row: tuple[str, ...]) -> None:
    n = int(row[0])
    r = rel.reliability(n)
    for name, printed in (("sd_score", row[1]), ("sd_rating", row[2]), ("confidence", row[5])):
        value = getattr(r, name)
        if (n, name) in MISPRINTED:
            assert value != pytest.approx(float(printed), abs=_half_unit(printed))
        else:
            assert value == pytest.approx(float(printed), abs=_half_unit(printed)), name


@pytest.mark.parametrize("row", TABLE_2_55, ids=[str(r[0]) for r in TABLE_2_55])
def test_table_2_55_probable_error_is_6745_sd_L3525(row: tuple[str, ...]) -> None:
    # PE = .6745 × SD (L3525). The printed PE columns agree within one unit of their last
    # digit (the book rounded some from the rounded SD: N = 5 gives .6745 × 1.12 = .755 →
    # .76 where .6745 × √5/2 = .754), except PE in E at N = 60 (printed 25.3, formula 24.63).
    n = int(row[0])
    r = rel.reliability(n)
    for pe, name in ((row[3], "pe_score"), (row[4], "pe_rating")):
        value = getattr(r, name)
        if (n, name) in MISPRINTED:
            assert value == pytest.approx(24.63, abs=0.005)
            continue
        assert value == pytest.approx(float(pe), abs=2 * _half_unit(pe)), name


def test_table_2_55_differs_from_its_formulas_in_eight_cells() -> None:
    """decisions.md D-analysis-1: the formulas, rounded to the printed digits, differ from
    the printed table in exactly these eight cells (four misprints, four PE taken from a
    rounded SD)."""
    names = ("sd_score", "sd_rating", "pe_score", "pe_rating", "confidence")
    differ = {}
    for n, *printed in TABLE_2_55:
        r = rel.reliability(int(n))
        for name, cell in zip(names, printed, strict=True):
            ours = f"{getattr(r, name):.{len(cell.split('.')[1])}f}"
            if ours.lstrip("0") != cell.lstrip("0"):
                differ[(n, name)] = (cell, ours)
    assert differ == {
        (5, "pe_score"): (".76", "0.75"),
        (12, "pe_rating"): ("55.0", "55.1"),
        (15, "pe_rating"): ("49.2", "49.3"),
        (20, "pe_rating"): ("42.6", "42.7"),
        (50, "sd_score"): ("3.53", "3.54"),
        (60, "pe_rating"): ("25.3", "24.6"),
        (80, "confidence"): (".997", "0.998"),
        (100, "confidence"): (".998", "1.000"),
    }


def test_table_2_55_misprints_are_what_spec_says() -> None:
    # spec part 1 §7.1: SD_W(50) = 3.536, CL(80) = .9984, CL(100) = .9996
    assert rel.reliability(50).sd_score == pytest.approx(3.536, abs=5e-4)
    assert rel.reliability(80).confidence == pytest.approx(0.9984, abs=5e-5)
    assert rel.reliability(100).confidence == pytest.approx(0.9996, abs=5e-5)


def test_reliability_fifteen_and_thirty_games_TV12_L838() -> None:
    # §2.57 (L838): "In a fifteen-round tournament ... the confidence level is 83% and the
    # probable error is 49 rating points."
    r15 = rel.reliability(15)
    assert round(r15.confidence, 2) == 0.83
    assert round(r15.pe_rating) == 49
    r30 = rel.reliability(30)
    assert (round(r30.sd_score, 2), round(r30.sd_rating, 1)) == (2.74, 51.6)
    assert (round(r30.pe_score, 2), round(r30.pe_rating, 1), round(r30.confidence, 2)) == (
        1.85,
        34.8,
        0.95,
    )


def test_fischer_spassky_sd_and_probable_error_L834_L858() -> None:
    # §2.56 (L834) and §2.62 (L858): p = .625, N = 20 → PE 1.46, SD 2.17.
    sd = rel.score_sd(20, 0.625)
    assert sd == pytest.approx(2.17, abs=0.005)
    assert rel.probable_error(sd) == pytest.approx(1.46, abs=0.005)
    # "not much different from the 1.51 in the table"
    assert rel.probable_error(rel.score_sd(20)) == pytest.approx(1.51, abs=0.005)


def test_karpov_korchnoi_sd_L862() -> None:
    # §2.63 (L862): 60 % expectancy in 24 games → SD 2.4 game points.
    assert rel.score_sd(24, 0.60) == pytest.approx(2.4, abs=0.05)


def test_score_sd_examples_L3521_and_note_2_73_L3771() -> None:
    assert rel.score_sd(20, 0.75) == pytest.approx(1.94, abs=0.005)
    assert rel.score_sd(20, 0.5) == pytest.approx(2.24, abs=0.005)
    assert rel.score_sd(12) == pytest.approx(1.73, abs=0.005)


def test_performance_sd_and_confidence_15_games_L3523_L3531() -> None:
    assert rel.performance_sd(15) == pytest.approx(73, abs=0.5)
    # z = 100/73 = 1.37, area .4147 doubled .8294 (L3531)
    assert rel.confidence_level(15) == pytest.approx(0.8294, abs=0.001)


def test_probable_error_factor_L3525_and_one_sigma_share_L310() -> None:
    factor = rel.PROBABLE_ERROR_FACTOR
    assert factor == pytest.approx(0.6745, abs=5e-5)
    # ±1σ holds ".682" (L310): two-sided tail beyond 1σ is 1 − .6827
    check = rel.tolerance_check([0.0] * 1000, sd=1.0)
    assert 1 - check.expected_beyond_sd / 1000 == pytest.approx(0.682, abs=0.001)
    assert check.expected_beyond_pe == pytest.approx(500.0)


# Table 3.64 as printed (seed L1222–1227): games, then the excess at 10 %, 5 %, 1 %.
TABLE_3_64 = [
    (5, 1.43, 1.84, 2.61),
    (7, 1.69, 2.16, 3.08),
    (9, 1.92, 2.46, 3.50),
    (12, 2.21, 2.84, 4.03),
    (15, 2.48, 3.18, 4.52),
    (19, 2.79, 3.58, 5.08),
]


def test_table_3_64_generated_from_one_sided_normal_rule_L1222() -> None:
    # Printed values agree with z·√N/2 to within ±0.02 (the book used rounded z values).
    table = rel.exceptional_table()
    for printed, generated in zip(TABLE_3_64, table, strict=True):
        for p, g in zip(printed[1:], generated, strict=True):
            assert g == pytest.approx(p, abs=0.02)
    # a wrong reading (two-sided test) would give 1.84 at 10 %, not 1.43
    assert rel.exceptional_threshold(5, 0.05) == pytest.approx(1.84, abs=0.01)


def test_z_m_examples_L1229() -> None:
    # "If the excess game score in a 9-round tournament is 2.46 or more, the probability ...
    # is less than .05. Or if in a 12-round tournament the excess is 4.03 or greater ... .01"
    assert rel.excess_probability(2.46, 9) == pytest.approx(0.05, abs=0.002)
    assert rel.excess_probability(4.03, 12) == pytest.approx(0.01, abs=0.0005)
    assert rel.z_m_test(score=8.0, expected=5.5, games=9).exceptional
    assert not rel.z_m_test(score=7.5, expected=5.5, games=9).exceptional
    assert rel.z_m_test(score=10.0, expected=6.0, games=12, level=0.01).exceptional is False
    assert rel.z_m_test(score=10.1, expected=6.0, games=12, level=0.01).exceptional


def test_wijk_aan_zee_tolerance_L886() -> None:
    # §2.64 (L868–884): W − W_e per player, printed (Gligoric's "0.5" is .05, Browne's
    # ".20" is 8.0 − 7.82 = .18: spec part 1 §17 item 4). PE 1.27 and SD 1.91 as quoted.
    deviations = [
        0.76, 1.05, 0.55, 1.00, 0.05, -0.75, 2.44, 0.18,
        -0.95, 0.98, -1.15, 1.72, -0.56, -1.38, -1.58, -2.40,
    ]  # fmt: skip
    check = rel.tolerance_check(deviations, sd=1.91, probable_error=1.27)
    assert check.beyond_pe == 5  # "only 5 do so"
    assert check.expected_beyond_pe == pytest.approx(8, abs=0.5)  # "expects 8"
    assert check.beyond_sd == 2  # "only two do so"
    assert check.expected_beyond_sd == pytest.approx(5, abs=0.5)  # "5 ... expected"
    assert check.beyond_3pe == 0  # "none do so"
    assert check.expected_beyond_3pe == pytest.approx(0.05 * 16, abs=0.1)  # "5%"


def test_normal_tails_of_7_42_L2526() -> None:
    # heights: mean 70", SD 2.5" (A) or 2.63" (B, 5 % more); 10" over the mean is 4σ in A and
    # 3.8σ in B: ".0000317 and .0000725 ... one in 31,500 ... one in 13,800 ... a mere 5%
    # change in standard deviation produces a 130% change in probabilities"
    a = rel.normal_tail(10.0, 2.5)
    assert a == pytest.approx(0.0000317, abs=5e-8)
    assert rel.normal_tail(3.8) == pytest.approx(0.0000725, abs=5e-7)  # tables: .0000723
    assert 1 / a == pytest.approx(31_500, rel=0.01)
    assert 1 / rel.normal_tail(3.8) == pytest.approx(13_800, rel=0.01)
    assert rel.normal_tail(3.8) / a - 1 == pytest.approx(1.30, abs=0.02)
    with pytest.raises(ConfigError):
        rel.normal_tail(1.0, 0.0)


def test_feedback_points_L1247() -> None:
    assert rel.feedback_points(0.70, 0.60, 10) == pytest.approx(1.0)


def test_underrated_player_costs_each_opponent_07K_L1198() -> None:
    # §3.61 (printed "3.51"): "A 50-point difference between actual strength and indicated
    # rating ... can make as much as a 7% difference in expectancy, and each opponent of the
    # underrated player could lose .07K"; P(50) = .57 (spec part 1 TV-19)
    from arpad.curves import normal_expectancy

    p = round(normal_expectancy(50.0), 2)
    assert p == 0.57
    assert rel.feedback_points(p, 0.50, 32) == pytest.approx(0.07 * 32)


def test_bonus_brings_the_rating_within_one_sd_of_the_performance_L1245() -> None:
    # §3.74: 9 games, σ_p = 94.3; R_p 2400, R_n 2210 → bonus 95.7 to reach 2304.3
    assert rel.bonus_to_within_sd(2210.0, 2400.0, 9) == pytest.approx(
        2400 - 282.84 / 3 - 2210, abs=0.01
    )
    assert rel.bonus_to_within_sd(2350.0, 2400.0, 9) == 0.0


def test_bad_arguments_raise_config_error() -> None:
    with pytest.raises(ConfigError):
        rel.score_sd(0)
    with pytest.raises(ConfigError):
        rel.score_sd(10, 1.5)
    with pytest.raises(ConfigError):
        rel.exceptional_threshold(10, 0.0)
    with pytest.raises(ConfigError):
        rel.score_sd_from_expectancies([])


@given(st.integers(min_value=1, max_value=500), st.floats(min_value=0.0, max_value=1.0))
def test_p_half_gives_the_maximum_sd(n: int, p: float) -> None:
    # §2.56 (L834): p = q = ½ "produces the maximum error values"
    assert rel.score_sd(n, p) <= rel.score_sd(n) + 1e-12
    assert rel.score_sd_from_expectancies([p] * n) == pytest.approx(rel.score_sd(n, p))


@given(st.integers(min_value=1, max_value=400))
def test_confidence_grows_with_games(n: int) -> None:
    assert rel.confidence_level(n + 1) > rel.confidence_level(n)
    assert rel.exceptional_threshold(n, 0.01) > rel.exceptional_threshold(n, 0.05)
