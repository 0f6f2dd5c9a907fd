"""Elo After and PRA After (spec §4.8, TV-20)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis.tournament_app import AppGame, AppInput, Entrant
from arpad.analysis.tournament_app.after import elo_after, pra_after

from .conftest import frankfurt

# Fischer's scores in the 20 games played of the 1972 World Championship, in order
# (games 1 and 3–21; game 2 was a forfeit). Public record, spec TV-20 [EXTERNAL].
FISCHER_1972 = [0, 1, 0.5, 1, 1, 0.5, 1, 0.5, 1, 0, 0.5, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1]


def match(scores: list[float]) -> AppInput:
    return AppInput(
        "World_Championship_1972",
        "Elo",
        (Entrant("Fischer", 2785.0), Entrant("Spassky", 2660.0)),
        tuple(AppGame(0, 1, s) for s in scores),
        2660.0,
    )


def test_fischer_spassky_1972_pra_after_L1739() -> None:
    # L1739–L1740: PRA After W.C. 2794.52 / 2650.48 (12.5–8.5 with the forfeit left out).
    after = pra_after(match(FISCHER_1972), [2785.0, 2660.0])
    assert after == pytest.approx((2794.5202, 2650.4798), abs=5e-5)


def test_forfeit_counted_as_a_game_would_miss_L1525() -> None:
    # Counting the game-2 forfeit gives 2791.18 / 2653.82 (spec §4.8): forfeits are not games.
    scores = [*FISCHER_1972[:1], 0.0, *FISCHER_1972[1:]]
    after = pra_after(match(scores), [2785.0, 2660.0])
    assert after == pytest.approx((2791.18, 2653.82), abs=5e-3)


def test_elo_after_is_sequential_logistic() -> None:
    t = AppInput(
        "x", "Elo", (Entrant("a", 2000.0), Entrant("b", 2000.0)), (AppGame(0, 1, 1.0),) * 2
    )
    first = 10 * (1 - 0.5)
    second = 10 * (1 - 1 / (1 + 10 ** (-(2 * first) / 400)))
    assert elo_after(t, [2000.0, 2000.0])[0] == pytest.approx(2000 + first + second)
    assert elo_after(t, [2000.0, 2000.0], k=20)[0] != elo_after(t, [2000.0, 2000.0])[0]


@given(st.lists(st.floats(2000, 2900), min_size=4, max_size=4))
def test_after_columns_are_zero_sum(ratings: list[float]) -> None:
    # Spec TV-12/TV-19 invariants: Σ(PRA After − initial) = 0, Σ(Elo After − initial) = 0.
    t = frankfurt()
    assert math.fsum(pra_after(t, ratings)) == pytest.approx(math.fsum(ratings), abs=1e-8)
    assert math.fsum(elo_after(t, ratings)) == pytest.approx(math.fsum(ratings), abs=1e-8)
