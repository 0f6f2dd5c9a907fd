"""``from_rows`` (a season's states, a column at a time) gives what ``from_row`` gives
each row: the same fields, the same Python types (D-readfast-1)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.model import MatchChange
from arpad.systems.uscf2020 import rules, state
from arpad.systems.uscf2020.state import USCFState, from_row, from_rows, to_row

OPTIONAL = (rules.RATING, rules.PEAK, rules.PRIZE, rules.KNOWN)
FLAGS = (rules.ALL_WINS, rules.ALL_LOSSES)

optional = st.one_of(st.just(math.nan), st.floats(-500.0, 3500.0, allow_nan=False))
count = st.integers(0, 10_000).map(float)
flag = st.sampled_from([0.0, 1.0])


@st.composite
def rows(draw: st.DrawFn) -> list[float]:
    row = []
    for field in range(rules.N_FIELDS):
        kind = optional if field in OPTIONAL else flag if field in FLAGS else count
        row.append(draw(kind))
    return row


changes = st.lists(
    st.builds(MatchChange, st.dates(), st.floats(-400.0, 400.0, allow_nan=False)), max_size=2
).map(tuple)


def fields(state: USCFState) -> list[tuple[type, object]]:
    return [(type(v), v) for v in (getattr(state, f.name) for f in dataclasses.fields(state))]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(rows(), changes), min_size=1, max_size=20))
def test_from_rows_is_from_row_of_each_row(
    table: list[tuple[list[float], tuple[MatchChange, ...]]],
) -> None:
    array = np.array([row for row, _ in table], dtype=float)
    built = from_rows(array, [c for _, c in table])
    assert [fields(s) for s in built] == [fields(from_row(r, c)) for r, c in table]


@given(st.lists(rows(), min_size=0, max_size=5))
def test_from_rows_is_the_inverse_of_to_row(table: list[list[float]]) -> None:
    array = np.array(table, dtype=float).reshape(len(table), rules.N_FIELDS)
    built = from_rows(array)
    assert len(built) == len(table)
    assert all(s.match_changes == () for s in built)
    back = np.array([to_row(s) for s in built], dtype=float).reshape(array.shape)
    assert np.array_equal(back, array, equal_nan=True)


def test_from_rows_across_its_blocks() -> None:
    """More rows than one block (``_ROWS_AT_ONCE``): every row in its place."""
    rng = np.random.default_rng(20)
    n = 2 * state._ROWS_AT_ONCE + 7
    table = rng.integers(0, 3000, size=(n, rules.N_FIELDS)).astype(float)
    table[rng.random((n, rules.N_FIELDS)) < 0.2] = math.nan
    table[:, list(FLAGS)] = rng.integers(0, 2, size=(n, len(FLAGS)))
    for field in range(rules.N_FIELDS):
        if field not in OPTIONAL:
            table[np.isnan(table[:, field]), field] = 0.0
    marked = [
        (MatchChange(dt.date(2024, 1, 1), float(i)),) if i % 1000 == 0 else () for i in range(n)
    ]
    built = from_rows(table, marked)
    assert [fields(s) for s in built] == [
        fields(from_row(row, c)) for row, c in zip(table.tolist(), marked, strict=True)
    ]
