"""Importing: one transaction per file, duplicate files refused by hash, bad input in a
multi-file import reported with file and line and nothing from that file stored."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from arpad.ledger import Ledger, PlayerKey, bulk, schema, store
from arpad.model import Pool
from tests.conftest import DATA, EXAMPLES
from tests.ledger.conftest import SEASON


def _bad_json(tmp_path: Path) -> Path:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    doc["event"]["id"] = "broken-open"
    doc["games"][5]["result"] = "2-0"
    games = ",\n".join(json.dumps(g) for g in doc.pop("games"))  # one game per line
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc)[:-1] + ', "games": [\n' + games + "\n]}\n", encoding="utf-8")
    return path


def _line_of(path: Path, text: str) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if text in ln)


def test_the_same_file_twice_is_refused_by_its_hash(ledger: Ledger, tmp_path: Path) -> None:
    assert not ledger.import_files([SEASON[0]]).errors
    copy = tmp_path / "renamed-copy.json"
    shutil.copy(SEASON[0], copy)
    result = ledger.import_files([copy])
    assert result.stored == ()
    (error,) = result.errors
    assert error.path == str(copy)
    assert "already imported" in str(error) and "2024-02-winter-quad.json" in str(error)
    assert len(ledger.events()) == 1


def test_an_event_already_in_the_ledger_is_refused_with_the_fix(
    ledger: Ledger, tmp_path: Path
) -> None:
    assert not ledger.import_files([EXAMPLES / "uscf-open.json"]).errors
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    doc["event"]["name"] = "corrected report"
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (error,) = ledger.import_files([path]).errors
    assert "arpad delete-event -- 2024-spring-open" in str(error)


def test_bad_file_in_a_multi_file_import_stores_nothing(ledger: Ledger, tmp_path: Path) -> None:
    bad = _bad_json(tmp_path)
    result = ledger.import_files([SEASON[0], bad, SEASON[2]])
    assert result.stored == ()
    (error,) = result.errors
    assert error.path == str(bad)
    assert error.line == _line_of(bad, '"2-0"')
    assert "unknown result '2-0'" in str(error)
    assert ledger.events() == []


def test_partial_import_stores_the_good_files_only(ledger: Ledger, tmp_path: Path) -> None:
    bad = _bad_json(tmp_path)
    result = ledger.import_files([SEASON[0], bad, SEASON[2]], partial=True)
    assert [Path(s.source).name for s in result.stored] == [SEASON[0].name, SEASON[2].name]
    assert len(result.errors) == 1
    assert {e.key for e in ledger.events()} == {"2024-02-winter-quad", "2024-spring-open"}
    assert "broken-open" not in {e.key for e in ledger.events()}
    assert ledger.check() == []


def test_an_event_without_end_date_needs_a_date(ledger: Ledger, tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    del doc["event"]["end_date"]
    path = tmp_path / "undated.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (error,) = ledger.import_files([path]).errors
    assert "no end date" in str(error) and "--date" in str(error)
    assert not ledger.import_files([path], default_date=dt.date(2024, 4, 14)).errors
    (event,) = ledger.events()
    assert event.end_date == dt.date(2024, 4, 14)


def test_crosstable_sections_become_one_event(ledger: Ledger, tmp_path: Path) -> None:
    text = (EXAMPLES / "uscf-crosstable.txt").read_text(encoding="utf-8")
    head, table = text.split("-" * 91, 1)
    second = table.replace("12000", "13000")
    path = tmp_path / "club.txt"
    path.write_text(head + "-" * 91 + table + "Section 2 - Reserve\n" + "-" * 91 + second)
    assert not ledger.import_files([path]).errors
    (event,) = ledger.events()
    assert (event.key, event.sections, event.players) == ("club", 2, 12)
    ledger.rate_pending()
    sections = ledger.rated_sections("club", "uscf")
    assert [s.section.event.id for s in sections] == ["club-s1", "club-s2"]
    assert [s.section.number for s in sections] == [1, 2]
    assert len(ledger.rated_sections("club-s2", "uscf")) == 1
    ledger.delete_event("club")
    assert ledger.events() == []
    assert ledger.check() == []


def test_player_key_fide_id_and_name(ledger: Ledger, tmp_path: Path) -> None:
    doc = {
        "format": "arpad-event/1",
        "event": {"id": "fide-open", "end_date": "2024-03-01"},
        "players": [
            {"id": "1", "name": "Ann  Ash", "rating": 2100, "fide_id": "555"},
            {"id": "2", "name": "Bo Birch", "rating": 2000},
        ],
        "games": [{"white": "1", "black": "2", "result": "1-0"}],
    }
    path = tmp_path / "a.json"
    path.write_text(json.dumps(doc))
    assert not ledger.import_files([path], player_key=PlayerKey.FIDE_ID).errors
    ledger.rate_pending()
    ids = {r.player_id for r in ledger.rating_list("uscf", Pool.REGULAR)}
    assert ids == {"FIDE:555", "Bo Birch"}
    doc["event"]["id"] = "by-name"  # type: ignore[index]
    path.write_text(json.dumps(doc))
    assert not ledger.import_files([path], player_key=PlayerKey.NAME).errors
    ledger.rate_pending()
    ids = {r.player_id for r in ledger.rating_list("uscf", Pool.REGULAR)}
    assert ids == {"FIDE:555", "Bo Birch", "Ann Ash"}  # spaces normalised


def test_player_attributes_follow_the_latest_file_that_gives_them(ledger: Ledger) -> None:
    assert not ledger.import_files(SEASON).errors
    info = ledger.player("10000007")  # Gina Gray: birth date in the open and the rapid
    assert info.name == "Gina Gray" and info.birth_date == dt.date(2013, 9, 2)
    ladder_only = ledger.player("10000001")  # the CSV gives no names: the JSON name stays
    assert ladder_only.name == "Alice Ames"


# -- rows written in batches (issue 15: memory proportional to the file) -------------------

_MANY_KINDS = [
    *SEASON,
    # Titles and unplayed rounds, where the shared data is present.
    *sorted((DATA / "trf-real").glob("fide_example1_*.trf")),
]


def _contents(conn: Connection) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table an import writes (but the time of the import)."""
    out: dict[str, list[tuple[object, ...]]] = {}
    for table in (schema.imports, schema.players, schema.events, schema.sections,
                  schema.entries, schema.games, schema.unplayed, schema.player_titles):  # fmt: skip
        columns = ", ".join(c.name for c in table.columns if c.name != "imported_at")
        rows = conn.execute(text(f"SELECT {columns} FROM {table.name} ORDER BY {columns}"))
        out[table.name] = [tuple(r) for r in rows]
    return out


def test_rows_written_in_small_batches_are_the_rows_written_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    contents = []
    for batch in (1_000_000, 7):
        monkeypatch.setattr(store, "_ROWS_PER_BATCH", batch)
        with Ledger.open(tmp_path / f"batch-{batch}.db") as ledger:
            assert not ledger.import_files(_MANY_KINDS).errors
            with ledger.engine.connect() as conn:
                contents.append(_contents(conn))
    assert len(contents[0]["games"]) > 7 and len(contents[0]["entries"]) > 7
    assert contents[0] == contents[1]


def test_a_batch_the_database_refuses_leaves_nothing_of_the_file(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The third batch of games repeats a row (a primary key the database refuses): the
    two batches written before it are rolled back with the rest of the file."""
    monkeypatch.setattr(store, "_ROWS_PER_BATCH", 2)
    calls: list[str] = []
    insert_rows = bulk.insert_rows

    def refusing(
        conn: Connection, table: object, columns: object, rows: list[tuple[object, ...]]
    ) -> None:
        name = getattr(table, "name", "")
        calls.append(name)
        if name == "games" and calls.count("games") == 3:
            rows = [rows[0], rows[0]]
        insert_rows(conn, table, columns, rows)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "insert_rows", refusing)
    result = ledger.import_files([EXAMPLES / "uscf-open.json"])
    (error,) = result.errors
    assert "cannot store the file" in str(error)
    assert calls.count("games") == 3 and calls.count("entries") > 1
    assert result.stored == () and ledger.events() == []
    with ledger.engine.connect() as conn:
        assert all(rows == [] for rows in _contents(conn).values())
