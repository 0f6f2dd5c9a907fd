"""The two constructed events of issue 19, under both rule sets, and the date choice.

examples/norms-2025-two-unrated.json: a 10-player round robin from 3 November 2025. The
candidate (2350, NOR) scores 6 of 9; two opponents are unrated. 1986 rules: the unrated at
2200, R_f = (2350 + 16944 + 2·2200)/10 = 2369 (category 5), 64 % → 6 points: an IM
result. 2024 rules: the unrated at 1400 (1.4.6d), only the lowest raised to 2050 (1.4.6c),
Ra = (16944 + 1400 + 2050)/9 = 2266, 67 % → dp 125, Rp = 2391 < 2449.5: no norm.

examples/norms-2025-gm-floor.json: a 10-player round robin from 1 March 2025; the
candidate (IM, 2450, ESP) scores 7 of 9; one opponent is rated 1800. 1986 rules: R_f =
(2450 + 19526 + 1800)/10 = 2378, category 6, for which ¶4.3 prints no GM percentage: no GM
result possible. 2024 rules: the 1800 raised to the GM floor 2200, Ra = 2414, 78 % → dp
220, Rp = 2634 ≥ 2599.5 with three GMs among nine opponents: a GM norm.
"""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from arpad.cli import app
from arpad.io import read_event
from arpad.model import Event, Game, PlayerEntry
from arpad.titles import NormStatus, fact_values, norm_report
from arpad.titles.fide2024.rules import Article
from tests.conftest import EXAMPLES

runner = CliRunner()


def event_file(name: str) -> Event:
    return read_event(EXAMPLES / f"norms-2025-{name}.json")


def candidate(event: Event, system: str, title: str, **options: str) -> Any:
    report = norm_report(event, system, {"show_all": "true", **options})
    (r,) = [r for r in report.results if r.player_id == "cand" and r.title == title]
    return r


def test_two_unrated_1986_rules_report_an_im_result() -> None:
    r = candidate(event_file("two-unrated"), "fide1986", "IM")
    facts = fact_values(r.facts)
    assert (facts["average"], facts["category"], facts["required %"]) == (2369, "5", 64)
    assert (r.score, r.required, r.score_met) == (6.0, 6.0, True)
    assert r.status is NormStatus.PROVISIONAL  # only on what the file cannot show


def test_two_unrated_2024_rules_no_norm_rp_2391() -> None:
    r = candidate(event_file("two-unrated"), "fide", "IM")
    facts = fact_values(r.facts)
    assert (facts["Ra"], facts["Rp"], facts["p %"]) == (2266, 2391, 67)
    assert facts["raised to floor"] in ("u1", "u2")
    assert facts["decided by"] is Article.PERFORMANCE
    assert r.status is NormStatus.NOT_EARNED and r.required == 7.0


def test_gm_floor_1986_rules_no_gm_result_possible() -> None:
    r = candidate(event_file("gm-floor"), "fide1986", "GM")
    facts = fact_values(r.facts)
    assert (facts["average"], facts["category"], facts["required %"]) == (2378, "6", None)
    assert r.required is None and r.status is NormStatus.NOT_EARNED


def test_gm_floor_2024_rules_gm_norm_rp_2634_through_the_2200_floor() -> None:
    event = event_file("gm-floor")
    r = candidate(event, "fide", "GM")
    facts = fact_values(r.facts)
    assert (facts["Ra"], facts["Rp"], facts["raised to floor"]) == (2414, 2634, "w1800")
    assert facts["with the title"] == 3 and facts["decided by"] is Article.PERFORMANCE
    assert r.status is NormStatus.PROVISIONAL  # the 1.1 requirements are not in the file
    confirmed = candidate(event, "fide", "GM", administration_checked="true")
    assert confirmed.status is NormStatus.EARNED and confirmed.earned


def test_cli_default_picks_2024_rules_for_a_2025_event_and_says_so() -> None:
    done = runner.invoke(app, ["norms", str(EXAMPLES / "norms-2025-two-unrated.json")])
    assert done.exit_code == 0
    assert "Rules: FIDE Title Regulations B.01" in done.stdout and "chosen by date" in done.stdout
    assert done.stderr == ""


def test_cli_json_keeps_the_shape_with_ra_rp_and_the_article() -> None:
    args = ["norms", str(EXAMPLES / "norms-2025-gm-floor.json"), "--json"]
    doc = json.loads(runner.invoke(app, args).stdout)
    assert doc["system"] == "fide" and doc["rules"]["by_date"] is True
    (r,) = [r for r in doc["results"] if r["player_id"] == "cand"]
    assert {"player_id", "title", "earned", "status", "facts"} <= set(r)
    facts = {f["label"]: f["value"] for f in r["facts"]}
    assert (r["title"], r["status"], facts["Ra"], facts["Rp"]) == ("GM", "provisional", 2414, 2634)
    assert facts["decided by"] == "1.4.8 Rp"


def test_cli_1986_rules_on_a_2025_event_warn_on_one_line() -> None:
    path = str(EXAMPLES / "norms-2025-two-unrated.json")
    done = runner.invoke(app, ["norms", path, "--system", "fide1986", "--json"])
    assert done.exit_code == 0
    assert done.stderr.count("\n") == 1 and "fide1986 applies to events" in done.stderr
    assert "the rules for it: fide" in done.stderr
    assert json.loads(done.stdout)["rules"]["warning"] is not None


def round_robin_with_scoreless_unrated() -> Event:
    """An 11-player round robin in which the unrated ``u`` loses every game (1.4.2b)."""
    ids = [f"p{i}" for i in range(10)]
    players = [
        PlayerEntry(pid, pid, rating=2400.0, games=40, federation=fed, title="IM")
        for pid, fed in zip(ids, ["NOR", "GER", "FRA", "ESP", "ITA"] * 2, strict=True)
    ] + [PlayerEntry("u", "Unrated", federation="GER")]
    games = []
    everyone = [*ids, "u"]
    for i, a in enumerate(everyone):
        for b in everyone[i + 1 :]:
            games.append(Game(a, b, 1.0 if b == "u" else 0.5))
    return Event("rr", tuple(players), tuple(games), name="RR")
