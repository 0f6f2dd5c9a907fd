"""The one crosstable table of the terminal: ``arpad rate`` and ``arpad crosstable`` both print
it (issue 23 point 1, D-cli-8, D-cli2-1).

Players stand in standings order (:mod:`arpad.cli.standings`) with their places, the rounds
in a compact form (``W6 D2 L8``) that folds onto more lines rather than being cut; place,
name, points, pre, post, change and rounds are always shown, a wider terminal adds
performance, K, expected score, federation, title, id and whatever columns the command
adds (:func:`crosstable_table`'s ``extra``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.table import Table

from arpad.cli.standings import ranked, round_words, standings
from arpad.cli.tables import Column, fitted_table, layout
from arpad.model import Event

CROSSTABLE_COLUMNS = (
    Column("#"),
    Column("Player", "left", text=True),
    Column("ID", "left", drop=6),
    Column("Fed", "left", drop=5),
    Column("Title", "left", drop=5),
    Column("Pts"),
    Column("Pre"),
    Column("Post"),
    Column("Chg"),
    Column("Rounds", "left", fold=True),
    Column("K", drop=3),
    Column("Exp", drop=3),
    Column("Perf", drop=2),
)
"""A crosstable's columns: place, name, score, ratings, change and rounds are always
shown (the rounds fold onto more lines); a wider terminal adds the rest (D-cli-8)."""

ID_WIDTH = 20
"""The widest a crosstable's id column gets (file-local ids are shortened, :func:`short_id`)."""


@dataclass(frozen=True, slots=True)
class RatedCells:
    """One player's rating cells, as the command that prints the table writes them."""

    pre: str
    post: str
    change: str
    k: str = "—"
    expected: str = "—"
    performance: str = "—"
    more: tuple[str, ...] = ()
    """The cells of the command's ``extra`` columns, in their order."""


UNRATED = RatedCells("—", "—", "—")
"""The cells of a player the rating does not cover."""


def short_id(player_id: str, width: int) -> str:
    """``player_id`` in at most ``width`` characters: a file-local id (``EVENT/LOCAL``, a
    player known only in one file) keeps its local part and shortens the event's with
    ``…``; any other id is cut at the end. The full ids are in CSV and JSON.

    >>> short_id("9-karl-mala-gedenkturnier-2005-07-31/271", 16), short_id("FIDE:1503014", 16)
    ('9-karl-mala…/271', 'FIDE:1503014')
    """
    if len(player_id) <= width:
        return player_id
    event, sep, local = player_id.rpartition("/")
    if sep and len(local) + 2 < width:
        return event[: width - len(local) - 2] + "…/" + local
    return player_id[: width - 1] + "…"


def crosstable_rows(
    event: Event, cells: Mapping[str, RatedCells], colours: bool, extra: int = 0
) -> list[list[str]]:
    """The rows of :data:`CROSSTABLE_COLUMNS` (and ``extra`` more cells) in standings order."""
    order = standings(event)
    words = round_words(event, order, colours)
    rows = []
    for place, p in enumerate(order, start=1):
        c = cells.get(p.id, UNRATED)
        more = list(c.more) + [""] * (extra - len(c.more))
        rows.append(
            [
                str(place),
                p.name or p.id,
                short_id(p.id, ID_WIDTH),
                p.federation or "",
                p.title or "",
                f"{event.total_points(p.id):g}",
                c.pre,
                c.post,
                c.change,
                words.get(p.id, ""),
                c.k,
                c.expected,
                c.performance,
                *more,
            ]
        )
    return rows


def crosstable_table(
    event: Event,
    cells: Mapping[str, RatedCells],
    width: int,
    title: str,
    extra: Sequence[Column] = (),
    note: str | None = None,
) -> Table:
    """The crosstable of ``event`` fitted to ``width``; the rounds show colours (``W6w``)
    where that leaves out no column and folds no round. ``note`` goes under the table's own
    (the order and how to read the rounds)."""
    columns = (*CROSSTABLE_COLUMNS, *extra)
    rows = crosstable_rows(event, cells, colours=False, extra=len(extra))
    coloured = crosstable_rows(event, cells, colours=True, extra=len(extra))
    plain, rich = layout(columns, rows, width), layout(columns, coloured, width)
    if not rich.folded and rich.dropped == plain.dropped:  # colours only where they cost nothing
        rows = coloured
    order = "the file's places" if ranked(event) else "score"
    notes = [f"in order of {order}; rounds: result and the opponent's #", *([note] if note else [])]
    return fitted_table(columns, rows, width, title, "\n".join(notes))
