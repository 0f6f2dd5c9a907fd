"""One rating, one shown value everywhere (issue 20, point 4; D-cli-7).

Alice Ames of the README's example ledger ends on an Elo rating of exactly 2234.5. Elo
1986 publishes ratings rounded half up (2235), Python's ``f"{x:.0f}"`` rounds half to
even (2234): the list showed 2235 and the crosstable, player view and web pages 2234.
Here one state is rendered by every renderer — the list (text, CSV), the crosstable, the
player view, the history (text, CSV), the web API's labels, the web's list, player and
event pages and the chart's labels — and each must show what :mod:`arpad.display` shows.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.display import change_text, rating_text
from arpad.ledger import Ledger

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [ROOT / "examples" / "uscf-open.json", *sorted((ROOT / "examples" / "ledger").iterdir())]
ALICE = "10000001"
LAST = "2024-07-club-ladder"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("rounding") / "ledger.db")
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(EXAMPLES).errors
        ledger.rate_pending(["elo"])
    return path


def _cli(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def alice(db: str) -> dict[str, object]:
    rows = json.loads(_cli("list", "--db", db, "--system", "elo", "--format", "json"))
    return next(r for r in rows if r["id"] == ALICE)


def test_the_state_is_a_half_point(alice: dict[str, object]) -> None:
    # The case the two roundings disagree on; without it this file would prove nothing.
    assert alice["rating"] == 2234.5
    assert rating_text(2234.5, "elo") == "2235"
    assert f"{2234.5:.0f}" == "2234"


def _row(text: str, needle: str) -> str:
    return next(line for line in text.splitlines() if needle in line)


def _cell(table: str, needle: str, header: str) -> str:
    """The cell under ``header`` in the row holding ``needle`` of a rich table."""
    heads = [h.strip() for h in _row(table, header).split("┃")]
    return _row(table, needle).split("│")[heads.index(header)].strip()


def test_every_cli_renderer_shows_the_published_rating(db: str, alice: dict[str, object]) -> None:
    shown = rating_text(float(alice["rating"]), "elo", str(alice["mark"]))  # type: ignore[arg-type]
    assert shown.split()[0] in _row(_cli("list", "--db", db, "--system", "elo"), "Alice").split()
    crosstable = _cli("crosstable", LAST, "--db", db, "--system", "elo")
    assert _cell(crosstable, ALICE, "Post") == shown
    history = _cli("history", ALICE, "--db", db, "--system", "elo")
    assert _cell(history, LAST, "post") == shown
    cells = list(csv.DictReader(io.StringIO(_cli("history", ALICE, "--db", db, "--format", "csv"))))
    assert cells[-1]["post"] == shown
    player = _cli("player", ALICE, "--db", db, "--system", "elo")
    assert shown in player and "2234" not in player.replace("2234.5", "")


def test_every_web_renderer_shows_the_published_rating(db: str, alice: dict[str, object]) -> None:
    from fastapi.testclient import TestClient

    from arpad.web import WebSettings, create_app

    shown = rating_text(float(alice["rating"]), "elo")  # type: ignore[arg-type]
    web = create_app(WebSettings(db=db))
    with TestClient(web) as client:
        rows = client.get("/api/lists/elo/regular").json()["rows"]
        assert next(r for r in rows if r["id"] == ALICE)["label"] == shown
        doc = client.get(f"/api/players/{ALICE}").json()
        last = [h for h in doc["history"] if h["system"] == "elo"][-1]
        assert last["post_label"] == shown
        assert last["change_label"] == change_text(last["pre"], last["post"], "elo")
        standing = next(s for s in doc["standings"] if s["system"] == "elo")
        assert standing["label"] == shown
        event = client.get(f"/api/events/{LAST}", params={"system": "elo"}).json()
        mine = next(p for p in event["sections"][0]["players"] if p["id"] == ALICE)
        assert mine["post"]["label"] == shown
        for page in ("/lists?system=elo", f"/players/{ALICE}", f"/events/{LAST}?system=elo"):
            html = client.get(page).text
            assert f">{shown}<" in html and ">2234<" not in html, page
        assert f": {shown}</title>" in client.get(f"/players/{ALICE}").text  # the chart
    web.state.ledger.close()
