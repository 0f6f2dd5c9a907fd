"""The command line: `arpad rate`, `arpad estimate`, `arpad systems`, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import EXAMPLES

runner = CliRunner()


def _arpad(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real console entry point (exit codes and stderr as a user sees them)."""
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )


def test_rate_json_output_shape() -> None:
    result = runner.invoke(app, ["rate", str(EXAMPLES / "uscf-open.json"), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    keys = {"id", "name", "pre", "post", "k", "expected", "score", "bonus", "method", "games"}
    assert keys <= set(doc["players"][0])
    assert doc["system"] == "uscf" and len(doc["players"]) == 8


def test_rate_bonus_multiplier_changes_a_bonus() -> None:
    path = str(EXAMPLES / "uscf-open.json")
    base = json.loads(runner.invoke(app, ["rate", path, "--json"]).output)
    low = json.loads(runner.invoke(app, ["rate", path, "--json", "--bonus-multiplier", "0"]).output)
    assert sum(p["bonus"] for p in low["players"]) > sum(p["bonus"] for p in base["players"])


def test_rate_crosstable_prints_the_comparison() -> None:
    result = runner.invoke(
        app, ["rate", str(EXAMPLES / "uscf-crosstable.txt")], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "Published" in result.output and "Diff" in result.output


def test_rate_crosstable_reproduces_its_published_ratings() -> None:
    result = runner.invoke(app, ["rate", str(EXAMPLES / "uscf-crosstable.txt"), "--json"])
    for p in json.loads(result.output)["players"]:
        assert round(p["post"]) == p["published_post"], p["name"]


def test_systems_lists_uscf_and_its_options() -> None:
    assert "uscf" in runner.invoke(app, ["systems"]).output
    out = runner.invoke(app, ["systems", "uscf"], env={"COLUMNS": "200"}).output
    assert "B" in out and "end date" in out


def test_estimate() -> None:
    result = runner.invoke(
        app, ["estimate", "--rating", "1500", "--games", "50", "-p", "1500:W", "-p", "1500:D"]
    )
    assert result.exit_code == 0, result.output
    assert "new rating" in result.output


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            '{"format": "arpad-event/1", "event": {"id": "e"}, "players": [{"id": "a"}],\n'
            ' "games": [{"white": "a", "black": "b", "result": "1-0"}]}',
            "bad.json:2: ",
        ),
        ('{"format": "arpad-event/1",\n "event": ', "bad.json:2:"),
        ("nothing to see", "cannot tell the format"),
    ],
)
def test_bad_input_is_one_line_exit_2_no_traceback(
    tmp_path: Path, content: str, expected: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    proc = _arpad("rate", str(bad))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and expected in lines[0]


def test_missing_file_and_bad_options_exit_2(tmp_path: Path) -> None:
    missing = _arpad("rate", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    bad_opt = _arpad("rate", str(EXAMPLES / "uscf-open.json"), "-o", "B=-3")
    assert bad_opt.returncode == 2 and "must be in [0, inf)" in bad_opt.stderr
    unknown = _arpad("rate", str(EXAMPLES / "uscf-open.json"), "--system", "nope")
    assert unknown.returncode == 2 and "unknown rating system 'nope'" in unknown.stderr
    opp = _arpad("estimate", "-p", "1500")
    assert opp.returncode == 2 and "RATING:RESULT" in opp.stderr
