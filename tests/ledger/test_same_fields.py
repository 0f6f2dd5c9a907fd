"""PostgreSQL and SQLite accept exactly the same fields (issue 24.6): every edge file is
imported into both, with the same outcome. Before, a ``sex`` of 11 to 40 characters was
taken by SQLite and crashed ``import`` on PostgreSQL (the column holds 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arpad.ledger import Ledger
from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run

EDGES: list[tuple[str, dict[str, Any], bool]] = [
    # (what, fields set on the first player, accepted)
    ("sex of 10 characters", {"sex": "x" * 10}, True),
    ("sex of 11 characters", {"sex": "x" * 11}, False),
    ("sex of 40 characters", {"sex": "x" * 40}, False),
    ("title of 40 characters", {"title": "T" * 40}, True),
    ("title of 41 characters", {"title": "T" * 41}, False),
    ("federation of 40 characters", {"federation": "F" * 40}, True),
    ("FIDE id of 40 characters", {"fide_id": "1" * 40}, True),
    ("name of 10,000 characters", {"name": "N" * 10_000}, True),
    ("name outside the BMP", {"name": "Ann 𝔸𝕞𝕖𝕤 ♔"}, True),
    ("name with a NUL", {"name": "Ann\u0000Ames"}, False),
    ("id of 200 characters", {"id": "i" * 200}, True),
    ("id of 201 characters", {"id": "i" * 201}, False),
]


def _file(tmp_path: Path, fields: dict[str, Any]) -> Path:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    old = doc["players"][0]["id"]
    doc["players"][0].update(fields)
    new = doc["players"][0]["id"]
    for game in doc["games"]:
        for side in ("white", "black"):
            if game[side] == old:
                game[side] = new
    path = tmp_path / "edge.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("what", "fields", "accepted"), EDGES, ids=[e[0] for e in EDGES])
def test_both_databases_take_the_same_fields(
    db_url: str, tmp_path: Path, what: str, fields: dict[str, Any], accepted: bool
) -> None:
    Ledger.open(db_url).close()
    done = run(["import", str(_file(tmp_path, fields)), "--db", db_url])
    assert done.code == (0 if accepted else 2), (what, done.stderr)
    if accepted:
        rated = run(["rate-pending", "--db", db_url, "--quiet"])
        assert rated.code == 0, rated.stderr
    with Ledger.open(db_url) as ledger:
        assert len(ledger.events(None)) == (1 if accepted else 0)
