"""What arpad writes of a rating list, it reads back (issue 24.5): every list export —
``arpad list --format csv|json|fide``, the texts stored with a publication (and served by
``arpad list --published`` and the web), the officer's change report — written from any
list a ledger can hold and read back gives the same rows, by value.

The FIDE layout is read back by arpad's own reader of FIDE's players list
(:mod:`arpad.io.fide_players_list`); arpad's CSV and JSON have no reader of their own, so
they are read here with the csv and json modules, undoing only the one documented escape:
a cell a spreadsheet would take for a formula carries one more leading ``'``
(:func:`arpad.cli.console.csv_value`). Control characters are written as escapes in the
CSV and FIDE texts (:func:`arpad.cli.console.visible`), raw in JSON. What a format cannot
carry is refused with one line.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.cli.console import csv_value, visible
from arpad.cli.ledger_output import (
    ListFormat,
    change_report_csv,
    list_output,
    list_row_json,
    stored_texts,
)
from arpad.display import shown_rating
from arpad.errors import InputError
from arpad.io.fide_players_list import open_list
from arpad.ledger import ListRow, RatingList
from arpad.ledger.publications import change_report

# What a ledger's text columns hold: any character but NUL and lone surrogates
# (arpad.model.check_text); ids at most 200 characters.
_TEXT = st.characters(exclude_categories=["Cs"], exclude_characters="\x00")
_IDS = st.text(_TEXT, min_size=1, max_size=30)
_NAMES = st.text(_TEXT, max_size=80) | st.sampled_from(["=1+1", "'=1", "'t Hart", "-dash", "@x"])
_RATINGS = st.floats(-5000, 9000, allow_nan=False, allow_infinity=False)
_MARKS = st.sampled_from(["", "*", "P0", "P17", "P3"])
_DAYS = st.dates(dt.date(1, 1, 1), dt.date(2999, 12, 31))


@st.composite
def rating_lists(draw: st.DrawFn) -> list[ListRow]:
    ids = draw(st.lists(_IDS, max_size=8, unique=True))
    return [
        ListRow(
            rank,
            pid,
            draw(_NAMES),
            draw(_RATINGS),
            draw(st.integers(0, 1_000_000)),
            draw(st.booleans()),
            draw(_MARKS),
            draw(_DAYS),
        )
        for rank, pid in enumerate(ids, start=1)
    ]


EXPORTS = settings(max_examples=80, deadline=None)


def _read_csv(text: str) -> list[ListRow]:
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    return [
        ListRow(
            int(r["rank"]),
            csv_value(r["id"]),
            csv_value(r["name"]),
            float(r["rating"]),
            int(r["games"]),
            r["established"] == "1",
            r["mark"],
            dt.date.fromisoformat(r["last_event"]),
        )
        for r in rows
    ]


def _escaped(rows: list[ListRow]) -> list[ListRow]:
    return [r._replace(player_id=visible(r.player_id), name=visible(r.name)) for r in rows]


@EXPORTS
@given(rating_lists())
def test_list_csv_reads_back(rows: list[ListRow]) -> None:
    """``arpad list --format csv`` and the CSV stored with a publication. Before, a name
    beginning ``'=`` came back as ``=``: the formula guard could not be undone."""
    for text in (list_output(rows, ListFormat.CSV), stored_texts(rows)["csv"]):
        assert _read_csv(text) == _escaped(rows)


@EXPORTS
@given(rating_lists())
def test_list_json_reads_back(rows: list[ListRow]) -> None:
    """``arpad list --format json``, the JSON stored with a publication and the API's
    list rows: every field exact (JSON carries control characters as escapes)."""
    for text in (list_output(rows, ListFormat.JSON), stored_texts(rows)["json"]):
        assert json.loads(text) == [list_row_json(r) for r in rows]
        back = [
            ListRow(
                d["rank"],
                d["id"],
                d["name"],
                d["rating"],
                d["games"],
                d["established"],
                d["mark"],
                dt.date.fromisoformat(d["last_event"]),
            )
            for d in json.loads(text)
        ]
        assert back == rows


_CODES = st.none() | st.text(st.characters(categories=("Lu", "Ll", "Nd")), min_size=1, max_size=8)


@st.composite
def fide_records(draw: st.DrawFn, rows: list[ListRow]) -> dict[str, Any]:
    """The ledger's title, federation and FIDE ID of some players."""
    out = {}
    for r in rows:
        if draw(st.booleans()):
            fide = draw(
                st.none() | st.integers(1, 10**12).map(str) | st.sampled_from(["G-1", "１"])
            )
            out[r.player_id] = (draw(_CODES), draw(_CODES), fide)
    return out


def _written_whole(text: str) -> bool:
    return text == text.strip()


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from([None, "uscf", "fide"]))
def test_list_in_fides_layout_reads_back_through_the_players_list_reader(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, system: str | None
) -> None:
    """``arpad list --format fide``, read by the reader of FIDE's players list. Before,
    columns were padded in characters while FIDE's reader counts bytes (every line after
    an accented name was misread), names were cut at 60 characters, and the reader knew
    neither the ``Mark`` nor the ``Ledger id`` column nor a player without a FIDE ID."""
    rows = data.draw(rating_lists())
    records = data.draw(fide_records(rows))
    cells = [
        (visible(r.player_id), visible(r.name), *(visible(c or "") for c in _codes(records, r)))
        for r in rows
    ]
    shown = [round(shown_rating(r.rating, system) or 0.0) for r in rows]
    refused = any(not _written_whole(c) for row in cells for c in row) or 0 in shown
    refused |= any(not (c[4] or "0").isascii() for c in cells) or any("-" in c[4] for c in cells)
    if refused:
        with pytest.raises(InputError, match="cannot write FIDE's layout") as exc:
            list_output(rows, ListFormat.FIDE, system, None, records)
        assert "\n" not in str(exc.value)
        return
    path = tmp_path_factory.mktemp("fide") / "arpad-list.txt"
    path.write_text(list_output(rows, ListFormat.FIDE, system, None, records), encoding="utf-8")
    info, players = open_list(path)
    assert info.arpad_list
    back = [
        (p.ledger_id, p.name, p.title, p.federation, p.fide_id or None, p.ratings, p.mark)
        for p in players
    ]
    expected = [
        (
            visible(r.player_id),
            visible(r.name) or "",
            *_codes(records, r),
            ((("standard", rating, r.games, None)),),
            r.mark or None,
        )
        for r, rating in zip(rows, shown, strict=True)
    ]
    assert [(*b[:5], tuple(map(tuple, b[5])), b[6]) for b in back] == expected


def _codes(records: dict[str, Any], r: ListRow) -> tuple[str | None, str | None, str | None]:
    title, fed, fide = records.get(r.player_id, (None, None, None))
    return (title or None, fed or None, fide or None)


def test_a_list_in_fides_layout_is_not_imported_as_fides_list(tmp_path: Path) -> None:
    from tests.io.fuzz_harness import run

    path = tmp_path / "list.txt"
    rows = [ListRow(1, "a", "Ann", 1500.0, 3, False, "P3", dt.date(2024, 1, 1))]
    path.write_text(list_output(rows, ListFormat.FIDE, "uscf", None, {}), encoding="utf-8")
    done = run(["import", str(path), "--db", str(tmp_path / "l.db")])
    assert done.code == 2
    assert "a ledger's rating list in FIDE's layout" in done.stderr


def test_a_rating_shown_as_zero_is_refused_in_fides_layout() -> None:
    """FIDE's list writes 0 for "no rating": a rating shown as 0 would read back as none."""
    rows = [ListRow(1, "a", "Ann", 0.4, 3, False, "", dt.date(2024, 1, 1))]
    with pytest.raises(InputError, match="player 'a' has a rating shown as 0"):
        list_output(rows, ListFormat.FIDE, None, None, {})


@EXPORTS
@given(rating_lists(), rating_lists())
def test_the_change_report_reads_back(old: list[ListRow], new: list[ListRow]) -> None:
    """``arpad publish --report`` and the web's ``changes.csv``. Before, a name such as
    ``=HYPERLINK(…)`` went into the officer's spreadsheet as a formula."""
    report = change_report(RatingList.of_rows(old), RatingList.of_rows(new), 1, 2)
    rows = list(csv.reader(io.StringIO(change_report_csv(report), newline="")))
    assert rows[0] == [
        "player_id", "name", "status", "old_rating", "new_rating", "old_games", "new_games"
    ]  # fmt: skip

    def number(text: str, kind: type) -> Any:
        return None if text == "" else kind(text)

    back = [
        (
            csv_value(pid),
            csv_value(name),
            status,
            number(o, float),
            number(n, float),
            number(og, int),
            number(ng, int),
        )
        for pid, name, status, o, n, og, ng in rows[1:]
    ]
    assert back == [(visible(c[0]), visible(c[1]), *c[2:]) for c in report.changes]
