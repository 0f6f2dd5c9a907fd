"""``arpad app`` on the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app

from .conftest import EXAMPLES

runner = CliRunner()


def test_app_frankfurt_prints_the_paper_verdict() -> None:
    result = runner.invoke(app, ["app", str(EXAMPLES / "frankfurt-1997.berard")])
    assert result.exit_code == 0, result.output
    assert "Regression Eq: y-hat = 2705.00 + 6.9841 * x" in result.output
    assert "Test Statistic: chi-squared = 2.381." in result.output
    assert "The Ratings Goodness of Fit Test passed." in result.output


def test_app_json_input_gives_the_same_numbers() -> None:
    berard = runner.invoke(app, ["app", str(EXAMPLES / "frankfurt-1997.berard"), "--json"])
    js = runner.invoke(
        app, ["app", str(EXAMPLES / "frankfurt-1997.json"), "--rating2", "2765", "--json"]
    )
    assert berard.exit_code == 0 and js.exit_code == 0, js.output
    a, b = json.loads(berard.output)["runs"][0], json.loads(js.output)["runs"][0]
    assert a["goodness_of_fit"] == b["goodness_of_fit"]
    assert a["tournament_strength"] == b["tournament_strength"]
    assert a["final"] == b["final"]


def test_app_correct_and_options() -> None:
    result = runner.invoke(
        app,
        [
            "app",
            str(EXAMPLES / "isle-of-lewis-1995-chessmetrics.berard"),
            "--correct",
            "-o",
            "critical_digits=2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Critical Value: chi-squared = 7.810." in result.output
    assert "Short: 2707 -> 2595" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("X\n2\nElo\n2500 A\n2400 B\n2700\n1 3 1.0\n", "bad.berard:7:3: player number 3"),
        ("X\n2\nElo\n2500 A\n", "bad.berard:4: expected player 2's initial rating"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.berard"
    path.write_text(content)
    proc = subprocess.run(
        [sys.executable, "-c", "from arpad.cli import main; main()", "app", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = proc.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    assert message in err


def test_bad_option_exit_2(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from arpad.cli import main; main()",
            "app",
            str(EXAMPLES / "frankfurt-1997.berard"),
            "-o",
            "alpha=0.7",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "alpha" in proc.stderr and "Traceback" not in proc.stderr


def test_app_json_with_unrated_player_and_unrated_game(tmp_path: Path) -> None:
    # A null rating is estimated (L1184); a game marked "rated": false (a forfeit) is not a
    # game for the app (L1525).
    doc = json.loads((EXAMPLES / "frankfurt-1997.json").read_text())
    doc["players"][1]["rating"] = None
    doc["games"].append({"white": "1", "black": "4", "result": "1-0", "rated": False})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["app", str(path), "--rating2", "2765", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [e["name"] for e in out["estimation"]["estimates"]] == ["Karpov"]
    run = out["runs"][0]
    assert run["label"] == "Elo (PRA-corrected)"
    assert [p["games"] for p in run["players"]] == [6, 6, 6, 6]


def test_app_reads_a_real_trf_file() -> None:
    # A FIDE TRF through arpad.io.read_events; a player with no game is left out.
    from ..conftest import shared_data

    path = shared_data("trf-real/fide_example1_karl_mala_2005.trf")
    result = runner.invoke(app, ["app", str(path), "--rating2", "2750", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert "Bakhmatov,Eduard" in doc["absent"]
    run = doc["runs"][-1]
    assert all(p["games"] > 0 for p in run["players"])
    assert run["goodness_of_fit"]["df"] == len(run["players"]) - 1
