"""The compiled rules' exact sum (arpad.exactsum) gives math.fsum's bits (CPython's
math_fsum), which is what lets a rule sum a column the same way in Python and Numba."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from arpad.exactsum import add_partial, fsum, round_partials

FINITE = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300)


@given(st.lists(FINITE, max_size=40))
def test_fsum_equals_math_fsum(values: list[float]) -> None:
    x = np.array(values, dtype=float)
    assert fsum(x, len(x), np.empty(max(len(x), 1))) == math.fsum(values)


@given(st.lists(FINITE, min_size=1, max_size=40), st.integers(0, 40))
def test_fsum_sums_only_the_first_n(values: list[float], n: int) -> None:
    n = min(n, len(values))
    x = np.array(values, dtype=float)
    assert fsum(x, n, np.empty(len(x))) == math.fsum(values[:n])


def test_fsum_is_exact_where_plain_addition_is_not() -> None:
    # 1e16 + 1 + 1 − 1e16: adding left to right loses both ones; the exact sum is 2.
    values = [1e16, 1.0, 1.0, -1e16]
    assert sum(values) == 0.0
    assert fsum(np.array(values), 4, np.empty(4)) == 2.0


def test_fsum_half_even_correction() -> None:
    # The sum 1 + 2**-53 + 2**-106 lies just above a tie: math_fsum's correction rounds up.
    values = [1.0, 2.0**-53, 2.0**-106]
    assert fsum(np.array(values), 3, np.empty(3)) == math.fsum(values) == 1.0 + 2.0**-52


HALVES = st.integers(-(2**20), 2**20).map(lambda h: h / 2.0)
"""Whole and half points (scores, whole ratings): plain addition is exact for them, the
fast path of :func:`fsum` (D-loopspeed-2)."""
SIGNED_ZEROS = st.sampled_from([0.0, -0.0])


def bits(x: float) -> bytes:
    return np.float64(x).tobytes()


def general_fsum(values: list[float]) -> float:
    """Shewchuk's partials for every term (:func:`fsum` before its fast path)."""
    partials, k = np.empty(max(len(values), 1)), 0
    for v in values:
        k = add_partial(partials, k, v)
    return round_partials(partials, k) if k else 0.0


@given(st.lists(st.one_of(HALVES, SIGNED_ZEROS, FINITE), max_size=40))
def test_fsum_has_the_general_algorithms_bits(values: list[float]) -> None:
    # Bit for bit, signed zeros too (math.fsum drops zero partials, so only its value is
    # compared above): the fast path for exact running sums hands the general algorithm
    # the partials it would have had.
    x = np.array(values, dtype=float)
    assert bits(fsum(x, len(x), np.empty(max(len(x), 1)))) == bits(general_fsum(values))


@given(st.lists(st.one_of(HALVES, SIGNED_ZEROS), max_size=40), st.lists(FINITE, max_size=5))
def test_fsum_exact_prefix_then_inexact_terms(exact: list[float], rest: list[float]) -> None:
    # A run of exact additions, then terms that need partials: the switch to the general
    # algorithm mid-sum gives the same bits, and math.fsum's value.
    values = exact + rest
    x = np.array(values, dtype=float)
    got = fsum(x, len(x), np.empty(max(len(x), 1)))
    assert bits(got) == bits(general_fsum(values))
    assert got == math.fsum(values)
