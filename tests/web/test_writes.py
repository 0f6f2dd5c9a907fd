"""Writing through the web: refused without a token, previewed before anything is
stored, committed on confirmation and rated in a separate process; officer sessions with
CSRF tokens; size limits."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arpad.ledger import Ledger
from arpad.ledger.tokens import revoke_token
from arpad.web import WebSettings, create_app
from tests.conftest import EXAMPLES
from tests.ledger.conftest import SEASON
from tests.web.conftest import bearer, previewed

SUMMER = EXAMPLES / "ledger" / "2024-06-summer-swiss.json"


def _upload(client: TestClient, path: object, headers: dict[str, str] | None = None) -> Any:
    with open(str(path), "rb") as handle:
        return client.post(
            "/api/uploads", files={"file": (str(path).rsplit("/", 1)[-1], handle)}, headers=headers
        )


def _events(ledger_path: str) -> list[str]:
    with Ledger.open(ledger_path) as ledger:
        return [e.key for e in ledger.events()]


def test_writes_without_a_valid_token_are_refused(
    client: TestClient, token: str, ledger_path: str
) -> None:
    before = _events(ledger_path)
    for headers in (None, {"Authorization": "Bearer arpad_guess"}, {"Authorization": token}):
        response = _upload(client, SUMMER, headers)
        assert response.status_code == 401
        assert "token" in response.json()["error"]
    assert client.delete("/api/events/2024-spring-open").status_code == 401
    assert client.post("/api/uploads/x/commit").status_code == 401
    with Ledger.open(ledger_path) as ledger, ledger.engine.begin() as conn:
        revoke_token(conn, 1)
    assert _upload(client, SUMMER, bearer(token)).status_code == 401
    assert _events(ledger_path) == before


def test_preview_stores_nothing_then_commit_rates_as_previewed(
    client: TestClient, token: str, ledger_path: str
) -> None:
    before = _events(ledger_path)
    doc = previewed(client, _upload(client, SUMMER, bearer(token)), token)
    assert doc["state"] == "ready" and doc["can_commit"] and doc["summary"]["refused"] is None
    assert _events(ledger_path) == before  # a preview writes nothing
    identities = {p["id"]: p["identity"] for p in doc["players"]["rows"]}
    assert identities["10000001"] == "matched"
    assert "new" in identities.values()
    assert doc["summary"]["new"] == list(identities.values()).count("new")
    shown = {r["id"]: r["rating"]["post"] for r in doc["sections"]["rows"][0]["players"]}
    done = client.post(f"/api/uploads/{doc['id']}/commit", headers=bearer(token))
    assert done.status_code == 202 and done.json()["state"] == "commit"
    status = client.app.state.jobs.wait()  # type: ignore[attr-defined]
    assert status.exit_code == 0, status.output
    committed = client.get(f"/api/uploads/{doc['id']}", headers=bearer(token)).json()
    assert committed["state"] == "committed"
    event = client.get("/api/events/2024-06-summer-swiss").json()
    rated = {r["id"]: r["rating"]["post"] for r in event["sections"][0]["players"]}
    # the last event of the season: the preview rated it from the same states
    assert rated == shown
    again = client.post(f"/api/uploads/{doc['id']}/commit", headers=bearer(token))
    assert again.status_code == 202 and again.json()["state"] == "committed"  # idempotent


def test_a_file_already_imported_is_previewed_as_refused(client: TestClient, token: str) -> None:
    doc = previewed(client, _upload(client, SEASON[0], bearer(token)), token)
    assert not doc["can_commit"] and "already imported" in doc["summary"]["refused"]
    response = client.post(f"/api/uploads/{doc['id']}/commit", headers=bearer(token))
    assert response.status_code == 400 and "already imported" in response.json()["error"]


def test_a_malformed_upload_is_one_line_naming_the_file(client: TestClient, token: str) -> None:
    response = client.post(
        "/api/uploads",
        files={"file": ("bad.json", b'{"format": "arpad-event/1",\n "event": ')},
        headers=bearer(token),
    )
    doc = previewed(client, response, token)
    assert doc["state"] == "failed" and not doc["can_commit"]
    assert doc["error"].startswith("bad.json:2") and "\n" not in doc["error"]
    unknown = client.post(
        "/api/uploads",
        files={"file": ("a.trf", b"x")},
        data={"player_key": "shoe-size"},
        headers=bearer(token),
    )
    assert unknown.status_code == 400 and "unknown player key" in unknown.json()["error"]


def test_delete_event_with_a_token(client: TestClient, token: str, ledger_path: str) -> None:
    response = client.delete("/api/events/2024-spring-open", headers=bearer(token))
    assert response.status_code == 200 and response.json()["deleted"] == "2024-spring-open"
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    assert "2024-spring-open" not in _events(ledger_path)


def test_bodies_over_the_limit_are_refused(client: TestClient, token: str) -> None:
    big = b"x" * 300_000
    response = client.post("/api/uploads", files={"file": ("big.trf", big)}, headers=bearer(token))
    assert response.status_code == 413 and "larger than" in response.json()["error"]


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_officer_session_with_csrf(client: TestClient, token: str, ledger_path: str) -> None:
    assert client.get("/upload", follow_redirects=False).status_code == 303  # to /login
    wrong = client.post("/login", data={"token": "arpad_nope"})
    assert wrong.status_code == 401 and "unknown or revoked" in wrong.text
    page = client.post("/login", data={"token": token})  # redirected to the upload form
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.text
    cookie = client.cookies.get("arpad_session")
    assert cookie is not None
    csrf = _csrf(page.text)
    with open(SUMMER, "rb") as handle:
        files = {"file": ("summer.json", handle.read())}
    forged = client.post("/upload", files=files, data={"csrf": "forged"})
    assert forged.status_code == 403 and "CSRF" in forged.text
    queued = client.post("/upload", files=files, data={"csrf": csrf}, follow_redirects=False)
    assert queued.status_code == 303
    preview = client.get(queued.headers["location"])
    assert preview.status_code == 200 and "Preview of" in preview.text
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    preview = client.get(queued.headers["location"])
    commits = re.findall(r'action="(/upload/[^"]+/commit)"', preview.text)
    assert len(commits) == 2  # at the top, after the summary, and at the bottom
    commit = commits[0]
    assert client.post(commit, data={}).status_code == 403  # no CSRF token
    assert "2024-06-summer-swiss" not in _events(ledger_path)
    done = client.post(commit, data={"csrf": csrf}, follow_redirects=False)
    assert done.status_code == 303
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    shown = client.get(done.headers["location"], follow_redirects=False)
    assert shown.headers["location"] == "/events/2024-06-summer-swiss"
    assert "Summer Swiss" in client.get(shown.headers["location"]).text


def test_failed_logins_are_limited(client: TestClient) -> None:
    for _ in range(10):
        assert client.post("/login", data={"token": "arpad_guess"}).status_code == 401
    assert client.post("/login", data={"token": "arpad_guess"}).status_code == 429


def test_the_failed_login_limit_holds_across_worker_processes(
    ledger_path: str, tmp_path: Path
) -> None:
    """Two apps on one ledger stand for two worker processes of ``arpad serve``: their
    failures add up to one limit (each counting its own allowed twice the limit)."""
    settings = WebSettings(db=ledger_path, work_dir=str(tmp_path / "work"), max_failed_logins=4)
    apps = [create_app(settings) for _ in range(2)]
    try:
        with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
            for attempt in range(4):
                worker = (first, second)[attempt % 2]
                assert worker.post("/login", data={"token": "arpad_guess"}).status_code == 401
            for worker in (first, second):
                assert worker.post("/login", data={"token": "arpad_guess"}).status_code == 429
    finally:
        for app in apps:
            app.state.ledger.close()


def test_preview_again_with_another_player_key(client: TestClient, token: str) -> None:
    page = client.post("/login", data={"token": token})
    csrf = _csrf(page.text)
    files = {"file": ("summer.json", SUMMER.read_bytes())}
    queued = client.post("/upload", files=files, data={"csrf": csrf}, follow_redirects=False)
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    first = client.get(queued.headers["location"])
    assert first.text.count('<tr class="matched">') > 0
    again = re.search(r'action="(/upload/[^"]+/again)"', first.text)
    assert again is not None
    moved = client.post(
        again.group(1), data={"csrf": csrf, "player_key": "name"}, follow_redirects=False
    )
    assert moved.status_code == 303
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    second = client.get(moved.headers["location"])
    assert second.status_code == 200 and "Preview of" in second.text
    # keyed by name, none of the ledger's players (keyed by US Chess ID) is recognised
    assert '<tr class="matched">' not in second.text
    assert 'value="name" selected' in second.text
    gone = client.post(again.group(1), data={"csrf": csrf, "player_key": "id"})
    assert gone.status_code == 400 and "no such upload" in gone.text


def test_a_conflict_is_refused_until_the_officer_resolves_it(
    client: TestClient, token: str, tmp_path: Path
) -> None:
    doc = json.loads(SUMMER.read_text(encoding="utf-8"))
    pid = doc["players"][0]["id"]
    doc["players"][0]["name"] = "Somebody Else"
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    first = previewed(client, _upload(client, path, bearer(token)), token)
    assert not first["can_commit"] and "keep-ledger" in first["summary"]["refused"]
    assert {p["id"]: p["identity"] for p in first["players"]["rows"]}[pid] == "conflict"
    refused = client.post(f"/api/uploads/{first['id']}/commit", headers=bearer(token))
    assert refused.status_code == 400 and "Somebody Else" in refused.json()["error"]
    with open(path, "rb") as handle:
        queued = client.post(
            "/api/uploads",
            files={"file": (path.name, handle)},
            data={"on_conflict": "keep-ledger"},
            headers=bearer(token),
        )
    second = previewed(client, queued, token)
    assert second["can_commit"], second["summary"]["refused"]
    done = client.post(f"/api/uploads/{second['id']}/commit", headers=bearer(token))
    assert done.status_code == 202
    assert client.app.state.jobs.wait().exit_code == 0  # type: ignore[attr-defined]
    assert client.get(f"/api/players/{pid}").json()["name"] != "Somebody Else"  # kept


def test_merge_and_split_need_a_token(client: TestClient, token: str) -> None:
    met = {"kept": "10000001", "merged": "10000002"}
    refused = client.post("/api/players/merge", data=met, headers=bearer(token))
    assert refused.status_code == 404 and "two players" in refused.json()["error"]
    form = {"kept": "12000001", "merged": "10000011"}  # never in one event
    assert client.post("/api/players/merge", data=form).status_code == 401
    merged = client.post("/api/players/merge", data=form, headers=bearer(token))
    assert merged.status_code == 200 and merged.json()["entries"] > 0
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    split = client.post("/api/players/split", data={"merged": "10000011"}, headers=bearer(token))
    assert split.status_code == 200
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    assert client.get("/api/players/10000011").json()["name"] == "Ivan Ito"
