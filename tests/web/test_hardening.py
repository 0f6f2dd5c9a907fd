"""The web reproducers of issues 23 and 24: chunked uploads over the limit, 405 without
``Allow``, writes validated before their token was checked, infinite and off-scale
ratings in the estimator, the estimator's default of 0 prior games, the status log's
newlines, import paths on public pages, previews held whole in memory."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arpad.ledger import Ledger
from tests.web.conftest import bearer, previewed

BOUNDARY = "arpadboundary"


def _multipart(name: str, data: bytes) -> Iterator[bytes]:
    yield (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    for i in range(0, len(data), 65536):
        yield data[i : i + 65536]
    yield f"\r\n--{BOUNDARY}--\r\n".encode()


def test_a_chunked_upload_over_the_limit_is_413(client: TestClient, token: str) -> None:
    """Issue 24: without a Content-Length the limit was hit inside the form parser,
    which answered 400."""
    response = client.post(
        "/api/uploads",
        content=_multipart("big.trf", b"x" * 300_000),  # a generator: sent chunked
        headers={**bearer(token), "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"},
    )
    assert response.status_code == 413 and "larger than" in response.json()["error"]
    page = client.post(
        "/login", data={"token": token}
    )  # the officer's form: the same answer, as a page
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    response = client.post(
        "/upload",
        content=_multipart("big.trf", b"x" * 300_000),
        headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"},
    )
    assert response.status_code == 413 and "larger than" in response.text


def test_405_names_the_allowed_methods(client: TestClient) -> None:
    response = client.put("/api/systems")
    assert response.status_code == 405 and response.headers["allow"] == "GET"
    page = client.delete("/lists")
    assert page.status_code == 405 and "GET" in page.headers["allow"]


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", "/api/uploads"),
        ("GET", "/api/uploads/x"),
        ("POST", "/api/uploads/x/commit"),
        ("DELETE", "/api/uploads/x"),
        ("DELETE", "/api/events/x"),
        ("POST", "/api/players/merge"),
        ("POST", "/api/players/split"),
    ],
)
def test_every_write_checks_the_token_before_its_parameters(
    client: TestClient, method: str, url: str
) -> None:
    """Issue 23: three of six API writes answered 422 (a missing form field) to a
    client without a token."""
    response = client.request(method, url)
    assert response.status_code == 401 and "token" in response.json()["error"]


@pytest.mark.parametrize(
    "query",
    [
        "rating=inf&games=30&opponent=1800:W",
        "rating=nan&games=30&opponent=1800:W",
        "rating=-500&games=30&opponent=1800:W",
        "rating=1e400&games=30&opponent=1800:W",
        "rating=1800&games=30&opponent=inf:W",
        "rating=1800&games=30&opponent=-500:W",
        "rating=1800&games=-3&opponent=1800:W",
        "rating=1800&games=99999999999&opponent=1800:W",
    ],
)
def test_the_estimator_refuses_what_is_not_a_rating(client: TestClient, query: str) -> None:
    response = client.get(f"/api/estimate/uscf?{query}")
    assert response.status_code in (400, 422)
    assert "\n" not in response.json()["error"]
    page = client.get(
        "/estimate?" + query.replace("opponent=", "opponents=").replace("rating=", "rating=", 1)
    )
    assert page.status_code in (400, 422) and 'class="error"' in page.text


def test_a_rating_needs_its_games_as_on_the_command_line(client: TestClient) -> None:
    """Issue 23: the estimator took 0 prior games when none were given, so a US Chess
    1800 scoring 2.5/4 was told +100 (the special formula of a new player); the CLI
    asks for N, and with N = 30 the change is +17.39."""
    games = "opponent=1700:W&opponent=1800:D&opponent=1900:W&opponent=1850:L"
    response = client.get(f"/api/estimate/uscf?rating=1800&{games}")
    assert response.status_code == 400 and "number of games" in response.json()["error"]
    done = client.get(f"/api/estimate/uscf?rating=1800&games=30&{games}").json()
    assert round(done["change"], 2) == 17.39
    form = client.get("/estimate").text
    assert re.search(r'name="games"[^>]*value=""', form)  # no 0 filled in


def test_fide_takes_k_as_the_command_line_does(client: TestClient) -> None:
    """FIDE with no games given: K 20 as ``arpad estimate --system fide`` (2000 beating a
    2000: +10), not the K 40 of a player with no games (+20)."""
    done = client.get("/api/estimate/fide?rating=2000&opponent=2000:W").json()
    assert done["k"] == 20 and done["change"] == 10


def test_the_status_log_keeps_its_line_breaks(client: TestClient, token: str) -> None:
    assert client.delete("/api/events/2024-spring-open", headers=bearer(token)).status_code == 200
    status = client.app.state.jobs.wait()  # type: ignore[attr-defined]
    assert "\n" in status.output
    page = client.get("/status").text
    log = re.search(r'<pre class="log">(.*?)</pre>', page, re.S)
    assert log is not None and "\n" in log.group(1) and "\ufffd" not in log.group(1)


def test_public_pages_show_no_import_paths(client: TestClient, ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger:
        sources = {e.source for e in ledger.events()}
    folders = {str(Path(s).parent) for s in sources if "/" in s}
    assert folders  # the season was imported from files in a folder
    for url in ["/events", "/", "/api/events"]:
        text = client.get(url).text
        assert not any(f in text for f in folders), url


def _games_csv(path: Path, players: int, events: int) -> Path:
    lines = ["event,date,round,white,black,result"]
    for e in range(events):
        for g in range(0, players, 2):
            lines.append(f"club-{e},2024-09-{e + 1:02d},1,P{g:04d},P{g + 1:04d},1-0")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_preview_is_read_a_page_at_a_time(client: TestClient, token: str, tmp_path: Path) -> None:
    """Issue 24: the whole preview was built as one JSON document in memory (80 MB per
    MiB of CSV); now its players and sections are rows read a page at a time."""
    path = _games_csv(tmp_path / "club.csv", players=250, events=12)
    with path.open("rb") as handle:
        queued = client.post(
            "/api/uploads", files={"file": (path.name, handle)}, headers=bearer(token)
        )
    doc = previewed(client, queued, token)
    assert doc["state"] == "ready", doc["error"]
    s = doc["summary"]
    assert (s["events_total"], s["players_total"], s["new"], s["games"]) == (12, 250, 250, 1500)
    assert len(doc["players"]["rows"]) == 100 and doc["players"]["pages"] == 3
    assert doc["sections"]["total"] == 12 and len(doc["sections"]["rows"]) == 5
    last = client.get(
        f"/api/uploads/{doc['id']}?players_page=3&sections_page=3", headers=bearer(token)
    ).json()
    assert len(last["players"]["rows"]) == 50 and len(last["sections"]["rows"]) == 2


def test_a_player_page_takes_a_few_queries(client: TestClient) -> None:
    """Issue 23: a player page ran 13 queries or more, one per system and pool."""
    from sqlalchemy import event

    engine = client.app.state.ledger.engine  # type: ignore[attr-defined]
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    client.get("/players/10000001")  # warm: the list cache, the templates
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get("/players/10000001").status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    # 9 for the page itself, 1 for the official lists the player is in (issue 21); none
    # that grows with the number of systems and pools.
    assert len(selects) <= 10, selects


def test_the_preview_warns_of_new_players_with_a_known_name(
    client: TestClient, token: str, tmp_path: Path
) -> None:
    """Issue 23: 138 "new" players of an upload shared names with players in the ledger,
    and nothing said so; the summary lists them with links to the ledger's players."""
    import json

    from tests.conftest import EXAMPLES

    doc = json.loads((EXAMPLES / "ledger" / "2024-06-summer-swiss.json").read_text())
    known = doc["players"][0]
    known_id, known["id"] = known["id"], "99999991"
    for game in doc.get("games", []):
        for side in ("white", "black"):
            if game.get(side) == known_id:
                game[side] = "99999991"
    path = tmp_path / "renumbered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with path.open("rb") as handle:
        queued = client.post(
            "/api/uploads", files={"file": (path.name, handle)}, headers=bearer(token)
        )
    shown = previewed(client, queued, token)
    assert shown["state"] == "ready", shown["error"]
    warnings = {w["id"]: w for w in shown["summary"]["same_name"]}
    assert warnings["99999991"]["known"][0][0] == known_id
    assert shown["summary"]["same_name_total"] == len(warnings)
    client.post("/login", data={"token": token})
    page = client.get(f"/upload/{shown['id']}").text
    assert f'href="/players/{known_id}"' in page and "share a name" in page
