"""The app's pipeline and printout (spec §4.2, §4.13)."""

from __future__ import annotations

import pytest

from arpad.analysis.tournament_app import (
    AppConfig,
    AppInput,
    Entrant,
    analyse,
    render,
    run_app,
    session_json,
)
from arpad.errors import RatingError

from .conftest import frankfurt, games, lewis_chessmetrics, lewis_elo, tournament


def lines(t: AppInput, **kw: object) -> list[str]:
    return render(run_app(t, **kw)).splitlines()  # type: ignore[arg-type]


def test_frankfurt_1997_report() -> None:
    # The "Done when": the regression, χ² = 2.381 and the verdict.
    out = lines(frankfurt())
    for expected in [
        "Regression Analysis:",
        "r = 0.87",
        "Regression Eq: y-hat = b0 + b1 * x",
        "Regression Eq: y-hat = 2705.00 + 6.9841 * x",
        "(xbar, ybar) = (0.00, 2705.00)",
        "1) Anand: 13.29, 2797.83, 2765, -32.83",
        "4) Lobron: -13.38, 2611.58, 2570, -41.58",
        "For my research, I am keeping a list of C.I.'s for E, my constant in the test "
        "statistic computation. E is in (761.7, 16918.4).",
        "Critical Value: chi-squared = 7.815.",
        "Test Statistic: chi-squared = 2.381.",
        "The test statistic is in the do not reject region. We conclude that the players "
        "performed as expected.",
        "Anand (Frankfurt_Chess_Classics_1997) got G = 173.50",
        "Frankfurt_Chess_Classics_1997: Tournament Strength: 92.7409",
    ]:
        assert expected in out
    assert not any(line.startswith("Warning") for line in out)
    assert not any("Karpov (Frankfurt" in line for line in out)  # G 59.08 < 100


def test_isle_of_lewis_1995_report_L1018_L1038() -> None:
    out = lines(lewis_elo())
    assert "(xbar, ybar) = (-0.00, 2598.75)" in out or "(xbar, ybar) = (0.00, 2598.75)" in out
    assert "Regression Eq: y-hat = 2598.75 + 2.0970 * x" in out
    assert "3) Short: -8.90, 2580.08, 2655, 74.92" in out
    assert "Test Statistic: chi-squared = 3.758." in out
    assert "Polgar (Isle_of_Lewis_1995) got G = 203.15" in out
    assert "Isle_of_Lewis_1995: Tournament Strength: 80.0321" in out


def test_failing_tournament_flags_and_footer() -> None:
    out = lines(lewis_chessmetrics())
    assert "3) Short: -8.90, 2595.41, 2707, 111.59**LR**" in out
    assert (
        "The test statistic exceeds the critical value. The players did not perform as expected."
        in out
    )
    footer = next(line for line in out if line.startswith("The Ratings Goodness of Fit Test"))
    assert "failed" in footer and "Short (111.59)" in footer


def test_correct_applies_one_shot_quantum_corrections_L1192() -> None:
    session = run_app(lewis_chessmetrics(), correct=True)
    assert len(session.runs) == 2 and not session.runs[0].passed
    (fix,) = session.corrections
    assert (fix.name, fix.before, fix.after) == ("Short", 2707.0, 2595.0)
    second = session.runs[1]
    assert second.ratings[3] == 2595.0 and second.passed
    assert second.label == "Chessmetrics(FailedHere) (PRA-adjusted)"
    assert second.p0 == session.runs[0].p0  # P-Zero does not depend on the ratings
    text = render(session)
    assert "Short: 2707 -> 2595 (PR 2595.41)" in text


def test_correct_does_nothing_to_a_passing_tournament() -> None:
    assert len(run_app(frankfurt(), correct=True).runs) == 1


def test_missing_ratings_are_estimated_first_L1184() -> None:
    t = frankfurt()
    t = t.with_ratings((2765.0, None, 2725.0, 2570.0))
    session = run_app(t)
    assert session.estimation is not None
    ((index, value),) = session.estimation.estimates
    assert index == 1
    line = session.estimation.line
    assert value == round(line.ybar + abs(line.b1) * (session.runs[0].p0[1] - line.xbar))
    assert session.final.label == "Elo (PRA-corrected)"
    assert "Initial Ratings Estimator:" in render(session)
    with pytest.raises(RatingError):
        analyse(t)


def test_negative_slope_note_L1466_L1489() -> None:
    # Close ratings and a result against them: Thessaloniki-like negative slope.
    roster = [(2700.0, "A"), (2710.0, "B"), (2720.0, "C"), (2730.0, "D")]
    t = tournament("Neg", "Elo", roster, 2800.0, "1 4 1.0 1 3 1.0 2 4 1.0 3 4 0.5 1 2 0.5 2 3 0.5")
    run = analyse(t)
    assert run.regression.negative_slope
    text = render_run_text(t)
    assert "To compute the Perf. Ratings, we take the absolute value of the slope" in text
    assert "Note: The slope of the regression line was negative" in text
    assert [f.performance for f in run.final] == sorted(
        (f.performance for f in run.final), reverse=True
    )


def render_run_text(t: AppInput) -> str:
    return render(run_app(t))


def test_rating2_missing_skips_greatness() -> None:
    t = frankfurt()
    t = AppInput(t.name, t.rating_system, t.entrants, t.games, None)
    run = analyse(t)
    assert run.greatness == () and run.strength is None
    assert "give it with --rating2" in render(run_app(t))


def test_knockout_is_never_corrected_and_ranks_by_g() -> None:
    t = lewis_chessmetrics()
    t = AppInput(t.name, t.rating_system, t.entrants, t.games, t.rating2, knockout=True)
    session = run_app(t, correct=True)
    assert len(session.runs) == 1
    assert "Knock-out event" in render(session)


def test_match_analytics_for_two_players() -> None:
    t = tournament(
        "M", "Chessmetrics", [(2730.0, "Steinitz"), (2648.0, "Blackburne")], 2648.0, "1 2 1.0 " * 7
    )
    text = render(run_app(t))
    assert "Steinitz (M) got G = 397.44" in text
    assert "M: Tournament Strength: 101.4643" in text
    assert "Probability of a sweep by Steinitz: 0.01217." in text
    assert "1800 points or more" in text


def test_paper_critical_values_option() -> None:
    out = render(run_app(frankfurt(), AppConfig(critical_digits=2)))
    assert "Critical Value: chi-squared = 7.810." in out  # as printed at L1038


def test_json_shape() -> None:
    doc = session_json(run_app(lewis_chessmetrics(), correct=True))
    first, second = doc["runs"]
    assert first["goodness_of_fit"]["verdict"] == "fail"
    assert round(first["goodness_of_fit"]["statistic"], 3) == 8.072
    assert second["goodness_of_fit"]["verdict"] == "pass"
    assert doc["corrections"] == [
        {
            "name": "Short",
            "before": 2707.0,
            "after": 2595.0,
            "performance": pytest.approx(2595.41, abs=0.005),
        }
    ]
    assert first["final"][0]["name"] == "Polgar"


def test_entrants_and_games_validation() -> None:
    from arpad.errors import InputError

    with pytest.raises(InputError):
        AppInput("x", "Elo", (Entrant("a", 1.0),), ())
    with pytest.raises(InputError):
        AppInput("x", "Elo", (Entrant("a", 1.0), Entrant("b", 1.0)), games("1 3 1.0"))


def test_entrants_without_games_are_left_out() -> None:
    roster = [(2700.0, "A"), (2600.0, "B"), (2500.0, "C"), (2400.0, "Absent")]
    t = tournament("T", "Elo", roster, 2800.0, "1 2 1.0 2 3 0.5 3 1 0.0 1 2 0.5")
    session = run_app(t)
    assert session.absent == ("Absent",)
    assert session.final.tournament.names == ("A", "B", "C") and session.final.test.df == 2
    assert "Left out (no game played): Absent." in render(session)
