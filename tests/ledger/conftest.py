"""Ledger fixtures: a fresh database per test, on SQLite always and on PostgreSQL when
``ARPAD_TEST_POSTGRES_URL`` names a server (``.ci/run`` starts one on loopback)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from arpad.ledger import Ledger
from tests.conftest import EXAMPLES

POSTGRES_URL = os.environ.get("ARPAD_TEST_POSTGRES_URL")

SEASON = [
    EXAMPLES / "ledger" / "2024-02-winter-quad.json",
    EXAMPLES / "ledger" / "2024-03-thursday-swiss-late-report.json",
    EXAMPLES / "uscf-open.json",
    EXAMPLES / "ledger" / "2024-05-club-rapid.json",
    EXAMPLES / "uscf-crosstable.txt",
    EXAMPLES / "ledger" / "2024-06-summer-swiss.json",
    EXAMPLES / "ledger" / "2024-club-ladder.csv",
]
"""The bundled constructed season, in date order (the CSV holds two events)."""
LATE = EXAMPLES / "ledger" / "2024-03-thursday-swiss-late-report.json"


def _postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test, dropped afterwards."""
    if POSTGRES_URL is None:
        pytest.skip("ARPAD_TEST_POSTGRES_URL is not set (no PostgreSQL server)")
    import psycopg

    name = f"arpad_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A ledger location on each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "ledger.db")
    else:
        yield from _postgres_database()


@pytest.fixture
def sqlite_path(tmp_path: Path) -> str:
    return str(tmp_path / "ledger.db")


@pytest.fixture
def ledger(db_url: str) -> Iterator[Ledger]:
    with Ledger.open(db_url) as opened:
        yield opened
