"""P-Zero scores (spec TV-07, TV-08, TV-21)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.analysis.tournament_app import AppGame, AppInput, Entrant
from arpad.analysis.tournament_app.pzero import p_zero, ranking, z_scores

from .conftest import frankfurt, lewis_elo


def test_frankfurt_1997_pzero_trace_L609() -> None:
    # Spec TV-07 (derived game by game from the input of L609–L645).
    assert p_zero(frankfurt()) == pytest.approx(
        (13.291781, 4.515555, -4.430988, -13.376348), abs=5e-6
    )


def test_isle_of_lewis_1995_pzero_L1010() -> None:
    # L1010–L1013: (17.82, 2630), (4.49, 2600), (−8.90, 2655), (−13.40, 2510).
    p0 = p_zero(lewis_elo())
    assert [round(x, 2) for x in p0] == [17.82, 4.49, -13.40, -8.90]
    assert p0 == pytest.approx((17.820348, 4.486562, -13.402273, -8.904638), abs=5e-6)


def test_steinitz_blackburne_1876_pzero_trace_L77() -> None:
    # Spec TV-21: 4.5, 8.972582, 13.417033, 17.832567, 22.218320, 26.573331, 30.896524.
    trace = []
    for n in range(1, 8):
        t = AppInput(
            "m", "Chessmetrics", (Entrant("S", 2730), Entrant("B", 2648)), (AppGame(0, 1, 1.0),) * n
        )
        trace.append(p_zero(t)[0])
    assert trace == pytest.approx(
        [4.5, 8.972582, 13.417033, 17.832567, 22.218320, 26.573331, 30.896524], abs=5e-6
    )


def test_ranking_by_pzero_L1525() -> None:
    assert ranking(p_zero(lewis_elo())) == (0, 1, 3, 2)


def test_z_scores_use_the_sample_sd() -> None:
    # Spec TV-07: sample SD 11.4836 → 1.1575 …; population SD 9.9451 → 1.3365 ….
    p0 = p_zero(frankfurt())
    assert [round(z, 4) for z in z_scores(p0) if z is not None] == [
        1.1575,
        0.3932,
        -0.3859,
        -1.1648,
    ]
    assert [round(z, 4) for z in z_scores(p0, sample=False) if z is not None] == [
        1.3365,
        0.454,
        -0.4455,
        -1.345,
    ]


def test_z_scores_undefined_without_spread() -> None:
    assert z_scores([0.0, 0.0]) == (None, None)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([0.0, 0.5, 1.0])).filter(
            lambda g: g[0] != g[1]
        ),
        max_size=40,
    )
)
def test_pzero_sums_to_zero(raw: list[tuple[int, int, float]]) -> None:
    t = AppInput(
        "t",
        "Elo",
        tuple(Entrant(str(i), 2000.0) for i in range(6)),
        tuple(AppGame(w, b, s) for w, b, s in raw),
    )
    assert math.fsum(p_zero(t)) == pytest.approx(0.0, abs=1e-9)
