"""``arpad simulate``, the plot, and ``arpad pra-claims`` on small populations."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app, main

runner = CliRunner()


def test_simulate_prints_out_of_spec_and_writes_a_png(tmp_path: Path) -> None:
    png = tmp_path / "oos.png"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--players",
            "300",
            "--rounds",
            "45",
            "--seed",
            "1",
            "--runs",
            "2",
            "-s",
            "pra",
            "-s",
            "elo:K=24,curve=logistic,mode=continuous",
            "--plot",
            str(png),
            "--table",
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Players out of spec" in result.output and "elo:K=24,curve=logistic" in result.output
    assert "Games until in spec (PRA) against the paper" in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_json_is_reproducible() -> None:
    args = ["simulate", "--players", "100", "--rounds", "20", "--seed", "7", "--json"]
    a, b = runner.invoke(app, args), runner.invoke(app, args)
    assert a.exit_code == 0 and a.output == b.output
    doc = json.loads(a.output)
    assert len(doc["runs"][0]["systems"]["pra"]["out_of_spec"]["100"]) == 21


def test_simulate_bad_system_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad, says in (
        ("nosuch", "unknown rating system 'nosuch'"),
        ("elo:Q=3", "the lab's: games, adj, anchor"),
        ("uscf:games=x", "bad value"),
    ):
        monkeypatch.setattr(sys, "argv", ["arpad", "simulate", "-s", bad, "--players", "100"])
        with pytest.raises(SystemExit) as exited:
            main()
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_pra_claims_writes_a_page(tmp_path: Path) -> None:
    out = tmp_path / "claims.md"
    result = runner.invoke(
        app,
        [
            "pra-claims",
            "--out",
            str(out),
            "--plots",
            str(tmp_path / "img"),
            "--players",
            "400",
            "--runs-standard",
            "2",
            "--runs-elite",
            "2",
            "--runs-disturbance",
            "2",
            "--runs-long",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.startswith("# The PRA's headline claims, measured")
    assert "## Verdicts" in page and "| 900 | 148.59 ± 70.42 |" in page
    assert "img/pra-claims-standard.png" in page
    verdicts = page.split("## Verdicts", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in verdicts.splitlines() if line.startswith("|")]
    assert len(rows) > 5 and all(line.count("|") == 3 for line in rows)  # well-formed table
    assert (tmp_path / "img" / "pra-claims-elite.png").exists()


def test_the_out_of_spec_table_fits_80_columns_without_losing_a_cell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long system name pushes the checkpoints into further blocks, each within 80
    columns, and every checkpoint and the "in spec" column are still printed."""
    monkeypatch.setenv("COLUMNS", "80")
    args = ["simulate", "--players", "100", "--rounds", "340", "--seed", "3", "--quiet"]
    args += ["-s", "pra", "-s", "elo:K=16,curve=logistic,mode=continuous"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    table = result.output.split("run(s):\n", 1)[1].split("\n\n1 run(s)")[0]
    assert max(len(line) for line in table.splitlines()) <= 80
    for column in ("game 0", "game 160", "game 340", "in spec"):
        assert column in table
    assert table.count("elo:K=16,curve=logistic,mode=continuous") >= 2
