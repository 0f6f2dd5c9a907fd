"""A rating list held column by column (:class:`arpad.ledger.RatingList`) is the sequence of
rows it stands for, and its CSV is what ``csv.writer`` writes of those rows."""

from __future__ import annotations

import csv
import datetime as dt
import io

from hypothesis import given
from hypothesis import strategies as st

from arpad.cli.console import csv_text
from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger, ListRow, RatingList
from arpad.model import Pool
from tests.ledger.helpers import small_season


def _round(value: float | None) -> float | None:
    return None if value is None else round(value)


_rows = st.lists(
    st.builds(
        ListRow,
        rank=st.integers(1, 10**6),
        player_id=st.text(max_size=12),
        name=st.text(max_size=20),
        rating=st.floats(allow_nan=False, allow_infinity=False),
        games=st.integers(0, 10**5),
        established=st.booleans(),
        mark=st.sampled_from(["", "P3", "P17 nominal", 'odd, "mark"']),
        last_event=st.dates(),
    ),
    max_size=30,
)


def _csv_writer_text(rows: list[ListRow]) -> str:
    """The list as ``csv.writer`` writes it: file texts made safe by ``csv_text``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", "games", "established", "mark", "last_event"])
    for r in rows:
        writer.writerow(
            [
                r.rank,
                csv_text(r.player_id),
                csv_text(r.name),
                r.rating,
                r.games,
                int(r.established),
                r.mark,
                r.last_event.isoformat(),
            ]
        )
    return out.getvalue()


@given(_rows)
def test_the_columns_are_the_rows(rows: list[ListRow]) -> None:
    table = RatingList.of_rows(rows)
    assert len(table) == len(rows)
    assert list(table) == rows and table == rows and rows == table
    assert [table[i] for i in range(-len(rows), len(rows))] == rows + rows
    assert table[1:-1:2] == rows[1:-1:2]
    assert RatingList.of_rows(table) is table


@given(_rows)
def test_csv_is_what_csv_writer_writes(rows: list[ListRow]) -> None:
    assert list_output(rows, ListFormat.CSV) == _csv_writer_text(rows)
    assert list_output(RatingList.of_rows(rows), ListFormat.CSV) == _csv_writer_text(rows)


def test_the_ledger_list_is_best_first_and_the_same_as_its_rows(ledger: Ledger) -> None:
    ledger.import_events(small_season(3, players=60, events=40), "season")
    ledger.rate_pending(["uscf"])
    table = ledger.rating_list("uscf", Pool.REGULAR)
    rows = list(table)
    assert len(rows) > 10
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    keys = [(-r.rating, r.player_id) for r in rows]
    assert keys == sorted(keys)
    assert all(isinstance(r.established, bool) and isinstance(r.last_event, dt.date) for r in rows)
    for fmt in ListFormat:
        assert list_output(table, fmt, "elo", 80) == list_output(rows, fmt, "elo", 80)
    assert list(ledger.rating_list("uscf", Pool.REGULAR, limit=5)) == rows[:5]
