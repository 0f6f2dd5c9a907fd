"""The command line of Elo's and FIDE's 1986 tools: rate, norms, handicap, period."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import EXAMPLES

WIJK = str(EXAMPLES / "wijk-aan-zee-1975.json")
BRAZIL = str(EXAMPLES / "brazil-1972.json")
runner = CliRunner(env={"COLUMNS": "200"})


def _json(args: list[str]) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_rate_elo_with_k_and_mode_options() -> None:
    doc = _json(["rate", WIJK, "--system", "elo", "--json"])
    portisch = next(p for p in doc["players"] if p["id"] == "portisch")
    assert portisch["post"] == pytest.approx(2643.4)
    doc = _json(["rate", WIJK, "--system", "elo", "-o", "K=20", "-o", "mode=continuous", "--json"])
    portisch = next(p for p in doc["players"] if p["id"] == "portisch")
    assert portisch["k"] == 20
    assert portisch["expected"] == pytest.approx(9.675, abs=5e-4)  # X mode, Example 4


def test_rate_fide1986_on_json() -> None:
    doc = _json(["rate", BRAZIL, "--system", "fide1986", "-o", "change=performance",
                 "-o", "N_o=50", "-o", "national_championship=true", "--json"])  # fmt: skip
    german = next(p for p in doc["players"] if p["id"] == "german")
    assert round(german["change"]) == 30


def test_rate_table_output_marks_provisional_and_prints() -> None:
    result = runner.invoke(app, ["rate", WIJK, "--system", "elo"])
    assert result.exit_code == 0
    assert "Portisch" in result.output


def test_norms_command() -> None:
    # The file has no date: the 1986 rules only when asked (tests/titles/test_rules_by_date.py).
    result = runner.invoke(app, ["norms", WIJK, "--system", "fide1986"])
    assert result.exit_code == 0, result.output
    assert "Sosonko" in result.output and "category 12" in result.output
    doc = _json(["norms", WIJK, "--json", "--system", "fide1986"])
    assert doc["system"] == "fide1986"
    assert [(r["player_id"], r["title"]) for r in doc["results"]] == [("sosonko", "IM")]


def test_norms_unknown_system_is_an_error() -> None:
    result = runner.invoke(app, ["norms", WIJK, "--system", "nope"])
    assert result.exit_code != 0


def test_handicap_command() -> None:
    doc = _json(["handicap", WIJK, "--json"])
    rows = {r["player_id"]: r for r in doc["rows"]}
    assert rows["langeweg"]["handicap_score"] == 9.4
    assert doc["advisable"] is True
    result = runner.invoke(app, ["handicap", WIJK, "--method", "brasket", "--scratch", "top3"])
    assert result.exit_code == 0, result.output
    assert "Brasket" in result.output


def test_period_command(tmp_path: Path) -> None:
    doc = _json(["period", WIJK, WIJK, "--json"])
    portisch = next(p for p in doc["players"] if p["name"] == "Lajos Portisch")
    assert len(portisch["changes"]) == 2
    assert portisch["new"] == pytest.approx(2635 + 2 * 10 * (10.5 - 9.74))
    assert portisch["published"] == round(portisch["new"])


def test_bad_option_is_a_one_line_error() -> None:
    result = runner.invoke(app, ["rate", WIJK, "--system", "elo", "-o", "curve=linear"])
    assert result.exit_code != 0
    assert isinstance(result.exception, Exception)
    assert "no table" in str(result.exception)
