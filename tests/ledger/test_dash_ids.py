"""Ids that start with ``-`` work in every command that takes one, after ``--`` (issue
24.6): before, ``delete-event`` could not be given such an event, not even in the command
arpad itself suggested."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run


def _dashed(tmp_path: Path) -> Path:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    doc["event"]["id"] = "-weird"
    old = doc["players"][0]["id"]
    doc["players"][0]["id"] = "-p1"
    for game in doc["games"]:
        for side in ("white", "black"):
            if game[side] == old:
                game[side] = "-p1"
    path = tmp_path / "dashed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_ids_starting_with_a_dash_after_double_dash(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    event = _dashed(tmp_path)
    assert run(["import", str(event), "--db", db]).code == 0
    assert run(["rate-pending", "--db", db, "--quiet"]).code == 0
    for args, shows in (
        (["crosstable", "--db", db, "--", "-weird"], "Alice Ames"),
        (["history", "--db", db, "--format", "json", "--", "-p1"], "-weird"),
        (["player", "show", "--db", db, "--", "-p1"], "Alice Ames"),
    ):
        done = run(args)
        assert done.code == 0, (args, done.stderr)
        assert shows in done.stdout, (args, done.stdout[:300])
    again = run(["import", str(event), "--db", db, "--on-conflict", "refuse"])
    if "arpad delete-event" in again.stderr:  # the suggested command carries the --
        assert "arpad delete-event -- -weird" in again.stderr
    deleted = run(["delete-event", "--db", db, "--", "-weird"])
    assert deleted.code == 0 and "deleted -weird" in deleted.stdout
