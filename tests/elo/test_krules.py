"""Every K rule of the book: (19), (36), tables T1–T3, FIDE's 25/15/10 (§4.56)."""

from __future__ import annotations

import pytest

from arpad.errors import ConfigError
from arpad.systems.elo.krules import (
    FideK,
    K25Ends,
    games_for_k,
    k_from_games,
    k_test,
    practice_k,
    precision_k,
)


def test_k_from_n_o_TV02_L2905_L2993() -> None:
    # K = 4σ/N_O: N_O = 25 → 32 (USCF), 50 → 16.
    assert k_from_games(25) == 32
    assert k_from_games(50) == 16
    with pytest.raises(ConfigError):
        k_from_games(0)


def test_k_and_games_TV27_L1758_L1776() -> None:
    # "With K set at 25, the rating achieved after 30 games is just about equal to the R_P"
    # (L1758); 15 ↔ "exceeds fifty games", 10 ↔ "approach eighty games" (L1776).
    assert games_for_k(25) == 32
    assert games_for_k(15) == pytest.approx(53.3, abs=0.05)
    assert games_for_k(10) == 80


# Table T1 (§8.28, L3032–3036): K, N, N_O → σ_p, |R_P − R_O| limit, |ΔR| limit, ratio, P.
T1 = [
    (32, 5, 25, 126, 236, 47, 1.87, 0.94),
    (32, 9, 25, 94, 220, 79, 2.34, 0.98),
    (16, 10, 50, 89, 167, 33, 1.88, 0.94),
    (16, 19, 50, 65, 157, 60, 2.42, 0.98),
]


@pytest.mark.parametrize(("k", "n", "n_o", "sigma", "lim_p", "lim_d", "ratio", "p"), T1)
def test_table_T1_test_of_k_L3032(
    k: int, n: int, n_o: int, sigma: int, lim_p: int, lim_d: int, ratio: float, p: float
) -> None:
    t = k_test(k, n)
    assert t.n_o == n_o
    assert t.sigma_p == sigma
    assert t.performance_limit == pytest.approx(lim_p, abs=0.5)
    assert t.change_limit == pytest.approx(lim_d, abs=0.5)
    assert t.ratio == pytest.approx(ratio, abs=0.005)
    assert t.probability == pytest.approx(p, abs=0.005)


def test_k_test_needs_n_below_n_o() -> None:
    with pytest.raises(ConfigError):
        k_test(32, 25)


@pytest.mark.parametrize(
    ("n", "k"),
    # Table T2 (§8.28, L3052–3053): K = 4σ/(√(30N) + N), printed rounded.
    [
        (5, 46),
        (7, 37),
        (9, 31),
        (12, 26),
        (15, 22),
        (19, 19),
        (24, 16),
        (30, 13),
        (40, 11),
        (60, 8),
    ],
)
def test_table_T2_precision_modulus_k_L3052(n: int, k: int) -> None:
    assert precision_k(30, n) == pytest.approx(k, abs=0.5)


def test_table_T3_k_by_range_of_n_L3057() -> None:
    assert [practice_k("uscf", n) for n in (4, 5, 12, 13)] == [None, 32, 32, None]
    assert [practice_k("fide", n) for n in (10, 11, 20, 29, 30, 60, 61)] == [
        None,
        15,
        15,
        None,
        10,
        10,
        None,
    ]
    with pytest.raises(ConfigError):
        practice_k("bcf", 10)


def test_fide_k_schedule_L1760() -> None:
    k = FideK()
    assert k.k(0, 0, False) == 25
    assert k.k(3, 30, False) == 15
    assert k.k(3, 30, True) == 10  # "after which it becomes 10 permanently"
    assert k.k(0, 0, True) == 25  # a new player is new, whatever his rating


@pytest.mark.parametrize(
    ("events", "games", "first", "last"),
    # Vectors where "whichever comes first" and "…last" differ.
    [(3, 12, 15, 25), (1, 34, 15, 25), (2, 29, 25, 25), (3, 30, 15, 15)],
)
def test_fide_k_three_events_or_thirty_games(
    events: int, games: int, first: float, last: float
) -> None:
    assert FideK(ends=K25Ends.FIRST).k(events, games, False) == first
    assert FideK(ends=K25Ends.LAST).k(events, games, False) == last
