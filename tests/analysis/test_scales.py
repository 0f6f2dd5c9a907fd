"""Scales and probability functions compared (arpad.analysis.scales), seed §8.71–§8.74."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis import reliability as rel
from arpad.analysis import scales
from arpad.errors import ConfigError

# Table 8.71 (seed L3280–3282): interval, direct ratio, log10, log√10, ln
TABLE_8_71 = [
    ("Novice", 1000, 1_000, 3, 6, 6.91),
    ("Expert", 2000, 316_200, 5.5, 11, 12.66),
    ("World Champion", 2700, 17_780_000, 7.25, 14.5, 16.69),
]


@pytest.mark.parametrize("row", TABLE_8_71, ids=[r[0] for r in TABLE_8_71])
def test_scales_table_8_71_L3280(row: tuple[str, int, int, float, float, float]) -> None:
    _, interval, ratio, log10, log_sqrt10, ln = row
    v = scales.on_all_scales(float(interval))
    assert v.direct_ratio == pytest.approx(ratio, rel=2e-4)  # printed to 4 figures
    assert v.log10 == log10
    assert v.log_sqrt10 == log_sqrt10
    assert v.ln == pytest.approx(ln, abs=0.005)
    assert scales.interval_from_ratio(v.direct_ratio) == pytest.approx(interval)


def test_expert_novice_odds_on_the_base_10_scale_L3284() -> None:
    # "D = 2.5 between expert and novice, and thus ρ ... is 10^2.5, which is just 316.2"
    novice, expert = scales.on_all_scales(1000.0), scales.on_all_scales(2000.0)
    assert 10 ** (expert.log10 - novice.log10) == pytest.approx(316.2, abs=0.05)
    # on the direct ratio scale the same odds are the ratio of the ratings, and
    # P = R / (sum of both R)
    assert expert.direct_ratio / novice.direct_ratio == pytest.approx(316.2, abs=0.05)
    p = scales.ratio_expectancy(expert.direct_ratio, novice.direct_ratio)
    assert scales.odds(p) == pytest.approx(316.2, abs=0.05)


# Table of §8.73 (seed L3311–3322): D, P normal, P logistic, P linear, ρ normal, ρ log., ρ lin.
TABLE_8_73 = [
    (0, ".500", ".500", ".500", "1.00", "1.00", "1.00"),
    (50, ".570", ".571", ".563", "1.33", "1.33", "1.29"),
    (100, ".638", ".640", ".625", "1.76", "1.78", "1.67"),
    (150, ".702", ".703", ".688", "2.36", "2.37", "2.21"),
    (200, ".760", ".760", ".750", "3.17", "3.17", "3.00"),
    (250, ".812", ".808", ".812", "4.32", "4.21", "4.32"),
    (300, ".856", ".849", ".875", "5.94", "5.62", "7.00"),
    (350, ".893", ".882", ".938", "8.35", "7.47", "15.13"),
    (400, ".923", ".909", ".938", "11.99", "9.99", "15.13"),
    (450, ".945", ".930", ".938", "17.2", "13.3", "15.1"),
    (500, ".961", ".947", ".938", "24.6", "17.9", "15.1"),
    (600, ".983", ".969", ".938", "57.8", "31.3", "15.1"),
]


@pytest.mark.parametrize("row", TABLE_8_73, ids=[str(r[0]) for r in TABLE_8_73])
def test_probability_functions_table_8_73_L3311(row: tuple[object, ...]) -> None:
    d, p_n, p_log, p_lin, rho_n, rho_log, rho_lin = row
    comparison = scales.compare_functions([float(d)])[0]  # type: ignore[arg-type]
    assert comparison.logistic == pytest.approx(float(p_log), abs=5e-4)  # type: ignore[arg-type]
    # the linear column rounds exact halves either way (.5625 → .563, .8125 → .812)
    assert comparison.linear == pytest.approx(float(p_lin), abs=5e-4 + 1e-9)  # type: ignore[arg-type]
    # normal: within .002 (printed .923 at D = 400 where Φ(400/282.84) = .9214)
    assert comparison.normal == pytest.approx(float(p_n), abs=0.002)  # type: ignore[arg-type]
    # every ρ is P/(1 − P) of the printed three-decimal P, to three figures
    for p, rho in ((p_n, rho_n), (p_log, rho_log), (p_lin, rho_lin)):
        assert float(f"{scales.odds(float(p)):.3g}") == pytest.approx(float(rho), rel=2e-3)  # type: ignore[arg-type]


def test_normal_column_misprint_at_400_L3319() -> None:
    comparison = scales.compare_functions([400.0])[0]
    assert comparison.normal == pytest.approx(0.9214, abs=5e-5)  # printed .923 and .9207
    assert comparison.linear == 0.9375  # capped at D = 350


def test_discrimination_experiment_8_74_L3337() -> None:
    # printed: P normal .76/.9207/.9830, logistic .76/.9091/.9694; N = 100: ΔW_e 0/1.16/1.36,
    # SD 4.3/2.7/1.3; N = 1000: 11.6/13.6, SD 13.5/8.6/4.1
    rows100 = scales.discrimination_experiment(100)
    # logistic 3C is .969347, printed .9694
    assert [r.p_logistic for r in rows100] == pytest.approx([0.7597, 0.9091, 0.9694], abs=1e-4)
    assert [round(r.p_normal, 4) for r in rows100] == [0.7602, 0.9214, 0.9831]
    assert [round(r.sd, 1) for r in rows100] == [4.3, 2.7, 1.3]
    rows1000 = scales.discrimination_experiment(1000)
    # √(1000·p·q) is 8.54 at 2C whether p is .9214 or the printed .9207; the book prints 8.6
    assert [round(r.sd, 1) for r in rows1000] == [13.5, 8.5, 4.1]
    # with the book's printed P (.9207 for 2C) the printed differences follow exactly
    assert scales.DiscriminationRow(
        400.0, 100, 0.9207, 0.9091
    ).expected_difference == pytest.approx(1.16)
    assert scales.DiscriminationRow(
        600.0, 1000, 0.9830, 0.9694
    ).expected_difference == pytest.approx(13.6)
    assert scales.DiscriminationRow(400.0, 1000, 0.9207, 0.9091).sd == pytest.approx(8.54, abs=0.01)
    # the exact curves: N = 1000 gives 12.3 and 13.7 against 11.6 and 13.6 printed
    assert rows1000[1].expected_difference == pytest.approx(11.6, abs=0.8)
    assert rows1000[2].expected_difference == pytest.approx(13.6, abs=0.15)


def test_normal_table_development_8_94_L3517() -> None:
    # D = 160: "z = 160/282.84 = .566. The table gives .7143 and .2857" — the book read the
    # table at z rounded to .566; the exact z = .5657 gives .7142
    row = scales.compare_functions([160.0])[0]
    assert row.normal == pytest.approx(0.7142, abs=5e-5)
    assert 1 - row.normal == pytest.approx(0.2857, abs=2e-4)
    assert 1 - rel.normal_tail(0.566) == pytest.approx(0.7143, abs=5e-5)


def test_other_logarithmic_scales_note_8_36_L3828() -> None:
    # stellar magnitudes: base 100^(1/5) ≈ 2.51; two magnitudes "about 6.25" (exactly 6.31);
    # bels: base 10
    base = 100 ** (1 / 5)
    assert base == pytest.approx(2.51, abs=0.005)
    assert scales.log_scale_odds(2.0, base) == pytest.approx(6.31, abs=0.005)
    assert scales.log_scale_odds(5.0, base) == pytest.approx(100.0)
    assert scales.log_scale_odds(1.0, 10.0) == 10.0
    with pytest.raises(ConfigError):
        scales.log_scale_odds(1.0, 1.0)


def test_first_move_is_worth_fifty_points_L3511() -> None:
    assert scales.advantage_in_points(0.57) == pytest.approx(50, abs=2)
    assert scales.advantage_in_points(0.57, "normal") == pytest.approx(50, abs=1)
    with pytest.raises(ConfigError):
        scales.advantage_in_points(0.57, "linear")


def test_odds_at_one_class_interval_L3121() -> None:
    # base √10 = 3.1623 for the logistic; "3.1701" printed for the normal (exact 3.1710)
    assert scales.odds(scales.compare_functions([200.0])[0].logistic) == pytest.approx(
        3.1623, abs=1e-4
    )
    assert scales.odds(scales.compare_functions([200.0])[0].normal) == pytest.approx(
        3.1701, abs=0.001
    )


@given(st.floats(min_value=-1000, max_value=1000))
def test_functions_are_symmetric(d: float) -> None:
    a, b = scales.compare_functions([d, -d])
    assert a.normal + b.normal == pytest.approx(1.0)
    assert a.logistic + b.logistic == pytest.approx(1.0)
    assert a.linear + b.linear == pytest.approx(1.0)
