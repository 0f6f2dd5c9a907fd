"""A norm is earned only when every requirement holds; one the input cannot settle makes
it provisional (issue 15 point 5; decisions D-prov-6)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from arpad.cli import app
from arpad.io import read_event
from arpad.titles import (
    Check,
    NormReport,
    NormResult,
    NormStatus,
    fact_values,
    norm_report,
    with_status,
)
from tests.conftest import EXAMPLES, shared_data

runner = CliRunner()


def _report(*oks: bool | None, score_met: bool = True) -> NormReport:
    checks = tuple(Check(f"c{i}", ok, "") for i, ok in enumerate(oks))
    result = NormResult("p", "P", "IM", score_met, 6.0, 9, 5.0)
    return with_status(NormReport("s", "e", "", (), checks, (result,)))


def test_status_from_score_and_requirements() -> None:
    assert _report(True, True).results[0].status == NormStatus.EARNED
    assert _report(True, None).results[0].status == NormStatus.PROVISIONAL
    assert _report(True, None).results[0].provisional_on == ("c1",)
    assert _report(False, None).results[0].status == NormStatus.NOT_EARNED
    assert _report(True, True, score_met=False).results[0].status == NormStatus.NOT_EARNED
    earned = _report(True).results[0]
    assert earned.earned and earned.score_met and earned.verdict == "yes"
    provisional = _report(None).results[0]
    assert not provisional.earned and provisional.verdict == "provisional on c0"


def test_a_waived_requirement_is_not_unsettled() -> None:
    checks = (Check("federations", None, "waived for a national championship (¶4.14)"),)
    report = with_status(
        NormReport("s", "e", "", (), checks, (NormResult("p", "P", "IM", True, 6, 9, 5),))
    )
    assert report.results[0].status == NormStatus.EARNED


def test_karl_mala_fails_three_requirements_so_no_norm() -> None:
    """Issue 15: three requirements NO and still "IM norm yes"; now "no" in text and JSON."""
    path = shared_data("trf-real/fide_example1_karl_mala_2005.trf")
    report = norm_report(read_event(path))
    assert sum(c.ok is False for c in report.checks) == 3
    assert report.results and all(r.score_met for r in report.results)
    assert all(r.status == NormStatus.NOT_EARNED and not r.earned for r in report.results)
    # 2005 lies between the implemented rules: ask for 1986's (a warning goes to stderr).
    doc = json.loads(runner.invoke(app, ["norms", str(path), "--json", "-s", "fide1986"]).stdout)
    assert {(r["status"], r["earned"], r["score_met"]) for r in doc["results"]} == {
        ("not earned", False, True)
    }
    text = runner.invoke(app, ["norms", str(path), "-s", "fide1986"], env={"COLUMNS": "200"}).stdout
    assert "│ yes " not in text.split("Norm")[-1]


def test_wijk_aan_zee_text_says_provisional_on_what() -> None:
    out = runner.invoke(
        app,
        ["norms", str(EXAMPLES / "wijk-aan-zee-1975.json"), "-s", "fide1986"],
        env={"COLUMNS": "200"},
    ).output
    assert "not checked" in out and "provisional" in out
    assert "Provisional: the norms marked so are earned only if" in out
    assert "played within 90 days" in out.split("Provisional:")[1]


def test_fide_norms_never_count_us_chess_ratings() -> None:
    """A US Chess crosstable's ratings are not FIDE ratings: for FIDE 1986 norms every
    player is unrated (entered at 2200, ¶4.4), so the event fails the 20 % rule."""
    report = norm_report(read_event(EXAMPLES / "uscf-crosstable.txt"), "fide1986")
    checks = {c.name: c for c in report.checks}
    n = fact_values(report.facts)["participants"]
    assert checks["at most 20 % unrated"].ok is False
    assert checks["at most 20 % unrated"].detail == f"{n} of {n} unrated"
