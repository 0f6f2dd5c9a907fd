"""Two open-source libraries' published US Chess vectors, reproduced by arpad's estimator.

Both libraries compute the bonus threshold as B·√min(m, 4); the document's is B·√max(m, 4)
(us-chess-rating-system-2020.txt §4.2, L296–300: m′ = max(m, 4)). Their vectors below all
have m ≤ 4 (where the two agree, or no bonus is due), so arpad reproduces every one of them
exactly; the last test shows where the two thresholds part (m = 3 and m > 4) and that
arpad's is the document's. Only published numbers are used, never the libraries' code.

- skillratings (Rust crate, atomflunder/skillratings, ``src/uscf.rs`` tests ``test_uscf``,
  ``test_uscf_rating_period_proper``, ``test_get_boost_value``);
- elochess (PyPI, Moritz72/elochess, ``tests/data/uscf_samples.json``; B = 10), its
  established-player (N = 50) samples; the others use its own provisional approximation,
  not the special formula.
"""

from __future__ import annotations

import math

import pytest

from arpad.systems.uscf2020 import USCFConfig
from arpad.systems.uscf2020.rating import estimate

SKILLRATINGS = [
    # (rating, N, [(opponent, score)], B, published new rating)
    (1300.0, 32, [(1200.0, 1.0)], 14.0, 1319.0607266129887),  # test_uscf, player one
    (1200.0, 32, [(1300.0, 0.0)], 14.0, 1179.6145761968105),  # test_uscf, player two
    (  # test_uscf_rating_period_proper (t = 12)
        1300.0,
        45,
        [(1250.0, 1.0), (1400.0, 0.5), (1500.0, 1.0), (1550.0, 1.0)],
        12.0,
        1464.80488826172,
    ),
]


@pytest.mark.parametrize(("rating", "games", "results", "b", "published"), SKILLRATINGS)
def test_skillratings_standard_formula_vectors(
    rating: float, games: int, results: list[tuple[float, float]], b: float, published: float
) -> None:
    got = estimate(rating, games, results, USCFConfig(B=b))
    assert got.post == pytest.approx(published, abs=1e-9)


def test_skillratings_bonus_vector_m4() -> None:
    """``test_get_boost_value``: 1300 (N = 45) scores 3½ of 4 at t = 12: bonus 70.402444…"""
    results = [(1250.0, 1.0), (1400.0, 0.5), (1500.0, 1.0), (1550.0, 1.0)]
    got = estimate(1300.0, 45, results, USCFConfig(B=12.0))
    assert got.bonus == pytest.approx(70.40244413085996, abs=1e-9)


ELOCHESS = [
    # (rating, [opponents], [scores] with the sample's total, published rounded rating)
    (1900.0, [1700.0, 1800.0, 1900.0, 2000.0], [1.0, 1.0, 0.5, 0.0], 1907),
    (2300.0, [1700.0, 1800.0, 1900.0, 2000.0], [1.0, 1.0, 0.5, 0.0], 2281),
    (2500.0, [2500.0, 2600.0], [0.5, 0.0], 2494),
]


@pytest.mark.parametrize(("rating", "opponents", "scores", "published"), ELOCHESS)
def test_elochess_established_samples(
    rating: float, opponents: list[float], scores: list[float], published: int
) -> None:
    """N = 50, not dual-rated, B = 10 (the library's constant); the standard formula
    depends on the total score only, so any split of the sample's score gives it."""
    got = estimate(rating, 50, list(zip(opponents, scores, strict=True)), USCFConfig(B=10.0))
    assert got.post is not None and round(got.post) == published


@pytest.mark.parametrize("m", [3, 5, 6, 8])
def test_bonus_threshold_is_b_sqrt_max_m_4_where_the_libraries_differ(m: int) -> None:
    """A player who wins every game against equal opponents earns K·(S − E) − B·√max(m, 4)
    (§4.2 L296–300). With √min(m, 4) the threshold is lower wherever m ≠ 4 (√3 < √4 for
    m = 3, √4 < √m for m > 4), so the libraries give a larger bonus than the federation."""
    b = 14.0
    got = estimate(1500.0, 50, [(1500.0, 1.0)] * m, USCFConfig(B=b))
    assert got.k is not None and got.expected is not None
    gain = got.k * (m - got.expected)
    assert got.bonus == pytest.approx(max(0.0, gain - b * math.sqrt(max(m, 4))), abs=1e-9)
    wrong = max(0.0, gain - b * math.sqrt(min(m, 4)))
    assert got.bonus != pytest.approx(wrong, abs=1e-6)
