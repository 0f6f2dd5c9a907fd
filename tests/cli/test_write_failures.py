"""Exit codes that tell the truth (issue 24.2): a full disk, a read-only place or a file
that is not a database is one line naming the cause, never a traceback, never exit 0.

A full disk is simulated with SQLite's own limit on the file's pages (``PRAGMA
max_page_count``), which fails a write with SQLITE_FULL exactly as a full disk does.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import arpad.ledger.db
from arpad.ledger import Ledger
from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run
from tests.ledger.conftest import SEASON

SRC = Path(__file__).resolve().parents[2] / "src"


def _disk_of(monkeypatch: pytest.MonkeyPatch, pages: int) -> None:
    """Every SQLite ledger opened from now on holds at most ``pages`` pages."""
    original = arpad.ledger.db._sqlite_pragmas

    def limited(dbapi_connection: Any, record: Any) -> None:
        original(dbapi_connection, record)
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    monkeypatch.setattr(arpad.ledger.db, "_sqlite_pragmas", limited)


def _pages(db: Path) -> int:
    """The pages of ``db`` after a VACUUM (no free page left to fill)."""
    with sqlite3.connect(db, isolation_level=None) as conn:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return int(conn.execute("PRAGMA page_count").fetchone()[0])


def test_rate_pending_on_a_full_disk_exits_1_naming_each_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: exit 0, and two-line warnings ending "please report it" (issue 24)."""
    db = tmp_path / "ledger.db"
    with Ledger.open(str(db)) as ledger:
        assert not ledger.import_files(SEASON).errors
    _disk_of(monkeypatch, _pages(db))
    outcome = run(
        ["rate-pending", "--db", str(db), "--quiet", "--system", "uscf", "--system", "elo"]
    )
    assert outcome.code == 1
    lines = outcome.stderr.strip().splitlines()
    assert sorted(line.split()[2] for line in lines) == ["elo", "uscf"], lines
    for line in lines:
        assert line.startswith("arpad: error:") and "the disk is full" in line, line
        assert "please report" not in line


def test_import_on_a_full_disk_is_one_line_and_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a traceback (issue 24)."""
    db = tmp_path / "ledger.db"
    Ledger.open(str(db)).close()
    _disk_of(monkeypatch, _pages(db))
    games = tmp_path / "games.csv"
    rows = [
        f"big,2024-07-09,{n // 50 + 1},player-{n:05d},player-{n + 1:05d},1-0" for n in range(3000)
    ]
    games.write_text("event,date,round,white,black,result\n" + "\n".join(rows) + "\n")
    outcome = run(["import", str(games), "--db", str(db)])
    assert outcome.code == 2
    assert outcome.stderr.strip().splitlines() == [
        "arpad: error: ledger: the disk is full (database or disk is full)"
    ]
    monkeypatch.undo()
    with Ledger.open(str(db)) as ledger:
        assert ledger.events(None) == []


def _arpad(args: list[str], stdout: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "80"}
    code = "from arpad.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        check=False,
    )


def test_output_to_a_full_device_is_one_line() -> None:
    """``arpad rate … > /dev/full`` (every write fails with ENOSPC). Before: a traceback."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        done = _arpad(["rate", str(EXAMPLES / "uscf-open.json"), "--json"], full)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["arpad: error: the disk is full (no space left on device)"]


def test_writing_into_a_place_that_refuses_is_one_line(tmp_path: Path) -> None:
    """``--output`` into a folder that does not exist or refuses (``/sys`` is read-only
    even for root): one line naming the file the user gave, not a temporary one."""
    target = tmp_path / "missing" / "out.trf"
    done = _arpad(["trf", str(EXAMPLES / "uscf-open.json"), "--output", str(target)], None)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"arpad: error: {target}: No such file or directory"]
    if Path("/sys").is_dir():
        done = _arpad(["trf", str(EXAMPLES / "uscf-open.json"), "--output", "/sys/out.trf"], None)
        assert done.returncode == 2
        assert done.stderr.startswith("arpad: error: /sys/out.trf: ")
        assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("content", [b'{"format": "arpad-event/1"}', os.urandom(4096)])
def test_a_db_that_is_not_a_database_is_named_as_such(tmp_path: Path, content: bytes) -> None:
    """Before: 137 lines of traceback (issue 23)."""
    db = tmp_path / "not-a-ledger.db"
    db.write_bytes(content)
    for args in (["list"], ["events"], ["import", str(EXAMPLES / "uscf-open.json")]):
        outcome = run([*args, "--db", str(db)])
        assert outcome.code == 2
        (line,) = outcome.stderr.strip().splitlines()
        assert "is not a database" in line and str(db) in line, line
