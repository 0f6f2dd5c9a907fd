"""The paper's simulation tables as shipped data (spec TV-27)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from arpad.sim.paper import compare_table, paper_table
from arpad.sim.populations import PopulationKind


@pytest.mark.parametrize(
    ("kind", "runs", "first", "last"),
    [(PopulationKind.STANDARD, 44, 900.0, 2100.0), (PopulationKind.ELITE, 40, 1600.0, 2800.0)],
)
def test_printed_totals_and_means_agree_with_rows_L515_L564(
    kind: PopulationKind, runs: int, first: float, last: float
) -> None:
    t = paper_table(kind)
    assert len(t.rows) == runs and t.columns[0] == first and t.columns[-1] == last
    for j in range(len(t.columns)):
        column = t.column(j)
        assert sum(column) == t.totals[j]
        # Means printed to 2 dp, rounded half up (8573/40 = 214.325 → 214.33).
        exact = (Decimal(sum(column)) / runs).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert Decimal(str(t.means[j])) == exact


def test_compare_table_against_itself() -> None:
    t = paper_table(PopulationKind.STANDARD)
    comp = compare_table(t, [list(row) for row in t.rows])
    assert all(c.within_spread for c in comp)
    # Only the 2-dp rounding of the printed means separates the two.
    assert all(c.z is None or abs(c.z) < 0.01 for c in comp)


def test_compare_counts_never_in_spec() -> None:
    t = paper_table(PopulationKind.STANDARD)
    rows = [[None, *list(row[1:])] for row in t.rows]
    comp = compare_table(t, rows)
    assert comp[0].never == 44 and comp[0].ours_mean is None and not comp[0].within_spread
