"""Tables that fit the terminal without cutting a number (D-output-3).

rich shrinks every column of a table that is too wide, and a shrunk number shows as ``…``:
a crosstable at 120 columns showed no rating at all. :func:`fitted_table` instead measures
the cells first, gives every number its full width, lets only text columns (names) be
shortened, and when that is not enough leaves out whole columns, least important first,
saying which in the caption.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, Literal

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arpad.cli.console import csv_text, json_text, visible
from arpad.display import change_text


class TableFormat(StrEnum):
    """How a command prints its table: ``text`` for people, ``csv`` and ``json`` for tools."""

    TEXT = "text"
    CSV = "csv"
    JSON = "json"


TableFormatOption = Annotated[
    TableFormat,
    typer.Option("--format", "-f", help="text (a table fitted to the terminal), csv or json."),
]
"""The one declaration of the output-format option of table commands."""

NAME_MIN_WIDTH = 12
"""The narrowest a shortened name column gets."""
NAME_COMFORT_WIDTH = 22
"""Names get this wide before a folding column gets more room."""
FOLD_MIN_WIDTH = 12
"""The narrowest a folding column (a crosstable's rounds) gets: its words then go onto
more lines, none is cut."""


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    justify: Literal["left", "right"] = "right"
    text: bool = False
    """Text that may be shortened with ``…`` (names, event names); numbers never are."""
    drop: int = 0
    """Narrow layouts leave out columns of the highest ``drop`` first (all columns sharing
    the value together); 0: never left out."""
    fold: bool = False
    """Words that go onto several lines of the cell when the table is narrow (a
    crosstable's rounds, ``W6 D2 L8``), never cut; columns are left out only to keep
    such a column on one line."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Which columns a table keeps at a width, and how wide its text and folding ones are."""

    keep: tuple[int, ...]
    widths: dict[int, int]
    """Allotted widths of the text and folding columns kept."""
    dropped: tuple[str, ...]
    folded: bool
    """A folding column is narrower than its words on one line."""
    natural: tuple[int, ...]
    """Every column's width with no cell shortened or folded."""


def shown_change(pre: float | None, post: float | None, system: str | None = None) -> str:
    """The change as the difference of the ratings shown (:func:`arpad.display.change_text`).

    >>> shown_change(1759.4, 1710.8), shown_change(None, 1500.0)
    ('-48', '—')
    """
    return change_text(pre, post, system)


def _width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(visible(cell))


def _least(c: Column, natural: int) -> int:
    if c.fold:
        return min(natural, max(FOLD_MIN_WIDTH, cell_len(c.header)))
    if c.text:
        return min(natural, max(NAME_MIN_WIDTH, cell_len(c.header)))
    return natural


def _planned(c: Column, natural: int, fold: bool) -> int:
    # A folding column that may itself be left out folds rather than push others out.
    if (fold or c.drop) and (c.text or c.fold):
        return _least(c, natural)
    if c.text:
        return min(natural, max(NAME_COMFORT_WIDTH, _least(c, natural)))
    return natural


def _leave_out(
    columns: Sequence[Column], keep: list[int], width: int, needed: Callable[[list[int]], int]
) -> list[int]:
    """The columns kept: whole ``drop`` levels go, highest first, until the table fits."""
    for level in sorted({columns[i].drop for i in keep if columns[i].drop > 0}, reverse=True):
        if needed(keep) <= width:
            break
        keep = [i for i in keep if columns[i].drop != level]
    return keep


def layout(columns: Sequence[Column], rows: Sequence[Sequence[str | Text]], width: int) -> Layout:
    """The columns kept at ``width`` and their widths.

    Columns of the highest ``drop`` go first, until the table fits with its folding
    columns on one line and its names at least :data:`NAME_MIN_WIDTH` wide; if even the
    columns that are never left out do not fit so, folding columns fold. What is left
    goes to names up to their full length, then to folding columns.
    """
    natural = [
        max([cell_len(c.header), *(_width(r[i]) for r in rows)]) for i, c in enumerate(columns)
    ]
    # A column that may be left out and is empty in every row says nothing: left out silently.
    nonempty = [i for i, c in enumerate(columns) if not c.drop or any(_width(r[i]) for r in rows)]
    keep = nonempty

    def needed(kept: list[int], fold: bool) -> int:
        """Width of the ``kept`` columns: names at their least (``fold``) or comfortable
        width, folding columns at their least (``fold``) or on one line."""
        cells = sum(_planned(columns[i], natural[i], fold) for i in kept)
        return cells + 3 * len(kept) + 1  # one space of padding each side, one rule between

    keep = _leave_out(columns, keep, width, lambda kept: needed(kept, fold=False))
    kept = set(keep)
    # Named most important first: the caption may end in "…".
    dropped = [
        columns[i].header for i in sorted(nonempty, key=lambda i: columns[i].drop) if i not in kept
    ]
    slack = max(width - needed(keep, fold=True), 0)
    widths = {i: _least(columns[i], natural[i]) for i in keep if columns[i].text or columns[i].fold}
    # Names first up to a comfortable width, then folding columns onto one line, then
    # names to their full length.
    for kind, cap in (("text", NAME_COMFORT_WIDTH), ("fold", None), ("text", None)):
        for i in keep:
            if getattr(columns[i], kind):
                goal = natural[i] if cap is None else min(natural[i], max(cap, widths[i]))
                more = min(slack, max(goal - widths[i], 0))
                widths[i] += more
                slack -= more
    folded = any(columns[i].fold and widths[i] < natural[i] for i in keep)
    return Layout(tuple(keep), widths, tuple(dropped), folded, tuple(natural))


def left_out(dropped: Sequence[str], width: int) -> str | None:
    """The caption naming the columns left out, or None."""
    if not dropped:
        return None
    shown = ", ".join(dropped) if len(dropped) <= 4 else f"{', '.join(dropped[:3])} …"
    return f"not shown at {width} columns: {shown} (a wider terminal shows them; so does JSON)"


def fitted_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str | Text]],
    width: int,
    title: str | None = None,
    note: str | None = None,
) -> Table:
    """A table of ``rows`` no wider than ``width`` terminal columns where that is possible
    (:func:`layout`); ``note`` is printed under it, before the columns left out."""
    plan = layout(columns, rows, width)
    captions = [c for c in (note, left_out(plan.dropped, width)) if c]
    table = Table(
        title=title,
        title_justify="left",
        header_style="bold",
        caption=Text("\n".join(captions)) if captions else None,
        caption_justify="left",
    )
    for i in plan.keep:
        c = columns[i]
        if c.fold:
            table.add_column(c.header, justify=c.justify, overflow="fold", width=plan.widths[i])
        elif c.text:
            table.add_column(
                c.header, justify=c.justify, no_wrap=True, overflow="ellipsis", width=plan.widths[i]
            )
        else:
            table.add_column(c.header, justify=c.justify, no_wrap=True, min_width=plan.natural[i])
    for row in rows:
        table.add_row(*(row[i] for i in plan.keep))
    return table


def emit(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    fmt: TableFormat,
    console: Console,
    title: str | None = None,
    records: Sequence[Mapping[str, Any]] | None = None,
) -> None:
    """Print a table as text (:func:`fitted_table`), CSV or JSON.

    CSV has one column per table column, as shown, text cells guarded by :func:`csv_text`;
    JSON is
    ``records`` (the unrounded values) when given, else the cells keyed by header.
    """
    if fmt == TableFormat.TEXT:
        console.print(fitted_table(columns, rows, console.width, title))
        return
    if fmt == TableFormat.CSV:
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([c.header for c in columns])
        for row in rows:  # text from files is guarded; numbers are ours and stay numbers
            writer.writerow(
                csv_text(cell) if c.text or c.justify == "left" else cell
                for c, cell in zip(columns, row, strict=True)
            )
        typer.echo(buf.getvalue(), nl=False)
        return
    docs = (
        records
        if records is not None
        else [{c.header: cell for c, cell in zip(columns, row, strict=True)} for row in rows]
    )
    typer.echo(json_text(list(docs)))
