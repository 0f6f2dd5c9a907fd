"""The officer's commands on bad input (one line, exit 2, nothing changed) and a failure
inside a publication or a correction (one transaction: the ledger is as it was)."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arpad.ledger import Ledger, LedgerError
from arpad.ledger import corrections as corrections_module
from arpad.ledger import publications as publications_module
from arpad.ledger.bulk import insert_rows
from arpad.ledger.corrections import snapshot
from arpad.model import Pool
from tests.ledger.conftest import LATE, SEASON

ON_TIME = [f for f in SEASON if f != LATE]
SEASON_CUTOFF = dt.date(2024, 6, 30)


def _arpad(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )


@pytest.fixture
def rated(db_url: str) -> str:
    with Ledger.open(db_url) as ledger:
        assert not ledger.import_files(ON_TIME).errors
        ledger.rate_pending(["uscf"])
    return db_url


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["publish", "--system", "uscf"], "needs --cutoff DATE"),
        (["publish", "--cutoff", "June"], "--cutoff must be an ISO date"),
        (["list", "--published", "3"], "no version 3 of uscf (regular)"),
        (["list", "--published=x"], "--published takes a version number"),
        (
            [
                "correct",
                "2024-spring-open",
                "--round",
                "3",
                "--white",
                "a",
                "--black",
                "b",
                "--annul",
                "--reason",
                "r",
            ],
            "no game of '2024-spring-open' in round 3",
        ),
        (
            [
                "correct",
                "2024-spring-open",
                "--round",
                "3",
                "--white",
                "a",
                "--black",
                "b",
                "--result",
                "2-0",
                "--reason",
                "r",
            ],
            "--result must be one of",
        ),
        (
            [
                "correct",
                "2024-spring-open",
                "--round",
                "3",
                "--white",
                "a",
                "--black",
                "b",
                "--reason",
                "r",
            ],
            "needs one of --result RESULT or --annul",
        ),
        (["undo", "7", "--reason", "r"], "no entry 7 in the audit log"),
        # the option fuzz's find: an overflowing version reached SQLite as a traceback
        (["list", "--published", "9" * 20], "--published takes a version number like 2"),
        (["list", "--published", "²"], "--published takes a version number like 2"),
        (["correct-rating", "nobody", "--rating", "1500", "--reason", "r"], "no uscf rating"),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(
    sqlite_path: str, args: list[str], message: str
) -> None:
    with Ledger.open(sqlite_path) as ledger:
        assert not ledger.import_files(ON_TIME).errors
        ledger.rate_pending(["uscf"])
        before = snapshot(ledger.engine.connect())
    result = _arpad(*args, "--db", sqlite_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    with Ledger.open(sqlite_path) as ledger, ledger.engine.connect() as conn:
        assert snapshot(conn) == before
        assert ledger.audit() == []


def test_publishing_with_unrated_sections_before_the_cutoff_is_refused(rated: str) -> None:
    with Ledger.open(rated) as ledger:
        assert not ledger.import_files([LATE]).errors
        with pytest.raises(LedgerError, match="not rated by uscf yet"):
            ledger.publish("uscf", Pool.REGULAR, SEASON_CUTOFF, "me")
        assert ledger.publications() == []


def test_a_failure_while_publishing_leaves_no_publication(
    rated: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = insert_rows
    calls: list[str] = []

    def failing(conn: Any, table: Any, columns: Any, rows: Any) -> None:
        calls.append(table.name)
        real(conn, table, columns, rows)  # the rows reach the database, then it fails
        raise RuntimeError("killed")

    monkeypatch.setattr("arpad.ledger.publications.insert_rows", failing)
    with Ledger.open(rated) as ledger:
        with pytest.raises(RuntimeError):
            ledger.publish("uscf", Pool.REGULAR, SEASON_CUTOFF, "me")
        assert calls == ["publication_rows"]
        assert ledger.publications() == [] and ledger.audit() == []
        with ledger.engine.connect() as conn:
            assert publications_module.count_publications(conn) == 0
        monkeypatch.undo()
        assert ledger.publish("uscf", Pool.REGULAR, SEASON_CUTOFF, "me").publication.version == 1


def test_a_failure_while_correcting_leaves_the_ledger_as_it_was(
    rated: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: object, **kwargs: object) -> int:
        raise RuntimeError("killed")

    with Ledger.open(rated) as ledger:
        with ledger.engine.connect() as conn:
            before = snapshot(conn)
        monkeypatch.setattr(corrections_module, "log", failing)
        with pytest.raises(RuntimeError):
            ledger.correct_game(
                "2024-spring-open", 3, "10000001", "10000006", score=1.0, reason="r", by="me"
            )
        assert ledger.pending() == {"uscf": 0}  # nothing rolled back
        with ledger.engine.connect() as conn:
            assert snapshot(conn) == before
        assert ledger.check() == []


def test_an_entry_superseded_by_a_re_rating_cannot_be_undone(rated: str) -> None:
    with Ledger.open(rated) as ledger:
        done = ledger.correct_rating("10000002", "uscf", Pool.REGULAR, 2000.0, reason="r", by="me")
        assert [(m.player_id, m.new) for m in done.moved] == [("10000002", 2000.0)]
        assert ledger.import_files([LATE]).errors == ()
        ledger.rate_pending()
        [(entry, live)] = ledger.audit()
        assert entry.kind == "rating" and not live
        with pytest.raises(LedgerError, match="superseded"):
            ledger.undo(entry.id, reason="r", by="me")


def test_a_dry_run_changes_nothing_and_reports_what_the_change_would(rated: str) -> None:
    with Ledger.open(rated) as ledger:
        args = ("2024-spring-open", 3, "10000001", "10000006")
        dry = ledger.correct_game(*args, score=1.0, reason="r", by="me", dry_run=True)
        assert dry.dry_run and dry.moved and ledger.audit() == []
        done = ledger.correct_game(*args, score=1.0, reason="r", by="me")
        assert done.moved == dry.moved and done.entry.target == dry.entry.target


def test_bad_fide_list_line_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    path = tmp_path / "standard_sep26frl.txt"
    header = f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'WTit':<5}"
    header += f"{'OTit':<15}{'FOA':<4}{'SEP26':<6}{'Gms':<4}{'K':<3}{'B-day':<6}Flag"
    good = f"{'1503014':<15}{'Carlsen, Magnus':<61}{'NOR':<4}{'M':<4}{'GM':<5}{'':<24}"
    good += "2830  0   10 1990"
    path.write_text("\n".join([header, good, good.replace("1503014", "15O3014")]) + "\n")
    db = str(tmp_path / "l.db")
    result = _arpad("import", str(path), "--db", db)
    assert result.returncode == 2
    assert f"{path}:3: FIDE ID '15O3014' is not a number" in result.stderr
    with Ledger.open(db) as ledger, pytest.raises(LedgerError):
        ledger.player("FIDE:1503014")
