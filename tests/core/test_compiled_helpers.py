"""The small pieces every compiled season loop shares (arpad.compiled), run as Python."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from arpad.compiled import copy_into, largest_event

floats = st.floats(allow_nan=True, allow_infinity=True)


@given(st.lists(floats, max_size=20), st.integers(0, 5))
def test_copy_into_is_slice_assignment(values: list[float], extra: int) -> None:
    source = np.array(values, dtype=float)
    target = np.full(len(values) + extra, 7.0)
    expected = target.copy()
    expected[: len(values)] = source
    copy_into(source, target)
    assert target.tobytes() == expected.tobytes()  # NaN and signed zeros to the bit


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=12))
def test_largest_event_is_the_longest_run(sizes: list[tuple[int, int]]) -> None:
    members = np.concatenate([[0], np.cumsum([m for m, _ in sizes])])
    games = np.concatenate([[0], np.cumsum([g for _, g in sizes])])
    assert largest_event(0, len(sizes), games, members) == (
        max(m for m, _ in sizes),
        max(g for _, g in sizes),
    )
