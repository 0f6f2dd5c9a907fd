"""The forecast before the last round and the IT1 certificate data (B.01 2024, 1.8)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from arpad.cli import app
from arpad.model import Event
from arpad.titles import get_title_system
from arpad.titles.fide2024.rules import Title
from tests.conftest import EXAMPLES
from tests.titles.fide2024_events import mixed, star_event
from tests.titles.test_constructed_events import event_file

runner = CliRunner()
GM_FLOOR = EXAMPLES / "norms-2025-gm-floor.json"


def before_last_round(name: str) -> Event:
    event = event_file(name)
    return replace(event, games=tuple(g for g in event.games if g.round != 9))


def test_forecast_knows_the_last_opponent_in_a_round_robin() -> None:
    """After 8 rounds the candidate has 6½; his last opponent is known. ½ more gives 7 of 9
    against Ra 2414 (1.4.8: 78 % → 2634), 0 gives 6½ (72 % → 2580): ½ needed."""
    fide = get_title_system("fide")
    assert fide.forecast_fn is not None
    rows = fide.forecast_fn(before_last_round("gm-floor"), fide.config({"rounds": "9"}))
    (gm,) = [f for f in rows if f.player_id == "cand" and f.title is Title.GM]
    assert (gm.score, gm.played, gm.remaining, gm.needed) == (6.5, 8, 1, 0.5)
    assert gm.opponents_known and gm.average == 2414 and gm.mix_ok is True


def test_forecast_out_of_reach_names_what_stops_it() -> None:
    fide = get_title_system("fide")
    assert fide.forecast_fn is not None
    rows = fide.forecast_fn(before_last_round("two-unrated"), fide.config({"rounds": "9"}))
    (im,) = [f for f in rows if f.player_id == "u1" and f.title is Title.IM]
    assert im.needed is None and im.deciding is not None


def test_forecast_in_a_swiss_assumes_the_average_so_far() -> None:
    event = star_event(mixed(7, 2450, 0.5))
    fide = get_title_system("fide")
    assert fide.forecast_fn is not None
    rows = fide.forecast_fn(event, fide.config({"rounds": "9"}))
    (im,) = [f for f in rows if f.player_id == "c" and f.title is Title.IM]
    # 3½ of 7 against 2450; two more at 2450: 4½ of 9 is 50 %, Rp 2450.
    assert (im.remaining, im.needed, im.opponents_known, im.mix_ok) == (2, 1.0, False, None)


def test_forecast_command_json() -> None:
    done = runner.invoke(app, ["norms", str(GM_FLOOR), "--forecast", "--json"])
    doc = json.loads(done.stdout)
    assert doc["rules"]["system"] == "fide"
    (gm,) = [f for f in doc["forecast"] if f["player_id"] == "cand" and f["title"] == "GM"]
    assert gm["remaining"] == 0 and gm["needed"] == 0.0


def test_it1_json_and_printable_page(tmp_path: Path) -> None:
    done = runner.invoke(app, ["norms", str(GM_FLOOR), "--it1", "cand"])
    doc = json.loads(done.stdout)
    assert (doc["title"], doc["Ra"], doc["Rp"], doc["counted_games"]) == ("GM", 2414, 2634, 9)
    assert doc["raised_to_floor"] == "Opponent 1800" and len(doc["opponents"]) == 9
    assert [o["counted_rating"] for o in doc["opponents"] if o["rating"] == 1800] == [2200]
    page = tmp_path / "it1.html"
    done = runner.invoke(
        app, ["norms", str(GM_FLOOR), "--it1", "Candidate, Bruno", "--output", str(page)]
    )
    assert done.exit_code == 0 and done.stdout == ""
    html = page.read_text(encoding="utf-8")
    assert (
        "Certificate of title result (IT1)" in html and "2634" in html and "Opponent 2520" in html
    )


def arpad(*args: str) -> subprocess.CompletedProcess[str]:
    """The console entry point (errors become one line and exit code 2 there)."""
    code = "from arpad.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )


def test_it1_of_an_unknown_player_is_one_line_exit_2() -> None:
    done = arpad("norms", str(GM_FLOOR), "--it1", "nobody")
    assert done.returncode == 2 and "no player 'nobody'" in done.stderr
    assert done.stderr.count("\n") == 1


def test_it1_only_where_the_rules_have_a_certificate() -> None:
    done = arpad("norms", str(GM_FLOOR), "--it1", "cand", "-s", "uscf1994")
    assert done.returncode == 2 and "has no certificate" in done.stderr


def test_it3_reports_the_field_and_the_title_results() -> None:
    doc = json.loads(runner.invoke(app, ["norms", str(GM_FLOOR), "--it3"]).stdout)
    assert (doc["players"], doc["rated_players"], doc["average_rating"]) == (10, 10, 2378)
    assert doc["federations"] == {"ESP": 6, "FRA": 2, "ITA": 1, "POR": 1}
    assert doc["titleholders"] == {"FM": 1, "GM": 3, "IM": 4}
    (result,) = doc["title_results"]
    assert (result["name"], result["title"], result["Rp"]) == ("Candidate, Bruno", "GM", 2634)
    assert doc["event"]["chief_arbiter"] is None  # not kept by the readers


def test_forecast_a_norm_already_made_in_a_swiss_needs_nothing_more() -> None:
    """1.4.1e: 4½ of 9 against 2450 is an IM norm; the two rounds left may be ignored."""
    fide = get_title_system("fide")
    assert fide.forecast_fn is not None
    rows = fide.forecast_fn(star_event(mixed(9, 2450, 0.5)), fide.config({"rounds": "11"}))
    (im,) = [f for f in rows if f.player_id == "c" and f.title is Title.IM]
    assert (im.remaining, im.needed) == (2, 0.0)


def test_it3_takes_place_arbiter_and_rate_of_play_from_the_trf_header() -> None:
    """A TRF's 022, 102 and 122 records (kept on the event as read) fill IT3's place,
    chief arbiter and rate of play; a file without them leaves them None."""
    from arpad.model import Event, PlayerEntry
    from arpad.titles.fide2024.it3 import header_fields

    records = (("012", " Open"), ("022", " Frankfurt "), ("102", " A. Arbiter"), ("122", " 90+30"))
    event = Event("e", (PlayerEntry("a"),), (), records=records)
    assert header_fields(event) == {
        "place": "Frankfurt",
        "chief_arbiter": "A. Arbiter",
        "rate_of_play": "90+30",
    }
    assert set(header_fields(Event("e", (PlayerEntry("a"),), ())).values()) == {None}
