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
from collections.abc import Mapping, Sequence
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


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    justify: Literal["left", "right"] = "right"
    text: bool = False
    """Text that may be shortened with ``…`` (names, event names); numbers never are."""
    drop: int = 0
    """Narrow layouts leave out columns of the highest ``drop`` first (all columns sharing
    the value together); 0: never left out."""


def shown_change(pre: float | None, post: float | None, system: str | None = None) -> str:
    """The change as the difference of the ratings shown (:func:`arpad.display.change_text`).

    >>> shown_change(1759.4, 1710.8), shown_change(None, 1500.0)
    ('-48', '—')
    """
    return change_text(pre, post, system)


def _width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(visible(cell))


def fitted_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str | Text]],
    width: int,
    title: str | None = None,
) -> Table:
    """A table of ``rows`` no wider than ``width`` terminal columns where that is possible."""
    natural = [
        max([cell_len(c.header), *(_width(r[i]) for r in rows)]) for i, c in enumerate(columns)
    ]
    keep = list(range(len(columns)))

    def needed(kept: list[int]) -> int:
        cells = sum(
            min(natural[i], max(NAME_MIN_WIDTH, cell_len(columns[i].header)))
            if columns[i].text
            else natural[i]
            for i in kept
        )
        return cells + 3 * len(kept) + 1  # one space of padding each side, one rule between

    dropped: list[str] = []
    levels = sorted({c.drop for c in columns if c.drop > 0}, reverse=True)
    for level in levels:
        if needed(keep) <= width:
            break
        dropped += [columns[i].header for i in keep if columns[i].drop == level]
        keep = [i for i in keep if columns[i].drop != level]
    caption = None
    if dropped:
        shown = ", ".join(dropped) if len(dropped) <= 4 else f"{', '.join(dropped[:3])} …"
        caption = f"left out to fit {width} columns: {shown} (widen the terminal, or use JSON)"
    table = Table(
        title=title,
        title_justify="left",
        header_style="bold",
        caption=caption,
        caption_justify="left",
    )
    # Text columns share what the numbers leave, up to their natural width.
    slack = max(width - needed(keep), 0)
    allotted: dict[int, int] = {}
    for i in keep:
        if columns[i].text:
            least = min(natural[i], max(NAME_MIN_WIDTH, cell_len(columns[i].header)))
            allotted[i] = least + min(slack, natural[i] - least)
            slack -= allotted[i] - least
    for i in keep:
        c = columns[i]
        if c.text:
            table.add_column(
                c.header, justify=c.justify, no_wrap=True, overflow="ellipsis", width=allotted[i]
            )
        else:
            table.add_column(c.header, justify=c.justify, no_wrap=True, min_width=natural[i])
    for row in rows:
        table.add_row(*(row[i] for i in keep))
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
