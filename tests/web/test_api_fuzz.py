"""Every API parameter under hostile values (issue 23.5): each GET route of the JSON API, each
of its path and query parameters given NaN, infinities, huge and Unicode numbers, control
characters, over-long text and the like, answers a client error or a page — never a server
error (5xx) — and a write without a token is refused before any parameter is read."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

HOSTILE = [
    "nan", "inf", "-inf", "1e400", "-1", "0", "-500", "4001", "9" * 5000, "²", "١٢",
    "", " ", "\x1b[2J", "\u202e", "-", "--", "x" * 3000, "[/]", "%00", "../../etc/passwd",
    "2024-13-45", "9999-12-31", "0000-01-01", "true", "null", "'; DROP TABLE players; --",
]  # fmt: skip
"""The option fuzz's values (tests/cli/test_option_fuzz.py) and a few of the web's own."""

SAMPLE = {"system": "uscf", "pool": "regular", "player_id": "10000001"}
"""A valid value for the path parameters the hostile one is not given to."""


def _operations(client: TestClient) -> list[tuple[str, str, list[str], list[str]]]:
    """``(method, path, path parameters, query parameters)`` of every API operation, read
    from the app's own OpenAPI description (so a new route is fuzzed without a change here)."""
    spec = client.get("/openapi.json").json()
    out = []
    for path, item in spec["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, op in item.items():
            params = op.get("parameters", [])
            path_params = [p["name"] for p in params if p["in"] == "path"]
            query = [p["name"] for p in params if p["in"] == "query"]
            out.append((method.upper(), path, path_params, query))
    return out


def _url(path: str, values: dict[str, str]) -> str:
    return re.sub(r"{(\w+)(?::\w+)?}", lambda m: values.get(m.group(1), "x"), path)


def test_every_get_parameter_survives_hostile_values(client: TestClient) -> None:
    tried = 0
    for method, route, path, query in _operations(client):
        if method != "GET":
            continue
        for name in path + query:
            for value in HOSTILE:
                values = dict(SAMPLE)
                params = {}
                if name in path:
                    values[name] = quote(value, safe="")
                else:
                    params[name] = value
                response = client.get(_url(route, values), params=params)
                tried += 1
                assert response.status_code < 500, (route, name, value, response.text[:200])
    assert tried > 100  # the API has parameters to fuzz


@pytest.mark.parametrize("value", ["nan", "inf", "1e400", "-500", "x" * 3000, "\x1b[2J"])
def test_every_write_without_a_token_is_refused_whatever_its_parameters(
    client: TestClient, value: str
) -> None:
    writes = [op for op in _operations(client) if op[0] not in ("GET", "HEAD", "OPTIONS")]
    assert writes
    for method, route, path, query in writes:
        url = _url(route, dict.fromkeys(path, quote(value, safe="")))
        response = client.request(method, url, params=dict.fromkeys(query, value))
        assert response.status_code in (401, 403), (method, route, response.status_code)
