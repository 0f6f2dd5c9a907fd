"""Davidson's draw model (Davidson 1970, JASA 65:317–328) on the logistic systems, and the
three-outcome log loss ``arpad evaluate`` reports with it (D-eval2-1, D-eval2-2).

The expected values are computed here from the paper's formula with the strengths
``π = 10^(R/400)`` written out, not from :mod:`arpad.systems.davidson`."""

from __future__ import annotations

import datetime as dt
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import ConfigError
from arpad.evaluate import harness
from arpad.evaluate.harness import Mode, Policy, Split
from arpad.model import Game, PlayerEntry, build_event
from arpad.systems import davidson, get_system
from arpad.systems.constant import ConstantConfig
from arpad.systems.logistic import LogisticConfig, LogisticState
from tests.evaluate.synthetic import write

DRAW_MODEL_SYSTEMS = ("logistic", "glicko", "glicko2", "stephenson", "constant")


def paper(r_i: float, r_j: float, nu: float) -> tuple[float, float, float]:
    """Davidson (1970): π_i/(π_i+π_j+ν√(π_iπ_j)), ν√(π_iπ_j)/(…), π_j/(…)."""
    pi_i, pi_j = 10.0 ** (r_i / 400.0), 10.0 ** (r_j / 400.0)
    tie = nu * math.sqrt(pi_i * pi_j)
    total = pi_i + pi_j + tie
    return pi_i / total, tie / total, pi_j / total


def test_logistic_elo_200_points_nu_1_by_hand() -> None:
    """1700 against 1500, ν = 1: with x = 10^(200/800) = 1.778279…, P(win) = x/(x+1+1/x)
    = 0.532320, P(draw) = 1/(x+1+1/x) = 0.299346, P(loss) = 0.168334."""
    system = get_system("logistic")
    probs = system.outcome_probabilities(LogisticState(1700.0), LogisticState(1500.0), nu=1.0)
    assert probs.tolist() == pytest.approx([0.532320, 0.299346, 0.168334], abs=1e-6)
    assert probs.tolist() == pytest.approx(paper(1700.0, 1500.0, 1.0), rel=1e-12)


def test_equal_players_draw_nu_over_2_plus_nu() -> None:
    """Between equals P(draw) = ν/(2 + ν): ν = 2 gives ¼, ½, ¼."""
    system = get_system("logistic")
    probs = system.outcome_probabilities(LogisticState(1500.0), LogisticState(1500.0), nu=2.0)
    assert probs.tolist() == pytest.approx([0.25, 0.5, 0.25], abs=1e-15)


def test_white_advantage_enters_as_rating_points() -> None:
    """A first-move advantage of 200 points between equals is the 200-point case above."""
    system = get_system("logistic")
    probs = system.outcome_probabilities(
        LogisticState(1500.0), LogisticState(1500.0), nu=1.0, first_move_advantage=200.0
    )
    assert probs.tolist() == pytest.approx(paper(1700.0, 1500.0, 1.0), rel=1e-12)


@pytest.mark.parametrize("name", DRAW_MODEL_SYSTEMS)
def test_the_logistic_systems_have_the_draw_model(name: str) -> None:
    assert get_system(name).draw_model is not None


@pytest.mark.parametrize("name", ["elo", "pra", "uscf"])
def test_a_system_without_one_refuses(name: str) -> None:
    system = get_system(name)
    assert system.draw_model is None
    state = system.newcomer(system.default_config()) if system.newcomer else None
    with pytest.raises(ConfigError, match="no draw model"):
        system.outcome_probabilities(state, state, nu=1.0)


def test_a_negative_nu_is_refused() -> None:
    with pytest.raises(ConfigError, match="0 or more"):
        get_system("logistic").outcome_probabilities(
            LogisticState(1500.0), LogisticState(1500.0), nu=-0.5
        )


@given(
    st.lists(st.floats(-3000.0, 3000.0), min_size=1, max_size=20),
    st.floats(0.0, 100.0),
)
def test_probabilities_sum_to_one(diffs: list[float], nu: float) -> None:
    system = get_system("logistic")
    white = [LogisticState(1500.0 + d) for d in diffs]
    black = [LogisticState(1500.0)] * len(diffs)
    probs = system.outcome_probabilities(white, black, nu=nu)
    assert probs.shape == (len(diffs), 3)
    assert np.all(probs >= 0.0)
    assert np.all(probs <= 1.0)
    assert probs.sum(axis=1) == pytest.approx(np.ones(len(diffs)), abs=1e-12)
    swapped = system.outcome_probabilities(black, white, nu=nu)
    # the colours' mirror (to the rounding of E near 0 or 1 before its logit)
    assert swapped[:, ::-1] == pytest.approx(probs, abs=1e-9)


@given(st.floats(-1500.0, 1500.0))
def test_nu_0_is_bradley_terry(diff: float) -> None:
    """ν = 0: no draws, and P(win) is the logistic expected score (Bradley–Terry)."""
    system = get_system("logistic")
    w, b = LogisticState(1500.0 + diff), LogisticState(1500.0)
    probs = system.outcome_probabilities(w, b, nu=0.0)
    assert probs[1] == 0.0
    assert probs[0] == pytest.approx(system.expected_score(w, b), rel=1e-12, abs=1e-300)
    assert probs[0] == pytest.approx(1.0 / (1.0 + 10.0 ** (-diff / 400.0)), rel=1e-12)


def _event(month: int, ratings: dict[str, float], games: list[Game]) -> harness.Period:
    players = [PlayerEntry(pid, rating=r) for pid, r in ratings.items()]
    return harness.Period(
        month, build_event(f"m{month}", players, games, end_date=dt.date(2020, month, 1))
    )


RATED = {"a": 1900.0, "b": 1500.0, "c": 1500.0}


def three_games() -> list[harness.Period]:
    """Month 1 trains; month 2 holds the three test games (K = 0 keeps the file ratings)."""
    train = _event(1, RATED, [Game("b", "c", 0.5)])
    test = _event(2, RATED, [Game("b", "c", 1.0), Game("a", "b", 0.5), Game("a", "c", 0.0)])
    return [train, test]


def test_three_outcome_log_loss_of_three_games_by_hand() -> None:
    """ν = 1, no first-move advantage, ratings fixed at the file's (K = 0):

    - b (1500) beats c (1500): P = 1/3;
    - a (1900) draws b (1500): x = √10, P = 1/(x + 1 + 1/x) = 0.2232890;
    - a (1900) loses to c (1500): P = (1/x)/(x + 1 + 1/x) = 0.0706103.

    Log loss = (ln 3 + ln 4.478505 + ln 14.162278)/3 = 1.7494945."""
    x = math.sqrt(10.0)
    total = x + 1.0 + 1.0 / x
    by_hand = (math.log(3.0) + math.log(total) + math.log(total * x)) / 3.0
    assert by_hand == pytest.approx(1.7494945, abs=1e-7)
    result = harness.run(
        three_games(),
        get_system("logistic"),
        LogisticConfig(K=0.0),
        Split(1, 2, 2),
        Policy(Mode.FIXED, first_move=False),
        draw_nu=1.0,
    )
    assert result.games == 3
    assert result.draw_nu == 1.0
    assert result.outcome_log_loss == pytest.approx(by_hand, rel=1e-12)
    assert result.protocol["draw_nu"] == 1.0


def test_nu_is_fitted_on_the_training_games_only() -> None:
    """The constant (every game ½, no first-move advantage): the maximum-likelihood ν of
    d draws in n games between equals solves ν/(2 + ν) = d/n, so ν = 2d/(n − d). Training:
    3 draws in 4 games → ν = 6; the test games' outcomes do not move it."""
    train = _event(1, RATED, [Game("b", "c", 0.5)] * 3 + [Game("a", "b", 1.0)])
    for test_scores in ([1.0, 0.0], [0.5, 0.5]):
        test = _event(2, RATED, [Game("b", "c", s) for s in test_scores])
        result = harness.run(
            [train, test],
            get_system("constant"),
            ConstantConfig(),
            Split(1, 2, 2),
            Policy(first_move=False),
        )
        assert result.draw_nu == pytest.approx(6.0, abs=1e-4)
        assert result.protocol["draw_nu"] == "fitted"
        draws = sum(s == 0.5 for s in test_scores)
        p_draw, p_decisive = 6.0 / 8.0, 1.0 / 8.0
        by_hand = -(draws * math.log(p_draw) + (2 - draws) * math.log(p_decisive)) / 2
        assert result.outcome_log_loss == pytest.approx(by_hand, abs=1e-4)


def test_a_system_without_a_draw_model_has_no_three_outcome_loss() -> None:
    result = harness.run(three_games(), get_system("elo"), None, Split(1, 2, 2), Policy(Mode.FIXED))
    assert result.outcome_log_loss is None
    assert result.draw_nu is None


def test_the_table_shows_n_a_not_0_and_the_json_null(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    split = ["--train-until", "9", "--test-from", "10", "--quiet", "--bootstrap", "20"]
    args = ["evaluate", str(games), *split, "-s", "logistic", "-s", "elo"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    head = lines.index(next(x for x in lines if "3-outcome" in x and "draw ν" in x))
    rows = lines[head + 1 : head + 3]
    assert sorted(r.split()[1] == "n/a" for r in rows) == [False, True]
    assert max(len(line) for line in lines) <= 80
    doc = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    by_system = {r["system"]: r for r in doc["results"]}
    assert by_system["elo"]["outcome_log_loss"] is None
    assert by_system["logistic"]["outcome_log_loss"] > 0.0
    assert by_system["logistic"]["protocol"]["draw_nu"] == "fitted"
    lo, hi = by_system["logistic"]["intervals"]["outcome_log_loss"]
    assert lo <= by_system["logistic"]["outcome_log_loss"] <= hi


def test_draw_nu_option_is_used(tmp_path: Path) -> None:
    games = write(tmp_path / "g.csv")
    split = ["--train-until", "9", "--test-from", "10", "--quiet", "--bootstrap", "0"]
    args = ["evaluate", str(games), *split, "-s", "logistic", "--json", "--draw-nu", "0.75"]
    doc = json.loads(CliRunner().invoke(app, args).stdout)
    assert doc["results"][0]["draw_nu"] == 0.75
    assert doc["results"][0]["protocol"]["draw_nu"] == 0.75


def test_davidson_log_loss_doctest_case() -> None:
    """One draw predicted at ¼: −ln ¼."""
    assert davidson.log_loss(np.array([[0.5, 0.25, 0.25]]), np.array([0.5])) == pytest.approx(
        math.log(4.0)
    )
