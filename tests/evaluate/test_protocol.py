"""The protocol is the result's identity (issue 22): recorded on every row, obeyed or refused
by every preset, and a row that rated nobody or loses to the constant is flagged."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import ConfigError
from arpad.evaluate import harness, metrics
from arpad.evaluate.harness import DEFAULT_POLICY, Mode, Policy, PolicyOptions, Split, Unrated
from arpad.evaluate.presets import PRESETS
from arpad.io import kaggle2010
from arpad.systems import get_system
from arpad.systems.logistic import LogisticConfig
from tests.evaluate.synthetic import kaggle_text, write
from tests.evaluate.test_harness import flip_test_scores

runner = CliRunner()
SPLIT = ["--train-until", "9", "--test-from", "10"]
PROTOCOL_KEYS = {
    "draw_nu",
    "mode",
    "train_until",
    "test_from",
    "test_until",
    "newcomers",
    "unrated",
    "first_move",
    "preset",
    "search",
}

OBEYED = [
    PolicyOptions(mode=Mode.FIXED),
    PolicyOptions(mode=Mode.ROLLING),
    PolicyOptions(unrated=Unrated.SKIP),
    PolicyOptions(unrated=Unrated.CONSTANT),
    PolicyOptions(unrated=Unrated.NEWCOMER),
    PolicyOptions(first_move=False),
    PolicyOptions(first_move=True),
    PolicyOptions(mode=Mode.FIXED, unrated=Unrated.SKIP, first_move=False),
]


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("options", OBEYED, ids=repr)
def test_every_preset_obeys_the_measurement_options(name: str, options: PolicyOptions) -> None:
    preset = PRESETS[name]
    policy = preset.policy(options)
    own = preset.policy()
    assert policy.mode is (options.mode or own.mode)
    assert policy.unrated is (options.unrated or own.unrated)
    assert policy.first_move is (
        own.first_move if options.first_move is None else options.first_move
    )
    assert policy.newcomer_rating == own.newcomer_rating


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_accepts_its_own_newcomer_rule_and_refuses_another(name: str) -> None:
    preset = PRESETS[name]
    own = "system" if preset.newcomer_rating is None else f"{preset.newcomer_rating:g}"
    assert preset.policy(PolicyOptions(newcomers=own)) == preset.policy()
    other = "1500" if own == "system" else "system"
    with pytest.raises(ConfigError, match="newcomers") as caught:
        preset.policy(PolicyOptions(newcomers=other))
    assert "\n" not in str(caught.value)


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    """``arpad`` as a user runs it (errors become one line and exit code 2 in ``main``)."""
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    return subprocess.run(
        [sys.executable, "-c", code, "evaluate", *args], capture_output=True, text=True
    )


def _json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["evaluate", *args, "--json", "--quiet", "--bootstrap", "50"])
    assert result.exit_code == 0, result.output
    doc: dict[str, object] = json.loads(result.stdout)
    return doc


def test_a_preset_run_records_the_options_it_obeyed(tmp_path: Path) -> None:
    """The issue's case: --mode fixed --unrated skip on a preset is obeyed and recorded."""
    games = write(tmp_path / "g.csv")
    name = sorted(PRESETS)[0]
    args = [str(games), *SPLIT, "--preset", name]
    doc = _json(*args, "--mode", "fixed", "--unrated", "skip", "--no-first-move")
    (row,) = doc["results"]
    assert row["protocol"] == {
        "mode": "fixed",
        "train_until": 9,
        "test_from": 10,
        "test_until": 12,
        "newcomers": "system",
        "unrated": "skip",
        "first_move": False,
        "preset": name,
        "search": None,
        "draw_nu": "fitted",  # the preset's system has a draw model (D-eval2-2)
    }
    assert row["skipped_games"] > 0
    rolling = _json(*args)["results"][0]
    assert rolling["protocol"]["mode"] == "rolling"
    assert rolling["deviance"] != row["deviance"]


def test_a_preset_refuses_another_newcomer_rule_in_one_line(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    name = sorted(PRESETS)[0]
    done = _main(str(games), *SPLIT, "--preset", name, "--newcomers", "1500", "--quiet")
    assert done.returncode == 2
    assert "newcomers" in done.stderr and done.stderr.count("\n") == 1
    assert done.stdout == ""


def test_without_system_presets_that_refuse_are_named_and_the_rest_run(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(str(games), *SPLIT, "--newcomers", "1400")
    rows = doc["results"]
    assert isinstance(rows, list) and rows
    assert all(r["protocol"]["newcomers"] == 1400.0 for r in rows)
    notes = doc["notes"]
    assert isinstance(notes, list)
    assert {n.split("'")[1] for n in notes if n.startswith("not run")} == set(PRESETS)


def test_every_json_row_records_its_protocol(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(str(games), *SPLIT, "-s", "logistic", "-s", "constant", "--mode", "fixed")
    for row in doc["results"]:
        assert set(row["protocol"]) == PROTOCOL_KEYS
        assert row["protocol"]["mode"] == "fixed"
        assert {"deviance", "log_loss", "brier", "rmse", "difference_from_best"} <= set(
            row["intervals"]
        )


def _periods(text: str) -> list[harness.Period]:
    return harness.periods_of(kaggle2010.read(io.StringIO(text), "s.csv"))


def test_a_system_that_rates_nobody_is_flagged_in_the_table(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    constant = get_system("constant")
    r = harness.run(_periods(kaggle_text()), constant, constant.default_config(), Split(9, 10, 12))
    assert r.rated_nobody and "nobody" in r.flags
    result = runner.invoke(
        app, ["evaluate", str(games), *SPLIT, "-s", "constant", "-s", "logistic"]
    )
    row = next(line for line in result.stdout.splitlines() if " constant " in line)
    assert row.rstrip().endswith("!")
    logistic = next(line for line in result.stdout.splitlines() if " logistic " in line)
    assert not logistic.rstrip().endswith(("!", "<"))


def test_a_system_worse_than_the_constant_is_flagged() -> None:
    """Every test result flipped: a rating that learned the training games now predicts
    the test games backwards, worse than the training mean score."""
    ps = _periods(flip_test_scores(kaggle_text(), 10))
    logistic = get_system("logistic")
    r = harness.run(ps, logistic, LogisticConfig(), Split(9, 10, 12), Policy(mode=Mode.FIXED))
    assert r.worse_than_constant and "<const" in r.flags
    constant = get_system("constant")
    c = harness.run(ps, constant, constant.default_config(), Split(9, 10, 12))
    assert r.constant_deviance == pytest.approx(c.deviance, abs=1e-12)
    good = harness.run(_periods(kaggle_text()), logistic, LogisticConfig(), Split(9, 10, 12))
    assert not good.worse_than_constant


def test_the_predictions_file_recomputes_every_deviance(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    out = tmp_path / "p.csv"
    doc = _json(
        str(games),
        *SPLIT,
        "-s",
        "logistic",
        "-s",
        "glicko",
        "--unrated",
        "skip",
        "--predictions",
        str(out),
    )
    with out.open() as f:
        rows = list(csv.DictReader(f))
    for r in doc["results"]:
        mine = [x for x in rows if x["system"] == r["system"]]
        assert len(mine) == r["games"]
        assert {x["protocol"] for x in mine} == {"roll n=sys u=skip"}
        p = np.array([float(x["expected"]) for x in mine])
        s = np.array([float(x["result"]) for x in mine])
        assert metrics.deviance(p, s) == pytest.approx(r["deviance"], abs=1e-12)
    lines = {x["line"] for x in rows}
    assert "" not in lines  # the Kaggle reader gives every game its line


def test_an_unwritable_predictions_file_is_one_line_and_nothing_is_left(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    out = tmp_path / "missing-dir" / "p.csv"
    done = _main(str(games), *SPLIT, "-s", "logistic", "--predictions", str(out), "--quiet")
    assert done.returncode == 2
    assert "predictions" in done.stderr and done.stderr.count("\n") == 1
    assert not out.parent.exists()


def test_a_random_search_reports_every_seeds_winner_and_the_spread(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    doc = _json(
        str(games),
        *SPLIT,
        "-s",
        "logistic",
        "--search",
        "K=4:64",
        "--random",
        "3",
        "--seeds",
        "3",
        "--seed",
        "7",
        "--validate-from",
        "8",
    )
    rows = doc["results"]
    assert isinstance(rows, list) and len(rows) == 3
    assert sorted(r["protocol"]["search"]["seed"] for r in rows) == [7, 8, 9]
    assert all(r["protocol"]["search"]["fields"] == ["K=4:64"] for r in rows)
    notes = doc["notes"]
    assert isinstance(notes, list)
    spread = [n for n in notes if n.startswith("Test deviance of the 3 seeds")]
    assert len(spread) == 1
    values = sorted(r["deviance"] for r in rows)
    assert f"min {values[0]:.4f}" in spread[0] and f"max {values[-1]:.4f}" in spread[0]


def test_seeds_need_a_random_search(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    done = _main(str(games), *SPLIT, "-s", "logistic", "--search", "K=8,16", "--seeds", "2")
    assert done.returncode == 2
    assert "--random" in done.stderr and done.stderr.count("\n") == 1


def test_policy_options_apply_only_what_was_given() -> None:
    assert PolicyOptions().apply(DEFAULT_POLICY) == DEFAULT_POLICY
    seeded = PolicyOptions(newcomers="1400").apply(DEFAULT_POLICY)
    assert seeded == Policy(newcomer_rating=1400.0)
    with pytest.raises(ConfigError, match="newcomers"):
        PolicyOptions(newcomers="many").newcomer_rating()
