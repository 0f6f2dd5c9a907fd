"""Binomial and trinomial probabilities (arpad.analysis.small_samples).

Source: elo-rating-of-chessplayers-1986.txt ("seed") §8.8–§8.9; spec elo-book-part2.md
§1.18–§1.19, tables T9, T11, T12, vectors TV-22 to TV-28. The factor F (T10, TV-29) is
tested with the Elo system (tests/elo/test_booktables.py, tests/elo/test_formulas.py).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis import small_samples as ss
from arpad.errors import ConfigError


def test_binomial_four_games_even_chances_L3368() -> None:
    # L3368–3378: 1/16, 4/16, 6/16, 4/16, 1/16 for W = 0 … 4
    assert ss.binomial_distribution(4, 0.5) == pytest.approx(
        (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)
    )


def test_binomial_four_games_p_75_L3382() -> None:
    # L3382: W = 4 … 0: .3164 .4219 .2109 .0469 .0039, total 1.0000
    dist = ss.binomial_distribution(4, 0.75)
    printed = (0.0039, 0.0469, 0.2109, 0.4219, 0.3164)
    assert dist == pytest.approx(printed, abs=5e-5)
    assert math.fsum(dist) == pytest.approx(1.0)


def test_table_8_84_one_sigma_tail_L3390() -> None:
    # L3390–3393: P of scoring ≥ W_e + 1σ, p = q = ½; the limit for large N is .159 (L3395)
    printed = {4: 0.3125, 9: 0.254, 16: 0.227, 25: 0.212}
    for n, p in printed.items():
        assert ss.binomial_tail_above_expectation(n) == pytest.approx(p, abs=5e-4)
    assert ss.binomial_tail_above_expectation(4) == 5 / 16
    # "As N increases above 25, P continues to drop, approaching .159"
    assert ss.binomial_tail_above_expectation(400) == pytest.approx(0.159, abs=0.02)
    assert ss.binomial_tail_above_expectation(36) < 0.212


def test_drawn_match_1975_L3426() -> None:
    # L3426: 18!/(9!9!) (.6)^9 (.4)^9 = .128
    assert ss.drawn_match_probability(10, 0.6) == pytest.approx(0.128, abs=5e-4)
    assert ss.binomial_probability(9, 18, 0.6) == pytest.approx(0.12844, abs=5e-5)


def test_two_two_score_with_draws_L3444_L3466() -> None:
    # r = 0: 6/16; r = 1/3: 19/81 = .235; r = 1/2 (p = q = 1/4): 35/128 = .273
    def two_two(p: float, r: float) -> float:
        return math.fsum(ss.trinomial_probability(w, w, 4 - 2 * w, p, p, r) for w in range(3))

    assert two_two(0.5, 0.0) == pytest.approx(6 / 16)
    assert two_two(1 / 3, 1 / 3) == pytest.approx(19 / 81)
    assert two_two(0.25, 0.5) == pytest.approx(35 / 128)
    assert round(two_two(1 / 3, 1 / 3), 3) == 0.235
    assert round(two_two(0.25, 0.5), 3) == 0.273


def test_table_8_92_outcome_counts_L3476() -> None:
    assert [ss.outcome_counts(n) for n in (4, 9, 15, 30)] == [
        (9, 15),
        (19, 55),
        (31, 136),
        (61, 496),
    ]


# Trinomial table of §8.92 (seed L3484–3498): W, L, D, then columns A, B, C. The OCR lost
# the parameters of columns B and C; (.4, .4, .2) and (.5, .25, .25) reproduce every cell
# (spec part 2 E7, T12).
TRINOMIAL = [
    (0, 4, 0, 0.0123, 0.0256, 0.0039),
    (0, 3, 1, 0.0494, 0.0512, 0.0156),
    (1, 3, 0, 0.0494, 0.1024, 0.0313),
    (0, 2, 2, 0.0741, 0.0384, 0.0234),
    (1, 2, 1, 0.1481, 0.1536, 0.0938),
    (0, 1, 3, 0.0494, 0.0128, 0.0156),
    (2, 2, 0, 0.0741, 0.1536, 0.0938),
    (1, 1, 2, 0.1481, 0.0768, 0.0938),
    (0, 0, 4, 0.0123, 0.0016, 0.0039),
    (2, 1, 1, 0.1481, 0.1536, 0.1875),
    (1, 0, 3, 0.0494, 0.0128, 0.0313),
    (3, 1, 0, 0.0494, 0.1024, 0.1250),
    (2, 0, 2, 0.0741, 0.0384, 0.0938),
    (3, 0, 1, 0.0494, 0.0512, 0.1250),
    (4, 0, 0, 0.0123, 0.0256, 0.0625),
]
COLUMNS = [(1 / 3, 1 / 3, 1 / 3), (0.4, 0.4, 0.2), (0.5, 0.25, 0.25)]


@pytest.mark.parametrize("column", range(3), ids=["A", "B", "C"])
def test_trinomial_table_four_games_L3484(column: int) -> None:
    p, q, r = COLUMNS[column]
    table = ss.trinomial_table(4, p, q, r)
    assert [(o.wins, o.losses, o.draws) for o in table] == [row[:3] for row in TRINOMIAL]
    for o, row in zip(table, TRINOMIAL, strict=True):
        assert o.probability == pytest.approx(row[3 + column], abs=5e-5 + 1e-12)


def test_trinomial_column_sums_W_e_and_P_L3499_L3501() -> None:
    # The printed sums (.9999, 1.0000, 1.0002) are sums of the rounded cells.
    printed_sums = (0.9999, 1.0000, 1.0002)
    for column, printed in enumerate(printed_sums):
        assert math.fsum(row[3 + column] for row in TRINOMIAL) == pytest.approx(printed, abs=1e-9)
    # W_e 2.0, 2.0, 2.5 and P (one σ or more above W_e) .1852, .2176, .1875
    for (p, q, r), w_e, tail in zip(
        COLUMNS, (2.0, 2.0, 2.5), (0.1852, 0.2176, 0.1875), strict=True
    ):
        mean, _ = ss.score_moments(p, q, r)
        assert 4 * mean == pytest.approx(w_e)
        assert ss.trinomial_tail_above_expectation(4, p, q, r) == pytest.approx(tail, abs=5e-5)


def test_bad_probabilities_raise() -> None:
    with pytest.raises(ConfigError):
        ss.trinomial_probability(1, 1, 1, 0.5, 0.5, 0.5)
    with pytest.raises(ConfigError):
        ss.binomial_probability(5, 4, 0.5)


@given(
    st.integers(min_value=0, max_value=12),
    st.floats(min_value=0.0, max_value=1.0),
    st.floats(min_value=0.0, max_value=1.0),
)
def test_trinomial_sums_to_one_and_reduces_to_binomial(n: int, a: float, b: float) -> None:
    p, q = a * (1 - b), (1 - a) * (1 - b)
    r = 1.0 - p - q
    table = ss.trinomial_table(n, p, q, r)
    assert math.fsum(o.probability for o in table) == pytest.approx(1.0)
    assert len(table) == ss.outcome_counts(n)[1]
    assert len({o.score for o in table}) == ss.outcome_counts(n)[0]
    # with no draws (r = 0) the trinomial is the binomial (69)
    for w in range(n + 1):
        assert ss.trinomial_probability(w, n - w, 0, a, 1 - a, 0.0) == pytest.approx(
            ss.binomial_probability(w, n, a)
        )
