"""Kill the process at any moment: the ledger stays consistent and the work resumes.

A subprocess rates (or imports) and is killed with SIGKILL part-way through; after every
kill the ledger passes the consistency check, and once finished, its rating lists are
byte-identical to those of a ledger rated in one go.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger
from arpad.model import Pool
from tests.conftest import REPO
from tests.ledger.helpers import small_season

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

WORKER = """
import sys
from arpad.ledger import Ledger
from tests.ledger.helpers import small_season
db, mode = sys.argv[1], sys.argv[2]
with Ledger.open(db) as ledger:
    if mode == "import":
        events = small_season(11, 400, 600)
        print("importing", flush=True)
        ledger.import_events(events, "season")
    else:
        def progress(name, done, total):
            print(done, flush=True)
        ledger.rate_pending(["uscf"], progress=progress, batch=int(sys.argv[3]))
print("done", flush=True)
"""


def _worker(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, str(db), *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'src'}"},
    )


def _kill_after(proc: subprocess.Popen[str], events: int) -> bool:
    """Kill once the worker has rated ``events`` events; False if it finished first."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "done":
            proc.wait()
            return False
        if line.strip().isdigit() and int(line) >= events:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return True
    proc.wait()
    return False


def _lists(db: Path) -> str:
    with Ledger.open(db) as ledger:
        return "".join(
            list_output(ledger.rating_list("uscf", pool), ListFormat.CSV)
            for pool in (Pool.REGULAR, Pool.QUICK)
        )


def _rated(db: Path) -> int:
    with Ledger.open(db) as ledger:
        assert ledger.check() == []
        return 120 - ledger.pending()["uscf"]


@pytest.mark.slow
def test_kill_during_rate_pending_is_consistent_and_resumes(tmp_path: Path) -> None:
    db, reference = tmp_path / "ledger.db", tmp_path / "reference.db"
    for path in (db, reference):
        with Ledger.open(path) as ledger:
            ledger.import_events(small_season(3), "season")
    with Ledger.open(reference) as ledger:
        ledger.rate_pending(["uscf"])
    expected = _lists(reference)
    kills = 0
    for batch, after in (("1", 15), ("1", 50), ("500", 80)):
        if _kill_after(_worker(db, "rate", batch), after):
            kills += 1
        _rated(db)  # consistent after every kill
    assert kills >= 2
    done = _worker(db, "rate", "7")
    assert done.wait() == 0
    assert _rated(db) == 120
    assert _lists(db) == expected


@pytest.mark.slow
def test_kill_at_a_random_moment_of_an_import_stores_all_or_nothing(tmp_path: Path) -> None:
    for delay in (0.05, 0.4, 1.2):
        db = tmp_path / f"ledger-{delay}.db"
        proc = _worker(db, "import")
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "importing"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with Ledger.open(db) as ledger:
            assert ledger.check() == []
            assert len(ledger.events()) in (0, 600)
