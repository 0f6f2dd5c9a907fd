"""The B.01 (2024) check on the real event files of ../shared/data: federations and
titles come from the file (TRF columns 11–13 and 54–56, PGN ``WhiteTitle``/``WhiteFed``)."""

from __future__ import annotations

import io

from typer.testing import CliRunner

from arpad.cli import app
from arpad.io import pgn, read_event
from arpad.titles import NormStatus, fact_values, norm_report
from arpad.titles.fide2024.rules import Article
from tests.conftest import shared_data

runner = CliRunner()

PGN_GAME = """[Event "Fed test"]
[Date "2025.05.01"]
[Round "1"]
[White "A"]
[Black "B"]
[WhiteFed "nor"]
[BlackFed "GER"]
[WhiteTitle "IM"]
[Result "1-0"]

1. e4 1-0
"""


def test_pgn_reads_the_federation_tags() -> None:
    (event,) = pgn.read(io.StringIO(PGN_GAME))
    assert (event.player("A").federation, event.player("B").federation) == ("NOR", "GER")
    assert event.player("A").title == "IM"


def test_karl_mala_2005_seven_rounds_no_norm_by_1_4_1() -> None:
    event = read_event(shared_data("trf-real/fide_example1_karl_mala_2005.trf"))
    report = norm_report(event, "fide")
    assert report.results
    assert {fact_values(r.facts)["decided by"] for r in report.results} == {Article.GAMES}
    assert all(r.status is NormStatus.NOT_EARNED for r in report.results)
    # Titles from the file: Vasquez (g) is a GM and is checked for nothing.
    assert "1" not in {r.player_id for r in report.results}


def test_karl_mala_2005_falls_between_the_rule_sets_and_says_so() -> None:
    path = str(shared_data("trf-real/fide_example1_karl_mala_2005.trf"))
    done = runner.invoke(app, ["norms", path], env={"COLUMNS": "80"})
    assert done.exit_code == 0
    assert done.stderr.startswith(
        "arpad: warning: no implemented FIDE title regulations cover 2005-07-28"
    )
    assert done.stderr.count("\n") == 1


def test_tata_steel_2022_pgn_titles_from_the_tags() -> None:
    event = read_event(shared_data("pgn-real-events/tata_steel_masters_2022.pgn"))
    report = norm_report(event, "fide", {"show_all": "true"})
    gms = {r.player_id for r in report.results}
    assert gms  # every player listed with show_all
    # The file gives no federations: 1.4.3 cannot be settled, nothing is earned outright.
    assert not any(r.status is NormStatus.EARNED for r in report.results)


def test_an_online_swiss_gives_no_norm_0_3_1() -> None:
    event = read_event(shared_data("trf-real/lichess_swiss_2020_06.trf"))
    report = norm_report(event, "fide")
    (online,) = [c for c in report.checks if c.name.startswith("over-the-board")]
    assert online.ok is False and online.detail == "online platform"
    assert report.title_results == ()
