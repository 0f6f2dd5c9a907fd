"""Bulk writes on SQLite without the per-row foreign-key checks (docs/decisions.md
D-ledgerfast-1): what they write still satisfies every foreign key, and the connections
check foreign keys again afterwards."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from arpad.ledger import Ledger, schema
from arpad.ledger.bulk import bulk_transaction

from .helpers import small_season


def test_an_import_and_its_rating_leave_every_foreign_key_satisfied(sqlite_path: str) -> None:
    with Ledger.open(sqlite_path) as ledger:
        ledger.import_events(small_season(7, players=80, events=60), "season")
        ledger.rate_pending(["uscf", "elo"])
        with ledger.engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM player_states").scalar_one() > 0
            assert conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall() == []
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1


def test_foreign_keys_are_checked_again_after_a_bulk_transaction(sqlite_path: str) -> None:
    with Ledger.open(sqlite_path) as ledger:
        with bulk_transaction(ledger.engine) as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 0
        dangling = schema.games.insert().values(
            section_id=999, ordinal=0, white="a", black="b", score=1.0, rated=True
        )
        with pytest.raises(IntegrityError), ledger.engine.begin() as conn:
            conn.execute(dangling)
