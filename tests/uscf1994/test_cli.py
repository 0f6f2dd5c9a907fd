"""The commands of issue 7: ``arpad fide-adjust``, ``arpad norms``, ``arpad compare``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import EXAMPLES

runner = CliRunner()
KAMSKY = EXAMPLES / "fide-printout-kamsky-1993.csv"
COMPARE = EXAMPLES / "uscf-1994-compare.json"


def arpad(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the console entry point (errors become one line and exit code 2 there)."""
    return subprocess.run(
        [sys.executable, "-c", "from arpad.cli import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_fide_adjust_kamsky_json() -> None:
    result = runner.invoke(app, ["fide-adjust", str(KAMSKY), "--json"])
    assert result.exit_code == 0, result.output
    (kamsky,) = json.loads(result.output)
    assert round(kamsky["new_rating"]) == 2757
    assert kamsky["events_skipped"] == 1


def test_fide_adjust_table_and_rating_option(tmp_path: Path) -> None:
    one = tmp_path / "one.csv"
    one.write_text("player,ro,w,n,chg,fed\nX,2300,3,4,0.5,ESP\n", encoding="utf-8")
    result = runner.invoke(app, ["fide-adjust", str(one), "--uscf-rating", "2350"])
    assert result.exit_code == 0, result.output
    assert "2350" in result.output


def test_fide_adjust_errors_are_one_line_with_exit_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("player,ro,w,n,chg\nX,2300,5,4,0.5\n", encoding="utf-8")
    done = arpad("fide-adjust", str(bad), "--uscf-rating", "2300")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert f"{bad}:2:" in done.stderr and "Traceback" not in done.stderr
    no_rating = tmp_path / "norating.csv"
    no_rating.write_text("player,ro,w,n,chg\nX,2300,3,4,0.5\n", encoding="utf-8")
    done = arpad("fide-adjust", str(no_rating))
    assert done.returncode == 2 and "no USCF rating" in done.stderr


SECTION_2_5 = {
    "format": "arpad-event/1",
    "event": {"id": "section-2-5"},
    "players": [{"id": "p", "rating": 1750, "games": 100}]
    + [{"id": f"o{r}", "rating": r, "games": 100} for r in (1800, 1900, 2000, 2100)],
    "games": [
        {"white": "p", "black": "o1800", "result": "1-0"},
        {"white": "p", "black": "o1900", "result": "1-0"},
        {"white": "p", "black": "o2000", "result": "1-0"},
        {"white": "p", "black": "o2100", "result": "1/2-1/2"},
    ],
}


def test_norms_command_section_2_5_L380_L390(tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    path.write_text(json.dumps(SECTION_2_5), encoding="utf-8")
    args = ["norms", str(path), "--system", "uscf1994", "--json"]
    args += ["-o", "level_step=100", "-o", "lowest_level=1500", "-o", "highest_level=2300"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    levels = {}
    for r in doc["results"]:
        if r["player_id"] == "p":
            facts = {f["label"]: f["value"] for f in r["facts"]}
            levels[facts["level"]] = (facts["norms"], facts["title at once"])
    assert levels == {
        1500: (5, True), 1600: (4, False), 1700: (4, False), 1800: (3, False),
        1900: (2, False), 2000: (1, False), 2100: (1, False),
    }  # fmt: skip
    table = runner.invoke(app, ["norms", str(path), "--system", "uscf1994"])
    assert table.exit_code == 0 and "title" in table.output


def test_norms_unknown_system_exits_2() -> None:
    done = arpad("norms", str(COMPARE), "--system", "nope")
    assert done.returncode == 2 and "unknown title system" in done.stderr


def test_compare_markdown_shows_every_system() -> None:
    result = runner.invoke(
        app, ["compare", str(COMPARE), "--systems", "uscf1993,uscf1994", "--markdown"]
    )
    assert result.exit_code == 0, result.output
    assert "| # | Player | Pre | Gms | Score | uscf1993 | uscf1994 |" in result.output
    assert "nominal" in result.output and "saved" in result.output


def test_compare_json_and_scoped_options() -> None:
    args = ["compare", str(COMPARE), "--systems", "uscf1993,uscf1994", "--json"]
    base = json.loads(runner.invoke(app, args).output)
    perf = json.loads(
        runner.invoke(app, [*args, "-o", "uscf1994.provisional_method=performance"]).output
    )
    diaz = {p["id"]: p for p in base["players"]}["D"]["systems"]["uscf1994"]
    diaz_perf = {p["id"]: p for p in perf["players"]}["D"]["systems"]["uscf1994"]
    assert diaz["method"] == "provisional K"
    assert diaz_perf["method"] == "cumulative performance"
    assert diaz["post"] != pytest.approx(diaz_perf["post"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "provisional_method=performance"], "SYSTEM.NAME=VALUE"),
        (["-o", "uscf.B=12"], "not among --systems"),
        (["-o", "uscf1994.nope=1"], "no option 'nope'"),
        (["--systems", "uscf1993,elo9999"], "unknown rating system"),
    ],
)
def test_compare_errors_exit_2(args: list[str], message: str) -> None:
    base = ["compare", str(COMPARE)]
    if "--systems" not in args:
        base += ["--systems", "uscf1993,uscf1994"]
    done = arpad(*base, *args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr
