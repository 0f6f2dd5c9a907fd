"""Berard's EAComp and its inverse (arpad.curves), spec TV-02 and TV-05."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad import curves
from arpad.curves import eacomp_difference, eacomp_expectancy

SEED = "berard-pra-and-tournament-app.txt"
diffs = st.floats(min_value=-2500, max_value=2500, allow_nan=False)


def test_eacomp_82_points_example_L679() -> None:
    # Eq. (17), L677–L681: E(82) = 0.6 − √((82 − 150)/−15000) = 0.53266996707758614697757742721954
    # (to double precision: the C expression lands one ulp below the nearest double).
    assert eacomp_expectancy(82.0) == pytest.approx(0.53266996707758614697757742721954, abs=3e-16)


@pytest.mark.parametrize(
    ("d", "expected"),
    [
        # Spec §1.3 reference table; the line pieces hit the rules of thumb of L206–L212.
        (0.0, 0.5),
        (50.0, 0.5183503419072274),
        (100.0, 0.5422649730810374),
        (-100.0, 0.4577350269189626),
        (125.0, 0.5591751709536137),
        (150.0, 0.6),
        (250.0, 0.7),
        (300.0, 0.75),
        (-300.0, 0.25),
        (350.0, 0.8),
        (450.0, 0.9),
        (-450.0, 0.1),
        (1000.0, 0.9638284738504226),
        (-1000.0, 0.0361715261495775),
        (1800.0, 1.0),
        (1801.0, 1.0),
        (-1800.0, 0.0),
        (-1801.0, 0.0),
    ],
)
def test_eacomp_reference_values(d: float, expected: float) -> None:
    assert eacomp_expectancy(d) == pytest.approx(expected, abs=1e-15)


def test_eacomp_branch_edges_follow_the_c_code() -> None:
    # L190–L199: `diffT > 1800` → 1, `diffT <= -1800` → 0; (450, 1800] is the outer arc
    # whose top is exactly 1 at 1800, so both readings agree at +1800; at −1800 the arc
    # would also give 0. Inside, each edge belongs to the lower piece (`<=`), e.g. 150 is
    # on the inner arc: 0.6 − √0 = 0.6, and −150 on the line: −0.15 + 0.55 = 0.4.
    assert eacomp_expectancy(150.0) == 0.6
    assert eacomp_expectancy(-150.0) == pytest.approx(0.4, abs=1e-15)
    assert eacomp_expectancy(1799.999) < 1.0


def test_eacomp_sqrt_of_minus_zero_at_minus_450_does_not_warn() -> None:
    # Spec §1.3: at d = −450 the C code takes sqrt(−0.0); no domain error, E = 0.1.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert eacomp_expectancy(-450.0) == pytest.approx(0.1, abs=1e-15)
        eacomp_expectancy(np.linspace(-3000, 3000, 6001))


@given(diffs)
def test_eacomp_is_symmetric(d: float) -> None:
    # E(d) + E(−d) = 1 (spec §1.2), to the last bit or two of a double.
    assert eacomp_expectancy(d) + eacomp_expectancy(-d) == pytest.approx(1.0, abs=4e-16)


@given(diffs, diffs)
def test_eacomp_is_monotone(a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    assert eacomp_expectancy(lo) <= eacomp_expectancy(hi)


@pytest.mark.parametrize("edge", [-1800.0, -450.0, -150.0, 0.0, 150.0, 450.0, 1800.0])
def test_eacomp_is_continuous(edge: float) -> None:
    eps = 1e-7
    assert eacomp_expectancy(edge - eps) == pytest.approx(eacomp_expectancy(edge + eps), abs=1e-3)


def test_eacomp_vectorised_equals_scalar() -> None:
    d = np.array([-2000.0, -1000.0, -300.0, -100.0, 0.0, 82.0, 200.0, 900.0, 2000.0])
    assert eacomp_expectancy(d).tolist() == [eacomp_expectancy(float(x)) for x in d]


@pytest.mark.parametrize(
    ("p", "d"),
    # TV-05 round trips: E⁻¹(0.6) = 150, E⁻¹(0.75) = 300, E⁻¹(0.9) = 450, E⁻¹(0.5) = 0.
    [(0.6, 150.0), (0.75, 300.0), (0.9, 450.0), (0.5, 0.0), (0.4, -150.0), (0.1, -450.0)],
)
def test_inverse_round_trips_TV05(p: float, d: float) -> None:
    assert eacomp_difference(p) == pytest.approx(d, abs=1e-9)


def test_inverse_of_a_sweep_is_1800_or_more_L671() -> None:
    # L671–L673: 7/7 → E⁻¹(1), "which is 1800 points or higher".
    assert eacomp_difference(1.0) == curves.EACOMP_CERTAIN == 1800.0
    assert eacomp_difference(0.0) == -1800.0


@given(st.floats(min_value=-1799.0, max_value=1799.0))
def test_inverse_inverts(d: float) -> None:
    assert eacomp_difference(eacomp_expectancy(d)) == pytest.approx(d, abs=1e-6)


def test_inverse_rejects_probabilities_outside_0_1() -> None:
    from arpad.errors import ConfigError

    with pytest.raises(ConfigError):
        eacomp_difference(1.2)


@given(st.lists(diffs, min_size=1, max_size=50))
def test_scalar_path_gives_the_array_paths_doubles(values: list[float]) -> None:
    array = eacomp_expectancy(np.asarray(values))
    assert array.tolist() == [eacomp_expectancy(v) for v in values]


def test_array_path_at_every_breakpoint_and_beyond() -> None:
    # The array path picks each branch by table (the season engine's form): the breakpoints
    # themselves, a hair either side, and ±inf give the scalar path's doubles.
    edges = [-1800.0, -450.0, -150.0, 0.0, 150.0, 450.0, 1800.0]
    values = [x + h for x in edges for h in (-1e-9, 0.0, 1e-9)] + [-0.0, np.inf, -np.inf, 1e300]
    assert eacomp_expectancy(np.asarray(values)).tolist() == [eacomp_expectancy(v) for v in values]
