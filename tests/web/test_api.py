"""The JSON API in process: the same numbers as the ledger's own queries, searching and
paging, and errors as one line with a 4xx status."""

from __future__ import annotations

import datetime as dt

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arpad.cli import app as cli_app
from arpad.ledger import Ledger
from arpad.model import Pool


def test_list_is_the_ledgers_list_page_by_page(client: TestClient, ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger:
        expected = ledger.rating_list("uscf", Pool.REGULAR)
    seen = []
    page = 1
    while True:
        doc = client.get("/api/lists/uscf/regular", params={"page": page}).json()
        assert doc["total"] == len(expected) and doc["size"] == 5
        seen.extend(doc["rows"])
        if page == doc["pages"]:
            break
        page += 1
    assert [(r["rank"], r["id"], r["rating"]) for r in seen] == [
        (r.rank, r.player_id, r.rating) for r in expected
    ]


def test_list_as_of_a_date(client: TestClient, ledger_path: str) -> None:
    day = dt.date(2024, 3, 31)
    with Ledger.open(ledger_path) as ledger:
        expected = ledger.rating_list("uscf", Pool.REGULAR, as_of=day)
    doc = client.get("/api/lists/uscf/regular", params={"as_of": "2024-03-31", "size": 500})
    assert [r["id"] for r in doc.json()["rows"]] == [r.player_id for r in expected]
    assert doc.json()["as_of"] == "2024-03-31"


def test_search_by_name_or_id(client: TestClient) -> None:
    by_name = client.get("/api/lists/uscf/regular", params={"q": "  aLIce "}).json()
    assert [r["name"] for r in by_name["rows"]] == ["Alice Ames"]
    by_id = client.get("/api/lists/uscf/regular", params={"q": "10000002"}).json()
    assert [r["id"] for r in by_id["rows"]] == ["10000002"]
    nobody = client.get("/api/lists/uscf/regular", params={"q": "zzz"}).json()
    assert nobody["total"] == 0 and nobody["rows"] == []


def test_player_and_event_documents(client: TestClient, ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger:
        history = ledger.history("10000001")
        sections = ledger.rated_sections("2024-spring-open", "uscf")
    player = client.get("/api/players/10000001").json()
    assert player["name"] == "Alice Ames"
    assert [h["post"] for h in player["history"]] == [h.rating.post for h in history]
    assert player["standings"][0]["system"] == "uscf"
    event = client.get("/api/events/2024-spring-open").json()
    rows = event["sections"][0]["players"]
    rated = sections[0].ratings
    assert {r["id"]: r["rating"]["post"] for r in rows} == {k: v.post for k, v in rated.items()}
    assert all(len(r["rounds"]) == 4 for r in rows)
    assert rows[0]["rounds"][0] == "W 5"  # Alice beat player 5 in round 1 (examples/uscf-open.json)


def test_estimate_is_arpad_estimate(client: TestClient) -> None:
    args = ["--rating", "1649", "--games", "40", "-p", "1700:W", "-p", "1580:D", "-p", "1812:L"]
    out = CliRunner().invoke(cli_app, ["estimate", *args]).output
    doc = client.get(
        "/api/estimate/uscf",
        params={"rating": 1649, "games": 40, "opponent": ["1700:W", "1580:D 1812:L"]},
    ).json()
    assert f"({doc['post']:.2f})" in out
    assert doc["games"] == 3 and doc["score"] == 1.5


def test_fide_estimate_is_arpad_estimate_system_fide(client: TestClient) -> None:
    """The web's FIDE estimator gives `arpad estimate --system fide`'s new rating (F-P01's
    games: 2813, K = 10, against 2400 won and 2505 drawn)."""
    args = [
        "--system",
        "fide",
        "--rating",
        "2813",
        "--reached-2400",
        "-p",
        "2400:W",
        "-p",
        "2505:D",
    ]
    out = CliRunner().invoke(cli_app, ["estimate", *args]).output
    doc = client.get(
        "/api/estimate/fide", params={"rating": 2813, "games": 40, "opponent": ["2400:W 2505:D"]}
    ).json()
    assert doc["k"] == 10 and doc["games"] == 2 and doc["score"] == 1.5
    assert f"new rating         {doc['post']:.0f}" in out


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/api/lists/uscf/bogus", 400, "unknown pool 'bogus'"),
        ("/api/lists/nosuch/regular", 400, "unknown system 'nosuch'"),
        ("/api/lists/uscf/regular?as_of=31.3.2024", 400, "as_of must be an ISO date"),
        ("/api/lists/uscf/regular?page=0", 422, "page:"),
        ("/api/lists/uscf/regular?size=100000", 400, "size must be at most 500"),
        ("/api/lists/elo/regular", 404, "does not rate with 'elo'"),
        ("/api/players/nobody", 404, "no player 'nobody'"),
        ("/api/events/nothing", 404, "no event 'nothing'"),
        ("/api/estimate/uscf?opponent=1700", 400, "RATING:RESULT"),
        ("/api/estimate/uscf?opponent=1700:W&games=3", 400, "games needs a rating"),
        (
            "/api/estimate/elo?opponent=1700:W",
            400,
            "system 'elo' has no rating estimator; these do: fide, uscf",
        ),
        ("/api/estimate/uscf", 422, "opponent:"),
        ("/api/nothing-here", 404, "Not Found"),
    ],
)
def test_bad_requests_are_one_line_errors(
    client: TestClient, url: str, status: int, message: str
) -> None:
    response = client.get(url)
    assert response.status_code == status
    body = response.json()
    assert list(body) == ["error"] and message in body["error"]
    assert "\n" not in body["error"] and "Traceback" not in body["error"]


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = set(spec["paths"])
    assert {"/api/lists/{system}/{pool}", "/api/players/{player_id}", "/api/uploads"} <= paths
    assert not any(p.startswith("/lists") for p in paths)  # pages are not API
    errors = spec["paths"]["/api/players/{player_id}"]["get"]["responses"]["404"]
    assert errors["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")


def test_pages_render_and_errors_are_pages(client: TestClient) -> None:
    for url in ["/", "/lists", "/lists?q=ali&page=2", "/players/10000001", "/events",
                "/events/2024-spring-open", "/estimate", "/status", "/login"]:  # fmt: skip
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["content-type"].startswith("text/html")
        assert "default-src 'none'" in response.headers["content-security-policy"]
    missing = client.get("/players/nobody")
    assert missing.status_code == 404 and "no player &#39;nobody&#39;" in missing.text
    bad = client.get("/estimate", params={"opponents": "1700:Q"})
    assert bad.status_code == 400 and "result must be W, D, L" in bad.text


def test_player_page_has_the_chart(client: TestClient) -> None:
    page = client.get("/players/10000001").text
    # drawn wide for screens and narrow for phones (the style sheet shows one)
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart wide"') == 1
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart narrow"') == 1
    assert page.count("<circle") == 2 * 2  # two rated events, in each drawing


def test_readers_are_served_while_a_writer_holds_its_transaction(
    client: TestClient, ledger_path: str
) -> None:
    """A long rating run writes inside open transactions; readers read the last committed
    state meanwhile (SQLite in WAL mode, PostgreSQL) instead of waiting for the writer."""
    from arpad.ledger.db import bump_generation

    with Ledger.open(ledger_path) as writer, writer.engine.begin() as conn:
        bump_generation(conn)  # the write lock, as rate-pending takes it
        for url in ["/api/players/10000001", "/api/events/2024-spring-open",
                    "/api/lists/uscf/regular?as_of=2024-05-01", "/lists?q=ames"]:  # fmt: skip
            assert client.get(url).status_code == 200, url
