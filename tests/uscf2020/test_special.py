"""The special formula (knot algorithm, us-chess-rating-system-2020.txt §4.1, L175-249)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.systems.uscf2020.formulas import (
    SpecialInput,
    special_knots,
    special_objective,
    special_rating,
)

ratings = st.floats(min_value=100, max_value=2800, allow_nan=False)
halves = st.integers(min_value=0, max_value=2)


def _random_input(rng: random.Random) -> SpecialInput:
    m = rng.randint(1, 9)
    centre = rng.uniform(300, 2500)
    opps = tuple(
        rng.choice([round(rng.gauss(centre, 300)), rng.uniform(100, 2800)]) for _ in range(m)
    )
    # Repeated ratings exercise duplicate knots (Q < 2m + 2).
    if rng.random() < 0.2:
        opps = tuple(float(round(o, -2)) for o in opps)
    score = rng.randint(0, 2 * m) / 2
    kind = rng.random()
    return SpecialInput(
        r0=float(round(rng.uniform(100, 2700), rng.choice([0, 2]))),
        n_eff=rng.choice([0.0, 1.0, 3.0, rng.uniform(0, 20)]),
        opponents=opps,
        score=score,
        all_wins=kind < 0.1,
        all_losses=0.1 <= kind < 0.2,
    )


def _root_interval(x: SpecialInput) -> tuple[float, float]:
    """An independent root finder: f is non-decreasing, so bisection finds the lowest and
    highest R with f(R) = 0 (within a tight tolerance)."""

    def bisect(pred_low: float, lo: float, hi: float) -> float:
        # smallest R in [lo, hi] with f(R) >= pred_low
        for _ in range(200):
            mid = (lo + hi) / 2
            if special_objective(mid, x) >= pred_low:
                hi = mid
            else:
                lo = mid
        return hi

    knots = special_knots(x)
    lo, hi = knots[0] - 1000.0, knots[-1] + 1000.0
    tol = 1e-9
    a = bisect(-tol, lo, hi)
    b = bisect(tol, lo, hi) if special_objective(hi, x) > tol else math.inf
    return a, b


def test_uscf2020_special_matches_independent_root_finder_L203() -> None:
    # f(R) = 0 at the special rating (L203). The knot algorithm must land in the root set
    # that bisection finds, over thousands of random players (fixed seed: reproducible).
    rng = random.Random(20200611)
    checked_unique = 0
    for _ in range(4000):
        x = _random_input(rng)
        r = special_rating(x, cap=None)
        a, b = _root_interval(x)
        assert a - 1e-6 <= r <= b + 1e-6, (x, r, a, b)
        assert abs(special_objective(r, x)) <= 1e-6
        if b - a < 1e-6:
            checked_unique += 1
            assert r == pytest.approx(a, abs=1e-6)
    assert checked_unique > 1000  # most random inputs have a unique root


def test_uscf2020_special_p_zero_tie_rule_L244() -> None:
    # Step 4(b): when f = 0 on a whole segment with no opponent within 400 points, the
    # rating is R0 if R0 lies in that segment. Unrated (N' = 0) player beats a 1000 and
    # loses to a 2000: f = 0 on [1400, 1600]; R0 = 1500 lies inside → 1500.
    x = SpecialInput(r0=1500.0, n_eff=0.0, opponents=(1000.0, 2000.0), score=1.0)
    assert special_rating(x) == 1500.0
    # R0 below the segment → its lower end z_a; above → its upper end z_b.
    assert special_rating(SpecialInput(900.0, 0.0, (1000.0, 2000.0), 1.0)) == 1400.0
    assert special_rating(SpecialInput(2100.0, 0.0, (1000.0, 2000.0), 1.0)) == 1600.0


def test_uscf2020_special_first_estimate_is_exact_inside_all_ranges_L213() -> None:
    # When every opponent is within 400 of the answer, M of step 1 is already the root:
    # M = (N'R0 + ΣRi + 400(2S − m))/(N' + m). R0 = 1500, N' = 4, opponents 1400 and 1600,
    # 1.5/2: M = (6000 + 3000 + 400)/6 = 1566.67.
    x = SpecialInput(1500.0, 4.0, (1400.0, 1600.0), 1.5)
    assert special_rating(x) == pytest.approx(9400 / 6, abs=1e-9)


def test_uscf2020_special_cap_2700_L249() -> None:
    x = SpecialInput(2650.0, 5.0, (2600.0, 2650.0, 2700.0), 3.0)
    assert special_rating(x, cap=None) > 2700.0
    assert special_rating(x) == 2700.0


def test_uscf2020_special_all_wins_and_losses_adjustments_L187() -> None:
    # A previous all-wins record (R'0 = R0 − 400, S' = S + N') makes the prior act as N'
    # wins over a player 400 below; the result is then no lower than with a mixed record.
    base = SpecialInput(1500.0, 5.0, (1500.0, 1500.0), 2.0)
    wins = SpecialInput(1500.0, 5.0, (1500.0, 1500.0), 2.0, all_wins=True)
    losses = SpecialInput(1500.0, 5.0, (1500.0, 1500.0), 0.0, all_losses=True)
    assert special_rating(wins) >= special_rating(base)
    assert special_rating(losses) <= 1500.0


@settings(max_examples=300)
@given(ratings, st.floats(min_value=0.5, max_value=8), st.lists(ratings, min_size=1, max_size=8))
def test_wins_never_lower_and_losses_never_raise_a_special_rating(
    r0: float, n_eff: float, opps: list[float]
) -> None:
    # §4.1 L179: "ensuring that a rating does not decrease from wins or increase from losses".
    all_won = special_rating(SpecialInput(r0, n_eff, tuple(opps), float(len(opps))), cap=None)
    all_lost = special_rating(SpecialInput(r0, n_eff, tuple(opps), 0.0), cap=None)
    assert all_won >= r0 - 1e-9
    assert all_lost <= r0 + 1e-9


@settings(max_examples=300)
@given(
    ratings,
    st.floats(min_value=0, max_value=8),
    st.lists(st.tuples(ratings, halves), min_size=1, max_size=8),
    st.integers(min_value=0, max_value=7),
)
def test_more_score_never_gives_a_lower_special_rating(
    r0: float, n_eff: float, games: list[tuple[float, int]], which: int
) -> None:
    opps = tuple(g[0] for g in games)
    score = sum(g[1] for g in games) / 2
    i = which % len(games)
    if games[i][1] == 2:
        return
    better = score + 0.5
    lo = special_rating(SpecialInput(r0, n_eff, opps, score), cap=None)
    hi = special_rating(SpecialInput(r0, n_eff, opps, better), cap=None)
    assert hi >= lo - 1e-9
