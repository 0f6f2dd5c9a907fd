"""Table 5.55, 114 historical matches (seed L1966–2092; spec part 1 TV-28)."""

from __future__ import annotations

import pytest

from arpad.curves import normal_expectancy
from arpad.errors import ConfigError
from arpad.historical import matches as hm


def test_all_114_rows_reproduce_from_D_N_P_L1972_L2090() -> None:
    rows = hm.book_matches()
    assert len(rows) == 114
    for r in rows:
        check = hm.check_match(r.d, r.games, r.score, p=r.p)
        assert check.expected == r.expected, r.seed_line
        assert check.sigma == r.sigma, r.seed_line
        assert check.deviation == pytest.approx(r.deviation), r.seed_line


def test_table_mode_reproduces_every_P_of_table_5_55_TV28() -> None:
    # P is Table 2.11 at D (spec part 1 TV-28); the lookup is the Elo system's
    from arpad.booktables import table_expectancy

    for r in hm.book_matches():
        check = hm.check_match(r.d, r.games, r.score, table_expectancy)
        assert (check.p, check.expected, check.sigma) == (r.p, r.expected, r.sigma), r.seed_line


def test_half_up_rounding_of_W_e_L2037() -> None:
    # 1929 Alekhine–Bogoljubow: 25 × .61 = 15.25 → 15.3 (Python's round() would give 15.2)
    assert round(25 * 0.61, 1) == 15.2
    assert hm.check_match(80, 25, 15.5, p=0.61).expected == 15.3


def test_sign_misprint_1934_L2041() -> None:
    row = next(r for r in hm.book_matches() if r.seed_line == 2041)
    assert (row.higher, row.lower, row.years) == ("Alekhine", "Bogoljubow", "1934")
    assert row.deviation == -1.7 and "+1.7" in row.note


def test_the_books_reading_of_the_table_L1960_L1962() -> None:
    rows = hm.book_matches()
    checks = [hm.check_match(r.d, r.games, r.score, p=r.p) for r in rows]
    summary = hm.summarize(checks, [r.halted for r in rows])
    assert summary.matches == 114
    assert summary.beyond_sigma == 9  # "In only 9 of the 114 matches"
    assert summary.lower_rated_won == 13  # "in 13 of the 114 matches the lower-rated ... won"
    assert summary.drawn == 20  # "while in 20 matches the result was a draw"
    assert summary.beyond_two_sigma == 0  # "no case ... approaching two standard deviations"
    # the 13 leave out D = 0 (Botvinnik–Smyslov 1957) and the halted 1984–85 match
    assert hm.summarize(checks).lower_rated_won == 14
    assert sum(c.score < c.games / 2 for c in checks) == 15
    halted = [r for r in rows if r.halted]
    assert [(r.higher, r.lower, r.years) for r in halted] == [("Kasparov", "Karpov", "1984-85")]


def test_continuous_normal_differs_from_table_mode_at_the_discriminators() -> None:
    # Table 2.11 gives .53 at D = 25, the continuous curve .5352 → .54 (spec part 1 §3.3)
    rows = hm.book_matches()
    check = hm.check_match(25, 17, 10.0, normal_expectancy)
    assert check.p == 0.54
    differing = [
        r for r in rows if hm.check_match(r.d, r.games, r.score, normal_expectancy).p != r.p
    ]
    # only D = 25 (.53 against .54) and D = 170 (.72 against .73) tell the modes apart here
    assert {r.d for r in differing} == {25, 170}
    exact = hm.check_match(25, 17, 10.0, normal_expectancy, p_digits=None)
    assert exact.p == pytest.approx(0.5352, abs=5e-5)


def test_check_match_needs_p_or_a_curve() -> None:
    with pytest.raises(ConfigError):
        hm.check_match(50, 10, 5.0)
    with pytest.raises(ConfigError):
        hm.check_match(50, 0, 0.0, p=0.57)
