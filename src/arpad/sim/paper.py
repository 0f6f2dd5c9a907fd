"""The paper's simulation results, as data, and how ours compare with them.

The tables of games until in spec (berard-pra-and-tournament-app.txt L469–L516 standard,
L522–L565 elite) ship as ``arpad/data/berard-*-table.tsv`` with their ``# Source:``
headers. A column of ours is "within the run-to-run spread" when our mean lies within one
standard deviation of the paper's runs around the paper's mean; we also give the
difference in units of its standard error (Welch), which is much stricter.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from arpad.errors import ConfigError
from arpad.sim.populations import PopulationKind


@dataclass(frozen=True, slots=True)
class PaperTable:
    """A table of games until in spec, as printed."""

    kind: PopulationKind
    source: str
    columns: tuple[float, ...]
    """The tracked true ratings (R900 → 900.0)."""
    rows: tuple[tuple[int, ...], ...]
    totals: tuple[float, ...]
    means: tuple[float, ...]

    def column(self, j: int) -> list[int]:
        return [row[j] for row in self.rows]


def paper_table(kind: PopulationKind) -> PaperTable:
    """Load the paper's table for the standard or the elite population.

    >>> t = paper_table(PopulationKind.STANDARD)
    >>> len(t.rows), t.columns[0], t.means[0]
    (44, 900.0, 148.59)
    """
    name = f"berard-{kind.value}-table.tsv"
    text = resources.files("arpad").joinpath("data", name).read_text(encoding="utf-8")
    source = ""
    header: list[str] = []
    rows: list[tuple[int, ...]] = []
    totals: tuple[float, ...] = ()
    means: tuple[float, ...] = ()
    for line in text.splitlines():
        if line.startswith("#"):
            if line.startswith("# Source:"):
                source = line.removeprefix("# Source:").strip()
            continue
        cells = line.split("\t")
        if cells[0] == "line":
            header = cells[1:]
        elif cells[0] == "total":
            totals = tuple(float(c) for c in cells[1:])
        elif cells[0] == "mean":
            means = tuple(float(c) for c in cells[1:])
        else:
            rows.append(tuple(int(c) for c in cells[1:]))
    columns = tuple(float(h.removeprefix("R")) for h in header)
    return PaperTable(kind, source, columns, tuple(rows), totals, means)


@dataclass(frozen=True, slots=True)
class ColumnComparison:
    true_rating: float
    paper_mean: float
    """As printed (the mean of the paper's rows, rounded to 2 dp)."""
    paper_sd: float
    paper_runs: int
    ours_mean: float | None
    ours_sd: float | None
    ours_runs: int
    never: int
    """Our runs in which the tracked player never got in spec (left out of the mean)."""

    @property
    def within_spread(self) -> bool:
        return self.ours_mean is not None and abs(self.ours_mean - self.paper_mean) <= self.paper_sd

    @property
    def z(self) -> float | None:
        """(ours − paper) / standard error of the difference (Welch)."""
        if self.ours_mean is None or self.ours_sd is None or self.ours_runs < 2:
            return None
        se = math.sqrt(self.paper_sd**2 / self.paper_runs + self.ours_sd**2 / self.ours_runs)
        return None if se == 0.0 else (self.ours_mean - self.paper_mean) / se


def compare_table(
    paper: PaperTable, ours: Sequence[Sequence[int | None]]
) -> list[ColumnComparison]:
    """Compare our rows (same columns as ``paper``) with the paper's, column by column."""
    if any(len(row) != len(paper.columns) for row in ours):
        raise ConfigError("our table does not have the paper's columns")
    out = []
    for j, rating in enumerate(paper.columns):
        theirs = paper.column(j)
        mine = [v for row in ours if (v := row[j]) is not None]
        never = sum(1 for row in ours if row[j] is None)
        out.append(
            ColumnComparison(
                true_rating=rating,
                paper_mean=paper.means[j],
                paper_sd=statistics.stdev(theirs),
                paper_runs=len(theirs),
                ours_mean=statistics.fmean(mine) if mine else None,
                ours_sd=statistics.stdev(mine) if len(mine) > 1 else None,
                ours_runs=len(mine),
                never=never,
            )
        )
    return out


def comparison_lines(rows: Sequence[ColumnComparison]) -> list[str]:
    """A Markdown table of a comparison (the CLI prints the same lines)."""
    out = [
        "| true rating | paper mean ± sd | ours mean ± sd | never in spec | within spread | z |",
        "|---:|---:|---:|---:|:---:|---:|",
    ]
    for c in rows:
        ours = "—" if c.ours_mean is None else f"{c.ours_mean:.2f}"
        if c.ours_sd is not None:
            ours += f" ± {c.ours_sd:.2f}"
        z = "—" if c.z is None else f"{c.z:+.1f}"
        out.append(
            f"| {c.true_rating:.0f} | {c.paper_mean:.2f} ± {c.paper_sd:.2f} | {ours} | "
            f"{c.never} | {'yes' if c.within_spread else 'no'} | {z} |"
        )
    return out
