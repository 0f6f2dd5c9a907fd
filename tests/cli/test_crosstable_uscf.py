"""``arpad crosstable --format uscf`` read back by arpad (issue 23 point 1, issue 24 points 5
and 6; D-cli2-3).

Every event of a ledger — the examples (one of them dual-rated, so with ``Q:`` lines) and
the real 284-player Karl Mala TRF when ../shared/data is there — is written as the US Chess
crosstable through the command line and read back: the same players, points, games and
pre-event ratings as shown. A name that the format cannot carry (a line break, a control
character) is refused with one line and nothing written.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.display import shown_rating
from arpad.io import read_event, read_events
from arpad.ledger import Ledger
from arpad.model import Event
from tests.conftest import DATA, EXAMPLES
from tests.io.fuzz_harness import run

runner = CliRunner()
KARL_MALA = DATA / "trf-real/fide_example1_karl_mala_2005.trf"
EXAMPLE_FILES = [EXAMPLES / "uscf-open.json", *sorted((EXAMPLES / "ledger").iterdir())]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("uscf") / "ledger.db")
    files = EXAMPLE_FILES + ([KARL_MALA] if KARL_MALA.exists() else [])
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(files).errors
        ledger.rate_pending(["uscf"])
    return path


def _event_ids(db: str) -> list[str]:
    out = runner.invoke(app, ["events", "--db", db, "--json"]).output
    return [e["id"] for e in json.loads(out)]


def _games(event: Event) -> Counter[tuple[str, str, float]]:
    name = {p.id: p.name or p.id for p in event.players}
    return Counter((name[g.white], name[g.black], g.score) for g in event.games if g.rated)


def _points(event: Event) -> dict[str, float]:
    # A player without a name is written (and read back) under the id.
    return {p.name or p.id: event.total_points(p.id) for p in event.players}


def test_every_event_reads_back_as_written(db: str, tmp_path: Path) -> None:
    ids = _event_ids(db)
    assert "2024-05-club-rapid" in ids  # dual-rated: Q: lines
    assert not KARL_MALA.exists() or "9-karl-mala-gedenkturnier-2005-07-31" in ids
    for event_id in ids:
        written = runner.invoke(app, ["crosstable", event_id, "--db", db, "--format", "uscf"])
        assert written.exit_code == 0, written.output
        path = tmp_path / f"{event_id}.txt"
        path.write_text(written.output, encoding="utf-8")
        back = read_events(path, "uscf-crosstable")
        with Ledger.open(db) as ledger:
            sections = ledger.rated_sections(event_id, "uscf")
        # A dual-rated section is rated in two pools: one table, read back once.
        own = {rs.section.id: rs for rs in sections if rs.pool == rs.section.event.pool}
        assert len(back) == len(own), event_id
        for read, rs in zip(back, own.values(), strict=True):
            event = rs.section.event
            assert _points(read) == _points(event), event_id
            assert _games(read) == _games(event), event_id
            # The pre-event rating in the event's own pool, as the crosstable shows it.
            for p, q in zip(event.players, read.players, strict=True):
                pre = rs.pre.get(p.id)
                shown = None if pre is None else shown_rating(pre.rating, "uscf")
                want = None if shown is None else round(shown)
                assert q.name == (p.name or p.id) and q.rating == want, (event_id, p.name)
        assert runner.invoke(app, ["rate", str(path)]).exit_code == 0


@pytest.mark.parametrize("name", ["Ann\nAmes", "Ann\x1b[2JAmes", "Ann\u2028Ames"])
def test_a_name_the_format_cannot_carry_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    doc["players"][0]["name"] = name
    source = tmp_path / "named.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    db = str(tmp_path / "l.db")
    assert run(["import", str(source), "--db", db]).code == 0
    assert run(["rate-pending", "--db", db, "-s", "uscf"]).code == 0
    event_id = read_event(source).id
    done = run(["crosstable", event_id, "--db", db, "--format", "uscf"])
    assert done.code == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "control character" in done.stderr
    assert "\x1b" not in done.stderr
