"""Conditional GETs (issue 23): the read pages carry an ETag made of the ledger's
generation; asked again with it, the server answers 304 until the ledger changes, and an
officer's pages (which show the session) carry none."""

from __future__ import annotations

import datetime as dt
import urllib.parse

import pytest
from fastapi.testclient import TestClient

from arpad.ledger import Ledger
from arpad.model import Pool


def _first_player(ledger_path: str) -> str:
    with Ledger.open(ledger_path) as ledger:
        return urllib.parse.quote(ledger.rating_list("uscf", Pool.REGULAR)[0].player_id, safe="")


def _urls(ledger_path: str) -> list[str]:
    player = _first_player(ledger_path)
    return [
        f"/players/{player}",
        f"/api/players/{player}",
        "/lists?system=uscf&pool=regular&page=2",
        "/api/lists/uscf/regular?size=3",
    ]


def test_a_page_asked_again_with_its_tag_is_not_sent_again(
    client: TestClient, ledger_path: str
) -> None:
    for url in _urls(ledger_path):
        first = client.get(url)
        tag = first.headers["etag"]
        assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
        again = client.get(url, headers={"If-None-Match": f'W/"other", {tag}'})
        assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
        assert client.get(url, headers={"If-None-Match": 'W/"other"'}).text == first.text


def test_a_write_to_the_ledger_changes_the_tag(client: TestClient, ledger_path: str) -> None:
    urls = _urls(ledger_path)
    tags = {url: client.get(url).headers["etag"] for url in urls}
    with Ledger.open(ledger_path) as ledger:
        ledger.publish("uscf", Pool.REGULAR, dt.date(2030, 1, 1), "test officer")
    for url in urls:
        fresh = client.get(url, headers={"If-None-Match": tags[url]})
        assert fresh.status_code == 200 and fresh.headers["etag"] != tags[url]
    assert "version 1" in client.get(urls[0]).text


def test_an_officers_pages_carry_no_tag(client: TestClient, token: str) -> None:
    assert client.post("/login", data={"token": token}).status_code == 200
    page = client.get("/lists?system=uscf&pool=regular")
    assert page.status_code == 200 and "Log out" in page.text
    assert "etag" not in page.headers


@pytest.mark.parametrize("url", ["/lists?system=nope", "/players/nobody", "/api/players/nobody"])
def test_an_error_carries_no_tag(client: TestClient, url: str) -> None:
    answer = client.get(url)
    assert answer.status_code >= 400 and "etag" not in answer.headers
