"""How many queries a page asks of the ledger (issue 23: the player page ran 10 to 13, one
more per system and pool; a quarter of its time went into building them).

Every statement SQLite runs for the app is recorded through the driver's trace callback
(so the queries the web layer sends straight through the driver count too). The bounds
are the pages' designs: the player page reads the ledger's generation, then the player,
titles, current states, norms and history (five queries, whatever the player's number of
events, systems or publications); a list page reads the generation only, its list, the
systems and the official list's notice coming from the per-generation cache."""

from __future__ import annotations

import datetime as dt
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from arpad.ledger import Ledger
from arpad.model import Pool

PLAYER_QUERIES = 6
"""The generation, then the player's five (``arpad.ledger.queries.player_page``)."""
LIST_QUERIES = 1
"""The generation: the list, the systems and the latest publications are cached."""


@pytest.fixture
def statements(client: TestClient, ledger_path: str) -> Iterator[list[str]]:
    """Every SQL statement the app's ledger runs from now on (SQLite only: its driver
    reports each one)."""
    if "://" in ledger_path:
        pytest.skip("the statement trace is SQLite's (the pages' queries are the same SQL)")
    engine = client.app.state.ledger.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def trace(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(seen.append)

    event.listen(engine, "connect", trace)
    engine.dispose()  # every connection from now on is a new one, traced
    yield seen
    event.remove(engine, "connect", trace)


def _queries(seen: list[str]) -> list[str]:
    return [s for s in seen if s.lstrip().upper().startswith(("SELECT", "WITH"))]


def _count(client: TestClient, seen: list[str], url: str) -> int:
    seen.clear()
    response = client.get(url)
    assert response.status_code == 200, response.text
    return len(_queries(seen))


def _players(ledger_path: str) -> tuple[str, str]:
    """The players with the fewest and the most rated sections."""
    with Ledger.open(ledger_path) as ledger:
        counts = {r.player_id: 0 for r in ledger.rating_list("uscf", Pool.REGULAR)}
        for player in counts:
            counts[player] = len(ledger.history(player))
    ordered = sorted(counts, key=lambda p: (counts[p], p))
    return ordered[0], ordered[-1]


def _quoted(player: str) -> str:
    return urllib.parse.quote(player, safe="")


@pytest.mark.parametrize("prefix", ["/players/", "/api/players/"])
def test_a_player_page_asks_a_fixed_few_queries(
    client: TestClient, ledger_path: str, statements: list[str], prefix: str
) -> None:
    fewest, most = _players(ledger_path)
    with Ledger.open(ledger_path) as ledger:
        assert len(ledger.history(most)) >= 3 * max(1, len(ledger.history(fewest)))
    client.get(prefix + _quoted(fewest))  # the first request of a generation fills the cache
    counts = [_count(client, statements, prefix + _quoted(p)) for p in (fewest, most)]
    assert counts == [PLAYER_QUERIES, PLAYER_QUERIES], _queries(statements)


def test_published_lists_add_no_query_to_a_player_page(
    client: TestClient, ledger_path: str, statements: list[str]
) -> None:
    fewest, most = _players(ledger_path)
    with Ledger.open(ledger_path) as ledger:
        for pool in (Pool.REGULAR, Pool.QUICK):
            ledger.publish("uscf", pool, dt.date(2030, 1, 1), "test officer")
    client.get("/players/" + _quoted(fewest))  # a new generation: the cache fills again
    assert _count(client, statements, "/players/" + _quoted(most)) == PLAYER_QUERIES
    page = client.get("/players/" + _quoted(most)).text
    assert "On the official lists" in page and "version 1" in page


@pytest.mark.parametrize(
    "url",
    [
        "/lists?system=uscf&pool=regular&page=2",
        "/lists?system=uscf&pool=regular&q=a",
        "/api/lists/uscf/regular?page=2&size=3",
    ],
)
def test_a_list_page_asks_only_the_generation(
    client: TestClient, statements: list[str], url: str
) -> None:
    client.get("/lists?system=uscf&pool=regular")  # fills the cache
    assert _count(client, statements, url) == LIST_QUERIES, _queries(statements)


def test_a_write_is_seen_by_the_next_page(
    client: TestClient, ledger_path: str, statements: list[str]
) -> None:
    """The cache is per generation: a publication made meanwhile shows at once."""
    assert "nothing published yet" in client.get("/lists?system=uscf&pool=regular").text
    with Ledger.open(ledger_path) as ledger:
        ledger.publish("uscf", Pool.REGULAR, dt.date(2030, 1, 1), "test officer")
    assert _count(client, statements, "/lists?system=uscf&pool=regular") > LIST_QUERIES
    assert "version 1" in client.get("/lists?system=uscf&pool=regular").text
