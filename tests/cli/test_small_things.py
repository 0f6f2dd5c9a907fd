"""The small things a newcomer met (issue 15 point 9): --version, estimate without
--games, choosing one event of a file, pra-claims writing where asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import arpad
from arpad.cli import app
from tests.cli.test_rate_cli import _arpad

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"arpad {arpad.__version__}\n"


def test_python_dash_m_arpad_is_the_command_line() -> None:
    """``python -m arpad`` had no ``__main__`` module and failed."""
    done = subprocess.run(
        [sys.executable, "-m", "arpad", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout == f"arpad {arpad.__version__}\n"
    refused = subprocess.run(
        [sys.executable, "-m", "arpad", "rate", "no-such-file.json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    usage = subprocess.run(
        [sys.executable, "-m", "arpad", "rate", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Usage: arpad rate" in usage.stdout  # not 'python -m arpad rate'


def test_estimate_refuses_a_rating_without_games() -> None:
    refused = _arpad("estimate", "--rating", "1649", "-p", "1700:W")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "--rating needs --games" in refused.stderr
    ok = runner.invoke(app, ["estimate", "--rating", "1649", "--games", "40", "-p", "1700:W"])
    assert ok.exit_code == 0 and "new rating" in ok.output
    unrated = runner.invoke(app, ["estimate", "-p", "1700:W"])  # no rating: no games needed
    assert unrated.exit_code == 0


GAMES = """[Event "{event}"]
[Date "2024.05.0{day}"]
[White "{w}"]
[Black "{b}"]
[WhiteElo "2100"]
[BlackElo "2000"]
[Result "1-0"]

1-0

"""


def _two_events(tmp_path: Path) -> Path:
    path = tmp_path / "two.pgn"
    path.write_text(
        GAMES.format(event="Spring Open", day=1, w="A", b="B")
        + GAMES.format(event="Spring Open", day=2, w="B", b="A")
        + GAMES.format(event="Blitz", day=3, w="C", b="D"),
        encoding="utf-8",
    )
    return path


def test_a_file_of_several_events_lists_them_and_event_picks_one(tmp_path: Path) -> None:
    path = _two_events(tmp_path)
    listed = _arpad("rate", str(path), "-s", "elo")
    assert listed.returncode == 2 and listed.stderr.count("\n") == 1
    assert "choose one with --event: 1 'spring-open-2024' (Spring Open, 2 games)" in listed.stderr
    assert "2 'blitz-2024' (Blitz, 1 game)" in listed.stderr
    for choice in ("blitz-2024", "Blitz", "2"):
        picked = runner.invoke(app, ["rate", str(path), "-s", "elo", "--event", choice, "--json"])
        assert picked.exit_code == 0, picked.output
        assert '"event": "blitz-2024"' in picked.output
    for command in (
        ["norms"],
        ["handicap", "--method", "brasket"],
        ["compare", "--systems", "elo"],
        ["app", "--rating2", "2100"],
    ):
        result = runner.invoke(app, [*command, str(path), "--event", "spring-open-2024"])
        assert result.exit_code == 0, (command, result.output)
    missing = _arpad("rate", str(path), "--event", "Autumn")
    assert missing.returncode == 2 and "no event 'Autumn' in the file" in missing.stderr


def test_pra_claims_fails_before_simulating_when_it_cannot_write(tmp_path: Path) -> None:
    missing = _arpad("pra-claims", "-o", str(tmp_path / "no" / "such" / "page.md"))
    assert missing.returncode == 2 and "cannot write" in missing.stderr
    assert "run 1/" not in missing.stdout + missing.stderr  # no simulation was started
    a_file = tmp_path / "file"
    a_file.write_text("x")
    plots = _arpad("pra-claims", "-o", str(tmp_path), "--plots", str(a_file / "img"))
    assert plots.returncode == 2 and "cannot write plots" in plots.stderr
    assert "run 1/" not in plots.stdout + plots.stderr
    assert not (tmp_path / "pra-claims.md").exists()  # nothing half-written
