"""The rating officer's web pages (issue 21): publishing, a dry-run correction and the
real one, the audit log with undo, the published list and its change report, and the
unofficial preview on the list, preview and player pages."""

from __future__ import annotations

import datetime as dt
import re

from fastapi.testclient import TestClient

from arpad.ledger import Ledger
from arpad.model import Pool


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _login(client: TestClient, token: str) -> str:
    assert client.get("/officer", follow_redirects=False).status_code == 303
    client.post("/login", data={"token": token})
    page = client.get("/officer")
    assert page.status_code == 200 and "Publish a list" in page.text
    return _csrf(page.text)


PUBLISH = {"system": "uscf", "pool": "regular", "cutoff": "2024-05-31"}
CORRECTION = {
    "event": "2024-spring-open",
    "round": "3",
    "white": "Alice Ames",
    "black": "10000006",
    "result": "1-0",
    "reason": "arbiter's report",
}


def test_the_officers_desk(client: TestClient, token: str, ledger_path: str) -> None:
    assert "nothing published yet" in client.get("/lists?system=uscf").text
    csrf = _login(client, token)
    forged = client.post("/officer/publish", data={**PUBLISH, "csrf": "x"})
    assert forged.status_code == 403
    page = client.post("/officer/publish", data={**PUBLISH, "csrf": csrf})
    assert page.status_code == 200 and "uscf regular version 1" in page.text
    with Ledger.open(ledger_path) as ledger:
        _, first = ledger.published_list("uscf", Pool.REGULAR, 1)
        before = ledger.rating_list("uscf", Pool.REGULAR)

    dry = client.post("/officer/correct", data={**CORRECTION, "dry_run": "1", "csrf": csrf})
    assert "Dry run (nothing changed)" in dry.text and "Alice Ames" in dry.text
    with Ledger.open(ledger_path) as ledger:
        assert ledger.rating_list("uscf", Pool.REGULAR) == before and ledger.audit()[0][0].id == 1
    done = client.post("/officer/correct", data={**CORRECTION, "csrf": csrf})
    assert "entry 2 (result)" in done.text and "Dry run (nothing changed)" not in done.text
    with Ledger.open(ledger_path) as ledger:
        assert ledger.rating_list("uscf", Pool.REGULAR) != before

    again = client.post("/officer/publish", data={**PUBLISH, "csrf": csrf})
    assert "Changes from version 1 to 2" in again.text
    v2 = client.get("/publications/uscf/regular/2")
    assert "Changes from version 1 to 2" in v2.text and "changed" in v2.text
    csv_text = client.get("/publications/uscf/regular/2/changes.csv").text
    assert csv_text.startswith("player_id,name,status,")
    assert "10000001,Alice Ames,changed" in csv_text

    undo = client.post("/officer/undo", data={"entry": "2", "reason": "wrong", "csrf": csrf})
    assert "entry 4 (undo)" in undo.text
    with Ledger.open(ledger_path) as ledger:
        assert ledger.rating_list("uscf", Pool.REGULAR) == before
        assert ledger.published_list("uscf", Pool.REGULAR, 1)[1] == first
    assert "undone (4)" in client.get("/officer").text


def test_published_lists_and_the_unofficial_preview(client: TestClient, ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger:
        ledger.publish("uscf", Pool.REGULAR, dt.date(2024, 4, 30), "a")
    listing = client.get("/publications").text
    assert "/publications/uscf/regular/1" in listing
    page = client.get("/publications/uscf/regular/1").text
    assert "Official list: uscf, regular, version 1" in page and "Cut-off 2024-04-30" in page
    lists = client.get("/lists?system=uscf").text
    assert "Unofficial:" in lists and "/publications/uscf/regular/1" in lists
    assert "Unofficial:" not in client.get("/lists?system=uscf&as_of=2024-04-30").text
    preview = client.get("/preview?system=uscf").text
    assert "Unofficial." in preview and "version 1" in preview and "created" in preview
    player = client.get("/players/10000001").text
    assert "On the official lists" in player and "version 1, cut-off 2024-04-30" in player
