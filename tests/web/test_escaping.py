"""Every string from a file is data, never markup: hostile names (markup, quotes,
control characters, right-to-left text) on every page that shows them."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.web.app import clean
from tests.web.conftest import bearer, previewed

HOSTILE = {
    "h1": '<script>alert("x")</script>',
    "h2": "\"' onmouseover=alert(1) x='",
    "h3": "Bell\x01\x1b[31mRed\x07\x7f\u0085",
    "h4": "\u202eevil\u202c אבג دمحم",
    "h5": "</bdi><img src=x onerror=alert(1)>",
}


def _hostile_event(tmp_path: Path) -> Path:
    players = [{"id": pid, "name": name, "rating": 1500.0 + i, "games": 30}
               for i, (pid, name) in enumerate(HOSTILE.items())]  # fmt: skip
    ids = list(HOSTILE)
    games = [{"round": 1, "white": ids[0], "black": ids[1], "result": "1-0"},
             {"round": 1, "white": ids[2], "black": ids[3], "result": "1/2-1/2"},
             {"round": 2, "white": ids[4], "black": ids[0], "result": "0-1"}]  # fmt: skip
    doc = {
        "format": "arpad-event/1",
        "event": {"id": "hostile<b>&\"", "name": "<i>Evil</i> Open \u202e",
                  "end_date": "2024-07-01", "pool": "regular", "kind": "tournament"},
        "players": players,
        "games": games,
    }  # fmt: skip
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _assert_inert(html: str) -> None:
    assert "<script>" not in html and "<img" not in html and "<i>Evil" not in html
    assert "\"' onmouseover" not in html  # the quotes cannot end an attribute
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]", html)


def test_hostile_names_are_escaped_everywhere(
    client: TestClient, token: str, tmp_path: Path
) -> None:
    path = _hostile_event(tmp_path)
    client.post("/login", data={"token": token})
    form = client.get("/upload").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', form)
    assert csrf is not None
    queued = client.post(
        "/upload", files={"file": (path.name, path.read_bytes())}, data={"csrf": csrf.group(1)}
    )
    assert queued.status_code == 200
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    preview = client.get(queued.url)
    _assert_inert(preview.text)
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in preview.text
    # isolated, and the override cannot show "evil" as "live"
    assert "<bdi>\ufffdevil\ufffd אבג دمحم</bdi>" in preview.text
    assert "Bell\ufffd\ufffd[31mRed" in preview.text  # control characters made visible
    commit = re.search(r'action="(/upload/[^"]+/commit)"', preview.text)
    assert commit is not None
    done = client.post(commit.group(1), data={"csrf": csrf.group(1)}, follow_redirects=False)
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    shown = client.get(done.headers["location"], follow_redirects=False)
    assert shown.headers["location"] == "/events/hostile%3Cb%3E%26%22"
    event = client.get(shown.headers["location"])
    assert event.status_code == 200
    _assert_inert(event.text)
    assert "&lt;/bdi&gt;&lt;img src=x onerror=alert(1)&gt;" in event.text
    for url in ["/events", "/", "/lists?q=%3Cscript", "/players/h1", "/players/h4"]:
        page = client.get(url)
        assert page.status_code == 200, url
        _assert_inert(page.text)
    # the API returns the names exactly as the file gave them (JSON escapes them)
    api = client.get("/api/players/h3").json()
    assert api["name"] == HOSTILE["h3"]


@pytest.mark.parametrize("name", list(HOSTILE.values()))
def test_search_text_is_escaped(client: TestClient, name: str) -> None:
    page = client.get("/lists", params={"q": name[:100]})
    assert page.status_code == 200
    _assert_inert(page.text)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_clean_leaves_no_control_character(text: str) -> None:
    shown = clean(text)
    assert len(shown) == len(text)
    assert not re.search(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]", shown)
    for a, b in zip(shown, text, strict=True):
        assert a == b or (a == "\ufffd" and unicodedata.category(b) in ("Cc", "Cf"))


def test_upload_token_cannot_be_used_without_bearer_scheme(client: TestClient, token: str) -> None:
    response = client.post(
        "/api/uploads",
        files={"file": ("x.json", b"{}")},
        headers={"Authorization": f"Basic {token}"},
    )
    assert response.status_code == 401
    assert bearer(token)["Authorization"].startswith("Bearer arpad_")


def test_a_nul_character_is_refused_in_one_line(
    client: TestClient, token: str, tmp_path: Path
) -> None:
    """PostgreSQL cannot store NUL; the model refuses it when the file is read (D-input-3),
    so the upload is refused before anything is stored."""
    doc = json.loads(_hostile_event(tmp_path).read_text(encoding="utf-8"))
    doc["players"][2]["name"] = "Nul\x00Name"
    path = tmp_path / "nul.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    response = client.post(
        "/api/uploads", files={"file": (path.name, path.read_bytes())}, headers=bearer(token)
    )
    doc = previewed(client, response, token)
    assert doc["state"] == "failed"
    assert doc["error"] == "nul.json:1: name must not contain a NUL character"
