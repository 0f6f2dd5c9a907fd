"""Options common to every command, and system options from the system's configuration."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.cli.elo import period
from arpad.cli.rate import rate
from arpad.systems import get_system, system_names
from tests.conftest import EXAMPLES

OPEN = str(EXAMPLES / "uscf-open.json")
WIJK = str(EXAMPLES / "wijk-aan-zee-1975.json")
runner = CliRunner(env={"COLUMNS": "80"})


def _post(args: list[str], player: str) -> float:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    return float(next(p["post"] for p in doc["players"] if p["id"] == player))


def test_commands_are_importable_functions() -> None:
    assert callable(rate) and callable(period)
    assert rate.__module__ == "arpad.cli.rate" and period.__module__ == "arpad.cli.elo"


def test_option_b_and_the_bonus_flag_are_one_setting() -> None:
    # B = 1 lowers the bonus threshold B·√m' enough for the event's winner to earn one.
    doc = json.loads(runner.invoke(app, ["rate", OPEN, "-o", "B=1", "--json"]).output)
    player = next(p["id"] for p in doc["players"] if p["bonus"] > 0)
    by_flag = _post(["rate", OPEN, "--bonus-multiplier", "1", "--json"], player)
    by_option = _post(["rate", OPEN, "-o", "B=1", "--json"], player)
    default = _post(["rate", OPEN, "--json"], player)
    assert by_flag == by_option != default


def test_a_flag_of_another_system_names_both_systems() -> None:
    result = runner.invoke(app, ["rate", OPEN, "-s", "elo", "--bonus-multiplier", "12"])
    assert result.exit_code != 0
    message = str(result.exception)
    assert "--bonus-multiplier" in message and "uscf" in message and "'elo' has: C, K" in message


def test_an_unknown_option_lists_the_systems_options() -> None:
    result = runner.invoke(app, ["rate", OPEN, "-s", "pra", "-o", "B=12"])
    assert "system 'pra' has no option 'B'; its options: K, R_bar" in str(result.exception)


@pytest.mark.parametrize("name", system_names())
def test_period_rates_for_every_system(name: str) -> None:
    args = ["period", WIJK, WIJK, "--system", name, "--json"]
    if name == "ccla":  # CCLA gives no start rating; every player here is rated anyway
        args += ["-o", "initial_rating=1500"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["system"] == get_system(name).name
    portisch = next(p for p in doc["players"] if p["name"] == "Lajos Portisch")
    assert portisch["list"] == 2635
    assert len(portisch["changes"]) == 2 or name in ("bcf",)
