"""The ledger commands as a user runs them."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from arpad.cli import app
from arpad.io import uscf_crosstable
from tests.conftest import EXAMPLES
from tests.ledger.conftest import SEASON

runner = CliRunner()


def _arpad(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False, cwd=cwd
    )


def _ledger(tmp_path: Path) -> str:
    db = str(tmp_path / "cli.db")
    result = runner.invoke(app, ["import", "--db", db, *map(str, SEASON)])
    assert result.exit_code == 0, result.output
    assert "8 section(s) to rate" in result.output
    result = runner.invoke(app, ["rate-pending", "--db", db])
    assert result.exit_code == 0, result.output
    assert "uscf: rated 8 section(s)" in result.output
    return db


def test_list_formats_agree(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    table = runner.invoke(app, ["list", "--db", db]).output.splitlines()
    csv_lines = runner.invoke(app, ["list", "--db", db, "-f", "csv"]).output.splitlines()
    doc = json.loads(runner.invoke(app, ["list", "--db", db, "-f", "json"]).output)
    assert len(table) == len(csv_lines) == len(doc) + 1
    assert doc[0]["id"] == "10000001" and doc[0]["rank"] == 1
    assert csv_lines[1].startswith("1,10000001,Alice Ames,")
    ratings = [row["rating"] for row in doc]
    assert ratings == sorted(ratings, reverse=True)
    provisional = next(row for row in doc if not row["established"])
    assert provisional["mark"] == f"P{provisional['games']}"
    assert f"{provisional['rating']:.0f}P{provisional['games']}" in "\n".join(table)
    early = json.loads(
        runner.invoke(app, ["list", "--db", db, "-f", "json", "--as-of", "2024-02-29"]).output
    )
    assert {row["id"] for row in early} == {"10000001", "10000002", "10000003", "10000004"}
    quick = json.loads(
        runner.invoke(app, ["list", "--db", db, "-f", "json", "--pool", "quick"]).output
    )
    assert len(quick) == 6


def test_crosstable_uscf_text_reads_back_with_the_ledgers_ratings(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    text = runner.invoke(app, ["crosstable", "--db", db, "uscf-crosstable", "-f", "uscf"]).output
    (event,) = uscf_crosstable.read(io.StringIO(text), "written.txt")
    original = uscf_crosstable.read(
        io.StringIO((EXAMPLES / "uscf-crosstable.txt").read_text()), "x"
    )[0]
    assert event.games == original.games and event.unplayed == original.unplayed
    # The example's published post-event ratings were computed with arpad: the ledger
    # reproduces them, and writes them where the federation prints them.
    assert [p.published_post for p in event.players] == [p.published_post for p in original.players]
    rated = json.loads(
        runner.invoke(app, ["crosstable", "--db", db, "uscf-crosstable", "-f", "json"]).output
    )
    assert [round(p["post"]) for p in rated["players"]] == [
        p.published_post for p in original.players
    ]


def test_crosstable_event_json_rates_alone_like_the_ledger(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    out = tmp_path / "open.json"
    doc = runner.invoke(app, ["crosstable", "--db", db, "2024-spring-open", "-f", "event"]).output
    out.write_text(doc)
    alone = json.loads(runner.invoke(app, ["rate", str(out), "--json"]).output)
    ledger = json.loads(
        runner.invoke(app, ["crosstable", "--db", db, "2024-spring-open", "-f", "json"]).output
    )
    # The exported file carries the ledger's pre-event ratings (not the original file's):
    by_id = {p["id"]: p for p in ledger["players"]}
    for p in alone["players"]:
        assert p["pre"] == by_id[p["id"]]["pre"]
    assert by_id["10000001"]["pre"] != 2251.4  # the quad moved Alice from the file's value
    # … and says they are the ledger's uscf ratings (docs/formats.md, rating provenance).
    kinds = {p.get("rating_kind") for p in json.loads(doc)["players"] if p["rating"] is not None}
    assert kinds == {"uscf"}


def test_player_history_plot_events_and_delete(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    shown = runner.invoke(app, ["player", "--db", db, "10000006"], env={"COLUMNS": "200"})
    assert (
        shown.exit_code == 0
        and "Felix Falk" in shown.output
        and "2024-03-thursday-swiss" in shown.output
    )
    plot = tmp_path / "falk.png"
    result = runner.invoke(app, ["history", "--db", db, "10000006", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    events = runner.invoke(app, ["events", "--db", db], env={"COLUMNS": "250"}).output
    assert "2024-08-club-ladder" in events
    result = runner.invoke(app, ["delete-event", "--db", db, "2024-03-thursday-swiss"])
    assert "6 later section(s) to rate again" in result.output
    assert "uscf: 6 section(s) to rate" in runner.invoke(app, ["events", "--db", db]).output


def test_errors_are_one_line_with_exit_code_2(tmp_path: Path) -> None:
    db = str(tmp_path / "e.db")
    assert _arpad("import", "--db", db, str(SEASON[0])).returncode == 0
    again = _arpad("import", "--db", db, str(SEASON[0]))
    assert again.returncode == 2
    assert "already imported" in again.stderr and "Traceback" not in again.stderr
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "event,date,round,white,black,result\nx,2024-01-01,1,a,b,1-0\nx,2024-01-02,1,a,b,3-0\n"
    )
    result = _arpad("import", "--db", db, str(bad), str(SEASON[1]))
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (
        f"arpad: error: {bad}:3: unknown result '3-0'; use '1-0', '0-1' or '1/2-1/2'"
    )
    assert "Traceback" not in result.stderr
    missing = _arpad("crosstable", "--db", db, "nope")
    assert (
        missing.returncode == 2
        and missing.stderr.count("\n") == 1
        and "no event 'nope'" in missing.stderr
    )
    nodir = _arpad("list", "--db", str(tmp_path / "no" / "such" / "dir.db"))
    assert nodir.returncode == 2 and "Traceback" not in nodir.stderr
