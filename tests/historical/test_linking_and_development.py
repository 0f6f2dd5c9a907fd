"""Linking periods by least squares (§5.42) and the development-curve tools (§5.5–§6.4)."""

from __future__ import annotations

import itertools

import pytest

from arpad.errors import ConfigError, RatingError
from arpad.historical import development as dev
from arpad.historical.linking import PeriodRatings, link_periods
from tests.conftest import seed_line

SEED = "elo-rating-of-chessplayers-1986.txt"


def test_linking_recovers_the_shift_between_periods() -> None:
    # Three periods of the same strengths, each on its own arbitrary zero.
    truth = {"A": 2600.0, "B": 2500.0, "C": 2450.0, "D": 2400.0, "E": 2550.0}
    p1 = PeriodRatings("1850s", {k: truth[k] - 2000 for k in "ABC"})
    p2 = PeriodRatings("1860s", {k: truth[k] - 2100 for k in "BCD"})
    p3 = PeriodRatings("1870s", {k: truth[k] + 40 for k in "DE"})
    linked = link_periods([p1, p2, p3])
    assert linked.offsets == pytest.approx((0.0, 100.0, -2040.0))
    assert linked.links == (2, 1)
    assert linked.rating("E", 2) == pytest.approx(truth["E"] - 2000)
    assert linked.history("C") == [("1850s", 450.0), ("1860s", pytest.approx(450.0))]


def test_linking_weighs_links_by_games() -> None:
    # Two links disagree (one player improved): the one with more games pulls harder.
    a = PeriodRatings("a", {"X": 0.0, "Y": 0.0}, games={"X": 100, "Y": 4})
    b = PeriodRatings("b", {"X": 10.0, "Y": 50.0}, games={"X": 100, "Y": 4})
    offset = link_periods([a, b]).offsets[1]
    w_x, w_y = 1 / (2 / 100), 1 / (2 / 4)
    assert offset == pytest.approx(-(10 * w_x + 50 * w_y) / (w_x + w_y))
    assert -50 < offset < -10


def test_linking_with_the_age_curve() -> None:
    # A player aged 21 then 36 is expected to gain 120 (§5.67): no shift is then needed.
    a = PeriodRatings("a", {"X": 2400.0}, year=1900.0)
    b = PeriodRatings("b", {"X": 2520.0}, year=1915.0)
    plain = link_periods([a, b])
    aged = link_periods([a, b], age_curve=dev.composite_age_curve, birth_years={"X": 1879.0})
    assert plain.offsets[1] == pytest.approx(-120.0)
    assert aged.offsets[1] == pytest.approx(0.0)
    with pytest.raises(ConfigError):
        link_periods([a, b], age_curve=dev.composite_age_curve)


def test_unlinked_period_is_an_error() -> None:
    a = PeriodRatings("a", {"X": 0.0})
    b = PeriodRatings("b", {"Y": 0.0})
    with pytest.raises(RatingError):
        link_periods([a, b])
    assert link_periods([a]).offsets == (0.0,)
    # all-pairs linking bridges a gap the chain cannot
    c = PeriodRatings("c", {"X": 5.0, "Y": 7.0})
    linked = link_periods([a, b, c], neighbours_only=False)
    assert linked.offsets == pytest.approx((0.0, 2.0, -5.0))


def test_tables_transcribed_from_the_seed_L2122_L2173_L2195() -> None:
    years = seed_line(SEED, 2122).split("\t")[1:]
    counts = seed_line(SEED, 2123).split("\t")[1:]
    averages = seed_line(SEED, 2124).split("\t")[1:]
    assert [
        (int(y), int(n), int(a)) for y, n, a in zip(years, counts, averages, strict=True)
    ] == list(dev.CENTURY_OF_IMPROVEMENT)
    for line in range(2163, 2174):
        age, early, late = seed_line(SEED, line).split("\t")
        assert dev.EARLY_ACHIEVERS[int(age)] == int(early)
        assert dev.LATE_ACHIEVERS.get(int(age)) == (None if late == "—" else int(late))
    groups = list(dev.TITLEHOLDER_AGES)
    for line, level in ((2195, 2300), (2196, 2400), (2197, 2500)):
        cells = seed_line(SEED, line).split("\t")[1:]
        assert [None if c == "" else float(c) for c in cells] == [
            dev.TITLEHOLDER_AGES[g][level] for g in groups
        ]


def test_introduction_ages_L2202() -> None:
    for line, key in ((2202, "learned the moves"), (2203, "began organized competition")):
        _, ages, average = seed_line(SEED, line).split("\t")
        low, high = (int(x) for x in ages.split(" - "))
        assert dev.INTRODUCTION_AGES[key] == (low, high, float(average))


def test_century_of_improvement_L2126() -> None:
    # "The average improvement over the century has been somewhat less than half a class
    # interval, about half of it during the last quarter century"
    first, last = dev.CENTURY_OF_IMPROVEMENT[0][2], dev.CENTURY_OF_IMPROVEMENT[-1][2]
    assert 0 < last - first < 100
    assert last - dev.CENTURY_OF_IMPROVEMENT[-2][2] == pytest.approx((last - first) / 2, abs=5)


def test_composite_age_curve_through_the_books_points_L2103() -> None:
    assert dev.composite_age_curve(21) == pytest.approx(0.0)
    assert dev.composite_age_curve(36) == pytest.approx(120.0)
    assert dev.composite_age_curve(63) == pytest.approx(0.0)
    # "The decline is slower than the rise"
    assert dev.composite_age_curve(36 + 10) > dev.composite_age_curve(36 - 10)
    ages = [20 + 0.5 * k for k in range(90)]
    peak = max(ages, key=dev.composite_age_curve)
    assert peak == 36


def test_best_five_year_average_sustained_peak_L1933() -> None:
    yearly = [(1900, 2500.0), (1901, 2600.0), (1902, 2650.0), (1903, 2620.0), (1904, 2610.0),
              (1905, 2700.0), (1906, 2400.0), (1907, 2380.0)]  # fmt: skip
    best = dev.best_average(yearly)
    # the single best year (2700) is not the sustained peak: 1901–1905 averages 2636
    assert best.value == pytest.approx((2600 + 2650 + 2620 + 2610 + 2700) / 5)
    assert (best.start, best.end, best.points) == (1901, 1905, 5)
    weighted = dev.best_average(yearly, weights=[1, 1, 1, 1, 1, 9, 1, 1])
    assert weighted.start in (1901, 1902, 1903, 1904, 1905)
    with pytest.raises(ConfigError):
        dev.best_average(yearly[:2], min_points=3)


def test_attainment_ages_from_table_6_32_L2160() -> None:
    early = sorted(dev.EARLY_ACHIEVERS.items())
    late = sorted(dev.LATE_ACHIEVERS.items())
    assert dev.age_at_level(early, 2300) == pytest.approx(16 + 45 / 60)
    assert dev.age_at_level(late, 2300) == pytest.approx(20 + 5 / 30)
    assert dev.age_at_level(early, 2500) is None
    assert dev.age_at_level(early, 1500) == 12.0
    # "between the ages 12 and 18 ... a player may gain as much as 150 points per year"
    gains = [b - a for (_, a), (_, b) in itertools.pairwise(early)]
    assert max(gains) >= 150


def test_gain_after_21_and_composite_curve_L2147() -> None:
    steinitz_like = [(21.0, 2400.0), (30.0, 2550.0), (40.0, 2620.0), (50.0, 2580.0)]
    capablanca_like = [(20.0, 2600.0), (21.0, 2610.0), (33.0, 2675.0), (50.0, 2600.0)]
    assert dev.gain_after(steinitz_like) == pytest.approx(220.0)  # "over 200 points"
    assert dev.gain_after(capablanca_like) == pytest.approx(65.0)  # "only about 65"
    composite = dict(dev.composite_curve([steinitz_like, capablanca_like], [21.0, 30.0, 40.0]))
    assert composite[21.0] == 0.0
    assert composite[30.0] == pytest.approx((150.0 + (2610 + 65 * 9 / 12 - 2610)) / 2)
    with pytest.raises(ConfigError):
        dev.gain_after(steinitz_like, age=18.0)


def test_smoothing_by_least_squares_L1906() -> None:
    points = [(float(a), 2400.0 + dev.composite_age_curve(a)) for a in range(21, 64, 3)]
    curve = dev.smooth(points, degree=4)
    assert curve(36.0) == pytest.approx(2520.0, abs=5.0)
    with pytest.raises(ConfigError):
        dev.smooth(points[:3], degree=3)
