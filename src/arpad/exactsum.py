"""Exact sums for compiled rules: the correctly rounded sum that ``math.fsum`` gives,
written in the subset of Python that Numba compiles and without allocation, so that a
rule summing a column gets the same bits as Python (CPython's ``math_fsum``: Shewchuk's
adaptive-precision partials, then a half-even correction). Every system's rules that
sum scores or expectations call :func:`fsum` from here."""

from __future__ import annotations

from typing import Any

from arpad.compiled import rule


@rule
def fsum(x: Any, n: int, partials: Any) -> float:
    """The correctly rounded sum of ``x[0:n]`` (as ``math.fsum``: Shewchuk's partials, then
    the half-even correction of CPython's ``math_fsum``), its partials kept in ``partials``
    (room for ``n`` of them: a sum never holds more partials than terms). No allocation:
    the season loop passes one buffer for every sum.

    While every addition is exact (scores in whole and half points, whole ratings), the
    partials are the running sum alone: :func:`add_partial`'s step for one partial is done
    here in registers, and only the first inexact addition starts the general algorithm
    from the partials it leaves (the same steps, so the same bits; D-loopspeed-2)."""
    if n == 0:
        return 0.0
    hi = x[0]
    for j in range(1, n):
        v, y = x[j], hi
        if abs(v) < abs(y):
            v, y = y, v
        total = v + y
        lo = y - (total - v)
        if lo != 0.0:
            partials[0], partials[1] = lo, total
            k = 2
            for q in range(j + 1, n):
                k = add_partial(partials, k, x[q])
            return round_partials(partials, k)
        hi = total
    return float(hi)


@rule
def add_partial(partials: Any, k: int, x: float) -> int:
    """Add ``x`` to the ``k`` non-overlapping partials (Shewchuk's grow-expansion, as
    CPython's ``math_fsum``); returns the new count."""
    v = x
    i = 0
    for q in range(k):
        y = partials[q]
        if abs(v) < abs(y):
            v, y = y, v
        hi = v + y
        lo = y - (hi - v)
        if lo != 0.0:
            partials[i] = lo
            i += 1
        v = hi
    partials[i] = v
    return i + 1


@rule
def round_partials(partials: Any, count: int) -> float:
    """The correctly rounded sum of ``count`` ≥ 1 partials: summed from the top until the
    result is inexact, then the half-even correction (CPython's ``math_fsum``)."""
    k = count - 1
    hi = partials[k]
    lo = 0.0
    while k > 0:
        v = hi
        k -= 1
        y = partials[k]
        hi = v + y
        yr = hi - v
        lo = y - yr
        if lo != 0.0:
            break
    if k > 0 and ((lo < 0.0 and partials[k - 1] < 0.0) or (lo > 0.0 and partials[k - 1] > 0.0)):
        y = lo * 2.0
        v = hi + y
        yr = v - hi
        if y == yr:
            hi = v
    return float(hi)
