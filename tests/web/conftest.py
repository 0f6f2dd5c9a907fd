"""Web fixtures: a rated ledger (the constructed season) on SQLite, and on PostgreSQL when
``ARPAD_TEST_POSTGRES_URL`` names a server; an app over it in process (FastAPI's
TestClient); and a live API token."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arpad.ledger import Ledger
from arpad.ledger.tokens import create_token
from arpad.web import WebSettings, create_app
from tests.ledger.conftest import SEASON, db_url

__all__ = ["db_url"]  # the fixture: every web test runs on each backend


@pytest.fixture
def ledger_path(db_url: str) -> str:
    path = db_url
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(SEASON[:5]).errors
        ledger.rate_pending(["uscf"])
    return path


@pytest.fixture
def token(ledger_path: str) -> str:
    with Ledger.open(ledger_path) as ledger, ledger.engine.begin() as conn:
        return create_token(conn, "test officer").token


@pytest.fixture
def client(ledger_path: str, tmp_path: Path) -> Iterator[TestClient]:
    settings = WebSettings(
        db=ledger_path, max_upload_bytes=200_000, page_size=5, work_dir=str(tmp_path / "work")
    )
    app = create_app(settings)
    with TestClient(app) as c:
        yield c
    app.state.jobs.wait()
    app.state.ledger.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def previewed(client: TestClient, response: Any, token: str) -> dict[str, Any]:
    """The preview of an upload just queued (``response`` to ``POST /api/uploads``),
    once the background job has read it."""
    assert response.status_code == 202, response.text
    upload_id = response.json()["id"]
    client.app.state.jobs.wait()  # type: ignore[attr-defined]
    doc: dict[str, Any] = client.get(f"/api/uploads/{upload_id}", headers=bearer(token)).json()
    return doc
