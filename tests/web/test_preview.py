"""The import preview (arpad.ledger.preview): identity questions, refusals, and ratings
equal to what rate-pending then stores."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

from arpad.ledger import Ledger, PlayerKey
from arpad.ledger.preview import Identity, preview_import
from arpad.ledger.store import prepare_file
from arpad.model import Pool
from tests.conftest import EXAMPLES, shared_data
from tests.ledger.conftest import SEASON


def test_identity_questions(ledger_path: str, tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "ledger" / "2024-06-summer-swiss.json").read_text())
    doc["players"][0]["name"] = "Somebody Else"
    changed = tmp_path / "renamed.json"
    changed.write_text(json.dumps(doc))
    with Ledger.open(ledger_path) as ledger, ledger.engine.connect() as conn:
        shown = preview_import(conn, prepare_file(changed))
    by_id = {q.player_id: q for q in shown.players}
    first = by_id[doc["players"][0]["id"]]
    assert first.identity == Identity.CONFLICT and "the ledger knows" in first.message
    assert shown.conflicts == 1
    kinds = {q.identity for q in shown.players}
    assert Identity.MATCHED in kinds and Identity.NEW in kinds
    assert shown.refused is None and shown.later_sections == 0


def test_preview_refuses_what_import_refuses(ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger, ledger.engine.connect() as conn:
        shown = preview_import(conn, prepare_file(SEASON[1]))
    assert shown.refused is not None and "already imported" in shown.refused


def test_late_event_counts_the_sections_rated_again(ledger_path: str, tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "ledger" / "2024-06-summer-swiss.json").read_text())
    doc["event"]["id"] = "early-swiss"
    doc["event"]["end_date"] = "2024-03-01"
    early = tmp_path / "early.json"
    early.write_text(json.dumps(doc))
    with Ledger.open(ledger_path) as ledger:
        later = [e for e in ledger.events() if e.end_date > dt.date(2024, 3, 1)]
        with ledger.engine.connect() as conn:
            shown = preview_import(conn, prepare_file(early))
    assert len(later) == 4 and shown.later_sections == len(later)


def test_preview_of_a_real_trf_equals_the_rating_after_commit(tmp_path: Path) -> None:
    trf = shared_data("trf-real/fide_example1_karl_mala_2005.trf")
    path = str(tmp_path / "trf.db")
    with Ledger.open(path) as ledger:
        prepared = prepare_file(trf, player_policy=PlayerKey.FIDE_ID)
        with ledger.engine.connect() as conn:
            shown = preview_import(conn, prepared)
        assert all(q.identity == Identity.NEW for q in shown.players)
        ledger.import_prepared(dataclasses.replace(prepared, source="upload.trf"))
        ledger.rate_pending(["uscf"])
        key = prepared.events[0].key
        rated = ledger.rated_sections(key, "uscf")
        assert [e.source for e in ledger.events()] == ["upload.trf"]
    (section,) = [s for s in shown.sections if s.pool == Pool.REGULAR]
    assert {r.player_id: r.rating.post for r in section.rows if r.rating} == {
        k: v.post for k, v in rated[0].ratings.items()
    }
