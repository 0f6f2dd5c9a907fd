"""``arpad test-system``, ``arpad reliability`` and ``arpad masters`` (arpad.cli.analysis)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from arpad.cli import app, main
from arpad.curves import normal_expectancy

runner = CliRunner()


def _games_file(tmp_path: Path, n: int = 3000) -> Path:
    rng = np.random.default_rng(5)
    d = rng.uniform(-450.0, 450.0, n)
    p = normal_expectancy(d)
    u = rng.uniform(size=n)
    lines = ["white,black,white_rating,black_rating,score"]
    for x, pi, ui in zip(d, p, u, strict=True):
        score = "1" if ui < pi - 0.1 else ("0.5" if ui < pi + 0.1 else "0")
        lines.append(f"w,b,{2000 + x:.0f},2000,{score}")
    path = tmp_path / "games.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["arpad", *args])
    with pytest.raises(SystemExit) as excinfo:
        main()
    code = excinfo.value.code
    return 0 if code is None else int(code)


def test_test_system_prints_classes_verdict_and_better_fit(tmp_path: Path) -> None:
    result = runner.invoke(app, ["test-system", str(_games_file(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "lower-rated player's score" in result.output
    assert "χ² =" in result.output and "d.f." in result.output
    assert "Better fit:" in result.output
    assert "file's own ratings" in result.output


def test_test_system_json_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "fit.png"
    result = runner.invoke(
        app,
        [
            "test-system",
            str(_games_file(tmp_path)),
            "--json",
            "--plot",
            str(plot),
            "--curve",
            "normal",
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [t["curve"] for t in doc["tests"]] == ["normal"]
    test = doc["tests"][0]
    assert sum(c["games"] for c in test["classes"]) == doc["games_tested"] == 3000
    assert test["chi_square"]["dof"] == len(test["chi_square"]["intervals"]) - 1
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_test_system_classes_option(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["test-system", str(_games_file(tmp_path)), "--classes", "0,100,200,300", "--json"]
    )
    doc = json.loads(result.output)
    assert [c["class"] for c in doc["tests"][0]["classes"]] == [
        "0-100",
        "101-200",
        "201-300",
        "over 300",
    ]


def test_bad_games_file_exits_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("white_rating,black_rating,score\n1500,1400,1\n1500,oops,0\n", encoding="utf-8")
    assert _main(monkeypatch, "test-system", str(bad)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"{bad}:3" in err[0] and "black_rating" in err[0]
    assert _main(monkeypatch, "test-system", str(bad), "--curve", "cauchy") == 2
    assert "unknown curve" in capsys.readouterr().err


def test_reliability_command() -> None:
    result = runner.invoke(app, ["reliability", "15", "30"])
    assert result.exit_code == 0
    assert "73.0" in result.output and "51.6" in result.output  # SD in E (table 2.55)
    assert "0.829" in result.output  # confidence at 15 games


def test_masters_query() -> None:
    result = runner.invoke(app, ["masters", "--min-best5", "2700", "--json"])
    assert result.exit_code == 0
    names = [m["name"] for m in json.loads(result.output)]
    assert names == [
        "Fischer, Robert J.",
        "Capablanca, Jose R.",
        "Botvinnik, Mikhail",
        "Lasker, Emanuel",
        "Tal, Mikhail",
    ]
    table = runner.invoke(app, ["masters", "morphy"])
    assert "2690*" in table.output and "untitled" in table.output
    untitled = runner.invoke(app, ["masters", "--list", "untitled", "--title", "GM", "--json"])
    assert json.loads(untitled.output) == []


def test_masters_bad_options_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _main(monkeypatch, "masters", "--list", "grandmasters") == 2
    assert "--list" in capsys.readouterr().err
    assert _main(monkeypatch, "masters", "--title", "WGM") == 2
