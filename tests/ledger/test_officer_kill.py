"""Kill the process while it publishes or corrects: the ledger is as it was, or the
publication (correction) is whole; after a correction's kill, ``rate-pending`` finishes
it and the lists are those of a correction never interrupted."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger, schema
from arpad.model import Pool
from tests.conftest import REPO
from tests.ledger.helpers import small_season

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

CUTOFF = dt.date(2030, 1, 1)
WORKER = """
import sys, datetime as dt
from sqlalchemy import select

from arpad.ledger import Ledger, schema
from arpad.model import Pool
db, mode = sys.argv[1], sys.argv[2]
with Ledger.open(db) as ledger:
    print("start", flush=True)
    if mode == "publish":
        ledger.publish("uscf", Pool.REGULAR, dt.date(2030, 1, 1), "killed")
    else:
        event, rnd, white, black = sys.argv[3:7]
        ledger.correct_game(event, int(rnd), white, black, annul=True, reason="r", by="killed")
print("done", flush=True)
"""


def _run_and_kill(db: Path, delay: float, *args: str) -> bool:
    """Run the worker and kill it ``delay`` s after it starts working; False if it was
    done first."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WORKER, str(db), *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'src'}"},
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "start"
    time.sleep(delay)
    finished = proc.poll() is not None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return not finished


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("season") / "season.db"
    with Ledger.open(path) as ledger:
        ledger.import_events(small_season(21, 3000, 400), "season")
        ledger.rate_pending(["uscf"])
    return path


def _csv(ledger: Ledger) -> str:
    return list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2, 0.6])
def test_a_killed_publication_is_whole_or_absent(
    season: Path, tmp_path: Path, delay: float
) -> None:
    db = tmp_path / "l.db"
    shutil.copy(season, db)
    _run_and_kill(db, delay, "publish")
    with Ledger.open(db) as ledger:
        assert ledger.check() == []
        found = ledger.publications()
        assert [e.kind for e, _ in ledger.audit()] == ["publish"] * len(found)
        if found:
            _, rows = ledger.published_list("uscf", Pool.REGULAR)
            assert len(rows) == found[0].players > 0
            assert list_output(rows, ListFormat.CSV) == list_output(
                ledger.rating_list("uscf", Pool.REGULAR, as_of=CUTOFF), ListFormat.CSV
            )


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2, 0.6])
def test_a_killed_correction_is_finished_by_rate_pending(
    season: Path, tmp_path: Path, delay: float
) -> None:
    g, s = schema.games, schema.sections
    with Ledger.open(season) as ledger, ledger.engine.connect() as conn:
        first, rnd, white, black = conn.execute(
            select(s.c.key, g.c.round, g.c.white, g.c.black)
            .join(s, s.c.id == g.c.section_id)
            .where(g.c.round.is_not(None))
            .order_by(s.c.end_date, s.c.position, g.c.ordinal)
            .limit(1)
        ).one()
    expected = tmp_path / "expected.db"
    shutil.copy(season, expected)
    with Ledger.open(expected) as ledger:
        before = _csv(ledger)
        ledger.correct_game(first, rnd, white, black, annul=True, reason="r", by="x")
        after = _csv(ledger)
    db = tmp_path / "l.db"
    shutil.copy(season, db)
    _run_and_kill(db, delay, "correct", first, str(rnd), white, black)
    with Ledger.open(db) as ledger:
        assert ledger.check() == []
        log = ledger.audit()
        if not log:  # killed before the commit: as it was
            assert ledger.pending() == {"uscf": 0} and _csv(ledger) == before
            return
        assert [e.kind for e, _ in log] == ["annul"]
        ledger.rate_pending()
        assert _csv(ledger) == after
