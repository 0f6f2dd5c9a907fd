"""``--json`` of ``arpad player`` and ``arpad failures`` (issue 23: "estimate, systems,
player, failures have no JSON"; estimate and systems: tests/cli/test_options.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arpad.cli import app

runner = CliRunner()


def test_player_and_failures_print_json(tmp_path: Path) -> None:
    from tests.ledger.test_cli import _ledger

    db = _ledger(tmp_path)
    history = json.loads(runner.invoke(app, ["history", "10000004", "--db", db, "--json"]).output)
    shown = runner.invoke(app, ["player", "10000004", "--db", db, "--json"])
    assert shown.exit_code == 0, shown.output
    doc = json.loads(shown.output)
    assert (doc["id"], doc["name"]) == ("10000004", "Dev Dutta")
    (uscf,) = [s for s in doc["standings"] if s["pool"] == "regular"]
    assert uscf["system"] == "uscf" and uscf["rating"] == uscf["state"]["rating"]
    assert doc["history"] == history  # the same records as 'arpad history --json'
    failures = runner.invoke(app, ["failures", "--db", db, "--json"])
    assert failures.exit_code == 0 and json.loads(failures.output) == []
