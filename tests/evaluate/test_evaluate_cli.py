"""``arpad evaluate`` as a user runs it, on the synthetic stream."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.evaluate.presets import PRESETS
from tests.evaluate.synthetic import write

runner = CliRunner()
SPLIT = ["--train-until", "9", "--test-from", "10"]


def _json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["evaluate", *args, "--json", "--quiet"])
    assert result.exit_code == 0, result.output
    doc: dict[str, object] = json.loads(result.stdout)
    return doc


def test_json_has_the_fixed_names(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(str(games), *SPLIT, "-s", "constant", "-s", "logistic:K=24")
    results = doc["results"]
    assert isinstance(results, list)
    assert {r["system"] for r in results} == {"constant", "logistic"}
    for r in results:
        assert {"system", "preset", "config", "deviance", "log_loss", "brier", "games"} <= set(r)
    logistic = next(r for r in results if r["system"] == "logistic")
    assert logistic["config"]["K"] == 24.0
    assert results[0]["deviance"] <= results[1]["deviance"]  # ranked


def test_no_system_evaluates_every_predicting_system_and_every_preset(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(str(games), *SPLIT)
    results = doc["results"]
    assert isinstance(results, list)
    systems = {r["system"] for r in results if r["preset"] is None}
    assert {"constant", "logistic", "glicko", "glicko2", "stephenson"} <= systems
    assert {r["preset"] for r in results if r["preset"]} == set(PRESETS)


def test_table_fits_80_columns(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    result = runner.invoke(app, ["evaluate", str(games), *SPLIT, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "logistic" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text('"Month #","White Player #","Black Player #","Score"\n1,2,3,x\n')
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "evaluate", str(bad)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "bad.csv:2" in done.stderr


def test_grid_search_picks_on_validation(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(str(games), *SPLIT, "-s", "logistic", "--search", "K=8,64", "--validate-from", "8")
    notes = doc["notes"]
    assert isinstance(notes, list) and "validation periods 8 to 9" in notes[0]
    results = doc["results"]
    assert isinstance(results, list) and len(results) == 1
    assert results[0]["config"]["K"] in (8.0, 64.0)


@pytest.mark.slow
def test_dask_local_gives_the_same_table(tmp_path: Path) -> None:
    """The issue's "identical results either way": a LocalCluster against the local loop."""
    pytest.importorskip("dask.distributed")
    games = write(tmp_path / "g.csv", months=10, players=30, games=30)
    args = [str(games), "--train-until", "8", "-s", "logistic", "--search", "K=8,16,32"]
    local = _json(*args)
    on_dask = _json(*args, "--dask", "local")
    assert local == on_dask


def test_breakdown_and_calibration(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    png = tmp_path / "cal.png"
    result = runner.invoke(
        app,
        ["evaluate", str(games), *SPLIT, "-s", "glicko", "--breakdown", "--calibration", str(png)],
    )
    assert result.exit_code == 0, result.output
    assert "Deviance by players" in result.stdout
    assert "Deviance by rating band" in result.stdout
    assert "Calibration of glicko" in result.stdout
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_the_ledgers_history_scores_as_its_file(tmp_path: Path) -> None:
    """Games imported into a ledger and read back by --ledger give the file's table."""
    rows = ["event,date,round,white,black,result"]
    names = {"1": "1-0", "0": "0-1", "0.5": "1/2-1/2"}
    for line in write(tmp_path / "k.csv", months=6).read_text().splitlines()[1:]:
        m, w, b, s = line.split(",")
        rows.append(f"club-{int(m):02d},2024-{int(m):02d}-15,1,p{w},p{b},{names[s]}")
    games = tmp_path / "games.csv"
    games.write_text("\n".join(rows) + "\n")
    db = tmp_path / "ledger.sqlite"
    imported = runner.invoke(app, ["import", str(games), "--db", str(db)])
    assert imported.exit_code == 0, imported.output
    args = ["--train-until", "2024-04", "-s", "logistic", "-s", "glicko"]
    from_file = _json(str(games), *args)
    from_ledger = _json("--ledger", str(db), *args)
    assert from_ledger == from_file


def test_a_missing_ledger_is_not_created(tmp_path: Path) -> None:
    db = tmp_path / "none.sqlite"
    result = runner.invoke(app, ["evaluate", "--ledger", str(db)])
    assert result.exit_code != 0
    assert not db.exists()
